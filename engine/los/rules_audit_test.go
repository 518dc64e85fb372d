package los

import (
	"testing"
	"testing/fstest"

	"khamsin/hexmap"
)

// fsGrid builds a map from board and overlay files given in the test.
func fsGrid(t *testing.T, files map[string]string, layout string, overlays ...string) *Grid {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	lib, err := hexmap.LoadLibrary(fsys)
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, layout, overlays, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}

// deirOverlay is a seven-hex deir: the floor X5 inside six Lip hexes.
const deirOverlay = `overlay D95
one X5
two X4
X5: deir
X4 Y5 Y6 X6 W6 W5: lip
X4-X3 X4-Y4 X4-W4 Y5-Y4 Y5-Z4 Y5-Z5 Y6-Z5 Y6-Z6 Y6-Y7 X6-Y7 X6-X7 X6-W7: lip
W6-W7 W6-V6 W6-V5 W5-W4 W5-V5 W5-V4: lip
`

// 4.2: a deir is only a slight concavity. A unit in any deir hex, Lip or
// not, stands at the level of the ground the overlay lies on (0 on level-0
// ground, 1 on a level-1 plateau), with no lower floor Location as in a
// wadi (5.41), and it sees and is seen across level ground like anyone else
// (a wadi unit would see only adjacent hexes, 5.4).
func TestRule4_2_DeirAtGroundLevel(t *testing.T) {
	deir := []string{"X5", "X4", "Y5", "Y6", "X6", "W6", "W5"}
	for _, c := range []struct {
		board string
		level int // half levels
	}{
		{"board 95\nname \"flat\"\n", 0},
		{"board 95\nname \"plateau\"\nS1..S10 T0..T10 U1..U10 V0..V10 W1..W10 X0..X10 Y1..Y10 Z0..Z10 AA1..AA10 BB0..BB10 CC1..CC10: open level 1\n", 2},
	} {
		g := fsGrid(t, map[string]string{"boards/95.board": c.board, "overlays/D95.overlay": deirOverlay}, "95", "D95 on 95X5-X4")
		for _, l := range deir {
			h := hex(t, g, "95"+l)
			if !g.Map().Terrain(h).Has(hexmap.Deir) {
				t.Fatalf("premise: 95%s is a deir hex", l)
			}
			if got := g.At(h).Level; got != c.level {
				t.Errorf("level %d ground: unit in deir hex %s at %d half levels, want %d", c.level/2, l, got, c.level)
			}
			if locs := g.Locations(h); len(locs) != 1 || locs[0].Level != c.level {
				t.Errorf("deir hex %s: Locations %+v, want the ground level only", l, locs)
			}
		}
		ch := g.NewChecker()
		x5 := at(t, g, "95X5")
		for _, o := range []string{"95X1", "95T5", "95BB6", "95X9"} {
			mustSee(t, ch, g, x5, at(t, g, o), true)
		}
	}
}

