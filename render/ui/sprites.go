package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// SpriteCache keeps small marker pictures (smoke and dust clouds, wrecks,
// objective stars) drawn once per look and size with Ebitengine's vector
// package into an offscreen image, then blitted each frame. Every
// vector.FillCircle or FillPath is a stencil pass of its own, and a map of
// smoke costs hundreds of them a frame; a DrawImage of a cached picture
// batches with the rest (docs/performance.md, "Frame time").
type SpriteCache struct {
	imgs map[spriteKey]*ebiten.Image
}

// spriteKey is one look at one size.
type spriteKey struct {
	kind  string
	size  int // the radius in screen pixels, rounded
	col   color.RGBA
	label string
}

// spriteCacheMax bounds the pictures kept; past it (many zoom levels
// visited) the cache starts over.
const spriteCacheMax = 300

// draw blits the picture of k centred on (x, y), painting it first if
// needed: paint draws it centred on (c, c) of an image extent×extent
// radii across.
func (sc *SpriteCache) draw(dst *ebiten.Image, k spriteKey, extent float64, x, y float64, paint func(img *ebiten.Image, c, r float64)) {
	if k.size < 1 {
		return
	}
	img, ok := sc.imgs[k]
	if !ok {
		if sc.imgs == nil || len(sc.imgs) >= spriteCacheMax {
			for _, old := range sc.imgs {
				old.Deallocate()
			}
			sc.imgs = map[spriteKey]*ebiten.Image{}
		}
		side := int(math.Ceil(float64(k.size)*extent)) + 4
		img = ebiten.NewImage(side, side)
		paint(img, float64(side)/2, float64(k.size))
		sc.imgs[k] = img
	}
	w := float64(img.Bounds().Dx())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x-w/2), math.Round(y-w/2))
	dst.DrawImage(img, op)
}

// Cloud draws a smoke or dust cloud of radius r at (x, y) (drawCloud).
func (sc *SpriteCache) Cloud(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	sc.draw(dst, spriteKey{kind: "cloud", size: int(math.Round(r)), col: c}, 2.6, x, y, func(img *ebiten.Image, ctr, r float64) {
		drawCloud(img, ctr, ctr, r, c)
	})
}

// Wreck draws a wreck marker of radius r at (x, y) (drawWreck).
func (sc *SpriteCache) Wreck(dst *ebiten.Image, x, y, r float64) {
	sc.draw(dst, spriteKey{kind: "wreck", size: int(math.Round(r))}, 2.4, x, y, func(img *ebiten.Image, ctr, r float64) {
		drawWreck(img, ctr, ctr, r)
	})
}

// Objective draws an objective star of radius r at (x, y) with its value
// below (drawObjective).
func (sc *SpriteCache) Objective(dst *ebiten.Image, x, y, r float64, fill color.RGBA, label string, faces *CounterFaces) {
	sc.draw(dst, spriteKey{kind: "objective", size: int(math.Round(r)), col: fill, label: label}, 4.8, x, y, func(img *ebiten.Image, ctr, r float64) {
		drawObjective(img, ctr, ctr, r, fill, label, faces)
	})
}
