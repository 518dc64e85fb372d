package los

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time: on the shared machine
// (docs/performance.md) wall time swings with the other jobs' load, the
// CPU time a run needs much less, so the benchmarks report both.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

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
	for _, s := range src { // the templates are built on first use
		v = c.Viewshed(v, s, Counters{})
	}
	b.ResetTimer()
	t0, n := cpuTime(), 0
	for i := 0; b.Loop(); i++ {
		v = c.Viewshed(v, src[i%len(src)], Counters{})
		n++
	}
	b.ReportMetric(float64((cpuTime()-t0).Nanoseconds())/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(len(v.Hexes)), "lines")
}

// The dead ground of 200 sources over the 2×2 map on every core (issue
// 19's goal: ≤ 20 ms on two cores, about 266,000 sight lines).
func BenchmarkDeadGround200(b *testing.B) {
	g := benchMap(b)
	src := benchSources(g, 200)
	workers := runtime.GOMAXPROCS(0)
	g.DeadGround(src, workers) // the templates are built on first use
	b.ResetTimer()
	t0, n := cpuTime(), 0
	for b.Loop() {
		g.DeadGround(src, workers)
		n++
	}
	b.ReportMetric(float64((cpuTime()-t0).Nanoseconds())/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(len(src)*g.Map().Len()), "lines")
}
