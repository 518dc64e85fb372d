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

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// infoLine is one line of the selected unit's panel.
type infoLine struct {
	text string
	bold bool
	c    color.RGBA
}

// panelLayout is the right-hand panel as Update laid it out for Draw.
type panelLayout struct {
	info    []infoLine
	infoY   float64
	logRect image.Rectangle
	actor   string // who is acting, when it is not the player at the screen
}

var (
	btnFill   = color.RGBA{58, 46, 30, 255}
	btnOn     = color.RGBA{120, 88, 30, 255}
	btnEdge   = color.RGBA{170, 136, 80, 255}
	hudBad    = color.RGBA{255, 110, 90, 255}
	hudGood   = color.RGBA{170, 230, 140, 255}
	panelFill = color.RGBA{24, 19, 14, 240}
)

// panelLogMin is the lines of the log (its title and three) the unit's
// lines leave room for.
const panelLogMin = 4

// layoutPanel builds the selected unit's lines, the order buttons and the
// log's rectangle.
func (s *PlayScene) layoutPanel() {
	pr := s.panelRect()
	pad := s.hud.U(10)
	x0 := float64(pr.Min.X) + pad
	wdt := float64(pr.Dx()) - 2*pad
	lineH := s.hud.U(ui.SmallPt * ui.LineGap)
	var info []infoLine
	addWrapped := func(t string, bold bool, c color.RGBA) {
		face := s.hud.Small
		for _, l := range ui.Wrap(t, face, wdt, 3) {
			info = append(info, infoLine{l, bold, c})
		}
	}
	s.buttons = s.buttons[:0]
	var defs0 []button // the replay's buttons
	pl := &s.panel
	pl.actor = ""
	if s.rp() != nil {
		for _, b := range s.replayPanel(addWrapped) {
			defs0 = append(defs0, b)
		}
	} else if s.g.Over() {
		addWrapped("The game is over.", true, ui.Accent)
	} else if s.handOver {
		addWrapped(fmt.Sprintf("Your side may not act now. Look at the outcome, then hand the screen over to %s.", s.g.Side(s.g.Actor()).Name), true, ui.Accent)
		defs0 = append(defs0, button{label: "Hand over", key: "Enter", run: s.handOverNow})
	} else if !s.human(s.g.Actor()) {
		pl.actor = s.g.Side(s.g.Actor()).Name
		addWrapped(fmt.Sprintf("%s (the computer) is acting: one command every %.1f s.", s.g.Side(s.g.Actor()).Name, float64(s.opts.AIDelay)/60), false, ui.Dim)
	}
	// the selected unit: every base with its ratings; in a panel too short
	// for them, the buttons and a few lines of the log (a 640×480 window
	// pushed Defer off the screen), the ratings of the selected base only,
	// then the selected base only
	unitInfo := func(level int) []infoLine {
		var out []infoLine
		add := func(t string, bold bool, c color.RGBA) {
			for _, l := range ui.Wrap(t, s.hud.Small, wdt, 3) {
				out = append(out, infoLine{l, bold, c})
			}
		}
		if s.sel == "" {
			if s.legal != nil {
				add("Click one of your counters to select it; Tab selects the next unit that can act. Right-click selects without giving an order.", false, ui.Dim)
			}
			return out
		}
		u := s.units[s.selUnit]
		add(u.ID+" · "+u.Name, true, ui.Accent)
		st := fmt.Sprintf("TQ %s · morale %s", ui.Signed(u.TQ), ui.Signed(u.Morale))
		if len(u.Status) > 0 {
			st += " · " + strings.Join(u.Status, ", ")
		}
		add(st, false, ui.Ink)
		others := 0
		for _, b := range s.view.Bases {
			if b.Unit != s.selUnit {
				continue
			}
			if level >= 2 && b.ID != s.sel {
				others++
				continue
			}
			c := ui.Ink
			if b.ID == s.sel {
				c = ui.MarkSelected
			}
			head := fmt.Sprintf("%s  %s  %s", b.ID, b.Name, b.Hex)
			if len(b.Status) > 0 {
				head += "  [" + strings.Join(b.Status, ", ") + "]"
			}
			if b.Carrier != "" {
				head += " on " + b.Carrier
			}
			add(head, b.ID == s.sel, c)
			if level == 0 || b.ID == s.sel {
				add("   "+s.ratings(b), false, ui.Dim)
			}
		}
		if others > 0 {
			add(fmt.Sprintf("+ %s of %s: click their counters for them", plural(others, "more base"), s.selUnit), false, ui.Dim)
		}
		return out
	}

	// the order buttons, two to a row
	type bdef struct {
		label, key string
		run        func()
		on         bool
	}
	var defs []bdef
	for _, b := range defs0 {
		defs = append(defs, bdef{label: b.label, key: b.key, run: b.run})
	}
	cmd := func(label, key, c string) {
		defs = append(defs, bdef{label: label, key: key, run: func() { s.do(c, nil) }})
	}
	if s.legal != nil {
		if s.sel != "" {
			if s.isLegal("challenge " + s.selUnit) {
				cmd("Challenge "+s.selUnit, "C", "challenge "+s.selUnit)
			}
			if s.isLegal("unchallenge " + s.selUnit) {
				cmd("Lift Challenge", "C", "unchallenge "+s.selUnit)
			}
			if len(s.mine("assault", s.sel)) > 0 {
				on := s.mode == "assault"
				defs = append(defs, bdef{label: "Assault…", key: "A", on: on, run: func() { s.toggleMode("assault") }})
			}
			if s.isLegal("dig " + s.sel) {
				cmd("Dig in", "I", "dig "+s.sel)
			}
			for _, c := range s.mine("clear", s.sel) { // engineers (13.4)
				cmd("Clear "+strings.Fields(c)[2], "", c)
			}
			if s.isLegal("dismount " + s.sel) {
				cmd("Dismount", "M", "dismount "+s.sel)
			} else if m := s.mine("mount", s.sel); len(m) > 0 {
				cmd("Mount "+strings.Fields(m[0])[2], "M", m[0])
			}
			if s.isLegal("rally " + s.selUnit) {
				cmd("Rally", "R", "rally "+s.selUnit)
			}
			if s.isLegal("deploy " + s.selUnit) {
				cmd("Deploy", "P", "deploy "+s.selUnit)
			}
			if len(s.mine("spot", s.selUnit)) > 0 {
				on := s.mode == "spot"
				defs = append(defs, bdef{label: "Spot…", key: "S", on: on, run: func() { s.toggleMode("spot") }})
			}
		}
		s.supportButtons(func(label, key string, run func(), on bool) {
			defs = append(defs, bdef{label: label, key: key, run: run, on: on})
		})
		for i, c := range s.legal {
			if strings.HasPrefix(c, "first ") {
				id := strings.TrimPrefix(c, "first ")
				si, _ := s.g.SideIndex(id)
				cmd(s.g.Side(si).ID+" first", fmt.Sprint(si+1), c)
				_ = i
			}
		}
		if s.isLegal("ready") {
			cmd("Ready", "Enter", "ready")
		}
		if s.isLegal("end") {
			cmd("End activation", "E", "end")
		}
		if s.isLegal("defer") {
			cmd("Defer", "D", "defer")
		}
	}
	bh := s.hud.U(ui.SmallPt*ui.LineGap + 10)
	gap := s.hud.U(6)
	btnsH := 0.0
	if n := len(defs); n > 0 {
		btnsH = float64((n+1)/2)*(bh+gap) + s.hud.U(6)
	}
	head := info
	for level := 0; level <= 2; level++ {
		info = append(slices.Clip(head), unitInfo(level)...)
		if pad+float64(len(info))*lineH+s.hud.U(8)+btnsH+panelLogMin*lineH <= float64(pr.Dy()) {
			break
		}
	}
	pl.info = info
	y := float64(pr.Min.Y) + pad + float64(len(info))*lineH + s.hud.U(8)
	bw := (wdt - gap) / 2
	for i, d := range defs {
		col, row := i%2, i/2
		bx := x0 + float64(col)*(bw+gap)
		by := y + float64(row)*(bh+gap)
		s.buttons = append(s.buttons, button{r: image.Rect(int(bx), int(by), int(bx+bw), int(by+bh)), label: d.label, key: d.key, run: d.run, on: d.on})
	}
	if n := len(defs); n > 0 {
		y += float64((n+1)/2)*(bh+gap) + s.hud.U(6)
	}
	pl.logRect = image.Rect(pr.Min.X, int(y), pr.Max.X, pr.Max.Y)
}

