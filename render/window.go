package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/sound"
	"khamsin/render/ui"
)

// Window is the program's one ebiten.Game: it hosts one Scene at a time
// (the viewer's map, the menu, a game) and does for all of them what
// needs the window — its size and title, the screen's pixel layout,
// --frames and --screenshot, F11 and F12, handing memory back after a
// map's layers reach the GPU, and pacing: an idle window runs no frames.
type Window struct {
	ctx   ui.Context
	scene ui.Scene
	opts  windowOptions

	// sceneTicks counts the ticks since the scene last changed: a map's
	// layers reach the GPU in its first frames, after which the CPU
	// copies are garbage (freeAfterUpload).
	sceneTicks int
	shown      int // ticks with a scene other than a loading screen up (--frames counts these)
	drawn      bool
	lastSize   image.Rectangle // the screen size of the last drawn frame

	wantShot bool        // Draw should capture the frame (--screenshot)
	shot     *image.RGBA // the captured frame
	keyShot  *image.RGBA // the frame F12 asked for, to save next tick
	keyPath  string      // where keyShot goes ("": the scene names it)
	askShot  bool        // a scene with window requests asked for F12
	shots    int         // F12 screenshots saved under the window's name
	err      error       // what went wrong saving the screenshot

	pace pacer

	// OnDraw, when set, is called after each frame is drawn, with the
	// frame (window tests read pixels from it).
	OnDraw func(screen *ebiten.Image)
}

// windowOptions are what the window itself needs of ViewOptions,
// PlayOptions and MenuOptions.
type windowOptions struct {
	Width, Height int    // window size; 0: 1280×800
	Title         string // "": "Khamsin"
	Frames        int    // stop after this many ticks; 0: run until closed
	Screenshot    string // with Frames: save the last frame here as PNG
	ShotName      string // F12 screenshots of scenes that do not name them: khamsin-SHOTNAME-N.png
	Scripted      bool   // the input is a script (tests): every tick runs, as the script counts them
}

func newWindow(sc ui.Scene, snd *sound.Player, opts windowOptions) *Window {
	if opts.Title == "" {
		opts.Title = "Khamsin"
	}
	return &Window{ctx: ui.Context{Sound: snd}, scene: sc, opts: opts}
}

// The optional parts of a scene, which the window asks for.
type (
	// drawSkipper is a scene that knows when its frame is unchanged: the
	// window leaves the last frame on the screen.
	drawSkipper interface{ NeedsDraw() bool }
	// loader is a loading screen: --frames does not count its ticks.
	loader interface{ Loading() }
	// layerHolder is a scene whose map layers went to the GPU when it
	// started (freeAfterUpload).
	layerHolder interface{ HoldsLayers() }
	// titled is a scene that names the window.
	titled interface{ title() string }
	// shotScene names the F12 screenshot it asks for and says where it went.
	shotScene interface {
		pendingShot() string
		shotSaved(path string, err error)
	}
	// requester is a scene with actions for full screen and screenshots
	// (the viewer's keymap); the window names the shot and tells the
	// scene with Notice. Scenes without it get F11 from the raw keys.
	requester interface {
		WindowRequests() (fullscreen, shot bool)
		Notice(msg string)
	}
	// closer is told when the window closes outside a scripted run.
	closer interface{ closing() }
)

