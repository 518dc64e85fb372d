package los

import (
	"testing"

	"khamsin/hexmap"
)

// Seed 002's Terrain Effects: a stone building (F.1) blocks a LOS across
// it at ground level; once it has collapsed into ruins (Low, Obscured) it
// no longer does, and the grid it came from still blocks (a copy).
func TestRuinsNoLongerBlockF1(t *testing.T) {
	g := grid25(t)
	m := g.Map()
	b9 := hex(t, g, "25DD3") // a stone building of the village on board 25
	blockedBy := func(gr *Grid, a, b hexmap.Hex) bool {
		r := gr.NewChecker().Check(Query{From: gr.At(a), To: gr.At(b)})
		return !r.Clear && r.Block.Kind == "building" && r.Block.At.Name(gr.Map()) == gr.Map().Label(b9)
	}
	var from, to hexmap.Hex
	found := false
	for _, a := range m.Hexes() {
		if found || hexmap.Distance(a, b9) != 1 {
			continue
		}
		for _, b := range m.Hexes() {
			if hexmap.Distance(b, b9) == 1 && hexmap.Distance(a, b) == 2 && blockedBy(g, a, b) {
				from, to, found = a, b, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no LOS across 25DD3 blocked by the building")
	}
	ruined := g.WithRuins([]hexmap.Hex{b9})
	if blockedBy(ruined, from, to) {
		t.Errorf("%s to %s across the ruins of 25DD3: still blocked by the building", m.Label(from), m.Label(to))
	}
	if !blockedBy(g, from, to) {
		t.Error("WithRuins changed the grid it copied")
	}
}
