package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The game window's second layer: the plotted move and its preview, the
// assault odds, the dice box, moves sliding along their paths, the sun
// wedge and heat-haze bands, the autosave and the end-of-game screen.

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
			out = append(out, tipLine{"     ⚠ " + st.Hex + ": " + c, warnColour})
		}
	}
	if p.ManHandle {
		out = append(out, tipLine{"  ⚠ the gun must pass the man-handling test first (9.4)", warnColour})
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
		out = append(out, tipLine{"  ⚠ " + d, warnColour})
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

// tipAt is where a bw×bh box near (x,y) goes, kept on the map.
func (s *PlayScene) tipAt(x, y, bw, bh float64) (float64, float64) {
	a := s.mapArea()
	if x+bw > float64(a.Max.X)-4 {
		x -= bw + 60*s.ui
	}
	x = math.Min(math.Max(x, float64(a.Min.X)+4), float64(a.Max.X)-bw-4)
	y = math.Min(math.Max(y, float64(a.Min.Y)+4), float64(a.Max.Y)-bh-4)
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
			cx := math.Min(math.Max(c[0], float64(a.Min.X)+4), float64(a.Max.X)-bw-4)
			cy := math.Min(math.Max(c[1], float64(a.Min.Y)+4), float64(a.Max.Y)-bh-4)
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
	lines = s.previewLines()
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

// tooltipC draws coloured lines in a box near (x,y), kept on the map.
func (s *PlayScene) tooltipC(dst *ebiten.Image, lines []tipLine, x, y float64) {
	bw, bh, _ := s.tipSize(lines)
	x, y = s.tipAt(x, y, bw, bh)
	s.tooltipBox(dst, lines, x, y)
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
	s.tooltipC(dst, lines, x+30*s.ui, y-20*s.ui)
}

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

// climateEnv rebuilds the climate the view reports, for the pure climate
// functions (an SSR or the boards' terrain the view does not carry may
// make it differ; the engine's own answer is the odds).
func (s *PlayScene) climateEnv() climate.Environment {
	e := s.view.Env
	var env climate.Environment
	env.Month = climate.Month(e.Month)
	env.Weather, _ = climate.ParseWeather(e.Weather)
	env.Time, _ = climate.ParseTimeOfDay(e.Time)
	env.EC, _ = climate.ParseEC(e.EC)
	env.Wind, _ = climate.ParseWindForce(e.Wind)
	env.Dust, _ = climate.ParseDust(e.Dust)
	env.North, _ = climate.ParseNorth(s.g.Scn.Map.North)
	env.Boards, env.Terrain = climate.BoardsOf(s.g.Map)
	return env
}

// sunBearing is the sun blindness the view reports in force.
func (s *PlayScene) sunBearing() climate.Sun {
	switch strings.ToLower(s.view.Env.Sun) {
	case "east":
		return climate.SunEast
	case "west":
		return climate.SunWest
	}
	return climate.NoSun
}

// updateSunZone finds the selected base's Sun Blindness Zone (11.61).
func (s *PlayScene) updateSunZone() {
	b, ok := s.bases[s.sel]
	key := ""
	if ok {
		key = fmt.Sprintf("%s/%s/%s", b.Hex, s.view.Env.Sun, s.view.Env.Time)
	}
	if key == s.sunKey {
		return
	}
	s.sunKey, s.sunZone = key, nil
	sun := s.sunBearing()
	if !ok || sun == climate.NoSun {
		return
	}
	from, err := s.g.HexOf(b.Hex)
	if err != nil {
		return
	}
	n, _ := climate.ParseNorth(s.g.Scn.Map.North)
	s.sunZone = climate.SunZone(nil, from, sun, n, s.g.Map.Hexes())
}

// drawSunZone shades the selected base's Sun Blindness Zone.
func (s *PlayScene) drawSunZone(dst *ebiten.Image) {
	if len(s.sunZone) == 0 || !s.showSun {
		return
	}
	vis := s.mapArea()
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	var p vector.Path
	for _, h := range s.sunZone {
		x, y := s.board.HexOnScreen(h)
		if x < float64(vis.Min.X)-hs || x > float64(vis.Max.X)+hs || y < float64(vis.Min.Y)-hs || y > float64(vis.Max.Y)+hs {
			continue
		}
		p.AddPath(s.hexPath(h, 1), &vector.AddPathOptions{})
	}
	ui.FillPath(dst, &p, sunFill)
	// the wedge's two edges from the unit's hex
	b := s.bases[s.sel]
	from, err := s.g.HexOf(b.Hex)
	if err != nil {
		return
	}
	x0, y0 := s.board.HexOnScreen(from)
	n, _ := climate.ParseNorth(s.g.Scn.Map.North)
	axis := float64(int(n)) * math.Pi / 2 // east on the screen: up→right, right→down…
	if s.sunBearing() == climate.SunWest {
		axis += math.Pi
	}
	far := float64(s.w + s.h)
	for _, d := range []float64{-math.Pi / 6, math.Pi / 6} {
		ui.Line(dst, x0, y0, x0+far*math.Cos(axis+d), y0+far*math.Sin(axis+d), 2*s.ui, sunEdge)
	}
	lx, ly := x0+hs*2.2*math.Cos(axis), y0+hs*2.2*math.Sin(axis)
	ui.CentredText(dst, "sun in the eyes (11.61)", s.hud.Small, lx, ly, color.RGBA{120, 80, 0, 255})
}

// drawHaze draws the heat-haze bands round the selected base (H): the
// range still clear and each +1 band beyond it, against infantry (white)
// and vehicles (blue) (11.62, 11.621).
func (s *PlayScene) drawHaze(dst *ebiten.Image) {
	if !s.showHaze {
		return
	}
	b, ok := s.bases[s.sel]
	if !ok {
		return
	}
	from, err := s.g.HexOf(b.Hex)
	if err != nil {
		return
	}
	lvl := climate.Assess(s.climateEnv()).Haze
	if lvl == climate.NoHaze { // rings show where it would start if it comes
		lvl = climate.Haze
	}
	cx, cy := s.board.HexOnScreen(from)
	step := s.board.Pix.Size * s.board.Cam.Scale() * math.Sqrt(3)
	for vi, vehicle := range []bool{false, true} {
		last := 0
		for r := 1; r <= 60; r++ {
			t := climate.TargetInfantry
			if vehicle {
				t = climate.TargetVehicle
			}
			d := climate.HeatHazeDRM(lvl, r, t, false)
			if d != last {
				rad := (float64(r) - 0.5) * step
				vector.StrokeCircle(dst, float32(cx), float32(cy), float32(rad), float32(2*s.ui), hazeColours[vi], true)
				ui.CentredText(dst, fmt.Sprintf("+%d", d), s.hud.Small, cx+rad*math.Cos(-0.5-0.25*float64(vi)), cy+rad*math.Sin(-0.5-0.25*float64(vi)), hazeColours[vi])
				last = d
			}
		}
	}
}

// autosave writes the game to SavePath after every command so a crash
// loses nothing, and when a new turn begins also to a file of that turn
// (TurnSavePath: "dawn-turn3.save"), kept, so a player can go back to the
// start of any turn (turn 1's, the new game as it opened, is written with
// the first autosave).
func (s *PlayScene) autosave() {
	if s.opts.NoAutosave {
		return
	}
	if s.turn1 != nil { // the start of turn 1, kept like the others (written first: the save itself stays the newest file)
		if err := fileio.WriteFile(s.TurnSavePath(1), s.turn1, 0o644); err != nil {
			s.post("autosave: "+err.Error(), true)
		}
		s.turn1 = nil
	}
	data := s.g.Save(s.scenarioRef())
	if err := fileio.WriteFile(s.SavePath(), data, 0o644); err != nil {
		s.post("autosave: "+err.Error(), true)
		return
	}
	if s.g.Turn() != s.turnSaved {
		s.turnSaved = s.g.Turn()
		if err := fileio.WriteFile(s.TurnSavePath(s.g.Turn()), data, 0o644); err != nil {
			s.post("autosave: "+err.Error(), true)
		}
	}
}

// TurnSavePath is the autosave of the start of turn n: the save's name
// with "-turnN" before ".save".
func (s *PlayScene) TurnSavePath(n int) string {
	return fmt.Sprintf("%s-turn%d.save", strings.TrimSuffix(s.SavePath(), ".save"), n)
}

// loadSaved replaces the game with the one saved at SavePath (Ctrl+L):
// the same scenario, replayed through game.Load.
func (s *PlayScene) loadSaved() {
	path := s.SavePath()
	g, _, err := game.Load(path)
	if err != nil {
		s.post("load: "+err.Error(), true)
		return
	}
	w0, h0 := s.g.Map.Size()
	if w1, h1 := g.Map.Size(); g.Scn.Title != s.g.Scn.Title || w0 != w1 || h0 != h1 {
		s.post("load: "+path+" is a game of "+g.Scn.Title+": load it from the menu", true)
		return
	}
	s.g = g
	s.gen++
	s.rp, s.anim, s.dice, s.handOver, s.sum, s.acting = nil, nil, nil, false, nil, false
	s.ghosts = [2]*game.Game{}
	s.sel, s.selUnit, s.mode = "", "", ""
	s.seen = [2]int{len(g.Cmds()), len(g.Cmds())}
	s.turnSaved, s.turn1 = g.Turn(), nil
	s.resultOff = false
	s.cams = [2]*ui.Camera{}
	if s.opts.Mode != ModeSolo {
		s.side = g.Actor()
	}
	s.cover = s.opts.Mode == ModeHotseat && !s.opts.NoHandover && !g.Over()
	s.refresh()
	s.markSeen(0)
	s.markSeen(1)
	s.post(fmt.Sprintf("loaded %s: turn %d, %d commands", path, g.Turn(), len(g.Cmds())), false)
}

// muteKey is Ctrl+M or F8: sound off and on.
func (s *PlayScene) muteKey() bool {
	return s.act.JustPressed(ui.ActionMute)
}

// settingsChanged applies a change to the kept settings and writes them
// (when the game keeps them: PlayOptions.SettingsPath).
func (s *PlayScene) settingsChanged(change func(*Settings)) {
	if s.opts.SettingsPath == "" {
		return
	}
	st, _ := LoadSettings(s.opts.SettingsPath) // a bad file is rewritten whole
	change(&st)
	if err := SaveSettings(s.opts.SettingsPath, st); err != nil {
		s.post(err.Error(), true)
	}
}

// keepZoom keeps the zoom the player left the game at.
func (s *PlayScene) keepZoom() {
	z := math.Min(MaxSettingsZoom, math.Max(MinSettingsZoom, s.board.Cam.Scale()))
	s.settingsChanged(func(st *Settings) { st.Zoom = math.Round(z*100) / 100 })
}

// resultInput handles the end-of-game screen: Enter or M back to the
// menu, Esc looks at the map (R brings the screen back), Q quits.
func (s *PlayScene) resultInput(ctx *ui.Context) {
	in := &s.raw
	s.layoutResult()
	back := s.act.JustPressed(ui.ActionConfirm) || in.keyJust(ebiten.KeyM) // M: the menu, only on this screen
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
		s.resultOff = true
		s.post("the game is over: R shows the result again", false)
	}
}

// backToMenu is the menu the game came from, or a new one.
func (s *PlayScene) backToMenu() ui.Scene {
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
	w = math.Min(float64(s.w)-u(40), u(640))
	h = math.Min(float64(s.h)-u(40), u(420))
	return (float64(s.w) - w) / 2, (float64(s.h) - h) / 2, w, h
}

func (s *PlayScene) layoutResult() {
	u := s.hud.U
	x, y, w, h := s.resultRect()
	bw, bh := (w-u(64))/3, u(40)
	by := y + h - bh - u(16)
	s.buttons = []button{
		{r: rectF(x+u(16), by, bw, bh), label: "Back to the menu", key: "Enter"},
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

// drawResult draws the end-of-game screen over the map.
func (s *PlayScene) drawResult(dst *ebiten.Image) {
	u := s.hud.U
	ui.FillRect(dst, 0, 0, float64(s.w), float64(s.h), color.RGBA{0, 0, 0, 140})
	x, y, w, h := s.resultRect()
	ui.FillRect(dst, x, y, w, h, ui.PanelFill)
	strokeRectF(dst, rectF(x, y, w, h), u(2), ui.Accent)
	title, lines := s.resultLines()
	big := &text.GoTextFace{Source: s.hud.Bold, Size: 30 * s.hud.Scale}
	for text.Advance(title, big) > w-u(40) && big.Size > 14*s.hud.Scale {
		big = &text.GoTextFace{Source: s.hud.Bold, Size: big.Size * 0.92}
	}
	ui.DrawText(dst, "Game over", s.hud.Small, x+u(20), y+u(16), ui.Dim)
	ui.DrawText(dst, fitText2(title, big, w-u(40)), big, x+u(20), y+u(36), ui.Accent)
	cy := y + u(84)
	lh := u(ui.SmallPt * 1.4)
	for _, l := range lines {
		for _, t := range ui.Wrap(l.text, s.hud.Small, w-u(40), 3) {
			ui.DrawText(dst, t, s.hud.Small, x+u(20), cy, l.c)
			cy += lh
		}
	}
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
