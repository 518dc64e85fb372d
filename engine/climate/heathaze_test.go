package climate

import "testing"

// 11.62 EX: +1 vs Infantry at 13–18 hexes, +2 at 19–24; vs a vehicle/PRC +1
// at 25–36, +2 at 37–48.
func TestHeatHaze_11_62_Example(t *testing.T) {
	for _, c := range []struct {
		lo, hi, drm int
		t           TargetType
	}{
		{1, 12, 0, TargetInfantry}, {13, 18, 1, TargetInfantry}, {19, 24, 2, TargetInfantry}, {25, 30, 3, TargetInfantry},
		{1, 24, 0, TargetVehicle}, {25, 36, 1, TargetVehicle}, {37, 48, 2, TargetVehicle}, {49, 60, 3, TargetVehicle},
	} {
		for r := c.lo; r <= c.hi; r++ {
			if got := HeatHazeDRM(Haze, r, c.t, false); got != c.drm {
				t.Errorf("haze %v range %d: %d, want %d", c.t, r, got, c.drm)
			}
		}
	}
}

// 11.621 EX: intense heat haze +1 vs Infantry at 7–12, +2 at 13–18; vs a
// vehicle/PRC +1 at 13–24, +2 at 25–36.
func TestIntenseHeatHaze_11_621_Example(t *testing.T) {
	for _, c := range []struct {
		lo, hi, drm int
		t           TargetType
	}{
		{1, 6, 0, TargetInfantry}, {7, 12, 1, TargetInfantry}, {13, 18, 2, TargetInfantry},
		{1, 12, 0, TargetVehicle}, {13, 24, 1, TargetVehicle}, {25, 36, 2, TargetVehicle},
	} {
		for r := c.lo; r <= c.hi; r++ {
			if got := HeatHazeDRM(IntenseHaze, r, c.t, false); got != c.drm {
				t.Errorf("intense %v range %d: %d, want %d", c.t, r, got, c.drm)
			}
		}
	}
}

func TestHeatHazeAerial_11_622(t *testing.T) {
	for _, r := range []int{0, 1, 30, 100} {
		if HeatHazeDRM(Haze, r, TargetInfantry, true) != 1 || HeatHazeDRM(IntenseHaze, r, TargetVehicle, true) != 2 {
			t.Errorf("aerial at %d", r)
		}
	}
	// Through DRMs: the aerial attacker is hit, an attack on an Aerial
	// target and OBA are not.
	env := Environment{Time: Midday}
	hs := DRMs(env, rangeAttack(Aerial, 2))
	if len(hs) != 1 || hs[0] != (Hindrance{Kind: "heat-haze", DRM: 2, Rule: "11.622"}) {
		t.Errorf("aerial: %+v", hs)
	}
	a := rangeAttack(SmallArms, 20)
	a.TargetAerial = true
	if hs := DRMs(env, a); len(hs) != 0 {
		t.Errorf("vs aerial: %+v", hs)
	}
	if hs := DRMs(env, rangeAttack(OBA, 20)); len(hs) != 0 {
		t.Errorf("OBA: %+v", hs)
	}
}

func TestHeatHazeTargetTypes_11_623(t *testing.T) {
	for r := 1; r <= 60; r++ {
		for _, l := range []HazeLevel{Haze, IntenseHaze} {
			inf := HeatHazeDRM(l, r, TargetInfantry, false)
			veh := HeatHazeDRM(l, r, TargetVehicle, false)
			if got := HeatHazeDRM(l, r, TargetMixed, false); got != min(inf, veh) {
				t.Errorf("mixed %d: %d", r, got)
			}
			if got := HeatHazeDRM(l, r, TargetEmpty, false); got != inf {
				t.Errorf("empty %d: %d", r, got)
			}
		}
	}
	a := rangeAttack(OrdnanceTH, 19)
	a.Target = TargetEmpty
	hs := DRMs(Environment{Time: MidAfternoon}, a)
	if len(hs) != 1 || hs[0] != (Hindrance{Kind: "heat-haze", DRM: 2, Rule: "11.623"}) {
		t.Errorf("empty hex HE: %+v", hs)
	}
}

// Which times bring which haze (11.3), and where haze cannot be (11.62).
func TestHeatHazeInForce_11_3_11_62(t *testing.T) {
	for _, c := range []struct {
		env  Environment
		want HazeLevel
	}{
		{Environment{Time: MidMorning, Month: July}, IntenseHaze},
		{Environment{Time: MidMorning, Month: October}, Haze},
		{Environment{Time: Midday, Month: January}, IntenseHaze},
		{Environment{Time: MidAfternoon, Month: July}, Haze},
		{Environment{Time: EarlyMorning}, NoHaze},
		{Environment{Time: LateAfternoon}, NoHaze},
		{Environment{Time: Night}, NoHaze},
		{Environment{Time: TimeNone}, NoHaze},
		{Environment{Time: Midday, Weather: Overcast}, NoHaze},
		{Environment{Time: Midday, Weather: MudOvercast}, NoHaze},
		{Environment{Time: Midday, Weather: Mud}, IntenseHaze},
		{Environment{Time: Midday, Region: OtherArid}, NoHaze},
		{Environment{Time: Midday, Boards: NoDesert}, NoHaze},
		{Environment{Time: Midday, Boards: SomeDesert}, IntenseHaze},
		{Environment{Time: Midday, Terrain: Steppe, EC: ECMoist}, IntenseHaze}, // 13.2 spares heat haze
		{Environment{Time: Midday, SSROff: RulesOf(RuleHeatHaze)}, NoHaze},
		{Environment{Time: Midday, SSROff: RulesOf(RuleIntenseHeatHaze)}, Haze},
		{Environment{Time: TimeNone, SSROn: RulesOf(RuleHeatHaze)}, Haze},
		{Environment{Time: TimeNone, SSROn: RulesOf(RuleIntenseHeatHaze)}, IntenseHaze},
		{Environment{Time: MidAfternoon, Region: OtherArid, SSROn: RulesOf(RuleHeatHaze)}, Haze},
	} {
		if got := Assess(c.env).Haze; got != c.want {
			t.Errorf("%+v: haze %v, want %v", c.env, got, c.want)
		}
	}
}
