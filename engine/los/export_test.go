package los

import (
	"fmt"

	"khamsin/hexmap"
)

// NewTracedChecker is a Checker that traces every thread itself instead
// of walking the grid's shared templates: the reference the fast paths
// (Viewshed, DeadGround, the templates) are compared with.
func (g *Grid) NewTracedChecker() *Checker {
	c := g.NewChecker()
	c.traced = true
	return c
}

// DoorAgrees checks the front door (Grid.door) on the line from a to b
// against a Checker that traces the thread and skips nothing: a clear
// line is clear, a line it blocks is blocked at that hex by the ground or
// the obstacle it names, and one it leaves to the rules from a step gets
// there the answer the traced Checker gives (for Sees's tables and for
// Check's, hindrances included). It is true when the door does not take
// the line (range under two, an end off the map or in a wadi hex, dug in
// in a deir). what names the first disagreement.
func (g *Grid) DoorAgrees(a, b Location) (ok bool, what string) {
	ia, ib := g.idx(a.Hex), g.idx(b.Hex)
	if ia < 0 || ib < 0 || g.wadi[ia] >= 0 || g.wadi[ib] >= 0 || hexmapDistance(a, b) < 2 ||
		a.dugIn() && g.deir[ia] || b.dugIn() && g.deir[ib] {
		return true, ""
	}
	c := g.NewChecker()
	tp := c.thread(a.Hex, b.Hex)
	want := g.NewTracedChecker().Check(Query{From: a, To: b})
	for _, hind := range []bool{false, true} {
		k, v := g.door(tp, hind, ia, a.Level, b.Level)
		var got Result
		switch v {
		case doorClear:
			got = Result{Clear: true, Range: want.Range}
		case doorHill, doorObstacle:
			h := tp.steps[k].hex(a.Hex)
			kind := "hill"
			if v == doorObstacle {
				kind = c.fullKind(h, fullObstacle)
			}
			got = Result{Range: want.Range, Block: Block{At: hexWhere(h), Kind: kind, Rule: "LOS-3"}}
		case doorStretch:
			t := &tp.steps[k]
			got = Result{Range: want.Range, Block: Block{At: sideWhere(t.hex(a.Hex), t.dir), Kind: "hill", Rule: "LOS-3"}}
		case doorRules:
			var r *Result
			if hind {
				r = &got
			}
			got.Clear = c.rules(a, b, ia, ib, tp.rng, tp, k, true, nil, nil, nil, r)
			if !hind {
				got = Result{Clear: got.Clear}
			}
		}
		w := want
		if !hind {
			w = Result{Clear: want.Clear}
			got = Result{Clear: got.Clear}
		}
		if !resultsEqual(got, w) {
			return false, fmt.Sprintf("hindrances %v: door verdict %d at step %d gives %+v; traced Check %+v", hind, v, k, got, w)
		}
	}
	return true, ""
}

func resultsEqual(x, y Result) bool {
	if x.Clear != y.Clear || x.Range != y.Range || x.Block != y.Block || x.DRM != y.DRM || len(x.Hindrances) != len(y.Hindrances) {
		return false
	}
	for i := range x.Hindrances {
		if x.Hindrances[i] != y.Hindrances[i] {
			return false
		}
	}
	return true
}

func hexmapDistance(a, b Location) int { return hexmap.Distance(a.Hex, b.Hex) }
