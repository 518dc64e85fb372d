package hexmap_test

import (
	"fmt"
	"testing"

	"khamsin/hexmap"
)

// dyoTable lists every overlay the 12.3 DYO table can select, plus X1 and
// E1 which scenarios place by SSR.
var dyoTable = []string{
	"W1", "W2", "W3", "W4", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8",
	"H1", "H2", "H3", "H4", "H5", "H6", "D1", "D2", "D3", "D4", "D5", "D6",
	"SD1", "SD2", "SD3", "SD4", "SD5", "SD6", "SD7", "SD8", "X1", "X2", "X3", "X4", "X5", "E1",
}

func builtin(t *testing.T) *hexmap.Library {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatalf("built-in data does not load: %v", err)
	}
	return lib
}

// 12.1–12.2: every overlay exists, and each multi-hex overlay has its "1"
// and "2" hexes next to each other.
func TestEveryOverlayExists_12_1(t *testing.T) {
	lib := builtin(t)
	for _, id := range dyoTable {
		o, ok := lib.Overlays[id]
		if !ok {
			t.Errorf("overlay %s missing", id)
			continue
		}
		if len(o.Hexes) > 1 {
			if _, adj := o.One.Axial().DirTo(o.Two.Axial()); !adj {
				t.Errorf("%s: 1 (%s) and 2 (%s) are not adjacent", id, o.One, o.Two)
			}
		}
		if o.Kind() != map[byte]string{'W': "W", 'S': "S", 'H': "H", 'D': "D", 'X': "X", 'E': "E"}[id[0]] && o.Kind() != "SD" {
			t.Errorf("%s: kind %s", id, o.Kind())
		}
	}
}

// Overlay contents the rules name: 6.6 summits on H1 and H4, 12.421 D6's
// sand hex, 12.43 X1's cliff ring, 4.2 deir Lip hexes, 7.51 dune crests,
// 5.1 wadis, 7.1 sand, 12.44–12.46 the X buildings, 12.5 E1.
func TestOverlayContents(t *testing.T) {
	lib := builtin(t)
	count := func(o *hexmap.Overlay, f hexmap.HexFlags) int {
		n := 0
		for _, l := range o.Hexes {
			if tr, _ := o.Terrain(l); tr.Has(f) {
				n++
			}
		}
		return n
	}
	for _, id := range []string{"H1", "H4"} {
		if n := count(lib.Overlays[id], hexmap.Summit); n != 1 {
			t.Errorf("6.6: %s has %d summit hexes, want 1", id, n)
		}
	}
	for _, id := range []string{"H2", "H3", "H5", "H6"} {
		if n := count(lib.Overlays[id], hexmap.Summit); n != 0 {
			t.Errorf("6.6: only H1 and H4 carry a summit; %s has %d", id, n)
		}
	}
	d6 := lib.Overlays["D6"]
	sandNonLip := 0
	for _, l := range d6.Hexes {
		tr, _ := d6.Terrain(l)
		if tr.Has(hexmap.Sand) && !tr.Has(hexmap.Lip) {
			sandNonLip++
		}
	}
	if sandNonLip != 1 {
		t.Errorf("12.421: D6 has %d non-Lip sand hexes, want 1", sandNonLip)
	}
	for i := 1; i <= 8; i++ {
		if i <= 6 {
			if d := lib.Overlays[fmt.Sprintf("D%d", i)]; count(d, hexmap.Lip) == 0 || count(d, hexmap.Deir) != len(d.Hexes) && count(d, hexmap.Deir) == 0 {
				t.Errorf("4.1: D%d needs deir hexes with a Lip", i)
			}
		}
		if s := lib.Overlays[fmt.Sprintf("S%d", i)]; count(s, hexmap.Sand) == 0 {
			t.Errorf("7.1: S%d has no sand", i)
		}
		if s := lib.Overlays[fmt.Sprintf("SD%d", i)]; count(s, hexmap.Sand) == 0 {
			t.Errorf("7.5: SD%d has no sand", i)
		}
	}
	for i := 1; i <= 4; i++ {
		w := lib.Overlays[fmt.Sprintf("W%d", i)]
		if count(w, hexmap.Wadi) == 0 || count(w, hexmap.WadiEnd) < 1 {
			t.Errorf("5.1/12.41: W%d needs wadi hexes and end-hexes", i)
		}
	}
	x1 := lib.Overlays["X1"]
	if tr, _ := x1.Terrain(x1.One); tr.Cover != hexmap.Citadel {
		t.Errorf("12.43: X1's hex is %v", tr.Cover)
	}
	if tr, _ := lib.Overlays["X2"].Terrain(lib.Overlays["X2"].One); tr.Cover != hexmap.Mausoleum {
		t.Error("12.44: X2 is a mausoleum")
	}
	if count(lib.Overlays["X3"], 0) == 0 {
		t.Error("X3 empty")
	}
	e1 := lib.Overlays["E1"]
	if !e1.Absolute || len(e1.Boards) != 1 || e1.Boards[0] != "25" || e1.Fixed == "" {
		t.Errorf("12.5: E1 must be absolute-level, board 25 only, with a fixed position: %+v", e1)
	}
}

