package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The end-of-game screen: the result, its buttons, the losses.

// resultInput handles the end-of-game screen: Enter or M back to the
// menu, Esc looks at the map (R brings the screen back), Q quits.
func (s *PlayScene) resultInput(ctx *ui.Context) {
	in := &s.raw
	s.updateEndCharts() // overlays: the end charts (play_charts.go)
	s.layoutResult()
	back := s.act.JustPressed(ui.ActionConfirm) || s.scr.JustPressed(ui.ActionToMenu) // M: the menu, only on this screen
	look := s.act.JustPressed(ui.ActionClose)
	watch := s.act.JustPressed(ui.ActionReplay)
	if in.btnJust(ebiten.MouseButtonLeft) {
		pt := imagePt(in.cur.CursorX, in.cur.CursorY)
		for _, b := range s.buttons {
			if pt.In(b.r) {
				switch b.key {
				case "Enter":
					back = true
				case "W":
					watch = true
				default:
					look = true
				}
			}
		}
	}
	switch {
	case watch:
		ctx.Sound.Click()
		s.startGameReplay()
	case back:
		ctx.Sound.Click()
		s.keepZoom()
		ctx.GoTo(s.backToMenu())
	case look:
		s.remove(func(sc tableScreen) bool { _, r := sc.(*resultScreen); return r })
		s.post("the game is over: R shows the result again", false)
	}
}

// backToMenu is the menu the game came from, or a new one.
func (s *PlayScene) backToMenu() ui.Scene {
	if s.leave != nil {
		return s.leave()
	}
	if s.menu != nil {
		s.menu.refreshSaves()
		return s.menu
	}
	m, err := NewMenuScene(MenuOptions{Mute: s.opts.Mute, SettingsPath: s.opts.SettingsPath}, s.src)
	if err != nil {
		s.post(err.Error(), true)
		return s
	}
	return m
}

// resultRect is the end-of-game panel.
func (s *PlayScene) resultRect() (x, y, w, h float64) {
	u := s.hud.U
	w = math.Min(float64(s.w)-u(40), u(1000)) // overlays: room for the end charts (was 640)
	h = math.Min(float64(s.h)-u(40), u(760))  // overlays: room for the end charts (was 420)
	return (float64(s.w) - w) / 2, (float64(s.h) - h) / 2, w, h
}

func (s *PlayScene) layoutResult() {
	u := s.hud.U
	x, y, w, h := s.resultRect()
	bw, bh := (w-u(64))/3, u(40)
	by := y + h - bh - u(16)
	s.buttons = []button{
		{r: rectF(x+u(16), by, bw, bh), label: cmp.Or(s.leaveName, "Back to the menu"), key: "Enter"},
		{r: rectF(x+u(32)+bw, by, bw, bh), label: "Watch the replay", key: "W"},
		{r: rectF(x+w-u(16)-bw, by, bw, bh), label: "Look at the map", key: "Esc"},
	}
}

// resultLines sums the game up: winner, why, turns, break points,
// objectives.
func (s *PlayScene) resultLines() (string, []tipLine) {
	v := s.view
	if s.g.Over() {
		v = s.g.ViewAs(-1) // the game is over: both sides' losses in full
	}
	title := "A draw"
	if v.Winner != nil {
		si, _ := s.g.SideIndex(*v.Winner)
		title = s.g.Side(si).Name + " wins"
	}
	var out []tipLine
	if v.Result != "" {
		out = append(out, tipLine{v.Result, ui.Ink}, tipLine{"", ui.Ink})
	}
	out = append(out, tipLine{fmt.Sprintf("Turn %d of %d · %d commands given", v.Turn, v.TurnLimit, len(s.g.Cmds())), ui.Dim}, tipLine{"", ui.Ink})
	for _, sd := range v.Sides {
		held, vp := 0, 0
		for _, o := range v.Objectives {
			if o.Controller == sd.ID {
				held++
				vp += o.Value
			}
		}
		out = append(out, tipLine{fmt.Sprintf("%s — break point %d · objectives held %d (%d points)", sd.Name, v.BreakPoint[sd.ID], held, vp), ui.Accent})
		out = append(out, tipLine{"   losses: " + losses(v, sd.ID), ui.Ink})
	}
	return title, out
}

