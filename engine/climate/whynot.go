package climate

import (
	"fmt"
	"strings"
)

// dustRuleNumber is the rule that sets the conditions of each dust rule.
var dustRuleNumber = map[Rule]string{
	RuleLightDust: "11.71", RuleHeavyDust: "11.73", RuleVehicleDust: "11.74", RuleFFEDust: "11.75",
}

var dustRuleName = map[Rule]string{
	RuleLightDust: "Light Dust", RuleHeavyDust: "Heavy Dust", RuleVehicleDust: "Vehicle Dust", RuleFFEDust: "FFE Dust",
}

// DustRule is the rule whose conditions a prevailing density needs:
// Light Dust's for Light and Moderate (11.71–11.72), Heavy Dust's for
// Heavy and denser (11.73–11.732). DustNone needs none (ok false).
func (d Dust) DustRule() (r Rule, ok bool) {
	switch {
	case d >= DustHeavy:
		return RuleHeavyDust, true
	case d > DustNone:
		return RuleLightDust, true
	}
	return 0, false
}

// Title is the density as the rules name it: "Very Heavy Dust".
func (d Dust) Title() string {
	words := strings.Split(d.String(), "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ") + " Dust"
}

// WhyNot says, in one clause with its rule number, why dust rule r (Light,
// Heavy, Vehicle or FFE Dust) cannot exist under env, or "" when it can
// (Assess decides; this only explains). what names the thing asked for
// ("Very Heavy Dust"); "" uses the rule's own name.
func WhyNot(env Environment, r Rule, what string) string {
	a := Assess(env)
	if a.Possible.Has(r) {
		return ""
	}
	num := dustRuleNumber[r]
	if what == "" {
		what = dustRuleName[r]
	}
	if num == "" {
		return fmt.Sprintf("%s cannot apply under these conditions (11.1)", what)
	}
	switch {
	case env.SSROff.Has(r):
		return fmt.Sprintf("%s is ruled out by SSR", what)
	case env.DustEnded || env.Raining():
		return fmt.Sprintf("%s cannot exist once rain has fallen (11.77)", what)
	case !env.Boards.Any():
		return fmt.Sprintf("%s needs a desert board (%s)", what, num)
	case r == RuleHeavyDust && !env.Boards.Only():
		return fmt.Sprintf("%s needs desert boards only (%s)", what, num)
	case r == RuleHeavyDust && env.Terrain == Steppe:
		return fmt.Sprintf("%s cannot exist on Steppe Terrain (13.2)", what)
	case env.Terrain == Steppe:
		return fmt.Sprintf("%s needs Very Dry EC on Steppe Terrain (%s, 13.2)", what, num)
	}
	s := fmt.Sprintf("%s needs Dry or Very Dry EC (%s)", what, num)
	if a.EC != env.EC {
		s += fmt.Sprintf("; Early Morning sun blindness makes EC %s (11.6111)", a.EC)
	}
	return s
}
