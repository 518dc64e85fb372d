package combat

import (
	"testing"

	"khamsin/engine/forces"
)

// 10.8: HC fire reaches at most 70 cm (14 hexes) whatever the weapon's
// rating; other kinds keep their range. One place (forces.HCMaxRangeCM,
// Weapon.MaxRangeCM, WeaponMaxHexes) answers the game, the AI and the
// range modifier alike.
func TestHCRangeCapOnePlace10_8(t *testing.T) {
	for _, c := range []struct {
		w    forces.Weapon
		want int
	}{
		{forces.Weapon{Kind: forces.HC, RangeCM: 100}, 14},
		{forces.Weapon{Kind: forces.HC, RangeCM: 70}, 14},
		{forces.Weapon{Kind: forces.HC, RangeCM: 20}, 4},
		{forces.Weapon{Kind: forces.AP, RangeCM: 100}, 20},
		{forces.Weapon{Kind: forces.HE, RangeCM: 71}, 15},
	} {
		if got := WeaponMaxHexes(&c.w); got != c.want {
			t.Errorf("%s %d cm: %d hexes, want %d", c.w.Kind, c.w.RangeCM, got, c.want)
		}
	}
	if HCMaxRangeHexes != WeaponMaxHexes(&forces.Weapon{Kind: forces.HC, RangeCM: forces.HCMaxRangeCM}) {
		t.Error("the range modifier's HC cap and the weapon range disagree")
	}
}
