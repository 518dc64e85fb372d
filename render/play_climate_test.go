package render

import (
	"reflect"
	"testing"

	"khamsin/engine/climate"
)

// Issue 18: the sun wedge and the haze rings are the engine's answers
// for the selected base (Observation.SunZone, 11.61; HazeBands, 11.62,
// 11.621, 11.623), asked again when the selection moves; the rings are
// every band with a DRM, each starting where HeatHazeDRM first gives it.
func TestSightClimateFromEngineQueries(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	own := p.g.Side(p.s.side).ID
	n := 0
	for id, b := range p.s.bases {
		if b.Side != own || n == 3 {
			continue
		}
		n++
		p.s.sel = id
		p.idle(1)
		from, err := p.g.HexOf(b.Hex)
		if err != nil {
			t.Fatal(err)
		}
		o := p.g.Observe(p.s.side)
		c := p.s.ov.climate
		if !c.ok || !reflect.DeepEqual(c.sun, o.SunZone(from)) || !reflect.DeepEqual(c.haze, o.HazeBands(from)) {
			t.Errorf("%s: kept sun %+v haze %+v, the engine says %+v %+v", id, c.sun, c.haze, o.SunZone(from), o.HazeBands(from))
		}
		rings := hazeRings(c.haze)
		if len(rings) == 0 {
			t.Fatalf("%s: no haze ring (haze %+v)", id, c.haze)
		}
		lvl := climate.Haze
		if c.haze.Level == "intense" {
			lvl = climate.IntenseHaze
		}
		for _, r := range rings {
			tt := []climate.TargetType{climate.TargetInfantry, climate.TargetVehicle}[r.Kind]
			if climate.HeatHazeDRM(lvl, r.From, tt, false) != r.DRM || climate.HeatHazeDRM(lvl, r.From-1, tt, false) >= r.DRM {
				t.Errorf("%s: ring %+v is not where 11.62 starts +%d", id, r, r.DRM)
			}
		}
	}
	p.s.sel = ""
	p.idle(1)
	if p.s.ov.climate.ok {
		t.Error("nothing selected, still a sun wedge and haze rings")
	}
}
