package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// Minefield, obstacle and structure markers (F.7–F.7C, seed 002's fixed
// defences, bunkers and Tobruk pits),
// drawn from the side's view: a Known Minefield marker shows its strength
// only where the view knows it ("M+1"), a "?" where it does not, "DUMMY"
// for a dummy the viewer knows of; obstacles are drawn across the hex.

var (
	mineFill  = color.RGBA{120, 30, 20, 220}
	mineEdge  = color.RGBA{250, 236, 200, 255}
	wireColor = color.RGBA{60, 55, 50, 255}
)

// mineLabel is what a minefield marker says.
func mineLabel(m game.MinefieldView) string {
	switch {
	case m.Dummy:
		return "DUMMY"
	case m.Strength == nil:
		return "M ?"
	}
	return fmt.Sprintf("M%+d", *m.Strength)
}

// drawDefences draws every obstacle and minefield marker in the view.
func (s *PlayScene) drawDefences(dst *ebiten.Image, hs float64) {
	for _, o := range s.view.Obstacles {
		if x, y, ok := s.screenOf(o.Hex); ok {
			drawObstacle(dst, o.Kind, x, y, hs)
		}
	}
	for _, st := range s.view.Structures {
		x, y, ok := s.screenOf(st.Hex)
		if !ok {
			continue
		}
		concrete := color.RGBA{170, 170, 160, 235}
		edge := color.RGBA{50, 50, 48, 255}
		r := hs * 0.3
		cx, cy := x-hs*0.5, y-hs*0.05
		if st.Kind == "tobruk" { // a round pit: fires all round
			ui.Disc(dst, cx, cy, r*0.8, concrete)
			ui.Ring(dst, cx, cy, r*0.8, math.Max(1, hs*0.04), edge)
			ui.Disc(dst, cx, cy, r*0.35, edge)
		} else {
			p := ui.RoundRectPath(cx-r, cy-r*0.7, 2*r, 1.4*r, r*0.2)
			ui.FillPath(dst, p, concrete)
			ui.StrokePath(dst, p, math.Max(1, hs*0.04), edge)
			if fx, fy, ok := s.screenOf(st.Facing); ok { // the embrasure toward the firing arc
				dx, dy := fx-x, fy-y
				n := math.Hypot(dx, dy)
				if n > 0 {
					ui.Line(dst, cx, cy, cx+dx/n*r*1.3, cy+dy/n*r*1.3, math.Max(1.5, hs*0.06), edge)
				}
			}
		}
		if st.Damage > 0 {
			ui.CentredText(dst, fmt.Sprintf("×%d", st.Damage), s.faces.Face(math.Max(7, hs*0.2)), cx, cy+r, color.RGBA{200, 40, 30, 255})
		}
	}
	for _, f := range s.view.Forts {
		if x, y, ok := s.screenOf(f.Hex); ok {
			drawFort(dst, f.Kind, x, y, hs)
		}
	}
	face := s.faces.Face(math.Max(7, hs*0.22))
	for _, m := range s.view.Minefields {
		x, y, w, h, ok := s.mineBox(m.Hex, hs)
		if !ok {
			continue
		}
		bx, by := x, y
		x = bx + w/2
		p := ui.RoundRectPath(bx, by, w, h, h*0.25)
		fill := mineFill
		if m.Dummy {
			fill = color.RGBA{110, 100, 80, 200}
		}
		if m.Hidden {
			fill.A = 120 // the owner's hidden mines: the enemy has no marker
		}
		ui.FillPath(dst, p, fill)
		ui.StrokePath(dst, p, math.Max(1, hs*0.03), mineEdge)
		ui.CentredText(dst, mineLabel(m), face, x, by+h/2, mineEdge)
	}
}

// mineBox is the screen box (x,y the top left, w×h) of the minefield
// marker of hex label: under the hex's centre, moved onto the board for
// the half hexes its edges cut (their centres lie on the edge).
func (s *PlayScene) mineBox(label string, hs float64) (x, y, w, h float64, ok bool) {
	cx, cy, ok := s.screenOf(label)
	if !ok {
		return 0, 0, 0, 0, false
	}
	w, h = hs*0.95, math.Max(8, hs*0.32)
	x, y = cx-w/2, cy+hs*0.18
	b0x, b0y, b1x, b1y := s.boardOnScreen()
	x = math.Max(math.Min(x, b1x-w), b0x)
	y = math.Max(math.Min(y, b1y-h), b0y)
	return x, y, w, h, true
}

// boardOnScreen is the playing area (the boards' edges) on the screen.
func (s *PlayScene) boardOnScreen() (x0, y0, x1, y1 float64) {
	cam, pl := &s.board.Cam, s.board.Play
	x0, y0 = cam.WorldToScreen(pl[0].X, pl[0].Y)
	x1, y1 = cam.WorldToScreen(pl[1].X, pl[1].Y)
	return
}

