package render

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
	"khamsin/render/ui"
)

// The designer's input: the raw state of each tick goes first to a text
// field when one is open, then to the designer's keys and clicks; the map
// view gets what is left (zoom, arrows, right or middle drag, hover, LOS).

func (s *DesignScene) keyJust(k ebiten.Key) bool {
	return slices.Contains(s.cur.Keys, k) && !slices.Contains(s.prv.Keys, k)
}

func (s *DesignScene) held(k ebiten.Key) bool { return slices.Contains(s.cur.Keys, k) }

func (s *DesignScene) ctrl() bool {
	return s.held(ebiten.KeyControl) || s.held(ebiten.KeyControlLeft) || s.held(ebiten.KeyControlRight)
}

func (s *DesignScene) shift() bool {
	return s.held(ebiten.KeyShift) || s.held(ebiten.KeyShiftLeft) || s.held(ebiten.KeyShiftRight)
}

func (s *DesignScene) clicked() bool {
	return slices.Contains(s.cur.Buttons, ebiten.MouseButtonLeft) && !slices.Contains(s.prv.Buttons, ebiten.MouseButtonLeft)
}

// Update runs one tick.
func (s *DesignScene) Update(ctx *ui.Context) error {
	s.tick = ctx.Tick
	if ctx.Scale > 0 {
		s.scale = ctx.Scale
	}
	s.hud.SetScale(s.scale)
	if s.w != ctx.Width || s.h != ctx.Height {
		s.dirty = true
	}
	s.w, s.h = ctx.Width, ctx.Height
	s.prv, s.cur = s.cur, s.src.Poll()
	if t := s.balance; t != nil {
		t.poll()
		if t.follow = t.follow && s.cur.WheelY == 0; t.follow {
			// the run's progress and figures are at the foot of the
			// properties panel, below a small window's edge: keep them in
			// sight until it ends (or the wheel takes the panel)
			_, _, fin := t.progress()
			s.items()
			s.scrollTo(s.panelMax())
			t.follow = !fin
		}
	}

	cx, cy := s.cur.CursorX, s.cur.CursorY
	overMap := s.overMap(cx, cy)
	feed := s.cur
	if s.holdOff = s.holdOff && (len(s.cur.Keys) > 0 || len(s.cur.Buttons) > 0); s.holdOff {
		feed.Keys, feed.Buttons = nil, nil // what left the game is not the map's
	}
	if s.field != nil || s.ctrl() {
		feed.Keys, feed.Runes = nil, nil
	}
	if !overMap {
		feed.CursorX, feed.CursorY, feed.WheelY = -1, -1, 0
		feed.Buttons = nil
	}
	if s.showHelp {
		// the help is over the map: the wheel and the scrolling keys are its
		feed.WheelY = 0
		feed.Keys = slices.DeleteFunc(slices.Clone(feed.Keys), func(k ebiten.Key) bool { return slices.Contains(helpScrollKeys, k) })
	}
	s.feed.st = feed
	s.in.Update()
	s.takeRaster()
	if s.ms != nil {
		mctx := *ctx
		if s.camKeep != nil {
			// a view just installed: a tick with no input sets it up for
			// the window (its first tick fits the map), then it takes the
			// view kept, before this tick's input acts (a Home or a wheel
			// in the tick a new picture came was undone by the view kept)
			setup := mctx
			setup.Input = s.noInput
			if err := s.ms.Update(&setup); err != nil {
				return err
			}
			s.ms.Cam, s.camKeep = *s.camKeep, nil
		}
		mctx.Input = s.in
		if err := s.ms.Update(&mctx); err != nil {
			return err
		}
		s.hoverHex, s.hovering = s.ms.Hovered()
	}

	if ebiten.IsWindowBeingClosed() && !s.quitAsk {
		s.field = nil
		s.askQuit()
	}
	if s.field != nil && s.keyJust(ebiten.KeyF12) {
		s.shoot() // a screenshot of the field too: F12 types nothing
	}
	switch {
	case s.field != nil:
		s.typeField()
	case s.quitAsk:
		s.answerQuit()
	case s.playAsk != nil:
		s.answerPlay()
	case s.faceDrag != nil:
		if !slices.Contains(s.cur.Buttons, ebiten.MouseButtonLeft) {
			s.endFacing()
		} else {
			s.dragFacing(cx, cy)
		}
	case s.supportPressing(): // design_support.go: a run being dragged
		s.supportRelease()
	case s.drag != nil:
		if !slices.Contains(s.cur.Buttons, ebiten.MouseButtonLeft) {
			s.endDrag()
		} else if s.hovering {
			s.dragTo(s.hoverHex)
			s.dirty = true
		}
	default:
		row, pick := s.propRow, s.palettePick()
		s.keys()
		if s.propRow != row {
			s.showPropRow()
		}
		if s.palettePick() != pick {
			s.showPalettePick()
		}
		if s.clicked() && !s.onPanelBar(cx) && !s.onPaletteBar(cx) {
			s.click(cx, cy, overMap)
		}
	}
	s.groundUpdate() // design_ground.go: asks the engine again when what it shows changed
	s.scrollInput()
	if s.goTo != nil {
		ctx.GoTo(s.goTo) // Play it's game
		s.goTo = nil
		s.releaseMarks() // the game has the screen; drawn again on the way back
		return nil
	}
	if s.quit {
		if s.opts.OnQuit != nil {
			s.quit = false
			s.releaseMarks()
			s.removePlayDir()
			s.opts.OnQuit(ctx)
			return nil
		}
		return ebiten.Termination
	}
	s.dirty = s.dirty || !dsSameInput(s.cur, s.prv) || s.viewKey() != s.drawnView ||
		s.tick-s.noticeAt <= ui.NoticeTicks*2 || s.field != nil && s.tick%30 == 0
	if s.balance != nil {
		done, _, fin := s.balance.progress()
		if done != s.lastDone || fin != s.lastFin {
			s.lastDone, s.lastFin, s.dirty = done, fin, true
		}
	}
	return nil
}

