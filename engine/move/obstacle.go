package move

import (
	"fmt"

	"khamsin/engine/internal/enum"
	"khamsin/hexmap"
)

// ObstacleKind is one of seed 002's Linear Fixed Defences, placed by the
// hex (our scale join, docs/rules.md "Minefields and obstacles"): a base
// crosses the obstacle by entering its hex.
type ObstacleKind uint8

const (
	NoObstacle ObstacleKind = iota
	Wire                    // barbed wire: Note 2
	Ditch                   // anti-tank ditch: Note 1
	Teeth                   // dragon's teeth: Note 1
	Improvised              // improvised obstacle: Bad Going for all
	numObstacles
)

var obstacleNames = enum.Names[ObstacleKind]{Of: "obstacle", Words: []string{"none", "wire", "ditch", "teeth", "improvised"}}

func (k ObstacleKind) String() string { return obstacleNames.String(k) }

// ParseObstacleKind reads wire, ditch, teeth or improvised.
func ParseObstacleKind(s string) (ObstacleKind, error) {
	k, err := obstacleNames.Parse(s)
	if err == nil && k == NoObstacle {
		return 0, fmt.Errorf("obstacle %q: expected wire, ditch, teeth or improvised", s)
	}
	return k, err
}

// Toughness is the obstacle's T on the Linear Fixed Defences table: what
// it adds to its Engineering Saving Throw (13.4).
func (k ObstacleKind) Toughness() int {
	return [numObstacles]int{Wire: 2, Ditch: 6, Teeth: 8, Improvised: 4}[k%numObstacles]
}

// Obstacle is a fixed defence in a hex.
type Obstacle struct {
	Hex  hexmap.Hex
	Kind ObstacleKind
}

// obstacleEntry says whether u may enter a hex holding obstacle k: Note 1 (ditch,
// dragon's teeth) lets only small infantry and cavalry and size-0 vehicles
// and weapons across (u.CrossLow), Note 2 (wire) only fully tracked
// vehicles and fully armoured half-tracks (u.CrushWire). Whoever may cross
// pays Bad Going, which the join makes +1 MF/MP as for SMOKE (9.1); allowed
// adds it with the costs a track does not lower.
func obstacleEntry(u *Unit, k ObstacleKind, t *tally) bool {
	switch k {
	case Wire:
		if !u.CrushWire {
			return t.deny(denial{format: "seed 002 Note 2: barbed wire stops everything but fully tracked vehicles and fully armoured half-tracks until engineers clear it"})
		}
	case Ditch, Teeth:
		if !u.CrossLow {
			return t.deny(denial{format: "seed 002 Note 1: only infantry or cavalry of size 2 or less and size-0 vehicles and weapons cross an anti-tank ditch or dragon's teeth"})
		}
	}
	return true
}
