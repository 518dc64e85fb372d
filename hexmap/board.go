package hexmap

import (
	"fmt"
	"sort"
)

// Board is one geomorphic desert board as its file describes it, in its own
// hexrow/number grid, not yet placed on a map.
type Board struct {
	ID   string // "25"
	Name string
	File string

	hex  [BoardCols][BoardMaxN + 1]Terrain
	side [BoardCols][BoardMaxN + 1][3]SideFlags // N, NE, SE sides of each hex
}

// Terrain of a board-local hex (the zero Terrain for hexes off the board).
func (b *Board) Terrain(l Local) Terrain {
	if !l.OnBoard() {
		return Terrain{}
	}
	return b.hex[l.Col][l.N]
}

// Side is the feature set of the hexside of l in direction d (board-local).
func (b *Board) Side(l Local, d Dir) SideFlags {
	k, ok := sideBetween(l, LocalOf(l.Axial().Neighbor(d)))
	if !ok || !k.At.OnBoard() {
		return 0
	}
	return b.side[k.At.Col][k.At.N][k.Dir]
}

// ParseBoard reads a board file (docs/formats.md). Errors are file:line: msg.
func ParseBoard(file string, data []byte) (*Board, error) {
	s, err := parseSheet(file, data, "board")
	if err != nil {
		return nil, err
	}
	b := &Board{ID: s.id, Name: s.name, File: file}
	for _, l := range s.sortedHexes() {
		b.hex[l.Col][l.N] = s.hexes[l].t
	}
	for _, k := range s.sortedSides() {
		a, c := k.hexes()
		if !a.OnBoard() || !c.OnBoard() {
			return nil, &parseError{file, 1, fmt.Sprintf("hexside %s runs off the board", k)}
		}
		b.side[k.At.Col][k.At.N][k.Dir] = s.sides[k]
	}
	return b, nil
}

// Overlay is a desert overlay (12.1) in its own local grid.
type Overlay struct {
	ID       string
	Name     string
	File     string
	One, Two Local   // the hexes printed "1" and "2"; Two == One for one-hex overlays
	Hexes    []Local // every overlay hex, sorted
	Absolute bool    // levels are absolute (E1) rather than relative to the ground
	Boards   []string
	Fixed    string // fixed placement such as "25L1-L0", or ""

	terrain map[Local]Terrain
	sides   map[sideKey]SideFlags
	sideKey []sideKey // sorted keys of sides
}

// ParseOverlay reads an overlay file (docs/formats.md).
func ParseOverlay(file string, data []byte) (*Overlay, error) {
	s, err := parseSheet(file, data, "overlay")
	if err != nil {
		return nil, err
	}
	o := &Overlay{ID: s.id, Name: s.name, File: file, One: s.one, Two: s.two,
		Absolute: s.abs, Boards: s.boards, Fixed: s.fixed,
		terrain: map[Local]Terrain{}, sides: map[sideKey]SideFlags{}}
	if !s.hasTwo {
		o.Two = o.One
	}
	o.Hexes = s.sortedHexes()
	for _, l := range o.Hexes {
		o.terrain[l] = s.hexes[l].t
	}
	o.sideKey = s.sortedSides()
	for _, k := range o.sideKey {
		o.sides[k] = s.sides[k]
	}
	return o, nil
}

// Terrain of an overlay-local hex and whether the hex belongs to the overlay.
func (o *Overlay) Terrain(l Local) (Terrain, bool) {
	t, ok := o.terrain[l]
	return t, ok
}

// Kind is the overlay family from its ID prefix: W (wadi), S (sand), SD
// (sand dune), H (hillock), D (deir), X (special), E (escarpment).
func (o *Overlay) Kind() string {
	switch {
	case len(o.ID) >= 2 && o.ID[:2] == "SD":
		return "SD"
	case o.ID != "":
		return o.ID[:1]
	}
	return ""
}

// Library holds every known board and overlay by ID.
type Library struct {
	Boards   map[string]*Board
	Overlays map[string]*Overlay
}

// OverlayIDs lists the overlays in the DYO table's order (W, S, H, D, SD,
// X, then anything else), numbers ascending.
func (lib *Library) OverlayIDs() []string {
	ids := make([]string, 0, len(lib.Overlays))
	for id := range lib.Overlays {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return overlayOrder(ids[i]) < overlayOrder(ids[j]) })
	return ids
}

// BoardIDs lists the boards in numeric order.
func (lib *Library) BoardIDs() []string {
	ids := make([]string, 0, len(lib.Boards))
	for id := range lib.Boards {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		if len(ids[i]) != len(ids[j]) {
			return len(ids[i]) < len(ids[j])
		}
		return ids[i] < ids[j]
	})
	return ids
}

func overlayOrder(id string) string {
	fam := map[string]string{"W": "0", "S": "1", "H": "2", "D": "3", "SD": "4", "X": "5", "E": "6"}
	pre := id
	for i, c := range id {
		if c >= '0' && c <= '9' {
			pre = id[:i]
			break
		}
	}
	f, ok := fam[pre]
	if !ok {
		f = "9" + pre
	}
	return fmt.Sprintf("%s%08s", f, id[len(pre):])
}
