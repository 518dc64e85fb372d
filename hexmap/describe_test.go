package hexmap

import "testing"

// TestSummaryWordsF2A: the status line calls board 25's Chapter-B open
// ground (F.2A) a hill, as the map draws it, and keeps "desert" for desert
// open ground (1.1); the level follows a comma.
func TestSummaryWordsF2A(t *testing.T) {
	for _, c := range []struct {
		info HexInfo
		want string
	}{
		{HexInfo{Hex: "25K5", Level: 3, Base: 3, Terrain: []string{"open"}}, "25K5  hill, level 3"},
		{HexInfo{Hex: "25A1", Terrain: []string{"desert"}}, "25A1  desert, level 0"},
		{HexInfo{Hex: "25C5", Level: -1, Terrain: []string{"desert", "wadi"}}, "25C5  desert wadi, level -1 (base 0)"},
		{HexInfo{Hex: "25G3", Terrain: []string{"brush", "open"}}, "25G3  brush open, level 0"},
	} {
		if got := c.info.Summary(); got != c.want {
			t.Errorf("Summary(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}
