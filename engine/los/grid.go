package los

import "khamsin/hexmap"

// noTop marks "no obstacle of this kind in the hex".
const noTop = -128

// What a hex holds for LOS, beyond its ground.
const (
	// half-level hex obstacles (halfKind)
	hkNone    uint8 = iota
	hkHillock       // hillock or High Dune hex, 6.2, 7.5
	hkSummit        // hillock summit, 6.6
	hkRubble        // crag under Broken Terrain 13.1, cactus patch 13.4: like rubble (6.412)
)

// hexside obstacles (sideKind)
const (
	skNone  uint8 = iota
	skWall        // wall or hedge, 10.1–10.2
	skCrest       // Dune Crest, 7.512
)

// hindrance kinds (hindKind)
const (
	hnNone    uint8 = iota
	hnOrchard       // orchard: one-level hindrance (LOS-5)
	hnGrain         // grain: half-level hindrance (LOS-5)
	hnDeir          // brush, vineyard, crag: a half-level hindrance only for deir LOS (4.51)
	hnOlive         // olive grove (13.5): as an orchard
	hnTents         // Bedouin tents (12.45): as grain
)

var hindNames = [...]string{"", "orchard", "grain", "brush", "olive-grove", "tents"}

// hindRule is the rule behind a hindrance kind's +1 outside deirs.
var hindRule = [...]string{"", "LOS-5", "LOS-5", "4.51", "13.5, LOS-5", "12.45, LOS-5"}

// Grid is a map's LOS data in flat arrays, one entry per hex, indexed by a
// dense box over the map's cube coordinates. It is read-only after NewGrid,
// so any number of Checkers may share it.
type Grid struct {
	m          *hexmap.Map
	minQ, minR int
	w, h       int // box size in q and r

	present  []bool
	rim      []int8 // base level: the ground a LOS crossing the hex meets (a wadi's banks)
	ground   []int8 // where a unit stands: wadi floor, hillock top (hexmap Terrain.Ground)
	floor    []int8 // the lowest Location: the wadi floor even under a bridge
	top      []int8 // top of a full-level obstacle standing in the hex (woods, building), or noTop
	halfTop  []int8 // top of a half-level hex obstacle, or noTop
	halfKind []uint8
	group    []int32 // hillock group: 2×component (+1 for summit hexes), -1 if none
	hindKind []uint8
	hindTop  []int8
	wadi     []int32 // wadi component (hexes joined across wadi hexsides), -1 if none
	deir     []bool
	lip      []bool

	sides    []hexmap.SideFlags // 6 per hex, in Dir order
	sideKind []uint8            // 6 per hex
	sideTop  []int8             // 6 per hex: top of the wall/hedge/crest on that side
	hillside []bool             // 6 per hex: a wall/hedge between different base levels
	crestOf  []int32            // 6 per hex: the dune a Dune Crest belongs to, -1 if none
	dune     []int32            // dune (connected Dune hexes) of each hex, -1 if none

	tmpl *templates // thread templates (template.go), shared by copies

	// lean has 8 entries per slot for the lean walk of Checker.run: first
	// the height at or above which a sight line passes the hex with nothing
	// to decide (its base level when the hex is on the map and holds no
	// obstacle, full or half level, else maxQuick: ask the rules), then per
	// hexside direction minQuick for a bare hexside, maxQuick for a wall or
	// crest, and last maxQuick for a stretch along a hexside. A template
	// step skips when lean[8·slot + k] × (d1+d2) is at most the line's
	// height × (d1+d2): one test for every step (a crossing's d1, d2 are
	// 0, 1, a stretch's 1, 0). leanHind is lean with hindrance hexes sent
	// to the rules too (a Check). WithRuins only ever changes hexes with a
	// full-level obstacle, which are maxQuick already, so copies share
	// both tables.
	lean, leanHind []int8

	// leanC and leanHindC have 2 entries per slot for the door's short
	// walk over a template's hexes and stretches (template.cs): the hex's
	// lean entry, or maxQuick when one of its hexsides has a wall or crest
	// (the crossings between the hexes are not walked, and every crossing
	// is a hexside of the hexes on either side of it); then maxQuick for a
	// stretch along a hexside.
	leanC, leanHindC []int8

	// obst is, per slot, the top of a full-level obstacle the door decides
	// itself (Grid.door): one in a hex of the map that holds no half-level
	// obstacle and has no wall or crest on a hexside; else noTop.
	obst []int8

	// walled marks the slots with a wall or crest on a hexside; nbr is the
	// slot offset of the neighbour in each direction.
	walled []bool
	nbr    [6]int
}

