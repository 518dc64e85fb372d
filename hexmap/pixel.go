package hexmap

import "math"

// Pixels lays hexes out on a flat plane: Size is the distance from a hex
// centre to a corner (so a hex is 2·Size wide and √3·Size tall), and the
// centre of axial (0,0) sits at (OriginX, OriginY). y grows downwards.
type Pixels struct {
	Size             float64
	OriginX, OriginY float64
}

// Point is a position on the plane.
type Point struct{ X, Y float64 }

var sqrt3 = math.Sqrt(3)

// Center is h's centre.
func (p Pixels) Center(h Hex) Point {
	return Point{
		X: p.OriginX + p.Size*1.5*float64(h.Q),
		Y: p.OriginY + p.Size*sqrt3*(float64(h.R)+float64(h.Q)/2),
	}
}

// Corner is corner i of h: 0 east, then clockwise on screen (1 south-east,
// 2 south-west, 3 west, 4 north-west, 5 north-east).
func (p Pixels) Corner(h Hex, i int) Point {
	c := p.Center(h)
	a := float64(i%6) * math.Pi / 3
	return Point{c.X + p.Size*math.Cos(a), c.Y + p.Size*math.Sin(a)}
}

// Corners lists h's six corners in Corner order.
func (p Pixels) Corners(h Hex) [6]Point {
	var out [6]Point
	for i := range out {
		out[i] = p.Corner(h, i)
	}
	return out
}

// SideEnds are the two corners bounding the hexside of h in direction d.
func (p Pixels) SideEnds(h Hex, d Dir) (Point, Point) {
	// edge i joins corners i and i+1; see edgeDir in thread.go
	for i, e := range edgeDir {
		if e == d {
			return p.Corner(h, i), p.Corner(h, i+1)
		}
	}
	return Point{}, Point{}
}

// HexAt is the hex containing the point (rounding a fractional cube).
func (p Pixels) HexAt(pt Point) Hex {
	x := (pt.X - p.OriginX) / p.Size
	y := (pt.Y - p.OriginY) / p.Size
	q := x * 2 / 3
	r := y/sqrt3 - q/2
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{int(rq), int(rr)}
}

// MapBounds is the rectangle of the playing area of a map of w×h boards
// under this layout: board edges cut through the A/GG hexrows and the
// even-lettered 0/10 hexes, as on the printed boards.
func (p Pixels) MapBounds(w, h int) (min, max Point) {
	min = Point{p.OriginX, p.OriginY + p.Size*sqrt3/2}
	max = Point{p.OriginX + p.Size*1.5*float64(colPeriod*w), p.OriginY + p.Size*sqrt3*(float64(rowPeriod*h)+0.5)}
	return min, max
}
