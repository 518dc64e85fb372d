package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/hexmap"
)

// drawBoardNumbers writes each board's number where the board prints it
// (the hexes one in from its top-left and bottom-right corners), in
// screen-sized type: below the zoom at which hex labels are readable the
// viewer hides the labels layer, numbers and all, and draws these instead,
// so they are never on top of hex labels.
func (s *MapScene) drawBoardNumbers(screen *ebiten.Image) {
	hexPx := s.Cam.Scale() * s.Pix.Size // a hex's radius on screen
	pt := math.Round(math.Min(math.Max(hexPx*1.1, 12*s.ui), 40*s.ui))
	face := &text.GoTextFace{Source: s.hud.Bold, Size: pt}
	sz := s.Pix.Size
	for _, b := range s.boards {
		for _, p := range [][2]float64{
			{b.MinX + 1.5*sz, b.MinY + sz*math.Sqrt(3)},
			{b.MaxX - 1.5*sz, b.MaxY - sz*math.Sqrt(3)},
		} {
			x, y := s.Cam.WorldToScreen(p[0], p[1])
			w := text.Advance(b.ID, face)
			// a dark halo, then the number
			for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				DrawText(screen, b.ID, face, x-w/2+d[0]*s.ui, y-pt*0.62+d[1]*s.ui, hudNorthHalo)
			}
			DrawText(screen, b.ID, face, x-w/2, y-pt*0.62, Ink)
		}
	}
}

var hudNorthHalo = hoverDark

// northAngle is the screen direction of north for an orientation, in
// radians clockwise from straight up.
func northAngle(n hexmap.Orientation) float64 {
	switch n {
	case hexmap.NorthRight:
		return math.Pi / 2
	case hexmap.NorthDown:
		return math.Pi
	case hexmap.NorthLeft:
		return -math.Pi / 2
	}
	return 0
}

// northRadius is the compass disc's radius, device-independent pixels.
const northRadius = 22

// northCentre is where the compass sits: the top-right corner of the map
// area.
func (s *MapScene) northCentre() (float64, float64) {
	a := s.FitArea()
	r := northRadius * s.ui
	return float64(a.Max.X) - r - 12*s.ui, float64(a.Min.Y) + r + 12*s.ui
}

// drawNorth draws a small compass: an arrow pointing to the scenario's
// north with an N at its tip.
func (s *MapScene) drawNorth(screen *ebiten.Image) {
	cx, cy := s.northCentre()
	s.drawCompass(screen, cx, cy, northRadius*s.ui)
}

// drawCompass draws the compass disc of radius r centred on (cx,cy).
func (s *MapScene) drawCompass(screen *ebiten.Image, cx, cy, r float64) {
	Disc(screen, cx, cy, r, PanelFill)
	Ring(screen, cx, cy, r, s.ui*1.5, PanelEdge)
	a := northAngle(s.North)
	dir := func(ang, l float64) (float32, float32) {
		return float32(cx + math.Sin(ang)*l), float32(cy - math.Cos(ang)*l)
	}
	tx, ty := dir(a, r*0.2)      // the tip, below the N
	lx, ly := dir(a+2.6, r*0.55) // the tail's corners
	rx, ry := dir(a-2.6, r*0.55)
	bx, by := dir(a+math.Pi, r*0.25)
	var p vector.Path
	p.MoveTo(tx, ty)
	p.LineTo(lx, ly)
	p.LineTo(bx, by)
	p.LineTo(rx, ry)
	p.Close()
	op := &vector.FillOptions{}
	dop := &vector.DrawPathOptions{AntiAlias: true}
	dop.ColorScale.ScaleWithColor(Accent)
	vector.FillPath(screen, &p, op, dop)
	face := &text.GoTextFace{Source: s.hud.Reg, Size: math.Round(r * 0.62)}
	nx, ny := dir(a, r*0.62)
	w := text.Advance("N", face)
	DrawText(screen, "N", face, float64(nx)-w/2, float64(ny)-face.Size*0.62, Ink)
}
