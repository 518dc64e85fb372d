package combat

import "testing"

func TestTable13_4Engineering(t *testing.T) {
	r := "13.4"
	tq := m("TQ", 0, r)
	checkRows(t, TableEngineering, true, []row{
		{"TQ", EngineeringTest(Engineering{TQ: 1}), []Mod{m("TQ", 1, r)}},
		{"officer", EngineeringTest(Engineering{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r)}},
		{"fatigue", EngineeringTest(Engineering{Fatigue: 1}), []Mod{tq, m("fatigue", -1, r)}},
		{"obscured, specialised −1", EngineeringTest(Engineering{Obscured: true, SpecialisedVehicle: true}), []Mod{tq, m("LOS obscured (specialised vehicle)", -1, r)}},
		{"obscured, others: nothing", EngineeringTest(Engineering{Obscured: true}), []Mod{tq}},
	})
	checkOutcomes(t, threeBand(EngineeringTest(Engineering{}), EngineeringTest(Engineering{Fatigue: 1})))

	checkRows(t, TableEngineeringSave, false, []row{
		{"toughness − DF", EngineeringSave(2, 3, 0), []Mod{m("toughness", 2, r), m("demolition factor", -3, r)}},
		{"damage", EngineeringSave(8, 3, 2), []Mod{m("toughness", 8, r), m("demolition factor", -3, r), m("damage", -2, r)}},
	})
	checkOutcomes(t, twoBand(EngineeringSave(3, 3, 0), EngineeringSave(6, 1, 0), EngineeringSave(2, 6, 1)))
}

func TestTableMinefields(t *testing.T) {
	r := "Minefields"
	checkRows(t, TableMinefield, false, []row{
		{"+2", MinefieldAttack(2), []Mod{m("minefield effectiveness", 2, r)}},
		{"−2", MinefieldAttack(-2), []Mod{m("minefield effectiveness", -2, r)}},
	})
	checkOutcomes(t, twoBand(MinefieldAttack(0), MinefieldAttack(5), MinefieldAttack(-5)))

	tq := m("TQ", 0, r)
	checkRows(t, TableMinefieldSave, true, []row{
		{"HE# 3 by default", MinefieldSave(MinefieldCrossing{TQ: 1}), []Mod{m("TQ", 1, r), m("HE#", -3, r)}},
		{"officer", MinefieldSave(MinefieldCrossing{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r), m("HE#", -3, r)}},
		{"infantry + size", MinefieldSave(MinefieldCrossing{InfantryOrCavalry: true, Size: 2}), []Mod{tq, m("size", 2, r), m("HE#", -3, r)}},
		{"vehicle: no size", MinefieldSave(MinefieldCrossing{Size: 2, HE: 4}), []Mod{tq, m("HE#", -4, r)}},
	})
	checkOutcomes(t, threeBand(MinefieldSave(MinefieldCrossing{TQ: 3}), MinefieldSave(MinefieldCrossing{TQ: 2})))
}

func TestTable10_15AreaFire(t *testing.T) {
	r := "10.15–.18"
	tq := m("TQ", 0, r)
	obs := []row{
		{"TQ", CallForFire(Observer{TQ: 1}), []Mod{m("TQ", 1, r)}},
		{"comms", CallForFire(Observer{Comms: 2}), []Mod{tq, m("communications", 2, r)}},
		{"command post +1", CallForFire(Observer{CommandPost: true}), []Mod{tq, m("command vehicle or bunker", 1, r)}},
		{"officer", CallForFire(Observer{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r)}},
		{"fatigue", CallForFire(Observer{Fatigue: 1}), []Mod{tq, m("fatigue", -1, r)}},
	}
	checkRows(t, TableCallForFire, false, obs)
	checkOutcomes(t, twoBand(CallForFire(Observer{}), CallForFire(Observer{TQ: 2, Comms: 2, CommandPost: true}), CallForFire(Observer{TQ: -3, Fatigue: 2})))

	checkRows(t, TableAdjusting, false, []row{
		{"all rows", AdjustAimPoint(Observer{TQ: 1, Comms: 1, CommandPost: true, OfficerTQ: Plus(1), Fatigue: 1}),
			[]Mod{m("TQ", 1, r), m("communications", 1, r), m("command vehicle or bunker", 1, r), m(WhatOfficer, 1, r), m("fatigue", -1, r)}},
	})
	checkOutcomes(t, twoBand(AdjustAimPoint(Observer{}), AdjustAimPoint(Observer{TQ: 5}), AdjustAimPoint(Observer{TQ: -5})))

	checkRows(t, TableRanging, false, []row{
		{"TQ", Ranging(1, nil, false, 0), []Mod{m("TQ", 1, r)}},
		{"officer", Ranging(0, Plus(1), false, 0), []Mod{tq, m(WhatOfficer, 1, r)}},
		{"battery LOS +1", Ranging(0, nil, true, 0), []Mod{tq, m("battery sees the aim point", 1, r)}},
		{"fatigue", Ranging(0, nil, false, 2), []Mod{tq, m("fatigue", -2, r)}},
	})
	checkOutcomes(t, twoBand(Ranging(0, nil, false, 0), Ranging(4, nil, true, 0), Ranging(-4, nil, false, 1)))
	if got := RangingDeviationHexes(4); got != 4 {
		t.Errorf("ranging: d6 4 deviates %d hexes, want 4", got)
	}

	checkRows(t, TableAreaFire, false, []row{
		{"TQ", AreaFireHit(AreaFire{TQ: 1}), []Mod{m("TQ", 1, r)}},
		{"officer", AreaFireHit(AreaFire{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r)}},
		{"mortar +1", AreaFireHit(AreaFire{Mortar: true}), []Mod{tq, m("mortar battery", 1, r)}},
		{"building +2", AreaFireHit(AreaFire{TargetBuilding: true}), []Mod{tq, m("target is a building or bridge", 2, r)}},
		{"bunker +1", AreaFireHit(AreaFire{TargetBunker: true}), []Mod{tq, m("target is a bunker or Tobruk pit", 1, r)}},
		{"fatigue", AreaFireHit(AreaFire{Fatigue: 1}), []Mod{tq, m("fatigue", -1, r)}},
		{"pre-planned: no fatigue", AreaFireHit(AreaFire{Fatigue: 1, PrePlanned: true}), []Mod{tq}},
	})
	checkOutcomes(t, twoBand(AreaFireHit(AreaFire{}), AreaFireHit(AreaFire{TQ: 2, Mortar: true, TargetBuilding: true}), AreaFireHit(AreaFire{TQ: -5})))
}

