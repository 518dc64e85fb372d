package raster

import (
	"math"

	"khamsin/hexmap"
)

// Every irregularity in the art — wobbly contours, clump shapes, stone
// positions, stipple — comes from these hash functions of integer
// coordinates (hexes, lattice points), never from a random number
// generator or the clock, so a map always looks the same.

// mix32 is a 32-bit integer finaliser (from MurmurHash3).
func mix32(h uint32) uint32 {
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// hash3 hashes two coordinates and a salt.
func hash3(x, y int32, salt uint32) uint32 {
	return mix32(uint32(x)*0x27d4eb2d ^ mix32(uint32(y)*0x165667b1+salt*0x9e3779b9))
}

// unit maps a hash to [0, 1).
func unit(h uint32) float64 { return float64(h>>8) / (1 << 24) }

// valueNoise is smooth noise in [0, 1) with features one unit apart.
func valueNoise(x, y float64, salt uint32) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int32(fx), int32(fy)
	tx, ty := x-fx, y-fy
	tx = tx * tx * (3 - 2*tx)
	ty = ty * ty * (3 - 2*ty)
	a := unit(hash3(ix, iy, salt))
	b := unit(hash3(ix+1, iy, salt))
	c := unit(hash3(ix, iy+1, salt))
	d := unit(hash3(ix+1, iy+1, salt))
	top := a + (b-a)*tx
	bot := c + (d-c)*tx
	return top + (bot-top)*ty
}

// rng is a tiny deterministic generator for laying out one hex's
// decorations, seeded from the hex and what is being drawn.
type rng struct{ s uint32 }

func hexRNG(h hexmap.Hex, salt uint32) rng {
	return rng{hash3(int32(h.Q), int32(h.R), salt)}
}

// next returns the next value in [0, 1).
func (r *rng) next() float64 {
	r.s = mix32(r.s + 0x9e3779b9)
	return unit(r.s)
}

// between returns a value in [a, b).
func (r *rng) between(a, b float64) float64 { return a + (b-a)*r.next() }

// intn returns an integer in [0, n).
func (r *rng) intn(n int) int { return int(r.next() * float64(n)) }

// noiseGrid holds a smooth noise field sampled on a regular grid of image
// pixels, so the per-pixel pass interpolates instead of hashing: each
// sample is a sum of valueNoise octaves in hex units (u, v).
type noiseGrid struct {
	step float64 // pixels between samples
	inv  float64
	w, h int
	vals []float32
}

// newNoiseGrid samples f over an image of size (wpx, hpx) every step
// pixels; f takes the sample's pixel position. Only the samples that
// pixel rows [y0, y1) interpolate from are taken (Redraw paints a few
// rows); the others stay zero.
func newNoiseGrid(wpx, hpx int, step float64, y0, y1 int, f func(x, y float64) float64) *noiseGrid {
	g := &noiseGrid{step: step, inv: 1 / step}
	g.w = int(float64(wpx)/step) + 3
	g.h = int(float64(hpx)/step) + 3
	g.vals = make([]float32, g.w*g.h)
	for iy := max(0, int(float64(y0)/step)); iy < min(g.h, int(float64(y1)/step)+2); iy++ {
		for ix := 0; ix < g.w; ix++ {
			g.vals[iy*g.w+ix] = float32(f(float64(ix)*step, float64(iy)*step))
		}
	}
	return g
}

// row interpolates the field down to pixel row y, one value per grid
// column, for atRow.
func (g *noiseGrid) row(out []float32, y float64) {
	fy := y * g.inv
	iy := int(fy)
	ty := float32(fy - float64(iy))
	a, b := g.vals[iy*g.w:(iy+1)*g.w], g.vals[(iy+1)*g.w:(iy+2)*g.w]
	for i := range out {
		out[i] = a[i] + (b[i]-a[i])*ty
	}
}

// atRow interpolates along a row made by row.
func (g *noiseGrid) atRow(row []float32, x float64) float64 {
	fx := x * g.inv
	ix := int(fx)
	t := fx - float64(ix)
	a, b := float64(row[ix]), float64(row[ix+1])
	return a + (b-a)*t
}

// stipple scatters dots over the plane: it is cut into square cells of
// the given size (pixels), and a cell holds, with probability prob, one dot
// of radius r at a position hashed from the cell. It remembers the last
// cell it looked at, as a row of pixels visits each cell several times.
type stipple struct {
	cell, inv, r, prob float64
	salt               uint32

	ix, iy int32
	valid  bool
	has    bool
	dx, dy float64 // the dot's centre
	reach2 float64
}

func newStipple(cell, r, prob float64, salt uint32) stipple {
	return stipple{cell: cell, inv: 1 / cell, r: r, prob: prob, salt: salt, reach2: (r + 0.5) * (r + 0.5)}
}

// setRow points the stipple at the pixel row centred at y (y ≥ 0).
func (s *stipple) setRow(y float64) {
	iy := int32(y * s.inv)
	if iy != s.iy {
		s.iy, s.valid = iy, false
	}
}

// at is the dot coverage (0–1) of the pixel centred at (x, y) on the row
// last set (x, y ≥ 0).
func (s *stipple) at(x, y float64) float64 {
	ix := int32(x * s.inv)
	if !s.valid || ix != s.ix {
		s.ix, s.valid = ix, true
		h := hash3(ix, s.iy, s.salt)
		s.has = unit(h) < s.prob
		if s.has {
			h = mix32(h)
			s.dx = (float64(ix) + 0.25 + 0.5*unit(h)) * s.cell
			s.dy = (float64(s.iy) + 0.25 + 0.5*unit(mix32(h^0x5bd1e995))) * s.cell
		}
	}
	if !s.has {
		return 0
	}
	dx, dy := x-s.dx, y-s.dy
	d2 := dx*dx + dy*dy
	if d2 >= s.reach2 {
		return 0
	}
	return clamp01(s.r + 0.5 - math.Sqrt(d2))
}

// prepareNoise samples the smooth fields the per-pixel pass uses: the
// ground's mottling and the two components of the edge displacement. They
// are functions of position in hex units, so the art looks the same at
// every hex size.
func (j *job) prepareNoise() {
	px := j.px
	s := px.Size
	inv := 1 / s
	hexUnits := func(x, y float64) (float64, float64) { return (x - px.OriginX) * inv, (y - px.OriginY) * inv }
	y0, y1 := 0, j.size.Y
	if j.noiseRows != [2]int{} {
		y0, y1 = j.noiseRows[0], j.noiseRows[1]
	}
	j.mottle = newNoiseGrid(j.size.X, j.size.Y, math.Max(2, s/7), y0, y1, func(x, y float64) float64 {
		u, v := hexUnits(x, y)
		return 0.055*(valueNoise(u*1.1, v*1.1, 1)-0.5) + 0.03*(valueNoise(u*3.3, v*3.3, 2)-0.5)
	})
	j.warpX = newNoiseGrid(j.size.X, j.size.Y, math.Max(2, s/9), y0, y1, func(x, y float64) float64 {
		u, v := hexUnits(x, y)
		return valueNoise(u*1.6, v*1.6, 11) - 0.5 + 0.3*(valueNoise(u*4.1, v*4.1, 13)-0.5)
	})
	j.warpY = newNoiseGrid(j.size.X, j.size.Y, math.Max(2, s/9), y0, y1, func(x, y float64) float64 {
		u, v := hexUnits(x, y)
		return valueNoise(u*1.6, v*1.6, 12) - 0.5 + 0.3*(valueNoise(u*4.1, v*4.1, 14)-0.5)
	})
}
