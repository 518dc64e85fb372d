package protect

import (
	"os"
	"slices"
	"strings"
	"testing"

	"khamsin/engine/los"
	"khamsin/hexmap"
)

func build(t *testing.T, lib *hexmap.Library, layout string, v hexmap.Variants, overlays ...string) *los.Grid {
	t.Helper()
	m, err := hexmap.BuildText(lib, layout, overlays, v)
	if err != nil {
		t.Fatal(err)
	}
	return los.NewGrid(m)
}

// grid97 is the protection test board with a deir, a dune and a hillock.
func grid97(t *testing.T) *los.Grid {
	lib, err := hexmap.LoadLibrary(os.DirFS("testdata/lib"))
	if err != nil {
		t.Fatal(err)
	}
	return build(t, lib, "97", hexmap.Variants{}, "D97 on 97X5-X4", "SD97 on 97M5-M6", "H97 on 97P5")
}

func builtin(t *testing.T, layout string, v hexmap.Variants, overlays ...string) *los.Grid {
	lib, err := hexmap.Builtin()
	if lib == nil {
		t.Fatal(err)
	}
	return build(t, lib, layout, v, overlays...)
}

func unit(t *testing.T, g *los.Grid, label string) Unit {
	t.Helper()
	h, err := g.Map().Hex(label)
	if err != nil {
		t.Fatal(err)
	}
	return Unit{Loc: g.At(h), Infantry: true}
}

func crestUnit(t *testing.T, g *los.Grid, label, front string) Unit {
	t.Helper()
	u := unit(t, g, label)
	f, _ := g.Map().Hex(front)
	d, ok := u.Loc.Hex.DirTo(f)
	if !ok {
		t.Fatalf("%s not next to %s", front, label)
	}
	u.Loc = g.CrestAt(u.Loc.Hex, d)
	if err := g.Validate(u.Loc); err != nil {
		t.Fatal(err)
	}
	return u
}

// find returns the modifier of the given kind and effect, if listed.
func find(mods []Modifier, kind string) (Modifier, bool) {
	for _, m := range mods {
		if m.Kind == kind {
			return m, true
		}
	}
	return Modifier{}, false
}

func want(t *testing.T, what string, mods []Modifier, kind, effect string, value int, rule string) {
	t.Helper()
	for _, m := range mods {
		if m.Kind == kind && m.Effect == effect && m.Value == value && m.Rule == rule {
			return
		}
	}
	{
		t.Errorf("%s: want %s %s %+d (%s), got %+v", what, kind, effect, value, rule, mods)
	}
}

func none(t *testing.T, what string, mods []Modifier, kind string) {
	t.Helper()
	if m, ok := find(mods, kind); ok {
		t.Errorf("%s: unexpected %+v", what, m)
	}
}

var smallArms = Attack{Kind: SmallArms}

// 10.3 EX: B4's unit (down in the wadi) claims no hedge benefit against B5
// or C6; B5's and C6's units behind the hillside hedges at their level do
// against B4's; neither unit in C5 (floor, or Crest status at level 0) is
// as high as the C5-C6 hedge's base, so neither benefits against C6.
func TestRule10_3(t *testing.T) {
	g := builtin(t, "25", hexmap.Variants{})
	b4, b5, c6 := unit(t, g, "25B4"), unit(t, g, "25B5"), unit(t, g, "25C6")
	c5, c5crest := unit(t, g, "25C5"), crestUnit(t, g, "25C5", "25C4")
	none(t, "B5 fires at B4", Modifiers(g, b5, b4, smallArms, Conditions{}), "hedge")
	none(t, "C6 fires at B4", Modifiers(g, c6, b4, smallArms, Conditions{}), "hedge")
	want(t, "B4 fires at B5", Modifiers(g, b4, b5, smallArms, Conditions{}), "hedge", "TEM", 1, "10.3")
	want(t, "B4 fires at C6", Modifiers(g, b4, c6, smallArms, Conditions{}), "hedge", "TEM", 1, "10.3")
	none(t, "C6 fires at C5", Modifiers(g, c6, c5, smallArms, Conditions{}), "hedge")
	none(t, "C6 fires at C5 crest", Modifiers(g, c6, c5crest, smallArms, Conditions{}), "hedge")
	// 10.2 EX: no wall TEM for W4/W5/V5 against the Garet's hill hexes
	for _, who := range []string{"25W4", "25W5", "25V5"} {
		for _, from := range []string{"25V6", "25W6", "25X5", "25X6"} {
			none(t, from+" fires at "+who, Modifiers(g, unit(t, g, from), unit(t, g, who), smallArms, Conditions{}), "wall")
		}
	}
}

