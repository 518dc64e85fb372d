package climate

import "khamsin/hexmap"

// Sun blindness (11.61–11.612).
//
// The zone. A unit's Sun Blindness Zone is the 60° wedge whose apex is the
// centre of its hex and whose axis points due east (Early Morning) or due
// west (Late Afternoon), edges included, running to the edge of the playing
// area. A LOS from centre to centre lies wholly inside that wedge exactly when
// the target hex's centre does (the wedge is convex and its apex is the
// LOS's start), so a hex belongs to the zone when its centre dot does, even
// though its outer vertices may stick out, as the illustrations note.
//
// The geometry is exact. A hex offset (q, r) from the firer has its centre
// at x = 3q/2, y = (2r+q)·√3/2 hex radii (flat-topped hexes, screen y down).
// In the doubled coordinates X = 3q, Y = 2r+q, x = X/2 and y = Y·√3/2, so:
//   - the wedge around +x (|y| ≤ x·tan 30°) is 3|Y| ≤ X;
//   - the wedge around +y (|x| ≤ y·tan 30°) is |X| ≤ Y;
//
// and likewise for −x and −y. No floating point is involved.
//
// Which screen axis is east depends on where north is: north up puts east
// to the right (+x), north right puts it down (+y), north down to the left
// (−x), north left up (−y). With north up or down the hexrows run
// north–south and the wedge's edges pass through the centres of the hexes
// strung out from the firer's NE/SE (or NW/SW) hexsides; with north left or
// right they run east–west and the edges pass through the firer's vertices.

// doubled returns the doubled coordinates of a hex offset (see above).
func doubled(d hexmap.Hex) (x, y int) { return 3 * d.Q, 2*d.R + d.Q }

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// axis is a screen axis direction: 0 = +x (right), 1 = +y (down), 2 = −x,
// 3 = −y.
func sunAxis(s Sun, n North) int {
	east := int(n) // up→right(0), right→down(1), down→left(2), left→up(3)
	if s == SunWest {
		return (east + 2) % 4
	}
	return east % 4
}

func inWedge(x, y, axis int) bool {
	switch axis {
	case 0:
		return 3*iabs(y) <= x
	case 1:
		return iabs(x) <= y
	case 2:
		return 3*iabs(y) <= -x
	default:
		return iabs(x) <= -y
	}
}

// InSunZone reports whether hex to lies in the Sun Blindness Zone of a unit
// in hex from. The firer's own hex is not in its zone.
func InSunZone(from, to hexmap.Hex, s Sun, n North) bool {
	if s == NoSun || from == to {
		return false
	}
	x, y := doubled(to.Sub(from))
	return inWedge(x, y, sunAxis(s, n))
}

// SunZone appends to dst, in the order given, those of hexes that lie in the
// Sun Blindness Zone of a unit in from: the set the GUI shades. hexes is
// normally every hex of the map (hexmap.Map.Hexes).
func SunZone(dst []hexmap.Hex, from hexmap.Hex, s Sun, n North, hexes []hexmap.Hex) []hexmap.Hex {
	if s == NoSun {
		return dst
	}
	axis := sunAxis(s, n)
	fx, fy := doubled(from)
	for _, h := range hexes {
		x, y := doubled(h)
		x, y = x-fx, y-fy
		if (x != 0 || y != 0) && inWedge(x, y, axis) {
			dst = append(dst, h)
		}
	}
	return dst
}

// SunBlinds applies every condition of 11.611 (and 11.612 for the west):
// sun blindness in force; an attack that rolls TH or non-ordnance IFT and
// is not OBA, DC, FT (or CC); neither side Aerial; the target in the firer's
// zone; the LOS extended past the target not blocked by an obstacle two or
// more levels above the target (asked of a.ExtensionBlocked last, as it is
// the costly question); firer neither two or more levels above the target
// nor in its hex.
func SunBlinds(env Environment, a Attack) bool { return sunBlinds(Assess(env), env.North, a) }

func sunBlinds(as Assessment, n North, a Attack) bool {
	if as.Sun == NoSun {
		return false
	}
	switch a.Kind {
	case OBA, DC, FT, CC, Aerial:
		return false
	}
	if a.TargetAerial || a.From == a.To || a.FirerLevel-a.TargetLevel >= 4 {
		return false
	}
	if !InSunZone(a.From, a.To, as.Sun, n) {
		return false
	}
	return a.ExtensionBlocked == nil || !a.ExtensionBlocked()
}

// HexLister is anything that lists a map's hexes (hexmap.Map does).
type HexLister interface{ Hexes() []hexmap.Hex }

// SunZoneOnMap is the Sun Blindness Zone of a unit in from on map m under
// env: empty unless sun blindness is in force (Early Morning or Late
// Afternoon, 11.61), oriented by env.North.
func SunZoneOnMap(env Environment, m HexLister, from hexmap.Hex) []hexmap.Hex {
	s := Assess(env).Sun
	if s == NoSun {
		return nil
	}
	return SunZone(nil, from, s, env.North, m.Hexes())
}
