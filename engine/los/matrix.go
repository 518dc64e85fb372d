package los

import "sync"

// VisibilityMatrix answers LOS between every ordered pair of locs: entry
// i*len(locs)+j is whether locs[i] sees locs[j]. LOS is reciprocal (the
// rules are applied to the pair, never to one end; TestReciprocity), so
// each unordered pair is traced once and mirrored. workers goroutines, each
// with its own Checker, share the rows; the result does not depend on how
// many there are.
func (g *Grid) VisibilityMatrix(locs []Location, workers int) []bool {
	n := len(locs)
	out := make([]bool, n*n)
	if workers < 1 {
		workers = 1
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c := g.NewChecker()
			for i := w; i < n; i += workers {
				out[i*n+i] = true
				for j := i + 1; j < n; j++ {
					out[i*n+j] = c.Sees(locs[i], locs[j])
				}
			}
		}(w)
	}
	wg.Wait()
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			out[i*n+j] = out[j*n+i]
		}
	}
	return out
}