// 6.0 EX: the crest unit in 25D5 (front D4, E5, E6) is entrenched against
// fire through those hexsides, not through the C5, C6 and D6 ones; not
// against a firer four levels up, nor against indirect fire. 6.12: its own
// fire outside its front is Area Fire; CC DRMs.
func TestRule6_0(t *testing.T) {
	g := builtin(t, "25", hexmap.Variants{})
	d5 := crestUnit(t, g, "25D5", "25E5")
	for _, from := range []string{"25D3", "25F5", "25F6"} {
		want(t, "fire from "+from, Modifiers(g, unit(t, g, from), d5, smallArms, Conditions{}), "crest-entrenched", "TEM", 2, "6.0")
	}
	for _, from := range []string{"25B5", "25C7", "25D7", "25B4"} {
		none(t, "fire from "+from, Modifiers(g, unit(t, g, from), d5, smallArms, Conditions{}), "crest-entrenched")
	}
	none(t, "fire from level-3 F7", Modifiers(g, unit(t, g, "25F7"), d5, smallArms, Conditions{}), "crest-entrenched")
	none(t, "indirect fire", Modifiers(g, unit(t, g, "25D3"), d5, Attack{Kind: Indirect, HE: true}, Conditions{}), "crest-entrenched")
	want(t, "crest fires at B5", Modifiers(g, d5, unit(t, g, "25B5"), smallArms, Conditions{}), "crest-area-fire", "area-fire", 0, "6.12")
	none(t, "crest fires at F5", Modifiers(g, d5, unit(t, g, "25F5"), smallArms, Conditions{}), "crest-area-fire")
	want(t, "crest ordnance at B5", Modifiers(g, d5, unit(t, g, "25B5"), Attack{Kind: Ordnance}, Conditions{}), "crest-area-fire", "DRM", 2, "6.12")
	want(t, "CC vs crest", Modifiers(g, unit(t, g, "25E5"), d5, Attack{Kind: CC}, Conditions{}), "crest-cc", "DRM", -2, "6.12")
	want(t, "crest in CC", Modifiers(g, d5, unit(t, g, "25E5"), Attack{Kind: CC}, Conditions{}), "crest-cc", "DRM", 2, "6.12")
	// 6.12 EXC: attackers that just came in across a crest hexside (E6 is
	// on the front) face no crest DRM; from C5 (not on it) they do.
	for _, c := range []struct {
		from string
		drm  bool
	}{{"25E6", false}, {"25C5", true}} {
		enemy := unit(t, g, "25D5")
		enemy.JustEntered, enemy.EnteredFrom = true, unit(t, g, c.from).Loc.Hex
		for _, m := range [][]Modifier{
			Modifiers(g, enemy, d5, Attack{Kind: CC}, Conditions{}),
			Modifiers(g, d5, enemy, Attack{Kind: CC}, Conditions{}),
		} {
			got := false
			for _, x := range m {
				got = got || (x.Kind == "crest-cc" && x.Effect == "DRM")
			}
			if got != c.drm {
				t.Errorf("6.12: CC after entering from %s: crest DRM %v, want %v (%v)", c.from, got, c.drm, m)
			}
		}
	}
}

