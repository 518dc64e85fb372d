package climate

import "khamsin/hexmap"

// Vehicle Dust (11.74).
//
// "Enters a new hex at a cost of two MP" we read as "at a cost of two MP or
// less, not counting the towing MP". The rule's own example fits that
// reading and no other sensible one: a vehicle that spends 2 MP to enter a
// smoke hex raises dust behind it, 3 MP (declared on purpose, as the rule
// allows) does not, and a Gun-towing vehicle must spend at least 4 MP there
// to raise none: its 3 MP (1 + SMOKE + towing, 9.2) would still raise dust,
// so the towing MP is left out of the count. The 1 MP entry at the start of
// the example raises none only because a Start MP was spent in the hex it
// left (the first exception). Reading "exactly two" would make the fastest
// (1 MP) movement dustless and let a vehicle raise dust by spending more
// than it must, the opposite of what the declaration allowance is for.

// VehicleEntry is one vehicle entering a new hex.
type VehicleEntry struct {
	SpentHalfMP     int  // MP spent to enter, in half MP (4 = two MP); later spending in the new hex does not count
	StartMPInExited bool // the vehicle spent a Start MP in the hex it just left
	PavedHexside    bool // it left that hex across a paved-road hexside
	ExitedMap       bool // leaving that hex also took it off the playing area
	// Towing a Gun: the towing MP (9.2) does not count toward the two, as
	// the example's towed vehicle needs four MP, not three, to enter the
	// SMOKE hex without raising dust.
	Towing bool
}

// VehicleDustPlaced reports whether the entry puts a Vehicle Dust counter
// at the base level of the hex just left, and if not, why not.
func VehicleDustPlaced(env Environment, e VehicleEntry) (bool, string) {
	switch {
	case !Assess(env).InForce.Has(RuleVehicleDust):
		return false, "11.74: vehicle dust cannot occur (needs a desert board and Dry or Very Dry EC, Very Dry on Steppe; none after rain)"
	case env.Wind == HeavyWind || env.Gusts:
		return false, "11.74: Heavy Wind or Gusts in effect"
	case e.StartMPInExited:
		return false, "11.74: a Start MP was spent in the hex left"
	case e.PavedHexside:
		return false, "11.74: left across a paved-road hexside"
	case e.ExitedMap:
		return false, "11.74: the vehicle left the playing area"
	case e.SpentHalfMP <= 0 || e.SpentHalfMP-towingHalfMP(e.Towing) > 4:
		if e.Towing {
			return false, "11.74: entry cost more than two MP besides the towing MP"
		}
		return false, "11.74: entry cost more than two MP"
	}
	return true, "11.74: entered at two MP or less"
}

// VehicleDust is a Vehicle Dust counter on the map. It is a two-level LOS
// Hindrance treated as Dispersed Smoke, not DLV; we count it +1 per counter
// the LOS is traced through (Attack.VehicleDust).
type VehicleDust struct {
	Hex      hexmap.Hex
	Motion   bool // the reverse (Motion) side is up: its vehicle ended its MPh in Motion
	Disabled bool // its vehicle was destroyed, stunned, shocked or immobilized since
}

// DustEvent is something that may remove a Vehicle Dust counter.
type DustEvent uint8

const (
	VehicleLeavesHex   DustEvent = iota // the vehicle leaves the hex it entered
	WindHeavyGustsRain                  // a Wind Change DR brought Heavy Wind, Gusts or Rain
	FriendlyPFPhStart                   // its owner's next Prep Fire Phase begins
	MPhMPSpent                          // the vehicle began its MPh in Motion and now spends an MP
	VehicleDisabled                     // the vehicle is destroyed, stunned, shocked or immobilized
)

// EndMPh turns the counter to its Motion side when its vehicle ends the MPh
// in Motion (11.74).
func (d *VehicleDust) EndMPh(inMotion bool) { d.Motion = inMotion }

// Removed applies one event and reports whether the counter comes off.
// vehicleInMotion is the vehicle's state when the event happens (read at a
// FriendlyPFPhStart). A disabled vehicle's counter stays until its owner's
// next PFPh begins (or a wind change clears it), as the example says.
func (d *VehicleDust) Removed(ev DustEvent, vehicleInMotion bool) bool {
	switch ev {
	case WindHeavyGustsRain:
		return true
	case VehicleDisabled:
		d.Disabled = true
		return false
	case FriendlyPFPhStart:
		return d.Disabled || !vehicleInMotion
	case VehicleLeavesHex, MPhMPSpent:
		return !d.Disabled
	}
	return false
}

// towingHalfMP is the towing cost (9.2) that 11.74's two MP leave out.
func towingHalfMP(towing bool) int {
	if towing {
		return 2
	}
	return 0
}
