package main

import (
	"fmt"
	"io"

	"khamsin/engine/ai"
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
	type step struct {
		Command string       `json:"command"`
		Reason  string       `json:"reason"`
		Events  []game.Event `json:"events"`
	}
	steps := []step{}
	side := ""
	var g *game.Game
	// Under the save's lock, as game do (issue 17, hardening 1).
	err := updateSave(path, func(gg *game.Game, sf *game.SaveFile) error {
		if gg.Over() {
			return fmt.Errorf("%s:%d: the game is over: %s", path, sf.Lines, gg.Result())
		}
		p := ai.New(*level)
		actor := gg.Actor()
		side = gg.Side(actor).ID
		for n := 0; n < game.MaxSimCommands && !gg.Over() && gg.Actor() == actor; n++ {
			if len(gg.Legal()) == 0 {
				break
			}
			c, why := p.Decide(gg.Observe(actor))
			_, err := gg.DoWhy(c, why) // the reason is kept in the save
			if err != nil {
				return fmt.Errorf("%s:%d: the computer opponent chose %q: %v", path, sf.Lines+1, c, err)
			}
			steps = append(steps, step{Command: c, Reason: why, Events: gg.Observe(actor).Latest()})
		}
		g = gg
		return nil
	})
	if err != nil {
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
