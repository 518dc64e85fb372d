package los

import "khamsin/hexmap"

// ExtensionBlocked answers sun blindness's third condition (11.611): the
// LOS from from to to, carried on past to to the edge of the playing area,
// meets an obstacle (ground, or terrain standing on it) whose top is two or
// more levels above to. Only hexes beyond to's hex count.
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
	for _, s := range c.th.Steps[1:] {
		if s.Kind != hexmap.StepHex {
			continue
		}
		i := g.idx(s.Hex)
		if i < 0 {
			if hexmap.Distance(s.Hex, to.Hex) > g.w+g.h {
				break
			}
			continue // off the map for now (a board-edge notch): go on
		}
		top := int(g.rim[i])
		top = max(top, int(g.top[i]), int(g.halfTop[i]))
		if top >= limit {
			return true
		}
	}
	return false
}
