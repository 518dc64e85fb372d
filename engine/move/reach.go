package move

import (
	"fmt"
	"sync/atomic"

	"khamsin/hexmap"
)

// Area is the least-cost area a unit can reach: for each hex the least MP
// needed to enter it along a path of hex entries (no bypass, VCA, Start or
// Stop; those are for move), and one path that costs exactly that.
type Area struct {
	p      *Planner
	start  Path // the origin: its hex and Crest status
	from   int
	budget MP
	cost   []MP    // per cell; -1 unreached
	prev   []int32 // per cell; the hex entered from, -1 for the origin
}

// Reach finds every hex u can enter from `from` spending at most budget,
// by Dijkstra's algorithm over integer half-MP costs taken from the unit's
// edge table (kept in the planner, filled in as queries need it). Ties are
// broken by the map's dense hex index, and neighbours are tried in
// direction order, so the answer (costs and paths) is the same on every
// run.
func (p *Planner) Reach(u Unit, from hexmap.Hex, budget MP) (*Area, error) {
	return p.ReachFrom(u, Path{From: from}, budget)
}

// ReachFrom is Reach from the start of a path: its hex and, for infantry,
// Crest status there (6.11). The path's actions are not used.
func (p *Planner) ReachFrom(u Unit, start Path, budget MP) (*Area, error) {
	return p.reachFrom(u, start, budget, nil, nil, nil)
}

// ReachAvoiding is Reach that never enters a hex for which avoid is true
// (seed 002 Note 3: a withdrawing unit treats minefields as impassable).
func (p *Planner) ReachAvoiding(u Unit, from hexmap.Hex, budget MP, avoid func(hexmap.Hex) bool) (*Area, error) {
	block := make([]bool, p.n)
	for i := range block {
		block[i] = avoid(p.c.Hex(i))
	}
	return p.reachFrom(u, Path{From: from}, budget, block, nil, nil)
}

// ReachAround is ReachFrom along paths that never pass through the hexes
// in avoid: such a hex may be the end of a path, never a step on the way
// to another. The game passes the hexes where the mover's side sees an
// enemy base or a contact marker (docs/rules.md, "No path through a seen
// enemy"): a move may still end there (into a marker, to find it), but
// one passing through would be stopped there. Among paths of equal least
// cost it takes the one entering the fewest hexes of wary (the minefields
// the mover's side knows of: mines cost no MP, so the cost alone would
// pick a mined hex over the lane beside it). Neither list changes what
// can be reached or its cost. Hexes off the map are ignored.
func (p *Planner) ReachAround(u Unit, start Path, budget MP, avoid, wary []hexmap.Hex) (*Area, error) {
	return p.reachFrom(u, start, budget, nil, p.cells(avoid), p.cells(wary))
}

// cells marks the map cells of hs (nil for none).
func (p *Planner) cells(hs []hexmap.Hex) []bool {
	if len(hs) == 0 {
		return nil
	}
	out := make([]bool, p.n)
	for _, h := range hs {
		if i := p.m.Index(h); i >= 0 {
			out[i] = true
		}
	}
	return out
}

// MaxHexes is the most hexes any unit can enter spending budget: every
// entry costs at least half an MP (minEntry), so a hex farther than this
// from the start can never be on a path within budget.
func MaxHexes(budget MP) int {
	if budget < 0 {
		return 0
	}
	return int(budget / minEntry)
}

// reachFrom is the search: a hex with block set is never entered, one
// with end set may be entered but is never left, and among equal costs a
// path entering fewer hexes with wary set wins (nil: none of each). The
// heap's keys order by cost, then wary hexes entered, then cell index.
func (p *Planner) reachFrom(u Unit, start Path, budget MP, block, end, wary []bool) (*Area, error) {
	if err := u.Validate(); err != nil {
		return nil, err
	}
	from := start.From
	src := p.m.Index(from)
	if src < 0 {
		return nil, fmt.Errorf("reach: %s is not on the map", from)
	}
	if budget < 0 {
		return nil, fmt.Errorf("reach: negative MP %s", budget)
	}
	if start.Crest {
		if err := p.checkCrest(&u, src, start.Front); err != nil {
			return nil, err
		}
	}
	start.Actions = nil
	a := &Area{p: p, start: start, from: src, budget: budget, cost: make([]MP, p.n), prev: make([]int32, p.n)}
	for i := range a.cost {
		a.cost[i] = -1
		a.prev[i] = -1
	}
	a.cost[src] = 0
	u.Allowance = u.Allotment()
	tab := p.edges(u)
	var t tally
	var crest [6]int32 // the origin's entries in Crest status (6.11)
	if start.Crest {
		crest = p.crestEdges(&u, tab, src, start.Front, &t)
	}
	var hz []uint8 // per cell with wary: wary hexes entered on its path
	if wary != nil {
		hz = make([]uint8, p.n)
	}
	h := make(heap, 1, 256) // room for a typical frontier without regrowing
	h[0] = uint64(src)
	done := make([]bool, p.n)
	for len(h) > 0 {
		key := h.pop()
		i := int(key & cellMask)
		if done[i] {
			continue
		}
		done[i] = true
		c := a.cost[i]
		if c+minEntry > budget {
			continue // no entry fits the MP left
		}
		if end != nil && end[i] && i != src {
			continue // a path may end here, not pass through
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			j := p.c.Neighbor(i, d)
			// Every entry costs at least minEntry, so one into a hex
			// already reached for at most that much more (every settled
			// hex among them) can lower nothing: it is not even priced.
			// As unsigned, the -1 of an unreached hex is above any cost.
			if j < 0 || uint(a.cost[j]) <= uint(c+minEntry) && (hz == nil || uint(a.cost[j]) < uint(c+minEntry) || done[j]) || block != nil && block[j] {
				continue
			}
			e := atomic.LoadInt32(&tab[6*i+int(d)]) // p.edge, inlined by hand
			if i == src && start.Crest {
				e = crest[d]
			} else if e == edgeUnknown {
				e = p.price(&u, tab, i, d, &t)
			}
			if e == edgeDenied {
				continue
			}
			if e&edgeFirst != 0 {
				if c != 0 {
					continue
				}
				e &^= edgeFirst
			}
			nc := c + MP(e)
			var w uint8
			if hz != nil {
				w = hz[i]
				if wary[j] && w < 255 {
					w++
				}
			}
			if nc > budget || (a.cost[j] >= 0 && (nc > a.cost[j] || nc == a.cost[j] && (hz == nil || w >= hz[j]))) {
				continue
			}
			a.cost[j] = nc
			a.prev[j] = int32(i)
			if hz != nil {
				hz[j] = w
			}
			h.push(uint64(nc)<<32 | uint64(w)<<cellBits | uint64(j))
		}
	}
	return a, nil
}

