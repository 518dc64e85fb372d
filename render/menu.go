package render

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// MenuOptions configure the main menu (`khamsin` with no arguments).
type MenuOptions struct {
	Width, Height int            // window size; 0: 1280×800
	Frames        int            // stop after this many ticks; 0: run until closed
	Screenshot    string         // with Frames: save the last frame here as PNG
	Input         ui.InputSource // nil: the real keyboard and mouse
	Mute          bool           // start muted (also KHAMSIN_MUTE=1)
	Dir           string         // where saved games are looked for ("": the working directory)
	Scenario      string         // the scenario selected first ("": the first playable one)
	Seed          uint64         // a new game's dice seed (0: from the clock)
	// SettingsPath is the settings file the menu reads and writes
	// (DefaultSettingsPath; "": defaults, not kept — tests).
	SettingsPath string
}

// menuZooms are the opening zooms the settings offer.
var menuZooms = []float64{0.5, 0.85, 1.2, 1.6}

// menuPaces are the computer's paces the settings offer, in seconds
// between its commands.
var menuPaces = []float64{0.1, 0.3, 0.6, 1.2, 2.5}

// menuModes in the order of the mode buttons (keys 1, 2, 3).
var menuModes = []struct{ mode, label, short string }{
	{ModeSolo, "Solo vs computer", "vs computer"},
	{ModeBoth, "Solo, both sides", "Both sides"},
	{ModeHotseat, "Hot seat", "Hot seat"},
}

// menuEntry is one playable scenario and its thumbnail.
type menuEntry struct {
	name  string
	scn   *scenario.Scenario
	thumb *ebiten.Image // made from pix in Draw: Update makes no GPU images (headless tests)
	pix   *image.RGBA   // the thumbnail as rasterised in the background
	brief []string      // the briefing, wrapped (cached per width)
	wrapW float64
}

type thumbDone struct {
	i   int
	img *image.RGBA
}

// loaded is a game prepared behind the menu: the game and its map's
// layers, rasterised off the main thread.
type loaded struct {
	g    *game.Game
	ls   *raster.Layers
	opts PlayOptions
	err  error
}

// MenuScene is the main menu: the scenarios with their briefings and map
// thumbnails, the mode, saved games, settings, quit.
type MenuScene struct {
	opts        MenuOptions
	src         ui.InputSource
	raw         rawInput
	asrc        *boardSource // this tick's input for act
	titleRoom   float64      // the header's width left of its buttons for the title (layout)
	act         *ui.Input    // the menu's keys as actions (menuKeymap)
	scr         *ui.Input    // How to play's and the load field's keys as actions (screenKeymap)
	howto       howToView    // How to play (F1 or its button)
	hud         *ui.HUD
	entries     []menuEntry
	sel         int
	mode        int     // index into menuModes
	side        int     // solo: the side the player commands
	pace        int     // index into menuPaces
	mute        bool    // the sound setting is off (Settings.Sound)
	forcedMute  string  // "--mute" or sound.MuteEnv: the session is silent whatever the setting
	zoom        float64 // a game's opening zoom (Settings.Zoom)
	handover    bool    // hot seat: the hand-over screen (Settings.Handover)
	opponent    int     // solo: the computer opponent's ai level (Settings.Opponent)
	wantDesign  int     // designOpen or designNew: the designer asked for this tick
	noGPU       bool    // tests without a window: the designer is built headless
	listTop     int     // the first scenario row shown (the list scrolls)
	rowEntry    []int   // the entry of each scenario row button, in order
	settingsErr string

	loadPath string
	editing  bool
	saves    []string

	buttons []button
	msg     string
	msgBad  bool
	busy    string // what is being prepared ("" when idle)
	pending chan loaded
	thumbs  chan thumbDone
	thumbPx float64 // the thumbnails' hex size

	w, h     int
	ui       float64
	tick     int
	shotPath string
	shots    int
	quit     bool
	briefTop int // briefing lines scrolled off the top
}

// NewMenuScene lists the playable built-in scenarios and starts drawing
// their thumbnails in the background.
func NewMenuScene(opts MenuOptions, src ui.InputSource) (*MenuScene, error) {
	h, err := ui.NewHUD()
	if err != nil {
		return nil, err
	}
	if src == nil {
		src = ui.DeviceInput{}
	}
	m := &MenuScene{opts: opts, src: src, hud: h, ui: 1, asrc: &boardSource{}}
	m.act = ui.NewInput(m.asrc, menuKeymap())
	m.scr = ui.NewInput(m.asrc, screenKeymap())
	st := DefaultSettings()
	if opts.SettingsPath != "" {
		var err error
		if st, err = LoadSettings(opts.SettingsPath); err != nil {
			m.msg, m.msgBad = err.Error()+" — using the default settings", true
		}
	}
	m.applySettings(st)
	// --mute and KHAMSIN_MUTE silence the session (NewSound) without
	// changing the kept setting: the menu shows the sound off
	switch {
	case opts.Mute:
		m.forcedMute = "--mute"
	case os.Getenv(sound.MuteEnv) != "":
		m.forcedMute = sound.MuteEnv
	}
	for _, n := range scenario.BuiltinNames() {
		s, err := scenario.Load(n)
		if err != nil || !s.Playable() {
			continue
		}
		m.entries = append(m.entries, menuEntry{name: n, scn: s})
		if n == opts.Scenario {
			m.sel = len(m.entries) - 1
		}
	}
	if len(m.entries) == 0 {
		return nil, errors.New("menu: no playable scenario is built in")
	}
	m.addUserEntries(opts.Scenario)
	m.mode = 2
	m.refreshSaves()
	m.thumbs = make(chan thumbDone, len(m.entries))
	go m.drawThumbs(slices.Clone(m.entries), m.sel, m.thumbs)
	return m, nil
}

