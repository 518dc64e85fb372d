package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/hexmap"
	"khamsin/render/raster"
)

// Viewer feel, in screen pixels and ticks (60 per second).
const (
	PanSpeed      = 14   // pixels per tick while a pan key is held
	keyZoomStep   = 1.25 // zoom factor per +/− press
	WheelZoomStep = 1.15 // zoom factor per wheel notch
	maxZoom       = 4.0  // screen pixels per raster pixel, at most
	fitPad        = 12   // pixels left around the fitted map (device-independent)
	keepOnScreen  = 120  // pixels of map that always stay in view (device-independent)
	statusHint    = "Point at a hex to see what it holds"
)

var Backdrop = color.RGBA{38, 33, 28, 255}

// MapScene shows a rasterised map: zoom, pan, hover a hex to read what it
// holds, toggle layers, help overlay. Update changes state; Draw only
// draws it.
type MapScene struct {
	m      *hexmap.Map
	Pix    hexmap.Pixels
	World  image.Rectangle // the raster's bounds, in world pixels
	Play   [2]hexmap.Point // the playing area (board edges), in world pixels
	layers [NumViewLayers]*tiledLayer
	hud    *HUD
	help   []HelpRow

	// ClampMap holds the map to the fit area (the game's window): no pan
	// or zoom leaves part of the area empty while the map could fill it
	ClampMap bool

	Cam      Camera
	ui       float64 // screen pixels per device-independent pixel
	w, h     int     // screen size the camera was set up for
	fitted   bool    // the camera is as Fit left it (refit on resize)
	show     [NumViewLayers]bool
	showHelp bool

	start struct { // where the first view looks, if not at the whole map
		hex  hexmap.Hex
		zoom float64
		set  bool
	}

	hover    hexmap.Hex
	hovering bool
	los      losTool
	status   string
	notice   string
	noticeAt int // tick the notice was posted
	tick     int
	hint     string // right-hand side of the status bar
	zoomPct  int    // the zoom the hint shows

	areaFor func(w, h int) image.Rectangle // a host scene's map area (nil: above the status bar)

	keys   viewerKeys         // the viewer's own keys (view_keys.go)
	mark   hexmap.Hex         // the hex the last go-to went to
	marked bool               // mark is outlined until the view moves away
	boards []raster.BoardBox  // where each board lies, for the board numbers
	North  hexmap.Orientation // which screen direction is north (the scenario's)
	legend *mapKey            // the map key's images, made on first use

	drawn    drawKey // what the last drawn frame showed
	anyDrawn bool
}

// drawKey is everything a frame of the scene shows: when it is the same
// as the last drawn frame's, the frame need not be drawn again.
type drawKey struct {
	cam          [6]float64
	w, h         int
	ui           float64
	show         [NumViewLayers]bool
	help         bool
	hover        hexmap.Hex
	hovering     bool
	losOn        bool
	losFrom      hexmap.Hex
	losTo        hexmap.Hex
	losAnswered  bool
	status, hint string
	notice       string
	noticeAge    int // only while the notice is on screen (it fades)
	legend, goTo bool
	goToText     string
	mark         hexmap.Hex
	marked       bool
}

func (s *MapScene) key() drawKey {
	k := drawKey{w: s.w, h: s.h, ui: s.ui, show: s.show, help: s.showHelp, hover: s.hover, hovering: s.hovering,
		losOn: s.los.on, losFrom: s.los.from, losTo: s.los.to, losAnswered: s.los.answered,
		status: s.Status(), hint: s.hint, legend: s.keys.legend, goTo: s.keys.goTo, goToText: s.keys.goToText,
		mark: s.mark, marked: s.marked}
	g := s.Cam.GeoM()
	k.cam = [6]float64{g.Element(0, 0), g.Element(0, 1), g.Element(0, 2), g.Element(1, 0), g.Element(1, 1), g.Element(1, 2)}
	if age := s.tick - s.noticeAt; s.notice != "" && age < NoticeTicks {
		k.notice, k.noticeAge = s.notice, age
	}
	return k
}

// NeedsDraw reports whether the frame differs from the last one drawn:
// an idle viewer draws nothing and leaves the last frame on the screen.
func (s *MapScene) NeedsDraw() bool { return !s.anyDrawn || s.key() != s.drawn }

// SetFitArea makes the scene fit and centre the map in the area f gives
// for a screen size, instead of the whole screen above the status bar (a
// host scene with panels of its own).
func (s *MapScene) SetFitArea(f func(w, h int) image.Rectangle) { s.areaFor = f }

// The cached layers, in drawing order (as Layers.Composite stacks them).
const (
	layerTerrain = iota
	layerGrid
	layerLabels
	layerOutlines
	NumViewLayers
)

var layerNames = [NumViewLayers]string{"terrain", "hex grid", "labels", "overlay outlines"}

