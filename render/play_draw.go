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

	"khamsin/engine/combat"
	"khamsin/engine/game"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

var (
	reachFill  = color.NRGBA{60, 130, 220, 46}
	reachEdge  = color.NRGBA{40, 110, 200, 140}
	pathColour = color.RGBA{20, 70, 160, 255}
	coverFill  = color.RGBA{30, 25, 20, 255}
)

// Draw draws the scene. Behind the hand-over screen it draws nothing of
// either side.
func (s *PlayScene) Draw(screen *ebiten.Image) {
	if t := s.top(); t != nil && t.opaque() {
		t.draw(s, screen)
		return
	}
	if s.sum != nil && s.opts.Mode == ModeHotseat && s.rp() == nil {
		s.drawSummaryScreen(screen)
		return
	}
	b := s.board
	b.DrawLayers(screen)
	s.drawMarkers(screen)
	s.drawSunZone(screen)
	s.drawOverlays(screen) // overlays: danger map, sight (play_danger.go)
	s.drawReach(screen)
	s.drawHexMode(screen)
	s.drawHaze(screen)
	s.drawCounters(screen)
	s.drawSunZoneLabel(screen)
	if s.hovering {
		b.DrawHover(screen)
	}
	b.DrawLOS(screen)
	help := s.help() != nil
	if s.sum != nil && s.opts.Mode == ModeSolo && !help {
		s.drawSoloSummary(screen) // under the move's tooltip: in a small window it hid the preview
	}
	s.drawPlotted(screen)
	s.drawDice(screen)
	s.drawOverlayLegend(screen) // overlays
	if s.hoverAt >= 0 && s.hoverAt < len(s.placed) && !help {
		p := s.placed[s.hoverAt]
		if p.c.S < 30 {
			// small counters: a magnified copy beside the cursor
			c := p.c
			c.S = 56 * s.ui
			c.X, c.Y = p.c.X+p.c.S/2+c.S*0.7, p.c.Y-c.S*0.6
			s.cc.Draw(screen, c)
		}
	}
	if s.rp() != nil {
		s.drawBanner(screen, s.replayBanner())
	} else if s.handOver {
		s.drawBanner(screen, s.handOverPrompt())
	} else if s.over() != "" && !s.resultUp() {
		s.drawBanner(screen, s.over())
	}
	s.drawTop(screen)
	s.drawPanel(screen)
	s.drawStatusBar(screen)
	if s.mode == "assault" {
		s.drawAssaultOdds(screen)
	} else if s.odds != nil || s.oddsErr != "" {
		s.drawOdds(screen)
	}
	// the screens over the table, from the last replay up: a replay
	// hides the end screen it was started from
	from := 0
	for i, sc := range s.screens {
		if _, ok := sc.(*replayScreen); ok {
			from = i
		}
	}
	for _, sc := range s.screens[from:] {
		sc.draw(s, screen)
	}
}

func (s *PlayScene) over() string {
	if !s.g.Over() {
		return ""
	}
	v := s.view
	who := "a draw"
	if v.Winner != nil {
		si, _ := s.g.SideIndex(*v.Winner)
		who = s.g.Side(si).Name + " wins"
	}
	if strings.HasPrefix(v.Result, who) {
		return "Game over: " + v.Result // the result names the winner already
	}
	return "Game over: " + who + " — " + v.Result
}

// hexPath is h's outline on the screen, shrunk about its centre.
func (s *PlayScene) hexPath(h hexmap.Hex, shrink float64) *vector.Path {
	return boardHexPath(s.board, h, shrink)
}

func (s *PlayScene) screenOf(label string) (float64, float64, bool) {
	h, err := s.g.HexOf(label)
	if err != nil {
		return 0, 0, false
	}
	x, y := s.board.HexOnScreen(h)
	return x, y, true
}

