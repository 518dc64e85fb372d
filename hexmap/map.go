package hexmap

import (
	"fmt"
	"strings"
	"sync"
)

// Map is a laid-out playing area: boards in a grid, overlays placed on
// them and SSR terrain variants applied. It is read-only once built, so any
// number of goroutines may query it.
//
// Cells are stored densely by map hexrow K (= q) and number N; hexes on the
// seam between two boards are one cell shared by both (see label.go).
type Map struct {
	layout   Layout
	places   []placement
	cols     int // hexrows K in [0, cols)
	rows     int // numbers N in [0, rows)
	cells    []cell
	sides    []SideFlags // 3 per cell: its N, NE, SE hexsides
	overlays []*PlacedOverlay
	problems []Problem
	variants Variants

	cellsOnce sync.Once // builds cellView on first use (see Cells)
	cellView  *Cells
	hexesOnce sync.Once // builds hexes on first use (see Hexes)
	hexes     []Hex
}

type cell struct {
	t       Terrain
	present bool
	board   [2]int8 // placements holding this hex (second -1 unless on a seam)
	overlay int16   // index into overlays, -1 for none
}

// Problem is something wrong with a layout that does not stop it being
// built: overlapping or adjacent overlays and overlay hexes off the map
// (12.33). Designers see these; random placement rerolls on them.
type Problem struct {
	Kind    string // "overlap", "adjacent", "off-map", "wrong-board"
	Overlay string // the overlay placed last
	Other   string // the overlay it conflicts with, if any
	Hexes   []string
	Msg     string
}

func (p Problem) String() string { return p.Msg }

// MaxOverlays bounds the overlays of one map (issue 17). Random placement
// puts at most four on a board and a map has at most 16 boards; the cap
// also bounds the pairwise overlap checks (12.33), whose number grows
// with the square of the overlays.
const MaxOverlays = 100

// NewMap lays out boards from lib; overlays and variants are applied with
// Build. A layout naming an unknown board is an error.
func NewMap(lib *Library, layout Layout) (*Map, error) {
	return Build(lib, layout, nil, Variants{})
}

// Build lays out the boards, places the overlays in order and applies the
// SSR variants. Placement problems (12.33) are recorded, not fatal; a
// malformed or impossible placement (unknown overlay, hexes not adjacent,
// E1 off board 25) is an error.
func Build(lib *Library, layout Layout, overlays []OverlaySpec, v Variants) (*Map, error) {
	if len(layout) == 0 || len(layout[0]) == 0 {
		return nil, fmt.Errorf("map: empty layout")
	}
	if len(overlays) > MaxOverlays {
		return nil, fmt.Errorf("map: %d overlays; the limit is %d", len(overlays), MaxOverlays)
	}
	m := &Map{layout: layout, variants: v}
	for gy, row := range layout {
		for gx, ref := range row {
			b, ok := lib.Boards[ref.ID]
			if !ok {
				return nil, fmt.Errorf("map: unknown board %s (known: %s)", ref.ID, strings.Join(lib.BoardIDs(), " "))
			}
			m.places = append(m.places, placement{BoardRef: ref, gx: gx, gy: gy, board: b})
		}
	}
	m.cols = colPeriod*len(layout[0]) + 1
	m.rows = rowPeriod*len(layout) + 1
	m.cells = make([]cell, m.cols*m.rows)
	m.sides = make([]SideFlags, 3*len(m.cells))
	for i := range m.cells {
		m.cells[i].board = [2]int8{-1, -1}
		m.cells[i].overlay = -1
	}
	for pi := range m.places {
		m.layBoard(pi)
	}
	for _, spec := range overlays {
		if err := m.place(lib, spec); err != nil {
			return nil, err
		}
	}
	m.joinWadiEnds()
	m.applyVariants()
	return m, nil
}

func (m *Map) index(K, N int) int { return K*m.rows + N }

// cellOf returns the cell index of h, or -1 if h is not on the map.
func (m *Map) cellOf(h Hex) int {
	K, N := h.Q, h.R+floorDiv(h.Q, 2)
	if K < 0 || K >= m.cols || N < 0 || N >= m.rows {
		return -1
	}
	i := m.index(K, N)
	if !m.cells[i].present {
		return -1
	}
	return i
}

