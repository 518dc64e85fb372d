package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
	"khamsin/render/ui"
)

// Play it (issue 19): K asks how to play (solo as either side against the
// computer at a chosen level, or hot seat), writes the scenario as it
// stands to a file of its own, and switches this window to a game on
// that file. The designer scene is kept as it was — document, undo
// history, camera, tool, selection, its map on the GPU — and the game's
// "Back to the designer" button, Esc's menu, Q Q, the end screen's Back
// and the window's close button all switch back to it.

// playAsk is the Play it question while it is up.
type playAsk struct {
	level int // the computer's level for solo (opponentLevel's)
}

// playChoice is one row of the question: its key and what it does.
type playChoice struct {
	key   ebiten.Key
	label string
	do    func()
}

// playIt is K: ask how to play a scenario that checks.
func (s *DesignScene) playIt() {
	if s.parseErr != nil || s.sc == nil || !allWarnings(s.probs) {
		s.post("Play it needs a scenario that checks: fix the problems first (P)")
		return
	}
	if err := startable(s.sc); err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	s.playAsk = &playAsk{level: s.playLevel()}
}

// startable says why a game of sc cannot start (Play it and Try it ask
// before they offer anything): two sides with forces, as game.New wants.
func startable(sc *scenario.Scenario) error {
	if n := len(sc.Sides); n < 2 {
		return fmt.Errorf("a game needs two sides with forces, the scenario has %d: place bases of both nations with tool 4 (Units), which adds their sides", n)
	}
	_, err := game.New(sc, 1)
	return err
}

// playChoices are the question's rows, in the order drawn.
func (s *DesignScene) playChoices() []playChoice {
	a := s.playAsk
	out := []playChoice{{ebiten.KeyH, "H   hot seat: two players at this screen", func() { s.startPlay(ModeHotseat, 0) }}}
	if s.sc != nil {
		for i, sd := range s.sc.Sides[:min(2, len(s.sc.Sides))] {
			out = append(out, playChoice{ebiten.Key1 + ebiten.Key(i),
				fmt.Sprintf("%d   solo: you command %s, the computer the other side", i+1, sd.Name),
				func() { s.startPlay(ModeSolo, i) }})
		}
	}
	out = append(out,
		playChoice{ebiten.KeyL, "L   the computer plays as the " + OpponentName(a.level) + " (L: another level)", func() {
			a.level++
			if a.level > opponentLevel(0) {
				a.level = 1
			}
		}},
		playChoice{ebiten.KeyEscape, "Esc   back to the designer", func() { s.playAsk = nil }})
	return out
}

// playLines are the question as drawBox draws it: a head, the rows.
func (s *DesignScene) playLines() []string {
	lines := []string{"Play it — the scenario as it stands (unsaved edits too)"}
	for _, c := range s.playChoices() {
		lines = append(lines, c.label)
	}
	return lines
}

// answerPlay takes the question's key or click.
func (s *DesignScene) answerPlay() {
	cs := s.playChoices()
	for _, c := range cs {
		if s.keyJust(c.key) {
			c.do()
			return
		}
	}
	if s.clicked() {
		if i := s.boxRowAt(s.playLines(), s.cur.CursorX, s.cur.CursorY) - 1; i >= 0 && i < len(cs) {
			cs[i].do()
		}
	}
}