// thumbBox is the largest thumbnail in device-independent pixels.
const thumbW, thumbH = 520.0, 300.0

// drawThumbs rasterises each scenario's map at a small hex size.
// It is handed its own copy of the entries (the menu may list them again
// while it paints) and skips those that already have one.
func (m *MenuScene) drawThumbs(entries []menuEntry, sel int, out chan<- thumbDone) {
	lib, err := hexmap.Builtin()
	if err != nil {
		return
	}
	order := []int{sel}
	for i := range entries {
		if i != sel {
			order = append(order, i)
		}
	}
	for _, i := range order {
		if entries[i].pix != nil {
			continue
		}
		mp, err := entries[i].scn.Build(lib)
		if err != nil {
			continue
		}
		bw, bh := mp.Size()
		lo, hi := hexmap.Pixels{Size: 10}.MapBounds(bw, bh)
		size := 10 * math.Min(thumbW/(hi.X-lo.X+20), thumbH/(hi.Y-lo.Y+20))
		size = math.Max(4, math.Min(size, 12))
		ls := raster.Rasterize(mp, raster.Style{HexSize: size, Margin: 2})
		if ls == nil || ls.Terrain == nil {
			continue
		}
		out <- thumbDone{i: i, img: ls.Composite(false, false, false)}
		ui.Wake() // an idle menu shows it at once
	}
}

// refreshSaves lists the *.save files in the directory, newest first, and
// puts the newest in the load field if it is empty.
func (m *MenuScene) refreshSaves() {
	dir := m.opts.Dir
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type sv struct {
		path string
		t    time.Time
	}
	var list []sv
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".save") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			p := e.Name()
			if m.opts.Dir != "" {
				p = filepath.Join(m.opts.Dir, p)
			}
			list = append(list, sv{p, fi.ModTime()})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].t.After(list[j].t) })
	m.saves = m.saves[:0]
	for _, s := range list {
		m.saves = append(m.saves, s.path)
	}
	if m.loadPath == "" && len(m.saves) > 0 {
		m.loadPath = m.saves[0]
	}
}

// Selected is the selected scenario's built-in name.
func (m *MenuScene) Selected() string { return m.entries[m.sel].name }

// Opponent is the computer opponent's level a solo game starts with.
func (m *MenuScene) Opponent() int { return m.opponent }

// Mode is the chosen play mode.
func (m *MenuScene) Mode() string { return menuModes[m.mode].mode }

// Busy reports a game being prepared.
func (m *MenuScene) Busy() bool { return m.pending != nil }

// Message is the menu's last notice and whether it is a problem.
func (m *MenuScene) Message() (string, bool) { return m.msg, m.msgBad }

func (m *MenuScene) pendingShot() string { return m.shotPath }
func (m *MenuScene) shotSaved(path string, err error) {
	m.shotPath = ""
	if err != nil {
		m.msg, m.msgBad = err.Error(), true
	} else {
		m.msg, m.msgBad = "screenshot saved to "+path, false
	}
}

func (m *MenuScene) playOptions(ref string) PlayOptions {
	return PlayOptions{
		Mode:         menuModes[m.mode].mode,
		Human:        m.side,
		ScenarioRef:  ref,
		AISeed:       1,
		AIDelay:      max(1, int(menuPaces[m.pace]*60+0.5)),
		Mute:         m.opts.Mute,
		SoundOff:     m.mute,
		Zoom:         m.zoom,
		NoHandover:   !m.handover,
		AILevel:      m.opponent,
		SettingsPath: m.opts.SettingsPath,
	}
}

// applySettings sets the menu's choices from kept settings: the pace and
// zoom to the nearest the menu offers.
func (m *MenuScene) applySettings(st Settings) {
	m.mute, m.handover, m.zoom, m.opponent = !st.Sound, st.Handover, st.Zoom, opponentLevel(st.Opponent)
	m.pace = nearest(menuPaces, st.Pace)
	SetUIScale(st.UIScale) // settings: the UI scale
}

func nearest(list []float64, x float64) int {
	best := 0
	for i, v := range list {
		if math.Abs(v-x) < math.Abs(list[best]-x) {
			best = i
		}
	}
	return best
}

// Settings are the menu's choices as kept settings.
func (m *MenuScene) Settings() Settings {
	return Settings{Zoom: m.zoom, Sound: !m.mute, Pace: menuPaces[m.pace], Handover: m.handover, Opponent: m.opponent, UIScale: UIScale()}
}

// keepSettings writes the menu's choices (when the menu keeps them).
func (m *MenuScene) keepSettings() {
	if m.opts.SettingsPath == "" {
		return
	}
	if err := SaveSettings(m.opts.SettingsPath, m.Settings()); err != nil {
		m.msg, m.msgBad = err.Error(), true
	}
}

func (m *MenuScene) cycleZoom() {
	m.zoom = menuZooms[(nearest(menuZooms, m.zoom)+1)%len(menuZooms)]
	m.keepSettings()
}

// toggleOpponent steps the computer opponent through the novice, the
// veteran and the expert, and round again.
func (m *MenuScene) toggleOpponent() {
	m.opponent++
	if m.opponent > ai.Strongest || m.opponent < ai.MinLevel {
		m.opponent = ai.MinLevel
	}
	m.keepSettings()
}