// 5.42: no TEM for a wadi; 5.66: +1 height advantage for infantry next to
// a wadi cliff against non-crest fire out of the wadi through it.
func TestRule5_42And5_66(t *testing.T) {
	g := builtin(t, "25", hexmap.Variants{})
	want(t, "target in C5's floor", Modifiers(g, unit(t, g, "25C4"), unit(t, g, "25C5"), smallArms, Conditions{}), "wadi", "note", 0, "5.42")
	want(t, "D5 fires at E6", Modifiers(g, unit(t, g, "25D5"), unit(t, g, "25E6"), smallArms, Conditions{}), "height-advantage", "TEM", 1, "5.66")
	none(t, "crest D5 fires at E6", Modifiers(g, crestUnit(t, g, "25D5", "25E5"), unit(t, g, "25E6"), smallArms, Conditions{}), "height-advantage")
}

// 4.5: a deir gives +1 against Direct Fire from the same elevation whose
// LOF crosses a Lip Hexside not of the firer's hex.
func TestRule4_5(t *testing.T) {
	g := grid97(t)
	x5 := unit(t, g, "97X5")
	want(t, "from X2", Modifiers(g, unit(t, g, "97X2"), x5, smallArms, Conditions{}), "deir", "TEM", 1, "4.5")
	none(t, "from X3 (its own hexside)", Modifiers(g, unit(t, g, "97X3"), x5, smallArms, Conditions{}), "deir")
	none(t, "from level-1 X1", Modifiers(g, unit(t, g, "97X1"), x5, smallArms, Conditions{}), "deir")
	none(t, "indirect", Modifiers(g, unit(t, g, "97X2"), x5, Attack{Kind: Indirect}, Conditions{}), "deir")
	p := x5
	p.Passenger = true
	none(t, "passenger", Modifiers(g, unit(t, g, "97X2"), p, smallArms, Conditions{}), "deir")
}

// 7.513 / 7.514: +1 behind a Dune Crest against Direct Fire from no higher;
// never Wall Advantage; a foxhole in sand adds its halved TEM (7.42).
func TestRule7_513Crest(t *testing.T) {
	g := grid97(t)
	m6 := unit(t, g, "97M6")
	mods := Modifiers(g, unit(t, g, "97M3"), m6, smallArms, Conditions{})
	want(t, "from M3", mods, "dune-crest", "TEM", 1, "7.513")
	want(t, "from M3", mods, "no-wall-advantage", "note", 0, "7.514")
	none(t, "from level-1 M1", Modifiers(g, unit(t, g, "97M1"), m6, smallArms, Conditions{}), "dune-crest")
	none(t, "indirect", Modifiers(g, unit(t, g, "97M3"), m6, Attack{Kind: Indirect, HE: true}, Conditions{}), "dune-crest")
	m6.Fort = Foxhole
	mods = Modifiers(g, unit(t, g, "97M3"), m6, smallArms, Conditions{})
	if TEM(mods) != 2 {
		t.Errorf("foxhole in sand behind a crest: TEM %d, want +2 (%+v)", TEM(mods), mods)
	}
	if TEM(Modifiers(g, unit(t, g, "97M3"), m6, Attack{Kind: Indirect}, Conditions{})) != 1 {
		t.Error("indirect fire: only the foxhole's +1")
	}
}

// 6.51: on a hillock a full level above the firer: height advantage.
func TestRule6_51(t *testing.T) {
	g := grid97(t)
	p5 := unit(t, g, "97P5")
	if p5.Loc.Level != 3 {
		t.Fatalf("P5 at %d half levels", p5.Loc.Level)
	}
	want(t, "from level 0", Modifiers(g, unit(t, g, "97R5"), p5, smallArms, Conditions{}), "hillock-height", "TEM", 1, "6.51")
	none(t, "from level 1", Modifiers(g, unit(t, g, "97O4"), p5, smallArms, Conditions{}), "hillock-height")
}

