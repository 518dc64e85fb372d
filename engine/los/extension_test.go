package los

import (
	"testing"
	"testing/fstest"

	"khamsin/hexmap"
)

// spineGrid is a bare level-0 board 95 with the hill hexes listed at level
// 2: a LOS from 95X3 to 95Z3, carried on past Z3, runs along the
// alternate grain (the AA3-AA4 hexside, then BB3, then CC3-CC4).
func spineGrid(t *testing.T, hills string) *Grid {
	t.Helper()
	src := "board 95\nname \"extension test\"\n"
	if hills != "" {
		src += hills + ": open level 2\n"
	}
	lib, err := hexmap.LoadLibrary(fstest.MapFS{"boards/95.board": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, "95", nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}

// 11.611's third condition along a hexside: where the extended line runs
// exactly along a hexside it is blocked only when the hexes on both sides
// block (LOS-2), so a level-2 hill on both sides of AA3-AA4 cancels sun
// blindness against a level-0 target in Z3, and a hill on one side does not.
func TestExtensionBlocked_11_611_AlongHexside(t *testing.T) {
	g := spineGrid(t, "")
	th := hexmap.TraceThread(hex(t, g, "95Z3"), hex(t, g, "95BB3"))
	if s := th.Steps[1]; s.Kind != hexmap.StepSpine || !sideIs(t, g, sideWhere(s.Hex, s.Dir), "95AA3", "95AA4") {
		t.Fatalf("premise: Z3 -> BB3 runs along AA3-AA4, got %+v", th.Steps)
	}
	for _, c := range []struct {
		hills string
		want  bool
	}{
		{"", false},
		{"AA3", false},     // one side only: the hexside stretch is clear
		{"AA4", false},     // the other side only
		{"AA3 AA4", true},  // both sides two levels up: blocked
		{"CC3 CC4", true},  // the next hexside stretch along the line
		{"BB3", true},      // a hex the line enters (already handled)
		{"AA2 AA5", false}, // beside the line, not on it
	} {
		g := spineGrid(t, c.hills)
		if got := g.NewChecker().ExtensionBlocked(at(t, g, "95X3"), at(t, g, "95Z3")); got != c.want {
			t.Errorf("hills %q: extension X3 -> Z3 blocked %v, want %v", c.hills, got, c.want)
		}
	}
	// a target on a level-1 rise needs the obstacle at level 3: level 2 is
	// only one level above it
	g = spineGrid(t, "AA3 AA4")
	z3 := at(t, g, "95Z3")
	z3.Level += 2
	if g.NewChecker().ExtensionBlocked(at(t, g, "95X3"), z3) {
		t.Error("target at level 1: hills at level 2 are not two levels above it")
	}
}
