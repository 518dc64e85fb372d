package los

import (
	"fmt"

	"khamsin/hexmap"
)

// Location is where a unit is: a hex, its elevation there and its posture.
// The zero posture is a unit standing on the hex's ground (in a wadi hex:
// on the wadi floor, 5.41; on a hillock: on top of it, 6.2).
type Location struct {
	Hex   hexmap.Hex
	Level int // elevation in half levels (2 = level 1)

	// Crest status in a wadi hex (6.0): the unit is on top of a crest
	// counter at the hex's base level, facing Front, the middle of the three
	// hexsides the counter protects.
	Crest bool
	Front hexmap.Dir

	Entrenched bool // in a foxhole, trench or sangar (8.1)
	Emplaced   bool // an Emplaced Gun (F.1A)
}

// At is a unit standing on the ground of h.
func (g *Grid) At(h hexmap.Hex) Location {
	i := g.idx(h)
	if i < 0 {
		return Location{Hex: h}
	}
	return Location{Hex: h, Level: int(g.ground[i])}
}

// CrestAt is a unit in Crest status in wadi hex h, its counter's middle
// hexside facing front (6.0).
func (g *Grid) CrestAt(h hexmap.Hex, front hexmap.Dir) Location {
	i := g.idx(h)
	if i < 0 {
		return Location{Hex: h, Crest: true, Front: front}
	}
	return Location{Hex: h, Level: int(g.rim[i]), Crest: true, Front: front}
}

// dugIn reports an entrenched or emplaced Location.
func (l Location) dugIn() bool { return l.Entrenched || l.Emplaced }

// inWadi reports a unit down in a wadi: a wadi hex, not in Crest status and
// below the hex's base level (on the floor, or under a bridge, 5.51).
func (g *Grid) inWadi(l Location, i int) bool {
	return g.wadi[i] >= 0 && !l.Crest && l.Level < int(g.rim[i])
}

// FrontSides are the three hexsides a crest counter protects, as the
// directions from its hex: Front and the hexside either side of it (6.0).
func (l Location) FrontSides() [3]hexmap.Dir {
	return [3]hexmap.Dir{l.Front.Turn(-1), l.Front, l.Front.Turn(1)}
}

// InFront reports whether direction d from the hex is one of the crest
// counter's three front hexsides.
func (l Location) InFront(d hexmap.Dir) bool {
	return l.Crest && (d == l.Front || d == l.Front.Turn(-1) || d == l.Front.Turn(1))
}

// Validate reports why l is not a Location a unit can occupy on the grid's
// map, or nil (LOS-1). The elevation must be the hex's ground; in a wadi
// hex that is the floor (5.41), or the bridge over it (5.51), or the base
// level in Crest status. Crest status needs a wadi hex whose front middle
// hexside the wadi does not cross (6.0) and is itself the unit's
// entrenchment, so it is never also entrenched or emplaced. No unit is
// entrenched or emplaced in a wadi-cliff hex (5.61).
func (g *Grid) Validate(l Location) error {
	i := g.idx(l.Hex)
	if i < 0 {
		return fmt.Errorf("hex %v is not on the map", l.Hex)
	}
	name := g.m.Label(l.Hex)
	if l.dugIn() && g.wadi[i] >= 0 && g.cliffHex(i) {
		what := "entrenched"
		if !l.Entrenched {
			what = "emplaced"
		}
		return fmt.Errorf("%s: no unit may be %s in a wadi-cliff hex (5.61)", name, what)
	}
	if l.Crest && l.dugIn() {
		return fmt.Errorf("%s: Crest status is already the unit's entrenchment (6.0); it cannot also be entrenched or emplaced", name)
	}
	if l.Crest {
		if g.wadi[i] < 0 {
			return fmt.Errorf("%s: Crest status needs a wadi hex (6.0)", name)
		}
		if l.Level != int(g.rim[i]) {
			return fmt.Errorf("%s: a unit in Crest status is at the hex's base level %s (6.0)", name, hexmap.FormatLevel(int(g.rim[i])))
		}
		if g.side(i, l.Front)&hexmap.SideWadi != 0 {
			return fmt.Errorf("%s: the middle hexside of a crest counter may not be one the wadi crosses (6.0); %s is", name, g.m.SideName(l.Hex, l.Front))
		}
		if g.idx(l.Hex.Neighbor(l.Front)) < 0 {
			return fmt.Errorf("%s: the crest front must face a hex of the map", name)
		}
		return nil
	}
	lo, hi := int(g.floor[i]), int(g.ground[i])
	if g.wadi[i] >= 0 && l.Level != lo && l.Level != hi {
		where := "on its floor at level " + hexmap.FormatLevel(lo)
		if hi != lo {
			where += " or on the bridge at level " + hexmap.FormatLevel(hi) + " (5.51)"
		}
		return fmt.Errorf("%s: a unit in this wadi hex is %s (5.41), or at the base level %s only in Crest status (6.0: --crest, --to-crest); not at level %s",
			name, where, hexmap.FormatLevel(int(g.rim[i])), hexmap.FormatLevel(l.Level))
	}
	if l.Level < lo || l.Level > hi {
		if lo == hi {
			return fmt.Errorf("%s: a unit there is at level %s, not %s", name, hexmap.FormatLevel(lo), hexmap.FormatLevel(l.Level))
		}
		return fmt.Errorf("%s: level %s is outside the hex (%s to %s)", name, hexmap.FormatLevel(l.Level), hexmap.FormatLevel(lo), hexmap.FormatLevel(hi))
	}
	return nil
}

