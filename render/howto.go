package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/render/ui"
)

// howToPara is one paragraph of the How to play page: a heading, the rule
// it summarises (shown beside the heading) and the text, in our words.
type howToPara struct {
	title, rule, body string
}

// howToPlay is the How to play page: how a turn runs and how the dice
// decide, summarised from docs/rules.md; every paragraph names its rule.
var howToPlay = []howToPara{
	{"The turn", "§7.1", "Each turn runs the same steps: smoke may clear, planned barrages land, both sides receive their Orders, initiative is thrown, then the sides take turns activating units until both pass in a row. At the end markers come off, objectives and reinforcements are checked, and a side with nothing left to fight with loses."},
	{"Orders", "§7.2", "Orders are what you spend to act. You get one for each combat unit that is not Shaken, one for each officer, observer, battery and spotter plane, and each officer on the map adds a few more on a d10 plus his quality. Unused Orders are lost at the end of the turn; a side with none left can only pass."},
	{"Activation and Note D", "§6A, Note D", "One Order activates one unit for one kind of action: move, fire, close assault, dig in, rally, spot and so on. Each base of that unit may then do that action once; End (or running out of bases) closes the activation and the other side acts. A move that starts in, ends in or crosses Very Bad Going (a sand hex, or any hex while there is mud) costs a second Order."},
	{"Challenge", "§7.1 step 4", "After initiative, each side may put units on Challenge. A unit on Challenge waits: when an enemy base ends a move where it can shoot, its bases fire at once, once each (reaction fire), the token comes off and the unit counts as activated for the turn."},
	{"Fire: to hit", "§10.8", "A shot is one d10 plus modifiers: the firer's quality, an officer with it, the range for armour-piercing and hollow-charge rounds, and everything in the way, such as haze, dust and the sun. A final score of 6 or more hits. The tooltip over a target shows the score you need and the chance."},
	{"Fire: saves", "§10.8", "A hit is not yet a kill. The target saves on its own column of the table (infantry, guns, soft vehicles, armour, lorries): its cover adds, the weapon's penetration or HE subtracts, and armour is met front or side by where the shot comes from. A passed save leaves it unharmed; a partial one pins it; a failed one knocks it out. When no roll can save it, the tooltip says so: every hit knocks it out."},
	{"Close assault", "§11.9–11.10", "A base may assault an enemy base up to one hex away. It throws to hit as in fire, and the target saves against the assault's factor (a tank's weight, its best anti-tank weapon against armour, or its close-combat value). An enemy that is not pinned, and is not a transport or an observer, fights back in the same way: the tooltip gives both sides' odds."},
	{"Fire support", "§10.15–10.18, 14.9", "Batteries fire from off the map or as on-map mortars. An observer calls fire onto a hex it sees, the battery ranges the aim point, may adjust it, then fires for effect: every base under the template saves, and the shells raise dust. Close air support works through a forward air controller, who designates a hex he can see for one of his side's sorties to strike."},
	{"Dust", "11.74", "Vehicles moving on the sand raise dust behind them. Dust on the line of fire makes shooting through it harder; it settles at the end of the turn, and a vehicle's own dust comes off when it moves again. Wind and rain change how much dust there is."},
	{"Sun", "11.61", "Early and late in the day a low sun dazzles those looking into it: a shot or a spot toward the sun's side is harder. The wedge on the map shows the glare; the tooltips list it as a modifier with its rule."},
	{"Saves in the tooltip", "§10.8, 2.5", "Every roll is shown in the dice box with its faces, each modifier and the rule it comes from. 'Automatic' means every roll saves; 'no save possible' means none does, so a hit knocks the target out; an officer with a unit that routs or surrenders saves on his own table."},
}

// howToView is the open How to play page and its scroll.
type howToView struct {
	open bool
	top  float64 // pixels scrolled
	max  float64 // the largest scroll at the window's size
	view float64 // the height the text shows in
}

// rows is how many lines the page shows at once.
func (h *howToView) rows(lh float64) int { return int((h.view + 0.5) / lh) }

