package raster

import (
	"math"

	"khamsin/hexmap"
)

// Ground covers and vegetation: scrub (2.1), hammada (3.1), crag, brush,
// woods, orchards and grain (F.2), broken ground, cactus patches, olive
// groves and vineyards (13.1, 13.4–13.6).

// --- ground covers -------------------------------------------------------

func (j *job) decoGround(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil {
		return
	}
	t := c.t
	switch t.Cover {
	case hexmap.Crag:
		j.crag(b, h)
	case hexmap.BrokenGround:
		j.rocks(b, h, saltBroken, 7, 0.05, colCrag)
	case hexmap.Grain:
		j.rows(b, h, 0.13, -0.35, 0.92, colGrainLine, math.Max(0.8, 0.03*j.px.Size), 0)
	case hexmap.Vineyard:
		j.rows(b, h, 0.2, 0.25, 0.86, colVine, math.Max(0.7, 0.022*j.px.Size), 0.032)
	}
	if t.Has(hexmap.Hammada) {
		j.hammada(b, h)
	}
	if t.Has(hexmap.Scrub) {
		j.scrub(b, h)
	}
}

// scrub (2.1): irregular olive and brown clumps with black lines and dots.
func (j *job) scrub(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltScrub)
	c := j.center(h)
	type clump struct {
		at    pt
		r     float64
		olive bool
		seed  uint32
	}
	var cl []clump
	for _, v := range j.scatter(&g, 17, 0.9) {
		cl = append(cl, clump{c.add(v), s * g.between(0.05, 0.1), g.next() < 0.62, uint32(g.next() * (1 << 30))})
	}
	outline := math.Max(0.6, 0.018*s)
	for _, k := range cl {
		r := rng{k.seed}
		b.p.blob(k.at, k.r+outline, 0.35, &r)
	}
	b.p.fill(colScrubDark.alpha(0.55))
	for _, want := range []bool{true, false} {
		for _, k := range cl {
			if k.olive == want {
				r := rng{k.seed}
				b.p.blob(k.at, k.r, 0.35, &r)
			}
		}
		if want {
			b.p.fill(colScrubOlive.rgba())
		} else {
			b.p.fill(colScrubBrown.rgba())
		}
	}
	// black dots and short strokes between the clumps
	dr := math.Max(0.45, 0.017*s)
	for _, v := range j.scatter(&g, 18, 0.92) {
		b.p.circle(c.add(v), dr*g.between(0.8, 1.3))
	}
	for i := 0; i < 9; i++ {
		v := pt{g.between(-0.6, 0.6) * s, g.between(-0.55, 0.55) * s}
		if !j.inHex(v, 0.85) {
			continue
		}
		a := g.between(0, math.Pi)
		dv := pt{math.Cos(a), math.Sin(a)}.mul(0.06 * s)
		b.p.segment(c.add(v).sub(dv), c.add(v).add(dv), math.Max(0.6, 0.02*s))
	}
	b.p.fill(colScrubDark.rgba())
}

// angular returns an irregular angular stone outline.
func angular(c pt, r float64, g *rng) []pt {
	n := 4 + g.intn(3)
	a0 := g.between(0, 2*math.Pi)
	out := make([]pt, n)
	for i := range out {
		a := a0 + (float64(i)+g.between(-0.3, 0.3))*2*math.Pi/float64(n)
		rr := r * g.between(0.65, 1.15)
		out[i] = pt{c.x + rr*math.Cos(a), c.y + rr*math.Sin(a)}
	}
	return out
}

// shrink pulls a polygon towards its centroid by factor k.
func shrink(ps []pt, k float64) []pt {
	var m pt
	for _, p := range ps {
		m = m.add(p)
	}
	m = m.mul(1 / float64(len(ps)))
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = m.lerp(p, k)
	}
	return out
}

// hammada (3.1): black dots (from the shading pass) and angular stones with
// buff interiors.
func (j *job) hammada(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltHammada)
	c := j.center(h)
	var stones [][]pt
	for _, v := range j.scatter(&g, 11, 0.86) {
		stones = append(stones, angular(c.add(v), s*g.between(0.07, 0.13), &g))
	}
	for _, st := range stones {
		b.p.poly(st...)
	}
	b.p.fill(colStoneEdge.rgba())
	for _, st := range stones {
		b.p.poly(shrink(st, 0.7)...)
	}
	b.p.fill(colStoneFill.rgba())
}

