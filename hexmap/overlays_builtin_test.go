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