// fit lays the page out for a w×ht window and keeps the scroll within it;
// it returns the text's top and bottom and the lines.
func (h *howToView) fit(hd *ui.HUD, w, ht int) (top, bottom float64, lines []howToLine, lh float64) {
	u := hd.U
	_, y, _, ph, lines, lh := h.layout(hd, w, ht)
	top = y + u(12) + 19*1.6*hd.Scale
	bottom = y + ph - u(16) - ui.SmallPt*hd.Scale*1.4
	h.view = bottom - top
	h.max = math.Max(0, float64(len(lines)-h.rows(lh))*lh) // whole lines: the last one shows at the end
	h.top = math.Max(0, math.Min(h.top, h.max))
	return top, bottom, lines, lh
}

// input scrolls the page (wheel, arrows, Page Up/Down, Home, End) and
// closes it (Esc), for a w×ht window.
func (h *howToView) input(act *ui.Input, hd *ui.HUD, w, ht int) {
	step := 40.0
	h.fit(hd, w, ht)
	pageH := h.view
	switch {
	case act.JustPressed(ui.ActionClose):
		h.open = false
		return
	case act.JustPressed(ui.ActionNextItem):
		h.top += step
	case act.JustPressed(ui.ActionPrevItem):
		h.top -= step
	case act.JustPressed(ui.ActionPageDown):
		h.top += pageH * 0.8
	case act.JustPressed(ui.ActionPageUp):
		h.top -= pageH * 0.8
	case act.JustPressed(ui.ActionTop):
		h.top = 0
	case act.JustPressed(ui.ActionBottom):
		h.top = h.max
	}
	if wy := act.Wheel(); wy != 0 {
		h.top -= wy * step
	}
	h.top = math.Max(0, math.Min(h.top, h.max))
}

// howToLine is a laid-out line of the page.
type howToLine struct {
	text string
	face text.Face
	col  color.RGBA
}

// layout wraps the page to a panel for a w×h window: the panel's
// rectangle, its lines and the line height.
func (h *howToView) layout(hd *ui.HUD, w, ht int) (x, y, pw, ph float64, lines []howToLine, lh float64) {
	u := hd.U
	pw = math.Min(float64(w)-u(16), u(760))
	ph = float64(ht) - u(16)
	x, y = math.Round((float64(w)-pw)/2), u(8)
	reg := &text.GoTextFace{Source: hd.Reg, Size: 15 * hd.Scale}
	bold := &text.GoTextFace{Source: hd.Bold, Size: 15 * hd.Scale}
	lh = 15 * 1.4 * hd.Scale
	tw := pw - u(32)
	for _, p := range howToPlay {
		lines = append(lines, howToLine{p.title + "  (" + p.rule + ")", bold, ui.Accent})
		for _, l := range ui.Wrap(p.body, reg, tw, 40) {
			lines = append(lines, howToLine{l, reg, ui.Ink})
		}
		lines = append(lines, howToLine{})
	}
	return
}

// draw draws the page over the screen, scrolled.
func (h *howToView) draw(dst *ebiten.Image, hd *ui.HUD, w, ht int) {
	u := hd.U
	x, y, pw, ph, _, _ := h.layout(hd, w, ht)
	top, _, lines, lh := h.fit(hd, w, ht)
	sw, sh := float64(w), float64(ht)
	ui.FillRect(dst, 0, 0, sw, sh, color.RGBA{0, 0, 0, 140})
	ui.FillRect(dst, x, y, pw, ph, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, pw, ph), u(2), ui.PanelEdge)
	title := &text.GoTextFace{Source: hd.Bold, Size: 19 * hd.Scale}
	ui.DrawText(dst, "How to play", title, x+u(16), y+u(12), ui.Accent)
	foot := "↑↓, wheel, Page Up/Down scroll · Esc closes"
	ui.DrawText(dst, foot, hd.Small, x+u(16), y+ph-u(12)-ui.SmallPt*hd.Scale*1.2, ui.Dim)
	view := h.view
	first := int(h.top/lh + 0.5)
	cy := top
	for i := first; i < len(lines) && i < first+h.rows(lh); i++ {
		if l := lines[i]; l.text != "" {
			ui.DrawText(dst, l.text, l.face, x+u(16), cy, l.col)
		}
		cy += lh
	}
	if h.max > 0 { // the scroll bar
		bx := x + pw - u(8)
		ui.FillRect(dst, bx, top, u(3), view, color.RGBA{60, 50, 40, 255})
		ui.FillRect(dst, bx, top+view*h.top/(h.max+view), u(3), view*view/(h.max+view), ui.Accent)
	}
}
