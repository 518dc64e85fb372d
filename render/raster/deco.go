package raster

import (
	"math"

	"khamsin/hexmap"
)

// Decorations are the vector-drawn parts of the terrain art: everything
// with a shape (clumps, stones, trees, beds, roads, buildings, hexside
// marks). They are drawn in passes, each pass over every hex in order, so
// that, say, no wadi bank ever covers a neighbouring hex's bed. Every
// irregularity is seeded from the hex (hexRNG), so it never changes.

type decoPass func(j *job, b *bandWork, h hexmap.Hex)

var decoPasses = []decoPass{
	(*job).decoWadiShadow,
	(*job).decoWadiBank,
	(*job).decoWadiBed,
	(*job).decoGround,
	(*job).decoCliffs,
	(*job).decoVegetation,
	(*job).decoRoadEdge,
	(*job).decoRoadFill,
	(*job).decoBridge,
	(*job).decoStructures,
	(*job).decoSides,
}

// salts keep each kind of decoration's layout independent.
const (
	saltWadi uint32 = iota + 100
	saltRoad
	saltScrub
	saltHammada
	saltCrag
	saltBroken
	saltBrush
	saltWoods
	saltOrchard
	saltGrain
	saltBuilding
	saltTents
	saltPebbles
	saltCactus
)

func (j *job) center(h hexmap.Hex) pt {
	c := j.px.Center(h)
	return pt{c.X, c.Y}
}

// sideMid is the midpoint of h's hexside in direction d.
func (j *job) sideMid(h hexmap.Hex, d hexmap.Dir) pt {
	a := j.px.Size * sqrt3 / 2
	return j.center(h).add(pt{sideNX[d] * a, sideNY[d] * a})
}

// sideEnds are the corners bounding h's hexside in direction d.
func (j *job) sideEnds(h hexmap.Hex, d hexmap.Dir) (pt, pt) {
	a, b := j.px.SideEnds(h, d)
	return pt{a.X, a.Y}, pt{b.X, b.Y}
}

// hexPoly is h's outline shrunk (or grown) by factor k about its centre.
func (j *job) hexPoly(h hexmap.Hex, k float64) []pt {
	c := j.center(h)
	out := make([]pt, 6)
	for i := range out {
		a := float64(i) * math.Pi / 3
		out[i] = pt{c.x + k*j.px.Size*math.Cos(a), c.y + k*j.px.Size*math.Sin(a)}
	}
	return out
}

// inHex reports whether offset v from a hex centre lies inside the hex
// shrunk by factor k.
func (j *job) inHex(v pt, k float64) bool {
	a := k * j.px.Size * sqrt3 / 2
	for d := 0; d < 6; d++ {
		if v.x*sideNX[d]+v.y*sideNY[d] > a {
			return false
		}
	}
	return true
}

// scatter returns n offsets from the hex centre spread over the hex shrunk
// by k, seeded by g: a jittered ring layout, so points neither clump nor
// line up.
func (j *job) scatter(g *rng, n int, k float64) []pt {
	out := make([]pt, 0, n)
	s := j.px.Size
	for tries := 0; len(out) < n && tries < 20*n; tries++ {
		v := pt{g.between(-s, s), g.between(-s, s)}
		if !j.inHex(v, k) {
			continue
		}
		ok := true
		for _, o := range out {
			if o.sub(v).len() < 0.55*s*k/math.Sqrt(float64(n)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, v)
		}
	}
	return out
}

func (j *job) cellOf(h hexmap.Hex) *wcell { return j.w.cell(h) }

// sidesWith lists h's directions whose hexside carries f.
func sidesWith(c *wcell, f hexmap.SideFlags) []hexmap.Dir {
	var out []hexmap.Dir
	for d := hexmap.Dir(0); d < 6; d++ {
		if c.side[d]&f != 0 {
			out = append(out, d)
		}
	}
	return out
}

// channel lays out a linear feature (wadi bed or road) through hex h: one
// smooth branch from a point near the centre to the midpoint of each
// hexside in dirs, leaving every hexside square to it so branches of
// neighbouring hexes meet without a kink. wander is how far (in hex sizes)
// the centre may stray. It returns the branches as polylines, or, with no
// dirs, nil.
func (j *job) channel(h hexmap.Hex, dirs []hexmap.Dir, wander float64, salt uint32) [][]pt {
	if len(dirs) == 0 {
		return nil
	}
	s := j.px.Size
	g := hexRNG(h, salt)
	c := j.center(h).add(pt{g.between(-wander, wander) * s, g.between(-wander, wander) * s})
	mids := make([]pt, len(dirs))
	for i, d := range dirs {
		mids[i] = j.sideMid(h, d)
	}
	through := pt{}
	if len(dirs) == 2 {
		through = mids[0].sub(mids[1]).unitVec().rot(g.between(-0.35, 0.35))
	}
	var out [][]pt
	for i, d := range dirs {
		m := mids[i]
		n := pt{sideNX[d], sideNY[d]}
		var t pt
		switch {
		case len(dirs) == 2 && i == 0:
			t = through
		case len(dirs) == 2:
			t = through.mul(-1)
		default:
			t = m.sub(c).unitVec().rot(g.between(-0.4, 0.4))
		}
		reach := m.sub(c).len()
		// a bend half-way along, pushed sideways, so the line meanders
		dir := c.sub(m).unitVec()
		mid := m.lerp(c, 0.5).add(dir.perp().mul(g.between(-1, 1) * wander * 1.4 * s))
		line := bezier(nil, m, m.sub(n.mul(0.22*reach)), mid.sub(dir.mul(0.2*reach)), mid, 8)
		line = bezier(line[:len(line)-1], mid, mid.add(dir.mul(0.2*reach)), c.add(t.mul(0.3*reach)), c, 8)
		out = append(out, line)
	}
	return out
}