// startPlay writes the scenario, makes the game and switches the window
// to it (after this tick). The game's map is painted from the designer's
// own raster when it shows this map (no second rasterisation).
func (s *DesignScene) startPlay(mode string, human int) {
	if s.playAsk != nil {
		s.lastLevel = s.playAsk.level
	}
	s.playAsk = nil
	path, err := s.writePlayFile()
	if err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	sc, err := scenario.Load(path)
	if err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	seed := s.opts.PlaySeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano()) | 1
	}
	g, err := game.New(sc, seed)
	if err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	h, err := ui.NewHUD()
	if err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	ls := s.layers
	if ls == nil || s.pending != nil || s.layersMap != s.m || mapKeyOf(sc) != s.mapKey {
		ls = rasterFor(g.Map, ui.ViewHexSize(g.Map, s.opts.HexSize, 0))
	}
	board := ui.NewMapSceneFrom(g.Map, ls, h, playKeymap())
	if !s.opts.Headless {
		board.Upload(ls)
	}
	dg := &designGame{ds: s}
	// keys and buttons held as the game opens stay the designer's until let go
	dg.mask, dg.maskBtn = slices.Clone(s.cur.Keys), len(s.cur.Buttons) > 0
	opts := PlayOptions{Mode: mode, Human: human, ScenarioRef: path, SavePath: strings.TrimSuffix(path, ".toml") + ".save",
		AILevel: s.playLevel(), AIDelay: s.opts.PlayAIDelay, HexSize: s.opts.HexSize, Mute: s.opts.Mute, Input: dg}
	ps := newPlayScene(g, opts, dg, board, h)
	ps.leave = dg.backScene
	ps.leaveName = "Back to the designer"
	dg.ps = ps
	s.game, s.goTo = dg, dg
	s.post("Play it: " + path)
}

// playLevel is the level the last question chose.
func (s *DesignScene) playLevel() int {
	if s.lastLevel > 0 {
		return s.lastLevel
	}
	return opponentLevel(s.opts.PlayLevel)
}

// writePlayFile writes the text being designed to a folder of the
// designer's own (made once), under the scenario's file name.
func (s *DesignScene) writePlayFile() (string, error) {
	if s.playDir == "" {
		dir, err := os.MkdirTemp("", "khamsin-design-")
		if err != nil {
			return "", err
		}
		s.playDir = dir
	}
	name := "scenario.toml"
	if s.doc.Builtin != "" {
		name = s.doc.Builtin + ".toml"
	} else if b := filepath.Base(s.doc.File); b != "." && b != "" && b != string(filepath.Separator) {
		name = b
	}
	path := filepath.Join(s.playDir, name)
	return path, fileio.WriteFile(path, s.doc.Bytes(), 0o644)
}

// removePlayDir removes what Play it wrote — the scenario played and
// the game's saves — and its folder, when the game returns to the
// designer and when the designer closes. A screenshot taken in the game
// (a PNG beside the save) is the player's: the folder is kept for it,
// and the status line says where.
func (s *DesignScene) removePlayDir() {
	dir := s.playDir
	if dir == "" {
		return
	}
	s.playDir = ""
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	kept := 0
	for _, e := range ents {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".toml") || strings.HasSuffix(n, ".save")) {
			if os.Remove(filepath.Join(dir, n)) == nil {
				continue
			}
		}
		kept++
	}
	if kept > 0 {
		s.post("Play it: the game's screenshots are kept in " + dir)
		return
	}
	os.Remove(dir)
}

// Playing is the game Play it opened, nil while the designer is up.
func (s *DesignScene) Playing() *PlayScene {
	if s.game == nil {
		return nil
	}
	return s.game.ps
}

// PlayMenuUp reports the game's Esc menu up (scripts).
func (s *DesignScene) PlayMenuUp() bool { return s.game != nil && s.game.menu }

// resume is the designer again after the game: the input as it is now
// counts as already seen (the key or click that left the game does not
// act here too).
func (s *DesignScene) resume(now ui.InputState) *DesignScene {
	s.game = nil
	s.cur, s.prv = now, now
	s.holdOff = len(now.Keys) > 0 || len(now.Buttons) > 0
	s.dirty = true
	s.post("back in the designer, as you left it")
	s.removePlayDir() // may post where the screenshots are kept
	return s
}

// designGame is the game Play it opened: the play scene, with a way back
// drawn over it and an Esc menu. It hands the play scene the input of
// each tick (it is the play scene's InputSource), less what is its own.
type designGame struct {
	ds       *DesignScene
	ps       *PlayScene
	st       ui.InputState // what the play scene gets this tick
	cur, prv ui.InputState // the raw input
	mask     []ebiten.Key  // keys held when the game opened, not yet let go
	maskBtn  bool
	menu     bool // the Esc menu is up
	quit     bool // the menu's Q: back, and the designer's quit question
	w, h     int
	scale    float64
}

// Poll is the play scene's input this tick.
func (g *designGame) Poll() ui.InputState { return g.st }

