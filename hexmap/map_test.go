package hexmap

import (
	"os"
	"strings"
	"testing"
)

func testLib(t testing.TB) *Library {
	t.Helper()
	lib, err := LoadLibrary(os.DirFS("testdata/lib"))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func mustMap(t testing.TB, layout string, overlays ...string) *Map {
	t.Helper()
	l, err := ParseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	var specs []OverlaySpec
	for _, o := range overlays {
		s, err := ParseOverlaySpec(o)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s)
	}
	m, err := Build(testLib(t), l, specs, Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustHex(t testing.TB, m *Map, label string) Hex {
	t.Helper()
	h, err := m.Hex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestSingleBoard(t *testing.T) {
	m := mustMap(t, "91")
	if m.Len() != 346 {
		t.Fatalf("one board map has %d hexes", m.Len())
	}
	for _, h := range m.Hexes() {
		back := mustHex(t, m, m.Label(h))
		if back != h {
			t.Fatalf("label %s round-trips to %v, not %v", m.Label(h), back, h)
		}
	}
	c5 := mustHex(t, m, "91C5")
	if tr := m.Terrain(c5); !tr.Has(Wadi) || tr.Ground() != -2 {
		t.Errorf("91C5 = %+v; want a wadi whose floor is level -1 (5.41)", tr)
	}
	c6 := mustHex(t, m, "91C6")
	if f := m.SideBetween(c5, c6); !f.Has(SideHedge) {
		t.Errorf("C5-C6 side = %v, want hedge", f)
	}
	if got := m.SideName(c5, mustDir(t, c5, c6)); got != "91C5-C6" {
		t.Errorf("hexside named %q", got)
	}
	if hs, err := m.ParseHexside("91C5-C6"); err != nil || hs != SideOf(c6, North) || m.HexsideName(hs) != "91C6-C5" {
		t.Errorf("ParseHexside(91C5-C6) = %v %v (%s)", hs, err, m.HexsideName(hs))
	}
	v, err := m.ParseVertex("91C5-C6-D5")
	if err != nil || m.VertexName(v) != "91C5-C6-D5" {
		t.Errorf("vertex 91C5-C6-D5: %v %v %q", v, err, m.VertexName(v))
	}
	if _, err := m.ParseVertex("91C5-C6-E5"); err == nil {
		t.Error("C5, C6, E5 do not meet at a corner")
	}
	info := m.Describe(c5)
	if info.Hex != "91C5" || info.Level != -1 || info.Base != 0 || info.Overlay != nil {
		t.Errorf("describe C5 = %+v", info)
	}
	if got := strings.Join(info.Hexsides["91C6"], " "); got != "hedge hillside" {
		t.Errorf("C5's side to C6 = %q; a hedge between levels is a hillside hedge (10.1)", got)
	}
}

func mustDir(t testing.TB, a, b Hex) Dir {
	d, ok := a.DirTo(b)
	if !ok {
		t.Fatalf("%v and %v not adjacent", a, b)
	}
	return d
}

// Seams: a board's GG hexrow is its right neighbour's A hexrow, and B10 is
// the board below's B0 (half hexes combine).
func TestSeamLabels(t *testing.T) {
	m := mustMap(t, "91,92")
	if m.Len() != 2*346-10 {
		t.Fatalf("two boards side by side share hexrow GG/A: %d hexes", m.Len())
	}
	gg5 := mustHex(t, m, "91GG5")
	a5 := mustHex(t, m, "92A5")
	if gg5 != a5 {
		t.Fatalf("91GG5 %v and 92A5 %v must be one hex", gg5, a5)
	}
	if got := m.Labels(gg5); len(got) != 2 || got[0] != "91GG5" || got[1] != "92A5" {
		t.Errorf("labels of the seam hex = %v", got)
	}
	// 91GG5 is sand, 92A5 scrub: the upper/left board's half wins unless plain.
	if !m.Terrain(gg5).Has(Sand) {
		t.Errorf("seam hex terrain %v", m.Terrain(gg5))
	}
	v := mustMap(t, "91/92")
	if v.Len() != 2*346-16 {
		t.Fatalf("stacked boards share the 16 B10/B0 hexes: %d hexes", v.Len())
	}
	if mustHex(t, v, "91B10") != mustHex(t, v, "92B0") {
		t.Error("91B10 and 92B0 must be one hex")
	}
	// 92B0 is hammada; 91B10 is plain, so the seam hex takes hammada.
	if !v.Terrain(mustHex(t, v, "91B10")).Has(Hammada) {
		t.Error("a plain half yields to its terrain-bearing partner")
	}
}

func TestTurnedBoard(t *testing.T) {
	m := mustMap(t, "91r")
	if mustHex(t, m, "91A1") != (Local{32, 10}).Axial() || mustHex(t, m, "91B0") != (Local{31, 10}).Axial() {
		t.Error("turning a board maps A1 to the GG10 position and B0 to FF10's")
	}
	c5, c6 := mustHex(t, m, "91C5"), mustHex(t, m, "91C6")
	// On a turned board C6 lies above C5 on screen.
	if d := mustDir(t, c5, c6); d != North {
		t.Errorf("turned: C5→C6 runs %v, want N", d)
	}
	if !m.SideBetween(c5, c6).Has(SideHedge) {
		t.Error("hexside features turn with their board")
	}
	for _, h := range m.Hexes() {
		if mustHex(t, m, m.Label(h)) != h {
			t.Fatalf("turned label %s does not round-trip", m.Label(h))
		}
	}
	// Neighbourhood is preserved by turning: D5 still touches C5 C6 D4 D6 E5 E6.
	d5 := mustHex(t, m, "91D5")
	var names []string
	for _, n := range d5.Neighbors() {
		names = append(names, m.Label(n))
	}
	for _, w := range []string{"91C5", "91C6", "91D4", "91D6", "91E5", "91E6"} {
		if !strings.Contains(strings.Join(names, " "), w) {
			t.Errorf("turned 91D5 neighbours %v lack %s", names, w)
		}
	}
}

func TestLayoutErrors(t *testing.T) {
	for in, frag := range map[string]string{
		"":         "empty",
		"25,25":    "twice",
		"25,26/27": "rectangular",
		"2x":       "number",
	} {
		if _, err := ParseLayout(in); err == nil || !strings.Contains(err.Error(), frag) {
			t.Errorf("ParseLayout(%q) = %v, want %q", in, err, frag)
		}
	}
	if _, err := Build(testLib(t), mustLayout(t, "99"), nil, Variants{}); err == nil || !strings.Contains(err.Error(), "unknown board 99") {
		t.Errorf("unknown board: %v", err)
	}
}

func mustLayout(t testing.TB, s string) Layout {
	l, err := ParseLayout(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Issue 17, Hardening 2: a map takes at most MaxOverlays overlays.
func TestBuildOverlayCap(t *testing.T) {
	lib, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	specs := make([]string, MaxOverlays+1)
	for i := range specs {
		specs[i] = "H1 on 25H6-G7"
	}
	if _, err := BuildText(lib, "25", specs[:MaxOverlays], Variants{}); err != nil {
		t.Errorf("%d overlays: %v", MaxOverlays, err)
	}
	if _, err := BuildText(lib, "25", specs, Variants{}); err == nil || err.Error() != "map: 101 overlays; the limit is 100" {
		t.Errorf("%d overlays: %v", len(specs), err)
	}
}
