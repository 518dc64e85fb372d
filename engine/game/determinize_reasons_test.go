package game

import (
	"fmt"
	"testing"
)

// A sample is built from what the side may read: the enemy's kept
// reasons (its plan, Observation.Reasons) are not in it, the side's own
// are, and the live game keeps both.
func TestSampleKeepsOnlyTheSidesOwnReasons(t *testing.T) {
	g, err := New(loadScn(t, "dawn"), 7)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewRandomPlayer(3)
	for n := 0; n < 40 && !g.Over(); n++ {
		a := g.Actor()
		c := rp.Choose(g.Observe(a))
		if _, err := g.DoWhy(c, fmt.Sprintf("plan of side %d, command %d", a, n)); err != nil {
			t.Fatal(err)
		}
	}
	for me := 0; me < 2; me++ {
		s := g.Observe(me).Sample(11)
		mine, theirs := 0, 0
		for i, w := range s.whys {
			switch {
			case w == "":
			case int(s.cmdBy[i]) == me:
				mine++
			default:
				theirs++
			}
		}
		if theirs != 0 {
			t.Errorf("side %d's sample holds %d of the enemy's reasons", me, theirs)
		}
		if mine == 0 {
			t.Errorf("side %d's sample lost its own reasons", me)
		}
	}
	live := 0
	for i, w := range g.whys {
		if w != "" && int(g.cmdBy[i]) == 1 {
			live++
		}
	}
	if live == 0 {
		t.Error("the live game lost the reasons a sample dropped")
	}
}
