package los

import (
	"testing"

	"khamsin/hexmap"
)

// A template is the traced thread moved to its start (brief §4: the
// thread depends only on the vector between its ends): for every vector
// within range 30 the template, offset to two different starts, gives
// Trace's steps exactly (LOS-2's hexside and vertex cases included), the
// ranges of each hex from both ends, and the lean entries of its slots.
func TestTemplatesEqualTrace(t *testing.T) {
	g := benchMap(t)
	c := g.NewChecker()
	hs := g.Map().Hexes()
	starts := []hexmap.Hex{hs[len(hs)/3], hs[2*len(hs)/3]}
	var th hexmap.Thread
	n := 0
	for dq := -30; dq <= 30; dq++ {
		for dr := -30; dr <= 30; dr++ {
			v := hexmap.Hex{Q: dq, R: dr}
			if v.Length() > 30 {
				continue
			}
			for _, a := range starts {
				b := a.Add(v)
				tp := c.thread(a, b)
				th.Trace(a, b)
				if len(tp.steps) != len(th.Steps) || len(tp.qi) != len(tp.steps) {
					t.Fatalf("%v: %d template steps, %d traced", v, len(tp.steps), len(th.Steps))
				}
				ia := (a.Q-g.minQ)*g.h + (a.R - g.minR)
				for k, s := range th.Steps {
					e := &tp.steps[k]
					if e.step(a) != s {
						t.Fatalf("%v step %d: %+v, traced %+v", v, k, e.step(a), s)
					}
					slot := (s.Hex.Q-g.minQ)*g.h + (s.Hex.R - g.minR)
					want := int32(8*slot - 8*ia)
					switch s.Kind {
					case hexmap.StepHex:
						if int(e.d1) != hexmap.Distance(a, s.Hex) || int(e.d2) != hexmap.Distance(s.Hex, b) {
							t.Fatalf("%v step %d: ranges %d, %d", v, k, e.d1, e.d2)
						}
					case hexmap.StepCross:
						want += 1 + int32(s.Dir)
					case hexmap.StepSpine:
						want += 7
					}
					if e.qi != want || tp.qi[k] != want {
						t.Fatalf("%v step %d: lean entry %d, want %d", v, k, e.qi, want)
					}
				}
				n++
			}
		}
	}
	if n < 2*2700 {
		t.Fatalf("only %d threads compared", n)
	}
}
