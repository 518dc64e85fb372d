package render

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// The scenario designer (issue 19): the viewer's map with a tool palette
// on the left, the properties of what is selected on the right and the
// live `khamsin check` result in the status line. Every change goes
// through an engine/design.Doc edit (undoable, the file's text kept byte
// for byte); the scene re-reads the parsed scenario after each one and
// re-rasterises the map only when the map's own keys changed.

// DesignOptions configure the designer window. Zero values mean the
// defaults.
type DesignOptions struct {
	Width, Height int            // window size; 0: 1280×800
	Title         string         // "": "Khamsin designer — FILE"
	Frames        int            // stop after this many ticks; 0: run until closed
	Screenshot    string         // with Frames: save the last frame here as PNG
	Save          string         // with Frames: save the scenario here (Doc.Save) when the frames have run
	Mute          bool           // no sound cues
	Input         ui.InputSource // nil: the real keyboard and mouse
	UserDir       string         // where a built-in's copy is saved ("": design.UserDir())
	HexSize       float64        // raster pixels per hex (0: the viewer's choice)
	New           bool           // a new scenario: Ctrl+S asks for a name
	TryGames      int            // games Try it plays (0: 100)
	// Play it (K): the game's dice seed (0: from the clock), the
	// computer's level (0: the strongest) and its pause between commands
	// in ticks (0: the game's own).
	PlaySeed    uint64
	PlayLevel   int
	PlayAIDelay int
	// OnDraw, when set, is called after each frame the window draws
	// (window tests read pixels from it).
	OnDraw func(screen *ebiten.Image)
	// OnQuit, when set, is called instead of ending the window when the
	// designer is left (a host such as the main menu goes back with
	// ctx.GoTo).
	OnQuit func(ctx *ui.Context)
	// Ready, when set, is given the scene before the window opens (window
	// tests aim their scripted clicks through it).
	Ready func(*DesignScene)
	// Headless builds the scene without GPU uploads (scene tests without
	// a window): the map draws nothing, everything else works.
	Headless bool
}

// Widths of the panels, in device-independent pixels.
const (
	dsPaletteW = 200
	dsPanelW   = 330
	dsStatusH  = 2 // status lines
)

// dsTool is a tool of the palette.
type dsTool int

const (
	toolSelect dsTool = iota
	toolOverlay
	toolBoard
	toolUnit
	toolObjective
	toolViewshed
	toolDeadGround
	toolDefences // design_support.go
	toolSupport  // design_support.go: fire support
	toolGround   // design_ground.go: sun, haze, dust, reach (key 0)
	numTools
)

var toolNames = [numTools]string{"Select / move", "Overlays", "Boards", "Units", "Objectives", "Viewshed", "Dead ground", "Defences", "Fire support", "Sun, haze, dust, reach"}

// toolKeys are the digits that pick each tool.
var toolKeys = [numTools]ebiten.Key{ebiten.Key1, ebiten.Key2, ebiten.Key3, ebiten.Key4, ebiten.Key5, ebiten.Key6, ebiten.Key7, ebiten.Key8, ebiten.Key9, ebiten.Key0}

// selKind is what is selected.
type selKind int

const (
	selNone selKind = iota // the scenario itself
	selSide
	selBase
	selObjective
	selOverlay
	selBoard
	// design_support.go: s is the index of a top-level entry, or the side
	// with u the index of the side's entry
	selMinefield
	selObstacle
	selStructure
	selCounter
	selSortie
	selBattery
	selAircraft
	selBarrage
)

type selection struct {
	kind    selKind
	s, u, b int    // side, unit, base; objective or overlay index in s
	board   string // selBoard
}

