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

// DoorAgrees runs the front door's short walk (door) and its full walk
// (doorFull) on the line from a to b, for Sees's tables and Check's, and
// reports whether both gave the same first step and verdict (true when
// the line is not one the door takes: range under two, an end off the map
// or in a wadi hex). what names the first disagreement.
func (g *Grid) DoorAgrees(a, b Location) (ok bool, what string) {
	ia, ib := g.idx(a.Hex), g.idx(b.Hex)
	if ia < 0 || ib < 0 || g.wadi[ia] >= 0 || g.wadi[ib] >= 0 || hexmapDistance(a, b) < 2 {
		return true, ""
	}
	tp := g.NewChecker().thread(a.Hex, b.Hex)
	for _, tab := range [2][2][]int8{{g.lean, g.leanC}, {g.leanHind, g.leanHindC}} {
		k1, v1 := door(tp, tab[0], tab[1], ia, a.Level, b.Level)
		k2, v2 := doorFull(tp, tab[0], ia, a.Level, b.Level)
		if k1 != k2 || v1 != v2 {
			return false, fmt.Sprintf("short walk: step %d verdict %d; full walk: step %d verdict %d", k1, v1, k2, v2)
		}
	}
	return true, ""
}

func hexmapDistance(a, b Location) int { return hexmap.Distance(a.Hex, b.Hex) }
