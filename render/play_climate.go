package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/climate"
	"khamsin/engine/game"
	"khamsin/hexmap"
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
	if from, z, ok := s.sunShown(); ok {
		drawSunWedge(dst, s.climatePen(), from, z)
	}
}

// drawSunZoneLabel names the selected base's Sun Blindness Zone, over the
// counters.
func (s *PlayScene) drawSunZoneLabel(dst *ebiten.Image) {
	if from, z, ok := s.sunShown(); ok {
		drawSunLabel(dst, s.climatePen(), from, z)
	}
}

// sunShown is the selected base's hex and Sun Blindness Zone when the
// zone is to be shown.
func (s *PlayScene) sunShown() (hexmap.Hex, game.SunZone, bool) {
	c := &s.ov.climate
	if !c.ok || len(c.sun.Hexes) == 0 || !s.showSun {
		return hexmap.Hex{}, game.SunZone{}, false
	}
	from, err := s.g.HexOf(s.bases[s.sel].Hex)
	if err != nil {
		return hexmap.Hex{}, game.SunZone{}, false
	}
	return from, c.sun, true
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
	drawHazeRings(dst, s.climatePen(), from, c.haze)
}

func (s *PlayScene) climatePen() climatePen {
	return climatePen{board: s.board, vis: s.mapArea(), u: s.ui, small: s.hud.Small, far: float64(s.w + s.h)}
}

// climatePen is what the sun wedge and the haze rings are drawn with, in
// play and in the designer (design_ground.go): the map view, the part of
// the screen it shows, the UI scale and the label face.
type climatePen struct {
	board *ui.MapScene
	vis   image.Rectangle
	u     float64
	small *text.GoTextFace
	far   float64 // how long the wedge's edges are drawn
}

// drawSunWedge shades z's hexes (the Sun Blindness Zone from hex from)
// and draws the wedge's two edges with its label (11.61).
func drawSunWedge(dst *ebiten.Image, pen climatePen, from hexmap.Hex, z game.SunZone) {
	if len(z.Hexes) == 0 {
		return
	}
	b, vis := pen.board, pen.vis
	hs := b.Pix.Size * b.Cam.Scale()
	var p vector.Path
	for _, h := range z.Hexes {
		x, y := b.HexOnScreen(h)
		if x < float64(vis.Min.X)-hs || x > float64(vis.Max.X)+hs || y < float64(vis.Min.Y)-hs || y > float64(vis.Max.Y)+hs {
			continue
		}
		p.AddPath(boardHexPath(b, h, 1), &vector.AddPathOptions{})
	}
	ui.FillPath(dst, &p, sunFill)
	// the wedge's two edges from the unit's hex
	x0, y0 := b.HexOnScreen(from)
	axis := sunAxis(z)
	for _, d := range []float64{-math.Pi / 6, math.Pi / 6} {
		ui.Line(dst, x0, y0, x0+pen.far*math.Cos(axis+d), y0+pen.far*math.Sin(axis+d), 2*pen.u, sunEdge)
	}
}

// sunAxis is the screen angle from the unit toward the sun of z: east on
// the screen is up→right, right→down… by the map's north.
func sunAxis(z game.SunZone) float64 {
	n, _ := climate.ParseNorth(z.North)
	axis := float64(int(n)) * math.Pi / 2
	if z.Sun == climate.SunWest.String() {
		axis += math.Pi
	}
	return axis
}

// drawSunLabel names the wedge of drawSunWedge on a pale plate along its
// axis, clear of the unit's own counter and kept on the visible map. It
// is drawn after the counters, which would otherwise hide it.
func drawSunLabel(dst *ebiten.Image, pen climatePen, from hexmap.Hex, z game.SunZone) {
	if len(z.Hexes) == 0 {
		return
	}
	b := pen.board
	hs := b.Pix.Size * b.Cam.Scale()
	x0, y0 := b.HexOnScreen(from)
	axis := sunAxis(z)
	const label = "sun in the eyes (11.61)"
	lw, lh := text.Advance(label, pen.small)+6*pen.u, pen.small.Size*1.3
	d := math.Max(hs*2.2, math.Abs(math.Cos(axis))*lw/2+math.Abs(math.Sin(axis))*lh/2+hs*1.1)
	lx, ly := x0+d*math.Cos(axis), y0+d*math.Sin(axis)
	vis := pen.vis
	lx = math.Max(float64(vis.Min.X)+lw/2+2, math.Min(lx, float64(vis.Max.X)-lw/2-2))
	ly = math.Max(float64(vis.Min.Y)+lh/2+2, math.Min(ly, float64(vis.Max.Y)-lh/2-2))
	ui.FillRect(dst, lx-lw/2, ly-lh/2, lw, lh, color.RGBA{246, 234, 200, 225})
	ui.CentredText(dst, label, pen.small, lx, ly, color.RGBA{120, 80, 0, 255})
}

// drawHazeRings draws haze's rings round hex from, each labelled with its
// DRM (hazeRings).
func drawHazeRings(dst *ebiten.Image, pen climatePen, from hexmap.Hex, haze game.Haze) {
	b := pen.board
	cx, cy := b.HexOnScreen(from)
	step := b.Pix.Size * b.Cam.Scale() * math.Sqrt(3)
	for _, r := range hazeRings(haze) {
		vi := r.Kind
		rad := (float64(r.From) - 0.5) * step
		ui.Ring(dst, cx, cy, rad, 2*pen.u, hazeColours[vi])
		ui.CentredText(dst, fmt.Sprintf("+%d", r.DRM), pen.small, cx+rad*math.Cos(-0.5-0.25*float64(vi)), cy+rad*math.Sin(-0.5-0.25*float64(vi)), hazeColours[vi])
	}
}

// boardHexPath is h's outline on screen in map view b, shrunk about its
// centre by shrink (1: the whole hex).
func boardHexPath(b *ui.MapScene, h hexmap.Hex, shrink float64) *vector.Path {
	var p vector.Path
	addBoardHex(&p, b, h, shrink)
	return &p
}

// addBoardHex adds boardHexPath's outline to p as a closed sub-path, so
// many hexes outlined alike are one fill or stroke.
func addBoardHex(p *vector.Path, b *ui.MapScene, h hexmap.Hex, shrink float64) {
	ctr := b.Pix.Center(h)
	for i, c := range b.Pix.Corners(h) {
		x, y := b.Cam.WorldToScreen(ctr.X+(c.X-ctr.X)*shrink, ctr.Y+(c.Y-ctr.Y)*shrink)
		if i == 0 {
			p.MoveTo(float32(x), float32(y))
		} else {
			p.LineTo(float32(x), float32(y))
		}
	}
	p.Close()
}
