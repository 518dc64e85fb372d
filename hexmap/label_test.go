package hexmap

import (
	"strings"
	"testing"
)

func TestParseLabel(t *testing.T) {
	good := map[string]Label{
		"25C5":   {"25", Local{2, 5}},
		"25GG10": {"25", Local{32, 10}},
		"27B0":   {"27", Local{1, 0}},
		"26Z1":   {"26", Local{25, 1}},
		"26AA7":  {"26", Local{26, 7}},
	}
	for in, want := range good {
		got, err := ParseLabel(in)
		if err != nil || got != want {
			t.Errorf("ParseLabel(%q) = %v, %v; want %v", in, got, err, want)
		}
		if got.String() != in {
			t.Errorf("%q prints back as %q", in, got.String())
		}
	}
	bad := map[string]string{
		"":       "board number",
		"C5":     "board number",
		"25":     "hexrow",
		"25C":    "missing hex number",
		"25A0":   "holds hexes 1–10",
		"25B11":  "holds hexes 0–10",
		"25HH1":  "off the board",
		"25AB1":  "not a hexrow",
		"25C05":  "leading zero",
		"25C5x":  "not a hex number",
		"25c5":   "hexrow",
		"25C999": "out of range",
	}
	for in, frag := range bad {
		_, err := ParseLabel(in)
		if err == nil || !strings.Contains(err.Error(), frag) {
			t.Errorf("ParseLabel(%q) error = %v; want it to mention %q", in, err, frag)
		}
	}
}

// TestBoardGeometry checks the brief's §3 adjacency: 25D5 touches C5 C6 D4
// D6 E5 E6, and C5 touches B4 B5 C4 C6 D4 D5.
func TestBoardGeometry(t *testing.T) {
	check := func(centre string, want string) {
		c, _ := ParseBoardLocal(centre)
		var got []string
		for _, n := range c.Axial().Neighbors() {
			got = append(got, LocalOf(n).String())
		}
		for _, w := range strings.Fields(want) {
			if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+w+" ") {
				t.Errorf("%s neighbours %v lack %s", centre, got, w)
			}
		}
	}
	check("D5", "C5 C6 D4 D6 E5 E6")
	check("C5", "B4 B5 C4 C6 D4 D5")
	n := 0
	for k := 0; k < BoardCols; k++ {
		for i := 0; i <= BoardMaxN; i++ {
			if (Local{k, i}).OnBoard() {
				n++
			}
		}
	}
	if n != 17*10+16*11 {
		t.Errorf("a board holds %d hexes, want 346", n)
	}
}