// crag (F.2): large grey rocks with dark edges.
func (j *job) crag(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltCrag)
	c := j.center(h)
	var rocks [][]pt
	for _, v := range j.scatter(&g, 6, 0.8) {
		rocks = append(rocks, angular(c.add(v), s*g.between(0.2, 0.3), &g))
	}
	sh := pt{0.04 * s, 0.05 * s}
	for _, r := range rocks {
		q := make([]pt, len(r))
		for i := range r {
			q[i] = r[i].add(sh)
		}
		b.p.poly(q...)
	}
	b.p.fill(colShadow.alpha(0.35))
	for _, r := range rocks {
		b.p.poly(r...)
	}
	b.p.fill(colCragDark.rgba())
	for _, r := range rocks {
		b.p.poly(shrink(r, 0.8)...)
	}
	b.p.fill(colCrag.rgba())
	for _, r := range rocks {
		q := shrink(r, 0.45)
		for i := range q {
			q[i] = q[i].sub(sh.mul(0.7))
		}
		b.p.poly(q...)
	}
	b.p.fill(colCragLight.rgba())
}

// rocks: a scatter of small stones (broken ground, 13.1).
func (j *job) rocks(b *bandWork, h hexmap.Hex, salt uint32, n int, size float64, col rgb) {
	s := j.px.Size
	g := hexRNG(h, salt)
	c := j.center(h)
	var rs [][]pt
	for _, v := range j.scatter(&g, n, 0.85) {
		rs = append(rs, angular(c.add(v), s*size*g.between(0.8, 1.4), &g))
	}
	for _, r := range rs {
		b.p.poly(r...)
	}
	b.p.fill(colCragDark.rgba())
	for _, r := range rs {
		b.p.poly(shrink(r, 0.65)...)
	}
	b.p.fill(col.rgba())
}

// rows draws parallel lines across the hex (grain furrows, vine rows),
// spacing and width in pixels relative to the hex size; dotR > 0 adds
// plants along them.
func (j *job) rows(b *bandWork, h hexmap.Hex, spacing, angle, k float64, col rgb, width, dotR float64) {
	s := j.px.Size
	c := j.center(h)
	poly := j.hexPoly(h, k)
	dir := pt{math.Cos(angle), math.Sin(angle)}
	nrm := dir.perp()
	sp := spacing * s
	var plants []pt
	for off := -s; off <= s; off += sp {
		a := c.add(nrm.mul(off)).sub(dir.mul(1.2 * s))
		e := c.add(nrm.mul(off)).add(dir.mul(1.2 * s))
		p, q, ok := clipConvex(a, e, poly)
		if !ok {
			continue
		}
		b.p.segment(p, q, width)
		if dotR > 0 {
			l := q.sub(p).len()
			for t := 0.5 * sp; t < l; t += 0.5 * sp {
				plants = append(plants, p.add(dir.mul(t)))
			}
		}
	}
	b.p.fill(col.alpha(0.8))
	for _, pl := range plants {
		b.p.circle(pl, dotR*s)
	}
	b.p.fill(col.rgba())
}

// --- vegetation (F.2, 13.4, 13.5) ---------------------------------------

func (j *job) decoVegetation(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil {
		return
	}
	switch c.t.Cover {
	case hexmap.Brush:
		j.brush(b, h)
	case hexmap.Woods:
		j.woods(b, h)
	case hexmap.Orchard:
		j.orchard(b, h, colOrchard, 0.075, false)
	case hexmap.OliveGrove:
		j.orchard(b, h, colOlive, 0.065, true)
	case hexmap.CactusPatch:
		j.cactus(b, h)
	}
}

// brush: light green tufts.
func (j *job) brush(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltBrush)
	c := j.center(h)
	w := math.Max(0.7, 0.028*s)
	type blade struct{ a, e pt }
	var bl []blade
	for _, v := range j.scatter(&g, 16, 0.88) {
		base := c.add(v)
		for k := 0; k < 6; k++ {
			a := -math.Pi/2 + (float64(k)-2.5)*0.38 + g.between(-0.15, 0.15)
			l := s * g.between(0.07, 0.12)
			bl = append(bl, blade{base, base.add(pt{math.Cos(a), math.Sin(a)}.mul(l))})
		}
	}
	off := pt{0.012 * s, 0.012 * s}
	for _, x := range bl {
		b.p.segment(x.a.add(off), x.e.add(off), w*1.3)
	}
	b.p.fill(colBrushDark.rgba())
	for _, x := range bl {
		b.p.segment(x.a, x.e, w)
	}
	b.p.fill(colBrush.rgba())
}

