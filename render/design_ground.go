package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/climate"
	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// Tool 10 (key 0), Ground (issue 19, "See what the ground does"): from a
// hex picked on the map, the Sun Blindness wedge and the heat-haze bands
// of the scenario's climate (or of another time of day, previewed with A
// without touching the file), what its dust does, and the reach of the
// catalogue entry picked ([ ], /) with the MP to each hex. Every answer
// is the engine's: game.SunZoneIn and HazeBandsIn (what play's
// Observation gives), climate.Assess, and move.Planner.ReachFrom with the
// scenario's climate (what `khamsin reach` computes). Play's own drawing
// draws the wedge and the rings (play_climate.go).

// groundTimes are the times A previews, in the order of the day (11.3);
// index 0 is the scenario's own.
var groundTimes = []climate.TimeOfDay{climate.EarlyMorning, climate.MidMorning, climate.Midday, climate.MidAfternoon, climate.LateAfternoon}

// groundState is what the Ground tool keeps between ticks.
type groundState struct {
	from    hexmap.Hex
	picked  bool
	preview int // 0: the scenario's time; i: groundTimes[i-1]

	key     string              // what the answers below are for
	envOK   bool                // env is known (a DYO climate not rolled yet is not)
	env     climate.Environment // the climate shown, the preview's time in it
	envFrom string              // where env comes from, or why there is none
	sun     game.SunZone
	haze    game.Haze

	typ      *forces.BaseType // the catalogue entry whose reach is shown
	unit     move.Unit
	cond     move.Conditions
	plan     *move.Planner
	area     *move.Area
	reachErr string

	hovKey string     // the hex the hovered path is for
	hov    *move.Move // the least-cost path to the hovered hex, priced

	towing bool // J: the entry (a vehicle that can tow) moves towing a gun (9.2)
	// the SMOKE on the map when turn 1 starts (openingSmoke), kept for
	// the scenario it was read from
	smokeOf   *scenario.Scenario
	smoke     []hexmap.Hex
	smokeNote string
}

// groundType is the catalogue entry picked (shared with the Units tool).
func (s *DesignScene) groundType() *forces.BaseType {
	ts := s.types()
	if len(ts) == 0 {
		return nil
	}
	return ts[min(s.typeIdx, len(ts)-1)]
}

// groundClick picks the hex the tool answers for.
func (s *DesignScene) groundClick(h hexmap.Hex) {
	s.gr.from, s.gr.picked = h, true
	s.groundUpdate()
	s.post(s.groundSummary())
}

// groundKeys are the tool's own keys: A (Shift+A) the next (previous)
// time of day to preview; Esc is handled with the designer's.
func (s *DesignScene) groundKeys() {
	if s.keyJust(ebiten.KeyJ) {
		s.groundToggleTowing()
	}
	if s.keyJust(ebiten.KeyA) {
		d := 1
		if s.shift() {
			d = -1
		}
		s.groundNextTime(d)
	}
}

// groundToggleTowing: the entry's reach towing a gun, or not (J or a
// click on the panel's row; only a vehicle that can tow).
func (s *DesignScene) groundToggleTowing() {
	t := s.groundType()
	if t == nil || t.Tow == 0 {
		s.post("towing: the entry picked tows no gun (its catalogue tow is 0)")
		return
	}
	s.gr.towing = !s.gr.towing
	s.groundUpdate()
	if s.gr.towing {
		s.post("reach of " + t.Name + " towing a gun: +1 MP a hex (9.2)")
		return
	}
	s.post("reach of " + t.Name + " without a gun in tow")
}

