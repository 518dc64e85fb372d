package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/combat"
	"khamsin/render/ui"
)

// The plotted move and its preview, tooltips that keep off the path, the
// assault odds, and moves sliding along their paths.

var (
	warnColour  = color.RGBA{255, 150, 70, 255}
	plotColour  = color.RGBA{200, 60, 30, 255}
	sunFill     = color.NRGBA{255, 215, 60, 60}
	sunEdge     = color.NRGBA{230, 170, 20, 200}
	hazeColours = []color.NRGBA{{255, 255, 255, 170}, {120, 200, 255, 200}}
)

// tipLine is a tooltip line with its colour.
type tipLine struct {
	text string
	c    color.RGBA
}

// animTicks is how long a moved counter slides (0.3 s).
const animTicks = 18

// diceTicks is how long the dice box stays up after a roll (4 s).
const diceTicks = 240

// moveAnim is a counter sliding along its path (drawing only: the game
// has already moved it).
type moveAnim struct {
	base  string
	path  []string
	start int
	dur   int // ticks of the slide (0: animTicks)
}

// ticks is how long the slide lasts.
func (an *moveAnim) ticks() int {
	if an.dur > 0 {
		return an.dur
	}
	return animTicks
}

// plotMove plots a move to label, or commits it when it is already
// plotted (plot, then confirm).
func (s *PlayScene) plotMove(label string, ctx *ui.Context) {
	if s.plotted == label {
		o := s.moves[label]
		cmd := "move " + s.sel + " " + label
		base := s.sel
		if s.do(cmd, ctx) {
			s.anim = &moveAnim{base: base, path: o.Path, start: s.tick}
		}
		s.plotted = ""
		return
	}
	s.plotted = label
	s.post(fmt.Sprintf("%s plotted to %s: click it again to move, right-click or Backspace to undo", s.sel, label), false)
}

// unplot undoes a plotted destination; false when none was plotted.
func (s *PlayScene) unplot() bool {
	if s.plotted == "" {
		return false
	}
	s.post("move to "+s.plotted+" undone", false)
	s.plotted = ""
	return true
}

// updatePreview asks the game what the hovered (else the plotted) move
// would cost and risk.
func (s *PlayScene) updatePreview() {
	label := ""
	if s.hovering {
		l := s.g.Label(s.hover)
		if _, ok := s.moves[l]; ok && s.hoveredTarget() == "" && (l == s.plotted || s.shift() || !s.ownHovered()) {
			label = l
		}
	}
	if label == "" {
		label = s.plotted
	}
	if _, ok := s.moves[s.plotted]; s.plotted != "" && !ok {
		s.plotted = ""
	}
	if label == "" || s.sel == "" {
		s.preview, s.previewKey = nil, ""
		return
	}
	key := fmt.Sprintf("%d/%s/%s", s.gen, s.sel, label)
	if key == s.previewKey {
		return
	}
	s.previewKey = key
	p, err := s.obs().PreviewMove(s.sel, label)
	if err != nil {
		s.preview = nil
		return
	}
	s.preview = &p
}

// ownHovered is whether the cursor is on a counter of the screen's side
// other than the selected one (a click there selects it).
func (s *PlayScene) ownHovered() bool {
	if s.hoverAt < 0 || s.hoverAt >= len(s.placed) {
		return false
	}
	p := s.placed[s.hoverAt]
	return p.base != "" && p.side == s.side && p.base != s.sel
}