// 12.2 in practice: every overlay placed in all six orientations on a
// 2×2 map of open boards lands rigidly, with its hexes on the map.
func TestEveryOverlayPlacesInSixOrientations(t *testing.T) {
	lib := builtin(t)
	layout, _ := hexmap.ParseLayout("26,27/28,29")
	for _, id := range dyoTable {
		if id == "E1" {
			continue
		}
		o := lib.Overlays[id]
		if o == nil {
			continue
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			one := hexmap.Label{Board: "27", Local: hexmap.Local{Col: 16, N: 5}}
			spec := hexmap.OverlaySpec{ID: id, One: one}
			base, _ := hexmap.NewMap(lib, layout)
			oneHex, _ := base.HexOf(one)
			two, _ := hexmap.ParseLabel(base.Label(oneHex.Neighbor(d)))
			if len(o.Hexes) > 1 {
				spec.Two, spec.HasTwo = two, true
			}
			m, err := hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{})
			if err != nil {
				t.Fatalf("%v: %v", spec, err)
			}
			p := m.Overlays()[0]
			if p.OffMap != 0 || len(p.Hexes) != len(o.Hexes) {
				t.Errorf("%v: %d hexes on, %d off", spec, len(p.Hexes), p.OffMap)
			}
			if len(o.Hexes) > 1 && m.OverlayAt(oneHex.Neighbor(d)) != id {
				t.Errorf("%v: the 2 hex is not covered", spec)
			}
		}
	}
}

