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
					if s.Kind == hexmap.StepCross {
						// the door's short walk leaves crossings out: each is a
						// hexside of the hexes just before and after it
						p, q := th.Steps[k-1], th.Steps[k+1]
						if p.Kind != hexmap.StepHex || q.Kind != hexmap.StepHex ||
							!(p.Hex == s.Hex && q.Hex == s.Other() || q.Hex == s.Hex && p.Hex == s.Other()) {
							t.Fatalf("%v step %d: crossing %+v between %+v and %+v", v, k, s, p, q)
						}
					}
				}
				// the short list: every hex and stretch, in order, with its
				// ranges and slot
				j := 0
				for k, s := range th.Steps {
					if s.Kind == hexmap.StepCross {
						continue
					}
					if j >= len(tp.cs) || int(tp.cs[j].k) != k {
						t.Fatalf("%v: short list entry %d is not step %d", v, j, k)
					}
					e := &tp.steps[k]
					wantQ, d1, sum := tp.qi[k]/4, int(e.d1), int(e.d1+e.d2)
					if s.Kind == hexmap.StepSpine {
						wantQ = (tp.qi[k]-7)/4 + 1
						d1 = hexmap.Distance(a, s.Hex)
						sum = d1 + hexmap.Distance(s.Hex, b)
					}
					if tp.cs[j].q != wantQ || int(tp.cs[j].d1) != d1 || int(tp.cs[j].s) != sum {
						t.Fatalf("%v: short list entry %d: %+v", v, j, tp.cs[j])
					}
					j++
				}
				if j != len(tp.cs) || tp.rng != v.Length() {
					t.Fatalf("%v: short list of %d entries for %d hexes and stretches, range %d", v, len(tp.cs), j, tp.rng)
				}
				n++
			}
		}
	}
	if n < 2*2700 {
		t.Fatalf("only %d threads compared", n)
	}
}