// openingSmoke is the SMOKE on the map when turn 1 starts — the
// scenario's SMOKE counters and what its turn-1 smoke barrages lay (§7.1
// step 2, seed 002 Note 3) — read from a game of the scenario at its
// start, the engine's own answer (game.New runs turn 1's opening at once
// when no unit has a set-up area; the smoke needs no dice). ok false:
// the game waits for a set-up first, or cannot start; why says so.
func openingSmoke(sc *scenario.Scenario, m *hexmap.Map) (hs []hexmap.Hex, ok bool, why string) {
	g, err := game.New(sc, 1)
	if err != nil {
		return nil, false, "the game cannot start: " + err.Error()
	}
	if g.Phase() == game.PhaseSetup {
		return nil, false, "set-up first: the opening barrage's SMOKE comes after it"
	}
	for _, l := range g.ViewAs(-1).Smoke {
		if h, err := m.Hex(l); err == nil {
			hs = append(hs, h)
		}
	}
	return hs, true, ""
}

// groundSmoke is openingSmoke for the scenario as it is, read again only
// after an edit.
func (s *DesignScene) groundSmoke() ([]hexmap.Hex, string) {
	g := &s.gr
	if g.smokeOf != s.sc {
		hs, ok, why := openingSmoke(s.sc, s.m)
		g.smokeOf, g.smoke, g.smokeNote = s.sc, hs, why
		if !ok {
			g.smoke = nil
		}
	}
	return g.smoke, g.smokeNote
}

// groundNextTime steps the previewed time of day: the scenario's own,
// Early Morning … Late Afternoon, and round again.
func (s *DesignScene) groundNextTime(d int) {
	n := len(groundTimes) + 1
	s.gr.preview = (s.gr.preview + d + n) % n
	s.groundUpdate()
	if s.gr.preview == 0 {
		s.post("time of day: the scenario's own")
		return
	}
	s.post("time of day previewed: " + groundTimes[s.gr.preview-1].String() + " (the file is unchanged; A: the next)")
}

// groundSummary is the status line after a pick.
func (s *DesignScene) groundSummary() string {
	g := &s.gr
	if !g.picked || s.m == nil {
		return "ground: click a hex"
	}
	msg := "ground from " + s.m.Label(g.from) + ": "
	if !g.envOK {
		msg += g.envFrom
	} else {
		msg += fmt.Sprintf("sun %s, heat haze %s, dust %s", g.sun.Sun, g.haze.Level, climate.Assess(g.env).Dust)
	}
	if g.area != nil {
		msg += fmt.Sprintf("; %s reaches %s", g.typ.Name, hexCount(g.area.Len()-1))
	}
	return msg
}

// groundEnv is the climate the tool shows: the scenario's fixed one, or
// for DYO the roll the panel shows (Shift+Y), with the previewed time.
func (s *DesignScene) groundEnv() (climate.Environment, bool, string) {
	if s.sc == nil || s.m == nil {
		return climate.Environment{}, false, "the scenario does not parse"
	}
	env, err := game.ScenarioEnvironment(s.sc, s.m)
	if err != nil {
		return env, false, err.Error()
	}
	from := "the scenario's climate"
	if s.sc.Environment.DYO {
		rolled, _, err := s.doc.EnvironmentRolls(s.envSeed())
		if err != nil {
			return env, false, "DYO: the climate is rolled at the game's start (" + err.Error() + ")"
		}
		env = rolled
		from = fmt.Sprintf("DYO roll of seed %d (Shift+Y: another; the game rolls its own at the start)", s.envSeed())
	}
	if s.gr.preview > 0 {
		env.Time = groundTimes[s.gr.preview-1]
	}
	return env, true, from
}