// palettePick is what the palette's keys pick ([ ], A, the digits): a
// change scrolls the palette to the row highlighted.
type palettePick struct {
	tool                dsTool
	ovIdx, typeIdx, def int
	sel                 selection
}

func (s *DesignScene) palettePick() palettePick {
	return palettePick{tool: s.tool, ovIdx: s.ovIdx, typeIdx: s.typeIdx, def: s.sup.def, sel: s.sel}
}

// NeedsDraw reports a frame that differs from the last one drawn: an idle
// designer draws nothing (the window keeps the last frame).
func (s *DesignScene) NeedsDraw() bool { return s.dirty }

// dsSameInput: nothing moved, nothing pressed or typed.
func dsSameInput(a, b ui.InputState) bool {
	return a.CursorX == b.CursorX && a.CursorY == b.CursorY && a.WheelY == b.WheelY && len(a.Runes) == 0 &&
		slices.Equal(a.Keys, b.Keys) && slices.Equal(a.Buttons, b.Buttons)
}

func (s *DesignScene) overMap(x, y float64) bool {
	a := s.mapArea(s.w, s.h)
	return x >= float64(a.Min.X) && x < float64(a.Max.X) && y >= float64(a.Min.Y) && y < float64(a.Max.Y) &&
		!s.showHelp && !(s.showList && s.inList(x, y))
}