func hexAt(K, N int) Hex { return Hex{K, N - floorDiv(K, 2)} }

// layBoard copies one board's hexes and hexsides into the map.
func (m *Map) layBoard(pi int) {
	p := &m.places[pi]
	for k := 0; k < BoardCols; k++ {
		for n := 0; n <= BoardMaxN; n++ {
			l := Local{k, n}
			if !l.OnBoard() {
				continue
			}
			K, N := p.toGlobal(l)
			c := &m.cells[m.index(K, N)]
			t := p.board.hex[k][n]
			if !c.present {
				c.present = true
				c.t = t
				c.board[0] = int8(pi)
				continue
			}
			// A seam hex: both halves are this hex. The half with terrain
			// wins over a plain one; otherwise the upper/left board's.
			c.board[1] = int8(pi)
			if c.t.IsPlain() && !t.IsPlain() {
				c.t = t
			}
		}
	}
	for k := 0; k < BoardCols; k++ {
		for n := 0; n <= BoardMaxN; n++ {
			l := Local{k, n}
			if !l.OnBoard() {
				continue
			}
			for d := Dir(0); d < 3; d++ {
				f := p.board.side[k][n][d]
				if f == 0 {
					continue
				}
				K, N := p.toGlobal(l)
				m.orSide(hexAt(K, N), p.localDir(d), f)
			}
		}
	}
}

// sideSlot returns the slot of the hexside of h in direction d, or -1 when
// neither of its hexes is on the map.
func (m *Map) sideSlot(h Hex, d Dir) int {
	if d >= 3 {
		h, d = h.Neighbor(d), d-3
	}
	K, N := h.Q, h.R+floorDiv(h.Q, 2)
	if K < 0 || K >= m.cols || N < 0 || N >= m.rows {
		return -1
	}
	return 3*m.index(K, N) + int(d)
}

func (m *Map) orSide(h Hex, d Dir, f SideFlags) {
	if s := m.sideSlot(h, d); s >= 0 {
		m.sides[s] |= f
	}
}

func (m *Map) setSide(h Hex, d Dir, f SideFlags) {
	if s := m.sideSlot(h, d); s >= 0 {
		m.sides[s] = f
	}
}

// Contains reports whether h is a hex of the map.
func (m *Map) Contains(h Hex) bool { return m.cellOf(h) >= 0 }

// Terrain of hex h (the zero Terrain off the map).
func (m *Map) Terrain(h Hex) Terrain {
	if i := m.cellOf(h); i >= 0 {
		return m.cells[i].t
	}
	return Terrain{}
}

// Side is the feature set of the hexside of h in direction d.
func (m *Map) Side(h Hex, d Dir) SideFlags {
	if s := m.sideSlot(h, d); s >= 0 {
		return m.sides[s]
	}
	return 0
}

// SideBetween is the feature set of the hexside between adjacent hexes.
func (m *Map) SideBetween(a, b Hex) SideFlags {
	d, ok := a.DirTo(b)
	if !ok {
		return 0
	}
	return m.Side(a, d)
}

// OverlayAt names the overlay covering h, or "".
func (m *Map) OverlayAt(h Hex) string {
	if i := m.cellOf(h); i >= 0 && m.cells[i].overlay >= 0 {
		return m.overlays[m.cells[i].overlay].ID
	}
	return ""
}

// Hexes lists every hex of the map, hexrow by hexrow, top to bottom.
//
// The list is made once and shared by every caller (the engine walks it
// thousands of times a turn): read it, never change its elements.
func (m *Map) Hexes() []Hex {
	m.hexesOnce.Do(func() {
		out := make([]Hex, 0, len(m.cells))
		for K := 0; K < m.cols; K++ {
			for N := 0; N < m.rows; N++ {
				if m.cells[m.index(K, N)].present {
					out = append(out, hexAt(K, N))
				}
			}
		}
		m.hexes = out
	})
	return m.hexes[:len(m.hexes):len(m.hexes)]
}

// Len is the number of hexes on the map.
func (m *Map) Len() int {
	n := 0
	for i := range m.cells {
		if m.cells[i].present {
			n++
		}
	}
	return n
}

// Index is a dense number in [0, IndexLen) for each map hex, for callers
// that keep per-hex arrays; -1 off the map.
func (m *Map) Index(h Hex) int { return m.cellOf(h) }

