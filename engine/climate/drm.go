package climate

import (
	"khamsin/engine/dice"
	"khamsin/engine/internal/enum"
	"khamsin/hexmap"
)

// AttackKind is the kind of attack, as the climate rules tell them apart.
type AttackKind uint8

const (
	SmallArms  AttackKind = iota // non-ordnance IFT fire
	OrdnanceTH                   // ordnance To Hit
	OBA                          // off-board artillery
	DC                           // demolition charge
	FT                           // flamethrower
	CC                           // close combat
	Aerial                       // an Aerial unit's ground attack
	numKinds
)

var kindNames = enum.Names[AttackKind]{Of: "attack", Words: []string{"small-arms", "ordnance", "oba", "dc", "ft", "cc", "aerial"}}

func (k AttackKind) String() string { return kindNames.String(k) }

// ParseAttackKind reads the names String prints.
func ParseAttackKind(s string) (AttackKind, error) { return kindNames.Parse(s) }

// Attack is everything the climate rules ask about one attack. The range is
// the hex distance From→To; 0 is Point Blank Fire in the same hex.
type Attack struct {
	Kind         AttackKind
	From, To     hexmap.Hex
	FirerLevel   int // half levels, as hexmap
	TargetLevel  int
	Target       TargetType
	TargetAerial bool // the target is an Aerial unit
	SameBuilding bool // the LOS lies entirely within one building (11.791)

	// ExtensionBlocked answers 11.611's third condition: is the LOS, carried
	// on past the target to the edge of the playing area, blocked by an
	// obstacle two or more levels higher than the target? nil means no.
	// It is called only when every other sun-blindness condition holds.
	ExtensionBlocked func() bool

	// Exit is where the LOS leaves the firer's hex (11.761); when ExitSet is
	// false it is worked out from the centre-to-centre line (ExitOf).
	Exit    Exit
	ExitSet bool

	VehicleDust int  // Vehicle Dust counters the LOS is traced through, below their two-level top (11.74)
	FFEDust     bool // the LOS is traced through a blast hex of FFE of 70mm or more (11.75)
}

// Range is the attack's range in hexes.
func (a Attack) Range() int { return hexmap.Distance(a.From, a.To) }

// RollKind says whether a hindrance still needs a die roll.
type RollKind uint8

const (
	NoRoll  RollKind = iota
	HalfDr           // a subsequent dr, halved, fractions up (Light Dust, 11.71)
	WholeDr          // a subsequent dr as thrown (Moderate Dust, 11.72)
)

var rollNames = [3]string{"", "half-dr", "dr"}

func (r RollKind) String() string { return rollNames[r%3] }

// MarshalText spells the kind for JSON ("half-dr", "dr").
func (r RollKind) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Hindrance is one climate DRM on an attack. When Roll is set the DRM shown
// is only the fixed part; Resolve throws the dr and adds it.
type Hindrance struct {
	Kind   string   `json:"kind"` // sun-blindness, heat-haze, dust, vehicle-dust, ffe-dust, heavy-wind
	DRM    int      `json:"drm"`
	Rule   string   `json:"rule"`
	Roll   RollKind `json:"roll,omitempty"` // still to throw
	Rolled int      `json:"dr,omitempty"`   // the subsequent dr once Resolve has thrown it
}

// DRMs lists every climate DRM in force on an attack, in a fixed order:
// sun blindness, heat haze, dust (the LOS part of Heavy+ dust, then the
// subsequent-dr part), vehicle dust, FFE dust, heavy wind.
//
// Exemptions applied here: CC feels no climate at all (11.792; it is not a
// TH or IFT roll); a LOS wholly inside one building feels none (11.791); an
// attack at range 0 (PBF) feels no dust (11.7). Whether the attack is
// allowed at all is Allowed's question.
func DRMs(env Environment, a Attack) []Hindrance {
	return AppendDRMs(make([]Hindrance, 0, 8), env, a)
}

