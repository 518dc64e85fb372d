package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/game"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// The ★ overlays of the game screen (issue 18): the danger map (K) and
// what the selected unit sees (U). Both are the side's own knowledge,
// asked of game.Observation (Danger, Viewshed) once per state change in
// Update and kept; Draw only paints what Update kept.

// overlays is the play scene's overlay state (its one field, ov).
type overlays struct {
	danger    bool
	dangerKey string // the state the kept danger map answers (gen/side/type)
	dangerMap game.Danger
	dangerErr string
	dangerSh  []hexShade

	sight    bool
	sightKey string
	sightFor string // the base whose sight is kept
	sightErr string
	sightSh  []hexShade

	climate climateState // the sun wedge and haze rings (play_climate.go)
	charts  endCharts    // the end screen's charts (play_charts.go)
}

// hexShade is one hex an overlay fills and its colour: the draw list,
// which the tests compare (what Draw paints is exactly this).
type hexShade struct {
	Hex  hexmap.Hex
	Fill color.NRGBA
}

// dangerBands are the danger map's shades by the best kill chance.
var dangerBands = []struct {
	from  float64
	label string
	fill  color.NRGBA
}{
	// a red ramp: apart from the sand, the yellow sun wedge and the blue
	// move shading
	{0, "< 5 %", color.NRGBA{225, 60, 70, 45}},
	{0.05, "5–20 %", color.NRGBA{215, 35, 45, 85}},
	{0.20, "20–50 %", color.NRGBA{180, 10, 25, 125}},
	{0.50, "≥ 50 %", color.NRGBA{110, 0, 20, 165}},
}

// dangerFill is the shade of a hex with best kill chance ko.
func dangerFill(ko float64) color.NRGBA {
	f := dangerBands[0].fill
	for _, b := range dangerBands {
		if ko >= b.from {
			f = b.fill
		}
	}
	return f
}

// dangerShades is the danger overlay's draw list for d.
func dangerShades(d game.Danger) []hexShade {
	out := make([]hexShade, 0, len(d.Hexes))
	for _, h := range d.Hexes {
		out = append(out, hexShade{Hex: h.Hex, Fill: dangerFill(h.KnockedOut)})
	}
	return out
}

// dangerType is the base type the danger map assumes: the selected own
// base's, else "" (the side's most common type, Danger's default).
func (s *PlayScene) dangerType() string {
	if b, ok := s.bases[s.sel]; ok && b.Side == s.g.Side(s.side).ID {
		return b.Type
	}
	return ""
}

// overlayKeys turns the overlays on and off (K, U) and sets the UI scale
// (Ctrl+= Ctrl+-). It is called before the order keys, which ignore
// Ctrl.
func (s *PlayScene) overlayKeys() {
	act := s.act
	if act.JustPressed(ui.ActionScaleUp) {
		s.stepUIScale(+1)
	}
	if act.JustPressed(ui.ActionScaleDown) {
		s.stepUIScale(-1)
	}
	if act.Ctrl() {
		return
	}
	if act.JustPressed(ui.ActionDanger) {
		s.ov.danger = !s.ov.danger
		if s.ov.danger {
			s.post("danger map: where the enemy bases you see can hit you, by the best kill chance (K: off)", false)
		}
	}
	if act.JustPressed(ui.ActionSight) {
		s.ov.sight = !s.ov.sight
		if s.ov.sight && s.sel == "" {
			s.post("select one of your units to see what it sees (U: off)", true)
		}
	}
}

// updateOverlays asks the engine again when the state the overlays show
// has changed (a command, the side at the screen, the selection): Danger
// takes tens of milliseconds, so never once per frame.
func (s *PlayScene) updateOverlays() {
	if s.rp() != nil { // a replay shows an earlier state: the live game's answers would not fit it
		return
	}
	if s.ov.danger {
		key := fmt.Sprintf("%d/%d/%s", s.gen, s.side, s.dangerType())
		if key != s.ov.dangerKey {
			s.ov.dangerKey = key
			d, err := s.obs().Danger(s.dangerType())
			s.ov.dangerMap, s.ov.dangerErr = d, ""
			if err != nil {
				s.ov.dangerErr = err.Error()
			}
			s.ov.dangerSh = dangerShades(d)
		}
	}
	if s.ov.sight {
		s.updateSight()
	}
}

