package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/review"
	"khamsin/engine/scenario"
	"khamsin/render/ui"
)

// The end screen's review (issue 20, "The window's end screen offers
// it"): B (or the Review button) on the end screen opens what `khamsin
// game review` prints — the turning points (the commands that moved the
// expected result most), each side's Break Point and losses by turn as
// charts, and the player's three costliest decisions with the better
// alternative — worked out by engine/review on the game's save in the
// background (a few seconds: it replays the game and tries alternatives),
// with a progress note meanwhile. The game is over, so it may show both
// sides' hidden units and reasons. It is worked out once; Esc or B goes
// back to the end screen.

// reviewScreen is the review over the end screen.
type reviewScreen struct {
	done    chan reviewResult
	rev     *review.Review
	err     string
	scroll  int // lines scrolled down in the text column
	buttons []button
}

type reviewResult struct {
	r   *review.Review
	err error
}

func (*reviewScreen) opaque() bool  { return false }
func (*reviewScreen) freezes() bool { return false }

// reviewUp reports the review on the screen.
func (s *PlayScene) reviewUp() bool {
	_, ok := find[*reviewScreen](s)
	return ok
}

// openReview puts the review up, starting the work the first time.
func (s *PlayScene) openReview() {
	if !s.g.Over() || s.reviewUp() {
		return
	}
	if s.rev == nil {
		rs := &reviewScreen{done: make(chan reviewResult, 1)}
		data, scn := s.g.Save(s.scenarioRef()), s.g.Scn // the save as Ctrl+S writes it: the worker's own copy
		go func() {
			rs.done <- runReview(data, scn)
			ui.Wake()
		}()
		s.rev = rs
	}
	s.push(s.rev)
}

// runReview reviews a finished game's save on its scenario (the
// window's goroutine).
func runReview(data []byte, scn *scenario.Scenario) reviewResult {
	sf, err := game.ParseSave("the game", data)
	if err != nil {
		return reviewResult{err: err}
	}
	r, err := review.Run(sf, scn, review.Material{})
	return reviewResult{r: r, err: err}
}

func (r *reviewScreen) update(s *PlayScene, ctx *ui.Context) {
	s.soundRattle(ctx)
	s.layoutPanel()
	if r.rev == nil && r.err == "" {
		select {
		case res := <-r.done:
			r.rev = res.r
			if res.err != nil {
				r.err = res.err.Error()
			}
		default:
		}
	}
	r.layout(s)
	in := &s.raw
	back := s.act.JustPressed(ui.ActionClose) || s.act.JustPressed(ui.ActionReview)
	if in.btnJust(ebiten.MouseButtonLeft) {
		for _, b := range r.buttons {
			if imagePt(in.cur.CursorX, in.cur.CursorY).In(b.r) {
				back = true
			}
		}
	}
	if back {
		ctx.Sound.Click()
		s.pop(r)
		return
	}
	switch {
	case s.scr.JustPressed(ui.ActionNextItem):
		r.scroll++
	case s.scr.JustPressed(ui.ActionPrevItem):
		r.scroll--
	case s.scr.JustPressed(ui.ActionPageDown):
		r.scroll += 10
	case s.scr.JustPressed(ui.ActionPageUp):
		r.scroll -= 10
	case s.scr.JustPressed(ui.ActionTop):
		r.scroll = 0
	}
	r.scroll -= int(math.Round(in.cur.WheelY * 3))
	r.scroll = max(0, r.scroll) // the bottom is clamped in draw, which knows the lines' room
}

// layout places the review's button.
func (r *reviewScreen) layout(s *PlayScene) {
	u := s.hud.U
	x, y, w, h := s.resultRect()
	bw, bh := u(260), u(40)
	r.buttons = []button{{r: rectF(x+w-u(16)-bw, y+h-bh-u(16), bw, bh), label: "Back to the result", key: "Esc"}}
}

// players are the sides whose decisions the review weighs for the
// people at the screen: the human's in solo, both in the hot seat or
// with one player moving both.
func (s *PlayScene) players() []int {
	if s.opts.Mode == ModeSolo {
		return []int{s.opts.Human}
	}
	return []int{0, 1}
}

