package game

import (
	"fmt"
	"slices"
	"strings"

	"khamsin/engine/combat"
	"khamsin/hexmap"
)

// Bunkers and 'Tobruk pits' (seed 002: §10.8's +1, Shooting Saving Throw
// column E, Close Assault's firing-arc rows and its structure save), as
// the game plays them (docs/rules.md, "Structures: bunkers, Tobruk pits, buildings and bridges"):
//
//   - A structure is a counter in a hex owned by a side; the owner's
//     bases there that are not vehicles are its occupants.
//   - A shot at an occupant is a shot at the structure: +1 to hit (§10.8),
//     and the save is column E — the occupant's TQ and officer, + the
//     structure's toughness, − HE#, −1 per damage marker (small arms and
//     AP do nothing to it): 2–5 adds a damage marker, 1 or less destroys
//     it and knocks the occupant out.
//   - Close assault on an occupant: +1 through the structure's firing arc,
//     −2 through any other; the save is Close Assault's structure save
//     (TQ, officer, toughness, − the attacking factor, − damage): 5 or
//     less destroys it, knocking the occupant out.
//   - An occupant fires only through the firing arc.
//   - Decisions (the rows for bunkers are lost from our copy of the Area
//     Fixed Defences table): a bunker's toughness is 5, a Tobruk pit's 3;
//     a bunker's firing arc is the half-plane of its facing hexside and the
//     two beside it (as a vehicle's front); a Tobruk pit's round mouth
//     fires all round.

// Structure is a bunker or Tobruk pit on the map.
type Structure struct {
	Hex    hexmap.Hex
	Kind   string // "bunker" or "tobruk"
	Owner  int
	Facing hexmap.Dir // a bunker's firing arc faces this hexside
	Damage int        // damage markers
}

// StructureToughness is a structure's toughness (our decision, above).
func StructureToughness(kind string) int {
	if kind == "bunker" {
		return 5
	}
	return 3
}

// setupStructures places the scenario's [[structure]] entries.
func (g *Game) setupStructures() error {
	for _, s := range g.Scn.Structures {
		h, err := g.Map.Hex(strings.ToUpper(s.Hex))
		if err != nil {
			return fmt.Errorf("%s: structure: %v", g.Scn.File, err)
		}
		owner, _ := g.SideIndex(s.Side)
		st := &Structure{Hex: h, Kind: s.Kind, Owner: owner}
		if s.Facing != "" {
			if f, err := g.Map.Hex(strings.ToUpper(s.Facing)); err == nil {
				st.Facing, _ = h.DirTo(f)
			}
		}
		g.def.Structures = append(g.def.Structures, st)
	}
	return nil
}

// shelterOf is the structure b occupies, or nil: a base of its owner, not
// a vehicle, not carried, in its hex.
func (g *Game) shelterOf(b *Base) *Structure {
	if b.Type.Class.Vehicle() || b.Carrier != nil {
		return nil
	}
	for _, s := range g.def.Structures {
		if s.Hex == b.Hex && s.Owner == b.Unit.Side {
			return s
		}
	}
	return nil
}

// inArc reports h within s's firing arc.
func inArc(s *Structure, h hexmap.Hex) bool {
	if s.Kind != "bunker" || h == s.Hex {
		return true
	}
	return inFrontArc(s.Hex, s.Facing, h) // the arc's one rule (arc.go)
}

// arcError refuses fire from a structure at a target outside its arc.
func (g *Game) arcError(b, t *Base) error {
	if s := g.shelterOf(b); s != nil && !inArc(s, t.Hex) {
		return fmt.Errorf("fire %s %s: %s fires only through its %s's firing arc (toward %s)", b.ID, t.ID, b.ID, s.Kind, g.Label(s.Hex.Neighbor(s.Facing)))
	}
	return nil
}

// shelterSave is the column E save of occupant t hit in structure s: 2–5
// a damage marker, 1 or less the structure destroyed and t knocked out.
func (g *Game) shelterSave(t *Base, s *Structure, save combat.Test, why, cause string) {
	band, _ := g.throw(save, false, t.Unit.Side, fmt.Sprintf("%s's %s in %s saves, %s", t.ID, s.Kind, g.Label(s.Hex), why))
	switch band {
	case combat.Success:
		g.log(KindUnharmed, cite002(save.Rule), "the %s in %s holds", s.Kind, s.Hex)
	case combat.Middle:
		s.Damage++
		g.gen++
		g.log(KindStructure, cite002(save.Rule), "the %s in %s takes a damage marker (%d)", s.Kind, s.Hex, s.Damage)
	default:
		g.destroyStructure(s)
		g.knockOutBy(t, "knocked out with its "+s.Kind, cause)
	}
}

// destroyStructure removes s.
func (g *Game) destroyStructure(s *Structure) {
	g.def.Structures = slices.DeleteFunc(g.def.Structures, func(x *Structure) bool { return x == s })
	g.gen++
	g.log(KindStructure, "§10.8", "the %s in %s is destroyed", s.Kind, s.Hex)
}

// assaultArc is Close Assault's firing-arc row against an occupant of s
// assaulted from h: +1 through the arc, −2 through another; 0 when the
// target is not sheltered.
func assaultArc(s *Structure, h hexmap.Hex) int {
	if s == nil {
		return 0
	}
	if inArc(s, h) {
		return 1
	}
	return -2
}

// shelterAssaultSave is Close Assault's structure save for t in s against
// attacker a (11.10): 5 or less destroys it and knocks t out.
func (g *Game) shelterAssaultSave(t, a *Base, s *Structure) {
	caf, pen, squish := g.caFactors(a, t)
	factor := max(caf, pen, squish)
	test := combat.CloseAssaultStructureSave(combat.AssaultStructure{Bunker: true, TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t),
		Toughness: StructureToughness(s.Kind), Factor: factor, Damage: s.Damage})
	if band, _ := g.throw(test, false, t.Unit.Side, fmt.Sprintf("%s's %s in %s saves against the assault", t.ID, s.Kind, g.Label(s.Hex))); band == combat.Success {
		g.log(KindUnharmed, "§11.10", "the %s in %s holds", s.Kind, s.Hex)
		return
	}
	g.destroyStructure(s)
	g.knockOutBy(t, "knocked out with its "+s.Kind+" in close assault", "assault")
}

// StructureView is a structure as both sides see it (a bunker is plain
// to see once its occupants are; our decision: structures are always seen).
type StructureView struct {
	Hex    string `json:"hex"`
	Kind   string `json:"kind"`
	Side   string `json:"side"`
	Facing string `json:"facing,omitempty"`
	Damage int    `json:"damage,omitempty"`
}

func (g *Game) structureViews() []StructureView {
	var out []StructureView
	for _, s := range g.def.Structures {
		v := StructureView{Hex: g.Label(s.Hex), Kind: s.Kind, Side: g.sides[s.Owner].ID, Damage: s.Damage}
		if s.Kind == "bunker" {
			v.Facing = g.Label(s.Hex.Neighbor(s.Facing))
		}
		out = append(out, v)
	}
	return out
}