// Entries of Grid.lean: always ask the rules; never.
const (
	maxQuick = 127
	minQuick = -128
)

// pad is the empty margin round the map in the box: the hexes of a thread
// between two hexes of the map (and their neighbours) lie within one hex
// of the box, so a template's slot offsets never leave it (template.go).
const pad = 2

// NewGrid precomputes the LOS data of m.
func NewGrid(m *hexmap.Map) *Grid {
	hexes := m.Hexes()
	g := &Grid{m: m}
	if len(hexes) == 0 {
		return g
	}
	minQ, maxQ, minR, maxR := hexes[0].Q, hexes[0].Q, hexes[0].R, hexes[0].R
	for _, h := range hexes {
		minQ, maxQ = min(minQ, h.Q), max(maxQ, h.Q)
		minR, maxR = min(minR, h.R), max(maxR, h.R)
	}
	minQ, minR, maxQ, maxR = minQ-pad, minR-pad, maxQ+pad, maxR+pad
	g.minQ, g.minR = minQ, minR
	g.w, g.h = maxQ-minQ+1, maxR-minR+1
	g.tmpl = newTemplates(g.w, g.h)
	n := g.w * g.h
	g.present = make([]bool, n)
	g.rim = make([]int8, n)
	g.ground = make([]int8, n)
	g.floor = make([]int8, n)
	g.top = make([]int8, n)
	g.halfTop = make([]int8, n)
	g.halfKind = make([]uint8, n)
	g.group = make([]int32, n)
	g.hindKind = make([]uint8, n)
	g.hindTop = make([]int8, n)
	g.wadi = make([]int32, n)
	g.deir = make([]bool, n)
	g.lip = make([]bool, n)
	g.sides = make([]hexmap.SideFlags, 6*n)
	g.sideKind = make([]uint8, 6*n)
	g.sideTop = make([]int8, 6*n)
	g.hillside = make([]bool, 6*n)
	g.crestOf = make([]int32, 6*n)
	g.dune = make([]int32, n)
	broken := m.Variants().Broken
	for _, h := range hexes {
		i := (h.Q-minQ)*g.h + (h.R - minR)
		g.present[i] = true
	}
	for _, h := range hexes {
		i := g.idx(h)
		t := m.Terrain(h)
		g.rim[i] = int8(t.Base)
		gr := t.Ground()
		g.ground[i] = int8(gr)
		g.floor[i] = int8(gr)
		if t.Has(hexmap.Wadi) {
			g.floor[i] = int8(t.Base - 2)
		}
		g.top[i], g.halfTop[i], g.hindTop[i] = noTop, noTop, noTop
		g.group[i], g.wadi[i], g.dune[i] = -1, -1, -1
		switch t.Cover {
		case hexmap.Building, hexmap.Citadel, hexmap.Mausoleum:
			g.top[i] = int8(gr + 2) // single-story stone buildings: one level (LOS-4)
		case hexmap.Woods:
			g.top[i] = int8(gr + 2)
		case hexmap.Orchard:
			g.hindKind[i], g.hindTop[i] = hnOrchard, int8(gr+2)
		case hexmap.OliveGrove:
			g.hindKind[i], g.hindTop[i] = hnOlive, int8(gr+2)
		case hexmap.Grain:
			g.hindKind[i], g.hindTop[i] = hnGrain, int8(gr+1)
		case hexmap.Tents:
			g.hindKind[i], g.hindTop[i] = hnTents, int8(gr+1)
		case hexmap.CactusPatch:
			g.halfKind[i], g.halfTop[i] = hkRubble, int8(gr+1)
		case hexmap.Crag:
			if broken {
				g.halfKind[i], g.halfTop[i] = hkRubble, int8(gr+1)
			} else {
				g.hindKind[i], g.hindTop[i] = hnDeir, int8(gr+1)
			}
		case hexmap.Brush, hexmap.Vineyard:
			g.hindKind[i], g.hindTop[i] = hnDeir, int8(gr+1)
		}
		if t.Flags&(hexmap.Hillock|hexmap.HighDune) != 0 && g.halfKind[i] == hkNone {
			g.halfKind[i], g.halfTop[i] = hkHillock, int8(gr)
			if t.Has(hexmap.Summit) {
				g.halfKind[i] = hkSummit
			}
		}
		g.deir[i] = t.Has(hexmap.Deir)
		g.lip[i] = t.Has(hexmap.Lip)
		for d := hexmap.Dir(0); d < 6; d++ {
			g.sides[6*i+int(d)] = m.Side(h, d)
		}
	}
	// hexside obstacles, now that every hex's heights are known
	for _, h := range hexes {
		i := g.idx(h)
		for d := hexmap.Dir(0); d < 6; d++ {
			s := g.sides[6*i+int(d)]
			j := g.idx(h.Neighbor(d))
			if j < 0 {
				continue
			}
			k := 6*i + int(d)
			switch {
			case s&hexmap.SideCrest != 0:
				// a wall rising half a level from the dune's topmost height (7.512)
				tops := int8(noTop)
				for _, x := range [2]int{i, j} {
					if m.Terrain(g.hexAt(x)).Has(hexmap.Dune) {
						tops = max(tops, g.ground[x])
					}
				}
				if tops == noTop {
					tops = max(g.ground[i], g.ground[j])
				}
				g.sideKind[k], g.sideTop[k] = skCrest, tops+1
			case s&(hexmap.SideWall|hexmap.SideHedge) != 0:
				// a hillside wall sits at the higher base level (10.3)
				g.sideKind[k], g.sideTop[k] = skWall, max(g.rim[i], g.rim[j])+1
				g.hillside[k] = g.rim[i] != g.rim[j]
			}
		}
	}
	g.components(hexes)
	for i := range g.crestOf {
		g.crestOf[i] = -1
	}
	for _, h := range hexes {
		i := g.idx(h)
		for d := hexmap.Dir(0); d < 6; d++ {
			if g.sideKind[6*i+int(d)] != skCrest {
				continue
			}
			c := g.dune[i]
			if j := g.idx(h.Neighbor(d)); j >= 0 && (c < 0 || g.dune[j] >= 0 && g.dune[j] < c) {
				c = g.dune[j]
			}
			g.crestOf[6*i+int(d)] = c
		}
	}
	g.lean, g.leanHind = make([]int8, 8*n), make([]int8, 8*n)
	for i := 0; i < n; i++ {
		q := int8(maxQuick)
		if g.present[i] && g.top[i] == noTop && g.halfTop[i] == noTop {
			q = g.rim[i]
		}
		g.lean[8*i], g.leanHind[8*i] = q, q
		if g.present[i] && g.hindKind[i] != hnNone {
			g.leanHind[8*i] = maxQuick
		}
		g.lean[8*i+7], g.leanHind[8*i+7] = maxQuick, maxQuick
		for d := 0; d < 6; d++ {
			e := int8(minQuick)
			if g.sideKind[6*i+d] != skNone {
				e = maxQuick
			}
			g.lean[8*i+1+d], g.leanHind[8*i+1+d] = e, e
		}
	}
	g.leanC, g.leanHindC = make([]int8, 2*n), make([]int8, 2*n)
	walled := make([]bool, n)
	g.walled = walled
	for d := hexmap.Dir(0); d < 6; d++ {
		v := d.Vec()
		g.nbr[d] = v.Q*g.h + v.R
	}
	for i := 0; i < n; i++ {
		g.leanC[2*i], g.leanHindC[2*i] = g.lean[8*i], g.leanHind[8*i]
		g.leanC[2*i+1], g.leanHindC[2*i+1] = maxQuick, maxQuick
	}
	for i := 0; i < n; i++ {
		for d := hexmap.Dir(0); d < 6; d++ {
			if g.lean[8*i+1+int(d)] == minQuick {
				continue
			}
			// the hexside's two hexes, whichever the thread crosses from
			for _, j := range [2]int{i, g.slot(g.hexAt(i).Neighbor(d))} {
				if j >= 0 {
					g.leanC[2*j], g.leanHindC[2*j] = maxQuick, maxQuick
					walled[j] = true
				}
			}
		}
	}
	g.obst = make([]int8, n)
	for i := 0; i < n; i++ {
		g.obst[i] = noTop
		if g.present[i] && !walled[i] && g.halfTop[i] == noTop {
			g.obst[i] = g.top[i]
		}
	}
	return g
}

