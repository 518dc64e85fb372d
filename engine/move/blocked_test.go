package move

import (
	"strings"
	"testing"
)

// Seed 002's Terrain Effects Tables: burning ruins are impassable to all,
// and so is a destroyed bridge; a Blocked hex denies entry to every kind
// of unit with its reason, and the hex beside it stays open.
func TestBlockedBurningRuinsImpassable(t *testing.T) {
	m := testMap(t, "", nil)
	p := planner(t, m, Conditions{Blocked: []Blocked{{Hex: hexes(t, m, "90F5")[0], Why: "seed 002: burning ruins are impassable"}}})
	for _, u := range []Unit{{Kind: Infantry, CrossLow: true}, {Kind: FullTrack, CrushWire: true}, {Kind: Truck}} {
		mv := walk(t, p, u, "90E5,90F5")
		if mv.Legal || !strings.Contains(mv.Error, "burning ruins") {
			t.Errorf("%s into burning ruins: legal %v (%s)", u.Kind, mv.Legal, mv.Error)
		}
		if mv := walk(t, p, u, "90E5,90E6"); !mv.Legal {
			t.Errorf("%s beside the ruins: %s", u.Kind, mv.Error)
		}
	}
}
