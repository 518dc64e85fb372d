package game

import (
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
)

// §16.12, ruling (issue 17): units under Contact Markers are not Combat
// Units deployed on the table as models, so a side whose only combat unit
// left is hidden loses at the end of the turn; the same unit deployed
// keeps it in the game.
func TestGameHiddenOnlyLoses16_12(t *testing.T) {
	for _, hidden := range []bool{true, false} {
		g := duel(t, 3)
		g.unitIdx["G1"].Gone, g.unitIdx["G2"].Gone = "routed", "routed"
		g.unitIdx["G4"].Contact = hidden
		g.gen++
		toActivations(t, g, "allies")
		mustDo(t, g, "defer", "defer")
		lost := g.Over() && g.winner == 0 && strings.Contains(g.result, "no combat units")
		if lost != hidden {
			t.Errorf("G4 hidden %v: over %v, winner %d, %q", hidden, g.Over(), g.winner, g.result)
		}
	}
}

// §7.6 and Note D: digging in on sand takes the Dig-In table's Soft Sand
// row (−1), as Note D already treats a Sand hex as Very Bad Going; F.1B's
// desert penalty is not added there (7.421). On open desert it is the
// other way round.
func TestGameDigInSoftSand7_6(t *testing.T) {
	for _, c := range []struct {
		hex       string
		soft, f1b bool
	}{{"27V3", true, false}, {"28D5", false, true}} {
		g := shotGame(t, "allies")
		put(t, g, "A1a", c.hex)
		script(g, d10(1))
		evs := mustDoEvents(t, g, "dig A1a")
		r := rollsOn(evs, "7.6 Dig-In")
		if len(r) != 1 {
			t.Fatalf("%s: no dig-in roll", c.hex)
		}
		if got := hasMod(r[0], "bad ground (mud, soft sand)", -1); got != c.soft {
			t.Errorf("%s: soft sand row %v, want %v: %+v", c.hex, got, c.soft, r[0].Mods)
		}
		if _, got := modOf(r[0], "desert entrenching"); got != c.f1b {
			t.Errorf("%s: F.1B's penalty %v, want %v: %+v", c.hex, got, c.f1b, r[0].Mods)
		}
	}
}

// §12.5: on a morale result of 2–5 a unit that is immobile — a bunker's
// garrison — surrenders instead of withdrawing (F.5: captured); the same
// unit in the open withdraws and is Shaken.
func TestGameBunkerGarrisonSurrenders12_5(t *testing.T) {
	for _, inBunker := range []bool{true, false} {
		g := minesGame(t)
		where := "28Q9"
		if inBunker {
			where = "28N5"
		}
		put(t, g, "G1a", where)
		u := g.unitIdx["G1"]
		face := faceFor(combat.MoraleTest(g.moraleInput(u)), combat.Middle)
		script(g, d10(face), dice.Throw(dice.DR2, 3, 3))
		g.moraleTest(u)
		if got := u.Gone == "surrendered"; got != inBunker {
			t.Errorf("in a bunker %v: gone %q, shaken %v", inBunker, u.Gone, u.Shaken)
		}
		if !inBunker && !u.Shaken {
			t.Error("in the open the unit should withdraw Shaken")
		}
	}
}

// §12.5 and 2.5: when a unit routs (a morale result of 1 or less), every
// officer attached to it — in a hex with one of its bases — takes the
// Command Base Saving Throw: 2–5 Pinned, 1 or less killed or captured.
// An officer elsewhere throws nothing.
func TestGameCommandBaseSaveOnRout12_5(t *testing.T) {
	for _, c := range []struct {
		name     string
		at       string
		band     combat.Band
		saves    bool
		ko, pins bool
	}{
		{"attached, holds", "28C5", combat.Success, true, false, false},
		{"attached, pinned", "28C5", combat.Middle, true, false, true},
		{"attached, lost", "28C5", combat.Failure, true, true, false},
		{"not attached", "28A9", combat.Success, false, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := duel(t, 1)
			off := put(t, g, "A3a", c.at)
			u := g.unitIdx["A1"]
			u.Morale = -6 // a broken-spirited platoon: a failure is on the die
			rout := faceFor(combat.MoraleTest(g.moraleInput(u)), combat.Failure)
			if rout == 0 {
				t.Fatal("A1 cannot fail its morale test")
			}
			throws := []dice.Roll{d10(rout)}
			if c.saves {
				throws = append(throws, d10(faceFor(combat.CommandBaseSave(off.Unit.TQ), c.band)))
			}
			script(g, throws...)
			first := len(g.events)
			g.moraleTest(u)
			if u.Gone != "routed" {
				t.Fatalf("A1 is %q, want routed (no enemy within 2 hexes)", u.Gone)
			}
			saved := len(rollsOn(g.events[first:], combat.TableCommandBaseSave)) == 1
			if saved != c.saves || off.KO != c.ko || off.Pinned != c.pins {
				t.Errorf("save thrown %v (want %v), KO %v (want %v), pinned %v (want %v)", saved, c.saves, off.KO, c.ko, off.Pinned, c.pins)
			}
		})
	}
}
