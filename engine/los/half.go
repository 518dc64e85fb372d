package los

import (
	"math"

	"khamsin/hexmap"
)

// Half-level obstacles never cast blind hexes (6.4): each one on the
// thread blocks unless one of the two Locations clears it. A Location
// clears a half-level obstacle
//   - when it is above the obstacle's top (6.42; 6.411 for walls);
//   - when it stands on that hillock (6.4, 6.41: "over that hillock"; a
//     summit is a higher hillock of its own, 6.6);
//   - when it is behind it: the obstacle touches the Location's hex (its
//     hexside or hexspine; for a hillock, any hex of that hillock next to
//     it) and the Location is not entrenched or emplaced — except that a
//     Dune Crest of its own hex never limits even an entrenched Location
//     (7.512). Rubble-like crag and cactus give no such privilege (6.412);
//   - when it is level with the obstacle's top and the obstacle is the first
//     one not otherwise cleared on its side of the thread: "over the next
//     hillock its LOS encounters and beyond such Locations to same or
//     higher" (6.41), the first wall of its own height (6.411). Rubble gives
//     no such allowance (6.412).
// 6.44 (our reading, adopted by ruling): a hillock hex next to an
// entrenched or emplaced Location that is not on that hillock blocks
// whatever the other end's position — behind it, on it or level with its
// top — unless one of the two Locations is above the hillock (6.42). The
// seeds lack 6.44; 7.513's 3rd example is its only evidence (C cannot see
// entrenched units in D0, H1, I1 or J0 beside the High Dunes).
// A hillside wall or hedge is ignored between Locations whose elevations
// differ by a level or more (10.2), entrenched or not.
// The two Locations are treated alike, so the answer is reciprocal.

// entry kinds
const (
	ekHillock uint8 = iota
	ekSummit
	ekRubble
	ekWall
	ekCrest
)

var hexKind = [...]uint8{hkHillock: ekHillock, hkSummit: ekSummit, hkRubble: ekRubble}

// blockRule is the rule behind a half-level obstacle that blocks, chosen
// from the geometry: a hillock between two Locations off any hillock is a
// plain half-level obstacle (6.4); with an end ON a hillock, 6.41 limits
// what it sees beyond; with an end level with the hillock's top but on no
// hillock, it needed to be above it (6.42). A summit is 6.6; crag under
// Broken Terrain 13.1, a cactus patch 13.4. A hillock hex beside a dug-in
// end that only "above" could clear is 6.44 as we read it. A wall or hedge is our
// half-level decision (LOS-7); a Hillside one that blocks is a normal
// wall too (10.1), since 10.2 only ever clears one. A Dune
// Crest is 7.512.
func (c *Checker) blockRule(p *pair, e halfEntry) string {
	if e.pinned {
		return rule6_44
	}
	switch e.kind {
	case ekHillock:
		switch {
		case p.ownA >= 0 || p.ownB >= 0:
			return "6.41"
		case p.ea == e.top || p.eb == e.top:
			return "6.42"
		}
		return "6.4"
	case ekSummit:
		return "6.6"
	case ekRubble:
		if !e.at.IsSide && c.g.m.Terrain(e.at.Hex).Cover == hexmap.CactusPatch {
			return "13.4"
		}
		return "13.1"
	case ekWall:
		if e.hillside {
			// 10.2 only ever clears one (a level or more apart); one that
			// blocks is a normal wall (10.1)
			return "10.1, LOS-7"
		}
		return "LOS-7"
	}
	return "7.512"
}

// rule6_44 is the citation of a block by our reading of the missing 6.44
// (a hillock hex beside an entrenched or emplaced Location).
const rule6_44 = "6.44 (our reading)"

const noGroup = math.MinInt32

// crestGroup - dune is the group of a dune's crest hexsides, far from the
// small negative ids of lone obstacles and the hillock groups (>= 0).
const crestGroup = -1 << 24

type halfEntry struct {
	top        int
	kind       uint8
	hillside   bool
	adjA, adjB bool  // touches the From / To Location's hex
	g1, g2     int32 // hillock groups (or a unique id), noGroup if none
	cleared    bool
	pinned     bool // 6.44: a hillock hex beside a dug-in end, cleared only from above
	at         Where
}

func (e *halfEntry) in(g int32) bool { return g != noGroup && (e.g1 == g || e.g2 == g) }

