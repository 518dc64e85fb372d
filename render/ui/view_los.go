package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/los"
	"khamsin/hexmap"
	"khamsin/render/raster"
)

// losTool answers "can a unit here see a unit there" on the map, the
// question `khamsin los` answers on the command line: the player picks a
// hex to look from, and every hex pointed at afterwards gets the engine's
// answer (clear or blocked, where, by what, under which rule, and each
// hindrance) in the status bar, with the sight line drawn. Both ends are
// units at the ground level of their hex (in a wadi, on its floor).
type losTool struct {
	grid *los.Grid // built on first use: a map the player only looks at never pays for it
	chk  *los.Checker

	on       bool
	from     hexmap.Hex
	to       hexmap.Hex // the hex the answer is for
	answered bool
	result   los.Result
	text     string
}

// toggle starts looking from h; pressed again (over any hex) it stops,
// as the help says.
func (t *losTool) toggle(m *hexmap.Map, h hexmap.Hex) {
	if t.on {
		t.clear()
		return
	}
	if t.grid == nil {
		t.grid = los.NewGrid(m)
		t.chk = t.grid.NewChecker()
	}
	t.on, t.from, t.answered = true, h, false
}

func (t *losTool) clear() { t.on, t.answered, t.text = false, false, "" }

// answer works out the sight line from the chosen hex to h, once per hex.
func (t *losTool) answer(m *hexmap.Map, h hexmap.Hex) {
	if !t.on || t.answered && t.to == h || h == t.from {
		// the start hex itself is no target: there the status asks for
		// one
		return
	}
	t.to, t.answered = h, true
	t.result = t.chk.Check(los.Query{From: t.grid.At(t.from), To: t.grid.At(h)})
	t.text = describeLOS(m, t.from, h, t.result)
}

// describeLOS spells an answer for the status bar, in the words of the
// command line's text answer, with the level each end stands at (a unit
// on the ground of its hex: a wadi's floor, a hillock's top).
func describeLOS(m *hexmap.Map, from, to hexmap.Hex, r los.Result) string {
	end := func(h hexmap.Hex) string {
		t := m.Terrain(h)
		s := m.Label(h) + " (level " + hexmap.FormatLevel(t.Ground())
		if t.Has(hexmap.Wadi) && !t.Has(hexmap.Bridge) {
			s += ", in the wadi"
		}
		return s + ")"
	}
	head := fmt.Sprintf("LOS %s → %s, range %d: ", end(from), end(to), r.Range)
	if !r.Clear {
		return head + fmt.Sprintf("blocked at %s by %s %s", r.Block.At.Name(m), r.Block.Kind, raster.Cite(r.Block.Rule))
	}
	if len(r.Hindrances) == 0 {
		return head + "clear"
	}
	parts := make([]string, len(r.Hindrances))
	for i, h := range r.Hindrances {
		parts[i] = fmt.Sprintf("%s %s %+d %s", h.Kind, h.At.Name(m), h.DRM, raster.Cite(h.Rule))
	}
	return head + fmt.Sprintf("clear, hindrance DRM %+d: %s", r.DRM, strings.Join(parts, ", "))
}

var (
	losClear    = color.RGBA{250, 246, 226, 255}
	losHindered = color.RGBA{255, 190, 60, 255}
	losBlocked  = color.RGBA{220, 40, 30, 255}
	losShadow   = color.RGBA{20, 16, 10, 200}
)

