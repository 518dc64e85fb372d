package protect

import "testing"

// 4.51: an AFV/wreck in a deir gives a non-vehicle target sharing its hex
// +1 TEM vs Direct Fire (LOS-11), not on top of the deir's own 4.5 TEM.
func TestRule4_51_AFVTEM(t *testing.T) {
	g := grid97(t)
	x5 := unit(t, g, "97X5")
	x5.Vehicle = WithAFV
	want(t, "from X3 (no deir TEM)", Modifiers(g, unit(t, g, "97X3"), x5, smallArms, Conditions{}), "afv", "TEM", 1, "4.51")
	want(t, "ordnance from X1", Modifiers(g, unit(t, g, "97X1"), x5, Attack{Kind: Ordnance}, Conditions{}), "afv", "TEM", 1, "4.51")
	mods := Modifiers(g, unit(t, g, "97X2"), x5, smallArms, Conditions{})
	want(t, "from X2", mods, "deir", "TEM", 1, "4.5")
	none(t, "from X2 (the deir's +1 already applies)", mods, "afv")
	none(t, "indirect", Modifiers(g, unit(t, g, "97X3"), x5, Attack{Kind: Indirect}, Conditions{}), "afv")
	none(t, "same hex", Modifiers(g, unit(t, g, "97X5"), x5, smallArms, Conditions{}), "afv")
	for _, u := range []func(*Unit){func(u *Unit) { u.Armored = true }, func(u *Unit) { u.Passenger = true }} {
		v := x5
		u(&v)
		none(t, "a vehicle or its passenger", Modifiers(g, unit(t, g, "97X3"), v, smallArms, Conditions{}), "afv")
	}
	// outside a deir and off a hillock: nothing
	c3 := unit(t, g, "97C3")
	c3.Vehicle = WithWreck
	none(t, "flat ground", Modifiers(g, unit(t, g, "97C6"), c3, smallArms, Conditions{}), "wreck")
}

// 6.52: an AFV/wreck on a hillock gives +1 TEM the same way, not on top of
// 6.51's height advantage.
func TestRule6_52_WreckTEM(t *testing.T) {
	g := grid97(t)
	p5 := unit(t, g, "97P5")
	p5.Vehicle = WithWreck
	want(t, "from level-1 O4", Modifiers(g, unit(t, g, "97O4"), p5, smallArms, Conditions{}), "wreck", "TEM", 1, "6.52")
	mods := Modifiers(g, unit(t, g, "97R5"), p5, smallArms, Conditions{})
	want(t, "from level-0 R5", mods, "hillock-height", "TEM", 1, "6.51")
	none(t, "from level-0 R5 (6.51 already applies)", mods, "wreck")
	if TEM(mods) != 1 {
		t.Errorf("from R5: TEM %d, want +1", TEM(mods))
	}
	p5.Vehicle = WithAFV
	want(t, "an AFV", Modifiers(g, unit(t, g, "97O4"), p5, Attack{Kind: Ordnance}, Conditions{}), "afv", "TEM", 1, "6.52")
}