// crestEdges are the six entries out of cell i for infantry in Crest status
// facing front (6.11): across the front into a non-wadi hex as from an
// entrenchment, anywhere else after leaving Crest status in the hex. Only
// the origin needs them, so they are not kept.
func (p *Planner) crestEdges(u *Unit, tab []int32, i int, front hexmap.Dir, t *tally) (out [6]int32) {
	t.reset()
	off := MP(-1)
	if !p.uncrest(u, i, t).denied() {
		off = t.total
	}
	normal := p.cellEdges(u, tab, i, t)
	for d := range out {
		out[d] = edgeDenied
		j := p.c.Neighbor(i, hexmap.Dir(d))
		if j < 0 {
			continue
		}
		if p.crestExit(i, front, hexmap.Dir(d)) {
			t.reset()
			if !p.enter(u, entry{from: i, to: j, dir: hexmap.Dir(d), crestExit: true}, t).denied() {
				out[d] = int32(t.total)
			}
			continue
		}
		if e := normal[d]; off >= 0 && e != edgeDenied && e&edgeFirst == 0 {
			out[d] = int32(off) + e // leaving Crest status was a first expenditure
		}
	}
	return out
}

// Cost is the least MP to enter h, and whether h is reachable.
func (a *Area) Cost(h hexmap.Hex) (MP, bool) {
	i := a.p.m.Index(h)
	if i < 0 || a.cost[i] < 0 {
		return 0, false
	}
	return a.cost[i], true
}

// Hexes lists the reachable hexes (the origin included) in the map's hex
// order.
func (a *Area) Hexes() []hexmap.Hex {
	var out []hexmap.Hex
	for _, h := range a.p.m.Hexes() {
		if a.cost[a.p.m.Index(h)] >= 0 {
			out = append(out, h)
		}
	}
	return out
}

// Len is the number of reachable hexes, the origin included.
func (a *Area) Len() int {
	n := 0
	for _, c := range a.cost {
		if c >= 0 {
			n++
		}
	}
	return n
}

// Path is one least-cost path to h: its hexes from the origin to h, or nil
// when h is out of reach.
func (a *Area) Path(h hexmap.Hex) Path {
	i := a.p.m.Index(h)
	if i < 0 || a.cost[i] < 0 {
		return Path{}
	}
	var rev []hexmap.Hex
	for ; i != a.from; i = int(a.prev[i]) {
		rev = append(rev, a.p.c.Hex(i))
	}
	path := a.start
	path.Actions = make([]Action, len(rev))
	for k := range rev {
		path.Actions[k] = Action{Kind: Enter, Hex: rev[len(rev)-1-k]}
	}
	return path
}

// minEntry is the least any allowed entry costs: half an MP
// (TestCostNeverNegative). Reach relies on it to skip, unpriced, entries
// that cannot lower a cost.
const minEntry = MP(1)

// cellBits is how many low bits of a heap key hold the cell index (a map
// has far fewer than 16M cells); the next 8 hold the wary hexes entered.
const (
	cellBits = 24
	cellMask = 1<<cellBits - 1
)

// heap is a binary min-heap of cost<<32|wary<<24|index keys: the lowest
// cost first, then the fewest wary hexes, the lowest index among equals.
type heap []uint64

func (h *heap) push(k uint64) {
	*h = append(*h, k)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if s[parent] <= s[i] {
			break
		}
		s[parent], s[i] = s[i], s[parent]
		i = parent
	}
}

// pop takes the least key. The last key fills the root's place by moving
// a hole down, one store a level rather than a swap's two.
func (h *heap) pop() uint64 {
	s := *h
	top := s[0]
	last := len(s) - 1
	k := s[last]
	s = s[:last]
	i := 0
	for {
		m := 2*i + 1
		if m >= len(s) {
			break
		}
		if r := m + 1; r < len(s) && s[r] < s[m] {
			m = r
		}
		if k <= s[m] {
			break
		}
		s[i] = s[m]
		i = m
	}
	if i < len(s) {
		s[i] = k
	}
	*h = s
	return top
}
