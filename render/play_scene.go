package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/hexmap"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// PlayScene is the game on the map: the board (a MapScene for the camera,
// the rasterised layers, hover and line of sight), the counters, the
// status area, the selected unit's panel with its orders, the event log;
// the hand-over, replays, the end screen and help are screens of their
// own over it (play_screens.go). It reads the game only through
// the view of the side at the screen and changes it only through
// game.Do with a command from game.Legal.
type PlayScene struct {
	g       *game.Game
	topRows int           // the status area's lines, set each Update from the window's width (topLines)
	cams    [2]*ui.Camera // each side's own camera in the hot seat and with both sides (setSide)
	opts    PlayOptions
	src     ui.InputSource
	raw     rawInput
	bsrc    *boardSource
	bin     *ui.Input
	asrc    *boardSource // this tick's input for act
	act     *ui.Input    // the game screen's own keys as actions (gameKeymap)
	scr     *ui.Input    // the keys of its screens (help, the end screen) as actions (screenKeymap)
	board   *ui.MapScene
	hud     *ui.HUD
	faces   ui.CounterFaces
	cc      ui.CounterCache
	sprites ui.SpriteCache // markers drawn once per look and size (sprites.go)
	ui      float64
	w, h    int
	tick    int

	ai game.Player
	// aiThink delivers the computer's command, chosen on a clone of the
	// game whose hash was aiHash (runComputer).
	aiThink chan string
	aiHash  string
	aiWait  int
	menu    *MenuScene // the menu the game was started from (nil: `khamsin play`)
	// leave, when set, is where the end screen's Back goes instead of the
	// menu, named leaveName (the designer's Play it, design_play.go)
	leave     func() ui.Scene
	leaveName string

	plotted    string // the plotted destination of the selected base (plot, then confirm)
	preview    *game.MovePreview
	previewKey string
	aodds      *game.AssaultOdds
	aoddsKey   string
	anim       *moveAnim
	dice       []game.Event // the last command's rolls, for the dice box
	diceTick   int
	rattle     int // dice clicks still to play
	sunZone    []hexmap.Hex
	sunKey     string
	showSun    bool
	showHaze   bool
	ov         overlays      // overlays: danger map and sight (play_danger.go)
	screens    []tableScreen // the hand-over, a replay, the end screen, help over the table (play_screens.go)
	overSeen   bool          // refresh has seen the game over (and put the end screen up once)
	rev        *reviewScreen // the end screen's review, once asked for (play_review.go)
	gcWas      int           // the GC percent before a replay lowered it (play_replay.go)
	gcLowered  bool
	seen       [2]int        // hot seat: how many commands each side had seen when it last left the screen
	ghosts     [2]*game.Game // hot seat: each side's last replay, an earlier state of g to go on from
	turnSaved  int           // the last turn autosaved to its own file
	turn1      []byte        // a new game's save before its first command: <name>-turn1.save, written with the first autosave

	side int // whose view is on the screen
	// handOver: hot seat, the side at the screen may no longer act; its
	// last command's outcome stays on the screen until the player hands
	// over (Enter or the panel's button), then the hand-over screen
	handOver bool
	marks    [2]sumMark   // what each side had seen when it last stopped acting (play_summary.go)
	sum      *turnSummary // the turn summary on the screen (nil: none)
	acting   bool         // solo: the player was to act last tick
	gen      int          // bumped after every command
	viewGen  int
	view     game.View
	legal    []string
	units    map[string]game.UnitView
	bases    map[string]game.BaseView

	sel      string // the selected base
	selUnit  string
	mode     string // "" (move and fire), "assault" or "spot"
	moves    map[string]game.ReachHex
	targets  map[string]bool // enemy bases the selected base may fire at (or assault)
	spotable map[string]bool // contact units the selected unit may spot
	optsKey  string

	hover    hexmap.Hex
	hovering bool
	hoverAt  int // index into placed of the counter under the cursor, -1 if none
	placed   []placedCounter
	odds     *game.ShotOdds
	oddsErr  string
	oddsKey  string

	msg     string
	msgBad  bool
	msgTick int

	panel    panelLayout
	bold     *text.GoTextFace
	shotPath string // F12: the frame to save after this Draw
	shots    int
	quitAt   int // tick of the first Q, 0 if none
	buttons  []button
	log      []logLine
	logKey   [2]int
	logBack  int             // lines scrolled back from the newest
	logFire  bool            // the log shows fire and losses only (F)
	logOpen  map[[2]int]bool // the log's groups opened, by the side at the screen and logGroup.key
	press    struct {
		x, y  float64
		on    bool
		moved bool
	}
}

// placedCounter is a counter laid out on the screen this tick.
type placedCounter struct {
	c       ui.Counter
	base    string // base ID, or "" for a contact marker
	unit    string
	side    int
	contact string // the contact unit's ID
	hex     string
	level   int // its place in the hex's stack, 0 at the bottom
}

// button is a clickable order in the panel.
type button struct {
	r     image.Rectangle
	label string
	key   string
	run   func()
	on    bool   // a mode that is on
	short string // the label where the full one does not fit (a small window)
}

// logLine is one wrapped line of the event log.
type logLine struct {
	text  string
	first bool // the first line of an event
	roll  bool
	group int      // its group's key (logGroup)
	hdr   bool     // the line summing up a group: a click opens it
	bases []string // what its event names, shown on a click
	hexes []string
	why   bool // the computer's reason for the command above it (logReasons)
}

// rawInput keeps this tick's and the last tick's input for the mouse's
// edges. Keys are read as actions (gameKeymap, screenKeymap), never here.
type rawInput struct{ cur, prev ui.InputState }

