package hexmap_test

import (
	"testing"

	"khamsin/hexmap"
)

// cellsMap is a 2×2 map with overlays, a wadi and E1, and a rotated board.
func cellsMap(t testing.TB) *hexmap.Map {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, "25,26/27,28r", []string{"W2 on 26H4-H3", "H1 on 27H6-G7", "E1 on 25L7-L6"}, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The dense view says what the Hex-based methods say, for every index.
func TestCellsMatchMap(t *testing.T) {
	m := cellsMap(t)
	c := m.Cells()
	if c != m.Cells() {
		t.Fatal("Cells is rebuilt on each call, want one shared view")
	}
	if c.Len() != m.IndexLen() {
		t.Fatalf("Len %d, IndexLen %d", c.Len(), m.IndexLen())
	}
	present := 0
	for _, h := range m.Hexes() {
		i := m.Index(h)
		present++
		if !c.Present(i) || c.Hex(i) != h || c.Terrain(i) != m.Terrain(h) || c.Overlay(i) != m.OverlayAt(h) {
			t.Fatalf("%s (index %d): view %v %v %v %q, map %v %v %q", m.Label(h), i,
				c.Present(i), c.Hex(i), c.Terrain(i), c.Overlay(i), h, m.Terrain(h), m.OverlayAt(h))
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			j := m.Index(h.Neighbor(d))
			if c.Neighbor(i, d) != j {
				t.Fatalf("%s %s: neighbour %d, want %d", m.Label(h), d, c.Neighbor(i, d), j)
			}
			if j >= 0 && c.Side(i, d) != m.Side(h, d) {
				t.Fatalf("%s %s: side %v, want %v", m.Label(h), d, c.Side(i, d), m.Side(h, d))
			}
		}
	}
	for i := 0; i < c.Len(); i++ {
		if c.Present(i) {
			present--
		}
	}
	if present != 0 {
		t.Fatalf("%d more indices present than the map has hexes", -present)
	}
}

// BenchmarkCells is the one-off cost of a map's dense view.
func BenchmarkCells(b *testing.B) {
	lib, err := hexmap.Builtin()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m, err := hexmap.BuildText(lib, "25,26/27,28", []string{"W2 on 26H4-H3", "H1 on 27H6-G7", "E1 on 25L7-L6"}, hexmap.Variants{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		m.Cells()
	}
}