func (s *PlayScene) toggleMode(m string) {
	if s.mode == m {
		s.mode = ""
	} else {
		s.mode = m
	}
}

// ratings sums a base's catalogue entry in one line.
func (s *PlayScene) ratings(b game.BaseView) string {
	t, ok := s.g.Cat.Type(b.Type)
	if !ok {
		return b.Class
	}
	parts := []string{b.Class, fmt.Sprintf("size %d", t.Size)}
	if t.ArmourFront > 0 || t.ArmourSide > 0 {
		parts = append(parts, fmt.Sprintf("armour %d/%d", t.ArmourFront, t.ArmourSide))
	}
	if t.MP > 0 {
		parts = append(parts, fmt.Sprintf("%s MP %s", t.MP, t.Move))
	}
	var ws []string
	for _, id := range t.Weapons {
		if w, ok := s.g.Cat.Weapons[id]; ok {
			d := w.Name
			switch {
			case w.PEN > 0:
				d += fmt.Sprintf(" PEN %d", w.PEN)
			case w.HE > 0:
				d += fmt.Sprintf(" HE %d", w.HE)
			case w.FPF > 0:
				d += fmt.Sprintf(" FPF %d", w.FPF)
			}
			ws = append(ws, d)
		}
	}
	if len(ws) > 0 {
		parts = append(parts, strings.Join(ws, ", "))
	}
	if t.Capacity > 0 {
		parts = append(parts, fmt.Sprintf("carries %d", t.Capacity))
	}
	return strings.Join(parts, " · ")
}

