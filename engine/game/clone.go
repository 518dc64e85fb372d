package game

import "slices"

// Clone returns an independent copy of the game: commands given to either
// never change the other, and both throw the same dice from here on. It is
// what the computer's lookahead plays forward on.
//
// What never changes during a game is shared: the scenario, catalogue and
// map, the base types, the LOS grid (a ruined building makes a new one) and
// the movement planner (replaced whole when its counters change). The log,
// the command list and the hashes are shared up to their length and capped
// there, so an append by either copies: an event is never changed once the
// command that logged it has ended (privatize only touches the current
// command's events). Everything else is copied, and every pointer between
// units, bases and activations is pointed at the copy.
// TestCloneSharesNothingMutable checks that by walking both games.
func (g *Game) Clone() *Game {
	c := *g
	c.rc = &readCache{}
	c.dice = g.dice.Clone()

	unitOf := make(map[*Unit]*Unit, len(g.Units)+8)
	baseOf := make(map[*Base]*Base, len(g.Bases))
	units := make([]Unit, len(g.Units))
	bases := make([]Base, len(g.Bases))
	for i, b := range g.Bases {
		bases[i] = *b
		baseOf[b] = &bases[i]
	}
	c.Units = make([]*Unit, len(g.Units))
	for i, u := range g.Units {
		units[i] = *u
		nu := &units[i]
		unitOf[u] = nu
		c.Units[i] = nu
	}
	unit := func(u *Unit) *Unit {
		if u == nil {
			return nil
		}
		if nu, ok := unitOf[u]; ok {
			return nu
		}
		// a stand-in of an off-table battery or aircraft (artillery.go)
		nu := new(Unit)
		*nu = *u
		nu.Bases = slices.Clone(u.Bases)
		unitOf[u] = nu
		return nu
	}
	base := func(b *Base) *Base {
		if b == nil {
			return nil
		}
		return baseOf[b]
	}
	c.Bases = make([]*Base, len(g.Bases))
	for i := range bases {
		nb := &bases[i]
		nb.Unit = unit(nb.Unit)
		nb.Carrier = base(nb.Carrier)
		c.Bases[i] = nb
	}
	for _, nu := range c.Units {
		nu.Bases = remap(nu.Bases, base)
	}

	for i, s := range g.Sides {
		ns := *s
		c.Sides[i] = &ns
	}
	c.Objs = make([]*Objective, len(g.Objs))
	for i, o := range g.Objs {
		no := *o
		c.Objs[i] = &no
	}
	c.Smoke = slices.Clone(g.Smoke)
	c.Dust = slices.Clone(g.Dust)
	c.Sangars = slices.Clone(g.Sangars)
	c.Foxholes = slices.Clone(g.Foxholes)
	c.Trenches = slices.Clone(g.Trenches)
	c.Wrecks = slices.Clone(g.Wrecks)
	c.Def = Defences{
		Mines:      clonePtrs(g.Def.Mines),
		Obstacles:  clonePtrs(g.Def.Obstacles),
		Structures: clonePtrs(g.Def.Structures),
		Buildings:  clonePtrs(g.Def.Buildings),
	}

	c.Events = slices.Clip(g.Events)
	c.Cmds = slices.Clip(g.Cmds)
	c.cmdBy = slices.Clip(g.cmdBy)
	c.obs = [2]*Observation{{g: &c, side: 0}, {g: &c, side: 1}}
	c.hashes = slices.Clip(g.hashes)

	c.Art = g.Art.clone(unit)
	c.air = airState{Sorties: clonePtrs(g.air.Sorties)}
	for _, s := range c.air.Sorties {
		if s.Target != nil {
			t := *s.Target
			s.Target = &t
		}
	}

	if g.Open != nil {
		o := *g.Open
		o.Unit = unit(o.Unit)
		o.lost = remap(o.lost, unit)
		c.Open = &o
	}
	if g.toggled != nil {
		c.toggled = make(map[*Unit]bool, len(g.toggled))
		for u, v := range g.toggled {
			c.toggled[unit(u)] = v
		}
	}
	c.pendingMorale = remap(g.pendingMorale, unit)

	c.units = make(map[string]*Unit, len(g.units))
	for id, u := range g.units {
		c.units[id] = unit(u)
	}
	c.bases = make(map[string]*Base, len(g.bases))
	for id, b := range g.bases {
		c.bases[id] = base(b)
	}
	return &c
}

// clone copies the fire support, pointing its units at the clone's.
func (a Artillery) clone(unit func(*Unit) *Unit) Artillery {
	n := a
	batOf := make(map[*Battery]*Battery, len(a.Batteries))
	n.Batteries = make([]*Battery, len(a.Batteries))
	for i, bt := range a.Batteries {
		nb := *bt
		nb.Unit, nb.stand = unit(bt.Unit), unit(bt.stand)
		if bt.OfficerTQ != nil {
			tq := *bt.OfficerTQ
			nb.OfficerTQ = &tq
		}
		batOf[bt] = &nb
		n.Batteries[i] = &nb
	}
	n.Aircraft = make([]*Aircraft, len(a.Aircraft))
	for i, ac := range a.Aircraft {
		na := *ac
		na.stand = unit(ac.stand)
		n.Aircraft[i] = &na
	}
	n.Barrages = slices.Clone(a.Barrages)
	for i := range n.Barrages {
		if bt, ok := batOf[n.Barrages[i].Battery]; ok {
			n.Barrages[i].Battery = bt
		}
	}
	n.FFEDust = slices.Clone(a.FFEDust)
	return n
}

// clonePtrs copies each pointed-to value.
func clonePtrs[T any](xs []*T) []*T {
	if xs == nil {
		return nil
	}
	out := make([]*T, len(xs))
	for i, x := range xs {
		v := *x
		out[i] = &v
	}
	return out
}

// remap points each element at its copy.
func remap[T any](xs []*T, f func(*T) *T) []*T {
	if xs == nil {
		return nil
	}
	out := make([]*T, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
