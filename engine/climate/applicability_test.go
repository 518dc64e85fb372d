package climate

import (
	"reflect"
	"testing"
)

// 11.1's summary, row by row, with 13.1 and 13.2.
func TestApplicability_11_1(t *testing.T) {
	type row struct {
		name string
		env  Environment
		in   []Rule // must be in force
		out  []Rule // must not be
	}
	rows := []row{
		{"DYO North Africa, desert only, dry", Environment{DYO: true, EC: ECDry},
			[]Rule{RuleWeatherChart, RuleECChart, RuleWindChart, RuleTimeOfDay, RuleDYODust, RuleVehicleDust, RuleFFEDust, RuleWindEffects},
			[]Rule{RuleSunBlindness, RuleHeatHaze, RuleLightDust, RuleHeavyDust, RuleMud}},
		{"charts need DYO", Environment{EC: ECDry}, []Rule{RuleVehicleDust},
			[]Rule{RuleWeatherChart, RuleECChart, RuleWindChart, RuleTimeOfDay, RuleDYODust}},
		{"charts in any Arid Land, even without desert boards", Environment{DYO: true, Region: OtherArid, Boards: NoDesert},
			[]Rule{RuleWeatherChart, RuleECChart, RuleWindChart}, []Rule{RuleTimeOfDay}},
		{"no charts outside an Arid Land", Environment{DYO: true, Region: NotArid},
			[]Rule{RuleTimeOfDay}, []Rule{RuleWeatherChart, RuleECChart, RuleWindChart}},
		{"sun blindness", Environment{Time: LateAfternoon, Boards: SomeDesert}, []Rule{RuleSunBlindness}, nil},
		{"sun blindness not overcast", Environment{Time: LateAfternoon, Weather: MudOvercast}, nil, []Rule{RuleSunBlindness}},
		{"heat haze", Environment{Time: MidAfternoon}, []Rule{RuleHeatHaze}, []Rule{RuleIntenseHeatHaze}},
		{"intense heat haze", Environment{Time: Midday}, []Rule{RuleHeatHaze, RuleIntenseHeatHaze}, nil},
		{"heat haze only in North Africa", Environment{Time: Midday, Region: OtherArid}, nil, []Rule{RuleHeatHaze}},
		{"light dust, some desert boards", Environment{Boards: SomeDesert, EC: ECVeryDry, Dust: DustLight},
			[]Rule{RuleLightDust, RuleVehicleDust, RuleFFEDust}, []Rule{RuleHeavyDust, RuleWindEffects}},
		{"heavy dust, desert only", Environment{EC: ECDry, Dust: DustVeryHeavy},
			[]Rule{RuleHeavyDust, RuleWindEffects}, []Rule{RuleLightDust}},
		{"no dust in moist EC", Environment{EC: ECMoist, Dust: DustHeavy},
			nil, []Rule{RuleHeavyDust, RuleLightDust, RuleVehicleDust, RuleFFEDust, RuleWindEffects}},
		{"steppe, dry: nothing dusty (13.2)", Environment{EC: ECDry, Terrain: Steppe, Dust: DustLight, DYO: true},
			nil, []Rule{RuleLightDust, RuleVehicleDust, RuleFFEDust, RuleDYODust, RuleWindEffects}},
		{"steppe, very dry: light dust, vehicle/FFE dust, never heavy", Environment{EC: ECVeryDry, Terrain: Steppe, Dust: DustHeavy, DYO: true},
			[]Rule{RuleLightDust, RuleVehicleDust, RuleFFEDust, RuleDYODust}, []Rule{RuleHeavyDust, RuleWindEffects}},
		{"broken: everything but desert mud (13.1)", Environment{EC: ECVeryDry, Terrain: Broken, Dust: DustHeavy, Time: LateAfternoon},
			[]Rule{RuleHeavyDust, RuleWindEffects, RuleSunBlindness, RuleVehicleDust}, nil},
		{"broken: no desert mud (13.1)", Environment{Weather: Mud, Terrain: Broken}, nil, []Rule{RuleMud}},
		{"early morning makes EC moist: no dust (11.6111)", Environment{EC: ECVeryDry, Dust: DustHeavy, Time: EarlyMorning},
			[]Rule{RuleSunBlindness}, []Rule{RuleHeavyDust, RuleLightDust, RuleVehicleDust, RuleWindEffects}},
		{"desert mud", Environment{Weather: Mud}, []Rule{RuleMud}, nil},
		{"desert mud from EC", Environment{EC: ECMud}, []Rule{RuleMud}, nil},
		{"no desert mud with other boards", Environment{Weather: Mud, Boards: SomeDesert}, nil, []Rule{RuleMud}},
		{"no desert mud outside Arid Lands", Environment{Weather: Mud, Region: NotArid}, nil, []Rule{RuleMud}},
		{"no desert mud on steppe", Environment{Weather: Mud, Terrain: Steppe}, nil, []Rule{RuleMud}},
		{"SSR forces heavy dust where it could not be", Environment{EC: ECMoist, Dust: DustHeavy, SSROn: RulesOf(RuleHeavyDust)},
			[]Rule{RuleHeavyDust}, nil},
		{"SSR rules vehicle dust out", Environment{EC: ECDry, SSROff: RulesOf(RuleVehicleDust)}, []Rule{RuleFFEDust}, []Rule{RuleVehicleDust}},
	}
	for _, r := range rows {
		got := InForce(r.env)
		for _, x := range r.in {
			if !got.Has(x) {
				t.Errorf("%s: %v not in force (%v)", r.name, x, got)
			}
		}
		for _, x := range r.out {
			if got.Has(x) {
				t.Errorf("%s: %v in force (%v)", r.name, x, got)
			}
		}
	}
}

func TestRuleNames(t *testing.T) {
	all := Rules(0)
	for r := Rule(0); r < numRules; r++ {
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Errorf("round trip %v", r)
		}
		all |= RulesOf(r)
	}
	if len(all.List()) != int(numRules) || all.Names()[0] != "weather-chart" {
		t.Error("List/Names")
	}
	if !reflect.DeepEqual(RulesOf(RuleMud, RuleSunBlindness).Names(), []string{"sun-blindness", "mud"}) {
		t.Error("names in section order")
	}
	if _, err := ParseRule("fog"); err == nil {
		t.Error("junk accepted")
	}
}
