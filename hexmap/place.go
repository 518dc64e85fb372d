package hexmap

import (
	"fmt"
	"strings"
)

// OverlaySpec asks for one overlay placed per SSR notation (12.2): the
// overlay's "1" hex on One and its "2" hex on Two. For a one-hex overlay Two
// may be empty (any orientation is fine, 12.32). High marks a sand dune
// overlay as a High Dune (7.5, 12.42).
type OverlaySpec struct {
	ID     string
	One    Label
	Two    Label
	High   bool
	HasTwo bool
}

func (s OverlaySpec) String() string {
	if s.One.Board == "" {
		return s.ID
	}
	out := s.ID + " on " + s.One.String()
	if s.HasTwo {
		if s.Two.Board == s.One.Board {
			out += "-" + s.Two.Local.String()
		} else {
			out += "-" + s.Two.String()
		}
	}
	if s.High {
		out += " high"
	}
	return out
}

// ParseOverlaySpec reads "H1 on 27H6-G7", also written "Place Overlay H1 on
// 27H6-G7"; a trailing "high" makes a dune High (7.5). A bare ID ("E1")
// asks for the overlay's fixed position.
func ParseOverlaySpec(s string) (OverlaySpec, error) {
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	low := strings.ToLower(s)
	if strings.HasPrefix(low, "place overlay ") {
		s = strings.TrimSpace(s[len("place overlay "):])
	} else if strings.HasPrefix(low, "overlay ") {
		s = strings.TrimSpace(s[len("overlay "):])
	}
	f := strings.Fields(s)
	if len(f) == 1 { // an overlay with a fixed position, such as E1
		spec := OverlaySpec{ID: strings.ToUpper(f[0])}
		if err := checkID("overlay", spec.ID); err != nil {
			return spec, fmt.Errorf("overlay %q: %v", orig, err)
		}
		return spec, nil
	}
	if len(f) < 3 || !strings.EqualFold(f[1], "on") {
		return OverlaySpec{}, fmt.Errorf("overlay %q: expected \"ID on HEX-HEX\", e.g. \"H1 on 27H6-G7\"", orig)
	}
	spec := OverlaySpec{ID: strings.ToUpper(f[0])}
	if err := checkID("overlay", spec.ID); err != nil {
		return spec, fmt.Errorf("overlay %q: %v", orig, err)
	}
	one, two, err := ParsePlacementHexes(f[2])
	if err != nil {
		return spec, fmt.Errorf("overlay %q: %v", orig, err)
	}
	spec.One = one
	if two != nil {
		spec.Two, spec.HasTwo = *two, true
	}
	for _, w := range f[3:] {
		switch strings.ToLower(w) {
		case "high":
			spec.High = true
		case "low":
			spec.High = false
		default:
			return spec, fmt.Errorf("overlay %q: unexpected %q (only \"high\" or \"low\" may follow the hexes)", orig, w)
		}
	}
	return spec, nil
}

// ParsePlacementHexes reads "27H6-G7", "27H6-27G7" or a lone "27H6". The
// second hex inherits the first's board when it has none.
func ParsePlacementHexes(s string) (Label, *Label, error) {
	a, b, hasB := strings.Cut(s, "-")
	one, err := ParseLabel(a)
	if err != nil {
		return Label{}, nil, err
	}
	if !hasB {
		return one, nil, nil
	}
	if b != "" && b[0] >= 'A' && b[0] <= 'Z' {
		b = one.Board + b
	}
	two, err := ParseLabel(b)
	if err != nil {
		return Label{}, nil, err
	}
	return one, &two, nil
}

// PlacedOverlay is an overlay laid on a map.
type PlacedOverlay struct {
	Spec     OverlaySpec
	ID       string
	Overlay  *Overlay
	Hexes    []Hex // map hexes the overlay covers, in the overlay's hex order
	OffMap   int   // overlay hexes beyond the playing area (unplayable, 12.33)
	Rotation int   // 60° clockwise steps applied
	origin   Hex
}

// transform maps an overlay-local hex to the map.
func (p *PlacedOverlay) transform(l Local) Hex {
	return l.Axial().Sub(p.Overlay.One.Axial()).RotateCW(p.Rotation).Add(p.origin)
}

// Local maps a map hex back to the overlay's own grid.
func (p *PlacedOverlay) Local(h Hex) Local {
	return LocalOf(h.Sub(p.origin).RotateCW(-p.Rotation).Add(p.Overlay.One.Axial()))
}

// Outline returns the overlay's outer hexsides as (hex, direction) pairs with
// the hex inside the overlay, in a fixed order, for drawing.
func (p *PlacedOverlay) Outline() [][2]int {
	in := map[Hex]bool{}
	for _, l := range p.Overlay.Hexes {
		in[p.transform(l)] = true
	}
	var out [][2]int
	for i, l := range p.Overlay.Hexes {
		h := p.transform(l)
		for d := Dir(0); d < 6; d++ {
			if !in[h.Neighbor(d)] {
				out = append(out, [2]int{i, int(d)})
			}
		}
	}
	return out
}