// drawMarkers draws minefields, obstacles, objectives, smoke, vehicle dust and wrecks.
func (s *PlayScene) drawMarkers(dst *ebiten.Image) {
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	s.drawDefences(dst, hs) // minefields and obstacles (defences_draw.go)
	for _, w := range s.view.Wrecks {
		if x, y, ok := s.screenOf(w); ok {
			s.sprites.Wreck(dst, x-hs*0.55, y+hs*0.45, hs*0.2)
		}
	}
	for _, o := range s.view.Objectives {
		x, y, ok := s.screenOf(o.Hex)
		if !ok {
			continue
		}
		si, _ := s.g.SideIndex(o.Controller)
		col := ui.SideColours(si, s.g.Side(si).Nation).Edge
		s.sprites.Objective(dst, x+hs*0.55, y-hs*0.5, math.Max(5, hs*0.24), col, fmt.Sprint(o.Value), &s.faces)
	}
	for _, d := range s.view.Smoke {
		if x, y, ok := s.screenOf(d); ok {
			s.sprites.Cloud(dst, x, y, hs*0.6, color.RGBA{150, 150, 150, 150})
		}
	}
	for _, d := range s.view.Dust {
		if x, y, ok := s.screenOf(d); ok {
			s.sprites.Cloud(dst, x-hs*0.45, y-hs*0.4, math.Max(4, hs*0.26), color.RGBA{190, 160, 110, 190})
		}
	}
}

// drawReach shades the hexes the selected base can reach, with costs.
func (s *PlayScene) drawReach(dst *ebiten.Image) {
	if len(s.moves) == 0 {
		return
	}
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	face := s.faces.Face(math.Min(16*s.ui, hs*0.32))
	for label := range s.moves {
		h, err := s.g.HexOf(label)
		if err != nil {
			continue
		}
		p := s.hexPath(h, 0.94)
		ui.FillPath(dst, p, reachFill)
		ui.StrokePath(dst, p, math.Max(1, hs*0.03), reachEdge)
	}
	for label, o := range s.moves {
		h, err := s.g.HexOf(label)
		if err != nil {
			continue
		}
		if hs >= 22 {
			x, y := s.board.HexOnScreen(h)
			if !s.occupied(label) {
				ui.CentredText(dst, o.Cost.String(), face, x, y+hs*0.55, color.RGBA{235, 245, 255, 255})
			}
		}
	}
}

func (s *PlayScene) occupied(label string) bool {
	for _, p := range s.placed {
		if p.hex == label {
			return true
		}
	}
	return false
}

// tooltip draws lines in a box beside the counter at (x,y), kept on the
// map: the first line a heading, wrapped and placed as tooltipC does.
func (s *PlayScene) tooltip(dst *ebiten.Image, lines []string, x, y float64) {
	tl := make([]tipLine, len(lines))
	for i, l := range lines {
		tl[i] = tipLine{l, ui.Ink}
		if i == 0 {
			tl[i].c = ui.Accent
		}
	}
	s.tooltipC(dst, tl, x, y)
}

// drawOdds shows the hovered shot's odds: the to-hit test with every
// modifier and its rule, the save, and the chance of each outcome.
func (s *PlayScene) drawOdds(dst *ebiten.Image) {
	t := s.hoveredTarget()
	x, y, ok := s.CounterAt(t)
	if !ok {
		return
	}
	if s.odds == nil {
		s.tooltip(dst, []string{"fire " + s.sel + " at " + t, s.oddsErr}, x, y)
		return
	}
	o := s.odds
	tb := s.bases[t]
	lines := []string{fmt.Sprintf("fire %s at %s (%s): %s, range %d — click to fire", s.sel, t, tb.Name, o.Weapon, o.Range)}
	if o.Blocked != "" {
		lines = append(lines, "blocked: "+o.Blocked)
	}
	pct := func(f float64) string { return fmt.Sprintf("%.0f%%", f*100) }
	test := func(head string, t combat.Test) {
		lines = append(lines, head)
		for _, m := range t.Mods {
			r := ""
			if m.Rule != "" {
				r = "  (" + m.Rule + ")"
			}
			lines = append(lines, fmt.Sprintf("     %+d  %s%s", m.N, m.What, r))
		}
	}
	h := o.ToHit
	test(fmt.Sprintf("to hit (%s): d10 %+d, need %s — %s", h.Table, h.Total(), needText(h), pct(h.Chances()[combat.Success])), h)
	test(saveText("save", o.Save), o.Save)
	lines = append(lines, fmt.Sprintf("outcome: unharmed %s · pinned %s · knocked out %s", pct(o.Unharmed), pct(o.Pinned), pct(o.KnockedOut)))
	s.tooltip(dst, lines, x, y)
}

