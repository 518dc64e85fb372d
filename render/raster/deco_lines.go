package raster

import (
	"math"

	"khamsin/hexmap"
)

// Linear features: wadi beds and cliffs (5.1, 5.6), roads and bridges
// (9.3, 11.74, 5.51), and hexside marks: walls, hedges and dune crests
// (10.1, 13.3, 7.51).

// --- wadis (5.1, 5.6) ----------------------------------------------------

func (j *job) wadiBranches(h hexmap.Hex) ([][]pt, bool) {
	br, _, ok := j.wadiBranchesTails(h)
	return br, ok
}

// wadiBranchesTails is wadiBranches, also saying which branches end in a
// head's sliver beyond the hex.
func (j *job) wadiBranchesTails(h hexmap.Hex) ([][]pt, []bool, bool) {
	c := j.cellOf(h)
	if c == nil || !c.t.Has(hexmap.Wadi) {
		return nil, nil, false
	}
	dirs := sidesWith(c, hexmap.SideWadi)
	br := j.channel(h, dirs, 0.1, saltWadi)
	// A wadi hexside towards a hex that is no wadi hex is a head's: the
	// bed runs on over it and dies out in a sliver a little way into the
	// neighbour (5.5: the art passes through two sides of the head; the
	// neighbour, holding it along one side only, is no wadi hex, 5.1).
	tails := make([]bool, len(br))
	for i, d := range dirs {
		if n := j.cellOf(h.Neighbor(d)); n != nil && !n.t.Has(hexmap.Wadi) {
			m := j.sideMid(h, d)
			tail := m.add(pt{sideNX[d], sideNY[d]}.mul(0.22 * j.px.Size))
			br[i] = append([]pt{tail}, br[i]...)
			tails[i] = true
		}
	}
	return br, tails, true
}

func (j *job) strokeWadi(b *bandWork, h hexmap.Hex, width float64) bool {
	br, tails, ok := j.wadiBranchesTails(h)
	if !ok {
		return false
	}
	if len(br) == 0 { // a lone wadi hex: a dry pan
		b.p.blob(j.center(h), 0.5*width+0.05*j.px.Size, 0.12, &rng{hash3(int32(h.Q), int32(h.R), saltWadi)})
		return true
	}
	for i, l := range br {
		b.p.strokeCaps(l, width, tails[i], true) // a head's sliver ends rounded
	}
	return true
}

func (j *job) decoWadiShadow(b *bandWork, h hexmap.Hex) {
	if j.strokeWadi(b, h, 0.86*j.px.Size) {
		b.p.fill(colWadiBank.alpha(0.22))
	}
}

func (j *job) decoWadiBank(b *bandWork, h hexmap.Hex) {
	if j.strokeWadi(b, h, 0.6*j.px.Size) {
		b.p.fill(colWadiBank.rgba())
	}
}

func (j *job) decoWadiBed(b *bandWork, h hexmap.Hex) {
	if !j.strokeWadi(b, h, 0.46*j.px.Size) {
		return
	}
	b.p.fill(colWadiBed.rgba())
	// gravel on the floor
	br, _ := j.wadiBranches(h)
	s := j.px.Size
	g := hexRNG(h, saltPebbles)
	r := math.Max(0.4, 0.018*s)
	for _, l := range br {
		for i := 1; i+1 < len(l); i += 2 {
			if g.next() < 0.45 {
				continue
			}
			dir := l[i+1].sub(l[i-1]).unitVec().perp()
			b.p.circle(l[i].add(dir.mul(g.between(-0.15, 0.15)*s)), r*g.between(0.8, 1.4))
		}
	}
	b.p.fill(colWadiPebble.alpha(0.8))
}

// decoCliffs draws wadi cliffs (5.6) as a line on the hexside with
// hachures pointing down into the lower hex.
func (j *job) decoCliffs(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil {
		return
	}
	s := j.px.Size
	for d := hexmap.Dir(0); d < 6; d++ {
		if !c.side[d].Has(hexmap.SideCliff) {
			continue
		}
		nb := j.cellOf(h.Neighbor(d))
		if nb != nil && d >= 3 {
			continue // drawn from the other hex
		}
		in := -1.0 // hachures into h (−normal) or into the neighbour (+normal); 0 both
		if nb != nil {
			in = cliffSide(c.t, nb.t)
		}
		a, e := j.sideEnds(h, d)
		a, e = a.lerp(e, 0.03), a.lerp(e, 0.97)
		n := pt{sideNX[d], sideNY[d]}
		b.p.segment(a, e, math.Max(1, 0.065*s))
		ticks := 6
		for i := 0; i < ticks; i++ {
			p := a.lerp(e, (float64(i)+0.5)/float64(ticks))
			along := e.sub(a).unitVec().mul(math.Max(0.6, 0.035*s))
			for _, sgn := range []float64{-1, 1} {
				if in != 0 && sgn != in {
					continue
				}
				tip := p.add(n.mul(sgn * 0.2 * s))
				b.p.poly(p.sub(along), p.add(along), tip)
			}
		}
	}
	b.p.fill(colCliff.rgba())
}

