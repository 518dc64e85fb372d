package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/fileio"
	"khamsin/hexmap"
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
	Sound         *Sound // cues; nil or muted plays nothing
	next          Scene
}

// GoTo switches to scene next after this tick.
func (c *Context) GoTo(next Scene) { c.next = next }

// ViewOptions configure the map viewer. Zero values mean the defaults.
type ViewOptions struct {
	HexSize       float64     // raster pixels per hex; 0: DefaultViewHexSize, less for big maps
	Width, Height int         // window size; 0: 1280×800
	Title         string      // window title; "": "Khamsin"
	ShowHelp      bool        // open with the help overlay shown
	Center        *hexmap.Hex // nil: fit the whole map; else open centred on this hex
	Zoom          float64     // with Center: screen pixels per raster pixel (0: the fitted zoom)
	Frames        int         // stop after this many ticks; 0: run until closed
	Screenshot    string      // with Frames: save the last frame here as PNG
	Input         InputSource // nil: the real keyboard and mouse
	Keymap        Keymap      // nil: the viewer's keys (DefaultKeymap and the viewer's own)
	Mute          bool        // no sound cues (also: KHAMSIN_MUTE=1, or no audio device)
	North         string      // which screen direction is north: up (""), right, down, left
	ShotName      string      // F12 screenshots are khamsin-SHOTNAME-N.png ("": "view")
}

// DefaultViewHexSize is the viewer's raster resolution: sharp at 100 %
// zoom, small enough to keep a 2×2 map's layers in memory.
const DefaultViewHexSize = 48

// viewRasterBudget bounds one layer's pixels; larger maps are rasterised
// at a smaller hex size.
const viewRasterBudget = 16 << 20

// viewHexSize is the raster hex size the viewer uses for m: want (0: the
// default) unless one layer would then exceed budget pixels (0: the
// default budget).
func viewHexSize(m *hexmap.Map, want float64, budget int) float64 {
	if want <= 0 {
		want = DefaultViewHexSize
	}
	if budget <= 0 {
		budget = viewRasterBudget
	}
	bw, bh := m.Size()
	p := hexmap.Pixels{Size: want}
	lo, hi := p.MapBounds(bw, bh)
	px := (hi.X - lo.X + want) * (hi.Y - lo.Y + want)
	if px > float64(budget) {
		want = math.Max(12, math.Floor(want*math.Sqrt(float64(budget)/px)))
	}
	return want
}

// The smallest window the viewer allows (as the game window): the help
// overlay and the status bar fit it.
const (
	MinViewWidth  = 640
	MinViewHeight = 400
)

// Viewer is the map viewer as an ebiten.Game.
type Viewer struct {
	ctx   Context
	scene Scene
	opts  ViewOptions

	lastSize image.Rectangle // the screen size of the last drawn frame
	wantShot bool            // Draw should capture the frame
	shot     *image.RGBA     // the captured frame
	err      error           // what went wrong saving the screenshot
	keyShot  bool            // F12: Draw captures the next frame into keyImg
	keyImg   *image.RGBA
	shots    int // F12 screenshots saved
	mapTicks int // ticks since the map was shown (--frames counts these, not the splash's)
}

// NewViewer rasterises m and prepares the viewer without opening a window.
func NewViewer(m *hexmap.Map, opts ViewOptions) (*Viewer, error) {
	src := opts.Input
	if src == nil {
		src = DeviceInput{}
	}
	km := opts.Keymap
	if km == nil {
		km = viewerKeymap()
	}
	sc, err := NewMapScene(m, viewHexSize(m, opts.HexSize, 0), km)
	if err != nil {
		return nil, err
	}
	sc.ShowHelp(opts.ShowHelp)
	if n, err := hexmap.ParseNorth(opts.North); err == nil {
		sc.north = n
	}
	if opts.Center != nil {
		sc.StartAt(*opts.Center, opts.Zoom)
	}
	return &Viewer{ctx: Context{Input: NewInput(src, km), Sound: NewSound(opts.Mute)}, scene: sc, opts: opts}, nil
}

