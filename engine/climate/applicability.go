package climate

import (
	"errors"
	"strings"

	"khamsin/engine/internal/enum"
)

// Rule names one climate rule (or rule group) whose applicability 11.1
// decides. Scenario SSRs refer to them by the names String prints.
type Rule uint8

const (
	RuleWeatherChart    Rule = iota // 11.2
	RuleTimeOfDay                   // 11.3
	RuleECChart                     // 11.4
	RuleWindChart                   // 11.5
	RuleSunBlindness                // 11.61–11.612
	RuleHeatHaze                    // 11.62–11.623 (set for intense heat haze too)
	RuleIntenseHeatHaze             // 11.621
	RuleDYODust                     // 11.701
	RuleLightDust                   // 11.71–11.72: Light or Moderate density
	RuleHeavyDust                   // 11.73–11.732: Heavy, Very Heavy or Extremely Heavy density
	RuleVehicleDust                 // 11.74
	RuleFFEDust                     // 11.75
	RuleWindEffects                 // 11.76–11.761
	RuleMud                         // 11.8
	numRules
)

var ruleNames = enum.Names[Rule]{Of: "climate rule", Words: []string{"weather-chart", "time-of-day", "ec-chart", "wind-chart",
	"sun-blindness", "heat-haze", "intense-heat-haze", "dyo-dust", "light-dust", "heavy-dust",
	"vehicle-dust", "ffe-dust", "wind-effects", "mud"}}

var ruleNumbers = [numRules]string{"11.2", "11.3", "11.4", "11.5", "11.61", "11.62", "11.621",
	"11.701", "11.71", "11.73", "11.74", "11.75", "11.76", "11.8"}

func (r Rule) String() string { return ruleNames.String(r) }

// Number is the rule number the name stands for.
func (r Rule) Number() string {
	if r < numRules {
		return ruleNumbers[r]
	}
	return "?"
}

// ParseRule reads the names String prints.
func ParseRule(s string) (Rule, error) { return ruleNames.Parse(s) }

// Rules is a set of Rule.
type Rules uint32

// RulesOf builds a set.
func RulesOf(rs ...Rule) Rules {
	var s Rules
	for _, r := range rs {
		s |= 1 << r
	}
	return s
}

// Has reports whether r is in the set.
func (s Rules) Has(r Rule) bool { return s&(1<<r) != 0 }

// List is the set's rules in Rule order (the order of section 11).
func (s Rules) List() []Rule {
	var out []Rule
	for r := Rule(0); r < numRules; r++ {
		if s.Has(r) {
			out = append(out, r)
		}
	}
	return out
}

// Names is List spelled with Rule names.
func (s Rules) Names() []string {
	out := []string{}
	for _, r := range s.List() {
		out = append(out, r.String())
	}
	return out
}

func (s Rules) String() string { return strings.Join(s.Names(), " ") }

// dustEC reports EC under which Light Dust, Vehicle Dust and FFE Dust can
// exist: Dry or Very Dry, but only Very Dry on Steppe (11.71, 11.74, 13.2).
func dustEC(ec EC, t AltTerrain) bool {
	if t == Steppe {
		return ec == ECVeryDry
	}
	return ec.Dry()
}

// HazeLevel is how strong heat haze is: none, normal (11.62) or intense
// (11.621).
type HazeLevel uint8

const (
	NoHaze HazeLevel = iota
	Haze
	IntenseHaze
)

// Sun is the bearing the sun blinds towards, if any: east in Early Morning
// (11.611), west in Late Afternoon (11.612).
type Sun uint8

const (
	NoSun   Sun = iota
	SunEast     // Early Morning: LOS eastwards is blinded
	SunWest     // Late Afternoon: LOS westwards is blinded
)

func (s Sun) String() string { return [3]string{"none", "east", "west"}[s%3] }

// Assessment is the climate worked out for an Environment: which rules may
// apply (Possible: 11.1's conditions with the SSR overrides), which are in
// effect now (InForce), and the values that follow from them.
type Assessment struct {
	Possible Rules
	InForce  Rules
	EC       EC        // the EC after 11.6111 (Early Morning makes it Moist or wetter)
	Dust     Dust      // the prevailing density that can exist under the conditions
	Sun      Sun       // sun blindness bearing, NoSun when not in force
	Haze     HazeLevel // heat haze in force
}

