package game

import (
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// 2.3: scrub is Concealment Terrain for infantry, not for vehicles: a
// rifle section in scrub is seen only within §6.4's distance, a tank in
// the same scrub at any range its LOS allows.
func TestGameScrubConceals2_3(t *testing.T) {
	g := duel(t, 1)
	var scrub hexmap.Hex
	found := false
	for _, h := range g.Map.Hexes() {
		if tr := g.Map.Terrain(h); tr.Has(hexmap.Scrub) && tr.Cover == hexmap.Desert && tr.Base == 0 && !tr.Has(hexmap.Wadi) {
			scrub, found = h, true
			break
		}
	}
	if !found {
		t.Fatal("premise: board 28 has a level-0 scrub hex")
	}
	rifle, tank := g.baseIdx["A1a"], g.baseIdx["A2a"]
	for _, c := range []struct {
		b    *Base
		want bool
	}{{rifle, true}, {tank, false}} {
		c.b.Hex = scrub
		g.gen++
		if got := g.concealed(c.b); got != c.want {
			t.Errorf("%s (%s) in scrub %s: concealed %v, want %v", c.b.ID, c.b.Type.Class, g.Map.Label(scrub), got, c.want)
		}
	}
}

// 6.13: crest infantry fire only their own arms (rifles and the section's
// LMG, weapon kind small-arms), ATRs and HC launchers: given a Vickers HMG
// as well, a section out of Crest status fires it at infantry (the higher
// FPF), in Crest status its rifles and Bren; at a tank in Crest status it
// still has its ATR or PIAT.
func TestGameCrestWeapons6_13(t *testing.T) {
	g := duel(t, 1)
	b := g.baseIdx["A1a"]
	bt := *b.Type
	bt.Weapons = []string{"uk-rifles-bren", "uk-vickers-hmg", "uk-boys-atr", "uk-piat"}
	b.Type = &bt
	inf, tank := g.baseIdx["G1a"], g.baseIdx["G2a"]
	for _, c := range []struct {
		crest  bool
		target *Base
		rng    int
		want   string
	}{
		{false, inf, 3, "uk-vickers-hmg"},
		{true, inf, 3, "uk-rifles-bren"},
		{true, tank, 2, "uk-piat"},
	} {
		b.Crest = c.crest
		w, _ := g.chooseWeapon(b, c.target, c.rng)
		if w == nil || w.ID != c.want {
			t.Errorf("crest %v at %s, range %d: fires %v, want %s", c.crest, c.target.ID, c.rng, w, c.want)
		}
	}
	b.Crest = true
	for _, rng := range []int{1, 5, 10, 20, 40} {
		if w, _ := g.chooseWeapon(b, inf, rng); w != nil && w.ID == "uk-vickers-hmg" {
			t.Errorf("range %d: crest infantry fired the Vickers (6.13)", rng)
		}
	}
}

// 6.14: crest infantry that break lose Crest status. In the game a unit
// breaks when §12.5's morale test sends it back Shaken (2–5).
func TestGameCrestLostOnBreaking6_14(t *testing.T) {
	g := duel(t, 4)
	u := g.unitIdx["A1"]
	for i, b := range u.Bases {
		b.Hex = hexOf(t, g, []string{"28S4", "28R4"}[i%2])
	}
	g.gen++
	for _, b := range u.Bases {
		if !g.Map.Terrain(b.Hex).Has(hexmap.Wadi) {
			t.Fatalf("premise: %s is a wadi hex", g.Label(b.Hex))
		}
		b.Crest, b.Front = true, hexmap.North
	}
	m := combat.MoraleTest(g.moraleInput(u))
	mid := 1
	for ; mid <= 10 && m.Result(mid) != combat.Middle; mid++ {
	}
	if mid > 10 {
		t.Fatal("premise: a d10 gives 2–5 on the morale test")
	}
	g.dice = dice.Scripted(dice.Throw(dice.D10, mid, 0), dice.Throw(dice.DR2, 1, 1))
	g.moraleTest(u)
	if !u.Shaken {
		t.Fatal("the unit should withdraw Shaken")
	}
	for _, b := range u.Bases {
		if b.Crest {
			t.Errorf("%s still in Crest status after breaking (6.14)", b.ID)
		}
	}
}
