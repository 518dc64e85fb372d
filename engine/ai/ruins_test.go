package ai

import (
	"testing"

	"khamsin/engine/game"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// The AI's sight follows the ruins its view shows (seed 002: ruins are Low
// and Obscured): across a collapsed building it sees, as the game does;
// across a standing or burning one it does not.
func TestSightAcrossRuins10_8(t *testing.T) {
	g, err := game.New(loadScn(t, "escarpment"), 1)
	if err != nil {
		t.Fatal(err)
	}
	p := New(MaxLevel)
	p.know(g.Observe(g.Actor()))
	dd3, err := g.Map.Hex("25DD3")
	if err != nil {
		t.Fatal(err)
	}
	blocked := func(gr *los.Grid, a, b hexmap.Hex) bool {
		r := gr.NewChecker().Check(los.Query{From: gr.At(a), To: gr.At(b)})
		return !r.Clear && r.Block.Kind == "building" && r.Block.At.Name(g.Map) == "25DD3"
	}
	var from, to hexmap.Hex
	found := false
	for _, a := range g.Map.Hexes() {
		for _, b := range g.Map.Hexes() {
			if !found && hexmap.Distance(a, dd3) == 1 && hexmap.Distance(b, dd3) == 1 && hexmap.Distance(a, b) == 2 && blocked(p.grid, a, b) {
				from, to, found = a, b, true
			}
		}
	}
	if !found {
		t.Fatal("no LOS across the building at 25DD3")
	}
	for _, tc := range []struct {
		state string
		sees  bool
	}{{"", false}, {game.Burning, false}, {game.Ruins, true}, {"", false}} {
		p.seeRuins(g.Observe(g.Actor()), game.View{DefencesView: game.DefencesView{Buildings: []game.BuildingView{{Hex: "25DD3", Kind: "building", State: tc.state}}}})
		if got := !blocked(p.grid, from, to); got != tc.sees {
			t.Errorf("building %q: the AI sees %s–%s %v, want %v", tc.state, g.Label(from), g.Label(to), got, tc.sees)
		}
	}
}