// groundUpdate asks the engine again when anything it answers from has
// changed: the scenario's text, the map, the hex, the time, the entry.
func (s *DesignScene) groundUpdate() {
	g := &s.gr
	if s.tool != toolGround || !g.picked || s.m == nil || s.sc == nil {
		return
	}
	t := s.groundType()
	tid := ""
	if t != nil {
		tid = t.ID
	}
	// the scenario is parsed again by each edit, undo or redo (refresh):
	// a new one is a changed text
	key := fmt.Sprintf("%p|%p|%v|%d|%s|%d|%d|%v", s.sc, s.m, g.from, g.preview, tid, s.side, s.envSeed(), g.towing)
	if key == g.key {
		s.groundHover()
		return
	}
	g.key, g.hovKey, g.hov = key, "", nil
	g.env, g.envOK, g.envFrom = s.groundEnv()
	g.sun, g.haze = game.SunZone{}, game.Haze{}
	if g.envOK {
		g.sun = game.SunZoneIn(g.env, s.m, g.from)
		g.haze = game.HazeBandsIn(g.env, s.m, g.from)
	}
	g.typ, g.area, g.plan, g.reachErr = t, nil, nil, ""
	if t == nil {
		g.reachErr = "no catalogue entry matches the search (/)"
		return
	}
	if !t.Mobile() {
		g.reachErr = t.Name + " cannot move on its own (MP 0: it moves towed)"
		return
	}
	british := t.Nation == forces.NationBritish
	if t.Nation == forces.NationAny && s.side < len(s.sc.Sides) {
		british = s.sc.Sides[s.side].Nation == forces.NationBritish
	}
	g.unit = groundUnit(t, british)
	g.unit.Towing = g.towing && t.Tow > 0 && g.unit.Kind.Motorized()
	var env *climate.Environment
	if g.envOK {
		env = &g.env
	}
	smoke, _ := s.groundSmoke()
	cond, err := groundConditions(s.sc, s.m, env, smoke)
	if err == nil {
		g.cond = cond
		g.plan, err = move.NewPlanner(s.m, cond)
	}
	if err == nil {
		g.area, err = g.plan.ReachFrom(g.unit, move.Path{From: g.from}, g.unit.Allotment())
	}
	if err != nil {
		g.reachErr, g.area = err.Error(), nil
	}
	s.groundHover()
}

// groundUnit is how engine/move sees a base of catalogue entry t, as the
// game moves it (its allotment, pressure, truck class; which fixed
// defences it may cross).
func groundUnit(t *forces.BaseType, british bool) move.Unit {
	u := t.MoveUnit(british)
	game.ObstacleAbilities(&u, t)
	return u
}

// groundConditions are the movement conditions a game of sc starts with:
// the climate's (game.MoveConditions; env nil: unknown, Moderate EC and
// no dust, what `khamsin reach` assumes), the sangar counters, the fixed
// defences and SMOKE: smoke, what is on the map when turn 1 starts
// (openingSmoke), or without it (nil) the scenario's SMOKE counters.
func groundConditions(sc *scenario.Scenario, m *hexmap.Map, env *climate.Environment, smoke []hexmap.Hex) (move.Conditions, error) {
	var c move.Conditions
	if env != nil {
		c = game.MoveConditions(*env)
	}
	c.Smoke = slices.Clone(smoke)
	for _, k := range sc.Counters {
		h, err := m.Hex(strings.ToUpper(k.Hex))
		if err != nil {
			continue // check reports it
		}
		switch k.Kind {
		case "sangar":
			c.Sangars = append(c.Sangars, move.Sangar{Hex: h})
		case "smoke":
			if smoke == nil {
				c.Smoke = append(c.Smoke, h)
			}
		}
	}
	for _, o := range sc.Obstacles {
		hs, err := scenario.Run(m, o.Hexes, o.From, o.To)
		if err != nil {
			continue
		}
		k, err := move.ParseObstacleKind(o.Kind)
		if err != nil {
			continue
		}
		for _, h := range hs {
			c.Obstacles = append(c.Obstacles, move.Obstacle{Hex: h, Kind: k})
		}
	}
	return c, nil
}

// groundHover prices the least-cost path to the hovered hex, as play's
// move preview does: each step's MP and rule, the checks, and the hexes
// where a vehicle raises dust (11.74).
func (s *DesignScene) groundHover() {
	g := &s.gr
	if g.area == nil || !s.hovering {
		g.hovKey, g.hov = "", nil
		return
	}
	key := s.m.Label(s.hoverHex)
	if key == g.hovKey {
		return
	}
	g.hovKey, g.hov = key, nil
	if _, ok := g.area.Cost(s.hoverHex); !ok || s.hoverHex == g.from {
		return
	}
	if mv, err := g.plan.Walk(g.unit, g.area.Path(s.hoverHex)); err == nil {
		g.hov = mv
	}
}

