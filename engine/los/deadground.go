package los

import "sync"

// DeadGround counts, for every hex of the map in Map.Hexes order, how many
// of the Locations from see a unit standing on its ground (Sees: the
// terrain alone, no counters). A hex no one sees is dead ground: the
// approach routes an attacker would use (issue 19, "Dead ground"). It is
// exact, Sees for every pair. workers goroutines, each with its own
// Checker, share the sources; the counts do not depend on how many there
// are.
//
// The lines are walked vector by vector (brief §4): a worker sorts its
// pairs by the vector between their ends and walks every source's line
// of one vector on that vector's template before the next, so the
// template is read from memory once, not once per line (a line's cost was
// mostly waiting for its template). Each line goes through run's front
// door (door) and, where the door cannot answer, the rules from the step
// it stopped at (Checker.rules), as Sees does.
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
			var mine []int
			for s := w; s < len(from); s += workers {
				mine = append(mine, s)
			}
			parts[w] = g.deadGround(from, mine, to)
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

// deadGround is one worker's share of DeadGround: the sources from[mine]
// against every target of to (every map hex's ground, in Map.Hexes order).
func (g *Grid) deadGround(from []Location, mine []int, to []Location) []int32 {
	cnt := make([]int32, len(to))
	c := g.NewChecker()
	tt := g.tmpl
	// Sources the door takes: on the map, not in a wadi hex, not dug in in
	// a deir (run's conditions). The rest ask Sees line by line.
	var viaDoor []int
	for _, s := range mine {
		a := from[s]
		ia := g.idx(a.Hex)
		if tt == nil || len(to) > 1<<16 || len(from) > 1<<16 || ia < 0 || g.wadi[ia] >= 0 || a.dugIn() && g.deir[ia] {
			for i := range to {
				if c.Sees(a, to[i]) {
					cnt[i]++
				}
			}
			continue
		}
		viaDoor = append(viaDoor, s)
	}
	if len(viaDoor) == 0 {
		return cnt
	}
	// A vector's slot in tt is key(target) - key(source) + off.
	stride := 2*tt.h - 1
	off := (tt.w-1)*stride + tt.h - 1
	key := func(l Location) int { return l.Hex.Q*stride + l.Hex.R }
	tkey := make([]int32, len(to))
	for i, t := range to {
		tkey[i] = int32(key(t) + off)
	}
	// Counting sort of the pairs by vector: head[k] is where vector k's
	// pairs start in pairs (source index << 16 | target index).
	head := make([]int32, len(tt.t)+1)
	for _, s := range viaDoor {
		ks := int32(key(from[s]))
		for _, kt := range tkey {
			head[kt-ks+1]++
		}
	}
	for k := 1; k < len(head); k++ {
		head[k] += head[k-1]
	}
	pairs := make([]uint32, head[len(head)-1])
	next := head[: len(head)-1 : len(head)-1]
	next = append([]int32(nil), next...)
	for _, s := range viaDoor {
		ks := int32(key(from[s]))
		for i, kt := range tkey {
			k := kt - ks
			pairs[next[k]] = uint32(s)<<16 | uint32(i)
			next[k]++
		}
	}
	tix := make([]int32, len(to)) // target slots, -1 for the rules from the start
	for i, t := range to {
		ib := g.idx(t.Hex)
		tix[i] = int32(ib)
		if g.wadi[ib] >= 0 {
			tix[i] = -1
		}
	}
	for k := 0; k+1 < len(head); k++ {
		ps := pairs[head[k]:head[k+1]]
		if len(ps) == 0 {
			continue
		}
		a, b := &from[ps[0]>>16], &to[ps[0]&0xffff]
		tp := c.thread(a.Hex, b.Hex)
		for _, pr := range ps {
			s, i := pr>>16, pr&0xffff
			a, b := &from[s], &to[i]
			ib := int(tix[i])
			if ib < 0 || tp.rng <= 1 {
				if c.Sees(*a, *b) {
					cnt[i]++
				}
				continue
			}
			ia := g.idx(a.Hex)
			switch start, v := g.door(tp, false, ia, a.Level, b.Level); v {
			case doorClear:
				cnt[i]++
			case doorRules:
				if c.rules(*a, *b, ia, ib, tp.rng, tp, start, true, nil, nil, nil, nil) {
					cnt[i]++
				}
			}
		}
	}
	return cnt
}
