package move

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

func Test6_3_Hillock(t *testing.T) {
	// D5 a hillock, D6 a summit on it (6.6), E5 another hillock hex.
	m := testMap(t, "D5 E5: hillock\nD6: summit\n", nil)
	p := planner(t, m, Conditions{})
	for _, c := range []struct {
		name string
		u    Unit
		path string
		want []MP
	}{
		{"infantry from below: COT only", Unit{Kind: Infantry}, "90C5,90D5", mps(1)},
		{"wagon from below: COT only", Unit{Kind: Wagon}, "90C5,90D5", mps(1)},
		{"tank from below: 1 + COT", Unit{Kind: FullTrack}, "90C5,90D5", mps(2)},
		{"truck from below: 1 + COT", Unit{Kind: Truck}, "90C5,90D5", mps(2)},
		{"tank along the same hillock: COT", Unit{Kind: FullTrack}, "90D5,90E5", mps(1)},
		{"tank up onto the summit: 1 + COT again", Unit{Kind: FullTrack}, "90D5,90D6", mps(2)},
		{"tank down from the summit: COT", Unit{Kind: FullTrack}, "90D6,90D5", mps(1)},
	} {
		mv := walk(t, p, c.u, c.path)
		mustLegal(t, mv)
		if !sameMPs(costs(mv), c.want) {
			t.Errorf("%s: %v, want %v", c.name, costs(mv), c.want)
		}
	}
}

// Test6_3_HillockOutOfWadi: leaving a wadi for a hillock pays the wadi's
// exit cost and the COT, not 6.3's climb on top (5.41), as for a hill.
func Test6_3_HillockOutOfWadi(t *testing.T) {
	m := testMap(t, "C5: wadi\nD5: hillock\nC4: open level 1\n", nil)
	p := planner(t, m, Conditions{})
	wantTotals(t, p, []total{
		{"truck out of the wadi onto the hillock: 4 + COT", Unit{Kind: Truck}, "90C5,90D5", 5},
		{"tank out of the wadi onto the hillock: 4 + COT", Unit{Kind: FullTrack}, "90C5,90D5", 5},
		{"tank out of the wadi up a level-1 hill: 4 + COT, the same", Unit{Kind: FullTrack}, "90C5,90C4", 5},
		{"tank onto the hillock from level 0: 1 + COT", Unit{Kind: FullTrack}, "90D4,90D5", 2},
	})
}

func Test4_3_DeirLip(t *testing.T) {
	// D5 a deir Lip hex whose D5-D4 hexside is a Lip Hexside.
	m := testMap(t, "D5: lip\nD5-D4: lip\n", nil)
	p := planner(t, m, Conditions{})
	wantTotals(t, p, []total{
		{"truck into the deir: COT only", Unit{Kind: Truck}, "90D4,90D5", 1},
		{"truck out across the Lip hexside: +1", Unit{Kind: Truck}, "90D5,90D4", 2},
		{"truck out across another hexside", Unit{Kind: Truck}, "90D5,90D6", 1},
		{"infantry out across the Lip hexside: COT only", Unit{Kind: Infantry}, "90D5,90D4", 1},
	})
}