func (r *rawInput) btnDown(b ebiten.MouseButton) bool {
	return slices.Contains(r.cur.Buttons, b)
}
func (r *rawInput) btnJust(b ebiten.MouseButton) bool {
	return slices.Contains(r.cur.Buttons, b) && !slices.Contains(r.prev.Buttons, b)
}
func (r *rawInput) btnUp(b ebiten.MouseButton) bool {
	return !slices.Contains(r.cur.Buttons, b) && slices.Contains(r.prev.Buttons, b)
}

// boardSource feeds the board the tick's input, less what the panels took.
type boardSource struct{ st ui.InputState }

func (b *boardSource) Poll() ui.InputState { return b.st }

// NewPlayScene rasterises g's map and sets the scene up.
func NewPlayScene(g *game.Game, opts PlayOptions, src ui.InputSource) (*PlayScene, error) {
	h, err := ui.NewHUD()
	if err != nil {
		return nil, err
	}
	board, err := ui.NewMapScene(g.Map, ui.ViewHexSize(g.Map, opts.HexSize, 0), playKeymap())
	if err != nil {
		return nil, err
	}
	return newPlayScene(g, opts, src, board, h), nil
}

// newPlayScene wires a scene on a board (headless tests pass one made by
// ui.NewMapSceneFrom).
func newPlayScene(g *game.Game, opts PlayOptions, src ui.InputSource, board *ui.MapScene, h *ui.HUD) *PlayScene {
	if opts.Mode == "" {
		opts.Mode = ModeHotseat
	}
	if opts.AIDelay <= 0 {
		opts.AIDelay = 36
	}
	s := &PlayScene{g: g, opts: opts, src: src, board: board, hud: h, ui: 1, viewGen: -1, hoverAt: -1, showSun: true}
	s.faces.Src = h.Bold
	s.cc.Faces = &s.faces
	s.bsrc = &boardSource{}
	s.bin = ui.NewInput(s.bsrc, playKeymap())
	s.asrc = &boardSource{}
	s.act = ui.NewInput(s.asrc, gameKeymap())
	s.scr = ui.NewInput(s.asrc, screenKeymap())
	board.SetFitArea(func(w, hh int) image.Rectangle { return s.mapArea() })
	board.ClampMap = true
	switch opts.Mode {
	case ModeSolo:
		s.side = opts.Human
		s.opts.AILevel = opponentLevel(opts.AILevel) // the status bar names it
		s.ai = ai.NewLevel(s.opts.AILevel)
	case ModeHotseat:
		s.side = g.Actor()
		if !g.Over() && !opts.NoHandover {
			s.push(&handOverScreen{})
		}
	default:
		s.side = g.Actor()
	}
	s.seen = [2]int{len(g.Cmds()), len(g.Cmds())}
	s.turnSaved = g.Turn()
	if len(g.Cmds()) == 0 {
		s.turn1 = g.Save(s.scenarioRef())
	}
	s.refresh()
	s.markSeen(0)
	s.markSeen(1)
	// the opening view: the kept zoom (else openZoom) centred on the
	// side's forces, or the whole map when that zoom is at or below the fit
	zoom := openZoom
	if opts.Zoom > 0 {
		zoom = opts.Zoom
	}
	at, ok := s.forcesCentre()
	if !ok {
		w := board.World
		at = board.Pix.HexAt(hexmap.Point{X: float64(w.Min.X+w.Max.X) / 2, Y: float64(w.Min.Y+w.Max.Y) / 2})
	}
	board.StartAt(at, zoom)
	return s
}

// openZoom opens the game at a zoom where counters show their IDs.
const openZoom = 0.85

// forcesCentre is the hex nearest the middle of the screen side's bases.
func (s *PlayScene) forcesCentre() (hexmap.Hex, bool) {
	var x, y float64
	n := 0
	me := s.g.Side(s.side).ID
	for _, b := range s.view.Bases {
		if b.Side != me {
			continue
		}
		if h, err := s.g.HexOf(b.Hex); err == nil {
			c := s.board.Pix.Center(h)
			x, y, n = x+c.X, y+c.Y, n+1
		}
	}
	if n == 0 {
		return hexmap.Hex{}, false
	}
	h := s.board.Pix.HexAt(hexmap.Point{X: x / float64(n), Y: y / float64(n)})
	return h, s.g.Map.Contains(h)
}

func (s *PlayScene) pendingShot() string { return s.shotPath }
func (s *PlayScene) shotSaved(path string, err error) {
	s.shotPath = ""
	if err != nil {
		s.post(err.Error(), true)
	} else {
		s.post("screenshot saved to "+path, false)
	}
}

// Side is the side whose view is on the screen.
func (s *PlayScene) Side() int { return s.side }

// Covered reports the hand-over screen.
func (s *PlayScene) Covered() bool { return s.covered() }

// HandingOver reports the hot seat waiting for the player whose side may
// no longer act to hand the screen over (the outcome of their last
// command still shown).
func (s *PlayScene) HandingOver() bool { return s.handOver }

// Selected is the selected base's ID.
func (s *PlayScene) Selected() string { return s.sel }

// Message is the status bar's message and whether it is a refusal.
func (s *PlayScene) Message() (string, bool) { return s.msg, s.msgBad }

// View is the view on the screen.
func (s *PlayScene) View() game.View { return s.view }

// Board is the map under the counters.
func (s *PlayScene) Board() *ui.MapScene { return s.board }

// CounterAt is the screen centre of base id's counter, if it is drawn.
func (s *PlayScene) CounterAt(id string) (float64, float64, bool) {
	for _, p := range s.placed {
		if p.base == id || p.contact == id {
			return p.c.X, p.c.Y, true
		}
	}
	return 0, 0, false
}

// Game is the game on the screen (read it; change it only through the
// window's input).
func (s *PlayScene) Game() *game.Game { return s.g }

// Legal is the side at the screen's legal commands now (nil when it may
// not act).
func (s *PlayScene) Legal() []string { return s.legal }

// Replaying reports a replay on the screen.
func (s *PlayScene) Replaying() bool { return s.rp() != nil }