func (g *designGame) keyJust(k ebiten.Key) bool {
	return slices.Contains(g.cur.Keys, k) && !slices.Contains(g.prv.Keys, k)
}

func (g *designGame) clicked() bool {
	return slices.Contains(g.cur.Buttons, ebiten.MouseButtonLeft) && !slices.Contains(g.prv.Buttons, ebiten.MouseButtonLeft)
}

// idle: nothing of the game's own that Esc would close or undo.
func (g *designGame) idle() bool {
	ps := g.ps
	return len(ps.screens) == 0 && ps.sum == nil && ps.plotted == "" && ps.mode == "" && ps.sel == ""
}

// backScene is the designer as it was (the end screen's Back too).
func (g *designGame) backScene() ui.Scene {
	g.ps.keepZoom()
	return g.ds.resume(g.cur)
}

// Update runs one tick of the game, or takes the way back.
func (g *designGame) Update(ctx *ui.Context) error {
	g.w, g.h = ctx.Width, ctx.Height
	if ctx.Scale > 0 {
		g.scale = ctx.Scale
	}
	g.prv, g.cur = g.cur, g.ds.src.Poll()
	st := g.cur
	g.mask = slices.DeleteFunc(g.mask, func(k ebiten.Key) bool { return !slices.Contains(st.Keys, k) })
	st.Keys = slices.DeleteFunc(slices.Clone(st.Keys), func(k ebiten.Key) bool { return slices.Contains(g.mask, k) })
	if g.maskBtn {
		g.maskBtn = len(st.Buttons) > 0
		st.Buttons = nil
	}
	back, menu := false, g.menu
	switch {
	case ebiten.IsWindowBeingClosed():
		back, g.quit = true, true
	case g.menu:
		back = g.menuInput()
		st = ui.InputState{CursorX: -1, CursorY: -1}
	case slices.Contains(st.Keys, ebiten.KeyEscape) && g.keyJust(ebiten.KeyEscape) && g.idle():
		g.menu = true
		st.Keys = slices.DeleteFunc(st.Keys, func(k ebiten.Key) bool { return k == ebiten.KeyEscape })
	case g.onButton(st.CursorX, st.CursorY):
		back = g.clicked() && len(st.Buttons) > 0
		st.Buttons = nil // the button's, not the map's under it
	}
	if g.menu != menu {
		// the key or click that opened or closed the menu is not the game's
		g.mask, g.maskBtn = append(g.mask, g.cur.Keys...), len(g.cur.Buttons) > 0
		st.Keys, st.Buttons = nil, nil
	}
	g.st = st
	if !back {
		err := g.ps.Update(ctx)
		switch {
		case errors.Is(err, ebiten.Termination): // Q Q: back to the designer (its own Q quits)
			back = true
		case err != nil:
			return err
		}
	}
	if back {
		g.ps.keepZoom()
		ds := g.ds.resume(g.cur)
		if g.quit {
			ds.askQuit()
		}
		ctx.GoTo(ds)
	}
	return nil
}

// menuInput is the Esc menu: Enter or B back, Esc resumes, Q back and quit.
func (g *designGame) menuInput() bool {
	rows := g.menuRows()
	pick := -1
	for i, r := range rows {
		for _, k := range r.keys {
			if g.keyJust(k) {
				pick = i
			}
		}
	}
	if pick < 0 && g.clicked() {
		x, y, w, lh := g.menuBox()
		for i := range rows {
			ry := y + lh*float64(i+1) + 2*ui.PadY*g.u()
			if g.cur.CursorX >= x && g.cur.CursorX < x+w && g.cur.CursorY >= ry && g.cur.CursorY < ry+lh {
				pick = i
			}
		}
	}
	switch pick {
	case 0:
		g.menu = false
		return true
	case 1:
		g.menu = false
	case 2:
		g.menu, g.quit = false, true
		return true
	}
	return false
}

type dgRow struct {
	keys  []ebiten.Key
	label string
}

