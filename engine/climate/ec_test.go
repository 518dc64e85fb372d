package climate

import "testing"

// Every dr of 11.4 in each month group, with the drm and the clamp.
func TestECChart_11_4_EveryRow(t *testing.T) {
	rows := [6]EC{ECMud, ECWet, ECMoist, ECModerate, ECDry, ECVeryDry}
	wantDRM := map[Month]int{}
	for _, m := range []Month{December, January, February, March} {
		wantDRM[m] = -1
	}
	for m := April; m <= September; m++ {
		wantDRM[m] = 3
	}
	for m := January; m <= December; m++ {
		if got := ECMonthDRM(m); got != wantDRM[m] {
			t.Errorf("%v drm %d, want %d", m, got, wantDRM[m])
		}
		for dr := 1; dr <= 6; dr++ {
			final := min(max(dr+wantDRM[m], 1), 6)
			if got := ECChart(dr + ECMonthDRM(m)); got != rows[final-1] {
				t.Errorf("%v dr %d: %v, want %v", m, dr, got, rows[final-1])
			}
		}
	}
	wantCol := [6]int{-3, -2, -1, 0, 1, 2}
	for i, e := range rows {
		if e.DRM() != wantCol[i] {
			t.Errorf("%v DRM %d, want %d", e, e.DRM(), wantCol[i])
		}
		if back, err := ParseEC(e.String()); err != nil || back != e {
			t.Errorf("round trip %v", e)
		}
	}
	if ECChart(-5) != ECMud || ECChart(9) != ECVeryDry {
		t.Error("clamp")
	}
}

func TestEarlyMorningEC_11_6111(t *testing.T) {
	if EarlyMorningEC(false, false) != ECMoist || EarlyMorningEC(true, false) != ECWet ||
		EarlyMorningEC(false, true) != ECMud || EarlyMorningEC(true, true) != ECMud {
		t.Error("11.6111: Moist, Wet if raining, Mud if mud")
	}
	// Applied to a scenario's EC by Assess: Very Dry becomes Moist; Mud stays.
	env := Environment{Time: EarlyMorning, EC: ECVeryDry}
	if got := Assess(env).EC; got != ECMoist {
		t.Errorf("Early Morning, Very Dry: EC %v, want moist", got)
	}
	env.EC = ECWet
	if got := Assess(env).EC; got != ECWet {
		t.Errorf("Early Morning keeps a wetter EC: %v", got)
	}
	// Not on Steppe (13.2 vs 11.6111, see Assess).
	env = Environment{Time: EarlyMorning, EC: ECVeryDry, Terrain: Steppe}
	if got := Assess(env); got.EC != ECVeryDry || got.Sun != SunEast {
		t.Errorf("Steppe Early Morning Very Dry: EC %v sun %v", got.EC, got.Sun)
	}
}
