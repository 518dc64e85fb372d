package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/sound"
)

// Scene is one screen of the program: Update changes its state once per
// tick, Draw draws that state and changes nothing.
type Scene interface {
	Update(ctx *Context) error
	Draw(screen *ebiten.Image)
}

// Context is what a scene's Update gets: the input read as actions, the
// screen size, the tick count, and the way to another scene.
type Context struct {
	Input         *Input
	Width, Height int     // screen size in pixels
	Scale         float64 // screen pixels per device-independent pixel (high-DPI screens: 2)
	Tick          int
	Sound         *sound.Player // cues; nil or muted plays nothing
	next          Scene
}

// GoTo switches to scene next after this tick.
func (c *Context) GoTo(next Scene) { c.next = next }

// TakeNext is the scene GoTo asked for this tick (nil: none), once: the
// window calls it after each Update.
func (c *Context) TakeNext() Scene {
	n := c.next
	c.next = nil
	return n
}
