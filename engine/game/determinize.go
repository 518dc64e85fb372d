package game

import (
	"math/rand/v2"
	"slices"

	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// waitForever is the arrival turn of what a sampled world leaves out: a
// unit waiting to arrive is neither on the map nor lost (BreakPoint).
const waitForever = 1 << 30

// Sample builds a world the observing side could be in, for the computer's
// lookahead (issue 20, "determinization"): a game that agrees with
// everything the side may read and guesses the rest from public facts and
// the seed, never from the live game's hidden state. Two games that differ
// only in what the side cannot know give the same sample for the same seed
// (TestSampleIgnoresWhatTheSideCannotKnow, on TestFogDifferential's
// variants). What is guessed:
//   - the dice: a new stream from seed (the real one is the game's future);
//   - each enemy unit under a Contact Marker (§4.6: a marker says nothing
//     of its size) is one stand-in base in the marker's hex, of one of
//     the kinds the public order of battle lists for that unit,
//     dug in or not at random (7.6) unless a vehicle;
//   - a deployed enemy base out of sight stands in the last hex the side's
//     log saw it move into, or is left out when the log never saw it or
//     the side would see it there;
//   - enemy reinforcements never arrive (§7.1 step 7: not announced);
//   - enemy hidden mines (F.7C) are not there; an enemy minefield whose
//     strength the side has not learnt is a real one of strength 0.
//
// What is left out is taken out of the sample's units and bases, so that
// neither side's view, legal list or Break Point in it shows it. The
// sample's Hash is not a position of the real game; only play it forward.
func (o *Observation) Sample(seed uint64) *Game {
	me, enemy := o.side, 1-o.side
	vis := o.g.visibility(me)
	last := o.lastSeen()
	c := o.g.Clone()
	c.dice = dice.New(seed)
	// The enemy's kept reasons are its own to read (Observation.Reasons):
	// a player that reads its plan from them (the veteran's Steady) must
	// not find the real enemy's plan in the sample.
	c.whys = slices.Clone(c.whys)
	for i := range c.whys {
		if int(c.cmdBy[i]) != me {
			c.whys[i] = ""
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6465746572))
	out := map[*Base]bool{}
	outU := map[*Unit]bool{}
	drop := func(b *Base) { out[b] = true }
	var placed []*Base
	fixed := map[*Unit]bool{} // a battery's unit stays, whatever it is
	for _, bt := range c.art.Batteries {
		fixed[bt.Unit] = true
	}
	for _, u := range c.units {
		if u.Side != enemy {
			continue
		}
		switch {
		case u.Arrives > 0 && !fixed[u]:
			outU[u] = true
			for _, b := range u.Bases {
				drop(b)
			}
		case u.Arrives > 0:
			u.Arrives = waitForever
		case u.Gone != "":
		case u.Contact && u.InPlay():
			marker := u.live()[0]
			for _, b := range u.Bases {
				if b != marker {
					drop(b)
				}
			}
			u.Bases = []*Base{marker}
			c.standIn(u, marker, rng)
		default:
			var keep []*Base
			for _, b := range u.Bases {
				if !b.OnMap() || vis[b.idx] {
					keep = append(keep, b)
					continue
				}
				if b.Carrier != nil && vis[b.Carrier.idx] {
					keep = append(keep, b) // carried in a vehicle the side sees
					continue
				}
				if h, ok := last[b.ID]; ok {
					b.Hex, b.Carrier = h, nil
					keep = append(keep, b)
					placed = append(placed, b)
					continue
				}
				drop(b)
			}
			u.Bases = keep
		}
	}
	c.prune(out, outU, fixed)
	// a guess the side would see in the sample is not where the base is
	c.rc = &readCache{}
	for _, b := range placed {
		if c.visibleTo(me, b) {
			b.Unit.Bases = slices.DeleteFunc(b.Unit.Bases, func(x *Base) bool { return x == b })
			out[b] = true
		}
	}
	c.prune(out, outU, fixed)
	var mines []*Minefield
	for _, m := range c.def.Mines {
		if m.Owner == enemy {
			if !mineKnown(m, me) {
				continue
			}
			if !m.Revealed {
				m.Dummy, m.Strength = false, 0
			}
		}
		mines = append(mines, m)
	}
	c.def.Mines = mines
	c.rc = &readCache{}
	return c
}

// standIn makes a hidden unit's marker base a guess: a kind the scenario
// lists for the unit (the public order of battle; a combat kind when it
// ListedKinds are the base types the scenario (the public order of
// battle) lists for unit id, its combat kinds if it has any, sorted: what
// a base under the unit's marker may be. A sample's stand-ins and the
// expert's words on a contact's danger read the same list.
func ListedKinds(sc *scenario.Scenario, cat *forces.Catalogue, id string) []string {
	if sc == nil {
		return nil
	}
	var kinds, combat []string
	for _, sd := range sc.Sides {
		for _, su := range sd.Units {
			if su.ID != id {
				continue
			}
			for _, sb := range su.Bases {
				if t, ok := cat.Type(sb.Type); ok && !slices.Contains(kinds, sb.Type) {
					kinds = append(kinds, sb.Type)
					if t.CombatUnit() {
						combat = append(combat, sb.Type)
					}
				}
			}
		}
	}
	if len(combat) > 0 {
		kinds = combat
	}
	slices.Sort(kinds)
	return kinds
}

// has one), in the marker's hex (public: the view shows it there).
func (c *Game) standIn(u *Unit, b *Base, rng *rand.Rand) {
	kinds := ListedKinds(c.Scn, c.Cat, u.ID)
	if len(kinds) > 0 {
		b.Type, _ = c.Cat.Type(kinds[rng.IntN(len(kinds))])
	}
	b.Carrier, b.Pinned, b.Crest, b.Stuck, b.Fired, b.Emplaced, b.Acted, b.Grenade = nil, false, false, "", false, false, false, false
	b.DugIn = !b.Type.Class.Vehicle() && rng.IntN(2) == 0
	b.Facing = c.facingToward(b.Hex, 1-u.Side)
}

// facingToward faces a guessed base at the nearest base of side, as a
// defender would.
func (c *Game) facingToward(h hexmap.Hex, side int) hexmap.Dir {
	best, bd := hexmap.Dir(0), -1
	for _, x := range c.bases {
		if x.Unit.Side != side || !x.OnMap() {
			continue
		}
		if d := hexmap.Distance(h, x.Hex); bd < 0 || d < bd {
			bd = d
			best = dirToward(h, x.Hex)
		}
	}
	return best
}

// dirToward is the hexside of from nearest the line to to.
func dirToward(from, to hexmap.Hex) hexmap.Dir {
	best, bd := hexmap.Dir(0), -1
	for d := hexmap.Dir(0); d < 6; d++ {
		if x := hexmap.Distance(from.Neighbor(d), to); bd < 0 || x < bd {
			best, bd = d, x
		}
	}
	return best
}

// lastSeen is, from the side's own log only, the last hex each enemy base
// was seen moving into (KindMove: Bases[0] moves Hexes[0] → Hexes[1]).
func (o *Observation) lastSeen() map[string]hexmap.Hex {
	out := map[string]hexmap.Hex{}
	for _, e := range o.Events() {
		if e.Kind != KindMove || len(e.Bases) != 1 || len(e.Hexes) == 0 {
			continue
		}
		b := o.g.baseIdx[e.Bases[0]]
		if b == nil || b.Unit.Side == o.side {
			continue
		}
		if h, err := o.g.Map.Hex(e.Hexes[len(e.Hexes)-1]); err == nil {
			out[e.Bases[0]] = h
		}
	}
	return out
}

// prune takes what a sample left out (out, and the units in outU or left
// with no base) out of its units and bases, and renumbers the rest.
func (c *Game) prune(out map[*Base]bool, outU, fixed map[*Unit]bool) {
	for changed := true; changed; {
		changed = false
		for _, b := range c.bases {
			if b.Carrier != nil && out[b.Carrier] && !out[b] {
				b.Unit.Bases = slices.DeleteFunc(b.Unit.Bases, func(x *Base) bool { return x == b })
				out[b], changed = true, true
			}
		}
	}
	for _, u := range c.units {
		u.Bases = slices.DeleteFunc(u.Bases, func(b *Base) bool { return out[b] })
		if len(u.Bases) == 0 && !fixed[u] {
			outU[u] = true
		}
		if u.Gone == "" && u.Arrives == 0 && len(u.live()) == 0 {
			u.Arrives = waitForever // its bases seen knocked out, the rest unseen: not lost
		}
	}
	c.units = slices.DeleteFunc(c.units, func(u *Unit) bool { return outU[u] })
	c.bases = slices.DeleteFunc(c.bases, func(b *Base) bool { return out[b] || outU[b.Unit] })
	for i, b := range c.bases {
		b.idx = i
	}
	c.unitIdx = make(map[string]*Unit, len(c.units))
	for _, u := range c.units {
		c.unitIdx[u.ID] = u
	}
	c.baseIdx = make(map[string]*Base, len(c.bases))
	for _, b := range c.bases {
		c.baseIdx[b.ID] = b
	}
}

// Bases lists every base of the game, for a program that reads a whole
// game it made itself (the computer's evaluation of a Sample): a player
// must never call it on the real game (Observation is its window). The
// slice is shared: read it, never change it.
func (g *Game) Bases() []*Base { return g.bases[:len(g.bases):len(g.bases)] }