// start prepares a new game of the selected scenario behind the menu.
func (m *MenuScene) start() {
	if m.pending != nil {
		return
	}
	e := m.entries[m.sel]
	seed := m.opts.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano()) | 1
	}
	opts := m.playOptions(e.name)
	m.busy = "Preparing " + e.scn.Title + "…"
	m.pending = make(chan loaded, 1)
	go func(ch chan loaded) {
		defer ui.Wake()
		g, err := game.New(e.scn, seed)
		if err != nil {
			ch <- loaded{err: err}
			return
		}
		ch <- loaded{g: g, ls: raster.Rasterize(g.Map, playStyle(g.Map)), opts: opts}
	}(m.pending)
}

// load prepares the saved game named in the load field.
func (m *MenuScene) load() {
	if m.pending != nil {
		return
	}
	path := strings.TrimSpace(m.loadPath)
	if path == "" {
		m.msg, m.msgBad = "no saved game here: type a path in the field, or play a game first (it autosaves)", true
		return
	}
	m.editing = false
	opts := m.playOptions("")
	opts.SavePath = path
	m.busy = "Loading " + path + "…"
	m.pending = make(chan loaded, 1)
	go func(ch chan loaded) {
		defer ui.Wake()
		g, sf, err := LoadSave(path)
		if err != nil {
			ch <- loaded{err: err}
			return
		}
		opts.ScenarioRef = sf.Scenario
		opts.Human = min(max(0, opts.Human), 1)
		ch <- loaded{g: g, ls: raster.Rasterize(g.Map, playStyle(g.Map)), opts: opts}
	}(m.pending)
}

// LoadSave reads a saved game and replays it on its scenario (game.Load).
func LoadSave(path string) (*game.Game, *game.SaveFile, error) { return game.Load(path) }

// playStyle is the play scene's raster style (as NewMapScene's).
func playStyle(m *hexmap.Map) raster.Style {
	hs := ui.ViewHexSize(m, 0, 0)
	return raster.Style{HexSize: hs, Margin: int(math.Ceil(hs / 2))}
}

// Update runs one tick.
func (m *MenuScene) Update(ctx *ui.Context) error {
	m.tick = ctx.Tick
	if ctx.Scale > 0 {
		m.ui = ctx.Scale
	}
	m.hud.SetScale(m.ui)
	m.w, m.h = ctx.Width, ctx.Height
	m.raw.prev, m.raw.cur = m.raw.cur, m.src.Poll()
	m.asrc.st = m.raw.cur
	m.scr.Update()
	m.act.Update()
	for done := false; !done; {
		select {
		case t := <-m.thumbs:
			m.entries[t.i].pix = t.img
		default:
			done = true
		}
	}
	if m.pending != nil {
		select {
		case l := <-m.pending:
			m.pending, m.busy = nil, ""
			if l.err != nil {
				m.msg, m.msgBad = l.err.Error(), true
				return nil
			}
			h, err := ui.NewHUD()
			if err != nil {
				return err
			}
			board := ui.NewMapSceneFrom(l.g.Map, l.ls, h, playKeymap())
			board.Upload(l.ls)
			l.opts.Input = m.src
			ps := newPlayScene(l.g, l.opts, m.src, board, h)
			ps.menu = m
			m.refreshSaves()
			ctx.GoTo(ps)
		default:
		}
		return nil
	}
	m.layout()
	in := &m.raw
	if m.act.JustPressed(ui.ActionScreenshot) && m.shotPath == "" {
		m.shots++
		m.shotPath = fmt.Sprintf("khamsin-menu-%d.png", m.shots)
	}
	if m.howto.open {
		m.howto.input(m.scr, m.hud, m.w, m.h)
		if m.act.JustPressed(ui.ActionHelp) {
			m.howto.open = false
		}
		return nil
	}
	if !m.editing && m.act.JustPressed(ui.ActionHelp) {
		m.howto.open, m.howto.top = true, 0
		return nil
	}
	if m.editing {
		m.editField(ctx)
	} else if err := m.keys(ctx); err != nil {
		return err
	}
	if in.btnJust(ebiten.MouseButtonLeft) {
		p := image.Pt(int(in.cur.CursorX), int(in.cur.CursorY))
		for _, b := range m.buttons {
			if p.In(b.r) && b.run != nil {
				b.run()
				ctx.Sound.Click()
				break
			}
		}
	}
	if in.cur.WheelY != 0 {
		if image.Pt(int(in.cur.CursorX), int(in.cur.CursorY)).In(m.rects().right) {
			m.briefTop = max(0, m.briefTop-int(math.Copysign(2, in.cur.WheelY)))
		} else {
			m.move(-int(math.Copysign(1, in.cur.WheelY)))
		}
	}
	if m.quit {
		return ebiten.Termination
	}
	if m.wantDesign != 0 {
		m.openDesigner(ctx)
	}
	m.applyMute(ctx)
	m.layout()
	return nil
}

func (m *MenuScene) applyMute(ctx *ui.Context) {
	if ctx.Sound != nil && ctx.Sound.Off() != m.mute {
		ctx.Sound.SetOff(m.mute)
	}
}

func (m *MenuScene) move(d int) {
	m.sel = (m.sel + d + len(m.entries)) % len(m.entries)
	if d != 0 {
		m.briefTop = 0
	}
	sides := m.entries[m.sel].scn.Sides
	m.side = min(m.side, len(sides)-1)
}

