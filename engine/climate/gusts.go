package climate

// WindChange is the outcome of one Wind Change DR (rolled each Player Turn
// by rules outside the seeds): the new wind force, whether gusts blow, and
// whether rain has begun.
type WindChange struct {
	Wind  WindForce
	Gusts bool
	Rain  bool
}

// WindChangeResult says what a wind change did to the dust.
type WindChangeResult struct {
	Before, After Dust
	// ClearVehicleDust: every Vehicle Dust counter comes off the map, because
	// the change brought Heavy Wind, Gusts or Rain (11.74's second removal
	// condition).
	ClearVehicleDust bool
	Rule             string // the rule that changed the density, or ""
}

// ApplyWindChange returns the environment after a Wind Change DR.
//
// 11.77: rain ends all dust at once and for the rest of the scenario.
// 11.76 (only where Heavy Dust could exist, 11.1): a change that leaves Heavy
// Wind and Gusts both blowing raises the density one level, every Player
// Turn they last, up to Extremely Heavy; the change that ends that pairing
// (either or both ceasing) lowers it one level; nothing else moves it.
// The pairing counts however it came about, including from the setup's
// weather and wind.
func ApplyWindChange(env Environment, c WindChange) (Environment, WindChangeResult) {
	res := WindChangeResult{Before: env.Dust}
	wasBoth := env.Wind == HeavyWind && env.Gusts
	applies := Assess(env).Possible.Has(RuleWindEffects)
	env.Wind, env.Gusts = c.Wind, c.Gusts
	if c.Wind == HeavyWind || c.Gusts || c.Rain {
		res.ClearVehicleDust = true
	}
	switch {
	case c.Rain:
		env.Weather = Rain
		env.DustEnded = true
		env.Dust = DustNone
		if res.Before != DustNone {
			res.Rule = "11.77"
		}
	case !applies || env.DustEnded:
	case c.Wind == HeavyWind && c.Gusts:
		if env.Dust < DustExtremelyHeavy {
			env.Dust++
			res.Rule = "11.76"
		}
	case wasBoth:
		if env.Dust > DustNone {
			env.Dust--
			res.Rule = "11.76"
		}
	}
	res.After = env.Dust
	return env, res
}
