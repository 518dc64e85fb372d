package climate

import (
	"khamsin/engine/internal/enum"
)

// TargetType is what an attack is aimed at, as heat haze (11.62, 11.623)
// distinguishes it.
type TargetType uint8

const (
	TargetInfantry TargetType = iota // Infantry or Cavalry
	TargetVehicle                    // a vehicle, or its Passengers/Riders/Crew (PRC)
	TargetMixed                      // an Area Target hex holding both Infantry/Cavalry and vehicles
	TargetEmpty                      // HE or SMOKE at a hex with no enemy vehicle nor Known Infantry/Cavalry
	numTargets
)

var targetNames = enum.Names[TargetType]{Of: "target", Words: []string{"infantry", "vehicle", "mixed", "empty"}}

func (t TargetType) String() string { return targetNames.String(t) }

// ParseTargetType reads the names String prints.
func ParseTargetType(s string) (TargetType, error) { return targetNames.Parse(s) }

// hazeBands gives, per level and target, the range that is still clear and
// the width of each further +1 band: heat haze 12/6 vs Infantry and 24/12
// vs vehicles (11.62); intense heat haze 6/6 and 12/12 (11.621).
var hazeBands = [3][2][2]int{
	Haze:        {{12, 6}, {24, 12}},
	IntenseHaze: {{6, 6}, {12, 12}},
}

func hazeBand(l HazeLevel, rng int, vehicle bool) int {
	v := 0
	if vehicle {
		v = 1
	}
	clear, width := hazeBands[l][v][0], hazeBands[l][v][1]
	if rng <= clear {
		return 0
	}
	return (rng - clear + width - 1) / width
}

// HeatHazeDRM is the (intense) heat haze DLV hindrance for an attack at
// range rng. An Aerial attacker gets +1 (+2 if intense) whatever the range
// (11.622). A mixed hex takes the lesser of the Infantry and vehicle values,
// an empty hex the Infantry value (11.623). Who is exempt (OBA, attacks on
// Aerial units) is decided in DRMs.
func HeatHazeDRM(l HazeLevel, rng int, t TargetType, aerialAttacker bool) int {
	if l == NoHaze || l > IntenseHaze {
		return 0
	}
	if aerialAttacker {
		return int(l)
	}
	switch t {
	case TargetVehicle:
		return hazeBand(l, rng, true)
	case TargetMixed:
		return min(hazeBand(l, rng, false), hazeBand(l, rng, true))
	}
	return hazeBand(l, rng, false)
}
