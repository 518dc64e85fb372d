package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"khamsin/hexmap"
)

// The parts of a scenario beyond the map: the briefing, the sides and their
// forces, objectives, counters on the map at the start and the climate.
// Described in docs/formats.md ("Scenario files"); checked by Validate.

// Type is the scenario type of seed 002 §7.1 step 10 and 16.12.
const (
	Encounter    = "encounter"
	HastyDefence = "hasty-defence"
	AllOutAttack = "all-out-attack"
)

// Side is one [[side]] table.
type Side struct {
	ID            string `toml:"id"`             // "allies" or "axis": the name used in commands and --as
	Name          string `toml:"name"`           // "8th Army"
	Nation        string `toml:"nation"`         // british, german, italian: catalogue entries must match (F.4–F.6)
	BreakPoint    int    `toml:"break_point"`    // markers on the Break Point Track at the start (16.12)
	BrigadeOrders int    `toml:"brigade_orders"` // 'Brigade' Orders generated before the game (7.1 step 3)
	Units         []Unit `toml:"unit"`
	// Fire support (artillery.go): batteries, observation aircraft and
	// pre-planned fire.
	Batteries []Battery  `toml:"battery"`
	Aircraft  []Aircraft `toml:"observation_aircraft"`
	Barrages  []Barrage  `toml:"barrage"`
	line      int
}

// Unit is one [[side.unit]]: the group of bases one Order activates.
type Unit struct {
	ID      string `toml:"id"`      // unique across the scenario, e.g. "B1"
	Name    string `toml:"name"`    // "1 Platoon, B Company"
	Hidden  bool   `toml:"hidden"`  // starts as a Contact Marker (4.6)
	Arrives int    `toml:"arrives"` // 0: on the map at the start; N: arrives at the end of turn N-1 (7.1 step 7)
	Edge    string `toml:"edge"`    // reinforcements: the map edge they enter by (north, south, east, west)
	// Area is a set-up area, "HEX+N": every hex within N hexes of HEX. The
	// unit's bases start at their hexes (inside the area) and its side may
	// place them anywhere in it before turn 1 (the game's set-up phase).
	Area   string `toml:"area"`
	TQ     *int   `toml:"tq"`     // overrides the catalogue's TQ for every base
	Morale *int   `toml:"morale"` // overrides the catalogue's morale
	Bases  []Base `toml:"base"`
	line   int
}

// Base is one counter of a unit.
type Base struct {
	ID        string `toml:"id"`      // optional: defaults to the unit ID + a, b, c…
	Type      string `toml:"type"`    // catalogue entry, e.g. "uk-rifle-section"
	Hex       string `toml:"hex"`     // set-up hex, e.g. "25C5"
	Facing    string `toml:"facing"`  // a vehicle's or gun's front: an adjacent hex (default: toward the enemy's edge)
	DugIn     bool   `toml:"dug_in"`  // entrenched at the start (7.6)
	Crest     string `toml:"crest"`   // in Crest status at the start (6.0), facing this adjacent hex
	Passenger string `toml:"carried"` // carried by (or towed by) this base ID of the same side
	line      int
	auto      bool // ID not in the file: DefaultBaseID
}

// Objective is one [[objective]] (16.11).
type Objective struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Hex   string `toml:"hex"`
	Value int    `toml:"value"` // Break Point markers lost with it (16.12)
	Owner string `toml:"owner"` // the side that deployed it
	line  int
}

// Counter is one [[counter]] present at the start.
type Counter struct {
	Kind string `toml:"kind"` // sangar, foxhole, wreck, smoke
	Hex  string `toml:"hex"`
	line int
}

// Environment is the [environment] table. With dyo = true the climate is
// rolled for the month at game start (11.2–11.701); otherwise the fields
// give it, with the defaults of a clear, dry, calm day.
type Environment struct {
	DYO     bool   `toml:"dyo"`
	Time    string `toml:"time"`    // early-morning, morning, midday, afternoon, evening, night
	EC      string `toml:"ec"`      // very-dry, dry, moderate, wet, mud
	Weather string `toml:"weather"` // clear, overcast, rain, …
	Wind    string `toml:"wind"`    // no-wind, mild, heavy
	Gusts   bool   `toml:"gusts"`
	Upwind  string `toml:"upwind"` // the screen direction the wind comes from: n, ne, se, s, sw, nw
	Dust    string `toml:"dust"`   // none, light, moderate, heavy, very-heavy, extremely-heavy
}

// ParseArea reads a set-up area "HEX+N" on m: its centre and radius.
func ParseArea(m *hexmap.Map, area string) (hexmap.Hex, int, error) {
	c, r, ok := strings.Cut(area, "+")
	if !ok {
		return hexmap.Hex{}, 0, fmt.Errorf("area %q: expected HEX+N, e.g. 25K5+3 (every hex within 3 of 25K5)", area)
	}
	h, err := m.Hex(strings.ToUpper(strings.TrimSpace(c)))
	if err != nil {
		return hexmap.Hex{}, 0, fmt.Errorf("area %q: %v", area, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(r))
	if err != nil || n < 0 || n > 20 {
		return hexmap.Hex{}, 0, fmt.Errorf("area %q: the radius must be 0 to 20 hexes", area)
	}
	return h, n, nil
}
