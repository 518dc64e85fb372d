package los

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"khamsin/hexmap"
)

// benchMap is the default 2×2 layout the viewer opens on: boards 25–28
// with a spread of overlays (a wadi, a hillock, a deir, a dune...).
func benchMap(tb testing.TB) *Grid {
	tb.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil {
		tb.Fatal(err)
	}
	lay, _ := hexmap.ParseLayout("25,26/27,28")
	var specs []hexmap.OverlaySpec
	for _, s := range []string{"W2 on 26H4-H3", "H1 on 27H6-G7", "D2 on 28P5-P4", "SD3 on 26V6-V5",
		"S4 on 27V3-V2", "X4 on 28H7-H6", "H4 on 28X4-X3", "S7 on 26N8-N7"} {
		sp, err := hexmap.ParseOverlaySpec(s)
		if err != nil {
			tb.Fatal(err)
		}
		specs = append(specs, sp)
	}
	m, err := hexmap.Build(lib, lay, specs, hexmap.Variants{})
	if err != nil {
		tb.Fatal(err)
	}
	return NewGrid(m)
}

// queryPairs are n fixed pairs of ground Locations at range 1–20.
func queryPairs(g *Grid, n int) [][2]Location {
	hs := g.Map().Hexes()
	r := rand.New(rand.NewPCG(20, 26))
	out := make([][2]Location, 0, n)
	for len(out) < n {
		a, b := hs[r.IntN(len(hs))], hs[r.IntN(len(hs))]
		if d := hexmap.Distance(a, b); d < 1 || d > 20 {
			continue
		}
		out = append(out, [2]Location{g.At(a), g.At(b)})
	}
	return out
}

// One full LOS query (hindrances collected) at range ≤ 20 on a 2×2 map.
// The brief's goal is a median of 3 µs; the median is reported as a metric.
func BenchmarkLOSQuery(b *testing.B) {
	g := benchMap(b)
	c := g.NewChecker()
	pairs := queryPairs(g, 4096)
	times := make([]time.Duration, 0, len(pairs))
	for _, p := range pairs { // the median, query by query
		t0 := time.Now()
		c.Check(Query{From: p[0], To: p[1]})
		times = append(times, time.Since(t0))
	}
	slices.Sort(times)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		c.Check(Query{From: p[0], To: p[1]})
	}
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
}

// LOS from every hex to every hex of a 2×2 map (every ordered pair of
// ground Locations), on all cores: the brief's goal is 2 s. VisibilityMatrix
// traces each unordered pair once (LOS is reciprocal).
func BenchmarkAllPairs(b *testing.B) {
	g := benchMap(b)
	hs := g.Map().Hexes()
	locs := make([]Location, len(hs))
	for i, h := range hs {
		locs[i] = g.At(h)
	}
	b.ResetTimer()
	for b.Loop() {
		g.VisibilityMatrix(locs, runtime.GOMAXPROCS(0))
	}
	b.ReportMetric(float64(len(locs)*len(locs)), "pairs")
}

// The same, every ordered pair traced on its own (no use of reciprocity).
func BenchmarkAllPairsOrdered(b *testing.B) {
	g := benchMap(b)
	hs := g.Map().Hexes()
	locs := make([]Location, len(hs))
	for i, h := range hs {
		locs[i] = g.At(h)
	}
	workers := runtime.GOMAXPROCS(0)
	b.ResetTimer()
	for b.Loop() {
		var wg sync.WaitGroup
		counts := make([]int, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				c := g.NewChecker()
				for i := w; i < len(locs); i += workers {
					for j := range locs {
						if c.Sees(locs[i], locs[j]) {
							counts[w]++
						}
					}
				}
			}(w)
		}
		wg.Wait()
	}
	b.ReportMetric(float64(len(locs)*len(locs)), "pairs")
}
