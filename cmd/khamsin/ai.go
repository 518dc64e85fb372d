package main

import (
	"fmt"
	"io"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
)

// aiPlayer names the computer opponent in sim: "ai" (the strongest
// level), "ai1" or "ai2".
func aiPlayer(kind string) (game.Player, bool) {
	switch kind {
	case "ai":
		return ai.New(ai.MaxLevel), true
	case "ai1":
		return ai.New(1), true
	case "ai2":
		return ai.New(2), true
	}
	return nil, false
}

// gameAI is `khamsin game ai SAVE [--json] [--level N]`: the computer
// opponent plays one whole activation for the side to act (the commands
// until the side to act changes or the game ends), each command with its
// one-line reason, and rewrites SAVE atomically.
func gameAI(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game ai", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	level := fs.Int("level", ai.MaxLevel, fmt.Sprintf("strength: %d the novice (misjudges on purpose), %d the veteran", ai.MinLevel, ai.MaxLevel))
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	path, ok := oneSave(fs, pos, stderr)
	if !ok {
		return 2
	}
	if *level < ai.MinLevel || *level > ai.MaxLevel {
		fmt.Fprintf(stderr, "flag: --level: expected %d to %d, got %d\n", ai.MinLevel, ai.MaxLevel, *level)
		return 2
	}
	g, sf, err := loadSave(path)
	if err != nil {
		return fail(stderr, err)
	}
	if g.Over() {
		fmt.Fprintf(stderr, "%s: the game is over: %s\n", path, g.Result)
		return 1
	}
	p := ai.New(*level)
	actor := g.Actor
	side := g.Sides[actor].ID
	type step struct {
		Command string       `json:"command"`
		Reason  string       `json:"reason"`
		Events  []game.Event `json:"events"`
	}
	steps := []step{}
	for n := 0; n < game.MaxSimCommands && !g.Over() && g.Actor == actor; n++ {
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		c, why := p.Decide(g.Observe(actor))
		evs, err := g.Do(c)
		if err != nil {
			return fail(stderr, fmt.Errorf("%s: the computer opponent chose %q: %v", path, c, err))
		}
		steps = append(steps, step{Command: c, Reason: why, Events: visibleEvents(g, evs, actor)})
	}
	if err := fileio.WriteFile(path, g.Save(sf.Scenario), 0o644); err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, map[string]any{"ok": true, "side": side, "level": *level, "commands": steps, "hash": g.Hash()})
		return 0
	}
	for _, s := range steps {
		fmt.Fprintf(stdout, "%s: %s  # %s\n", side, s.Command, s.Reason)
		for _, e := range s.Events {
			fmt.Fprintf(stdout, "  %s\n", e)
		}
	}
	return 0
}
