package los_test

import (
	"os"
	"slices"
	"testing"

	"khamsin/engine/los"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// shippedMaps are every map the project ships: each board of assets/
// alone, every built-in scenario's map, the viewer's default 2×2 layout
// with its overlays, and the LOS test boards (hillocks, deir, dunes).
func shippedMaps(t *testing.T) map[string]*hexmap.Map {
	t.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil {
		t.Fatal(err)
	}
	out := map[string]*hexmap.Map{}
	build := func(name string, l *hexmap.Library, layout string, overlays ...string) {
		m, err := hexmap.BuildText(l, layout, overlays, hexmap.Variants{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = m
	}
	for id := range lib.Boards {
		build("board "+id, lib, id)
	}
	build("2x2 default", lib, "25,26/27,28", "W2 on 26H4-H3", "H1 on 27H6-G7", "D2 on 28P5-P4", "SD3 on 26V6-V5",
		"S4 on 27V3-V2", "X4 on 28H7-H6", "H4 on 28X4-X3", "S7 on 26N8-N7")
	for _, n := range scenario.BuiltinNames() {
		s, err := scenario.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build(lib)
		if err != nil {
			t.Fatalf("scenario %s: %v", n, err)
		}
		out["scenario "+n] = m
	}
	for dir, layout := range map[string][]string{
		"testdata/lib":     {"96", "H91 on 96I4-I5", "H92 on 96N5-N4", "H93 on 96R5-R4", "D91 on 96X5-X4"},
		"testdata/lib7513": nil,
	} {
		tl, err := hexmap.LoadLibrary(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		if layout == nil {
			for id := range tl.Boards {
				build(dir+" "+id, tl, id)
			}
			continue
		}
		build(dir+" "+layout[0], tl, layout[0], layout[1:]...)
	}
	return out
}

// sources picks Locations to look from on m: every stride-th hex of the
// map, and the first hexes of each kind the LOS rules treat apart (wadi,
// deir, hillock, dune, walls), each in every posture it allows: its
// ground, under a bridge, Crest status, entrenched and emplaced where
// Validate accepts it.
func sources(g *los.Grid, stride int) []los.Location {
	m := g.Map()
	var hs []hexmap.Hex
	kinds := map[hexmap.HexFlags]int{}
	for i, h := range m.Hexes() {
		pick := i%stride == 0
		t := m.Terrain(h)
		for _, f := range []hexmap.HexFlags{hexmap.Wadi, hexmap.Deir, hexmap.Lip, hexmap.Hillock, hexmap.HighDune, hexmap.Dune} {
			if t.Has(f) && kinds[f] < 3 && i%3 == 0 {
				kinds[f]++
				pick = true
			}
		}
		if pick {
			hs = append(hs, h)
		}
	}
	var out []los.Location
	for _, h := range hs {
		for _, l := range g.Locations(h) {
			out = append(out, l)
			if l.Crest {
				continue
			}
			for _, dug := range []los.Location{{Hex: l.Hex, Level: l.Level, Entrenched: true}, {Hex: l.Hex, Level: l.Level, Emplaced: true}} {
				if g.Validate(dug) == nil {
					out = append(out, dug)
				}
			}
		}
	}
	return out
}

// counters puts SMOKE, AFVs, wrecks and dust on a few hexes of m, spread
// so that many lines pass them.
func counters(m *hexmap.Map) los.Counters {
	var k los.Counters
	for i, h := range m.Hexes() {
		switch i % 97 {
		case 11:
			k.Smoke = append(k.Smoke, h)
		case 23, 51:
			k.Vehicles = append(k.Vehicles, los.Vehicle{Hex: h, Wreck: i%2 == 0})
		case 37:
			k.Dust = append(k.Dust, los.Dust{Hex: h})
		case 71:
			k.Dust = append(k.Dust, los.Dust{Hex: h, FFE: true})
		}
	}
	return k
}

// A viewshed equals the plain Checker for every target hex of every
// shipped map (issue 19, "Proof"): seen exactly when Check is clear, and
// the DRM Check totals (the LOS rules of docs/rules.md, LOS-1 to LOS-14,
// 4.4–4.51, 5.4–5.67, 6.4–6.6, 7.512, 10.2, 11.74–11.75, Note 3).
func TestViewshedEqualsCheck(t *testing.T) {
	for name, m := range shippedMaps(t) {
		g := los.NewGrid(m)
		vc, cc := g.NewChecker(), g.NewTracedChecker()
		stride := max(1, m.Len()/12)
		for _, withCounters := range []bool{false, true} {
			var k los.Counters
			if withCounters {
				k = counters(m)
			}
			var v *los.Viewshed
			bad := 0
			for _, from := range sources(g, stride) {
				v = vc.Viewshed(v, from, k)
				if !slices.Equal(v.Hexes, m.Hexes()) || v.From != from {
					t.Fatalf("%s: viewshed from %v lists other hexes or another source", name, from)
				}
				for i, h := range m.Hexes() {
					r := cc.Check(los.Query{From: from, To: g.At(h), Dust: k.Dust, Vehicles: k.Vehicles, Smoke: k.Smoke})
					want := int8(los.Unseen)
					if r.Clear {
						want = int8(r.DRM)
					}
					if v.DRM[i] != want && bad < 5 {
						bad++
						t.Errorf("%s (counters %v): %s %+v to %s: viewshed %d, Check %d (%+v)", name, withCounters,
							m.Label(from.Hex), from, m.Label(h), v.DRM[i], want, r)
					}
					if v.Seen(i) != r.Clear || v.Hindered(i) != (r.Clear && r.DRM > 0) {
						t.Fatalf("%s: Seen/Hindered disagree with DRM %d", name, v.DRM[i])
					}
				}
			}
		}
	}
}

// The lean walk's tables stay true on a grid whose buildings have
// collapsed into ruins (seed 002: ruins are Low and Obscured, a
// half-level rubble obstacle): viewshed and dead ground still equal the
// traced Checker on every shipped map with full-level obstacles.
func TestViewshedAfterRuins(t *testing.T) {
	tested := 0
	for name, m := range shippedMaps(t) {
		var ruined []hexmap.Hex
		for _, h := range m.Hexes() {
			switch m.Terrain(h).Cover {
			case hexmap.Building, hexmap.Citadel, hexmap.Mausoleum, hexmap.Woods:
				ruined = append(ruined, h)
			}
		}
		if len(ruined) == 0 {
			continue
		}
		tested++
		g := los.NewGrid(m).WithRuins(ruined)
		vc, cc := g.NewChecker(), g.NewTracedChecker()
		src := sources(g, max(1, m.Len()/8))
		var v *los.Viewshed
		want := make([]int32, m.Len())
		for _, from := range src {
			v = vc.Viewshed(v, from, los.Counters{})
			for i, h := range m.Hexes() {
				r := cc.Check(los.Query{From: from, To: g.At(h)})
				if r.Clear {
					want[i]++
				}
				if v.Seen(i) != r.Clear || r.Clear && int(v.DRM[i]) != r.DRM {
					t.Fatalf("%s ruined: %s to %s: viewshed %d, Check %+v", name, m.Label(from.Hex), m.Label(h), v.DRM[i], r)
				}
			}
		}
		if got := g.DeadGround(src, 2); !slices.Equal(got, want) {
			t.Errorf("%s ruined: dead ground differs from the traced Checker", name)
		}
	}
	if tested == 0 {
		t.Fatal("no shipped map has a building or wood to ruin")
	}
	t.Logf("%d maps ruined", tested)
}

// Dead ground counts, for every hex of every shipped map, the sources
// that see it, equal to Sees pair by pair, whatever the number of workers.
func TestDeadGroundEqualsSees(t *testing.T) {
	for name, m := range shippedMaps(t) {
		g := los.NewGrid(m)
		src := sources(g, max(1, m.Len()/20))
		c := g.NewTracedChecker()
		want := make([]int32, m.Len())
		for _, s := range src {
			for i, h := range m.Hexes() {
				if c.Sees(s, g.At(h)) {
					want[i]++
				}
			}
		}
		for _, workers := range []int{1, 2, 3} {
			got := g.DeadGround(src, workers)
			if !slices.Equal(got, want) {
				for i := range want {
					if got[i] != want[i] {
						t.Errorf("%s, %d workers: %s seen by %d, want %d", name, workers, m.Label(m.Hexes()[i]), got[i], want[i])
						break
					}
				}
			}
		}
		if dead := slices.Index(want, 0); dead < 0 && len(src) < 3 {
			t.Logf("%s: no dead ground from %d sources", name, len(src))
		}
	}
}

// An empty source set leaves every hex dead; one source sees its own hex
// (range 0 is always in LOS, LOS-1).
func TestDeadGroundEdges(t *testing.T) {
	lib, _ := hexmap.Builtin()
	m, err := hexmap.BuildText(lib, "25", nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	g := los.NewGrid(m)
	if got := g.DeadGround(nil, 2); len(got) != m.Len() || slices.Max(got) != 0 {
		t.Fatalf("no sources: %v", got)
	}
	h := m.Hexes()[m.Len()/2]
	got := g.DeadGround([]los.Location{g.At(h)}, 2)
	if got[m.Len()/2] != 1 {
		t.Errorf("a source does not see its own hex %s", m.Label(h))
	}
}

// The front door (a short walk over a template's hexes, crossings left
// out, a hex beside a wall or crest sent to the full walk, full-level
// obstacles decided on the spot) gives the traced Checker's answer on
// every shipped map between sampled sources in every posture and every
// hex's ground, with ends at one height and at two: clear, or blocked at
// the same hex by the same ground or obstacle (LOS-3), or the same answer
// from the rules where it hands the line to them (LOS-2, 10.1, 7.512).
func TestDoorEqualsTracedCheck(t *testing.T) {
	for name, m := range shippedMaps(t) {
		g := los.NewGrid(m)
		n := 0
		for _, from := range sources(g, max(1, m.Len()/40)) {
			for _, h := range m.Hexes() {
				if ok, what := g.DoorAgrees(from, g.At(h)); !ok {
					t.Fatalf("%s: %s %+v to %s: %s", name, m.Label(from.Hex), from, m.Label(h), what)
				}
				n++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no line compared", name)
		}
	}
}

// A source listed twice counts twice, and a line between two sources on
// a hex's ground, walked once (LOS is reciprocal), counts for both ends:
// dead ground still equals Sees pair by pair (LOS-1's range 0 included).
func TestDeadGroundRepeatedSources(t *testing.T) {
	lib, _ := hexmap.Builtin()
	m, err := hexmap.BuildText(lib, "25,26", nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	g := los.NewGrid(m)
	hs := m.Hexes()
	var src []los.Location
	for i := 0; i < len(hs); i += len(hs) / 30 {
		src = append(src, g.At(hs[i]))
		if i%3 == 0 {
			src = append(src, g.At(hs[i])) // the same source again
		}
		if dug := (los.Location{Hex: hs[i], Level: g.At(hs[i]).Level, Entrenched: true}); i%2 == 0 && g.Validate(dug) == nil {
			src = append(src, dug)
		}
	}
	c := g.NewTracedChecker()
	want := make([]int32, m.Len())
	for _, s := range src {
		for i, h := range hs {
			if c.Sees(s, g.At(h)) {
				want[i]++
			}
		}
	}
	for _, workers := range []int{1, 2, 5} {
		if got := g.DeadGround(src, workers); !slices.Equal(got, want) {
			t.Errorf("%d workers: dead ground differs from Sees pair by pair", workers)
		}
	}
}
