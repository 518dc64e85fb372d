package ai

import (
	"strings"
	"testing"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// supportGame plays scn with the AI on both sides for at most steps
// commands and hands each fire-support command, parsed, to check with
// the game as it stood before the command.
func supportGame(t *testing.T, scn string, seed uint64, steps int, check func(g *game.Game, cmd game.Command, why string)) {
	t.Helper()
	g := newGame(t, loadScn(t, scn), seed)
	ps := [2]*Player{New(2), New(2)}
	for i := 0; i < steps && !g.Over(); i++ {
		cmd, why := ps[g.Actor()].Decide(g.Observe(g.Actor()))
		c, err := game.ParseCommand(cmd)
		if err != nil {
			t.Fatalf("step %d: %q: %v", i, cmd, err)
		}
		switch c.Verb {
		case game.VerbCall, game.VerbAdjust, game.VerbRange, game.VerbFFE, game.VerbDesignate, game.VerbStrike:
			check(g, c, why)
		}
		if _, err := g.Do(cmd); err != nil {
			t.Fatalf("step %d: %q: %v", i, cmd, err)
		}
	}
}

// ownInRadius: a base of side (not carried) within r of h, in side's view.
func ownInRadius(t *testing.T, g *game.Game, side int, h hexmap.Hex, r int) (string, bool) {
	v := g.ViewAs(side)
	for _, b := range v.Bases {
		if b.Side != v.As {
			continue
		}
		skip := false
		for _, s := range b.Status {
			switch s {
			case "carried", "knocked-out", "routed", "surrendered", "destroyed":
				// not on the map: carried, or its unit has left the battle
				skip = true
			}
		}
		bh, err := g.Map.Hex(b.Hex)
		if err != nil || skip {
			continue
		}
		if hexmap.Distance(bh, h) <= r {
			return b.ID, true
		}
	}
	return "", false
}

// §10.15–.18 (docs/ai.md, issue 11): the AI calls its batteries onto a
// seen enemy, ranges and fires for effect, and never onto its own bases:
// every base in the FFE radius is attacked, friend or foe.
func TestAICallsArtillery10_15(t *testing.T) {
	calls, ffes := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		supportGame(t, "../game/testdata/artillery.toml", seed, 400, func(g *game.Game, cmd game.Command, why string) {
			side := g.Actor()
			v := g.ViewAs(side)
			var bt game.BatteryView
			var aim string
			switch cmd.Verb {
			case game.VerbCall, game.VerbAdjust:
				aim = cmd.Hex.String()
				bt = findBattery(v, cmd.Target)
				if cmd.Verb == game.VerbCall {
					calls++
				}
			case game.VerbRange, game.VerbFFE:
				bt = findBattery(v, cmd.Target)
				aim = bt.Aim
				if cmd.Verb == game.VerbFFE {
					ffes++
				}
			default:
				return
			}
			if !strings.Contains(why, "§10.1") {
				t.Errorf("%q: reason %q cites no rule", cmd, why)
			}
			h, err := g.Map.Hex(aim)
			if err != nil {
				t.Fatalf("%q: aim %q: %v", cmd, aim, err)
			}
			if id, in := ownInRadius(t, g, side, h, bt.Radius); in {
				t.Errorf("seed %d: %q puts our own %s in the %d-hex FFE radius", seed, cmd, id, bt.Radius)
			}
			// A seen enemy base or contact marker in the radius.
			seen := false
			for _, b := range v.Bases {
				if bh, err := g.Map.Hex(b.Hex); err == nil && b.Side != v.As && hexmap.Distance(bh, h) <= bt.Radius {
					seen = true
				}
			}
			for _, c := range v.Contacts {
				if ch, err := g.Map.Hex(c.Hex); err == nil && c.Side != v.As && hexmap.Distance(ch, h) <= bt.Radius {
					seen = true
				}
			}
			if !seen {
				t.Errorf("seed %d: %q aims at %s with no enemy seen within %d", seed, cmd, aim, bt.Radius)
			}
		})
	}
	t.Logf("%d calls, %d fires for effect", calls, ffes)
	if calls == 0 || ffes == 0 {
		t.Errorf("over 3 games: %d calls, %d fires for effect; want some of each", calls, ffes)
	}
}

func findBattery(v game.View, id string) game.BatteryView {
	for _, b := range v.Batteries {
		if b.ID == id && b.Side == v.As {
			return b
		}
	}
	return game.BatteryView{}
}

// 14.9 (docs/ai.md): the AI sends its ready sorties at what it sees, and
// a FAC designates the target first when one can.
func TestAIStrikesWithSorties14_9(t *testing.T) {
	strikes, designates := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		supportGame(t, "../game/testdata/air.toml", seed, 300, func(g *game.Game, cmd game.Command, why string) {
			switch cmd.Verb {
			case game.VerbStrike:
				strikes++
			case game.VerbDesignate:
				designates++
			default:
				return
			}
			if !strings.Contains(why, "14.9") {
				t.Errorf("%q: reason %q cites no rule", cmd, why)
			}
		})
	}
	if strikes == 0 {
		t.Errorf("over 3 games no sortie struck (%d designations)", designates)
	}
	t.Logf("%d strikes, %d designations", strikes, designates)
}