// groundRing is the reach's hexes and their costs, by label (tests
// compare it with the engine's).
func (s *DesignScene) groundReach() map[string]move.MP {
	g := &s.gr
	if g.area == nil {
		return nil
	}
	out := map[string]move.MP{}
	for _, h := range g.area.Hexes() {
		c, _ := g.area.Cost(h)
		out[s.m.Label(h)] = c
	}
	return out
}

var (
	dsGroundFrom = color.RGBA{255, 214, 80, 255}
	dsDustCloud  = color.RGBA{190, 160, 110, 190}
)

// drawGround draws the tool's answers on the map: the reach shaded with
// its costs (play's colours), the sun wedge, the haze rings, and the
// hovered path with the hexes where it raises dust.
func (s *DesignScene) drawGround(screen *ebiten.Image) {
	g := &s.gr
	if s.tool != toolGround || !g.picked || s.ms == nil || s.m == nil {
		return
	}
	hs := s.hexPx()
	pen := climatePen{board: s.ms, vis: s.mapArea(s.w, s.h), u: s.scale, small: s.hud.Small, far: float64(s.w + s.h)}
	// the wedge and the rings stop at the board edges, as the viewshed does
	full := screen
	x0, y0 := s.ms.Cam.WorldToScreen(s.ms.Play[0].X, s.ms.Play[0].Y)
	x1, y1 := s.ms.Cam.WorldToScreen(s.ms.Play[1].X, s.ms.Play[1].Y)
	if clip := image.Rect(int(x0), int(y0), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(full.Bounds()); !clip.Empty() {
		screen = full.SubImage(clip).(*ebiten.Image)
	}
	drawSunWedge(screen, pen, g.from, g.sun)
	drawSunLabel(screen, pen, g.from, g.sun)
	if a := g.area; a != nil {
		face := s.counters.Faces.Face(math.Min(16*s.scale, hs*0.32))
		// one path for every hex (the hexes, shrunk, do not touch: the
		// same picture as a fill and a stroke each, at a fraction of the
		// cost)
		var p vector.Path
		for _, h := range a.Hexes() {
			s.addHexPath(&p, h, 0.94)
		}
		ui.FillPath(screen, &p, reachFill)
		ui.StrokePath(screen, &p, math.Max(1, hs*0.03), reachEdge)
		if hs >= 22 {
			for _, h := range a.Hexes() {
				c, _ := a.Cost(h)
				x, y := s.ms.HexOnScreen(h)
				ui.CentredText(screen, c.String(), face, x, y+hs*0.55, color.RGBA{235, 245, 255, 255})
			}
		}
	}
	if g.envOK {
		drawHazeRings(screen, pen, g.from, g.haze)
	}
	screen = full
	s.outline(screen, g.from, dsGroundFrom, 3)
	if mv := g.hov; mv != nil {
		var pts []hexmap.Hex
		pts = append(pts, g.from)
		for _, st := range mv.Steps {
			pts = append(pts, st.Hex)
		}
		for i := 1; i < len(pts); i++ {
			x0, y0 := s.ms.HexOnScreen(pts[i-1])
			x1, y1 := s.ms.HexOnScreen(pts[i])
			ui.Line(screen, x0, y0, x1, y1, 6*s.scale, color.RGBA{250, 250, 250, 200})
			ui.Line(screen, x0, y0, x1, y1, 3*s.scale, pathColour)
		}
		for _, d := range mv.Dust {
			x, y := s.ms.HexOnScreen(d)
			s.sup.sprites.Cloud(screen, x-hs*0.45, y-hs*0.4, math.Max(4, hs*0.26), dsDustCloud)
		}
		s.drawGroundTip(screen, s.groundTip())
	}
}

// groundTip is the hovered path in words, as play's move preview words it.
func (s *DesignScene) groundTip() []string {
	mv := s.gr.hov
	if mv == nil {
		return nil
	}
	out := []string{fmt.Sprintf("%s %s → %s: %s MP of %s", s.gr.typ.Name, s.m.Label(s.gr.from), s.gr.hovKey, mv.Total, mv.Allotment)}
	for _, st := range mv.Steps {
		out = append(out, fmt.Sprintf("  %s  %s MP: %s", s.m.Label(st.Hex), st.Cost, strings.Join(st.Why(), " + ")))
		for _, c := range st.Checks {
			out = append(out, fmt.Sprintf("     ! %s: %s DR %+d (%s)", s.m.Label(st.Hex), c.Kind, c.DRM, c.Kind.Rule()))
		}
	}
	if len(mv.Dust) > 0 {
		var ls []string
		for _, h := range mv.Dust {
			ls = append(ls, s.m.Label(h))
		}
		out = append(out, "  raises vehicle dust in "+strings.Join(ls, ", ")+" (11.74)")
	}
	return out
}

// drawGroundTip draws lines in a box by the cursor, kept on the map.
func (s *DesignScene) drawGroundTip(screen *ebiten.Image, lines []string) {
	if len(lines) == 0 {
		return
	}
	u := s.scale
	f := s.hud.Small
	lh := math.Ceil(ui.SmallPt * ui.LineGap * u)
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, text.Advance(l, f))
	}
	w += 2 * ui.PadX * u
	h := float64(len(lines))*lh + ui.PadY*u
	a := s.mapArea(s.w, s.h)
	x := math.Min(s.cur.CursorX+18*u, float64(a.Max.X)-w)
	y := math.Min(s.cur.CursorY+18*u, float64(a.Max.Y)-h)
	x, y = math.Max(x, float64(a.Min.X)), math.Max(y, float64(a.Min.Y))
	ui.FillRect(screen, x, y, w, h, color.RGBA{24, 19, 14, 235})
	for i, l := range lines {
		c := ui.Ink
		if i == 0 {
			c = ui.Accent
		}
		ui.DrawText(screen, l, f, x+ui.PadX*u, y+ui.PadY*u/2+float64(i)*lh, c)
	}
}