// saveText says a save test in the player's words: when no face of the
// d10 saves, "no save possible" and what every hit does instead; when
// every face saves, "automatic"; otherwise the face needed. The numbers
// (the total modifier, the chance of each band) stay.
func saveText(name string, t combat.Test) string {
	c := t.Chances()
	pct := func(f float64) string { return fmt.Sprintf("%.0f %%", f*100) }
	it := "it"
	if strings.HasPrefix(name, "your") {
		it = "your base" // the assault's fighting back
	}
	switch n := t.Need(); {
	case n > 10 && c[combat.Middle] == 0:
		return fmt.Sprintf("%s (%s): d10 %+d — no save possible: every hit knocks %s out (saved 0 %%)", name, t.Table, t.Total(), it)
	case n > 10:
		return fmt.Sprintf("%s (%s): d10 %+d — no full save possible: a hit pins %s (%s) or knocks %s out (%s)", name, t.Table, t.Total(), it, pct(c[combat.Middle]), it, pct(c[combat.Failure]))
	case n <= 1:
		return fmt.Sprintf("%s (%s): d10 %+d — automatic: every hit is saved (100 %%)", name, t.Table, t.Total())
	}
	return fmt.Sprintf("%s (%s): d10 %+d, saved on %d+ — %s", name, t.Table, t.Total(), t.Need(), pct(c[combat.Success]))
}

func needText(t combat.Test) string {
	n := t.Need()
	switch {
	case n > 10:
		return "impossible"
	case n <= 1:
		return "any roll"
	}
	return fmt.Sprintf("%d+", n)
}

// drawTop draws the status area: turn, phase, side to act, open
// activation, orders, initiative, break points, objectives, climate.
func (s *PlayScene) drawTop(dst *ebiten.Image) {
	w := float64(s.w)
	th := float64(s.topH())
	ui.FillRect(dst, 0, 0, w, th, color.RGBA{24, 19, 14, 255}) // opaque: no hex label shows through
	ui.Line(dst, 0, th, w, th, s.hud.U(1.5), ui.PanelEdge)
	t := s.topLines(w)
	pad := s.hud.U(ui.PadX)
	lh := s.hud.U(ui.SmallPt * ui.LineGap)
	y1 := s.hud.U(ui.PadY)
	y2 := y1 + lh
	ui.DrawText(dst, t.l1, s.boldFace(), pad, y1, ui.Accent)
	ui.DrawText(dst, t.l2, s.hud.Small, pad, y2, ui.Ink)
	if t.rows > 2 {
		// narrow: the sides, then the climate, under the state
		y := y2 + lh
		if t.l3 != "" {
			ui.DrawText(dst, t.l3, s.hud.Small, pad, y, ui.Ink)
			y += lh
		}
		ui.DrawText(dst, t.env, s.hud.Small, pad, y, ui.Dim)
		return
	}
	ui.DrawText(dst, t.env, s.hud.Small, w-pad-t.ew, y1, ui.Dim)
	ui.DrawText(dst, t.env2, s.hud.Small, w-pad-t.ew, y2, ui.Dim)
}

// topText is the status area's text laid out for a window width.
type topText struct {
	l1, l2     string  // the game's state (bold) and the sides' (fitted to room)
	env, env2  string  // the climate, on the right
	room, ew   float64 // the width left of the climate, the climate's width
	l1W, l2W   float64 // the width of l1 and l2
	cut1, cut2 bool    // l1, l2 had to be cut with an ellipsis
	// a window too narrow for the climate beside the rest (800 px and
	// less): rows 3 or 4 lines, each the width of the window: l1, l2 (or
	// l2 and l3, a side each), then the climate on one line in env
	rows int
	l3   string
}