// MapArea is the map's part of the screen.
func (s *PlayScene) MapArea() image.Rectangle { return s.mapArea() }

// CounterFill is the fill colour of side i's counters.
func (s *PlayScene) CounterFill(i int) color.RGBA { return ui.SideColours(i, s.g.Side(i).Nation).Fill }

// MoveOptions lists the hexes shaded for the selected base.
func (s *PlayScene) MoveOptions() map[string]game.ReachHex { return s.moves }

// Targets lists the enemy bases ringed as targets.
func (s *PlayScene) Targets() map[string]bool { return s.targets }

// Layout, in screen pixels.
func (s *PlayScene) topH() int {
	return int(math.Ceil(s.hud.U(float64(max(2, s.topRows))*ui.SmallPt*ui.LineGap + 2*ui.PadY + 2)))
}
func (s *PlayScene) panelW() int {
	return int(math.Min(math.Max(float64(s.w)*0.3, s.hud.U(300)), s.hud.U(400)))
}
func (s *PlayScene) statusH() int {
	return int(math.Ceil(s.hud.StatusHeight(2)))
}
func (s *PlayScene) mapArea() image.Rectangle {
	return image.Rect(0, s.topH(), max(1, s.w-s.panelW()), max(s.topH()+1, s.h-s.statusH()))
}
func (s *PlayScene) panelRect() image.Rectangle {
	return image.Rect(s.w-s.panelW(), s.topH(), s.w, s.h-s.statusH())
}
func (s *PlayScene) onMapArea(x, y float64) bool {
	return image.Pt(int(x), int(y)).In(s.mapArea())
}

// refresh rebuilds the view, the legal commands and the log after a
// command or a change of side.
func (s *PlayScene) refresh() {
	s.viewGen = s.gen
	s.showView(s.obs().View())
	s.legal = nil
	if s.side == s.g.Actor() && !s.g.Over() && s.human(s.g.Actor()) {
		s.legal = s.obs().Legal()
	}
	if b, ok := s.bases[s.sel]; !ok || b.Side != s.g.Side(s.side).ID || slices.Contains(b.Status, "knocked-out") {
		s.sel, s.selUnit, s.mode = "", "", ""
	}
	s.plotted = ""
	s.optsKey = ""
	s.oddsKey = ""
	if s.g.Over() && !s.overSeen {
		s.overSeen = true
		s.showResult()
	}
}

// showView puts a view on the screen: the game's, or a replay's.
func (s *PlayScene) showView(v game.View) {
	s.view = v
	s.units = map[string]game.UnitView{}
	for _, u := range s.view.Units {
		s.units[u.ID] = u
	}
	s.bases = map[string]game.BaseView{}
	for _, b := range s.view.Bases {
		s.bases[b.ID] = b
	}
}

// obs is what the side at the screen may read: everything the window
// shows a player comes from it (issue 17).
func (s *PlayScene) obs() *game.Observation { return s.g.Observe(s.side) }

// human reports a side played at this screen.
func (s *PlayScene) human(side int) bool {
	return s.opts.Mode != ModeSolo || side == s.opts.Human
}

// do gives one command to the game: the only way the window changes it.
func (s *PlayScene) do(cmd string, ctx *ui.Context) bool { return s.doWhy(cmd, "", ctx) }

// doWhy is do keeping a reason with the command (a hint carried out:
// the log and the save then say whose advice it was).
func (s *PlayScene) doWhy(cmd, why string, ctx *ui.Context) bool {
	side := s.g.Actor()
	if _, err := s.g.DoWhy(cmd, why); err != nil {
		s.post(err.Error(), true)
		if ctx != nil {
			ctx.Sound.Click()
		}
		return false
	}
	// what the acting side is told its command did: the engine decides
	evs := s.g.Observe(side).Latest()
	s.gen++
	if s.opts.Mode == ModeSolo {
		s.sum = nil // the player has read it and acts
	}
	s.post(s.summary(cmd, evs), false)
	s.noteRolls(evs)
	s.autosave()
	if ctx != nil {
		ctx.Sound.Click()
	}
	s.cues(cmd, evs, ctx)
	return true
}

// sawActor reports whether the events a side was told name the base or
// unit that gave the command: only then may the window say what it did
// and why.
func sawActor(c game.Command, evs []game.Event) bool {
	for _, e := range evs {
		for _, b := range e.Bases {
			if b == c.Base && b != "" {
				return true
			}
		}
		for _, u := range e.Units {
			if u == c.Unit && u != "" {
				return true
			}
		}
	}
	return false
}

// summary is what the status bar says after a command: its last event
// the side at the screen may read.
func (s *PlayScene) summary(cmd string, evs []game.Event) string {
	if seen := s.g.Seen(s.side, evs); len(seen) > 0 { // numbered as the side's log (issue 17)
		return seen[len(seen)-1].String()
	}
	if s.human(s.g.Actor()) || s.opts.Mode != ModeSolo {
		return cmd
	}
	return "the opponent acted out of sight"
}

// msgTicks is how long a status message stays up (6 s).
const msgTicks = 360

func (s *PlayScene) post(m string, bad bool) { s.msg, s.msgBad, s.msgTick = m, bad, s.tick }