// updateLogScroll rebuilds the wrapped log when it grew and scrolls it.
func (s *PlayScene) updateLogScroll(cx, cy float64) {
	evs := s.events()
	r := s.panel.logRect
	wdt := r.Dx() - int(s.hud.U(20))
	rk := 0
	if s.rp() != nil {
		rk = 1
	}
	if s.act.JustPressed(ui.ActionLogFilter) {
		s.logFire = !s.logFire
		s.logKey = [2]int{}
	}
	s.logClick(cx, cy)
	fk := 0
	if s.logFire {
		fk = 1 << 30
	}
	if key := [2]int{len(evs)*8 + s.side*2 + rk + fk + 1, wdt}; key != s.logKey {
		s.logKey = key
		s.buildLog(evs, float64(wdt))
	}
	n := s.logVisible()
	maxBack := max(0, len(s.log)-n)
	if image.Pt(int(cx), int(cy)).In(r) {
		s.logBack += int(math.Round(s.raw.cur.WheelY * 3))
	}
	if s.act.JustPressed(ui.ActionLogBack) {
		s.logBack += n - 1
	}
	if s.act.JustPressed(ui.ActionLogOn) {
		s.logBack -= n - 1
	}
	if s.act.JustPressed(ui.ActionLogNewest) {
		s.logBack = 0
	}
	s.logBack = min(max(s.logBack, 0), maxBack)
}

// logVisible is how many log lines fit.
func (s *PlayScene) logVisible() int {
	r := s.panel.logRect
	h := float64(r.Dy()) - s.hud.U(ui.SmallPt*ui.LineGap+14)
	return max(1, int(h/s.hud.U(ui.SmallPt*ui.LineGap)))
}

