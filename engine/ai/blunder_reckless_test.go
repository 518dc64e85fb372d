package ai

import (
	"testing"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// moveEnd is where a move command would take its base, and whether it is
// a move.
func moveEnd(t *testing.T, o *game.Observation, cmd string) (string, hexmap.Hex, bool) {
	t.Helper()
	c, err := game.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if c.Verb != game.VerbMove {
		return "", hexmap.Hex{}, false
	}
	h, err := o.Map().HexOf(c.Hex)
	if err != nil {
		t.Fatal(err)
	}
	return c.Base, h, true
}

// Issue 20 (suicidal moves): the careful player saw unescorted armoured
// cars driven 20 hexes into the enemy's position on turn 1. A lone
// reconnaissance car (testdata/blunder/recce.toml) ends its move more
// than 6 hexes from every enemy it knows of; the veteran without the
// lesson (W.Reckless 0) drives it in.
func TestBlunderNoLoneRecceDeep(t *testing.T) {
	asked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g := toActivation(t, "testdata/blunder/recce.toml", seed)
		if g.Actor() != 0 {
			continue // the Italians act first
		}
		asked++
		o := g.Observe(0)
		k := New(2).know(o)
		if len(k.enemy) == 0 {
			t.Fatalf("seed %d: the British see no enemy", seed)
		}
		bold := New(2)
		bold.W.Reckless = 0
		bc, _ := bold.Decide(o)
		if _, h, ok := moveEnd(t, o, bc); !ok || k.nearestEnemy(h) > 6 {
			t.Fatalf("seed %d: the position sets no trap: without the lesson the veteran gives %q", seed, bc)
		}
		cmd, why := New(2).Decide(o)
		t.Logf("seed %d: before %q; now %q (%s)", seed, bc, cmd, why)
		if _, h, ok := moveEnd(t, o, cmd); ok && k.nearestEnemy(h) <= 6 {
			t.Errorf("seed %d: the lone armoured car goes %d hexes from the enemy: %q (%s)", seed, k.nearestEnemy(h), cmd, why)
		}
	}
	if asked == 0 {
		t.Fatal("the British never acted first")
	}
}
