package ui

import (
	"errors"
	"image"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
	"khamsin/render/raster"
)

// viewTestLayout is the small map the viewer tests use: one desert board
// with a hillock overlay.
const (
	viewTestBoards  = "26"
	viewTestOverlay = "H1 on 26H6-G7"
)

func loadViewTestMap() (*hexmap.Map, error) {
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	layout, err := hexmap.ParseLayout(viewTestBoards)
	if err != nil {
		return nil, err
	}
	spec, err := hexmap.ParseOverlaySpec(viewTestOverlay)
	if err != nil {
		return nil, err
	}
	return hexmap.Build(lib, layout, []hexmap.OverlaySpec{spec}, hexmap.Variants{})
}

func viewTestMap(tb testing.TB) *hexmap.Map {
	tb.Helper()
	m, err := loadViewTestMap()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func mustHex(tb testing.TB, m *hexmap.Map, label string) hexmap.Hex {
	tb.Helper()
	h, err := m.Hex(label)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// sceneRig drives a MapScene headless: no window, Update only.
type sceneRig struct {
	s   *MapScene
	ctx Context
}

func newSceneRig(tb testing.TB, m *hexmap.Map, script *scriptInput, w, h int) *sceneRig {
	tb.Helper()
	hd, err := NewHUD()
	if err != nil {
		tb.Fatal(err)
	}
	// No GPU images: after the window test's RunGame has finished,
	// Ebitengine refuses to make new ones.
	s := NewMapSceneFrom(m, raster.Rasterize(m, raster.Style{HexSize: 24, Margin: 12}), hd, nil)
	return &sceneRig{s: s, ctx: Context{Input: NewInput(script, nil), Width: w, Height: h}}
}

func (r *sceneRig) step() error {
	r.ctx.Tick++
	r.ctx.Input.Update()
	return r.s.Update(&r.ctx)
}

func TestMapSceneHeadless(t *testing.T) {
	m := viewTestMap(t)
	target := mustHex(t, m, "26E9")
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 800, 500)
	s := r.s

	// Tick 1: the map fits the window.
	script.events = append(script.events, scriptEvent{from: 1, cursor: at(1, 1)})
	if err := r.step(); err != nil {
		t.Fatal(err)
	}
	if !s.fitted {
		t.Fatal("not fitted at start")
	}
	x0, y0 := s.Cam.WorldToScreen(float64(s.World.Min.X), float64(s.World.Min.Y))
	x1, y1 := s.Cam.WorldToScreen(float64(s.World.Max.X), float64(s.World.Max.Y))
	if x0 < 0 || y0 < 0 || x1 > 800 || y1 > 500 {
		t.Errorf("fitted map spans (%.1f,%.1f)-(%.1f,%.1f), outside 800×500", x0, y0, x1, y1)
	}
	if s.Status() != statusHint {
		t.Errorf("status with no hex hovered = %q, want the hint", s.Status())
	}

	// Tick 2: hover 26E9.
	script.events = append(script.events, scriptEvent{from: 2, cursor: func() (float64, float64) { return s.HexOnScreen(target) }})
	r.step()
	if want := m.Describe(target).Summary(); s.Status() != want {
		t.Errorf("status after hovering 26E9 = %q, want %q", s.Status(), want)
	}

	// Tick 3: wheel zoom keeps the hovered point under the cursor.
	cx, cy := s.HexOnScreen(target)
	scale := s.Cam.Scale()
	script.events = append(script.events, scriptEvent{from: 3, wheel: 2})
	r.step()
	if got, want := s.Cam.Scale(), scale*WheelZoomStep*WheelZoomStep; math.Abs(got-want) > 1e-9 {
		t.Errorf("scale after 2 wheel notches %g, want %g", got, want)
	}
	if x, y := s.HexOnScreen(target); math.Abs(x-cx) > 1e-6 || math.Abs(y-cy) > 1e-6 {
		t.Errorf("hex under the cursor moved from (%g,%g) to (%g,%g) while zooming", cx, cy, x, y)
	}

	// Tick 4: a resize of an unfitted view keeps the centre; Home refits.
	r.ctx.Width, r.ctx.Height = 1000, 700
	wx, wy := s.Cam.ScreenToWorld(400, 250)
	r.step()
	if x, y := s.Cam.WorldToScreen(wx, wy); math.Abs(x-500) > 1e-6 || math.Abs(y-350) > 1e-6 {
		t.Errorf("after resize the old centre is at (%g,%g), want (500,350)", x, y)
	}
	script.events = append(script.events, scriptEvent{from: 5, keys: []ebiten.Key{ebiten.KeyHome}})
	r.step()
	if !s.fitted || math.Abs(s.Cam.Scale()-s.FitScale()) > 1e-12 {
		t.Errorf("Home: fitted=%v scale %g, want fit scale %g", s.fitted, s.Cam.Scale(), s.FitScale())
	}

	// Tick 6: help on (typed '?'), tick 7: Esc closes it.
	script.events = append(script.events, scriptEvent{from: 6, runes: []rune{'?'}}, scriptEvent{from: 7, keys: []ebiten.Key{ebiten.KeyEscape}})
	r.step()
	if !s.showHelp {
		t.Error("? did not open the help")
	}
	r.step()
	if s.showHelp {
		t.Error("Esc did not close the help")
	}

	// Tick 8: Q asks, tick 10: Q again quits.
	script.events = append(script.events, scriptEvent{from: 8, keys: []ebiten.Key{ebiten.KeyQ}}, scriptEvent{from: 10, keys: []ebiten.Key{ebiten.KeyQ}})
	if err := r.step(); err != nil {
		t.Errorf("first Q: Update returned %v, want it to ask", err)
	}
	r.step()
	if err := r.step(); !errors.Is(err, ebiten.Termination) {
		t.Errorf("Q, Q: Update returned %v, want ebiten.Termination", err)
	}
}

// Pixels outside the playing area (past the board edge that cuts the edge
// half-hexes) hover nothing.
func TestMapSceneHoverStopsAtBoardEdge(t *testing.T) {
	m := viewTestMap(t)
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 800, 500)
	r.step()
	s := r.s
	// Just inside and just outside the top-left corner of the playing area.
	ix, iy := s.Cam.WorldToScreen(s.Play[0].X+s.Pix.Size*0.6, s.Play[0].Y+2)
	ox, oy := s.Cam.WorldToScreen(s.Play[0].X+s.Pix.Size*0.6, s.Play[0].Y-2)
	script.events = append(script.events, scriptEvent{from: 2, cursor: at(ix, iy)}, scriptEvent{from: 3, cursor: at(ox, oy)})
	r.step()
	if _, ok := s.Hovered(); !ok {
		t.Error("no hex hovered just inside the board edge")
	}
	r.step()
	if h, ok := s.Hovered(); ok {
		t.Errorf("hex %s hovered outside the board edge", m.Label(h))
	}
}

