package combat

import (
	"khamsin/engine/forces"
)

// Table names of the saving throws.
const (
	TableShootingSave    = "Shooting Saving Throw" // + ", column X"
	TableOccupantSave    = "Shooting Saving Throw, occupant of a destroyed building"
	TableCommandBaseSave = "2.5 Command Base Saving Throw"
	TablePassengerSave   = "Saving Throw for Passengers or Towed Weapons"
)

// RuleShootingSave is the Rule of the shooting saves: seed 002 gives the
// table no number; it is step 4 of the shooting sequence after 10.8.
const RuleShootingSave = "Shooting Saving Throws"

// Save describes one base's Shooting Saving Throw.
type Save struct {
	// Column is the base's column: A infantry, cavalry, engineers; B
	// deployed guns; C combat vehicles; D armoured vehicles; E bunkers; F
	// unarmoured transports; G buildings, bridges, terrain with toughness.
	Column    forces.SaveColumn
	TQ        int
	OfficerTQ *int
	Size      int
	// Armour (D): front or side armour, as the game decides from the
	// firer's bearing (side against any HE or close air support).
	Armour int
	// CSB is the cover save bonus (A, B, C); on the desert map it includes
	// the desert TEM join (+TEM, protect.CoverSaveBonus).
	CSB int
	// CSBParts, when they add up to CSB, are listed in its place: one
	// line per protection, each with its own rule (the desert TEMs joined,
	// seed 002's dug-in or ruins), so the log says where the bonus came
	// from.
	CSBParts []Mod
	// FPF, PEN and HE are the attack's factors: FPF counts against A, B, C
	// and F when SmallArms (small arms, MGs, strafing); PEN against D when
	// AP or HCHit (A, B, C and F count PEN as 0: a +0 line); HE# against
	// every column when HEHit. Halve them for sand before (protect.HalveHE).
	FPF, PEN, HE                int
	AP, HCHit, HEHit, SmallArms bool
	Toughness, Damage           int // E and G: + toughness, −1 per damage marker
	// FlamethrowerBuilding: the base occupied a building a flamethrower
	// destroyed in close assault: −2 (A, B, C, F).
	FlamethrowerBuilding bool
}

// column groups of the saving-throw table.
func soft(c forces.SaveColumn) bool   { return c == 'A' || c == 'B' || c == 'C' || c == 'F' }
func crewed(c forces.SaveColumn) bool { return c >= 'A' && c <= 'F' }
func structure(c forces.SaveColumn) bool {
	return c == 'E' || c == 'G'
}

// ShootingSave is the Shooting Saving Throw for one hit base, three bands
// (SaveEffect names them): Success no effect; Middle pinned (E, G: +1
// damage); Failure knocked out and the unit tests morale (E, G:
// destroyed/demolished).
//
// Which column takes which row is our reading of seed 002's merged cells
// (its text lost the cell borders): TQ and the attached officer A–F (a
// structure has no TQ); +Size A, B, C and F; +CSB A, B and C; −FPF A, B,
// C and F; −PEN D only (A, B, C, F list it as +0); armour D; toughness
// and damage E and G; −HE# every column; the flamethrower's −2 A, B, C
// and F. A column outside A–G gives a test with no modifiers.
func ShootingSave(s Save) Test {
	c := s.Column
	name := TableShootingSave + ", column ?"
	if c >= 'A' && c <= 'G' {
		name = TableShootingSave + ", column " + string(rune(c))
	}
	b := newTest(name, RuleShootingSave, true)
	if c < 'A' || c > 'G' {
		return b.done()
	}
	if crewed(c) {
		b.tq(s.TQ)
		b.officer(s.OfficerTQ)
	}
	if soft(c) {
		b.add(WhatSize, s.Size)
	}
	if c == 'D' {
		b.add("armour", s.Armour)
	}
	if structure(c) {
		b.add("toughness", s.Toughness)
	}
	if c <= 'C' {
		if sumMods(s.CSBParts) == s.CSB && len(s.CSBParts) > 0 {
			for _, m := range s.CSBParts {
				if m.N != 0 {
					b.t.Mods = append(b.t.Mods, m)
				}
			}
		} else {
			b.nonzero("cover save bonus", s.CSB)
		}
	}
	if s.SmallArms && soft(c) {
		b.add("FPF", -s.FPF)
	}
	if s.AP || s.HCHit {
		switch {
		case c == 'D':
			b.add("PEN", -s.PEN)
		case soft(c):
			b.add("PEN (counts 0 against this target)", 0)
		}
	}
	b.when(s.HEHit, "HE#", -s.HE)
	if structure(c) && s.Damage > 0 {
		b.add("damage", -s.Damage)
	}
	b.when(s.FlamethrowerBuilding && soft(c), "building destroyed by a flamethrower", -2)
	return b.done()
}

func sumMods(ms []Mod) int {
	n := 0
	for _, m := range ms {
		n += m.N
	}
	return n
}

// OccupantSave is the Shooting Saving Throw of an occupant of a destroyed
// building: only the rows seed 002 marks for it (TQ, attached officer,
// +Size for B and F — and A, as ShootingSave reads the merged cell — and
// the flamethrower's −2). Occupants are limited to size 0 guns and
// vehicles or size 0–2 infantry and cavalry: the game's check.
func OccupantSave(s Save) Test {
	b := newTest(TableOccupantSave, RuleShootingSave, true)
	if !soft(s.Column) && s.Column != 'D' {
		return b.done()
	}
	b.tq(s.TQ)
	b.officer(s.OfficerTQ)
	if soft(s.Column) {
		b.add(WhatSize, s.Size)
	}
	b.when(s.FlamethrowerBuilding && soft(s.Column), "building destroyed by a flamethrower", -2)
	return b.done()
}

// SaveEffect names a shooting save's outcome for a column.
func SaveEffect(c forces.SaveColumn, b Band) string {
	switch {
	case b == Success:
		return "no effect"
	case structure(c) && b == Middle:
		return "+1 damage"
	case c == 'G':
		return "demolished"
	case c == 'E':
		return "destroyed"
	case b == Middle:
		return "pinned"
	}
	return "knocked out; the unit takes a morale test"
}

// CommandBaseSave is 2.5, three bands: Success unaffected; Middle pinned
// (killed or captured if the test came during a close assault); Failure
// killed or captured.
func CommandBaseSave(tq int) Test {
	b := newTest(TableCommandBaseSave, "2.5", true)
	b.tq(tq)
	return b.done()
}

// Passenger describes a passenger or towed weapon whose transport was
// destroyed.
type Passenger struct {
	TQ              int
	OfficerTQ       *int
	InfantryOrTowed bool // infantry and towed weapons: + size
	Size            int
	ByAP            bool // the unarmoured transport was destroyed by an AP hit: +2
	InCloseAssault  bool // the vehicle was destroyed in a close assault: −2
}

// PassengerSave is seed 002's Saving Throw for Passengers or Towed
// Weapons, three bands: Success disembarks or unlimbers; Middle does and
// is pinned; Failure knocked out.
func PassengerSave(p Passenger) Test {
	b := newTest(TablePassengerSave, "Passengers", true)
	b.tq(p.TQ)
	b.officer(p.OfficerTQ)
	b.when(p.InfantryOrTowed, WhatSize, p.Size)
	b.when(p.ByAP, "transport destroyed by AP", 2)
	b.when(p.InCloseAssault, "vehicle destroyed in close assault", -2)
	return b.done()
}

// saveColumnOf reads the column letter back from a shooting save's Table.
func saveColumnOf(table string) forces.SaveColumn {
	return forces.SaveColumn(table[len(table)-1])
}
