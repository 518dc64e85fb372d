package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text on the board is set in the Go fonts (golang.org/x/image/font/gofont).
// Glyphs are rasterised once per size, when first drawn, into alpha masks,
// each with a "halo" mask (the glyph grown by a pixel or two) drawn first in
// a light colour so labels stay readable on any terrain. Faces are cached
// and safe for any number of goroutines.

type fontKind int

const (
	fontMedium fontKind = iota // hex labels
	fontBold                   // board numbers, overlay IDs, legend titles
)

var (
	fontOnce  sync.Once
	fontFaces [2]*opentype.Font
	faceMu    sync.Mutex
	faceCache = map[faceKey]*textFace{}
)

type faceKey struct {
	kind fontKind
	size int // in quarter pixels
}

// textFace is one font at one pixel size, printable ASCII only.
type textFace struct {
	ascent, descent float64
	capHeight       float64
	halo            int

	mu     sync.Mutex
	of     font.Face // not safe for concurrent use: only under mu
	glyphs [128]*glyph
	done   [128]bool
}

type glyph struct {
	mask, halo *image.Alpha // mask at its bounds relative to the pen on the baseline
	adv        float64
}

// faceFor returns the cached face of kind at size pixels (em size).
func faceFor(kind fontKind, size float64) *textFace {
	key := faceKey{kind, int(math.Round(size * 4))}
	faceMu.Lock()
	defer faceMu.Unlock()
	if f, ok := faceCache[key]; ok {
		return f
	}
	fontOnce.Do(func() {
		var err error
		if fontFaces[fontMedium], err = opentype.Parse(gomedium.TTF); err != nil {
			panic("render: Go Medium font: " + err.Error())
		}
		if fontFaces[fontBold], err = opentype.Parse(gobold.TTF); err != nil {
			panic("render: Go Bold font: " + err.Error())
		}
	})
	px := float64(key.size) / 4
	of, err := opentype.NewFace(fontFaces[kind], &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error())
	}
	m := of.Metrics()
	f := &textFace{
		ascent:    fix(m.Ascent),
		descent:   fix(m.Descent),
		capHeight: fix(m.CapHeight),
		halo:      max(1, int(math.Round(px/8))),
		of:        of,
	}
	if f.capHeight <= 0 {
		f.capHeight = 0.7 * px
	}
	faceCache[key] = f
	return f
}

// glyph returns r's masks, making them on first use; nil for runes the
// face cannot draw (only printable ASCII is supported).
func (f *textFace) glyph(r rune) *glyph {
	if r < 32 || r >= 127 {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done[r] {
		return f.glyphs[r]
	}
	f.done[r] = true
	dr, mask, mp, adv, ok := f.of.Glyph(fixed.Point26_6{}, r)
	if !ok {
		return nil
	}
	g := &glyph{adv: fix(adv)}
	g.mask = image.NewAlpha(dr)
	draw.Draw(g.mask, dr, mask, mp, draw.Src)
	g.halo = dilate(g.mask, f.halo)
	f.glyphs[r] = g
	return g
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

// dilate grows an alpha mask by r pixels with a round brush: every source
// pixel stamps its alpha, as a maximum, over the disc around it.
func dilate(m *image.Alpha, r int) *image.Alpha {
	b := m.Bounds()
	out := image.NewAlpha(b.Inset(-r))
	var offs []int
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if dx*dx+dy*dy <= r*r+r {
				offs = append(offs, dy*out.Stride+dx)
			}
		}
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			a := m.Pix[m.PixOffset(x, y)]
			if a == 0 {
				continue
			}
			base := out.PixOffset(x, y)
			for _, o := range offs {
				if out.Pix[base+o] < a {
					out.Pix[base+o] = a
				}
			}
		}
	}
	return out
}

// width is the advance width of s in pixels.
func (f *textFace) width(s string) float64 {
	var w float64
	for _, r := range s {
		if g := f.glyph(r); g != nil {
			w += g.adv
		}
	}
	return w
}

// draw sets s with its pen starting at (x, baseline), clipped to clip: the
// halo in halo's colour first (skipped when halo is transparent), then the
// text in col.
func (f *textFace) draw(dst *image.RGBA, clip image.Rectangle, s string, x, baseline float64, col, halo color.RGBA) {
	for pass := 0; pass < 2; pass++ {
		c := col
		if pass == 0 {
			if halo.A == 0 {
				continue
			}
			c = halo
		}
		src := image.NewUniform(c)
		pen := x
		for _, r := range s {
			g := f.glyph(r)
			if g == nil {
				continue
			}
			m := g.mask
			if pass == 0 {
				m = g.halo
			}
			at := image.Pt(int(math.Round(pen)), int(math.Round(baseline)))
			rect := m.Bounds().Add(at).Intersect(clip)
			if !rect.Empty() {
				draw.DrawMask(dst, rect, src, image.Point{}, m, rect.Min.Sub(at), draw.Over)
			}
			pen += g.adv
		}
	}
}