// Update runs one tick.
func (s *PlayScene) Update(ctx *ui.Context) error {
	s.tick = ctx.Tick
	if ctx.Scale > 0 {
		s.ui = ctx.Scale
	}
	s.hud.SetScale(s.ui)
	s.w, s.h = ctx.Width, ctx.Height
	s.topRows = s.topLines(float64(s.w)).rows // the status area's height for this tick (a narrow window: 3 or 4 lines)
	s.raw.prev, s.raw.cur = s.raw.cur, s.src.Poll()
	s.asrc.st = s.raw.cur
	s.act.Update()
	s.scr.Update()
	act := s.act
	in := &s.raw
	cx, cy := in.cur.CursorX, in.cur.CursorY

	// keys that work on every screen
	if act.JustPressed(ui.ActionQuit) {
		if s.quitAt > 0 && s.tick-s.quitAt < 180 {
			s.keepZoom()
			return ebiten.Termination
		}
		s.quitAt = s.tick
		s.post("Press Q again to quit (Ctrl+S saves first)", false)
	}
	if act.JustPressed(ui.ActionHelp) {
		if h := s.help(); h != nil {
			s.remove(func(sc tableScreen) bool { return sc == h })
		} else if !s.covered() {
			s.push(&helpScreen{}) // the keys first; Tab turns to How to play
		}
	}
	ctrl := act.Ctrl()
	if act.JustPressed(ui.ActionSave) {
		s.save()
	}
	if act.JustPressed(ui.ActionScreenshot) && s.shotPath == "" {
		s.shots++
		s.shotPath = fmt.Sprintf("%s-%d.png", strings.TrimSuffix(s.SavePath(), ".save"), s.shots)
	}

	// the board: camera, hover, LOS tool, with the panels' input removed
	bst := in.cur
	if modal := s.covered() || s.help() != nil || s.reviewUp(); modal || !s.onMapArea(cx, cy) {
		bst.Buttons, bst.WheelX, bst.WheelY = nil, 0, 0
		if modal {
			bst.Keys, bst.Runes = nil, nil
		}
	}
	if ctrl {
		bst.Keys = nil
	}
	s.bsrc.st = bst
	s.bin.Update()
	bctx := *ctx
	bctx.Input = s.bin
	if err := s.board.Update(&bctx); err != nil {
		return err
	}
	s.hover, s.hovering = s.board.Hovered()
	if !s.onMapArea(cx, cy) {
		s.hovering = false
	}

	if s.muteKey() {
		ctx.Sound.SetOff(!ctx.Sound.Off())
		switch {
		case ctx.Sound.Off():
			s.post("sound off (Ctrl+M or F8 turns it on)", false)
		case ctx.Sound.Muted():
			// --mute, KHAMSIN_MUTE or no audio device: the setting is kept,
			// but this session stays silent
			s.post("sound on in the settings, but silent now (--mute, "+sound.MuteEnv+" or no audio device)", false)
		default:
			s.post("sound on", false)
		}
		s.settingsChanged(func(st *Settings) { st.Sound = !ctx.Sound.Off() })
	}
	if act.JustPressed(ui.ActionLoadSaved) {
		s.loadSaved()
	}

	if s.frozen() { // the hand-over, a replay, or help over a replay
		s.top().update(s, ctx)
		return nil
	}
	if s.sum != nil && s.opts.Mode == ModeHotseat {
		s.placed = s.placed[:0] // nothing of the map behind it
		s.summaryInput(ctx)     // the summary before the map and the replay offer
		return nil
	}
	if s.opts.Mode == ModeHotseat && !s.g.Over() && s.side == s.g.Actor() {
		s.seen[s.side] = len(s.g.Cmds())
	}

	if s.gen != s.viewGen {
		s.refresh()
	}
	s.runComputer(ctx)
	s.soloTurnStart()
	s.followActor()
	if s.covered() {
		return nil
	}
	if t := s.top(); t != nil { // help, or the end of the game
		t.update(s, ctx)
		return nil
	}

	s.soundRattle(ctx)
	s.updateOptions()
	s.layoutCounters()
	s.layoutPanel()
	s.updateLogScroll(cx, cy)
	if s.soloSummaryInput() {
		s.raw.prev = s.raw.cur // the key or click that put the summary away is spent
		act.Spend()
	}
	if s.diceShown() && act.JustPressed(ui.ActionDice) {
		s.dismissDice() // X puts the dice box away
	}
	s.keys(ctx)
	s.mouse(ctx, cx, cy)
	if s.gen != s.viewGen {
		s.refresh()
		s.followActor()
	}
	// the selection or the game may have changed: lay out again for Draw
	s.updateOptions()
	s.layoutCounters()
	s.layoutPanel()
	s.hoverAt = s.counterAt(cx, cy)
	s.updateOdds()
	s.updatePreview()
	s.updateAssaultOdds()
	s.updateSunZone()
	s.updateOverlays() // overlays
	return nil
}

// helpInput is the help overlay's input: Tab turns between the keys and
// How to play, which scrolls; Esc closes the help.
func (s *PlayScene) helpInput(h *helpScreen) {
	if s.scr.JustPressed(ui.ActionTurnPage) {
		h.howto.open, h.howto.top = !h.howto.open, 0
		return
	}
	if h.howto.open {
		h.howto.input(s.scr, s.hud, s.w, s.h)
		if !h.howto.open { // Esc
			s.pop(h)
		}
		return
	}
	if s.scr.JustPressed(ui.ActionClose) {
		s.pop(h)
		return
	}
	// the keys scroll where they are longer than the window
	d := 0
	switch a := s.scr; {
	case a.JustPressed(ui.ActionNextItem):
		d = 1
	case a.JustPressed(ui.ActionPrevItem):
		d = -1
	case a.JustPressed(ui.ActionPageDown):
		d = 8
	case a.JustPressed(ui.ActionPageUp):
		d = -8
	case a.JustPressed(ui.ActionTop):
		d = -len(playHelp)
	case a.JustPressed(ui.ActionBottom):
		d = len(playHelp)
	}
	if wy := s.scr.Wheel(); wy != 0 {
		d = -int(math.Copysign(2, wy))
	}
	h.top = max(0, min(h.top+d, s.hud.HelpScrollMax(playHelpTitle, playHelpFooter, playHelp, s.helpArea())))
}