func TestTable10_15FFERadius(t *testing.T) {
	for _, c := range []struct {
		bases     int
		rockets   bool
		cm, hexes int
	}{
		{0, false, 0, 0}, {1, false, 5, 1}, {2, false, 5, 1}, {3, false, 10, 2}, {6, false, 10, 2},
		{7, false, 15, 3}, {12, false, 15, 3}, {13, false, 20, 4},
		{1, true, 10, 2}, {4, true, 20, 4}, {9, true, 30, 6}, {20, true, 40, 8},
	} {
		if got := FFERadiusCM(c.bases, c.rockets); got != c.cm {
			t.Errorf("FFE %d bases rockets %v: %d cm, want %d", c.bases, c.rockets, got, c.cm)
		}
		if got := FFERadiusHexes(c.bases, c.rockets); got != c.hexes {
			t.Errorf("FFE %d bases rockets %v: %d hexes, want %d", c.bases, c.rockets, got, c.hexes)
		}
	}
}

func TestTable14_9AirAttacks(t *testing.T) {
	r := "14.9"
	tq := m("TQ", 0, r)
	checkRows(t, TableAirDesignate, false, []row{
		{"FAC all rows", DesignateAirTarget(Observer{TQ: 1, Comms: -2, CommandPost: true, OfficerTQ: Plus(1), Fatigue: 1}),
			[]Mod{m("TQ", 1, r), m("communications", -2, r), m("command vehicle or bunker", 1, r), m(WhatOfficer, 1, r), m("fatigue", -1, r)}},
	})
	checkOutcomes(t, twoBand(DesignateAirTarget(Observer{}), DesignateAirTarget(Observer{TQ: 3, Comms: 2}), DesignateAirTarget(Observer{TQ: -3, Comms: -2})))

	checkRows(t, TableAirAccuracy, false, []row{
		{"TQ", AirAccuracy(1, false, false, false), []Mod{m("TQ", 1, r)}},
		{"designated +2", AirAccuracy(0, true, false, false), []Mod{tq, m("designated target", 2, r)}},
		{"in a wood −2", AirAccuracy(0, false, true, true), []Mod{tq, m("in a wood", -2, r)}},
		{"near a wood −1", AirAccuracy(0, false, false, true), []Mod{tq, m("within 2 hexes of a wood", -1, r)}},
	})
	checkOutcomes(t, twoBand(AirAccuracy(0, false, false, false), AirAccuracy(3, true, false, false), AirAccuracy(-3, false, true, false)))

	checkRows(t, TableAirHit, false, []row{
		{"TQ", AirHit(1, false, false, false), []Mod{m("TQ", 1, r)}},
		{"rockets −2", AirHit(0, true, false, false), []Mod{tq, m("rockets", -2, r)}},
		{"building +2", AirHit(0, false, true, false), []Mod{tq, m("target is a building or bridge", 2, r)}},
		{"bunker +1", AirHit(0, false, false, true), []Mod{tq, m("target is a bunker or Tobruk pit", 1, r)}},
	})
	checkOutcomes(t, twoBand(AirHit(0, false, false, false), AirHit(3, false, true, false), AirHit(-3, true, false, false)))
}

func TestTable10_24AAFire(t *testing.T) {
	r := "10.24"
	checkRows(t, TableAAFire, false, []row{
		{"TQ", AAFire(1, nil, 0), []Mod{m("TQ", 1, r)}},
		{"officer and fatigue", AAFire(0, Plus(1), 1), []Mod{m("TQ", 0, r), m(WhatOfficer, 1, r), m("fatigue", -1, r)}},
	})
	checkOutcomes(t, twoBand(AAFire(0, nil, 0), AAFire(5, nil, 0), AAFire(-5, nil, 0)))

	checkRows(t, TableAAReaction, true, []row{
		{"morale − highest AAF", AAReaction(2, 3), []Mod{m("morale", 2, r), m("highest AAF", -3, r)}},
	})
	checkOutcomes(t, threeBand(AAReaction(1, 1), AAReaction(1, 2)))
}

func TestEffect(t *testing.T) {
	for _, c := range []struct {
		test Test
		band Band
		want string
	}{
		{ToHitDirect(DirectFire{}), Success, "hit"},
		{ToHitDirect(DirectFire{}), Failure, "miss"},
		{MoraleTest(Morale{}), Middle, "withdraws 2d6 hexes (surrenders if it cannot)"},
		{ShootingSave(Save{Column: 'G'}), Failure, "demolished"},
		{ShootingSave(Save{Column: 'B'}), Middle, "pinned"},
		{ShootingSave(Save{Column: 'Z'}), Middle, ""},
		{OfficerOrders(1, false), Success, ""},
		{AAReaction(0, 0), Band(7), ""},
	} {
		if got := Effect(c.test, c.band); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.test.Table, c.band, got, c.want)
		}
	}
}
