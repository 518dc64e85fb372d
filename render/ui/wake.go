package ui

import (
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"
)

// woken is set by Wake and taken by the window's next tick.
var woken atomic.Bool

// Wake asks the window for a frame now, from any goroutine: an idle
// window runs none until something asks (a no-op when no window runs).
func Wake() {
	woken.Store(true)
	ebiten.ScheduleFrame()
}

// TakeWake reports whether Wake was called since the last TakeWake.
func TakeWake() bool { return woken.Swap(false) }
