package game

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/dice"
)

// 7.311 ruling (the Bog Removal procedure, 75.8, is not in the seeds): a
// bogged vehicle may spend its move on a Bog Removal DR with 7.31's DRMs
// where it stands. Final DR 8 or less frees it (it moves no further this
// activation), 12 or more immobilizes it, anything else leaves it bogged.
// `unbog B` opens a move activation; Legal lists it in place of the
// vehicle's moves; the roll is logged with its DRMs.
func TestGameUnbog7_311(t *testing.T) {
	for _, c := range []struct {
		name         string
		hex          string
		colored, wht int
		want         string // Stuck afterwards
		nextToSand   bool
	}{
		{"freed", "27V3", 3, 3, "", false},
		{"still bogged", "27V3", 5, 4, "bogged", false},
		{"immobilized", "27V3", 6, 6, "immobilized", false},
		{"next to sand", "27V5", 4, 4, "", true}, // scrub beside sand: −1 makes the 9 an 8
	} {
		t.Run(c.name, func(t *testing.T) {
			g := shotGame(t, "allies")
			tank := put(t, g, "A2a", c.hex)
			if _, err := g.Do("unbog A2a"); err == nil {
				t.Fatal("unbog accepted for a vehicle that is not bogged")
			}
			tank.Stuck = bogged
			g.gen++
			legal := g.Legal()
			if !slices.Contains(legal, "unbog A2a") {
				t.Fatalf("Legal does not list unbog A2a")
			}
			for _, l := range legal {
				if strings.HasPrefix(l, "move A2a ") {
					t.Fatalf("Legal lists %q for a bogged vehicle", l)
				}
			}
			r := g.plan.BogRemovalDRMs(g.moveUnit(tank), tank.Hex)
			if c.nextToSand != slices.Contains(r.Why, "-1 in open ground Accessible to sand (7.31)") {
				t.Errorf("open ground Accessible to sand: %v", r.Why)
			}
			if c.name == "next to sand" && r.DRM != 0 {
				t.Fatalf("DRM %d (%v), want +1 pressure −1 beside sand", r.DRM, r.Why)
			}
			script(g, dice.Throw(dice.DR2, c.colored, c.wht))
			evs := mustDoEvents(t, g, "unbog A2a")
			if g.open != nil && g.open.Action != "move" {
				t.Errorf("unbog opened a %s activation", g.open.Action)
			}
			if !g.unitIdx["A2"].Activated && g.open == nil {
				t.Error("unbog spent no Order")
			}
			var roll *Roll
			for _, e := range evs {
				if e.Roll != nil && e.Rule == "7.311" {
					roll = e.Roll
				}
			}
			if roll == nil {
				t.Fatalf("no Bog Removal DR logged:\n%s", eventsText(evs))
			}
			sum := 0
			for _, m := range roll.Mods {
				sum += m.N
				if m.Rule != "7.31" {
					t.Errorf("DRM %+v does not cite 7.31", m)
				}
			}
			if sum != r.DRM || roll.Final != c.colored+c.wht+r.DRM || len(roll.Mods) != len(r.Why) {
				t.Errorf("logged DRMs %+v (final %d), want %v", roll.Mods, roll.Final, r.Why)
			}
			if tank.Stuck != c.want {
				t.Errorf("after a final DR of %d: %q, want %q", roll.Final, tank.Stuck, c.want)
			}
			if g.open != nil && !tank.Acted {
				t.Error("the vehicle may still act this activation")
			}
			if g.open != nil && slices.ContainsFunc(g.Legal(), func(l string) bool { return strings.HasPrefix(l, "move A2a") }) {
				t.Error("a freed vehicle moves on in the same activation")
			}
		})
	}
}

// The 7.311 ruling's unbog is a move: in a move activation opened by
// another base of the unit, the bogged vehicle may unbog under the same
// Order; in a fire activation it may not.
func TestGameUnbogInMoveActivation7_311(t *testing.T) {
	g := shotGame(t, "allies")
	g.baseIdx["A2a"].Stuck = bogged
	g.gen++
	orders := g.sides[0].Orders
	mustDo(t, g, "move A2b 28C3")
	script(g, dice.Throw(dice.DR2, 1, 1))
	mustDo(t, g, "unbog A2a")
	if g.baseIdx["A2a"].Stuck != "" {
		t.Errorf("a final DR of 2 or so left it %q", g.baseIdx["A2a"].Stuck)
	}
	if spent := orders - g.sides[0].Orders; spent != 1 {
		t.Errorf("the move and the unbog spent %d Orders, want 1", spent)
	}
	g = shotGame(t, "allies")
	g.baseIdx["A2a"].Stuck = bogged
	g.gen++
	g.open = &Activation{Unit: g.unitIdx["A2"], Action: "fire", Orders: 1} // A2b has fired; A2a may still fire
	if _, err := g.parse("unbog A2a"); err == nil || !strings.Contains(err.Error(), "fire") {
		t.Errorf("unbog in a fire activation: %v", err)
	}
}
