package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Round shapes drawn every frame are built here from straight lines.
//
// Why (docs/performance.md, "The window's memory: round marks"): in
// Ebitengine v2.10.4's vector package a circle (Path.Arc, what
// vector.FillCircle and StrokeCircle draw with antialiasing) is cubic
// curves cut into about 79 quadratics, and the stroker offsets each
// quadratic (splitting it up to 64 times) and puts a round join, itself an
// arc, at every joint: one ring 10 px across stroked 1.6 px wide came to
// 1,200–19,900 path operations depending on its sub-pixel centre, a
// rounded marker's outline to 1,300–1,500. An antialiased fill draws every
// operation eight times (one per sample) into a stencil, so one Tobruk pit
// put about 0.8 million vertices a frame into the graphics command queue,
// whose vertex buffer never shrinks: the play window's Go heap held
// 335 MB of it on the defence scenario (and the sangar's rings took an
// idle dawn game to 8.8 GB). A polygon whose sides stray at most
// circleTolerance px from the circle looks the same, is a few dozen line
// operations, and a ring is filled as a band (no stroker at all).

// circleTolerance is how far, in pixels, a polygon's side may stray
// inside its circle: well under the antialiasing's own blur.
const circleTolerance = 0.1

// circleSegments is the number of sides a circle of radius r needs to
// stay within circleTolerance of it (8 to 512).
func circleSegments(r float64) int {
	if !(r > 0) || math.IsInf(r, 0) {
		return 0
	}
	n := 8
	if r > circleTolerance {
		n = int(math.Ceil(math.Pi / math.Acos(1-circleTolerance/r)))
	}
	return min(max(n, 8), 512)
}

// AddCircle adds the circle (x, y, r) to p as a closed polygon, clockwise
// on the screen (y down) or, with reverse, anticlockwise: an anticlockwise
// circle inside a clockwise one is a hole under the non-zero rule.
func AddCircle(p *vector.Path, x, y, r float64, reverse bool) {
	n := circleSegments(r)
	if n == 0 {
		return
	}
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		if reverse {
			a = -a
		}
		px, py := float32(x+r*math.Cos(a)), float32(y+r*math.Sin(a))
		if i == 0 {
			p.MoveTo(px, py)
		} else if i < n {
			p.LineTo(px, py)
		}
	}
	p.Close()
}

// addQuarter adds the quarter circle round (cx, cy) from angle a0 to
// a0+π/2 (radians, y down) to p as line segments, the first point
// included.
func addQuarter(p *vector.Path, cx, cy, r, a0 float64) {
	n := max((circleSegments(r)+3)/4, 1)
	for i := 0; i <= n; i++ {
		a := a0 + math.Pi/2*float64(i)/float64(n)
		p.LineTo(float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a)))
	}
}

// CirclePath is the circle (x, y, r) as a closed polygon (AddCircle).
func CirclePath(x, y, r float64) *vector.Path {
	var p vector.Path
	AddCircle(&p, x, y, r, false)
	return &p
}

// Disc fills the circle (x, y, r), antialiased: vector.FillCircle's look
// from straight lines.
func Disc(dst *ebiten.Image, x, y, r float64, c color.Color) {
	if !(r > 0) {
		return
	}
	FillPath(dst, CirclePath(x, y, r), c)
}

// RingPath is the band between radii r-w/2 and r+w/2 round (x, y): a
// circle's outline w wide, as a fill under the non-zero rule.
func RingPath(x, y, r, w float64) *vector.Path {
	var p vector.Path
	AddCircle(&p, x, y, r+w/2, false)
	if in := r - w/2; in > 0 {
		AddCircle(&p, x, y, in, true)
	}
	return &p
}

// Ring draws the outline of the circle (x, y, r), w wide, antialiased:
// vector.StrokeCircle's look, filled as a band.
func Ring(dst *ebiten.Image, x, y, r, w float64, c color.Color) {
	if !(r > 0) || !(w > 0) {
		return
	}
	FillPath(dst, RingPath(x, y, r, w), c)
}