// topLines lays the status area out for width w: the long wording when it
// fits, else a shorter one, an ellipsis only when even that does not.
func (s *PlayScene) topLines(w float64) topText {
	v := s.view
	name := func(id string) string {
		if si, ok := s.g.SideIndex(id); ok {
			return s.g.Side(si).Name
		}
		return id
	}
	e := v.Env
	var t topText
	t.env = fmt.Sprintf("%s · %s · EC %s · wind %s", e.Time, e.Weather, e.EC, e.Wind)
	if e.Gusts {
		t.env += " gusts"
	}
	t.env2 = fmt.Sprintf("dust %s · sun blindness %s", e.Dust, e.Sun)
	pad := s.hud.U(ui.PadX)
	t.ew = math.Max(text.Advance(t.env, s.hud.Small), text.Advance(t.env2, s.hud.Small))
	t.room = w - 3*pad - t.ew

	// line 1: long, then short wordings
	var l1s []string
	for _, short := range []bool{false, true} {
		l := fmt.Sprintf("Turn %d of %d · %s phase", v.Turn, v.TurnLimit, v.Phase)
		if short {
			l = fmt.Sprintf("Turn %d/%d · %s", v.Turn, v.TurnLimit, v.Phase)
		}
		if v.Phase == game.PhaseOver.String() {
			// a finished game: who won, and whose view the map still
			// shows (a save loaded after the end opens on whichever side
			// was last to act, whoever fought it)
			who, whoShort := "a draw", "a draw"
			if v.Winner != nil {
				who, whoShort = name(*v.Winner)+" wins", *v.Winner+" won"
			}
			l = fmt.Sprintf("Turn %d of %d · game over: %s", v.Turn, v.TurnLimit, who)
			if short {
				l = fmt.Sprintf("Turn %d/%d · over: %s", v.Turn, v.TurnLimit, whoShort)
			}
			me := s.g.Side(s.side).ID
			switch r := s.rp(); {
			case r != nil && r.side < 0:
				l += " · replay: everything shown"
			case r != nil:
				l += " · replay as " + s.g.Side(r.side).ID + " saw it"
			case s.opts.Mode == ModeSolo && short:
				l += " · you: " + me
			case s.opts.Mode == ModeSolo:
				l += " · your side: " + me
			case short:
				l += " · showing: " + me
			default:
				l += " · the map as " + me + " saw it"
			}
			l1s = append(l1s, l)
			continue
		}
		if v.SideToAct != "" {
			if short {
				l += " · to act: " + v.SideToAct
			} else {
				l += " · to act: " + name(v.SideToAct)
			}
		}
		if v.Open != "" {
			l += " · open: " + v.Open + " " + v.OpenAction
		}
		switch r := s.rp(); {
		case r != nil && r.side < 0:
			l += " · replay: everything shown" // the end of game's replay: the umpire's view, nobody's side
		case r != nil && short:
			l += " · replay: " + s.g.Side(r.side).ID
		case r != nil:
			l += " · replay as " + s.g.Side(r.side).ID + " saw it"
		case s.opts.Mode == ModeBoth:
			// one person moves both sides: the screen shows one side's view
			// at a time, the side's it says, not "yours"
			l += " · showing: " + s.g.Side(s.side).ID
		case !short:
			l += " · your side: " + s.g.Side(s.side).ID
			if s.opts.Mode == ModeSolo {
				l += " (vs the computer, " + OpponentName(s.opts.AILevel) + ")"
			}
		case s.opts.Mode == ModeSolo:
			l += " · you: " + s.g.Side(s.side).ID + " vs " + OpponentName(s.opts.AILevel) + " AI"
		default:
			l += " · you: " + s.g.Side(s.side).ID
		}
		l1s = append(l1s, l)
	}
	// line 2: each side's orders, initiative, break point, objectives
	var l2s, shortParts []string
	for _, short := range []bool{false, true} {
		var parts []string
		for _, sd := range v.Sides {
			p := fmt.Sprintf("%s: %d orders", sd.ID, v.Orders[sd.ID])
			if short {
				p = fmt.Sprintf("%s %d orders", sd.ID, v.Orders[sd.ID])
			}
			if b := v.Brigade[sd.ID]; b > 0 {
				if short {
					p += fmt.Sprintf(" +%d bde", b)
				} else {
					p += fmt.Sprintf(" +%d brigade", b)
				}
			}
			if short {
				p += fmt.Sprintf(" · init %d · BP %d", v.Initiative[sd.ID], v.BreakPoint[sd.ID])
			} else {
				p += fmt.Sprintf(", initiative %d, break point %d", v.Initiative[sd.ID], v.BreakPoint[sd.ID])
			}
			held, vp := 0, 0
			for _, o := range v.Objectives {
				if o.Controller == sd.ID {
					held++
					vp += o.Value
				}
			}
			if len(v.Objectives) > 0 {
				if short {
					p += fmt.Sprintf(" · obj %d (%d)", held, vp)
				} else {
					p += fmt.Sprintf(", objectives %d (%d)", held, vp)
				}
			}
			parts = append(parts, p)
		}
		sep := "   ·   "
		if short {
			sep = "  |  "
			shortParts = parts
		}
		l2s = append(l2s, strings.Join(parts, sep))
	}
	pick := func(ls []string, face text.Face) (string, float64, bool) {
		for _, l := range ls {
			if w := text.Advance(l, face); w <= t.room {
				return l, w, false
			}
		}
		l := fitText2(ls[len(ls)-1], face, t.room)
		return l, text.Advance(l, face), true
	}
	t.l1, t.l1W, t.cut1 = pick(l1s, s.boldFace())
	t.l2, t.l2W, t.cut2 = pick(l2s, s.hud.Small)
	t.rows = 2
	if !t.cut1 && !t.cut2 {
		return t
	}
	// the climate under the rest, every line the window's width
	t.rows, t.room = 3, w-2*pad
	t.l1, t.l1W, t.cut1 = pick(l1s, s.boldFace())
	t.l2, t.l2W, t.cut2 = pick(l2s, s.hud.Small)
	if t.cut2 && len(shortParts) == 2 {
		t.rows = 4
		t.l2, t.l3 = fitText2(shortParts[0], s.hud.Small, t.room), fitText2(shortParts[1], s.hud.Small, t.room)
		t.l2W, t.cut2 = math.Max(text.Advance(t.l2, s.hud.Small), text.Advance(t.l3, s.hud.Small)), false
	}
	t.env, t.env2 = fitText2(t.env+" · "+t.env2, s.hud.Small, t.room), ""
	t.ew = text.Advance(t.env, s.hud.Small)
	return t
}

