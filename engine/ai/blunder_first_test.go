package ai

import (
	"strings"
	"testing"

	"khamsin/engine/game"
)

// 16.12, 7.1 (issue 20): at its last Break Point marker, with enemy
// tanks next to its guns, the defender that wins the initiative
// activates first; letting the attacker go first let the Crusaders shoot
// the marker away before the 47/32s answered (testdata/blunder/
// laststand.toml). Over the seeds where the Italians win the initiative.
func TestBlunderLastStandGoesFirst16_12(t *testing.T) {
	asked := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := newGame(t, loadScn(t, "testdata/blunder/laststand.toml"), seed)
		p := New(2)
		for i := 0; i < 20 && !g.Over() && g.Phase() != game.PhaseFirst; i++ {
			if _, err := g.Do(p.Choose(g.Observe(g.Actor()))); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase() != game.PhaseFirst || g.Actor() != 1 {
			continue // the British won the initiative: they choose
		}
		asked++
		if bp := g.ViewAs(1).BreakPoint["axis"]; bp != 1 {
			t.Fatalf("seed %d: the Italians have %d markers, want 1", seed, bp)
		}
		cmd, why := New(2).Decide(g.Observe(1))
		if cmd != "first axis" {
			t.Errorf("seed %d: the Italians at their last marker with Crusaders adjacent give %q (%s)", seed, cmd, why)
		}
		if !strings.Contains(why, "16.12") {
			t.Errorf("seed %d: reason %q cites no rule", seed, why)
		}
	}
	if asked == 0 {
		t.Fatal("the Italians never won the initiative over 12 seeds")
	}
}

// firstTrap is the first seed from lo to hi whose run returns something
// (the blunder a lesson exists to stop, made without it), and what it
// returned; 0 if none. Whole-game trap tests find their position so: a
// fixed seed stops setting the trap whenever a rule or a lesson changes
// the games' paths.
func firstTrap(lo, hi uint64, run func(seed uint64) []string) (uint64, []string) {
	for seed := lo; seed <= hi; seed++ {
		if bad := run(seed); len(bad) > 0 {
			return seed, bad
		}
	}
	return 0, nil
}
