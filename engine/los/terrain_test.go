package los

import (
	"math/rand/v2"
	"testing"

	"khamsin/hexmap"
)

// 4.4: an entrenched/emplaced unit in a non-Lip deir hex sees past a Lip
// Hexside only the same-level hex that hexside forms, and higher hexes.
func TestRule4_4(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	x5 := at(t, g, "96X5")
	dug := entrenched(x5)
	mustSee(t, c, g, dug, at(t, g, "96X4"), true)  // a Lip hex of its own deir
	mustSee(t, c, g, dug, at(t, g, "96X3"), true)  // the hex formed by the X4-X3 Lip Hexside
	mustSee(t, c, g, dug, at(t, g, "96X2"), false) // beyond it, same level
	mustSee(t, c, g, dug, at(t, g, "96X1"), true)  // higher (level 1)
	mustSee(t, c, g, x5, at(t, g, "96X2"), true)   // not entrenched: no limit
	em := x5
	em.Emplaced = true
	mustSee(t, c, g, em, at(t, g, "96X2"), false)
	mustSee(t, c, g, entrenched(at(t, g, "96X4")), at(t, g, "96X2"), true) // in a Lip hex: no limit
	if r := c.Check(Query{From: dug, To: at(t, g, "96X2")}); r.Block.Rule != "4.4" || !sideIs(t, g, r.Block.At, "96X4", "96X3") {
		t.Errorf("blocked by %+v, want 4.4 at the X4-X3 Lip Hexside", r.Block)
	}
}

// 4.51: a half-level hindrance in a deir (brush here) hinders only between
// Locations at the same level when one of them is in a deir.
func TestRule4_51(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	if !enters(t, g, "96X5", "96V4", "96W5") || !enters(t, g, "96V5", "96Y4", "96W5") {
		t.Fatal("premise: both threads cross the brush Lip hex W5")
	}
	r := c.Check(Query{From: at(t, g, "96X5"), To: at(t, g, "96V4")})
	if !r.Clear || r.DRM != 1 || len(r.Hindrances) != 1 || r.Hindrances[0].Rule != "4.51" || r.Hindrances[0].Kind != "brush" {
		t.Errorf("X5 -> V4: %+v, want clear with +1 brush (4.51)", r)
	}
	if r := c.Check(Query{From: at(t, g, "96V5"), To: at(t, g, "96Y4")}); !r.Clear || r.DRM != 0 {
		t.Errorf("V5 -> Y4 (neither in a deir): %+v, want clear, no hindrance", r)
	}
	if r := c.Check(Query{From: at(t, g, "96X5"), To: at(t, g, "96X1")}); !r.Clear || r.DRM != 0 {
		t.Errorf("X5 -> X1 (different levels): %+v, want no hindrance", r)
	}
}

// LOS-3: a full-level obstacle below the higher Location shadows the hexes
// behind it: the lower Location is blind at a range from the obstacle of at
// most (range from the higher Location) × (obstacle above lower) / (higher
// above obstacle). From the level-2 knoll B5 the woods at E7 (top level 1,
// three hexes away) blind F7, G8 and H8; I9 and J9 are seen.
func TestBlindHexes(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	b5 := at(t, g, "96B5")
	for _, h := range []string{"96C6", "96D6", "96E7", "96I9", "96J9"} {
		mustSee(t, c, g, b5, at(t, g, h), true)
	}
	for _, h := range []string{"96F7", "96G8", "96H8"} {
		mustSee(t, c, g, b5, at(t, g, h), false)
	}
	// at level 0 the woods block everything behind them
	mustSee(t, c, g, at(t, g, "96D6"), at(t, g, "96J9"), false)
}

// LOS-3: two Locations on one plateau see each other across it; a plateau
// hides what lies below beyond its edge from a Location back from the edge.
func TestPlateau(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	mustSee(t, c, g, at(t, g, "96S8"), at(t, g, "96U9"), true)
	mustSee(t, c, g, at(t, g, "96S8"), at(t, g, "96W10"), false)
	mustSee(t, c, g, at(t, g, "96T8"), at(t, g, "96V9"), false)
	mustSee(t, c, g, at(t, g, "96U9"), at(t, g, "96W10"), true)
}

