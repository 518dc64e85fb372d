package move

import "khamsin/hexmap"

// BogRemoval is the ruling on 7.311 (its Bog Removal procedure, 75.8, is
// not in the seeds): a bogged vehicle may spend its move on a Bog Removal
// DR with 7.31's DRMs as they stand where it is bogged.
type BogRemoval struct {
	DRM int
	Why []string // each DRM term with its rule
}

// Bog Removal results (7.311 ruling): a Final DR of FreedAtMost or less
// frees the vehicle; ImmobilizedFrom or more immobilizes it; anything
// else leaves it bogged.
const (
	FreedAtMost     = 8
	ImmobilizedFrom = 12
)

// BogRemovalDRMs are 7.31's DRMs for unit u bogged in hex h: ground
// pressure, not fully tracked, a non-British Md/Hv truck, −1 in open
// ground Accessible to sand, −1 in Wet or Mud EC. The Dune Crest term
// concerns entering a hex, so it never applies here.
func (p *Planner) BogRemovalDRMs(u Unit, h hexmap.Hex) BogRemoval {
	var r BogRemoval
	r.DRM = pressureDRM(&u, &r.Why, "7.31")
	if u.mdHvNonBritishTruck() {
		r.DRM++
		r.Why = append(r.Why, "+1 non-British Md/Hv truck (7.31)")
	}
	if i := p.m.Index(h); i >= 0 {
		t := p.c.Terrain(i)
		if !t.Has(hexmap.Sand) && sandOpenGround(t) && p.accessible(i, hexmap.Sand) {
			r.DRM--
			r.Why = append(r.Why, "-1 in open ground Accessible to sand (7.31)")
		}
	}
	if p.cond.wetSand() {
		r.DRM--
		r.Why = append(r.Why, "-1 EC Wet or Mud (7.31)")
	}
	return r
}