func (e *halfEntry) shares(f *halfEntry) bool { return e.in(f.g1) || e.in(f.g2) }

// groupOf is the hillock group of slot i, or a unique id for a lone
// rubble-like hex (it is an obstacle of its own).
func (c *Checker) groupOf(i int) int32 {
	if gr := c.g.group[i]; gr >= 0 {
		return gr
	}
	return -int32(len(c.half)) - 1
}

func (c *Checker) addHex(i int, adjA, adjB bool, at Where) {
	c.half = append(c.half, halfEntry{top: int(c.g.halfTop[i]), kind: hexKind[c.g.halfKind[i]],
		adjA: adjA, adjB: adjB, g1: c.groupOf(i), g2: noGroup, at: at})
}

func (c *Checker) addSide(k6 int, adjA, adjB bool, at Where) {
	kind := ekWall
	g1 := -int32(len(c.half)) - 1 // a wall is an obstacle of its own
	if c.g.sideKind[k6] == skCrest {
		kind = ekCrest
		if d := c.g.crestOf[k6]; d >= 0 {
			g1 = crestGroup - d // a dune's crest line is one obstacle (LOS-7)
		}
	}
	c.half = append(c.half, halfEntry{top: int(c.g.sideTop[k6]), kind: kind, hillside: c.g.hillside[k6],
		adjA: adjA, adjB: adjB, g1: g1, g2: noGroup, at: at})
}

func (c *Checker) halfKindName(e halfEntry) string {
	switch e.kind {
	case ekHillock:
		if c.g.m.Terrain(e.at.Hex).Has(hexmap.HighDune) {
			return "high-dune"
		}
		return "hillock"
	case ekSummit:
		return "summit"
	case ekRubble:
		return "rubble"
	case ekCrest:
		return "dune-crest"
	}
	if e.at.IsSide && c.g.m.Side(e.at.Hex, e.at.Dir)&hexmap.SideHedge != 0 {
		return "hedge"
	}
	return "wall"
}

// halfBlock applies the clearing rules above and returns the index of the
// first half-level obstacle left standing, or -1.
func (c *Checker) halfBlock(p *pair) int {
	es := c.half
	if len(es) == 0 {
		return -1
	}
	hillockish := func(e *halfEntry) bool { return e.kind == ekHillock || e.kind == ekSummit }
	for i := range es {
		e := &es[i]
		e.cleared, e.pinned = false, false
		switch {
		case e.kind == ekWall && e.hillside && p.diffLevel:
			e.cleared = true // 10.2
		case p.ea > e.top || p.eb > e.top:
			e.cleared = true // 6.42, 6.411
		case hillockish(e) && (e.adjA && !p.privA && !e.in(p.ownA) || e.adjB && !p.privB && !e.in(p.ownB)):
			e.pinned = true // 6.44 (our reading): beside a dug-in end, only "above" clears it
		case hillockish(e) && (e.in(p.ownA) || e.in(p.ownB)):
			e.cleared = true // 6.4, 6.41: over its own hillock
		case e.kind == ekCrest && (e.adjA || e.adjB):
			e.cleared = true // 7.512: a crest of its own hex, even entrenched
		case e.kind == ekWall && (e.adjA && p.privA || e.adjB && p.privB):
			e.cleared = true // behind the wall
		}
	}
	// behind a hillock: any of its hexes next to the Location's hex
	for i := range es {
		e := &es[i]
		if e.cleared || e.pinned || !hillockish(e) {
			continue
		}
		for j := range es {
			f := &es[j]
			if hillockish(f) && e.shares(f) && (f.adjA && p.privA || f.adjB && p.privB) {
				e.cleared = true
				break
			}
		}
	}
	// level with the top: the first obstacle left on each side (6.41)
	first, last := -1, -1
	for i := range es {
		if !es[i].cleared {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return -1
	}
	allow := func(k, e int) {
		if es[k].top != e || es[k].kind == ekRubble || es[k].pinned {
			return
		}
		x := es[k]
		for i := range es {
			if (i == k || es[i].shares(&x)) && !es[i].pinned {
				es[i].cleared = true
			}
		}
	}
	allow(first, p.ea)
	allow(last, p.eb)
	for i := range es {
		if !es[i].cleared {
			return i
		}
	}
	return -1
}
