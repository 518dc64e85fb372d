package climate

import (
	"fmt"

	"khamsin/hexmap"
)

// Boards says how much of the playing area is desert boards (F.1: boards
// 25–31). The climate rules ask two questions of it: "one or more desert
// board" (sun blindness, heat haze, light dust…) and "only desert boards"
// (heavy dust, wind effects, desert mud).
type Boards uint8

const (
	AllDesert  Boards = iota // only desert boards (the zero value: Khamsin's usual map)
	SomeDesert               // at least one desert board, and some other board
	NoDesert                 // no desert board at all
)

var boardsNames = [3]string{"all-desert", "some-desert", "no-desert"}

func (b Boards) String() string {
	if b < 3 {
		return boardsNames[b]
	}
	return fmt.Sprintf("boards(%d)", uint8(b))
}

// Any reports one or more desert board.
func (b Boards) Any() bool { return b == AllDesert || b == SomeDesert }

// Only reports desert boards only.
func (b Boards) Only() bool { return b == AllDesert }

// Region is where the scenario is set (11.2). North Africa is an Arid Land;
// the other Arid Lands are the Middle East, the Mediterranean islands and
// East Africa. Heat haze needs North Africa; the charts need an Arid Land.
type Region uint8

const (
	NorthAfrica Region = iota // Egypt, Libya, Tunisia, Morocco, Algeria (the zero value)
	OtherArid                 // Middle East, Mediterranean islands, East Africa
	NotArid                   // anywhere else: section 11's charts do not apply
)

var regionNames = [3]string{"north-africa", "arid", "not-arid"}

func (r Region) String() string {
	if r < 3 {
		return regionNames[r]
	}
	return fmt.Sprintf("region(%d)", uint8(r))
}

// Arid reports an Arid Land (North Africa included).
func (r Region) Arid() bool { return r == NorthAfrica || r == OtherArid }

// AltTerrain is the SSR alternate terrain laid over the desert boards
// (13.1 Broken, 13.2 Steppe), or none.
type AltTerrain uint8

const (
	PlainDesert AltTerrain = iota
	Broken                 // 13.1: only desert mud (11.8) is switched off here
	Steppe                 // 13.2: DLV, vehicle and FFE dust need Very Dry EC; no heavy dust, no wind effects, no desert mud
)

var altNames = [3]string{"none", "broken", "steppe"}

func (a AltTerrain) String() string {
	if a < 3 {
		return altNames[a]
	}
	return fmt.Sprintf("terrain(%d)", uint8(a))
}

// Environment is the climate of a scenario at one moment: what the DYO
// tables (or the scenario's SSRs) set, and what has happened since (wind
// changes, rain). It is a plain value: copy it freely.
type Environment struct {
	Month   Month
	Weather Weather
	Time    TimeOfDay
	EC      EC
	Wind    WindForce
	Gusts   bool
	Upwind  hexmap.Dir // the side facing the wind: the adjacent hex "directly upwind" (11.761)
	Dust    Dust       // the prevailing density (not vehicle or FFE dust)
	Mist    bool       // 11.3: Early Morning in November–April (its effects are outside the seeds)

	DustEnded bool // rain has fallen this scenario: no dust of any kind again (11.77)

	Boards  Boards
	Region  Region
	Terrain AltTerrain
	DYO     bool
	North   North // which screen direction is north, for the sun's bearing

	// SSR forces rules on or off regardless of 11.1's conditions (see
	// applicability.go). A rule in both sets is off.
	SSROn, SSROff Rules
}

// Raining reports rain falling now (Weather Rain).
func (e Environment) Raining() bool { return e.Weather == Rain }

// MudExists reports mud from the weather (11.2), the EC (11.4) or an SSR.
func (e Environment) MudExists() bool {
	return e.Weather.HasMud() || e.EC == ECMud || e.SSROn.Has(RuleMud)
}

// BoardsOf tells the climate rules how much of a map is desert boards
// (F.1: boards 25–31) and which alternate terrain (13.1 Broken, 13.2
// Steppe) is in force on it.
func BoardsOf(m *hexmap.Map) (Boards, AltTerrain) {
	desert, other := 0, 0
	for _, row := range m.Layout() {
		for _, b := range row {
			if len(b.ID) == 2 && b.ID >= "25" && b.ID <= "31" {
				desert++
			} else {
				other++
			}
		}
	}
	boards := AllDesert
	switch {
	case desert == 0:
		boards = NoDesert
	case other > 0:
		boards = SomeDesert
	}
	t := PlainDesert
	switch v := m.Variants(); {
	case v.Broken:
		t = Broken
	case v.Steppe:
		t = Steppe
	}
	return boards, t
}
