package ui

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// textCache keeps each line of text the panels draw as a small white
// picture, tinted at draw time: text/v2 lays out and draws glyph by glyph,
// and the log, the panels and the status bars redraw the same lines every
// frame (docs/performance.md, "Frame time"). Lines are keyed by their
// string, font and size.
//
// The pictures live on one sheet of fixed size, packed in rows, and
// when the sheet is full it is cleared and filled again. One image per
// line, as before, put every new line (a replay writes several a step)
// into Ebitengine's shared atlas, whose pages grow to fit and never
// shrink while anything else lives on them: a whole game's replay grew
// by about 100 MB that way (docs/performance.md, "Issue 18: idle
// window"). The sheet is Unmanaged, its own texture outside the atlas,
// so the cache's memory is the sheet's, whatever is drawn.
type textCache struct {
	lines map[textKey]*ebiten.Image // sub-images of sheet
	sheet *ebiten.Image
	shelf shelf
}

type textKey struct {
	s    string
	src  *text.GoTextFaceSource
	size float64
	dir  text.Direction
}

// textSheet is the sheet's side: 16 MB of texture, room for several
// hundred panel lines (a frame draws well under a hundred).
const textSheet = 2048

var lineCache textCache

// draw draws s at (x, y) like text.Draw with op's translation and
// colour; ok is false when the face or string cannot be cached (the
// caller then draws it directly).
func (tc *textCache) draw(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) bool {
	return tc.drawAt(dst, s, face, x, y, c, false)
}

// drawAt is draw with (x, y) the line's top left, or with centre its
// middle (to within half a pixel of text.Draw's centred alignment).
func (tc *textCache) drawAt(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color, centre bool) bool {
	gf, isGo := face.(*text.GoTextFace)
	if !isGo || s == "" || strings.ContainsRune(s, '\n') {
		return false
	}
	k := textKey{s: s, src: gf.Source, size: gf.Size, dir: gf.Direction}
	img, ok := tc.lines[k]
	if !ok {
		w, h := text.Measure(s, face, 0)
		r, ok := tc.place(int(math.Ceil(w))+2, int(math.Ceil(h))+2)
		if !ok {
			return false // wider or taller than the sheet
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(r.Min.X+1), float64(r.Min.Y+1))
		text.Draw(tc.sheet, s, face, op)
		img = tc.sheet.SubImage(r).(*ebiten.Image)
		tc.lines[k] = img
	}
	if centre {
		b := img.Bounds()
		x, y = x-float64(b.Dx()-2)/2, y-float64(b.Dy()-2)/2
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(img, op)
	return true
}

// place finds a w×h place on the sheet, clearing it (and forgetting
// every line) when it is full.
func (tc *textCache) place(w, h int) (image.Rectangle, bool) {
	if tc.sheet == nil {
		tc.sheet = ebiten.NewImageWithOptions(image.Rect(0, 0, textSheet, textSheet), &ebiten.NewImageOptions{Unmanaged: true})
		tc.shelf.side = textSheet
	}
	if tc.lines == nil {
		tc.lines = map[textKey]*ebiten.Image{}
	}
	r, full, ok := tc.shelf.place(w, h)
	if full {
		tc.sheet.Clear()
		clear(tc.lines)
	}
	return r, ok
}

// shelf packs rectangles in rows on a side×side square, left to right
// and top to bottom, and starts again at the top when it is full.
type shelf struct {
	side  int
	x, y  int // the next free place on the current row
	rowH  int // the current row's height
	fills int // times it was full and started again
}

// shelfGap is a clear texel between pictures.
const shelfGap = 1

// place is a w×h place; full reports that everything placed before is
// to be forgotten (the square started again); ok is false for a picture
// larger than the square.
func (p *shelf) place(w, h int) (r image.Rectangle, full, ok bool) {
	if w+shelfGap > p.side || h+shelfGap > p.side {
		return image.Rectangle{}, false, false
	}
	if p.x+w+shelfGap > p.side { // the next row
		p.x, p.y, p.rowH = 0, p.y+p.rowH, 0
	}
	if p.y+h+shelfGap > p.side {
		p.x, p.y, p.rowH = 0, 0, 0
		p.fills++
		full = true
	}
	r = image.Rect(p.x, p.y, p.x+w, p.y+h)
	p.x += w + shelfGap
	p.rowH = max(p.rowH, h+shelfGap)
	return r, full, true
}