// DesignScene is the designer's scene.
type DesignScene struct {
	doc  *design.Doc
	opts DesignOptions

	src      ui.InputSource
	cur, prv ui.InputState
	feed     *feedSource
	in       *ui.Input
	noInput  *ui.Input // a tick of no input (a new view's first, design_input.go)
	hud      *ui.HUD
	counters ui.CounterCache

	lib *hexmap.Library
	cat *forces.Catalogue

	ms       *ui.MapScene
	m        *hexmap.Map
	mapKey   string // the map's keys the raster was made from
	rasters  int    // how many times the map was rasterised (tests)
	sc       *scenario.Scenario
	parseErr error
	probs    []design.Message

	tool     dsTool
	sup      supportState // tools 8 and 9 (design_support.go)
	sel      selection
	side     int // the side units and objectives go to
	unit     int // the unit bases go to (-1: a new unit each)
	ovIdx    int // the overlay picked in the palette
	ovOne    *hexmap.Hex
	typeIdx  int    // the catalogue entry picked
	search   string // the catalogue filter
	moving   bool   // the next map click moves the selection there
	field    *textField
	propRow  int // the property the keyboard points at
	showHelp bool
	helpTop  int    // the first row of the help shown (it scrolls in a small window)
	shotPath string // F12: the frame to save after this Draw (window.go's shotScene)
	shots    int
	showList bool // the problems list
	quitAsk  bool
	notice   string
	noticeAt int

	// issue 19's window behaviours: the viewshed before/after, Play it in
	// this window, the panel's scrolling
	prevMap    *hexmap.Map // the map before its last change (the viewshed's before/after)
	vsDiff     bool        // A: the viewshed shows what the last change did to it
	playAsk    *playAsk    // Play it's question (design_play.go)
	game       *designGame // the game Play it opened, while it is up
	goTo       ui.Scene    // the scene to switch to after this tick
	playDir    string      // where Play it writes the scenario
	holdOff    bool        // back from the game: the map gets no keys or buttons until all are let go
	lastLevel  int         // the computer's level Play it last chose
	panelTop   float64     // how far the properties panel is scrolled, in pixels
	panelH     float64     // the panel's rows' height, unscrolled
	barDrag    bool        // the panel's scroll bar is held
	paletteTop float64     // how far the tool palette is scrolled, in pixels
	paletteH   float64     // the palette's rows' height, unscrolled
	palDrag    bool        // the palette's scroll bar is held

	vs         *viewshed
	gr         groundState // tool 10, Ground (design_ground.go)
	dg         *deadGround
	drag       *overlayDrag             // an overlay being dragged (select tool)
	faceDrag   *facingDrag              // a selected base's facing being dragged (select tool)
	pending    *pendingRaster           // the parts of the map being painted in the background
	layers     *raster.Layers           // headless only: the map view's layers, painted again in place by the next overlay edit (in a window the GPU holds them)
	layersMap  *hexmap.Map              // the map the picture shows
	previews   map[string]*ebiten.Image // the overlays' pictures, by ID
	dyoSeed    uint64
	dyoRolls   []string   // the last random placement's rolls and notes
	camKeep    *ui.Camera // the view to restore after a re-rasterised map's first tick
	balance    *tryIt
	tick       int
	w, h       int
	scale      float64
	quit       bool
	saveErr    error
	hoverHex   hexmap.Hex
	hovering   bool
	dirty      bool // the next frame differs from the last drawn
	lastDone   int  // Try it's progress as last drawn
	lastFin    bool
	drawnView  dsView        // the map view as last drawn
	marksRev   int           // bumped by every refresh: what the marks show may have changed
	forcesRev  int           // bumped when the bases and objectives drawn change (design_marks.go)
	supportRev int           // bumped when the defences and fire support drawn change
	marks      []*marksLayer // the marks kept between frames (design_marks.go)
}