// groundLines are the panel's words for the tool: the climate and where
// it comes from, the sun, the haze, the dust and what it does, the reach.
// A row with do set is clickable.
type groundLine struct {
	text string
	col  color.Color
	do   func()
}

func (s *DesignScene) groundLines() []groundLine {
	g := &s.gr
	var out []groundLine
	add := func(c color.Color, do func(), format string, a ...any) {
		out = append(out, groundLine{fmt.Sprintf(format, a...), c, do})
	}
	if !g.picked || s.m == nil {
		add(ui.Accent, nil, "Ground: click a hex on the map")
		add(ui.Dim, nil, "  sun wedge, heat haze, dust and the reach of")
		add(ui.Dim, nil, "  the catalogue entry picked, from that hex")
		return out
	}
	add(ui.Accent, nil, "Ground from %s (click another hex)", s.m.Label(g.from))
	tm := "the scenario's"
	if g.preview > 0 {
		tm = groundTimes[g.preview-1].String() + " (preview)"
	}
	add(ui.Ink, func() { s.groundNextTime(1) }, "Time of day: %s — A or click: next", tm)
	if !g.envOK {
		add(dsProblem, nil, "  %s", g.envFrom)
	} else {
		e := g.env
		a := climate.Assess(e)
		add(ui.Dim, nil, "  %s", g.envFrom)
		add(ui.Ink, nil, "  %s, %s, EC %s, wind %s", e.Time, e.Weather, a.EC, e.Wind)
		// sun blindness (11.61)
		switch {
		case a.Sun != climate.NoSun:
			add(ui.Ink, nil, "Sun in the eyes looking %s: %d hexes shaded (11.61)", a.Sun, len(g.sun.Hexes))
		case e.Time == climate.EarlyMorning || e.Time == climate.LateAfternoon:
			add(ui.Ink, nil, "Sun blindness: not in force (11.1: overcast, no desert board, or Steppe without Very Dry EC)")
		default:
			add(ui.Ink, nil, "Sun blindness: none at %s (Early Morning, Late Afternoon only, 11.61)", e.Time)
		}
		// heat haze (11.62, 11.621)
		if len(g.haze.Bands) == 0 {
			add(ui.Ink, nil, "Heat haze: none now; the rings: where haze would start (11.62)")
		} else {
			rule := "11.62"
			if g.haze.Level == "intense" {
				rule = "11.621"
			}
			add(ui.Ink, nil, "Heat haze: %s (%s)", g.haze.Level, rule)
		}
		bands := g.haze.Bands
		if len(bands) == 0 {
			bands = g.haze.IfHaze
		}
		for _, tgt := range []string{climate.TargetInfantry.String(), climate.TargetVehicle.String()} {
			var parts []string
			for _, b := range bands {
				if b.Target != tgt {
					continue
				}
				switch {
				case b.DRM == 0 && b.To == 0:
					parts = append(parts, "clear to the map's edge")
				case b.DRM == 0:
					parts = append(parts, fmt.Sprintf("clear to %d hexes", b.To))
				default:
					parts = append(parts, fmt.Sprintf("+%d from %d", b.DRM, b.From))
				}
			}
			if len(parts) > 0 {
				add(ui.Dim, nil, "  vs %s: %s (11.623)", tgt, strings.Join(parts, ", "))
			}
		}
		for _, l := range dustLines(e) {
			add(ui.Ink, nil, "%s", l)
		}
	}
	// the reach
	if g.typ != nil {
		add(ui.Accent, nil, "Reach of %s ([ ] or click: pick, /: find)", g.typ.Name)
	}
	if g.reachErr != "" {
		add(dsProblem, nil, "  %s", g.reachErr)
		return out
	}
	if g.area != nil {
		add(ui.Ink, nil, "  %s, %s %s: %s this turn", g.unit.Kind, g.unit.Allotment(), g.unit.Kind.Units(), hexCount(g.area.Len()-1))
		if g.typ.Tow > 0 && g.unit.Kind.Motorized() {
			if g.unit.Towing {
				add(ui.Ink, s.groundToggleTowing, "  towing a gun: +1 MP a hex (9.2) — J or click: without")
			} else {
				add(ui.Dim, s.groundToggleTowing, "  no gun in tow — J or click: towing one (9.2)")
			}
		}
		if hs, why := s.groundSmoke(); why != "" {
			add(ui.Dim, nil, "  SMOKE: the scenario's counters only (%s)", why)
		} else if len(hs) > 0 {
			add(ui.Dim, nil, "  SMOKE at turn 1's start: %s (counters, opening barrages)", hexCount(len(hs)))
		}
		c := g.cond
		mud := ""
		if c.Mud {
			mud = ", mud"
		}
		if g.envOK {
			add(ui.Dim, nil, "  EC %s%s, dust %s: the game's start conditions", c.EC, mud, c.Dust)
		} else {
			add(ui.Dim, nil, "  climate not known yet: Moderate EC, no dust (as khamsin reach)")
		}
		if g.unit.Kind == move.Infantry {
			add(ui.Dim, nil, "  in play a move on foot goes at most %d hexes (9.1)", 3)
		}
		add(ui.Dim, nil, "  hover a shaded hex: its path, each MP and rule")
	}
	return out
}