// keys: ↑↓ scenario, 1 2 3 mode, ←→ side, Enter start, L load, P pace,
// M mute, H hand-over, Z zoom, O opponent, Esc quit.
func (m *MenuScene) keys(ctx *ui.Context) error {
	act := m.act
	click := func() { ctx.Sound.Click() }
	switch {
	case act.JustPressed(ui.ActionPrevItem):
		m.move(-1)
	case act.JustPressed(ui.ActionNextItem):
		m.move(1)
	case act.JustPressed(ui.ActionMode1):
		m.mode = 0
		click()
	case act.JustPressed(ui.ActionMode2):
		m.mode = 1
		click()
	case act.JustPressed(ui.ActionMode3):
		m.mode = 2
		click()
	case act.JustPressed(ui.ActionOtherSide):
		m.side = 1 - m.side
		click()
	case act.JustPressed(ui.ActionStart):
		click()
		m.start()
	case act.JustPressed(ui.ActionLoadGame):
		click()
		m.load()
	case act.JustPressed(ui.ActionPace):
		m.pace = (m.pace + 1) % len(menuPaces)
		m.keepSettings()
		click()
	case act.JustPressed(ui.ActionMute):
		m.toggleMute()
		click()
	case act.JustPressed(ui.ActionHandoverSetting):
		m.handover = !m.handover
		m.keepSettings()
		click()
	case act.JustPressed(ui.ActionZoomSetting):
		m.cycleZoom()
		click()
	case act.JustPressed(ui.ActionOpponent):
		m.toggleOpponent()
		click()
	case act.JustPressed(ui.ActionDesign):
		m.wantDesign = designOpen
		click()
	case act.JustPressed(ui.ActionNewScenario):
		m.wantDesign = designNew
		click()
	case act.JustPressed(ui.ActionUIScaleSetting): // overlays: the UI scale
		m.cycleUIScale()
		click()
	case act.JustPressed(ui.ActionQuit):
		m.quit = true
	}
	return nil
}

// editField types into the load field: runes, Backspace, ↑↓ through the
// saves found, Enter loads, Esc leaves the field.
func (m *MenuScene) editField(ctx *ui.Context) {
	act := m.scr
	for _, r := range act.Typed() {
		if r >= ' ' && len(m.loadPath) < 400 {
			m.loadPath += string(r)
		}
	}
	if act.JustPressed(ui.ActionErase) && m.loadPath != "" {
		r := []rune(m.loadPath)
		m.loadPath = string(r[:len(r)-1])
	}
	if (act.JustPressed(ui.ActionNextItem) || act.JustPressed(ui.ActionPrevItem)) && len(m.saves) > 0 {
		i := slices.Index(m.saves, m.loadPath)
		d := 1
		if act.JustPressed(ui.ActionPrevItem) {
			d = -1
		}
		m.loadPath = m.saves[(i+d+len(m.saves))%len(m.saves)]
	}
	if act.JustPressed(ui.ActionStart) {
		ctx.Sound.Click()
		m.load()
	}
	if act.JustPressed(ui.ActionClose) {
		m.editing = false
	}
}

// Layout, in screen pixels.
type menuRects struct {
	list, right, thumb, brief, field image.Rectangle
	rowH                             float64
}

func (m *MenuScene) rects() menuRects {
	u := m.hud.U
	w, h := float64(m.w), float64(m.h)
	top := u(64)
	bottom := h - u(34)
	lw := math.Max(u(300), math.Min(w*0.36, u(460)))
	var r menuRects
	r.rowH = u(ui.SmallPt*ui.LineGap*2 + 14)
	r.list = image.Rect(int(u(16)), int(top), int(lw), int(bottom))
	r.right = image.Rect(int(lw+u(20)), int(top), int(w-u(16)), int(bottom))
	tw := math.Min(float64(r.right.Dx()), u(thumbW))
	// the thumbnail leaves the briefing three lines above the mode
	// buttons (at 640x400 it left none, and the note ran into them)
	below := u(12) + u(ui.TitlePt*ui.LineGap+4) + u(ui.SmallPt*ui.LineGap+8) + 3*u(ui.SmallPt*1.35) + u(44) + u(52) + u(12)
	th := math.Min(math.Min(u(thumbH), (bottom-top)*0.42), math.Max(bottom-top-below, (bottom-top)*0.2))
	if t := m.entries[m.sel].pix; t != nil {
		b := t.Bounds()
		sc := math.Min(tw/float64(b.Dx()), th/float64(b.Dy()))
		tw, th = sc*float64(b.Dx()), sc*float64(b.Dy())
	}
	r.thumb = image.Rect(r.right.Min.X, r.right.Min.Y, r.right.Min.X+int(tw), r.right.Min.Y+int(th))
	return r
}