// keys are the designer's keys (F1 lists them).
func (s *DesignScene) keys() {
	if s.showHelp && s.scrollHelp() {
		return
	}
	if s.ctrl() {
		switch {
		case s.keyJust(ebiten.KeyS):
			s.save()
		case s.keyJust(ebiten.KeyZ) && s.shift(), s.keyJust(ebiten.KeyY):
			if s.doc.Redo() {
				s.refresh(false)
				s.post("redone")
			}
		case s.keyJust(ebiten.KeyZ):
			if what, ok := s.doc.CanUndo(); ok && s.doc.Undo() {
				s.refresh(false)
				s.post("undone: " + what)
			}
		case s.keyJust(ebiten.KeyE):
			s.askExport()
		}
		return
	}
	for t, k := range toolKeys {
		if s.keyJust(k) {
			s.setTool(dsTool(t))
		}
	}
	if s.supportKeys() { // design_support.go
		return
	}
	switch {
	case s.keyJust(ebiten.KeyF1):
		s.showHelp = !s.showHelp
	case s.keyJust(ebiten.KeyF12):
		s.shoot()
	case s.keyJust(ebiten.KeyEscape):
		switch {
		case s.showHelp:
			s.showHelp = false
		case s.showList:
			s.showList = false
		case s.moving || s.ovOne != nil:
			s.moving, s.ovOne = false, nil
		case s.balance != nil && s.balance.running():
			s.balance.cancel()
		case s.tool == toolGround && s.gr.picked: // design_ground.go
			s.gr.picked = false
		case s.vs != nil:
			s.vs = nil
		case s.sel.kind != selNone:
			s.sel = selection{}
		default:
			s.askQuit()
		}
	case s.keyJust(ebiten.KeyQ):
		s.askQuit()
	case s.keyJust(ebiten.KeyP):
		s.showList = !s.showList
	case s.keyJust(ebiten.KeyT):
		s.askSSR()
	case s.keyJust(ebiten.KeyDelete), s.keyJust(ebiten.KeyX):
		s.deleteSel()
	case s.keyJust(ebiten.KeyR):
		s.rotateSel(s.shift())
	case s.keyJust(ebiten.KeyM):
		if s.sel.kind == selBase || s.sel.kind == selOverlay || s.sel.kind == selObjective || s.supportMovable() {
			s.moving = true
			s.post("click the hex to move it to")
		}
	case s.keyJust(ebiten.KeyBracketRight):
		s.cycle(1)
	case s.keyJust(ebiten.KeyBracketLeft):
		s.cycle(-1)
	case s.keyJust(ebiten.KeyPeriod):
		s.propRow = min(s.propRow+1, max(0, len(s.props())-1))
	case s.keyJust(ebiten.KeyComma):
		s.propRow = max(0, s.propRow-1)
	case s.keyJust(ebiten.KeyEnter):
		rows := s.props()
		if len(rows) > 0 {
			s.editProp(rows[min(s.propRow, len(rows)-1)])
		}
	case s.keyJust(ebiten.KeyTab):
		if s.sc != nil && len(s.sc.Sides) > 0 {
			s.side = (s.side + 1) % len(s.sc.Sides)
			s.unit = -1
			if s.dg != nil {
				s.dg.side = s.side
				s.dg.recompute(s)
			}
			s.post("placing for " + s.sc.Sides[s.side].ID)
		}
	case s.keyJust(ebiten.KeySlash):
		s.askSearch()
	case s.keyJust(ebiten.KeyN):
		s.unit = -1
		s.post("the next base starts a new unit")
	case s.keyJust(ebiten.KeyD):
		s.toggleBase("dug_in")
	case s.keyJust(ebiten.KeyH):
		s.toggleBase("hidden")
	case s.keyJust(ebiten.KeyF):
		s.turnFacing()
	case s.keyJust(ebiten.KeyY):
		s.randomDYO()
	case s.keyJust(ebiten.KeyB):
		s.tryIt()
	case s.keyJust(ebiten.KeyC):
		if s.balance != nil && s.balance.running() {
			s.balance.cancel()
		}
	case s.keyJust(ebiten.KeyU):
		s.addBoardPrompt()
	case s.keyJust(ebiten.KeyE):
		s.selectNextProblem()
	case s.keyJust(ebiten.KeyW):
		s.swapPrompt()
	case s.keyJust(ebiten.KeyK):
		s.playIt()
	}
	if s.tool == toolGround {
		s.groundKeys() // design_ground.go
	}
	if s.tool == toolViewshed && s.keyJust(ebiten.KeyI) && s.vs != nil {
		s.vs.dug = !s.vs.dug
		s.vs.recompute(s)
	}
	if s.tool == toolViewshed && s.keyJust(ebiten.KeyA) {
		s.vsDiff = !s.vsDiff
		switch {
		case !s.vsDiff:
			s.post("viewshed: as it is")
		case s.vs == nil:
			s.post("viewshed before/after: click a hex for its viewshed first")
		case !s.vs.hasBefore:
			s.post("viewshed before/after: no change of the map yet")
		default:
			s.post(s.vsDiffText())
		}
	}
}

func (s *DesignScene) setTool(t dsTool) {
	s.tool, s.moving, s.ovOne = t, false, nil
	s.dg = nil // the viewshed stays up while other tools change the map (Esc clears it)
	if t == toolDeadGround {
		s.dg = &deadGround{side: s.side}
		s.dg.recompute(s)
	}
	s.post("tool: " + toolNames[t])
}

// helpScrollKeys scroll the designer's help when it is longer than the
// window (and pan the map otherwise).
var helpScrollKeys = []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyPageUp, ebiten.KeyPageDown, ebiten.KeyHome, ebiten.KeyEnd}

// scrollHelp scrolls the open help a row (arrows, the wheel) or a page
// (Page Up, Page Down), to its start or end (Home, End); true when a key
// of its was pressed.
func (s *DesignScene) scrollHelp() bool {
	most := s.hud.HelpScrollMax(designHelpTitle, designHelpFooter, designHelp, s.helpArea())
	d, used := 0, false
	switch {
	case s.keyJust(ebiten.KeyArrowDown):
		d, used = 1, true
	case s.keyJust(ebiten.KeyArrowUp):
		d, used = -1, true
	case s.keyJust(ebiten.KeyPageDown):
		d, used = 8, true
	case s.keyJust(ebiten.KeyPageUp):
		d, used = -8, true
	case s.keyJust(ebiten.KeyHome):
		d, used = -len(designHelp), true
	case s.keyJust(ebiten.KeyEnd):
		d, used = len(designHelp), true
	}
	if s.cur.WheelY != 0 {
		d = -int(math.Copysign(2, s.cur.WheelY))
	}
	s.helpTop = max(0, min(s.helpTop+d, most))
	return used
}

