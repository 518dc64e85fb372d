package game

import (
	"testing"

	"khamsin/hexmap"
)

// 2.3: scrub is Concealment Terrain for infantry, not for vehicles: a
// rifle section in scrub is seen only within §6.4's distance, a tank in
// the same scrub at any range its LOS allows.
func TestGameScrubConceals2_3(t *testing.T) {
	g := duel(t, 1)
	var scrub hexmap.Hex
	found := false
	for _, h := range g.Map.Hexes() {
		if tr := g.Map.Terrain(h); tr.Has(hexmap.Scrub) && tr.Cover == hexmap.Desert && tr.Base == 0 && !tr.Has(hexmap.Wadi) {
			scrub, found = h, true
			break
		}
	}
	if !found {
		t.Fatal("premise: board 28 has a level-0 scrub hex")
	}
	rifle, tank := g.bases["A1a"], g.bases["A2a"]
	for _, c := range []struct {
		b    *Base
		want bool
	}{{rifle, true}, {tank, false}} {
		c.b.Hex = scrub
		g.gen++
		if got := g.concealed(c.b); got != c.want {
			t.Errorf("%s (%s) in scrub %s: concealed %v, want %v", c.b.ID, c.b.Type.Class, g.Map.Label(scrub), got, c.want)
		}
	}
}
