package ui

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Camera maps world pixels (the rasterised board's pixel plane) to screen
// pixels. It is one matrix, world → screen, kept with its inverse for
// screen → world; it only ever scales uniformly and translates.
type Camera struct {
	geo ebiten.GeoM // world → screen
	inv ebiten.GeoM // screen → world

	// MinScale and MaxScale bound zooming (screen pixels per world pixel);
	// zero means no bound.
	MinScale, MaxScale float64
}

// GeoM is the world → screen matrix, ready for DrawImageOptions.
func (c *Camera) GeoM() ebiten.GeoM { return c.geo }

// Scale is the number of screen pixels per world pixel.
func (c *Camera) Scale() float64 { return c.geo.Element(0, 0) }

// Offset is the screen position of the world origin.
func (c *Camera) Offset() (x, y float64) { return c.geo.Element(0, 2), c.geo.Element(1, 2) }

// WorldToScreen maps a world point to the screen.
func (c *Camera) WorldToScreen(x, y float64) (float64, float64) { return c.geo.Apply(x, y) }

// ScreenToWorld maps a screen point to the world.
func (c *Camera) ScreenToWorld(x, y float64) (float64, float64) { return c.inv.Apply(x, y) }

// Set places the camera: world point (0,0) at screen (x,y), scale s.
func (c *Camera) Set(s, x, y float64) {
	c.geo.Reset()
	c.geo.Scale(s, s)
	c.geo.Translate(x, y)
	c.sync()
}

// sync recomputes the inverse after geo changed.
func (c *Camera) sync() {
	c.inv = c.geo
	if c.inv.IsInvertible() {
		c.inv.Invert()
	}
}

// Pan moves the view by (dx,dy) screen pixels: the world slides with the
// pointer, so a drag of +dx shows what lay to the left.
func (c *Camera) Pan(dx, dy float64) {
	c.geo.Translate(dx, dy)
	c.sync()
}

// ZoomAt multiplies the scale by factor (clamped to MinScale..MaxScale)
// keeping the world point under screen (sx,sy) where it is.
func (c *Camera) ZoomAt(factor, sx, sy float64) {
	s := c.Scale()
	target := s * factor
	if c.MaxScale > 0 && target > c.MaxScale {
		target = c.MaxScale
	}
	if c.MinScale > 0 && target < c.MinScale {
		target = c.MinScale
	}
	if target <= 0 || math.IsNaN(target) || math.IsInf(target, 0) || target == s {
		return
	}
	f := target / s
	c.geo.Translate(-sx, -sy)
	c.geo.Scale(f, f)
	c.geo.Translate(sx, sy)
	c.sync()
}

// Fit shows the whole world rectangle centred in the screen rectangle,
// leaving pad pixels around it, and returns the scale it chose.
func (c *Camera) Fit(world, screen image.Rectangle, pad float64) float64 {
	ww, wh := float64(world.Dx()), float64(world.Dy())
	sw, sh := float64(screen.Dx())-2*pad, float64(screen.Dy())-2*pad
	if ww <= 0 || wh <= 0 || sw <= 0 || sh <= 0 {
		c.Set(1, float64(screen.Min.X)-float64(world.Min.X), float64(screen.Min.Y)-float64(world.Min.Y))
		return 1
	}
	s := math.Min(sw/ww, sh/wh)
	cx := float64(screen.Min.X) + float64(screen.Dx())/2
	cy := float64(screen.Min.Y) + float64(screen.Dy())/2
	wx := float64(world.Min.X) + ww/2
	wy := float64(world.Min.Y) + wh/2
	c.Set(s, cx-wx*s, cy-wy*s)
	return s
}

// Keep slides the view so that at least keep screen pixels of the world
// rectangle stay inside the screen on each axis: the map can't be lost.
func (c *Camera) Keep(world, screen image.Rectangle, keep float64) {
	x0, y0 := c.WorldToScreen(float64(world.Min.X), float64(world.Min.Y))
	x1, y1 := c.WorldToScreen(float64(world.Max.X), float64(world.Max.Y))
	dx := keepAxis(x0, x1, float64(screen.Min.X), float64(screen.Max.X), keep)
	dy := keepAxis(y0, y1, float64(screen.Min.Y), float64(screen.Max.Y), keep)
	if dx != 0 || dy != 0 {
		c.Pan(dx, dy)
	}
}

// Clamp slides the view so that the world rectangle stays on the screen
// rectangle area: on an axis where the world is smaller than the area it
// is centred, on one where it is larger it covers the whole area. So no
// pan or zoom can leave the area empty or the map in a corner.
func (c *Camera) Clamp(world, area image.Rectangle) {
	x0, y0 := c.WorldToScreen(float64(world.Min.X), float64(world.Min.Y))
	x1, y1 := c.WorldToScreen(float64(world.Max.X), float64(world.Max.Y))
	dx := clampAxis(x0, x1, float64(area.Min.X), float64(area.Max.X))
	dy := clampAxis(y0, y1, float64(area.Min.Y), float64(area.Max.Y))
	if dx != 0 || dy != 0 {
		c.Pan(dx, dy)
	}
}

// clampAxis is the shift that centres [lo,hi] on [amin,amax] when it is
// shorter, else makes it cover [amin,amax].
func clampAxis(lo, hi, amin, amax float64) float64 {
	switch {
	case hi-lo <= amax-amin:
		return (amin+amax)/2 - (lo+hi)/2
	case lo > amin:
		return amin - lo
	case hi < amax:
		return amax - hi
	}
	return 0
}

// keepAxis is the shift that brings [lo,hi] to overlap [smin,smax] by at
// least keep (or by all of [lo,hi] when it is shorter than keep).
func keepAxis(lo, hi, smin, smax, keep float64) float64 {
	keep = math.Min(keep, math.Min(hi-lo, smax-smin))
	switch {
	case hi < smin+keep:
		return smin + keep - hi
	case lo > smax-keep:
		return smax - keep - lo
	}
	return 0
}

// VisibleWorld is the world rectangle the screen rectangle shows, rounded
// outwards to whole pixels.
func (c *Camera) VisibleWorld(screen image.Rectangle) image.Rectangle {
	x0, y0 := c.ScreenToWorld(float64(screen.Min.X), float64(screen.Min.Y))
	x1, y1 := c.ScreenToWorld(float64(screen.Max.X), float64(screen.Max.Y))
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}