// click acts on a left click: the panels first, then the map.
func (s *DesignScene) click(x, y float64, overMap bool) {
	if s.showHelp {
		s.showHelp = false
		return
	}
	if s.showList && s.inList(x, y) {
		if i := s.listRowAt(y); i >= 0 && i < len(s.probs) {
			s.goToProblem(i)
		}
		return
	}
	if s.statusHit(x, y) {
		s.showList = !s.showList
		return
	}
	for _, it := range s.items() {
		if it.do != nil && it.hit(x, y) {
			it.do()
			return
		}
	}
	if overMap && s.hovering {
		s.clickMap(s.hoverHex)
	}
}

// clickMap is a click on hex h with the tool in hand.
func (s *DesignScene) clickMap(h hexmap.Hex) {
	if s.m == nil {
		return
	}
	label := s.m.Label(h)
	if s.moving {
		s.moving = false
		s.moveSel(label)
		return
	}
	switch s.tool {
	case toolSelect:
		if s.startFacing(h) {
			return // a press on the selected base: drag toward a neighbour to face it
		}
		s.selectAt(h)
		if s.sel.kind == selOverlay {
			s.startDrag(s.sel.s, h) // hold and drag to move it
		}
	case toolOverlay:
		s.overlayClick(h)
	case toolBoard:
		if l, ok := s.m.LabelOf(h); ok {
			s.sel = selection{kind: selBoard, board: l.Board}
			s.post("board " + l.Board + ": R turns it 180°, X removes it, W swaps it with another")
		}
	case toolUnit:
		s.placeBase(label)
	case toolObjective:
		s.placeObjective(label)
	case toolViewshed:
		s.vs = &viewshed{from: h}
		s.vs.recompute(s)
	case toolDefences, toolSupport:
		s.supportClick(h) // design_support.go
	case toolGround:
		s.groundClick(h) // design_ground.go
	}
}

// selectAt selects what stands at h: a base, else an objective, else the
// overlay laid there, else nothing.
func (s *DesignScene) selectAt(h hexmap.Hex) {
	label := s.m.Label(h)
	s.propRow = 0
	if s.sc != nil {
		for si, sd := range s.sc.Sides {
			for ui, u := range sd.Units {
				for bi, b := range u.Bases {
					if s.sameHex(b.Hex, h) {
						s.sel = selection{kind: selBase, s: si, u: ui, b: bi}
						s.side, s.unit = si, ui
						return
					}
				}
			}
		}
		for i, o := range s.sc.Objectives {
			if s.sameHex(o.Hex, h) {
				s.sel = selection{kind: selObjective, s: i}
				return
			}
		}
	}
	if s.supportSelectAt(h) { // design_support.go
		return
	}
	if i := s.overlayAt(h); i >= 0 {
		s.sel = selection{kind: selOverlay, s: i}
		return
	}
	s.sel = selection{}
	s.post(label + ": nothing placed here")
}

func (s *DesignScene) sameHex(label string, h hexmap.Hex) bool {
	x, err := s.m.Hex(label)
	return err == nil && x == h
}

// overlayAt is the index of the last overlay laid over h (-1: none).
func (s *DesignScene) overlayAt(h hexmap.Hex) int {
	ovs := s.m.Overlays()
	for i := len(ovs) - 1; i >= 0; i-- {
		if slices.Contains(ovs[i].AllHexes(), h) {
			return i
		}
	}
	return -1
}

// typeField feeds the open text field.
func (s *DesignScene) typeField() {
	f := s.field
	switch {
	case s.keyJust(ebiten.KeyEscape):
		s.field = nil
		return
	case s.keyJust(ebiten.KeyEnter) && (!f.multi || s.ctrl()):
		s.field = nil
		if err := f.done(strings.TrimRight(string(f.text), "\n")); err != nil {
			// refused: the field stays open with what was typed, to mend
			f.fresh = false
			s.field = f
			s.post(err.Error())
		}
		return
	case s.keyJust(ebiten.KeyEnter):
		f.keep()
		f.text = append(f.text, '\n')
	case s.keyJust(ebiten.KeyEnd), s.keyJust(ebiten.KeyArrowRight):
		f.keep()
	case s.keyJust(ebiten.KeyBackspace) && f.fresh:
		f.text, f.fresh = nil, false
	case s.keyJust(ebiten.KeyBackspace) || s.held(ebiten.KeyBackspace) && s.tick%4 == 0 && slices.Contains(s.prv.Keys, ebiten.KeyBackspace):
		if len(f.text) > 0 {
			f.text = f.text[:len(f.text)-1]
		}
	}
	for _, r := range s.cur.Runes {
		if f.fresh {
			f.text, f.fresh = nil, false // typing replaces the text offered
		}
		if r >= ' ' && len(f.text) < 2000 {
			f.text = append(f.text, r)
		}
	}
}

