package climate

import "testing"

// 11.77: once rain falls, no dust of any kind, for the rest of the
// scenario; while it rains Early Morning EC are Wet (11.6111).
func TestRain_11_77(t *testing.T) {
	env := Environment{EC: ECVeryDry, Dust: DustVeryHeavy, Wind: HeavyWind, Gusts: true}
	if Assess(env).Dust != DustVeryHeavy {
		t.Fatal("setup")
	}
	raining := env
	raining.Weather = Rain
	if a := Assess(raining); a.Dust != DustNone || a.InForce.Has(RuleVehicleDust) || a.InForce.Has(RuleFFEDust) {
		t.Errorf("raining: %+v", a)
	}
	after, res := ApplyWindChange(env, WindChange{Rain: true})
	if after.Dust != DustNone || !after.DustEnded || res.Rule != "11.77" {
		t.Fatalf("%+v", after)
	}
	after.Weather = Clear // the rain stops; the dust never returns
	after.Dust = DustHeavy
	if a := Assess(after); a.Dust != DustNone || a.Possible.Has(RuleLightDust) || a.Possible.Has(RuleVehicleDust) ||
		a.Possible.Has(RuleFFEDust) || a.Possible.Has(RuleWindEffects) {
		t.Errorf("after rain: %+v", a)
	}
	hs := DRMs(after, Attack{Kind: SmallArms, To: rangeAttack(SmallArms, 5).To, VehicleDust: 1, FFEDust: true})
	if len(hs) != 0 {
		t.Errorf("after rain: %+v", hs)
	}
	if ec := Assess(Environment{Time: EarlyMorning, Weather: Rain, EC: ECDry, SSROn: RulesOf(RuleSunBlindness)}).EC; ec != ECWet {
		t.Errorf("early morning in rain: %v", ec)
	}
}

// 13.1 Broken Terrain: still desert boards for section 11, except desert
// mud (11.8) gives way to the normal bog rules.
// 13.2 Steppe Terrain: heat haze unaffected; sun blindness, light/moderate
// dust, vehicle and FFE dust only in Very Dry EC; no heavy dust, no wind
// effects, no desert mud; DYO Heavy dust reads Moderate.
func TestBrokenAndSteppe_13_1_13_2(t *testing.T) {
	broken := Environment{Terrain: Broken, EC: ECDry, Dust: DustExtremelyHeavy, Time: LateAfternoon}
	if a := Assess(broken); a.Dust != DustExtremelyHeavy || a.Sun != SunWest ||
		!a.InForce.Has(RuleWindEffects) || !a.InForce.Has(RuleVehicleDust) {
		t.Errorf("broken: %+v", a)
	}
	if CheckMud(Environment{Terrain: Broken, Weather: Mud}, MudHex{OpenGround: true, AccessibleToHammada: true}).Method != NormalMud {
		t.Error("broken: normal bog rules")
	}

	for _, ec := range []EC{ECMoist, ECModerate, ECDry} {
		s := Environment{Terrain: Steppe, EC: ec, Dust: DustLight, Time: LateAfternoon}
		a := Assess(s)
		if a.Sun != NoSun || a.Dust != DustNone || a.InForce.Has(RuleVehicleDust) || a.InForce.Has(RuleFFEDust) {
			t.Errorf("steppe %v: %+v", ec, a)
		}
	}
	s := Environment{Terrain: Steppe, EC: ECVeryDry, Dust: DustVeryHeavy, Time: LateAfternoon}
	a := Assess(s)
	if a.Sun != SunWest || a.Dust != DustModerate || !a.InForce.Has(RuleVehicleDust) || !a.InForce.Has(RuleFFEDust) ||
		a.InForce.Has(RuleHeavyDust) || a.InForce.Has(RuleWindEffects) {
		t.Errorf("steppe very dry: %+v", a)
	}
	if Assess(Environment{Terrain: Steppe, EC: ECMoist, Time: MidAfternoon}).Haze != Haze {
		t.Error("steppe keeps heat haze")
	}
	if CheckMud(Environment{Terrain: Steppe, Weather: Mud}, MudHex{OpenGround: true, AccessibleToHammada: true}).Method != NormalMud {
		t.Error("steppe: normal bog rules")
	}
}
