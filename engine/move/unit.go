package move

import (
	"fmt"

	"khamsin/engine/internal/enum"
)

// Kind is one of the brief's eight unit types. The Desert Terrain Chart
// prices movement by these columns (2.21, 3.3, 7.3).
type Kind uint8

const (
	Infantry Kind = iota
	Cavalry
	Wagon // animal-drawn transport (5.63), a "vehicle" only where a rule says so (7.31)
	FullTrack
	HalfTrack
	ArmoredCar
	Motorcycle
	Truck
	numKinds
)

var kindNames = enum.Names[Kind]{Of: "unit", Words: []string{"infantry", "cavalry", "wagon", "fulltrack", "halftrack", "armored-car", "motorcycle", "truck"}}

func (k Kind) String() string { return kindNames.String(k) }

// withArticle names the type in prose, with its article: "an armored car",
// "a truck", "infantry".
func (k Kind) withArticle() string {
	switch k {
	case Infantry, Cavalry:
		return k.String()
	case ArmoredCar:
		return "an armored car"
	case FullTrack:
		return "a fully tracked vehicle"
	}
	return "a " + k.String()
}

// Kinds lists every unit type in chart order.
func Kinds() []Kind {
	out := make([]Kind, numKinds)
	for i := range out {
		out[i] = Kind(i)
	}
	return out
}

// ParseKind reads the names String prints.
func ParseKind(s string) (Kind, error) { return kindNames.Parse(s) }

// Motorized reports a motor vehicle: every type but infantry, cavalry and
// wagons. These pay vehicle costs (ascending 4 MP, hillocks 6.3, deir Lip
// hexsides 4.3), change VCA and raise Vehicle Dust (11.74).
func (k Kind) Motorized() bool { return k >= FullTrack }

// OnFoot reports the types that spend MF and climb like men and horses:
// infantry, cavalry and wagons (6.3, 9.1).
func (k Kind) OnFoot() bool { return k <= Wagon }

// Units names what the type spends: MF for men and horses, MP for
// vehicles.
func (k Kind) Units() string {
	if k.OnFoot() {
		return "MF"
	}
	return "MP"
}

// AFV reports the armoured types (fully tracked, halftrack, armored car),
// the only ones that can be buttoned up (11.731).
func (k Kind) AFV() bool { return k == FullTrack || k == HalfTrack || k == ArmoredCar }

// Pressure is a vehicle's ground pressure (7.31).
type Pressure uint8

const (
	NormalPressure Pressure = iota
	LowPressure
	HighPressure
)

var pressureNames = enum.Names[Pressure]{Of: "ground pressure", Words: []string{"normal", "low", "high"}}

func (p Pressure) String() string { return pressureNames.String(p) }

// ParsePressure reads low, normal or high.
func ParsePressure(s string) (Pressure, error) { return pressureNames.Parse(s) }

// TruckClass is a truck's size: Medium and Heavy non-British trucks fare
// worse on hammada and sand (3.31, 7.31).
type TruckClass uint8

const (
	MediumTruck TruckClass = iota // the default: the desert's 3-ton lorry
	LightTruck
	HeavyTruck
)

var truckNames = enum.Names[TruckClass]{Of: "truck class", Words: []string{"medium", "light", "heavy"}}

func (c TruckClass) String() string { return truckNames.String(c) }

// ParseTruckClass reads light, medium or heavy.
func ParseTruckClass(s string) (TruckClass, error) { return truckNames.Parse(s) }

// Unit is what moves: its type and the traits the movement rules ask about.
// The zero values are documented defaults: the type's allowance, normal
// ground pressure, a medium truck, not British, not towing, CE.
type Unit struct {
	Kind      Kind
	Allowance MP // MF/MP allotment; 0 means DefaultAllowance(Kind)
	Pressure  Pressure
	Truck     TruckClass // trucks only
	British   bool
	Towing    bool // towing a Gun (vehicles)
	BU        bool // buttoned up (AFV only, 11.731)
	// Small: a vehicle with a +2 size modifier, such as a Jeep; like a
	// motorcycle it may pass vehicles and wrecks along a wadi (5.3).
	Small bool
	// CrossLow: may cross an anti-tank ditch or dragon's teeth (seed 002
	// Note 1: infantry or cavalry of size 2 or less, size-0 vehicles and
	// weapons). CrushWire: may cross barbed wire (Note 2: fully tracked
	// vehicles and fully armoured half-tracks). The game sets both.
	CrossLow, CrushWire bool
}

// passesInWadi reports a vehicle that may pass others along a wadi (5.3).
func (u Unit) passesInWadi() bool { return u.Kind == Motorcycle || u.Small }

// defaultAllowance is our data for each type's MF/MP allotment (see
// docs/rules.md, "Allowances"): infantry 6 MF, enough for every
// infantry example in the seeds (7.511's squad spends 5); cavalry 12 MF and
// wagons 8 MF from seed 002's cross-country rates relative to infantry
// (30 cm and 20 cm against 15 cm); the fully tracked 13 MP and
// the armored car 34 MP of the F.2 example (PzKpfw IIIL, PSW 222(L)); the
// brief's 30 MP truck; halftrack 16 MP and motorcycle 30 MP by decision.
var defaultAllowance = [numKinds]MP{
	Infantry: Whole(6), Cavalry: Whole(12), Wagon: Whole(8),
	FullTrack: Whole(13), HalfTrack: Whole(16), ArmoredCar: Whole(34),
	Motorcycle: Whole(30), Truck: Whole(30),
}

// DefaultAllowance is the MF/MP allotment a type has unless told otherwise.
func DefaultAllowance(k Kind) MP {
	if k < numKinds {
		return defaultAllowance[k]
	}
	return 0
}

// Allotment is the unit's MF/MP allotment.
func (u Unit) Allotment() MP {
	if u.Allowance > 0 {
		return u.Allowance
	}
	return DefaultAllowance(u.Kind)
}

// FullyTracked reports a fully-tracked vehicle (3.31, 7.31).
func (u Unit) FullyTracked() bool { return u.Kind == FullTrack }

// mdHvNonBritishTruck is 3.31's and 7.31's "Md/Hv non British Truck".
func (u Unit) mdHvNonBritishTruck() bool {
	return u.Kind == Truck && !u.British && (u.Truck == MediumTruck || u.Truck == HeavyTruck)
}

// Validate reports traits that make no sense for the type.
func (u Unit) Validate() error {
	switch {
	case u.Kind >= numKinds:
		return fmt.Errorf("unit: unknown type %d", u.Kind)
	case u.BU && !u.Kind.AFV():
		return fmt.Errorf("unit: a %s is not an AFV and cannot be buttoned up", u.Kind)
	case u.Towing && !u.Kind.Motorized():
		return fmt.Errorf("unit: a %s cannot tow a Gun", u.Kind)
	case u.Small && !u.Kind.Motorized():
		return fmt.Errorf("unit: only a vehicle has a size modifier (5.3), not %s", u.Kind)
	case u.Allowance < 0:
		return fmt.Errorf("unit: negative allowance %s", u.Allowance)
	}
	return nil
}

func (u Unit) String() string {
	s := u.Kind.String()
	if u.Kind == Truck {
		s = u.Truck.String() + " " + s
	}
	if u.British {
		s = "British " + s
	}
	if u.Towing {
		s += " towing a Gun"
	}
	if u.BU {
		s += " (BU)"
	}
	if u.Small && u.Kind != Motorcycle {
		s += " (size +2)"
	}
	return s
}
