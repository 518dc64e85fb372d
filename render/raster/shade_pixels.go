package raster

import (
	"image"
	"math"

	"khamsin/hexmap"
)

// shader is one worker's state for the per-pixel pass.
type shader struct {
	j   *job
	px  hexmap.Pixels
	s   float64
	inv float64
	apo float64

	gridHalf, dotR, dotOut, contourHalf float64
	warpAmp, warpReach                  float64
	slopeBand, mound, lipBand, rimBand  float64

	speck, sand, ham stipple

	// the sides a span's pixels may wobble towards (d = c − dx·n) and
	// the overlay edges near it, set by span for warp
	nw, np         int
	wn, wc, pn, pc [6]float64

	mottle       []float32 // this row's mottling, per pixel
	mgrid        []float32 // this row's mottling, per grid column
	warpX, warpY []float32 // this row's displacement, per grid column
	warpRow      bool      // warpX, warpY hold this row
	fy           float64
	ox           int // the image column trow and grow start at (PaintPart's images begin right of 0)
}

func (j *job) newShader() *shader {
	s := j.px.Size
	sd := &shader{
		j: j, px: j.px, s: s, inv: 1 / s, apo: s * sqrt3 / 2,
		gridHalf:    math.Max(0.42, 0.012*s),
		dotR:        math.Max(0.9, 0.045*s),
		contourHalf: math.Max(0.55, 0.022*s),
		warpAmp:     0.42 * s,
		warpReach:   0.3 * s,
		slopeBand:   0.24 * s,
		mound:       0.42 * s,
		lipBand:     0.45 * s,
		rimBand:     0.13 * s,
		// stipple sizes in pixels, never finer than the pixels can show
		speck:  newStipple(math.Max(0.16*s, 3.2), math.Max(0.018*s, 0.45), 0.3, 21),
		sand:   newStipple(math.Max(0.085*s, 2.1), math.Max(0.017*s, 0.42), 0.55, 22),
		ham:    newStipple(math.Max(0.12*s, 2.8), math.Max(0.028*s, 0.6), 0.42, 23),
		mottle: make([]float32, j.size.X),
		mgrid:  make([]float32, j.mottle.w),
		warpX:  make([]float32, j.warpX.w),
		warpY:  make([]float32, j.warpY.w),
	}
	sd.dotOut = (sd.dotR + 0.5) * (sd.dotR + 0.5)
	return sd
}

// shadeRows computes the Terrain and Grid layers' pixels in r. Each row
// is walked hex by hex: the pixels of one row inside one hex form a span
// whose ends follow from the hex's shape, so the hex is looked up once per
// span, not per pixel.
func (j *job) shadeRows(sd *shader, r image.Rectangle) {
	T := j.layers.Terrain
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if !j.frameRow(T.Pix[y*T.Stride:y*T.Stride+4*j.size.X], y, 0, j.size.X) {
			sd.row(y)
		}
	}
}

// frameRow paints the dark frame's pixels of image row y in columns [x0,
// x1), row holding those columns from x0 on: the whole row outside the
// playing area's rows (true: nothing else to shade), the columns left and
// right of it inside them.
func (j *job) frameRow(row []uint8, y, x0, x1 int) bool {
	play := j.play
	frame, frameLine := colFrame.rgba(), colFrameLine.rgba()
	if y < play.Min.Y || y >= play.Max.Y {
		c := frame
		if j.frame && (y == play.Min.Y-1 || y == play.Max.Y) {
			c = frameLine
		}
		for x := x0; x < x1; x++ {
			o := 4 * (x - x0)
			row[o], row[o+1], row[o+2], row[o+3] = c.R, c.G, c.B, 255
		}
		if c == frameLine {
			for _, x := range []int{play.Min.X - 2, play.Max.X + 1} {
				if x >= x0 && x < x1 && x >= 0 && x < j.size.X {
					o := 4 * (x - x0)
					row[o], row[o+1], row[o+2] = frame.R, frame.G, frame.B
				}
			}
		}
		return true
	}
	for x := x0; x < x1; x++ {
		if x >= play.Min.X && x < play.Max.X {
			x = play.Max.X - 1
			continue
		}
		c := frame
		if j.frame && (x == play.Min.X-1 || x == play.Max.X) {
			c = frameLine
		}
		o := 4 * (x - x0)
		row[o], row[o+1], row[o+2], row[o+3] = c.R, c.G, c.B, 255
	}
	return false
}