// previewLines is the plotted or hovered move's cost breakdown.
func (s *PlayScene) previewLines() []tipLine {
	p := s.preview
	if p == nil {
		return nil
	}
	act := "click to plot"
	if s.ownIn(p.To) {
		act = "Shift+click to plot (your counters stand here)"
	}
	if p.To == s.plotted {
		act = "click again to move · right-click or Backspace: undo"
	}
	out := []tipLine{{fmt.Sprintf("move %s → %s: %s MP — %s", p.Base, p.To, p.Total, act), ui.Accent}}
	for _, st := range p.Steps {
		out = append(out, tipLine{fmt.Sprintf("  %s  %s MP: %s", st.Hex, st.Cost, strings.Join(st.Why, " + ")), ui.Ink})
		for _, c := range st.Checks {
			out = append(out, tipLine{"     ! " + st.Hex + ": " + c, warnColour})
		}
	}
	if p.ManHandle {
		out = append(out, tipLine{"  ! the gun must pass the man-handling test first (9.4)", warnColour})
	}
	ord := fmt.Sprintf("  Orders: %d", p.Orders)
	if p.NoteD != "" {
		ord += " — a second Order (Note D): " + p.NoteD
	}
	out = append(out, tipLine{ord, ui.Dim})
	if len(p.Dust) > 0 {
		out = append(out, tipLine{"  raises vehicle dust in " + strings.Join(p.Dust, ", ") + " (11.74)", ui.Dim})
	}
	for _, d := range p.Defences {
		out = append(out, tipLine{"  ! " + d, warnColour})
	}
	return out
}

// tipSize is the size of a tooltip box of lines, and its text width.
func (s *PlayScene) tipSize(lines []tipLine) (bw, bh, w float64) {
	face := s.hud.Small
	for _, l := range lines {
		w = math.Max(w, text.Advance(l.text, face))
	}
	a := s.mapArea()
	w = math.Min(w, float64(a.Dx())-s.hud.U(28))
	lh := s.hud.U(ui.SmallPt * ui.LineGap)
	return w + s.hud.U(16), float64(len(lines))*lh + s.hud.U(10), w
}

// tipWrap fits a tooltip's lines to the map's width: a line wider than a
// box there may be is broken at its spaces, the rest indented under its
// text in its colour. Nothing is cut: a shot's chance ends its line, and
// in a small window the box was once wider than the map and ran off it.
func (s *PlayScene) tipWrap(lines []tipLine) []tipLine {
	face := s.hud.Small
	room := float64(s.mapArea().Dx()) - s.hud.U(28)
	var out []tipLine
	for _, l := range lines {
		if text.Advance(l.text, face) <= room {
			out = append(out, l)
			continue
		}
		body := strings.TrimLeft(l.text, " ")
		lead := l.text[:len(l.text)-len(body)]
		more := lead + "    "
		parts := ui.Wrap(body, face, math.Max(room-text.Advance(more, face), s.hud.U(60)), 12)
		for i, t := range parts {
			if i == 0 {
				t = lead + t
			} else {
				t = more + t
			}
			out = append(out, tipLine{t, l.c})
		}
	}
	return out
}

// keepIn moves a bw×bh box at (x,y) into a, 4 px inside its edges; a box
// larger than a keeps its top left corner in (its start is what is read).
func keepIn(x, y, bw, bh float64, a image.Rectangle) (float64, float64) {
	x = math.Max(math.Min(x, float64(a.Max.X)-bw-4), float64(a.Min.X)+4)
	y = math.Max(math.Min(y, float64(a.Max.Y)-bh-4), float64(a.Min.Y)+4)
	return x, y
}

// tipAvoiding places a bw×bh box near the screen point (x,y), on the map
// and, if any place around the point allows, covering none of avoid (the
// hexes of a plotted path): else the place that covers the fewest.
func (s *PlayScene) tipAvoiding(x, y, bw, bh float64, avoid []rectF64) (float64, float64) {
	a := s.mapArea()
	g := 24 * s.ui
	bestX, bestY, best := 0.0, 0.0, -1
	for _, d := range []float64{1, 2.5, 4.5, 7} {
		gd := g * d
		for _, c := range [][2]float64{
			{x + gd, y - 34*s.ui}, {x + gd, y + gd}, {x - gd - bw, y - 34*s.ui}, {x - gd - bw, y + gd},
			{x - bw/2, y - gd - bh}, {x - bw/2, y + gd}, {x + gd, y - gd - bh}, {x - gd - bw, y - gd - bh},
		} {
			cx, cy := keepIn(c[0], c[1], bw, bh, a)
			box := rectF64{cx, cy, cx + bw, cy + bh}
			n := 0
			for _, r := range avoid {
				if box.overlaps(r) {
					n++
				}
			}
			if best < 0 || n < best {
				bestX, bestY, best = cx, cy, n
			}
			if n == 0 {
				return cx, cy
			}
		}
	}
	return bestX, bestY
}