// layout places the buttons: scenario rows, load, modes, sides, start,
// settings, quit.
func (m *MenuScene) layout() {
	if m.w == 0 {
		return
	}
	u := m.hud.U
	r := m.rects()
	m.buttons = m.buttons[:0]
	add := func(x, y, w, h float64, label, key string, on bool, run func()) {
		m.buttons = append(m.buttons, button{r: image.Rect(int(x), int(y), int(x+w), int(y+h)), label: label, key: key, on: on, run: run})
	}
	// the scenario rows: as many as leave room for the saved games below,
	// scrolled so the selected one shows
	y := float64(r.list.Min.Y) + u(30)
	rows := max(3, int((float64(r.list.Dy())*0.62-u(30))/r.rowH))
	m.listTop = min(max(m.listTop, m.sel-rows+1), m.sel, max(0, len(m.entries)-rows))
	m.listTop = max(m.listTop, 0)
	m.rowEntry = m.rowEntry[:0]
	for i := m.listTop; i < len(m.entries) && i < m.listTop+rows; i++ {
		i := i
		add(float64(r.list.Min.X), y, float64(r.list.Dx()), r.rowH-u(6), "", "", i == m.sel, func() { m.sel = i; m.move(0) })
		m.rowEntry = append(m.rowEntry, i)
		y += r.rowH
	}
	// the designer: on the list's heading line, at its right
	dx := float64(r.list.Max.X)
	for _, b := range []struct {
		label, key string
		want       int
	}{{"New", "N", designNew}, {"Design", "G", designOpen}} {
		want := b.want
		bw := text.Advance(buttonText(b.label, b.key), m.hud.Small) + u(16)
		dx -= bw
		add(dx, float64(r.list.Min.Y)-u(4), bw, u(24), b.label, b.key, false, func() { m.wantDesign = want })
		dx -= u(6)
	}
	// saved games
	y += u(22)
	bh := u(ui.SmallPt*ui.LineGap + 12)
	lw := float64(r.list.Dx())
	add(float64(r.list.Min.X), y+u(24), lw-u(92), bh, "field", "", m.editing, func() { m.editing = true })
	add(float64(r.list.Max.X)-u(86), y+u(24), u(86), bh, "Load", "L", false, m.load)
	yy := y + u(24) + bh + u(6)
	for i, sv := range m.saves {
		if i >= 4 || yy+bh > float64(r.list.Max.Y) {
			break
		}
		sv := sv
		add(float64(r.list.Min.X)+u(8), yy, lw-u(8), bh-u(4), "save:"+sv, "", sv == m.loadPath, func() { m.loadPath = sv })
		yy += bh
	}
	// the right column, bottom up: start; sides; modes
	rx, rw := float64(r.right.Min.X), float64(r.right.Dx())
	by := float64(r.right.Max.Y) - u(44)
	gap := u(8)
	mw := (rw - 2*gap) / 3
	add(rx+rw-mw, by, mw, u(40), "Start", "Enter", false, m.start)
	my := by - u(52)
	sides := m.entries[m.sel].scn.Sides
	if menuModes[m.mode].mode == ModeSolo && len(sides) == 2 {
		for i := range 2 {
			i := i
			add(rx+float64(i)*(mw+gap), by, mw, u(40), "play "+sideLabel(sides[i]), "←→", m.side == i, func() { m.side = i })
			m.buttons[len(m.buttons)-1].short = "play " + cmp.Or(strings.SplitN(sideLabel(sides[i]), ":", 2)[0], sides[i].ID)
		}
	}
	for i, md := range menuModes {
		i := i
		add(rx+float64(i)*(mw+gap), my, mw, u(40), md.label, fmt.Sprint(i+1), m.mode == i, func() { m.mode = i })
		m.buttons[len(m.buttons)-1].short = md.short
	}
	// the header's settings and quit, right to left; in a window too
	// narrow for them beside the title, without their keys (the status
	// line lists those)
	header := []struct {
		label, key string
		run        func()
	}{
		{"Quit", "Esc", func() { m.quit = true }},
		{m.muteLabel(), "M", m.toggleMute},
		{fmt.Sprintf("Pace %.1f s", menuPaces[m.pace]), "P", func() { m.pace = (m.pace + 1) % len(menuPaces); m.keepSettings() }},
		{fmt.Sprintf("Zoom %d%%", int(math.Round(m.zoom*100))), "Z", m.cycleZoom},
		{m.handoverLabel(), "H", func() { m.handover = !m.handover; m.keepSettings() }},
		{"Opponent: " + OpponentName(m.opponent), "O", m.toggleOpponent},
	}
	room := float64(m.w) - u(16) - (u(16) + text.Advance("KHAMSIN", m.titleFace()) + u(12))
	need := 0.0
	for _, b := range header {
		need += text.Advance(buttonText(b.label, b.key), m.hud.Small) + u(16) + u(8)
	}
	// without their keys and still too wide (640 px): tighter buttons,
	// the opponent as "AI: …", and the title shrinks to what they leave
	pad, bgap := u(16), u(8)
	if need > room {
		bare := 0.0
		for _, b := range header {
			bare += text.Advance(b.label, m.hud.Small) + pad + bgap
		}
		if bare > room {
			pad, bgap = u(13), u(4)
			header[len(header)-1].label = "AI: " + OpponentName(m.opponent)
		}
	}
	// How to play, at the right of the status line
	hw := m.howtoButtonW()
	add(float64(m.w)-u(8)-hw, float64(m.h)-u(29), hw, u(28), "How to play", "F1", false, func() { m.howto.open, m.howto.top = true, 0 })
	m.addTextSizeButton(add, float64(m.w)-u(16)-hw) // overlays: the UI scale, left of How to play
	hx := float64(m.w) - u(16)
	for _, b := range header {
		key := b.key
		if need > room {
			key = ""
		}
		bw := text.Advance(buttonText(b.label, key), m.hud.Small) + pad
		hx -= bw
		add(hx, u(14), bw, bh, b.label, key, false, b.run)
		hx -= bgap
	}
	m.titleRoom = hx + bgap - u(12) - u(16)
	m.layoutBrief()
}

// sideLabel names a side as a player knows it: the nation, then the
// formation (the side's name): "British: 22nd Armoured Brigade".
func sideLabel(sd scenario.Side) string {
	n := sd.Nation
	if n == "" {
		return sd.Name
	}
	n = strings.ToUpper(n[:1]) + n[1:]
	if sd.Name == "" {
		return n
	}
	return n + ": " + sd.Name
}

// buttonText is a button's label and its key, as drawButton draws them.
func buttonText(label, key string) string {
	if key == "" {
		return label
	}
	return label + "  [" + key + "]"
}

// titleFace is the face of the header's KHAMSIN.
func (m *MenuScene) titleFace() *text.GoTextFace {
	return &text.GoTextFace{Source: m.hud.Bold, Size: 30 * m.hud.Scale}
}