// Locations lists every Location of hex h a unit may occupy without
// entrenching: its ground, and in a wadi hex also Crest status (facing the
// first hexside the rules allow; the front does not change LOS).
func (g *Grid) Locations(h hexmap.Hex) []Location {
	i := g.idx(h)
	if i < 0 {
		return nil
	}
	out := []Location{g.At(h)}
	if g.wadi[i] >= 0 && g.floor[i] != g.ground[i] {
		out[0].Level = int(g.floor[i]) // a bridge hex: also under the bridge
		out = append(out, g.At(h))
	}
	if g.wadi[i] >= 0 {
		for d := hexmap.Dir(0); d < 6; d++ {
			if g.side(i, d)&hexmap.SideWadi == 0 && g.idx(h.Neighbor(d)) >= 0 {
				out = append(out, g.CrestAt(h, d))
				break
			}
		}
	}
	return out
}

// AlongWadi reports whether hexes a and b lie in one wadi and the thread
// between them never leaves it (never crosses the wadi's contour): the
// "same wadi" LOS of 5.65 and 6.0.
func (c *Checker) AlongWadi(a, b hexmap.Hex) bool {
	g := c.g
	ia, ib := g.idx(a), g.idx(b)
	if ia < 0 || ib < 0 || g.wadi[ia] < 0 || g.wadi[ia] != g.wadi[ib] {
		return false
	}
	if a == b {
		return true
	}
	c.th.Trace(a, b)
	_, _, out := c.wadiExit(g.wadi[ia], true)
	return !out
}

// InWadi reports whether l is down in a wadi: in a wadi hex, not in Crest
// status, below the hex's base level.
func (g *Grid) InWadi(l Location) bool {
	i := g.idx(l.Hex)
	return i >= 0 && g.inWadi(l, i)
}

// WadiFloor is the level of the floor of wadi hex h in half levels (its
// base level less one level), and false if h is not a wadi hex.
func (g *Grid) WadiFloor(h hexmap.Hex) (int, bool) {
	i := g.idx(h)
	if i < 0 || g.wadi[i] < 0 {
		return 0, false
	}
	return int(g.floor[i]), true
}

// cliffHex reports a wadi-cliff hex: a wadi hex with a cliff hexside (5.6).
func (g *Grid) cliffHex(i int) bool {
	for d := hexmap.Dir(0); d < 6; d++ {
		if g.side(i, d)&hexmap.SideCliff != 0 {
			return true
		}
	}
	return false
}