// Update runs one tick.
func (w *Window) Update() error {
	if w.shot != nil {
		w.err = writePNG(w.opts.Screenshot, w.shot)
		return ebiten.Termination
	}
	if w.keyShot != nil {
		w.saveKeyShot()
	}
	w.ctx.Tick++
	w.sceneTicks++
	w.freeAfterUpload()
	r, asks := w.scene.(requester)
	if !asks {
		ui.ToggleFullscreenKey() // F11, as the viewer's keymap has it
	}
	if w.ctx.Input != nil {
		w.ctx.Input.Update() // the viewer's actions; the game's scenes poll their own source
	}
	if err := w.scene.Update(&w.ctx); err != nil {
		return err
	}
	if asks {
		full, shot := r.WindowRequests()
		if full {
			ebiten.SetFullscreen(!ebiten.IsFullscreen())
		}
		w.askShot = w.askShot || shot
	}
	if next := w.ctx.TakeNext(); next != nil {
		w.scene = next
		w.sceneTicks = 0
		w.lastSize = image.Rectangle{} // draw the new scene
		if t, ok := w.scene.(titled); ok {
			ebiten.SetWindowTitle(t.title())
		}
	}
	if _, loading := w.scene.(loader); !loading {
		w.shown++ // --frames counts the map's or the game's frames, not a splash's
	}
	if w.opts.Frames > 0 && w.shown >= w.opts.Frames {
		if w.opts.Screenshot == "" {
			return ebiten.Termination
		}
		w.wantShot = true
	}
	w.pace.tick(w.busy())
	return nil
}

// freeAfterUpload hands memory back to the OS twice after a scene with map
// layers starts: once the layers have gone to the GPU, and again once
// Ebitengine has freed its write buffers (resident memory,
// docs/performance.md).
func (w *Window) freeAfterUpload() {
	if _, ok := w.scene.(layerHolder); !ok {
		return
	}
	switch w.sceneTicks {
	case 3:
		debug.FreeOSMemory()
		ui.Timing("map shown")
	case 120:
		debug.FreeOSMemory()
	}
}

// Draw draws the scene, unless it says its frame is unchanged (the screen
// is not cleared between frames, so the last frame stays); when a
// screenshot is due it also reads the frame.
func (w *Window) Draw(screen *ebiten.Image) {
	ss, names := w.scene.(shotScene)
	keyShot := w.askShot || names && ss.pendingShot() != "" && w.keyShot == nil
	if d, ok := w.scene.(drawSkipper); !ok || d.NeedsDraw() || w.wantShot || keyShot || screen.Bounds() != w.lastSize {
		w.scene.Draw(screen)
		w.lastSize = screen.Bounds()
	}
	if !w.drawn {
		w.drawn = true
		ui.Timing("first frame") // KHAMSIN_TIMING=1 (docs/performance.md, "Start-up")
	}
	if w.OnDraw != nil {
		w.OnDraw(screen)
	}
	if w.wantShot && w.shot == nil {
		w.shot = readFrame(screen)
	}
	if keyShot && w.keyShot == nil {
		w.keyShot, w.keyPath = readFrame(screen), ""
		if names {
			w.keyPath = ss.pendingShot()
		}
		w.askShot = false
		ui.Wake() // the next tick saves it
	}
}

// saveKeyShot writes the frame F12 captured: where the scene named it, or
// to the first free khamsin-NAME-N.png in the current folder (where saves
// go too), and says where on screen.
func (w *Window) saveKeyShot() {
	img, path := w.keyShot, w.keyPath
	w.keyShot, w.keyPath = nil, ""
	if ss, ok := w.scene.(shotScene); ok && path != "" {
		ss.shotSaved(path, writePNG(path, img))
		return
	}
	name := w.opts.ShotName
	if name == "" {
		name = "view"
	}
	for {
		w.shots++
		path = fmt.Sprintf("khamsin-%s-%d.png", name, w.shots)
		if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) || w.shots > 9999 {
			break
		}
	}
	msg := "screenshot saved: "
	if abs, err := filepath.Abs(path); err == nil {
		msg += abs
	} else {
		msg += path
	}
	if err := writePNG(path, img); err != nil {
		msg = err.Error()
	}
	if r, ok := w.scene.(requester); ok {
		r.Notice(msg)
	}
}

