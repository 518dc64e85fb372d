// Package forces is the unit catalogue: every kind of base (squad, team,
// gun, vehicle, officer, observer) the desert war of 1940–43 puts on the
// map, with the seed-002 ratings its tables ask for and the desert ratings
// the movement rules ask for, and every weapon those bases carry. The data
// lives in embedded TOML (assets/catalogue, described in docs/formats.md);
// this package reads and lints it. Ratings are original values.
package forces

import "khamsin/engine/move"

// Class is what a base is, as seed 002's tables tell bases apart: it picks
// the saving-throw column (A–G), what may control an objective (16.11),
// what gives an Order (7.2) and what counts as a combat unit (16.12).
type Class uint8

const (
	Infantry  Class = iota // rifle sections, MG and anti-tank rifle teams: save A
	Cavalry                // save A
	Engineer               // combat engineers: save A, +2 to dig in (7.6)
	Gun                    // deployed artillery, anti-tank and AA guns, mortars, HMGs on tripods: save B
	Armoured               // tanks, armoured cars, armoured halftracks and carriers: save D
	Combat                 // unarmoured combat vehicles (portées, gun trucks): save C
	Transport              // unarmoured transports and tows (seed 002 §5.7): save F
	Officer                // command bases: the Command Base Saving Throw (2.5)
	Observer               // OP units: a command base that calls for fire
	NumClasses
)

// SaveColumn is a seed-002 Shooting Saving Throw column.
type SaveColumn byte // 'A'..'G'

// WeaponKind is how a weapon's shot is resolved (10.8 and the saving throws).
type WeaponKind uint8

const (
	SmallArms WeaponKind = iota // rifles, SMGs, LMGs: FPF against soft targets
	MG                          // machine guns: FPF, vehicle MG ranges from the MG table
	AP                          // armour-piercing gun rounds: PEN, range modifier
	HC                          // hollow-charge (HC weapons table): PEN, 70 cm cap
	ATR                         // anti-tank rifles: PEN, no range modifier
	HE                          // high explosive fired direct: HE#, no range modifier
	Mortar                      // indirect only (the fire-support issue): HE#
	Flame                       // flamethrowers (close assault)
	NumWeaponKinds
)

// HCMaxRangeCM is 10.8's cap on hollow-charge fire: 70 cm, even from
// high ground. It is the one place the cap is written (lint, the game's
// range, the range modifier and the AI all read it).
const HCMaxRangeCM = 70

// MaxRangeCM is the weapon's maximum range in cm: its RangeCM, capped at
// HCMaxRangeCM for a hollow charge (10.8).
func (w *Weapon) MaxRangeCM() int {
	if w.Kind == HC && w.RangeCM > HCMaxRangeCM {
		return HCMaxRangeCM
	}
	return w.RangeCM
}

// Weapon is one weapon's ratings. Ranges are seed 002's centimetres; the
// scale join (engine/scale) turns them into hexes.
type Weapon struct {
	ID      string
	Name    string
	Kind    WeaponKind
	RangeCM int // maximum range in cm (0: close assault only)
	PEN     int // penetration (AP, HC, ATR); 0 otherwise
	HE      int // HE# (HE, Mortar; also an AP gun's HE round if HEToo)
	FPF     int // fire-power factor against soft targets (SmallArms, MG)
	CAF     int // close-assault attack factor when used in close assault
	// HEToo: an AP gun that also fires HE (its HE# is HE): the firer picks
	// the round that suits the target.
	HEToo bool
	Line  int // line in the catalogue file, for lint messages

	File  string // the catalogue file it came from
	Mount string // vehicle MGs: the row of the vehicle MG table (its RangeCM is that row's)
	HCRow string // HC weapons: the ID of its row in the HC weapons table

	rangeLine, mountLine, hcLine int // where those keys are, for lint
}

// BaseType is one catalogue entry: a kind of base and its ratings.
type BaseType struct {
	ID     string
	Name   string
	Nation string // "british" (Commonwealth), "german", "italian"
	Class  Class
	Recon  bool // a reconnaissance unit (+2 to spot, 4.6; +1 to dig in, 7.6)
	Sniper bool // a sniper: fires on seed 002's sniper tables, not §10.8

	TQ     int // troop quality: ± on most d10 rolls
	Morale int // morale rating (12.4, 12.5)
	Size   int // 0–4: visibility (6.4), saves (+Size), dig-in (−Size)

	ArmourFront int  // save D against AP/HC from the front arc
	ArmourSide  int  // save D from the side/rear, and against HE
	Enclosed    bool // a fully enclosed armoured vehicle (−2 to spot, 4.6)

	Move      move.Kind     // the desert movement type
	MP        move.MP       // MF/MP allotment per activation (half-MP units)
	Pressure  move.Pressure // ground pressure (7.31)
	Truck     move.TruckClass
	Motorised bool     // a motorised officer (+1 on the Orders table, 7.2)
	Weapons   []string // weapon IDs, primary first
	CAF       int      // close-assault attack factor of the base itself
	Squish    int      // a vehicle's 'squish' factor in close assault
	AAF       int      // anti-aircraft factor (10.24)
	Capacity  int      // passenger bases it can carry (0: none)
	Tow       int      // largest gun size it can tow (0: none)
	DVP       int      // desert victory points when lost (F.3, F.3A)
	Line      int      // line in the catalogue file

	File string // the catalogue file it came from
	Note string // free text: what the entry stands for, sources, caveats
	// DVPUnloaded is F.3A's variable DVP: the value while the vehicle's
	// removable gun is unloaded (2 for an AFV, 1 otherwise); 0 when F.3A
	// does not apply and DVP always holds.
	DVPUnloaded int
	// RoadCM, CrossCM and BadCM are seed 002's movement in cm on roads,
	// cross country and in bad going, kept as data where the seed gives
	// them (the generic soft-skins of §5.7); MP follows from CrossCM
	// (docs/formats.md, "Unit catalogue"). 0: not given.
	RoadCM, CrossCM, BadCM int
	Cost                   int // seed 002's point cost where the seed gives one (§5.7)
}

// Catalogue is the whole unit catalogue.
type Catalogue struct {
	Weapons map[string]*Weapon
	Types   map[string]*BaseType
	// HC lists the HC weapons table; VehicleMG the vehicle machine-gun
	// ranges table (seed 002). Both are data too.
	HC        []HCRow
	VehicleMG []MGRow
	// Aircraft are the Close Air Support aircraft (14.9), by ID.
	Aircraft map[string]*Aircraft
}

// HCRow is one row of seed 002's HC weapons table.
type HCRow struct {
	ID      string // "piat", "guns-68-86": what a weapon's hc key names
	Weapon  string
	RangeCM int // 0: n/a (guns) or close assault only
	Dice    int // d6 thrown for PEN (1 or 2)
	Plus    int // added to the dice
	CAOnly  bool
	// MinMM and MaxMM bound the calibre of the guns rows (HC rounds
	// fired by guns); 0 for the infantry weapons.
	MinMM, MaxMM int
	Line         int
}

// MGRow is one row of seed 002's vehicle machine-gun range table.
type MGRow struct {
	Mount   string // ball, fixed, coax, deck, flexible, flexible-heavy, turret-heavy
	RangeCM int
	Line    int
}