// followActor puts the side to act at the screen: at once when one
// player moves both sides, behind the hand-over screen in the hot seat.
func (s *PlayScene) followActor() {
	if s.g.Over() || s.g.Actor() == s.side {
		return
	}
	switch s.opts.Mode {
	case ModeBoth:
		s.sel, s.selUnit, s.mode = "", "", ""
		s.setSide(s.g.Actor())
	case ModeHotseat:
		s.seen[s.side] = len(s.g.Cmds())
		if s.opts.NoHandover {
			s.sel, s.selUnit, s.mode = "", "", ""
			s.setSide(s.g.Actor())
			return
		}
		if !s.handOver {
			// the outcome stays: the screen waits for the player to hand over
			s.handOver = true
			s.markSeen(s.side)
			s.sel, s.selUnit, s.mode = "", "", ""
			if s.tick-s.diceTick > diceTicks {
				s.dice = nil // an earlier command's rolls are not this one's outcome
			}
		}
	}
}

// handOverNow puts the hand-over screen up: the player whose side may no
// longer act has seen the outcome and passes the screen on.
func (s *PlayScene) handOverNow() {
	if !s.handOver {
		return
	}
	s.handOver = false
	s.remove(func(sc tableScreen) bool { _, h := sc.(*helpScreen); return h })
	s.push(&handOverScreen{})
	s.sel, s.selUnit, s.mode, s.plotted = "", "", "", ""
}

// handOverPrompt is the line that asks for the hand-over.
func (s *PlayScene) handOverPrompt() string {
	return "Hand over to " + s.g.Side(s.g.Actor()).Name + " — press Enter or click \"Hand over\""
}

// setSide puts side at the screen: its view, and the camera it left
// (or, the first time, one centred on its own forces), so each player of
// the hot seat finds the map where they left it.
func (s *PlayScene) setSide(side int) {
	if side != s.side {
		c := s.board.Cam
		s.cams[s.side] = &c
	}
	s.side = side
	s.refresh()
	if c := s.cams[side]; c != nil {
		s.board.Cam = *c
	} else if h, ok := s.forcesCentre(); ok {
		s.board.LookAt(h, 0)
	}
}

// runComputer plays the computer's side at a readable pace.
func (s *PlayScene) runComputer(ctx *ui.Context) {
	if s.ai == nil || s.g.Over() || s.human(s.g.Actor()) {
		s.aiWait = 0
		return
	}
	s.aiWait++
	if s.aiWait < s.opts.AIDelay {
		return
	}
	// The computer thinks on a copy of the game on its own goroutine, so
	// the window keeps drawing; its answer is taken only if the game has
	// not changed since (the player may have loaded or undone meanwhile).
	if s.aiThink == nil {
		if len(s.g.Legal()) == 0 {
			return
		}
		ch, hash, actor := make(chan string, 1), s.g.Hash(), s.g.Actor()
		clone := s.g.Clone()
		go func() {
			ch <- s.ai.Choose(clone.Observe(actor))
			ui.Wake() // an idle window takes the command at once
		}()
		s.aiThink, s.aiHash = ch, hash
		s.aiWait = s.opts.AIDelay // look again next frame
		return
	}
	var c string
	select {
	case c = <-s.aiThink:
		s.aiThink = nil
	default:
		s.aiWait = s.opts.AIDelay
		return
	}
	s.aiWait = 0
	if s.g.Hash() != s.aiHash {
		return // the game moved on: think again
	}
	path := movePath(s.g, c)
	why := ""
	if r, ok := s.ai.(game.Reasoner); ok {
		why = r.Reason() // set by Choose before its answer was sent
	}
	// the reason is kept with the command (the log shows it to whoever may
	// read it, the save keeps it for the replay and the review)
	if _, err := s.g.DoWhy(c, why); err != nil {
		s.post("the computer's command was refused: "+err.Error(), true)
		return
	}
	// The player learns of the computer's command only what its own side
	// saw happen (the engine's Latest), never the command or its reason
	// for a unit out of sight.
	evs := s.g.Observe(s.side).Latest()
	s.gen++
	s.refresh()
	s.noteRolls(evs)
	s.autosave()
	cmd, _ := game.ParseCommand(c)
	saw := sawActor(cmd, evs)
	if saw {
		s.cues(c, evs, ctx)
	}
	if saw && cmd.Verb == game.VerbMove && path != nil {
		if _, seen := s.bases[cmd.Base]; seen {
			s.anim = &moveAnim{base: cmd.Base, path: path, start: s.tick}
		}
	}
	// Its reason is not shown: the reasons are the computer side's to
	// read until the game is over (Observation.Reasons), as in the log.
	s.post("Opponent: "+s.summary(c, evs), false)
}

// save writes the game next to the player (Ctrl+S).
func (s *PlayScene) save() {
	path := s.SavePath()
	if err := fileio.WriteFile(path, s.g.Save(s.scenarioRef()), 0o644); err != nil {
		s.post("save: "+err.Error(), true)
		return
	}
	s.post("saved to "+path+" (Ctrl+L loads it; khamsin play --load "+path+")", false)
}

// scenarioRef is how saves name the scenario.
func (s *PlayScene) scenarioRef() string {
	if s.opts.ScenarioRef != "" {
		return s.opts.ScenarioRef
	}
	return s.g.Scn.File
}

// SavePath is where Ctrl+S writes.
func (s *PlayScene) SavePath() string {
	if s.opts.SavePath != "" {
		return s.opts.SavePath
	}
	ref := s.opts.ScenarioRef
	if ref == "" {
		ref = s.g.Scn.File
	}
	base := strings.TrimSuffix(filepath.Base(ref), filepath.Ext(ref))
	if base == "" || base == "." {
		base = "khamsin"
	}
	return base + ".save"
}

// mine lists the legal commands that start with verb and name id.
func (s *PlayScene) mine(verb, id string) []string {
	var out []string
	for _, c := range s.legal {
		f := strings.Fields(c)
		if len(f) >= 2 && f[0] == verb && f[1] == id {
			out = append(out, c)
		}
	}
	return out
}

