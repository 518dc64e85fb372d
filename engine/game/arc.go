package game

import "khamsin/hexmap"

// Facing and firing arcs, one rule for both (issue 17 B): a vehicle's or
// gun's front (front or side armour) and a bunker's firing arc are the
// half-plane in front of its facing hexside — that hexside and the two
// beside it — with a hex exactly abeam counted as in front (docs/rules.md,
// "Front and side"). The test is exact, in integers (brief §4): no
// floating point, no epsilon.

// cubeDot is the dot product of two cube vectors: q·q′ + r·r′ + s·s′. On
// flat-topped hexes of unit size the Euclidean dot product of their
// centres' offsets is 3/2 of it, so its sign is the sign of the cosine of
// the angle between them, exactly.
func cubeDot(a, b hexmap.Hex) int { return a.Q*b.Q + a.R*b.R + a.S()*b.S() }

// inFrontArc reports whether hex h lies in the front half-plane of a
// counter in hex at facing f: at most 90° off the facing, as seen from
// at's centre. A counter's own hex is in its arc.
func inFrontArc(at hexmap.Hex, f hexmap.Dir, h hexmap.Hex) bool {
	return cubeDot(h.Sub(at), f.Vec()) >= 0
}
