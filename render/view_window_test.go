package render

import (
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// The window test runs the real viewer in a real window (under Xvfb in
// `make test`) and drives it with a scripted input source. Ebitengine runs
// one game per process, on the main thread, so TestMain runs it before the
// tests and TestViewerWindow checks what it recorded.

const (
	winW, winH  = 960, 600
	winHexSize  = 48
	winLastTick = 40 // Q is pressed on this tick (and the one before: Q asks first)
)

// The script, tick by tick.
const (
	tickBefore   = 4  // cursor off the map: status is the hint
	tickZoom     = 5  // wheel +3 around zoomAt
	tickGridOff  = 6  // G
	tickLabelOff = 7  // L
	tickOutOff   = 8  // O
	tickPanFrom  = 10 // → held on ticks 10..14
	tickPanTo    = 14
	tickDragFrom = 16 // left button held 16..19, cursor moving
	tickDragTo   = 19
	tickHelpOn   = 21 // F1
	tickHelpOff  = 22 // Esc
	tickHover    = 24 // cursor onto winHoverHex
	tickCapture  = 30 // the first frame drawn after this tick is read back
)

const (
	winHoverHex = "26E9" // scrub: hovered
	winKnownHex = "26D4" // hammada: its colour is checked
)

// winRun is what the window run recorded for TestViewerWindow.
var winRun struct {
	skip string // why the window did not run
	err  error  // RunGame's error

	ticks      int
	scale      map[int]float64     // camera scale after each tick
	offset     map[int][2]float64  // camera offset after each tick
	status     map[int]string      // status line after each tick
	help       map[int]bool        // help shown after each tick
	show       map[int][4]bool     // layers shown after each tick
	zoomAt     [2]float64          // screen point of the wheel zoom
	zoomWorld  [2][2]float64       // world point under zoomAt before and after
	frame      *image.RGBA         // the captured frame
	frameCam   ui.Camera           // the camera it was drawn with
	frameHover hexmap.Hex          // the hovered hex in that frame
	scene      *ui.MapScene        // the scene (for its layers and geometry)
	cpu        []time.Duration     // Update+Draw time of each drawn frame
	layers     *raster.Layers      // the rasteriser's output, for colours
	m          *hexmap.Map         //
	hover      hexmap.Hex          // winHoverHex
	layout     map[int]image.Point // screen size seen by each tick
}

func TestMain(m *testing.M) {
	flag.Parse()
	switch {
	case !haveDisplay():
		winRun.skip = "no display (DISPLAY unset): the window test needs X; `make test` runs it under xvfb-run"
	case testing.Short():
		winRun.skip = "window test skipped in -short mode"
	case !runSelected("TestViewerWindow"):
		winRun.skip = "not selected by -run"
	default:
		runWindow()
	}
	os.Exit(m.Run())
}

// runSelected reports whether -test.run would select the named test.
func runSelected(name string) bool {
	f := flag.Lookup("test.run")
	if f == nil || f.Value.String() == "" {
		return true
	}
	pat := strings.SplitN(f.Value.String(), "/", 2)[0]
	re, err := regexp.Compile(pat)
	return err != nil || re.MatchString(name)
}

// windowGame wraps the Viewer to record state after each Update and read
// pixels inside Draw.
type windowGame struct {
	v       *Window
	s       *ui.MapScene
	pending time.Duration // Update time since the last Draw
}

func (g *windowGame) Update() error {
	t0 := time.Now()
	err := g.v.Update()
	g.pending += time.Since(t0)
	tick := g.v.ctx.Tick
	winRun.ticks = tick
	winRun.scale[tick] = g.s.Cam.Scale()
	ox, oy := g.s.Cam.Offset()
	winRun.offset[tick] = [2]float64{ox, oy}
	winRun.status[tick] = g.s.Status()
	winRun.help[tick] = g.s.HelpShown()
	winRun.show[tick] = g.s.LayersShown()
	winRun.layout[tick] = image.Pt(g.v.ctx.Width, g.v.ctx.Height)
	if tick == tickZoom {
		x, y := g.s.Cam.ScreenToWorld(winRun.zoomAt[0], winRun.zoomAt[1])
		winRun.zoomWorld[1] = [2]float64{x, y}
	}
	if tick > winLastTick+30 {
		return fmt.Errorf("Q on tick %d did not quit", winLastTick)
	}
	return err
}

func (g *windowGame) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	g.v.Draw(screen)
	cpu := g.pending + time.Since(t0)
	g.pending = 0
	tick := g.v.ctx.Tick
	if tick >= tickCapture && winRun.frame == nil {
		winRun.frame = readFrame(screen)
		winRun.frameCam = g.s.Cam
		winRun.frameHover, _ = g.s.Hovered()
		return
	}
	if tick > 1 {
		winRun.cpu = append(winRun.cpu, cpu)
	}
}