// components numbers the hillocks (6.1: all hillock hexes of one mass) and
// the wadis (hexes joined across wadi hexsides, 5.21) in map order.
func (g *Grid) components(hexes []hexmap.Hex) {
	var stack []hexmap.Hex
	nh, nw := int32(0), int32(0)
	for _, h := range hexes {
		i := g.idx(h)
		if g.halfKind[i] == hkHillock || g.halfKind[i] == hkSummit {
			if g.group[i] < 0 {
				stack = append(stack[:0], h)
				g.group[i] = 2 * nh
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for _, y := range x.Neighbors() {
						j := g.idx(y)
						if j >= 0 && g.group[j] < 0 && (g.halfKind[j] == hkHillock || g.halfKind[j] == hkSummit) {
							g.group[j] = 2 * nh
							stack = append(stack, y)
						}
					}
				}
				nh++
			}
		}
		if g.m.Terrain(h).Has(hexmap.Wadi) && g.wadi[i] < 0 {
			stack = append(stack[:0], h)
			g.wadi[i] = nw
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				xi := g.idx(x)
				for d := hexmap.Dir(0); d < 6; d++ {
					if g.sides[6*xi+int(d)]&hexmap.SideWadi == 0 {
						continue
					}
					y := x.Neighbor(d)
					j := g.idx(y)
					if j >= 0 && g.wadi[j] < 0 && g.m.Terrain(y).Has(hexmap.Wadi) {
						g.wadi[j] = nw
						stack = append(stack, y)
					}
				}
			}
			nw++
		}
	}
	for _, h := range hexes {
		if i := g.idx(h); g.halfKind[i] == hkSummit {
			g.group[i]++
		}
	}
	nd := int32(0)
	for _, h := range hexes {
		i := g.idx(h)
		if g.dune[i] >= 0 || !g.m.Terrain(h).Has(hexmap.Dune) {
			continue
		}
		stack = append(stack[:0], h)
		g.dune[i] = nd
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range x.Neighbors() {
				if j := g.idx(y); j >= 0 && g.dune[j] < 0 && g.m.Terrain(y).Has(hexmap.Dune) {
					g.dune[j] = nd
					stack = append(stack, y)
				}
			}
		}
		nd++
	}
}

