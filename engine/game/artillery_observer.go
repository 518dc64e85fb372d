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
	return climate.Assess(g.env).Dust < climate.DustVeryHeavy && !g.smokeAt(h)
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
	key := fmt.Sprint(g.smoke, g.ruinsKey())
	sc := g.sights
	sc.mu.Lock()
	if sc.m == nil || sc.key != key {
		sc.m, sc.key = map[los.Location]*sight{}, key
	}
	s, ok := sc.m[l]
	sc.mu.Unlock()
	if ok {
		return s
	}
	s = &sight{set: map[hexmap.Hex]bool{}}
	for _, h := range g.Map.Hexes() {
		if g.seesThrough(l, g.grid.At(h)) {
			s.hexes = append(s.hexes, h)
			s.set[h] = true
		}
	}
	sc.mu.Lock()
	if sc.key == key {
		sc.m[l] = s
	}
	sc.mu.Unlock()
	return s
}

// ruinsKey names the buildings that have become ruins (the LOS grid's
// only change during a game), for the sight cache's key.
func (g *Game) ruinsKey() string {
	var b []byte
	for _, bd := range g.def.Buildings {
		if bd.State == Ruins {
			b = fmt.Appendf(b, "%d,%d;", bd.Hex.Q, bd.Hex.R)
		}
	}
	return string(b)
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
