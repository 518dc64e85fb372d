package move

import (
	"fmt"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// CheckKind is the kind of DR a move calls for.
type CheckKind uint8

const (
	HammadaImmobilization CheckKind = iota // 3.31, 3.32
	SandBog                                // 7.31
	MudBog                                 // 11.8: desert mud
	Bog                                    // 13.1 broken ground, 13.6 vineyard: a Bog hex
)

var checkNames = [4]string{"hammada-immobilization", "sand-bog", "mud-bog", "bog"}

func (c CheckKind) String() string { return checkNames[c%4] }

// Rule is the rule number the check is made under.
func (c CheckKind) Rule() string {
	switch c {
	case HammadaImmobilization:
		return "3.31"
	case SandBog:
		return "7.31"
	case MudBog:
		return "11.8"
	}
	return "13.1"
}

// MarshalText spells the kind as the move command's JSON does.
func (c CheckKind) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Check is one Immobilization/Bog DR a move calls for, with its DRM terms.
type Check struct {
	Hex   hexmap.Hex
	Kind  CheckKind
	DRM   int
	Why   []string // each DRM term and the reason for the check, with rules
	Cause string   // "entered", "changed VCA"
}

// how the vehicle came to be asked: by entering the hex or by changing VCA
// in it (3.31, 7.31), and how it entered.
type checkCtx struct {
	vca     bool
	trackRd bool // it entered along a track or road (3.31, 7.31 EXC; 9.2)
	paved   bool // along a paved road (11.8)
	crest   bool // it entered across a Dune Crest hexside (7.31)
	doubled bool // it spent twice the MP needed to enter (3.31)
}

// checks lists, in resolution order, the DRs a unit must make in hex i:
// Hammada Immobilization first, Sand Bog only after passing it (7.31), then
// mud (11.8) and plain Bog hexes (13.1, 13.6).
func (p *Planner) checks(u *Unit, i int, c checkCtx) []Check {
	k := u.Kind
	if !k.Motorized() && k != Wagon {
		return nil
	}
	t := p.c.Terrain(i)
	cause, where := "entered", "entered"
	if c.vca {
		cause, where = "changed VCA", "changed VCA in"
	}
	var out []Check
	mud := p.desertMud && openNoDesertGround(t) && p.accessible(i, hexmap.Hammada) && !c.paved

	// 3.31/3.32: not fully tracked motor vehicles (wagons are not named).
	if k.Motorized() && !u.FullyTracked() && !c.trackRd {
		inHam := t.Has(hexmap.Hammada)
		nextTo := !inHam && openNoDesertGround(t) && p.accessible(i, hexmap.Hammada)
		if nextTo && mud && k != Motorcycle {
			nextTo = false // 11.8: such hexes cause no Hammada Immobilization in mud
		}
		if inHam || nextTo {
			ch := Check{Hex: p.c.Hex(i), Kind: HammadaImmobilization, Cause: cause}
			if inHam {
				ch.Why = append(ch.Why, where+" a hammada hex (3.31)")
			} else {
				ch.Why = append(ch.Why, where+" an open ground hex Accessible to hammada (3.31)")
			}
			if u.mdHvNonBritishTruck() || k == Motorcycle {
				ch.DRM++
				ch.Why = append(ch.Why, "+1 Md/Hv non-British truck or motorcycle (3.31)")
			}
			if !c.doubled {
				ch.DRM++
				ch.Why = append(ch.Why, "+1 did not expend twice the MP needed to enter (3.31)")
			}
			if nextTo {
				ch.DRM--
				ch.Why = append(ch.Why, "-1 in open ground Accessible to hammada (3.31)")
			}
			out = append(out, ch)
		}
	}

	// 7.31: every vehicle, wagons included, motorcycles excluded.
	if k != Motorcycle && !c.trackRd {
		inSand := t.Has(hexmap.Sand)
		nextTo := !inSand && sandOpenGround(t) && p.accessible(i, hexmap.Sand)
		if inSand || nextTo {
			ch := Check{Hex: p.c.Hex(i), Kind: SandBog, Cause: cause}
			if inSand {
				ch.Why = append(ch.Why, where+" a sand hex (7.31)")
			} else {
				ch.Why = append(ch.Why, where+" an open ground hex Accessible to sand (7.31)")
			}
			ch.DRM += pressureDRM(u, &ch.Why, "7.31")
			if u.mdHvNonBritishTruck() {
				ch.DRM++
				ch.Why = append(ch.Why, "+1 non-British Md/Hv truck (7.31)")
			}
			if c.crest && !c.vca {
				ch.DRM++
				ch.Why = append(ch.Why, "+1 entered across a Dune Crest hexside (7.31)")
			}
			if nextTo {
				ch.DRM--
				ch.Why = append(ch.Why, "-1 in open ground Accessible to sand (7.31)")
			}
			if p.cond.wetSand() {
				ch.DRM--
				ch.Why = append(ch.Why, "-1 EC Wet or Mud (7.31)")
			}
			out = append(out, ch)
		}
	}

	// 11.8: in mud only open ground Accessible to hammada counts as a hex
	// entered for Bog; a track does not help, only a paved road (9.2, 11.8).
	if mud && k != Motorcycle && !c.vca {
		ch := Check{Hex: p.c.Hex(i), Kind: MudBog, Cause: cause,
			Why: []string{cause + " open ground Accessible to hammada during Mud (11.8)"}}
		ch.DRM += pressureDRM(u, &ch.Why, "decision")
		out = append(out, ch)
	}

	// 13.1 broken ground and 13.6 vineyards are Bog hexes; a motorcycle
	// makes 3.32's DR instead on broken ground.
	if (t.Cover == hexmap.BrokenGround || t.Cover == hexmap.Vineyard) && !c.vca {
		rule := "13.1"
		if t.Cover == hexmap.Vineyard {
			rule = "13.6"
		}
		if k == Motorcycle {
			if t.Cover == hexmap.BrokenGround && !c.trackRd {
				out = append(out, Check{Hex: p.c.Hex(i), Kind: HammadaImmobilization, Cause: cause, DRM: 1,
					Why: []string{cause + " broken ground: 3.32 still applies (13.1)", "+1 motorcycle (3.31)"}})
			}
		} else {
			ch := Check{Hex: p.c.Hex(i), Kind: Bog, Cause: cause, Why: []string{fmt.Sprintf("%s a Bog hex (%s)", cause, rule)}}
			ch.DRM += pressureDRM(u, &ch.Why, "decision")
			out = append(out, ch)
		}
	}
	return out
}

// pressureDRM is 7.31's ground pressure and tracks terms; we reuse them for
// mud and plain Bog hexes, whose own DRMs are outside the seeds.
func pressureDRM(u *Unit, why *[]string, rule string) int {
	d := 0
	switch u.Pressure {
	case HighPressure:
		d += 2
		*why = append(*why, "+2 High Ground Pressure ("+rule+")")
	case NormalPressure:
		d++
		*why = append(*why, "+1 Normal Ground Pressure ("+rule+")")
	}
	if !u.FullyTracked() {
		d++
		*why = append(*why, "+1 not fully tracked ("+rule+")")
	}
	return d
}

// openNoDesertGround is open ground that is not scrub, hammada or sand: the
// only open ground that counts next to hammada (2.2, 3.2, 7.2, 11.8).
func openNoDesertGround(t hexmap.Terrain) bool {
	return t.Cover.IsOpenGround() && t.Flags&(hexmap.Scrub|hexmap.Hammada|hexmap.Sand) == 0
}

// sandOpenGround is open ground for Sand Bog: scrub counts, hammada and
// sand do not (7.511's first example, 3.2).
func sandOpenGround(t hexmap.Terrain) bool {
	return t.Cover.IsOpenGround() && t.Flags&(hexmap.Hammada|hexmap.Sand) == 0
}

// Outcome is what a resolved check did to the vehicle.
type Outcome uint8

const (
	Passed      Outcome = iota
	Immobilized         // 3.31: Final DR ≥ 12
	Bogged              // 7.31, 11.8, 13.1, 13.6: Final DR ≥ 12
	Dismounted          // 3.32: a motorcycle's Final DR 12
	Eliminated          // 3.32: Final DR ≥ 13, rider dismounted and motorcycle eliminated
)

var outcomeNames = [5]string{"passed", "immobilized", "bogged", "dismounted", "dismounted-eliminated"}

func (o Outcome) String() string { return outcomeNames[o%5] }

// MarshalText spells the outcome for JSON.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Resolved is one check thrown.
type Resolved struct {
	Check   Check
	Roll    dice.Roll
	Final   int
	Outcome Outcome
}

// Resolve throws the checks in order through r, every DR logged with its
// rule and hex, and stops at the first that stops the vehicle: a later
// check is made only after passing the earlier ones (7.31).
func Resolve(m *hexmap.Map, u Unit, cs []Check, r *dice.Roller) []Resolved {
	var out []Resolved
	for _, c := range cs {
		rule := c.Kind.Rule()
		roll := r.DR(fmt.Sprintf("%s %s in %s", rule, c.Kind, m.Label(c.Hex)))
		res := Resolved{Check: c, Roll: roll, Final: roll.Total() + c.DRM}
		switch {
		case c.Kind == HammadaImmobilization && u.Kind == Motorcycle:
			switch {
			case res.Final == 12:
				res.Outcome = Dismounted
			case res.Final >= 13:
				res.Outcome = Eliminated
			}
		case c.Kind == HammadaImmobilization && res.Final >= 12:
			res.Outcome = Immobilized
		case res.Final >= 12:
			res.Outcome = Bogged
		}
		out = append(out, res)
		if res.Outcome != Passed {
			break
		}
	}
	return out
}
