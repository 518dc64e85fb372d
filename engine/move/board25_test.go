package move

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

// board25 builds the built-in board 25, with the given overlay placements.
func board25(t testing.TB, overlays ...string) *hexmap.Map {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lib.Boards["25"]; !ok {
		t.Skip("board 25 is not in assets/boards yet")
	}
	var specs []hexmap.OverlaySpec
	for _, s := range overlays {
		spec, err := hexmap.ParseOverlaySpec(s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	m, err := hexmap.Build(lib, hexmap.Layout{{{ID: "25"}}}, specs, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// wantSteps compares a move's steps with (hex, cost) pairs and logs the
// reasons on a mismatch.
func wantSteps(t *testing.T, name string, m *hexmap.Map, mv *Move, want []string, cost []MP) {
	t.Helper()
	ok := len(mv.Steps) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = m.Label(mv.Steps[i].Hex) == want[i] && mv.Steps[i].Cost == cost[i]
	}
	if !ok {
		t.Errorf("%s: steps differ; want %v costing %v", name, want, cost)
		for _, s := range mv.Steps {
			t.Logf("  %s %s %s: %s", m.Label(s.Hex), s.Action, s.Cost, whyOf(s))
		}
	}
}

// TestF2_PSWPath is F.2's first example: the PSW 222(L) enters D4 (3,
// orchard), C4 (1, desert open ground), B4 (5: 4 enter wadi + 1), cannot
// enter A4 (woods: an AC must spend its whole allotment), leaves the wadi
// into A5 (7: 4 + 3 Chapter-B open ground), turns two hexspines
// counterclockwise (2), bypasses along B5-A6 (2: desert open ground × 2),
// enters B6 (7: 4 ascend + 3 orchard), turns one hexspine clockwise (1) and
// bypasses along A7-B7 (6: Chapter-B open ground × 2): 34 MP in all. It
// starts in E5, level-0 desert open ground next to D4.
func TestF2_PSWPath(t *testing.T) {
	m := board25(t)
	p := planner(t, m, Conditions{})
	psw := Unit{Kind: ArmoredCar}
	mv := walk(t, p, psw, "25E5,25D4,25C4,25B4,25A5,vca:-2,vbm:25A6-B5,25B6,vca:+1,vbm:25B7-A7")
	mustLegal(t, mv)
	wantSteps(t, "PSW", m, mv,
		[]string{"25D4", "25C4", "25B4", "25A5", "25A5", "25A6", "25B6", "25B6", "25B7"},
		mps(3, 1, 5, 7, 2, 2, 7, 1, 6))
	if mv.Total != Whole(34) {
		t.Errorf("PSW total %s, want 34", mv.Total)
	}
	// the other hex of the A7-B7 hexside costs the same
	if alt := walk(t, p, psw, "25E5,25D4,25C4,25B4,25A5,vca:-2,vbm:25A6-B5,25B6,vca:+1,vbm:25A7-B7"); alt.Total != Whole(34) {
		t.Errorf("PSW bypassing A7 instead: %s", alt.Total)
	}
	// the reasons read like the example's
	for i, want := range []string{
		"3 [orchard] (F.2)",
		"1 [desert open ground] (1.1)",
		"4 [enter wadi] (5.2) + 1 [desert open ground] (1.1)",
		"4 [leave wadi (ascend a level)] (5.2) + 3 [Chapter-B open ground] (F.2A)",
		"2 [change VCA 2 hexspines counterclockwise] (F.2)",
		"2 [desert open ground × 2, bypass] (1.1, F.2)",
		"4 [ascend a level] (F.2) + 3 [orchard] (F.2)",
		"1 [change VCA 1 hexspine clockwise] (F.2)",
		"6 [Chapter-B open ground × 2, bypass] (F.2A, F.2)",
	} {
		if i < len(mv.Steps) && whyOf(mv.Steps[i]) != want {
			t.Errorf("PSW step %d: %q, want %q", i+1, whyOf(mv.Steps[i]), want)
		}
	}
	// It cannot enter A4 from B4: woods take an AC's whole allotment.
	bad := walk(t, p, psw, "25E5,25D4,25C4,25B4,25A4")
	if bad.Legal || !strings.Contains(bad.Error, "whole MP allotment") || !strings.HasPrefix(bad.Error, "25A4") {
		t.Errorf("PSW into A4: legal=%v %q", bad.Legal, bad.Error)
	}
}

// TestF2_PzKpfwPath is F.2's second example: the PzKpfw IIIL (13 MP) spends
// a Start MP, enters B4 for 3 (2 enter wadi + 1) and A4 for 8½ (2 enter
// wadi + 6½, half its allotment for woods) along the wadi, with ½ MP left.
func TestF2_PzKpfwPath(t *testing.T) {
	m := board25(t)
	p := planner(t, m, Conditions{})
	tank := Unit{Kind: FullTrack, Allowance: Whole(13)}
	for _, from := range []string{"25C4", "25C5"} {
		mv := walk(t, p, tank, from+",start,25B4,25A4")
		mustLegal(t, mv)
		wantSteps(t, "PzKpfw from "+from, m, mv, []string{from, "25B4", "25A4"}, mps(1, 3, 8.5))
		if mv.Left() != Half {
			t.Errorf("PzKpfw from %s: %s left, want 0.5", from, mv.Left())
		}
	}
	mv := walk(t, p, tank, "25C4,start,25B4,25A4")
	if got := whyOf(mv.Steps[2]); got != "2 [enter wadi] (5.2) + 6.5 [woods: half the MP allotment] (F.2)" {
		t.Errorf("A4 reasons: %q", got)
	}
}

// TestF2A_Truck: from 25C6 a truck spends 4 MP (Chapter-B open ground) to
// enter C7, or 7 (6 enter wadi + 1 desert open ground) to enter D6.
func TestF2A_Truck(t *testing.T) {
	m := board25(t)
	p := planner(t, m, Conditions{})
	truck := Unit{Kind: Truck}
	if mv := walk(t, p, truck, "25C6,25C7"); mv.Total != Whole(4) {
		t.Errorf("truck C6→C7: %s, want 4 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
	if mv := walk(t, p, truck, "25C6,25D6"); mv.Total != Whole(7) {
		t.Errorf("truck C6→D6: %s, want 7 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
}

// Test5_2_Infantry: infantry pay 2 MF to enter C5 (open ground wadi), 3 to
// enter the brush/wadi H2, and 3 to leave C5 for C4.
func Test5_2_Infantry(t *testing.T) {
	m := board25(t)
	p := planner(t, m, Conditions{})
	inf := Unit{Kind: Infantry}
	for _, c := range []struct {
		path string
		want float64
	}{
		{"25C4,25C5", 2},
		{"25G2,25H2", 3},
		{"25H3,25H2", 3}, // along the wadi: entering still costs (5.21)
		{"25C5,25C4", 3},
	} {
		if mv := walk(t, p, inf, c.path); !mv.Legal || mv.Total != MP(2*c.want) {
			t.Errorf("infantry %s: %s, want %v (%v)", c.path, mv.Total, c.want, mv.Steps)
		}
	}
}

// Test5_22_G10G9: G10 (level 0) to the wadi G9 cut into a level-1 hill is
// not a move to higher terrain.
func Test5_22_G10G9(t *testing.T) {
	m := board25(t)
	p := planner(t, m, Conditions{})
	if mv := walk(t, p, Unit{Kind: Infantry}, "25G10,25G9"); mv.Total != Whole(2) {
		t.Errorf("infantry G10→G9: %s, want 2 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
}

// Test12_51_E1Truck: with Overlay E1 in its fixed place, a truck spends 8
// MP from M8 to L7 (4 ascend + 4 Chapter-B open ground), 5 from M7 to L7
// (4 ascend/leave wadi + 1 desert open ground), 7 from L7 or M8 into M7
// (6 enter wadi + 1), and 4 from L7 to M8 (Chapter-B open ground).
func Test12_51_E1Truck(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	e1, ok := lib.Overlays["E1"]
	if !ok || e1.Fixed == "" {
		t.Fatal("overlay E1 or its fixed placement is missing")
	}
	m := board25(t, "E1 on "+e1.Fixed)
	p := planner(t, m, Conditions{})
	truck := Unit{Kind: Truck}
	for _, c := range []struct {
		path string
		want float64
	}{
		{"25M8,25L7", 8},
		{"25M7,25L7", 5},
		{"25L7,25M7", 7},
		{"25M8,25M7", 7},
		{"25L7,25M8", 4},
	} {
		mv := walk(t, p, truck, c.path)
		if !mv.Legal || mv.Total != MP(2*c.want) {
			t.Errorf("truck %s: %s, want %v (%s)", c.path, mv.Total, c.want, whyOf(mv.Steps[0]))
		}
	}
}

// Test12_52_BrushIsScrub: with E1 in play, board 25's brush is scrub, so
// infantry enter the brush/wadi H2 for 2 MF instead of 3.
func Test12_52_BrushIsScrub(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	m := board25(t, "E1 on "+lib.Overlays["E1"].Fixed)
	p := planner(t, m, Conditions{})
	if mv := walk(t, p, Unit{Kind: Infantry}, "25G2,25H2"); mv.Total != Whole(2) {
		t.Errorf("infantry into H2 with E1: %s, want 2 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
}

// Test12_5_EscarpmentFace: a cliff on E1's face that borders no wadi is
// crossed by no unit (climbing is outside the seeds), and a truck climbing
// the E1 road pays ½ [road] + 4 per level. The hexes are found in the data,
// which the board author may still move.
func Test12_5_EscarpmentFace(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	m := board25(t, "E1 on "+lib.Overlays["E1"].Fixed)
	p := planner(t, m, Conditions{})
	cliffs, climbs := 0, 0
	for _, h := range m.Hexes() {
		for d := hexmap.Dir(0); d < 6; d++ {
			n := h.Neighbor(d)
			if !m.Contains(n) || m.OverlayAt(h) != "E1" {
				continue
			}
			path := Path{From: h, Actions: []Action{{Kind: Enter, Hex: n}}}
			a, b := m.Terrain(h), m.Terrain(n)
			side := m.Side(h, d)
			if side.Has(hexmap.SideCliff) && !a.Has(hexmap.Wadi) && !b.Has(hexmap.Wadi) {
				cliffs++
				for _, k := range []Kind{Infantry, FullTrack} {
					if mv, _ := p.Walk(Unit{Kind: k}, path); mv.Legal || !strings.Contains(mv.Error, "cliff") {
						t.Errorf("%s across the face cliff %s-%s: legal=%v %q", k, m.Label(h), m.Label(n), mv.Legal, mv.Error)
					}
				}
			}
			if side.Has(hexmap.SideRoad) && !side.Has(hexmap.SidePaved) && !a.Has(hexmap.Wadi) && !b.Has(hexmap.Wadi) && b.Base > a.Base {
				climbs++
				want := Half + MP((b.Base-a.Base+1)/2)*Whole(4)
				if mv, _ := p.Walk(Unit{Kind: Truck}, path); !mv.Legal || mv.Total != want {
					t.Errorf("truck up the road %s→%s: %s, want %s (%s)", m.Label(h), m.Label(n), mv.Total, want, whyOf(mv.Steps[0]))
				}
			}
		}
	}
	if cliffs == 0 || climbs == 0 {
		t.Errorf("E1 has %d face-cliff hexsides and %d climbing road hexsides; the test needs both", cliffs, climbs)
	}
}

// Test5_51_BridgeR1: 5.51's example hex. Over 25R1's bridge along the road
// a truck pays road rates (a road hex, not a wadi hex); infantry moving
// along the wadi beneath it stay in the wadi: they pay to enter each wadi
// hex and nothing to leave or climb.
func Test5_51_BridgeR1(t *testing.T) {
	p := planner(t, board25(t), Conditions{})
	if mv := walk(t, p, Unit{Kind: Truck}, "25R0,25R1,25R2"); !sameMPs(costs(mv), mps(0.5, 0.5)) {
		t.Errorf("truck over the bridge: %v (%s)", costs(mv), whyOf(mv.Steps[0]))
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "25Q2,25R1,25S1"); !sameMPs(costs(mv), mps(2, 2)) {
		t.Errorf("infantry beneath the bridge: %v (%s)", costs(mv), whyOf(mv.Steps[0]))
	}
}
