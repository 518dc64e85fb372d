package ai

import (
	"testing"

	"khamsin/engine/game"
)

// challengeRound plays the Challenge phase of turn 1 with players ps
// (7.1 step 4) and returns the side's view when it is over.
func challengeRound(t *testing.T, scn string, seed uint64, ps [2]*Player) *game.Game {
	t.Helper()
	g := newGame(t, loadScn(t, scn), seed)
	for i := 0; i < 200 && !g.Over() && g.Phase() == game.PhaseChallenge; i++ {
		if _, err := g.Do(ps[g.Actor()].Choose(g.Observe(g.Actor()))); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// onChallenge counts the side's units on Challenge, AA units (a base
// with AAF 2 or more, 10.24) apart, and its combat units in play.
func onChallenge(g *game.Game, side int) (on, units int) {
	v := g.ViewAs(side)
	k := New(2).know(g.Observe(side))
	for _, u := range v.Units {
		if u.Side != v.As || k.unitGone(u.ID) || !k.isCombat(u.ID) {
			continue
		}
		units++
		if k.unitHas(u.ID, "challenge") && !k.aaUnit(u.ID) {
			on++
		}
	}
	return
}

// 7.1 step 4 (issue 20, Challenge all or nothing): the defender's
// veteran keeps most of its units free to act. Every unit on Challenge
// reacts to an enemy move into its sights and is activated by it, so ten
// units on Challenge let one tank moving one hex draw eleven reactions
// and use up the battalion's activations. At most a third of the
// defender's combat units go on Challenge (the best fields of fire).
func TestBlunderSelectiveChallenge7_1(t *testing.T) {
	for _, tc := range []struct {
		scn  string
		side int // the defender
	}{{"defence", 1}, {"dust", 1}, {"dawn", 0}} {
		// (the trap: dawn's British put all ten units on Challenge before)
		s := loadScn(t, tc.scn)
		if s.Attacker == "" || s.Sides[tc.side].ID == s.Attacker {
			t.Fatalf("%s: side %d is not the defender", tc.scn, tc.side)
		}
		all := New(2)
		all.W.ChallengeShare = 0 // the veteran of before: every unit near the enemy
		g0 := challengeRound(t, tc.scn, 1, [2]*Player{all, all})
		before, units := onChallenge(g0, tc.side)

		g := challengeRound(t, tc.scn, 1, [2]*Player{New(2), New(2)})
		on, _ := onChallenge(g, tc.side)
		limit := (units + 2) / 3
		if limit < 2 {
			limit = 2
		}
		t.Logf("%s: %d of %d units on Challenge (%d without the limit)", tc.scn, on, units, before)
		if tc.scn == "dawn" && before <= limit {
			t.Errorf("dawn: the position sets no trap: %d units on Challenge without the limit", before)
		}
		if on > limit {
			t.Errorf("%s: %d of the defender's %d combat units on Challenge; at most %d", tc.scn, on, units, limit)
		}
	}
}

// 10.24 (issue 20): AA fire is made only by units on Challenge, so the
// veteran puts its AA guns on Challenge when an enemy sortie is due this
// turn (the scenario's air list is public: the briefing names it). On
// testdata/air.toml the Stukas (S1) attack from turn 1 and the British
// Bofors troop A4 must be waiting for them.
func TestBlunderAAOnChallenge10_24(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		g := challengeRound(t, "../game/testdata/air.toml", seed, [2]*Player{New(2), New(2)})
		k := New(2).know(g.Observe(0))
		if !k.unitHas("A4", "challenge") {
			t.Errorf("seed %d: the Bofors troop A4 is not on Challenge with the Stukas due on turn 1", seed)
		}
	}
}