// drawStatusBar draws the bottom bar: a refusal or a notice, else the
// hovered hex and every counter in it.
func (s *PlayScene) drawStatusBar(dst *ebiten.Image) {
	w, h := float64(s.w), float64(s.h)
	sh := float64(s.statusH())
	ui.FillRect(dst, 0, h-sh, w, sh, color.RGBA{16, 13, 10, 250})
	right := fmt.Sprintf("zoom %d%%   F1 help   Ctrl+S save", int(math.Round(s.board.Cam.Scale()*100)))
	rw := text.Advance(right, s.hud.Small)
	pad := s.hud.U(ui.PadX)
	room := w - 3*pad - rw
	lh := s.hud.U(ui.StatusPt * ui.LineGap)
	var lines []string
	c := ui.Ink
	if s.msg != "" && (s.tick-s.msgTick < msgTicks || s.handOver) { // the last outcome stays until the hand-over
		lines = ui.Wrap(s.msg, s.hud.Status, room, 1)
		c = hudGood
		if s.msgBad {
			c = hudBad
		}
	}
	if s.hovering {
		hx := s.board.Status()
		if ct := s.countersIn(s.g.Label(s.hover)); ct != "" {
			hx += "  |  " + ct
		}
		lines = append(lines, ui.Wrap(hx, s.hud.Status, room, 2-len(lines))...)
	} else if len(lines) == 0 {
		lines = ui.Wrap("Point at a hex to see what it holds; click a counter of yours to give it orders", s.hud.Status, room, 2) // beside the zoom: it ran under it at 640 px
		c = ui.Dim
	}
	for i, l := range lines {
		col := ui.Ink
		if i == 0 {
			col = c
		}
		ui.DrawText(dst, l, s.hud.Status, pad, h-sh+s.hud.U(ui.PadY)+float64(i)*lh, col)
	}
	ui.DrawText(dst, right, s.hud.Small, w-pad-rw, h-sh+s.hud.U(ui.PadY+2), ui.Dim)
}

// countersIn lists what the side at the screen sees in a hex.
func (s *PlayScene) countersIn(label string) string {
	var out []string
	for _, b := range s.view.Bases {
		if b.Hex != label || slices.Contains(b.Status, "knocked-out") {
			continue
		}
		t := b.ID + " " + b.Name
		var st []string
		st = append(st, b.Status...)
		if u, ok := s.units[b.Unit]; ok {
			st = append(st, u.Status...)
		}
		if len(st) > 0 {
			t += " (" + strings.Join(st, ", ") + ")"
		}
		out = append(out, t)
	}
	for _, c := range s.view.Contacts {
		if c.Hex == label {
			out = append(out, "? "+c.Side+" contact "+c.ID)
		}
	}
	for _, o := range s.view.Objectives {
		if o.Hex == label {
			out = append(out, fmt.Sprintf("objective %s (%d, held by %s)", o.Name, o.Value, o.Controller))
		}
	}
	for _, set := range []struct {
		hs   []string
		what string
	}{{s.view.Dust, "vehicle dust"}, {s.view.Smoke, "smoke"}, {s.view.Wrecks, "wreck"}} {
		if slices.Contains(set.hs, label) {
			out = append(out, set.what)
		}
	}
	out = append(out, s.defenceNotes(label)...)
	return strings.Join(out, "; ")
}