// textField is a line (or lines) being typed.
type textField struct {
	prompt string
	text   []rune
	multi  bool // Enter is a new line; Ctrl+Enter ends
	fresh  bool // the text is the one offered: typing replaces it (End or → keeps it)
	done   func(string) error
}

func (f *textField) keep() { f.fresh = false }

func (s *DesignScene) ask(prompt, text string, multi bool, done func(string) error) {
	s.field = &textField{prompt: prompt, text: []rune(text), multi: multi, fresh: text != "", done: done}
}

// askQuit asks before losing unsaved changes.
func (s *DesignScene) askQuit() {
	if !s.doc.Modified() {
		s.quit = true
		return
	}
	s.quitAsk = true
}

func (s *DesignScene) answerQuit() {
	switch {
	case s.keyJust(ebiten.KeyS):
		s.quitAsk = false
		s.save()
	case s.keyJust(ebiten.KeyD), s.keyJust(ebiten.KeyQ):
		s.quit = true
	case s.keyJust(ebiten.KeyEscape), s.keyJust(ebiten.KeyN):
		s.quitAsk = false
	}
}

// cycle moves the palette's pick: the overlay or the catalogue entry.
func (s *DesignScene) cycle(d int) {
	switch s.tool {
	case toolOverlay:
		n := len(s.lib.OverlayIDs())
		s.ovIdx = (s.ovIdx + d + n) % n
		s.ovOne = nil
	case toolUnit, toolGround: // the Ground tool's reach is of the same entry
		if n := len(s.types()); n > 0 {
			s.typeIdx = (s.typeIdx + d + n) % n
		}
	case toolDefences, toolSupport:
		s.supportCycle(d) // design_support.go
	default:
		if n := len(s.props()); n > 0 {
			s.propRow = (s.propRow + d + n) % n
		}
	}
}

func (s *DesignScene) selectNextProblem() {
	if len(s.probs) == 0 {
		return
	}
	s.goToProblem(0)
}

// goToProblem selects and centres what problem i names.
func (s *DesignScene) goToProblem(i int) {
	p := s.probs[i]
	s.showList = false
	t := p.Target
	switch {
	case t.Overlay >= 0 && t.Kind == "overlay":
		s.sel = selection{kind: selOverlay, s: t.Overlay}
	case t.Kind == "base" && len(t.Path) == 6 && asInt(t.Path[1]) >= 0 && asInt(t.Path[3]) >= 0 && asInt(t.Path[5]) >= 0:
		s.sel = selection{kind: selBase, s: asInt(t.Path[1]), u: asInt(t.Path[3]), b: asInt(t.Path[5])}
	case t.Kind == "objective" && len(t.Path) == 2:
		s.sel = selection{kind: selObjective, s: asInt(t.Path[1])}
	case t.Kind == "side" && len(t.Path) == 2:
		s.sel = selection{kind: selSide, s: asInt(t.Path[1])}
	default:
		s.supportTarget(t) // design_support.go
	}
	if s.m != nil && s.ms != nil {
		for _, l := range t.Hexes {
			if h, err := s.m.Hex(l); err == nil {
				s.ms.LookAt(h, 0)
				break
			}
		}
	}
	s.post(fmt.Sprintf("problem %d: %s", i+1, p.Text))
}

func asInt(v any) int {
	if n, ok := v.(int); ok {
		return n
	}
	return -1
}

// dsView is what of the map view a frame shows: the camera, the hover,
// the status (the LOS answer), the layers.
type dsView struct {
	cam    [6]float64
	hover  hexmap.Hex
	on     bool
	status string
	layers [ui.NumViewLayers]bool
}

func (s *DesignScene) viewKey() dsView {
	if s.ms == nil {
		return dsView{}
	}
	g := s.ms.Cam.GeoM()
	h, on := s.ms.Hovered()
	return dsView{cam: [6]float64{g.Element(0, 0), g.Element(0, 1), g.Element(0, 2), g.Element(1, 0), g.Element(1, 1), g.Element(1, 2)},
		hover: h, on: on, status: s.ms.Status(), layers: s.ms.LayersShown()}
}
