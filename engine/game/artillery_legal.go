package game

import (
	"khamsin/engine/forces"
	"khamsin/hexmap"
)

// legalArt lists the side's fire-support commands (no activation open).
// Calls and adjustments are many (one per hex an observer sees): they are
// listed from the same checks parse makes, without parsing each string
// (TestGameArtilleryLegalMatchesDo holds the two together).
func (g *Game) legalArt(side int, l *lister) {
	type obs struct {
		id   string
		seen []hexmap.Hex
	}
	var observers []obs
	for _, u := range g.units {
		if u.Side == side && u.InPlay() && !u.Activated && hasObserver(u) {
			observers = append(observers, obs{u.ID, g.seenBy(u)})
		}
	}
	for _, a := range g.art.Aircraft {
		if a.Side == side && g.flying(a) && !a.stand.Activated {
			var seen []hexmap.Hex
			for _, h := range g.Map.Hexes() {
				if g.airSees(h) {
					seen = append(seen, h)
				}
			}
			observers = append(observers, obs{a.ID, seen})
		}
	}
	for _, bt := range g.art.Batteries {
		if bt.Side != side {
			continue
		}
		l.add(Command{Verb: VerbRange, Target: bt.ID})
		l.add(Command{Verb: VerbFFE, Target: bt.ID})
		l.add(Command{Verb: VerbFFE, Target: bt.ID, Smoke: true})
		if g.canFire(bt) != nil {
			continue
		}
		for _, o := range observers {
			for _, h := range o.seen {
				l.out = append(l.out, Command{Verb: VerbCall, Base: o.id, Target: bt.ID, Hex: g.label(h)})
			}
			if !bt.Ranged {
				continue
			}
			for _, h := range o.seen {
				if d := hexmap.Distance(h, bt.Aim); d > 0 && d <= adjustReach {
					l.out = append(l.out, Command{Verb: VerbAdjust, Base: o.id, Target: bt.ID, Hex: g.label(h)})
				}
			}
		}
	}
}

// seenBy lists the hexes an observer base of u sees, in map order.
func (g *Game) seenBy(u *Unit) []hexmap.Hex {
	var obs []*sight
	for _, b := range u.live() {
		if b.Type.Class == forces.Observer {
			obs = append(obs, g.sightFrom(g.loc(b)))
		}
	}
	if len(obs) == 1 {
		return obs[0].hexes
	}
	var out []hexmap.Hex
	for _, h := range g.Map.Hexes() {
		for _, s := range obs {
			if s.set[h] {
				out = append(out, h)
				break
			}
		}
	}
	return out
}