// BenchmarkMapSceneUpdate is the CPU cost of one tick's Update while the
// cursor sweeps the map (a new hex summary every few ticks) and the view
// pans. Draw's cost is measured in the window test (it needs a GPU).
func BenchmarkMapSceneUpdate(b *testing.B) {
	m := viewTestMap(b)
	script := &scriptInput{events: []scriptEvent{{from: 1, to: math.MaxInt, keys: []ebiten.Key{ebiten.KeyArrowRight}}}}
	r := newSceneRig(b, m, script, 1280, 800)
	n := 0
	script.events = append(script.events, scriptEvent{from: 1, to: math.MaxInt, cursor: func() (float64, float64) {
		n++
		return float64(n*7%1280) + 0.5, float64(n*3%760) + 0.5
	}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%200 == 0 {
			r.s.fit()
		}
		r.step()
	}
}

func TestViewHexSize(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		layout    string
		want      float64
		atMost    float64
		budgetMin bool
	}{
		{"26", 0, DefaultViewHexSize, false},
		{"25,26/27,28", 0, DefaultViewHexSize, false},
		{"25,26,27,28,29,30,31", 0, DefaultViewHexSize, false},
		{"25,26/27,28", 96, 95, true}, // too big a raster: a smaller hex size
	} {
		l, err := hexmap.ParseLayout(tc.layout)
		if err != nil {
			t.Fatal(err)
		}
		m, err := hexmap.NewMap(lib, l)
		if err != nil {
			t.Fatal(err)
		}
		got := ViewHexSize(m, tc.want, 0)
		if got > tc.atMost || got < 12 {
			t.Errorf("%s: hex size %g, want 12..%g", tc.layout, got, tc.atMost)
		}
		if !tc.budgetMin && got != DefaultViewHexSize {
			t.Errorf("%s: hex size %g, want the default %d", tc.layout, got, DefaultViewHexSize)
		}
		bw, bh := m.Size()
		lo, hi := hexmap.Pixels{Size: got}.MapBounds(bw, bh)
		if px := (hi.X - lo.X + got) * (hi.Y - lo.Y + got); px > viewRasterBudget {
			t.Errorf("%s: %g px/hex makes %g pixels, over the budget", tc.layout, got, px)
		}
	}
}