func (s *PlayScene) isLegal(c string) bool { return slices.Contains(s.legal, c) }

// updateOptions finds the selected base's moves and targets.
func (s *PlayScene) updateOptions() {
	key := fmt.Sprintf("%d/%s/%s", s.gen, s.sel, s.mode)
	if key == s.optsKey {
		return
	}
	s.optsKey = key
	s.moves, s.targets, s.spotable = nil, nil, nil
	if s.sel == "" || s.legal == nil || strings.HasPrefix(s.mode, hexModePrefix) {
		return
	}
	switch s.mode {
	case "spot":
		s.spotable = map[string]bool{}
		for _, c := range s.mine("spot", s.selUnit) {
			s.spotable[strings.Fields(c)[2]] = true
		}
		return
	case "assault":
		s.targets = map[string]bool{}
		for _, c := range s.mine("assault", s.sel) {
			s.targets[strings.Fields(c)[2]] = true
		}
		return
	}
	if len(s.mine("move", s.sel)) > 0 {
		if opts, err := s.obs().MoveOptions(s.sel); err == nil {
			s.moves = map[string]game.ReachHex{}
			for _, o := range opts {
				s.moves[o.Hex] = o
			}
		}
	}
	s.targets = map[string]bool{}
	for _, c := range s.mine("fire", s.sel) {
		s.targets[strings.Fields(c)[2]] = true
	}
}

// updateOdds asks the game for the odds of the hovered shot.
func (s *PlayScene) updateOdds() {
	t := s.hoveredTarget()
	if t == "" || s.mode == "assault" {
		s.odds, s.oddsKey = nil, ""
		return
	}
	key := fmt.Sprintf("%d/%s/%s", s.gen, s.sel, t)
	if key == s.oddsKey {
		return
	}
	s.oddsKey = key
	o, err := s.obs().ShotOdds(s.sel, t)
	if err != nil {
		s.odds, s.oddsErr = nil, err.Error()
		return
	}
	s.odds, s.oddsErr = &o, ""
}

// hoveredTarget is the target base under the cursor, if any.
func (s *PlayScene) hoveredTarget() string {
	if s.hoverAt >= 0 && s.targets[s.placed[s.hoverAt].base] {
		return s.placed[s.hoverAt].base
	}
	if s.hovering {
		for _, p := range s.placed {
			if p.hex == s.g.Label(s.hover) && s.targets[p.base] {
				return p.base
			}
		}
	}
	return ""
}

// keys handles the order keys.
func (s *PlayScene) keys(ctx *ui.Context) {
	act := s.act
	s.overlayKeys() // overlays: K, U, Ctrl++ Ctrl+−
	if act.Ctrl() {
		return
	}
	for _, b := range s.buttons {
		if b.key == "" || b.run == nil {
			continue
		}
		if a, ok := buttonActions[b.key]; ok && act.JustPressed(a) {
			b.run()
			return
		}
	}
	// an order key with no order behind it says why
	for _, ok := range orderKeys {
		if act.JustPressed(ok.act) && !(ok.act == ui.ActionRally && s.g.Over()) {
			s.post(s.whyNot(ok), true)
			return
		}
	}
	if act.JustPressed(ui.ActionUnplot) {
		s.unplot()
	}
	if act.JustPressed(ui.ActionRally) && s.g.Over() {
		s.showResult()
	}
	if act.JustPressed(ui.ActionHaze) {
		s.showHaze = !s.showHaze
	}
	if act.JustPressed(ui.ActionClose) {
		switch {
		case s.unplot():
		case s.mode != "":
			s.mode = ""
		case s.sel != "":
			s.sel, s.selUnit = "", ""
		}
	}
	if act.JustPressed(ui.ActionNextUnit) {
		s.selectNext()
	}
	if act.JustPressed(ui.ActionHint) {
		s.askHint() // play_teach.go
	}
	_ = ctx
}

// orderKey is a key of the order panel and what it orders.
type orderKey struct {
	act  ui.Action
	name string // as the status bar names it
	unit bool   // an order for the selected unit
	what string // "<key>: no <what>" when the selected unit can't
	cmd  string // the command (%s: the selected base or unit) whose refusal, if the engine gives one, says why
}

// orderKeys are the panel's order keys (play_panel.go), for whyNot when
// no button of the panel answers one.
var orderKeys = []orderKey{
	{ui.ActionAssault, "A", true, "enemy base within reach of %s to assault", ""},
	{ui.ActionChallenge, "C", true, "Challenge for %s now", "challenge %s"},
	{ui.ActionDig, "I", true, "digging in for %s now", "dig %s"},
	{ui.ActionMount, "M", true, "carrier for %s to mount or dismount here", ""},
	{ui.ActionRally, "R", true, "rally for %s now", "rally %s"},
	{ui.ActionDeploy, "P", true, "deployment for %s now", "deploy %s"},
	{ui.ActionSpot, "S", true, "contact %s can spot", ""},
	{ui.ActionEnd, "E", false, "activation to end", "end"},
	{ui.ActionDefer, "D", false, "activation to defer", "defer"},
}

// phaseName names a phase for the status bar.
func phaseName(p game.Phase) string {
	switch p {
	case game.PhaseChallenge:
		return "the Challenge phase"
	case game.PhaseFirst:
		return "the choice of who goes first"
	case game.PhaseActivate:
		return "the activation phase"
	}
	return "the " + p.String() + " phase"
}

