package render

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The dice box: the last command's rolls as the side at the screen saw
// them, with their clicks.

// noteRolls keeps the rolls of a command's events the screen's side may
// see, for the dice box, and starts the rattle.
func (s *PlayScene) noteRolls(evs []game.Event) {
	var rolls []game.Event
	for _, e := range s.g.Seen(s.side, evs) { // numbered as the side's log (issue 17)
		if e.Roll != nil {
			rolls = append(rolls, e)
		}
	}
	if len(rolls) == 0 {
		return
	}
	s.dice, s.diceTick, s.rattle = rolls, s.tick, 3
}

// soundRattle plays the dice's clicks a few ticks apart.
func (s *PlayScene) soundRattle(ctx *ui.Context) {
	if s.rattle > 0 && (s.tick-s.diceTick)%5 == 0 {
		ctx.Sound.Click()
		s.rattle--
	}
}

// diceItem is one line of the dice box: a line of text, or a row of
// die faces.
type diceItem struct {
	text  string
	face  text.Face
	col   color.RGBA
	faces []int
	h     float64
}

// diceShown reports the dice box up: rolls to show, not yet faded out.
func (s *PlayScene) diceShown() bool {
	return len(s.dice) > 0 && (s.tick-s.diceTick <= diceTicks || s.handOver) // kept until the hand-over
}

// diceLayout lays the dice box out in the map's bottom-left corner: its
// rectangle and its lines, wrapped to the box's width. The box is never
// wider than a third of the map nor taller than a third of it (the
// oldest rolls, then the modifiers, give way), so it covers a corner.
func (s *PlayScene) diceLayout() (diceRect, []diceItem) {
	a := s.mapArea()
	u := s.hud.U
	face := s.hud.Small
	bold := s.boldFace()
	lh := u(ui.SmallPt * ui.LineGap)
	mw, mh := float64(a.Dx()), float64(a.Dy())
	bw := min(u(420), mw/3)
	maxH := mh / 3
	die := min(u(26), bw/8)
	tw := bw - u(30) // the × in the corner
	build := func(rolls []game.Event, mods bool, titleMax int, faces bool) ([]diceItem, float64) {
		var items []diceItem
		add := func(t string, f text.Face, c color.RGBA, n int) {
			for _, l := range ui.Wrap(t, f, tw, n) {
				items = append(items, diceItem{text: l, face: f, col: c, h: lh})
			}
		}
		for i, e := range rolls {
			r := e.Roll
			add(e.Text, face, ui.Accent, titleMax)
			if faces {
				items = append(items, diceItem{faces: r.Faces, h: die + u(4)})
			}
			if mods {
				for _, m := range r.Mods {
					t := fmt.Sprintf("   %+d %s", m.N, m.What)
					if m.Rule != "" {
						t += " (" + m.Rule + ")"
					}
					add(t, face, ui.Dim, 3)
				}
			} else if len(r.Mods) > 0 {
				add(fmt.Sprintf("   modifiers %+d", r.Final-sumInts(r.Faces)), face, ui.Dim, 1)
			}
			res := fmt.Sprintf("= %d: %s", r.Final, r.Result)
			if r.Table != "" {
				res += " on " + r.Table
			}
			add(res, bold, ui.Ink, 6)
			if i < len(rolls)-1 {
				items = append(items, diceItem{h: u(6)})
			}
		}
		h := u(12)
		for _, it := range items {
			h += it.h
		}
		return items, h
	}
	rolls := s.dice
	if len(rolls) > 4 {
		rolls = rolls[len(rolls)-4:]
	}
	items, bh := build(rolls, true, 3, true)
	for bh > maxH && len(rolls) > 1 { // the oldest rolls give way
		rolls = rolls[1:]
		items, bh = build(rolls, true, 3, true)
	}
	if bh > maxH { // then the modifiers (their sum stays) and the title's length
		items, bh = build(rolls, false, 2, true)
	}
	if bh > maxH {
		items, bh = build(rolls, false, 1, true)
	}
	if bh > maxH { // then the faces: the result says the score
		items, bh = build(rolls, false, 1, false)
	}
	bh = min(bh, maxH)
	x := float64(a.Min.X) + min(u(10), mw/40)
	y := float64(a.Max.Y) - bh - min(u(10), mh/40)
	return diceRect{x, y, bw, bh}, items
}

// diceRect is the dice box in window pixels.
type diceRect struct{ x, y, w, h float64 }

func (r diceRect) in(x, y float64) bool {
	return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// dismissDice puts the dice box away (X, or a click on it).
func (s *PlayScene) dismissDice() {
	s.dice, s.rattle = nil, 0
}

// drawDice draws the last command's rolls: the faces, each modifier with
// its rule, the result.
func (s *PlayScene) drawDice(dst *ebiten.Image) {
	if !s.diceShown() {
		return
	}
	r, items := s.diceLayout()
	u := s.hud.U
	// fade in the last half second
	alpha := 1.0
	if left := diceTicks - (s.tick - s.diceTick); left < 30 && !s.handOver {
		alpha = float64(left) / 30
	}
	col := func(c color.RGBA) color.RGBA {
		return color.RGBA{uint8(float64(c.R) * alpha), uint8(float64(c.G) * alpha), uint8(float64(c.B) * alpha), uint8(float64(c.A) * alpha)}
	}
	ui.FillRect(dst, r.x, r.y, r.w, r.h, col(ui.PanelFill))
	strokeRectF(dst, rectF(r.x, r.y, r.w, r.h), u(1.5), col(ui.Accent))
	ui.DrawText(dst, "×", s.hud.Small, r.x+r.w-u(14), r.y+u(4), col(ui.Dim)) // X or a click puts it away
	cy := r.y + u(6)
	for _, it := range items {
		if cy+it.h > r.y+r.h {
			break
		}
		if it.faces != nil {
			die := it.h - u(4)
			big := &text.GoTextFace{Source: s.hud.Bold, Size: 17 * s.hud.Scale * die / u(26)}
			for i, f := range it.faces {
				dx := r.x + u(10) + float64(i)*(die+u(6))
				ui.FillRect(dst, dx, cy, die, die, col(color.RGBA{240, 232, 210, 255}))
				strokeRectF(dst, rectF(dx, cy, die, die), u(1.2), col(color.RGBA{60, 40, 20, 255}))
				ui.CentredText(dst, fmt.Sprint(f), big, dx+die/2, cy+die/2, col(color.RGBA{30, 20, 10, 255}))
			}
		} else if it.text != "" {
			ui.DrawText(dst, it.text, it.face, r.x+u(8), cy, col(it.col))
		}
		cy += it.h
	}
}
