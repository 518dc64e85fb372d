package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/climate"
	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The sun wedge and the heat-haze bands (H), both the engine's answers
// (Observation.SunZone and HazeBands, issue 18): asked in Update once per
// state change and selection, kept in the overlays, and only painted by
// Draw.

// climateState is what the sun wedge and the haze rings show, for the
// selected base.
type climateState struct {
	key  string
	sun  game.SunZone
	haze game.Haze
	ok   bool // a base of the side's is selected and on the map
}

// updateSunZone asks the engine for the selected base's Sun Blindness
// Zone (11.61) and heat-haze bands (11.62, 11.621) when the game or the
// selection changed.
func (s *PlayScene) updateSunZone() {
	b, ok := s.bases[s.sel]
	key := ""
	if ok {
		key = fmt.Sprintf("%d/%d/%s/%s", s.gen, s.side, s.sel, b.Hex)
	}
	c := &s.ov.climate
	if key == c.key {
		return
	}
	*c = climateState{key: key}
	if !ok {
		return
	}
	from, err := s.g.HexOf(b.Hex)
	if err != nil {
		return
	}
	o := s.obs()
	c.sun, c.haze, c.ok = o.SunZone(from), o.HazeBands(from), true
}

// hazeRing is one ring the haze overlay draws: where a band with a DRM
// starts, against infantry (0) or vehicles (1).
type hazeRing struct {
	From, DRM, Kind int
}

// hazeRings are the rings of h: the bands in force, or with no haze now
// those heat haze would bring; the clear band has none (the next band's
// ring is its end).
func hazeRings(h game.Haze) []hazeRing {
	bands := h.Bands
	if len(bands) == 0 {
		bands = h.IfHaze
	}
	var out []hazeRing
	for _, b := range bands {
		if b.DRM == 0 {
			continue
		}
		k := 0
		if b.Target == climate.TargetVehicle.String() {
			k = 1
		}
		out = append(out, hazeRing{From: b.From, DRM: b.DRM, Kind: k})
	}
	return out
}

// drawSunZone shades the selected base's Sun Blindness Zone.
func (s *PlayScene) drawSunZone(dst *ebiten.Image) {
	c := &s.ov.climate
	if !c.ok || len(c.sun.Hexes) == 0 || !s.showSun {
		return
	}
	vis := s.mapArea()
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	var p vector.Path
	for _, h := range c.sun.Hexes {
		x, y := s.board.HexOnScreen(h)
		if x < float64(vis.Min.X)-hs || x > float64(vis.Max.X)+hs || y < float64(vis.Min.Y)-hs || y > float64(vis.Max.Y)+hs {
			continue
		}
		p.AddPath(s.hexPath(h, 1), &vector.AddPathOptions{})
	}
	ui.FillPath(dst, &p, sunFill)
	// the wedge's two edges from the unit's hex
	from, err := s.g.HexOf(s.bases[s.sel].Hex)
	if err != nil {
		return
	}
	x0, y0 := s.board.HexOnScreen(from)
	n, _ := climate.ParseNorth(c.sun.North)
	axis := float64(int(n)) * math.Pi / 2 // east on the screen: up→right, right→down…
	if c.sun.Sun == climate.SunWest.String() {
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
// and vehicles (blue) (11.62, 11.621, 11.623). With no haze now the rings
// show where heat haze would start if it comes.
func (s *PlayScene) drawHaze(dst *ebiten.Image) {
	c := &s.ov.climate
	if !s.showHaze || !c.ok {
		return
	}
	from, err := s.g.HexOf(s.bases[s.sel].Hex)
	if err != nil {
		return
	}
	cx, cy := s.board.HexOnScreen(from)
	step := s.board.Pix.Size * s.board.Cam.Scale() * math.Sqrt(3)
	for _, b := range hazeRings(c.haze) {
		vi := b.Kind
		rad := (float64(b.From) - 0.5) * step
		vector.StrokeCircle(dst, float32(cx), float32(cy), float32(rad), float32(2*s.ui), hazeColours[vi], true)
		ui.CentredText(dst, fmt.Sprintf("+%d", b.DRM), s.hud.Small, cx+rad*math.Cos(-0.5-0.25*float64(vi)), cy+rad*math.Sin(-0.5-0.25*float64(vi)), hazeColours[vi])
	}
}
