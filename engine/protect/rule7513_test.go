package protect

import (
	"os"
	"testing"

	"khamsin/engine/los"
	"khamsin/hexmap"
)

// grid7513 is engine/los's 7.513 layout (its testdata/lib7513): squad A on
// dune SD98 in D2, squad B on dune SD99 in I2, each next to its dune's crest.
func grid7513(t *testing.T, highA, highB bool) *los.Grid {
	lib, err := hexmap.LoadLibrary(os.DirFS("../los/testdata/lib7513"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := "SD98 on 98D2-D1", "SD99 on 98I2-I1"
	if highA {
		a += " high"
	}
	if highB {
		b += " high"
	}
	return build(t, lib, "98", hexmap.Variants{}, a, b, "H98 on 98K2")
}

// 7.513 2nd–4th EX: "If squads A and B use Direct Fire vs each other, both
// receive a +1 TEM [Squad B +2 total ... +1 for being in a foxhole in sand
// (7.42)]. If they use Indirect Fire vs each other, only squad B could
// receive a TEM"; with both dunes High all that still holds; with A's dune
// Low and B's High, "only squad B receives a +2 TEM".
func TestRule7_513Examples(t *testing.T) {
	for _, ex := range []struct {
		name         string
		highA, highB bool
		temA, temB   int
	}{{"2nd", false, false, 1, 2}, {"3rd", true, true, 1, 2}, {"4th", false, true, 0, 2}} {
		g := grid7513(t, ex.highA, ex.highB)
		a, b := unit(t, g, "98D2"), unit(t, g, "98I2")
		b.Fort = Foxhole
		b.Loc.Entrenched = true
		if got := TEM(Modifiers(g, b, a, smallArms, Conditions{})); got != ex.temA {
			t.Errorf("%s EX: B fires at A: TEM %+d, want %+d (%+v)", ex.name, got, ex.temA, Modifiers(g, b, a, smallArms, Conditions{}))
		}
		if got := TEM(Modifiers(g, a, b, smallArms, Conditions{})); got != ex.temB {
			t.Errorf("%s EX: A fires at B: TEM %+d, want %+d (%+v)", ex.name, got, ex.temB, Modifiers(g, a, b, smallArms, Conditions{}))
		}
		ind := Attack{Kind: Indirect, HE: true}
		if got := TEM(Modifiers(g, b, a, ind, Conditions{})); got != 0 {
			t.Errorf("%s EX: indirect fire at A: TEM %+d", ex.name, got)
		}
		if got := TEM(Modifiers(g, a, b, ind, Conditions{})); got != 1 {
			t.Errorf("%s EX: indirect fire at B: TEM %+d, want +1 (foxhole in sand)", ex.name, got)
		}
	}
}
