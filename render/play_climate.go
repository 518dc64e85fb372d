package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/climate"
	"khamsin/render/ui"
)

// The sun wedge and the heat-haze bands (H).

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
