package combat

// Table names of the close-assault tables.
const (
	TableAssaultHit       = "11.9–.10 To Hit with Close Assault"
	TableAssaultSave      = "11.9–.10 Close Assault Saving Throw"
	TableAssaultStructure = "11.9–.10 Close Assault Saving Throw, structures"
)

// AssaultHit describes one base's close-assault attack (11.9–.10).
type AssaultHit struct {
	TQ             int
	OfficerTQ      *int
	TargetBuilding bool // building or bridge: +2
	// Bunker: the target is a bunker or Tobruk pit attacked by a permitted
	// attacker: +1 through its firing arc, −2 through any other arc, 0
	// not a bunker. The value is listed as given.
	Bunker       int
	Flamethrower bool // +1
	// Obscured: the LOS to the target is obscured, −1 for specialised
	// vehicles only (so only with SpecialisedVehicle). Close assault is at
	// 0–1 hexes; desert hindrances are not joined to it.
	Obscured, SpecialisedVehicle bool
	Fatigue                      int
	FightingBack                 bool // fatigue is not used when fighting back
}

// CloseAssaultHit is 11.9–.10: Success hits, Failure no effect.
func CloseAssaultHit(a AssaultHit) Test {
	b := newTest(TableAssaultHit, "11.9–.10", false)
	b.tq(a.TQ)
	b.officer(a.OfficerTQ)
	b.when(a.TargetBuilding, "target is a building or bridge", 2)
	switch {
	case a.Bunker > 0:
		b.add("bunker, through its firing arc", a.Bunker)
	case a.Bunker < 0:
		b.add("bunker, through another arc", a.Bunker)
	}
	b.when(a.Flamethrower, "flamethrower", 1)
	b.when(a.Obscured && a.SpecialisedVehicle, "LOS obscured (specialised vehicle)", -1)
	if !a.FightingBack {
		b.fatigue(a.Fatigue)
	}
	return b.done()
}

// AssaultSave describes one base hit in close assault (11.9–.10).
type AssaultSave struct {
	TQ        int
	OfficerTQ *int
	// Size counts for infantry, cavalry, deployed weapons, combat and
	// transport vehicles; an Armoured target counts its side armour
	// instead.
	Size       int
	Armoured   bool
	SideArmour int
	// The attacker's factor: CAF (small arms), PEN (AP or HC or another
	// weapon with PEN), HE# (an HE weapon), Squish (an armoured or combat
	// vehicle). Each is listed when non-zero.
	CAF, PEN, HE, Squish int
}

// CloseAssaultSave is 11.9–.10, two bands: Success unaffected, Failure
// knocked out. An armoured vehicle may not be pinned (the game's rule).
func CloseAssaultSave(a AssaultSave) Test {
	b := newTest(TableAssaultSave, "11.9–.10", false)
	b.tq(a.TQ)
	b.officer(a.OfficerTQ)
	if a.Armoured {
		b.add("side armour", a.SideArmour)
	} else {
		b.add(WhatSize, a.Size)
	}
	b.nonzero("attacker's CAF", -a.CAF)
	b.nonzero("attacker's PEN", -a.PEN)
	b.nonzero("attacker's HE#", -a.HE)
	b.nonzero("attacker's squish", -a.Squish)
	return b.done()
}

// AssaultStructure describes a structure hit in close assault (11.9–.10).
type AssaultStructure struct {
	Bunker    bool // bunkers and Tobruk pits also use TQ and the officer
	TQ        int
	OfficerTQ *int
	Toughness int
	// Factor is the attack's DF, or the HE# of a flamethrower or spigot
	// mortar.
	Factor int
	Damage int
}

// CloseAssaultStructureSave is 11.9–.10's structure save, two bands: Success
// unaffected, Failure destroyed (a building becomes ruins, burning ruins
// after a flamethrower; a bridge collapses).
func CloseAssaultStructureSave(s AssaultStructure) Test {
	b := newTest(TableAssaultStructure, "11.9–.10", false)
	if s.Bunker {
		b.tq(s.TQ)
		b.officer(s.OfficerTQ)
	}
	b.add("toughness", s.Toughness)
	b.add("attacking factor", -s.Factor)
	if s.Damage > 0 {
		b.add("damage", -s.Damage)
	}
	return b.done()
}
