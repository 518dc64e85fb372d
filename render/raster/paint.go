package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point on the image plane, in pixels.
type pt struct{ x, y float64 }

func (a pt) add(b pt) pt      { return pt{a.x + b.x, a.y + b.y} }
func (a pt) sub(b pt) pt      { return pt{a.x - b.x, a.y - b.y} }
func (a pt) mul(k float64) pt { return pt{a.x * k, a.y * k} }
func (a pt) lerp(b pt, t float64) pt {
	return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
}
func (a pt) len() float64 { return math.Hypot(a.x, a.y) }

// unitVec is a scaled to length 1 (zero stays zero).
func (a pt) unitVec() pt {
	l := a.len()
	if l == 0 {
		return a
	}
	return pt{a.x / l, a.y / l}
}

// perp is a turned 90° (clockwise on screen).
func (a pt) perp() pt { return pt{-a.y, a.x} }

// rot turns a by angle radians about the origin.
func (a pt) rot(angle float64) pt {
	s, c := math.Sincos(angle)
	return pt{a.x*c - a.y*s, a.x*s + a.y*c}
}

// painter fills shapes with x/image/vector. Shapes are collected as closed
// polygons (their winding normalised, so overlapping shapes of one fill
// merge instead of cancelling) and rasterised by fill over their bounding
// box only, clipped to clip, so drawing many small shapes stays cheap and a
// band of rows can be drawn independently of the others.
type painter struct {
	dst  *image.RGBA
	clip image.Rectangle

	z    vector.Rasterizer
	pts  []pt
	subs []int // start of each polygon in pts
	lo   pt
	hi   pt
	mask image.Alpha // coverage of the shapes being filled
	tmp  [128]pt     // scratch for one shape's points
	off  []pt        // scratch for strokes' outlines
}

// begin points the painter at an image region.
func (p *painter) begin(dst *image.RGBA, clip image.Rectangle) {
	p.dst, p.clip = dst, clip.Intersect(dst.Bounds())
	p.reset()
}

func (p *painter) reset() {
	p.pts, p.subs = p.pts[:0], p.subs[:0]
	p.lo = pt{math.Inf(1), math.Inf(1)}
	p.hi = pt{math.Inf(-1), math.Inf(-1)}
}

// poly adds a closed polygon.
func (p *painter) poly(ps ...pt) {
	if len(ps) < 3 {
		return
	}
	var area float64
	for i, a := range ps {
		b := ps[(i+1)%len(ps)]
		area += a.x*b.y - b.x*a.y
	}
	p.subs = append(p.subs, len(p.pts))
	if area >= 0 {
		p.pts = append(p.pts, ps...)
	} else {
		for i := len(ps) - 1; i >= 0; i-- {
			p.pts = append(p.pts, ps[i])
		}
	}
	for _, a := range ps {
		p.lo.x, p.lo.y = math.Min(p.lo.x, a.x), math.Min(p.lo.y, a.y)
		p.hi.x, p.hi.y = math.Max(p.hi.x, a.x), math.Max(p.hi.y, a.y)
	}
}

// circleSteps is how many sides a circle of radius r pixels gets.
func circleSteps(r float64) int {
	n := int(math.Ceil(2 * math.Pi * r / 2.5))
	return max(8, min(n, 64))
}

// unitCircles[n] holds the n points of a unit circle, for n up to 64.
var unitCircles = func() [65][]pt {
	var out [65][]pt
	for n := 8; n <= 64; n++ {
		out[n] = make([]pt, n)
		for i := range out[n] {
			s, c := math.Sincos(2 * math.Pi * float64(i) / float64(n))
			out[n][i] = pt{c, s}
		}
	}
	return out
}()

