package climate

import (
	"khamsin/engine/internal/enum"
)

// EC is the Environmental Conditions level of the arid EC chart (11.4).
// Its value is the chart's "EC DRM/drm" column, so wetter is smaller and the
// zero value is Moderate.
type EC int8

const (
	ECMud      EC = -3
	ECWet      EC = -2
	ECMoist    EC = -1
	ECModerate EC = 0
	ECDry      EC = 1
	ECVeryDry  EC = 2
)

var ecNames = enum.Names[EC]{Of: "ec", Words: []string{"mud", "wet", "moist", "moderate", "dry", "very-dry"}, First: ECMud}

func (e EC) valid() bool { return e >= ECMud && e <= ECVeryDry }

func (e EC) String() string { return ecNames.String(e) }

// ParseEC reads the names String prints.
func ParseEC(s string) (EC, error) { return ecNames.Parse(s) }

// DRM is the chart's "EC DRM/drm" column: the modifier this EC level gives
// the rolls that consult it elsewhere (−3 for Mud up to +2 for Very Dry).
func (e EC) DRM() int { return int(e) }

// Dry reports Dry or Very Dry: the EC under which dust can exist (11.71).
func (e EC) Dry() bool { return e >= ECDry }

// ECMonthDRM is the month modifier of the 11.4 chart: −1 in December–March,
// +3 in April–September, none in October–November (the chart lists no
// modifier for those two months).
func ECMonthDRM(m Month) int {
	switch {
	case m >= December || m <= March:
		return -1
	case m >= April && m <= September:
		return 3
	}
	return 0
}

// ECChart reads the 11.4 chart for a final dr, clamped to its rows 1–6.
func ECChart(final int) EC {
	if final < 1 {
		final = 1
	}
	if final > 6 {
		final = 6
	}
	return EC(final-1) + ECMud
}

// EarlyMorningEC is the EC that 11.6111 imposes while Early Morning sun
// blindness is in effect: Moist, or Wet while it rains, or Mud where mud
// exists (mud wins over rain).
func EarlyMorningEC(raining, mud bool) EC {
	switch {
	case mud:
		return ECMud
	case raining:
		return ECWet
	}
	return ECMoist
}
