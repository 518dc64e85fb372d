package los

import (
	"slices"

	"khamsin/hexmap"
)

// WithRuins is a copy of g in which the stone buildings of hs have
// collapsed into ruins during play (seed 002's Terrain Effects: ruins are
// Low and Obscured). A ruined hex no longer stands a level above its
// ground; its rubble is a half-level obstacle like the rubble of 6.412
// (the same kind as a crag under Broken Terrain). g itself is untouched, so
// a game keeps its own grid and copies of a game never share a change.
func (g *Grid) WithRuins(hs []hexmap.Hex) *Grid {
	c := *g
	c.top = slices.Clone(g.top)
	c.halfTop = slices.Clone(g.halfTop)
	c.halfKind = slices.Clone(g.halfKind)
	c.obst = slices.Clone(g.obst)
	for _, h := range hs {
		i := g.idx(h)
		if i < 0 || g.top[i] == noTop {
			continue
		}
		c.top[i] = noTop
		c.halfKind[i], c.halfTop[i] = hkRubble, g.ground[i]+1
		c.obst[i] = noTop // rubble is for the rules
	}
	return &c
}
