package combat

import (
	"testing"
)

// Chances are exact tenths, and the three add up to one.
func TestChancesExact(t *testing.T) {
	for _, c := range []struct {
		test Test
		want [3]float64
	}{
		{Test{}, [3]float64{0.5, 0, 0.5}},
		{Test{ThreeBand: true}, [3]float64{0.5, 0.4, 0.1}},
		{Test{Mods: []Mod{{N: 2}}}, [3]float64{0.7, 0, 0.3}},
		{Test{Mods: []Mod{{N: -3}}, ThreeBand: true}, [3]float64{0.2, 0.4, 0.4}},
		{Test{Mods: []Mod{{N: 5}}}, [3]float64{1, 0, 0}},
		{Test{Mods: []Mod{{N: 9}}}, [3]float64{1, 0, 0}},
		{Test{Mods: []Mod{{N: -5}}}, [3]float64{0, 0, 1}},
		{Test{Mods: []Mod{{N: -9}}, ThreeBand: true}, [3]float64{0, 0, 1}},
		{Test{Mods: []Mod{{N: 1}, {N: 1}, {N: 1}}}, [3]float64{0.8, 0, 0.2}},
	} {
		if got := c.test.Chances(); got != c.want {
			t.Errorf("total %+d three-band %v: chances %v, want %v", c.test.Total(), c.test.ThreeBand, got, c.want)
		}
	}
}

func TestNeed(t *testing.T) {
	for _, c := range []struct{ total, want int }{{0, 6}, {2, 4}, {5, 1}, {7, 1}, {-4, 10}, {-5, 11}} {
		got := Test{Mods: []Mod{{N: c.total}}}.Need()
		if got != c.want {
			t.Errorf("total %+d: need %d, want %d", c.total, got, c.want)
		}
	}
}

func TestTable7_2Orders(t *testing.T) {
	checkRows(t, TableOrders, false, []row{
		{"TQ +1", OfficerOrders(1, false), []Mod{m("TQ", 1, "7.2")}},
		{"TQ 0 listed", OfficerOrders(0, false), []Mod{m("TQ", 0, "7.2")}},
		{"motorised +1", OfficerOrders(-1, true), []Mod{m("TQ", -1, "7.2"), m("motorised officer", 1, "7.2")}},
	})
	for _, c := range []struct{ final, want int }{
		{-3, 1}, {1, 1}, {4, 1}, {5, 2}, {7, 2}, {8, 3}, {9, 3}, {10, 4}, {14, 4},
	} {
		if got := OrdersFor(c.final); got != c.want {
			t.Errorf("7.2: final %d gives %d orders, want %d", c.final, got, c.want)
		}
	}
	// TQ +1, motorised: finals 3..12 → 1 order on 3,4; 2 on 5–7; 3 on 8,9; 4 on 10–12.
	if got, want := OrdersChances(OfficerOrders(1, true)), [4]float64{0.2, 0.3, 0.2, 0.3}; got != want {
		t.Errorf("7.2 chances %v, want %v", got, want)
	}
}

func TestTable7_1Initiative(t *testing.T) {
	checkRows(t, TableInitiative, false, []row{
		{"no officers", Initiative(nil), nil},
		{"each officer", Initiative([]int{1, 0, -1}), []Mod{
			m("officer 1 TQ", 1, "7.1"), m("officer 2 TQ", 0, "7.1"), m("officer 3 TQ", -1, "7.1")}},
	})
	if got := Initiative([]int{2, 1}).Final(4); got != 7 {
		t.Errorf("7.1: d10 4 with officers +2 +1: final %d, want 7", got)
	}
}

func TestTable4_6SpotContact(t *testing.T) {
	r := "4.6"
	checkRows(t, TableSpot, false, []row{
		{"TQ", SpotContact(Spot{TQ: 1}), []Mod{m("TQ", 1, r)}},
		{"officer", SpotContact(Spot{OfficerTQ: Plus(1)}), []Mod{m("TQ", 0, r), m(WhatOfficer, 1, r)}},
		{"recon +2", SpotContact(Spot{Recon: true}), []Mod{m("TQ", 0, r), m("reconnaissance unit", 2, r)}},
		{"fatigue −1 each", SpotContact(Spot{Fatigue: 2}), []Mod{m("TQ", 0, r), m("fatigue", -2, r)}},
		{"negative fatigue is none", SpotContact(Spot{Fatigue: -1}), []Mod{m("TQ", 0, r)}},
		{"enclosed AFV −2", SpotContact(Spot{EnclosedAFV: true}), []Mod{m("TQ", 0, r), m("enclosed armoured vehicle", -2, r)}},
		{"enclosed recon: no −2", SpotContact(Spot{EnclosedAFV: true, Recon: true}), []Mod{m("TQ", 0, r), m("reconnaissance unit", 2, r)}},
		{"enclosed officer/OP: no −2", SpotContact(Spot{EnclosedAFV: true, ReconOfficerOrOP: true}), []Mod{m("TQ", 0, r)}},
	})
	checkOutcomes(t, twoBand(SpotContact(Spot{}), SpotContact(Spot{TQ: 3, Recon: true}), SpotContact(Spot{TQ: -3, EnclosedAFV: true})))
}

func TestTable6_4Visibility(t *testing.T) {
	for _, c := range []struct {
		size    int
		contact bool
		cm, hex int
	}{
		{0, false, 30, 6}, {1, false, 40, 8}, {2, false, 50, 10}, {3, false, 60, 12},
		{4, false, 70, 14}, {0, true, 70, 14}, {2, true, 70, 14}, {-1, false, 30, 6},
	} {
		if got := VisibilityCM(c.size, c.contact); got != c.cm {
			t.Errorf("6.4 size %d contact %v: %d cm, want %d", c.size, c.contact, got, c.cm)
		}
		if got := VisibilityHexes(c.size, c.contact); got != c.hex {
			t.Errorf("6.4 size %d contact %v: %d hexes, want %d", c.size, c.contact, got, c.hex)
		}
	}
}