// dustLines say the dust in force under env and what it does (11.7x):
// the prevailing density's effects, Vehicle Dust, FFE Dust.
func dustLines(env climate.Environment) []string {
	a := climate.Assess(env)
	d := a.Dust
	var out []string
	if d == climate.DustNone {
		why := climate.WhyNot(env, climate.RuleLightDust, "")
		if why == "" {
			why = "no density set or rolled"
		}
		out = append(out, "Dust: none ("+why+")")
	} else {
		r, _ := d.DustRule()
		out = append(out, fmt.Sprintf("Dust: %s (%s)", d.Title(), r.Number()))
	}
	switch {
	case d == climate.DustLight:
		out = append(out, "  each TH and IFT: a DLV DRM of a subsequent dr halved, FRU (11.71)")
	case d == climate.DustModerate:
		out = append(out, "  each TH and IFT: a DLV DRM of a subsequent dr, not halved (11.72)")
	case d == climate.DustHeavy:
		out = append(out, fmt.Sprintf("  LOS hindrance: half the range, FRU (+%d at 6 hexes) (11.73)", climate.HeavyDustLOSDRM(d, 6)))
	case d >= climate.DustVeryHeavy:
		out = append(out, fmt.Sprintf("  LOS hindrance: the range (+%d at 6 hexes) (11.731)", climate.HeavyDustLOSDRM(d, 6)))
	}
	if n := climate.DustEntryCost(env, climate.Mover{Vehicle: true}); n > 0 {
		bu := climate.DustEntryCost(env, climate.Mover{Vehicle: true, BUAFV: true})
		out = append(out, fmt.Sprintf("  vehicles and cavalry +%d MP a hex, a BU AFV +%d (11.73, 11.731)", n, bu))
	}
	if !climate.DoubleTimeAllowed(env) {
		out = append(out, "  no double time, cavalry charge or air attack (11.731)")
	}
	if climate.BXChange(env, false) != 0 {
		out = append(out, "  B/X numbers −1 (11.732)")
	}
	if ok, why := climate.VehicleDustPlaced(env, climate.VehicleEntry{SpentHalfMP: 2}); ok {
		out = append(out, "Vehicle dust: a vehicle entering a hex at 2 MP or less leaves a counter in the hex it left (11.74)")
	} else {
		out = append(out, "Vehicle dust: none — "+why)
	}
	if w := climate.WhyNot(env, climate.RuleFFEDust, ""); w == "" {
		out = append(out, "FFE dust: fire of 70mm or more raises dust (11.75)")
	} else {
		out = append(out, "FFE dust: none — "+w)
	}
	return out
}

