package climate

import (
	"khamsin/engine/internal/enum"
	"khamsin/hexmap"
)

// WindForce is the arid wind force table's result (11.5). Gusts are a
// separate flag (Environment.Gusts): they come from the weather chart
// (Clear & Gusty) or a later wind change.
type WindForce uint8

const (
	NoWind     WindForce = iota // dr 1: no wind, so no wind-direction DRM
	MildBreeze                  // dr 2–5: wind-direction DRM, smoke disperses
	HeavyWind                   // dr 6: fire spreads downwind only
	numWinds
)

var windNames = enum.Names[WindForce]{Of: "wind", Words: []string{"none", "mild-breeze", "heavy-wind"}}

func (w WindForce) String() string { return windNames.String(w) }

// ParseWindForce reads the names String prints.
func ParseWindForce(s string) (WindForce, error) { return windNames.Parse(s) }

// WindChart reads the 11.5 table for a dr of 1–6.
func WindChart(dr int) WindForce {
	switch {
	case dr <= 1:
		return NoWind
	case dr >= 6:
		return HeavyWind
	}
	return MildBreeze
}

// WindDirection is our reading of the wind-direction dr, which the seeds use
// (11.761 speaks of the hex "directly upwind") but never define: a dr of 1–6
// names the upwind hexside as hexmap.Dir(dr−1), N, NE, SE, S, SW, NW on the
// screen.
func WindDirection(dr int) hexmap.Dir { return hexmap.Dir(((dr-1)%6 + 6) % 6) }

// Exit says where a LOS leaves its firer's hex: through the hexside in
// direction Side, or, when Spine is set, exactly through the vertex between
// Side and the next side clockwise (Side+1).
type Exit struct {
	Side  hexmap.Dir
	Spine bool
}

func (e Exit) String() string {
	if e.Spine {
		return "vertex " + e.Side.String() + "/" + e.Side.Turn(1).String()
	}
	return "side " + e.Side.String()
}

// vertexVec[k] points from a hex centre to its vertex between sides k and
// k+1, in doubled coordinates (see doubled in sunblind.go).
var vertexVec = [6][2]int{{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}}

func cross(ax, ay, bx, by int) int { return ax*by - ay*bx }

// ExitOf is where the straight centre-to-centre LOS from one hex to another
// leaves the first hex, computed exactly. ok is false for the same hex.
func ExitOf(from, to hexmap.Hex) (e Exit, ok bool) {
	x, y := doubled(to.Sub(from))
	if x == 0 && y == 0 {
		return Exit{}, false
	}
	for k := 0; k < 6; k++ {
		v := vertexVec[k]
		if cross(v[0], v[1], x, y) == 0 && v[0]*x+v[1]*y > 0 {
			return Exit{Side: hexmap.Dir(k), Spine: true}, true
		}
	}
	for d := 0; d < 6; d++ {
		a, b := vertexVec[(d+5)%6], vertexVec[d]
		if cross(a[0], a[1], x, y) > 0 && cross(x, y, b[0], b[1]) > 0 {
			return Exit{Side: hexmap.Dir(d)}, true
		}
	}
	return Exit{}, false // unreachable: the six sides and vertices cover every bearing
}

// IntoWind reports an attack "directly into" the wind (11.761): the LOS
// leaving the firer's hex crosses the hexside it shares with the upwind
// neighbour, or runs along another hexside of that neighbour, which happens
// exactly when it leaves through either end vertex of the shared side.
func IntoWind(e Exit, upwind hexmap.Dir) bool {
	if !e.Spine {
		return e.Side == upwind
	}
	return e.Side == upwind || e.Side.Turn(1) == upwind
}
