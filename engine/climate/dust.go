package climate

import (
	"khamsin/engine/internal/enum"
)

// Dust is the prevailing dust density (11.7). Vehicle Dust (11.74) and FFE
// Dust (11.75) are not densities: they are LOS hindrances in particular
// hexes and live apart from this scale.
type Dust uint8

const (
	DustNone           Dust = iota
	DustLight               // 11.71
	DustModerate            // 11.72
	DustHeavy               // 11.73
	DustVeryHeavy           // 11.731
	DustExtremelyHeavy      // 11.732
	numDusts
)

var dustNames = enum.Names[Dust]{Of: "dust", Words: []string{"none", "light", "moderate", "heavy", "very-heavy", "extremely-heavy"}}

func (d Dust) String() string { return dustNames.String(d) }

// ParseDust reads the names String prints.
func ParseDust(s string) (Dust, error) { return dustNames.Parse(s) }

// DustTableDRM is the 11.701 table's modifier: +1 with a Mild Breeze, +2
// with a Heavy Wind, +3 for each bombardment available in the scenario.
func DustTableDRM(w WindForce, bombardments int) int {
	drm := 3 * bombardments
	switch w {
	case MildBreeze:
		drm++
	case HeavyWind:
		drm += 2
	}
	return drm
}

// DustTable reads the 11.701 table for a final dr: 5 or less none, 6–7
// Light, 8–9 Moderate, 10 or more Heavy. heavyAllowed false (Steppe, or a
// map that is not all desert boards, where Heavy Dust cannot exist, 11.73)
// turns Heavy into Moderate, as the table's footnote does for Steppe.
func DustTable(final int, heavyAllowed bool) Dust {
	switch {
	case final <= 5:
		return DustNone
	case final <= 7:
		return DustLight
	case final <= 9:
		return DustModerate
	case heavyAllowed:
		return DustHeavy
	}
	return DustModerate
}

// LightDustDRM turns the subsequent dr of Light Dust into its DLV DRM: half
// the dr, fractions rounded up (11.71), so 1–6 give 1, 1, 2, 2, 3, 3.
func LightDustDRM(dr int) int { return (dr + 1) / 2 }

// HeavyDustLOSDRM is the LOS hindrance of Heavy (half the range, rounded
// up, 11.73) and of Very/Extremely Heavy dust (the range, 11.731–11.732).
// Light and Moderate dust have none.
func HeavyDustLOSDRM(d Dust, rng int) int {
	if rng < 0 {
		rng = 0
	}
	switch {
	case d == DustHeavy:
		return (rng + 1) / 2
	case d >= DustVeryHeavy:
		return rng
	}
	return 0
}

// Mover is what moves, for the dust movement penalties.
type Mover struct {
	Vehicle bool // any vehicle
	Cavalry bool
	BUAFV   bool // a buttoned-up AFV (also a Vehicle)
}

// DustEntryCost is the extra MP/MF each new hex costs in the prevailing
// dust: +1 for a vehicle or Cavalry in Heavy or denser dust (11.73), and +1
// more for a BU AFV in Very Heavy or denser dust (11.731).
func DustEntryCost(env Environment, m Mover) int {
	d := Assess(env).Dust
	extra := 0
	if d >= DustHeavy && (m.Vehicle || m.Cavalry || m.BUAFV) {
		extra++
	}
	if d >= DustVeryHeavy && m.BUAFV {
		extra++
	}
	return extra
}

// DoubleTimeAllowed is false in Very Heavy or denser dust (11.731).
func DoubleTimeAllowed(env Environment) bool { return Assess(env).Dust < DustVeryHeavy }

// CavalryChargeAllowed is false in Very Heavy or denser dust (11.731).
func CavalryChargeAllowed(env Environment) bool { return Assess(env).Dust < DustVeryHeavy }

// AerialAllowed is false in Very Heavy or denser dust: no attack by or
// against an Aerial unit (11.731).
func AerialAllowed(env Environment) bool { return Assess(env).Dust < DustVeryHeavy }

// BXChange is the change to a non-Aerial unit's B/X numbers: −1 in
// Extremely Heavy dust (11.732), otherwise 0.
func BXChange(env Environment, aerial bool) int {
	if !aerial && Assess(env).Dust == DustExtremelyHeavy {
		return -1
	}
	return 0
}

// OpenGroundDRMNegated reports that the −2 DRM against units moving in open
// ground does not apply: Heavy or denser dust is a LOS hindrance (11.73,
// 11.793).
func OpenGroundDRMNegated(env Environment) bool { return Assess(env).Dust >= DustHeavy }
