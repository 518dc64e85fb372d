package raster

import (
	"math"

	"khamsin/hexmap"
)

// The ground of every hex — its colour, texture, stipple, contour lines
// and edge shading — and the hex grid are computed per pixel ("shaded")
// rather than filled as polygons: a pixel finds its hex, measures its
// distance to that hex's sides and colours itself. Where neighbouring hexes
// of one board or overlay look different, the pixel first looks up a
// slightly displaced point (domain warping with smooth noise), so hill
// contours, sand edges and the like wander organically across the hexsides
// instead of following them. The edges of an overlay stay straight: the
// displacement fades to nothing near them, as the printed overlay is a
// cut-out piece.

// side outward normals by hexmap.Dir (N, NE, SE, S, SW, NW), y down.
var sideNX, sideNY = func() ([6]float64, [6]float64) {
	var nx, ny [6]float64
	for d := 0; d < 6; d++ {
		a := -math.Pi/2 + float64(d)*math.Pi/3
		nx[d], ny[d] = math.Cos(a), math.Sin(a)
	}
	return nx, ny
}()

// sideLight is how squarely each side's slope faces the light, which
// comes from the upper left (north-west) as on most printed maps: 1 facing
// it, −1 facing away.
var sideLight = func() [6]float64 {
	var out [6]float64
	lx, ly := -0.6, -0.8
	for d := 0; d < 6; d++ {
		out[d] = sideNX[d]*lx + sideNY[d]*ly
	}
	return out
}()

// stipple kinds
const (
	dotsNone uint8 = iota
	dotsSpeck
	dotsSand
	dotsHammada
)

// shade is what the per-pixel pass needs to know of one hex.
type shade struct {
	col       rgb
	dots      uint8
	warp      bool  // a neighbour of the same piece looks different
	diff      uint8 // sides facing such neighbours: edges to wobble
	pieceEdge uint8 // sides facing another piece (overlay edge): no wobble there
	contour   uint8 // sides with a contour line (elevation differs)
	lower     uint8 // sides facing lower ground: slope shading
	lip       uint8 // deir Lip sides: golden shading inside (4.2)
	rim       uint8 // sand next to non-sand: darker rim
	hillock   bool
	rimCol    rgb        // colour of a hillock's outer slope
	reach     [6]float64 // per side: how far in its edge effects and wobble reach (pixels)
	edges     uint8      // union of the side masks
}

// elevation is a hex's ground height in half levels, wadis aside (their
// floors are drawn as beds, not as contours).
func elevation(t hexmap.Terrain) int {
	g := t.Base
	switch {
	case t.Has(hexmap.Summit):
		g += 2
	case t.Flags&(hexmap.Hillock|hexmap.HighDune) != 0:
		g++
	}
	return g
}

func dotsFor(t hexmap.Terrain) uint8 {
	switch {
	case t.Has(hexmap.Sand):
		return dotsSand
	case t.Has(hexmap.Hammada):
		return dotsHammada
	case t.Cover == hexmap.Desert || t.Cover == hexmap.BrokenGround:
		return dotsSpeck
	}
	return dotsNone
}

// prepare works out every cell's shade.
func (j *job) prepare() {
	w := j.w
	j.shades = make([]shade, len(w.cells))
	for i := range w.cells {
		c := &w.cells[i]
		if c.present {
			j.shades[i].col = groundColor(c.t)
			j.shades[i].dots = dotsFor(c.t)
		}
	}
	for _, h := range w.hexes {
		i := w.index(h)
		c, sh := &w.cells[i], &j.shades[i]
		t := c.t
		el := elevation(t)
		sh.hillock = t.Flags&(hexmap.Hillock|hexmap.HighDune) != 0
		sh.rimCol = colHillockRim
		if t.Has(hexmap.Sand) {
			sh.rimCol = colDuneRim
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			bit := uint8(1) << d
			if t.Has(hexmap.Deir) && c.side[d].Has(hexmap.SideLip) {
				sh.lip |= bit
			}
			ni := w.index(h.Neighbor(d))
			if ni < 0 || !w.cells[ni].present {
				continue
			}
			n, nsh := &w.cells[ni], &j.shades[ni]
			nel := elevation(n.t)
			if nel != el {
				sh.contour |= bit
			}
			if nel < el {
				sh.lower |= bit
			}
			if t.Has(hexmap.Sand) && !n.t.Has(hexmap.Sand) {
				sh.rim |= bit
			}
			if n.piece != c.piece {
				sh.pieceEdge |= bit
			} else if nsh.col != sh.col || nsh.dots != sh.dots || nel != el {
				sh.warp = true
				sh.diff |= bit
			}
		}
		sh.edges = sh.contour | sh.lower | sh.lip | sh.rim
	}
	sd := j.newShader()
	for i := range j.shades {
		sh := &j.shades[i]
		for k := 0; k < 6; k++ {
			bit := uint8(1) << k
			r := 0.0
			if sh.contour&bit != 0 {
				r = math.Max(r, sd.contourHalf+0.5)
			}
			if sh.lip&bit != 0 {
				r = math.Max(r, sd.lipBand)
			}
			if sh.rim&bit != 0 {
				r = math.Max(r, sd.rimBand)
			}
			if sh.lower&bit != 0 {
				if sh.hillock {
					r = math.Max(r, sd.mound)
				} else {
					r = math.Max(r, sd.slopeBand)
				}
			}
			if sh.diff&bit != 0 {
				r = math.Max(r, sd.warpReach)
			}
			if r > 0 {
				r++ // a pixel's worth of slack for the effects' anti-aliasing
			}
			sh.reach[k] = r
		}
	}
}

// plainRange is the range of x offsets from a hex's centre, on a row dy
// below it, where no side's edge effects or wobble reach: there a pixel
// is just the hex's ground colour and texture. lo > hi when there is none.
func plainRange(sh *shade, apo, dy float64) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	for k := 0; k < 6; k++ {
		r := sh.reach[k]
		if r == 0 {
			continue
		}
		// apo - (dx*nx + dy*ny) >= r  ⟺  dx*nx <= apo - r - dy*ny
		c := apo - r - dy*sideNY[k]
		switch nx := sideNX[k]; {
		case nx > 1e-9:
			hi = math.Min(hi, c/nx)
		case nx < -1e-9:
			lo = math.Max(lo, c/nx)
		case c < 0:
			return 1, -1
		}
	}
	return lo, hi
}

// hexAt is the hex holding pixel-plane point (x, y); the same rounding as
// hexmap.Pixels.HexAt, inlined for the per-pixel loop. Coordinates are
// assumed greater than −1000 hexes, which every image point is.
func hexAt(px *hexmap.Pixels, inv, x, y float64) hexmap.Hex {
	fx := (x - px.OriginX) * inv
	fy := (y - px.OriginY) * inv
	q := fx * (2.0 / 3)
	r := fy*(1/sqrt3) - q/2
	s := -q - r
	rq, rr, rs := round(q), round(r), round(s)
	dq, dr, ds := abs(rq-q), abs(rr-r), abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return hexmap.Hex{Q: int(rq), R: int(rr)}
}

// round is math.Round for values above −1000, except that it rounds
// negative halves up rather than away from zero: the two differ only for a
// point exactly on a hexside or corner, where either hex will do.
func round(v float64) float64 { return float64(int64(v+1000.5) - 1000) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func clamp01(v float64) float64 {
	switch {
	case v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}