// Map is the map the grid was built from.
func (g *Grid) Map() *hexmap.Map { return g.m }

// idx is h's slot, or -1 off the map.
func (g *Grid) idx(h hexmap.Hex) int {
	q, r := h.Q-g.minQ, h.R-g.minR
	if q < 0 || q >= g.w || r < 0 || r >= g.h {
		return -1
	}
	i := q*g.h + r
	if !g.present[i] {
		return -1
	}
	return i
}

// slot is h's slot in the box whether on the map or not, or -1 outside it.
func (g *Grid) slot(h hexmap.Hex) int {
	q, r := h.Q-g.minQ, h.R-g.minR
	if q < 0 || q >= g.w || r < 0 || r >= g.h {
		return -1
	}
	return q*g.h + r
}

func (g *Grid) hexAt(i int) hexmap.Hex {
	return hexmap.Hex{Q: i/g.h + g.minQ, R: i%g.h + g.minR}
}

// side is the flags of the hexside of slot i in direction d.
func (g *Grid) side(i int, d hexmap.Dir) hexmap.SideFlags { return g.sides[6*i+int(d)] }

// sideBetween is the slot of the hexside from hex a (slot i) to adjacent b.
func sideSlot(i int, a, b hexmap.Hex) int {
	d, _ := a.DirTo(b)
	return 6*i + int(d)
}
