package hexmap

import (
	"strings"
	"testing"
)

func TestParseOverlaySpec(t *testing.T) {
	for in, want := range map[string]string{
		"H1 on 27H6-G7":                     "H1 on 27H6-G7",
		"Place Overlay H1 on 27H6-G7":       "H1 on 27H6-G7",
		"place overlay sd3 on 26V6-V5 high": "SD3 on 26V6-V5 high",
		"X2 on 28H7":                        "X2 on 28H7",
		"W1 on 25GG5-26A4":                  "W1 on 25GG5-26A4",
	} {
		s, err := ParseOverlaySpec(in)
		if err != nil || s.String() != want {
			t.Errorf("ParseOverlaySpec(%q) = %q, %v; want %q", in, s, err, want)
		}
	}
	for in, frag := range map[string]string{
		"H1 27H6-G7":           "expected",
		"H1 on 27Q0-G7":        "holds hexes 1–10",
		"H1 on 27H6-G7 upside": "unexpected",
		"h-1 on 27H6":          "capital letters",
	} {
		if _, err := ParseOverlaySpec(in); err == nil || !strings.Contains(err.Error(), frag) {
			t.Errorf("ParseOverlaySpec(%q) error %v; want %q", in, err, frag)
		}
	}
}

// 12.2: the overlay's "1" hex goes on the first hex named and its "2" hex on
// the second, in all six orientations.
func TestPlaceSixOrientations(t *testing.T) {
	lib := testLib(t)
	base, _ := Build(lib, mustLayout(t, "91"), nil, Variants{})
	one := mustHex(t, base, "91M5")
	o := lib.Overlays["H9"]
	for d := Dir(0); d < 6; d++ {
		two := one.Neighbor(d)
		spec, err := ParseOverlaySpec("H9 on " + base.Label(one) + "-" + base.Label(two))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Build(lib, mustLayout(t, "91"), []OverlaySpec{spec}, Variants{})
		if err != nil {
			t.Fatal(err)
		}
		if m.OverlayAt(one) != "H9" || m.OverlayAt(two) != "H9" {
			t.Fatalf("%v: 1 and 2 hexes not covered", spec)
		}
		// The "2" hex is the summit (H9's B1): it must land on two.
		if !m.Terrain(two).Has(Summit) || m.Terrain(one).Has(Summit) {
			t.Errorf("%v: summit not on the 2 hex", spec)
		}
		p := m.Overlays()[0]
		if len(p.Hexes) != len(o.Hexes) {
			t.Errorf("%v: %d hexes placed", spec, len(p.Hexes))
		}
		// Rigid motion: distances between overlay hexes are kept.
		for i, a := range o.Hexes {
			for j, b := range o.Hexes {
				if Distance(a.Axial(), b.Axial()) != Distance(p.Hexes[i], p.Hexes[j]) {
					t.Fatalf("%v: placement is not rigid", spec)
				}
			}
		}
		// The crest hexside B2-C2 follows the overlay round.
		b2, c2 := p.transform(Local{1, 2}), p.transform(Local{2, 2})
		if !m.SideBetween(b2, c2).Has(SideCrest) {
			t.Errorf("%v: crest hexside not carried round", spec)
		}
		if p.Local(two) != o.Two || p.Local(one) != o.One {
			t.Errorf("%v: Local() does not invert the placement", spec)
		}
		// hillock hexes sit half a level up on level-0 ground (6.2)
		if m.Terrain(one).Ground() != 1 {
			t.Errorf("%v: hillock ground %d half levels", spec, m.Terrain(one).Ground())
		}
	}
}

// An overlay on a turned board: labels stay board-local, so "2" still goes
// on the named hex even though the board's numbers run upwards on screen.
func TestPlaceOnTurnedBoardAndAcrossSeam(t *testing.T) {
	m := mustMap(t, "91,92r", "H9 on 92C5-C4", "W9 on 91GG3-GG4")
	c5, c4 := mustHex(t, m, "92C5"), mustHex(t, m, "92C4")
	if !m.Terrain(c4).Has(Summit) || m.OverlayAt(c5) != "H9" {
		t.Error("H9 on turned board: the 2 hex (summit) must cover 92C4")
	}
	if d, _ := c5.DirTo(c4); d != South {
		t.Errorf("on a turned board C4 lies below C5, got %v", d)
	}
	// W9 laid down the seam hexrow: its hexes are both 91GG and 92r's A.
	gg3 := mustHex(t, m, "91GG3")
	if m.OverlayAt(gg3) != "W9" || !m.Terrain(gg3).Has(Wadi) {
		t.Error("W9 must cover the seam hex 91GG3")
	}
	if len(m.Labels(gg3)) != 2 {
		t.Errorf("seam hex has labels %v", m.Labels(gg3))
	}
}

