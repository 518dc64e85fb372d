package protect

import (
	"testing"

	"khamsin/hexmap"
)

// 4.5 and LOS-2's corner rule: with D1 on 26K5-K4 the deir's floor is K5,
// ringed by Lip hexes. From 26G5 the LOF runs along the J4-J5 hexside into
// K5; it leaves I5 exactly at the corner where I5's two Lip Hexsides (I5-J4
// and I5-J5) meet, so it crosses the Lip there and K5's unit gets the +1
// TEM. From I5 itself those Lip Hexsides form part of the firer's hex: no TEM.
func TestRule4_5_LipCorner(t *testing.T) {
	g := builtin(t, "26", hexmap.Variants{}, "D1 on 26K5-K4")
	m := g.Map()
	k5 := unit(t, g, "26K5")
	i5, _ := m.Hex("26I5")
	j4, _ := m.Hex("26J4")
	j5, _ := m.Hex("26J5")
	if !m.SideBetween(i5, j4).Has(hexmap.SideLip) || !m.SideBetween(i5, j5).Has(hexmap.SideLip) || m.SideBetween(j4, j5).Has(hexmap.SideLip) {
		t.Fatal("premise: I5-J4 and I5-J5 are Lip Hexsides, J4-J5 is not")
	}
	th := trace(m, unit(t, g, "26G5").Loc.Hex, k5.Loc.Hex)
	if s := th[len(th)-2]; s.Kind != hexmap.StepSpine {
		t.Fatalf("premise: G5 -> K5 ends along the J4-J5 hexside, got %+v", th)
	}
	want(t, "from G5", Modifiers(g, unit(t, g, "26G5"), k5, smallArms, Conditions{}), "deir", "TEM", 1, "4.5")
	none(t, "from I5 (its own hexsides)", Modifiers(g, unit(t, g, "26I5"), k5, smallArms, Conditions{}), "deir")
	// the other way round the target is outside the deir: no deir TEM
	none(t, "K5 at G5", Modifiers(g, k5, unit(t, g, "26G5"), smallArms, Conditions{}), "deir")
}

// 7.514: no Wall Advantage for a Dune Crest. Wall Advantage would let only
// one of two units facing each other across the crest claim it; here both
// do: M5's unit gets 7.513's +1 against M6's fire and M6's against M5's,
// and neither gets a wall's TEM for it (LOS-8).
func TestRule7_514_NoWallAdvantage(t *testing.T) {
	g := grid97(t)
	m5, m6 := unit(t, g, "97M5"), unit(t, g, "97M6")
	if m5.Loc.Level != m6.Loc.Level {
		t.Fatal("premise: M5 and M6 at one level")
	}
	for _, c := range []struct {
		what          string
		firer, target Unit
	}{{"M6 at M5", m6, m5}, {"M5 at M6", m5, m6}} {
		mods := Modifiers(g, c.firer, c.target, smallArms, Conditions{})
		want(t, c.what, mods, "dune-crest", "TEM", 1, "7.513")
		none(t, c.what, mods, "wall")
		none(t, c.what, mods, "hedge")
		if TEM(mods) != 1 {
			t.Errorf("%s: TEM %d, want +1 (%+v)", c.what, TEM(mods), mods)
		}
	}
}

// 13.3: every hedge rule applies to a cactus hedge, so a wall the SSR turns
// into one gives the hedge's +1, not the wall's +2 (LOS-8).
func TestRule13_3_WallTurnedCactusHedge(t *testing.T) {
	var v hexmap.Variants
	if err := v.ParseVariant("cactus-hedge:walls"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    hexmap.Variants
		kind string
		tem  int
	}{{hexmap.Variants{}, "wall", 2}, {v, "hedge", 1}} {
		g := builtin(t, "25", c.v)
		mods := Modifiers(g, unit(t, g, "25EE7"), unit(t, g, "25DD5"), smallArms, Conditions{})
		want(t, "EE7 fires at DD5 "+c.kind, mods, c.kind, "TEM", c.tem, "LOS-8")
		if TEM(mods) != c.tem {
			t.Errorf("%v: TEM %d, want %d (%+v)", c.v.Names(), TEM(mods), c.tem, mods)
		}
	}
}

// 2.3: scrub is Concealment Terrain only for infantry and for entrenched
// units and Emplaced Guns; brush or woods hide anyone (LOS-9).
func TestRule2_3_ScrubConceals(t *testing.T) {
	scrub := hexmap.Terrain{Cover: hexmap.Desert, Flags: hexmap.Scrub}
	for _, c := range []struct {
		t             hexmap.Terrain
		infantry, dug bool
		want          bool
	}{
		{scrub, true, false, true},                                                     // infantry
		{scrub, false, false, false},                                                   // a vehicle or a Gun in the open
		{scrub, false, true, true},                                                     // entrenched, or an Emplaced Gun
		{hexmap.Terrain{Cover: hexmap.Desert}, true, true, false},                      // open ground hides nobody
		{hexmap.Terrain{Cover: hexmap.Woods}, false, false, true},                      // LOS-9
		{hexmap.Terrain{Cover: hexmap.Open, Flags: hexmap.Scrub}, false, false, false}, // a board-25 hill's scrub
	} {
		if got := ConcealmentFor(c.t, c.infantry, c.dug); got != c.want {
			t.Errorf("%v, infantry %v, dug in %v: %v, want %v", c.t.Words(), c.infantry, c.dug, got, c.want)
		}
	}
	if !Concealment(scrub) {
		t.Error("scrub is Concealment Terrain (2.3)")
	}
}