// Assess applies 11.1 (with 11.6111, 11.77, 13.1 and 13.2) to env.
//
// SSR semantics: a rule in SSROn may apply whatever 11.1 says; a rule in
// SSROff never applies. Being possible is not always being in effect: sun
// blindness also needs Early Morning or Late Afternoon (its bearing), heat
// haze a mid-day time (or an SSR turning it on outright), the dust rules a
// density, mud some mud.
func Assess(env Environment) Assessment {
	var a Assessment
	on, off := env.SSROn, env.SSROff
	gate := func(r Rule, cond bool) bool {
		if off.Has(r) {
			return false
		}
		if cond || on.Has(r) {
			a.Possible |= 1 << r
			return true
		}
		return false
	}
	daylight := env.Time.Daytime() && !env.Weather.IsOvercast()

	// The DYO charts (11.1's first two rows).
	gate(RuleWeatherChart, env.DYO && env.Region.Arid())
	gate(RuleECChart, env.DYO && env.Region.Arid())
	gate(RuleWindChart, env.DYO && env.Region.Arid())
	gate(RuleTimeOfDay, env.DYO && env.Boards.Any())

	// Sun blindness (11.61; on Steppe only with Very Dry EC, 13.2). On Steppe
	// 11.6111 cannot apply: Moist EC would switch off the sun blindness
	// that imposes it, so the scenario's EC stands.
	sunOK := env.Boards.Any() && daylight && (env.Terrain != Steppe || env.EC == ECVeryDry)
	if gate(RuleSunBlindness, sunOK) {
		switch env.Time {
		case EarlyMorning:
			a.Sun = SunEast
		case LateAfternoon:
			a.Sun = SunWest
		}
	}
	a.EC = env.EC
	if a.Sun == SunEast && env.Terrain != Steppe {
		if m := EarlyMorningEC(env.Raining(), env.MudExists()); m < a.EC {
			a.EC = m
		}
	}

	// Heat haze (11.62, 11.621; Steppe does not matter, 13.2).
	hazeOK := env.Region == NorthAfrica && env.Boards.Any() && daylight
	hazeMay := gate(RuleHeatHaze, hazeOK || on.Has(RuleIntenseHeatHaze))
	intenseMay := hazeMay && gate(RuleIntenseHeatHaze, hazeOK)
	switch {
	case on.Has(RuleIntenseHeatHaze) && intenseMay:
		a.Haze = IntenseHaze
	case env.Time == Midday && intenseMay, env.Time == MidMorning && env.Month.summer() && intenseMay:
		a.Haze = IntenseHaze
	case hazeMay && (env.Time == MidMorning || env.Time == Midday || env.Time == MidAfternoon || on.Has(RuleHeatHaze)):
		a.Haze = Haze // Midday lands here only when an SSR rules intense haze out
	}

	// Dust (11.7–11.76): never again once rain has fallen (11.77).
	dry := !env.DustEnded && !env.Raining()
	light := gate(RuleLightDust, dry && env.Boards.Any() && dustEC(a.EC, env.Terrain))
	heavy := gate(RuleHeavyDust, dry && env.Boards.Only() && a.EC.Dry() && env.Terrain != Steppe)
	gate(RuleDYODust, env.DYO && (light || heavy))
	gate(RuleVehicleDust, dry && env.Boards.Any() && dustEC(a.EC, env.Terrain))
	gate(RuleFFEDust, dry && env.Boards.Any() && dustEC(a.EC, env.Terrain))
	gate(RuleWindEffects, dry && env.Boards.Only() && a.EC.Dry() && env.Terrain != Steppe)
	switch d := env.Dust; {
	case d >= DustHeavy && heavy:
		a.Dust = d
	case d >= DustHeavy && light:
		a.Dust = DustModerate // the densest the conditions allow
	case d > DustNone && d < DustHeavy && (light || heavy):
		a.Dust = d
	}

	// Desert mud (11.8): Arid Land, desert boards only, no Broken/Steppe.
	gate(RuleMud, env.Region.Arid() && env.Boards.Only() && env.Terrain == PlainDesert)

	// What is in effect now.
	a.InForce = a.Possible &^ RulesOf(RuleSunBlindness, RuleHeatHaze, RuleIntenseHeatHaze,
		RuleLightDust, RuleHeavyDust, RuleMud)
	if a.Sun != NoSun {
		a.InForce |= RulesOf(RuleSunBlindness)
	}
	switch a.Haze {
	case IntenseHaze:
		a.InForce |= RulesOf(RuleHeatHaze, RuleIntenseHeatHaze)
	case Haze:
		a.InForce |= RulesOf(RuleHeatHaze)
	}
	switch {
	case a.Dust >= DustHeavy:
		a.InForce |= RulesOf(RuleHeavyDust)
	case a.Dust > DustNone:
		a.InForce |= RulesOf(RuleLightDust)
	}
	if a.Possible.Has(RuleMud) && (env.Weather.HasMud() || a.EC == ECMud || on.Has(RuleMud)) {
		a.InForce |= RulesOf(RuleMud)
	}
	return a
}

// InForce is Assess(env).InForce.
func InForce(env Environment) Rules { return Assess(env).InForce }

// DustAllowed reports why env's prevailing density cannot exist under its
// conditions (WhyNot's wording, with the rule), or nil when it can.
func DustAllowed(env Environment) error {
	r, ok := env.Dust.DustRule()
	if !ok {
		return nil
	}
	if why := WhyNot(env, r, env.Dust.Title()); why != "" {
		return errors.New(why)
	}
	return nil
}
