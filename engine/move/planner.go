package move

import (
	"fmt"
	"sync"
	"sync/atomic"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// Planner answers movement questions on one map under fixed conditions.
// What depends only on the map (each hex's terrain, neighbours and
// hexsides) it reads from the map's shared dense view (hexmap.Cells),
// built once per map; NewPlanner adds the conditions' tracks, sangars,
// SMOKE and vehicles per hex. A Planner is read-only after NewPlanner,
// apart from its per-unit edge tables, and safe for concurrent use.
type Planner struct {
	m    *hexmap.Map
	c    *hexmap.Cells // m's dense view, shared with every planner on m
	cond Conditions
	n    int

	track   []uint8         // per cell: bit d set for a track hexside in direction d (9.1)
	sangar  []uint8         // 0 none, 1 sangar, 2 sangar with an Accessible trench
	smoke   []bool          // SMOKE in the hex (9.1)
	others  []uint8         // vehicles and wrecks in the hex (5.3)
	large   []uint8         // how many of them are neither motorcycles nor size +2 (5.3)
	obst    []ObstacleKind  // the fixed defence in the hex, if any
	blocked map[int]Blocked // by cell: hexes made impassable (blocked.go)

	vehicleDust bool // Vehicle Dust can be raised (11.74)
	desertMud   bool // 11.8 governs mud (desert boards, no Broken/Steppe)

	mu     sync.Mutex
	tables map[Unit][]int32 // per unit: its edge costs (see edges)
}

// NewPlanner prepares m for movement under cond. A track whose hexes are
// not on the map or not adjacent in order is an error.
func NewPlanner(m *hexmap.Map, cond Conditions) (*Planner, error) {
	n := m.IndexLen()
	p := &Planner{m: m, c: m.Cells(), cond: cond, n: n,
		track: make([]uint8, n), sangar: make([]uint8, n), smoke: make([]bool, n),
		others: make([]uint8, n), large: make([]uint8, n), obst: make([]ObstacleKind, n),
		tables: map[Unit][]int32{},
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
			p.track[a] |= 1 << d
			p.track[b] |= 1 << d.Opposite()
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
	for _, o := range cond.Obstacles {
		i := m.Index(o.Hex)
		if i < 0 {
			return nil, fmt.Errorf("obstacle: hex %s is off the map", o.Hex)
		}
		p.obst[i] = o.Kind
	}
	for _, b := range cond.Blocked {
		i := m.Index(b.Hex)
		if i < 0 {
			return nil, fmt.Errorf("blocked: hex %s is off the map", b.Hex)
		}
		if p.blocked == nil {
			p.blocked = map[int]Blocked{}
		}
		p.blocked[i] = b
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

// onTrack reports a track hexside of cell i in direction d (9.1).
func (p *Planner) onTrack(i int, d hexmap.Dir) bool { return p.track[i]&(1<<d) != 0 }

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

// accessible reports whether cell i is Accessible to a hex with flag f
// (3.31 hammada, 7.31 sand): one next to it not across a cliff hexside.
// Only half-desert and open ground hexes ask, so it is worked out when
// asked rather than stored for every hex.
func (p *Planner) accessible(i int, f hexmap.HexFlags) bool {
	for d := hexmap.Dir(0); d < 6; d++ {
		j := p.c.Neighbor(i, d)
		if j >= 0 && p.c.Side(i, d)&hexmap.SideCliff == 0 && p.c.Terrain(j).Has(f) {
			return true
		}
	}
	return false
}

// e1Top reports a level-4 hex of Overlay E1 (12.51).
func (p *Planner) e1Top(i int) bool {
	return p.c.Terrain(i).Base >= 8 && p.c.Overlay(i) == "E1"
}

// Edge table entries: the cost in half MP, edgeDenied for a prohibited
// entry (or none: no hex that way), edgeFirst or'ed in for a cost that may
// only be a unit's first expenditure of its MPh (its whole allotment), and
// edgeUnknown until a query has worked the entry out. edgeUnknown is 0, so
// a fresh table needs no filling: an allowed entry always costs something
// (TestCostNeverNegative), and one that did not would merely be priced
// again by each query.
const (
	edgeDenied  = int32(-1)
	edgeUnknown = int32(0)
	edgeFirst   = int32(1 << 30)
)

// edges is u's table of entry costs across every hexside of the map, 6 per
// cell in direction order. It is kept for later queries and filled lazily,
// an entry at a time (see edge), so a first query prices only the entries
// it relaxes.
func (p *Planner) edges(u Unit) []int32 {
	u.Allowance = u.Allotment()
	p.mu.Lock()
	defer p.mu.Unlock()
	if tab, ok := p.tables[u]; ok {
		return tab
	}
	tab := make([]int32, 6*p.n)
	p.tables[u] = tab
	return tab
}

// edge is u's entry from cell i in direction d: a table lookup, or the
// first time, price's.
func (p *Planner) edge(u *Unit, tab []int32, i int, d hexmap.Dir, t *tally) int32 {
	if c := atomic.LoadInt32(&tab[6*i+int(d)]); c != edgeUnknown {
		return c
	}
	return p.price(u, tab, i, d, t)
}

// price works out u's entry from cell i in direction d with the same code
// that prices a move, and stores it in u's table. Reach asks only for the
// entries that could lower a cost, never one into a settled hex, so a
// first query prices about 40 % of the entries out of the hexes it
// settles. Concurrent queries may both price an entry; they store the
// same value, and atomic loads and stores keep that free of data races.
func (p *Planner) price(u *Unit, tab []int32, i int, d hexmap.Dir, t *tally) int32 {
	c := edgeDenied
	if j := p.c.Neighbor(i, d); j >= 0 {
		t.reset()
		if p.allowed(u, entry{from: i, to: j, dir: d}, t) {
			c = int32(t.total)
			if t.firstOnly {
				c |= edgeFirst
			}
		}
	}
	atomic.StoreInt32(&tab[6*i+int(d)], c)
	return c
}

// cellEdges are the six entries out of cell i (see edge).
func (p *Planner) cellEdges(u *Unit, tab []int32, i int, t *tally) (out [6]int32) {
	for d := range out {
		out[d] = p.edge(u, tab, i, hexmap.Dir(d), t)
	}
	return out
}
