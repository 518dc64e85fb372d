package game

import (
	"fmt"
	"strings"
	"testing"

	"khamsin/engine/combat"
)

// rollsAfter maps each roll after the first n of g's dice log to its
// faces, keyed by its why and how many earlier rolls had that why.
func rollsAfter(g *Game, n int) map[string]string {
	seen := map[string]int{}
	out := map[string]string{}
	for i, r := range g.Roller().Log() {
		k := fmt.Sprintf("%s#%d", r.Why, seen[r.Why])
		seen[r.Why]++
		if i >= n {
			out[k] = fmt.Sprint(r.Colored, r.White)
		}
	}
	return out
}

// branchRolls plays two branches of w that differ in their first
// command (the first and the last legal one), then random players on
// both for n commands, and counts the rolls with the same why and
// occurrence in both branches, and how many of them threw different dice.
func branchRolls(t *testing.T, w *Game, n int) (shared, differ int) {
	t.Helper()
	start := w.Roller().Len()
	legal := w.Legal()
	var bs [2]*Game
	for i, c := range []string{legal[0], legal[len(legal)-1]} {
		g := w.Clone()
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
		p := [2]Player{NewRandomPlayer(5), NewRandomPlayer(6)}
		for j := 0; j < n && !g.Over(); j++ {
			if _, err := g.Do(p[g.actor].Choose(g.Observe(g.actor))); err != nil {
				t.Fatal(err)
			}
		}
		bs[i] = g
	}
	a, b := rollsAfter(bs[0], start), rollsAfter(bs[1], start)
	for k, fa := range a {
		if fb, ok := b[k]; ok {
			shared++
			if fa != fb {
				differ++
			}
		}
	}
	return shared, differ
}

// Issue 20, common random numbers: in a lookahead world with keyed dice,
// two branches that differ by one command throw the same dice for every
// roll both make (the same why, the same occurrence); with the one stream
// of a real game's clone they fall out of step.
func TestKeyDiceCommonRandomNumbers(t *testing.T) {
	g, _ := playTo(t, "dawn", 3, 150)
	for len(g.Legal()) < 2 || g.Phase() != PhaseActivate {
		p := NewRandomPlayer(9)
		if _, err := g.Do(p.Choose(g.Observe(g.actor))); err != nil {
			t.Fatal(err)
		}
	}
	h := g.Hash()
	w := g.Clone()
	w.KeyDice(11)
	shared, differ := branchRolls(t, w, 60)
	if shared < 5 || differ != 0 {
		t.Errorf("keyed: %d rolls in both branches, %d with different dice (want many, none)", shared, differ)
	}
	shared, differ = branchRolls(t, g.Clone(), 60)
	if shared < 5 || differ == 0 {
		t.Errorf("one stream: %d rolls in both branches, %d with different dice (want some different)", shared, differ)
	}
	if g.Hash() != h || g.Roller().IsKeyed() {
		t.Error("keying a clone's dice changed the game it was cloned from")
	}
}

// ForceThrow makes the lookahead's own shot hit and knock out, or miss,
// in a keyed world only (10.8: the to-hit, then the target's save).
func TestForceThrowShot10_8(t *testing.T) {
	for stop := 100; stop < 400; stop += 10 {
		g, _ := playTo(t, "dawn", 4, stop)
		if g.Phase() != PhaseActivate {
			continue
		}
		for _, c := range g.LegalCommands() {
			if c.Verb != VerbFire {
				continue
			}
			b, _ := g.Base(c.Base)
			tg, _ := g.Base(c.Target)
			odds, err := g.Odds(b, tg)
			if err != nil || odds.KnockedOut == 0 || odds.Unharmed == 0 {
				continue
			}
			if g.ForceThrow(c.Base+" to hit "+c.Target, combat.Success) {
				t.Fatal("a real game's dice accepted a forced outcome")
			}
			for seed := uint64(0); seed < 8; seed++ {
				ko := g.Clone()
				ko.KeyDice(seed)
				ko.ForceThrow(c.Base+" to hit "+c.Target, combat.Success)
				ko.ForceThrow(c.Target+" saves, hit by "+c.Base, combat.Failure)
				if _, err := ko.Do(c.String()); err != nil {
					t.Fatal(err)
				}
				if x, _ := ko.Base(c.Target); !x.KO {
					t.Errorf("%s forced to knock out: %s still stands\n%s", c, c.Target, eventsText(ko.events[len(g.events):]))
				}
				miss := g.Clone()
				miss.KeyDice(seed)
				miss.ForceThrow(c.Base+" to hit "+c.Target, combat.Failure)
				if _, err := miss.Do(c.String()); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(eventsText(miss.events[len(g.events):]), "missed") {
					t.Errorf("%s forced to miss:\n%s", c, eventsText(miss.events[len(g.events):]))
				}
			}
			return
		}
	}
	t.Fatal("no shot with a chance both to miss and to knock out in dawn seed 4")
}
