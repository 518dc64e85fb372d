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
	c.logs = g.logs.clone()
	c.dice = g.dice.Clone()

	unitOf := make(map[*Unit]*Unit, len(g.units)+8)
	baseOf := make(map[*Base]*Base, len(g.bases))
	units := make([]Unit, len(g.units))
	bases := make([]Base, len(g.bases))
	for i, b := range g.bases {
		bases[i] = *b
		baseOf[b] = &bases[i]
	}
	c.units = make([]*Unit, len(g.units))
	for i, u := range g.units {
		units[i] = *u
		nu := &units[i]
		unitOf[u] = nu
		c.units[i] = nu
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
	c.bases = make([]*Base, len(g.bases))
	for i := range bases {
		nb := &bases[i]
		nb.Unit = unit(nb.Unit)
		nb.Carrier = base(nb.Carrier)
		c.bases[i] = nb
	}
	for _, nu := range c.units {
		nu.Bases = remap(nu.Bases, base)
	}

	for i, s := range g.sides {
		ns := *s
		c.sides[i] = &ns
	}
	c.objs = make([]*Objective, len(g.objs))
	for i, o := range g.objs {
		no := *o
		c.objs[i] = &no
	}
	c.smoke = slices.Clone(g.smoke)
	c.dust = slices.Clone(g.dust)
	c.sangars = slices.Clone(g.sangars)
	c.foxholes = slices.Clone(g.foxholes)
	c.trenches = slices.Clone(g.trenches)
	c.wrecks = slices.Clone(g.wrecks)
	c.def = Defences{
		Mines:      clonePtrs(g.def.Mines),
		Obstacles:  clonePtrs(g.def.Obstacles),
		Structures: clonePtrs(g.def.Structures),
		Buildings:  clonePtrs(g.def.Buildings),
	}

	c.events = slices.Clip(g.events)
	c.cmds = slices.Clip(g.cmds)
	c.cmdBy = slices.Clip(g.cmdBy)
	c.whys = slices.Clip(g.whys)
	c.obs = [2]*Observation{{g: &c, side: 0}, {g: &c, side: 1}}
	c.hashes = slices.Clip(g.hashes)

	c.art = g.art.clone(unit)
	c.air = airState{Sorties: clonePtrs(g.air.Sorties)}
	for _, s := range c.air.Sorties {
		if s.Target != nil {
			t := *s.Target
			s.Target = &t
		}
	}

	if g.open != nil {
		o := *g.open
		o.Unit = unit(o.Unit)
		o.lost = remap(o.lost, unit)
		c.open = &o
	}
	if g.toggled != nil {
		c.toggled = make(map[*Unit]bool, len(g.toggled))
		for u, v := range g.toggled {
			c.toggled[unit(u)] = v
		}
	}
	c.pendingMorale = remap(g.pendingMorale, unit)

	c.unitIdx = make(map[string]*Unit, len(g.unitIdx))
	for id, u := range g.unitIdx {
		c.unitIdx[id] = unit(u)
	}
	c.baseIdx = make(map[string]*Base, len(g.baseIdx))
	for id, b := range g.baseIdx {
		c.baseIdx[id] = base(b)
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
