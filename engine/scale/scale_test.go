package scale

import "testing"

// Brief §1: 5 cm of seed 002 is one hex, rounded up.
func TestScaleJoin(t *testing.T) {
	for _, c := range []struct{ cm, hexes int }{
		{5, 1}, {10, 2}, {12, 3}, {70, 14}, {0, 0}, {1, 1}, {4, 1}, {6, 2}, {-5, 0},
	} {
		if got := Hexes(c.cm); got != c.hexes {
			t.Errorf("Hexes(%d cm) = %d, want %d", c.cm, got, c.hexes)
		}
	}
}
