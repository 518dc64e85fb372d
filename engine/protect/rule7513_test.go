package protect

import (
	"os"
	"slices"
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

// gridSearched7513 is engine/los's searched 7.513 layout (its TestRule7_513
// ExampleStatements): A's dune SD97 with A in E2, B's dune SD96 with B in a
// foxhole in I2.
func gridSearched7513(t *testing.T, highA, highB bool) *los.Grid {
	lib, err := hexmap.LoadLibrary(os.DirFS("../los/testdata/lib7513"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := "SD97 on 98E2-E1", "SD96 on 98I2-I3"
	if highA {
		a += " high"
	}
	if highB {
		b += " high"
	}
	return build(t, lib, "98", hexmap.Variants{}, a, b)
}

// 7.513's TEM statements on the searched layout, each term with its rule:
// in the 2nd and 3rd examples A gets the crest's +1 against B's Direct
// Fire, B the crest's +1 and its foxhole's +1 (7.42, halved in sand)
// against A's; in the 4th only B gets TEM (A at level 0 is below B, the
// firer at 1/2: 7.513's elevation proviso). Against Indirect Fire the
// crest gives nothing: A 0, B its foxhole's +1.
func TestRule7_513ExampleStatements(t *testing.T) {
	type term struct {
		rule string
		tem  int
	}
	crest, fox := term{"7.513", 1}, term{"7.42", 1}
	for _, ex := range []struct {
		name         string
		highA, highB bool
		atA, atB     []term
	}{
		{"2nd", false, false, []term{crest}, []term{crest, fox}},
		{"3rd", true, true, []term{crest}, []term{crest, fox}},
		{"4th", false, true, nil, []term{crest, fox}},
	} {
		g := gridSearched7513(t, ex.highA, ex.highB)
		a, b := unit(t, g, "98E2"), unit(t, g, "98I2")
		b.Fort = Foxhole
		b.Loc.Entrenched = true
		if !g.NewChecker().Sees(a.Loc, b.Loc) {
			t.Fatalf("%s EX: premise: A and B see each other", ex.name)
		}
		for _, c := range []struct {
			who              string
			firer, target    Unit
			direct, indirect []term
		}{
			{"A", b, a, ex.atA, nil},
			{"B", a, b, ex.atB, []term{fox}},
		} {
			for _, k := range []struct {
				atk  Attack
				want []term
			}{{smallArms, c.direct}, {Attack{Kind: Indirect, HE: true}, c.indirect}} {
				var got []term
				for _, m := range Modifiers(g, c.firer, c.target, k.atk, Conditions{}) {
					if m.Effect == "TEM" {
						got = append(got, term{m.Rule, m.Value})
					}
				}
				if !slices.Equal(got, k.want) {
					t.Errorf("%s EX: %v at %s: TEM terms %v, want %v", ex.name, k.atk.Kind, c.who, got, k.want)
				}
			}
		}
	}
}