// row shades the playing-area pixels of image row y: rowIn over the
// whole width (its clearing of the Grid row is a no-op on a fresh raster).
func (sd *shader) row(y int) { sd.rowIn(y, sd.j.play.Min.X, sd.j.play.Max.X) }

// mottleRow fills sd.mottle with row fy's mottling at pixel resolution,
// interpolated across the noise grid's cells.
func (sd *shader) mottleRow(fy float64) {
	g := sd.j.mottle
	tmp := sd.mgrid
	g.row(tmp, fy)
	out := sd.mottle
	for ix := 0; ix+1 < g.w; ix++ {
		x0 := int(math.Ceil(float64(ix)*g.step - 0.5))
		x1 := int(math.Ceil(float64(ix+1)*g.step - 0.5))
		if x0 >= len(out) {
			break
		}
		x1 = min(x1, len(out))
		a, b := tmp[ix], tmp[ix+1]
		d := (b - a) * float32(g.inv)
		for x := max(x0, 0); x < x1; x++ {
			t := float32(float64(x)+0.5) - float32(float64(ix)*g.step)
			out[x] = a + d*t
		}
	}
}

// span shades pixels [x0, x1) of the current row, all inside hex h
// (centre cx, cy).
func (sd *shader) span(trow, grow []uint8, x0, x1 int, h hexmap.Hex, cx, cy float64) {
	j := sd.j
	fy := sd.fy
	dy := fy - cy
	ady := abs(dy)
	apo := sd.apo
	gridHalf := sd.gridHalf
	ci := j.w.index(h)
	if ci < 0 || !j.w.cells[ci].present {
		c := colDesert.rgba()
		for x := x0; x < x1; x++ {
			o := 4 * (x - sd.ox)
			trow[o], trow[o+1], trow[o+2], trow[o+3] = c.R, c.G, c.B, 255
		}
		return
	}
	sh0 := &j.shades[ci]
	lo, hi := plainRange(sh0, apo, dy)
	// where on this row the grid has nothing to draw: away from the
	// slanted hexsides, on rows away from the flat ones
	gx := (apo - gridHalf - 1 - 0.5*ady) / 0.8660254037844386
	if ady > apo-gridHalf-1 {
		gx = -1
	}
	lo, hi = math.Max(lo, -gx), math.Min(hi, gx)
	if sh0.warp {
		sd.spanSides(sh0, float64(x0)+0.5-cx, float64(x1)-0.5-cx, dy)
	}
	// the pixels [xa, xb) are plain ground with no grid, bar the centre dot
	xa, xb := x0, x0
	if lo <= hi {
		xa = min(x1, max(x0, int(math.Ceil(cx+lo-0.5)))) // never past the row's end (odd widths)
		xb = max(xa, min(x1, int(math.Floor(cx+hi-0.5))+1))
	}
	for x := x0; x < xa; x++ {
		sd.pixel(trow, grow, x, sh0, ci, cx, cy)
	}
	sd.plain(trow, grow, xa, xb, sh0, ci, cx, cy)
	for x := xb; x < x1; x++ {
		sd.pixel(trow, grow, x, sh0, ci, cx, cy)
	}
}