// layerToggles are the actions that show and hide layers.
var layerToggles = []struct {
	action Action
	layer  int
}{{ActionToggleGrid, layerGrid}, {ActionToggleLabels, layerLabels}, {ActionToggleOutlines, layerOutlines}}

// NewMapScene rasterises m once at hexSize pixels per hex and uploads the
// layers to the GPU.
func NewMapScene(m *hexmap.Map, hexSize float64, km Keymap) (*MapScene, error) {
	h, err := NewHUD()
	if err != nil {
		return nil, err
	}
	ls := raster.Rasterize(m, raster.Style{HexSize: hexSize, Margin: int(math.Ceil(hexSize / 2))})
	if ls == nil || ls.Terrain == nil {
		return nil, fmt.Errorf("view: rasteriser returned no terrain layer")
	}
	s := NewMapSceneFrom(m, ls, h, km)
	s.Upload(ls)
	// The CPU copies of the layers (a few hundred MB on a 2×2 map) are
	// garbage now that the GPU holds them: hand the memory back at once
	// rather than whenever the scavenger gets to it.
	ls = nil
	debug.FreeOSMemory()
	return s, nil
}

// NewMapSceneFrom sets a scene up on rasterised layers without touching
// the GPU (headless tests stop here; their layers draw nothing).
func NewMapSceneFrom(m *hexmap.Map, ls *raster.Layers, h *HUD, km Keymap) *MapScene {
	if km == nil {
		km = DefaultKeymap()
	}
	s := &MapScene{m: m, Pix: ls.Pixels, World: ls.Terrain.Bounds(), hud: h, help: helpRows(km), ui: 1}
	s.boards = raster.BoardBoxes(m, ls.Pixels)
	bw, bh := m.Size()
	s.Play[0], s.Play[1] = ls.Pixels.MapBounds(bw, bh)
	for i := range s.layers {
		s.layers[i] = &tiledLayer{}
		s.show[i] = true
	}
	return s
}

// Upload makes the GPU images of the layers, once.
func (s *MapScene) Upload(ls *raster.Layers) {
	for i, img := range [NumViewLayers]*image.RGBA{ls.Terrain, ls.Grid, ls.Labels, ls.Outlines} {
		s.layers[i] = newTiledLayer(img, LayerTileSize[i])
	}
}

// StartAt makes the first view centre on h at zoom (screen pixels per
// raster pixel; 0 keeps the fitted zoom) instead of fitting the map.
func (s *MapScene) StartAt(h hexmap.Hex, zoom float64) {
	s.start.hex, s.start.zoom, s.start.set = h, zoom, true
}

// LookAt centres the view on h at zoom (0: the current zoom).
func (s *MapScene) LookAt(h hexmap.Hex, zoom float64) {
	if zoom <= 0 {
		zoom = s.Cam.Scale()
	}
	zoom = math.Min(math.Max(zoom, s.Cam.MinScale), s.Cam.MaxScale)
	a := s.FitArea()
	c := s.Pix.Center(h)
	s.Cam.Set(zoom, float64(a.Min.X+a.Max.X)/2-c.X*zoom, float64(a.Min.Y+a.Max.Y)/2-c.Y*zoom)
	s.keepMap()
	s.fitted = false
}

// ShowHelp opens or closes the help overlay.
func (s *MapScene) ShowHelp(on bool) { s.showHelp = on }

// Status is the text of the status bar's left side: the hovered hex's
// summary (hexmap.HexInfo.Summary), or a hint when no hex is hovered; with
// the line-of-sight tool on, its answer for the hovered hex.
func (s *MapScene) Status() string {
	if s.keys.goTo {
		return s.goToPrompt()
	}
	if s.los.on {
		if s.hovering && s.los.answered && s.los.to == s.hover {
			return s.los.text
		}
		return "LOS from " + s.m.Label(s.los.from) + ": point at the target hex (V again: off)"
	}
	if s.status == "" {
		return statusHint
	}
	return s.status
}

// Hovered is the hex under the cursor, if any.
func (s *MapScene) Hovered() (hexmap.Hex, bool) { return s.hover, s.hovering }

