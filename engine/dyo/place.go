package dyo

import (
	"fmt"
	"slices"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// Options steer random placement.
type Options struct {
	North        hexmap.Orientation
	RerollOffMap bool // 12.33: reroll an overlay that hangs off the playing area (players' option)
	MaxTries     int  // rerolls allowed per overlay before it is left out (default 40)
	// Overlays are placed by SSR before the random ones. With E1 among them
	// its level-4 plateau is an area of its own for 12.3.
	Overlays []hexmap.OverlaySpec
}

// Placement is the outcome of the 12.3 procedure.
type Placement struct {
	Lines []string             // SSR lines, "Place Overlay H1 on 27H6-G7"
	Specs []hexmap.OverlaySpec // the same, parsed
	Notes []string             // what happened besides: dunes not placed, rerolls, boards skipped
	Rolls []dice.Roll          // every roll made, in order
	Map   *hexmap.Map          // the map with the overlays laid
}

// halfBoard is one half of a board, split between hexrows P and R (Q, the
// middle hexrow, belongs to neither half's hexrow table).
type halfBoard struct {
	board   hexmap.BoardRef
	gx, gy  int
	right   bool // the half on the right of the screen
	label   string
	hcol    int // column of half-boards across the map (for adjacency, 12.42)
	ncount  int // overlays to place here
	pending []selection
	plateau [][]hexmap.Local // E1's level-4 plateau: its hexes by hexrow L–Q, north to south (nil for a half-board)
}

type selection struct {
	id   string
	half *halfBoard
	high bool
}

// PlaceRandom runs 12.3–12.33 and 12.42 on the layout with the roller.
// Only boards 26–31 and the level-4 plateau of an E1 among opt.Overlays
// receive overlays (12.3).
func PlaceRandom(lib *hexmap.Library, layout hexmap.Layout, r *dice.Roller, opt Options) (*Placement, error) {
	if opt.MaxTries <= 0 {
		opt.MaxTries = 40
	}
	fixed := opt.Overlays
	base, err := hexmap.Build(lib, layout, fixed, hexmap.Variants{})
	if err != nil {
		return nil, err
	}
	out := &Placement{}
	start := r.Len()
	// The half that counts as northern-or-eastern depends on where North is.
	neIsRight := opt.North == hexmap.NorthUp || opt.North == hexmap.NorthRight

	density := r.Dr("12.3 overlay density")
	drm := densityDRM(density.Total())
	var halves []*halfBoard
	var sels []selection
	for gy, row := range layout {
		for gx, ref := range row {
			left := &halfBoard{board: ref, gx: gx, gy: gy, hcol: 2 * gx}
			right := &halfBoard{board: ref, gx: gx, gy: gy, right: true, hcol: 2*gx + 1}
			left.label, right.label = halfName(ref.ID, false, opt.North), halfName(ref.ID, true, opt.North)
			if !eligible(ref.ID) {
				out.Notes = append(out.Notes, fmt.Sprintf("board %s: no random overlays (12.3: boards 26–31 only)", ref.ID))
				continue
			}
			roll := r.Dr(fmt.Sprintf("12.3 overlays on board %s (drm %+d)", ref.ID, drm))
			ne, sw := right, left
			if !neIsRight {
				ne, sw = left, right
			}
			switch final := roll.Total() + drm; {
			case final <= 1:
				left.ncount, right.ncount = 2, 2
			case final == 2:
				left.ncount, right.ncount = 1, 1
			case final == 3:
				ne.ncount = 1
			case final == 4:
				sw.ncount = 1
			}
			for _, h := range []*halfBoard{left, right} {
				halves = append(halves, h)
				for i := 0; i < h.ncount; i++ {
					if s, ok := selectOverlay(r, h, sels, halves, out); ok {
						sels = append(sels, s)
					}
				}
			}
		}
	}
	if p := plateauArea(base, layout); p != nil {
		// 12.3: E1's level-4 plateau is an area of its own. Decision: it is
		// rolled for like one half-board (≤1 two overlays, 2–4 one, ≥5 none).
		roll := r.Dr(fmt.Sprintf("12.3 overlays on %s (drm %+d)", p.label, drm))
		switch final := roll.Total() + drm; {
		case final <= 1:
			p.ncount = 2
		case final <= 4:
			p.ncount = 1
		}
		halves = append(halves, p)
		for i := 0; i < p.ncount; i++ {
			if s, ok := selectOverlay(r, p, sels, halves, out); ok {
				sels = append(sels, s)
			}
		}
	}
	// 12.31–12.33: position each selected overlay, rerolling conflicts.
	specs := append([]hexmap.OverlaySpec(nil), fixed...)
	var placed []hexmap.OverlaySpec
	for _, s := range sels {
		spec, ok, err := position(lib, layout, base, r, s, specs, opt, out)
		if err != nil {
			return nil, err
		}
		if ok {
			specs = append(specs, spec)
			placed = append(placed, spec)
		}
	}
	m, err := hexmap.Build(lib, layout, specs, hexmap.Variants{})
	if err != nil {
		return nil, err
	}
	out.Map, out.Specs = m, placed
	for _, s := range placed {
		out.Lines = append(out.Lines, "Place Overlay "+s.String())
	}
	out.Rolls = r.Log()[start:]
	return out, nil
}

// plateauArea is E1's level-4 plateau as an area for 12.3, or nil when no
// E1 is on the map. Its hexes are grouped by board-25 hexrow L–Q (R, three
// hexes carrying the road, takes no "1" hex; overlays may still reach it).
func plateauArea(base *hexmap.Map, layout hexmap.Layout) *halfBoard {
	hexes := base.PlateauHexes()
	if len(hexes) == 0 {
		return nil
	}
	rows := make([][]hexmap.Local, 6)
	board := ""
	for _, h := range hexes {
		for _, name := range base.Labels(h) {
			l, err := hexmap.ParseLabel(name)
			if err != nil || l.Board != "25" {
				continue
			}
			board = l.Board
			if k := l.Local.Col - 11; k >= 0 && k < len(rows) { // L is hexrow 11
				rows[k] = append(rows[k], l.Local)
			}
		}
	}
	for _, row := range rows {
		if len(row) == 0 {
			return nil
		}
		slices.SortFunc(row, func(a, b hexmap.Local) int { return a.N - b.N })
	}
	p := &halfBoard{label: "E1's level-4 plateau", plateau: rows}
	for gy, line := range layout {
		for gx, ref := range line {
			if ref.ID == board && p.board.ID == "" {
				p.board, p.gx, p.gy, p.hcol = ref, gx, gy, 2*gx
			}
		}
	}
	return p
}

func eligible(board string) bool { return board >= "26" && board <= "31" && len(board) == 2 }

func halfName(board string, right bool, n hexmap.Orientation) string {
	side := map[hexmap.Orientation][2]string{
		hexmap.NorthUp: {"west", "east"}, hexmap.NorthRight: {"south", "north"},
		hexmap.NorthDown: {"east", "west"}, hexmap.NorthLeft: {"north", "south"},
	}[n]
	if right {
		return "board " + board + " " + side[1] + " half"
	}
	return "board " + board + " " + side[0] + " half"
}

// selectOverlay rolls on the DYO desert-overlay table for one half-board,
// rerolling overlays already chosen (12.33) and making the sand-dune
// placement and High/Low rolls of 12.42.
func selectOverlay(r *dice.Roller, h *halfBoard, sels []selection, halves []*halfBoard, out *Placement) (selection, bool) {
	taken := map[string]bool{}
	for _, s := range sels {
		taken[s.id] = true
	}
	var id string
	for {
		roll := r.DR("12.3 overlay for " + h.label)
		id = overlayTable[roll.Colored-1][roll.White-1]
		if !taken[id] {
			break
		}
		out.Notes = append(out.Notes, fmt.Sprintf("%s already chosen: rolled again (12.33)", id))
	}
	s := selection{id: id, half: h}
	if len(id) < 2 || id[:2] != "SD" {
		return s, true
	}
	near := func(o *halfBoard) bool {
		dc, dr := o.hcol-h.hcol, o.gy-h.gy
		return dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1
	}
	drm := 0
	for _, o := range sels {
		if o.id[0] != 'S' { // S* sand and SD* dune overlays both count
			continue
		}
		if near(o.half) {
			drm -= 2
		} else {
			drm--
		}
	}
	place := r.Dr(fmt.Sprintf("12.42 place dune %s (drm %+d)", id, drm))
	if place.Total()+drm >= 2 {
		out.Notes = append(out.Notes, fmt.Sprintf("%s not placed: 12.42 final dr %d", id, place.Total()+drm))
		return s, false
	}
	hdrm := 0
	for _, o := range sels {
		if !o.high {
			continue
		}
		if near(o.half) {
			hdrm -= 2
		} else {
			hdrm--
		}
	}
	hl := r.Dr(fmt.Sprintf("12.42 High or Low dune %s (drm %+d)", id, hdrm))
	s.high = hl.Total()+hdrm <= 1
	return s, true
}

// position rolls the hexrow (12.31) and the hex and orientation (12.32) of
// one selected overlay, rerolling while it overlaps or touches another
// (12.33). It reports false if no clean spot was found in MaxTries.
func position(lib *hexmap.Library, layout hexmap.Layout, base *hexmap.Map, r *dice.Roller, s selection, placed []hexmap.OverlaySpec, opt Options, out *Placement) (hexmap.OverlaySpec, bool, error) {
	o := lib.Overlays[s.id]
	if o == nil {
		return hexmap.OverlaySpec{}, false, fmt.Errorf("dyo: overlay %s is not in the library", s.id)
	}
	h := s.half
	for try := 1; try <= opt.MaxTries; try++ {
		var one hexmap.Label
		var posRoll dice.Roll
		if h.plateau != nil {
			// Decision for E1's plateau (12.3 names it, 12.31/12.32 only
			// half-boards): a dr picks hexrow L–Q; the coloured dr of the
			// position DR counts that hexrow's plateau hexes from the north
			// edge (wrapping round), the white dr is the Random Direction.
			rowRoll := r.Dr(fmt.Sprintf("12.31 hexrow (L–Q) of %s on %s", s.id, h.label))
			row := h.plateau[rowRoll.Total()-1]
			posRoll = r.DR(fmt.Sprintf("12.32 hex and direction of %s", s.id))
			one = hexmap.Label{Board: h.board.ID, Local: row[(posRoll.Colored-1)%len(row)]}
		} else {
			rowRoll := r.DR(fmt.Sprintf("12.31 hexrow of %s on %s", s.id, h.label))
			low, high := hexrowPair(rowRoll.Total())
			// the letter on the screen half being filled, in board-local terms
			col := low
			if h.right != h.board.Turned {
				col = high
			}
			posRoll = r.DR(fmt.Sprintf("12.32 hex and direction of %s", s.id))
			one = hexmap.Label{Board: h.board.ID, Local: hexmap.Local{Col: col, N: posRoll.Colored + 2}}
		}
		spec := hexmap.OverlaySpec{ID: s.id, One: one, High: s.high}
		if o.Two != o.One {
			oneHex, err := base.HexOf(one)
			if err != nil {
				return spec, false, err
			}
			twoHex := oneHex.Neighbor(RandomDirection(posRoll.White, h.board.Turned))
			if len(base.Labels(twoHex)) == 0 {
				// a plateau "1" on the board edge pointing off it (12.33)
				out.Notes = append(out.Notes, fmt.Sprintf("rerolled: %s's \"2\" hex would lie beyond the playing area (12.33)", s.id))
				continue
			}
			lab, err := hexmap.ParseLabel(base.Label(twoHex))
			if err != nil {
				return spec, false, err
			}
			spec.Two, spec.HasTwo = lab, true
		}
		m, err := hexmap.Build(lib, layout, append(append([]hexmap.OverlaySpec(nil), placed...), spec), hexmap.Variants{})
		if err != nil {
			return spec, false, err
		}
		bad := ""
		for _, p := range m.Problems() {
			if p.Overlay != s.id {
				continue
			}
			if p.Kind == "off-map" && !opt.RerollOffMap {
				out.Notes = append(out.Notes, p.Msg)
				continue
			}
			bad = p.Msg
		}
		if bad == "" {
			return spec, true, nil
		}
		out.Notes = append(out.Notes, "rerolled: "+bad)
	}
	out.Notes = append(out.Notes, fmt.Sprintf("%s left out: no clean position in %d tries (12.33)", s.id, opt.MaxTries))
	return hexmap.OverlaySpec{}, false, nil
}
