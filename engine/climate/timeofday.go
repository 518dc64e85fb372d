package climate

import (
	"khamsin/engine/internal/enum"
)

// TimeOfDay is the result of the 11.3 time-of-day dr (DYO scenarios using a
// desert board). None means no time-dependent climate rule applies: the sky
// is overcast, or the players agreed to read Night as None, or the scenario
// simply does not use the table.
type TimeOfDay uint8

const (
	TimeNone      TimeOfDay = iota
	EarlyMorning            // dr 1: sun blindness eastwards (11.611); Moist EC (11.6111); mist Nov–Apr
	MidMorning              // dr 2: heat haze, intense in May–September
	Midday                  // dr 3: intense heat haze
	MidAfternoon            // dr 4: heat haze
	LateAfternoon           // dr 5: sun blindness westwards (11.612)
	Night                   // dr 6: night rules (not in the seeds)
	numTimes
)

var timeNames = enum.Names[TimeOfDay]{Of: "time", Words: []string{"none", "early-morning", "mid-morning", "midday", "mid-afternoon", "late-afternoon", "night"}}

func (t TimeOfDay) String() string { return timeNames.String(t) }

// ParseTimeOfDay reads the names String prints.
func ParseTimeOfDay(s string) (TimeOfDay, error) { return timeNames.Parse(s) }

// Daytime reports a time other than Night. None counts as daytime: it is
// what an overcast day reads as.
func (t TimeOfDay) Daytime() bool { return t != Night }

// TimeTable reads the 11.3 table for a dr of 1–6 and applies its two
// adjustments: under an overcast sky every result but Night becomes None;
// nightAsNone (the players' mutual consent) turns Night into None.
func TimeTable(dr int, w Weather, nightAsNone bool) TimeOfDay {
	if dr < 1 {
		dr = 1
	}
	if dr > 6 {
		dr = 6
	}
	t := TimeOfDay(dr)
	switch {
	case t == Night && nightAsNone:
		return TimeNone
	case t != Night && w.IsOvercast():
		return TimeNone
	}
	return t
}