// 6.1: "hillock" means all the hillock hexes of one overlay together. A
// unit on one end of a four-hex ridge sees over the other three to the
// level-0 ground beyond (6.41: over its own hillock). Were each hex a
// hillock of its own, the third hex crossed would be a hillock beyond "the
// next" and block, as three separate hillocks in a row do.
func TestRule6_1_HillockIsAllItsHexes(t *testing.T) {
	board := "board 95\nname \"flat\"\n"
	ridge := "overlay H95\none F3\ntwo F4\nF3 F4 F5 F6: hillock\n"
	pair := "overlay H96\none F1\ntwo F2\nF1 F2: hillock\n"
	files := map[string]string{"boards/95.board": board, "overlays/H95.overlay": ridge, "overlays/H96.overlay": pair}
	g := fsGrid(t, files, "95", "H95 on 95F3-F4")
	c := g.NewChecker()
	for _, l := range []string{"95F3", "95F4", "95F5", "95F6"} {
		if at(t, g, l).Level != 1 {
			t.Fatalf("premise: %s is a hillock hex at level ½", l)
		}
	}
	if !enters(t, g, "95F3", "95F10", "95F4", "95F5", "95F6") {
		t.Fatal("premise: F3 -> F10 runs down the ridge")
	}
	mustSee(t, c, g, at(t, g, "95F3"), at(t, g, "95F10"), true)
	mustSee(t, c, g, at(t, g, "95F2"), at(t, g, "95F10"), true)  // behind the ridge (LOS-7)
	mustSee(t, c, g, at(t, g, "95F1"), at(t, g, "95F10"), false) // two hexes back: the ridge blocks
	// F1-F2, F4-F5 and F7-F8 as three hillocks: from F1 over the next
	// (F4-F5) to level 0, but not past the one after it
	g = fsGrid(t, files, "95", "H96 on 95F1-F2", "H96 on 95F4-F5")
	mustSee(t, g.NewChecker(), g, at(t, g, "95F1"), at(t, g, "95F10"), true)
	g = fsGrid(t, files, "95", "H96 on 95F1-F2", "H96 on 95F4-F5", "H96 on 95F7-F8")
	mustSee(t, g.NewChecker(), g, at(t, g, "95F1"), at(t, g, "95F10"), false)
}

// 2.2: scrub is neither an obstacle nor a Hindrance to LOS. Every scrub
// hex of board 26 that lies between two level-0 desert hexes on one
// hexrow is looked across: clear, no hindrance. A thread running along a
// hexside with scrub on both sides is clear too (LOS-2).
func TestRule2_2_ScrubNeitherBlocksNorHinders(t *testing.T) {
	g := builtinGrid(t, "26")
	m := g.Map()
	c := g.NewChecker()
	plain := func(h hexmap.Hex) bool {
		i := g.idx(h)
		tr := m.Terrain(h)
		return i >= 0 && tr.Base == 0 && tr.Flags&(hexmap.Wadi|hexmap.Deir|hexmap.Hillock|hexmap.HighDune) == 0 && g.hindKind[i] == hnNone
	}
	n := 0
	for _, h := range m.Hexes() {
		tr := m.Terrain(h)
		if !tr.Has(hexmap.Scrub) || tr.Base != 0 || tr.Flags&(hexmap.Wadi|hexmap.Deir|hexmap.Hillock|hexmap.HighDune) != 0 {
			continue
		}
		a, b := h.Neighbor(hexmap.North), h.Neighbor(hexmap.South)
		if !plain(a) || !plain(b) {
			continue
		}
		n++
		r := c.Check(Query{From: g.At(a), To: g.At(b)})
		if !r.Clear || r.DRM != 0 || len(r.Hindrances) != 0 {
			t.Errorf("%s -> %s across scrub %s: %+v, want clear with no hindrance", m.Label(a), m.Label(b), m.Label(h), r)
		}
	}
	if n < 5 {
		t.Fatalf("only %d scrub hexes tried", n)
	}
	// along a hexside between two scrub hexes
	tried := false
	for _, h := range m.Hexes() {
		x, y := h.Neighbor(hexmap.NorthEast), h.Neighbor(hexmap.SouthEast)
		far := h.Add(x.Sub(h)).Add(y.Sub(h))
		if !plain(h) || !plain(far) || m.Terrain(x) != m.Terrain(y) || !m.Terrain(x).Has(hexmap.Scrub) || m.Terrain(x).Base != 0 {
			continue
		}
		th := hexmap.TraceThread(h, far)
		if len(th.Steps) != 3 || th.Steps[1].Kind != hexmap.StepSpine {
			continue
		}
		tried = true
		if r := c.Check(Query{From: g.At(h), To: g.At(far)}); !r.Clear || r.DRM != 0 {
			t.Errorf("%s -> %s along scrub %s/%s: %+v", m.Label(h), m.Label(far), m.Label(x), m.Label(y), r)
		}
	}
	if !tried {
		t.Error("no hexside between two scrub hexes tried")
	}
}