// headerTitleFace is the title's face as drawn: smaller where the header's
// buttons leave less than its width (layout's titleRoom), nil where even
// 16 points do not fit (the window's title bar names the game).
func (m *MenuScene) headerTitleFace() *text.GoTextFace {
	f := m.titleFace()
	if m.titleRoom <= 0 && m.w > 0 && len(m.buttons) > 0 {
		return nil
	}
	for m.titleRoom > 0 && text.Advance("KHAMSIN", f) > m.titleRoom {
		if f.Size*0.92 < 16*m.hud.Scale {
			return nil
		}
		f = &text.GoTextFace{Source: m.hud.Bold, Size: f.Size * 0.92}
	}
	return f
}

func (m *MenuScene) handoverLabel() string {
	if m.handover {
		return "Hand-over on"
	}
	return "Hand-over off"
}

// muteLabel is the sound button: off by the setting, or by --mute or
// KHAMSIN_MUTE.
func (m *MenuScene) muteLabel() string {
	if m.mute || m.forcedMute != "" {
		return "Sound off"
	}
	return "Sound on"
}

// toggleMute is M and the sound button: the setting flips and is kept;
// under --mute or KHAMSIN_MUTE the sound stays off, and the status line
// says why.
func (m *MenuScene) toggleMute() {
	m.mute = !m.mute
	m.keepSettings()
	if m.forcedMute != "" {
		on := "on"
		if m.mute {
			on = "off"
		}
		m.msg, m.msgBad = "sound is off for this session ("+m.forcedMute+"); the setting is now "+on, false
	}
}

// Draw draws the menu.
func (m *MenuScene) Draw(screen *ebiten.Image) {
	u := m.hud.U
	w, h := float64(m.w), float64(m.h)
	screen.Fill(color.RGBA{34, 27, 19, 255})
	if m.w == 0 {
		return
	}
	if e := &m.entries[m.sel]; e.thumb == nil && e.pix != nil {
		e.thumb = ebiten.NewImageFromImage(e.pix)
	}
	r := m.rects()
	if title := m.headerTitleFace(); title != nil {
		_, th := text.Measure("KHAMSIN", title, 0)
		ui.DrawText(screen, "KHAMSIN", title, u(16), math.Max(u(12), (u(56)-th)/2), ui.Accent)
		// the subtitle, where the header's buttons leave room for it
		sub := "tactical battles in the Western Desert, 1940–43"
		sx := u(16) + text.Advance("KHAMSIN", title) + u(14)
		room := w - u(16) - sx
		for _, b := range m.buttons {
			if b.r.Max.Y < int(u(56)) {
				room = math.Min(room, float64(b.r.Min.X)-u(12)-sx)
			}
		}
		if text.Advance(sub, m.hud.Small) <= room {
			ui.DrawText(screen, sub, m.hud.Small, sx, u(26), ui.Dim)
		}
	}
	ui.Line(screen, 0, u(56), w, u(56), u(1.5), ui.PanelEdge)

	ui.DrawText(screen, "Scenarios  (↑ ↓)", m.boldFace(), float64(r.list.Min.X), float64(r.list.Min.Y), ui.Accent)
	if more := m.listMore(); more != "" && len(m.rowEntry) > 0 {
		last := m.buttons[len(m.rowEntry)-1].r // the rows come first
		ui.DrawText(screen, fitText2(more, m.hud.Small, float64(r.list.Dx())), m.hud.Small, float64(r.list.Min.X)+u(8), float64(last.Max.Y)+u(3), ui.Dim)
	}
	for _, b := range m.buttons {
		switch {
		case b.label == "" && b.key == "":
			m.drawRow(screen, b)
		case b.label == "field":
			m.drawField(screen, b.r)
		case strings.HasPrefix(b.label, "save:"):
			c := ui.Dim
			if b.on {
				c = ui.Ink
			}
			ui.DrawText(screen, fitText2(filepath.Base(strings.TrimPrefix(b.label, "save:")), m.hud.Small, float64(b.r.Dx())), m.hud.Small, float64(b.r.Min.X), float64(b.r.Min.Y)+u(2), c)
		default:
			m.drawButton(screen, b)
		}
	}
	// the saved games' heading: above the field
	for _, b := range m.buttons {
		if b.label == "field" {
			// the heading keeps to the list's column: at a large UI scale
			// the hint is shortened rather than run into the briefing
			head := "Continue a saved game  (click the field to type a path)"
			if text.Advance(head, m.boldFace()) > float64(r.list.Dx()) {
				head = fitText2("Continue a saved game  (click the field)", m.boldFace(), float64(r.list.Dx()))
			}
			ui.DrawText(screen, head, m.boldFace(), float64(r.list.Min.X), float64(b.r.Min.Y)-u(24), ui.Accent)
		}
	}
	m.drawRight(screen, r)
	// the status line
	msg, c := "↑↓ scenario · 1 2 3 mode · ←→ side · Enter start · L load · P pace · M sound · Z zoom · H hand-over · O opponent · T text size · F1 how to play · Esc quit", ui.Dim
	if m.busy != "" {
		msg, c = m.busy, ui.Accent
	} else if m.msg != "" {
		msg, c = m.msg, hudGood
		if m.msgBad {
			c = hudBad
		}
	}
	ui.FillRect(screen, 0, h-u(30), w, u(30), color.RGBA{16, 13, 10, 255})
	ui.DrawText(screen, fitText2(msg, m.hud.Small, w-u(48)-m.howtoButtonW()-m.textSizeButtonW()), m.hud.Small, u(16), h-u(24), c)
	for _, b := range m.buttons {
		if b.label == "How to play" || b.key == "T" { // overlays: T, the Text (UI scale) button
			m.drawButton(screen, b) // over the status line's bar
		}
	}
	if m.howto.open {
		m.howto.draw(screen, m.hud, m.w, m.h)
	}
}

