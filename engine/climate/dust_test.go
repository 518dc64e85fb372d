package climate

import (
	"testing"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// Every final dr band of the 11.701 table, its drm and the Heavy→Moderate
// reading on Steppe (and wherever Heavy Dust cannot exist).
func TestDYODustTable_11_701_EveryRow(t *testing.T) {
	for final := -2; final <= 16; final++ {
		var want Dust
		switch {
		case final <= 5:
			want = DustNone
		case final <= 7:
			want = DustLight
		case final <= 9:
			want = DustModerate
		default:
			want = DustHeavy
		}
		if got := DustTable(final, true); got != want {
			t.Errorf("final %d: %v, want %v", final, got, want)
		}
		if want == DustHeavy {
			want = DustModerate
		}
		if got := DustTable(final, false); got != want {
			t.Errorf("final %d, no heavy: %v, want %v", final, got, want)
		}
	}
	for _, c := range []struct {
		w    WindForce
		b    int
		want int
	}{{NoWind, 0, 0}, {MildBreeze, 0, 1}, {HeavyWind, 0, 2}, {NoWind, 1, 3}, {MildBreeze, 2, 7}, {HeavyWind, 1, 5}} {
		if got := DustTableDRM(c.w, c.b); got != c.want {
			t.Errorf("drm %v %d bombardments: %d, want %d", c.w, c.b, got, c.want)
		}
	}
}

func TestLightDustDRM_11_71_HalvedRoundedUp(t *testing.T) {
	want := [7]int{0, 1, 1, 2, 2, 3, 3}
	for dr := 1; dr <= 6; dr++ {
		if got := LightDustDRM(dr); got != want[dr] {
			t.Errorf("dr %d: %d, want %d", dr, got, want[dr])
		}
	}
}

func rangeAttack(k AttackKind, rng int) Attack {
	return Attack{Kind: k, From: hexmap.Hex{}, To: hexmap.Hex{Q: rng, R: -rng / 2}}
}

// 11.732 EX: four FP at range three. Heavy Dust: a +2 LOS hindrance plus
// the Light Dust dr; Very Heavy: +3 plus the same dr. The example lists the
// Light Dust part as 0 to +3; under the rule's "halved, fractions rounded
// up" a dr gives +1 to +3, which we follow (docs/rules.md).
func TestHeavyDustAtRangeThree_11_732_Example(t *testing.T) {
	for _, c := range []struct {
		d    Dust
		los  int
		rule string
	}{{DustHeavy, 2, "11.73"}, {DustVeryHeavy, 3, "11.731"}, {DustExtremelyHeavy, 3, "11.732"}} {
		env := Environment{EC: ECDry, Dust: c.d}
		a := rangeAttack(SmallArms, 3)
		if a.Range() != 3 {
			t.Fatalf("range %d", a.Range())
		}
		hs := DRMs(env, a)
		if len(hs) != 2 || hs[0].Kind != "dust" || hs[0].DRM != c.los || hs[0].Rule != c.rule ||
			hs[1].Roll != HalfDr || hs[1].DRM != 0 {
			t.Fatalf("%v: %+v", c.d, hs)
		}
		for dr := 1; dr <= 6; dr++ {
			res, total := Resolve(hs, dice.Scripted(dice.Throw(dice.DR1, dr, 0)))
			extra := total - c.los
			if extra < 0 || extra > 3 || res[1].Rolled != dr || extra != LightDustDRM(dr) {
				t.Errorf("%v dr %d: light dust part %d", c.d, dr, extra)
			}
		}
	}
}

func TestDustMovementAndProhibitions_11_73_11_732(t *testing.T) {
	veh, cav, bu, inf := Mover{Vehicle: true}, Mover{Cavalry: true}, Mover{Vehicle: true, BUAFV: true}, Mover{}
	for _, c := range []struct {
		d                 Dust
		veh, cav, bu, inf int
		dt, aerial        bool
		bx                int
		ogNeg             bool
	}{
		{DustNone, 0, 0, 0, 0, true, true, 0, false},
		{DustLight, 0, 0, 0, 0, true, true, 0, false},
		{DustModerate, 0, 0, 0, 0, true, true, 0, false},
		{DustHeavy, 1, 1, 1, 0, true, true, 0, true},
		{DustVeryHeavy, 1, 1, 2, 0, false, false, 0, true},
		{DustExtremelyHeavy, 1, 1, 2, 0, false, false, -1, true},
	} {
		env := Environment{EC: ECVeryDry, Dust: c.d}
		if DustEntryCost(env, veh) != c.veh || DustEntryCost(env, cav) != c.cav ||
			DustEntryCost(env, bu) != c.bu || DustEntryCost(env, inf) != c.inf {
			t.Errorf("%v: entry costs", c.d)
		}
		if DoubleTimeAllowed(env) != c.dt || CavalryChargeAllowed(env) != c.dt || AerialAllowed(env) != c.aerial {
			t.Errorf("%v: prohibitions", c.d)
		}
		if BXChange(env, false) != c.bx || BXChange(env, true) != 0 {
			t.Errorf("%v: B/X", c.d)
		}
		if OpenGroundDRMNegated(env) != c.ogNeg {
			t.Errorf("%v: 11.793", c.d)
		}
		ok, rule := Allowed(env, Attack{Kind: Aerial})
		if ok != c.aerial || (!ok && rule != "11.731") {
			t.Errorf("%v: aerial attack allowed %v", c.d, ok)
		}
		ok, _ = Allowed(env, Attack{Kind: SmallArms, TargetAerial: true})
		if ok != c.aerial {
			t.Errorf("%v: attack on aerial allowed %v", c.d, ok)
		}
	}
}

// 11.7 PBF, 11.791 same building, 11.792 CC, and which kinds Light dust
// spares (OBA, DC, FT) while Heavy dust spares none.
func TestDustExemptions_11_7_11_79(t *testing.T) {
	light := Environment{EC: ECDry, Dust: DustLight}
	heavy := Environment{EC: ECDry, Dust: DustHeavy}
	if hs := DRMs(light, rangeAttack(SmallArms, 0)); len(hs) != 0 {
		t.Errorf("PBF: %+v", hs)
	}
	if hs := DRMs(heavy, rangeAttack(SmallArms, 0)); len(hs) != 0 {
		t.Errorf("PBF heavy: %+v", hs)
	}
	a := rangeAttack(SmallArms, 2)
	a.SameBuilding = true
	a.VehicleDust = 1
	a.FFEDust = true
	if hs := DRMs(heavy, a); len(hs) != 0 {
		t.Errorf("same building: %+v", hs)
	}
	if hs := DRMs(heavy, rangeAttack(CC, 1)); len(hs) != 0 {
		t.Errorf("CC: %+v", hs)
	}
	for _, k := range []AttackKind{OBA, DC, FT} {
		if hs := DRMs(light, rangeAttack(k, 2)); len(hs) != 0 {
			t.Errorf("light dust vs %v: %+v", k, hs)
		}
		if hs := DRMs(heavy, rangeAttack(k, 2)); len(hs) != 2 {
			t.Errorf("heavy dust vs %v: %+v", k, hs)
		}
	}
	for _, k := range []AttackKind{SmallArms, OrdnanceTH, Aerial} {
		hs := DRMs(Environment{EC: ECDry, Dust: DustModerate}, rangeAttack(k, 5))
		if len(hs) != 1 || hs[0].Roll != WholeDr || hs[0].Rule != "11.72" {
			t.Errorf("moderate dust vs %v: %+v", k, hs)
		}
	}
}

// Dust that the conditions cannot support is not there: Moderate EC, no
// desert board, after rain; Heavy+ capped to Moderate where only Light
// dust can exist (some non-desert boards).
func TestDustNeedsItsConditions_11_71_11_73(t *testing.T) {
	for _, env := range []Environment{
		{EC: ECModerate, Dust: DustHeavy},
		{EC: ECDry, Dust: DustLight, Boards: NoDesert},
		{EC: ECDry, Dust: DustLight, DustEnded: true},
		{EC: ECDry, Dust: DustLight, Terrain: Steppe},
		{EC: ECDry, Dust: DustLight, Weather: Rain},
	} {
		if d := Assess(env).Dust; d != DustNone {
			t.Errorf("%+v: dust %v", env, d)
		}
	}
	if d := Assess(Environment{EC: ECDry, Dust: DustVeryHeavy, Boards: SomeDesert}).Dust; d != DustModerate {
		t.Errorf("mixed boards: %v", d)
	}
	if d := Assess(Environment{EC: ECVeryDry, Dust: DustHeavy, Terrain: Steppe}).Dust; d != DustModerate {
		t.Errorf("steppe very dry: %v", d)
	}
	if d := Assess(Environment{EC: ECVeryDry, Dust: DustHeavy, Terrain: Broken}).Dust; d != DustHeavy {
		t.Errorf("broken: %v", d)
	}
}

func TestFFEDust_11_75(t *testing.T) {
	dry := Environment{EC: ECDry}
	if !FFEDustRaised(dry, 70) || FFEDustRaised(dry, 60) || FFEDustRaised(Environment{EC: ECMoist}, 105) {
		t.Error("FFE dust: ≥70mm where light dust can exist")
	}
	if FFEDustRaised(Environment{EC: ECDry, Terrain: Steppe}, 88) || !FFEDustRaised(Environment{EC: ECVeryDry, Terrain: Steppe}, 88) {
		t.Error("FFE dust on steppe needs Very Dry")
	}
	a := rangeAttack(SmallArms, 6)
	a.FFEDust = true
	hs := DRMs(dry, a)
	if len(hs) != 1 || hs[0] != (Hindrance{Kind: "ffe-dust", DRM: 1, Rule: "11.75"}) {
		t.Errorf("%+v", hs)
	}
	// Wind never touches it: ApplyWindChange has no FFE dust to clear, and
	// the hindrance stays under Heavy Wind and Gusts.
	windy := dry
	windy.Wind, windy.Gusts = HeavyWind, true
	if hs := DRMs(windy, a); len(hs) != 1 || hs[0].Kind != "ffe-dust" {
		t.Errorf("windy: %+v", hs)
	}
}

func TestNightIllumination_11_78(t *testing.T) {
	for _, c := range []struct {
		d          Dust
		star, fire int
		limited    bool
	}{
		{DustNone, 0, 0, false},
		{DustLight, 2, 1, true},
		{DustModerate, 2, 1, true},
		{DustHeavy, 1, 0, true},
		{DustVeryHeavy, 0, 0, true},
		{DustExtremelyHeavy, -1, -1, true},
	} {
		s, ls := IlluminationRadius(c.d, Starshell)
		f, lf := IlluminationRadius(c.d, BurningAFV)
		if s != c.star || f != c.fire || ls != c.limited || lf != c.limited {
			t.Errorf("%v: starshell %d fire %d limited %v", c.d, s, f, ls)
		}
	}
}

func TestDustNames(t *testing.T) {
	for d := Dust(0); d < numDusts; d++ {
		if back, err := ParseDust(d.String()); err != nil || back != d {
			t.Errorf("round trip %v", d)
		}
	}
	if _, err := ParseDust("thick"); err == nil {
		t.Error("accepted junk")
	}
}
