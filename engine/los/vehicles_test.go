package los

import "testing"

// 4.51: an AFV/wreck in a deir is a half-level hindrance that counts only
// between Locations at the same level when one of them is in a deir, as
// brush there (TestRule4_51). W6 is a Lip hex of 96's deir, without brush.
func TestRule4_51_AFVHindrance(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	w6 := hex(t, g, "96W6")
	if !enters(t, g, "96X5", "96V6", "96W6") || !enters(t, g, "96W8", "96V4", "96W6") {
		t.Fatal("premise: both threads cross the Lip hex W6")
	}
	for _, wreck := range []bool{false, true} {
		kind := "afv"
		if wreck {
			kind = "wreck"
		}
		vs := []Vehicle{{Hex: w6, Wreck: wreck}}
		r := c.Check(Query{From: at(t, g, "96X5"), To: at(t, g, "96V6"), Vehicles: vs})
		if !r.Clear || r.DRM != 1 || len(r.Hindrances) != 1 || r.Hindrances[0].Rule != "4.51" || r.Hindrances[0].Kind != kind {
			t.Errorf("X5 -> V6 past a %s in W6: %+v, want clear with +1 %s (4.51)", kind, r, kind)
		}
		if r := c.Check(Query{From: at(t, g, "96V6"), To: at(t, g, "96X5"), Vehicles: vs}); r.DRM != 1 {
			t.Errorf("V6 -> X5: %+v, want the same +1 (reciprocal)", r)
		}
		// neither end in a deir: 4.51's EXC leaves the half-level hindrance out
		if r := c.Check(Query{From: at(t, g, "96W8"), To: at(t, g, "96V4"), Vehicles: vs}); !r.Clear || r.DRM != 0 {
			t.Errorf("W8 -> V4 (neither in a deir): %+v, want no hindrance", r)
		}
	}
	// different levels: no hindrance
	vs := []Vehicle{{Hex: hex(t, g, "96X4")}}
	if r := c.Check(Query{From: at(t, g, "96X5"), To: at(t, g, "96X1"), Vehicles: vs}); !r.Clear || r.DRM != 0 {
		t.Errorf("X5 -> X1 (level 1) past an AFV in X4: %+v, want no hindrance", r)
	}
	// an AFV in either end's own hex is no hindrance to that LOS
	vs = []Vehicle{{Hex: hex(t, g, "96X5")}, {Hex: hex(t, g, "96V6")}}
	if r := c.Check(Query{From: at(t, g, "96X5"), To: at(t, g, "96V6"), Vehicles: vs}); !r.Clear || r.DRM != 0 {
		t.Errorf("AFVs only in the end hexes: %+v", r)
	}
}

// LOS-11: outside a deir an AFV/wreck is a half-level +1 hindrance in its
// own hex, once per hex, where the sightline passes at or below its top;
// it never blocks.
func TestRuleLOS11_VehicleHindrance(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	c6 := hex(t, g, "96C6")
	vs := []Vehicle{{Hex: c6, Wreck: true}, {Hex: c6}}
	from, to := at(t, g, "96C4"), at(t, g, "96C8")
	if !enters(t, g, "96C4", "96C8", "96C6") {
		t.Fatal("premise: C4 -> C8 crosses C6")
	}
	r := c.Check(Query{From: from, To: to, Vehicles: vs})
	if !r.Clear || r.DRM != 1 || len(r.Hindrances) != 1 || r.Hindrances[0].Kind != "afv" || r.Hindrances[0].Rule != "LOS-11" {
		t.Errorf("C4 -> C8 past a wreck and an AFV in C6: %+v, want one +1 afv (LOS-11)", r)
	}
	r = c.Check(Query{From: from, To: to, Vehicles: vs[:1]})
	if r.DRM != 1 || len(r.Hindrances) != 1 || r.Hindrances[0].Kind != "wreck" {
		t.Errorf("C4 -> C8 past a wreck in C6: %+v, want +1 wreck", r)
	}
	if !c.Sees(from, to) {
		t.Error("vehicles never block")
	}
	// from the level-2 knoll B5 the sightline passes above C6's vehicles
	if r := c.Check(Query{From: at(t, g, "96B5"), To: at(t, g, "96D6"), Vehicles: vs}); !r.Clear || r.DRM != 0 {
		t.Errorf("B5 -> D6 over C6: %+v, want no hindrance", r)
	}
	// along a hexspine: only if vehicles stand on both sides (as terrain)
	aa3, aa4 := hex(t, g, "96AA3"), hex(t, g, "96AA4")
	z3, bb3 := at(t, g, "96Z3"), at(t, g, "96BB3")
	r = c.Check(Query{From: z3, To: bb3, Vehicles: []Vehicle{{Hex: aa3}}})
	if !r.Clear || r.DRM != 0 {
		t.Errorf("Z3 -> BB3 along AA3-AA4, an AFV in AA3 only: %+v, want no hindrance", r)
	}
	r = c.Check(Query{From: z3, To: bb3, Vehicles: []Vehicle{{Hex: aa3}, {Hex: aa4, Wreck: true}}})
	if !r.Clear || r.DRM != 1 || len(r.Hindrances) != 1 || !sideIs(t, g, r.Hindrances[0].At, "96AA3", "96AA4") {
		t.Errorf("Z3 -> BB3 along AA3-AA4, vehicles on both sides: %+v, want +1 at the hexside", r)
	}
}
