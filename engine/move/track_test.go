package move

import (
	"testing"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// The 9.2 examples on a small map. Four SSR tracks, each two or three hexes:
// into a non-scrub sand hex (E5-F5), into hammada and on into open ground
// Accessible to it (E7-F7-G7), up from level 0 to a level-1 open ground hex
// (H3-I3), and up onto an open ground hillock (K5-L5).
const trackBoard = `F5: sand
F7: hammada
I3: open level 1
L5: hillock
`

func trackPlanner(t *testing.T) *Planner {
	m := testMap(t, trackBoard, nil)
	var tracks []Track
	for _, s := range []string{"90E5,90F5", "90E7,90F7,90G7", "90H3,90I3", "90K5,90L5"} {
		tracks = append(tracks, Track(hexes(t, m, s)))
	}
	return planner(t, m, Conditions{Tracks: tracks})
}

func Test9_2_Track(t *testing.T) {
	p := trackPlanner(t)
	inf, truck, tank := Unit{Kind: Infantry}, Unit{Kind: Truck}, Unit{Kind: FullTrack}
	towing := Unit{Kind: Truck, Towing: true}
	wantTotals(t, p, []total{
		{"infantry into non-scrub sand across a track: 1 instead of 2", inf, "90E5,90F5", 1},
		{"infantry into sand off the track", inf, "90E6,90F5", 2},
		{"infantry into hammada across a track: still 1", inf, "90E7,90F7", 1},
		{"infantry up to level-1 open ground across a track: still 2", inf, "90H3,90I3", 2},
		{"truck into hammada across a track: 5 instead of 6", truck, "90E7,90F7", 5},
		{"truck into hammada off the track", truck, "90E8,90F7", 6},
		{"towing truck into hammada across a track: 6 instead of 7", towing, "90E7,90F7", 6},
		{"towing truck into hammada off the track", towing, "90E8,90F7", 7},
		{"tank up onto an open ground hillock across a track: 1 instead of 2", tank, "90K5,90L5", 1},
		{"tank onto the hillock off the track", tank, "90K6,90L5", 2},
	})
}

// Test9_2_TrackNoImmobilization: a truck on the track is not subject to
// Hammada Immobilization in the hammada hex nor in the open ground hex
// Accessible to it; off the track it is.
func Test9_2_TrackNoImmobilization(t *testing.T) {
	p := trackPlanner(t)
	truck := Unit{Kind: Truck}
	if mv := walk(t, p, truck, "90E7,90F7,90G7"); len(mv.Checks) != 0 {
		t.Errorf("on the track: checks %v, want none", mv.Checks)
	}
	mv := walk(t, p, truck, "90E8,90F7")
	if len(mv.Checks) != 1 || mv.Checks[0].Kind != HammadaImmobilization {
		t.Fatalf("off the track: checks %v, want one Hammada Immobilization", mv.Checks)
	}
	// medium non-British truck +1, not twice the MP +1
	if mv.Checks[0].DRM != 2 {
		t.Errorf("DRM %d, want 2: %v", mv.Checks[0].DRM, mv.Checks[0].Why)
	}
}

func TestTrackErrors(t *testing.T) {
	m := testMap(t, "", nil)
	if _, err := NewPlanner(m, Conditions{Tracks: []Track{hexes(t, m, "90E5,90G5")}}); err == nil {
		t.Error("track of non-adjacent hexes accepted")
	}
	if _, err := NewPlanner(m, Conditions{Tracks: []Track{{hexmap.Hex{Q: -5, R: 0}}}}); err == nil {
		t.Error("track off the map accepted")
	}
}

// Test9_1_Smoke: SMOKE in the hex entered costs one more MF/MP, which a
// track does not lower (9.1). The 9.2 example: infantry crossing a track
// hexside from level 0 to level-1 open ground spend 2 MF, 3 if SMOKE is
// there; a truck into hammada along a track, 5 MP, 6 with SMOKE.
func Test9_1_Smoke(t *testing.T) {
	p := trackPlanner(t)
	m := p.Map()
	smoky := planner(t, m, Conditions{Tracks: p.Conditions().Tracks, Smoke: hexes(t, m, "90I3,90F7")})
	inf, truck := Unit{Kind: Infantry}, Unit{Kind: Truck}
	for _, c := range []struct {
		name string
		p    *Planner
		u    Unit
		path string
		want float64
	}{
		{"infantry up to level-1 open ground along a track", p, inf, "90H3,90I3", 2},
		{"the same into SMOKE (9.2 EX)", smoky, inf, "90H3,90I3", 3},
		{"truck into hammada along a track", p, truck, "90E7,90F7", 5},
		{"the same into SMOKE", smoky, truck, "90E7,90F7", 6},
		{"truck into hammada and SMOKE off the track", smoky, truck, "90E8,90F7", 7},
	} {
		mv := walk(t, c.p, c.u, c.path)
		mustLegal(t, mv)
		if mv.Total != MP(2*c.want) {
			t.Errorf("%s: %s, want %v (%s)", c.name, mv.Total, c.want, whyOf(mv.Steps[len(mv.Steps)-1]))
		}
	}
}

// Test9_1_WetSandTrackOrder: 9.1 applies a track's reduction before any
// weather modification. The only one the desert chapter prices is 7.3's
// Wet/Mud saving on sand; with the track's minimum of one bounding the
// result, taking that saving after the track gives the engine's figure
// (which takes it first) for every unit type, on and off the track.
func Test9_1_WetSandTrackOrder(t *testing.T) {
	board := "F5: sand\nF6: sand scrub\n"
	m := testMap(t, board, nil)
	tracks := []Track{Track(hexes(t, m, "90E5,90F5")), Track(hexes(t, m, "90E6,90F6"))}
	dry := planner(t, m, Conditions{Tracks: tracks})
	wet := planner(t, m, Conditions{Tracks: tracks, EC: climate.ECWet})
	for _, k := range Kinds() {
		u := Unit{Kind: k}
		for _, path := range []string{"90E5,90F5", "90E6,90F6"} {
			d, w := walk(t, dry, u, path), walk(t, wet, u, path)
			if !d.Legal {
				continue
			}
			after := d.Total - Whole(1) // the dry, track-lowered cost, then the Wet saving
			if after < Whole(1) {
				after = Whole(1)
			}
			if w.Total != after {
				t.Errorf("%s %s: engine %s, track first then Wet saving %s", k, path, w.Total, after)
			}
		}
	}
}
