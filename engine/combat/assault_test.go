package combat

import "testing"

func TestTable11_9CloseAssaultHit(t *testing.T) {
	r := "11.9–.10"
	tq := m("TQ", 0, r)
	checkRows(t, TableAssaultHit, false, []row{
		{"TQ", CloseAssaultHit(AssaultHit{TQ: 2}), []Mod{m("TQ", 2, r)}},
		{"officer", CloseAssaultHit(AssaultHit{OfficerTQ: Plus(-1)}), []Mod{tq, m(WhatOfficer, -1, r)}},
		{"building +2", CloseAssaultHit(AssaultHit{TargetBuilding: true}), []Mod{tq, m("target is a building or bridge", 2, r)}},
		{"bunker through its arc +1", CloseAssaultHit(AssaultHit{Bunker: 1}), []Mod{tq, m("bunker, through its firing arc", 1, r)}},
		{"bunker other arc −2", CloseAssaultHit(AssaultHit{Bunker: -2}), []Mod{tq, m("bunker, through another arc", -2, r)}},
		{"flamethrower +1", CloseAssaultHit(AssaultHit{Flamethrower: true}), []Mod{tq, m("flamethrower", 1, r)}},
		{"obscured, specialised vehicle −1", CloseAssaultHit(AssaultHit{Obscured: true, SpecialisedVehicle: true}), []Mod{tq, m("LOS obscured (specialised vehicle)", -1, r)}},
		{"obscured, others: nothing", CloseAssaultHit(AssaultHit{Obscured: true}), []Mod{tq}},
		{"fatigue", CloseAssaultHit(AssaultHit{Fatigue: 2}), []Mod{tq, m("fatigue", -2, r)}},
		{"fighting back: no fatigue", CloseAssaultHit(AssaultHit{Fatigue: 2, FightingBack: true}), []Mod{tq}},
	})
	checkOutcomes(t, twoBand(CloseAssaultHit(AssaultHit{}), CloseAssaultHit(AssaultHit{TQ: 2, TargetBuilding: true, Flamethrower: true}), CloseAssaultHit(AssaultHit{TQ: -3, Bunker: -2})))
}

func TestTable11_10CloseAssaultSave(t *testing.T) {
	r := "11.9–.10"
	tq, size := m("TQ", 0, r), m("size", 0, r)
	checkRows(t, TableAssaultSave, false, []row{
		{"TQ and size", CloseAssaultSave(AssaultSave{TQ: 1, Size: 2}), []Mod{m("TQ", 1, r), m("size", 2, r)}},
		{"officer", CloseAssaultSave(AssaultSave{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r), size}},
		{"armoured: side armour, no size", CloseAssaultSave(AssaultSave{Armoured: true, SideArmour: 3, Size: 2}), []Mod{tq, m("side armour", 3, r)}},
		{"CAF", CloseAssaultSave(AssaultSave{CAF: 2}), []Mod{tq, size, m("attacker's CAF", -2, r)}},
		{"PEN", CloseAssaultSave(AssaultSave{PEN: 5}), []Mod{tq, size, m("attacker's PEN", -5, r)}},
		{"HE#", CloseAssaultSave(AssaultSave{HE: 3}), []Mod{tq, size, m("attacker's HE#", -3, r)}},
		{"squish", CloseAssaultSave(AssaultSave{Squish: 1}), []Mod{tq, size, m("attacker's squish", -1, r)}},
	})
	checkOutcomes(t, twoBand(CloseAssaultSave(AssaultSave{}), CloseAssaultSave(AssaultSave{TQ: 2, Size: 3}), CloseAssaultSave(AssaultSave{CAF: 5})))
}

func TestTable11_10CloseAssaultStructureSave(t *testing.T) {
	r := "11.9–.10"
	checkRows(t, TableAssaultStructure, false, []row{
		{"building: toughness and factor", CloseAssaultStructureSave(AssaultStructure{TQ: 2, Toughness: 4, Factor: 3}), []Mod{m("toughness", 4, r), m("attacking factor", -3, r)}},
		{"bunker: TQ and officer", CloseAssaultStructureSave(AssaultStructure{Bunker: true, TQ: 1, OfficerTQ: Plus(1), Toughness: 5, Factor: 2}),
			[]Mod{m("TQ", 1, r), m(WhatOfficer, 1, r), m("toughness", 5, r), m("attacking factor", -2, r)}},
		{"damage", CloseAssaultStructureSave(AssaultStructure{Toughness: 4, Factor: 3, Damage: 2}), []Mod{m("toughness", 4, r), m("attacking factor", -3, r), m("damage", -2, r)}},
	})
	checkOutcomes(t, twoBand(CloseAssaultStructureSave(AssaultStructure{Toughness: 3, Factor: 3}),
		CloseAssaultStructureSave(AssaultStructure{Toughness: 6, Factor: 1}), CloseAssaultStructureSave(AssaultStructure{Toughness: 1, Factor: 6})))
}