// StartAt opens the view centred on a hex at the asked zoom.
func TestMapSceneStartAt(t *testing.T) {
	m := viewTestMap(t)
	target := mustHex(t, m, "26P5")
	script := &scriptInput{events: []scriptEvent{{from: 1, cursor: at(1, 1)}}}
	r := newSceneRig(t, m, script, 800, 500)
	r.s.StartAt(target, 1.5)
	r.step()
	if r.s.fitted || math.Abs(r.s.Cam.Scale()-1.5) > 1e-12 {
		t.Errorf("fitted=%v scale %g, want not fitted and 1.5", r.s.fitted, r.s.Cam.Scale())
	}
	a := r.s.FitArea()
	if x, y := r.s.HexOnScreen(target); math.Abs(x-float64(a.Dx())/2) > 1e-6 || math.Abs(y-float64(a.Dy())/2) > 1e-6 {
		t.Errorf("26P5 at (%g,%g), want the centre of %v", x, y, a)
	}
}

// TestMapSceneLOS: V over a hex starts the line-of-sight tool from it;
// pointing at another hex puts the engine's answer in the status bar (on
// the test map, 26E6 → 26K7 is blocked by the H1 hillock at 26G6, 6.4);
// Esc turns it off.
func TestMapSceneLOS(t *testing.T) {
	m := viewTestMap(t)
	from, to, near := mustHex(t, m, "26E6"), mustHex(t, m, "26K7"), mustHex(t, m, "26E7")
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 1000, 700)
	s := r.s
	aim := func(h hexmap.Hex) func() (float64, float64) {
		return func() (float64, float64) { return s.HexOnScreen(h) }
	}
	script.events = append(script.events,
		scriptEvent{from: 1, cursor: at(1, 1)},
		scriptEvent{from: 2, cursor: aim(from), keys: []ebiten.Key{ebiten.KeyV}},
		scriptEvent{from: 3, cursor: aim(to)},
		scriptEvent{from: 4, cursor: aim(near)},
		scriptEvent{from: 5, keys: []ebiten.Key{ebiten.KeyEscape}},
	)
	for tick := 1; tick <= 2; tick++ {
		if err := r.step(); err != nil {
			t.Fatal(err)
		}
	}
	if !s.los.on || s.los.from != from {
		t.Fatalf("V over 26E6: tool on=%v from %v", s.los.on, s.los.from)
	}
	r.step()
	if got, want := s.Status(), "LOS 26E6 (level 0) → 26K7 (level 0), range 6: blocked at 26G6 by hillock (6.4)"; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
	r.step()
	if got, want := s.Status(), "LOS 26E6 (level 0) → 26E7 (level 0), range 1: clear"; got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
	r.step()
	if s.los.on || s.Status() != m.Describe(near).Summary() {
		t.Errorf("Esc: tool on=%v, status %q", s.los.on, s.Status())
	}
}

