package raster

import (
	"image"
	"image/draw"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"khamsin/hexmap"
)

// Style sets how a map is drawn. Its zero value is the default look.
type Style struct {
	// HexSize is the distance in pixels from a hex's centre to a corner, so
	// a hex is 2·HexSize wide and √3·HexSize tall. Zero means 32; values are
	// kept within [4, 256].
	HexSize float64
	// Margin is the width in pixels of the dark frame round the playing
	// area; negative counts as zero.
	Margin int
}

const (
	defaultHexSize = 32
	minHexSize     = 4
	maxHexSize     = 256
)

// size is the effective hex size.
func (st Style) size() float64 {
	switch {
	case st.HexSize == 0 || math.IsNaN(st.HexSize):
		return defaultHexSize
	case st.HexSize < minHexSize:
		return minHexSize
	case st.HexSize > maxHexSize:
		return maxHexSize
	}
	return st.HexSize
}

func (st Style) margin() int { return max(st.Margin, 0) }

// Layers are the separately drawn parts of a map image, all the same size,
// so a viewer can toggle grid, labels and overlay outlines without
// re-rasterising terrain.
//
// Terrain is opaque: the ground art of every hex inside the playing area
// and the dark frame round it. Grid (hex edges and centre dots), Labels
// (hexrow letters and hex numbers in each hex, big board numbers) and
// Outlines (each placed overlay's outline and ID) are transparent except
// where they draw, and never draw on the frame.
type Layers struct {
	Terrain, Grid, Labels, Outlines *image.RGBA
	// Pixels maps map hexes to these images' pixels: hexmap.Pixels.Center
	// of a map hex is its centre in the images, and Pixels.HexAt turns an
	// image pixel back into a map hex.
	Pixels hexmap.Pixels
}

// Composite flattens the layers into one new opaque image: the terrain
// with, on top and in this order, the grid, the labels and the overlay
// outlines, each only if asked for.
func (l *Layers) Composite(grid, labels, outlines bool) *image.RGBA {
	out := image.NewRGBA(l.Terrain.Bounds())
	copy(out.Pix, l.Terrain.Pix)
	for _, layer := range []struct {
		on  bool
		img *image.RGBA
	}{{grid, l.Grid}, {labels, l.Labels}, {outlines, l.Outlines}} {
		if layer.on && layer.img != nil {
			draw.Draw(out, out.Bounds(), layer.img, out.Bounds().Min, draw.Over)
		}
	}
	return out
}

var sqrt3 = math.Sqrt(3)

// Rasterize draws the map m: its boards, overlays and SSR variants as the
// map holds them. The images cover the playing area
// (hexmap.Pixels.MapBounds) plus st.Margin pixels of dark frame on every
// side; the board edges cut through the edge half-hexes as on printed
// boards. It is deterministic: the same map and style always give the same
// pixels. The work is spread over the available CPUs, and Rasterize may
// be called from several goroutines at once.
func Rasterize(m *hexmap.Map, st Style) *Layers {
	px, play, size := rasterGeometry(m, st)
	j := &job{
		w:     worldFromMap(m),
		px:    px,
		size:  size,
		play:  play,
		frame: st.margin() > 0,
	}
	j.boards = BoardBoxes(m, px)
	j.labels = hexLabels(m, j.w, px, j.boards)
	j.outlines = overlayOutlines(m, px)
	return j.run()
}

// MaxRasterPixels is the largest image Rasterize should be asked for: its
// four layers take 16 bytes a pixel (1.6 GB here). Callers check RasterSize
// against it before rasterising a map a user chose.
const MaxRasterPixels = 100_000_000

// RasterSize is the size of the images Rasterize(m, st) makes, computed
// without drawing anything.
func RasterSize(m *hexmap.Map, st Style) image.Point {
	_, _, size := rasterGeometry(m, st)
	return size
}

func rasterGeometry(m *hexmap.Map, st Style) (hexmap.Pixels, image.Rectangle, image.Point) {
	s, margin := st.size(), st.margin()
	bw, bh := m.Size()
	px := hexmap.Pixels{Size: s, OriginX: float64(margin), OriginY: float64(margin) - s*sqrt3/2}
	lo, hi := px.MapBounds(bw, bh)
	playW := int(math.Ceil(hi.X - lo.X - 1e-9))
	playH := int(math.Ceil(hi.Y - lo.Y - 1e-9))
	return px, image.Rect(margin, margin, margin+playW, margin+playH), image.Pt(playW+2*margin, playH+2*margin)
}

// job is one rasterisation: a world, its pixel layout and what to draw.
type job struct {
	w     *world
	px    hexmap.Pixels
	size  image.Point     // image size
	play  image.Rectangle // the playing area; outside it is frame
	frame bool

	boards   []BoardBox
	labels   []hexLabel
	outlines []outline

	noiseRows            [2]int  // Redraw: the pixel rows the noise is sampled for (zero: all)
	shades               []shade // per world cell
	mottle, warpX, warpY *noiseGrid
	layers               *Layers
}

// The images are drawn in horizontal strips ("bands"), each clipping its
// drawing to itself, so workers can take them in any order. The number of
// bands depends only on the image height, never on the number of CPUs, so
// the output is the same on any machine.
const (
	numBands    = 8
	minBandRows = 64
)

func (j *job) run() *Layers {
	r := image.Rectangle{Max: j.size}
	j.layers = &Layers{
		Terrain:  image.NewRGBA(r),
		Grid:     image.NewRGBA(r),
		Labels:   image.NewRGBA(r),
		Outlines: image.NewRGBA(r),
		Pixels:   j.px,
	}
	j.prepareNoise()
	j.prepare()
	bandRows := max(minBandRows, (j.size.Y+numBands-1)/numBands)
	bands := (j.size.Y + bandRows - 1) / bandRows
	workers := min(runtime.GOMAXPROCS(0), bands)
	var next atomic.Int32
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bandWork
			for {
				i := int(next.Add(1)) - 1
				if i >= bands {
					return
				}
				y0 := i * bandRows
				j.band(&b, image.Rect(0, y0, j.size.X, min(y0+bandRows, j.size.Y)))
			}
		}()
	}
	wg.Wait()
	return j.layers
}

// bandWork is one worker's reusable scratch.
type bandWork struct {
	p     painter
	sd    *shader
	hexes []hexmap.Hex
}

// band draws every layer within the strip r.
func (j *job) band(b *bandWork, r image.Rectangle) {
	if b.sd == nil {
		b.sd = j.newShader()
	}
	j.shadeRows(b.sd, r)
	s := j.px.Size
	reach := 1.4 * s
	b.hexes = b.hexes[:0]
	for _, h := range j.w.hexes {
		c := j.px.Center(h)
		if c.Y+reach >= float64(r.Min.Y) && c.Y-reach < float64(r.Max.Y) {
			b.hexes = append(b.hexes, h)
		}
	}
	clip := r.Intersect(j.play)
	b.p.begin(j.layers.Terrain, clip)
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
