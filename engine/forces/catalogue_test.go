package forces

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"khamsin/assets"
	"khamsin/engine/move"
)

func mustLoad(t testing.TB) *Catalogue {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustType(t testing.TB, c *Catalogue, id string) *BaseType {
	t.Helper()
	b, ok := c.Type(id)
	if !ok {
		t.Fatalf("no type %s", id)
	}
	return b
}

func mustWeapon(t testing.TB, c *Catalogue, id string) *Weapon {
	t.Helper()
	w, ok := c.Weapon(id)
	if !ok {
		t.Fatalf("no weapon %s", id)
	}
	return w
}

// TestRequiredEntriesAreWhatScenariosExpect pins the class, movement type
// and traits issue 9 gives for the entries scenario writers already use.
func TestRequiredEntriesAreWhatScenariosExpect(t *testing.T) {
	c := mustLoad(t)
	for _, tc := range []struct {
		id    string
		class Class
		kind  move.Kind
		check func(*BaseType) bool
		what  string
	}{
		{"uk-hq-section", Officer, move.Infantry, nil, ""},
		{"uk-officer", Officer, move.Infantry, nil, ""},
		{"uk-observer", Observer, move.Infantry, nil, ""},
		{"uk-vickers-mg", Gun, move.Infantry, nil, ""},
		{"uk-3in-mortar", Gun, move.Infantry, nil, ""},
		{"uk-2pdr-atg", Gun, move.Infantry, nil, ""},
		{"uk-6pdr-atg", Gun, move.Infantry, nil, ""},
		{"uk-25pdr", Gun, move.Infantry, nil, ""},
		{"uk-marmon-herrington", Armoured, move.ArmoredCar, nil, ""},
		{"uk-daimler-ac", Armoured, move.ArmoredCar, nil, ""},
		{"uk-vickers-mkvi", Armoured, move.FullTrack, nil, ""},
		{"uk-crusader", Armoured, move.FullTrack, nil, ""},
		{"uk-grant", Armoured, move.FullTrack, nil, ""},
		{"uk-matilda", Armoured, move.FullTrack, nil, ""},
		{"uk-valentine", Armoured, move.FullTrack, nil, ""},
		{"uk-bren-carrier", Armoured, move.FullTrack, nil, ""},
		{"uk-2pdr-portee", Combat, move.Truck, nil, ""},
		{"uk-motor-section", Infantry, move.Infantry, nil, ""},
		{"uk-engineer-section", Engineer, move.Infantry, nil, ""},
		{"de-hq-section", Officer, move.Infantry, nil, ""},
		{"de-officer", Officer, move.Infantry, func(b *BaseType) bool { return b.Motorised }, "motorised"},
		{"de-observer", Observer, move.Infantry, nil, ""},
		{"de-mg34-hmg", Gun, move.Infantry, nil, ""},
		{"de-81mm-mortar", Gun, move.Infantry, nil, ""},
		{"de-37mm-pak", Gun, move.Infantry, nil, ""},
		{"de-50mm-pak38", Gun, move.Infantry, nil, ""},
		{"de-88mm-flak", Gun, move.Infantry, func(b *BaseType) bool { return b.AAF > 0 && !b.Mobile() }, "AAF and towed only"},
		{"de-sdkfz222", Armoured, move.ArmoredCar, nil, ""},
		{"de-sdkfz231", Armoured, move.ArmoredCar, nil, ""},
		{"de-pz2", Armoured, move.FullTrack, nil, ""},
		{"de-pz3", Armoured, move.FullTrack, nil, ""},
		{"de-pz4f2", Armoured, move.FullTrack, nil, ""},
		{"de-sdkfz251", Armoured, move.HalfTrack, func(b *BaseType) bool { return b.Capacity == 2 }, "capacity 2"},
		{"de-sdkfz7", Transport, move.HalfTrack, func(b *BaseType) bool { return b.Tow == 3 }, "tow 3"},
		{"de-pionier-section", Engineer, move.Infantry, nil, ""},
		{"de-sdkfz250", Armoured, move.HalfTrack, func(b *BaseType) bool { return b.Recon }, "recon"},
		{"it-hq-section", Officer, move.Infantry, nil, ""},
		{"it-officer", Officer, move.Infantry, nil, ""},
		{"it-observer", Observer, move.Infantry, nil, ""},
		{"it-breda-mg", Gun, move.Infantry, nil, ""},
		{"it-81mm-mortar", Gun, move.Infantry, nil, ""},
		{"it-47-32-atg", Gun, move.Infantry, nil, ""},
		{"it-75-27", Gun, move.Infantry, nil, ""},
		{"it-ab41", Armoured, move.ArmoredCar, func(b *BaseType) bool { return b.Recon }, "recon"},
		{"it-l3", Armoured, move.FullTrack, nil, ""},
		{"it-m13-40", Armoured, move.FullTrack, nil, ""},
		{"it-m14-41", Armoured, move.FullTrack, nil, ""},
		{"it-semovente-75-18", Armoured, move.FullTrack, nil, ""},
		{"it-bersaglieri-section", Infantry, move.Infantry, nil, ""},
		{"generic-horse-drawn", Transport, move.Wagon, nil, ""},
	} {
		b := mustType(t, c, tc.id)
		if b.Class != tc.class || b.Move != tc.kind {
			t.Errorf("%s: %s moving as %s, want %s moving as %s", tc.id, b.Class, b.Move, tc.class, tc.kind)
		}
		if tc.check != nil && !tc.check(b) {
			t.Errorf("%s: not %s", tc.id, tc.what)
		}
	}
	for _, id := range required {
		b := mustType(t, c, id)
		want := strings.SplitN(id, "-", 2)[0]
		nation := map[string]string{"uk": NationBritish, "de": NationGerman, "it": NationItalian, "generic": NationAny}[want]
		if b.Nation != nation {
			t.Errorf("%s: nation %s, want %s", id, b.Nation, nation)
		}
	}
}

// TestF3DesertVP pins F.3's examples (37L AT 3, 88L AA 6, PzKpfw IVF2 8,
// SdKfz 7 2) and F.3A's 2pdr Portee (4, or 1 with its gun unloaded).
func TestF3DesertVP(t *testing.T) {
	c := mustLoad(t)
	for _, tc := range []struct {
		id            string
		dvp, unloaded int
	}{
		{"de-37mm-pak", 3, 0},
		{"de-88mm-flak", 6, 0},
		{"de-pz4f2", 8, 0},
		{"de-sdkfz7", 2, 0},
		{"uk-2pdr-portee", 4, 1}, // F.3A
	} {
		b := mustType(t, c, tc.id)
		if b.DVP != tc.dvp || b.DVPUnloaded != tc.unloaded {
			t.Errorf("F.3 %s: DVP %d (unloaded %d), want %d (%d)", tc.id, b.DVP, b.DVPUnloaded, tc.dvp, tc.unloaded)
		}
	}
	// F.3: DVP is for guns and vehicles only.
	for id, b := range c.Types {
		if b.DVP > 0 && !(b.Class == Gun || b.Class.Vehicle()) {
			t.Errorf("F.3 %s: a %s has DVP %d", id, b.Class, b.DVP)
		}
	}
}

// TestRelativeSanity checks that ratings keep the order the real vehicles
// and guns had (sources in docs/formats.md).
func TestRelativeSanity(t *testing.T) {
	c := mustLoad(t)
	typ := func(id string) *BaseType { return mustType(t, c, id) }
	pen := func(id string) int { return mustWeapon(t, c, id).PEN }
	for _, tc := range []struct {
		what    string
		a, b    int
		greater bool
	}{
		{"Matilda front armour > Crusader front armour", typ("uk-matilda").ArmourFront, typ("uk-crusader").ArmourFront, true},
		{"Valentine front armour > Crusader front armour", typ("uk-valentine").ArmourFront, typ("uk-crusader").ArmourFront, true},
		{"Crusader front armour > Mk VI front armour", typ("uk-crusader").ArmourFront, typ("uk-vickers-mkvi").ArmourFront, true},
		{"PzKpfw III front armour > PzKpfw II front armour", typ("de-pz3").ArmourFront, typ("de-pz2").ArmourFront, true},
		{"M13/40 front armour > L3 front armour", typ("it-m13-40").ArmourFront, typ("it-l3").ArmourFront, true},
		{"6pdr PEN > 2pdr PEN", pen("uk-6pdr"), pen("uk-2pdr"), true},
		{"2pdr PEN > 37mm Pak PEN", pen("uk-2pdr"), pen("de-37mm-pak"), true},
		{"50mm Pak 38 PEN > 37mm Pak PEN", pen("de-50mm-pak38"), pen("de-37mm-pak"), true},
		{"88 Flak PEN > 50mm Pak 38 PEN", pen("de-88mm-flak"), pen("de-50mm-pak38"), true},
		{"75L43 PEN > 50L42 PEN", pen("de-75mm-kwk40-l43"), pen("de-50mm-kwk-l42"), true},
		{"47/32 PEN > 20mm PEN", pen("it-47-32"), pen("it-20mm-breda35"), true},
		{"Boys ATR PEN < 2pdr PEN", pen("uk-2pdr"), pen("uk-boys-atr"), true},
		{"88 Flak range > 2pdr range", mustWeapon(t, c, "de-88mm-flak").RangeCM, mustWeapon(t, c, "uk-2pdr").RangeCM, true},
		{"Crusader MP > Matilda MP", int(typ("uk-crusader").MP), int(typ("uk-matilda").MP), true},
		{"German section FPF > Italian section FPF", mustWeapon(t, c, "de-rifles-mg34").FPF, mustWeapon(t, c, "it-rifles-breda30").FPF, true},
		{"engineers CAF > rifle section CAF", typ("uk-engineer-section").CAF, typ("uk-rifle-section").CAF, true},
		{"Grant size > Crusader size", typ("uk-grant").Size, typ("uk-crusader").Size, true},
	} {
		if tc.greater && tc.a <= tc.b {
			t.Errorf("%s: %d against %d", tc.what, tc.a, tc.b)
		}
	}
	// Every AFV's front is at least as thick as its side (the lint's rule
	// too), and every armoured base has some armour.
	for id, b := range c.Types {
		if b.Class == Armoured && (b.ArmourFront == 0 || b.ArmourSide > b.ArmourFront) {
			t.Errorf("%s: armour %d/%d", id, b.ArmourFront, b.ArmourSide)
		}
	}
}

// TestHCWeaponsTable pins every row of seed 002's HC weapons table.
func TestHCWeaponsTable(t *testing.T) {
	c := mustLoad(t)
	rows := []HCRow{
		{ID: "bazooka", RangeCM: 20, Dice: 2},
		{ID: "panzerfaust-30-early", RangeCM: 10, Dice: 2, Plus: 2},
		{ID: "panzerfaust-late", RangeCM: 10, Dice: 2, Plus: 4},
		{ID: "panzerschreck", RangeCM: 20, Dice: 2, Plus: 2},
		{ID: "stielgranate-41", RangeCM: 25, Dice: 2, Plus: 5},
		{ID: "faustnika", RangeCM: 10, Dice: 2, Plus: 2},
		{ID: "piat", RangeCM: 15, Dice: 2, Plus: 1},
		{ID: "guns-up-to-67", Dice: 2, MaxMM: 67},
		{ID: "guns-68-86", Dice: 2, Plus: 1, MinMM: 68, MaxMM: 86},
		{ID: "guns-87-104", Dice: 2, Plus: 2, MinMM: 87, MaxMM: 104},
		{ID: "guns-105-126", Dice: 2, Plus: 3, MinMM: 105, MaxMM: 126},
		{ID: "guns-127-149", Dice: 2, Plus: 4, MinMM: 127, MaxMM: 149},
		{ID: "guns-150-up", Dice: 2, Plus: 5, MinMM: 150},
		{ID: "improvised", Dice: 1, CAOnly: true},
	}
	if len(c.HC) != len(rows) {
		t.Errorf("HC weapons table: %d rows, want %d", len(c.HC), len(rows))
	}
	for _, want := range rows {
		t.Run("HC weapons/"+want.ID, func(t *testing.T) {
			got, ok := c.HCFor(want.ID)
			if !ok {
				t.Fatal("missing row")
			}
			got.Weapon, got.Line = "", 0
			if got != want {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}

// TestVehicleMachineGunRanges pins every row of seed 002's vehicle MG
// range table, and that every vehicle MG weapon has its row's range.
func TestVehicleMachineGunRanges(t *testing.T) {
	c := mustLoad(t)
	rows := []struct {
		mount string
		cm    int
	}{
		{"ball", 20}, {"fixed", 20}, {"coax", 35}, {"deck", 35}, {"flexible", 35},
		{"flexible-heavy", 50}, {"turret-heavy", 60},
	}
	if len(c.VehicleMG) != len(rows) {
		t.Errorf("vehicle MG table: %d rows, want %d", len(c.VehicleMG), len(rows))
	}
	for _, r := range rows {
		t.Run("Vehicle MG ranges/"+r.mount, func(t *testing.T) {
			if got, ok := c.MGRange(r.mount); !ok || got != r.cm {
				t.Errorf("%s: %d cm (%v), want %d", r.mount, got, ok, r.cm)
			}
		})
	}
	for id, w := range c.Weapons {
		if w.Mount != "" {
			if cm, _ := c.MGRange(w.Mount); cm != w.RangeCM {
				t.Errorf("%s: %d cm on a %s mount (table %d)", id, w.RangeCM, w.Mount, cm)
			}
		}
	}
}

// TestGenericSoftSkinTransports pins every row of seed 002 §5.7's table we
// use (the amphibious row has no desert use and no entry) and the MP the
// cross-country rate converts to (docs/formats.md).
func TestGenericSoftSkinTransports(t *testing.T) {
	c := mustLoad(t)
	for _, r := range []struct {
		id                           string
		rr, cc, bg, size, bases, tow int
		cost                         int
		kind                         move.Kind
		mp                           move.MP
	}{
		{"generic-motorcycle", 60, 30, 20, 0, 1, 0, 15, move.Motorcycle, move.Whole(45)},
		{"generic-small-truck", 55, 25, 15, 1, 1, 1, 20, move.Truck, move.Whole(37) + move.Half},
		{"generic-medium-truck", 50, 20, 10, 1, 2, 2, 25, move.Truck, move.Whole(30)},
		{"generic-large-truck", 45, 15, 5, 2, 3, 3, 40, move.Truck, move.Whole(22) + move.Half},
		{"generic-horse-drawn", 30, 20, 10, 1, 1, 1, 15, move.Wagon, move.Whole(8)},
	} {
		t.Run("5.7 Generic soft-skin transports/"+r.id, func(t *testing.T) {
			b := mustType(t, c, r.id)
			got := [7]int{b.RoadCM, b.CrossCM, b.BadCM, b.Size, b.Capacity, b.Tow, b.Cost}
			want := [7]int{r.rr, r.cc, r.bg, r.size, r.bases, r.tow, r.cost}
			if got != want {
				t.Errorf("RR CC BG size bases gun-size cost = %v, want %v", got, want)
			}
			if b.Move != r.kind || b.MP != r.mp || b.Class != Transport {
				t.Errorf("%s %s with %s, want transport %s with %s", b.Class, b.Move, b.MP, r.kind, r.mp)
			}
		})
	}
	// The conversion agrees with engine/move's defaults where those came
	// from seed 002's rates: the medium truck is the 30 MP truck, the
	// horse-drawn wagon the 8 MF wagon.
	if mp := crossCountryMP(move.Truck, 20); mp != move.DefaultAllowance(move.Truck) {
		t.Errorf("20 cm truck: %s, move's default %s", mp, move.DefaultAllowance(move.Truck))
	}
	for _, k := range []struct {
		kind move.Kind
		cm   int
	}{{move.Infantry, 15}, {move.Cavalry, 30}, {move.Wagon, 20}} {
		if mp := crossCountryMP(k.kind, k.cm); mp != move.DefaultAllowance(k.kind) {
			t.Errorf("%s at %d cm: %s, move's default %s", k.kind, k.cm, mp, move.DefaultAllowance(k.kind))
		}
	}
}

// TestSaveColumn pins seed 002's Shooting Saving Throw columns by class;
// command bases not attached save as what they are, on foot: A.
func TestSaveColumn(t *testing.T) {
	want := map[Class]SaveColumn{
		Infantry: 'A', Cavalry: 'A', Engineer: 'A', Gun: 'B', Combat: 'C', Armoured: 'D',
		Transport: 'F', Officer: 'A', Observer: 'A',
	}
	for c := Class(0); c < NumClasses; c++ {
		if got := c.SaveColumn(); got != want[c] {
			t.Errorf("Saving Throws: %s saves on %s, want %s", c, got, want[c])
		}
	}
}

// TestCombatUnit16_12: officers, observers and transports are not combat
// units for the Break Point Track.
func TestCombatUnit16_12(t *testing.T) {
	c := mustLoad(t)
	for id, want := range map[string]bool{
		"uk-rifle-section": true, "uk-25pdr": true, "de-pz3": true, "uk-2pdr-portee": true,
		"uk-engineer-section": true, "uk-officer": false, "uk-hq-section": false, "de-observer": false,
		"de-sdkfz7": false, "generic-medium-truck": false,
	} {
		if got := mustType(t, c, id).CombatUnit(); got != want {
			t.Errorf("16.12 %s: combat unit %v, want %v", id, got, want)
		}
	}
}

func TestMoveUnit(t *testing.T) {
	c := mustLoad(t)
	for _, tc := range []struct {
		id      string
		british bool
		want    move.Unit
	}{
		{"uk-crusader", true, move.Unit{Kind: move.FullTrack, Allowance: move.Whole(16), British: true}},
		{"uk-2pdr-portee", false, move.Unit{Kind: move.Truck, Allowance: move.Whole(30), Truck: move.MediumTruck, British: true}},
		{"generic-medium-truck", true, move.Unit{Kind: move.Truck, Allowance: move.Whole(30), Truck: move.MediumTruck, British: true}},
		{"generic-medium-truck", false, move.Unit{Kind: move.Truck, Allowance: move.Whole(30), Truck: move.MediumTruck}},
		{"generic-large-truck", false, move.Unit{Kind: move.Truck, Allowance: move.Whole(22) + move.Half, Truck: move.HeavyTruck}},
		{"de-pz3", true, move.Unit{Kind: move.FullTrack, Allowance: move.Whole(13)}},
		{"de-sdkfz222", false, move.Unit{Kind: move.ArmoredCar, Allowance: move.Whole(34)}},
		{"uk-rifle-section", true, move.Unit{Kind: move.Infantry, Allowance: move.Whole(6), British: true}},
		{"de-officer", false, move.Unit{Kind: move.Infantry, Allowance: move.Whole(12)}},
		{"uk-2pdr-atg", true, move.Unit{Kind: move.Infantry, Allowance: move.Whole(2), British: true}},
	} {
		if got := mustType(t, c, tc.id).MoveUnit(tc.british); got != tc.want {
			t.Errorf("%s (british %v): %+v, want %+v", tc.id, tc.british, got, tc.want)
		}
	}
	for id, b := range c.Types {
		u := b.MoveUnit(false)
		if err := u.Validate(); err != nil {
			t.Errorf("%s: %v", id, err)
		}
		if b.Mobile() && u.Allotment() != b.MP {
			t.Errorf("%s: allotment %s, catalogue %s", id, u.Allotment(), b.MP)
		}
	}
}

func TestEnumWordsRoundTrip(t *testing.T) {
	for c := Class(0); c < NumClasses; c++ {
		if back, err := ParseClass(c.String()); err != nil || back != c {
			t.Errorf("class %d: %q → %v, %v", c, c.String(), back, err)
		}
	}
	for k := WeaponKind(0); k < NumWeaponKinds; k++ {
		if back, err := ParseWeaponKind(k.String()); err != nil || back != k {
			t.Errorf("kind %d: %q → %v, %v", k, k.String(), back, err)
		}
	}
	if _, err := ParseClass("tank"); err == nil {
		t.Error("ParseClass(tank) succeeded")
	}
}

// TestHostileInputRefusedFast: oversized, deeply nested and binary input
// is refused before the TOML decoder sees it (issue 9, "Hardening").
func TestHostileInputRefusedFast(t *testing.T) {
	deepTables := []byte("[" + strings.Repeat("a.", 5000) + "a]\n")
	deepArrays := []byte("x = " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n")
	deepInline := []byte("x = " + strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n")
	huge := bytes.Repeat([]byte("# padding\n"), 1<<20) // 10 MB of comments
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i * 7)
	}
	for name, data := range map[string][]byte{
		"nested tables": deepTables, "nested arrays": deepArrays, "nested inline tables": deepInline,
		"10 MB": huge, "binary": binary, "invalid UTF-8": []byte("name = \"\xff\xfe\"\n"),
	} {
		_, err := Parse("hostile.toml", data)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "hostile.toml:") {
			t.Errorf("%s: %v does not name file:line", name, err)
		}
	}
}

// TestParseFSSharesWeapons: types may name weapons of other files, and an
// ID defined twice across files is an error that names both places.
func TestParseFSSharesWeapons(t *testing.T) {
	sub, err := fs.Sub(assets.Catalogue, ".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseFS(sub, "catalogue"); err != nil {
		t.Fatal(err)
	}
	british, err := fs.ReadFile(assets.Catalogue, "catalogue/british.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("british.toml", british); err == nil || !strings.Contains(err.Error(), "unknown weapon") {
		t.Errorf("british.toml alone: %v, want unknown weapons", err)
	}
}