// AllHexes lists where every overlay hex falls, on the map or not.
func (p *PlacedOverlay) AllHexes() []Hex {
	out := make([]Hex, len(p.Overlay.Hexes))
	for i, l := range p.Overlay.Hexes {
		out[i] = p.transform(l)
	}
	return out
}

// Resolve works out where spec puts its overlay on m without changing m.
func (m *Map) Resolve(lib *Library, spec OverlaySpec) (*PlacedOverlay, error) {
	o, ok := lib.Overlays[spec.ID]
	if !ok {
		return nil, fmt.Errorf("overlay %s: no such overlay (known: %s)", spec.ID, strings.Join(lib.OverlayIDs(), " "))
	}
	if spec.One.Board == "" {
		if o.Fixed == "" {
			return nil, fmt.Errorf("overlay %s: has no fixed position; say where, e.g. %s on 27H6-G7", o.ID, o.ID)
		}
		one, two, err := ParsePlacementHexes(o.Fixed)
		if err != nil {
			return nil, fmt.Errorf("overlay %s: fixed position: %v", o.ID, err)
		}
		spec.One = one
		if two != nil {
			spec.Two, spec.HasTwo = *two, true
		}
	}
	if len(o.Boards) > 0 {
		okBoard := false
		for _, b := range o.Boards {
			okBoard = okBoard || b == spec.One.Board
		}
		if !okBoard {
			return nil, fmt.Errorf("overlay %s: goes only on board %s, not %s", o.ID, strings.Join(o.Boards, "/"), spec.One.Board)
		}
	}
	a, err := m.HexOf(spec.One)
	if err != nil {
		return nil, fmt.Errorf("overlay %s: %v", o.ID, err)
	}
	rot := 0
	if o.Two != o.One {
		if !spec.HasTwo {
			return nil, fmt.Errorf("overlay %s: a multi-hex overlay needs two hexes, e.g. %s on %s-%s", o.ID, o.ID, spec.One, "…")
		}
		b, err := m.HexOf(spec.Two)
		if err != nil {
			return nil, fmt.Errorf("overlay %s: %v", o.ID, err)
		}
		dt, ok := a.DirTo(b)
		if !ok {
			return nil, fmt.Errorf("overlay %s: %s and %s are not adjacent", o.ID, spec.One, spec.Two)
		}
		dl, _ := o.One.Axial().DirTo(o.Two.Axial())
		rot = (int(dt) - int(dl) + 6) % 6
	}
	p := &PlacedOverlay{Spec: spec, ID: o.ID, Overlay: o, Rotation: rot, origin: a}
	for _, l := range o.Hexes {
		h := p.transform(l)
		if m.Contains(h) {
			p.Hexes = append(p.Hexes, h)
		} else {
			p.OffMap++
		}
	}
	return p, nil
}

// place lays spec's overlay on the map and records any 12.33 problems.
func (m *Map) place(lib *Library, spec OverlaySpec) error {
	p, err := m.Resolve(lib, spec)
	if err != nil {
		return err
	}
	m.problems = append(m.problems, m.conflicts(p)...)
	idx := int16(len(m.overlays))
	m.overlays = append(m.overlays, p)
	o := p.Overlay
	in := map[Hex]bool{}
	for _, h := range p.Hexes {
		in[h] = true
	}
	isDune := o.Kind() == "SD"
	for _, l := range o.Hexes {
		h := p.transform(l)
		i := m.cellOf(h)
		if i < 0 {
			continue
		}
		t := o.terrain[l]
		if !o.Absolute {
			t.Base += m.cells[i].t.Base
		}
		if isDune && t.Flags&Sand != 0 {
			t.Flags |= Dune
			if spec.High {
				t.Flags |= HighDune
			}
		}
		m.cells[i].t = t
		m.cells[i].overlay = idx
	}
	// Hexsides: inside the overlay only its own features; on the outline the
	// board keeps walls, hedges and roads, and the overlay adds its own.
	const keepOnOutline = SideWall | SideHedge | SideRoad | SidePaved | SideWadi
	for _, h := range p.Hexes {
		for d := Dir(0); d < 6; d++ {
			n := h.Neighbor(d)
			if in[n] {
				m.setSide(h, d, 0)
				continue
			}
			f := m.Side(h, d) & keepOnOutline
			if f&SideWadi != 0 && !(m.Terrain(h).Has(Wadi) && m.Terrain(n).Has(Wadi)) {
				f &^= SideWadi
			}
			m.setSide(h, d, f)
		}
	}
	for _, k := range o.sideKey {
		h := p.transform(k.At)
		m.orSide(h, k.Dir.Turn(p.Rotation), o.sides[k])
	}
	return nil
}