// NewDesignScene makes the designer's scene on doc (what the main menu's
// Design button opens; Design runs it in a window).
func NewDesignScene(doc *design.Doc, opts DesignOptions) (*DesignScene, error) {
	if doc == nil {
		doc = design.Blank("new.toml")
	}
	h, err := ui.NewHUD()
	if err != nil {
		return nil, err
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	cat, err := forces.Load()
	if err != nil {
		return nil, err
	}
	src := opts.Input
	if src == nil {
		src = ui.DeviceInput{}
	}
	s := &DesignScene{doc: doc, opts: opts, src: src, hud: h, lib: lib, cat: cat, unit: -1, scale: 1, dirty: true}
	s.counters.Faces = &ui.CounterFaces{Src: h.Bold}
	s.feed = &feedSource{}
	s.in = ui.NewInput(s.feed, designMapKeymap())
	s.noInput = ui.NewInput(&feedSource{}, designMapKeymap()) // never updated: nothing pressed
	if err := s.refresh(true); err != nil {
		return nil, err
	}
	return s, nil
}

// designMapKeymap is the keys the map itself answers in the designer: the
// viewer's zoom, arrows, fit, layers and line of sight. Letters the
// designer uses for its tools (WASD, Q, F1) are left out.
func designMapKeymap() ui.Keymap {
	km := ui.DefaultKeymap()
	for _, a := range []ui.Action{ui.ActionPanLeft, ui.ActionPanRight, ui.ActionPanUp, ui.ActionPanDown} {
		b := km[a]
		b.Keys = b.Keys[:1] // the arrow only
		km[a] = b
	}
	delete(km, ui.ActionQuit)
	delete(km, ui.ActionHelp)
	delete(km, ui.ActionClose)
	delete(km, ui.ActionLegend) // K is Play it here
	fit := km[ui.ActionFit]
	fit.Keys = slices.DeleteFunc(slices.Clone(fit.Keys), func(k ebiten.Key) bool { return k == ebiten.KeyDigit0 }) // 0 is tool 10 (Ground) here
	km[ui.ActionFit] = fit
	km[ui.ActionDrag] = ui.Binding{Buttons: []ebiten.MouseButton{ebiten.MouseButtonMiddle, ebiten.MouseButtonRight}}
	return km
}

// feedSource hands the map scene the input the designer lets through.
type feedSource struct{ st ui.InputState }

func (f *feedSource) Poll() ui.InputState { return f.st }

// Doc is the document being designed.
func (s *DesignScene) Doc() *design.Doc { return s.doc }

// Map is the map as last laid out (nil when the text has none yet).
func (s *DesignScene) Map() *hexmap.Map { return s.m }

// MapScene is the map view (nil before a map could be laid out).
func (s *DesignScene) MapScene() *ui.MapScene { return s.ms }

// Problems are check's messages for the current text.
func (s *DesignScene) Problems() []design.Message { return s.probs }

// Rasters counts the map's rasterisations (one per change of the map's
// keys, none for an edit of the forces).
func (s *DesignScene) Rasters() int { return s.rasters }

// mapKeyOf is what the raster depends on: boards, north, overlays and
// variants.
func mapKeyOf(sc *scenario.Scenario) string {
	return sc.Map.Boards + "|" + sc.Map.North + "|" + strings.Join(sc.Map.Overlays, ";") + "|" + strings.Join(sc.Map.Variants, ";")
}

// refresh re-reads the document after an edit: the parsed scenario, the
// problems, and the map when its keys changed.
func (s *DesignScene) refresh(first bool) error {
	s.marksRev++ // the marks show the document: their layers are drawn again
	s.probs = s.doc.Problems()
	sc, err := s.doc.Scenario()
	s.parseErr = err
	if err != nil {
		s.sel = selection{}
		return nil // the text stays as it is; the status line says why
	}
	s.marksChanged(s.sc, sc) // design_marks.go
	s.sc = sc
	s.keepSel()
	key := mapKeyOf(sc)
	if key == s.mapKey && s.ms != nil {
		s.addMapProblems()
		if s.dg != nil {
			s.dg.recompute(s) // the bases moved
		}
		return nil
	}
	m, err := sc.Build(s.lib)
	if err != nil {
		s.parseErr = err
		return nil
	}
	if s.ms != nil && s.sc != nil && sameGround(s.m, m) {
		// only the overlays changed: the board geometry is the same, so
		// only the hexes that changed are painted again (raster.Redraw);
		// in the window the old picture stays up (clicks and marks
		// already use the new map) while the new one is painted off the
		// window's thread
		s.prevMap = s.m
		s.m, s.mapKey = m, key
		if s.opts.Headless {
			ls := redrawFor(s.layers, s.layersMap, m, ui.ViewHexSize(m, s.opts.HexSize, 0))
			s.layers, s.layersMap = ls, m
			h, _ := ui.NewHUD()
			s.install(ui.NewMapSceneFrom(m, ls, h, designMapKeymap()), m, sc.Map.North)
		} else {
			s.rasterLater(m, key)
		}
		s.afterMap()
		return nil
	}
	s.pending = nil // new boards: a picture being painted is of no use
	s.forcesRev++   // and the marks' hexes are elsewhere
	s.supportRev++
	ms, err := s.newMapScene(m)
	if err != nil {
		return err
	}
	s.prevMap = s.m
	s.install(ms, m, sc.Map.North)
	s.mapKey = key
	s.afterMap()
	return nil
}

// keepSel drops a selection the edit took away (an undo of its
// placing, a deletion), and a side or unit in hand that is gone.
func (s *DesignScene) keepSel() {
	sc, k := s.sc, s.sel
	ok := true
	switch k.kind {
	case selBase:
		ok = k.s < len(sc.Sides) && k.u < len(sc.Sides[k.s].Units) && k.b < len(sc.Sides[k.s].Units[k.u].Bases)
	case selSide:
		ok = k.s < len(sc.Sides)
	case selObjective:
		ok = k.s < len(sc.Objectives)
	case selOverlay:
		ok = k.s < len(sc.Map.Overlays)
	case selBoard:
		ok = strings.Contains(","+strings.NewReplacer("/", ",", "r", "").Replace(sc.Map.Boards)+",", ","+k.board+",")
	default:
		ok = s.supportSelOK() // design_support.go
	}
	if !ok || k.s < 0 || k.u < 0 || k.b < 0 {
		s.sel = selection{}
	}
	if s.side >= len(sc.Sides) {
		s.side, s.unit = 0, -1
	}
	if s.unit >= 0 && (s.side >= len(sc.Sides) || s.unit >= len(sc.Sides[s.side].Units)) {
		s.unit = -1
	}
}

// afterMap brings what depends on the map up to date.
func (s *DesignScene) afterMap() {
	s.ovOne = nil
	if s.vs != nil {
		s.vs.recompute(s)
	}
	if s.dg != nil {
		s.dg.recompute(s)
	}
	s.addMapProblems()
}

// install makes ms the map view, keeping the camera when the world is
// the same size.
func (s *DesignScene) install(ms *ui.MapScene, m *hexmap.Map, north string) {
	if n, err := hexmap.ParseNorth(north); err == nil {
		ms.North = n
	}
	ms.SetFitArea(s.mapArea)
	if old := s.ms; old != nil && old.World == ms.World {
		c := old.Cam // the same boards: the view stays where it was
		s.camKeep = &c
	}
	if s.ms != nil {
		s.ms.Release() // its map on the GPU (none when ms took its tiles)
	}
	s.ms, s.m = ms, m
	s.rasters++
	s.dirty = true
}

// sameGround: a and b have the same boards in the same places.
func sameGround(a, b *hexmap.Map) bool {
	if a == nil || b == nil {
		return false
	}
	la, lb := a.Layout(), b.Layout()
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if !slices.Equal(la[i], lb[i]) {
			return false
		}
	}
	return true
}

