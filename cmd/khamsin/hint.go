package main

import (
	"fmt"
	"io"

	"khamsin/engine/ai"
)

// gameHint is `khamsin game hint SAVE [--as SIDE] [--json]`: what the
// expert would do next for the side to act, and why, with its two best
// alternatives (issue 20, "Teach the player"). It decides from that
// side's Observation only, as the expert always does, and only reads
// SAVE: the save is left byte for byte as it was. --as names the side
// asking; the expert can advise only the side to act (only it has
// commands), so another side is told whose turn it is.
func gameHint(args []string, stdout, stderr io.Writer) int {
	g, side, asJSON, code := saveArgs("game hint", "the side asking (default: the side to act)", args, stderr)
	if g == nil {
		return code
	}
	if g.Over() {
		fmt.Fprintf(stderr, "the game is over: %s\n", g.Result())
		return 1
	}
	actor := g.Actor()
	if side >= 0 && side != actor {
		msg := fmt.Sprintf("%s is not to act: %s is, so there is nothing to advise %s yet", g.Side(side).ID, g.Side(actor).ID, g.Side(side).ID)
		if asJSON {
			writeJSON(stdout, map[string]any{"ok": true, "side": g.Side(side).ID, "to_act": false, "hint": msg})
			return 0
		}
		fmt.Fprintln(stdout, msg)
		return 0
	}
	// the expert thinks on a clone's observation: the loaded game stays as read
	o := g.Clone().Observe(actor)
	x := decide(ai.NewDecider(ai.ExpertLevel), o)
	if asJSON {
		writeJSON(stdout, map[string]any{"ok": true, "side": g.Side(actor).ID, "to_act": true, "command": x.Command, "reason": x.Reason, "alternatives": x.Alternatives})
		return 0
	}
	fmt.Fprintf(stdout, "hint for %s: %s\n  why: %s\n", g.Side(actor).ID, x.Command, ai.Readable(x.Reason))
	for i, a := range x.Alternatives {
		fmt.Fprintf(stdout, "  alternative %d: %s  # %s\n", i+1, a.Command, a.Words)
	}
	return 0
}