// Update runs one tick.
func (v *Viewer) Update() error {
	if v.shot != nil {
		v.err = writePNG(v.opts.Screenshot, v.shot)
		return ebiten.Termination
	}
	v.ctx.Tick++
	switch v.mapTicks {
	case 3:
		// the layers' pixels reached the GPU with the map's first frames:
		// Ebitengine's copies of them are garbage now
		debug.FreeOSMemory()
		timing("map shown")
	case 120:
		// and again once the buffers of those writes have been handed
		// back (Ebitengine frees them after a collection)
		debug.FreeOSMemory()
	}
	if v.keyImg != nil {
		v.saveKeyShot()
	}
	v.ctx.Input.Update()
	if err := v.scene.Update(&v.ctx); err != nil {
		return err
	}
	if ms, ok := v.scene.(*MapScene); ok {
		full, shot := ms.windowRequests()
		if full {
			ebiten.SetFullscreen(!ebiten.IsFullscreen())
		}
		v.keyShot = v.keyShot || shot
	}
	if v.ctx.next != nil {
		v.scene, v.ctx.next = v.ctx.next, nil
		v.lastSize = image.Rectangle{} // draw the new scene
	}
	if _, loading := v.scene.(*loadingScene); !loading {
		v.mapTicks++
	}
	if v.opts.Frames > 0 && v.mapTicks >= v.opts.Frames {
		if v.opts.Screenshot == "" {
			return ebiten.Termination
		}
		v.wantShot = true
	}
	return nil
}

// Draw draws the scene; when a screenshot is due it also reads the frame.
// The screen is not cleared between frames, so when the scene shows
// nothing new Draw leaves the last frame there and costs next to nothing.
func (v *Viewer) Draw(screen *ebiten.Image) {
	if d, ok := v.scene.(interface{ NeedsDraw() bool }); !ok || d.NeedsDraw() || v.wantShot || v.keyShot || screen.Bounds() != v.lastSize {
		v.scene.Draw(screen)
		v.lastSize = screen.Bounds()
	}
	if v.wantShot && v.shot == nil {
		v.shot = readFrame(screen)
	}
	if v.keyShot {
		v.keyShot, v.keyImg = false, readFrame(screen)
	}
}

// saveKeyShot writes the frame F12 captured to the first free
// khamsin-NAME-N.png in the current folder (where saves go too) and says
// where on screen.
func (v *Viewer) saveKeyShot() {
	img := v.keyImg
	v.keyImg = nil
	name := v.opts.ShotName
	if name == "" {
		name = "view"
	}
	var path string
	for {
		v.shots++
		path = fmt.Sprintf("khamsin-%s-%d.png", name, v.shots)
		if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) || v.shots > 9999 {
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
	if ms, ok := v.scene.(*MapScene); ok {
		ms.Notice(msg)
	}
}

// Layout makes the screen as many pixels as the window has on the
// monitor: resizing the window shows more of the map rather than
// stretching it, and high-DPI screens get sharp text and art.
func (v *Viewer) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil && m.DeviceScaleFactor() > 0 {
		s = m.DeviceScaleFactor()
	}
	v.ctx.Scale = s
	v.ctx.Width = int(math.Ceil(float64(outsideWidth) * s))
	v.ctx.Height = int(math.Ceil(float64(outsideHeight) * s))
	return v.ctx.Width, v.ctx.Height
}

// readFrame copies the screen's pixels into an image.
func readFrame(screen *ebiten.Image) *image.RGBA {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	return img
}

// writePNG writes img to path through fileio.WriteFile, the program's one
// safe writer: atomic and durable, refusing symlinks, hard links and
// devices, keeping an existing file's mode.
func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("screenshot: %v", err)
	}
	if err := fileio.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("screenshot: %v", err)
	}
	return nil
}

// ErrNoWindow wraps a failure to open the window (no display, no GL).
var ErrNoWindow = errors.New("cannot open a window")

// View opens the window on m and runs until it is closed, Q is pressed or
// opts.Frames have run. It returns an error wrapping ErrNoWindow when
// there is no display to open a window on.
//
// The window opens at once on a splash while the map is painted behind it
// (view_loading.go).
func View(m *hexmap.Map, opts ViewOptions) error {
	timing("window asked for")
	h, err := newHUD()
	if err != nil {
		return err
	}
	km := opts.Keymap
	if km == nil {
		km = viewerKeymap()
	}
	src := opts.Input
	if src == nil {
		src = DeviceInput{}
	}
	v := &Viewer{ctx: Context{Input: NewInput(src, km), Sound: NewSound(opts.Mute)}, opts: opts}
	v.scene = newLoadingScene(m, opts, km, h)
	timing("viewer ready")
	return v.Run()
}

// Run opens the window and runs the viewer. Ebitengine runs one game per
// process, so call it once.
func (v *Viewer) Run() error {
	w, h := v.opts.Width, v.opts.Height
	if w <= 0 || h <= 0 {
		w, h = 1280, 800
	}
	title := v.opts.Title
	if title == "" {
		title = "Khamsin"
	}
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(MinViewWidth, MinViewHeight, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(timed(v)); err != nil {
		if v.ctx.Tick == 0 {
			return fmt.Errorf("%w: %v", ErrNoWindow, err)
		}
		return err
	}
	if v.err != nil {
		return v.err
	}
	if v.opts.Screenshot != "" && v.shot == nil {
		return errors.New("screenshot: the window closed before the frame was drawn")
	}
	return nil
}
