package los

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

// builtinGrid builds a map of the embedded boards with overlays.
func builtinGrid(t *testing.T, layout string, overlays ...string) *Grid {
	t.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, layout, overlays, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return NewGrid(m)
}

// The rule on a half-level block follows the geometry: an ordinary hedge
// is our LOS-7 decision (10.2 is only for Hillside walls/hedges); a
// ground-level hillock between two units off it is 6.4, and 6.41 only when
// an end is ON a hillock.
func TestBlockRule_LOS7_10_2_6_4_6_41(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	r := c.Check(Query{From: at(t, g, "25CC8"), To: at(t, g, "25FF5")})
	if r.Clear || r.Block.Kind != "hedge" || r.Block.Rule != "LOS-7" || !sideIs(t, g, r.Block.At, "25DD7", "25DD6") {
		t.Errorf("CC8 -> FF5 across the plain DD6-DD7 hedge: %+v, want hedge (LOS-7)", r.Block)
	}
	a := r.Answer(g.Map())
	if a.BlockedBy == nil || a.BlockedBy.Kind != "hedge" || a.BlockedBy.Rule != "LOS-7" {
		t.Errorf("the answer says what blocks: %+v", a.BlockedBy)
	}

	g27 := builtinGrid(t, "27", "H1 on 27H6-G7")
	c27 := g27.NewChecker()
	r = c27.Check(Query{From: at(t, g27, "27E5"), To: at(t, g27, "27K8")})
	if r.Clear || r.Block.Kind != "hillock" || r.Block.Rule != "6.4" {
		t.Errorf("E5 -> K8 past the level-0 hillock: %+v, want hillock (6.4)", r.Block)
	}

	g96 := grid96(t)
	c96 := g96.NewChecker()
	if r := c96.Check(Query{From: at(t, g96, "96J4"), To: at(t, g96, "96T4")}); r.Block.Kind != "hillock" || r.Block.Rule != "6.41" {
		t.Errorf("J4 (on hillock A) -> T4: %+v, want hillock (6.41)", r.Block)
	}
	if r := c96.Check(Query{From: at(t, g96, "96G4"), To: at(t, g96, "96L4")}); r.Block.Kind != "hillock" || r.Block.Rule != "6.4" {
		t.Errorf("G4 -> L4 (both off the hillock): %+v, want hillock (6.4)", r.Block)
	}
}

// LOS-10 / 11.74: Vehicle Dust is a two-level hindrance from its hex's base
// level. From the Kef's level 3 in 25F7 the thread to the low hexes of
// hexrows A-B passes above a counter in the adjacent 25E7: no DRM.
func TestRule11_74_ThreadAboveVehicleDust(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	f7 := at(t, g, "25F7")
	if f7.Level != 6 {
		t.Fatalf("premise: 25F7 is level 3, got %d half levels", f7.Level)
	}
	e7 := hex(t, g, "25E7")
	dust := []Dust{{Hex: e7}}
	n := 0
	for _, to := range []string{"25A1", "25A2", "25A3", "25B1", "25B2", "25B3"} {
		tl := at(t, g, to)
		if !enters(t, g, "25F7", to, "25E7") {
			continue
		}
		r := c.Check(Query{From: f7, To: tl, Dust: dust})
		if !r.Clear {
			continue
		}
		n++
		if r.DRM != 0 {
			t.Errorf("F7 -> %s over the dust in E7: DRM %d, want 0 (%+v)", to, r.DRM, r.Hindrances)
		}
		// the same counter in the low end's own hex hinders: the thread is low there
		if r := c.Check(Query{From: f7, To: tl, Dust: []Dust{{Hex: tl.Hex}}}); r.DRM != 1 {
			t.Errorf("F7 -> %s with dust in %s itself: DRM %d, want 1", to, to, r.DRM)
		}
	}
	if n == 0 {
		t.Fatal("premise: no clear thread from F7 to hexrows A-B through E7")
	}
}

// LOS-1 with 5.61, 5.51 and 6.0: in a wadi hex a unit is on the floor, on
// a bridge or in Crest status; no unit is entrenched or emplaced in a
// wadi-cliff hex; Crest status is the unit's entrenchment, not added to one.
func TestValidate_5_61_6_0_LOS1(t *testing.T) {
	g := grid25(t)
	d5 := at(t, g, "25D5") // a wadi-cliff hex
	for _, l := range []Location{entrenched(d5), {Hex: d5.Hex, Level: d5.Level, Emplaced: true}} {
		if err := g.Validate(l); err == nil || !strings.Contains(err.Error(), "5.61") {
			t.Errorf("dug in at D5: %v", err)
		}
	}
	rim := d5
	rim.Level = 0
	if err := g.Validate(rim); err == nil || !strings.Contains(err.Error(), "Crest status") {
		t.Errorf("D5 at its base level without Crest status: %v", err)
	}
	c5 := at(t, g, "25C5") // a wadi hex without cliffs
	if err := g.Validate(entrenched(c5)); err != nil {
		t.Errorf("entrenched on C5's floor: %v", err)
	}
	if err := g.Validate(entrenched(crestAt(t, g, "25C5", "25C4"))); err == nil || !strings.Contains(err.Error(), "6.0") {
		t.Errorf("crest and entrenched: %v", err)
	}
	// 5.51: a bridge hex has two Locations, under and on the bridge
	r1 := hex(t, g, "25R1")
	locs := g.Locations(r1)
	if len(locs) < 2 || locs[0].Level == locs[1].Level {
		t.Fatalf("premise: R1 is a bridge hex with two levels: %+v", locs)
	}
	for _, l := range locs[:2] {
		if err := g.Validate(l); err != nil {
			t.Errorf("R1 at level %d: %v", l.Level, err)
		}
	}
}