// groundPanel lays groundLines out in the properties panel (hook in
// items).
func (s *DesignScene) groundPanel(x float64, y *float64, w, rowH float64) []item {
	if s.tool != toolGround {
		return nil
	}
	var out []item
	for _, l := range s.groundLines() {
		for _, t := range wrapTo(l.text, s.hud.Small, w) {
			out = append(out, item{x: x, y: *y, w: w, h: rowH, text: t, face: s.hud.Small, col: l.col, do: l.do})
			*y += rowH
		}
	}
	*y += rowH / 2
	return out
}

// wrapTo breaks str into lines that fit width, at spaces; the lines after
// the first are indented as str is, two spaces more.
func wrapTo(str string, f text.Face, width float64) []string {
	if text.Advance(str, f) <= width {
		return []string{str}
	}
	indent := str[:len(str)-len(strings.TrimLeft(str, " "))] + "  "
	var out []string
	line := ""
	for _, w := range strings.Fields(str) {
		next := line + " " + w
		if line == "" {
			next = str[:len(str)-len(strings.TrimLeft(str, " "))] + w
			if len(out) > 0 {
				next = indent + w
			}
		}
		if line != "" && text.Advance(next, f) > width {
			out = append(out, line)
			line = indent + w
			continue
		}
		line = next
	}
	if line != "" {
		out = append(out, line)
	}
	for i := range out {
		out[i] = clipTo(out[i], f, width) // a word longer than the width
	}
	return out
}

// hexCount is "1 hex", "5 hexes".
func hexCount(n int) string {
	if n == 1 {
		return "1 hex"
	}
	return fmt.Sprintf("%d hexes", n)
}