func TestTable7_6DigIn(t *testing.T) {
	r := "7.6"
	base := func(extra ...Mod) []Mod {
		return append([]Mod{m("TQ", 0, r)}, append(extra, m("size", 0, r))...)
	}
	checkRows(t, TableDigIn, false, []row{
		{"TQ and size always", DigInTest(DigIn{TQ: 1, Size: 2}), []Mod{m("TQ", 1, r), m("size", -2, r)}},
		{"officer", DigInTest(DigIn{OfficerTQ: Plus(-1)}), base(m(WhatOfficer, -1, r))},
		{"recon or observer +1", DigInTest(DigIn{ReconOrObserver: true}), base(m("reconnaissance or observer", 1, r))},
		{"engineers +2", DigInTest(DigIn{Engineer: true}), base(m("combat engineers", 2, r))},
		{"engineers near +1", DigInTest(DigIn{EngineerNear: true}), base(m("combat engineers within 2 hexes", 1, r))},
		{"engineers near engineers: no +1", DigInTest(DigIn{Engineer: true, EngineerNear: true}), base(m("combat engineers", 2, r))},
		{"fatigue", DigInTest(DigIn{Fatigue: 3}), base(m("fatigue", -3, r))},
		{"bad ground −1", DigInTest(DigIn{BadGround: true}), base(m("bad ground (mud, soft sand)", -1, r))},
		{"desert F.1B", DigInTest(DigIn{DesertDRM: -2}), append(base(), m("desert entrenching", -2, "F.1B via the dig-in join"))},
		{"desert rule given", DigInTest(DigIn{DesertDRM: -1, DesertRule: "X"}), append(base(), m("desert entrenching", -1, "X via the dig-in join"))},
		{"desert 0 not listed", DigInTest(DigIn{DesertRule: "7.421"}), base()},
	})
	checkOutcomes(t, twoBand(DigInTest(DigIn{}), DigInTest(DigIn{TQ: 3, Engineer: true}), DigInTest(DigIn{Size: 3, DesertDRM: -2})))
}

func TestTable12_4Rally(t *testing.T) {
	r := "12.4"
	checkRows(t, TableRally, false, []row{
		{"morale", Rally(Morale{Morale: 1}), []Mod{m("morale", 1, r)}},
		{"officers each", Rally(Morale{OfficerMorale: []int{1, 2}}), []Mod{m("morale", 0, r), m("officer 1 morale", 1, r), m("officer 2 morale", 2, r)}},
		{"fatigue", Rally(Morale{Fatigue: 1}), []Mod{m("morale", 0, r), m("fatigue", -1, r)}},
		{"weakened −2", Rally(Morale{Weakened: true}), []Mod{m("morale", 0, r), m("weakened", -2, r)}},
	})
	checkOutcomes(t, twoBand(Rally(Morale{}), Rally(Morale{Morale: 5}), Rally(Morale{Morale: -3, Weakened: true})))
}

func TestTable12_5Morale(t *testing.T) {
	r := "12.5"
	checkRows(t, TableMorale, true, []row{
		{"morale", MoraleTest(Morale{Morale: -1}), []Mod{m("morale", -1, r)}},
		{"officers each", MoraleTest(Morale{OfficerMorale: []int{1}}), []Mod{m("morale", 0, r), m("officer 1 morale", 1, r)}},
		{"no fatigue row", MoraleTest(Morale{Fatigue: 2}), []Mod{m("morale", 0, r)}},
		{"weakened −2", MoraleTest(Morale{Weakened: true}), []Mod{m("morale", 0, r), m("weakened", -2, r)}},
	})
	checkOutcomes(t, threeBand(MoraleTest(Morale{}), MoraleTest(Morale{Morale: -1})))
	if got := MoraleWithdrawHexes(7); got != 7 {
		t.Errorf("12.5: 2d6 = 7 withdraws %d hexes, want 7", got)
	}
}

func TestTable9_4ManHandling(t *testing.T) {
	r := "9.4"
	checkRows(t, TableManHandle, false, []row{
		{"TQ", ManHandling(ManHandle{TQ: 2}), []Mod{m("TQ", 2, r)}},
		{"officer", ManHandling(ManHandle{OfficerTQ: Plus(0)}), []Mod{m("TQ", 0, r), m(WhatOfficer, 0, r)}},
		{"road +1", ManHandling(ManHandle{Road: true}), []Mod{m("TQ", 0, r), m("all on road", 1, r)}},
		{"bad going −2", ManHandling(ManHandle{BadGoing: true}), []Mod{m("TQ", 0, r), m("bad going", -2, r)}},
		{"fatigue", ManHandling(ManHandle{Fatigue: 1}), []Mod{m("TQ", 0, r), m("fatigue", -1, r)}},
		{"no tow − largest size", ManHandling(ManHandle{NoTow: true, LargestSize: 2}), []Mod{m("TQ", 0, r), m("no tow: largest weapon's size", -2, r)}},
		{"tow present", ManHandling(ManHandle{LargestSize: 2}), []Mod{m("TQ", 0, r)}},
	})
	checkOutcomes(t, twoBand(ManHandling(ManHandle{}), ManHandling(ManHandle{TQ: 4, Road: true}), ManHandling(ManHandle{TQ: -3, BadGoing: true})))
	if ManHandleHexes != 3 {
		t.Errorf("9.4: 15 cm is %d hexes, want 3", ManHandleHexes)
	}
}
