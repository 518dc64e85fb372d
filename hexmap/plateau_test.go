package hexmap

import (
	"strings"
	"testing"
)

// 12.3 and 12.33: an overlay lying wholly on E1's level-4 plateau is not
// an overlap (the plateau is an area overlays may go on); one reaching
// E1's face, its wadi, or board 25 beyond is, and is rerolled.
func TestPlateau_12_3_E1(t *testing.T) {
	lib, err := Builtin()
	if lib == nil {
		t.Fatal(err)
	}
	build := func(specs ...string) *Map {
		var os []OverlaySpec
		for _, s := range specs {
			o, err := ParseOverlaySpec(s)
			if err != nil {
				t.Fatal(err)
			}
			os = append(os, o)
		}
		m, err := Build(lib, mustLayout(t, "25"), os, Variants{})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	plateau := build("E1").PlateauHexes()
	if len(plateau) < 30 {
		t.Fatalf("E1's plateau has %d hexes", len(plateau))
	}
	m := build("E1")
	for _, h := range plateau {
		if tr := m.Terrain(h); tr.Base != 8 || tr.Has(Wadi) {
			t.Errorf("%s on the plateau: %v", m.Label(h), tr)
		}
	}
	if n := len(build().PlateauHexes()); n != 0 {
		t.Errorf("no E1: %d plateau hexes", n)
	}
	for _, c := range []struct {
		spec    string
		problem string // "" for none
	}{
		{"H1 on 25M3-N3", ""},
		{"S1 on 25N2-N3", ""},
		{"H1 on 25L0-L1", "overlaps E1"}, // onto the face (25K1)
		{"H1 on 25M5-M6", "overlaps E1"}, // over E1's wadi (25M7)
		{"H1 on 25N9-N8", "overlaps E1"}, // board 25's own ground below the face
	} {
		m := build("E1", c.spec)
		var got []string
		for _, p := range m.Problems() {
			if p.Kind != "off-map" {
				got = append(got, p.Msg)
			}
		}
		switch {
		case c.problem == "" && len(got) != 0:
			t.Errorf("%s: %v, want no problem", c.spec, got)
		case c.problem != "" && (len(got) == 0 || !strings.Contains(got[0], c.problem)):
			t.Errorf("%s: %v, want %q", c.spec, got, c.problem)
		}
	}
}