// losses sums a side's knocked-out bases by class, and its units shaken
// or weakened, from a view.
func losses(v game.View, side string) string {
	total, lost := 0, 0
	byClass := map[string]int{}
	var classes []string
	for _, b := range v.Bases {
		if b.Side != side {
			continue
		}
		total++
		if containsStr(b.Status, "knocked-out") {
			lost++
			if byClass[b.Class] == 0 {
				classes = append(classes, b.Class)
			}
			byClass[b.Class]++
		}
	}
	sort.Strings(classes)
	out := fmt.Sprintf("%d of %d bases knocked out", lost, total)
	if len(classes) > 0 {
		var parts []string
		for _, c := range classes {
			parts = append(parts, fmt.Sprintf("%d %s", byClass[c], c))
		}
		out += " (" + strings.Join(parts, ", ") + ")"
	}
	shaken, weak := 0, 0
	for _, u := range v.Units {
		if u.Side != side {
			continue
		}
		if containsStr(u.Status, "shaken") {
			shaken++
		}
		if containsStr(u.Status, "weakened") {
			weak++
		}
	}
	if shaken+weak > 0 {
		out += fmt.Sprintf(" · units shaken %d, weakened %d", shaken, weak)
	}
	return out
}

func containsStr(list []string, x string) bool {
	for _, s := range list {
		if s == x {
			return true
		}
	}
	return false
}

// resultTitleRoom is the width the end screen's title may take: up to
// the Review button at the top right (a long winner's name ran under it).
func (s *PlayScene) resultTitleRoom() float64 {
	x, _, _, _ := s.resultRect()
	return float64(s.reviewButton().r.Min.X) - s.hud.U(12) - (x + s.hud.U(20))
}

// drawResult draws the end-of-game screen over the map.
func (s *PlayScene) drawResult(dst *ebiten.Image) {
	u := s.hud.U
	ui.FillRect(dst, 0, 0, float64(s.w), float64(s.h), color.RGBA{0, 0, 0, 140})
	x, y, w, h := s.resultRect()
	ui.FillRect(dst, x, y, w, h, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, w, h), u(2), ui.Accent)
	title, lines := s.resultLines()
	room := s.resultTitleRoom()
	big := &text.GoTextFace{Source: s.hud.Bold, Size: 30 * s.hud.Scale}
	for text.Advance(title, big) > room && big.Size > 14*s.hud.Scale {
		big = &text.GoTextFace{Source: s.hud.Bold, Size: big.Size * 0.92}
	}
	ui.DrawText(dst, "Game over", s.hud.Small, x+u(20), y+u(16), ui.Dim)
	ui.DrawText(dst, fitText2(title, big, room), big, x+u(20), y+u(36), ui.Accent)
	cy := y + u(84)
	lh := u(ui.SmallPt * 1.4)
	for _, l := range lines {
		for _, t := range ui.Wrap(l.text, s.hud.Small, w-u(40), 3) {
			ui.DrawText(dst, t, s.hud.Small, x+u(20), cy, l.c)
			cy += lh
		}
	}
	s.drawEndChartsHere(dst, image.Rect(int(x+u(20)), int(cy+u(10)), int(x+w-u(20)), int(y+h-u(76)))) // overlays: the end charts
	for _, b := range s.buttons {
		ui.FillRect(dst, float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy()), btnFill)
		edge := btnEdge
		if imagePt(s.raw.cur.CursorX, s.raw.cur.CursorY).In(b.r) {
			edge = ui.Accent
		}
		strokeRectF(dst, b.r, u(1.2), edge)
		l := b.label + "  [" + b.key + "]"
		ui.CentredText(dst, l, s.boldFace(), float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2, ui.Ink)
	}
}

func imagePt(x, y float64) image.Point { return image.Pt(int(x), int(y)) }
