// Package attack gives one answer for an attack: whether the firer sees the
// target and what hinders the shot (engine/los), every arid-climate DRM in
// force (engine/climate), and the target's protection (engine/protect), each
// entry with its rule number. It is the one place the three meet, so the
// command line, the GUI and the combat procedure all see the same answer.
package attack

import (
	"khamsin/engine/climate"
	"khamsin/engine/internal/enum"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// Kind is an attack kind as the player names it. The climate and protection
// rules each tell fewer kinds apart; Kind maps onto both.
type Kind uint8

const (
	SmallArms   Kind = iota // small arms and MG (non-ordnance IFT)
	Ordnance                // ordnance To Hit, direct
	Indirect                // ordnance fired indirectly (mortars): a To Hit DR too
	OBA                     // off-board artillery
	Bombardment             // pre-game bombardment
	DC                      // demolition charge
	FT                      // flamethrower
	CC                      // close combat
	OVR                     // vehicle overrun
	Aerial                  // an Aerial unit's ground attack
	numKinds
)

var kindNames = enum.Names[Kind]{Of: "attack", Words: []string{"small-arms", "ordnance", "indirect", "oba", "bombardment", "dc", "ft", "cc", "ovr", "aerial"}}

func (k Kind) String() string { return kindNames.String(k) }

// ParseKind reads the names String prints.
func ParseKind(s string) (Kind, error) { return kindNames.Parse(s) }

// climateKind is how section 11 sees the attack: indirect ordnance still
// rolls To Hit; a bombardment is exempt like OBA; an overrun is IFT fire.
func (k Kind) climateKind() climate.AttackKind {
	return [numKinds]climate.AttackKind{
		SmallArms: climate.SmallArms, Ordnance: climate.OrdnanceTH, Indirect: climate.OrdnanceTH,
		OBA: climate.OBA, Bombardment: climate.OBA, DC: climate.DC, FT: climate.FT, CC: climate.CC,
		OVR: climate.SmallArms, Aerial: climate.Aerial,
	}[k]
}

// protectKind is how the protection rules see it: an aircraft's ground
// attack is direct fire at a target it sees (our decision, docs/rules.md).
func (k Kind) protectKind() protect.Kind {
	return [numKinds]protect.Kind{
		SmallArms: protect.SmallArms, Ordnance: protect.Ordnance, Indirect: protect.Indirect,
		OBA: protect.OBA, Bombardment: protect.Bombardment, DC: protect.DC, FT: protect.FT, CC: protect.CC,
		OVR: protect.OVR, Aerial: protect.SmallArms,
	}[k]
}

// Shot is one attack to answer.
type Shot struct {
	Kind      Kind
	HE        bool // ordnance/OBA firing HE (3.4, 7.4)
	CalibreMM int  // for 8.41
	Firer     protect.Unit
	Target    protect.Unit
	TargetAs  climate.TargetType // how heat haze sees the target (11.623)
	Aerial    bool               // the target is an Aerial unit
	SameBuild bool               // the LOS lies within one building (11.791)
	Dust      []los.Dust         // Vehicle and FFE Dust counters in play
	Vehicles  []los.Vehicle      // AFVs and wrecks on the map (4.51, 6.52)
	Smoke     []hexmap.Hex       // SMOKE counters: they block the LOS (seed 002 Note 3)
}

// Answer is the whole answer: the LOS part in the brief's shape, plus the
// protection modifiers and the joins to seed 002's dice.
type Answer struct {
	los.Answer
	Protection []protect.Modifier `json:"protection"`
	TEM        int                `json:"tem"`        // total desert TEM
	ToHit      int                `json:"to_hit"`     // seed 002 d10 to-hit modifier: −(hindrance DRM)
	CoverSave  int                `json:"cover_save"` // seed 002 Cover Save Bonus: +TEM
	Prohibited string             `json:"prohibited"` // the rule forbidding the attack outright, or ""
}

// MaxRange is the longest range at which an attack of kind k may be made,
// or -1 for no limit of its own. Close Combat and a Demolition Charge reach
// the target's own hex or an adjacent one: range 0 or 1 (LOS-13; the
// seeds set no range for either).
func (k Kind) MaxRange() int {
	if k == CC || k == DC {
		return 1
	}
	return -1
}

// InRange reports whether an attack of kind k may be made at range rng,
// and the rule that says so when it may not.
func InRange(k Kind, rng int) (ok bool, rule string) {
	if limit := k.MaxRange(); limit >= 0 && rng > limit {
		return false, "LOS-13"
	}
	return true, ""
}

// Resolve answers one attack on g's map. env may be nil (no climate in
// force: Vehicle and FFE Dust counters are then taken as given).
//
// An attack the rules forbid outright (beyond its kind's range, LOS-13;
// by or on an Aerial unit in Very Heavy Dust, 11.731) has Prohibited set
// to the rule, and its answer is blocked at the firer's hex by "range" or
// "climate" under that rule.
func Resolve(g *los.Grid, c *los.Checker, env *climate.Environment, s Shot) Answer {
	m := g.Map()
	dust := s.Dust
	if s.Kind == CC {
		dust = nil // dust of no type or level affects CC (11.792)
	} else if env != nil && len(dust) > 0 {
		dust = applicableDust(*env, dust)
	}
	res := c.Check(los.Query{From: s.Firer.Loc, To: s.Target.Loc, Dust: dust, Vehicles: s.Vehicles, Smoke: s.Smoke})
	ans := Answer{Answer: res.Answer(m), Protection: []protect.Modifier{}}
	prohibit := func(kind, rule string) {
		at := m.Label(s.Firer.Loc.Hex)
		ans.Prohibited = rule
		ans.Clear, ans.BlockedAt, ans.BlockedBy = false, &at, &los.BlockedBy{Kind: kind, Rule: rule}
		ans.Hindrances, ans.DRM = []los.AnswerHindrance{}, 0
	}
	if ok, rule := InRange(s.Kind, res.Range); !ok {
		prohibit("range", rule)
	}
	if env != nil {
		a := climate.Attack{
			Kind: s.Kind.climateKind(), From: s.Firer.Loc.Hex, To: s.Target.Loc.Hex,
			FirerLevel: s.Firer.Loc.Level, TargetLevel: s.Target.Loc.Level,
			Target: s.TargetAs, TargetAerial: s.Aerial, SameBuilding: s.SameBuild,
			ExtensionBlocked: func() bool { return c.ExtensionBlocked(s.Firer.Loc, s.Target.Loc) },
		}
		for _, h := range climate.DRMs(*env, a) {
			ans.AddHindrances(los.AnswerHindrance{Kind: h.Kind, DRM: h.DRM, Rule: h.Rule, Roll: h.Roll.String()})
		}
		if ok, rule := climate.Allowed(*env, a); !ok && ans.Prohibited == "" {
			prohibit("climate", rule)
		}
	}
	cond := protect.Conditions{}
	if env != nil {
		cond.WetOrMud = env.EC == climate.ECWet || env.EC == climate.ECMud || env.MudExists()
	}
	ans.Protection = append(ans.Protection, protect.Modifiers(g, s.Firer, s.Target,
		protect.Attack{Kind: s.Kind.protectKind(), HE: s.HE, CalibreMM: s.CalibreMM}, cond)...)
	ans.TEM = protect.TEM(ans.Protection)
	ans.ToHit = los.ToHitModifier(ans.DRM)
	ans.CoverSave = protect.CoverSaveBonus(ans.Protection)
	return ans
}

// applicableDust keeps the Vehicle and FFE Dust counters that can exist
// under env (11.74, 11.75 with 11.1's conditions); the others have no effect.
func applicableDust(env climate.Environment, dust []los.Dust) []los.Dust {
	in := climate.Assess(env).InForce
	out := make([]los.Dust, 0, len(dust))
	for _, d := range dust {
		if d.FFE && in.Has(climate.RuleFFEDust) || !d.FFE && in.Has(climate.RuleVehicleDust) {
			out = append(out, d)
		}
	}
	return out
}