// The viewer's own keys, headless: Q asks before quitting, K shows the
// map key, J then a typed label and Enter centres the view on that hex,
// F11 and F12 ask the window for full screen and a screenshot.
func TestMapSceneViewerKeys(t *testing.T) {
	m := viewTestMap(t)
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 1000, 700)
	r.ctx.Input = NewInput(script, ViewerKeymap())
	s := r.s
	key := func(from int, k ebiten.Key) scriptEvent { return scriptEvent{from: from, keys: []ebiten.Key{k}} }
	script.events = append(script.events,
		scriptEvent{from: 1, cursor: at(1, 1)},
		key(2, ebiten.KeyQ),
		key(4, ebiten.KeyK),
		key(6, ebiten.KeyJ),
		scriptEvent{from: 7, runes: []rune("26k5")},
		key(8, ebiten.KeyG), // typed into the prompt: must not toggle the grid
		scriptEvent{from: 8, runes: []rune("x")},
		key(9, ebiten.KeyBackspace),
		key(10, ebiten.KeyEnter),
		key(12, ebiten.KeyF11),
		key(13, ebiten.KeyF12),
		key(400, ebiten.KeyQ),
		key(402, ebiten.KeyQ),
	)
	step := func(n int) error {
		var err error
		for i := 0; i < n && err == nil; i++ {
			err = r.step()
		}
		return err
	}
	if err := step(3); err != nil {
		t.Fatalf("one Q must only ask: %v", err)
	}
	if s.notice != "Press Q again to quit" {
		t.Errorf("after Q the notice is %q", s.notice)
	}
	step(1)
	if !s.LegendShown() || !s.NeedsDraw() {
		t.Errorf("K: legend shown %v, needs draw %v", s.LegendShown(), s.NeedsDraw())
	}
	step(3) // J, the label
	if !s.keys.goTo || s.Status() != s.goToPrompt() || s.keys.goToText != "26K5" || s.LegendShown() {
		t.Errorf("J 26k5: prompt %v %q, status %q, legend %v", s.keys.goTo, s.keys.goToText, s.Status(), s.LegendShown())
	}
	step(2) // G and x typed, Backspace
	if !s.show[layerGrid] || s.keys.goToText != "26K5" {
		t.Errorf("G in the prompt: grid %v, text %q (want the grid left alone, 26K5 after backspace)", s.show[layerGrid], s.keys.goToText)
	}
	step(1) // Enter
	want := mustHex(t, m, "26K5")
	x, y := s.HexOnScreen(want)
	a := s.FitArea()
	if s.keys.goTo || !s.marked || s.mark != want || math.Abs(x-float64(a.Min.X+a.Max.X)/2) > 1 || math.Abs(y-float64(a.Min.Y+a.Max.Y)/2) > 1 {
		t.Errorf("Enter: prompt %v, mark %v %v, 26K5 at (%.0f,%.0f), want the centre of %v", s.keys.goTo, s.marked, s.mark, x, y, a)
	}
	if !s.labelsReadable() {
		t.Errorf("go-to must zoom in far enough to read the labels (zoom %.2f, need %.2f)", s.Cam.Scale(), s.labelZoom())
	}
	step(3)
	if f, sh := s.WindowRequests(); !f || !sh {
		t.Errorf("F11, F12: requests full screen %v, shot %v", f, sh)
	}
	if f, sh := s.WindowRequests(); f || sh {
		t.Error("window requests must be taken once")
	}
	if err := step(400 - 13); err != nil {
		t.Fatalf("a Q long after the first must ask again: %v", err)
	}
	if err := step(2); !errors.Is(err, ebiten.Termination) {
		t.Errorf("Q, Q within 3 s: %v, want ebiten.Termination", err)
	}
}

// Hex labels are hidden below the zoom at which they can be read, and the
// go-to of an unknown hex says so.
func TestMapSceneLabelsAtFitZoom(t *testing.T) {
	m := viewTestMap(t)
	r := newSceneRig(t, m, &scriptInput{}, 1000, 700)
	r.step()
	s := r.s
	if px := s.Cam.Scale() * raster.LabelSize(s.Pix.Size); s.labelsReadable() != (px >= minLabelPx) {
		t.Errorf("fit zoom: labels %.1f px, readable %v", px, s.labelsReadable())
	}
	s.goTo("99Z9", 5)
	if s.notice != "no hex 99Z9 on this map" || s.marked {
		t.Errorf("go to 99Z9: notice %q, marked %v", s.notice, s.marked)
	}
}