func (g *designGame) menuRows() []dgRow {
	quit := "Q   Quit Khamsin (the designer asks about unsaved changes)"
	if g.ds.opts.OnQuit != nil {
		quit = "Q   Leave the designer too (it asks about unsaved changes)"
	}
	return []dgRow{
		{[]ebiten.Key{ebiten.KeyEnter, ebiten.KeyB}, "Enter   Back to the designer (where you left it)"},
		{[]ebiten.Key{ebiten.KeyEscape}, "Esc   Resume the game"},
		{[]ebiten.Key{ebiten.KeyQ}, quit},
	}
}

func (g *designGame) u() float64 {
	if g.scale > 0 {
		return g.scale
	}
	return 1
}

// menuBox is the Esc menu's box: left, top, width and line height.
func (g *designGame) menuBox() (x, y, w, lh float64) {
	u := g.u()
	f := g.ps.hud.Help
	lh = math.Ceil(ui.HelpPt * ui.LineGap * u)
	for _, r := range g.menuRows() {
		w = math.Max(w, text.Advance(r.label, f))
	}
	w += 4 * ui.PadX * u
	h := float64(len(g.menuRows())+1)*lh + 4*ui.PadY*u
	return (float64(g.w) - w) / 2, (float64(g.h) - h) / 2, w, lh
}

// button is "Back to the designer", in the map's bottom left corner.
func (g *designGame) button() (x, y, w, h float64) {
	u := g.u()
	a := g.ps.mapArea()
	w = text.Advance(dgButton, g.ps.hud.Small) + 2*ui.PadX*u
	h = math.Ceil(ui.SmallPt*ui.LineGap*u) + 8*u
	return float64(a.Min.X) + 8*u, float64(a.Max.Y) - h - 8*u, w, h
}

const dgButton = "Back to the designer"

func (g *designGame) onButton(cx, cy float64) bool {
	if g.ps.w == 0 { // not laid out yet
		return false
	}
	x, y, w, h := g.button()
	return cx >= x && cx < x+w && cy >= y && cy < y+h
}

var dgButtonFill = color.RGBA{34, 28, 20, 235}

// Draw draws the game, the way back on top, and the menu when it is up.
func (g *designGame) Draw(screen *ebiten.Image) {
	g.ps.Draw(screen)
	u := g.u()
	x, y, w, h := g.button()
	hot := g.onButton(g.cur.CursorX, g.cur.CursorY)
	fill := dgButtonFill
	if hot {
		fill = dsRowHi
	}
	ui.FillPath(screen, ui.RoundRectPath(x, y, w, h, 4*u), fill)
	ui.StrokePath(screen, ui.RoundRectPath(x, y, w, h, 4*u), 1.5*u, ui.Accent)
	ui.DrawText(screen, dgButton, g.ps.hud.Small, x+ui.PadX*u, y+4*u, ui.Ink)
	if !g.menu {
		return
	}
	bx, by, bw, lh := g.menuBox()
	rows := g.menuRows()
	bh := float64(len(rows)+1)*lh + 4*ui.PadY*u
	ui.FillRect(screen, 0, 0, float64(g.w), float64(g.h), dsShade)
	ui.FillRect(screen, bx, by, bw, bh, ui.PanelFill)
	ui.StrokePath(screen, ui.RoundRectPath(bx, by, bw, bh, 4*u), 1.5*u, ui.PanelEdge)
	ui.DrawText(screen, "The game of the scenario in the designer", g.ps.hud.Help, bx+2*ui.PadX*u, by+2*ui.PadY*u, ui.Accent)
	for i, r := range rows {
		ui.DrawText(screen, r.label, g.ps.hud.Help, bx+2*ui.PadX*u, by+2*ui.PadY*u+float64(i+1)*lh, ui.Ink)
	}
}

// The window's questions, answered by the game.

func (g *designGame) HoldsLayers()                     {}
func (g *designGame) title() string                    { return g.ps.title() + " (from the designer)" }
func (g *designGame) pendingShot() string              { return g.ps.pendingShot() }
func (g *designGame) shotSaved(path string, err error) { g.ps.shotSaved(path, err) }
func (g *designGame) closing()                         { g.ps.closing() }
func (g *designGame) Ticking() bool                    { return g.ps.Ticking() }
