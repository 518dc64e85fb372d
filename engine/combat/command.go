package combat

import (
	"fmt"

	"khamsin/engine/scale"
)

// Table names (Test.Table) of the command tables.
const (
	TableOrders     = "7.2 Orders per Officer"
	TableInitiative = "7.1 Initiative"
	TableSpot       = "4.6 Spot a Contact Marker"
	TableDigIn      = "7.6 Dig-In"
	TableRally      = "12.4 Rally"
	TableMorale     = "12.5 Morale Test"
	TableManHandle  = "9.4 Man-handling Weapons"
)

// OfficerOrders is 7.2's roll for one officer on the table and not pinned:
// d10 ± the officer's TQ, +1 for a motorised officer. Read the final score
// with OrdersFor, not with Result.
func OfficerOrders(officerTQ int, motorised bool) Test {
	b := newTest(TableOrders, "7.2", false)
	b.tq(officerTQ)
	b.when(motorised, "motorised officer", 1)
	return b.done()
}

// OrdersFor is 7.2's number of Orders for a final score: 4 or less 1,
// 5–7 2, 8–9 3, 10 or more 4.
func OrdersFor(final int) int {
	switch {
	case final <= 4:
		return 1
	case final <= 7:
		return 2
	case final <= 9:
		return 3
	}
	return 4
}

// OrdersChances are the exact chances of 1, 2, 3 and 4 Orders from an
// OfficerOrders test (index 0 is one Order).
func OrdersChances(t Test) [4]float64 {
	var n [4]int
	for d := 1; d <= 10; d++ {
		n[OrdersFor(t.Final(d))-1]++
	}
	var c [4]float64
	for i := range n {
		c[i] = float64(n[i]) / 10
	}
	return c
}

// Initiative is 7.1 step 4: d10 ± the total TQ of the side's unpinned
// officers, one line per officer (an officer of TQ 0 is listed: it was
// counted). The side with the higher Final wins; the table has no bands.
// Seed 002 says equal dice have "additional effects" without giving them:
// what a tie does is the game's decision, not this table's.
func Initiative(officerTQs []int) Test {
	b := newTest(TableInitiative, "7.1", false)
	for i, tq := range officerTQs {
		b.add(fmt.Sprintf("officer %d TQ", i+1), tq)
	}
	return b.done()
}

// Spot describes a unit trying to reveal a contact marker (4.6).
type Spot struct {
	TQ        int
	OfficerTQ *int // attached unpinned officer, or nil
	Recon     bool // the spotter is a reconnaissance unit: +2
	Fatigue   int
	// EnclosedAFV: the spotter is, or rides in, a fully enclosed armoured
	// vehicle: −2, except for reconnaissance units, officers and OP units.
	EnclosedAFV      bool
	ReconOfficerOrOP bool // the spotter is an officer or OP (or recon): no −2
}

// SpotContact is 4.6: Success reveals the contact marker; Failure has no
// effect.
func SpotContact(s Spot) Test {
	b := newTest(TableSpot, "4.6", false)
	b.tq(s.TQ)
	b.officer(s.OfficerTQ)
	b.when(s.Recon, "reconnaissance unit", 2)
	b.fatigue(s.Fatigue)
	b.when(s.EnclosedAFV && !s.Recon && !s.ReconOfficerOrOP, "enclosed armoured vehicle", -2)
	return b.done()
}

// VisibilityCM is 6.4's distance at which a concealed base of this size
// can be seen: size 0 30 cm, 1 40, 2 50, 3 60, over 3 or a contact marker
// 70 cm. A negative size reads as 0.
func VisibilityCM(size int, contact bool) int {
	switch {
	case contact || size > 3:
		return 70
	case size < 0:
		return 30
	}
	return 30 + 10*size
}

// VisibilityHexes is VisibilityCM through the scale join: 6, 8, 10, 12 and
// 14 hexes.
func VisibilityHexes(size int, contact bool) int {
	return scale.Hexes(VisibilityCM(size, contact))
}

// DigIn describes a unit trying to dig in (7.6).
type DigIn struct {
	TQ              int
	OfficerTQ       *int
	ReconOrObserver bool // +1
	Engineer        bool // combat engineers: +2
	EngineerNear    bool // friendly combat engineers within 2 hexes (10 cm): +1, not for engineers
	Fatigue         int
	// BadGround: seed 002's bog, marsh, mud, soft sand, snow or paddy: −1.
	// On the desert map that is a mud hex, or sand the game treats as soft.
	BadGround bool
	Size      int
	// DesertDRM is the desert entrenching penalty already joined to a d10
	// modifier (protect.DigInModifier(protect.EntrenchingDRM(..)), e.g. −2
	// for F.1B); listed when non-zero. DesertRule is its rule ("F.1B"),
	// "F.1B" when empty. Sand's 7.421 gives 0 there, so a sand hex's −1
	// here (BadGround) is not counted twice.
	DesertDRM  int
	DesertRule string
}