// conflicts checks a new placement against those already made (12.33):
// overlapping or adjacent overlays and parts beyond the playing area. Two
// wadi overlays may touch where a wadi end-hex meets a wadi hex (12.41).
func (m *Map) conflicts(p *PlacedOverlay) []Problem {
	var out []Problem
	if p.OffMap > 0 {
		out = append(out, Problem{Kind: "off-map", Overlay: p.ID,
			Msg: fmt.Sprintf("%s: %d of its %d hexes lie beyond the playing area and are unplayable (12.33)", p.Spec, p.OffMap, len(p.Overlay.Hexes))})
	}
	mine := map[Hex]Terrain{}
	for _, l := range p.Overlay.Hexes {
		mine[p.transform(l)] = p.Overlay.terrain[l]
	}
	for oi, q := range m.overlays {
		if q.ID == "E1" && m.onPlateau(p, int16(oi)) {
			continue // 12.3: E1's level-4 plateau takes overlays of its own
		}
		var overlap, touch []string
		for _, h := range q.Hexes {
			if _, ok := mine[h]; ok {
				overlap = append(overlap, m.Label(h))
			}
		}
		wadiJoin := p.Overlay.Kind() == "W" && q.Overlay.Kind() == "W"
		for _, h := range p.Hexes {
			for _, n := range h.Neighbors() {
				if _, own := mine[n]; own {
					continue
				}
				j := m.cellOf(n)
				if j < 0 || m.cells[j].overlay != int16(oi) {
					continue
				}
				if wadiJoin && (mine[h].Has(WadiEnd) || m.cells[j].t.Has(WadiEnd)) && mine[h].Has(Wadi) && m.cells[j].t.Has(Wadi) {
					continue // wadis meeting end to end are wanted (12.41)
				}
				touch = append(touch, m.Label(h)+"/"+m.Label(n))
			}
		}
		if len(overlap) > 0 {
			out = append(out, Problem{Kind: "overlap", Overlay: p.ID, Other: q.ID, Hexes: overlap,
				Msg: fmt.Sprintf("%s overlaps %s at %s (12.33)", p.Spec, q.ID, strings.Join(overlap, " "))})
		} else if len(touch) > 0 {
			out = append(out, Problem{Kind: "adjacent", Overlay: p.ID, Other: q.ID, Hexes: touch,
				Msg: fmt.Sprintf("%s is adjacent to %s at %s (12.33)", p.Spec, q.ID, strings.Join(touch, " "))})
		}
	}
	return out
}

// onPlateau reports whether every on-map hex of p lies on E1's level-4
// plateau: hexes of the E1 placement ei at level 4 that are not wadi hexes
// (12.3 lets overlays go there; covering its wadi or its face is one of
// 12.33's "obvious terrain conflicts", which we resolve by a reroll).
func (m *Map) onPlateau(p *PlacedOverlay, ei int16) bool {
	for _, l := range p.Overlay.Hexes {
		i := m.cellOf(p.transform(l))
		if i < 0 {
			continue
		}
		if !m.plateauCell(i, ei) {
			return false
		}
	}
	return true
}

func (m *Map) plateauCell(i int, ei int16) bool {
	c := &m.cells[i]
	return c.present && c.overlay == ei && c.t.Base >= 8 && c.t.Flags&Wadi == 0
}

// PlateauHexes lists the hexes of E1's level-4 plateau (12.3, 12.5): the
// level-4 hexes of a placed E1 that are not wadi hexes, in map order. It
// is empty without E1.
func (m *Map) PlateauHexes() []Hex {
	var out []Hex
	for ei, q := range m.overlays {
		if q.ID != "E1" {
			continue
		}
		for _, h := range q.Hexes {
			if i := m.cellOf(h); i >= 0 && m.plateauCell(i, int16(ei)) {
				out = append(out, h)
			}
		}
	}
	return out
}

// joinWadiEnds makes every wadi overlay end-hex continuous with any wadi hex
// next to it (12.41): their common hexside becomes a wadi hexside unless a
// cliff runs along it.
func (m *Map) joinWadiEnds() {
	for pi, p := range m.overlays {
		if p.Overlay.Kind() != "W" {
			continue
		}
		for _, h := range p.Hexes {
			if !m.Terrain(h).Has(Wadi | WadiEnd) {
				continue
			}
			for d := Dir(0); d < 6; d++ {
				n := h.Neighbor(d)
				j := m.cellOf(n)
				if j < 0 || m.cells[j].overlay == int16(pi) {
					continue // its own overlay's hexsides are as drawn
				}
				if m.cells[j].t.Has(Wadi) && !m.Side(h, d).Has(SideCliff) {
					m.orSide(h, d, SideWadi)
				}
			}
		}
	}
}