// drawObstacle draws one fixed defence across the hex centred at x, y.
func drawObstacle(dst *ebiten.Image, kind string, x, y, hs float64) {
	r := hs * 0.7
	w := math.Max(1.2, hs*0.05)
	switch kind {
	case "wire": // a zigzag apron with its pickets
		var p vector.Path
		n := 8
		for i := 0; i <= n; i++ {
			px := x - r + 2*r*float64(i)/float64(n)
			py := y - hs*0.3
			if i%2 == 1 {
				py -= hs * 0.18
			}
			if i == 0 {
				p.MoveTo(float32(px), float32(py))
			} else {
				p.LineTo(float32(px), float32(py))
			}
		}
		ui.StrokePath(dst, &p, w, wireColor)
		for i := 0; i <= n; i += 2 {
			px := x - r + 2*r*float64(i)/float64(n)
			ui.Line(dst, px, y-hs*0.3, px, y-hs*0.12, w, wireColor)
		}
	case "ditch": // a dark trench with a spoil bank
		ui.Line(dst, x-r, y-hs*0.25, x+r, y-hs*0.25, math.Max(2, hs*0.14), color.RGBA{70, 50, 30, 230})
		ui.Line(dst, x-r, y-hs*0.1, x+r, y-hs*0.1, math.Max(1, hs*0.05), color.RGBA{190, 160, 110, 230})
	case "teeth": // a row of concrete pyramids
		for i := -2; i <= 2; i++ {
			cx := x + float64(i)*r*0.4
			var p vector.Path
			p.MoveTo(float32(cx), float32(y-hs*0.45))
			p.LineTo(float32(cx+hs*0.12), float32(y-hs*0.2))
			p.LineTo(float32(cx-hs*0.12), float32(y-hs*0.2))
			p.Close()
			ui.FillPath(dst, &p, color.RGBA{200, 200, 195, 255})
			ui.StrokePath(dst, &p, math.Max(1, hs*0.02), color.RGBA{60, 60, 60, 255})
		}
	default: // improvised: a low breastwork of stones
		for i := -3; i <= 3; i++ {
			ui.Disc(dst, x+float64(i)*r*0.28, y-hs*0.3, hs*0.1, color.RGBA{150, 130, 100, 240})
		}
	}
}

// defenceNotes names the minefield and obstacle in a hex for the hover
// line.
func (s *PlayScene) defenceNotes(label string) []string {
	var out []string
	for _, o := range s.view.Obstacles {
		if o.Hex == label {
			out = append(out, o.Kind+" (fixed defence)")
		}
	}
	for _, f := range s.view.Forts {
		if f.Hex == label {
			out = append(out, f.Kind+": the men and guns in it are entrenched")
		}
	}
	for _, st := range s.view.Structures {
		if st.Hex == label {
			t := st.Kind + " of " + st.Side
			if st.Kind == "bunker" {
				t += ", firing toward " + st.Facing
			}
			if st.Damage > 0 {
				t += fmt.Sprintf(", %d damage", st.Damage)
			}
			out = append(out, t)
		}
	}
	for _, m := range s.view.Minefields {
		if m.Hex != label {
			continue
		}
		t := "minefield of " + m.Side + ": "
		switch {
		case m.Dummy:
			t += "a dummy (F.7B)"
		case m.Strength == nil:
			t += "strength unknown (F.7)"
		default:
			t += fmt.Sprintf("effectiveness %+d", *m.Strength)
		}
		if m.Hidden {
			t += ", hidden from the enemy (F.7C)"
		}
		out = append(out, t)
	}
	return out
}

// drawFort marks a sangar, trench or foxhole low in its hex, under the
// counters: a ring of stones for a sangar (8.1), a zigzag for a trench
// (F.1A), a dark arc for a foxhole (7.42).
func drawFort(dst *ebiten.Image, kind string, x, y, hs float64) {
	stone := color.RGBA{150, 140, 125, 255}
	edge := color.RGBA{55, 45, 35, 255}
	cy := y + hs*0.55
	switch kind {
	case "sangar":
		// a low wall of stones round the counter's foot: a thick stone-
		// coloured arc on a darker one, showing beside and below it
		var xs, ys []float64
		for i := 0; i <= 8; i++ {
			a := math.Pi * (-0.05 + 1.1*float64(i)/8)
			xs = append(xs, x+math.Cos(a)*hs*0.62)
			ys = append(ys, y+hs*0.05+math.Sin(a)*hs*0.55)
		}
		for pass, c := range []color.Color{edge, stone} {
			wd := math.Max(3, hs*0.2) - float64(pass)*math.Max(1.5, hs*0.06)
			for i := 0; i+1 < len(xs); i++ {
				ui.Line(dst, xs[i], ys[i], xs[i+1], ys[i+1], wd, c)
			}
		}
	case "trench":
		xs := []float64{-0.45, -0.25, -0.05, 0.15, 0.35, 0.45}
		for i := 0; i+1 < len(xs); i++ {
			dy := hs * 0.06
			if i%2 == 1 {
				dy = -dy
			}
			ui.Line(dst, x+xs[i]*hs, cy+dy, x+xs[i+1]*hs, cy-dy, math.Max(2, hs*0.08), edge)
		}
	default:
		// a bowl: the lower half of a circle (y grows down), in segments
		// (vector lines: the circle and arc primitives drawn every frame
		// here grew the window's memory without bound, see the window check)
		for i := 0; i < 6; i++ {
			a0, a1 := math.Pi*(0.15+0.7*float64(i)/6), math.Pi*(0.15+0.7*float64(i+1)/6)
			ui.Line(dst, x+math.Cos(a0)*hs*0.3, cy-hs*0.2+math.Sin(a0)*hs*0.3, x+math.Cos(a1)*hs*0.3, cy-hs*0.2+math.Sin(a1)*hs*0.3, math.Max(2, hs*0.08), edge)
		}
	}
}
