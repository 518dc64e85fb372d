package los

import "khamsin/hexmap"

// Unseen is a Viewshed's DRM entry for a hex the Location does not see.
const Unseen = -1

// Counters are the counters in play that a sight line passes, as a Query
// carries them: dust (11.74, 11.75), AFVs and wrecks (LOS-11), SMOKE
// (seed 002 Note 3).
type Counters struct {
	Dust     []Dust
	Vehicles []Vehicle
	Smoke    []hexmap.Hex
}

// Viewshed is what one Location sees of the whole map: for every hex of
// the map, in Map.Hexes order, whether a unit standing on its ground is in
// LOS and, if so, the hindrance DRM Check reports for that line (0: clear,
// 1 or more: hindered). It is exact: entry i is Check(From, At(hex i))
// (issue 19, "Viewshed").
type Viewshed struct {
	From  Location
	Hexes []hexmap.Hex
	DRM   []int8 // per hex: Unseen, or the sum of the line's hindrance DRMs
}

// Seen reports whether hex i (in Hexes order) is in LOS.
func (v *Viewshed) Seen(i int) bool { return v.DRM[i] != Unseen }

// Hindered reports whether hex i is in LOS through one or more hindrances.
func (v *Viewshed) Hindered(i int) bool { return v.DRM[i] > 0 }

// Viewshed answers, for every hex of the map, what from sees of a unit on
// that hex's ground past the counters k. It reuses dst's storage when dst
// is not nil and returns it.
func (c *Checker) Viewshed(dst *Viewshed, from Location, k Counters) *Viewshed {
	if dst == nil {
		dst = &Viewshed{}
	}
	hs := c.g.m.Hexes()
	dst.From, dst.Hexes = from, hs
	if cap(dst.DRM) < len(hs) {
		dst.DRM = make([]int8, len(hs))
	}
	dst.DRM = dst.DRM[:len(hs)]
	if len(c.ground) != len(hs) {
		c.ground = make([]Location, len(hs))
		for i, h := range hs {
			c.ground[i] = c.g.At(h)
		}
	}
	for i, to := range c.ground {
		c.res = Result{Hindrances: c.res.Hindrances[:0]}
		if !c.run(from, to, k.Dust, k.Vehicles, k.Smoke, &c.res) {
			dst.DRM[i] = Unseen
			continue
		}
		dst.DRM[i] = int8(min(c.res.DRM, 127))
	}
	return dst
}