// 12.33: overlap, adjacency and parts beyond the playing area are reported.
func TestPlacementProblems_12_33(t *testing.T) {
	m := mustMap(t, "91", "H9 on 91M5-M4", "W9 on 91M6-M7")
	kinds := map[string]bool{}
	for _, p := range m.Problems() {
		kinds[p.Kind] = true
	}
	if !kinds["overlap"] && !kinds["adjacent"] {
		t.Errorf("touching overlays not reported: %v", m.Problems())
	}
	m = mustMap(t, "91", "W9 on 91A1-A2")
	p := m.Overlays()[0]
	if p.OffMap != 0 {
		t.Errorf("W9 on A1-A3 fits the board, %d off", p.OffMap)
	}
	m = mustMap(t, "91", "H9 on 91A5-A6") // turned so its C2 falls west of hexrow A
	if len(m.Problems()) != 1 || m.Problems()[0].Kind != "off-map" {
		t.Errorf("H9 hanging off the left edge: problems %v", m.Problems())
	}
}

// 12.41: a wadi overlay's end-hex next to another wadi joins it, except
// across a cliff.
func TestWadiEndsJoin_12_41(t *testing.T) {
	// Board 91's wadi runs B4, C5, D5; W9 laid B3, B2, B1 ends beside B4.
	m := mustMap(t, "91", "W9 on 91B3-B2")
	b3, b4 := mustHex(t, m, "91B3"), mustHex(t, m, "91B4")
	if !m.Terrain(b3).Has(Wadi|WadiEnd) || !m.Terrain(b4).Has(Wadi) {
		t.Fatalf("setup: B3 %v B4 %v", m.Terrain(b3), m.Terrain(b4))
	}
	if !m.SideBetween(b3, b4).Has(SideWadi) {
		t.Error("12.41: end-hex B3 and board wadi B4 must connect by a wadi hexside")
	}
}

func TestVariants_13(t *testing.T) {
	lib := testLib(t)
	build := func(v Variants) *Map {
		m, err := Build(lib, mustLayout(t, "91"), nil, v)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	plain := build(Variants{})
	e2, f3 := mustHex(t, plain, "91E2"), mustHex(t, plain, "91F3")
	broken := build(Variants{Broken: true})
	if broken.Terrain(e2).Cover != Crag || broken.Terrain(e2).Has(Hammada) {
		t.Error("13.1: hammada becomes crag")
	}
	if broken.Terrain(f3).Cover != Brush {
		t.Error("13.1: scrub becomes brush")
	}
	if broken.Terrain(mustHex(t, broken, "91E3")).Cover != BrokenGround {
		t.Error("13.1: open ground next to the former hammada E2 becomes broken ground")
	}
	if broken.Terrain(mustHex(t, broken, "91C5")).Cover == BrokenGround {
		t.Error("13.1: wadi hexes never become broken ground")
	}
	steppe := build(Variants{Steppe: true})
	if steppe.Terrain(e2).Cover != Brush || steppe.Terrain(f3).Cover != Woods {
		t.Error("13.2: hammada becomes brush, scrub becomes woods")
	}
	// 13.3: the SSR names walls, hedges or both
	hedge := [2]string{"91C5", "91C6"}
	wall := [2]string{"91H7", "91H8"}
	side := func(m *Map, s [2]string) SideFlags { return m.SideBetween(mustHex(t, m, s[0]), mustHex(t, m, s[1])) }
	if side(plain, hedge) != SideHedge || side(plain, wall) != SideWall {
		t.Fatalf("premise: 91C5-C6 is a hedge (%v), 91H7-H8 a wall (%v)", side(plain, hedge), side(plain, wall))
	}
	for _, c := range []struct {
		variant         string
		hedgeTo, wallTo SideFlags
	}{
		{"cactus-hedge", SideHedge | SideCactus, SideWall},
		{"cactus-hedge:hedges", SideHedge | SideCactus, SideWall},
		{"cactus-hedge:walls", SideHedge, SideHedge | SideCactus},
		{"cactus-hedge:walls,hedges", SideHedge | SideCactus, SideHedge | SideCactus},
	} {
		var v Variants
		if err := v.ParseVariant(c.variant); err != nil {
			t.Fatal(err)
		}
		m := build(v)
		if got := side(m, hedge); got != c.hedgeTo {
			t.Errorf("13.3 %s: the hedge is %v, want %v", c.variant, got, c.hedgeTo)
		}
		if got := side(m, wall); got != c.wallTo {
			t.Errorf("13.3 %s: the wall is %v, want %v", c.variant, got, c.wallTo)
		}
		if n := v.Names(); len(n) != 1 || (n[0] != c.variant && c.variant != "cactus-hedge:hedges") {
			t.Errorf("13.3 %s: names %v", c.variant, n)
		}
	}
	var bad Variants
	if err := bad.ParseVariant("cactus-hedge:orchards"); err == nil || !strings.Contains(err.Error(), "13.3") {
		t.Errorf("cactus-hedge:orchards: %v", err)
	}
	var v Variants
	if err := v.ParseVariant("broken"); err != nil {
		t.Fatal(err)
	}
	if err := v.ParseVariant("steppe"); err == nil {
		t.Error("broken and steppe exclude each other")
	}
}