// Update applies this tick's actions.
func (s *MapScene) Update(ctx *Context) error {
	in := ctx.Input
	s.tick = ctx.Tick
	if ctx.Scale > 0 {
		s.ui = ctx.Scale
	}
	s.hud.SetScale(s.ui)
	s.resize(ctx.Width, ctx.Height)

	if done, quit := s.updateViewerKeys(ctx); quit {
		return ebiten.Termination
	} else if done {
		return nil
	}
	if in.JustPressed(ActionHelp) {
		s.showHelp = !s.showHelp
		if s.showHelp {
			s.keys.legend = false
		}
		ctx.Sound.Click()
	}
	if in.JustPressed(ActionClose) {
		switch {
		case s.showHelp:
			s.showHelp = false
			ctx.Sound.Click()
		case s.keys.legend:
			s.keys.legend = false
			ctx.Sound.Click()
		case s.los.on:
			s.los.clear()
			s.post("line of sight off", ctx.Tick)
			ctx.Sound.Click()
		}
	}
	for _, t := range layerToggles {
		if a, l := t.action, t.layer; in.JustPressed(a) {
			s.show[l] = !s.show[l]
			s.post(fmt.Sprintf("%s %s", layerNames[l], onOff(s.show[l])), ctx.Tick)
			ctx.Sound.Click()
		}
	}
	if in.JustPressed(ActionFit) {
		s.fit()
	}

	cx, cy := in.Cursor()
	if !s.inside(cx, cy) {
		cx, cy = float64(s.w)/2, float64(s.h)/2
	}
	zoom := 1.0
	if wy := in.Wheel(); wy != 0 {
		zoom *= math.Pow(WheelZoomStep, wy)
	}
	if in.Repeated(ActionZoomIn) {
		zoom *= keyZoomStep
	}
	if in.Repeated(ActionZoomOut) {
		zoom /= keyZoomStep
	}
	if zoom != 1 {
		s.Cam.ZoomAt(zoom, cx, cy)
		s.fitted = false
	}

	var dx, dy float64
	step := PanSpeed * s.ui
	if in.Pressed(ActionPanLeft) {
		dx += step
	}
	if in.Pressed(ActionPanRight) {
		dx -= step
	}
	if in.Pressed(ActionPanUp) {
		dy += step
	}
	if in.Pressed(ActionPanDown) {
		dy -= step
	}
	if ddx, ddy, ok := in.Drag(); ok {
		dx, dy = dx+ddx, dy+ddy
	}
	if dx != 0 || dy != 0 {
		s.Cam.Pan(dx, dy)
		s.fitted = false
		s.marked = false
	}
	s.keepMap()

	s.updateHover(in)
	if in.JustPressed(ActionLOS) && s.hovering {
		s.los.toggle(s.m, s.hover)
		if s.los.on {
			s.post("line of sight from "+s.m.Label(s.hover), ctx.Tick)
		} else {
			s.post("line of sight off", ctx.Tick)
		}
		ctx.Sound.Click()
	}
	if s.hovering {
		s.los.answer(s.m, s.hover)
	}
	if pct := int(math.Round(s.Cam.Scale() * 100)); pct != s.zoomPct || s.hint == "" {
		s.zoomPct = pct
		s.hint = fmt.Sprintf("zoom %d%%   F1 help", pct)
	}
	return nil
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (s *MapScene) post(msg string, tick int) { s.notice, s.noticeAt = msg, tick }

func (s *MapScene) screen() image.Rectangle { return image.Rect(0, 0, s.w, s.h) }

func (s *MapScene) inside(x, y float64) bool {
	return x >= 0 && y >= 0 && x < float64(s.w) && y < float64(s.h)
}

// resize sets the camera up for a new screen size: refit if the view was
// fitted, otherwise keep the world point at the centre where it was.
func (s *MapScene) resize(w, h int) {
	if w == s.w && h == s.h {
		return
	}
	first := s.w == 0 && s.h == 0
	ow, oh := s.w, s.h
	s.w, s.h = w, h
	if first || s.fitted {
		s.fit()
		// open at the asked zoom centred on the asked hex; in the game
		// a zoom at or below the fit shows the whole map instead
		if first && s.start.set && (!s.ClampMap || s.start.zoom > s.Cam.Scale()*1.001) {
			s.LookAt(s.start.hex, s.start.zoom)
		}
		return
	}
	s.Cam.Pan(float64(w-ow)/2, float64(h-oh)/2)
	s.setLimits(s.FitScale())
}

// keepMap keeps the map in view after a pan or zoom: the game's window
// clamps it to its map area (Camera.Clamp), the viewer keeps at least
// keepOnScreen pixels of it in the window.
func (s *MapScene) keepMap() {
	if s.ClampMap {
		s.Cam.Clamp(s.World, s.FitArea())
		return
	}
	s.Cam.Keep(s.World, s.screen(), keepOnScreen*s.ui)
}

// FitScale is the scale at which the whole map fits the screen.
func (s *MapScene) FitScale() float64 {
	var c Camera
	return c.Fit(s.World, s.FitArea(), fitPad*s.ui)
}

// FitArea is the screen above the (one-line) status bar.
func (s *MapScene) FitArea() image.Rectangle {
	if s.areaFor != nil {
		if r := s.areaFor(s.w, s.h); !r.Empty() {
			return r
		}
	}
	bar := int(math.Ceil(s.hud.StatusHeight(1)))
	return image.Rect(0, 0, s.w, max(s.h-bar, 1))
}

func (s *MapScene) fit() {
	fs := s.Cam.Fit(s.World, s.FitArea(), fitPad*s.ui)
	s.setLimits(fs)
	s.fitted = true
}

func (s *MapScene) setLimits(fitScale float64) {
	s.Cam.MinScale = fitScale / 2
	s.Cam.MaxScale = max(maxZoom, fitScale*2)
}

// updateHover finds the hex under the cursor and its summary.
func (s *MapScene) updateHover(in *Input) {
	cx, cy := in.Cursor()
	h, ok := s.hexAtScreen(cx, cy)
	if ok == s.hovering && h == s.hover {
		return
	}
	s.hover, s.hovering = h, ok
	s.status = ""
	if ok {
		s.status = s.m.Describe(h).Summary()
	}
}

// hexAtScreen is the map hex under a screen point: inside the window and
// inside the playing area (the board edges cut the edge half-hexes).
func (s *MapScene) hexAtScreen(x, y float64) (hexmap.Hex, bool) {
	if !s.inside(x, y) {
		return hexmap.Hex{}, false
	}
	wx, wy := s.Cam.ScreenToWorld(x, y)
	if wx < s.Play[0].X || wy < s.Play[0].Y || wx >= s.Play[1].X || wy >= s.Play[1].Y {
		return hexmap.Hex{}, false
	}
	h := s.Pix.HexAt(hexmap.Point{X: wx, Y: wy})
	return h, s.m.Contains(h)
}

// HexOnScreen is the screen position of h's centre.
func (s *MapScene) HexOnScreen(h hexmap.Hex) (float64, float64) {
	c := s.Pix.Center(h)
	return s.Cam.WorldToScreen(c.X, c.Y)
}

// Draw draws the map, the hovered hex and the HUD.
func (s *MapScene) Draw(screen *ebiten.Image) {
	s.drawn, s.anyDrawn = s.key(), true
	screen.Fill(Backdrop)
	visible := s.Cam.VisibleWorld(screen.Bounds())
	for i, l := range s.layers {
		if s.show[i] && (i != layerLabels || s.labelsReadable()) {
			l.draw(screen, &s.Cam, visible)
		}
	}
	if s.show[layerLabels] && !s.labelsReadable() {
		s.drawBoardNumbers(screen)
	}
	s.los.draw(screen, s)
	if s.marked {
		s.outlineHex(screen, s.mark, hoverLight)
	}
	if s.hovering {
		s.DrawHover(screen)
	}
	s.drawNorth(screen)
	if age := s.tick - s.noticeAt; s.notice != "" && age < NoticeTicks {
		a := float32(1)
		if fade := NoticeTicks - age; fade < 20 {
			a = float32(fade) / 20
		}
		s.hud.drawNotice(screen, s.notice, a)
	}
	s.hud.drawStatus(screen, s.Status(), s.hint, s.status == "")
	if s.showHelp {
		s.hud.DrawHelp(screen, "Khamsin map viewer: keys", "F1 or ? shows and hides this help; Esc closes it", s.help, s.helpArea())
	}
	if s.keys.legend {
		s.drawLegend(screen, s.helpArea())
	}
}

var (
	hoverDark  = color.RGBA{20, 16, 10, 255}
	hoverLight = color.RGBA{255, 214, 80, 255}
)

// DrawHover outlines the hovered hex: a dark band under a bright line, so
// it shows on pale sand and dark hills alike.
func (s *MapScene) DrawHover(screen *ebiten.Image) { s.outlineHex(screen, s.hover, hoverLight) }

// outlineHex outlines h in colour c over a dark band.
func (s *MapScene) outlineHex(screen *ebiten.Image, h hexmap.Hex, c color.RGBA) {
	var p vector.Path
	for i, c := range s.Pix.Corners(h) {
		x, y := s.Cam.WorldToScreen(c.X, c.Y)
		if i == 0 {
			p.MoveTo(float32(x), float32(y))
		} else {
			p.LineTo(float32(x), float32(y))
		}
	}
	p.Close()
	w := float32(s.ui * math.Max(1.5, math.Min(3, s.Cam.Scale()*s.Pix.Size/16/s.ui)))
	for _, st := range []struct {
		width float32
		c     color.RGBA
	}{{w + 2.5, hoverDark}, {w, c}} {
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(st.c)
		vector.StrokePath(screen, &p, &vector.StrokeOptions{Width: st.width, LineJoin: vector.LineJoinRound}, op)
	}
}

// helpArea is where the help overlay may go: the screen above the status
// bar.
func (s *MapScene) helpArea() image.Rectangle {
	bar := int(math.Ceil(s.hud.StatusHeight(hudMaxLines)))
	return image.Rect(0, 0, s.w, max(s.h-bar, 1))
}
