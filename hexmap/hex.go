// Package hexmap is Khamsin's geometry and map data: cube coordinates, ASL
// style labels, desert boards and overlays, hexsides and vertices, the LOS
// thread's path and pixel layout. It knows where things are, never what the
// rules make of them (that is package engine).
//
// Hexes are flat-topped and stacked in vertical hexrows (brief §3). Internally
// a hex is an axial/cube coordinate; screen y grows downwards, so "north" is
// up on an unrotated map.
package hexmap

import "fmt"

// Hex is a cube coordinate stored as its two independent axes (q, r); the
// third, s, is always -q-r. Q counts hexrows (columns) left to right.
type Hex struct{ Q, R int }

// S is the third cube axis.
func (h Hex) S() int { return -h.Q - h.R }

func (h Hex) String() string { return fmt.Sprintf("(%d,%d,%d)", h.Q, h.R, h.S()) }

// Add returns h+d.
func (h Hex) Add(d Hex) Hex { return Hex{h.Q + d.Q, h.R + d.R} }

// Sub returns h-d.
func (h Hex) Sub(d Hex) Hex { return Hex{h.Q - d.Q, h.R - d.R} }

// Scale returns h*k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// Dir is one of the six hexside directions, clockwise from north on screen.
type Dir uint8

const (
	North Dir = iota
	NorthEast
	SouthEast
	South
	SouthWest
	NorthWest
)

var dirNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

func (d Dir) String() string { return dirNames[d%6] }

// Opposite is the direction 180° away.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// Turn rotates the direction by k 60° steps clockwise (k may be negative).
func (d Dir) Turn(k int) Dir { return Dir(((int(d)+k)%6 + 6) % 6) }

// dirVec are the unit steps for each Dir.
var dirVec = [6]Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Vec is the unit step in direction d.
func (d Dir) Vec() Hex { return dirVec[d%6] }

// Neighbor is the hex across the side in direction d.
func (h Hex) Neighbor(d Dir) Hex { return h.Add(dirVec[d%6]) }

// Neighbors returns the six adjacent hexes in Dir order.
func (h Hex) Neighbors() [6]Hex {
	var n [6]Hex
	for d := range dirVec {
		n[d] = h.Add(dirVec[d])
	}
	return n
}

// DirTo reports the direction from h to an adjacent hex b.
func (h Hex) DirTo(b Hex) (Dir, bool) {
	v := b.Sub(h)
	for d, u := range dirVec {
		if u == v {
			return Dir(d), true
		}
	}
	return 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Length is the distance from the origin in hexes.
func (h Hex) Length() int { return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2 }

// Distance is the range in hexes between two hexes.
func Distance(a, b Hex) int { return a.Sub(b).Length() }

// Ring lists the hexes exactly radius steps from centre, starting due north
// and going clockwise. Radius 0 is the centre alone.
func Ring(center Hex, radius int) []Hex {
	if radius <= 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	h := center.Add(North.Vec().Scale(radius))
	for side := 0; side < 6; side++ {
		step := Dir(side).Turn(2).Vec() // walking the ring's edge clockwise
		for i := 0; i < radius; i++ {
			out = append(out, h)
			h = h.Add(step)
		}
	}
	return out
}

// Within lists every hex at range ≤ radius from centre, ring by ring.
func Within(center Hex, radius int) []Hex {
	var out []Hex
	for r := 0; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}

// RotateCW turns h about the origin by k 60° steps clockwise on screen
// (negative k turns anticlockwise).
func (h Hex) RotateCW(k int) Hex {
	k = ((k % 6) + 6) % 6
	q, r, s := h.Q, h.R, h.S()
	for i := 0; i < k; i++ {
		q, r, s = -r, -s, -q
	}
	return Hex{q, r}
}

// RotateAround turns h about centre by k 60° steps clockwise.
func (h Hex) RotateAround(center Hex, k int) Hex {
	return h.Sub(center).RotateCW(k).Add(center)
}

// ReflectQ mirrors h across the axis through the origin along which q is
// fixed: swaps r and s. The other two mirrors are ReflectR and ReflectS.
func (h Hex) ReflectQ() Hex { return Hex{h.Q, h.S()} }

// ReflectR mirrors h keeping r fixed (swaps q and s).
func (h Hex) ReflectR() Hex { return Hex{h.S(), h.R} }

// ReflectS mirrors h keeping s fixed (swaps q and r).
func (h Hex) ReflectS() Hex { return Hex{h.R, h.Q} }

// Line returns the hexes from a to b inclusive, one per step of range, by
// sampling the straight segment between their centres. It is exact (integer
// arithmetic) and breaks the half-way ties that arise along hexsides with a
// fixed bias, so Line(a,b) is deterministic; for line of sight use Thread,
// which reports hexspine stretches instead of choosing a side.
func Line(a, b Hex) []Hex {
	n := Distance(a, b)
	out := make([]Hex, 0, n+1)
	if n == 0 {
		return append(out, a)
	}
	const m = 1 << 20 // scale; the bias below is far smaller than m/n's half
	d := b.Sub(a)
	for i := 0; i <= n; i++ {
		// q, r, s of the sample point scaled by n*m, plus a tie-breaking bias
		// that sums to zero so the point stays on the q+r+s=0 plane.
		qn := (a.Q*n+d.Q*i)*m + 1
		rn := (a.R*n+d.R*i)*m + 2
		sn := (a.S()*n+d.S()*i)*m - 3
		out = append(out, cubeRound(qn, rn, sn, n*m))
	}
	return out
}

// cubeRound rounds the cube point (qn, rn, sn)/den to the nearest hex. den > 0
// and the numerators never sit exactly half-way (callers bias them).
func cubeRound(qn, rn, sn, den int) Hex {
	rq, dq := roundDiv(qn, den)
	rr, dr := roundDiv(rn, den)
	rs, ds := roundDiv(sn, den)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{rq, rr}
}

// roundDiv returns the integer nearest num/den and |num - that*den|.
func roundDiv(num, den int) (int, int) {
	q := floorDiv(2*num+den, 2*den)
	return q, abs(num - q*den)
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