// 8.4 / 8.41: sangar TEM and when a Final KIA eliminates the sangar.
func TestRule8_4(t *testing.T) {
	g := grid97(t)
	s := unit(t, g, "97C3")
	s.Fort = Sangar
	f := unit(t, g, "97C6")
	want(t, "OBA", Modifiers(g, f, s, Attack{Kind: OBA, HE: true, CalibreMM: 105}, Conditions{}), "sangar", "TEM", 3, "8.4")
	want(t, "bombardment", Modifiers(g, f, s, Attack{Kind: Bombardment}, Conditions{}), "sangar", "TEM", 3, "8.4")
	want(t, "small arms", Modifiers(g, f, s, smallArms, Conditions{}), "sangar", "TEM", 1, "8.4")
	none(t, "CC", Modifiers(g, f, s, Attack{Kind: CC}, Conditions{}), "sangar")
	none(t, "FT", Modifiers(g, f, s, Attack{Kind: FT}, Conditions{}), "sangar")
	// a crew manning a sangared Emplaced Gun: +2 in lieu of the +1, not
	// both; against OBA the sangar's +3 stands
	gun := s
	gun.Emplaced = true
	mods := Modifiers(g, f, gun, smallArms, Conditions{})
	want(t, "emplaced gun crew", mods, "emplacement", "TEM", 2, "8.4")
	none(t, "emplaced gun crew", mods, "sangar")
	if TEM(mods) != 2 {
		t.Errorf("emplaced gun crew in a sangar: TEM %d, want +2 in lieu of +1 (%+v)", TEM(mods), mods)
	}
	mods = Modifiers(g, f, gun, Attack{Kind: OBA, HE: true, CalibreMM: 105}, Conditions{})
	want(t, "emplaced gun crew vs OBA", mods, "sangar", "TEM", 3, "8.4")
	none(t, "emplaced gun crew vs OBA", mods, "emplacement")
	want(t, "DC", Modifiers(g, f, s, Attack{Kind: DC}, Conditions{}), "sangar-elimination", "note", 0, "8.41")
	want(t, "75mm HE", Modifiers(g, f, s, Attack{Kind: Ordnance, HE: true, CalibreMM: 75}, Conditions{}), "sangar-elimination", "note", 0, "8.41")
	none(t, "70mm HE", Modifiers(g, f, s, Attack{Kind: Ordnance, HE: true, CalibreMM: 70}, Conditions{}), "sangar-elimination")
}

// 3.4: -1 vs DC and ordnance/OBA HE on an unarmored target in hammada.
func TestRule3_4(t *testing.T) {
	g := grid97(t)
	c3, f := unit(t, g, "97C3"), unit(t, g, "97C6")
	want(t, "DC", Modifiers(g, f, c3, Attack{Kind: DC}, Conditions{}), "hammada", "TEM", -1, "3.4")
	want(t, "OBA HE", Modifiers(g, f, c3, Attack{Kind: OBA, HE: true}, Conditions{}), "hammada", "TEM", -1, "3.4")
	none(t, "small arms", Modifiers(g, f, c3, smallArms, Conditions{}), "hammada")
	none(t, "ordnance AP", Modifiers(g, f, c3, Attack{Kind: Ordnance}, Conditions{}), "hammada")
	c3.Armored = true
	none(t, "armored", Modifiers(g, f, c3, Attack{Kind: DC}, Conditions{}), "hammada")
}