// ellipse adds an ellipse with radii rx, ry turned by angle.
func (p *painter) ellipse(c pt, rx, ry, angle float64) {
	n := circleSteps(math.Max(rx, ry))
	ps := p.tmp[:n]
	if angle == 0 {
		for i, u := range unitCircles[n] {
			ps[i] = pt{c.x + rx*u.x, c.y + ry*u.y}
		}
	} else {
		s, co := math.Sincos(angle)
		for i, u := range unitCircles[n] {
			ex, ey := rx*u.x, ry*u.y
			ps[i] = pt{c.x + ex*co - ey*s, c.y + ex*s + ey*co}
		}
	}
	p.poly(ps...)
}

// circle adds a disc.
func (p *painter) circle(c pt, r float64) { p.ellipse(c, r, r, 0) }

// blob adds an irregular rounded shape of mean radius r: a circle whose
// radius wobbles by up to wobble·r, seeded from g.
func (p *painter) blob(c pt, r, wobble float64, g *rng) {
	n := circleSteps(r)
	k1, k2 := g.between(0, 2*math.Pi), g.between(0, 2*math.Pi)
	a1, a2 := g.between(0.3, 1)*wobble, g.between(0, 0.6)*wobble
	ps := p.tmp[:n]
	s1, c1 := math.Sincos(k1)
	s2, c2 := math.Sincos(k2)
	for i, u := range unitCircles[n] {
		// sin(2a+k1) and sin(3a+k2) from the unit point (cos a, sin a)
		s2a, c2a := 2*u.y*u.x, u.x*u.x-u.y*u.y
		s3a, c3a := s2a*u.x+c2a*u.y, c2a*u.x-s2a*u.y
		rr := r * (1 + a1*(s2a*c1+c2a*s1) + a2*(s3a*c2+c3a*s2))
		ps[i] = pt{c.x + rr*u.x, c.y + rr*u.y}
	}
	p.poly(ps...)
}

// segment adds a straight stroke of width w from a to b (square ends).
func (p *painter) segment(a, b pt, w float64) {
	n := b.sub(a).unitVec().perp().mul(w / 2)
	p.poly(a.add(n), b.add(n), b.sub(n), a.sub(n))
}

// stroke adds a polyline of width w with mitred joins (for the gentle
// bends of sampled curves) and round caps at both ends.
func (p *painter) stroke(ps []pt, w float64) { p.strokeCaps(ps, w, true, true) }

// strokeCaps is stroke with a choice of round caps: an end without one is
// cut square, so two strokes meeting end to end along the same line (a
// wadi crossing a hexside) join seamlessly.
func (p *painter) strokeCaps(ps []pt, w float64, capStart, capEnd bool) {
	// drop repeated points
	q := p.off[:0]
	for _, a := range ps {
		if len(q) == 0 || a.sub(q[len(q)-1]).len() > 1e-6 {
			q = append(q, a)
		}
	}
	p.off = q
	if len(q) < 2 {
		if len(q) == 1 && (capStart || capEnd) {
			p.circle(q[0], w/2)
		}
		return
	}
	n := len(q)
	out := make([]pt, 2*n)
	for i := range q {
		var d0, d1 pt
		if i > 0 {
			d0 = q[i].sub(q[i-1]).unitVec()
		}
		if i+1 < n {
			d1 = q[i+1].sub(q[i]).unitVec()
		}
		if i == 0 {
			d0 = d1
		}
		if i == n-1 {
			d1 = d0
		}
		m := d0.perp().add(d1.perp()).unitVec()
		cos := m.x*d1.perp().x + m.y*d1.perp().y
		k := w / 2 / math.Max(cos, 0.5) // mitre, limited to 2× the half width
		out[i] = q[i].add(m.mul(k))
		out[2*n-1-i] = q[i].sub(m.mul(k))
	}
	p.poly(out...)
	if capStart {
		p.circle(q[0], w/2)
	}
	if capEnd {
		p.circle(q[n-1], w/2)
	}
}

