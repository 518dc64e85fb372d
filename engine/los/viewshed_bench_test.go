package los

import (
	"runtime"
	"testing"
)

// benchSources are n ground Locations spread over the map: a set-up area
// stand-in (every k-th hex of the map).
func benchSources(g *Grid, n int) []Location {
	hs := g.Map().Hexes()
	out := make([]Location, 0, n)
	for i := 0; len(out) < n; i++ {
		out = append(out, g.At(hs[(i*len(hs)/n+i%7)%len(hs)]))
	}
	return out
}

// One hex's viewshed over the 2×2 map, hindrances and all (issue 19's
// goal: ≤ 0.5 ms).
func BenchmarkViewshed(b *testing.B) {
	g := benchMap(b)
	c := g.NewChecker()
	src := benchSources(g, 64)
	var v *Viewshed
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		v = c.Viewshed(v, src[i%len(src)], Counters{})
	}
	b.ReportMetric(float64(len(v.Hexes)), "lines")
}

// The dead ground of 200 sources over the 2×2 map on every core (issue
// 19's goal: ≤ 20 ms on two cores, about 266,000 sight lines).
func BenchmarkDeadGround200(b *testing.B) {
	g := benchMap(b)
	src := benchSources(g, 200)
	workers := runtime.GOMAXPROCS(0)
	b.ResetTimer()
	for b.Loop() {
		g.DeadGround(src, workers)
	}
	b.ReportMetric(float64(len(src)*g.Map().Len()), "lines")
}