// IndexLen bounds Index.
func (m *Map) IndexLen() int { return len(m.cells) }

// Layout is the board grid the map was built from.
func (m *Map) Layout() Layout { return m.layout }

// Overlays lists the placed overlays in placement order.
func (m *Map) Overlays() []*PlacedOverlay { return m.overlays }

// Problems lists what 12.33 would object to in this layout.
func (m *Map) Problems() []Problem { return m.problems }

// Variants are the SSR terrain variants in force.
func (m *Map) Variants() Variants { return m.variants }

// Size is the grid in boards: columns and rows.
func (m *Map) Size() (int, int) { return len(m.layout[0]), len(m.layout) }

// Label names h by its board (the upper/left board for a seam hex).
func (m *Map) Label(h Hex) string {
	i := m.cellOf(h)
	if i < 0 {
		return "off-map" + h.String()
	}
	return m.labelVia(h, m.cells[i].board[0])
}

// LabelOf is Label as a parsed Label, for a hex on the map (ok false off
// it): what a typed command holds.
func (m *Map) LabelOf(h Hex) (Label, bool) {
	i := m.cellOf(h)
	if i < 0 {
		return Label{}, false
	}
	p := &m.places[m.cells[i].board[0]]
	l, _ := p.toLocal(h.Q, h.R+floorDiv(h.Q, 2))
	return Label{Board: p.ID, Local: l}, true
}

// Labels gives every name of h: two for a seam hex.
func (m *Map) Labels(h Hex) []string {
	i := m.cellOf(h)
	if i < 0 {
		return nil
	}
	out := []string{m.labelVia(h, m.cells[i].board[0])}
	if b := m.cells[i].board[1]; b >= 0 {
		out = append(out, m.labelVia(h, b))
	}
	return out
}

func (m *Map) labelVia(h Hex, pi int8) string {
	p := &m.places[pi]
	l, _ := p.toLocal(h.Q, h.R+floorDiv(h.Q, 2))
	return Label{Board: p.ID, Local: l}.String()
}

// Hex finds the map hex a full label such as "25C5" names.
func (m *Map) Hex(label string) (Hex, error) {
	l, err := ParseLabel(label)
	if err != nil {
		return Hex{}, err
	}
	return m.HexOf(l)
}

// HexOf finds the map hex of a parsed label.
func (m *Map) HexOf(l Label) (Hex, error) {
	for i := range m.places {
		p := &m.places[i]
		if p.ID == l.Board {
			K, N := p.toGlobal(l.Local)
			return hexAt(K, N), nil
		}
	}
	return Hex{}, fmt.Errorf("hex %s: board %s is not on this map (%s)", l, l.Board, m.layout)
}

// BoardOf names the board holding h (the upper/left one on a seam).
func (m *Map) BoardOf(h Hex) string {
	if i := m.cellOf(h); i >= 0 {
		return m.places[m.cells[i].board[0]].ID
	}
	return ""
}

// OnEdge reports whether h lies on the playing area's outer edge.
func (m *Map) OnEdge(h Hex) bool {
	for _, n := range h.Neighbors() {
		if !m.Contains(n) {
			return true
		}
	}
	return false
}

// SideName names the hexside of h in direction d like "25C5-C6": the first
// hex's full label, then the second's hexrow and number (with its board
// number too when it lies on another board).
func (m *Map) SideName(h Hex, d Dir) string {
	a, b := m.Label(h), m.Label(h.Neighbor(d))
	la, errA := ParseLabel(a)
	lb, errB := ParseLabel(b)
	if errA == nil && errB == nil && la.Board == lb.Board {
		return a + "-" + lb.Local.String()
	}
	return a + "-" + b
}

// BuildText is Build from the command-line and scenario notations: a layout
// such as "25,26/27,28r" and placements such as "H1 on 27H6-G7".
func BuildText(lib *Library, layout string, overlays []string, v Variants) (*Map, error) {
	l, err := ParseLayout(layout)
	if err != nil {
		return nil, err
	}
	specs := make([]OverlaySpec, 0, len(overlays))
	for _, o := range overlays {
		s, err := ParseOverlaySpec(o)
		if err != nil {
			return nil, err
		}
		specs = append(specs, s)
	}
	return Build(lib, l, specs, v)
}
