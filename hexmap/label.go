package hexmap

import (
	"fmt"
	"strconv"
	"strings"
)

// Board geometry (brief §3): 33 hexrows A–Z, AA–GG; hexrows at even index
// (A, C, …) hold hexes 1–10, those at odd index (B, D, …) hold 0–10 and sit
// half a hex lower. Hexrows A and GG and the even-lettered 0 and 10 hexes are
// half-hexes cut by the board edge; when boards are butted together those
// halves coincide (a board's GG is its right-hand neighbour's A, a board's B10
// is the board below's B0), so boards repeat every 32 hexrows and 10 hexes.
const (
	BoardCols = 33 // hexrows A..GG
	BoardMaxN = 10 // highest hex number
	colPeriod = 32 // hexrows between the A hexrows of side-by-side boards
	rowPeriod = 10 // hex numbers between the tops of stacked boards
)

// Local names one hex of a board (or overlay) in its own hexrow/number grid.
type Local struct {
	Col int // hexrow index: 0 = A, 25 = Z, 26 = AA, … 32 = GG
	N   int // hex number within the hexrow
}

// ColName spells a hexrow index: 0→A, 25→Z, 26→AA, 32→GG.
func ColName(col int) string {
	if col < 26 {
		return string(rune('A' + col))
	}
	c := string(rune('A' + col - 26))
	return c + c
}

// parseCol reads a hexrow name (A..Z, AA..ZZ doubled letters).
func parseCol(s string) (int, bool) {
	switch {
	case len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z':
		return int(s[0] - 'A'), true
	case len(s) == 2 && s[0] == s[1] && s[0] >= 'A' && s[0] <= 'Z':
		return 26 + int(s[0]-'A'), true
	}
	return 0, false
}

func (l Local) String() string { return ColName(l.Col) + strconv.Itoa(l.N) }

// OnBoard reports whether l is a hex of a board: hexrow A–GG, numbers 1–10
// in A, C, E…, 0–10 in B, D, F….
func (l Local) OnBoard() bool {
	if l.Col < 0 || l.Col >= BoardCols || l.N > BoardMaxN {
		return false
	}
	if l.Col%2 == 0 {
		return l.N >= 1
	}
	return l.N >= 0
}

// Axial places a local hex in cube coordinates with A0 (or A1's hexrow
// origin) at q=0: q is the hexrow, r keeps each hexrow's numbers running
// down the screen with odd hexrows half a hex lower.
func (l Local) Axial() Hex { return Hex{l.Col, l.N - floorDiv(l.Col, 2)} }

// LocalOf is the inverse of Local.Axial.
func LocalOf(h Hex) Local { return Local{h.Q, h.R + floorDiv(h.Q, 2)} }

// ParseLocal reads a board-local label such as "C5", "GG10" or "B0". It checks
// the form only; use OnBoard for the board's bounds.
func ParseLocal(s string) (Local, error) {
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	if i == 0 {
		return Local{}, fmt.Errorf("hex %q: expected a hexrow letter (A–GG)", s)
	}
	col, ok := parseCol(s[:i])
	if !ok {
		return Local{}, fmt.Errorf("hex %q: %q is not a hexrow (A–Z, AA–GG)", s, s[:i])
	}
	digits := s[i:]
	if digits == "" {
		return Local{}, fmt.Errorf("hex %q: missing hex number after hexrow %s", s, s[:i])
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return Local{}, fmt.Errorf("hex %q: %q is not a hex number", s, digits)
		}
	}
	if len(digits) > 1 && digits[0] == '0' {
		return Local{}, fmt.Errorf("hex %q: hex number has a leading zero", s)
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > 99 {
		return Local{}, fmt.Errorf("hex %q: hex number out of range", s)
	}
	return Local{col, n}, nil
}

// ParseBoardLocal reads a board-local label and checks it lies on a board.
func ParseBoardLocal(s string) (Local, error) {
	l, err := ParseLocal(s)
	if err != nil {
		return l, err
	}
	if l.Col >= BoardCols {
		return l, fmt.Errorf("hex %q: hexrow %s is off the board (A–GG)", s, ColName(l.Col))
	}
	if !l.OnBoard() {
		if l.Col%2 == 0 {
			return l, fmt.Errorf("hex %q: hexrow %s holds hexes 1–10", s, ColName(l.Col))
		}
		return l, fmt.Errorf("hex %q: hexrow %s holds hexes 0–10", s, ColName(l.Col))
	}
	return l, nil
}

// Label is a full hex name: board number and board-local hex, e.g. 25C5.
type Label struct {
	Board string // "25"
	Local
}

func (l Label) String() string { return l.Board + l.Local.String() }

// ParseLabel reads a full label such as "25C5" or "27GG10". The board is
// the leading digits; the hex must lie on a board.
func ParseLabel(s string) (Label, error) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return Label{}, fmt.Errorf("hex %q: expected a board number first (e.g. 25C5)", s)
	}
	l, err := ParseBoardLocal(s[i:])
	if err != nil {
		return Label{}, fmt.Errorf("hex %q: %v", s, strings.TrimPrefix(err.Error(), fmt.Sprintf("hex %q: ", s[i:])))
	}
	return Label{Board: s[:i], Local: l}, nil
}
