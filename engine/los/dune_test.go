package los

import (
	"testing"

	"khamsin/hexmap"
)

// 7.512: a Dune Crest is a wall half a level above the dune (one level above
// a High Dune's hillock hexes). An entrenched unit sees past a crest of its
// own hex to non-adjacent hexes.
func TestRule7_512(t *testing.T) {
	for _, high := range []bool{false, true} {
		spec := "SD96 on 96C9-D9"
		if high {
			spec += " high"
		}
		g := testGrid(t, "96", spec)
		c := g.NewChecker()
		d9, b8, e10 := at(t, g, "96D9"), at(t, g, "96B8"), at(t, g, "96E10")
		if want := map[bool]int{false: 0, true: 1}[high]; d9.Level != want {
			t.Fatalf("high=%v: D9 at %s", high, name(g, d9))
		}
		mustSee(t, c, g, d9, b8, true)             // behind the crest of its own hex
		mustSee(t, c, g, entrenched(d9), b8, true) // 7.512 EXC
		mustSee(t, c, g, e10, b8, false)           // two level-0 units, the crest between
		if r := c.Check(Query{From: e10, To: b8}); r.Block.Kind != "dune-crest" || r.Block.Rule != "7.512" {
			t.Errorf("high=%v: E10 -> B8 blocked by %+v", high, r.Block)
		}
	}
}

// 13.1 / 6.412: under Broken Terrain hammada is crag, a Half-Level Obstacle
// like rubble: it blocks level-0 units on both sides, gives no allowance to
// a unit level with its top, and a higher unit sees over it. 13.4: a cactus
// patch (an orchard by SSR) is one too.
func TestRule6_412(t *testing.T) {
	g := testGridVariants(t, "96", hexmap.Variants{Broken: true, CactusPatch: true})
	c := g.NewChecker()
	if tr := g.Map().Terrain(hex(t, g, "96K3")); tr.Cover != hexmap.Crag {
		t.Fatalf("K3 under Broken Terrain is %v", tr.Words())
	}
	mustSee(t, c, g, at(t, g, "96K1"), at(t, g, "96K5"), false)
	mustSee(t, c, g, at(t, g, "96K2"), at(t, g, "96K5"), false) // no "behind the wall" for rubble
	mustSee(t, c, g, at(t, g, "96B5"), at(t, g, "96K5"), true)  // from level 2
	mustSee(t, c, g, at(t, g, "96E3"), at(t, g, "96H1"), false) // the F2 cactus patch
	// without the variants: hammada and orchard do not block
	g0 := testGrid(t, "96")
	c0 := g0.NewChecker()
	mustSee(t, c0, g0, at(t, g0, "96K1"), at(t, g0, "96K5"), true)
	mustSee(t, c0, g0, at(t, g0, "96E3"), at(t, g0, "96H1"), true)
}
