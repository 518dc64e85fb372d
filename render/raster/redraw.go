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
// region (PaintPart, then Put): its pixels are then Rasterize's
// everywhere when region holds ChangedRegion of the two maps. It returns
// l, or a new Rasterize when l is nil or of another size.
func Redraw(l *Layers, m *hexmap.Map, st Style, region image.Rectangle) *Layers {
	px, _, size := rasterGeometry(m, st)
	if l == nil || l.Terrain == nil || l.Terrain.Bounds() != (image.Rectangle{Max: size}) || l.Pixels != px {
		return Rasterize(m, st)
	}
	if p := PaintPart(m, st, region); p != nil {
		p.Put(l)
	}
	return l
}

// Part is a piece of Rasterize(m, st): Rect of the whole image, painted
// on its own (PaintPart). Its layers' images hold Rect and a little more
// (what painting Rect needs); only the pixels inside Rect are Rasterize's.
type Part struct {
	Rect   image.Rectangle
	Layers *Layers
}

// Put copies the part into l, layers of the whole map at the same size.
func (p *Part) Put(l *Layers) {
	for i, dst := range [4]*image.RGBA{l.Terrain, l.Grid, l.Labels, l.Outlines} {
		src := [4]*image.RGBA{p.Layers.Terrain, p.Layers.Grid, p.Layers.Labels, p.Layers.Outlines}[i]
		r := p.Rect.Intersect(dst.Rect).Intersect(src.Rect)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], src.Pix[src.PixOffset(r.Min.X, y):])
		}
	}
}

// PaintPart paints region of Rasterize(m, st) without the rest of the
// image: a designer's overlay edit then needs neither the old layers nor
// memory for the whole map (issue 19, "Speed"), only images a little
// larger than the region. Nil when region misses the image.
//
// Its pixels are Rasterize's because it walks Rasterize's own bands (the
// rows of every band the region meets), whole pixel spans and shapes in
// the same order, each shape clipped as Rasterize clips it: the Terrain
// and Grid images reach far enough right and left of the region that
// every shape reaching into it is whole inside them (clipped to its band
// and the playing area only), and the Outlines image holds the whole
// width of every overlay outline that meets the region (an outline is
// filled in one piece). Text is set glyph by glyph, so the Labels image
// holds just the region's columns.
func PaintPart(m *hexmap.Map, st Style, region image.Rectangle) *Part {
	px, play, size := rasterGeometry(m, st)
	region = region.Intersect(image.Rectangle{Max: size})
	if region.Empty() {
		return nil
	}
	j := &job{w: worldFromMap(m), px: px, size: size, play: play, frame: st.margin() > 0}
	j.boards = BoardBoxes(m, px)
	j.labels = hexLabels(m, j.w, px, j.boards)
	j.outlines = overlayOutlines(m, px)
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
	rows := [2]int{bands[0].Min.Y, bands[len(bands)-1].Max.Y}
	// shapes are clipped to a wider strip than the region, so that every
	// shape reaching into the region is clipped exactly as Rasterize clips
	// it; a span of pixels reaches one hex past the strip
	s := px.Size
	reach := 1.4 * s
	pad := int(math.Ceil(2*reach)) + 2
	wide := image.Rect(region.Min.X-pad, 0, region.Max.X+pad, size.Y)
	span := int(math.Ceil(2*s)) + 2
	tg := image.Rect(wide.Min.X-span, rows[0], wide.Max.X+span, rows[1]).Intersect(image.Rectangle{Max: size})
	out := image.Rect(region.Min.X, rows[0], region.Max.X, rows[1])
	for _, o := range j.outlines {
		if b := outlineBox(o, s); b.Min.X < region.Max.X && b.Max.X > region.Min.X {
			out.Min.X, out.Max.X = min(out.Min.X, b.Min.X), max(out.Max.X, b.Max.X)
		}
	}
	out = out.Intersect(image.Rectangle{Max: size})
	j.layers = &Layers{
		Terrain:  image.NewRGBA(tg),
		Grid:     image.NewRGBA(tg),
		Labels:   image.NewRGBA(image.Rect(region.Min.X, rows[0], region.Max.X, rows[1])),
		Outlines: image.NewRGBA(out),
		Pixels:   px,
	}
	j.noiseRows = rows
	j.prepareNoise()
	j.prepare()
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
				j.bandPart(&b, bands[i], wide)
			}
		}()
	}
	wg.Wait()
	return &Part{Rect: region, Layers: j.layers}
}

// outlineBox holds every pixel drawOutlines fills for o: its hexsides'
// strokes and its tag, with a hex size to spare.
func outlineBox(o outline, s float64) image.Rectangle {
	x0, x1 := o.tag.x-2*s, o.tag.x+2*s
	for _, sg := range o.segs {
		for _, e := range sg {
			x0, x1 = math.Min(x0, e.x-s), math.Max(x1, e.x+s)
		}
	}
	return image.Rect(int(math.Floor(x0)), 0, int(math.Ceil(x1))+1, 1)
}

// bandPart is band for PaintPart: the rows of r, the Terrain and Grid
// spans that meet the wide strip and the shapes that reach into it, and
// the labels and outlines, each clipped further by its layer's image.
func (j *job) bandPart(b *bandWork, r, wide image.Rectangle) {
	if b.sd == nil {
		b.sd = j.newShader()
	}
	T := j.layers.Terrain
	for y := max(r.Min.Y, T.Rect.Min.Y); y < min(r.Max.Y, T.Rect.Max.Y); y++ {
		o := T.PixOffset(T.Rect.Min.X, y)
		if !j.frameRow(T.Pix[o:o+4*T.Rect.Dx()], y, T.Rect.Min.X, T.Rect.Max.X) {
			b.sd.rowIn(y, wide.Min.X, wide.Max.X)
		}
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
	b.p.begin(j.layers.Labels, clip)
	j.drawLabels(b, clip)
	b.p.begin(j.layers.Outlines, clip)
	j.drawOutlines(b, clip)
}

// rowIn is row for the spans of image row y that meet columns [xa, xb):
// whole spans, as row cuts them, so each pixel is shaded as row shades
// it. The Grid layer is cleared under them first (Rasterize starts from a
// clear one). The Terrain and Grid images may begin right of column 0
// (PaintPart's); the spans must lie inside them.
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
	ox := T.Rect.Min.X
	sd.ox = ox
	trow := T.Pix[T.PixOffset(ox, y):]
	grow := G.Pix[G.PixOffset(ox, y):]
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
			clear(grow[4*(x-ox) : 4*(end-ox)])
			sd.span(trow, grow, x, end, h, cx, cy)
		}
		x = end
	}
}
