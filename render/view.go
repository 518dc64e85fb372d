// Package render draws Khamsin. Board art — terrain, hex grid, labels,
// overlay outlines — is rasterised once on the CPU (render/raster, with
// golang.org/x/image/vector into plain *image.RGBA layers, no display and
// no Ebitengine), so `khamsin render` can write a PNG and tests can compare
// golden images. The window's widgets are in render/ui and its sounds in
// render/sound; this package holds the scenes — the menu, the map viewer,
// the game and its replays, how to play — and the one Window that hosts
// them (brief §2). Imports point down only: render → ui → raster.
package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/fileio"
	"khamsin/hexmap"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// ViewOptions configure the map viewer. Zero values mean the defaults.
type ViewOptions struct {
	HexSize       float64        // raster pixels per hex; 0: DefaultViewHexSize, less for big maps
	Width, Height int            // window size; 0: 1280×800
	Title         string         // window title; "": "Khamsin"
	ShowHelp      bool           // open with the help overlay shown
	Center        *hexmap.Hex    // nil: fit the whole map; else open centred on this hex
	Zoom          float64        // with Center: screen pixels per raster pixel (0: the fitted zoom)
	Frames        int            // stop after this many ticks; 0: run until closed
	Screenshot    string         // with Frames: save the last frame here as PNG
	Input         ui.InputSource // nil: the real keyboard and mouse
	Keymap        ui.Keymap      // nil: the viewer's keys (DefaultKeymap and the viewer's own)
	Mute          bool           // no sound cues (also: KHAMSIN_MUTE=1, or no audio device)
	North         string         // which screen direction is north: up (""), right, down, left
	ShotName      string         // F12 screenshots are khamsin-SHOTNAME-N.png ("": "view")
}

// NewViewer rasterises m and prepares the viewer's window without opening
// it.
func NewViewer(m *hexmap.Map, opts ViewOptions) (*Window, error) {
	src := opts.Input
	if src == nil {
		src = ui.DeviceInput{}
	}
	km := opts.Keymap
	if km == nil {
		km = ui.ViewerKeymap()
	}
	sc, err := ui.NewMapScene(m, ui.ViewHexSize(m, opts.HexSize, 0), km)
	if err != nil {
		return nil, err
	}
	sc.ShowHelp(opts.ShowHelp)
	if n, err := hexmap.ParseNorth(opts.North); err == nil {
		sc.North = n
	}
	if opts.Center != nil {
		sc.StartAt(*opts.Center, opts.Zoom)
	}
	w := newWindow(sc, sound.New(opts.Mute), opts.window())
	w.ctx.Input = ui.NewInput(src, km)
	return w, nil
}

// window is what the viewer's window needs of the options.
func (o ViewOptions) window() windowOptions {
	return windowOptions{Width: o.Width, Height: o.Height, Title: o.Title, Frames: o.Frames,
		Screenshot: o.Screenshot, ShotName: o.ShotName, Scripted: o.Input != nil}
}

// start is how the viewer's map opens.
func (o ViewOptions) start() ui.MapStart {
	return ui.MapStart{HexSize: o.HexSize, ShowHelp: o.ShowHelp, Center: o.Center, Zoom: o.Zoom, North: o.North, Title: o.Title}
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
// (ui/view_loading.go).
func View(m *hexmap.Map, opts ViewOptions) error {
	ui.Timing("window asked for")
	h, err := ui.NewHUD()
	if err != nil {
		return err
	}
	km := opts.Keymap
	if km == nil {
		km = ui.ViewerKeymap()
	}
	src := opts.Input
	if src == nil {
		src = ui.DeviceInput{}
	}
	w := newWindow(ui.NewLoadingScene(m, opts.start(), km, h), sound.New(opts.Mute), opts.window())
	w.ctx.Input = ui.NewInput(src, km)
	ui.Timing("viewer ready")
	return w.Run()
}