// whyNot is the status bar's answer to an order key that orders nothing.
func (s *PlayScene) whyNot(k orderKey) string {
	o := s.obs()
	switch {
	case o.Over():
		return k.name + ": the game is over"
	case !o.ToAct():
		who := s.g.Side(o.Actor()).Name
		if !s.human(o.Actor()) {
			who += " (the computer)"
		}
		return k.name + ": not your turn — " + who + " is to act"
	case k.unit && s.sel == "":
		return k.name + ": nothing selected — click one of your counters or press Tab"
	}
	id := s.sel
	if k.act == ui.ActionChallenge || k.act == ui.ActionRally || k.act == ui.ActionDeploy || k.act == ui.ActionSpot {
		id = s.selUnit
	}
	if k.cmd != "" {
		line := k.cmd
		if k.unit {
			line = fmt.Sprintf(k.cmd, id)
		}
		if c, err := game.ParseCommand(line); err == nil {
			if err := o.Check(c); err != nil {
				return k.name + ": " + err.Error()
			}
		}
	}
	if k.unit && o.Phase() != game.PhaseActivate && k.act != ui.ActionChallenge {
		return fmt.Sprintf("%s: no orders for units in %s", k.name, phaseName(o.Phase()))
	}
	if k.unit {
		return k.name + ": no " + fmt.Sprintf(k.what, id)
	}
	return fmt.Sprintf("%s: no %s in %s", k.name, k.what, phaseName(o.Phase()))
}