// Brief §4: a thread exactly along a hexside is blocked only if the hexes on
// both sides block, or the hexside itself does.
func TestHexspine(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	for _, p := range [][2]string{{"96Z8", "96BB8"}, {"96Z6", "96BB6"}, {"96Z3", "96FF3"}} {
		if sp := hexmap.TraceThread(hex(t, g, p[0]), hex(t, g, p[1])).Spines(); len(sp) == 0 {
			t.Fatalf("premise: %s -> %s runs along hexsides", p[0], p[1])
		}
	}
	mustSee(t, c, g, at(t, g, "96Z8"), at(t, g, "96BB8"), false) // woods AA8 and AA9
	mustSee(t, c, g, at(t, g, "96Z6"), at(t, g, "96BB6"), true)  // woods on one side only
	mustSee(t, c, g, at(t, g, "96Z3"), at(t, g, "96FF3"), false) // a wall on the CC3-CC4 hexside
	mustSee(t, c, g, at(t, g, "96Z3"), at(t, g, "96DD3"), true)  // DD3 stands behind that wall
}

// LOS-5: orchards and grain are +1 hindrances each.
func TestHindrances(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	r := c.Check(Query{From: at(t, g, "96E3"), To: at(t, g, "96H1")})
	if !r.Clear || r.DRM != 2 || len(r.Hindrances) != 2 {
		t.Fatalf("E3 -> H1 through orchard F2 and grain G2: %+v", r)
	}
	a := r.Answer(g.Map())
	if *a.Hindrances[0].At != "96F2" || a.Hindrances[0].Kind != "orchard" || *a.Hindrances[1].At != "96G2" || a.Hindrances[1].Kind != "grain" {
		t.Errorf("hindrances %+v", a.Hindrances)
	}
	if ToHitModifier(r.DRM) != -2 {
		t.Error("a +2 hindrance DRM is a -2 on the d10 to-hit")
	}
}

// 11.74: each Vehicle Dust counter on the thread (ends included) below its
// two-level top is +1; 11.75: FFE Dust is +1 however many blast hexes.
func TestRule11_74And11_75(t *testing.T) {
	g := grid96(t)
	c := g.NewChecker()
	from, to := at(t, g, "96K8"), at(t, g, "96K3")
	q := Query{From: from, To: to, Dust: []Dust{{Hex: hex(t, g, "96K5")}, {Hex: hex(t, g, "96K3")}}}
	if r := c.Check(q); !r.Clear || r.DRM != 2 || r.Hindrances[0].Kind != "vehicle-dust" || r.Hindrances[0].Rule != "11.74" {
		t.Errorf("two vehicle dust counters: %+v", r)
	}
	q.Dust = []Dust{{Hex: hex(t, g, "96K5"), FFE: true}, {Hex: hex(t, g, "96K6"), FFE: true}}
	if r := c.Check(q); !r.Clear || r.DRM != 1 || r.Hindrances[0].Rule != "11.75" {
		t.Errorf("FFE dust in two hexes: %+v", r)
	}
	q.Dust = []Dust{{Hex: hex(t, g, "96L5")}}
	if r := c.Check(q); r.DRM != 0 {
		t.Errorf("dust off the thread: %+v", r)
	}
	if r := c.Check(Query{From: from, To: from, Dust: []Dust{{Hex: from.Hex}}}); r.DRM != 0 {
		t.Errorf("no dust at range 0 (11.7): %+v", r)
	}
}