// drawBanner draws a line across the top of the map.
// A message wider than the map wraps (up to three lines) rather than run
// off both sides of it.
func (s *PlayScene) drawBanner(dst *ebiten.Image, msg string) {
	a := s.mapArea()
	face := s.boldFace()
	lines, tw := s.bannerLines(msg)
	lh := s.hud.U(ui.SmallPt * ui.LineGap)
	bw, bh := tw+s.hud.U(32), float64(len(lines))*lh+s.hud.U(16)
	x, y := float64(a.Min.X+a.Max.X)/2-bw/2, float64(a.Min.Y)+s.hud.U(12)
	ui.FillRect(dst, x, y, bw, bh, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, bw, bh), s.hud.U(2), ui.Accent)
	for i, l := range lines {
		ui.DrawText(dst, l, face, x+s.hud.U(16), y+s.hud.U(8)+float64(i)*lh, ui.Accent)
	}
}

// bannerLines is the banner's message wrapped to the map's width, and the
// widest line's width.
func (s *PlayScene) bannerLines(msg string) ([]string, float64) {
	face := s.boldFace()
	lines := ui.Wrap(msg, face, float64(s.mapArea().Dx())-s.hud.U(56), 3)
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, text.Advance(l, face))
	}
	return lines, w
}

// fitFirst is the first of the wordings that fits width, else the last
// one cut: a shorter sentence reads better than a long one cut short.
func fitFirst(face text.Face, width float64, wordings ...string) string {
	for _, l := range wordings {
		if text.Advance(l, face) <= width {
			return l
		}
	}
	return fitText2(wordings[len(wordings)-1], face, width)
}

// drawCover is the hot seat's hand-over screen: nothing of either side.
func (s *PlayScene) drawCover(dst *ebiten.Image) {
	dst.Fill(coverFill)
	w, h := float64(s.w), float64(s.h)
	who := s.g.Side(s.g.Actor()).Name
	title := &text.GoTextFace{Source: s.hud.Bold, Size: 30 * s.hud.Scale}
	msg := "Pass to " + who
	for text.Advance(msg, title) > w*0.9 && title.Size > 12 {
		title = &text.GoTextFace{Source: s.hud.Bold, Size: title.Size * 0.9}
	}
	centred := func(t string, f text.Face, y float64, c color.Color) {
		ui.DrawText(dst, t, f, (w-text.Advance(t, f))/2, y, c)
	}
	centred(msg, title, h/2-s.hud.U(50), ui.Accent)
	turn := "Turn " + fmt.Sprint(s.g.Turn())
	centred(fitFirst(s.hud.Status, w*0.9, turn+" — press Space when "+who+" is at the screen", turn+" — press Space when they are at the screen", turn+": Space when they are here"), s.hud.Status, h/2+s.hud.U(6), ui.Ink)
	centred(fitFirst(s.hud.Small, w*0.9, "The other side looks away: the map shows only what your side can see.", "The other side looks away."), s.hud.Small, h/2+s.hud.U(40), ui.Dim)
	if n := s.toWatch(); n > 0 {
		centred(fitFirst(s.hud.Small, w*0.9, fmt.Sprintf("W: watch the %s given since your last turn, replayed as your side saw them", plural(n, "command")),
			fmt.Sprintf("W: watch the %s since your last turn", plural(n, "command"))), s.hud.Small, h/2+s.hud.U(60), ui.Dim)
	}
	for _, b := range s.coverButtons() {
		s.drawButtonAt(dst, b)
	}
	if s.msg != "" && s.msgBad && s.tick-s.msgTick < msgTicks {
		centred(fitText2(s.msg, s.hud.Small, w*0.9), s.hud.Small, h-s.hud.U(40), hudBad)
	}
}

