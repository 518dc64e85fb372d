package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The expert's hint in the window (issue 20, "Teach the player"): T asks
// the expert (engine/ai, level 3) what it would do for the side at the
// screen when that side is to act. It decides on an observation of a
// clone of the game for that side, on its own goroutine, so the window
// keeps drawing and nothing the side may not know can reach the answer.
// The answer is what `khamsin game hint` prints — the command, why, and
// the two best alternatives in plain words — with the unit and its target
// or destination ringed on the map. Enter carries it out through the
// window's one path for commands (doWhy, the hint kept as its reason, so
// the log and the review say whose advice it was); Esc or T puts it away.

// hintAnswer is one hint: the expert's command for the side, why, and
// the alternatives it weighed (at most two).
type hintAnswer struct {
	Command string
	Why     string
	Alts    []ai.Option
}

// hintFor is the expert's hint for the side o observes (o must be of a
// clone: the expert plays forward on it). The window calls it on its own
// goroutine.
func hintFor(o *game.Observation) hintAnswer {
	d := ai.NewDecider(ai.ExpertLevel)
	c, why := d.Decide(o)
	return hintAnswer{Command: c, Why: why, Alts: ai.Alternatives(d, c, 2)}
}

// text is the hint as the window lists it (and the tests compare it).
func (a hintAnswer) text() []string {
	out := []string{"Do: " + a.Command, "Why: " + ai.Readable(a.Why)}
	if len(a.Alts) == 0 {
		out = append(out, "No alternative weighed: with one sensible command, or in the Challenge phase, the veteran's judgement decides.")
	}
	for i, o := range a.Alts {
		out = append(out, fmt.Sprintf("Alternative %d: %s — %s", i+1, o.Command, o.Words))
	}
	return out
}

// hintScreen is the hint over the table, from the question to the
// answer. It does not freeze the table: the map pans and zooms under it.
type hintScreen struct {
	side    int
	hash    string // the game when asked: a hint for another position is dropped
	done    chan hintAnswer
	ans     *hintAnswer
	buttons []button
}

func (*hintScreen) opaque() bool  { return false }
func (*hintScreen) freezes() bool { return false }

// hint is the hint screen up, nil if none.
func (s *PlayScene) hint() *hintScreen {
	h, _ := find[*hintScreen](s)
	return h
}

// askHint is T: the expert starts thinking for the side at the screen,
// if it is to act, else the status bar says why not.
func (s *PlayScene) askHint() {
	o := s.obs()
	switch {
	case o.Over():
		s.post("T: the game is over — the end screen's review (B) looks back at it", true)
		return
	case !o.ToAct() || !s.human(s.side):
		who := s.g.Side(o.Actor()).Name
		if !s.human(o.Actor()) {
			who += " (the computer)"
		}
		s.post("T: not your turn — "+who+" is to act; a hint is for the side to act", true)
		return
	case len(s.legal) == 0:
		s.post("T: no command to give now", true)
		return
	}
	h := &hintScreen{side: s.side, hash: s.g.Hash(), done: make(chan hintAnswer, 1)}
	o = s.g.Clone().Observe(s.side) // the expert's own copy, of what this side may know
	go func() {
		h.done <- hintFor(o)
		ui.Wake() // an idle window shows the answer at once
	}()
	s.push(h)
}

