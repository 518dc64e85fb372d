package move

import (
	"fmt"
	"sync"
	"sync/atomic"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// Planner answers movement questions on one map under fixed conditions.
// It precomputes, once, everything a move or a reach asks of each hex: its
// terrain, neighbours and hexsides, tracks, whether it is Accessible to
// hammada or sand (3.31, 7.31) and whether 12.51's level-4 rule covers it.
// A Planner is read-only after NewPlanner and safe for concurrent use.
type Planner struct {
	m    *hexmap.Map
	cond Conditions
	n    int

	present []bool
	hex     []hexmap.Hex
	terr    []hexmap.Terrain
	nb      []int32            // 6 per cell: neighbour index or -1
	side    []hexmap.SideFlags // 6 per cell
	track   []bool             // 6 per cell: a track hexside (9.1)
	accHam  []bool             // Accessible to a hammada hex
	accSand []bool             // Accessible to a sand hex
	e1Top   []bool             // a level-4 hex of Overlay E1 (12.51)
	sangar  []uint8            // 0 none, 1 sangar, 2 sangar with an Accessible trench
	smoke   []bool             // SMOKE in the hex (9.1)
	others  []uint8            // vehicles and wrecks in the hex (5.3)
	large   []uint8            // how many of them are neither motorcycles nor size +2 (5.3)

	vehicleDust bool // Vehicle Dust can be raised (11.74)
	desertMud   bool // 11.8 governs mud (desert boards, no Broken/Steppe)

	mu     sync.Mutex
	tables map[Unit][]int32 // per unit: its edge costs (see edges)
}

// NewPlanner prepares m for movement under cond. A track whose hexes are
// not on the map or not adjacent in order is an error.
func NewPlanner(m *hexmap.Map, cond Conditions) (*Planner, error) {
	n := m.IndexLen()
	p := &Planner{m: m, cond: cond, n: n,
		present: make([]bool, n), hex: make([]hexmap.Hex, n), terr: make([]hexmap.Terrain, n),
		nb: make([]int32, 6*n), side: make([]hexmap.SideFlags, 6*n), track: make([]bool, 6*n),
		accHam: make([]bool, n), accSand: make([]bool, n), e1Top: make([]bool, n), sangar: make([]uint8, n),
		smoke: make([]bool, n), others: make([]uint8, n), large: make([]uint8, n),
		tables: map[Unit][]int32{},
	}
	for i := range p.nb {
		p.nb[i] = -1
	}
	for _, h := range m.Hexes() {
		i := m.Index(h)
		p.present[i] = true
		p.hex[i] = h
		p.terr[i] = m.Terrain(h)
		p.e1Top[i] = m.OverlayAt(h) == "E1" && p.terr[i].Base >= 8
		// each hexside once: the N, NE and SE sides, mirrored to the neighbour
		for d := hexmap.Dir(0); d < 3; d++ {
			j := m.Index(h.Neighbor(d))
			if j < 0 {
				continue
			}
			f := m.Side(h, d)
			p.nb[6*i+int(d)], p.nb[6*j+int(d)+3] = int32(j), int32(i)
			p.side[6*i+int(d)], p.side[6*j+int(d)+3] = f, f
		}
	}
	for i := 0; i < n; i++ {
		if !p.present[i] {
			continue
		}
		for d := 0; d < 6; d++ {
			j := p.nb[6*i+d]
			if j < 0 || p.side[6*i+d]&hexmap.SideCliff != 0 {
				continue // a cliff hexside bars access (3.31, 7.31: "Accessible")
			}
			p.accHam[i] = p.accHam[i] || p.terr[j].Has(hexmap.Hammada)
			p.accSand[i] = p.accSand[i] || p.terr[j].Has(hexmap.Sand)
		}
	}
	for ti, t := range cond.Tracks {
		for k := range t {
			if !m.Contains(t[k]) {
				return nil, fmt.Errorf("track %d: hex %d is off the map", ti+1, k+1)
			}
			if k == 0 {
				continue
			}
			d, ok := t[k-1].DirTo(t[k])
			if !ok {
				return nil, fmt.Errorf("track %d: %s and %s are not adjacent", ti+1, m.Label(t[k-1]), m.Label(t[k]))
			}
			a, b := m.Index(t[k-1]), m.Index(t[k])
			p.track[6*a+int(d)] = true
			p.track[6*b+int(d.Opposite())] = true
		}
	}
	for _, s := range cond.Sangars {
		i := m.Index(s.Hex)
		if i < 0 {
			return nil, fmt.Errorf("sangar: hex %s is off the map", s.Hex)
		}
		p.sangar[i] = 1
		if s.Trench {
			p.sangar[i] = 2
		}
	}
	for _, h := range cond.Smoke {
		i := m.Index(h)
		if i < 0 {
			return nil, fmt.Errorf("smoke: hex %s is off the map", h)
		}
		p.smoke[i] = true
	}
	for _, v := range cond.Vehicles {
		i := m.Index(v.Hex)
		if i < 0 {
			return nil, fmt.Errorf("vehicle: hex %s is off the map", v.Hex)
		}
		if p.others[i] == 255 {
			return nil, fmt.Errorf("vehicle: too many vehicles and wrecks in %s", m.Label(v.Hex))
		}
		p.others[i]++
		if !v.Small {
			p.large[i]++
		}
	}
	v := m.Variants()
	dryEnough := cond.EC.Dry()
	if v.Steppe {
		dryEnough = cond.EC == climate.ECVeryDry // Very Dry only on Steppe (13.2)
	}
	p.vehicleDust = dryEnough && !cond.NoVehicleDust
	p.desertMud = cond.mud() && !v.Broken && !v.Steppe
	return p, nil
}

// Map is the map the planner was built for.
func (p *Planner) Map() *hexmap.Map { return p.m }

// Conditions are the conditions the planner was built with.
func (p *Planner) Conditions() Conditions { return p.cond }

func isWadi(t hexmap.Terrain) bool { return t.Flags&hexmap.Wadi != 0 && t.Flags&hexmap.Bridge == 0 }

// standLevel is the level, in half levels, a unit stands on for climbing
// purposes: the base level, a wadi's floor one level lower (5.41).
// Hillock half levels are priced apart (6.3).
func standLevel(t hexmap.Terrain) int {
	if isWadi(t) {
		return t.Base - 2
	}
	return t.Base
}

// Edge table entries: the cost in half MP, edgeDenied for a prohibited
// entry, edgeFirst or'ed in for a cost that may only be a unit's first
// expenditure of its MPh (its whole allotment), edgeUnknown until the hex's
// six entries have been worked out.
const (
	edgeDenied  = int32(-1)
	edgeUnknown = int32(-2)
	edgeFirst   = int32(1 << 30)
)

// edges is u's table of entry costs across every hexside of the map, 6 per
// cell in direction order. It is kept for later queries and filled lazily,
// a hex at a time (see cellEdges), so a first query costs no more than the
// hexes it visits.
func (p *Planner) edges(u Unit) []int32 {
	u.Allowance = u.Allotment()
	p.mu.Lock()
	defer p.mu.Unlock()
	if tab, ok := p.tables[u]; ok {
		return tab
	}
	tab := make([]int32, 6*p.n)
	for i := range tab {
		tab[i] = edgeUnknown
	}
	p.tables[u] = tab
	return tab
}

// cellEdges returns the six entries out of cell i, working them out with
// the same code that prices a move if no query has done so yet. Concurrent
// queries may both work a cell out; they store the same values, and atomic
// loads and stores keep that free of data races.
func (p *Planner) cellEdges(u *Unit, tab []int32, i int, t *tally) (out [6]int32) {
	if atomic.LoadInt32(&tab[6*i]) != edgeUnknown {
		for d := range out {
			out[d] = atomic.LoadInt32(&tab[6*i+d])
		}
		return out
	}
	for d := range out {
		out[d] = edgeDenied
		j := int(p.nb[6*i+d])
		if j < 0 {
			continue
		}
		t.reset()
		if p.enter(u, entry{from: i, to: j, dir: hexmap.Dir(d)}, t).denied() {
			continue
		}
		c := int32(t.total)
		if t.firstOnly {
			c |= edgeFirst
		}
		out[d] = c
	}
	for d := 5; d >= 0; d-- { // entry 0 last: it marks the cell known
		atomic.StoreInt32(&tab[6*i+d], out[d])
	}
	return out
}
