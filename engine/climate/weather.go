package climate

import (
	"khamsin/engine/internal/enum"
)

// Weather is the scenario's weather. The arid weather chart (11.2) yields
// the first five; Rain never comes from that chart and starts only by SSR or
// a later weather change, ending all dust for good (11.77).
type Weather uint8

const (
	Clear       Weather = iota
	ClearGusty          // clear, with gusts in effect
	Overcast            // no sun blindness or heat haze; time of day is None (11.3)
	Mud                 // mud exists (11.8); the sky is clear
	MudOvercast         // mud exists and the sky is overcast
	Rain                // raining (11.77, 11.6111)
	numWeathers
)

var weatherNames = enum.Names[Weather]{Of: "weather", Words: []string{"clear", "clear-gusty", "overcast", "mud", "mud-overcast", "rain"}}

func (w Weather) String() string { return weatherNames.String(w) }

// ParseWeather reads the names String prints.
func ParseWeather(s string) (Weather, error) { return weatherNames.Parse(s) }

// IsOvercast reports an overcast sky (Overcast or Mud and Overcast): no sun
// blindness (11.61) or heat haze (11.62), and time of day reads None (11.3).
// Rain counts as overcast: it falls from a clouded sky.
func (w Weather) IsOvercast() bool { return w == Overcast || w == MudOvercast || w == Rain }

// HasMud reports whether the weather itself brings mud (11.2, 11.8).
func (w Weather) HasMud() bool { return w == Mud || w == MudOvercast }

// HasGusts reports gusts from the weather result (Clear & Gusty).
func (w Weather) HasGusts() bool { return w == ClearGusty }

// WeatherColumn is one of the four month columns of the arid weather chart.
// The chart's printed header is damaged ("April … Dec-March"); we read its
// four columns as April, May–September, October–November, December–March:
// the column between April and the winter one never gives mud (the dry
// summer), the third gives mud only on 2 and 12 (autumn), the last is the
// wettest (winter), and the same month groups appear in 11.3 and 11.4.
type WeatherColumn uint8

const (
	ColApril WeatherColumn = iota
	ColMaySep
	ColOctNov
	ColDecMar
)

var weatherColumnNames = [4]string{"April", "May–September", "October–November", "December–March"}

func (c WeatherColumn) String() string { return weatherColumnNames[c&3] }

// WeatherColumnOf is the chart column for month m.
func WeatherColumnOf(m Month) WeatherColumn {
	switch {
	case m == April:
		return ColApril
	case m >= May && m <= September:
		return ColMaySep
	case m == October || m == November:
		return ColOctNov
	}
	return ColDecMar
}

// aridWeather is the 11.2 chart: rows DR 2–12, columns as WeatherColumn.
var aridWeather = [11][4]Weather{
	/* 2 */ {Mud, Clear, Mud, ClearGusty},
	/* 3 */ {ClearGusty, ClearGusty, ClearGusty, ClearGusty},
	/* 4 */ {ClearGusty, Clear, Clear, Clear},
	/* 5 */ {Clear, ClearGusty, Clear, Clear},
	/* 6 */ {Clear, Clear, Clear, ClearGusty},
	/* 7 */ {ClearGusty, Clear, Clear, Overcast},
	/* 8 */ {Clear, Clear, ClearGusty, Overcast},
	/* 9 */ {Clear, ClearGusty, Overcast, Mud},
	/* 10 */ {Overcast, Clear, Overcast, MudOvercast},
	/* 11 */ {Overcast, Clear, Clear, MudOvercast},
	/* 12 */ {MudOvercast, Overcast, MudOvercast, MudOvercast},
}

// AridWeather looks up the 11.2 chart for a DR of 2–12 in month m.
func AridWeather(m Month, dr int) Weather {
	if dr < 2 {
		dr = 2
	}
	if dr > 12 {
		dr = 12
	}
	return aridWeather[dr-2][WeatherColumnOf(m)]
}
