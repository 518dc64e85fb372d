package combat

import (
	"testing"

	"khamsin/engine/forces"
)

func TestTable10_8ToHitDirectFire(t *testing.T) {
	r := "10.8"
	tq := m("TQ", 0, r)
	he := forces.HE // a weapon with a +0 row and no range modifier
	noRange := m(RangeNone, 0, r)
	hind := []Mod{Hindrance("dust", 2, "11.71"), Hindrance("heat haze", 1, "11.62")}
	checkRows(t, TableDirectFire, false, []row{
		{"TQ", ToHitDirect(DirectFire{TQ: 2, Weapon: he}), []Mod{m("TQ", 2, r), noRange}},
		{"officer", ToHitDirect(DirectFire{OfficerTQ: Plus(1), Weapon: he}), []Mod{tq, m(WhatOfficer, 1, r), noRange}},
		{"building +2", ToHitDirect(DirectFire{TargetBuilding: true, Weapon: he}), []Mod{tq, m("target is a building or bridge", 2, r), noRange}},
		{"bunker +1", ToHitDirect(DirectFire{TargetBunker: true, Weapon: he}), []Mod{tq, m("target is a bunker or Tobruk pit", 1, r), noRange}},
		{"FPF +0 (small arms)", ToHitDirect(DirectFire{Weapon: forces.SmallArms}), []Mod{tq, m("shooting with FPF", 0, r)}},
		{"FPF +0 (MG)", ToHitDirect(DirectFire{Weapon: forces.MG, FPF: true}), []Mod{tq, m("shooting with FPF", 0, r)}},
		{"AP short +1", ToHitDirect(DirectFire{Weapon: forces.AP, RangeHexes: 3, MaxRangeHexes: 12}), []Mod{tq, m(RangeShort, 1, r)}},
		{"AP medium +0", ToHitDirect(DirectFire{Weapon: forces.AP, RangeHexes: 6, MaxRangeHexes: 12}), []Mod{tq, m(RangeMedium, 0, r)}},
		{"AP long −1", ToHitDirect(DirectFire{Weapon: forces.AP, RangeHexes: 9, MaxRangeHexes: 12}), []Mod{tq, m(RangeLong, -1, r)}},
		{"AP extreme −2", ToHitDirect(DirectFire{Weapon: forces.AP, RangeHexes: 10, MaxRangeHexes: 12}), []Mod{tq, m(RangeExtreme, -2, r)}},
		{"HC gun round long −1", ToHitDirect(DirectFire{Weapon: forces.HC, RangeHexes: 8, MaxRangeHexes: 12}), []Mod{tq, m(RangeLong, -1, r)}},
		{"HC launcher: no range modifier", ToHitDirect(DirectFire{Weapon: forces.HC, RangeHexes: 4, MaxRangeHexes: 4}), []Mod{tq, noRange}},
		{"ATR: no range modifier", ToHitDirect(DirectFire{Weapon: forces.ATR, RangeHexes: 5, MaxRangeHexes: 6}), []Mod{tq, noRange}},
		{"HE direct: no range modifier", ToHitDirect(DirectFire{Weapon: he, RangeHexes: 20, MaxRangeHexes: 21}), []Mod{tq, noRange}},
		{"mortar: no 10.8 weapon row", ToHitDirect(DirectFire{Weapon: forces.Mortar}), []Mod{tq}},
		{"obscured −1", ToHitDirect(DirectFire{Obscured: true, Weapon: he}), []Mod{tq, noRange, m("LOS obscured", -1, r)}},
		{"hindrance DRM +2 is −2", ToHitDirect(DirectFire{HindranceDRM: 2, Weapon: he}), []Mod{tq, noRange, m("desert hindrance", -2, "10.8 via the hindrance join")}},
		{"hindrance replaces obscured", ToHitDirect(DirectFire{HindranceDRM: 1, Obscured: true, Weapon: he}), []Mod{tq, noRange, m("desert hindrance", -1, "10.8 via the hindrance join")}},
		{"hindrance lines replace the DRM line", ToHitDirect(DirectFire{Hindrances: hind, HindranceDRM: 3, Obscured: true, Weapon: he}),
			[]Mod{tq, noRange, m("dust", -2, "11.71 via the hindrance join"), m("heat haze", -1, "11.62 via the hindrance join")}},
		{"fatigue", ToHitDirect(DirectFire{Fatigue: 2, Weapon: he}), []Mod{tq, noRange, m("fatigue", -2, r)}},
		{"tank riders −1", ToHitDirect(DirectFire{TankRiders: true, Weapon: he}), []Mod{tq, noRange, m("target is riding on an armoured vehicle", -1, r)}},
	})
	checkOutcomes(t, twoBand(ToHitDirect(DirectFire{Weapon: he}),
		ToHitDirect(DirectFire{TQ: 2, TargetBuilding: true, TargetBunker: true, Weapon: forces.AP, RangeHexes: 1, MaxRangeHexes: 8}),
		ToHitDirect(DirectFire{TQ: -1, HindranceDRM: 2, TankRiders: true, Fatigue: 1, Weapon: he})))
}

