package los

import (
	"testing"

	"khamsin/hexmap"
)

// enters reports whether the thread from a to b enters (or runs beside, on
// a hexspine) any of the named hexes.
func enters(t *testing.T, g *Grid, a, b string, hexes ...string) bool {
	t.Helper()
	want := map[hexmap.Hex]bool{}
	for _, h := range hexes {
		want[hex(t, g, h)] = true
	}
	th := hexmap.TraceThread(hex(t, g, a), hex(t, g, b))
	for _, s := range th.Steps[1 : len(th.Steps)-1] {
		if want[s.Hex] || s.Kind == hexmap.StepSpine && want[s.Other()] {
			return true
		}
	}
	return false
}

var hillockA = []string{"96I4", "96I5", "96J4", "96J5", "96J6"}

// 6.4: a hillock is a Half-Level Obstacle that creates no blind hexes.
func TestRule6_4(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	// two level-0 units, neither next to it: the hillock blocks
	if !enters(t, g, "96G4", "96L4", hillockA...) {
		t.Fatal("premise: G4 -> L4 crosses hillock A")
	}
	mustSee(t, c, g, at(t, g, "96G4"), at(t, g, "96L4"), false)
	// a level-1 Location over it sees the level-0 hex right behind it: no blind hex
	hill := at(t, g, "96G4")
	hill.Level = 2 // as if on a level-1 rise (an upper Location)
	mustSee(t, c, g, g.At(hex(t, g, "96B5")), at(t, g, "96K4"), true)
	// a non-Summit hillock hex does not block LOS to other hexes of the same hillock
	if !enters(t, g, "96I4", "96J6", "96I5", "96J5") {
		t.Fatal("premise: I4 -> J6 crosses other hexes of hillock A")
	}
	mustSee(t, c, g, at(t, g, "96I4"), at(t, g, "96J6"), true)
}

// 6.41: a unit on a hillock sees over that hillock, over the next hillock
// its LOS meets, and beyond to Locations as high as it is; a unit behind
// (next to) a hillock sees past it, unless entrenched (our reading of the
// missing 6.44, LOS-7).
func TestRule6_41(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	// on hillock A: over its own hillock down to level 0 beyond it
	mustSee(t, c, g, at(t, g, "96I4"), at(t, g, "96K5"), true)
	// behind hillock A (H4 is next to I4 and I5): past it to K5
	if !enters(t, g, "96H4", "96L5", hillockA...) {
		t.Fatal("premise: H4 -> L5 crosses hillock A")
	}
	mustSee(t, c, g, at(t, g, "96H4"), at(t, g, "96L5"), true)
	mustSee(t, c, g, entrenched(at(t, g, "96H4")), at(t, g, "96L5"), false)
	mustSee(t, c, g, at(t, g, "96G4"), at(t, g, "96L5"), false) // two hexes back: not behind it
	// on A, over the next hillock (B) to level 0 beyond it, where a level-0
	// unit sees nothing past B; but not past the hillock after it (C)
	if !enters(t, g, "96J4", "96Q4", "96N4") || !enters(t, g, "96J4", "96T4", "96N4") || !enters(t, g, "96J4", "96T4", "96R4") {
		t.Fatal("premise: J4 -> Q4 crosses hillock B, J4 -> T4 hillocks B and C")
	}
	mustSee(t, c, g, at(t, g, "96J4"), at(t, g, "96Q4"), true)
	mustSee(t, c, g, at(t, g, "96L4"), at(t, g, "96Q4"), false)
	mustSee(t, c, g, at(t, g, "96J4"), at(t, g, "96T4"), false)
	if r := c.Check(Query{From: at(t, g, "96J4"), To: at(t, g, "96T4")}); r.Block.Kind != "hillock" || r.Block.At.Hex != hex(t, g, "96R4") {
		t.Errorf("J4 -> T4 blocked by %+v, want hillock C at R4", r.Block)
	}
}

