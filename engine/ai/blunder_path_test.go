package ai

import (
	"testing"

	"khamsin/engine/game"
)

// toActivation plays the Challenge and first-player phases of a fresh
// game of scn with the veteran on both sides and returns the game at its
// first activation.
func toActivation(t *testing.T, scn string, seed uint64) *game.Game {
	t.Helper()
	g := newGame(t, loadScn(t, scn), seed)
	p := New(2)
	for i := 0; i < 100 && !g.Over() && g.Phase() != game.PhaseActivate; i++ {
		if _, err := g.Do(p.Choose(g.Observe(g.Actor()))); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != game.PhaseActivate {
		t.Fatal("no activation phase reached")
	}
	return g
}

// moveRisk is the chance the path of a move command throws a check that
// stops the vehicle (3.31, 7.31), as the veteran's own pathRisk reads
// PreviewMove; 0 for any other command.
func moveRisk(t *testing.T, o *game.Observation, cmd string) float64 {
	t.Helper()
	c, err := game.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if c.Verb != game.VerbMove {
		return 0
	}
	k := New(2).know(o)
	h, err := o.Map().HexOf(c.Hex)
	if err != nil {
		t.Fatal(err)
	}
	stop, _ := k.pathRisk(k.byID[c.Base], h)
	return stop
}

// 7.31 (issue 20, paths not destinations): a Crusader west of a soft-sand
// patch on the way to the objective. Its least-cost path to the hexes
// straight beyond crosses the patch's edge, each hex entered a Sand Bog
// DR; the veteran prices the whole path (PreviewMove) and goes round,
// where a scorer that looks only at the destination drives through.
func TestBlunderPathBogRisk7_31(t *testing.T) {
	g := toActivation(t, "testdata/blunder/sand.toml", 1)
	o := g.Observe(g.Actor())

	blind := New(2)
	blind.W.PathRisk = 0 // the destination-only pricing of before
	bc, _ := blind.Decide(o)
	if r := moveRisk(t, o, bc); r < 0.12 {
		t.Fatalf("the position sets no trap: pricing only the destination picks %q, %.0f %% to bog on the way", bc, 100*r)
	}

	vc, why := New(2).Decide(o)
	c, _ := game.ParseCommand(vc)
	if c.Verb != game.VerbMove {
		t.Fatalf("the veteran gives %q (%s), not a move toward the objective", vc, why)
	}
	if r := moveRisk(t, o, vc); r > 0.08 {
		t.Errorf("the veteran drives %q: %.0f %% to bog or be immobilized on the way (%s)", vc, 100*r, why)
	}
}