// 7.4, 7.41, 7.42: sand halves ordnance/OBA FP vs unarmored targets, -2 MC
// after Bombardment, halves Emplacement and foxhole TEM; not in Wet/Mud EC.
func TestRule7_4(t *testing.T) {
	g := grid97(t)
	d3, c3, f := unit(t, g, "97D3"), unit(t, g, "97C3"), unit(t, g, "97D6")
	want(t, "ordnance", Modifiers(g, f, d3, Attack{Kind: Ordnance, HE: true}, Conditions{}), "sand", "halve-FP", 0, "7.4")
	want(t, "OBA", Modifiers(g, f, d3, Attack{Kind: OBA, HE: true}, Conditions{}), "sand", "halve-FP", 0, "7.4")
	want(t, "bombardment", Modifiers(g, f, d3, Attack{Kind: Bombardment}, Conditions{}), "sand", "DRM", -2, "7.4")
	none(t, "small arms", Modifiers(g, f, d3, smallArms, Conditions{}), "sand")
	none(t, "wet EC", Modifiers(g, f, d3, Attack{Kind: OBA, HE: true}, Conditions{WetOrMud: true}), "sand")

	gun := d3
	gun.Emplaced = true
	want(t, "emplaced in sand", Modifiers(g, f, gun, smallArms, Conditions{}), "emplacement", "TEM", 1, "7.41")
	want(t, "emplaced in sand, wet", Modifiers(g, f, gun, smallArms, Conditions{WetOrMud: true}), "emplacement", "TEM", 2, "7.41")
	gun2 := c3
	gun2.Emplaced = true
	want(t, "emplaced off sand", Modifiers(g, f, gun2, smallArms, Conditions{}), "emplacement", "TEM", 2, "LOS-12") // the normal +2 away from sand (LOS-12)

	fox := d3
	fox.Fort = Foxhole
	want(t, "foxhole in sand vs OBA", Modifiers(g, f, fox, Attack{Kind: OBA}, Conditions{}), "foxhole", "TEM", 2, "7.42")
	want(t, "foxhole in sand vs small arms", Modifiers(g, f, fox, smallArms, Conditions{}), "foxhole", "TEM", 1, "7.42")
	want(t, "foxhole in sand, wet", Modifiers(g, f, fox, Attack{Kind: OVR}, Conditions{WetOrMud: true}), "foxhole", "TEM", 4, "7.42")
	fox2 := c3
	fox2.Fort = Foxhole
	want(t, "foxhole off sand", Modifiers(g, f, fox2, smallArms, Conditions{}), "foxhole", "TEM", 2, "7.42")
}

// 12.43 / 12.44: the Citadel's +4 and its Area Fire; the Mausoleum's +1.
func TestRule12_43And12_44(t *testing.T) {
	g := grid97(t)
	f3, g3, f := unit(t, g, "97F3"), unit(t, g, "97G3"), unit(t, g, "97F6")
	want(t, "citadel", Modifiers(g, f, f3, smallArms, Conditions{}), "citadel", "TEM", 4, "12.43")
	want(t, "fire from the citadel", Modifiers(g, f3, f, smallArms, Conditions{}), "citadel-fire", "area-fire", 0, "12.43")
	want(t, "mausoleum", Modifiers(g, f, g3, smallArms, Conditions{}), "mausoleum", "TEM", 1, "12.44")
}

// F.1A: on a Desert Board a Gun is Emplaced only hidden/concealed in
// Concealment Terrain, in Sand or under a Trench; scrub/sand-only may be
// declined; not under Broken/Steppe Terrain.
func TestRuleF1A(t *testing.T) {
	g := builtin(t, "26", hexmap.Variants{}, "S1 on 26K5-K6")
	m := g.Map()
	h := func(l string) hexmap.Hex { x, _ := m.Hex(l); return x }
	cases := []struct {
		hex  string
		s    GunSetup
		want bool
	}{
		{"26B1", GunSetup{HiddenOrConcealed: true}, false}, // open ground is no concealment terrain
		{"26E9", GunSetup{HiddenOrConcealed: true}, true},  // scrub
		{"26E9", GunSetup{}, false},                        // in scrub but not hidden
		{"26E9", GunSetup{HiddenOrConcealed: true, DeclineEmplaced: true}, false},
		{"26K5", GunSetup{}, true}, // sand
		{"26K5", GunSetup{DeclineEmplaced: true}, false},
		{"26B1", GunSetup{UnderTrench: true}, true},
	}
	for _, c := range cases {
		if got, rule := Emplaced(m, h(c.hex), c.s, false); got != c.want {
			t.Errorf("%s %+v: emplaced %v (%s), want %v", c.hex, c.s, got, rule, c.want)
		}
	}
	gb := builtin(t, "26", hexmap.Variants{Broken: true})
	if got, rule := Emplaced(gb.Map(), h("26B1"), GunSetup{}, true); !got || rule != "F.1A does not apply" {
		t.Errorf("Broken Terrain: %v %s", got, rule)
	}
}

