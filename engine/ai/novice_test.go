package ai

import (
	"testing"

	"khamsin/engine/game"
)

// The novice's weights follow its role in the scenario (issue 20): the
// attacker of an all-out attack or hasty defence (the side that must
// take the objectives; scenario types of 7.1 step 10) plays the Attack set, the defender the
// novice's own W, either side of an encounter the Encounter set. The
// veteran plays W in every role.
func TestNoviceWeightsByRole(t *testing.T) {
	for _, name := range shipped {
		s := loadScn(t, name)
		g := newGame(t, s, 1)
		for side := 0; side < 2; side++ {
			o := g.Observe(side)
			nov := New(1)
			want, role := &nov.W, "defender"
			switch {
			case s.Type != "all-out-attack" && s.Type != "hasty-defence" || s.Attacker == "":
				want, role = nov.Encounter, "no attacker"
			case s.Attacker == s.Sides[side].ID:
				want, role = nov.Attack, "attacker"
			}
			if got := nov.weightsFor(o); got != want {
				t.Errorf("%s %s (%s): the novice plays the wrong weight set", name, s.Sides[side].ID, role)
			}
			vet := New(2)
			if got := vet.weightsFor(o); got != &vet.W {
				t.Errorf("%s %s: the veteran plays another set than its W", name, s.Sides[side].ID)
			}
		}
	}
	// the role's set lasts one decision: W is the novice's own after it
	nov := New(1)
	g := newGame(t, loadScn(t, "dawn"), 1)
	for n := 0; n < 40 && !g.Over(); n++ {
		c, _ := nov.Decide(g.Observe(g.Actor()))
		if nov.W != DefaultWeights(1) {
			t.Fatalf("step %d: the novice's W changed to its role's set", n)
		}
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
}

// winsAgainstDefer plays scn with p as side against a side that only
// defers and says whether p won.
func winsAgainstDefer(t *testing.T, scn string, side int, seed uint64, p *Player) bool {
	t.Helper()
	var ps [2]game.Player
	ps[side], ps[1-side] = p, game.DeferPlayer{}
	return play(t, loadScn(t, scn), seed, ps) == side
}
