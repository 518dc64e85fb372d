package ui

import (
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
// string, font and size; ones not drawn for a while are dropped.
type textCache struct {
	lines map[textKey]*textLine
	calls int
}

type textKey struct {
	s    string
	src  *text.GoTextFaceSource
	size float64
	dir  text.Direction
}

type textLine struct {
	img  *ebiten.Image
	used int
}

// textCacheMax is the number of lines kept before the unused are dropped:
// a few frames' worth (a frame draws well under textCacheMax/2 lines). A
// replay writes new lines every step, and 1,500 of them held a whole
// game's replay above 400 MB resident (docs/performance.md, "Issue 18:
// idle window").
const textCacheMax = 500

var lineCache textCache

// draw draws s at (x, y) like text.Draw with op's translation and
// colour; ok is false when the face or string cannot be cached (the
// caller then draws it directly).
func (tc *textCache) draw(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) bool {
	gf, isGo := face.(*text.GoTextFace)
	if !isGo || s == "" || strings.ContainsRune(s, '\n') {
		return false
	}
	k := textKey{s: s, src: gf.Source, size: gf.Size, dir: gf.Direction}
	tc.calls++
	l, ok := tc.lines[k]
	if !ok {
		if tc.lines == nil {
			tc.lines = map[textKey]*textLine{}
		}
		if len(tc.lines) >= textCacheMax {
			tc.evict()
		}
		w, h := text.Measure(s, face, 0)
		img := ebiten.NewImage(int(math.Ceil(w))+2, int(math.Ceil(h))+2)
		op := &text.DrawOptions{}
		op.GeoM.Translate(1, 1)
		text.Draw(img, s, face, op)
		l = &textLine{img: img}
		tc.lines[k] = l
	}
	l.used = tc.calls
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(l.img, op)
	return true
}

// evict drops the older half of the lines.
func (tc *textCache) evict() {
	cut := tc.calls - textCacheMax/2
	for k, l := range tc.lines {
		if l.used < cut {
			l.img.Deallocate()
			delete(tc.lines, k)
		}
	}
	if len(tc.lines) >= textCacheMax { // all recent: start over
		for k, l := range tc.lines {
			l.img.Deallocate()
			delete(tc.lines, k)
		}
	}
}
