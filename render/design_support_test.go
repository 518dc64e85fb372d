package render

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/engine/scenario"
	"khamsin/render/ui"
)

// dragHex presses on from, moves to to with the button held, and lets go.
func (d *designDriver) dragHex(from, to string) {
	d.t.Helper()
	m := d.sc.Map()
	a, err := m.Hex(from)
	if err != nil {
		d.t.Fatal(err)
	}
	b, err := m.Hex(to)
	if err != nil {
		d.t.Fatal(err)
	}
	ax, ay := d.sc.MapScene().HexOnScreen(a)
	bx, by := d.sc.MapScene().HexOnScreen(b)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	d.step(ui.InputState{CursorX: ax, CursorY: ay})
	d.step(ui.InputState{CursorX: ax, CursorY: ay, Buttons: left})
	d.step(ui.InputState{CursorX: bx, CursorY: by, Buttons: left})
	d.step(ui.InputState{CursorX: bx, CursorY: by, Buttons: left})
	d.step(ui.InputState{CursorX: bx, CursorY: by})
}

// shiftClickHex clicks label with Shift held.
func (d *designDriver) shiftClickHex(label string) {
	d.t.Helper()
	h, err := d.sc.Map().Hex(label)
	if err != nil {
		d.t.Fatal(err)
	}
	x, y := d.sc.MapScene().HexOnScreen(h)
	sh := []ebiten.Key{ebiten.KeyShift}
	d.step(ui.InputState{CursorX: x, CursorY: y, Keys: sh})
	d.step(ui.InputState{CursorX: x, CursorY: y, Keys: sh, Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	d.step(ui.InputState{CursorX: x, CursorY: y, Keys: sh})
	d.step(ui.InputState{CursorX: x, CursorY: y})
}

// clickItem clicks the panel line that starts with prefix.
func (d *designDriver) clickItem(prefix string) {
	d.t.Helper()
	for _, it := range d.sc.items() {
		if it.do != nil && strings.HasPrefix(strings.TrimSpace(it.text), prefix) {
			x, y := it.x+it.w/2, it.y+it.h/2
			d.step(ui.InputState{CursorX: x, CursorY: y})
			d.step(ui.InputState{CursorX: x, CursorY: y, Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
			d.step(ui.InputState{CursorX: x, CursorY: y})
			return
		}
	}
	var texts []string
	for _, it := range d.sc.items() {
		texts = append(texts, it.text)
	}
	d.t.Fatalf("no panel line %q in %q", prefix, texts)
}

// clickRepaint clicks label where the click repaints the map (the new
// map view hovers from its next tick on).
func (d *designDriver) clickRepaint(label string) {
	d.t.Helper()
	h, err := d.sc.Map().Hex(label)
	if err != nil {
		d.t.Fatal(err)
	}
	x, y := d.sc.MapScene().HexOnScreen(h)
	d.step(ui.InputState{CursorX: x, CursorY: y})
	d.step(ui.InputState{CursorX: x, CursorY: y, Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	d.step(ui.InputState{CursorX: x, CursorY: y})
	d.idle(2)
}

// pickDefence presses A until the Defences tool has name picked.
func (d *designDriver) pickDefence(name string) {
	d.t.Helper()
	for n := 0; defKinds[d.sc.sup.def].name != name; n++ {
		if n > len(defKinds) {
			d.t.Fatalf("A never picked %q", name)
		}
		d.key(ebiten.KeyA)
	}
}

// scn is the scenario as the designer last read it.
func (d *designDriver) scn() *scenario.Scenario {
	d.t.Helper()
	sc, err := d.sc.Doc().Scenario()
	if err != nil {
		d.t.Fatal(err)
	}
	return sc
}

// checks fails on any error check gives (warnings allowed).
func checks(t *testing.T, doc *design.Doc, what string) {
	t.Helper()
	for _, p := range doc.Problems() {
		if !p.Warning {
			t.Fatalf("%s: check: %s", what, p.Text)
		}
	}
}

// TestDesignDefences places the defences of the format by keys and
// clicks alone (tool 8): a Known minefield by a click, a run by a drag
// along a hex grain (F.7A), a one-hex minefield extended to a run by
// Shift+click, wire, a bunker whose facing R turns, a wreck moved by M,
// a vineyard hex toggled (13.6, the map repainted); a click on a placed
// thing selects it; X deletes. check accepts the scenario after each
// step, and undoing every edit gives the file's bytes back.
func TestDesignDefences(t *testing.T) {
	doc, err := design.Open("defence")
	if err != nil {
		t.Fatal(err)
	}
	orig := doc.Text()
	d := newDesignDriver(t, doc, DesignOptions{})
	d.key(ebiten.KeyHome)
	d.key(ebiten.Key8)
	if d.sc.tool != toolDefences {
		t.Fatalf("8: tool %v", d.sc.tool)
	}
	n0 := len(d.scn().Minefields)

	d.clickHex("28B2")
	sc := d.scn()
	if len(sc.Minefields) != n0+1 || !slices.Equal(sc.Minefields[n0].Hexes, []string{"28B2"}) || sc.Minefields[n0].Side != "allies" {
		t.Fatalf("a click with the minefield picked: %+v", sc.Minefields[n0:])
	}
	checks(t, doc, "a minefield by a click")

	d.dragHex("28D2", "28D5")
	sc = d.scn()
	if len(sc.Minefields) != n0+2 || sc.Minefields[n0+1].From != "28D2" || sc.Minefields[n0+1].To != "28D5" {
		t.Fatalf("a drag from 28D2 to 28D5: %+v", sc.Minefields[n0:])
	}
	checks(t, doc, "a minefield run by a drag")

	// a click on a placed minefield selects it; Shift+click makes it a run
	d.clickHex("28B2")
	if d.sc.sel.kind != selMinefield || d.sc.sel.s != n0 || len(d.scn().Minefields) != n0+2 {
		t.Fatalf("a click on the minefield: %+v, %d minefields", d.sc.sel, len(d.scn().Minefields))
	}
	d.shiftClickHex("28B5")
	if m := d.scn().Minefields[n0]; m.From != "28B2" || m.To != "28B5" || len(m.Hexes) != 0 {
		t.Fatalf("Shift+click on 28B5: %+v", m)
	}
	checks(t, doc, "extended to a run")

	// the props panel: dummy = yes by , . and Enter
	rows := d.sc.props()
	at := slices.IndexFunc(rows, func(r propRowT) bool { return strings.HasPrefix(r.name, "dummy") })
	if at < 0 {
		t.Fatalf("no dummy row: %+v", rows)
	}
	for range at {
		d.key(ebiten.KeyPeriod)
	}
	d.key(ebiten.KeyEnter)
	d.typeText("yes")
	if m := d.scn().Minefields[n0]; !m.Dummy {
		t.Fatalf("dummy set by the panel: %+v", m)
	}

	// wire, by A to pick it
	d.pickDefence("Wire")
	d.clickHex("28F3")
	sc = d.scn()
	if o := sc.Obstacles[len(sc.Obstacles)-1]; o.Kind != "wire" || !slices.Equal(o.Hexes, []string{"28F3"}) {
		t.Fatalf("wire: %+v", o)
	}

	// a bunker faces a hex next to it; R turns it a sixth
	d.pickDefence("Bunker")
	d.clickHex("28E3")
	sc = d.scn()
	b := sc.Structures[len(sc.Structures)-1]
	if b.Kind != "bunker" || b.Hex != "28E3" || b.Facing == "" || d.sc.sel.kind != selStructure {
		t.Fatalf("bunker: %+v, sel %+v", b, d.sc.sel)
	}
	checks(t, doc, "a bunker")
	d.key(ebiten.KeyR)
	if f := d.scn().Structures[len(sc.Structures)-1].Facing; f == b.Facing || f == "" {
		t.Errorf("R: facing %q, was %q", f, b.Facing)
	}
	checks(t, doc, "the bunker turned")

	// a wreck, moved by M and a click
	d.pickDefence("Wreck")
	d.clickHex("28G5")
	d.key(ebiten.KeyM)
	d.clickHex("28G7")
	sc = d.scn()
	if c := sc.Counters[len(sc.Counters)-1]; c.Kind != "wreck" || c.Hex != "28G7" {
		t.Fatalf("wreck moved: %+v", c)
	}

	// a vineyard hex: the map is painted again
	r0 := d.sc.Rasters()
	d.pickDefence("Vineyard hex (13.6)")
	d.clickRepaint("28G4")
	if got := d.sc.Doc().Vineyards(); !slices.Equal(got, []string{"28G4"}) || d.sc.Rasters() == r0 {
		t.Fatalf("vineyard: %q, rasters %d → %d", got, r0, d.sc.Rasters())
	}
	checks(t, doc, "a vineyard")
	d.clickRepaint("28G4")
	if got := d.sc.Doc().Vineyards(); len(got) != 0 {
		t.Fatalf("vineyard clicked twice: %q", got)
	}

	// X deletes the selection; the Select tool selects a defence too
	d.key(ebiten.Key1)
	d.clickHex("28E3")
	if d.sc.sel.kind != selStructure {
		t.Fatalf("select tool on the bunker: %+v", d.sc.sel)
	}
	nst := len(d.scn().Structures)
	d.key(ebiten.KeyX)
	if len(d.scn().Structures) != nst-1 || d.sc.sel.kind != selNone {
		t.Fatalf("X: %d structures, sel %+v", len(d.scn().Structures), d.sc.sel)
	}
	checks(t, doc, "after the edits")

	// a problem check finds in a minefield (strength out of −2…+2):
	// E goes to it and selects it on the map
	d.key(ebiten.Key8)
	d.pickDefence("Minefield, Known (F.7)")
	d.clickHex("28B3")
	if d.sc.sel.kind != selMinefield {
		t.Fatalf("a click on the run selects it: %+v", d.sc.sel)
	}
	rows = d.sc.props()
	at = slices.IndexFunc(rows, func(r propRowT) bool { return strings.HasPrefix(r.name, "strength") })
	for range at {
		d.key(ebiten.KeyPeriod)
	}
	d.key(ebiten.KeyEnter)
	d.typeText("5")
	d.key(ebiten.KeyEscape)
	if d.sc.sel.kind != selNone || len(d.sc.Problems()) == 0 {
		t.Fatalf("strength 5: sel %+v, problems %v", d.sc.sel, d.sc.Problems())
	}
	d.key(ebiten.KeyE)
	if d.sc.sel.kind != selMinefield || d.sc.sel.s != n0 {
		t.Fatalf("E on %q: sel %+v", d.sc.Problems()[0].Text, d.sc.sel)
	}

	for n := 0; doc.Modified(); n++ {
		if n > 100 {
			t.Fatal("undo never got back to the file")
		}
		d.key(ebiten.KeyZ, ebiten.KeyControl)
	}
	if doc.Text() != orig {
		t.Error("undoing every edit does not give the bytes back")
	}
}

// TestDesignFireSupport adds fire support by keys and clicks (tool 9):
// an off-table battery (A, "battery"), its guns changed in the panel, a
// barrage aimed by clicking (§7.1 step 2), aimed again by a click, an
// observation aircraft and a sortie (14.9) from the palette, ] to pick
// them, X to delete; the file saved is one check accepts.
func TestDesignFireSupport(t *testing.T) {
	d, doc := openDesign(t, "defence")
	d.key(ebiten.KeyHome)
	d.key(ebiten.Key9)
	nb := len(d.scn().Sides[0].Batteries)

	d.key(ebiten.KeyA)
	d.typeText("battery")
	sc := d.scn()
	if len(sc.Sides[0].Batteries) != nb+1 || d.sc.sel.kind != selBattery {
		t.Fatalf("A battery: %d batteries, sel %+v (%s)", len(sc.Sides[0].Batteries), d.sc.sel, d.sc.notice)
	}
	bat := sc.Sides[0].Batteries[nb]
	checks(t, doc, "a battery")

	rows := d.sc.props()
	at := slices.IndexFunc(rows, func(r propRowT) bool { return strings.HasPrefix(r.name, "guns") })
	for range at {
		d.key(ebiten.KeyPeriod)
	}
	d.key(ebiten.KeyEnter)
	d.typeText("7")
	if g := d.scn().Sides[0].Batteries[nb].Guns; g != 7 {
		t.Fatalf("guns set to 7 in the panel: %d", g)
	}

	nbr := len(d.scn().Sides[0].Barrages)
	d.key(ebiten.KeyA)
	d.typeText("barrage")
	d.clickHex("28C4")
	sc = d.scn()
	if len(sc.Sides[0].Barrages) != nbr+1 || sc.Sides[0].Barrages[nbr].Hex != "28C4" || d.sc.sel.kind != selBarrage {
		t.Fatalf("a barrage aimed by a click: %+v", sc.Sides[0].Barrages)
	}
	d.clickHex("28C6")
	if h := d.scn().Sides[0].Barrages[nbr].Hex; h != "28C6" {
		t.Fatalf("aimed again: %s", h)
	}
	checks(t, doc, "a barrage")

	d.clickItem("+ aircraft")
	d.clickItem("+ sortie")
	sc = d.scn()
	if len(sc.Sides[0].Aircraft) != 1 || d.sc.sel.kind != selSortie {
		t.Fatalf("aircraft %+v, sel %+v (%s)", sc.Sides[0].Aircraft, d.sc.sel, d.sc.notice)
	}
	s := sc.Air[len(sc.Air)-1]
	if s.Side != "allies" || !strings.HasPrefix(s.Aircraft, "uk-") {
		t.Fatalf("sortie: %+v", s)
	}
	checks(t, doc, "an aircraft and a sortie")

	// ] walks the list; X deletes the aircraft
	for n := 0; d.sc.sel.kind != selAircraft; n++ {
		if n > 20 {
			t.Fatal("] never picked the aircraft")
		}
		d.key(ebiten.KeyBracketRight)
	}
	d.key(ebiten.KeyX)
	if len(d.scn().Sides[0].Aircraft) != 0 {
		t.Fatal("X kept the aircraft")
	}

	out := filepath.Join(t.TempDir(), "fire.toml")
	if err := doc.Save(out); err != nil {
		t.Fatal(err)
	}
	if r := design.Check(out, doc.Bytes()); r.Err != nil {
		t.Fatalf("check: %v", r.Err)
	}
	if got := d.scn().Sides[0].Batteries[nb]; got.ID != bat.ID || got.Guns != 7 {
		t.Errorf("the battery saved: %+v", got)
	}
}

// TestDesignEnvironment: Shift+Y switches the environment to DYO (the
// fixed keys go, check accepts it) and shows the engine's rolls for the
// month (11.2–11.701); Shift+Y again shows the next seed's; a click on
// "Keep" fixes the climate shown. A section-13 variant is set in the
// scenario's properties by a click and typing (13.1), repainting the map.
func TestDesignEnvironment(t *testing.T) {
	d, doc := openDesign(t, "dawn")
	d.key(ebiten.KeyY, ebiten.KeyShift)
	env := d.scn().Environment
	if !env.DYO || env.Time != "" || env.EC != "" {
		t.Fatalf("Shift+Y: %+v", env)
	}
	checks(t, doc, "DYO")
	_, steps, err := doc.EnvironmentRolls(1)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, it := range d.sc.items() {
		shown = append(shown, it.text)
	}
	all := strings.Join(shown, "\n")
	if !strings.Contains(all, "DYO climate, seed 1") {
		t.Fatalf("no rolls shown:\n%s", all)
	}
	for _, st := range steps {
		if !strings.Contains(all, st.Rule+" "+st.What+": "+st.Result) {
			t.Errorf("step %s not shown:\n%s", st, all)
		}
	}
	d.key(ebiten.KeyY, ebiten.KeyShift)
	if d.sc.envSeed() != 2 {
		t.Fatalf("Shift+Y again: seed %d", d.sc.envSeed())
	}
	want, _, _ := doc.EnvironmentRolls(2)
	d.clickItem("Keep this climate fixed")
	env = d.scn().Environment
	if env.DYO || env.Time != want.Time.String() || env.Weather != want.Weather.String() || env.Dust != want.Dust.String() {
		t.Fatalf("kept %+v, rolled %+v", env, want)
	}
	checks(t, doc, "the roll kept")

	r0 := d.sc.Rasters()
	d.clickItem("13.1/13.2 ground")
	d.typeText("broken")
	if v := d.scn().Map.Variants; !slices.Equal(v, []string{"broken"}) || d.sc.Rasters() == r0 {
		t.Fatalf("variants %q, rasters %d → %d", v, r0, d.sc.Rasters())
	}
	checks(t, doc, "broken ground")
	d.clickItem("13.1/13.2 ground")
	d.typeText("steppe")
	if v := d.scn().Map.Variants; !slices.Equal(v, []string{"steppe"}) {
		t.Fatalf("steppe in place of broken: %q", v)
	}

	// a base's unit: TQ override typed, then cleared
	d.key(ebiten.Key1)
	b := d.scn().Sides[0].Units[0].Bases[0]
	d.clickHex(b.Hex)
	if d.sc.sel.kind != selBase {
		t.Fatalf("select a base: %+v", d.sc.sel)
	}
	d.clickItem("unit TQ override")
	d.typeText("2")
	if tq := d.scn().Sides[d.sc.sel.s].Units[d.sc.sel.u].TQ; tq == nil || *tq != 2 {
		t.Fatalf("TQ override: %v", tq)
	}
	checks(t, doc, "a TQ override")
}

// TestDesignSupportBrokenText: the keys and clicks of tools 8 and 9 and
// the environment on a text that does not lay out act on nothing and
// never fail.
func TestDesignSupportBrokenText(t *testing.T) {
	b := newDesignDriver(t, design.New("bad.toml", []byte("title = \"x\"\n[map]\nboards = \"25,\"\n")), DesignOptions{})
	for _, k := range [][]ebiten.Key{{ebiten.Key8}, {ebiten.KeyA}, {ebiten.KeyBracketRight}, {ebiten.KeyX}, {ebiten.KeyR},
		{ebiten.Key9}, {ebiten.KeyBracketLeft}, {ebiten.KeyY, ebiten.KeyShift}, {ebiten.KeyF, ebiten.KeyShift}} {
		b.key(k[0], k[1:]...)
		if b.sc.field != nil {
			b.typeText("sortie")
		}
	}
	b.step(ui.InputState{CursorX: 600, CursorY: 300, Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	b.idle(2)
	b.sc.items()
	if b.sc.Doc().Modified() {
		t.Errorf("keys on a broken text changed it:\n%s", b.sc.Doc().Text())
	}
}

// TestDesignMortarCalibre: adding an on-table mortar battery (§10.15's
// fire support; its calibre decides 11.75's FFE Dust and 8.41's
// sangars) offers the calibre the unit's mortar states (defence's A6
// has a 3-inch mortar: 76 mm) instead of a fixed 81; a calibre the
// format refuses (0, over 400) adds nothing and says why; another typed
// is the battery's.
func TestDesignMortarCalibre(t *testing.T) {
	d, doc := openDesign(t, "defence")
	d.key(ebiten.Key9)
	nb := len(d.scn().Sides[0].Batteries)
	for _, bad := range []string{"0", "401", "big"} {
		d.key(ebiten.KeyA)
		d.typeText("mortar")
		if d.sc.field == nil || string(d.sc.field.text) != "76" {
			t.Fatalf("A mortar: field %+v (%s)", d.sc.field, d.sc.notice)
		}
		d.typeText(bad)
		if n := len(d.scn().Sides[0].Batteries); n != nb || !strings.Contains(d.sc.notice, "1 to 400") {
			t.Fatalf("calibre %q: %d batteries (was %d), notice %q", bad, n, nb, d.sc.notice)
		}
		if d.sc.field == nil || string(d.sc.field.text) != bad {
			t.Fatalf("calibre %q refused: the field should stay open with it, %+v", bad, d.sc.field)
		}
		d.key(ebiten.KeyEscape)
	}
	d.key(ebiten.KeyA)
	d.typeText("mortar")
	d.typeText("82")
	sc := d.scn()
	if len(sc.Sides[0].Batteries) != nb+1 || d.sc.sel.kind != selBattery {
		t.Fatalf("the mortar battery: %d batteries, sel %+v (%s)", len(sc.Sides[0].Batteries), d.sc.sel, d.sc.notice)
	}
	if b := sc.Sides[0].Batteries[nb]; b.Unit != "A6" || b.Calibre != 82 {
		t.Errorf("the mortar battery: %+v", b)
	}
	checks(t, doc, "a mortar battery")
}
