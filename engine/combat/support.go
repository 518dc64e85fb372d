package combat

import "khamsin/engine/scale"

// Table names of the engineering, minefield, artillery and air tables.
const (
	TableEngineering     = "13.4 Engineering Test"
	TableEngineeringSave = "13.4 Engineering Saving Throw"
	TableMinefield       = "Minefield Attack"
	TableMinefieldSave   = "Saving Throw when crossing a Minefield"
	TableCallForFire     = "10.15–.18 Calling for Fire"
	TableRanging         = "10.15–.18 Firing Ranging Rounds"
	TableAdjusting       = "10.15–.18 Adjusting an Aim Point"
	TableAreaFire        = "10.15–.18 To Hit with Area Fire"
	TableAirDesignate    = "14.9 Designating an Air Attack Target"
	TableAirAccuracy     = "14.9 Accuracy of an Air Attack"
	TableAirHit          = "14.9 To Hit with an Air Attack"
	TableAAFire          = "10.24 Anti-aircraft Fire"
	TableAAReaction      = "10.24 Anti-aircraft Reaction Test"
)

// Engineering describes a base attempting an engineering task (13.4).
type Engineering struct {
	TQ                 int
	OfficerTQ          *int
	Fatigue            int
	Obscured           bool // −1 for specialised vehicles only
	SpecialisedVehicle bool
}

// EngineeringTest is 13.4, three bands: Success: the obstacle takes an
// Engineering Saving Throw per hit; Middle: no progress; Failure: the
// testing base is pinned. (Seed 002 also gives the effects of a vehicle
// crushing barbed wire on three bands but no modifiers for it: the game
// decides what that roll adds.)
func EngineeringTest(e Engineering) Test {
	b := newTest(TableEngineering, "13.4", true)
	b.tq(e.TQ)
	b.officer(e.OfficerTQ)
	b.fatigue(e.Fatigue)
	b.when(e.Obscured && e.SpecialisedVehicle, "LOS obscured (specialised vehicle)", -1)
	return b.done()
}

// EngineeringSave is 13.4's saving throw of a feature: + toughness, − the
// demolition factor (DF; a specialised vehicle's HE#; a vehicle's size
// when crushing wire), −1 per damage marker. Two bands: Success
// unaffected, Failure cleared.
func EngineeringSave(toughness, demolition, damage int) Test {
	b := newTest(TableEngineeringSave, "13.4", false)
	b.add("toughness", toughness)
	b.add("demolition factor", -demolition)
	if damage > 0 {
		b.add("damage", -damage)
	}
	return b.done()
}

// MinefieldAttack is the Minefield Attack roll: ± the minefield's
// effectiveness (seed 002: ±2; the scenario gives the value, listed as
// given). Success: the base is hit and saves (MinefieldSave); Failure:
// it crosses safely.
func MinefieldAttack(effectiveness int) Test {
	b := newTest(TableMinefield, "Minefields", false)
	b.add("minefield effectiveness", effectiveness)
	return b.done()
}

// MinefieldHE is seed 002's strength of a minefield attack: HE# 3.
const MinefieldHE = 3

// MinefieldCrossing describes a base hit while crossing a minefield.
type MinefieldCrossing struct {
	TQ                int
	OfficerTQ         *int
	InfantryOrCavalry bool // + size
	Size              int
	HE                int // the attack's HE#; 0 reads as MinefieldHE
}

// MinefieldSave is the Saving Throw when crossing a Minefield, three
// bands: Success carries on with the move; Middle pinned and does not
// enter; Failure knocked out.
func MinefieldSave(m MinefieldCrossing) Test {
	b := newTest(TableMinefieldSave, "Minefields", true)
	b.tq(m.TQ)
	b.officer(m.OfficerTQ)
	b.when(m.InfantryOrCavalry, WhatSize, m.Size)
	he := m.HE
	if he == 0 {
		he = MinefieldHE
	}
	b.add("HE#", -he)
	return b.done()
}

// Observer describes an observer (or FAC) on the radio: calling for fire,
// adjusting, designating an air target.
type Observer struct {
	TQ        int
	OfficerTQ *int
	// Comms is the communications modifier (+0/+1/+2 for artillery, −2 to
	// +2 for air), listed when non-zero. A US observer linked to a Fire
	// Direction Centre is +0 (from 1943): pass 0.
	Comms int
	// CommandPost: in a command vehicle or bunker (or a US vehicle unit
	// using an FDC): +1, once.
	CommandPost bool
	Fatigue     int
}

func observer(b *builder, o Observer) {
	b.tq(o.TQ)
	b.nonzero("communications", o.Comms)
	b.when(o.CommandPost, "command vehicle or bunker", 1)
	b.officer(o.OfficerTQ)
	b.fatigue(o.Fatigue)
}

// CallForFire is 10.15–.18's call for fire: Success places an aim point token
// on the target; Failure: no contact.
func CallForFire(o Observer) Test {
	b := newTest(TableCallForFire, "10.15–.18", false)
	observer(b, o)
	return b.done()
}

// AdjustAimPoint is 10.15–.18's adjustment of an aim point: Success or no
// effect.
func AdjustAimPoint(o Observer) Test {
	b := newTest(TableAdjusting, "10.15–.18", false)
	observer(b, o)
	return b.done()
}

