package los

import "sync"

// DeadGround counts, for every hex of the map in Map.Hexes order, how many
// of the Locations from see a unit standing on its ground (Sees: the
// terrain alone, no counters). A hex no one sees is dead ground: the
// approach routes an attacker would use (issue 19, "Dead ground"). It is
// exact, Sees for every pair. workers goroutines, each with its own
// Checker, share the sources; the counts do not depend on how many there
// are.
func (g *Grid) DeadGround(from []Location, workers int) []int32 {
	hs := g.m.Hexes()
	out := make([]int32, len(hs))
	if len(from) == 0 || len(hs) == 0 {
		return out
	}
	to := make([]Location, len(hs))
	for i, h := range hs {
		to[i] = g.At(h)
	}
	workers = max(1, min(workers, len(from)))
	parts := make([][]int32, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			cnt := make([]int32, len(hs))
			c := g.NewChecker()
			for s := w; s < len(from); s += workers {
				for i, t := range to {
					if c.Sees(from[s], t) {
						cnt[i]++
					}
				}
			}
			parts[w] = cnt
		}(w)
	}
	wg.Wait()
	for _, p := range parts {
		for i, n := range p {
			out[i] += n
		}
	}
	return out
}