// cliffSide says which way a cliff's hachures point, from hex a towards
// its neighbour b: −1 into a, +1 into b, 0 both ways. They point down the
// slope: into the lower ground, into the wadi, away from a citadel's mesa.
func cliffSide(a, b hexmap.Terrain) float64 {
	ga, gb := a.Ground(), b.Ground()
	switch {
	case a.Cover == hexmap.Citadel && b.Cover != hexmap.Citadel:
		return 1
	case b.Cover == hexmap.Citadel && a.Cover != hexmap.Citadel:
		return -1
	case ga < gb:
		return -1
	case gb < ga:
		return 1
	}
	return 0
}

// --- roads and bridges (9.3, 11.74, 5.51) --------------------------------

func (j *job) roadBranches(h hexmap.Hex) ([][]pt, bool, bool) {
	c := j.cellOf(h)
	if c == nil {
		return nil, false, false
	}
	dirs := sidesWith(c, hexmap.SideRoad|hexmap.SidePaved)
	if len(dirs) == 0 {
		return nil, false, false
	}
	paved := c.t.Has(hexmap.Paved)
	for _, d := range dirs {
		paved = paved || c.side[d].Has(hexmap.SidePaved)
	}
	return j.channel(h, dirs, 0.03, saltRoad), paved, true
}

func (j *job) decoRoadEdge(b *bandWork, h hexmap.Hex) {
	br, paved, ok := j.roadBranches(h)
	if !ok {
		return
	}
	s := j.px.Size
	w, col := 0.25*s, colRoadEdge
	if paved {
		w, col = 0.27*s, colPavedEdge
	}
	for _, l := range br {
		b.p.strokeCaps(l, math.Max(2, w), false, true)
	}
	b.p.fill(col.rgba())
}

func (j *job) decoRoadFill(b *bandWork, h hexmap.Hex) {
	br, paved, ok := j.roadBranches(h)
	if !ok {
		return
	}
	s := j.px.Size
	w, col := 0.17*s, colRoad
	if paved {
		w, col = 0.19*s, colPaved
	}
	for _, l := range br {
		b.p.strokeCaps(l, math.Max(1, w), false, true)
	}
	b.p.fill(col.rgba())
	if paved && s >= 12 {
		// a dashed centre line, its gaps centred on the hexside midpoints
		// so dashes continue evenly into the next hex
		for _, l := range br {
			for _, d := range dashes(l, 0.36*s, 0.2*s) {
				b.p.strokeCaps(d, math.Max(0.7, 0.025*s), false, false)
			}
		}
		b.p.fill(colRoad.alpha(0.85))
	}
}