// Our range bands for 10.8: quarters of the weapon's maximum range, HC
// capped at 14 hexes; no range modifier for the other kinds.
func TestTable10_8RangeModifier(t *testing.T) {
	for _, c := range []struct {
		w         forces.WeaponKind
		rng, max  int
		n         int
		what      string
		reachable bool
	}{
		{forces.AP, 0, 20, 1, RangeShort, true},
		{forces.AP, 5, 20, 1, RangeShort, true},
		{forces.AP, 6, 20, 0, RangeMedium, true},
		{forces.AP, 10, 20, 0, RangeMedium, true},
		{forces.AP, 11, 20, -1, RangeLong, true},
		{forces.AP, 15, 20, -1, RangeLong, true},
		{forces.AP, 16, 20, -2, RangeExtreme, true},
		{forces.AP, 20, 20, -2, RangeExtreme, true},
		{forces.AP, 21, 20, -2, RangeExtreme, false},
		{forces.AP, 1, 3, 0, RangeMedium, true}, // 4 > 3: past a quarter
		{forces.AP, 3, 0, 0, RangeUnknown, false},
		{forces.HC, 3, 30, 1, RangeShort, true}, // capped to 14: 12 ≤ 14
		{forces.HC, 4, 30, 0, RangeMedium, true},
		{forces.HC, 11, 30, -2, RangeExtreme, true},
		{forces.HC, 15, 30, -2, RangeBeyondHC, false},
		{forces.HC, 2, 4, 0, RangeNone, true},     // launcher
		{forces.HC, 5, 5, -2, RangeExtreme, true}, // Stielgranate keeps it
		{forces.ATR, 1, 6, 0, RangeNone, true},
		{forces.HE, 30, 40, 0, RangeNone, true},
		{forces.SmallArms, 2, 4, 0, RangeNone, true},
		{forces.MG, 9, 7, 0, RangeNone, false},
	} {
		n, what := RangeModifier(c.w, c.rng, c.max)
		if n != c.n || what != c.what {
			t.Errorf("10.8 kind %d range %d of %d: %+d %q, want %+d %q", c.w, c.rng, c.max, n, what, c.n, c.what)
		}
		if got := InRange(c.w, c.rng, c.max); got != c.reachable {
			t.Errorf("10.8 kind %d range %d of %d: in range %v, want %v", c.w, c.rng, c.max, got, c.reachable)
		}
	}
	if HCMaxRangeHexes != 14 {
		t.Errorf("10.8: HC's 70 cm is %d hexes, want 14", HCMaxRangeHexes)
	}
}

func TestTableSniperHit(t *testing.T) {
	r := "Snipers"
	tq, sn := m("TQ", 0, r), m("sniper shooting", 1, r)
	checkRows(t, TableSniperHit, false, []row{
		{"TQ and +1", SniperHit(-1, nil, false, 0), []Mod{m("TQ", -1, r), sn}},
		{"officer", SniperHit(0, Plus(2), false, 0), []Mod{tq, m(WhatOfficer, 2, r), sn}},
		{"obscured −1", SniperHit(0, nil, true, 0), []Mod{tq, sn, m("LOS obscured", -1, r)}},
		{"fatigue", SniperHit(0, nil, false, 1), []Mod{tq, sn, m("fatigue", -1, r)}},
		{"hindrances replace obscured", SniperHitHindered(0, nil, []Mod{Hindrance("dust", 1, "11.71")}, true, 0),
			[]Mod{tq, sn, m("dust", -1, "11.71 via the hindrance join")}},
	})
	checkOutcomes(t, twoBand(SniperHit(-1, nil, false, 0), SniperHit(4, nil, false, 0), SniperHit(-4, nil, true, 1)))
}

func TestTableSniperSave(t *testing.T) {
	r := "Snipers"
	checkRows(t, TableSniperSave, true, []row{
		{"TQ and size", SniperSave(1, 2), []Mod{m("TQ", 1, r), m("size", 2, r)}},
		{"size 0 listed", SniperSave(0, 0), []Mod{m("TQ", 0, r), m("size", 0, r)}},
	})
	checkOutcomes(t, threeBand(SniperSave(0, 0), SniperSave(-1, 0)))
}
