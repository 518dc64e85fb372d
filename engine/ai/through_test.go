package ai

import (
	"slices"
	"strings"
	"testing"
)

// The engine offers no move whose path crosses a hex holding an enemy
// base the mover's side sees (docs/rules.md, "No path through a seen
// enemy"), and the computer's path checks read the engine's own paths
// (PreviewMove): so in veteran-v-veteran games no move the computer gives
// runs through an enemy its observation shows, and none can be stopped
// short by one.
func TestComputerNeverMovesThroughSeenEnemy6A(t *testing.T) {
	for _, name := range []string{"escarpment", "dawn"} {
		g := newGame(t, loadScn(t, name), 1)
		ps := [2]*Player{New(2), New(2)}
		moves := 0
		for n := 0; n < 300 && !g.Over(); n++ {
			o := g.Observe(g.Actor())
			c, _ := ps[g.Actor()].Decide(o)
			if f := strings.Fields(c); len(f) == 3 && f[0] == "move" {
				moves++
				side := o.SideID()
				var seen []string
				for _, b := range o.View().Bases {
					if b.Side != side && b.Carrier == "" && !slices.Contains(b.Status, "knocked-out") {
						seen = append(seen, b.Hex)
					}
				}
				p, err := o.PreviewMove(f[1], f[2])
				if err != nil {
					t.Fatalf("%s: %s: %v", name, c, err)
				}
				for _, st := range p.Steps {
					if slices.Contains(seen, st.Hex) {
						t.Fatalf("%s turn %d: %s runs through %s, where %s sees an enemy base", name, g.Turn(), c, st.Hex, side)
					}
				}
			}
			if _, err := g.Do(c); err != nil {
				t.Fatalf("%s: %s: %v", name, c, err)
			}
		}
		if moves == 0 {
			t.Errorf("%s: the computer gave no move", name)
		}
	}
}