func Test8_5_Sangar(t *testing.T) {
	m := testMap(t, "D5: scrub\nD6: scrub\n", nil)
	hs := hexes(t, m, "90D5,90D6")
	p := planner(t, m, Conditions{Sangars: []Sangar{{Hex: hs[0]}, {Hex: hs[1], Trench: true}}})
	// no extra cost for the sangar; COT doubled with an Accessible trench
	if mv := walk(t, p, Unit{Kind: FullTrack}, "90C5,90D5"); mv.Total != Whole(2) {
		t.Errorf("tank into a sangar hex: %s, want 2", mv.Total)
	}
	if mv := walk(t, p, Unit{Kind: FullTrack}, "90C6,90D6"); mv.Total != Whole(4) {
		t.Errorf("tank into a sangar hex with a trench: %s, want 4 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90C6,90D6"); mv.Total != Whole(1) {
		t.Errorf("infantry: %s, want 1", mv.Total)
	}
	if _, err := NewPlanner(m, Conditions{Sangars: []Sangar{{Hex: hexmap.Hex{Q: -9, R: 0}}}}); err == nil {
		t.Error("sangar off the map accepted")
	}
}

func TestWallHedgeAndCactus(t *testing.T) {
	board := "D5-D4: hedge\nE5-E4: wall\nF5-F4: hedge road\nF5 F4: road\n"
	p := planner(t, testMap(t, board, nil), Conditions{})
	wantTotals(t, p, []total{
		{"infantry over a hedge: +1", Unit{Kind: Infantry}, "90D4,90D5", 2},
		{"truck over a wall: +1", Unit{Kind: Truck}, "90E4,90E5", 2},
		{"truck along a road through the hedge", Unit{Kind: Truck}, "90F4,90F5", 0.5},
	})
	// 13.3 cactus hedges
	p = planner(t, testMapVariant(t, board, "cactus-hedge"), Conditions{})
	for _, k := range []Kind{Cavalry, Wagon} {
		if mv := walk(t, p, Unit{Kind: k}, "90D4,90D5"); mv.Legal || !strings.Contains(mv.Error, "13.3") {
			t.Errorf("%s over a cactus hedge: legal=%v %q", k, mv.Legal, mv.Error)
		}
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90D4,90D5"); !mv.Legal || mv.Total != Whole(6) {
		t.Errorf("infantry over a cactus hedge as its first move: %v %s, want all 6 MF", mv.Legal, mv.Total)
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90D3,90D4,90D5"); mv.Legal || !strings.Contains(mv.Error, "13.3") {
		t.Errorf("infantry over a cactus hedge after moving: legal=%v %q", mv.Legal, mv.Error)
	}
	if mv := walk(t, p, Unit{Kind: Truck}, "90D4,90D5"); mv.Total != Whole(2) {
		t.Errorf("truck over a cactus hedge: %s, want 2", mv.Total)
	}
	// a wall stays a wall
	if mv := walk(t, p, Unit{Kind: Cavalry}, "90E4,90E5"); mv.Total != Whole(2) {
		t.Errorf("cavalry over a wall under cactus-hedge SSR: %s, want 2", mv.Total)
	}
	// 13.3's SSR may name the walls instead: the wall E5-E4 is then a
	// cactus hedge and the hedge D5-D4 stays an ordinary one
	p = planner(t, testMapVariant(t, board, "cactus-hedge:walls"), Conditions{})
	if mv := walk(t, p, Unit{Kind: Wagon}, "90E4,90E5"); mv.Legal || !strings.Contains(mv.Error, "13.3") {
		t.Errorf("wagon over a wall turned cactus hedge: legal=%v %q", mv.Legal, mv.Error)
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90E4,90E5"); !mv.Legal || mv.Total != Whole(6) {
		t.Errorf("infantry over a wall turned cactus hedge: %v %s, want all 6 MF", mv.Legal, mv.Total)
	}
	if mv := walk(t, p, Unit{Kind: Cavalry}, "90D4,90D5"); mv.Total != Whole(2) {
		t.Errorf("cavalry over a hedge under cactus-hedge:walls: %s, want 2", mv.Total)
	}
}

func TestRoad(t *testing.T) {
	board := "C5 C6 C7: road scrub\nC5-C6: road\nC6-C7: paved\nC7: paved\n"
	p := planner(t, testMap(t, board, nil), Conditions{})
	if mv := walk(t, p, Unit{Kind: Truck}, "90C5,90C6,90C7"); !sameMPs(costs(mv), mps(0.5, 0.5)) {
		t.Errorf("truck along road then paved road: %v", costs(mv))
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90C5,90C6,90C7"); !sameMPs(costs(mv), mps(1, 1)) {
		t.Errorf("infantry along the road: %v", costs(mv))
	}
	if mv := walk(t, p, Unit{Kind: Truck}, "90B5,90C6"); mv.Total != Whole(6) {
		t.Errorf("truck into a scrub road hex off the road: %s, want 6", mv.Total)
	}
}

func Test13_1_BrokenTerrain(t *testing.T) {
	// hammada becomes crag; open ground next to it broken ground: open
	// ground cost and a Bog hex (a motorcycle makes 3.32's DR instead).
	p := planner(t, testMapVariant(t, "D5: hammada\n", "broken"), Conditions{})
	mv := walk(t, p, Unit{Kind: Truck}, "90B5,90C5")
	if mv.Total != Whole(1) || len(mv.Checks) != 1 || mv.Checks[0].Kind != Bog {
		t.Errorf("truck into broken ground: %s %v", mv.Total, mv.Checks)
	}
	mv = walk(t, p, Unit{Kind: Motorcycle}, "90B5,90C5")
	if len(mv.Checks) != 1 || mv.Checks[0].Kind != HammadaImmobilization {
		t.Errorf("motorcycle into broken ground: %v", mv.Checks)
	}
	if mv := walk(t, p, Unit{Kind: Truck}, "90C5,90D5"); mv.Legal {
		t.Errorf("truck into crag: legal, want prohibited")
	}
}

// TestF2_HalfDesertHex: a hex half desert and half Chapter-B ground is
// Desert Terrain for movement only if it is a wadi hex or Accessible to
// hammada or sand (F.2). On the test board C5 is next to hammada (C4), E5 next
// to nothing desert, G5 a wadi; board 25's V2 (1.1's half-desert example)
// is Accessible to neither, so Chapter-B open ground.
func TestF2_HalfDesertHex(t *testing.T) {
	m := testMap(t, "C5 E5: open half-desert\nC4: hammada\nG5: open half-desert wadi\n", nil)
	p := planner(t, m, Conditions{})
	wantTotals(t, p, []total{
		{"truck into a half-desert hex Accessible to hammada: desert 1", Unit{Kind: Truck}, "90C6,90C5", 1},
		{"truck into a half-desert hex with no desert ground around: Chapter-B 4", Unit{Kind: Truck}, "90E6,90E5", 4},
		{"truck into a half-desert wadi hex: 6 + desert 1", Unit{Kind: Truck}, "90G6,90G5", 7},
	})
	b25 := planner(t, board25(t), Conditions{})
	if mv := walk(t, b25, Unit{Kind: Truck}, "25V3,25V2"); !mv.Legal || mv.Total != Whole(4) || !strings.Contains(whyOf(mv.Steps[0]), "Chapter-B open ground") {
		t.Errorf("truck into 25V2: %s (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
}
