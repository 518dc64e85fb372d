package game

import (
	"slices"
	"testing"

	"khamsin/engine/move"
)

// F.7, F.7B (docs/rules.md, "A path round known mines"): mines cost no
// MP, so a move to a hex beyond the belt took whichever path of least
// cost the map's order gave, into a marked minefield beside a lane the
// side had found. Among paths of equal cost it now goes round the
// minefields its side must treat as live; with no such path it still
// crosses, as the player ordered.
func TestMovePathGoesRoundKnownMinesF7(t *testing.T) {
	g, err := New(loadScn(t, "defence"), 7)
	if err != nil {
		t.Fatal(err)
	}
	hex := func(l string) move.Path {
		h, err := g.HexOf(l)
		if err != nil {
			t.Fatal(err)
		}
		return move.Path{From: h}
	}
	tank := g.bases[slices.IndexFunc(g.bases, func(b *Base) bool { return b.ID == "A7b" })]
	tank.Hex = hex("28H4").From
	lane := g.mineAt(hex("28J4").From)
	mined := g.mineAt(hex("28J3").From)
	if lane == nil || mined == nil {
		t.Fatal("the set-up is stale: defence has no minefields in 28J3 and 28J4")
	}
	crosses := func(to string) (bool, bool) {
		g.gen++
		a, err := g.area(tank)
		if err != nil {
			t.Fatal(err)
		}
		var j3, j4 bool
		for _, s := range a.Path(hex(to).From).Actions {
			j3 = j3 || s.Hex == mined.Hex
			j4 = j4 || s.Hex == lane.Hex
		}
		return j3, j4
	}
	// Both 28J3 and 28J4 marked and live to the British: the path to 28K4
	// crosses one of them whatever it does.
	if j3, j4 := crosses("28K4"); !j3 && !j4 {
		t.Fatal("the set-up is stale: the path from 28H4 to 28K4 crosses neither 28J3 nor 28J4")
	}
	// 28J4 found to be a Dummy (F.7B): the path goes through the lane.
	lane.Dummy, lane.Strength, lane.Revealed = true, 0, true
	if j3, j4 := crosses("28K4"); j3 || !j4 {
		t.Errorf("28J4 a known Dummy: the path to 28K4 crosses 28J3 %v, the lane %v", j3, j4)
	}
	// The Germans know every mine of theirs, the Dummy too: a German base
	// takes the lane as well.
	tank.Unit.Side = g.other(tank.Unit.Side)
	if j3, _ := crosses("28K4"); j3 {
		t.Error("the owner's base crosses its own live minefield beside its own Dummy")
	}
}
