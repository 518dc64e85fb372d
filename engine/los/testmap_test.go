package los

import "testing"

// grid96 is the LOS test board with its hillocks and deir (testdata/lib).
func grid96(t testing.TB) *Grid {
	return testGrid(t, "96", "H91 on 96I4-I5", "H92 on 96N5-N4", "H93 on 96R5-R4", "D91 on 96X5-X4")
}

func TestGrid96(t *testing.T) {
	g := grid96(t)
	for l, want := range map[string]int{"96I4": 1, "96N5": 2, "96N3": 1, "96B5": 4, "96X5": 0, "96U9": 2} {
		if got := at(t, g, l).Level; got != want {
			t.Errorf("%s at %d half levels, want %d", l, got, want)
		}
	}
	if p := g.Map().Problems(); len(p) > 0 {
		t.Errorf("layout problems: %v", p)
	}
}