// DigInTest is 7.6: Success makes the unit concealed with a Cover Save
// Bonus of 2; Failure has no effect.
func DigInTest(d DigIn) Test {
	b := newTest(TableDigIn, "7.6", false)
	b.tq(d.TQ)
	b.officer(d.OfficerTQ)
	b.when(d.ReconOrObserver, "reconnaissance or observer", 1)
	b.when(d.Engineer, "combat engineers", 2)
	b.when(d.EngineerNear && !d.Engineer, "combat engineers within 2 hexes", 1)
	b.fatigue(d.Fatigue)
	b.when(d.BadGround, "bad ground (mud, soft sand)", -1)
	b.add(WhatSize, -d.Size)
	if d.DesertDRM != 0 {
		rule := d.DesertRule
		if rule == "" {
			rule = "F.1B"
		}
		b.addRule("desert entrenching", d.DesertDRM, rule+" via the dig-in join")
	}
	return b.done()
}

// DigInCSB is the Cover Save Bonus a successful dig-in gives (7.6).
const DigInCSB = 2

// Morale describes a unit testing its morale (12.4, 12.5).
type Morale struct {
	Morale int
	// OfficerMorale: the morale ratings of the unpinned officers within 4
	// hexes (20 cm) or attached; one line each.
	OfficerMorale []int
	Fatigue       int  // Rally only: 12.5 has no fatigue row
	Weakened      bool // −2 (also for its attached command bases)
}

func morale(b *builder, m Morale) {
	b.add("morale", m.Morale)
	for i, om := range m.OfficerMorale {
		b.add(fmt.Sprintf("officer %d morale", i+1), om)
	}
}

// Rally is 12.4: Success removes every Pinned marker from the unit (or an
// unattached command base); Failure has no effect. Seed 002 prints the
// Weakened row without its sign; it is −2 as on 12.5.
func Rally(m Morale) Test {
	b := newTest(TableRally, "12.4", false)
	morale(b, m)
	b.fatigue(m.Fatigue)
	b.when(m.Weakened, "weakened", -2)
	return b.done()
}

// MoraleTest is 12.5, three bands: Success carries on; Middle withdraws
// 2d6 hexes (MoraleWithdrawHexes), surrendering if it cannot or is
// immobile; Failure routs or surrenders, and attached command bases take
// the Command Base Saving Throw. Fatigue is not on this table: m.Fatigue
// is ignored.
func MoraleTest(m Morale) Test {
	b := newTest(TableMorale, "12.5", true)
	morale(b, m)
	b.when(m.Weakened, "weakened", -2)
	return b.done()
}

// MoraleWithdrawHexes is 12.5's withdrawal of 2d6 × 5 cm in hexes: the
// 2d6 total itself.
func MoraleWithdrawHexes(twoD6 int) int { return scale.Hexes(twoD6 * 5) }

// ManHandle describes a unit man-handling its weapons (9.4).
type ManHandle struct {
	TQ          int
	OfficerTQ   *int
	Road        bool // all movement on a road: +1
	BadGoing    bool // any movement in bad going: −2
	Fatigue     int
	NoTow       bool // no towing vehicle present: − size of the largest weapon
	LargestSize int
}

// ManHandling is 9.4: Success lets the bases turn and/or move up to
// ManHandleHexes (staying in command); Failure: the unit may not move.
func ManHandling(m ManHandle) Test {
	b := newTest(TableManHandle, "9.4", false)
	b.tq(m.TQ)
	b.officer(m.OfficerTQ)
	b.when(m.Road, "all on road", 1)
	b.when(m.BadGoing, "bad going", -2)
	b.fatigue(m.Fatigue)
	b.when(m.NoTow, "no tow: largest weapon's size", -m.LargestSize)
	return b.done()
}

// FootMoveCM is 9.1's movement rate shared by infantry, man-handled
// weapons and Contact Markers: 15 cm.
const FootMoveCM = 15

// FootMoveHexes is FootMoveCM through the scale join (5 cm = 1 hex,
// rounded up): 3 hexes, the one conversion for all three.
var FootMoveHexes = scale.Hexes(FootMoveCM)

// ManHandleHexes is 9.4's man-handled move: 9.1's 15 cm, FootMoveHexes.
var ManHandleHexes = FootMoveHexes