// selectNext selects the next own unit that may still act.
func (s *PlayScene) selectNext() {
	var ids []string
	seen := map[string]bool{}
	for _, c := range s.legal {
		f := strings.Fields(c)
		if len(f) < 2 {
			continue
		}
		id := f[1]
		if b, ok := s.bases[id]; ok && !seen[b.Unit] {
			seen[b.Unit] = true
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		// none may act: centre on the selected unit, else say why
		if b, ok := s.bases[s.sel]; ok {
			if h, err := s.g.HexOf(b.Hex); err == nil {
				s.board.LookAt(h, 0)
			}
			return
		}
		o := s.obs()
		switch {
		case o.Over():
			s.post("Tab: the game is over", true)
		case !o.ToAct():
			s.post("Tab: not your turn — "+s.g.Side(o.Actor()).Name+" is to act", true)
		default:
			s.post("Tab: no unit of yours can act in "+phaseName(o.Phase()), true)
		}
		return
	}
	i := 0
	for j, id := range ids {
		if b, ok := s.bases[id]; ok && b.Unit == s.selUnit {
			i = (j + 1) % len(ids)
		}
	}
	s.selectBase(ids[i])
	if h, err := s.g.HexOf(s.bases[ids[i]].Hex); err == nil {
		s.board.LookAt(h, 0)
	}
}

func (s *PlayScene) selectBase(id string) {
	b, ok := s.bases[id]
	if !ok {
		return
	}
	if id != s.sel {
		s.plotted = ""
	}
	s.sel, s.selUnit, s.mode = id, b.Unit, ""
}

// mouse handles clicks on the panel and the map.
func (s *PlayScene) mouse(ctx *ui.Context, cx, cy float64) {
	in := &s.raw
	s.hoverAt = s.counterAt(cx, cy)
	if in.btnJust(ebiten.MouseButtonLeft) {
		if r, _ := s.diceLayout(); s.diceShown() && r.in(cx, cy) {
			s.dismissDice() // a click on the dice box puts it away, not an order under it
			return
		}
		for _, b := range s.buttons {
			if image.Pt(int(cx), int(cy)).In(b.r) && b.run != nil {
				b.run()
				return
			}
		}
		s.press.x, s.press.y, s.press.on, s.press.moved = cx, cy, s.onMapArea(cx, cy), false
	}
	if s.press.on && math.Hypot(cx-s.press.x, cy-s.press.y) > 5*s.ui {
		s.press.moved = true
	}
	if in.btnUp(ebiten.MouseButtonLeft) && s.press.on {
		s.press.on = false
		if !s.press.moved {
			s.click(ctx, true)
		}
	}
	if in.btnJust(ebiten.MouseButtonRight) && s.onMapArea(cx, cy) {
		if !s.unplot() {
			s.click(ctx, false)
		}
	}
}

// click acts on the map: an order for the selected base if the place
// clicked asks for one (left button), else select what is under the
// cursor.
func (s *PlayScene) click(ctx *ui.Context, order bool) {
	var p *placedCounter
	if s.hoverAt >= 0 {
		p = &s.placed[s.hoverAt]
	}
	if order && strings.HasPrefix(s.mode, hexModePrefix) && s.hovering {
		label := s.g.Label(s.hover)
		if c := s.hexModeCommand(label); c != "" {
			s.mode = ""
			s.do(c, ctx)
		} else {
			s.post(label+": not a hex this order can be given on now", true)
		}
		return
	}
	if order && s.sel != "" {
		switch {
		case s.mode == "spot" && p != nil && s.spotable[p.contact]:
			s.do("spot "+s.selUnit+" "+p.contact, ctx)
			s.mode = ""
			return
		case p != nil && s.targets[p.base]:
			verb := "fire"
			if s.mode == "assault" {
				verb = "assault"
			}
			s.do(verb+" "+s.sel+" "+p.base, ctx)
			return
		case s.hovering && s.moves != nil:
			if t := s.hoveredTarget(); t != "" {
				s.do("fire "+s.sel+" "+t, ctx)
				return
			}
			label := s.g.Label(s.hover)
			if _, ok := s.moves[label]; ok {
				// a click on one's own counter selects it; a move onto a
				// hex where one's own counters stand wants Shift (or the
				// second click that gives a plotted move)
				own := p != nil && p.base != "" && p.side == s.side && p.base != s.sel
				if label == s.plotted || s.shift() || (!own && !s.ownIn(label)) {
					s.plotMove(label, ctx)
					return
				}
				if !own {
					s.post(label+": your own counters stand here: click one to select it, Shift+click to move "+s.sel+" there", false)
					return
				}
			}
		}
	}
	if p != nil && p.base != "" && p.side == s.side {
		s.selectBase(p.base)
		ctx.Sound.Click()
		return
	}
	if p == nil && order && s.sel != "" && s.hovering {
		if _, ok := s.moves[s.g.Label(s.hover)]; !ok {
			s.post(s.g.Label(s.hover)+": "+s.whyNotThere(s.g.Label(s.hover)), true)
		}
	}
}

// whyNotThere is the engine's own reason the selected base may not move to
// label (a contact marker's 15 cm, the MP, an enemy in the hex…), asked of
// the side's observation so that it says nothing the side may not know.
func (s *PlayScene) whyNotThere(label string) string {
	line := "move " + s.sel + " " + label
	if c, err := game.ParseCommand(line); err == nil {
		if err = s.obs().Check(c); err != nil {
			return s.sel + ": " + strings.TrimPrefix(err.Error(), line+": ")
		}
	}
	return s.sel + " cannot go there now"
}

// shift is whether a Shift key is held.
func (s *PlayScene) shift() bool {
	return s.act.Shift()
}

// ownIn is whether a counter of the screen's side other than the
// selected base stands in the hex label.
func (s *PlayScene) ownIn(label string) bool {
	for _, p := range s.placed {
		if p.hex == label && p.base != "" && p.side == s.side && p.base != s.sel {
			return true
		}
	}
	return false
}

// counterAt is the topmost counter under a screen point, or -1.
func (s *PlayScene) counterAt(x, y float64) int {
	if !s.onMapArea(x, y) {
		return -1
	}
	for i := len(s.placed) - 1; i >= 0; i-- {
		c := s.placed[i].c
		if math.Abs(x-c.X) <= c.S/2 && math.Abs(y-c.Y) <= c.S/2 {
			return i
		}
	}
	return -1
}

// layoutCounters places every counter of the view on the screen.
func (s *PlayScene) layoutCounters() {
	s.placed = s.placed[:0]
	cam, pix := &s.board.Cam, s.board.Pix
	base := pix.Size * cam.Scale() * 1.0
	byHex := map[string][]placedCounter{}
	var order []string
	add := func(hex string, pc placedCounter) {
		if _, ok := byHex[hex]; !ok {
			order = append(order, hex)
		}
		byHex[hex] = append(byHex[hex], pc)
	}
	carried := map[string]int{}
	for _, b := range s.view.Bases {
		if b.Carrier != "" && !slices.Contains(b.Status, "knocked-out") {
			carried[b.Carrier]++
		}
	}
	for _, b := range s.view.Bases {
		if b.Carrier != "" || slices.Contains(b.Status, "knocked-out") {
			continue
		}
		u := s.units[b.Unit]
		si, _ := s.g.SideIndex(b.Side)
		c := ui.Counter{Col: ui.SideColours(si, s.g.Side(si).Nation), Class: b.Class, ID: b.ID}
		if t, ok := s.g.Cat.Type(b.Type); ok {
			c.Size, c.TQ, c.Recon = t.Size, u.TQ, t.Recon
			if len(t.Weapons) > 0 {
				if w, ok := s.g.Cat.Weapons[t.Weapons[0]]; ok && w.Kind.String() == "ap" {
					c.AntiTank = true
				}
			}
		}
		c.Pinned = slices.Contains(b.Status, "pinned")
		c.DugIn = slices.Contains(b.Status, "dug-in")
		for _, st := range b.Status {
			if st == "bogged" || st == "immobilized" || st == "immobilised" {
				c.Stuck = st
			}
		}
		c.Shaken = slices.Contains(u.Status, "shaken")
		c.Weakened = slices.Contains(u.Status, "weakened")
		c.Activ = slices.Contains(u.Status, "activated")
		c.Chall = slices.Contains(u.Status, "challenge")
		c.Carried = carried[b.ID]
		switch b.Class {
		case "armoured", "combat", "transport":
			if a, ok := s.facing(b.Hex, b.Facing); ok {
				c.Facing, c.Facing2 = a, true
			}
		}
		c.Selected = b.ID == s.sel
		c.Unitmate = s.selUnit != "" && b.Unit == s.selUnit && b.ID != s.sel
		c.Target = s.targets[b.ID]
		add(b.Hex, placedCounter{c: c, base: b.ID, unit: b.Unit, side: si, hex: b.Hex})
	}
	for _, ct := range s.view.Contacts {
		si, _ := s.g.SideIndex(ct.Side)
		c := ui.Counter{Col: ui.SideColours(si, s.g.Side(si).Nation), Class: "contact", ID: ct.ID}
		c.Target = s.spotable[ct.ID]
		add(ct.Hex, placedCounter{c: c, contact: ct.ID, unit: ct.ID, side: si, hex: ct.Hex})
	}
	for _, hex := range order {
		h, err := s.g.HexOf(hex)
		if err != nil {
			continue
		}
		ctr := pix.Center(h)
		x, y := cam.WorldToScreen(ctr.X, ctr.Y)
		list := byHex[hex]
		n := len(list)
		size := base
		if n > 1 {
			size *= 0.88
		}
		step := 0.0
		if n > 1 {
			step = math.Min(size*0.2, size*0.6/float64(n-1))
		}
		for k, pc := range list {
			d := (float64(k) - float64(n-1)/2) * step
			pc.c.X, pc.c.Y, pc.c.S = x+d, y-d, size
			if ax, ay, ok := s.animPos(pc.base); ok && pc.base != "" {
				pc.c.X, pc.c.Y = ax, ay
			}
			pc.level = k
			s.placed = append(s.placed, pc)
		}
	}
}

// facing is the screen angle from hex to the neighbour it faces.
func (s *PlayScene) facing(hex, toward string) (float64, bool) {
	a, err1 := s.g.HexOf(hex)
	b, err2 := s.g.HexOf(toward)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	pa, pb := s.board.Pix.Center(a), s.board.Pix.Center(b)
	return math.Atan2(pb.Y-pa.Y, pb.X-pa.X), true
}
