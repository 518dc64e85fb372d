package scenario

import (
	"fmt"
	"strings"

	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Minefield is one [[minefield]] entry: Known Minefield counters (F.7) in
// a list of hexes or in a run along a hex grain (F.7A), dummies (F.7B) or
// hidden mines (F.7C). docs/formats.md, "Minefields and obstacles".
type Minefield struct {
	Side     string   `toml:"side"`     // the side that laid it
	Hexes    []string `toml:"hexes"`    // each hex a minefield
	From     string   `toml:"from"`     // or a run from this hex…
	To       string   `toml:"to"`       // …to this one, along a hex grain or alternate hex grain (F.7A)
	Strength int      `toml:"strength"` // Minefield Effectiveness, −2 to +2 (seed 002), hidden from the enemy (F.7)
	Dummy    bool     `toml:"dummy"`    // every hex a Dummy minefield (F.7B)
	Unmined  []string `toml:"unmined"`  // hexes of the entry holding no mines: dummies within a run (F.7B)
	Hidden   bool     `toml:"hidden"`   // hidden mines: no marker until found (F.7C)
}

// Obstacle is one [[obstacle]] entry: a fixed defence (seed 002's Linear
// Fixed Defences) in a list of hexes or a run along a hex grain.
type Obstacle struct {
	Kind  string   `toml:"kind"` // wire, ditch, teeth, improvised
	Hexes []string `toml:"hexes"`
	From  string   `toml:"from"`
	To    string   `toml:"to"`
}

// Structure is one [[structure]] entry: a bunker or 'Tobruk pit' (seed
// 002) held by a side.
type Structure struct {
	Kind   string `toml:"kind"`   // bunker or tobruk
	Side   string `toml:"side"`   // the side that holds it
	Hex    string `toml:"hex"`    // where it stands
	Facing string `toml:"facing"` // a bunker: the adjacent hex its firing arc faces
}

// StructureKinds are what [[structure]] may place.
var StructureKinds = []string{"bunker", "tobruk"}

// MaxRun bounds one run of hexes (a map is never this long).
const MaxRun = 200

// Run lists the hexes of a [[minefield]] or [[obstacle]] entry: its
// hexes, or every hex from from to to inclusive along a hex grain (a
// straight line through hexsides) or an alternate hex grain (through
// hexspines: the hex centres on it) — F.7A's "as if they were Barrage
// counters", with no limit on the distance.
func Run(m *hexmap.Map, hexes []string, from, to string) ([]hexmap.Hex, error) {
	switch {
	case len(hexes) > 0 && (from != "" || to != ""):
		return nil, fmt.Errorf("give hexes or from/to, not both")
	case len(hexes) > 0:
		if len(hexes) > MaxRun {
			return nil, fmt.Errorf("%d hexes: at most %d", len(hexes), MaxRun)
		}
		var out []hexmap.Hex
		for _, l := range hexes {
			h, err := m.Hex(strings.ToUpper(l))
			if err != nil {
				return nil, err
			}
			out = append(out, h)
		}
		return out, nil
	case from == "" || to == "":
		return nil, fmt.Errorf("needs hexes = [\"25C5\", …] or from = and to = (a run along a hex grain, F.7A)")
	}
	a, err := m.Hex(strings.ToUpper(from))
	if err != nil {
		return nil, fmt.Errorf("from: %v", err)
	}
	b, err := m.Hex(strings.ToUpper(to))
	if err != nil {
		return nil, fmt.Errorf("to: %v", err)
	}
	step, n, ok := grainStep(a, b)
	if !ok {
		return nil, fmt.Errorf("%s to %s is not along a hex grain or an alternate hex grain (F.7A)", m.Label(a), m.Label(b))
	}
	if n > MaxRun {
		return nil, fmt.Errorf("run of %d hexes: at most %d", n+1, MaxRun)
	}
	out := []hexmap.Hex{a}
	for h, k := a, 0; k < n; k++ {
		h = h.Add(step)
		if !m.Contains(h) {
			return nil, fmt.Errorf("the run leaves the map after %s", m.Label(out[len(out)-1]))
		}
		out = append(out, h)
	}
	return out, nil
}

// grainStep finds the unit step from a to b along a hex grain (a
// direction vector) or an alternate hex grain (the sum of two adjacent
// ones), and how many steps it takes.
func grainStep(a, b hexmap.Hex) (hexmap.Hex, int, bool) {
	d := b.Sub(a)
	n := hexmap.Distance(a, b)
	if n == 0 {
		return hexmap.Hex{}, 0, true
	}
	for dir := hexmap.Dir(0); dir < 6; dir++ {
		v := dir.Vec()
		if d == (hexmap.Hex{Q: v.Q * n, R: v.R * n}) {
			return v, n, true
		}
		w := v.Add((dir + 1).Vec()) // an alternate grain: two hexes per step
		if n%2 == 0 && d == (hexmap.Hex{Q: w.Q * n / 2, R: w.R * n / 2}) {
			return w, n / 2, true
		}
	}
	return hexmap.Hex{}, 0, false
}

// validateDefences checks [[minefield]] and [[obstacle]]: sides, kinds,
// strengths, runs on the map, and one minefield and one obstacle a hex
// (F.7A).
func (s *Scenario) validateDefences(p *problems, m *hexmap.Map) {
	ids := make([]string, 0, 2)
	for _, sd := range s.Sides {
		ids = append(ids, sd.ID)
	}
	mined := map[hexmap.Hex]bool{}
	for i := range s.Minefields {
		f := &s.Minefields[i]
		mp := func(key ...any) []any { return append(path("minefield", i), key...) }
		switch {
		case f.Side == "":
			p.at(mp(), "minefield: needs side = the side that laid it (%s)", strings.Join(ids, ", "))
		case s.SideIndex(f.Side) < 0:
			p.at(mp("side"), "minefield: side %s: not a side (sides: %s)", q(f.Side), strings.Join(ids, ", "))
		}
		if f.Strength < -2 || f.Strength > 2 {
			p.at(mp("strength"), "minefield: strength %d: the Minefield Effectiveness is −2 to +2 (seed 002)", f.Strength)
		}
		if f.Dummy && f.Hidden {
			p.at(mp("hidden"), "minefield: a dummy is a marker the enemy sees; it cannot also be hidden (F.7B, F.7C)")
		}
		if m == nil {
			continue
		}
		hs, err := Run(m, f.Hexes, f.From, f.To)
		if err != nil {
			p.at(mp(), "minefield: %v", clipErr(err))
			continue
		}
		in := map[hexmap.Hex]bool{}
		for _, h := range hs {
			if mined[h] {
				p.at(mp(), "minefield: %s already holds a minefield; a hex holds one (F.7A)", m.Label(h))
			}
			mined[h], in[h] = true, true
		}
		for k, l := range f.Unmined {
			h, err := m.Hex(strings.ToUpper(l))
			switch {
			case err != nil:
				p.at(mp("unmined", k), "minefield: unmined: %v", clipErr(err))
			case !in[h]:
				p.at(mp("unmined", k), "minefield: unmined %s is not one of this entry's hexes", q(l))
			}
		}
	}
	built := map[hexmap.Hex]bool{}
	for i := range s.Structures {
		st := &s.Structures[i]
		sp := func(key ...any) []any { return append(path("structure", i), key...) }
		if !oneOf(st.Kind, StructureKinds) {
			p.at(sp("kind"), "structure: kind %s: expected %s", q(st.Kind), strings.Join(StructureKinds, " or "))
		}
		switch {
		case st.Side == "":
			p.at(sp(), "structure: needs side = the side that holds it (%s)", strings.Join(ids, ", "))
		case s.SideIndex(st.Side) < 0:
			p.at(sp("side"), "structure: side %s: not a side (sides: %s)", q(st.Side), strings.Join(ids, ", "))
		}
		if m == nil {
			continue
		}
		h, err := m.Hex(strings.ToUpper(st.Hex))
		if err != nil {
			p.at(sp("hex"), "structure: hex %s: %v", q(st.Hex), clipErr(err))
			continue
		}
		if built[h] {
			p.at(sp("hex"), "structure: %s already holds a structure", m.Label(h))
		}
		built[h] = true
		switch {
		case st.Kind == "bunker" && st.Facing == "":
			p.at(sp(), "structure: a bunker needs facing = the adjacent hex its firing arc faces")
		case st.Facing != "":
			f, err := m.Hex(strings.ToUpper(st.Facing))
			if _, adj := h.DirTo(f); err != nil || !adj {
				p.at(sp("facing"), "structure: facing %s: name a hex next to %s", q(st.Facing), m.Label(h))
			}
		}
	}
	blocked := map[hexmap.Hex]bool{}
	for i := range s.Obstacles {
		o := &s.Obstacles[i]
		op := func(key ...any) []any { return append(path("obstacle", i), key...) }
		if _, err := move.ParseObstacleKind(o.Kind); err != nil {
			p.at(op("kind"), "obstacle: kind %s: expected wire, ditch, teeth or improvised", q(o.Kind))
		}
		if m == nil {
			continue
		}
		hs, err := Run(m, o.Hexes, o.From, o.To)
		if err != nil {
			p.at(op(), "obstacle: %v", clipErr(err))
			continue
		}
		for _, h := range hs {
			if blocked[h] {
				p.at(op(), "obstacle: %s already holds an obstacle; a hex holds one", m.Label(h))
			}
			blocked[h] = true
		}
	}
}