// AppendDRMs is DRMs appending to dst.
func AppendDRMs(dst []Hindrance, env Environment, a Attack) []Hindrance {
	if a.Kind == CC || a.SameBuilding {
		return dst
	}
	as := Assess(env)
	rng := a.Range()

	if sunBlinds(as, env.North, a) {
		rule := "11.611"
		if as.Sun == SunWest {
			rule = "11.612"
		}
		dst = append(dst, Hindrance{Kind: "sun-blindness", DRM: 2, Rule: rule})
	}

	if as.Haze != NoHaze && a.Kind != OBA && !a.TargetAerial {
		if drm := HeatHazeDRM(as.Haze, rng, a.Target, a.Kind == Aerial); drm > 0 {
			rule := "11.62"
			switch {
			case a.Kind == Aerial:
				rule = "11.622"
			case a.Target == TargetMixed || a.Target == TargetEmpty:
				rule = "11.623"
			case as.Haze == IntenseHaze:
				rule = "11.621"
			}
			dst = append(dst, Hindrance{Kind: "heat-haze", DRM: drm, Rule: rule})
		}
	}

	if rng > 0 {
		switch d := as.Dust; {
		case d >= DustHeavy:
			rule := [3]string{"11.73", "11.731", "11.732"}[d-DustHeavy]
			dst = append(dst,
				Hindrance{Kind: "dust", DRM: HeavyDustLOSDRM(d, rng), Rule: rule},
				Hindrance{Kind: "dust", Rule: rule, Roll: HalfDr})
		case d > DustNone && a.Kind != OBA && a.Kind != DC && a.Kind != FT:
			if d == DustLight {
				dst = append(dst, Hindrance{Kind: "dust", Rule: "11.71", Roll: HalfDr})
			} else {
				dst = append(dst, Hindrance{Kind: "dust", Rule: "11.72", Roll: WholeDr})
			}
		}
		if a.VehicleDust > 0 && as.InForce.Has(RuleVehicleDust) {
			dst = append(dst, Hindrance{Kind: "vehicle-dust", DRM: a.VehicleDust, Rule: "11.74"})
		}
		if a.FFEDust && as.InForce.Has(RuleFFEDust) {
			dst = append(dst, Hindrance{Kind: "ffe-dust", DRM: 1, Rule: "11.75"})
		}
		if as.Dust > DustNone && env.Wind == HeavyWind && a.Kind != Aerial && as.InForce.Has(RuleWindEffects) {
			e, ok := a.Exit, a.ExitSet
			if !ok {
				e, ok = ExitOf(a.From, a.To)
			}
			if ok && IntoWind(e, env.Upwind) {
				dst = append(dst, Hindrance{Kind: "heavy-wind", DRM: 1, Rule: "11.761"})
			}
		}
	}
	return dst
}

// Allowed reports whether the climate permits the attack at all: nothing by
// or against an Aerial unit in Very Heavy or denser dust (11.731).
func Allowed(env Environment, a Attack) (ok bool, rule string) {
	if (a.Kind == Aerial || a.TargetAerial) && !AerialAllowed(env) {
		return false, "11.731"
	}
	return true, ""
}

// Resolve throws the subsequent dr of each hindrance that needs one, with
// the rule as the roll's reason, and returns the hindrances with their
// final DRMs and the total DRM. hs is not modified.
func Resolve(hs []Hindrance, r *dice.Roller) ([]Hindrance, int) {
	out := make([]Hindrance, len(hs))
	total := 0
	for i, h := range hs {
		switch h.Roll {
		case HalfDr:
			h.Rolled = r.Dr(h.Rule + " dust dr (halved, FRU)").Colored
			h.DRM += LightDustDRM(h.Rolled)
		case WholeDr:
			h.Rolled = r.Dr(h.Rule + " dust dr").Colored
			h.DRM += h.Rolled
		}
		h.Roll = NoRoll
		out[i] = h
		total += h.DRM
	}
	return out, total
}

// Total sums the DRMs (fixed parts only for hindrances not yet resolved).
func Total(hs []Hindrance) int {
	t := 0
	for _, h := range hs {
		t += h.DRM
	}
	return t
}