// drawPanel draws the right-hand panel.
func (s *PlayScene) drawPanel(dst *ebiten.Image) {
	pr := s.panelRect()
	ui.FillRect(dst, float64(pr.Min.X), float64(pr.Min.Y), float64(pr.Dx()), float64(pr.Dy()), panelFill)
	ui.Line(dst, float64(pr.Min.X), float64(pr.Min.Y), float64(pr.Min.X), float64(pr.Max.Y), s.hud.U(1.5), ui.PanelEdge)
	pad := s.hud.U(10)
	lineH := s.hud.U(ui.SmallPt * ui.LineGap)
	y := float64(pr.Min.Y) + pad
	for _, l := range s.panel.info {
		face := s.hud.Small
		if l.bold {
			face = s.boldFace()
		}
		ui.DrawText(dst, l.text, face, float64(pr.Min.X)+pad, y, l.c)
		y += lineH
	}
	for _, b := range s.buttons {
		f := btnFill
		if b.on {
			f = btnOn
		}
		ui.FillRect(dst, float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy()), f)
		edge := btnEdge
		if image.Pt(int(s.raw.cur.CursorX), int(s.raw.cur.CursorY)).In(b.r) {
			edge = ui.Accent
		}
		strokeRectF(dst, b.r, s.hud.U(1.2), edge)
		label := b.label
		if b.key != "" {
			label += "  [" + b.key + "]"
		}
		label = fitText2(label, s.hud.Small, float64(b.r.Dx())-s.hud.U(10))
		ui.DrawText(dst, label, s.hud.Small, float64(b.r.Min.X)+s.hud.U(6), float64(b.r.Min.Y)+s.hud.U(5), ui.Ink)
	}
	// the log
	r := s.panel.logRect
	ui.Line(dst, float64(r.Min.X)+pad, float64(r.Min.Y), float64(r.Max.X)-pad, float64(r.Min.Y), s.hud.U(1), ui.PanelEdge)
	title := "Log: everything [F: fire and losses]"
	if s.logFire {
		title = "Log: fire and losses [F: everything]"
	}
	if s.logBack > 0 {
		title += fmt.Sprintf(" (%d lines back: wheel, PgUp/PgDn, End)", s.logBack)
	}
	title = fitText2(title, s.hud.Small, float64(r.Dx())-2*pad)
	ui.DrawText(dst, title, s.hud.Small, float64(r.Min.X)+pad, float64(r.Min.Y)+s.hud.U(4), ui.Accent)
	n := s.logVisible()
	end := len(s.log) - s.logBack
	start := max(0, end-n)
	y = float64(r.Min.Y) + s.hud.U(4) + lineH + s.hud.U(4)
	hover := s.logHover()
	for i, l := range s.log[start:max(start, end)] {
		c := ui.Dim
		if l.roll || l.hdr {
			c = ui.Ink
		}
		if hover >= 0 && logEntryOf(s.log, start+i) == hover {
			c = ui.Accent
		}
		ui.DrawText(dst, l.text, s.hud.Small, float64(r.Min.X)+pad, y, c)
		y += lineH
	}
}

// boldFace is the HUD's small size in bold.
func (s *PlayScene) boldFace() *text.GoTextFace {
	if s.bold == nil || s.bold.Size != ui.SmallPt*s.hud.Scale {
		s.bold = &text.GoTextFace{Source: s.hud.Bold, Size: ui.SmallPt * s.hud.Scale}
	}
	return s.bold
}

// fitText2 cuts s with an ellipsis to fit width.
func fitText2(s string, face text.Face, width float64) string {
	if text.Advance(s, face) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && text.Advance(string(r)+"…", face) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

func strokeRectF(dst *ebiten.Image, r image.Rectangle, w float64, c color.Color) {
	ui.Line(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Min.Y), w, c)
	ui.Line(dst, float64(r.Max.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y), w, c)
	ui.Line(dst, float64(r.Max.X), float64(r.Max.Y), float64(r.Min.X), float64(r.Max.Y), w, c)
	ui.Line(dst, float64(r.Min.X), float64(r.Max.Y), float64(r.Min.X), float64(r.Min.Y), w, c)
}
