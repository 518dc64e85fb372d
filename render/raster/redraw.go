package raster

import (
	"image"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"khamsin/hexmap"
)

// A designer's overlay edit changes a few hexes of one or two boards;
// painting the whole map again for it cost 390 ms on a 2-board map
// (issue 19, "Speed"). Redraw paints again only a region round the hexes
// that changed, and its pixels there are the ones Rasterize would give:
// it walks the same bands, the same spans and the same shapes in the same
// order, only skipping what cannot reach the region.

// ChangedRegion is the part of the images Rasterize(a, st) and
// Rasterize(b, st) can differ in, for two maps with the same boards in
// the same places (an overlay placed, moved, turned or removed): the
// bounding box of ChangedRegions. It is empty when the maps look the
// same, and the whole image when their boards differ.
func ChangedRegion(a, b *hexmap.Map, st Style) image.Rectangle {
	var u image.Rectangle
	for _, r := range ChangedRegions(a, b, st) {
		u = u.Union(r)
	}
	return u
}

// ChangedRegions is ChangedRegion cut by board: every hex whose terrain,
// hexsides or overlay piece differ, every overlay outline and hex label
// that differ, each grown by redrawMargin hexes for the art that reaches
// across hexsides, gathered into one box per board they lie on (boxes
// that overlap merged), so an overlay moved from one board to another
// paints the two places and not the ground between. Nil when the maps
// look the same; the whole image when their boards differ.
func ChangedRegions(a, b *hexmap.Map, st Style) []image.Rectangle {
	px, _, size := rasterGeometry(b, st)
	all := image.Rectangle{Max: size}
	if pa, _, sa := rasterGeometry(a, st); pa != px || sa != size || !sameHexes(a.Hexes(), b.Hexes()) {
		return []image.Rectangle{all}
	}
	wa, wb := worldFromMap(a), worldFromMap(b)
	s := px.Size
	boards := BoardBoxes(b, px)
	groups := map[int]image.Rectangle{}
	m := redrawMargin * s
	grow := func(x0, y0, x1, y1 float64) {
		cx, cy := (x0+x1)/2, (y0+y1)/2
		g := -1
		for i, bx := range boards {
			if cx >= bx.MinX && cx < bx.MaxX && cy >= bx.MinY && cy < bx.MaxY {
				g = i
				break
			}
		}
		r := image.Rect(int(math.Floor(x0-m)), int(math.Floor(y0-m)), int(math.Ceil(x1+m)), int(math.Ceil(y1+m))).Intersect(all)
		groups[g] = groups[g].Union(r)
	}
	for _, h := range wb.hexes {
		if *wa.cell(h) != *wb.cell(h) {
			c := px.Center(h)
			grow(c.X-s, c.Y-s, c.X+s, c.Y+s)
		}
	}
	oa, ob := overlayOutlines(a, px), overlayOutlines(b, px)
	for _, pair := range [][2][]outline{{oa, ob}, {ob, oa}} {
	next:
		for _, o := range pair[0] {
			for _, p := range pair[1] {
				if sameOutline(o, p) {
					continue next
				}
			}
			for _, sg := range o.segs {
				for _, e := range sg {
					grow(e.x, e.y, e.x, e.y)
				}
			}
			grow(o.tag.x-2*s, o.tag.y-s, o.tag.x+2*s, o.tag.y+s)
		}
	}
	la, lb := hexLabels(a, wa, px, BoardBoxes(a, px)), hexLabels(b, wb, px, boards)
	if len(la) != len(lb) {
		return []image.Rectangle{all}
	}
	for i := range la {
		if la[i] != lb[i] {
			for _, l := range []hexLabel{la[i], lb[i]} {
				grow(l.x-2*s, l.top-s, l.x+2*s, l.top+2*s)
			}
		}
	}
	// in board order, then merged until none overlap
	keys := make([]int, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []image.Rectangle
	for _, k := range keys {
		if !groups[k].Empty() {
			out = append(out, groups[k])
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = slices.Delete(out, j, j+1)
					merged = true
					break
				}
			}
		}
	}
	return out
}

// redrawMargin is how far, in hex sizes, a changed hex's look can reach
// past its own hexes: a neighbour's edges wobble towards it (warp) and a
// neighbour's shapes reach 1.4 hex sizes from its centre (band's reach),
// √3 + 1.4 − 1 ≈ 2.2; 3 leaves room (the test fails with 0).
const redrawMargin = 3

func sameHexes(a, b []hexmap.Hex) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameOutline(a, b outline) bool {
	if a.id != b.id || a.tag != b.tag || len(a.segs) != len(b.segs) {
		return false
	}
	for i := range a.segs {
		if a.segs[i] != b.segs[i] {
			return false
		}
	}
	return true
}

