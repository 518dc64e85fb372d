package raster

import (
	"image"
	"image/color"
)

// Pen paints shapes, one colour each, into an RGBA image with the board's
// painter and fonts: the window paints its counters with it, so they match
// the board's look and need no GPU.
type Pen struct{ p painter }

// Pt is a point in the image's pixels.
type Pt struct{ X, Y float64 }

func pts(ps []Pt) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = pt{p.X, p.Y}
	}
	return out
}

// NewPen paints into dst.
func NewPen(dst *image.RGBA) *Pen {
	var p Pen
	p.p.begin(dst, dst.Bounds())
	return &p
}

// FillPoly fills the polygon ps.
func (p *Pen) FillPoly(c color.RGBA, ps ...Pt) { p.p.poly(pts(ps)...); p.p.fill(c) }

// Loop strokes the closed outline ps, w pixels wide.
func (p *Pen) Loop(c color.RGBA, w float64, ps []Pt) {
	q := pts(ps)
	p.p.stroke(append(q, q[0]), w)
	p.p.fill(c)
}

// Line strokes from a to b.
func (p *Pen) Line(c color.RGBA, w float64, a, b Pt) {
	p.p.stroke([]pt{{a.X, a.Y}, {b.X, b.Y}}, w)
	p.p.fill(c)
}

// Disc fills a circle.
func (p *Pen) Disc(c color.RGBA, at Pt, r float64) { p.p.circle(pt{at.X, at.Y}, r); p.p.fill(c) }

// Ring strokes a circle.
func (p *Pen) Ring(c color.RGBA, w float64, at Pt, r float64) {
	n := circleSteps(r)
	ps := make([]pt, n+1)
	for i, u := range unitCircles[n] {
		ps[i] = pt{at.X + r*u.x, at.Y + r*u.y}
	}
	ps[n] = ps[0]
	p.p.stroke(ps, w)
	p.p.fill(c)
}

// Text writes s in the board's bold face, px high, centred on (cx, cy).
func (p *Pen) Text(s string, px, cx, cy float64, c color.RGBA) {
	f := faceFor(fontBold, px)
	f.draw(p.p.dst, p.p.clip, s, cx-f.width(s)/2, cy+f.capHeight/2, c, color.RGBA{})
}

// RoundRect is the outline of a rectangle with corners rounded to radius r.
func RoundRect(x0, y0, x1, y1, r float64) []Pt {
	q := roundRect(x0, y0, x1, y1, r)
	out := make([]Pt, len(q))
	for i, v := range q {
		out[i] = Pt{v.x, v.y}
	}
	return out
}