// reviewLines is the review's text column: the players' costliest
// decisions with the alternative (the lesson, first), then the turning
// points.
func reviewLines(r *review.Review, players []int, solo bool) []tipLine {
	var out []tipLine
	add := func(t string, c color.RGBA) { out = append(out, tipLine{t, c}) }
	add(fmt.Sprintf("%d commands over %d turns; the expected result runs from +1 (a sure %s win) to −1 (a sure %s win), by %s.",
		r.Commands, r.Turns, r.Sides[0].ID, r.Sides[1].ID, r.Evaluator), ui.Dim)
	for _, si := range players {
		if si < 0 || si >= len(r.Sides) {
			continue
		}
		sd := r.Sides[si]
		add("", ui.Ink)
		who := sd.Name
		if solo {
			who = "yours, " + sd.Name
		}
		add(fmt.Sprintf("The costliest decisions (%s), with the better alternative", who), ui.Accent)
		if len(sd.Costliest) == 0 {
			add("   none found: no alternative did better through the enemy's reply", ui.Dim)
		}
		for _, d := range sd.Costliest {
			add(fmt.Sprintf("#%d turn %d: %s   left it at %+.2f after the enemy's reply", d.N, d.Turn, d.Command, d.Value), ui.Ink)
			if d.Why != "" {
				add("   why: "+ai.Readable(d.Why), ui.Dim)
			}
			add(fmt.Sprintf("   better: %s → %+.2f (%+.2f better; %s)", d.Alternative, d.AltValue, d.Cost, d.Tries()), ui.Dim)
		}
	}
	add("", ui.Ink)
	add("Turning points: the commands that moved the expected result most (an objective scored at the turn's end counts for the command that took it)", ui.Accent)
	if len(r.Turning) == 0 {
		add("   none: no command moved it", ui.Dim)
	}
	for _, t := range r.Turning {
		add(fmt.Sprintf("#%d turn %d, %s: %s   %+.2f → %+.2f (%+.2f for %s)", t.N, t.Turn, t.Side, t.Command, t.Before, t.After, t.Swing, t.Side), ui.Ink)
		for _, h := range t.Held {
			add("   objective: "+h, ui.Dim)
		}
		if t.Why != "" {
			add("   why: "+ai.Readable(t.Why), ui.Dim)
		}
		for i, e := range t.Events {
			if i == 1 {
				add(fmt.Sprintf("   … %d more events", len(t.Events)-i), ui.Dim)
				break
			}
			add("   "+e, ui.Dim)
		}
	}
	return out
}

// reviewCharts is the review's Break Point and losses by turn as the
// end charts draw them.
func (s *PlayScene) reviewCharts(r *review.Review) *endChartData {
	d := &endChartData{}
	for si := 0; si < 2 && si < len(r.Sides); si++ {
		sd := r.Sides[si]
		d.Names[si], d.Nations[si], d.BreakStart[si] = sd.Name, s.g.Side(si).Nation, sd.BreakStart
		for _, l := range sd.ByTurn {
			d.BP[si] = append(d.BP[si], l.BreakPoint)
			d.Lost[si] = append(d.Lost[si], l.LostTotal)
		}
	}
	return d
}

