package ui

import (
	"fmt"
	"image"
	"math"
	"os"
	"runtime/debug"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/hexmap"
	"khamsin/render/raster"
)

// Start-up: the window opens at once on a splash while the map is painted
// on other goroutines; its layers then go to the GPU a few tiles a tick,
// the splash showing how far it has got, and the map scene takes over.
// Painting a 2×2 map takes seconds; a black window for that long looks
// like a hang.

// processStart is about when the program started (package initialisation
// runs just before main), for the start-up timings.
var processStart = time.Now()

// timingOn is KHAMSIN_TIMING=1: print start-up timings on stderr.
var timingOn = os.Getenv("KHAMSIN_TIMING") == "1"

// uploadBudget is how long one tick may spend sending tiles to the GPU.
const uploadBudget = 25 * time.Millisecond

// loadingScene shows the splash and hands over to the map scene.
type loadingScene struct {
	m     *hexmap.Map
	opts  MapStart
	km    Keymap
	hud   *HUD
	title string
	noGPU bool // headless tests: make no GPU images

	done  chan *raster.Layers // the painted layers
	ls    *raster.Layers
	scene *MapScene
	jobs  []uploadJob
	next  int

	tick    int
	ticks   int // this scene's ticks
	started bool
}

// uploadJob is one tile of one layer to send to the GPU.
type uploadJob struct {
	layer int
	src   *image.RGBA
	r     image.Rectangle
}

// MapStart is how a map view opens: the raster's hex size (0: the
// default), the help shown, where it looks (nil: the whole map) and at
// what zoom, which way north is, and the title the splash shows.
type MapStart struct {
	HexSize  float64
	ShowHelp bool
	Center   *hexmap.Hex
	Zoom     float64
	North    string
	Title    string
}

// NewLoadingScene is the viewer's splash: it starts painting m on other
// goroutines and hands over to the map scene when the layers are on the
// GPU.
func NewLoadingScene(m *hexmap.Map, opts MapStart, km Keymap, h *HUD) Scene {
	return newLoadingScene(m, opts, km, h)
}

func newLoadingScene(m *hexmap.Map, opts MapStart, km Keymap, h *HUD) *loadingScene {
	return &loadingScene{m: m, opts: opts, km: km, hud: h, title: opts.Title, done: make(chan *raster.Layers, 1)}
}

// start paints the map on other goroutines. It waits for the splash's
// first frame (drawn after the first tick): painting takes every core,
// and started earlier it slows the window's own start (a software GL
// driver compiling its shaders) by seconds.
func (l *loadingScene) start() {
	l.started = true
	hs := ViewHexSize(l.m, l.opts.HexSize, 0)
	go func() {
		l.done <- raster.Rasterize(l.m, raster.Style{HexSize: hs, Margin: int(math.Ceil(hs / 2))})
		Wake()
	}()
}

// Update waits for the painting, then uploads tiles within the tick's
// budget, then switches to the map scene.
func (l *loadingScene) Update(ctx *Context) error {
	l.tick = ctx.Tick
	l.ticks++
	if !l.started && l.ticks >= 2 {
		l.start()
	}
	if l.ls == nil {
		select {
		case ls := <-l.done:
			if ls == nil || ls.Terrain == nil {
				return fmt.Errorf("view: rasteriser returned no terrain layer")
			}
			l.ls = ls
			l.scene = NewMapSceneFrom(l.m, ls, l.hud, l.km)
			l.scene.ShowHelp(l.opts.ShowHelp)
			if n, err := hexmap.ParseNorth(l.opts.North); err == nil {
				l.scene.North = n
			}
			if l.opts.Center != nil {
				l.scene.StartAt(*l.opts.Center, l.opts.Zoom)
			}
			for i, img := range [NumViewLayers]*image.RGBA{ls.Terrain, ls.Grid, ls.Labels, ls.Outlines} {
				for _, r := range TileRects(img, LayerTileSize[i]) {
					l.jobs = append(l.jobs, uploadJob{i, img, r})
				}
			}
			Timing("map painted")
		default:
			return nil
		}
	}
	t0 := time.Now()
	for l.next < len(l.jobs) && (l.next == 0 || time.Since(t0) < uploadBudget) {
		j := l.jobs[l.next]
		if !l.noGPU {
			l.scene.layers[j.layer].upload(j.src, j.r)
		}
		l.next++
	}
	if l.next < len(l.jobs) {
		return nil
	}
	// every tile is on the GPU: the CPU copies (a few hundred MB on a 2×2
	// map) are garbage; hand the memory back at once
	l.ls, l.jobs = nil, nil
	debug.FreeOSMemory()
	Timing("map uploaded")
	ctx.GoTo(l.scene)
	return nil
}

// progress is how far the current stage has got, 0 to 1, so the bar
// matches the words under it: painting (step 1 of 2) has no count, so
// its bar creeps towards the end with time; the upload (step 2 of 2)
// fills exactly as its tile count says.
func (l *loadingScene) progress() float64 {
	if l.ls == nil && l.scene == nil {
		return 1 - math.Exp(-float64(l.tick)/150)
	}
	if len(l.jobs) == 0 {
		return 1
	}
	return float64(l.next) / float64(len(l.jobs))
}

// Draw draws the splash: the name, what is loading, a progress bar.
func (l *loadingScene) Draw(screen *ebiten.Image) {
	screen.Fill(Backdrop)
	b := screen.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	u := l.hud.U
	big := &text.GoTextFace{Source: l.hud.Bold, Size: u(56)}
	name := "Khamsin"
	tw := text.Advance(name, big)
	cy := h/2 - u(60)
	DrawText(screen, name, big, (w-tw)/2, cy, Accent)
	sub := l.title
	if sub == "" {
		sub = "map viewer"
	}
	sub = Wrap(sub, l.hud.Title, w-u(40), 1)[0]
	sw := text.Advance(sub, l.hud.Title)
	DrawText(screen, sub, l.hud.Title, (w-sw)/2, cy+u(80), Ink)
	stage := "Step 1 of 2: painting the map…"
	if l.ls != nil {
		stage = fmt.Sprintf("Step 2 of 2: sending the map to the graphics card, tile %d of %d", l.next, len(l.jobs))
	}
	stw := text.Advance(stage, l.hud.Status)
	DrawText(screen, stage, l.hud.Status, (w-stw)/2, cy+u(124), Dim)
	bw := math.Min(u(420), w-u(80))
	bx, by := (w-bw)/2, cy+u(160)
	FillRect(screen, bx, by, bw, u(8), PanelFill)
	FillRect(screen, bx, by, bw*l.progress(), u(8), Accent)
	vector.StrokeRect(screen, float32(bx), float32(by), float32(bw), float32(u(8)), float32(u(1)), PanelEdge, false)
}

// Timing prints how long after start-up a stage was reached, with
// KHAMSIN_TIMING=1.
func Timing(stage string) {
	if timingOn {
		fmt.Fprintf(os.Stderr, "timing: %s at %d ms\n", stage, time.Since(processStart).Milliseconds())
	}
}
