package hexmap

import (
	"fmt"
	"sort"
	"strings"
)

// Hexside is the edge between two adjacent hexes, stored as the hex whose
// N, NE or SE side it is, so each hexside has exactly one value.
type Hexside struct {
	Hex Hex
	Dir Dir // North, NorthEast or SouthEast
}

// SideOf is the hexside of h in direction d.
func SideOf(h Hex, d Dir) Hexside {
	if d >= 3 {
		return Hexside{h.Neighbor(d), d - 3}
	}
	return Hexside{h, d}
}

// Hexes are the two hexes the hexside separates.
func (s Hexside) Hexes() (Hex, Hex) { return s.Hex, s.Hex.Neighbor(s.Dir) }

// Vertex is a hex corner where three hexes meet. Every vertex is the east or
// the west corner of exactly one hex, which names it.
type Vertex struct {
	Hex  Hex
	East bool
}

// VertexOf is corner i of h (Pixels.Corner numbering: 0 east, clockwise).
func VertexOf(h Hex, i int) Vertex {
	switch i % 6 {
	case 0:
		return Vertex{h, true}
	case 1:
		return Vertex{h.Neighbor(SouthEast), false}
	case 2:
		return Vertex{h.Neighbor(SouthWest), true}
	case 3:
		return Vertex{h, false}
	case 4:
		return Vertex{h.Neighbor(NorthWest), true}
	default:
		return Vertex{h.Neighbor(NorthEast), false}
	}
}

// Hexes are the three hexes meeting at the vertex.
func (v Vertex) Hexes() [3]Hex {
	if v.East {
		return [3]Hex{v.Hex, v.Hex.Neighbor(NorthEast), v.Hex.Neighbor(SouthEast)}
	}
	return [3]Hex{v.Hex, v.Hex.Neighbor(NorthWest), v.Hex.Neighbor(SouthWest)}
}

// Name spells a hexside as "25C5-C6".
func (m *Map) HexsideName(s Hexside) string { return m.SideName(s.Hex, s.Dir) }

// ParseHexside reads "25C5-C6" (or "25C5-26A5" across boards).
func (m *Map) ParseHexside(s string) (Hexside, error) {
	a, b, err := ParsePlacementHexes(s)
	if err != nil {
		return Hexside{}, fmt.Errorf("hexside %q: %v", s, err)
	}
	if b == nil {
		return Hexside{}, fmt.Errorf("hexside %q: name it by its two hexes, e.g. 25C5-C6", s)
	}
	ha, err := m.HexOf(a)
	if err != nil {
		return Hexside{}, err
	}
	hb, err := m.HexOf(*b)
	if err != nil {
		return Hexside{}, err
	}
	d, ok := ha.DirTo(hb)
	if !ok {
		return Hexside{}, fmt.Errorf("hexside %q: %s and %s are not adjacent", s, a, b)
	}
	return SideOf(ha, d), nil
}

// VertexName spells a vertex by its three hexes, "25C5-C6-D5" (hexes on the
// same board as the first drop their board number; off-map hexes are left out).
func (m *Map) VertexName(v Vertex) string {
	hs := v.Hexes()
	var names []string
	for _, h := range hs {
		if m.Contains(h) {
			names = append(names, m.Label(h))
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return ""
	}
	board := m.BoardOf(hs[0])
	for i := 1; i < len(names); i++ {
		if l, err := ParseLabel(names[i]); err == nil && l.Board == board {
			names[i] = l.Local.String()
		}
	}
	return strings.Join(names, "-")
}

// ParseVertex reads three mutually adjacent hexes, "25C5-C6-D5".
func (m *Map) ParseVertex(s string) (Vertex, error) {
	parts := strings.Split(s, "-")
	if len(parts) != 3 {
		return Vertex{}, fmt.Errorf("vertex %q: name it by its three hexes, e.g. 25C5-C6-D5", s)
	}
	first, err := ParseLabel(parts[0])
	if err != nil {
		return Vertex{}, fmt.Errorf("vertex %q: %v", s, err)
	}
	var hs [3]Hex
	for i, p := range parts {
		if p != "" && p[0] >= 'A' && p[0] <= 'Z' {
			p = first.Board + p
		}
		h, err := m.Hex(p)
		if err != nil {
			return Vertex{}, fmt.Errorf("vertex %q: %v", s, err)
		}
		hs[i] = h
	}
	for i := 0; i < 6; i++ {
		v := VertexOf(hs[0], i)
		vh := v.Hexes()
		if sameSet(vh, hs) {
			return v, nil
		}
	}
	return Vertex{}, fmt.Errorf("vertex %q: the three hexes do not meet at one corner", s)
}

func sameSet(a, b [3]Hex) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}
