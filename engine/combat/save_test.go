package combat

import (
	"testing"

	"khamsin/engine/forces"
)

func TestTableShootingSaves(t *testing.T) {
	r := RuleShootingSave
	col := func(c byte) string { return TableShootingSave + ", column " + string(rune(c)) }
	tq, size := m("TQ", 0, r), m("size", 0, r)
	pen0 := m("PEN (counts 0 against this target)", 0, r)
	type srow struct {
		name string
		save Save
		want []Mod
	}
	rows := []srow{
		// A: TQ, officer, size, CSB, FPF, PEN 0, HE#, flamethrower.
		{"A TQ and size", Save{Column: 'A', TQ: 1, Size: 2}, []Mod{m("TQ", 1, r), m("size", 2, r)}},
		{"A officer", Save{Column: 'A', OfficerTQ: Plus(1)}, []Mod{tq, m(WhatOfficer, 1, r), size}},
		{"A CSB", Save{Column: 'A', CSB: 2}, []Mod{tq, size, m("cover save bonus", 2, r)}},
		{"A FPF", Save{Column: 'A', SmallArms: true, FPF: 3}, []Mod{tq, size, m("FPF", -3, r)}},
		{"A FPF without small arms: none", Save{Column: 'A', FPF: 3}, []Mod{tq, size}},
		{"A AP PEN counts 0", Save{Column: 'A', AP: true, PEN: 5}, []Mod{tq, size, pen0}},
		{"A HE#", Save{Column: 'A', HEHit: true, HE: 4}, []Mod{tq, size, m("HE#", -4, r)}},
		{"A flamethrower building −2", Save{Column: 'A', FlamethrowerBuilding: true}, []Mod{tq, size, m("building destroyed by a flamethrower", -2, r)}},
		// B and C as A.
		{"B CSB and FPF", Save{Column: 'B', Size: 1, CSB: 1, SmallArms: true, FPF: 2}, []Mod{tq, m("size", 1, r), m("cover save bonus", 1, r), m("FPF", -2, r)}},
		{"C HC PEN counts 0", Save{Column: 'C', HCHit: true, PEN: 7}, []Mod{tq, size, pen0}},
		// D: armour, PEN, HE#; no size, CSB or FPF.
		{"D armour", Save{Column: 'D', Armour: 4, Size: 3, CSB: 2}, []Mod{tq, m("armour", 4, r)}},
		{"D PEN", Save{Column: 'D', Armour: 4, AP: true, PEN: 6}, []Mod{tq, m("armour", 4, r), m("PEN", -6, r)}},
		{"D HE#", Save{Column: 'D', Armour: 2, HEHit: true, HE: 3}, []Mod{tq, m("armour", 2, r), m("HE#", -3, r)}},
		{"D no FPF", Save{Column: 'D', SmallArms: true, FPF: 2}, []Mod{tq, m("armour", 0, r)}},
		// E: TQ, officer, toughness, damage, HE#.
		{"E toughness and damage", Save{Column: 'E', Toughness: 5, Damage: 2, OfficerTQ: Plus(1)}, []Mod{tq, m(WhatOfficer, 1, r), m("toughness", 5, r), m("damage", -2, r)}},
		{"E HE#, no PEN", Save{Column: 'E', Toughness: 5, HEHit: true, HE: 2, AP: true, PEN: 4}, []Mod{tq, m("toughness", 5, r), m("HE#", -2, r)}},
		// F: size, FPF, PEN 0, HE#, flamethrower; no CSB.
		{"F size, FPF, no CSB", Save{Column: 'F', Size: 1, CSB: 2, SmallArms: true, FPF: 1}, []Mod{tq, m("size", 1, r), m("FPF", -1, r)}},
		{"F AP counts 0", Save{Column: 'F', AP: true, PEN: 3}, []Mod{tq, size, pen0}},
		{"F flamethrower", Save{Column: 'F', FlamethrowerBuilding: true}, []Mod{tq, size, m("building destroyed by a flamethrower", -2, r)}},
		// G: toughness, damage, HE#; no TQ.
		{"G toughness, damage, HE#", Save{Column: 'G', TQ: 2, Toughness: 3, Damage: 1, HEHit: true, HE: 2}, []Mod{m("toughness", 3, r), m("HE#", -2, r), m("damage", -1, r)}},
	}
	for _, s := range rows {
		c := byte(s.save.Column)
		checkRows(t, col(c), true, []row{{s.name, ShootingSave(s.save), s.want}})
	}
	checkRows(t, TableShootingSave+", column ?", true, []row{{"bad column", ShootingSave(Save{Column: 'Z', TQ: 3}), nil}})
	checkOutcomes(t, threeBand(ShootingSave(Save{Column: 'A'}), ShootingSave(Save{Column: 'A', HEHit: true, HE: 1})))

	for _, c := range []struct {
		col  forces.SaveColumn
		band Band
		want string
	}{
		{'A', Success, "no effect"}, {'A', Middle, "pinned"}, {'A', Failure, "knocked out; the unit takes a morale test"},
		{'D', Middle, "pinned"}, {'E', Middle, "+1 damage"}, {'E', Failure, "destroyed"},
		{'G', Middle, "+1 damage"}, {'G', Failure, "demolished"}, {'G', Success, "no effect"},
	} {
		if got := SaveEffect(c.col, c.band); got != c.want {
			t.Errorf("save column %c %v: %q, want %q", c.col, c.band, got, c.want)
		}
	}
}

