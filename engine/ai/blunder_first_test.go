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
