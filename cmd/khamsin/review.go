package main

import (
	"fmt"
	"io"

	"khamsin/engine/review"
	"khamsin/engine/scenario"
)

// gameReview is `khamsin game review SAVE [--json]` (issue 20): after a
// game, the turning points, each side's Break Point and losses by turn,
// and each side's three costliest decisions with the alternative. It
// refuses a game that is not over: the review reads both sides' hidden
// units and the computer's reasons, which no player may see before the
// end (the refusal says so, exit 1).
func gameReview(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game review", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	path, ok := oneSave(fs, pos, stderr)
	if !ok {
		return 2
	}
	g, sf, err := loadSave(path)
	if err != nil {
		return fail(stderr, err)
	}
	if !g.Over() {
		return fail(stderr, fmt.Errorf("%s:%d: %w (turn %d, %s to act): a review shows both sides' hidden units and reasons, so it waits for the end; play on, or read your side with game show --as SIDE",
			path, sf.Lines, review.ErrNotOver, g.Turn(), g.Side(g.Actor()).ID))
	}
	s, err := scenario.Load(sf.Scenario)
	if err != nil {
		return fail(stderr, fmt.Errorf("%s:%d: %v", path, sf.ScenarioLine, err))
	}
	r, err := review.Run(sf, s, review.Material{})
	if err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, r)
		return 0
	}
	r.WriteText(stdout)
	return 0
}