// dashes cuts a polyline into dashes of length on every period, measured
// from its start, with the first gap centred on the start.
func dashes(l []pt, period, on float64) [][]pt {
	var out [][]pt
	var cur []pt
	gap := period - on
	pos := 0.0
	inDash := func(s float64) bool {
		m := math.Mod(s, period)
		return m >= gap/2 && m < gap/2+on
	}
	for i := 0; i+1 < len(l); i++ {
		a, b := l[i], l[i+1]
		seg := b.sub(a).len()
		// split the segment at dash boundaries
		t := 0.0
		for t < seg {
			s := pos + t
			m := math.Mod(s, period)
			var next float64
			switch {
			case m < gap/2:
				next = gap/2 - m
			case m < gap/2+on:
				next = gap/2 + on - m
			default:
				next = period - m + gap/2
			}
			step := math.Min(next, seg-t)
			p0, p1 := a.lerp(b, t/seg), a.lerp(b, (t+step)/seg)
			if inDash(s + step/2) {
				if len(cur) == 0 {
					cur = append(cur, p0)
				}
				cur = append(cur, p1)
			} else if len(cur) > 0 {
				out = append(out, cur)
				cur = nil
			}
			t += step
		}
		pos += seg
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

func (j *job) decoBridge(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil || !c.t.Has(hexmap.Bridge) {
		return
	}
	s := j.px.Size
	ctr := j.center(h)
	axis := pt{1, 0}
	if dirs := sidesWith(c, hexmap.SideRoad|hexmap.SidePaved); len(dirs) >= 2 {
		axis = j.sideMid(h, dirs[0]).sub(j.sideMid(h, dirs[1])).unitVec()
	} else if len(dirs) == 1 {
		axis = j.sideMid(h, dirs[0]).sub(ctr).unitVec()
	} else if wd := sidesWith(c, hexmap.SideWadi); len(wd) > 0 {
		axis = pt{sideNX[wd[0]], sideNY[wd[0]]}.perp()
	}
	nrm := axis.perp()
	rect := func(hl, hw float64, off pt) []pt {
		o := ctr.add(off)
		return []pt{
			o.add(axis.mul(hl)).add(nrm.mul(hw)), o.sub(axis.mul(hl)).add(nrm.mul(hw)),
			o.sub(axis.mul(hl)).sub(nrm.mul(hw)), o.add(axis.mul(hl)).sub(nrm.mul(hw)),
		}
	}
	b.p.poly(rect(0.42*s, 0.16*s, pt{0.04 * s, 0.05 * s})...)
	b.p.fill(colShadow.alpha(0.4))
	b.p.poly(rect(0.42*s, 0.16*s, pt{})...)
	b.p.fill(colPavedEdge.rgba())
	b.p.poly(rect(0.4*s, 0.12*s, pt{})...)
	b.p.fill(colBridge.rgba())
	// abutment wings
	for _, sa := range []float64{-1, 1} {
		for _, sn := range []float64{-1, 1} {
			a := ctr.add(axis.mul(sa * 0.4 * s)).add(nrm.mul(sn * 0.15 * s))
			e := a.add(axis.mul(sa * 0.1 * s)).add(nrm.mul(sn * 0.08 * s))
			b.p.segment(a, e, math.Max(1, 0.035*s))
		}
	}
	b.p.fill(colPavedEdge.rgba())
}

// --- hexside features: walls, hedges, dune crests (10.1, 13.3, 7.51) -----

func (j *job) decoSides(b *bandWork, h hexmap.Hex) {
	c := j.cellOf(h)
	if c == nil {
		return
	}
	s := j.px.Size
	for d := hexmap.Dir(0); d < 6; d++ {
		f := c.side[d]
		if f&(hexmap.SideWall|hexmap.SideHedge|hexmap.SideCrest) == 0 {
			continue
		}
		if d >= 3 && j.cellOf(h.Neighbor(d)) != nil {
			continue
		}
		a, e := j.sideEnds(h, d)
		n := pt{sideNX[d], sideNY[d]}
		if f.Has(hexmap.SideCrest) {
			ridge := []pt{a.lerp(e, 0.02), a.lerp(e, 0.5).add(n.mul(0.025 * s)), a.lerp(e, 0.98)}
			b.p.stroke(ridge, 0.3*s)
			b.p.fill(colCrest.alpha(0.4))
			// slip-face ticks on the far side
			for i := 0; i < 5; i++ {
				p := a.lerp(e, (float64(i)+0.5)/5)
				along := e.sub(a).unitVec().mul(0.05 * s)
				b.p.poly(p.sub(along), p.add(along), p.add(n.mul(0.22*s)))
			}
			b.p.fill(colCrestShadow.alpha(0.9))
			b.p.stroke(ridge, math.Max(1.5, 0.12*s))
			b.p.fill(colCrest.rgba())
		}
		if f.Has(hexmap.SideWall) {
			b.p.stroke([]pt{a, e}, math.Max(2, 0.13*s))
			b.p.fill(colWallEdge.rgba())
			b.p.stroke([]pt{a, e}, math.Max(1, 0.075*s))
			b.p.fill(colStoneWall.rgba())
		}
		if f.Has(hexmap.SideHedge) {
			col := colHedge
			if f.Has(hexmap.SideCactus) {
				col = colCactus
			}
			steps := max(4, int(math.Ceil(1/0.085)))
			g := hexRNG(h, uint32(d)+saltCactus)
			r := 0.055 * s
			for i := 0; i <= steps; i++ {
				b.p.circle(a.lerp(e, float64(i)/float64(steps)), r+math.Max(0.6, 0.02*s))
			}
			b.p.fill(colHedgeDark.rgba())
			for i := 0; i <= steps; i++ {
				b.p.circle(a.lerp(e, float64(i)/float64(steps)).add(pt{g.between(-0.01, 0.01) * s, 0}), r)
			}
			b.p.fill(col.rgba())
		}
	}
}