// rectF64 is a screen rectangle in float pixels: x0,y0 to x1,y1.
type rectF64 struct{ x0, y0, x1, y1 float64 }

func (r rectF64) overlaps(o rectF64) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

// pathRects are the screen boxes of a path's hexes (their inner circle's
// square), for tooltips to keep off.
func (s *PlayScene) pathRects(paths ...[]string) []rectF64 {
	r := s.board.Pix.Size * s.board.Cam.Scale() * 0.8
	var out []rectF64
	for _, path := range paths {
		for _, l := range path {
			if x, y, ok := s.screenOf(l); ok {
				out = append(out, rectF64{x - r, y - r, x + r, y + r})
			}
		}
	}
	return out
}

// previewTip is the move preview's tooltip: its lines and its box, placed
// off the previewed and the plotted paths.
func (s *PlayScene) previewTip() (lines []tipLine, box rectF64, ok bool) {
	if s.preview == nil {
		return nil, rectF64{}, false
	}
	h, err := s.g.HexOf(s.preview.To)
	if err != nil {
		return nil, rectF64{}, false
	}
	lines = s.tipWrap(s.previewLines())
	bw, bh, _ := s.tipSize(lines)
	x, y := s.board.HexOnScreen(h)
	var paths [][]string
	if o, ok := s.moves[s.preview.To]; ok {
		paths = append(paths, o.Path)
	}
	if o, ok := s.moves[s.plotted]; ok && s.plotted != s.preview.To {
		paths = append(paths, o.Path)
	}
	tx, ty := s.tipAvoiding(x, y, bw, bh, s.pathRects(paths...))
	return lines, rectF64{tx, ty, tx + bw, ty + bh}, true
}

// tooltipC draws coloured lines in a box beside the counter at (x,y),
// kept on the map and off the counter (a box as wide as a small window's
// map went over the target it spoke of).
func (s *PlayScene) tooltipC(dst *ebiten.Image, lines []tipLine, x, y float64) {
	lines = s.tipWrap(lines)
	bx, by := s.tipBeside(lines, x, y)
	s.tooltipBox(dst, lines, bx, by)
}

// tipBeside is where tooltipC puts lines (already wrapped) for the
// counter at (x,y).
func (s *PlayScene) tipBeside(lines []tipLine, x, y float64) (float64, float64) {
	bw, bh, _ := s.tipSize(lines)
	r := math.Max(s.board.Pix.Size*s.board.Cam.Scale()*0.8, 20*s.ui)
	return s.tipAvoiding(x+6*s.ui, y+14*s.ui, bw, bh, []rectF64{{x - r, y - r, x + r, y + r}})
}

// tooltipBox draws coloured lines in a box at (x,y).
func (s *PlayScene) tooltipBox(dst *ebiten.Image, lines []tipLine, x, y float64) {
	face := s.hud.Small
	bw, bh, w := s.tipSize(lines)
	lh := s.hud.U(ui.SmallPt * ui.LineGap)
	ui.FillRect(dst, x, y, bw, bh, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, bw, bh), s.hud.U(1), ui.PanelEdge)
	for i, l := range lines {
		ui.DrawText(dst, fitText2(l.text, face, w), face, x+s.hud.U(8), y+s.hud.U(5)+float64(i)*lh, l.c)
	}
}

// drawPlotted draws the plotted path and the preview of the move under
// the cursor (or the plotted one).
func (s *PlayScene) drawPlotted(dst *ebiten.Image) {
	if o, ok := s.moves[s.plotted]; ok {
		s.strokeHexPath(dst, o.Path, plotColour)
		if h, err := s.g.HexOf(s.plotted); err == nil {
			ui.StrokePath(dst, s.hexPath(h, 0.8), 3*s.ui, plotColour)
		}
	}
	if s.preview == nil {
		return
	}
	if o, ok := s.moves[s.preview.To]; ok && s.preview.To != s.plotted {
		s.strokeHexPath(dst, o.Path, pathColour)
	}
	if lines, box, ok := s.previewTip(); ok {
		s.tooltipBox(dst, lines, box.x0, box.y0)
	}
}