func (g *windowGame) Layout(w, h int) (int, int) { return g.v.Layout(w, h) }

func runWindow() {
	winRun.scale = map[int]float64{}
	winRun.offset = map[int][2]float64{}
	winRun.status = map[int]string{}
	winRun.help = map[int]bool{}
	winRun.show = map[int][4]bool{}
	winRun.layout = map[int]image.Point{}
	m, err := loadViewTestMap()
	if err != nil {
		winRun.err = fmt.Errorf("building the test map: %v", err)
		return
	}
	winRun.m = m
	hover, err := m.Hex(winHoverHex)
	if err != nil {
		winRun.err = err
		return
	}
	winRun.hover = hover

	script := &scriptInput{}
	v, err := NewViewer(m, ViewOptions{HexSize: winHexSize, Input: script})
	if err != nil {
		winRun.err = err
		return
	}
	s := v.scene.(*ui.MapScene)
	winRun.scene = s
	winRun.layers = raster.Rasterize(m, raster.Style{HexSize: s.Pix.Size, Margin: int(math.Ceil(s.Pix.Size / 2))})
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	key := func(from, to int, k ebiten.Key) scriptEvent {
		return scriptEvent{from: from, to: to, keys: []ebiten.Key{k}}
	}
	script.events = []scriptEvent{
		{from: 1, cursor: at(3, 3)},
		// zoom in around the hex we hover later, so it stays in view
		{from: tickZoom, wheel: 3, cursor: func() (float64, float64) {
			x, y := s.HexOnScreen(hover)
			x, y = math.Round(x), math.Round(y)
			winRun.zoomAt = [2]float64{x, y}
			wx, wy := s.Cam.ScreenToWorld(x, y)
			winRun.zoomWorld[0] = [2]float64{wx, wy}
			return x, y
		}},
		key(tickGridOff, 0, ebiten.KeyG),
		key(tickLabelOff, 0, ebiten.KeyL),
		key(tickOutOff, 0, ebiten.KeyO),
		{from: tickPanFrom - 1, cursor: at(3, 3)},
		key(tickPanFrom, tickPanTo, ebiten.KeyArrowRight),
		{from: tickDragFrom, to: tickDragTo, buttons: left},
		{from: tickDragFrom, cursor: at(500, 330)},
		{from: tickDragFrom + 1, cursor: at(520, 320)},
		{from: tickDragFrom + 2, cursor: at(540, 310)},
		{from: tickDragTo, cursor: at(560, 300)},
		{from: tickDragTo + 1, cursor: at(3, 3)},
		key(tickHelpOn, 0, ebiten.KeyF1),
		key(tickHelpOff, 0, ebiten.KeyEscape),
		{from: tickHover, cursor: func() (float64, float64) { return s.HexOnScreen(hover) }},
		key(winLastTick-2, 0, ebiten.KeyQ), // Q asks first
		key(winLastTick, 0, ebiten.KeyQ),
	}

	ebiten.SetWindowTitle("Khamsin window test")
	ebiten.SetWindowSize(winW, winH)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	g := &windowGame{v: v, s: s}
	winRun.err = ebiten.RunGame(g)
}

func haveDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }

func TestViewerWindow(t *testing.T) {
	// Read the display again here: `go test` caches results keyed on the
	// environment variables tests read, and TestMain's reads are not seen.
	haveDisplay()
	if winRun.skip != "" {
		t.Skip(winRun.skip)
	}
	if winRun.err != nil {
		t.Fatalf("RunGame: %v", winRun.err)
	}
	if winRun.ticks != winLastTick {
		t.Errorf("the viewer ran %d ticks; Q on tick %d should have ended it there", winRun.ticks, winLastTick)
	}
	if got := winRun.layout[tickBefore]; got != image.Pt(winW, winH) {
		t.Errorf("screen %v, want %dx%d", got, winW, winH)
	}

	// Zoom: the scale grew by three wheel notches, around the cursor.
	s0, s1 := winRun.scale[tickZoom-1], winRun.scale[tickZoom]
	if want := s0 * math.Pow(ui.WheelZoomStep, 3); math.Abs(s1-want) > 1e-9 {
		t.Errorf("scale %g → %g after 3 wheel notches, want %g", s0, s1, want)
	}
	if b, a := winRun.zoomWorld[0], winRun.zoomWorld[1]; math.Hypot(a[0]-b[0], a[1]-b[1]) > 1e-6 {
		t.Errorf("world point under the cursor moved from %v to %v while zooming", b, a)
	}

	// Toggles.
	if got := winRun.show[tickOutOff]; got != [4]bool{true, false, false, false} {
		t.Errorf("layers shown after G, L, O = %v, want terrain only", got)
	}
	if !winRun.help[tickHelpOn] || winRun.help[tickHelpOff] {
		t.Errorf("help after F1 = %v, after Esc = %v; want true, false", winRun.help[tickHelpOn], winRun.help[tickHelpOff])
	}

	// Pan: → moves the view right, so the map slides left by PanSpeed a tick.
	o0, o1 := winRun.offset[tickPanFrom-1], winRun.offset[tickPanTo]
	if dx := o1[0] - o0[0]; math.Abs(dx+ui.PanSpeed*(tickPanTo-tickPanFrom+1)) > 1e-9 || o1[1] != o0[1] {
		t.Errorf("→ held %d ticks moved the map by (%g,%g), want (%d,0)", tickPanTo-tickPanFrom+1, dx, o1[1]-o0[1], -ui.PanSpeed*(tickPanTo-tickPanFrom+1))
	}
	d0, d1 := winRun.offset[tickDragFrom-1], winRun.offset[tickDragTo]
	if dx, dy := d1[0]-d0[0], d1[1]-d0[1]; math.Abs(dx-60) > 1e-9 || math.Abs(dy+30) > 1e-9 {
		t.Errorf("dragging from (500,330) to (560,300) moved the map by (%g,%g), want (60,-30)", dx, dy)
	}

	// Status line: the hint before, the hex summary after hovering.
	m := winRun.m
	want := m.Describe(winRun.hover).Summary()
	before, after := winRun.status[tickBefore], winRun.status[tickHover]
	if before == after {
		t.Errorf("status line did not change on hovering %s: %q", winHoverHex, after)
	}
	if after != want {
		t.Errorf("status after hovering %s = %q, want Describe().Summary() = %q", winHoverHex, after, want)
	}
	if winRun.frameHover != winRun.hover {
		t.Errorf("captured frame hovers %s, want %s", m.Label(winRun.frameHover), winHoverHex)
	}

	checkFrameColours(t)

	if n := len(winRun.cpu); n > 0 {
		var sum, worst time.Duration
		for _, d := range winRun.cpu {
			sum += d
			worst = max(worst, d)
		}
		t.Logf("Update+Draw CPU time over %d frames: mean %v, worst %v (%d×%d, %g px/hex raster)",
			n, sum/time.Duration(n), worst, winW, winH, winRun.scene.Pix.Size)
	}
}