// Redraw makes l, the layers of a map with the same boards in the same
// places, into Rasterize(m, st) by painting again, in place, only the
// region (Labels and Outlines across the region's whole bands): its
// pixels are then Rasterize's everywhere when region holds ChangedRegion
// of the two maps. It returns l, or a new Rasterize when l is nil or of
// another size. Painting in place spares a copy of four whole layers (the
// copy cost more than the painting).
func Redraw(l *Layers, m *hexmap.Map, st Style, region image.Rectangle) *Layers {
	px, play, size := rasterGeometry(m, st)
	if l == nil || l.Terrain == nil || l.Terrain.Bounds() != (image.Rectangle{Max: size}) || l.Pixels != px {
		return Rasterize(m, st)
	}
	j := &job{w: worldFromMap(m), px: px, size: size, play: play, frame: st.margin() > 0}
	j.boards = BoardBoxes(m, px)
	j.labels = hexLabels(m, j.w, px, j.boards)
	j.outlines = overlayOutlines(m, px)
	j.layers = l
	region = region.Intersect(image.Rectangle{Max: size})
	if region.Empty() {
		return j.layers
	}
	// the bands Rasterize draws in (their number depends on the height
	// only), those that meet the region
	bandRows := max(minBandRows, (size.Y+numBands-1)/numBands)
	var bands []image.Rectangle
	for y0 := 0; y0 < size.Y; y0 += bandRows {
		r := image.Rect(0, y0, size.X, min(y0+bandRows, size.Y))
		if r.Overlaps(region) {
			bands = append(bands, r)
		}
	}
	j.noiseRows = [2]int{bands[0].Min.Y, bands[len(bands)-1].Max.Y}
	j.prepareNoise()
	j.prepare()
	// shapes are clipped to a wider strip than the region, so that every
	// shape reaching into the region is clipped exactly as Rasterize clips
	// it (to its band and the playing area only)
	reach := 1.4 * px.Size
	pad := int(math.Ceil(2*reach)) + 2
	wide := image.Rect(region.Min.X-pad, 0, region.Max.X+pad, size.Y)
	workers := min(runtime.GOMAXPROCS(0), len(bands))
	var next atomic.Int32
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bandWork
			for {
				i := int(next.Add(1)) - 1
				if i >= len(bands) {
					return
				}
				j.bandIn(&b, bands[i], region, wide)
			}
		}()
	}
	wg.Wait()
	return j.layers
}

// bandIn is band restricted to the columns of region: Terrain and Grid
// are painted again there, Labels and Outlines across the whole band.
// What it paints of Terrain and Grid outside the region's columns (whole
// spans, shapes cut at the wide strip) is not Rasterize's, so those
// pixels are kept aside first and put back after.
func (j *job) bandIn(b *bandWork, r, region, wide image.Rectangle) {
	if b.sd == nil {
		b.sd = j.newShader()
	}
	T, G := j.layers.Terrain, j.layers.Grid
	span := int(math.Ceil(2*j.px.Size)) + 2 // a span reaches one hex past wide
	x0, x1 := max(region.Min.X, 0), min(region.Max.X, j.size.X)
	lo, hi := max(0, wide.Min.X-span), min(j.size.X, wide.Max.X+span)
	keep := func(save bool) {
		n := 0
		for _, img := range []*image.RGBA{T, G} {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				o := y * img.Stride
				for _, c := range [2][2]int{{lo, x0}, {x1, hi}} {
					if c[0] >= c[1] {
						continue
					}
					px := img.Pix[o+4*c[0] : o+4*c[1]]
					if save {
						b.kept = append(b.kept, px...)
					} else {
						n += copy(px, b.kept[n:])
					}
				}
			}
		}
	}
	b.kept = b.kept[:0]
	keep(true)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if y < j.play.Min.Y || y >= j.play.Max.Y {
			continue // frame rows: the same for every map of this size
		}
		b.sd.rowIn(y, wide.Min.X, wide.Max.X)
	}
	s := j.px.Size
	reach := 1.4 * s
	b.hexes = b.hexes[:0]
	for _, h := range j.w.hexes {
		c := j.px.Center(h)
		if c.Y+reach >= float64(r.Min.Y) && c.Y-reach < float64(r.Max.Y) &&
			c.X+reach >= float64(wide.Min.X) && c.X-reach < float64(wide.Max.X) {
			b.hexes = append(b.hexes, h)
		}
	}
	clip := r.Intersect(j.play)
	b.p.begin(T, clip.Intersect(wide))
	for _, pass := range decoPasses {
		for _, h := range b.hexes {
			pass(j, b, h)
		}
	}
	keep(false)
	for _, img := range []*image.RGBA{j.layers.Labels, j.layers.Outlines} {
		clear(img.Pix[r.Min.Y*img.Stride : r.Max.Y*img.Stride])
	}
	b.p.begin(j.layers.Labels, clip)
	j.drawLabels(b, clip)
	b.p.begin(j.layers.Outlines, clip)
	j.drawOutlines(b, clip)
}

// rowIn is row for the spans of image row y that meet columns [xa, xb):
// whole spans, as row cuts them, so each pixel is shaded as row shades
// it. The Grid layer is cleared under them first (Rasterize starts from a
// clear one).
func (sd *shader) rowIn(y, xa, xb int) {
	j := sd.j
	play := j.play
	fy := float64(y) + 0.5
	sd.fy = fy
	sd.warpRow = false
	sd.mottleRow(fy)
	sd.speck.setRow(fy)
	sd.sand.setRow(fy)
	sd.ham.setRow(fy)
	T, G := j.layers.Terrain, j.layers.Grid
	trow := T.Pix[y*T.Stride:]
	grow := G.Pix[y*G.Stride:]
	s, apo := sd.s, sd.apo
	for x := play.Min.X; x < play.Max.X; {
		fx := float64(x) + 0.5
		h := hexAt(&sd.px, sd.inv, fx, fy)
		cx := sd.px.OriginX + s*1.5*float64(h.Q)
		cy := sd.px.OriginY + s*sqrt3*(float64(h.R)+float64(h.Q)/2)
		dy := fy - cy
		halfW := s - abs(dy)*(1/sqrt3)
		if abs(dy) > apo {
			halfW = 0
		}
		end := int(math.Ceil(cx + halfW - 0.5))
		if end <= x {
			end = x + 1
		}
		if end > play.Max.X {
			end = play.Max.X
		}
		if end > xa && x < xb {
			clear(grow[4*x : 4*end])
			sd.span(trow, grow, x, end, h, cx, cy)
		}
		x = end
	}
}
