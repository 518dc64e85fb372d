package los

import "khamsin/hexmap"

// Vehicle is an AFV or a wreck on the map, given with a query the way dust
// counters are (4.51, 6.52; docs/rules.md LOS-11).
type Vehicle struct {
	Hex   hexmap.Hex
	Wreck bool
}

// vehicleAt reports whether one of vs stands in h, and the kind to name:
// "afv" if any AFV is there, else "wreck".
func vehicleAt(vs []Vehicle, h hexmap.Hex) (string, bool) {
	kind, ok := "", false
	for _, v := range vs {
		if v.Hex != h {
			continue
		}
		ok = true
		if !v.Wreck {
			return "afv", true
		}
		kind = "wreck"
	}
	return kind, ok
}

// vehicleHinders decides whether the AFVs/wrecks of intervening hex slot i
// (at ranges d1, d2 from the ends) hinder the LOS, and under which rule
// (LOS-11). They stand on the hex's ground and are half a level high,
// counted where the sightline passes at or below that top, +1 per hex
// however many there are. In a deir they are a half-level hindrance of
// 4.51: only between Locations at the same level when one of them is in a
// deir (as brush there). The end hexes never call this: a vehicle in the
// firer's or target's own hex is no hindrance to that LOS.
func (c *Checker) vehicleHinders(p *pair, i, d1, d2 int) (string, bool) {
	g := c.g
	rule := "LOS-11"
	if g.deir[i] {
		if !p.sameLevel || !(p.deirA || p.deirB) {
			return "", false
		}
		rule = "4.51"
	}
	if (int(g.ground[i])+1)*(d1+d2) < p.ea*d2+p.eb*d1 {
		return "", false
	}
	return rule, true
}

// vehicleHex adds the hindrance of the AFVs/wrecks in intervening hex h.
func (c *Checker) vehicleHex(p *pair, r *Result, h hexmap.Hex, i, d1, d2 int) {
	kind, ok := vehicleAt(p.vehicles, h)
	if !ok {
		return
	}
	if rule, ok := c.vehicleHinders(p, i, d1, d2); ok {
		r.Hindrances = append(r.Hindrances, Hindrance{At: hexWhere(h), Kind: kind, DRM: 1, Rule: rule})
	}
}

// vehicleSpine: a thread running along a hexside is hindered by vehicles
// only if both hexes beside it hinder (as terrain hindrances, check.go's
// spine); it counts once, at the hexside.
func (c *Checker) vehicleSpine(p *pair, r *Result, s hexmap.Step) {
	g := c.g
	x, y := s.Hex, s.Other()
	ix, iy := g.idx(x), g.idx(y)
	if ix < 0 || iy < 0 || x == p.a.Hex || x == p.b.Hex || y == p.a.Hex || y == p.b.Hex {
		return
	}
	kx, okx := vehicleAt(p.vehicles, x)
	_, oky := vehicleAt(p.vehicles, y)
	if !okx || !oky {
		return
	}
	rx, okx := c.vehicleHinders(p, ix, hexmap.Distance(p.a.Hex, x), hexmap.Distance(x, p.b.Hex))
	ry, oky := c.vehicleHinders(p, iy, hexmap.Distance(p.a.Hex, y), hexmap.Distance(y, p.b.Hex))
	if !okx || !oky {
		return
	}
	rule := rx
	if ry == "4.51" {
		rule = ry
	}
	r.Hindrances = append(r.Hindrances, Hindrance{At: sideWhere(x, s.Dir), Kind: kx, DRM: 1, Rule: rule})
}
