package climate

import (
	"fmt"

	"khamsin/engine/dice"
)

// Options are the scenario facts DYO generation needs besides the month.
type Options struct {
	Boards       Boards
	Region       Region
	Terrain      AltTerrain
	North        North
	NightAsNone  bool // the players agree to read a Night result as None (11.3)
	Bombardments int  // bombardments available in the scenario (11.701 drm)
}

// Step is one stage of generation: the rule, the roll behind it (if a roll
// was made), the modifier, the final number read on the table and the
// result.
type Step struct {
	Rule   string
	What   string // weather, time, ec, wind, wind-direction, dust
	Rolled bool
	Roll   dice.Roll
	DRM    int
	Final  int
	Result string
	Note   string // why no roll was made, or an adjustment applied
}

// Generate runs the DYO climate procedure in the rules' order, every roll
// through r with its rule as the reason:
//
//  1. 11.2 weather: a DR on the month's column (Arid Land only);
//  2. 11.3 time of day: a dr (one or more desert board), overcast turning
//     anything but Night into None, NightAsNone turning Night into None;
//  3. 11.4 EC: a dr plus the month drm, clamped to the chart (Arid Land
//     only). No dr is made when the EC is already fixed: mud weather means
//     Mud EC, and Early Morning sun blindness makes it Moist (11.6111; we
//     apply it to the generated EC, since the table sends us to it before
//     the EC roll). On Steppe 11.6111 is not applied (see Assess);
//  4. 11.5 wind force: a dr (Arid Land only), then, if there is any wind,
//     our wind-direction dr (WindDirection);
//  5. 11.701 dust: a dr plus its drm, only where Light or Heavy Dust can
//     exist; Heavy reads Moderate on Steppe or where Heavy Dust cannot exist.
//
// Outside an Arid Land the charts do not apply: weather stays Clear, EC
// Moderate and wind None, and the steps say so.
func Generate(m Month, r *dice.Roller, o Options) (Environment, []Step) {
	env := Environment{Month: m, Boards: o.Boards, Region: o.Region, Terrain: o.Terrain, DYO: true, North: o.North}
	var steps []Step
	arid := o.Region.Arid()

	// 11.2 weather.
	if arid {
		roll := r.DR("11.2 weather")
		env.Weather = AridWeather(m, roll.Total())
		env.Gusts = env.Weather.HasGusts()
		steps = append(steps, Step{Rule: "11.2", What: "weather", Rolled: true, Roll: roll,
			Final: roll.Total(), Result: env.Weather.String(), Note: WeatherColumnOf(m).String() + " column"})
	} else {
		steps = append(steps, Step{Rule: "11.2", What: "weather", Result: env.Weather.String(),
			Note: "not an Arid Land: the arid weather chart does not apply"})
	}

	// 11.3 time of day.
	if o.Boards.Any() {
		roll := r.Dr("11.3 time of day")
		raw := TimeOfDay(roll.Total())
		env.Time = TimeTable(roll.Total(), env.Weather, o.NightAsNone)
		note := ""
		switch {
		case raw != env.Time && raw == Night:
			note = "Night read as None by agreement"
		case raw != env.Time:
			note = raw.String() + " read as None under an overcast sky"
		}
		env.Mist = env.Time == EarlyMorning && m.mistSeason()
		if env.Mist {
			note = join(note, "mist (November–April)")
		}
		steps = append(steps, Step{Rule: "11.3", What: "time", Rolled: true, Roll: roll,
			Final: roll.Total(), Result: env.Time.String(), Note: note})
	} else {
		steps = append(steps, Step{Rule: "11.3", What: "time", Result: env.Time.String(),
			Note: "no desert board: no time-of-day dr"})
	}

	// 11.4 EC.
	switch {
	case !arid:
		steps = append(steps, Step{Rule: "11.4", What: "ec", Result: env.EC.String(),
			Note: "not an Arid Land: the arid EC chart does not apply"})
	case env.Weather.HasMud():
		env.EC = ECMud
		steps = append(steps, Step{Rule: "11.4", What: "ec", Result: env.EC.String(),
			Note: "mud weather: EC are Mud, no dr"})
	case env.Time == EarlyMorning && o.Terrain != Steppe:
		env.EC = EarlyMorningEC(false, false)
		steps = append(steps, Step{Rule: "11.6111", What: "ec", Result: env.EC.String(),
			Note: "Early Morning sun blindness: EC are Moist, no dr"})
	default:
		roll := r.Dr("11.4 EC")
		drm := ECMonthDRM(m)
		env.EC = ECChart(roll.Total() + drm)
		steps = append(steps, Step{Rule: "11.4", What: "ec", Rolled: true, Roll: roll, DRM: drm,
			Final: roll.Total() + drm, Result: env.EC.String()})
	}

	// 11.5 wind force and direction.
	if arid {
		roll := r.Dr("11.5 wind force")
		env.Wind = WindChart(roll.Total())
		steps = append(steps, Step{Rule: "11.5", What: "wind", Rolled: true, Roll: roll,
			Final: roll.Total(), Result: env.Wind.String()})
		if env.Wind != NoWind {
			roll := r.Dr("11.5 wind direction (upwind side = dr-1: N NE SE S SW NW)")
			env.Upwind = WindDirection(roll.Total())
			steps = append(steps, Step{Rule: "11.5", What: "wind-direction", Rolled: true, Roll: roll,
				Final: roll.Total(), Result: env.Upwind.String(), Note: "our reading: dr-1 names the upwind hexside"})
		}
	} else {
		steps = append(steps, Step{Rule: "11.5", What: "wind", Result: env.Wind.String(),
			Note: "not an Arid Land: the arid wind force table does not apply"})
	}

	// 11.701 DYO dust.
	as := Assess(env)
	if as.Possible.Has(RuleDYODust) {
		roll := r.Dr("11.701 dust")
		drm := DustTableDRM(env.Wind, o.Bombardments)
		heavyOK := as.Possible.Has(RuleHeavyDust)
		env.Dust = DustTable(roll.Total()+drm, heavyOK)
		note := ""
		if !heavyOK && roll.Total()+drm >= 10 {
			note = "Heavy read as Moderate (Heavy Dust cannot exist here)"
		}
		steps = append(steps, Step{Rule: "11.701", What: "dust", Rolled: true, Roll: roll, DRM: drm,
			Final: roll.Total() + drm, Result: env.Dust.String(), Note: note})
	} else {
		steps = append(steps, Step{Rule: "11.701", What: "dust", Result: env.Dust.String(),
			Note: "no dust dr: dust cannot exist (needs a desert board and Dry or Very Dry EC, Very Dry on Steppe)"})
	}
	return env, steps
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// Rolls lists the rolls behind the steps, in order.
func Rolls(steps []Step) []dice.Roll {
	var out []dice.Roll
	for _, s := range steps {
		if s.Rolled {
			out = append(out, s.Roll)
		}
	}
	return out
}

func (s Step) String() string {
	if !s.Rolled {
		return fmt.Sprintf("%-7s %-14s %s (%s)", s.Rule, s.What, s.Result, s.Note)
	}
	thrown := fmt.Sprintf("%s %d", s.Roll.Kind, s.Roll.Total())
	if s.Roll.Kind == dice.DR2 {
		thrown = fmt.Sprintf("DR %d (%d+%d)", s.Roll.Total(), s.Roll.Colored, s.Roll.White)
	}
	if s.DRM != 0 {
		thrown += fmt.Sprintf(" %+d = %d", s.DRM, s.Final)
	}
	out := fmt.Sprintf("%-7s %-14s %-18s -> %s", s.Rule, s.What, thrown, s.Result)
	if s.Note != "" {
		out += " (" + s.Note + ")"
	}
	return out
}
