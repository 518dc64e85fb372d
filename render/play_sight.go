package render

import (
	"fmt"
	"image/color"

	"khamsin/engine/game"
)

// What the selected unit sees (U, issue 18 ★): its viewshed from
// game.Observation.Viewshed, a clear line in one tone and a hindered one
// (LOS hindrance DRM above 0) in another.

var (
	sightClear    = color.NRGBA{40, 190, 80, 75} // green: apart from the blue move shading
	sightHindered = color.NRGBA{170, 90, 230, 80}
)

// sightShades is the sight overlay's draw list for a viewshed.
func sightShades(v []game.SightHex) []hexShade {
	out := make([]hexShade, 0, len(v))
	for _, h := range v {
		f := sightClear
		if h.DRM > 0 {
			f = sightHindered
		}
		out = append(out, hexShade{Hex: h.Hex, Fill: f})
	}
	return out
}

// updateSight asks the selected base's viewshed again when the state or
// the selection changed.
func (s *PlayScene) updateSight() {
	key := fmt.Sprintf("%d/%d/%s", s.gen, s.side, s.sel)
	if key == s.ov.sightKey {
		return
	}
	s.ov.sightKey, s.ov.sightFor, s.ov.sightErr, s.ov.sightSh = key, s.sel, "", nil
	if s.sel == "" {
		s.ov.sightErr = "select one of your units"
		return
	}
	if b, ok := s.bases[s.sel]; !ok || b.Side != s.g.Side(s.side).ID {
		s.ov.sightErr = "select one of your own units"
		return
	}
	v, err := s.obs().Viewshed(s.sel)
	if err != nil {
		s.ov.sightErr = err.Error()
		return
	}
	s.ov.sightFor = fmt.Sprintf("what %s sees, %d hexes", s.sel, len(v))
	s.ov.sightSh = sightShades(v)
}