// helpRows of the game window.
var playHelp = []ui.HelpRow{
	{Keys: "left click", What: "select your counter (also in the shading); with one selected: fire at a ringed enemy, or plot a move to an empty shaded hex"},
	{Keys: "Shift+click", What: "plot a move to a shaded hex where your own counters stand"},
	{Keys: "click it again", What: "a plotted move (red path) is committed only by a second click on the same hex"},
	{Keys: "right click  Backspace", What: "undo the plotted move; with none plotted, right click selects without an order"},
	{Keys: "Tab", What: "select the next unit that can act and centre the map on it"},
	{Keys: "T", What: "a hint: what the expert would do for your side and why, two alternatives, ringed on the map; Enter carries it out, Esc puts it away"},
	{Keys: "hover", What: "a shaded hex: path, each hex's MP and rule, bog checks (orange), Orders, dust; a ringed enemy: the shot's odds"},
	{Keys: "A", What: "assault mode: ringed enemies may be assaulted, hover for the odds (again: off)"},
	{Keys: "H", What: "heat-haze bands round the selected unit; the sun wedge shows by itself when the sun is low"},
	{Keys: "K  U", What: "danger map: where the enemy bases you see can hit you (kill chance);  what the selected unit sees"}, // overlays
	{Keys: "Ctrl++  Ctrl+−", What: "text and panels larger / smaller (75–200 %, kept in the settings)"},                       // overlays
	{Keys: "S", What: "spot mode: click a ? contact marker"},
	{Keys: "I  M  R  P  C", What: "dig in, mount/dismount, rally, deploy, Challenge"},
	{Keys: "E  D", What: "end the open activation, defer"},
	{Keys: "Enter  1  2", What: "Challenge phase: ready; initiative: which side goes first"},
	{Keys: "Esc", What: "leave a mode, then clear the selection; close this help"},
	{Keys: "wheel  +  −", What: "zoom (the wheel over the log scrolls it)"},
	{Keys: "PgUp  PgDn  End", What: "scroll the log back, on, to the newest lines"},
	{Keys: "log: click  F", What: "a + line opens the command's events; a line shows the base or hex it names on the map;  F: fire and losses only / everything"},
	{Keys: "arrows, drag", What: "pan;  Home or 0 fits the map"},
	{Keys: "V  L  O", What: "line of sight from the hovered hex;  hex labels;  overlay outlines"},
	{Keys: "Ctrl+S  Ctrl+L", What: "save the game;  load the saved game again (also khamsin play --load FILE)"},
	{Keys: "Enter", What: "hot seat, when your side may no longer act: hand the screen over (your last command's outcome stays until then)"},
	{Keys: "W", What: "hand-over: after the summary of what your side saw, watch the other side's moves as your side saw them;  end of game: replay it all"},
	{Keys: "B", What: "end of game: the review — turning points, Break Point and losses by turn, your costliest decisions"},
	{Keys: "Space", What: "a replay: pause / go on (Esc stops it);  hand-over: take the screen"},
	{Keys: "Ctrl+M  F8", What: "sound off / on (kept in the settings)"},
	{Keys: "X", What: "put the dice box away (or click it)"},
	{Keys: "F1  ?", What: "this help;  Tab in the help: How to play (the turn, Orders, fire, saves)"},
	{Keys: "F12", What: "screenshot (a PNG in the working directory)"},
	{Keys: "F11", What: "full screen on and off"},
	{Keys: "Q Q", What: "quit (press twice)"},
}

const (
	playHelpTitle  = "Khamsin: playing the game"
	playHelpFooter = "Tab: How to play · F1, ? or Esc closes this help"
)

// helpArea is where the keys are drawn: the whole window.
func (s *PlayScene) helpArea() image.Rectangle { return image.Rect(0, 0, s.w, s.h) }

// drawHelp draws the keys, their descriptions wrapped, from row top on
// where they are longer than the window (at 640×480 they were set in 8 pt
// type and still ran past the right edge).
func (s *PlayScene) drawHelp(dst *ebiten.Image, top int) {
	s.hud.DrawHelpScrolled(dst, playHelpTitle, playHelpFooter, playHelp, s.helpArea(), top)
}

// rectF is the integer rectangle of a float one.
func rectF(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(x), int(y), int(x+w), int(y+h))
}

// drawCounters draws the counters, bottom of each stack first, from the
// counter cache.
func (s *PlayScene) drawCounters(dst *ebiten.Image) {
	for _, p := range s.placed {
		s.cc.Draw(dst, p.c)
	}
}