// addMapProblems adds the map's 12.33 problems that check did not give
// (it stops at the first error of the forces, and the designer still
// wants to see overlays that clash).
func (s *DesignScene) addMapProblems() {
	if s.m == nil || s.sc == nil || mapKeyOf(s.sc) != s.mapKey {
		return
	}
next:
	for _, p := range s.m.Problems() {
		for _, m := range s.probs {
			if strings.Contains(m.Text, p.Msg) {
				continue next
			}
		}
		idx := -1
		for i, l := range s.sc.Map.Overlays {
			if sp, err := hexmap.ParseOverlaySpec(l); err == nil && sp.ID == p.Overlay {
				idx = i
			}
		}
		s.probs = append(s.probs, design.Message{Text: p.Msg, Warning: true,
			Target: design.Target{Kind: "overlay", Overlay: idx, Hexes: p.Hexes}})
	}
}

// mapArea is the screen between the palette and the properties panel,
// above the status lines.
func (s *DesignScene) mapArea(w, h int) image.Rectangle {
	pal, panel := s.sideWidths(w)
	return image.Rect(int(pal), 0, w-int(panel), h-int(s.statusH()))
}

func (s *DesignScene) statusH() float64 { return s.hud.StatusHeight(dsStatusH) }

// edit runs one document edit, then refreshes; a failure is posted.
func (s *DesignScene) edit(what string, fn func() error) bool {
	if err := fn(); err != nil {
		s.post(what + ": " + err.Error())
		return false
	}
	if err := s.refresh(false); err != nil {
		s.post(err.Error())
	}
	s.post(what)
	return true
}