// Occupants of a destroyed building use only the (#) rows.
func TestTableShootingSaveOccupants(t *testing.T) {
	r := RuleShootingSave
	checkRows(t, TableOccupantSave, true, []row{
		{"A: TQ, officer, size, flamethrower", OccupantSave(Save{Column: 'A', TQ: 1, OfficerTQ: Plus(1), Size: 2, CSB: 3, HEHit: true, HE: 4, FlamethrowerBuilding: true}),
			[]Mod{m("TQ", 1, r), m(WhatOfficer, 1, r), m("size", 2, r), m("building destroyed by a flamethrower", -2, r)}},
		{"D: TQ only", OccupantSave(Save{Column: 'D', TQ: 1, Armour: 3}), []Mod{m("TQ", 1, r)}},
		{"G: nothing", OccupantSave(Save{Column: 'G', Toughness: 3}), nil},
	})
}

func TestTable2_5CommandBaseSave(t *testing.T) {
	checkRows(t, TableCommandBaseSave, true, []row{
		{"TQ", CommandBaseSave(2), []Mod{m("TQ", 2, "2.5")}},
	})
	checkOutcomes(t, threeBand(CommandBaseSave(0), CommandBaseSave(-1)))
}

func TestTablePassengerSave(t *testing.T) {
	r := "Passengers"
	tq := m("TQ", 0, r)
	checkRows(t, TablePassengerSave, true, []row{
		{"TQ", PassengerSave(Passenger{TQ: -1, Size: 2}), []Mod{m("TQ", -1, r)}},
		{"officer", PassengerSave(Passenger{OfficerTQ: Plus(1)}), []Mod{tq, m(WhatOfficer, 1, r)}},
		{"infantry or towed + size", PassengerSave(Passenger{InfantryOrTowed: true, Size: 2}), []Mod{tq, m("size", 2, r)}},
		{"destroyed by AP +2", PassengerSave(Passenger{ByAP: true}), []Mod{tq, m("transport destroyed by AP", 2, r)}},
		{"close assault −2", PassengerSave(Passenger{InCloseAssault: true}), []Mod{tq, m("vehicle destroyed in close assault", -2, r)}},
	})
	checkOutcomes(t, threeBand(PassengerSave(Passenger{}), PassengerSave(Passenger{ByAP: true, InCloseAssault: true, TQ: -1})))
}