// draw marks the hex looked from and, when a hex is pointed at, the sight
// line to it: pale when clear, amber when hindered, red from the point
// where it is blocked on.
func (t *losTool) draw(screen *ebiten.Image, s *MapScene) {
	if !t.on {
		return
	}
	w := float32(s.ui * 2)
	fx, fy := s.HexOnScreen(t.from)
	r := float32(s.Cam.Scale() * s.Pix.Size * 0.45)
	for _, st := range []struct {
		width float32
		c     color.RGBA
	}{{w + 2.5, losShadow}, {w, losClear}} {
		Ring(screen, fx, fy, float64(r), float64(st.width), st.c)
	}
	if !t.answered || t.to == t.from || !s.hovering || s.hover != t.to {
		return
	}
	tx, ty := s.HexOnScreen(t.to)
	Line := func(x0, y0, x1, y1 float64, c color.RGBA) {
		vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1), float32(y1), w+2.5, losShadow, true)
		vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1), float32(y1), w, c, true)
	}
	switch {
	case !t.result.Clear:
		// one straight centre-to-centre line, pale up to where it meets
		// the block, red beyond, with a cross on the crossing
		bx, by := t.blockOnScreen(s, fx, fy, tx, ty)
		Line(fx, fy, bx, by, losClear)
		Line(bx, by, tx, ty, losBlocked)
		d := float64(r) * 0.35
		Line(bx-d, by-d, bx+d, by+d, losBlocked)
		Line(bx-d, by+d, bx+d, by-d, losBlocked)
	case len(t.result.Hindrances) > 0:
		Line(fx, fy, tx, ty, losHindered)
	default:
		Line(fx, fy, tx, ty, losClear)
	}
}

// blockOnScreen is where the sight line from (fx,fy) to (tx,ty) meets the
// block: where it enters the blocking hex, or crosses the blocking
// hexside (a line along the hexside: the point of it nearest the side's
// midpoint). The point always lies on the line.
func (t *losTool) blockOnScreen(s *MapScene, fx, fy, tx, ty float64) (float64, float64) {
	w := t.result.Block.At
	var segs [][2]hexmap.Point
	if w.IsSide {
		a, b := s.Pix.SideEnds(w.Hex, w.Dir)
		segs = append(segs, [2]hexmap.Point{a, b})
	} else {
		c := s.Pix.Corners(w.Hex)
		for i := range c {
			segs = append(segs, [2]hexmap.Point{c[i], c[(i+1)%6]})
		}
	}
	scr := func(p hexmap.Point) (float64, float64) { return s.Cam.WorldToScreen(p.X, p.Y) }
	best := math.Inf(1)
	for _, sg := range segs {
		ax, ay := scr(sg[0])
		bx, by := scr(sg[1])
		if u, ok := segmentCross(fx, fy, tx, ty, ax, ay, bx, by); ok && u < best {
			best = u
		}
	}
	if math.IsInf(best, 1) {
		px, py := t.placeOnScreen(s, w)
		best = projectOnto(fx, fy, tx, ty, px, py)
	}
	return fx + best*(tx-fx), fy + best*(ty-fy)
}

// segmentCross is the parameter u in [0,1] along p0→p1 where it crosses
// the segment a→b, if it does (parallel segments do not cross).
func segmentCross(x0, y0, x1, y1, ax, ay, bx, by float64) (float64, bool) {
	dx, dy := x1-x0, y1-y0
	ex, ey := bx-ax, by-ay
	den := dx*ey - dy*ex
	if math.Abs(den) < 1e-9 {
		return 0, false
	}
	u := ((ax-x0)*ey - (ay-y0)*ex) / den
	v := ((ax-x0)*dy - (ay-y0)*dx) / den
	const eps = 1e-9
	if u < -eps || u > 1+eps || v < -eps || v > 1+eps {
		return 0, false
	}
	return math.Min(math.Max(u, 0), 1), true
}

// projectOnto is the parameter in [0,1] of the point of p0→p1 nearest p.
func projectOnto(x0, y0, x1, y1, px, py float64) float64 {
	dx, dy := x1-x0, y1-y0
	l := dx*dx + dy*dy
	if l == 0 {
		return 0
	}
	return math.Min(math.Max(((px-x0)*dx+(py-y0)*dy)/l, 0), 1)
}

// placeOnScreen is where a Where sits on screen: a hex's centre, or the
// midpoint of a hexside.
func (t *losTool) placeOnScreen(s *MapScene, w los.Where) (float64, float64) {
	x, y := s.HexOnScreen(w.Hex)
	if !w.IsSide {
		return x, y
	}
	nx, ny := s.HexOnScreen(w.Hex.Neighbor(w.Dir))
	return (x + nx) / 2, (y + ny) / 2
}