func (s *DesignScene) post(msg string) { s.notice, s.noticeAt = msg, s.tick }

// Ticking keeps the window running while a notice shows or a balance run
// is going.
func (s *DesignScene) Ticking() bool {
	return s.tick-s.noticeAt < ui.NoticeTicks*2 || s.balance != nil && s.balance.running() || s.field != nil || s.pending != nil
}

// HoldsLayers: the map's layers went to the GPU.
func (*DesignScene) HoldsLayers() {}

func (s *DesignScene) pendingShot() string { return s.shotPath }
func (s *DesignScene) shotSaved(path string, err error) {
	s.shotPath = ""
	if err != nil {
		s.post(err.Error())
	} else {
		s.post("screenshot saved to " + path)
	}
}

// shoot asks the window for a screenshot of the next frame (F12), named
// after the scenario: khamsin-design-NAME-N.png in the working folder.
func (s *DesignScene) shoot() {
	if s.shotPath != "" {
		return
	}
	name := strings.TrimSuffix(filepath.Base(s.doc.File), filepath.Ext(s.doc.File))
	if name == "" || name == "." {
		name = "scenario"
	}
	for { // the first free name: an earlier session's shot is kept
		s.shots++
		s.shotPath = fmt.Sprintf("khamsin-design-%s-%d.png", name, s.shots)
		if _, err := os.Lstat(s.shotPath); errors.Is(err, os.ErrNotExist) || s.shots > 9999 {
			break
		}
	}
	s.dirty = true
}

func (s *DesignScene) title() string {
	if s.opts.Title != "" {
		return s.opts.Title
	}
	return "Khamsin designer — " + s.doc.File
}

// Design opens the designer window on doc and runs until it is closed.
// With opts.Save set it saves the scenario there after opts.Frames frames
// (the round trip scripts check).
func Design(doc *design.Doc, opts DesignOptions) error {
	sc, err := NewDesignScene(doc, opts)
	if err != nil {
		return err
	}
	if opts.Ready != nil {
		opts.Ready(sc)
	}
	// the window's close button asks too, when there are unsaved changes
	ebiten.SetWindowClosingHandled(true)
	defer ebiten.SetWindowClosingHandled(false)
	w := newWindow(sc, sound.New(opts.Mute), windowOptions{Width: opts.Width, Height: opts.Height, Title: sc.title(),
		Frames: opts.Frames, Screenshot: opts.Screenshot, ShotName: "design", Scripted: opts.Input != nil})
	w.OnDraw = opts.OnDraw
	err = w.Run()
	sc.removePlayDir() // the window closed while a game was up
	if err != nil {
		return err
	}
	if opts.Save != "" {
		if err := sc.doc.Save(opts.Save); err != nil {
			return err
		}
	}
	return sc.saveErr
}

// summary is the scenario in a line, for the panel's head.
func (s *DesignScene) summary() string {
	if s.sc == nil {
		return "the text does not parse"
	}
	return fmt.Sprintf("%s — map %s, %s, %s", s.sc.Title, s.sc.Map.Boards, dsPlural(len(s.sc.Map.Overlays), "overlay"), dsPlural(len(s.sc.Sides), "side"))
}
