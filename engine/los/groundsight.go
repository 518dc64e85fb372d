package los

import (
	"slices"

	"khamsin/hexmap"
)

// GroundSight remembers whether two hexes see each other at ground level
// (SeesThrough between Grid.At of each) past a set of SMOKE counters. The
// answer depends only on the grid and the SMOKE, so a reader that asks the same pairs again and
// again over a game (the computer opponent, at every decision) traces each
// ordered pair once: one byte per ordered pair of map hexes (about 0.4 MB
// for a two-board map), allocated on first use, forgotten when the SMOKE
// asked about is not the last one's. Hexes off the map are
// answered without memo. Not safe for concurrent use (its Checker has
// scratch space).
type GroundSight struct {
	g     *Grid
	c     *Checker
	slot  []int32 // grid slot → dense index of the hex, or -1
	n     int
	memo  []uint8      // n×n: 0 not asked, 1 sees, 2 does not
	smoke []hexmap.Hex // the SMOKE the memo holds for
}

// NewGroundSight makes an empty memo on g.
func (g *Grid) NewGroundSight() *GroundSight { return &GroundSight{g: g} }

// Grid is the grid the memo answers for.
func (s *GroundSight) Grid() *Grid { return s.g }

// SeesThrough is g.NewChecker().SeesThrough(g.At(a), g.At(b), smoke),
// remembered.
func (s *GroundSight) SeesThrough(a, b hexmap.Hex, smoke []hexmap.Hex) bool {
	if s.c == nil {
		s.c = s.g.NewChecker()
		s.slot = make([]int32, len(s.g.present))
		for i, p := range s.g.present {
			s.slot[i] = -1
			if p {
				s.slot[i] = int32(s.n)
				s.n++
			}
		}
		s.memo = make([]uint8, s.n*s.n)
	}
	if !slices.Equal(smoke, s.smoke) {
		clear(s.memo)
		s.smoke = slices.Clone(smoke)
	}
	ia, ib := s.g.idx(a), s.g.idx(b)
	if ia < 0 || ib < 0 {
		return s.c.SeesThrough(s.g.At(a), s.g.At(b), smoke)
	}
	k := int(s.slot[ia])*s.n + int(s.slot[ib])
	switch s.memo[k] {
	case 1:
		return true
	case 2:
		return false
	}
	ok := s.c.SeesThrough(s.g.At(a), s.g.At(b), smoke)
	s.memo[k] = 2
	if ok {
		s.memo[k] = 1
	}
	return ok
}
