package move

import (
	"strings"
	"testing"
	"testing/fstest"

	"khamsin/hexmap"
)

// testMap builds a one-board map, board 90, from board-file statements (and
// optional overlay files and placements), for rule examples that need a
// layout board 25 does not have.
func testMap(t testing.TB, board string, overlays map[string]string, place ...string) *hexmap.Map {
	t.Helper()
	return buildTestMap(t, board, overlays, hexmap.Variants{}, place...)
}

// testMapVariant is testMap under one SSR variant (hexmap.Variants.ParseVariant).
func testMapVariant(t testing.TB, board, variant string) *hexmap.Map {
	t.Helper()
	var v hexmap.Variants
	if err := v.ParseVariant(variant); err != nil {
		t.Fatal(err)
	}
	return buildTestMap(t, board, nil, v)
}

func buildTestMap(t testing.TB, board string, overlays map[string]string, v hexmap.Variants, place ...string) *hexmap.Map {
	t.Helper()
	fsys := fstest.MapFS{"boards/90.board": {Data: []byte("board 90\n" + board)}}
	for id, text := range overlays {
		fsys["overlays/"+id+".overlay"] = &fstest.MapFile{Data: []byte(text)}
	}
	lib, err := hexmap.LoadLibrary(fsys)
	if err != nil {
		t.Fatal(err)
	}
	var specs []hexmap.OverlaySpec
	for _, s := range place {
		spec, err := hexmap.ParseOverlaySpec(s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	m, err := hexmap.Build(lib, hexmap.Layout{{{ID: "90"}}}, specs, v)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func planner(t testing.TB, m *hexmap.Map, c Conditions) *Planner {
	t.Helper()
	p, err := NewPlanner(m, c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// walk prices a comma-separated path and fails the test on a path error.
func walk(t testing.TB, p *Planner, u Unit, path string) *Move {
	t.Helper()
	pa, err := ParsePath(p.Map(), path)
	if err != nil {
		t.Fatal(err)
	}
	mv, err := p.Walk(u, pa)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

// costs lists each step's cost, for compact comparisons.
func costs(mv *Move) []MP {
	out := make([]MP, len(mv.Steps))
	for i, s := range mv.Steps {
		out[i] = s.Cost
	}
	return out
}

func mps(vs ...float64) []MP {
	out := make([]MP, len(vs))
	for i, v := range vs {
		out[i] = MP(v * 2)
	}
	return out
}

func sameMPs(a, b []MP) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hexes parses labels on m.
func hexes(t testing.TB, m *hexmap.Map, labels string) []hexmap.Hex {
	t.Helper()
	var out []hexmap.Hex
	for _, l := range strings.Split(labels, ",") {
		h, err := m.Hex(l)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, h)
	}
	return out
}

// mustLegal fails unless mv is legal.
func mustLegal(t testing.TB, mv *Move) {
	t.Helper()
	if !mv.Legal {
		t.Fatalf("move illegal: %s", mv.Error)
	}
}

// whyOf joins a step's cost terms for messages.
func whyOf(s Step) string { return strings.Join(s.Why(), " + ") }

// total is one priced path and the whole cost a rule gives it.
type total struct {
	name string
	u    Unit
	path string
	want float64 // MF/MP, halves allowed
}

// wantTotals walks each case on p and checks the move is legal and costs
// exactly its total.
func wantTotals(t *testing.T, p *Planner, cases []total) {
	t.Helper()
	for _, c := range cases {
		mv := walk(t, p, c.u, c.path)
		mustLegal(t, mv)
		if mv.Total != MP(2*c.want) {
			t.Errorf("%s: %s, want %v (%s)", c.name, mv.Total, c.want, whyOf(mv.Steps[len(mv.Steps)-1]))
		}
	}
}