// howtoButtonW is the How to play button's width.
func (m *MenuScene) howtoButtonW() float64 {
	return text.Advance(buttonText("How to play", "F1"), m.hud.Small) + m.hud.U(16)
}

func (m *MenuScene) boldFace() *text.GoTextFace {
	return &text.GoTextFace{Source: m.hud.Bold, Size: ui.SmallPt * m.hud.Scale}
}

// drawRow draws a scenario row: title, date, type, turns.
func (m *MenuScene) drawRow(dst *ebiten.Image, b button) {
	u := m.hud.U
	// the rows come first in the button list, one per entry
	idx := slices.IndexFunc(m.buttons, func(x button) bool { return x.r == b.r })
	if idx < 0 || idx >= len(m.rowEntry) {
		return
	}
	e := &m.entries[m.rowEntry[idx]]
	f := color.RGBA{44, 35, 24, 255}
	if b.on {
		f = btnOn
	}
	ui.FillRect(dst, float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy()), f)
	if b.on || image.Pt(int(m.raw.cur.CursorX), int(m.raw.cur.CursorY)).In(b.r) {
		strokeRectF(dst, b.r, u(1.2), ui.Accent)
	}
	x, y, wd := float64(b.r.Min.X)+u(8), float64(b.r.Min.Y)+u(5), float64(b.r.Dx())-u(16)
	ui.DrawText(dst, fitText2(e.scn.Title, m.boldFace(), wd), m.boldFace(), x, y, ui.Ink)
	ui.DrawText(dst, fitText2(scenarioFacts(e.scn), m.hud.Small, wd), m.hud.Small, x, y+u(ui.SmallPt*ui.LineGap+2), ui.Dim)
}

// scenarioFacts is "June 1942 · all-out attack · 8 turns".
func scenarioFacts(s *scenario.Scenario) string {
	var parts []string
	if mo, y := s.Month(), s.Year(); y > 0 && mo > 0 {
		parts = append(parts, time.Month(mo).String()+" "+fmt.Sprint(y))
	}
	if s.Type != "" {
		parts = append(parts, strings.ReplaceAll(s.Type, "-", " "))
	}
	parts = append(parts, fmt.Sprintf("%d turns", s.TurnLimit()))
	if len(s.Sides) == 2 {
		parts = append(parts, s.Sides[0].Name+" v "+s.Sides[1].Name)
	}
	return strings.Join(parts, " · ")
}

func (m *MenuScene) drawField(dst *ebiten.Image, r image.Rectangle) {
	u := m.hud.U
	ui.FillRect(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), color.RGBA{14, 11, 8, 255})
	edge := btnEdge
	if m.editing {
		edge = ui.Accent
	}
	strokeRectF(dst, r, u(1.2), edge)
	t, c := m.loadPath, ui.Ink
	if t == "" && !m.editing {
		t, c = "no *.save here yet", ui.Dim
	}
	if m.editing && (m.tick/30)%2 == 0 {
		t += "|" // the caret (the Go fonts have no thin block: ▏ drew a box)
	}
	// show the end of a long path
	face := m.hud.Small
	room := float64(r.Dx()) - u(12)
	for text.Advance(t, face) > room && len(t) > 1 {
		_, sz := firstRune(t)
		t = t[sz:]
	}
	ui.DrawText(dst, t, face, float64(r.Min.X)+u(6), float64(r.Min.Y)+u(5), c)
}

func firstRune(s string) (rune, int) {
	for i, r := range s {
		if i > 0 {
			return r, i
		}
	}
	return 0, len(s)
}

func (m *MenuScene) drawButton(dst *ebiten.Image, b button) {
	u := m.hud.U
	f := btnFill
	if b.on {
		f = btnOn
	}
	ui.FillRect(dst, float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy()), f)
	edge := btnEdge
	if image.Pt(int(m.raw.cur.CursorX), int(m.raw.cur.CursorY)).In(b.r) {
		edge = ui.Accent
	}
	strokeRectF(dst, b.r, u(1.2), edge)
	face := text.Face(m.hud.Small)
	if b.label == "Start" {
		face = m.hud.Title
	}
	label := buttonLabel(b, face, float64(b.r.Dx())-u(10))
	_, lh := text.Measure(label, face, 0)
	tw := text.Advance(label, face)
	ui.DrawText(dst, label, face, float64(b.r.Min.X)+(float64(b.r.Dx())-tw)/2, float64(b.r.Min.Y)+(float64(b.r.Dy())-lh)/2, ui.Ink)
}

// listMore says how many scenarios the list's rows leave out, above and
// below ("" when all show): a small window shows four of five, and the
// fifth was nowhere to be seen.
func (m *MenuScene) listMore() string {
	above := m.listTop
	below := len(m.entries) - m.listTop - len(m.rowEntry)
	switch {
	case above > 0 && below > 0:
		return fmt.Sprintf("↑ %d more, ↓ %d more (↑ ↓ or the wheel)", above, below)
	case above > 0:
		return fmt.Sprintf("↑ %d more (↑ ↓ or the wheel)", above)
	case below > 0:
		return fmt.Sprintf("↓ %d more (↑ ↓ or the wheel)", below)
	}
	return ""
}

// buttonLabel is what a button shows in room: its label and key, else the
// label alone (the status line lists the keys), else its short label,
// else that cut.
func buttonLabel(b button, face text.Face, room float64) string {
	for _, l := range []string{buttonText(b.label, b.key), b.label, b.short} {
		if l != "" && text.Advance(l, face) <= room {
			return l
		}
	}
	return fitText2(cmp.Or(b.short, b.label), face, room)
}

