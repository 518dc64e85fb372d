package move

import (
	"fmt"

	"khamsin/hexmap"
)

// Crest status (6.0, 6.11): infantry on foot in a wadi hex may sit on top
// of a crest counter, at ground level, facing one side of the wadi. How
// they move off it:
//   - into a non-wadi hex across one of the three crest-front hexsides,
//     "as if leaving an entrenchment": 1 MF plus the COT of the hex entered
//     (and any climb or hexside cost beyond the ground level they are on),
//     instead of the wadi's leaving cost;
//   - anywhere else only after leaving Crest status within the hex, priced
//     as entering the wadi hex from an adjacent non-wadi hex (the wadi's
//     entry cost plus the hex's COT), then moving from the wadi floor.
// Claiming Crest status is an Advance Phase action, never part of a move,
// so a path cannot go from one Crest status to another (6.11's first
// sentence holds by construction).

// checkCrest reports why a unit cannot start in Crest status in cell i
// facing front: infantry only (6.0), in a wadi hex, the counter's middle
// hexside not one the wadi crosses and facing a hex of the map.
func (p *Planner) checkCrest(u *Unit, i int, front hexmap.Dir) error {
	h := p.m.Label(p.c.Hex(i))
	switch {
	case u.Kind != Infantry:
		return fmt.Errorf("crest: only infantry on foot claim Crest status (6.0), not a %s", u.Kind)
	case !isWadi(p.c.Terrain(i)):
		return fmt.Errorf("crest: %s is not a wadi hex; Crest status is claimed in one (6.0)", h)
	case front < 0 || front > 5 || p.c.Neighbor(i, front) < 0:
		return fmt.Errorf("crest: the crest front in %s must face a hex of the map", h)
	case p.c.Side(i, front)&hexmap.SideWadi != 0:
		return fmt.Errorf("crest: the middle hexside of a crest counter may not be one the wadi crosses (6.0); %s's toward %s is",
			h, p.m.Label(p.c.Hex(p.c.Neighbor(i, front))))
	}
	return nil
}

// onFront reports a hexside in direction d among the three a crest
// counter facing front protects.
func onFront(front, d hexmap.Dir) bool {
	return d == front || d == front.Turn(-1) || d == front.Turn(1)
}

// crestExit reports whether a unit in Crest status facing front leaves
// cell i in direction d "as from an entrenchment": across its front into
// a non-wadi hex.
func (p *Planner) crestExit(i int, front, d hexmap.Dir) bool {
	j := p.c.Neighbor(i, d)
	return j >= 0 && onFront(front, d) && !isWadi(p.c.Terrain(j))
}

// uncrest prices leaving Crest status within cell i: as entering that wadi
// hex from an adjacent non-wadi hex (6.11), so the wadi's entry cost, its
// COT, and SMOKE there if any.
func (p *Planner) uncrest(u *Unit, i int, t *tally) denial {
	k := u.Kind
	tt := p.c.Terrain(i)
	t.addR(enterWadi[k], "leave Crest status: as entering the wadi from outside", "6.11, 5.2")
	out := tt
	out.Flags &^= hexmap.Wadi
	cot, what, rule := p.cot(u, entry{to: i}, out, tt, false, 0)
	if cot == no {
		return denial{format: "%[1]s: %[2]s may not enter %[3]s", k: k, what: what, rule: rule}
	}
	if cot >= 0 {
		t.addR(cot, what, rule)
	}
	if tt.Has(hexmap.Sand) {
		if s, what := p.sandCost(k); s > 0 {
			t.addR(s, what, "7.3")
		}
	}
	if p.smoke[i] {
		t.add(Whole(1), "SMOKE", "9.2, 11.74")
	}
	return denial{}
}
