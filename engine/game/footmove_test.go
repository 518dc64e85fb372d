package game

import (
	"strings"
	"testing"

	"khamsin/engine/combat"
)

// 9.1 gives infantry, man-handled weapons and Contact Markers the same
// 15 cm; one conversion (5 cm = 1 hex, rounded up) makes it 3 hexes for
// all three. An infantry section with MF to spare on open desert stops at
// 3 hexes; so does a hidden unit; a tank does not.
func TestGameFootMove9_1(t *testing.T) {
	if combat.FootMoveHexes != 3 || combat.ManHandleHexes != combat.FootMoveHexes {
		t.Fatalf("15 cm is %d hexes, man-handling %d: want 3 for both", combat.FootMoveHexes, combat.ManHandleHexes)
	}
	g := duel(t, 1)
	toActivations(t, g, "allies")
	if _, err := g.Do("move A1a 28G5"); err == nil || !strings.Contains(err.Error(), "9.1") {
		t.Errorf("infantry 4 hexes over open desert: %v, want a 9.1 refusal", err)
	}
	mustDo(t, g, "move A1a 28F5")
	mustDo(t, g, "end", "defer")
	if _, err := g.Do("move A2a 28G5"); err != nil {
		t.Errorf("a tank 4 hexes: %v", err)
	}
	g = duel(t, 1)
	toActivations(t, g, "axis")
	for _, c := range []string{"move G4a 28K5"} {
		if _, err := g.Do(c); err == nil || !strings.Contains(err.Error(), "9.1") {
			t.Errorf("a contact marker 4 hexes (%s): %v, want a 9.1 refusal", c, err)
		}
	}
}