// plain shades a run of pixels that are just the hex's ground colour,
// mottling and stipple (the centre dot aside): the common case, kept tight.
func (sd *shader) plain(trow, grow []uint8, xa, xb int, sh *shade, ci int, cx, cy float64) {
	if xa >= xb {
		return
	}
	fy := sd.fy
	dy := fy - cy
	dotRow := dy*dy < sd.dotOut
	var st *stipple
	var ink rgb
	var strength float32
	switch sh.dots {
	case dotsSpeck:
		st, ink, strength = &sd.speck, colSpeck, 0.4
	case dotsSand:
		st, ink, strength = &sd.sand, colSandDot, 0.75
	case dotsHammada:
		st, ink, strength = &sd.ham, colHammadaDot, 0.92
	}
	base := sh.col
	mottle := sd.mottle[:xb]
	ox := sd.ox
	for x := xa; x < xb; x++ {
		fx := float64(x) + 0.5
		if dotRow {
			if dx := fx - cx; dx*dx+dy*dy < sd.dotOut {
				sd.pixel(trow, grow, x, sh, ci, cx, cy)
				continue
			}
		}
		m := 1 + mottle[x]
		r, g, b := base.r*m, base.g*m, base.b*m
		if st != nil {
			if a := st.at(fx, fy); a > 0 {
				k := strength * float32(a)
				r, g, b = r+(ink.r-r)*k, g+(ink.g-g)*k, b+(ink.b-b)*k
			}
		}
		o := 4 * (x - ox)
		trow[o], trow[o+1], trow[o+2], trow[o+3] = clamp8(r), clamp8(g), clamp8(b), 255
	}
}

// pixel shades one pixel of hex sh (cell ci, centre cx, cy) in full: grid,
// wobbled edges, edge effects, stipple.
func (sd *shader) pixel(trow, grow []uint8, x int, sh0 *shade, ci int, cx, cy float64) {
	o := 4 * (x - sd.ox)
	fx := float64(x) + 0.5
	dx, dy := fx-cx, sd.fy-cy
	ady := abs(dy)
	apo := sd.apo

	// the grid: hex edges and the centre dot
	far := 0.8660254037844386*abs(dx) + 0.5*ady
	if ady > far {
		far = ady
	}
	ga := sd.gridHalf + 0.5 - (apo - far)
	if r2 := dx*dx + dy*dy; r2 < sd.dotOut {
		if a := sd.dotR + 0.5 - math.Sqrt(r2); a > ga {
			ga = a
		}
	}
	if ga > 0 {
		c := colGrid.alpha(float32(math.Min(ga, 1) * 0.5))
		grow[o], grow[o+1], grow[o+2], grow[o+3] = c.R, c.G, c.B, c.A
	}

	// the ground
	sh := sh0
	lx, ly := dx, dy
	if sh.warp {
		sh, lx, ly = sd.warp(sh0, ci, fx, dx, dy, cx, cy)
	}
	col := sh.col.scale(1 + sd.mottle[x])
	if sh.edges != 0 {
		col = sd.edges(sh, col, lx, ly)
	}
	col = sd.dots(sh, col, fx)
	trow[o], trow[o+1], trow[o+2], trow[o+3] = clamp8(col.r), clamp8(col.g), clamp8(col.b), 255
}

// dots adds the stipple of the pixel at x = fx on the current row.
func (sd *shader) dots(sh *shade, col rgb, fx float64) rgb {
	switch sh.dots {
	case dotsSpeck:
		if a := sd.speck.at(fx, sd.fy); a > 0 {
			col = col.mix(colSpeck, float32(0.4*a))
		}
	case dotsSand:
		if a := sd.sand.at(fx, sd.fy); a > 0 {
			col = col.mix(colSandDot, float32(0.75*a))
		}
	case dotsHammada:
		if a := sd.ham.at(fx, sd.fy); a > 0 {
			col = col.mix(colHammadaDot, float32(0.92*a))
		}
	}
	return col
}

// spanSides lists, for the pixels of a span (x offsets dxa to dxb from
// the centre, on a row dy below it), the sides of its hex that the warp
// must measure: wobbling sides within warpReach somewhere on the span, and
// overlay edges within the fade distance.
func (sd *shader) spanSides(sh *shade, dxa, dxb, dy float64) {
	sd.nw, sd.np = 0, 0
	for k := 0; k < 6; k++ {
		bit := uint8(1) << k
		if (sh.diff|sh.pieceEdge)&bit == 0 {
			continue
		}
		c, n := sd.apo-dy*sideNY[k], sideNX[k]
		near := math.Min(c-dxa*n, c-dxb*n) // d is linear in dx: its least value is at an end
		if sh.diff&bit != 0 && near < sd.warpReach {
			sd.wc[sd.nw], sd.wn[sd.nw] = c, n
			sd.nw++
		}
		if sh.pieceEdge&bit != 0 && near < 1.2*sd.warpAmp {
			sd.pc[sd.np], sd.pn[sd.np] = c, n
			sd.np++
		}
	}
}

