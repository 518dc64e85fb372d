package climate

import (
	"reflect"
	"strings"
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

// TestDustAllowed: a density the conditions rule out is refused with the
// rule (11.71, 11.73, 11.77, 13.2); one they allow is not.
func TestDustAllowed(t *testing.T) {
	for _, c := range []struct {
		env  Environment
		want string // "" allowed
	}{
		{Environment{EC: ECDry, Dust: DustHeavy}, ""},
		{Environment{EC: ECVeryDry, Dust: DustExtremelyHeavy}, ""},
		{Environment{EC: ECDry, Dust: DustLight}, ""},
		{Environment{EC: ECModerate}, ""},
		{Environment{EC: ECModerate, Dust: DustHeavy}, "Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{Environment{EC: ECMoist, Dust: DustLight}, "11.71"},
		{Environment{EC: ECDry, Weather: Rain, Dust: DustModerate}, "11.77"},
		{Environment{EC: ECVeryDry, Terrain: Steppe, Dust: DustHeavy}, "13.2"},
		{Environment{EC: ECDry, Boards: SomeDesert, Dust: DustHeavy}, "11.73"},
	} {
		err := DustAllowed(c.env)
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: %v, want %q", c.env, err, c.want)
		}
	}
}

// WhyNot explains each dust rule that 11.71, 11.73, 11.74, 11.75 (with
// 11.6111, 11.77 and 13.2) rule out, and says nothing when it may apply.
func TestWhyNot_11_71_11_73_11_74_11_75(t *testing.T) {
	dry := Environment{EC: ECDry}
	for _, c := range []struct {
		env  Environment
		r    Rule
		what string
		want string
	}{
		{dry, RuleHeavyDust, "", ""},
		{Environment{EC: ECMoist}, RuleHeavyDust, "Heavy Dust", "Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{Environment{}, RuleHeavyDust, DustVeryHeavy.Title(), "Very Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{Environment{EC: ECDry, Boards: SomeDesert}, RuleHeavyDust, "", "Heavy Dust needs desert boards only (11.73)"},
		{Environment{EC: ECDry, Boards: SomeDesert}, RuleLightDust, "", ""},
		{Environment{EC: ECDry, Terrain: Steppe}, RuleHeavyDust, "", "Heavy Dust cannot exist on Steppe Terrain (13.2)"},
		{Environment{EC: ECDry, Terrain: Steppe}, RuleVehicleDust, "", "Vehicle Dust needs Very Dry EC on Steppe Terrain (11.74, 13.2)"},
		{Environment{EC: ECMoist}, RuleVehicleDust, "", "Vehicle Dust needs Dry or Very Dry EC (11.74)"},
		{Environment{EC: ECWet}, RuleFFEDust, "", "FFE Dust needs Dry or Very Dry EC (11.75)"},
		{Environment{EC: ECDry, Weather: Rain}, RuleLightDust, "", "Light Dust cannot exist once rain has fallen (11.77)"},
		{Environment{EC: ECDry, Boards: NoDesert}, RuleLightDust, "", "Light Dust needs a desert board (11.71)"},
		{Environment{EC: ECDry, Time: EarlyMorning}, RuleLightDust, "",
			"Light Dust needs Dry or Very Dry EC (11.71); Early Morning sun blindness makes EC moist (11.6111)"},
	} {
		if got := WhyNot(c.env, c.r, c.what); got != c.want {
			t.Errorf("%+v %v: %q, want %q", c.env, c.r, got, c.want)
		}
	}
	if r, ok := DustModerate.DustRule(); !ok || r != RuleLightDust {
		t.Error("Moderate Dust has Light Dust's conditions (11.72)")
	}
	if r, ok := DustExtremelyHeavy.DustRule(); !ok || r != RuleHeavyDust {
		t.Error("Extremely Heavy Dust has Heavy Dust's conditions (11.732)")
	}
}