// The map key fits every window the viewer allows, at the smallest and at
// the largest, on normal and high-DPI screens.
func TestMapKeyFits(t *testing.T) {
	n := len(keyCells())
	for _, ui := range []float64{1, 2} {
		m := newKeyMetrics(ui)
		m.cellW, m.cellH = m.cellW*ui, m.cellH*ui
		for _, sz := range [][2]float64{{MinViewWidth, MinViewHeight}, {800, 600}, {1280, 800}, {1920, 1080}, {3840, 2160}, {640, 1400}} {
			aw, ah := sz[0]*ui-16*ui, sz[1]*ui-60*ui
			cols, k := keyLayout(n, m, aw, ah, 1.6)
			w, h := keySize(n, cols, m, k)
			if w > aw+0.5 || h > ah+0.5 || k <= 0 {
				t.Errorf("ui %g window %v: key %.0f×%.0f in %.0f×%.0f (cols %d, k %.2f)", ui, sz, w, h, aw, ah, cols, k)
			}
		}
	}
}

// Without an input method X sends keys but no characters: the go-to
// prompt then reads the letter and digit keys.
func TestGoToFromKeysAlone(t *testing.T) {
	m := viewTestMap(t)
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 1000, 700)
	r.ctx.Input = NewInput(script, ViewerKeymap())
	for i, k := range []ebiten.Key{ebiten.KeyJ, ebiten.KeyDigit2, ebiten.KeyNumpad6, ebiten.KeyK, ebiten.KeyDigit5} {
		script.events = append(script.events, scriptEvent{from: 2 + 2*i, keys: []ebiten.Key{k}})
	}
	for i := 0; i < 11; i++ {
		r.step()
	}
	if r.s.keys.goToText != "26K5" {
		t.Errorf("keys J 2 keypad-6 K 5: prompt %q, want 26K5", r.s.keys.goToText)
	}
}

// Start-up: the splash scene paints the map behind itself after its first
// frame, sends every tile of every layer up, then hands over to the map
// scene with the options applied; within each stage its bar only grows,
// and while uploading it is exactly the tile count the splash prints
// (issue 18: the loading bar matches its count).
func TestLoadingSceneHandsOver(t *testing.T) {
	m := viewTestMap(t)
	hd, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	at := mustHex(t, m, "26K5")
	l := newLoadingScene(m, MapStart{HexSize: 24, ShowHelp: true, Center: &at, North: "left"}, ViewerKeymap(), hd)
	l.noGPU = true
	ctx := &Context{Input: NewInput(&scriptInput{}, nil), Width: 800, Height: 600}
	last, uploading := -1.0, false
	for tick := 1; tick < 100000 && ctx.next == nil; tick++ {
		ctx.Tick = tick
		if err := l.Update(ctx); err != nil {
			t.Fatal(err)
		}
		if l.ls != nil && !uploading { // step 2 of 2 starts its own bar
			uploading, last = true, -1
		}
		p := l.progress()
		if p < last || p > 1 {
			t.Fatalf("tick %d: progress %g after %g", tick, p, last)
		}
		last = p
		if l.ls != nil && len(l.jobs) > 0 && p != float64(l.next)/float64(len(l.jobs)) {
			t.Fatalf("tick %d: bar at %g while the splash says tile %d of %d", tick, p, l.next, len(l.jobs))
		}
		if tick < 2 && l.started {
			t.Fatal("painting started before the splash's first frame")
		}
		if ctx.next == nil {
			time.Sleep(time.Millisecond)
		}
	}
	ms, ok := ctx.next.(*MapScene)
	if !ok {
		t.Fatalf("loading ended on %T, want the map scene", ctx.next)
	}
	if !ms.showHelp || !ms.start.set || ms.start.hex != at || ms.North != hexmap.NorthLeft || l.next != 3*len(TileRects(&image.RGBA{Rect: ms.World}, viewTile))+len(TileRects(&image.RGBA{Rect: ms.World}, sparseTile)) {
		t.Errorf("handed over: help %v, start %v %v, north %v, tiles sent %d", ms.showHelp, ms.start.set, ms.start.hex, ms.North, l.next)
	}
}
