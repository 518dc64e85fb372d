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
//
// LOS is reciprocal (the rules treat the two ends alike; TestReciprocity),
// so a line between two sources that each stand on a hex's ground is
// walked once, from the one listed first, and counted for both.
func (g *Grid) DeadGround(from []Location, workers int) []int32 {
	hs := g.m.Hexes()
	out := make([]int32, len(hs))
	if len(from) == 0 || len(hs) == 0 {
		return out
	}
	to := make([]Location, len(hs))
	at := make([]int32, len(g.present)) // slot → index in hs
	for i, h := range hs {
		to[i] = g.At(h)
		at[g.idx(h)] = int32(i)
	}
	// tg: per hex, the first source standing on its ground the door takes
	// (not in a wadi hex), or -1; own: per source, its hex if it is that
	// source, else -1.
	tg, own := make([]int32, len(hs)), make([]int32, len(from))
	for i := range tg {
		tg[i] = -1
	}
	for s, a := range from {
		own[s] = -1
		ia := g.idx(a.Hex)
		if ia < 0 || g.wadi[ia] >= 0 {
			continue
		}
		if i := at[ia]; a == to[i] && tg[i] < 0 {
			tg[i], own[s] = int32(s), i
		}
	}
	d := &dgJob{from: from, to: to, tg: tg, own: own}
	workers = max(1, min(workers, len(from)))
	parts := make([]*dgScratch, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var mine []int
			for s := w; s < len(from); s += workers {
				mine = append(mine, s)
			}
			sc := dgPool.Get().(*dgScratch)
			sc.cnt = grow(sc.cnt, len(to))
			g.deadGround(d, mine, sc)
			parts[w] = sc
		}(w)
	}
	wg.Wait()
	for _, sc := range parts {
		for i, n := range sc.cnt {
			out[i] += n
		}
		dgPool.Put(sc)
	}
	return out
}

// dgScratch is one worker's buffers, kept between calls (the designer
// asks for the dead ground again at every frame of a drag).
type dgScratch struct {
	cnt, tkey, head, next []int32
	tslot, tlevel         []int32
	sidx, sslot, slevel   []int32
	pairs                 []uint32
}

var dgPool = sync.Pool{New: func() any { return new(dgScratch) }}

// grow returns b with length n, zeroed, reusing its storage.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// dgJob is what DeadGround's workers share: the sources, every map hex's
// ground in Map.Hexes order, and the reciprocal pairs (DeadGround's tg,
// own).
type dgJob struct {
	from, to []Location
	tg, own  []int32
}

// deadGround is one worker's share of DeadGround: the sources d.from[mine]
// against every target of d.to. It adds its counts to sc.cnt.
func (g *Grid) deadGround(d *dgJob, mine []int, sc *dgScratch) {
	from, to, tg, own := d.from, d.to, d.tg, d.own
	cnt := sc.cnt
	// A line from source s to target i is walked from the other end when
	// both stand on a hex's ground and the target's source is listed
	// first: uint32(tg[i]) < lim(s) (tg is -1, the largest, for none).
	lim := func(s int) uint32 {
		if own[s] < 0 {
			return 0
		}
		return uint32(s)
	}
	// hit counts a clear line from source s to target i, and for the other
	// end too when that end is a source skipping it.
	hit := func(s, i int) {
		cnt[i]++
		if o := own[s]; o >= 0 && int(tg[i]) > s {
			cnt[o]++
		}
	}
	c := g.NewChecker()
	tt := g.tmpl
	// Sources the door takes: on the map, not in a wadi hex, not dug in in
	// a deir (run's conditions). The rest ask Sees line by line.
	sc.sidx, sc.sslot, sc.slevel = sc.sidx[:0], sc.sslot[:0], sc.slevel[:0]
	for _, s := range mine {
		a := from[s]
		ia := g.idx(a.Hex)
		if tt == nil || len(to) > 1<<16 || len(mine) > 1<<16 || ia < 0 || g.wadi[ia] >= 0 || a.dugIn() && g.deir[ia] {
			l := lim(s)
			for i := range to {
				if uint32(tg[i]) >= l && c.Sees(a, to[i]) {
					hit(s, i)
				}
			}
			continue
		}
		sc.sidx = append(sc.sidx, int32(s))
		sc.sslot = append(sc.sslot, int32(ia))
		sc.slevel = append(sc.slevel, int32(a.Level))
	}
	if len(sc.sidx) == 0 {
		return
	}
	// A vector's slot in tt is key(target) - key(source) + off.
	stride := 2*tt.h - 1
	off := (tt.w-1)*stride + tt.h - 1
	key := func(l Location) int { return l.Hex.Q*stride + l.Hex.R }
	sc.tkey = grow(sc.tkey, len(to))
	sc.tslot, sc.tlevel = grow(sc.tslot, len(to)), grow(sc.tlevel, len(to))
	for i, t := range to {
		sc.tkey[i] = int32(key(t) + off)
		ib := g.idx(t.Hex)
		sc.tslot[i], sc.tlevel[i] = int32(ib), int32(t.Level)
		if g.wadi[ib] >= 0 {
			sc.tslot[i] = -1 // Sees: 5.4–5.65 before the walk
		}
	}
	// Counting sort of the pairs by vector: head[k] is where vector k's
	// pairs start in pairs (door source << 16 | target index).
	sc.head = grow(sc.head, len(tt.t)+1)
	head := sc.head
	tkey, tg := sc.tkey, tg[:len(sc.tkey)]
	for _, s := range sc.sidx {
		ks, l := int32(key(from[s])), lim(int(s))
		for i, kt := range tkey {
			if uint32(tg[i]) >= l {
				head[kt-ks+1]++
			}
		}
	}
	for k := 1; k < len(head); k++ {
		head[k] += head[k-1]
	}
	sc.pairs = grow(sc.pairs, int(head[len(head)-1]))
	sc.next = append(sc.next[:0], head[:len(head)-1]...)
	pairs, next := sc.pairs, sc.next
	for j, s := range sc.sidx {
		ks, l := int32(key(from[s])), lim(int(s))
		for i, kt := range tkey {
			if uint32(tg[i]) < l {
				continue
			}
			k := kt - ks
			pairs[next[k]] = uint32(j)<<16 | uint32(i)
			next[k]++
		}
	}
	for k := 0; k+1 < len(head); k++ {
		ps := pairs[head[k]:head[k+1]]
		if len(ps) == 0 {
			continue
		}
		tp := c.thread(from[sc.sidx[ps[0]>>16]].Hex, to[ps[0]&0xffff].Hex)
		for _, pr := range ps {
			j, i := int(pr>>16), int(pr&0xffff)
			s, ib := int(sc.sidx[j]), int(sc.tslot[i])
			var seen bool
			if ib < 0 || tp.rng <= 1 {
				seen = c.Sees(from[s], to[i])
			} else {
				ia := int(sc.sslot[j])
				switch start, v := g.door(tp, false, ia, int(sc.slevel[j]), int(sc.tlevel[i])); v {
				case doorClear:
					seen = true
				case doorRules:
					seen = c.rules(from[s], to[i], ia, ib, tp.rng, tp, start, true, nil, nil, nil, nil)
				}
			}
			if seen {
				hit(s, i)
			}
		}
	}
}