// 12.5, 12.51, 12.52: E1 at its fixed position on board 25 gives the hexes
// the 12.51 example moves through: 25L7 level-4 desert open ground, 25M7 a
// level-4 wadi (floor at 3), 25M8 board 25's own level-3 hill; and board
// 25's brush counts as scrub while E1 is in play.
func TestE1FixedPosition_12_5(t *testing.T) {
	lib := builtin(t)
	if _, ok := lib.Boards["25"]; !ok {
		t.Fatal("board 25 missing")
	}
	layout, _ := hexmap.ParseLayout("25")
	spec, err := hexmap.ParseOverlaySpec("E1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	hex := func(l string) (hexmap.Hex, hexmap.Terrain) {
		h, err := m.Hex(l)
		if err != nil {
			t.Fatal(err)
		}
		return h, m.Terrain(h)
	}
	l7, tl7 := hex("25L7")
	if m.OverlayAt(l7) != "E1" || tl7.Cover != hexmap.Desert || tl7.Base != 8 || tl7.Has(hexmap.Wadi) {
		t.Errorf("25L7 = %v on %q; want E1 level-4 desert open ground", tl7, m.OverlayAt(l7))
	}
	m7, tm7 := hex("25M7")
	if m.OverlayAt(m7) != "E1" || !tm7.Has(hexmap.Wadi) || tm7.Base != 8 || tm7.Ground() != 6 {
		t.Errorf("25M7 = %v; want an E1 wadi of base level 4, floor 3", tm7)
	}
	m8, tm8 := hex("25M8")
	if m.OverlayAt(m8) != "" || tm8.Cover != hexmap.Open || tm8.Base != 6 || tm8.Flags&(hexmap.Scrub|hexmap.Hammada|hexmap.Wadi) != 0 {
		t.Errorf("25M8 = %v on %q; want board 25's level-3 hill, no scrub/hammada/wadi", tm8, m.OverlayAt(m8))
	}
	for _, pair := range [][2]hexmap.Hex{{l7, m7}, {l7, m8}, {m7, m8}} {
		if m.SideBetween(pair[0], pair[1]).Has(hexmap.SideCliff) {
			t.Errorf("no cliff may stand between the 12.51 hexes %v", pair)
		}
	}
	if len(m.Problems()) != 0 {
		t.Errorf("E1 at its fixed position: %v", m.Problems())
	}
	// 12.52: board 25's brush (25H2, a brush wadi) counts as scrub with E1.
	_, th2 := hex("25H2")
	if th2.Cover != hexmap.Desert || !th2.Has(hexmap.Scrub|hexmap.Wadi) {
		t.Errorf("12.52: 25H2 with E1 in play = %v; want scrub", th2)
	}
	b, _ := hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{Broken: true})
	h2, _ := b.Hex("25H2")
	if b.Terrain(h2).Cover != hexmap.Brush {
		t.Error("12.52 does not apply under Broken Terrain: brush stays brush")
	}
	// E1 goes on board 25 only.
	l26, _ := hexmap.ParseLayout("26")
	bad, _ := hexmap.ParseOverlaySpec("E1 on 26L7-L6")
	if _, err := hexmap.Build(lib, l26, []hexmap.OverlaySpec{bad}, hexmap.Variants{}); err == nil {
		t.Error("12.5: E1 placed on board 26 must be refused")
	}
}

// 12.2 EX: "Place Overlay H1 on 27H6-G7" puts H1's "1" hex on 27H6 and its
// "2" hex on 27G7.
func Test12_2_Example(t *testing.T) {
	lib := builtin(t)
	layout, _ := hexmap.ParseLayout("27")
	spec, err := hexmap.ParseOverlaySpec("Place Overlay H1 on 27H6-G7")
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	h6, _ := m.Hex("27H6")
	g7, _ := m.Hex("27G7")
	p := m.Overlays()[0]
	if p.Local(h6) != p.Overlay.One || p.Local(g7) != p.Overlay.Two {
		t.Errorf("27H6 holds local %v (want the 1, %v); 27G7 holds %v (want the 2, %v)", p.Local(h6), p.Overlay.One, p.Local(g7), p.Overlay.Two)
	}
}

// 5.41 EX: a unit in the ground-level wadi hex 25C5 is at level −1.
func Test5_41_Example(t *testing.T) {
	lib := builtin(t)
	layout, _ := hexmap.ParseLayout("25")
	m, _ := hexmap.NewMap(lib, layout)
	c5, _ := m.Hex("25C5")
	if tr := m.Terrain(c5); tr.Base != 0 || tr.Ground() != -2 {
		t.Errorf("25C5: base %d, ground %d half levels; want base 0, a unit in it at level −1", tr.Base, tr.Ground())
	}
	// "Were there a wadi in a Level One hill hex it would be at level 0": 25G9.
	g9, _ := m.Hex("25G9")
	if tr := m.Terrain(g9); !tr.Has(hexmap.Wadi) || tr.Base != 2 || tr.Ground() != 0 {
		t.Errorf("25G9: %v; want a wadi cut into a level-1 hill, floor at level 0", tr)
	}
}
