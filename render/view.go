package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/fileio"
	"khamsin/hexmap"
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

// NewViewer rasterises m and prepares the viewer's window without opening
// it.
func NewViewer(m *hexmap.Map, opts ViewOptions) (*Window, error) {
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
	w := newWindow(sc, sound.New(opts.Mute), opts.window())
	w.ctx.Input = NewInput(src, km)
	return w, nil
}

// window is what the viewer's window needs of the options.
func (o ViewOptions) window() windowOptions {
	return windowOptions{Width: o.Width, Height: o.Height, Title: o.Title, Frames: o.Frames,
		Screenshot: o.Screenshot, ShotName: o.ShotName, Scripted: o.Input != nil}
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
	w := newWindow(newLoadingScene(m, opts, km, h), sound.New(opts.Mute), opts.window())
	w.ctx.Input = NewInput(src, km)
	timing("viewer ready")
	return w.Run()
}