// F.1B / 7.421: +2 to Entrenching Attempts on Desert Boards, not in sand,
// not under Steppe Terrain; the join makes it -2 on seed 002's Dig-In.
func TestRuleF1BAnd7_421(t *testing.T) {
	g := builtin(t, "26", hexmap.Variants{}, "S1 on 26K5-K6")
	m := g.Map()
	h := func(l string) hexmap.Hex { x, _ := m.Hex(l); return x }
	if d, r := EntrenchingDRM(m, h("26D4")); d != 2 || r != "F.1B" {
		t.Errorf("hammada 26D4: %+d %s", d, r)
	}
	if d, r := EntrenchingDRM(m, h("26K5")); d != 0 || r != "7.421" {
		t.Errorf("sand: %+d %s", d, r)
	}
	gs := builtin(t, "26", hexmap.Variants{Steppe: true})
	if d, r := EntrenchingDRM(gs.Map(), h("26D4")); d != 0 || r != "13.2" {
		t.Errorf("steppe: %+d %s", d, r)
	}
	if DigInModifier(2) != -2 {
		t.Error("Dig-In join")
	}
}

// The joins to seed 002 (brief §1).
func TestJoins(t *testing.T) {
	mods := []Modifier{{Kind: "foxhole", Effect: "TEM", Value: 2}, {Kind: "hammada", Effect: "TEM", Value: -1}, {Kind: "sand", Effect: "halve-FP"}}
	if CoverSaveBonus(mods) != 1 {
		t.Error("CSB is the sum of the TEMs")
	}
	if !HalvesHE(mods) || HalveHE(5, mods) != 3 || HalveHE(5, mods[:2]) != 5 {
		t.Error("HE# halving")
	}
	kinds := []string{}
	for k := Kind(0); k < numKinds; k++ {
		p, err := ParseKind(k.String())
		if err != nil || p != k {
			t.Errorf("ParseKind(%s)", k)
		}
		kinds = append(kinds, k.String())
	}
	if !slices.Contains(kinds, "oba") {
		t.Error(kinds)
	}
}

// LOS-8 vs 10.3: an ordinary (non-hillside) wall's TEM is our LOS-8
// decision; 10.3 is cited only for Hillside walls/hedges (TestRule10_3).
func TestRuleLOS8_PlainWallTEM(t *testing.T) {
	g := builtin(t, "25", hexmap.Variants{})
	want(t, "EE7 fires at DD5 behind a plain wall", Modifiers(g, unit(t, g, "25EE7"), unit(t, g, "25DD5"), smallArms, Conditions{}),
		"wall", "TEM", 2, "LOS-8")
}

// LOS-12: a trench protects as a foxhole; no trench or sangar in sand
// (7.42, 8.2).
func TestRuleLOS12_TrenchAndFortsInSand(t *testing.T) {
	g := grid97(t)
	d3, c3, f := unit(t, g, "97D3"), unit(t, g, "97C3"), unit(t, g, "97D6")
	tr := c3
	tr.Fort = Trench
	want(t, "trench vs OBA", Modifiers(g, f, tr, Attack{Kind: OBA}, Conditions{}), "trench", "TEM", 4, "LOS-12")
	want(t, "trench vs small arms", Modifiers(g, f, tr, smallArms, Conditions{}), "trench", "TEM", 2, "LOS-12")
	none(t, "trench vs CC", Modifiers(g, f, tr, Attack{Kind: CC}, Conditions{}), "trench")
	for _, fort := range []Fort{Sangar, Trench} {
		if err := FortAllowed(g.Map(), d3.Loc.Hex, fort); err == nil || !strings.Contains(err.Error(), "7.42") {
			t.Errorf("%v in sand: %v", fort, err)
		}
		if err := FortAllowed(g.Map(), c3.Loc.Hex, fort); err != nil {
			t.Errorf("%v off sand: %v", fort, err)
		}
	}
	if err := FortAllowed(g.Map(), d3.Loc.Hex, Foxhole); err != nil {
		t.Errorf("a foxhole may be in sand (7.42): %v", err)
	}
	for f := NoFort; f <= Trench; f++ {
		if got, err := ParseFort(f.String()); err != nil || got != f {
			t.Errorf("%v does not round-trip", f)
		}
	}
}
