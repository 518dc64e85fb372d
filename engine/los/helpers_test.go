package los

import (
	"os"
	"sort"
	"strings"
	"testing"

	"khamsin/hexmap"
)

// grid25 is board 25 alone, as the seed examples name it.
func grid25(t testing.TB) *Grid {
	t.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil || lib.Boards["25"] == nil {
		t.Fatalf("board 25 is not in the embedded library: %v", err)
	}
	lay, _ := hexmap.ParseLayout("25")
	m, err := hexmap.Build(lib, lay, nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}

// testGrid builds a map from engine/los/testdata/lib.
func testGrid(t testing.TB, layout string, overlays ...string) *Grid {
	t.Helper()
	lib, err := hexmap.LoadLibrary(os.DirFS("testdata/lib"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, layout, overlays, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}

func hex(t testing.TB, g *Grid, label string) hexmap.Hex {
	t.Helper()
	h, err := g.Map().Hex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// at is the ground Location of a hex; crest puts it in Crest status facing
// the named neighbour.
func at(t testing.TB, g *Grid, label string) Location {
	t.Helper()
	return g.At(hex(t, g, label))
}

func crestAt(t testing.TB, g *Grid, label, front string) Location {
	t.Helper()
	h := hex(t, g, label)
	d, ok := h.DirTo(hex(t, g, front))
	if !ok {
		t.Fatalf("%s is not next to %s", front, label)
	}
	l := g.CrestAt(h, d)
	if err := g.Validate(l); err != nil {
		t.Fatal(err)
	}
	return l
}

func entrenched(l Location) Location { l.Entrenched = true; return l }

// name spells a Location for messages: "25F7@3", "25D5c" (crest).
func name(g *Grid, l Location) string {
	s := g.Map().Label(l.Hex)
	if l.Crest {
		return s + "c"
	}
	if l.Entrenched {
		s += "e"
	}
	return s + "@" + hexmap.FormatLevel(l.Level)
}

// seen lists, sorted, every Location of the map that from sees.
func seen(g *Grid, from Location) []string {
	c := g.NewChecker()
	var out []string
	for _, h := range g.Map().Hexes() {
		for _, l := range g.Locations(h) {
			if c.Sees(from, l) {
				out = append(out, name(g, l))
			}
		}
	}
	sort.Strings(out)
	return out
}

// seenHexes lists, sorted, every hex with at least one Location from sees.
func seenHexes(g *Grid, from Location) []string {
	set := map[string]bool{}
	for _, s := range seen(g, from) {
		set[strings.TrimRight(strings.SplitN(s, "@", 2)[0], "c")] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sorted(ss ...string) []string {
	out := append([]string(nil), ss...)
	sort.Strings(out)
	return out
}

func mustSee(t *testing.T, c *Checker, g *Grid, a, b Location, want bool) {
	t.Helper()
	r := c.Check(Query{From: a, To: b})
	if r.Clear != want {
		why := ""
		if !r.Clear {
			why = " (blocked at " + r.Block.At.Name(g.Map()) + " by " + r.Block.Kind + ", " + r.Block.Rule + ")"
		}
		t.Errorf("%s -> %s: clear=%v, want %v%s", name(g, a), name(g, b), r.Clear, want, why)
	}
	if back := c.Sees(b, a); back != r.Clear {
		t.Errorf("%s <- %s: not reciprocal", name(g, a), name(g, b))
	}
}

// sideIs reports whether w is the hexside between the two named hexes.
func sideIs(t testing.TB, g *Grid, w Where, a, b string) bool {
	t.Helper()
	if !w.IsSide {
		return false
	}
	x, y := w.Hex, w.Hex.Neighbor(w.Dir)
	ha, hb := hex(t, g, a), hex(t, g, b)
	return x == ha && y == hb || x == hb && y == ha
}

// testGridVariants is testGrid with SSR terrain variants.
func testGridVariants(t testing.TB, layout string, v hexmap.Variants, overlays ...string) *Grid {
	t.Helper()
	lib, err := hexmap.LoadLibrary(os.DirFS("testdata/lib"))
	if err != nil {
		t.Fatal(err)
	}
	lay, _ := hexmap.ParseLayout(layout)
	var specs []hexmap.OverlaySpec
	for _, o := range overlays {
		s, err := hexmap.ParseOverlaySpec(o)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s)
	}
	m, err := hexmap.Build(lib, lay, specs, v)
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}