// 6.411: a unit on a hillock sees past the first wall level with it; not
// past a second to level 0.
func TestRule6_411(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	o5 := at(t, g, "96O5") // on hillock B, level ½; walls P4-Q4 and Q4-R3 lie on its NE grain
	if !threadCrossesWall(g, hex(t, g, "96O5"), hex(t, g, "96S3")) {
		t.Fatal("premise: O5 -> S3 crosses walls")
	}
	mustSee(t, c, g, o5, at(t, g, "96R3"), true)  // past the first wall; R3 is behind the second
	mustSee(t, c, g, o5, at(t, g, "96S3"), false) // not past the second to level 0
	mustSee(t, c, g, at(t, g, "96P4"), at(t, g, "96S3"), false)
}

// 6.42: a unit above a hillock's top sees over it.
func TestRule6_42(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	b5 := at(t, g, "96B5") // level 2
	for _, target := range []string{"96K5", "96L4", "96K6"} {
		mustSee(t, c, g, b5, at(t, g, target), true)
	}
}

// 6.6: a Hillock Summit is a hillock one level high rising from ½: it blocks
// units at ½ on the same hillock that are not next to it; from on it, one
// sees over the whole hillock.
func TestRule6_6(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	n3, n7, n5 := at(t, g, "96N3"), at(t, g, "96N7"), at(t, g, "96N5")
	if n5.Level != 2 || n3.Level != 1 {
		t.Fatalf("summit at %s, hillock at %s", name(g, n5), name(g, n3))
	}
	mustSee(t, c, g, n3, n7, false)
	mustSee(t, c, g, at(t, g, "96N4"), at(t, g, "96N6"), true) // both behind the summit
	mustSee(t, c, g, n5, at(t, g, "96P6"), true)
	mustSee(t, c, g, n5, at(t, g, "96L4"), true)
}

// 6.44 (our reading, adopted by the ruling of issue 9; the seeds lack the
// rule): a hillock hex next to an entrenched or emplaced Location blocks
// the LOS to it whatever the other end's position (behind the hillock, on
// it, or level with its top) unless one end is above the hillock (6.42).
// A dug-in unit on the hillock itself is not beside it.
func TestRule6_44_DugInBesideHillock(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	emplaced := func(l Location) Location { l.Emplaced = true; return l }
	for _, tc := range []struct {
		from, to string
		dig      func(Location) Location // applied to "to"
		want     bool
	}{
		// H4 is next to I4 and I5, K5 next to J5 and J6 (hillock A)
		{"96K5", "96H4", nil, true},         // both behind it (LOS-7)
		{"96K5", "96H4", entrenched, false}, // behind it, but H4 is dug in beside it
		{"96K5", "96H4", emplaced, false},   // an Emplaced Gun too
		{"96H4", "96K5", entrenched, false}, // and the other way round
		{"96J6", "96H4", nil, true},         // on the hillock (6.41)
		{"96J6", "96H4", entrenched, false}, // on it, level with its top: not above it
		{"96B5", "96K5", entrenched, true},  // level 2, above the hillock (6.42)
		{"96I4", "96K5", nil, true},         // on the hillock, over it
	} {
		to := at(t, g, tc.to)
		if tc.dig != nil {
			to = tc.dig(to)
		}
		from := at(t, g, tc.from)
		if !enters(t, g, tc.from, tc.to, hillockA...) {
			t.Fatalf("premise: %s -> %s crosses hillock A", tc.from, tc.to)
		}
		mustSee(t, c, g, from, to, tc.want)
		if !tc.want {
			if r := c.Check(Query{From: from, To: to}); r.Block.Kind != "hillock" || r.Block.Rule != "6.44 (our reading)" {
				t.Errorf("%s -> %s blocked by %+v, want hillock A under 6.44 (our reading)", name(g, from), name(g, to), r.Block)
			}
		}
	}
	// a dug-in unit ON the hillock is not beside it: it sees over its own
	// hillock as before (6.4, 6.41)
	mustSee(t, c, g, entrenched(at(t, g, "96I4")), at(t, g, "96K5"), true)
	mustSee(t, c, g, at(t, g, "96K5"), entrenched(at(t, g, "96I4")), true)
}
