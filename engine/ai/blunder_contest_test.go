package ai

import (
	"testing"

	"khamsin/hexmap"
)

// 16.11, 16.12 (issue 20, play-test: escarpment's last turn): one Break
// Point marker left, the hairpin (value 1) held by three Matildas inside
// its 2-hex radius against two German sections, a Panzer III Zug 4-5
// hexes off. A British majority there at the turn's end takes the last
// marker; the Germans deferred their last Orders and lost on the count.
// Without the lesson (W.Contest 0) the veteran throws smoke grenades; the
// veteran and the expert send a base into the radius
// (testdata/blunder/lastturn.toml, a one-turn game).
func TestBlunderLastTurnContest16_11(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		g := newGame(t, loadScn(t, "testdata/blunder/lastturn.toml"), seed)
		o := toSide(t, g, 1)
		if bp := o.View().BreakPoint["axis"]; bp != 1 {
			t.Fatalf("seed %d: the Germans have %d markers, want 1", seed, bp)
		}
		x, err := o.Map().Hex("28V5")
		if err != nil {
			t.Fatal(err)
		}
		contests := func(cmd string) bool {
			_, h, ok := moveEnd(t, o, cmd)
			return ok && hexmap.Distance(h, x) <= 2
		}
		old := New(2)
		old.W.Contest = 0
		if c, why := old.Decide(o); contests(c) {
			t.Fatalf("seed %d: the position sets no trap: without the lesson the veteran gives %q (%s)", seed, c, why)
		}
		ds := deciders()
		for _, name := range deciderNames {
			if c, why := ds[name].Decide(o); !contests(c) {
				t.Errorf("seed %d: at its last marker in the last turn the %s gives %q (%s), not a move into the hairpin's radius", seed, name, c, why)
			}
		}
	}
}
