package main

import (
	"fmt"
	"io"

	"khamsin/engine/ai"
	"khamsin/engine/game"
)

// aiPlayer names the computer opponent in sim: "ai" (the strongest
// level, the expert), "ai1", "ai2" or "ai3".
func aiPlayer(kind string) (game.Player, bool) {
	switch kind {
	case "ai":
		return ai.NewLevel(ai.Strongest), true
	case "ai1":
		return ai.NewLevel(1), true
	case "ai2":
		return ai.NewLevel(2), true
	case "ai3":
		return ai.NewLevel(3), true
	}
	return nil, false
}

// explained is one decision with the options the expert weighed (none
// below level 3, or when there was only one sensible option).
type explained struct {
	Command      string       `json:"command"`
	Reason       string       `json:"reason"`
	Events       []game.Event `json:"events"`
	Alternatives []ai.Option  `json:"alternatives,omitempty"`
}

// decide asks p for the side's next command and, from the expert, the
// two best alternatives it weighed.
func decide(p ai.Decider, o *game.Observation) explained {
	c, why := p.Decide(o)
	return explained{Command: c, Reason: why, Alternatives: ai.Alternatives(p, c, 2)}
}

// printExplained prints a decision and its alternatives in plain words.
func printExplained(w io.Writer, side string, x explained, explain bool) {
	fmt.Fprintf(w, "%s: %s  # %s\n", side, x.Command, ai.Readable(x.Reason))
	if !explain {
		return
	}
	if len(x.Alternatives) == 0 {
		fmt.Fprintln(w, "  no alternative weighed: in the Challenge phase, below level 3, or with one sensible command, the veteran's judgement decides")
	}
	for i, a := range x.Alternatives {
		fmt.Fprintf(w, "  alternative %d: %s  # %s\n", i+1, a.Command, a.Words)
	}
}

// gameAI is `khamsin game ai SAVE [--json] [--level N] [--explain]`: the
// computer opponent plays one whole activation for the side to act (the
// commands until the side to act changes or the game ends), each command
// with its one-line reason (and with --explain, at level 3, the two best
// alternatives it weighed and their expected outcomes), and rewrites SAVE
// atomically.
func gameAI(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game ai", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	level := fs.Int("level", ai.Strongest, fmt.Sprintf("strength: %d the novice (misjudges on purpose), 2 the veteran, %d the expert (looks ahead)", ai.MinLevel, ai.ExpertLevel))
	explain := fs.Bool("explain", false, "print the two best alternatives of each command and their expected outcomes")
	as := fs.String("as", "", "print only what this side may read: the player facing the computer (its commands, reasons and hidden moves stay hidden)")
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	asGiven, ok := asFlag(fs, *as, "leave --as out to read the computer's own side", stderr)
	if !ok {
		return 2
	}
	path, ok := oneSave(fs, pos, stderr)
	if !ok {
		return 2
	}
	if *level < ai.MinLevel || *level > ai.ExpertLevel {
		fmt.Fprintf(stderr, "flag: --level: expected %d to %d, got %d\n", ai.MinLevel, ai.ExpertLevel, *level)
		return 2
	}
	steps := []explained{}
	side := ""
	reader := -1 // the side reading the output, when --as names the computer's enemy
	var seen []game.Event
	var g *game.Game
	// Under the save's lock, as game do (issue 17, hardening 1).
	err := updateSave(path, func(gg *game.Game, sf *game.SaveFile) error {
		if gg.Over() {
			return fmt.Errorf("%s:%d: the game is over: %s", path, sf.Lines, gg.Result())
		}
		p := ai.NewDecider(*level)
		actor := gg.Actor()
		side = gg.Side(actor).ID
		if asGiven {
			si, err := sideFlag(gg, *as)
			if err != nil {
				return usageError{err}
			}
			if si != actor {
				reader = si
			}
		}
		for n := 0; n < game.MaxSimCommands && !gg.Over() && gg.Actor() == actor; n++ {
			if len(gg.Legal()) == 0 {
				break
			}
			x := decide(p, gg.Observe(actor))
			_, err := gg.DoWhy(x.Command, x.Reason) // the reason is kept in the save
			if err != nil {
				return fmt.Errorf("%s:%d: the computer opponent chose %q: %v", path, sf.Lines+1, x.Command, err)
			}
			x.Events = gg.Observe(actor).Latest()
			if reader >= 0 {
				seen = append(seen, gg.Observe(reader).Latest()...)
			}
			if !*explain {
				x.Alternatives = nil
			}
			steps = append(steps, x)
		}
		g = gg
		return nil
	})
	if u, ok := err.(usageError); ok {
		fmt.Fprintln(stderr, u.err)
		return 2
	}
	if err != nil {
		return fail(stderr, err)
	}
	if reader >= 0 {
		// the computer's enemy reads only its own log's new lines: not the
		// commands, reasons or alternatives, which name hidden bases
		if seen == nil {
			seen = []game.Event{}
		}
		if *asJSON {
			writeJSON(stdout, map[string]any{"ok": true, "side": side, "level": *level, "as": g.Side(reader).ID, "commands": len(steps), "events": seen, "hash": g.Hash()})
			return 0
		}
		fmt.Fprintf(stdout, "%s played %d %s; as %s you read:\n", side, len(steps), map[bool]string{true: "command", false: "commands"}[len(steps) == 1], g.Side(reader).ID)
		for _, e := range seen {
			fmt.Fprintf(stdout, "  %s\n", e)
		}
		return 0
	}
	if *asJSON {
		writeJSON(stdout, map[string]any{"ok": true, "side": side, "level": *level, "commands": steps, "hash": g.Hash()})
		return 0
	}
	for _, s := range steps {
		printExplained(stdout, side, s, *explain)
		for _, e := range s.Events {
			fmt.Fprintf(stdout, "  %s\n", e)
		}
	}
	return 0
}

// usageError is a flag's mistake found only once the save is read (an
// --as side the scenario does not have): exit 2, as any flag error.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
