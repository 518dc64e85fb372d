package raster

import (
	"math"

	"khamsin/hexmap"
)

// Buildings and the special overlays: stone buildings (F.1), the citadel
// (12.43), the mausoleum (12.44) and Bedouin tents (12.45).

func (j *job) decoStructures(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil {
		return
	}
	switch c.t.Cover {
	case hexmap.Building:
		j.buildings(b, h, false)
	case hexmap.Citadel:
		j.buildings(b, h, true)
	case hexmap.Mausoleum:
		j.mausoleum(b, h)
	case hexmap.Tents:
		j.tents(b, h)
	}
}

// block is a rectangular building: centre, half sizes and the direction
// of its long axis.
type block struct {
	c      pt
	hw, hh float64
	axis   pt
}

func (k block) corners(grow float64, off pt) []pt {
	n := k.axis.perp()
	c := k.c.add(off)
	ax, ny := k.axis.mul(k.hw+grow), n.mul(k.hh+grow)
	return []pt{c.add(ax).add(ny), c.sub(ax).add(ny), c.sub(ax).sub(ny), c.add(ax).sub(ny)}
}

func (j *job) drawBlocks(b *bandWork, ks []block) {
	s := j.px.Size
	sh := pt{0.05 * s, 0.065 * s}
	for _, k := range ks {
		b.p.poly(k.corners(0, sh)...)
	}
	b.p.fill(colShadow.alpha(0.45))
	for _, k := range ks {
		b.p.poly(k.corners(math.Max(0.7, 0.025*s), pt{})...)
	}
	b.p.fill(colBuildEdge.rgba())
	for _, k := range ks {
		b.p.poly(k.corners(0, pt{})...)
	}
	b.p.fill(colBuilding.rgba())
	for _, k := range ks {
		in := math.Min(0.045*s, 0.35*math.Min(k.hw, k.hh))
		b.p.poly(k.corners(-in, pt{})...)
	}
	b.p.fill(colRoof.rgba())
}

// buildings: one to three grey-stone blocks; a citadel gets a tight
// cluster filling its mesa.
func (j *job) buildings(b *bandWork, h hexmap.Hex, citadel bool) {
	s := j.px.Size
	g := hexRNG(h, saltBuilding)
	c := j.center(h)
	base := float64(g.intn(6)) * math.Pi / 3
	axis := pt{math.Cos(base + g.between(-0.12, 0.12)), math.Sin(base + g.between(-0.12, 0.12))}
	var ks []block
	if citadel {
		for i := 0; i < 4; i++ {
			a := base + float64(i)*math.Pi/2 + math.Pi/4
			at := c.add(pt{math.Cos(a), math.Sin(a)}.mul(0.34 * s))
			ks = append(ks, block{at, s * g.between(0.19, 0.24), s * g.between(0.14, 0.18), axis.rot(float64(i) * math.Pi / 2)})
		}
		ks = append(ks, block{c, 0.15 * s, 0.15 * s, axis})
	} else {
		main := block{c.add(pt{g.between(-0.06, 0.06) * s, g.between(-0.02, 0.08) * s}), s * g.between(0.4, 0.47), s * g.between(0.25, 0.31), axis}
		ks = append(ks, main)
		if g.next() < 0.7 {
			side := main.axis.perp()
			if g.next() < 0.5 {
				side = side.mul(-1)
			}
			ks = append(ks, block{main.c.add(side.mul(main.hh + 0.13*s)).add(main.axis.mul(g.between(-0.15, 0.15) * s)),
				s * g.between(0.17, 0.23), s * g.between(0.13, 0.16), main.axis})
		}
	}
	j.drawBlocks(b, ks)
}

// mausoleum (12.44): a square stone base under a white dome.
func (j *job) mausoleum(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	c := j.center(h).add(pt{0, 0.05 * s})
	j.drawBlocks(b, []block{{c, 0.33 * s, 0.33 * s, pt{1, 0}}})
	r := 0.25 * s
	b.p.circle(c.add(pt{0.04 * s, 0.05 * s}), r)
	b.p.fill(colShadow.alpha(0.4))
	b.p.circle(c, r+math.Max(0.7, 0.025*s))
	b.p.fill(colBuildEdge.rgba())
	b.p.circle(c, r)
	b.p.fill(colDome.rgba())
	b.p.ellipse(c.add(pt{0.06 * s, 0.06 * s}), 0.6*r, 0.6*r, 0)
	b.p.fill(hexRGB(0xb8b2a6).alpha(0.45))
	b.p.circle(c.sub(pt{0.07 * s, 0.07 * s}), 0.25*r)
	b.p.fill(hexRGB(0xffffff).alpha(0.7))
	b.p.circle(c, math.Max(0.8, 0.03*s))
	b.p.fill(colBuildEdge.rgba())
}

// tents (12.45): long, low Bedouin tents of dark striped goat-hair
// cloth, their fronts open to the lee.
func (j *job) tents(b *bandWork, h hexmap.Hex) {
	s := j.px.Size
	g := hexRNG(h, saltTents)
	c := j.center(h)
	var ks []block
	for i, v := range j.scatter(&g, 3, 0.52) {
		a := g.between(-0.3, 0.3) + float64(i%2)*0.2
		ks = append(ks, block{c.add(v), s * g.between(0.24, 0.3), s * g.between(0.1, 0.13), pt{math.Cos(a), math.Sin(a)}})
	}
	for _, k := range ks {
		b.p.poly(k.corners(0, pt{0.04 * s, 0.05 * s})...)
	}
	b.p.fill(colShadow.alpha(0.35))
	for _, k := range ks {
		b.p.poly(k.corners(math.Max(0.6, 0.02*s), pt{})...)
	}
	b.p.fill(colShadow.rgba())
	for _, k := range ks {
		b.p.poly(k.corners(0, pt{})...)
	}
	b.p.fill(colTent.rgba())
	// lighter stripes across the cloth, and the open front
	for _, k := range ks {
		n := k.axis.perp()
		for i := -2; i <= 2; i++ {
			at := k.c.add(k.axis.mul(float64(i) * k.hw * 0.38))
			b.p.segment(at.add(n.mul(k.hh)), at.sub(n.mul(k.hh)), math.Max(0.6, 0.025*s))
		}
	}
	b.p.fill(colTentLight.alpha(0.8))
	for _, k := range ks {
		n := k.axis.perp()
		front := k.c.add(n.mul(k.hh))
		b.p.segment(front.sub(k.axis.mul(0.6*k.hw)), front.add(k.axis.mul(0.6*k.hw)), math.Max(0.8, 0.035*s))
	}
	b.p.fill(colTentLight.rgba())
}