// Brief §8: LOS is reciprocal — here for every posture our model knows, so
// in particular for two units at the same level with no asymmetric feature.
func TestReciprocity(t *testing.T) {
	for _, g := range []*Grid{grid25(t), grid96(t), benchMap(t)} {
		hs := g.Map().Hexes()
		r := rand.New(rand.NewPCG(4, 13))
		c := g.NewChecker()
		for i := 0; i < 20000; i++ {
			la := g.Locations(hs[r.IntN(len(hs))])
			lb := g.Locations(hs[r.IntN(len(hs))])
			a, b := la[r.IntN(len(la))], lb[r.IntN(len(lb))]
			a.Entrenched = r.IntN(4) == 0
			b.Entrenched = r.IntN(4) == 0
			if c.Sees(a, b) != c.Sees(b, a) {
				t.Fatalf("%s and %s: LOS is not reciprocal", name(g, a), name(g, b))
			}
		}
	}
}

// VisibilityMatrix agrees with one query per ordered pair, whatever the
// number of workers.
func TestVisibilityMatrix(t *testing.T) {
	g := grid96(t)
	hs := g.Map().Hexes()
	var locs []Location
	for i := 0; i < len(hs); i += 7 {
		locs = append(locs, g.Locations(hs[i])...)
	}
	c := g.NewChecker()
	m1, m3 := g.VisibilityMatrix(locs, 1), g.VisibilityMatrix(locs, 3)
	for i, a := range locs {
		for j, b := range locs {
			if m1[i*len(locs)+j] != c.Sees(a, b) || m3[i*len(locs)+j] != m1[i*len(locs)+j] {
				t.Fatalf("%s -> %s: matrix disagrees", name(g, a), name(g, b))
			}
		}
	}
}

// 11.611's third condition: the LOS carried on past the target meets an
// obstacle two or more levels above the target. From 25C4 through 25E5 the
// line runs on over F5 and G6 into the level-3 H6; the other way it leaves
// the board over the level-0 wadi of B4 and A4.
func TestExtensionBlocked(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	c4, e5 := at(t, g, "25C4"), at(t, g, "25E5")
	if !c.ExtensionBlocked(c4, e5) {
		t.Error("C4 -> E5: H6 (level 3) lies behind E5")
	}
	if c.ExtensionBlocked(e5, c4) {
		t.Error("E5 -> C4: nothing two levels up behind C4")
	}
	if c.ExtensionBlocked(c4, c4) {
		t.Error("same hex")
	}
}

// LOS-5 and LOS-4 for the alternate and X3 terrain: Bedouin tents hinder
// +1 like grain (12.45); orchards turned olive groves still hinder +1
// (13.5); a grain hex turned vineyard is brush and no longer hinders (13.6).
func TestHindrances_12_45_13_5_13_6(t *testing.T) {
	g := grid96(t)
	r := g.NewChecker().Check(Query{From: at(t, g, "96M1"), To: at(t, g, "96M3")})
	if !r.Clear || r.DRM != 1 || len(r.Hindrances) != 1 || r.Hindrances[0].Kind != "tents" || r.Hindrances[0].Rule != "12.45, LOS-5" {
		t.Errorf("M1 -> M3 past the tents in M2: %+v", r)
	}
	for _, c := range []struct {
		variant string
		drm     int
	}{{"olive-grove", 2}, {"vineyard:96G2", 1}} {
		var v hexmap.Variants
		if err := v.ParseVariant(c.variant); err != nil {
			t.Fatal(err)
		}
		g := testGridVariants(t, "96", v, "H91 on 96I4-I5", "H92 on 96N5-N4", "H93 on 96R5-R4", "D91 on 96X5-X4")
		r := g.NewChecker().Check(Query{From: at(t, g, "96E3"), To: at(t, g, "96H1")})
		if !r.Clear || r.DRM != c.drm {
			t.Errorf("%s: E3 -> H1: DRM %d, want %d (%+v)", c.variant, r.DRM, c.drm, r.Hindrances)
		}
		if c.variant == "olive-grove" && (len(r.Hindrances) == 0 || r.Hindrances[0].Kind != "olive-grove" || r.Hindrances[0].Rule != "13.5, LOS-5") {
			t.Errorf("olive grove in F2: %+v", r.Hindrances)
		}
	}
}