// checkFrameColours compares the captured frame with the rasteriser's
// Terrain layer. The art is textured (sand grain, stipples), and the GPU
// filters it when it scales, so the test compares averages: for every hex
// on screen (away from the HUD and the hover outline), the mean colour of
// a small screen patch inside the hex must equal the mean colour of the
// terrain layer over the world rectangle that patch shows, through the
// camera of that frame.
func checkFrameColours(t *testing.T) {
	frame, cam, s := winRun.frame, winRun.frameCam, winRun.scene
	if frame == nil {
		t.Fatal("no frame was captured")
	}
	if dir := os.Getenv("KHAMSIN_WINDOW_SHOT"); dir != "" {
		if err := writePNG(filepath.Join(dir, "window_test.png"), frame); err != nil {
			t.Log(err)
		}
	}
	terrain := winRun.layers.Terrain
	safe := image.Rect(4, 70, winW-4, winH-int(s.StatusBarHeight())-4)
	const r = 4   // patch radius, screen pixels
	const tol = 8 // largest mean difference per channel
	seen := map[string]rgbMean{}
	var plain []rgbMean // featureless desert hexes
	checked, bad, worst := 0, 0, 0.0
	for _, h := range winRun.m.Hexes() {
		if h == winRun.frameHover {
			continue
		}
		// a point a third of the way down from the centre, clear of the
		// centre dot and the label (both off, but be safe)
		c := s.Pix.Center(h)
		sx, sy := cam.WorldToScreen(c.X, c.Y+s.Pix.Size*0.35)
		patch := image.Rect(int(sx)-r, int(sy)-r, int(sx)+r+1, int(sy)+r+1)
		if !patch.In(safe) {
			continue
		}
		got := meanOf(frame, patch)
		wx0, wy0 := cam.ScreenToWorld(float64(patch.Min.X), float64(patch.Min.Y))
		wx1, wy1 := cam.ScreenToWorld(float64(patch.Max.X), float64(patch.Max.Y))
		want := meanArea(terrain, wx0, wy0, wx1, wy1)
		d := got.diff(want)
		worst = max(worst, d)
		checked++
		if d > tol {
			bad++
			if bad <= 5 {
				t.Errorf("hex %s, screen patch %v: mean %v, terrain layer mean %v over world (%.1f,%.1f)-(%.1f,%.1f)",
					winRun.m.Label(h), patch, got, want, wx0, wy0, wx1, wy1)
			}
		}
		seen[winRun.m.Label(h)] = want
		if winRun.m.Terrain(h).IsPlain() && winRun.m.OverlayAt(h) == "" {
			plain = append(plain, want)
		}
	}
	t.Logf("compared %d hexes with the terrain layer; largest mean difference %.1f (allowed %d)", checked, worst, tol)
	if checked < 40 {
		t.Errorf("only %d hexes compared; the view shows too little of the map", checked)
	}
	// A known hex: 26D4 is hammada; it must be in view, match the terrain
	// layer (above) and look unlike plain desert.
	if !winRun.m.Terrain(mustHex(t, winRun.m, winKnownHex)).Has(hexmap.Hammada) {
		t.Errorf("%s is not hammada on board 26 any more; pick another known hex", winKnownHex)
	}
	hammada, ok := seen[winKnownHex]
	if !ok {
		t.Fatalf("known hex %s was not compared (off screen)", winKnownHex)
	}
	if len(plain) == 0 {
		t.Fatal("no plain desert hex compared")
	}
	for _, c := range plain {
		if c.diff(hammada) < 2*tol {
			t.Errorf("%s (hammada, %v) looks like plain desert (%v)", winKnownHex, hammada, c)
			break
		}
	}
}

type rgbMean [3]float64

func (m rgbMean) String() string { return fmt.Sprintf("(%.0f,%.0f,%.0f)", m[0], m[1], m[2]) }

// diff is the largest difference of one channel.
func (m rgbMean) diff(o rgbMean) float64 {
	return max(math.Abs(m[0]-o[0]), math.Abs(m[1]-o[1]), math.Abs(m[2]-o[2]))
}

// meanOf is the mean colour of img over r.
func meanOf(img *image.RGBA, r image.Rectangle) rgbMean {
	var m rgbMean
	n := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			m[0], m[1], m[2] = m[0]+float64(c.R), m[1]+float64(c.G), m[2]+float64(c.B)
			n++
		}
	}
	return rgbMean{m[0] / n, m[1] / n, m[2] / n}
}

// meanArea is the mean colour of img over the real rectangle
// [x0,x1)×[y0,y1), each pixel weighted by how much of it lies inside.
func meanArea(img *image.RGBA, x0, y0, x1, y1 float64) rgbMean {
	var m rgbMean
	wsum := 0.0
	for y := int(math.Floor(y0)); float64(y) < y1; y++ {
		wy := math.Min(float64(y+1), y1) - math.Max(float64(y), y0)
		for x := int(math.Floor(x0)); float64(x) < x1; x++ {
			wx := math.Min(float64(x+1), x1) - math.Max(float64(x), x0)
			w := wx * wy
			if w <= 0 {
				continue
			}
			c := img.RGBAAt(x, y)
			m[0], m[1], m[2] = m[0]+w*float64(c.R), m[1]+w*float64(c.G), m[2]+w*float64(c.B)
			wsum += w
		}
	}
	return rgbMean{m[0] / wsum, m[1] / wsum, m[2] / wsum}
}

// loadViewTestMap is the viewer tests' map (ui's tests use the same): one
// desert board with a hillock overlay.
func loadViewTestMap() (*hexmap.Map, error) {
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	layout, err := hexmap.ParseLayout("26")
	if err != nil {
		return nil, err
	}
	spec, err := hexmap.ParseOverlaySpec("H1 on 26H6-G7")
	if err != nil {
		return nil, err
	}
	return hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{})
}

func mustHex(tb testing.TB, m *hexmap.Map, label string) hexmap.Hex {
	tb.Helper()
	h, err := m.Hex(label)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}
