package hexmap

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Along each of the six hex grains the thread crosses hexside midpoints and
// enters every hex on the grain (brief §4).
func TestThreadGrains(t *testing.T) {
	a := Hex{2, 3}
	for d := Dir(0); d < 6; d++ {
		b := a.Add(d.Vec().Scale(7))
		th := TraceThread(a, b)
		hexes := th.Hexes()
		if len(hexes) != 8 || len(th.Spines()) != 0 || len(th.Crossings()) != 7 {
			t.Fatalf("grain %v: %d hexes %d crossings %d spines", d, len(hexes), len(th.Crossings()), len(th.Spines()))
		}
		for i, h := range hexes {
			if h != a.Add(d.Vec().Scale(i)) {
				t.Fatalf("grain %v: hex %d is %v", d, i, h)
			}
		}
		for _, c := range th.Crossings() {
			if c.Dir != d || c.AtVertex {
				t.Fatalf("grain %v: crossing %+v", d, c)
			}
		}
	}
}

// Along each of the six alternate grains the thread runs exactly along a
// hexside between every pair of hexes it enters: no side is chosen.
func TestThreadAlternateGrains(t *testing.T) {
	a := Hex{-1, 4}
	for i, step := range spineStep {
		b := a.Add(step.Scale(4))
		th := TraceThread(a, b)
		hexes, spines := th.Hexes(), th.Spines()
		if len(hexes) != 5 || len(spines) != 4 || len(th.Crossings()) != 0 {
			t.Fatalf("alternate grain %d: %d hexes, %d spines, %d crossings", i, len(hexes), len(spines), len(th.Crossings()))
		}
		for k, sp := range spines {
			from := a.Add(step.Scale(k))
			x, y := sp.Hex, sp.Other()
			// both side hexes are adjacent to the hexes before and after
			if Distance(from, x) != 1 || Distance(from, y) != 1 || Distance(x, y) != 1 {
				t.Fatalf("alternate grain %d: spine %v-%v not between %v and the next", i, x, y, from)
			}
			to := from.Add(step)
			if Distance(to, x) != 1 || Distance(to, y) != 1 {
				t.Fatalf("alternate grain %d: spine does not reach %v", i, to)
			}
		}
	}
}

// A thread that passes exactly through a vertex (not along a hexside) goes
// straight on into the hex beyond: 0,0 → 5,-1 touches the corner at doubled
// (5,1).
func TestThreadThroughVertex(t *testing.T) {
	th := TraceThread(Hex{0, 0}, Hex{5, -1})
	vertex := 0
	for _, c := range th.Crossings() {
		if c.AtVertex {
			vertex++
		}
	}
	if vertex != 2 || len(th.Spines()) != 0 {
		t.Fatalf("expected two vertex crossings, got %d (%+v)", vertex, th.Steps)
	}
	checkThreadGeometry(t, Hex{0, 0}, Hex{5, -1}, th)
}

// checkThreadGeometry compares a thread with dense sampling of the segment
// in floating point, away from vertices and hexsides where sampling cannot
// decide, and checks the step sequence is continuous.
func checkThreadGeometry(t *testing.T, a, b Hex, th *Thread) {
	t.Helper()
	hexes := th.Hexes()
	if hexes[0] != a || hexes[len(hexes)-1] != b {
		t.Fatalf("%v→%v: ends %v…%v", a, b, hexes[0], hexes[len(hexes)-1])
	}
	prev := th.Steps[0]
	for _, s := range th.Steps[1:] {
		switch s.Kind {
		case StepCross:
			if s.Hex != prev.Hex {
				t.Fatalf("%v→%v: crossing from %v while in %v", a, b, s.Hex, prev.Hex)
			}
		case StepHex:
			if prev.Kind == StepCross && prev.Other() != s.Hex {
				t.Fatalf("%v→%v: crossed into %v but entered %v", a, b, prev.Other(), s.Hex)
			}
		}
		prev = s
	}
	px := Pixels{Size: 1}
	pa, pb := px.Center(a), px.Center(b)
	const n = 4000
	for i := 0; i <= n; i++ {
		f := float64(i) / n
		pt := Point{pa.X + (pb.X-pa.X)*f, pa.Y + (pb.Y-pa.Y)*f}
		h := px.HexAt(pt)
		c := px.Center(h)
		// skip samples near a hexside: inside the inscribed circle shrunk a bit
		if math.Hypot(pt.X-c.X, pt.Y-c.Y) > 0.85 {
			continue
		}
		if !slices.Contains(hexes, h) {
			t.Fatalf("%v→%v: the segment passes through %v, missing from %v", a, b, h, hexes)
		}
	}
}

func TestThreadProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		a := Hex{rng.IntN(61) - 30, rng.IntN(61) - 30}
		b := Hex{rng.IntN(61) - 30, rng.IntN(61) - 30}
		th := TraceThread(a, b)
		checkThreadGeometry(t, a, b, th)
		// Exactness means the reverse thread is the same path backwards:
		// no tie is broken by direction of travel.
		back := TraceThread(b, a).Hexes()
		slices.Reverse(back)
		if !slices.Equal(back, th.Hexes()) {
			t.Fatalf("%v→%v and back differ:\n%v\n%v", a, b, th.Hexes(), back)
		}
		if len(TraceThread(b, a).Spines()) != len(th.Spines()) {
			t.Fatalf("%v→%v: spine count differs by direction", a, b)
		}
	}
}

// Long threads across board seams and turned boards: the path is geometry
// alone, so it is continuous across the seam and its hexes carry the labels
// of whichever board they lie on.
func TestThreadAcrossBoards(t *testing.T) {
	m := mustMap(t, "91,92r/93,94r")
	a, b := mustHex(t, m, "91A1"), mustHex(t, m, "94A1") // 94 is turned: its A1 is the map's far corner
	th := TraceThread(a, b)
	checkThreadGeometry(t, a, b, th)
	boards := map[string]bool{}
	for _, h := range th.Hexes() {
		if !m.Contains(h) {
			t.Fatalf("thread leaves the map at %v", h)
		}
		boards[m.BoardOf(h)] = true
	}
	if !boards["91"] || !boards["94"] || len(boards) < 3 {
		t.Errorf("a corner-to-corner thread should cross three boards, crossed %v", boards)
	}
	if Distance(a, b) != 64 {
		t.Errorf("corner to corner of a 2×2 map is %d hexes", Distance(a, b))
	}
	// Due east along the alternate grain from 91A5 across the seam into the
	// turned board 92r: hexspine stretches all the way, none lost at the seam.
	from := mustHex(t, m, "91A5")
	to := from.Add(spineStep[0].Scale(20))
	if !m.Contains(to) || m.BoardOf(to) != "92" {
		t.Fatalf("%v is not on board 92", to)
	}
	th = TraceThread(from, to)
	if len(th.Spines()) != 20 {
		t.Errorf("along the alternate grain across a seam: %d spines, want 20", len(th.Spines()))
	}
}

// BenchmarkThreadRange30 measures one LOS thread path at range 30 (goal
// ≤ 1 µs per call, reusing the Thread's storage).
func BenchmarkThreadRange30(b *testing.B) {
	var th Thread
	a := Hex{0, 0}
	targets := Ring(a, 30)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		th.Trace(a, targets[i%len(targets)])
	}
}
