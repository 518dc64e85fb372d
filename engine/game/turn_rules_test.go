package game

import (
	"strings"
	"testing"
)

// §16.12, ruling (issue 17): units under Contact Markers are not Combat
// Units deployed on the table as models, so a side whose only combat unit
// left is hidden loses at the end of the turn; the same unit deployed
// keeps it in the game.
func TestGameHiddenOnlyLoses16_12(t *testing.T) {
	for _, hidden := range []bool{true, false} {
		g := duel(t, 3)
		g.units["G1"].Gone, g.units["G2"].Gone = "routed", "routed"
		g.units["G4"].Contact = hidden
		g.gen++
		toActivations(t, g, "allies")
		mustDo(t, g, "defer", "defer")
		lost := g.Over() && g.Winner == 0 && strings.Contains(g.Result, "no combat units")
		if lost != hidden {
			t.Errorf("G4 hidden %v: over %v, winner %d, %q", hidden, g.Over(), g.Winner, g.Result)
		}
	}
}