func (s *PlayScene) strokeHexPath(dst *ebiten.Image, path []string, c color.Color) {
	var p vector.Path
	for i, l := range path {
		x, y, ok := s.screenOf(l)
		if !ok {
			return
		}
		if i == 0 {
			p.MoveTo(float32(x), float32(y))
		} else {
			p.LineTo(float32(x), float32(y))
		}
	}
	ui.StrokePath(dst, &p, 6*s.ui, color.RGBA{250, 250, 250, 200})
	ui.StrokePath(dst, &p, 3*s.ui, c)
}

// updateAssaultOdds asks the game for the odds of the hovered assault.
func (s *PlayScene) updateAssaultOdds() {
	t := s.hoveredTarget()
	if t == "" || s.mode != "assault" {
		s.aodds, s.aoddsKey = nil, ""
		return
	}
	key := fmt.Sprintf("%d/%s/%s", s.gen, s.sel, t)
	if key == s.aoddsKey {
		return
	}
	s.aoddsKey = key
	o, err := s.obs().AssaultOdds(s.sel, t)
	if err != nil {
		s.aodds, s.oddsErr = nil, err.Error()
		return
	}
	s.aodds, s.oddsErr = &o, ""
}

// drawAssaultOdds shows the hovered assault's odds (11.9–11.10).
func (s *PlayScene) drawAssaultOdds(dst *ebiten.Image) {
	t := s.hoveredTarget()
	x, y, ok := s.CounterAt(t)
	if !ok || s.aodds == nil {
		return
	}
	o := s.aodds
	pct := func(f float64) string { return fmt.Sprintf("%.0f%%", f*100) }
	lines := []tipLine{{fmt.Sprintf("assault %s on %s (%s) — click to assault", s.sel, t, s.bases[t].Name), ui.Accent}}
	test := func(name string, t combat.Test) {
		l := fmt.Sprintf("%s (%s): d10 %+d, need %s — %s", name, t.Table, t.Total(), needText(t), pct(t.Chances()[combat.Success]))
		if strings.Contains(name, "save") {
			l = saveText(name, t)
		}
		lines = append(lines, tipLine{l, ui.Ink})
		for _, m := range t.Mods {
			r := ""
			if m.Rule != "" {
				r = "  (" + m.Rule + ")"
			}
			lines = append(lines, tipLine{fmt.Sprintf("     %+d  %s%s", m.N, m.What, r), ui.Dim})
		}
	}
	test("hit", o.ToHit)
	test("target's save", o.Save)
	lines = append(lines, tipLine{"target knocked out: " + pct(o.TargetOut), hudGood})
	if o.FightsBack {
		test("it fights back: hit", o.BackHit)
		test("your save", o.BackSave)
		lines = append(lines, tipLine{"your base knocked out: " + pct(o.AttackerOut), warnColour})
	} else {
		lines = append(lines, tipLine{"it cannot fight back (pinned, transport or observer)", ui.Dim})
	}
	s.tooltipC(dst, lines, x, y)
}

// animPos is where the sliding counter of base is drawn now, if it slides.
func (s *PlayScene) animPos(base string) (float64, float64, bool) {
	an := s.anim
	if an == nil || an.base != base || len(an.path) < 2 {
		return 0, 0, false
	}
	t := float64(s.tick-an.start) / float64(an.ticks())
	if t >= 1 || t < 0 {
		return 0, 0, false
	}
	t = 1 - (1-t)*(1-t) // ease out
	f := t * float64(len(an.path)-1)
	i := min(int(f), len(an.path)-2)
	x0, y0, ok0 := s.screenOf(an.path[i])
	x1, y1, ok1 := s.screenOf(an.path[i+1])
	if !ok0 || !ok1 {
		return 0, 0, false
	}
	k := f - float64(i)
	return x0 + (x1-x0)*k, y0 + (y1-y0)*k, true
}

// animating reports a counter still sliding.
func (s *PlayScene) animating() bool {
	return s.anim != nil && s.tick-s.anim.start < s.anim.ticks()
}