// fill rasterises everything added since the last fill in colour c (which
// may be translucent) and clears the path. The shapes are rasterised into
// a coverage mask over their bounding box, then composited only where they
// cover something.
func (p *painter) fill(c color.RGBA) {
	defer p.reset()
	if len(p.subs) == 0 || c.A == 0 {
		return
	}
	r := image.Rect(int(math.Floor(p.lo.x)), int(math.Floor(p.lo.y)),
		int(math.Ceil(p.hi.x))+1, int(math.Ceil(p.hi.y))+1).Intersect(p.clip)
	if r.Empty() {
		return
	}
	w, h := r.Dx(), r.Dy()
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	p.z.Reset(w, h)
	p.z.DrawOp = draw.Src
	for i, s := range p.subs {
		e := len(p.pts)
		if i+1 < len(p.subs) {
			e = p.subs[i+1]
		}
		p.z.MoveTo(float32(p.pts[s].x-ox), float32(p.pts[s].y-oy))
		for _, a := range p.pts[s+1 : e] {
			p.z.LineTo(float32(a.x-ox), float32(a.y-oy))
		}
		p.z.ClosePath()
	}
	if cap(p.mask.Pix) < w*h {
		p.mask.Pix = make([]uint8, w*h)
	}
	p.mask.Pix, p.mask.Stride, p.mask.Rect = p.mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	p.z.Draw(&p.mask, p.mask.Rect, image.Opaque, image.Point{})

	// dst = src·m + dst·(1 − srcAlpha·m), all premultiplied, m in 0–255
	sr, sg, sb, sa := uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	const one = 255 * 255
	for y := 0; y < h; y++ {
		mrow := p.mask.Pix[y*w : y*w+w]
		o := p.dst.PixOffset(r.Min.X, r.Min.Y+y)
		drow := p.dst.Pix[o : o+4*w]
		for x, m := range mrow {
			if m == 0 {
				continue
			}
			i := 4 * x
			m32 := uint32(m)
			if m32 == 255 && sa == 255 {
				drow[i], drow[i+1], drow[i+2], drow[i+3] = c.R, c.G, c.B, 255
				continue
			}
			inv := one - sa*m32
			drow[i] = uint8((sr*m32*255 + uint32(drow[i])*inv + one/2) / one)
			drow[i+1] = uint8((sg*m32*255 + uint32(drow[i+1])*inv + one/2) / one)
			drow[i+2] = uint8((sb*m32*255 + uint32(drow[i+2])*inv + one/2) / one)
			drow[i+3] = uint8((sa*m32*255 + uint32(drow[i+3])*inv + one/2) / one)
		}
	}
}

// bezier samples the cubic Bézier a-b-c-d into n+1 points appended to out.
func bezier(out []pt, a, b, c, d pt, n int) []pt {
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		w0, w1, w2, w3 := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		out = append(out, pt{
			w0*a.x + w1*b.x + w2*c.x + w3*d.x,
			w0*a.y + w1*b.y + w2*c.y + w3*d.y,
		})
	}
	return out
}

// clipConvex clips the segment a-b to a convex polygon (any winding) and
// reports the part inside.
func clipConvex(a, b pt, poly []pt) (pt, pt, bool) {
	t0, t1 := 0.0, 1.0
	d := b.sub(a)
	var area float64
	for i, u := range poly {
		v := poly[(i+1)%len(poly)]
		area += u.x*v.y - v.x*u.y
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	for i, u := range poly {
		v := poly[(i+1)%len(poly)]
		e := v.sub(u)
		// inside when cross(e, x-u)·sign >= 0
		num := sign * (e.x*(a.y-u.y) - e.y*(a.x-u.x))
		den := sign * (e.x*d.y - e.y*d.x)
		if den == 0 {
			if num < 0 {
				return a, b, false
			}
			continue
		}
		t := -num / den
		if den > 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return a, b, false
		}
	}
	return a.add(d.mul(t0)), a.add(d.mul(t1)), true
}
