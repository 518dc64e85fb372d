package render

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/los"
	"khamsin/hexmap"
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

// toggle starts looking from h, or stops when already looking from h.
func (t *losTool) toggle(m *hexmap.Map, h hexmap.Hex) {
	if t.on && t.from == h {
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
	if !t.on || t.answered && t.to == h {
		return
	}
	t.to, t.answered = h, true
	t.result = t.chk.Check(los.Query{From: t.grid.At(t.from), To: t.grid.At(h)})
	t.text = describeLOS(m, t.from, h, t.result)
}

// describeLOS spells an answer for the status bar, in the words of the
// command line's text answer.
func describeLOS(m *hexmap.Map, from, to hexmap.Hex, r los.Result) string {
	head := fmt.Sprintf("LOS %s → %s, range %d: ", m.Label(from), m.Label(to), r.Range)
	if !r.Clear {
		return head + fmt.Sprintf("blocked at %s by %s (%s)", r.Block.At.Name(m), r.Block.Kind, r.Block.Rule)
	}
	if len(r.Hindrances) == 0 {
		return head + "clear"
	}
	parts := make([]string, len(r.Hindrances))
	for i, h := range r.Hindrances {
		parts[i] = fmt.Sprintf("%s %s %+d (%s)", h.Kind, h.At.Name(m), h.DRM, h.Rule)
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
	r := float32(s.cam.Scale() * s.pix.Size * 0.45)
	for _, st := range []struct {
		width float32
		c     color.RGBA
	}{{w + 2.5, losShadow}, {w, losClear}} {
		vector.StrokeCircle(screen, float32(fx), float32(fy), r, st.width, st.c, true)
	}
	if !t.answered || t.to == t.from || !s.hovering || s.hover != t.to {
		return
	}
	tx, ty := s.HexOnScreen(t.to)
	line := func(x0, y0, x1, y1 float64, c color.RGBA) {
		vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1), float32(y1), w+2.5, losShadow, true)
		vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1), float32(y1), w, c, true)
	}
	switch {
	case !t.result.Clear:
		bx, by := t.placeOnScreen(s, t.result.Block.At)
		line(fx, fy, bx, by, losClear)
		line(bx, by, tx, ty, losBlocked)
		d := float64(r) * 0.35
		line(bx-d, by-d, bx+d, by+d, losBlocked)
		line(bx-d, by+d, bx+d, by-d, losBlocked)
	case len(t.result.Hindrances) > 0:
		line(fx, fy, tx, ty, losHindered)
	default:
		line(fx, fy, tx, ty, losClear)
	}
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
