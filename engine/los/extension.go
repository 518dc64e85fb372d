package los

import "khamsin/hexmap"

// ExtensionBlocked answers sun blindness's third condition (11.611): the
// LOS from from to to, carried on past to to the edge of the playing area,
// meets an obstacle (ground, or terrain standing on it) whose top is two or
// more levels above to. Only hexes beyond to's hex count. Where the
// extended line runs exactly along a hexside it is blocked only when the
// hexes on both sides reach that high (LOS-2).
func (c *Checker) ExtensionBlocked(from, to Location) bool {
	g := c.g
	if from.Hex == to.Hex {
		return false
	}
	d := to.Hex.Sub(from.Hex)
	k := (g.w+g.h)/hexmap.Distance(from.Hex, to.Hex) + 2 // far enough to leave the map
	far := to.Hex.Add(d.Scale(k))
	c.th.Trace(to.Hex, far)
	limit := to.Level + 4
	high := func(i int) bool {
		return i >= 0 && max(int(g.rim[i]), int(g.top[i]), int(g.halfTop[i])) >= limit
	}
	for _, s := range c.th.Steps[1:] {
		switch s.Kind {
		case hexmap.StepSpine:
			if high(g.idx(s.Hex)) && high(g.idx(s.Other())) {
				return true
			}
		case hexmap.StepHex:
			i := g.idx(s.Hex)
			if i < 0 {
				if hexmap.Distance(s.Hex, to.Hex) > g.w+g.h {
					return false
				}
				continue // off the map for now (a board-edge notch): go on
			}
			if high(i) {
				return true
			}
		}
	}
	return false
}