func (h *hintScreen) update(s *PlayScene, ctx *ui.Context) {
	cx, cy := s.raw.cur.CursorX, s.raw.cur.CursorY
	s.updateOptions()
	s.layoutCounters()
	s.layoutPanel()
	s.hoverAt = s.counterAt(cx, cy)
	if h.ans == nil {
		select {
		case a := <-h.done:
			h.ans = &a
			s.lookAtHint(h)
		default:
		}
	}
	if s.g.Hash() != h.hash || s.side != h.side || s.g.Over() {
		s.pop(h) // the game moved on (a load, the other side's turn): the hint is for a position gone
		return
	}
	h.layout(s)
	away := s.act.JustPressed(ui.ActionClose) || s.act.JustPressed(ui.ActionHint)
	carry := h.ans != nil && s.act.JustPressed(ui.ActionConfirm)
	if s.raw.btnJust(ebiten.MouseButtonLeft) {
		for _, b := range h.buttons {
			if imagePt(cx, cy).In(b.r) {
				away, carry = b.key == "Esc", b.key == "Enter" && h.ans != nil
			}
		}
	}
	switch {
	case carry:
		s.pop(h)
		a := *h.ans
		if !slices.Contains(s.legal, a.Command) {
			s.post("the hint "+a.Command+" is not a command you may give now", true)
			return
		}
		s.doWhy(a.Command, "the expert's hint: "+a.Why, ctx)
	case away:
		s.pop(h)
		s.post("hint put away (T asks again)", false)
	}
}

// lookAtHint brings the hint's unit and its target or destination into
// the map below the hint's box when either is not there: the view
// centres between the two in that part of the map, at the same zoom.
func (s *PlayScene) lookAtHint(h *hintScreen) {
	from, to := s.hintHexes(h.ans.Command)
	if len(from) == 0 {
		return
	}
	labels := []string{from[0]}
	if to != "" {
		labels = append(labels, to)
	}
	box, _ := s.hintBox(h)
	ma := s.mapArea()
	free := image.Rect(ma.Min.X, box.Max.Y, ma.Max.X, ma.Max.Y)
	var x, y float64
	off := false
	for _, l := range labels {
		hx, err := s.g.HexOf(l)
		if err != nil {
			return
		}
		if sx, sy, ok := s.screenOf(l); !ok || !imagePt(sx, sy).In(free) {
			off = true
		}
		c := s.board.Pix.Center(hx)
		x, y = x+c.X/float64(len(labels)), y+c.Y/float64(len(labels))
	}
	if off {
		z := s.board.Cam.Scale()
		s.board.Cam.Set(z, float64(free.Min.X+free.Max.X)/2-x*z, float64(free.Min.Y+free.Max.Y)/2-y*z)
	}
}

// hintHexes are the hexes a command's acting base (or unit's bases)
// stand in, and its target's or destination's hex, as the side at the
// screen sees them.
func (s *PlayScene) hintHexes(cmd string) (from []string, to string) {
	c, err := game.ParseCommand(cmd)
	if err != nil {
		return nil, ""
	}
	if b, ok := s.bases[c.Base]; ok {
		from = append(from, b.Hex)
	} else if c.Unit != "" {
		for _, b := range s.view.Bases {
			if b.Unit == c.Unit && b.Carrier == "" && !slices.Contains(b.Status, "knocked-out") && !slices.Contains(from, b.Hex) {
				from = append(from, b.Hex)
			}
		}
	}
	if t, ok := s.bases[c.Target]; ok {
		to = t.Hex
	} else if c.Hex.Board != "" {
		to = c.Hex.String()
	} else {
		for _, ct := range s.view.Contacts {
			if ct.ID == c.Target {
				to = ct.Hex
			}
		}
	}
	return from, to
}

// hintBox is the hint's panel on the map: its rectangle, lines and
// their colours (wrapped to its width).
func (s *PlayScene) hintBox(h *hintScreen) (image.Rectangle, []tipLine) {
	u := s.hud.U
	ma := s.mapArea()
	w := math.Min(float64(ma.Dx())-u(24), u(640))
	tw := w - u(24)
	type para struct {
		t string
		c color.RGBA
	}
	paras := []para{{"Hint for " + s.g.Side(h.side).Name + ": what the expert would do, from what your side knows", ui.Accent}}
	if h.ans == nil {
		// no running clock: the window idles while the expert thinks (pace.go), and wakes when it is done
		paras = append(paras, para{"The expert is thinking… (it plays the choices forward over guesses of what you cannot see; Esc: never mind)", ui.Ink})
	} else {
		for i, t := range h.ans.text() {
			c := ui.Dim
			if i < 2 {
				c = ui.Ink
			}
			paras = append(paras, para{t, c})
		}
	}
	lh := u(ui.SmallPt * ui.LineGap)
	chrome := u(12) + u(36) + u(12)
	// as many lines as the map has room for: each paragraph is wrapped
	// whole when they all fit, else every paragraph is cut to the same
	// number of lines (with "…"), the fewest that fit, at least two
	room := int((float64(ma.Dy()) - u(24) - chrome) / lh)
	var lines []tipLine
	for most := 12; most >= 2; most-- {
		lines = lines[:0]
		for _, p := range paras {
			for _, l := range ui.Wrap(p.t, s.hud.Small, tw, most) {
				lines = append(lines, tipLine{l, p.c})
			}
		}
		if len(lines) <= room {
			break
		}
	}
	hh := float64(len(lines))*lh + chrome
	x, y := float64(ma.Min.X)+u(12), float64(ma.Min.Y)+u(12)
	return rectF(x, y, w, hh), lines
}