// woods: a canopy of dark green blobs.
func (j *job) woods(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltWoods)
	c := j.center(h)
	type tree struct {
		at   pt
		r    float64
		seed uint32
	}
	var ts []tree
	for _, v := range j.scatter(&g, 14, 0.7) {
		ts = append(ts, tree{c.add(v), s * g.between(0.17, 0.25), uint32(g.next() * (1 << 30))})
	}
	for _, t := range ts {
		r := rng{t.seed}
		b.p.blob(t.at.add(pt{0.04 * s, 0.05 * s}), t.r, 0.12, &r)
	}
	b.p.fill(colShadow.alpha(0.35))
	for _, t := range ts {
		r := rng{t.seed}
		b.p.blob(t.at, t.r+math.Max(0.7, 0.025*s), 0.12, &r)
	}
	b.p.fill(colTreeDark.rgba())
	for _, t := range ts {
		r := rng{t.seed}
		b.p.blob(t.at, t.r, 0.12, &r)
	}
	b.p.fill(colWoods.rgba())
	for _, t := range ts {
		r := rng{t.seed}
		b.p.blob(t.at.sub(pt{0.3 * t.r, 0.3 * t.r}), 0.5*t.r, 0.15, &r)
	}
	b.p.fill(colWoodsLight.rgba())
}

// orchard: rows of small round trees (olive groves greyer, smaller and
// less regular).
func (j *job) orchard(b *bandWork, h hexmap.Hex, col rgb, size float64, irregular bool) {
	s := j.px.Size
	c := j.center(h)
	g := hexRNG(h, saltOrchard)
	type tree struct {
		at   pt
		seed uint32
	}
	var ts []tree
	step := 0.3 * s
	for iy := -3; iy <= 3; iy++ {
		for ix := -3; ix <= 3; ix++ {
			v := pt{float64(ix) * step, float64(iy) * step * 0.9}
			if j.inHex(v, 0.8) {
				v = v.add(pt{g.between(-0.02, 0.02) * s, g.between(-0.02, 0.02) * s})
				ts = append(ts, tree{c.add(v), uint32(g.next() * (1 << 30))})
			}
		}
	}
	r := size * s
	o := math.Max(0.6, 0.02*s)
	shape := func(t tree, r float64) {
		if irregular {
			gg := rng{t.seed}
			b.p.blob(t.at, r, 0.25, &gg)
		} else {
			b.p.circle(t.at, r)
		}
	}
	for _, t := range ts {
		b.p.circle(t.at.add(pt{0.03 * s, 0.035 * s}), r)
	}
	b.p.fill(colShadow.alpha(0.3))
	for _, t := range ts {
		shape(t, r+o)
	}
	b.p.fill(colTreeDark.rgba())
	for _, t := range ts {
		shape(t, r)
	}
	b.p.fill(col.rgba())
}

// cactus patch (13.4): clusters of green paddles.
func (j *job) cactus(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltCactus)
	c := j.center(h)
	type pad struct {
		at     pt
		rx, ry float64
		a      float64
	}
	var ps []pad
	for _, v := range j.scatter(&g, 7, 0.8) {
		base := c.add(v)
		for k := 0; k < 3; k++ {
			a := -math.Pi/2 + (float64(k)-1)*0.7 + g.between(-0.2, 0.2)
			l := s * 0.07
			ps = append(ps, pad{base.add(pt{math.Cos(a), math.Sin(a)}.mul(l)), 0.07 * s, 0.04 * s, a})
		}
	}
	o := math.Max(0.6, 0.02*s)
	for _, p := range ps {
		b.p.ellipse(p.at, p.rx+o, p.ry+o, p.a)
	}
	b.p.fill(colTreeDark.rgba())
	for _, p := range ps {
		b.p.ellipse(p.at, p.rx, p.ry, p.a)
	}
	b.p.fill(colCactus.rgba())
}
