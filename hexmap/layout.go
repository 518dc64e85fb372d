package hexmap

import (
	"fmt"
	"strings"
)

// BoardRef is one board in a map's grid; Turned boards are rotated 180°.
type BoardRef struct {
	ID     string
	Turned bool
}

func (b BoardRef) String() string {
	if b.Turned {
		return b.ID + "r"
	}
	return b.ID
}

// Layout is a rectangular grid of boards, rows top to bottom, each row left
// to right, written "25,26/27,28r" (brief §6).
type Layout [][]BoardRef

// ParseLayout reads the --map notation: rows separated by '/', boards by ','
// and an 'r' suffix for a board turned 180°.
func ParseLayout(s string) (Layout, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("map: empty layout (expected e.g. \"25\" or \"25,26/27,28\")")
	}
	var l Layout
	seen := map[string]bool{}
	for ri, row := range strings.Split(s, "/") {
		var refs []BoardRef
		for _, w := range strings.Split(row, ",") {
			w = strings.TrimSpace(w)
			ref := BoardRef{ID: w}
			if strings.HasSuffix(w, "r") || strings.HasSuffix(w, "R") {
				ref = BoardRef{ID: w[:len(w)-1], Turned: true}
			}
			if err := checkID("board", ref.ID); err != nil {
				return nil, fmt.Errorf("map %q: row %d: %v", s, ri+1, err)
			}
			if seen[ref.ID] {
				return nil, fmt.Errorf("map %q: board %s appears twice; hex labels would be ambiguous", s, ref.ID)
			}
			seen[ref.ID] = true
			refs = append(refs, ref)
		}
		if len(l) > 0 && len(refs) != len(l[0]) {
			return nil, fmt.Errorf("map %q: row %d has %d boards, row 1 has %d; the grid must be rectangular", s, ri+1, len(refs), len(l[0]))
		}
		l = append(l, refs)
	}
	if len(l)*len(l[0]) > 16 {
		return nil, fmt.Errorf("map %q: at most 16 boards", s)
	}
	return l, nil
}

func (l Layout) String() string {
	rows := make([]string, len(l))
	for i, row := range l {
		ids := make([]string, len(row))
		for j, b := range row {
			ids[j] = b.String()
		}
		rows[i] = strings.Join(ids, ",")
	}
	return strings.Join(rows, "/")
}

// placement is a board laid on the map at grid position (gx, gy).
type placement struct {
	BoardRef
	gx, gy int
	board  *Board
}

// toGlobal maps a board-local hex to map hexrow K and number N.
func (p *placement) toGlobal(l Local) (int, int) {
	k, n := l.Col, l.N
	if p.Turned {
		k, n = turnLocal(k, n)
	}
	return colPeriod*p.gx + k, rowPeriod*p.gy + n
}

// toLocal maps map hexrow K and number N back to this board, if it lies on it.
func (p *placement) toLocal(K, N int) (Local, bool) {
	k, n := K-colPeriod*p.gx, N-rowPeriod*p.gy
	if k < 0 || k >= BoardCols {
		return Local{}, false
	}
	if p.Turned {
		k, n = turnLocal(k, n)
	}
	l := Local{k, n}
	return l, l.OnBoard()
}

// turnLocal rotates a board-local position 180° about the board's centre:
// A1 ↔ GG10, B0 ↔ FF10.
func turnLocal(k, n int) (int, int) {
	if k%2 == 0 {
		return BoardCols - 1 - k, BoardMaxN + 1 - n
	}
	return BoardCols - 1 - k, BoardMaxN - n
}

// localDir maps a board-local direction to the map's.
func (p *placement) localDir(d Dir) Dir {
	if p.Turned {
		return d.Opposite()
	}
	return d
}