// layout places the hint's buttons.
func (h *hintScreen) layout(s *PlayScene) {
	u := s.hud.U
	r, _ := s.hintBox(h)
	bw, bh := (float64(r.Dx())-u(36))/2, u(32)
	y := float64(r.Max.Y) - bh - u(10)
	h.buttons = h.buttons[:0]
	if h.ans != nil {
		h.buttons = append(h.buttons, button{r: rectF(float64(r.Min.X)+u(12), y, bw, bh), label: "Carry it out", key: "Enter"})
	}
	h.buttons = append(h.buttons, button{r: rectF(float64(r.Max.X)-u(12)-bw, y, bw, bh), label: "Put it away", key: "Esc"})
}

// hintRing and hintTarget ring the hint's unit and its target or
// destination on the map.
var (
	hintRing   = color.RGBA{250, 214, 80, 255}
	hintTarget = color.RGBA{120, 220, 255, 255}
)

func (h *hintScreen) draw(s *PlayScene, dst *ebiten.Image) {
	u := s.hud.U
	if h.ans != nil {
		s.drawHintMarks(dst, h.ans.Command)
	}
	r, lines := s.hintBox(h)
	ui.FillRect(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), ui.PanelFill)
	strokeRectF(dst, r, u(2), hintRing)
	lh := u(ui.SmallPt * ui.LineGap)
	y := float64(r.Min.Y) + u(8)
	for _, l := range lines {
		ui.DrawText(dst, l.text, s.hud.Small, float64(r.Min.X)+u(12), y, l.c)
		y += lh
	}
	for _, b := range h.buttons {
		s.drawButtonAt(dst, b)
	}
}

// drawHintMarks rings the command's base (or unit) and its target or
// destination, with a line from one to the other.
func (s *PlayScene) drawHintMarks(dst *ebiten.Image, cmd string) {
	from, to := s.hintHexes(cmd)
	dst = dst.SubImage(s.mapArea()).(*ebiten.Image) // the marks stay on the map, off the panels
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	w := math.Max(2, hs*0.09)
	ring := func(label string, c color.RGBA) {
		if hx, err := s.g.HexOf(label); err == nil {
			ui.StrokePath(dst, s.hexPath(hx, 0.92), w, c)
		}
	}
	for _, l := range from {
		ring(l, hintRing)
	}
	if to == "" || slices.Contains(from, to) {
		return
	}
	ring(to, hintTarget)
	if len(from) > 0 {
		x0, y0, ok0 := s.screenOf(from[0])
		x1, y1, ok1 := s.screenOf(to)
		if ok0 && ok1 {
			ui.Line(dst, x0, y0, x1, y1, w*0.6, color.RGBA{hintTarget.R, hintTarget.G, hintTarget.B, 180})
		}
	}
}

// HintText is the hint on the screen, one line each for the command, why
// and the alternatives ("" while the expert thinks or with none up).
func (s *PlayScene) HintText() string {
	h := s.hint()
	if h == nil || h.ans == nil {
		return ""
	}
	return strings.Join(h.ans.text(), "\n")
}