// warp looks up the displaced point for a pixel of a hex whose neighbours
// look different: it returns the shade to use and the point's offset from
// that shade's hex centre. The displacement is full strength on the edges
// to wobble and fades to nothing warpReach inside the hex (so most of a
// hex's pixels need no lookup) and near an overlay's edge.
func (sd *shader) warp(sh0 *shade, ci int, fx, dx, dy, cx, cy float64) (*shade, float64, float64) {
	j := sd.j
	apo := sd.apo
	dw, dp := apo, apo
	for i := 0; i < sd.nw; i++ {
		if d := sd.wc[i] - dx*sd.wn[i]; d < dw {
			dw = d
		}
	}
	if dw >= sd.warpReach {
		return sh0, dx, dy
	}
	amp := sd.warpAmp * (1 - dw/sd.warpReach)
	for i := 0; i < sd.np; i++ {
		if d := sd.pc[i] - dx*sd.pn[i]; d < dp {
			dp = d
		}
	}
	if dp < 1.2*sd.warpAmp {
		amp *= clamp01(dp / (1.2 * sd.warpAmp))
	}
	if amp <= 0 {
		return sh0, dx, dy
	}
	if !sd.warpRow {
		j.warpX.row(sd.warpX, sd.fy)
		j.warpY.row(sd.warpY, sd.fy)
		sd.warpRow = true
	}
	ox, oy := amp*j.warpX.atRow(sd.warpX, fx), amp*j.warpY.atRow(sd.warpY, fx)
	qx, qy := dx+ox, dy+oy
	// still inside the pixel's own hex?
	far := 0.8660254037844386*abs(qx) + 0.5*abs(qy)
	if abs(qy) > far {
		far = abs(qy)
	}
	if far < apo-1e-9 {
		return sh0, qx, qy
	}
	h1 := hexAt(&sd.px, sd.inv, fx+ox, sd.fy+oy)
	s := sd.s
	c1x := sd.px.OriginX + s*1.5*float64(h1.Q)
	c1y := sd.px.OriginY + s*sqrt3*(float64(h1.R)+float64(h1.Q)/2)
	if i1 := j.w.index(h1); i1 >= 0 && j.w.cells[i1].present && j.w.cells[i1].piece == j.w.cells[ci].piece {
		return &j.shades[i1], fx + ox - c1x, sd.fy + oy - c1y
	}
	return sh0, qx, qy
}

// edges applies a hex's edge effects — Lip shading, sand rims, slopes,
// contour lines — to a pixel at offset (lx, ly) from the hex's centre.
func (sd *shader) edges(sh *shade, col rgb, lx, ly float64) rgb {
	apo := sd.apo
	for k := 0; k < 6; k++ {
		bit := uint8(1) << k
		if sh.edges&bit == 0 {
			continue
		}
		dk := apo - (lx*sideNX[k] + ly*sideNY[k])
		if sh.lip&bit != 0 && dk < sd.lipBand {
			f := 1 - dk/sd.lipBand
			col = col.mix(colLip, float32(0.95*math.Pow(f, 1.3)))
		}
		if sh.rim&bit != 0 && dk < sd.rimBand {
			f := 1 - dk/sd.rimBand
			col = col.mix(colSandEdge, float32(0.55*f))
		}
		if sh.lower&bit != 0 {
			if sh.hillock {
				if dk < sd.mound {
					f := 1 - dk/sd.mound
					col = col.mix(sh.rimCol, float32(0.6*f*f))
				}
			} else if dk < sd.slopeBand {
				// the slope down to lower ground, lit from the north-west
				f := 1 - dk/sd.slopeBand
				col = col.scale(float32(1 + (0.1*sideLight[k]-0.05)*f*f))
			}
		}
		if sh.contour&bit != 0 {
			if a := clamp01(sd.contourHalf + 0.5 - dk); a > 0 {
				col = col.mix(colContour, float32(0.9*a))
			}
		}
	}
	return col
}