// drawOverlays paints the overlays under the counters.
func (s *PlayScene) drawOverlays(dst *ebiten.Image) {
	if s.rp() != nil {
		return
	}
	if s.ov.danger {
		s.fillShades(dst, s.ov.dangerSh)
	}
	if s.ov.sight {
		s.fillShades(dst, s.ov.sightSh)
	}
}

// fillShades fills each hex of sh in view.
func (s *PlayScene) fillShades(dst *ebiten.Image, sh []hexShade) {
	vis := s.mapArea()
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	for _, h := range sh {
		x, y := s.board.HexOnScreen(h.Hex)
		if x < float64(vis.Min.X)-hs || x > float64(vis.Max.X)+hs || y < float64(vis.Min.Y)-hs || y > float64(vis.Max.Y)+hs {
			continue
		}
		ui.FillPath(dst, s.hexPath(h.Hex, 0.97), h.Fill)
	}
}

// drawOverlayLegend draws the legend of the overlays that are on, in the
// map's bottom-left corner, above the counters.
func (s *PlayScene) drawOverlayLegend(dst *ebiten.Image) {
	if s.rp() != nil || !s.ov.danger && !s.ov.sight {
		return
	}
	type row struct {
		fill  color.NRGBA
		label string
	}
	var title []string
	var rows []row
	if s.ov.danger {
		t := "Danger (K): best kill chance vs " + s.ov.dangerMap.Type
		if s.ov.dangerErr != "" {
			t = "Danger (K): " + s.ov.dangerErr
		}
		title = append(title, t)
		for _, b := range dangerBands {
			rows = append(rows, row{b.fill, b.label})
		}
		if n := len(s.ov.dangerMap.Contacts); n > 0 {
			title = append(title, fmt.Sprintf("%d contact marker(s) not counted: what they hide is unknown", n))
		}
	}
	if s.ov.sight {
		t := "Sight (U): " + s.ov.sightFor
		if s.ov.sightErr != "" {
			t = "Sight (U): " + s.ov.sightErr
		}
		title = append(title, t)
		rows = append(rows, row{sightClear, "clear line"}, row{sightHindered, "hindered (+DRM)"})
	}
	face := s.hud.Small
	lh := s.hud.U(ui.SmallPt * ui.LineGap)
	pad := s.hud.U(8)
	// the titles wrap to the map (at 640 px the contacts' note ran under the panel)
	var wrapped []string
	for _, t := range title {
		wrapped = append(wrapped, ui.Wrap(t, face, float64(s.mapArea().Dx())-s.hud.U(16)-2*pad, 3)...)
	}
	title = wrapped
	w := 0.0
	for _, t := range title {
		w = math.Max(w, text.Advance(t, face))
	}
	sw := s.hud.U(18)
	rowW := 0.0
	for _, r := range rows {
		rowW += sw + s.hud.U(4) + text.Advance(r.label, face) + s.hud.U(10)
	}
	w = math.Max(w, rowW) + 2*pad
	h := float64(len(title)+1)*lh + 2*pad
	area := s.mapArea()
	x, y := float64(area.Min.X)+s.hud.U(8), float64(area.Max.Y)-h-s.hud.U(8)
	ui.FillRect(dst, x, y, w, h, ui.PanelFill)
	for i, t := range title {
		ui.DrawText(dst, t, face, x+pad, y+pad+float64(i)*lh, ui.Ink)
	}
	cx, cy := x+pad, y+pad+float64(len(title))*lh
	for _, r := range rows {
		ui.FillRect(dst, cx, cy+lh*0.1, sw, lh*0.8, color.NRGBA{r.fill.R, r.fill.G, r.fill.B, 255})
		cx += sw + s.hud.U(4)
		ui.DrawText(dst, r.label, face, cx, cy, ui.Dim)
		cx += text.Advance(r.label, face) + s.hud.U(10)
	}
}
