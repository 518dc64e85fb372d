package render

import (
	"runtime/debug"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"khamsin/render/ui"
)

// Pacing (issue 18, "Resources"): a window nobody touches and where
// nothing moves runs no frames at all. While something needs ticks —
// input, a counter sliding, the dice box, a replay, the computer's pause
// between commands, a message that times out, a loading screen — the
// window runs at the usual 60 ticks a second; once nothing has for
// linger it switches Ebitengine to FPSModeVsyncOffMinimum, where
// Update and Draw run only when input arrives or someone calls
// ebiten.ScheduleFrame (wake). The first such frame switches back to
// full rate, so ticks keep meaning 1/60 s whenever anything is timed.
// Work on other goroutines (the computer thinking, painting a map,
// thumbnails) calls wake when its result is ready.

// linger is how long the window keeps full rate after it was last busy
// (hover tooltips and double presses are timed too), in wall time: on a
// loaded machine ticks come slower than 60 a second.
const linger = 1500 * time.Millisecond

// settleTicks is how long a new scene runs at full rate: its map layers
// reach the GPU in the first frames (freeAfterUpload).
const settleTicks = 5

// ticker is a scene that needs ticks with no input, for now: something
// moves or times out on its screen.
type ticker interface{ Ticking() bool }

// pacer switches the window between full rate and frames on demand.
type pacer struct {
	idle bool      // FPSModeVsyncOffMinimum is on
	busy time.Time // when the window was last busy
	last ui.InputState
}

// tick records whether the window was busy this tick and switches modes.
// Input that changed, or a wake, counts as busy: an idle window goes back
// to full rate at once.
func (p *pacer) tick(busy bool) {
	in := ui.DeviceInput{}.Poll()
	if !sameInput(in, p.last) || ui.TakeWake() {
		busy = true
	}
	p.last = in
	now := time.Now()
	if busy {
		p.busy = now
	}
	idle := now.Sub(p.busy) > linger
	if idle == p.idle {
		return
	}
	p.idle = idle
	if idle {
		// one tick a frame, and frames only on demand
		ebiten.SetTPS(ebiten.SyncWithFPS)
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		// what the busy spell left behind (uploads' buffers, a replay's
		// ghost games) goes back to the system while nothing happens
		debug.FreeOSMemory()
		return
	}
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	ebiten.SetTPS(ebiten.DefaultTPS)
}

// busy reports whether the window needs ticks with no input now.
func (w *Window) busy() bool {
	if w.opts.Scripted || w.opts.Frames > 0 || w.sceneTicks < settleTicks || w.keyShot != nil || w.askShot {
		return true
	}
	if _, ok := w.scene.(loader); ok {
		return true
	}
	if t, ok := w.scene.(ticker); ok && t.Ticking() {
		return true
	}
	return inputHeld()
}

// inputHeld reports a key or mouse button held down: held keys repeat and
// drags pan in ticks.
func inputHeld() bool {
	if len(inpututil.AppendPressedKeys(nil)) > 0 {
		return true
	}
	for _, b := range ui.DeviceButtons {
		if ebiten.IsMouseButtonPressed(b) {
			return true
		}
	}
	return false
}

// sameInput reports two ticks' input as the same: nothing pressed,
// typed, moved or scrolled in between.
func sameInput(a, b ui.InputState) bool {
	return slices.Equal(a.Keys, b.Keys) && slices.Equal(a.Buttons, b.Buttons) && len(a.Runes) == 0 && len(b.Runes) == 0 &&
		a.CursorX == b.CursorX && a.CursorY == b.CursorY && a.WheelX == 0 && a.WheelY == 0
}
