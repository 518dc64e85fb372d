package render

import (
	"fmt"
	"image"
	"maps"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The turn summary: at the start of each of a player's turns (the hot
// seat and solo), what happened since they last acted, as their side saw
// it — their losses and the enemy's losses they saw, each side's Break
// Point Track, objectives that changed hands. It is built only from the
// side's Observation: its events since the count it had seen when it
// last stopped acting, and its view then and now.

// sumMark is what a side had seen when it last stopped acting.
type sumMark struct {
	events int               // len(Observation.Events())
	bp     map[string]int    // View().BreakPoint
	obj    map[string]string // objective ID → controller, from View()
}

// turnSummary is the summary on the screen.
type turnSummary struct {
	side  int
	title string
	lines []tipLine
	watch int // hot seat: commands the side may watch replayed (0: no offer)
	box   image.Rectangle
}

// markSeen notes what side has seen now, for its next summary.
func (s *PlayScene) markSeen(side int) {
	o := s.g.Observe(side)
	v := o.View()
	m := sumMark{events: len(o.Events()), bp: maps.Clone(v.BreakPoint), obj: map[string]string{}}
	for _, ob := range v.Objectives {
		m.obj[ob.ID] = ob.Controller
	}
	s.marks[side] = m
}

// buildSummary is side's summary since its mark, from its Observation
// alone; nil when the side has seen nothing new.
func (s *PlayScene) buildSummary(side int) *turnSummary {
	o := s.g.Observe(side)
	evs := o.Events()
	m := s.marks[side]
	if m.events >= len(evs) {
		return nil
	}
	v := o.View()
	me := o.SideID()
	owner := map[string]string{}
	for _, u := range v.Units {
		owner[u.ID] = u.Side
	}
	for _, b := range v.Bases {
		owner[b.ID] = b.Side
	}
	name := func(id string) string {
		for _, sd := range v.Sides {
			if sd.ID == id {
				return sd.Name
			}
		}
		return id
	}
	var mine, theirs []string
	for _, e := range evs[m.events:] {
		if e.Kind != game.KindLoss {
			continue
		}
		who := ""
		for _, id := range append(append([]string(nil), e.Bases...), e.Units...) {
			if w, ok := owner[id]; ok {
				who = w
				break
			}
		}
		if who == me {
			mine = append(mine, e.Text)
		} else {
			theirs = append(theirs, e.Text) // a loss the side saw and cannot place is the enemy's
		}
	}
	sum := &turnSummary{side: side, title: fmt.Sprintf("Since your last turn — %s (turn %d, %s)", name(me), v.Turn, plural(len(evs)-m.events, "event"))}
	add := func(t string, c any) {
		col := ui.Ink
		switch c := c.(type) {
		case string:
			switch c {
			case "head":
				col = ui.Accent
			case "dim":
				col = ui.Dim
			case "bad":
				col = warnColour
			case "good":
				col = hudGood
			}
		}
		sum.lines = append(sum.lines, tipLine{t, col})
	}
	list := func(head string, items []string, c string) {
		if len(items) == 0 {
			add(head+": none", "dim")
			return
		}
		add(fmt.Sprintf("%s (%d):", head, len(items)), "head")
		for i, t := range items {
			if i == 5 && len(items) > 6 {
				add(fmt.Sprintf("   … and %d more (see the log)", len(items)-5), "dim")
				break
			}
			add("   "+t, c)
		}
	}
	list("Your losses", mine, "bad")
	list("Enemy losses you saw", theirs, "good")
	var bp []string
	for _, sd := range v.Sides {
		t := fmt.Sprintf("%s %d", sd.ID, v.BreakPoint[sd.ID])
		if was, ok := m.bp[sd.ID]; ok && was != v.BreakPoint[sd.ID] {
			t += fmt.Sprintf(" (was %d)", was)
		}
		bp = append(bp, t)
	}
	add("Break Point Track: "+strings.Join(bp, " · "), "head")
	changed := 0
	for _, ob := range v.Objectives {
		was, ok := m.obj[ob.ID]
		if !ok || was == ob.Controller {
			continue
		}
		changed++
		from := "nobody"
		if was != "" {
			from = name(was)
		}
		to := "nobody"
		if ob.Controller != "" {
			to = name(ob.Controller)
		}
		c := "good"
		if was == me {
			c = "bad"
		}
		add(fmt.Sprintf("Objective %s (%s, %d): %s → %s", ob.Name, ob.Hex, ob.Value, from, to), c)
	}
	if changed == 0 && len(v.Objectives) > 0 {
		add("Objectives: none changed hands", "dim")
	}
	return sum
}

// Summary is the turn summary on the screen: its title and lines (nil
// when none is shown).
func (s *PlayScene) Summary() []string { return s.summaryText(s.sum) }

// summaryText is a summary's title and lines.
func (s *PlayScene) summaryText(sum *turnSummary) []string {
	if sum == nil {
		return nil
	}
	out := []string{sum.title}
	for _, l := range sum.lines {
		out = append(out, l.text)
	}
	return out
}

// soloTurnStart shows the solo player's summary when their turn begins
// and marks what they had seen when it ends.
func (s *PlayScene) soloTurnStart() {
	if s.opts.Mode != ModeSolo {
		return
	}
	acting := !s.g.Over() && s.g.Actor() == s.side
	switch {
	case acting && !s.acting:
		s.sum = s.buildSummary(s.side)
		s.layoutSummary()
	case !acting && s.acting:
		s.markSeen(s.side)
		s.sum = nil
	}
	s.acting = acting
}

// soloSummaryInput dismisses the solo summary: Esc, or a click on it.
// It returns true when it took the input.
func (s *PlayScene) soloSummaryInput() bool {
	if s.sum == nil {
		return false
	}
	s.layoutSummary()
	in := &s.raw
	if s.act.JustPressed(ui.ActionClose) || in.btnJust(ebiten.MouseButtonLeft) && imagePt(in.cur.CursorX, in.cur.CursorY).In(s.sum.box) {
		s.sum = nil
		return true
	}
	return false
}

// summaryInput reads the hot seat's summary screen (before the map): W
// watches the replay, Space, Enter or Esc takes the screen.
func (s *PlayScene) summaryInput(ctx *ui.Context) {
	s.layoutSummary()
	in := &s.raw
	watch := s.act.JustPressed(ui.ActionReplay) && s.sum.watch > 0
	take := s.act.JustPressed(ui.ActionPause) || s.act.JustPressed(ui.ActionConfirm) || s.act.JustPressed(ui.ActionClose)
	if in.btnJust(ebiten.MouseButtonLeft) {
		pt := imagePt(in.cur.CursorX, in.cur.CursorY)
		for _, b := range s.summaryButtons() {
			if pt.In(b.r) {
				watch, take = b.key == "W", b.key != "W"
			}
		}
	}
	if !watch && !take {
		return
	}
	s.sum = nil
	ctx.Sound.Click()
	if watch {
		s.startTurnReplay()
	}
}

// summaryButtons are the hot seat summary's choices: the replay offer
// comes after the summary.
func (s *PlayScene) summaryButtons() []button {
	u := s.hud.U
	bw, bh := u(300), u(44)
	y := float64(s.sum.box.Max.Y) + u(16)
	cx := float64(s.w) / 2
	take := button{r: rectF(cx-bw/2, y, bw, bh), label: "Take the screen", key: "Space"}
	if s.sum.watch == 0 {
		return []button{take}
	}
	take.r = rectF(cx+u(8), y, bw, bh)
	watch := button{r: rectF(cx-u(8)-bw, y, bw, bh), label: fmt.Sprintf("Watch the replay (%s)", plural(s.sum.watch, "command")), key: "W"}
	return []button{watch, take}
}

// summaryTitle is the summary's title in bold, wrapped to the box's width
// w (a long side name takes a second line rather than being clipped).
func (s *PlayScene) summaryTitle(w float64) []string {
	return ui.Wrap(s.sum.title, s.boldFace(), w-s.hud.U(24), 2)
}

// summaryRows are the summary's lines as the box shows them, wrapped to
// width w.
func (s *PlayScene) summaryRows(w float64, footer string) []tipLine {
	u := s.hud.U
	var rows []tipLine
	for _, t := range s.summaryTitle(w) {
		rows = append(rows, tipLine{t, ui.Accent})
	}
	head := len(rows)
	for _, l := range s.sum.lines {
		for _, t := range ui.Wrap(l.text, s.hud.Small, w-u(24), 3) {
			rows = append(rows, tipLine{t, l.c})
		}
	}
	// a summary taller than its room keeps its first lines and says how
	// many more the log holds (in a small window it ran off the map)
	most := s.summaryRoom()
	if footer != "" {
		most--
	}
	if most = max(most, head+2); len(rows) > most {
		more := len(rows) - (most - 1)
		rows = append(rows[:most-1], tipLine{fmt.Sprintf("… %d more lines: the log has them all", more), ui.Dim})
	}
	if footer != "" {
		rows = append(rows, tipLine{footer, ui.Dim})
	}
	return rows
}

// summaryRoom is how many lines the summary's box may hold: over the
// solo player's map, no more than about two thirds of it, so the map
// stays in sight; on the hot seat's screen, what leaves its buttons room.
func (s *PlayScene) summaryRoom() int {
	u := s.hud.U
	lh := u(ui.SmallPt * ui.LineGap)
	_, top, _, _ := s.summaryPlace()
	var room float64
	if s.opts.Mode == ModeHotseat {
		room = float64(s.h) - top - u(20) - u(16) - 2*u(44) - u(24)
	} else {
		a := s.mapArea()
		room = float64(a.Dy())*0.66 - (top - float64(a.Min.Y)) - u(20)
	}
	return int(room / lh)
}

// summaryPlace is where the summary's box goes, centred at (cx, top), maxW
// wide, and its footer: above the hot seat's buttons, or over the map's
// top for the solo player.
func (s *PlayScene) summaryPlace() (cx, top, w float64, footer string) {
	if s.opts.Mode == ModeHotseat {
		return float64(s.w) / 2, s.hud.U(40), s.summaryWidth(), ""
	}
	a := s.mapArea()
	w = min(float64(a.Dx())-s.hud.U(20), s.hud.U(560))
	return float64(a.Min.X+a.Max.X) / 2, float64(a.Min.Y) + s.hud.U(56), w, "Esc or a click here puts this away"
}

// layoutSummary places the summary's box (Update: the clicks on it and
// the buttons under it need it; Draw only draws it).
func (s *PlayScene) layoutSummary() {
	if s.sum == nil {
		return
	}
	cx, top, w, footer := s.summaryPlace()
	h := float64(len(s.summaryRows(w, footer)))*s.hud.U(ui.SmallPt*ui.LineGap) + s.hud.U(20)
	s.sum.box = rectF(cx-w/2, top, w, h)
}

// drawSummaryBox draws the summary where summaryPlace puts it.
func (s *PlayScene) drawSummaryBox(dst *ebiten.Image) {
	u := s.hud.U
	face := s.hud.Small
	lh := u(ui.SmallPt * ui.LineGap)
	cx, top, w, footer := s.summaryPlace()
	rows := s.summaryRows(w, footer)
	x, h := cx-w/2, float64(len(rows))*lh+u(20)
	ui.FillRect(dst, x, top, w, h, ui.PanelFill)
	strokeRectF(dst, rectF(x, top, w, h), u(2), ui.Accent)
	head := len(s.summaryTitle(w))
	for i, r := range rows {
		f := face
		if i < head {
			f = s.boldFace()
		}
		ui.DrawText(dst, fitText2(r.text, f, w-u(24)), f, x+u(12), top+u(10)+float64(i)*lh, r.c)
	}
}

// summaryWidth is the hot seat summary's width.
func (s *PlayScene) summaryWidth() float64 {
	return min(float64(s.w)-s.hud.U(40), s.hud.U(620))
}

// drawSummaryScreen is the hot seat's summary before the map: the
// incoming player's own side only, then the replay offer.
func (s *PlayScene) drawSummaryScreen(dst *ebiten.Image) {
	dst.Fill(coverFill)
	s.drawSummaryBox(dst)
	for _, b := range s.summaryButtons() {
		s.drawButtonAt(dst, b)
	}
}

// drawSoloSummary draws the solo player's summary over the map's top.
func (s *PlayScene) drawSoloSummary(dst *ebiten.Image) {
	s.drawSummaryBox(dst)
}
