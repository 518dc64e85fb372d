package los

import "testing"

// 4.4 and LOS-2's corner rule: with D1 on 26K5-K4 an entrenched unit on the
// deir's floor K5 looks along the J4-J5 hexside and leaves the deir exactly
// where I5's two Lip Hexsides meet. That crosses the Lip, so past it the
// unit sees only I5 (the hex those Lip Hexsides form) at its own level.
func TestRule4_4_LipCorner(t *testing.T) {
	g := builtinGrid(t, "26", "D1 on 26K5-K4")
	c := g.NewChecker()
	k5 := entrenched(at(t, g, "26K5"))
	mustSee(t, c, g, k5, at(t, g, "26I5"), true)
	mustSee(t, c, g, k5, at(t, g, "26G5"), false)
	mustSee(t, c, g, at(t, g, "26K5"), at(t, g, "26G5"), true) // not entrenched: no limit
	if r := c.Check(Query{From: k5, To: at(t, g, "26G5")}); r.Block.Rule != "4.4" {
		t.Errorf("K5e -> G5 blocked by %+v, want 4.4", r.Block)
	}
}
