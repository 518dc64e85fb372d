package game

import (
	"fmt"

	"khamsin/engine/climate"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// What observers see (§10.15–.18: an observer calls onto what it sees).

// airSees is an observation aircraft's view: every hex but one under
// SMOKE (seed 002 Note 3: smoke blocks sight to and from aircraft), and
// none in Very Heavy Dust or denser (11.731: no aerial attacks; our
// reading extends it to directing one).
func (g *Game) airSees(h hexmap.Hex) bool {
	return climate.Assess(g.Env).Dust < climate.DustVeryHeavy && !g.smokeAt(h)
}

// observerBase is the base of u that sees h: an observer base on the map
// (carried ones look out from their vehicle's hex), or nil.
func (g *Game) observerBase(u *Unit, h hexmap.Hex) *Base {
	for _, b := range u.live() {
		if b.Type.Class == forces.Observer && g.sightFrom(g.loc(b)).set[h] {
			return b
		}
	}
	return nil
}

// sightFrom is every hex seen from l past the SMOKE on the map (LOS from
// l to the ground of each hex, seed 002 Note 3), cached.
func (g *Game) sightFrom(l los.Location) *sight {
	key := fmt.Sprint(g.Smoke)
	if g.Art.sight == nil || g.Art.sightKey != key {
		g.Art.sight, g.Art.sightKey = map[los.Location]*sight{}, key
	}
	if s, ok := g.Art.sight[l]; ok {
		return s
	}
	s := &sight{set: map[hexmap.Hex]bool{}}
	for _, h := range g.Map.Hexes() {
		if g.chk.SeesThrough(l, g.grid.At(h), g.Smoke) {
			s.hexes = append(s.hexes, h)
			s.set[h] = true
		}
	}
	g.Art.sight[l] = s
	return s
}

// hasObserver reports a unit with an observer base on the map.
func hasObserver(u *Unit) bool {
	for _, b := range u.live() {
		if b.Type.Class == forces.Observer {
			return true
		}
	}
	return false
}