func (r *reviewScreen) draw(s *PlayScene, dst *ebiten.Image) {
	u := s.hud.U
	x, y, w, h := s.resultRect()
	ui.FillRect(dst, x, y, w, h, reviewFill) // opaque: the end screen under it does not show through
	ui.FillRect(dst, x, y, w, h, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, w, h), u(2), ui.Accent)
	big := &text.GoTextFace{Source: s.hud.Bold, Size: 24 * s.hud.Scale}
	ui.DrawText(dst, "Review of the game", big, x+u(20), y+u(14), ui.Accent)
	for _, b := range r.buttons {
		s.drawButtonAt(dst, b)
	}
	top := y + u(56)
	if r.rev == nil {
		// no running clock: the window idles while the work runs (pace.go), and wakes when it is done
		msg := fmt.Sprintf("Working it out: replaying the game's %d commands, then trying the other commands at each side's costliest moments (a few seconds; Esc goes back, B comes back to it)…",
			len(s.g.Cmds()))
		if r.err != "" {
			msg = "The review could not be made: " + r.err
		}
		for _, l := range ui.Wrap(msg, s.hud.Small, w-u(40), 6) {
			ui.DrawText(dst, l, s.hud.Small, x+u(20), top, ui.Ink)
			top += u(ui.SmallPt * ui.LineGap)
		}
		return
	}
	ui.DrawText(dst, fitText2(r.rev.Result, s.hud.Small, w-u(40)), s.hud.Small, x+u(20), top, ui.Ink)
	top += u(ui.SmallPt*ui.LineGap) * 1.5
	bottom := y + h - u(96) // the chart key and the scroll note, then the button, below
	// the charts on the right, the text on the left
	cw := math.Min(u(380), w*0.4)
	chart := image.Rect(int(x+w-u(20)-cw), int(top), int(x+w-u(20)), int(bottom))
	d := s.reviewCharts(r.rev)
	half := (chart.Dy() - int(u(14))) / 2
	s.lineChart(dst, image.Rect(chart.Min.X, chart.Min.Y, chart.Max.X, chart.Min.Y+half), "Break Point Track by turn (16.12)", d, d.BP, chartTop(d.BP, d.BreakStart[:]))
	s.lineChart(dst, image.Rect(chart.Min.X, chart.Max.Y-half, chart.Max.X, chart.Max.Y), "Bases lost by turn", d, d.Lost, chartTop(d.Lost, nil))
	// the key: each side's name in its colour, one a line when the two
	// are wider than the charts (two formations' names ran off the panel)
	kx, ky := float64(chart.Min.X), bottom+u(6)
	oneLine := 2*u(30)+text.Advance(d.Names[0], s.hud.Small)+text.Advance(d.Names[1], s.hud.Small) <= float64(chart.Dx())
	if !oneLine {
		ky = bottom + u(1) // two lines above the button
	}
	for si := 0; si < 2; si++ {
		ui.FillRect(dst, kx, ky+u(6), u(16), u(4), sideLine(d, si))
		name := fitText2(d.Names[si], s.hud.Small, x+w-u(8)-(kx+u(22)))
		ui.DrawText(dst, name, s.hud.Small, kx+u(22), ky, ui.Ink)
		kx += u(30) + text.Advance(name, s.hud.Small)
		if !oneLine {
			kx, ky = float64(chart.Min.X), ky+u(ui.SmallPt*ui.LineGap)
		}
	}
	tw := float64(chart.Min.X) - x - u(40)
	var wrapped []tipLine
	for _, l := range reviewLines(r.rev, s.players(), s.opts.Mode == ModeSolo) {
		if l.text == "" {
			wrapped = append(wrapped, l)
			continue
		}
		for i, t := range ui.Wrap(l.text, s.hud.Small, tw, 4) {
			if i > 0 {
				t = "      " + t
			}
			wrapped = append(wrapped, tipLine{t, l.c})
		}
	}
	lh := u(ui.SmallPt * ui.LineGap)
	room := int((bottom - top) / lh)
	r.scroll = min(r.scroll, max(0, len(wrapped)-room))
	for i, l := range wrapped[r.scroll:] {
		if i >= room {
			break
		}
		ui.DrawText(dst, l.text, s.hud.Small, x+u(20), top+float64(i)*lh, l.c)
	}
	if len(wrapped) > room {
		ui.DrawText(dst, fmt.Sprintf("lines %d–%d of %d: wheel, ↑ ↓, PgUp PgDn", r.scroll+1, min(len(wrapped), r.scroll+room), len(wrapped)),
			s.hud.Small, x+u(20), bottom+u(6), ui.Dim)
	}
}

// reviewFill is laid under the panel's own fill so the review hides the
// end screen it is opened from.
var reviewFill = color.RGBA{24, 20, 16, 255}

// chartTop is a chart's top figure: its highest value (or start), at least 1.
func chartTop(series [2][]int, start []int) int {
	top := 1
	for si := 0; si < 2; si++ {
		for _, v := range series[si] {
			top = max(top, v)
		}
		if si < len(start) {
			top = max(top, start[si])
		}
	}
	return top
}

// reviewButton is the end screen's Review button, at its top right.
func (s *PlayScene) reviewButton() button {
	u := s.hud.U
	x, y, w, _ := s.resultRect()
	b := button{label: "Review the game", key: "B"}
	bw, bh := math.Min(u(300), text.Advance(b.label+"  ["+b.key+"]", s.boldFace())+u(40)), u(36)
	b.r = rectF(x+w-u(16)-bw, y+u(16), bw, bh)
	return b
}

// reviewInput is the end screen's part for the review: B or a click on
// its button opens it (true: the tick's input is spent).
func (s *PlayScene) reviewInput() bool {
	open := s.act.JustPressed(ui.ActionReview)
	if in := &s.raw; in.btnJust(ebiten.MouseButtonLeft) && imagePt(in.cur.CursorX, in.cur.CursorY).In(s.reviewButton().r) {
		open = true
	}
	if open {
		s.openReview()
	}
	return open
}
