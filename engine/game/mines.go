package game

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Minefields and fixed defences (F.7–F.7C; seed 002's minefield, Linear
// Fixed Defences and engineering tables), as the game plays them
// (docs/rules.md, "Minefields and obstacles"):
//
//   - A minefield is a hex. Its Known Minefield marker is seen by both
//     sides, its strength (seed 002's Minefield Effectiveness, −2 to +2)
//     and whether it is a Dummy only by its owner until revealed (F.7,
//     F.7B). Hidden mines (F.7C) have no marker until found.
//   - Every ground base that enters a mined hex, friend or foe, takes the
//     Minefield Attack; a hit makes it save: carry on, Pinned outside the
//     hex, or knocked out in it (fire.go's knock-out path).
//   - An enemy base entering a Dummy reveals it (F.7B): it comes off, or
//     stays marked as a Dummy within an F.7A run.
//   - A unit withdrawing after a failed morale test treats the minefields
//     it knows of as impassable (seed 002 Note 3).
//   - Engineers clear minefields and obstacles (`clear B HEX`, 13.4).

// Defences are the minefields and obstacles on the map: the game's one
// field for them (Game.Def).
type Defences struct {
	Mines      []*Minefield
	Obstacles  []*Obstacle
	Structures []*Structure // bunkers and Tobruk pits (structures.go)
	Buildings  []*Building  // the map's buildings and bridges (buildings.go)
}

// Minefield is one hex of mines, or of a Dummy minefield.
type Minefield struct {
	Hex      hexmap.Hex
	Owner    int  // the side that laid it
	Strength int  // Minefield Effectiveness (−2 to +2); nothing for a dummy
	Dummy    bool // F.7B
	Hidden   bool // F.7C hidden mines: the enemy has no marker yet
	Revealed bool // the enemy knows its strength, or that it is a dummy
	Run      bool // part of an F.7A run: a dummy found here stays marked
}

// Obstacle is one fixed defence in a hex.
type Obstacle struct {
	Hex  hexmap.Hex
	Kind move.ObstacleKind
}

// setupDefences places the scenario's [[minefield]] and [[obstacle]]
// entries (validated already).
func (g *Game) setupDefences() error {
	s := g.Scn
	for _, f := range s.Minefields {
		hs, err := scenario.Run(g.Map, f.Hexes, f.From, f.To)
		if err != nil {
			return fmt.Errorf("%s: minefield: %v", s.File, err)
		}
		owner, _ := g.SideIndex(f.Side)
		unmined := map[hexmap.Hex]bool{}
		for _, l := range f.Unmined {
			if h, err := g.Map.Hex(strings.ToUpper(l)); err == nil {
				unmined[h] = true
			}
		}
		for _, h := range hs {
			g.def.Mines = append(g.def.Mines, &Minefield{Hex: h, Owner: owner, Strength: f.Strength,
				Dummy: f.Dummy || unmined[h], Hidden: f.Hidden, Run: f.From != ""})
		}
	}
	g.setupBuildings()
	if err := g.setupStructures(); err != nil {
		return err
	}
	for _, o := range s.Obstacles {
		hs, err := scenario.Run(g.Map, o.Hexes, o.From, o.To)
		if err != nil {
			return fmt.Errorf("%s: obstacle: %v", s.File, err)
		}
		k, err := move.ParseObstacleKind(o.Kind)
		if err != nil {
			return fmt.Errorf("%s: %v", s.File, err)
		}
		for _, h := range hs {
			g.def.Obstacles = append(g.def.Obstacles, &Obstacle{Hex: h, Kind: k})
		}
	}
	return nil
}

// mineAt is the minefield in h, or nil.
func (g *Game) mineAt(h hexmap.Hex) *Minefield {
	for _, m := range g.def.Mines {
		if m.Hex == h {
			return m
		}
	}
	return nil
}

// obstacleAt is the obstacle in h, or nil.
func (g *Game) obstacleAt(h hexmap.Hex) *Obstacle {
	for _, o := range g.def.Obstacles {
		if o.Hex == h {
			return o
		}
	}
	return nil
}

// mineKnown reports whether side knows of a minefield marker in m's hex:
// its own, or an enemy's that is not hidden (F.7C).
func mineKnown(m *Minefield, side int) bool { return m.Owner == side || !m.Hidden }

// mineLooksLive reports whether side must treat m as mines: it knows of
// the marker and has not found it to be a dummy.
func mineLooksLive(m *Minefield, side int) bool {
	if !mineKnown(m, side) {
		return false
	}
	if m.Owner == side {
		return !m.Dummy
	}
	return !(m.Dummy && m.Revealed)
}

// removeMine takes m off the map.
func (g *Game) removeMine(m *Minefield) {
	g.def.Mines = slices.DeleteFunc(g.def.Mines, func(x *Minefield) bool { return x == m })
	g.gen++
}

// obstacleConditions are the obstacles as engine/move prices them.
func (g *Game) obstacleConditions() []move.Obstacle {
	var out []move.Obstacle
	for _, o := range g.def.Obstacles {
		out = append(out, move.Obstacle{Hex: o.Hex, Kind: o.Kind})
	}
	return out
}

// obstacleAbilities marks which fixed defences b may cross: seed 002 Note
// 1 (ditch, dragon's teeth: infantry or cavalry of size 2 or less, or a
// vehicle or weapon of size 0) and Note 2 (wire: fully tracked vehicles
// and fully armoured half-tracks, which our catalogue's armoured class
// stands for).
func obstacleAbilities(u *move.Unit, b *Base) { ObstacleAbilities(u, b.Type) }

// ObstacleAbilities is obstacleAbilities for a catalogue entry t, with no
// game (the designer's reach of a type).
func ObstacleAbilities(u *move.Unit, t *forces.BaseType) {
	c := t.Class
	switch {
	case c == forces.Infantry || c == forces.Cavalry || c == forces.Engineer || c == forces.Officer || c == forces.Observer:
		u.CrossLow = t.Size <= 2
	default:
		u.CrossLow = t.Size == 0
	}
	u.CrushWire = t.Move == move.FullTrack || t.Move == move.HalfTrack && c == forces.Armoured
}

// entry is what happens to b as it enters the hexes of a move: wire to
// crush, mines to cross, dummies to find. It returns the hook engine/move
// calls before each step, and a func to run once the base stands in its
// final hex (a knock-out in a minefield, a cleared wire's new planner).
func (g *Game) entryHook(b *Base, hid bool) (func(int, move.Step) move.Entry, func()) {
	side := b.Unit.Side
	var koIn *hexmap.Hex
	replan := false
	hook := func(_ int, st move.Step) move.Entry {
		h := st.Hex
		go_ := move.EnterGo
		if o := g.obstacleAt(h); o != nil && o.Kind == move.Wire {
			stop, cleared := g.crushWire(b, o, hid)
			replan = replan || cleared
			if stop {
				go_ = move.EnterStop // entangled in the hex: the mines there still attack
			}
		}
		m := g.mineAt(h)
		if m == nil {
			return go_
		}
		if m.Dummy {
			if side != m.Owner && !m.Revealed {
				who := b.ID
				if hid {
					who = "a unit" // F.7B: announced, but a hidden unit stays hidden
				}
				g.log(KindDefences, "F.7B", "%s enters %s: the minefield there is a Dummy", who, h)
				m.Revealed, m.Hidden = true, false
				if !m.Run {
					g.removeMine(m)
				}
				g.gen++
			}
			return go_
		}
		switch g.mineAttack(b, m, hid) {
		case combat.Middle:
			if go_ == move.EnterStop {
				return go_ // already in the wire: Pinned where it stands
			}
			return move.EnterRefused
		case combat.Failure:
			koIn = &h
			return move.EnterStop
		}
		return go_
	}
	after := func() {
		if replan {
			_ = g.replan()
			g.gen++
		}
		if koIn != nil && b.Hex == *koIn && b.OnMap() {
			g.knockOut(b, "knocked out by mines in "+g.Label(*koIn))
		}
	}
	return hook, after
}

// mineAttack is seed 002's Minefield Attack on b entering m's hex and, on
// a hit, its Saving Throw when crossing a Minefield: Success carries on,
// Middle is Pinned and stays out, Failure is knocked out (the caller
// knocks it out once it stands in the hex). The attack roll shows the
// minefield's strength, so while the strength is hidden from the enemy
// (F.7) only the owner reads the roll; the outcome is told to b's side
// (to both when b is in sight). Hidden mines
// that attack are found (F.7C): the marker goes on, strength unrevealed.
func (g *Game) mineAttack(b *Base, m *Minefield, hid bool) combat.Band {
	side := b.Unit.Side
	secret := !m.Revealed // the owner's own bases too: their roll would show the enemy the strength
	atk := combat.MinefieldAttack(m.Strength)
	var band combat.Band
	if secret {
		who := b.ID
		if hid && side != m.Owner {
			who = "a unit" // the owner reads its mines' roll, not who the hidden mover is
		}
		band, _ = g.throw(atk, true, m.Owner, who+" enters the minefield in "+g.Label(m.Hex))
	} else {
		band, _ = g.throw(atk, hid, side, b.ID+" enters the minefield in "+g.Label(m.Hex))
	}
	if m.Hidden && side != m.Owner {
		m.Hidden = false
		g.gen++
		g.log(KindDefences, "F.7C", "hidden mines are found in %s: a Known Minefield marker goes on, its strength unrevealed", m.Hex)
	}
	if band != combat.Success {
		if secret {
			g.logFor(hid, side, KindUnharmed, "Minefields", "%s crosses the minefield in %s safely", b, m.Hex)
		}
		return combat.Success
	}
	if secret {
		g.logFor(hid, side, KindDefences, "Minefields", "the mines in %s hit %s", m.Hex, b)
	}
	in := combat.MinefieldCrossing{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Size: b.Type.Size,
		InfantryOrCavalry: b.Type.Class == forces.Infantry || b.Type.Class == forces.Cavalry || b.Type.Class == forces.Engineer}
	save, _ := g.throw(combat.MinefieldSave(in), hid, side, b.ID+" saves crossing the minefield in "+g.Label(m.Hex))
	switch save {
	case combat.Middle:
		b.Pinned = true
		g.logFor(hid, side, KindPinned, "Minefields", "%s is Pinned and does not enter %s", b, m.Hex)
	case combat.Success:
		g.logFor(hid, side, KindUnharmed, "Minefields", "%s carries on", b)
	}
	return save
}

// crushWire is 13.4's Vehicles crushing Barbed Wire, thrown by a vehicle
// that may cross wire (Note 2) as it enters the wire's hex: on a success
// the wire takes an Engineering Saving Throw against the vehicle's size;
// on a failure the vehicle is Pinned, entangled in the wire: it stops
// there. cleared reports wire crushed flat (the caller replans).
func (g *Game) crushWire(b *Base, o *Obstacle, hid bool) (stop, cleared bool) {
	side := b.Unit.Side
	band, _ := g.throw(combat.CrushWire(b.Unit.TQ, g.officerWith(b)), hid, side, b.ID+" crosses the wire in "+g.Label(o.Hex))
	switch band {
	case combat.Failure:
		b.Pinned = true
		g.logFor(hid, side, KindPinned, "§13.4", "%s's tracks are entangled: it is Pinned in the wire in %s", b, o.Hex)
		return true, false
	case combat.Middle:
		return false, false
	}
	sv, _ := g.throw(combat.EngineeringSave(o.Kind.Toughness(), b.Type.Size, 0), hid, side, "the wire in "+g.Label(o.Hex)+" against "+b.ID)
	if sv == combat.Success {
		return false, false
	}
	g.removeObstacle(o)
	g.logFor(hid, side, KindDefences, "§13.4", "%s crushes the wire in %s", b, o.Hex)
	g.log(KindDefences, "§13.4", "the wire in %s is cleared", o.Hex) // the gap is seen by both sides
	return false, true
}

// removeObstacle takes o off the map (the hex reverts to its terrain,
// 13.4); the caller rebuilds the planner.
func (g *Game) removeObstacle(o *Obstacle) {
	g.def.Obstacles = slices.DeleteFunc(g.def.Obstacles, func(x *Obstacle) bool { return x == o })
	g.gen++
}

// withdrawReach is where b may go when its unit withdraws (12.5): never
// into a minefield its side knows of (seed 002 Note 3).
func (g *Game) withdrawReach(b *Base) (*move.Area, error) {
	side := b.Unit.Side
	if len(g.def.Mines) == 0 {
		return g.plan.Reach(g.moveUnit(b), b.Hex, b.Type.MP*4)
	}
	return g.plan.ReachAvoiding(g.moveUnit(b), b.Hex, b.Type.MP*4, func(h hexmap.Hex) bool {
		m := g.mineAt(h)
		return m != nil && mineLooksLive(m, side)
	})
}

// DefencesView is what a side sees of the minefields, obstacles and
// structures; View embeds it, so in JSON its fields are the view's own.
type DefencesView struct {
	Minefields []MinefieldView `json:"minefields,omitempty"` // F.7–F.7C: only what the side knows
	Obstacles  []ObstacleView  `json:"obstacles,omitempty"`
	Structures []StructureView `json:"structures,omitempty"` // bunkers and Tobruk pits (structures.go)
	Buildings  []BuildingView  `json:"buildings,omitempty"`  // buildings and bridges (buildings.go)
	Forts      []FortView      `json:"forts,omitempty"`      // sangars, trenches and foxholes
}

// FortView is a sangar (8.1), trench (F.1A) or foxhole (7.42) counter of
// the scenario's: a work both sides see, as a bunker, and what makes the
// bases in it entrenched.
type FortView struct {
	Hex  string `json:"hex"`
	Kind string `json:"kind"` // sangar, trench, foxhole
}

// fortViews lists the fort counters still standing, by kind, each in
// the scenario's order.
func (g *Game) fortViews() []FortView {
	var out []FortView
	for _, k := range []struct {
		kind string
		hs   []hexmap.Hex
	}{{"sangar", g.sangars}, {"trench", g.trenches}, {"foxhole", g.foxholes}} {
		for _, h := range k.hs {
			out = append(out, FortView{Hex: g.Label(h), Kind: k.kind})
		}
	}
	return out
}

// defencesView builds side's DefencesView (-1: the umpire).
func (g *Game) defencesView(side int) DefencesView {
	var d DefencesView
	d.Minefields, d.Obstacles = g.defenceViews(side)
	d.Structures = g.structureViews()
	d.Buildings = g.buildingViews()
	d.Forts = g.fortViews()
	return d
}

// MinefieldView is a minefield marker as one side sees it.
type MinefieldView struct {
	Hex      string `json:"hex"`
	Side     string `json:"side"`               // the side that laid it
	Strength *int   `json:"strength,omitempty"` // known: the owner's, or revealed (F.7)
	Dummy    bool   `json:"dummy,omitempty"`    // known to be a dummy (F.7B)
	Hidden   bool   `json:"hidden,omitempty"`   // hidden mines (F.7C): only their owner and the umpire see them
	Revealed bool   `json:"revealed,omitempty"` // the owner's view: the enemy knows what it is
}

// ObstacleView is an obstacle on the map (seen by both sides).
type ObstacleView struct {
	Hex  string `json:"hex"`
	Kind string `json:"kind"`
}

// defenceViews are the markers side sees (-1: the umpire, everything),
// in the map's hex order.
func (g *Game) defenceViews(side int) ([]MinefieldView, []ObstacleView) {
	var ms []MinefieldView
	mines := append([]*Minefield(nil), g.def.Mines...)
	sort.SliceStable(mines, func(i, j int) bool { return g.Map.Index(mines[i].Hex) < g.Map.Index(mines[j].Hex) })
	obs := append([]*Obstacle(nil), g.def.Obstacles...)
	sort.SliceStable(obs, func(i, j int) bool { return g.Map.Index(obs[i].Hex) < g.Map.Index(obs[j].Hex) })
	for _, m := range mines {
		own := side < 0 || side == m.Owner
		if !own && m.Hidden {
			continue
		}
		v := MinefieldView{Hex: g.Label(m.Hex), Side: g.sides[m.Owner].ID}
		if own || m.Revealed {
			if m.Dummy {
				v.Dummy = true
			} else {
				s := m.Strength
				v.Strength = &s
			}
		}
		if own {
			v.Hidden, v.Revealed = m.Hidden, m.Revealed
		}
		ms = append(ms, v)
	}
	var os []ObstacleView
	for _, o := range obs {
		os = append(os, ObstacleView{Hex: g.Label(o.Hex), Kind: o.Kind.String()})
	}
	return ms, os
}

// pathDefences warns of what a previewed move meets on entry that its
// side knows of: minefields it must treat as live (F.7) and wire to cross
// (13.4).
func (g *Game) pathDefences(b *Base, mv *move.Move) []string {
	var out []string
	side := b.Unit.Side
	for _, st := range mv.Steps {
		if st.Action != move.Enter {
			continue
		}
		if o := g.obstacleAt(st.Hex); o != nil && o.Kind == move.Wire {
			out = append(out, g.Label(st.Hex)+": barbed wire — the crushing roll (13.4)")
		}
		if m := g.mineAt(st.Hex); m != nil && mineLooksLive(m, side) {
			out = append(out, g.Label(st.Hex)+": a minefield — the Minefield Attack on entry (F.7)")
		}
	}
	return out
}

// MineStruck is F.7's bomb or artillery attack on a Known minefield (the
// B28.62 K/KIA the desert chapter names), for the artillery and air
// attacks to call when one lands on h: the minefield's effectiveness
// drops by one; below seed 002's −2 its mines are gone and it becomes a
// Dummy (F.7). Its strength stays as revealed or unrevealed as it was; a
// Dummy is unaffected (F.7B). Our decision: one step per such result
// (the seeds give B28.62's factors, not ours). It reports whether h held
// live mines.
func (g *Game) MineStruck(h hexmap.Hex) bool {
	m := g.mineAt(h)
	if m == nil || m.Dummy {
		return false
	}
	m.Strength--
	g.gen++
	if m.Strength < -2 {
		m.Dummy, m.Strength = true, 0
		g.logFor(true, m.Owner, KindDefences, "F.7", "the mines in %s are destroyed: a Dummy is all that is left", h)
		return true
	}
	g.logFor(!m.Revealed, m.Owner, KindDefences, "F.7", "the minefield in %s is thinned: effectiveness %+d", h, m.Strength)
	return true
}
