package ai

import (
	"math"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/game"
)

// Issue 20, third pass: the expert plays its own shot once per outcome
// (10.8: missed or saved, pinned, knocked out), weighed by the exact odds
// of ShotOdds, and each branch, played on a keyed sample, has the outcome
// it was weighed for.
func TestExpertShotBranchesFollowTheOdds10_8(t *testing.T) {
	e := NewExpert()
	checked := 0
	for _, g := range expertPositions(t, "dawn", 3, 3, 60) {
		o := g.Observe(g.Actor())
		if !o.ToAct() {
			continue
		}
		for _, c := range o.Legal() {
			if verbOf(c) != game.VerbFire {
				continue
			}
			cmd, _ := game.ParseCommand(c)
			odds, err := o.ShotOdds(cmd.Base, cmd.Target)
			if err != nil || odds.Blocked != "" || odds.KnockedOut == 0 {
				continue
			}
			brs := e.branches(o, c)
			sum, ko := 0.0, 0.0
			for _, br := range brs {
				sum += br.w
				w := o.Sample(7)
				w.KeyDice(7)
				for _, f := range br.force {
					w.ForceThrow(f.why, f.band)
				}
				if _, err := w.Do(c); err != nil {
					t.Fatal(err)
				}
				b, _ := w.Base(cmd.Target)
				if b.KO {
					ko += br.w
				}
				if want := len(br.force) == 2 && br.force[1].band == combat.Failure; b.KO != want { // the save failed
					t.Errorf("turn %d %s: branch %v (weight %.2f) left the target knocked out %v", g.Turn(), c, br.force, br.w, b.KO)
				}
			}
			if math.Abs(sum-1) > 1e-9 || math.Abs(ko-odds.KnockedOut) > 1e-9 {
				t.Errorf("turn %d %s: branch weights sum to %.3f, knock-out %.3f (odds %.3f)", g.Turn(), c, sum, ko, odds.KnockedOut)
			}
			checked++
			break
		}
		if checked >= 5 {
			break
		}
	}
	if checked == 0 {
		t.Fatal("no shot with a chance to knock out in the positions")
	}
}
