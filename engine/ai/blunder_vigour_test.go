package ai

import (
	"testing"

	"khamsin/engine/game"
)

// openedUnit is the unit whose activation cmd opens (its base's unit).
func openedUnit(t *testing.T, o *game.Observation, cmd string) (string, game.Verb) {
	t.Helper()
	c, err := game.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if c.Base == "" {
		return c.Unit, c.Verb
	}
	return unitOf(c.Base), c.Verb
}

// 16.12 (issue 20: damaged units pushed forward while healthy ones hung
// back): dust's British attack, first activation. The unit the veteran
// sends forward first is then marked Weakened (as by losses, 16.12); the
// veteran without the lesson (W.Vigour 0) still sends it first, the
// veteran sends a whole unit instead.
func TestBlunderDamagedUnitsDoNotLead16_12(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		g := toActivation(t, "dust", seed)
		o := g.Observe(g.Actor())
		first, verb := openedUnit(t, o, mustDecide(New(2), o))
		if verb != game.VerbMove {
			t.Fatalf("seed %d: the first activation is %s, not a move", seed, verb)
		}
		// damage it: the unit Weakened (as by losses, 16.12)
		var hit bool
		for _, bv := range o.View().Bases {
			if bv.Unit == first && !hit {
				b, ok := g.Base(bv.ID)
				if !ok {
					t.Fatalf("no base %s", bv.ID)
				}
				b.Unit.Weakened, hit = true, true
			}
		}
		o = g.Observe(g.Actor())
		blind := New(2)
		blind.W.Vigour = 0
		if u, _ := openedUnit(t, o, mustDecide(blind, o)); u != first {
			t.Fatalf("seed %d: no trap: without the lesson the veteran sends %s, not the damaged %s", seed, u, first)
		}
		cmd, why := New(2).Decide(o)
		if u, _ := openedUnit(t, o, cmd); u == first {
			t.Errorf("seed %d: the veteran sends the damaged %s forward first: %q (%s)", seed, first, cmd, why)
		}
	}
}

func mustDecide(p *Player, o *game.Observation) string {
	c, _ := p.Decide(o)
	return c
}
