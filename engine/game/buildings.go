package game

import (
	"fmt"
	"strings"

	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Buildings and bridges as structures (seed 002: the summarised shooting
// sequence's steps 2, 3, 6–8, Shooting Saving Throw column G, Close
// Assault's structure save, the Terrain Effects Tables' Building, Bridge,
// Ruins and Burning rows; seed 001 F.1; seed 000 5.51), as the game plays
// them (docs/rules.md, "Structures: bunkers, Tobruk pits, buildings and
// bridges"):
//
//   - Every stone-building hex (F.1: all of board 25's buildings are
//     stone) and every bridge hex (5.51) of the map is a structure from
//     the start; both sides see it, its damage markers and its fate.
//   - Toughness: seed 002 gives T = C, the structure's cover save bonus:
//     a building 4 (its 3-to-6 range's usual value), a bridge 2 (of 1 to
//     3). Our decision: board 25's single-story stone buildings and the
//     wadi road bridge take those usual values.
//   - A direct HE hit on a base in the structure's hex hits the structure
//     too (step 2: direct fire and, our reading, air attacks); area fire
//     rolls to hit every standing structure in its blast area with the
//     +2 for a building or bridge (step 3).
//   - The structure saves on column G (+ toughness, − HE#, −1 per damage
//     marker): 2–5 adds a damage marker, 1 or less demolishes it (step 6).
//   - A demolished building becomes ruins; every base in it takes the
//     occupant's save (TQ, officer, size): 2–5 pinned, 1 or less knocked
//     out (step 7). A flamethrower's close assault that destroys it
//     (Close Assault's structure save against the flamethrower's HE#)
//     leaves burning ruins, and the occupants save at −2.
//   - A destroyed bridge eliminates every base on it (step 8); the hex is
//     a wadi hex again (5.51: a road hex only while the bridge stands):
//     impassable but along the wadi beneath.
//   - Ruins give a cover save bonus of 2 (the building's join no longer
//     applies); burning ruins are impassable (engine/move Blocked).
//     Ruins no longer block LOS: the game's LOS grid is swapped for a copy
//     with the building's level gone and rubble in its place (seed 002:
//     ruins are Low and Obscured); burning ruins block as the building did.

// Building states.
const (
	Standing = ""
	Ruins    = "ruins"
	Burning  = "burning ruins"
	Downed   = "destroyed" // a bridge
)

// Building is a building or bridge hex of the map as a structure.
type Building struct {
	Hex    hexmap.Hex
	Bridge bool
	Damage int    // damage markers
	State  string // Standing, Ruins, Burning or Downed
}

// Toughness is seed 002's T = C: the cover save bonus (our decision above).
func (b *Building) Toughness() int {
	if b.Bridge {
		return 2
	}
	return 4
}

// Kind names the structure.
func (b *Building) Kind() string {
	if b.Bridge {
		return "bridge"
	}
	return "building"
}

// setupBuildings makes every stone-building and bridge hex a structure,
// in the map's hex order.
func (g *Game) setupBuildings() {
	g.def.Buildings = nil
	for _, h := range g.Map.Hexes() {
		t := g.Map.Terrain(h)
		switch {
		case t.Has(hexmap.Bridge):
			g.def.Buildings = append(g.def.Buildings, &Building{Hex: h, Bridge: true})
		case t.Cover == hexmap.Building:
			g.def.Buildings = append(g.def.Buildings, &Building{Hex: h})
		}
	}
}

// buildingAt is the building or bridge in h, whatever its state, or nil.
func (g *Game) buildingAt(h hexmap.Hex) *Building {
	for _, b := range g.def.Buildings {
		if b.Hex == h {
			return b
		}
	}
	return nil
}

// standingAt is the standing building or bridge in h, or nil.
func (g *Game) standingAt(h hexmap.Hex) *Building {
	if b := g.buildingAt(h); b != nil && b.State == Standing {
		return b
	}
	return nil
}

// ruinCSB is a base's cover save bonus in h: 2 in ruins (seed 002's
// Ruins row), else csb.
func (g *Game) ruinCSB(h hexmap.Hex, csb int) int {
	if b := g.buildingAt(h); b != nil && (b.State == Ruins || b.State == Burning) {
		return 2
	}
	return csb
}

// structureHit is step 6: bd's column G save against HE# he.
func (g *Game) structureHit(bd *Building, he int, why string) {
	save := combat.ShootingSave(combat.Save{Column: 'G', Toughness: bd.Toughness(), Damage: bd.Damage, HEHit: true, HE: he})
	band, _ := g.throw(save, false, -1, fmt.Sprintf("the %s in %s saves, %s", bd.Kind(), g.Label(bd.Hex), why))
	switch band {
	case combat.Success:
		g.log(KindUnharmed, cite002(save.Rule), "the %s in %s stands", bd.Kind(), bd.Hex)
	case combat.Middle:
		bd.Damage++
		g.gen++
		g.log(KindStructure, cite002(save.Rule), "the %s in %s takes a damage marker (%d)", bd.Kind(), bd.Hex, bd.Damage)
	default:
		g.collapse(bd, false)
	}
}

// collapse demolishes bd: a bridge falls with every base on it (step 8); a
// building becomes ruins, burning after a flamethrower, and its occupants
// save (step 7).
func (g *Game) collapse(bd *Building, flame bool) {
	g.gen++
	on := g.basesIn(bd.Hex)
	if bd.Bridge {
		bd.State = Downed
		g.log(KindStructure, "§10.8 step 8", "the bridge in %s is destroyed: the hex is impassable but along the wadi beneath (5.51)", bd.Hex)
		for _, b := range on {
			g.hushed(g.unseen(b), b.Unit.Side, func() { g.knockOut(b, "eliminated with the bridge (§10.8 step 8)") })
		}
	} else {
		bd.State = Ruins
		if flame {
			bd.State = Burning
		}
		g.log(KindStructure, "§10.8 step 7", "the building in %s collapses: %s", bd.Hex, bd.State)
		if bd.State == Ruins {
			// ruins are Low and Obscured: the LOS grid loses the building's
			// level (a copy: other games keep theirs); burning ruins block
			g.grid = g.grid.WithRuins([]hexmap.Hex{bd.Hex})
		}
		for _, b := range on {
			save := combat.OccupantSave(combat.Save{Column: b.Type.Class.SaveColumn(), TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Size: b.Type.Size, FlamethrowerBuilding: flame})
			g.hushed(g.unseen(b), b.Unit.Side, func() { g.saveOrSuffer(b, save, "caught in the collapse of "+g.Label(bd.Hex), "") })
		}
	}
	_ = g.replan()
}

// basesIn lists the effective bases in h not carried, in g.Bases order.
func (g *Game) basesIn(h hexmap.Hex) []*Base {
	var out []*Base
	for _, b := range g.bases {
		if b.Effective() && b.Carrier == nil && b.Hex == h {
			out = append(out, b)
		}
	}
	return out
}

// blockedConditions are the ruins and fallen bridges engine/move must
// refuse.
func (g *Game) blockedConditions() []move.Blocked {
	var out []move.Blocked
	for _, b := range g.def.Buildings {
		switch b.State {
		case Burning:
			out = append(out, move.Blocked{Hex: b.Hex, Why: "seed 002 Terrain Effects: burning ruins are impassable"})
		case Downed:
			out = append(out, move.Blocked{Hex: b.Hex, Wadi: true, Why: "seed 002 Terrain Effects: a destroyed bridge is impassable (only the wadi beneath stays open, 5.51)"})
		}
	}
	return out
}

// flameHE is the HE# of a's flamethrower, or 0.
func (g *Game) flameHE(a *Base) int {
	he := 0
	for _, id := range a.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok && w.Kind == forces.Flame && w.HE > he {
			he = w.HE
		}
	}
	return he
}

// assaultBuilding is Close Assault's structure save for a building or
// bridge assaulted by a flamethrower (11.9–.10, against its HE#): 5 or
// less destroys it, leaving burning ruins.
func (g *Game) assaultBuilding(a *Base, bd *Building) {
	he := g.flameHE(a)
	test := combat.CloseAssaultStructureSave(combat.AssaultStructure{Toughness: bd.Toughness(), Factor: he, Damage: bd.Damage})
	if band, _ := g.throw(test, false, -1, fmt.Sprintf("the %s in %s saves against %s's flamethrower", bd.Kind(), g.Label(bd.Hex), a.ID)); band == combat.Success {
		g.log(KindUnharmed, "§11.10", "the %s in %s stands", bd.Kind(), bd.Hex)
		return
	}
	g.collapse(bd, !bd.Bridge)
}

// BuildingView is a building or bridge as both sides see it.
type BuildingView struct {
	Hex       string `json:"hex"`
	Kind      string `json:"kind"`
	Toughness int    `json:"toughness"`
	Damage    int    `json:"damage,omitempty"`
	State     string `json:"state,omitempty"` // ruins, burning ruins, destroyed
}

func (g *Game) buildingViews() []BuildingView {
	var out []BuildingView
	for _, b := range g.def.Buildings {
		out = append(out, BuildingView{Hex: g.Label(b.Hex), Kind: b.Kind(), Toughness: b.Toughness(), Damage: b.Damage, State: b.State})
	}
	return out
}

// ffeStructures is §10.8 step 3 for a fire for effect: every standing
// building and bridge in the blast area is rolled for on To Hit with
// Artillery (Area) Fire with the +2 for a building or bridge; a hit takes
// the structure's save against the battery's HE#.
func (g *Game) ffeStructures(bt *Battery, aim hexmap.Hex, r int, pre bool) {
	in := g.areaFireInput(bt, pre)
	in.TargetBuilding = true
	hit := combat.AreaFireHit(in)
	for _, bd := range g.def.Buildings {
		if bd.State != Standing || hexmap.Distance(bd.Hex, aim) > r {
			continue
		}
		if band, _ := g.throw(hit, false, -1, fmt.Sprintf("battery %s's fire for effect at the %s in %s", bt.ID, bd.Kind(), g.Label(bd.Hex))); band != combat.Success {
			g.log(KindUnharmed, RuleArea, "the %s in %s is not hit", bd.Kind(), bd.Hex)
			continue
		}
		g.structureHit(bd, g.batteryHE(bt), "hit by battery "+bt.ID)
	}
}

// Direct fire at a building or bridge (§10.8's "+2 target is a building
// or bridge" row): `fire B HEX` names a standing building or bridge the
// firer sees. Only HE harms a structure (small arms, AP and HC never do),
// so the firer needs an HE weapon in range (an HE gun, or an AP gun's HE
// round); a hit goes straight to the structure's column G save (step 6),
// and a building or bridge brought down falls as any other (steps 7, 8).

// structureTarget reads a fire command's target as a map hex holding a
// standing building or bridge.
func (g *Game) structureTarget(label string) (*Building, bool) {
	h, err := g.Map.Hex(strings.ToUpper(label))
	if err != nil || !g.Map.Contains(h) {
		return nil, false
	}
	bd := g.standingAt(h)
	return bd, bd != nil
}

// planFireAt checks b's direct fire at the structure bd.
func (g *Game) planFireAt(b *Base, bd *Building) (*shot, error) {
	what := fmt.Sprintf("the %s in %s", bd.Kind(), g.Label(bd.Hex))
	if !b.Effective() {
		return nil, fmt.Errorf("fire %s: it is not in play", b.ID)
	}
	rng := hexmap.Distance(b.Hex, bd.Hex)
	if rng < 1 {
		return nil, fmt.Errorf("fire %s %s: it stands in %s", b.ID, g.Label(bd.Hex), what)
	}
	var best *forces.Weapon
	for _, id := range b.Type.Weapons {
		w, ok := g.Cat.Weapon(id)
		if !ok || w.HE <= 0 || !(w.Kind == forces.HE || w.HEToo) || rng > weaponRange(w) {
			continue
		}
		if b.Crest && w.Kind != forces.SmallArms && w.Kind != forces.ATR && w.Kind != forces.HC {
			continue // 6.13
		}
		if best == nil || w.HE > best.HE {
			best = w
		}
	}
	if best == nil {
		return nil, fmt.Errorf("fire %s %s: only HE harms %s, and %s has no HE weapon in range (%d hexes)", b.ID, g.Label(bd.Hex), what, b.ID, rng)
	}
	if !g.seesThrough(g.loc(b), g.grid.At(bd.Hex)) {
		return nil, fmt.Errorf("fire %s %s: %s cannot see %s (check with khamsin los)", b.ID, g.Label(bd.Hex), b.ID, what)
	}
	if s := g.shelterOf(b); s != nil && !inArc(s, bd.Hex) {
		return nil, fmt.Errorf("fire %s %s: %s fires only through its %s's firing arc", b.ID, g.Label(bd.Hex), b.ID, s.Kind)
	}
	return &shot{weapon: best, rng: rng}, nil
}

// structureAnswer is the desert's answer for b's HE shot at the structure
// bd: the one shot builder (shot.go) at the structure's hex, an empty
// target for heat haze (11.623).
func (g *Game) structureAnswer(b *Base, bd *Building) attack.Answer {
	env := g.env
	var a attack.Answer
	g.withChecker(func(c *los.Checker) {
		a = attack.Resolve(g.grid, c, &env, g.ShotAt(g.loc(b), ShotTarget{Loc: g.grid.At(bd.Hex), HeatHaze: climate.TargetEmpty}, attack.Ordnance, true, 0))
	})
	return a
}

// fireAtStructureTest is §10.8 for b's shot at bd, with the +2 row.
func (g *Game) fireAtStructureTest(b *Base, bd *Building, s *shot, dustDr []int) (combat.Test, string) {
	ans := g.structureAnswer(b, bd)
	if !ans.Clear {
		return combat.Test{}, "blocked"
	}
	hind, total := hindranceMods(ans, dustDr)
	return combat.ToHitDirect(combat.DirectFire{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Weapon: forces.HE,
		RangeHexes: s.rng, MaxRangeHexes: weaponRange(s.weapon), HindranceDRM: total, Hindrances: hind, TargetBuilding: true}), ""
}

// doFireAt resolves b's direct fire at the structure bd: §10.8 with +2,
// then column G (structureHit).
func (g *Game) doFireAt(b *Base, bd *Building) {
	s, err := g.planFireAt(b, bd)
	if err != nil {
		g.logFor(g.unseen(b), b.Unit.Side, KindFire, "", "%s cannot fire: %v", b, err)
		return
	}
	g.reveal(b.Unit, "opens fire")
	g.firedBy(b)
	g.log(KindFire, "§10.8", "%s fires %s at the %s in %s, range %d", b, s.weapon.Name, bd.Kind(), bd.Hex, s.rng)
	var dr []int
	for _, h := range g.structureAnswer(b, bd).Hindrances {
		if h.Roll != "" {
			dr = append(dr, g.d6(h.Rule, "dust dr for "+b.ID+"'s shot"))
		}
	}
	hit, blocked := g.fireAtStructureTest(b, bd, s, dr)
	if blocked != "" {
		g.log(KindFire, "§10.8", "the shot is %s", blocked)
		return
	}
	if band, _ := g.throw(hit, false, b.Unit.Side, fmt.Sprintf("%s to hit the %s in %s", b.ID, bd.Kind(), g.Label(bd.Hex))); band != combat.Success {
		g.log(KindUnharmed, "§10.8", "missed")
		return
	}
	g.structureHit(bd, s.weapon.HE, "hit by "+b.ID+"'s HE")
}

// firesHE reports a base with a weapon that fires HE directly: the only
// bases that may shoot at a building or bridge (Legal asks it first, to
// spare the LOS checks).
func (g *Game) firesHE(b *Base) bool {
	for _, id := range b.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok && w.HE > 0 && (w.Kind == forces.HE || w.HEToo) {
			return true
		}
	}
	return false
}