// Layout makes the screen as many pixels as the window has on the
// monitor: resizing the window shows more of the map rather than
// stretching it, and high-DPI screens get sharp text and art.
func (w *Window) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil && m.DeviceScaleFactor() > 0 {
		s = m.DeviceScaleFactor()
	}
	uiScaleFitted = fitUIScale(UIScale(), outsideWidth, outsideHeight)
	w.ctx.Scale = s * uiScaleFitted // settings: the UI scale (75–200 %)
	w.ctx.Width = int(math.Ceil(float64(outsideWidth) * s))
	w.ctx.Height = int(math.Ceil(float64(outsideHeight) * s))
	return w.ctx.Width, w.ctx.Height
}

// fitUIScale is the UI scale in force in a w×h window (device-independent
// pixels): the setting, but no larger than leaves the scenes the least
// window they are laid out for (ui.MinViewWidth × ui.MinViewHeight) — 200 %
// in an 800×600 window laid the menu out for 400×300 and ran it off both
// sides. The setting itself is kept as chosen.
// uiScaleFitted is the UI scale in force at the last Layout (0 before
// one), so the menu's Text button can say when the window is too small
// for the size chosen. Layout, Update and Draw share one goroutine.
var uiScaleFitted float64

func fitUIScale(setting float64, w, h int) float64 {
	most := math.Max(1, math.Min(float64(w)/ui.MinViewWidth, float64(h)/ui.MinViewHeight))
	return math.Min(setting, most)
}

// Run opens the window and runs until it is closed, the scene ends it or
// Frames have run. Ebitengine runs one game per process, so call it once.
// It returns an error wrapping ErrNoWindow when there is no display.
func (w *Window) Run() error {
	ww, wh := w.opts.Width, w.opts.Height
	if ww <= 0 || wh <= 0 {
		ww, wh = 1280, 800
	}
	title := w.opts.Title
	if t, ok := w.scene.(titled); ok {
		title = t.title()
	}
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowSize(ww, wh)
	ebiten.SetWindowSizeLimits(ui.MinViewWidth, ui.MinViewHeight, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)         // every scene fills the screen; an unchanged one skips Draw
	if err := ebiten.RunGame(timed(w)); err != nil { // timed: KHAMSIN_FRAMETIME=1 (frametime.go)
		if w.ctx.Tick == 0 {
			return fmt.Errorf("%w: %v", ErrNoWindow, err)
		}
		return err
	}
	if w.err != nil {
		return w.err
	}
	// the window's close button ends the run without Q Q: the scene may
	// keep what the player left (not in scripted runs)
	if c, ok := w.scene.(closer); ok && w.opts.Frames == 0 && w.opts.Screenshot == "" {
		c.closing()
	}
	if w.opts.Screenshot != "" && w.shot == nil {
		return errors.New("screenshot: the window closed before the frame was drawn")
	}
	return nil
}

// The scenes' parts the window asks for (see the interfaces above).

func (*PlayScene) HoldsLayers() {}
func (*playLoading) Loading()   {}

func (s *PlayScene) title() string { return gameTitle(s.g) }
func (*MenuScene) title() string   { return "Khamsin" }

// closing keeps the zoom the player left the game at, when the window's
// close button ends the run without Q Q.
func (s *PlayScene) closing() { s.keepZoom() }

// ticking: the blinking cursor of the load field.
func (m *MenuScene) Ticking() bool { return m.editing }

// ticking: a counter sliding, the dice rattling or the dice box and the
// status line timing out, a replay running, a first Q waiting for the
// second, or the computer's pause before its next command. While the
// computer thinks the window may rest: its goroutine wakes it.
func (s *PlayScene) Ticking() bool {
	switch {
	case s.animating(), s.rattle > 0, s.rp() != nil && !s.rp().paused:
		return true
	case !s.handOver && (s.diceShown() || s.msg != "" && s.tick-s.msgTick < msgTicks):
		return true
	case s.quitAt > 0 && s.tick-s.quitAt < 180:
		return true
	}
	return s.ai != nil && !s.g.Over() && !s.human(s.g.Actor()) && s.aiThink == nil
}