// Ranging is 10.15–.18's ranging rounds: ± TQ, the officer attached to the
// battery, +1 if the battery can trace a LOS to the aim point, −1 per
// fatigue marker. Success: on target; Failure: the round deviates
// RangingDeviationHexes(d6).
func Ranging(tq int, officerTQ *int, batteryLOS bool, fatigue int) Test {
	b := newTest(TableRanging, "10.15–.18", false)
	b.tq(tq)
	b.officer(officerTQ)
	b.when(batteryLOS, "battery sees the aim point", 1)
	b.fatigue(fatigue)
	return b.done()
}

// RangingDeviationHexes is the d6 × 5 cm deviation in hexes: the d6.
func RangingDeviationHexes(d6 int) int { return scale.Hexes(d6 * 5) }

// AreaFire describes a battery's area fire at one target (10.15–.18).
type AreaFire struct {
	TQ             int
	OfficerTQ      *int
	Mortar         bool // mortar battery: +1
	TargetBuilding bool // building or bridge: +2
	TargetBunker   bool // bunker or Tobruk pit: +1
	Fatigue        int
	PrePlanned     bool // pre-planned or pre-registered fire: no fatigue
}

// AreaFireHit is 10.15–.18's To Hit with Artillery (Area) Fire: Success hits,
// Failure no effect.
func AreaFireHit(a AreaFire) Test {
	b := newTest(TableAreaFire, "10.15–.18", false)
	b.tq(a.TQ)
	b.officer(a.OfficerTQ)
	b.when(a.Mortar, "mortar battery", 1)
	b.when(a.TargetBuilding, "target is a building or bridge", 2)
	b.when(a.TargetBunker, "target is a bunker or Tobruk pit", 1)
	if !a.PrePlanned {
		b.fatigue(a.Fatigue)
	}
	return b.done()
}

// FFERadiusCM is the fire-for-effect radius (10.15–.18) for a battery of
// this many bases: 1–2 5 cm, 3–6 10, 7–12 15, more 20; rocket launchers
// double it. No bases: 0.
func FFERadiusCM(bases int, rockets bool) int {
	r := 0
	switch {
	case bases <= 0:
		return 0
	case bases <= 2:
		r = 5
	case bases <= 6:
		r = 10
	case bases <= 12:
		r = 15
	default:
		r = 20
	}
	if rockets {
		r *= 2
	}
	return r
}

// FFERadiusHexes is FFERadiusCM through the scale join: 1, 2, 3, 4 hexes
// (rockets 2, 4, 6, 8).
func FFERadiusHexes(bases int, rockets bool) int { return scale.Hexes(FFERadiusCM(bases, rockets)) }

// DesignateAirTarget is 14.9's FAC designation (Observer's Comms runs −2
// to +2): Success places a designated target token; Failure no effect.
func DesignateAirTarget(fac Observer) Test {
	b := newTest(TableAirDesignate, "14.9", false)
	observer(b, fac)
	return b.done()
}

// AirAccuracy is 14.9's accuracy roll: ± the aircraft's TQ, +2 on a
// designated target token, −2 if the air attack token is in a wood, −1 if
// within 2 hexes (10 cm) of one but outside. Success: resolve the attack;
// Failure: resolve it at a new location. On the desert map the "wood" rows
// apply to whatever the game treats as woods (palm groves, olive groves).
func AirAccuracy(aircraftTQ int, designated, inWood, nearWood bool) Test {
	b := newTest(TableAirAccuracy, "14.9", false)
	b.tq(aircraftTQ)
	b.when(designated, "designated target", 2)
	b.when(inWood, "in a wood", -2)
	b.when(nearWood && !inWood, "within 2 hexes of a wood", -1)
	return b.done()
}

// AirHit is 14.9's To Hit with an Air Attack: ± the aircraft's TQ, −2 for
// rockets, +2 against a building or bridge, +1 against a bunker or Tobruk
// pit. Success hits, Failure no effect.
func AirHit(aircraftTQ int, rockets, building, bunker bool) Test {
	b := newTest(TableAirHit, "14.9", false)
	b.tq(aircraftTQ)
	b.when(rockets, "rockets", -2)
	b.when(building, "target is a building or bridge", 2)
	b.when(bunker, "target is a bunker or Tobruk pit", 1)
	return b.done()
}

// AAFire is 10.24's anti-aircraft fire: Success hits (the target takes
// AAReaction), Failure no effect.
func AAFire(tq int, officerTQ *int, fatigue int) Test {
	b := newTest(TableAAFire, "10.24", false)
	b.tq(tq)
	b.officer(officerTQ)
	b.fatigue(fatigue)
	return b.done()
}

// AAReaction is 10.24's reaction test of the aircraft hit: ± its morale,
// − the highest AAF among the hits. Three bands: Success proceeds; Middle
// driven off (observation aircraft removed for now, air attacks return at
// the end of the turn); Failure destroyed.
func AAReaction(aircraftMorale, highestAAF int) Test {
	b := newTest(TableAAReaction, "10.24", true)
	b.add("morale", aircraftMorale)
	b.add("highest AAF", -highestAAF)
	return b.done()
}