// layoutBrief wraps the selected scenario's briefing to the right column
// and keeps its scroll within the lines that do not fit (Update; drawRight
// draws from what it leaves).
func (m *MenuScene) layoutBrief() {
	if m.w == 0 || len(m.entries) == 0 {
		return
	}
	u := m.hud.U
	r := m.rects()
	e := &m.entries[m.sel]
	if wd := float64(r.right.Dx()); e.brief == nil || e.wrapW != wd {
		e.wrapW = wd
		e.brief = wrapParagraphs(e.scn.Briefing, m.hud.Small, wd)
	}
	// where drawRight starts the briefing: under the thumbnail, the title
	// and the facts
	y := float64(r.thumb.Max.Y) + u(12) + u(ui.TitlePt*ui.LineGap+4) + u(ui.SmallPt*ui.LineGap+8)
	limit := float64(r.right.Max.Y) - u(44) - u(52) - u(12)
	fit := max(1, int((limit-y)/u(ui.SmallPt*1.35)))
	m.briefTop = min(m.briefTop, max(0, len(e.brief)-fit))
}

// drawRight draws the selected scenario: thumbnail, briefing.
func (m *MenuScene) drawRight(dst *ebiten.Image, r menuRects) {
	u := m.hud.U
	e := &m.entries[m.sel]
	t := r.thumb
	ui.FillRect(dst, float64(t.Min.X), float64(t.Min.Y), float64(t.Dx()), float64(t.Dy()), color.RGBA{20, 16, 12, 255})
	if e.thumb != nil {
		b := e.thumb.Bounds()
		sc := math.Min(float64(t.Dx())/float64(b.Dx()), float64(t.Dy())/float64(b.Dy()))
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(sc, sc)
		op.GeoM.Translate(float64(t.Min.X)+(float64(t.Dx())-sc*float64(b.Dx()))/2, float64(t.Min.Y)+(float64(t.Dy())-sc*float64(b.Dy()))/2)
		dst.DrawImage(e.thumb, op)
	} else {
		ui.CentredText(dst, "drawing the map…", m.hud.Small, float64(t.Min.X+t.Max.X)/2, float64(t.Min.Y+t.Max.Y)/2, ui.Dim)
	}
	strokeRectF(dst, t, u(1), ui.PanelEdge)
	// beside a narrow thumbnail: the facts
	x := float64(r.right.Min.X)
	y := float64(t.Max.Y) + u(12)
	ui.DrawText(dst, fitText2(e.scn.Title, m.hud.Title, float64(r.right.Dx())), m.hud.Title, x, y, ui.Accent)
	y += u(ui.TitlePt*ui.LineGap + 4)
	ui.DrawText(dst, fitText2(scenarioFacts(e.scn), m.hud.Small, float64(r.right.Dx())), m.hud.Small, x, y, ui.Dim)
	y += u(ui.SmallPt*ui.LineGap + 8)
	// the briefing, wrapped, down to the mode buttons (layoutBrief)
	lh := u(ui.SmallPt * 1.35)
	limit := float64(r.right.Max.Y) - u(44) - u(52) - u(12)
	for i := m.briefTop; i < len(e.brief) && y+lh <= limit; i++ {
		if y+2*lh > limit && i < len(e.brief)-1 {
			ui.DrawText(dst, moreLines(len(e.brief)-i, m.hud.Small, float64(r.right.Dx())), m.hud.Small, x, y, ui.Accent)
			break
		}
		ui.DrawText(dst, e.brief[i], m.hud.Small, x, y, ui.Ink)
		y += lh
	}
	if menuModes[m.mode].mode != ModeSolo {
		note := "Both sides are moved at this screen; the hot seat hides the map between the players' turns."
		if menuModes[m.mode].mode == ModeBoth {
			note = "You move both sides, each seeing only what it may see."
		} else if m.handover {
			note = "Two players at one screen: a hand-over screen hides the map between them."
		} else {
			note = "Two players at one screen, hand-over screen off (H): each sees the other's turn."
		}
		// beside Start, wrapped to two lines (one line cut it to "Two pla…")
		lines := ui.Wrap(note, m.hud.Small, m.noteWidth(), 2)
		lh := u(ui.SmallPt * ui.LineGap)
		ny := float64(r.right.Max.Y) - u(44) + (u(40)-float64(len(lines))*lh)/2
		for i, l := range lines {
			ui.DrawText(dst, l, m.hud.Small, x, ny+float64(i)*lh, ui.Dim)
		}
	}
}

// noteWidth is the room left of Start for the mode's note.
func (m *MenuScene) noteWidth() float64 {
	for _, b := range m.buttons {
		if b.label == "Start" {
			return float64(b.r.Min.X-m.rects().right.Min.X) - m.hud.U(12)
		}
	}
	return float64(m.rects().right.Dx()) / 2
}

// moreLines says how much of the briefing is below, in width.
func moreLines(n int, face text.Face, width float64) string {
	for _, f := range []string{"… %d more lines: the wheel over the briefing scrolls it", "… %d more lines (the wheel scrolls)", "… %d more (wheel)"} {
		if l := fmt.Sprintf(f, n); text.Advance(l, face) <= width {
			return l
		}
	}
	return fitText2(fmt.Sprintf("… %d more", n), face, width)
}

// wrapParagraphs wraps a briefing: blank lines separate paragraphs, kept
// as an empty line.
func wrapParagraphs(s string, face text.Face, width float64) []string {
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(s), "\n\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		cur := ""
		for _, w := range words {
			if cur != "" && text.Advance(cur+" "+w, face) > width {
				out = append(out, cur)
				cur = w
				continue
			}
			if cur != "" {
				cur += " "
			}
			cur += w
		}
		out = append(out, cur)
	}
	return out
}
