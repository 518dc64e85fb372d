package render

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/climate"
	"khamsin/engine/design"
	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// groundDriver opens a shipped scenario in the designer with tool 0
// (Ground) in hand.
func groundDriver(t *testing.T, name string) *designDriver {
	t.Helper()
	f := "../scenarios/" + name + ".toml"
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	d := newDesignDriver(t, design.New(f, data), DesignOptions{})
	d.key(ebiten.Key0)
	if d.sc.tool != toolGround {
		t.Fatalf("0 did not pick the Ground tool (tool %d)", d.sc.tool)
	}
	return d
}

// pickType finds catalogue entry id with the search (/) and checks it is
// the one picked.
func (d *designDriver) pickType(id string) *forces.BaseType {
	d.t.Helper()
	d.key(ebiten.KeySlash)
	d.typeText(id)
	t := d.sc.groundType()
	if t == nil || t.ID != id {
		d.t.Fatalf("the search for %s picked %v", id, t)
	}
	if d.sc.tool != toolGround {
		d.t.Fatalf("the search left the Ground tool for tool %d", d.sc.tool)
	}
	return t
}

// reachFromWords is `khamsin reach`'s answer with the flags a script
// would give it from the scenario's [environment] words (--ec, --dust,
// --weather, --wind): the conditions built from the words, not from the
// designer's or the game's code.
func reachFromWords(t *testing.T, m *hexmap.Map, env scenario.Environment, u move.Unit, from hexmap.Hex) map[string]move.MP {
	t.Helper()
	var c move.Conditions
	var err error
	c.EC = climate.ECDry
	if env.EC != "" {
		if c.EC, err = climate.ParseEC(env.EC); err != nil {
			t.Fatal(err)
		}
	}
	if c.Dust, err = climate.ParseDust(env.Dust); err != nil {
		t.Fatal(err)
	}
	w, err := climate.ParseWeather(env.Weather)
	if err != nil {
		t.Fatal(err)
	}
	wind, err := climate.ParseWindForce(env.Wind)
	if err != nil {
		t.Fatal(err)
	}
	c.Mud = w.HasMud()
	c.NoVehicleDust = w.HasGusts() || env.Gusts || w == climate.Rain || wind == climate.HeavyWind
	p, err := move.NewPlanner(m, c)
	if err != nil {
		t.Fatal(err)
	}
	a, err := p.ReachFrom(u, move.Path{From: from}, u.Allotment())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]move.MP{}
	for _, h := range a.Hexes() {
		c, _ := a.Cost(h)
		out[m.Label(h)] = c
	}
	return out
}

// TestDesignGroundReachIsKhamsinReach: the Ground tool's shaded hexes
// and the MP in each are `khamsin reach`'s (engine/move ReachFrom with
// the type's allotment) under the scenario's climate, for a tank, a
// half-track, an armoured car, a lorry and a rifle section on two
// shipped maps whose environments differ (dust: Very Dry EC and Light
// Dust, 11.71; escarpment: Moderate EC), from a base's hex and from the
// map's middle. Terrain costs are chapter 7's, the climate's 11.73.
func TestDesignGroundReachIsKhamsinReach(t *testing.T) {
	types := []string{"de-pz3", "uk-crusader", "de-sdkfz251", "uk-marmon-herrington", "generic-truck-medium", "uk-rifle-section"}
	for _, name := range []string{"dust", "escarpment"} {
		d := groundDriver(t, name)
		m := d.sc.Map()
		sc := d.sc.sc
		froms := []string{m.Label(m.Hexes()[len(m.Hexes())/2]), sc.Sides[0].Units[0].Bases[0].Hex}
		tried := 0
		for _, id := range types {
			ty, ok := d.sc.cat.Type(id)
			if !ok || !ty.Mobile() {
				continue
			}
			tried++
			d.pickType(id)
			for _, fl := range froms {
				d.clickHex(fl)
				got := d.sc.groundReach()
				from, _ := m.Hex(fl)
				// a generic lorry is British when the side in hand is (3.31)
				british := ty.Nation == forces.NationBritish || ty.Nation == forces.NationAny && sc.Sides[d.sc.side].Nation == forces.NationBritish
				want := reachFromWords(t, m, sc.Environment, ty.MoveUnit(british), from)
				if len(want) < 2 {
					t.Fatalf("%s: %s from %s reaches nothing: the test proves nothing", name, id, fl)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %s from %s: the designer shades %d hexes, khamsin reach gives %d", name, id, fl, len(got), len(want))
					for l, c := range want {
						if g, ok := got[l]; !ok || g != c {
							t.Errorf("  %s: designer %v (%v), engine %v", l, g, ok, c)
							break
						}
					}
				}
			}
		}
		if tried < 3 {
			t.Fatalf("%s: only %d of the catalogue entries %v exist and move", name, tried, types)
		}
	}
}

// TestDesignGroundReachAsInPlay: on dawn (sangars on the map, 8.5; the
// German opening barrage lays SMOKE, §7.1 step 2) every hex the game
// lets a base of the side to act move to is in the designer's reach of
// the base's catalogue entry from the base's hex at the same cost: the
// designer prices movement with the game's own conditions, the opening
// SMOKE (+1 MP to enter, 9.2) included. (The game may forbid some of the
// hexes: stacking, In Command, 9.1's three hexes on foot; the designer
// shows the allowance's reach.)
func TestDesignGroundReachAsInPlay(t *testing.T) {
	d := groundDriver(t, "dawn")
	sc, err := scenario.Load("dawn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	side := g.Actor()
	o := g.Observe(side)
	smoke := map[hexmap.Hex]bool{}
	for _, l := range o.View().Smoke {
		h, _ := g.HexOf(l)
		smoke[h] = true
	}
	if len(smoke) == 0 {
		t.Fatal("no SMOKE at dawn's start: the opening barrage is not tested")
	}
	if hs, why := d.sc.groundSmoke(); len(hs) != len(smoke) || why != "" {
		t.Errorf("the designer's opening SMOKE: %d hexes (%s), the game's %d", len(hs), why, len(smoke))
	}
	kinds := map[move.Kind]bool{}
	checked, smoky := 0, 0
	for _, b := range g.Bases() {
		if b.Unit.Side != side || kinds[b.Type.Move] || !b.Type.Mobile() || b.Carrier != nil {
			continue
		}
		opts, err := o.MoveOptions(b.ID)
		if err != nil || len(opts) == 0 {
			continue
		}
		kinds[b.Type.Move] = true
		d.pickType(b.Type.ID)
		d.clickHex(g.Label(b.Hex))
		got := d.sc.groundReach()
		for _, r := range opts {
			c, ok := got[r.Hex]
			if !ok || c != r.Cost {
				t.Errorf("%s (%s) from %s: play moves it to %s for %s MP, the designer says %v (%v)", b.ID, b.Type.ID, g.Label(b.Hex), r.Hex, r.Cost, c, ok)
				continue
			}
			h, _ := g.HexOf(r.Hex)
			for _, a := range d.sc.gr.area.Path(h).Actions {
				if smoke[a.Hex] {
					smoky++
					break
				}
			}
		}
		checked++
	}
	if checked < 2 || smoky == 0 {
		t.Fatalf("only %d kinds of base could move at dawn's start, %d paths through SMOKE", checked, smoky)
	}
}

// TestDesignGroundTowing9_2: J shows the reach of a vehicle that can tow
// with a gun in tow: every hex it enters costs the towing MP more (9.2),
// each step of the hovered path says so, and it reaches no hex it could
// not reach without the gun; J again takes it off. An entry that tows
// nothing is not offered it.
func TestDesignGroundTowing9_2(t *testing.T) {
	d := groundDriver(t, "dawn")
	var tower, other *forces.BaseType
	for _, id := range d.sc.cat.TypeIDs() {
		bt, _ := d.sc.cat.Type(id)
		switch {
		case tower == nil && bt.Tow > 0 && bt.Mobile() && bt.Move.Motorized():
			tower = bt
		case other == nil && bt.Tow == 0 && bt.Mobile():
			other = bt
		}
	}
	if tower == nil || other == nil {
		t.Fatal("the catalogue has no vehicle that tows, or none that does not")
	}
	d.pickType(tower.ID)
	d.clickHex("28T5")
	plain := d.sc.groundReach()
	d.key(ebiten.KeyJ)
	if !d.sc.gr.unit.Towing {
		t.Fatalf("J: %s is not towing", tower.ID)
	}
	towed := d.sc.groundReach()
	if len(towed) >= len(plain) || len(towed) < 2 {
		t.Errorf("towing, %s reaches %d hexes, without %d", tower.ID, len(towed), len(plain))
	}
	hexes := 0
	for l, c := range towed {
		h, _ := d.sc.m.Hex(l)
		if h == d.sc.gr.from {
			continue
		}
		if p, ok := plain[l]; !ok || c <= p {
			t.Errorf("%s: %v MP towing, %v (%v) without", l, c, p, ok)
		}
		mv, err := d.sc.gr.plan.Walk(d.sc.gr.unit, d.sc.gr.area.Path(h))
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range mv.Steps {
			if st.Action != move.Enter {
				continue
			}
			hexes++
			if !slices.ContainsFunc(st.Items, func(it move.Item) bool { return it.Rule == "9.2" && strings.Contains(it.String(), "towing") }) {
				t.Fatalf("%s: the step into %s has no towing MP: %v", l, d.sc.m.Label(st.Hex), st.Why())
			}
		}
	}
	if hexes == 0 {
		t.Fatal("no step walked")
	}
	d.key(ebiten.KeyJ)
	if d.sc.gr.unit.Towing || len(d.sc.groundReach()) != len(plain) {
		t.Error("J again: still towing")
	}
	d.pickType(other.ID)
	d.key(ebiten.KeyJ)
	if d.sc.gr.unit.Towing || !strings.Contains(d.sc.notice, "tows no gun") {
		t.Errorf("J on %s (tows nothing): towing %v, notice %q", other.ID, d.sc.gr.unit.Towing, d.sc.notice)
	}
}

// TestDesignGroundSunAndHaze11_61: the wedge and the bands are the
// game's (Observation.SunZone, HazeBands) at the scenario's own time;
// A previews each other time of day without touching the file: a wedge
// east at Early Morning and west at Late Afternoon only (11.61, 11.611,
// 11.612), intense haze at Midday (11.621), as Assess decides.
func TestDesignGroundSunAndHaze11_61(t *testing.T) {
	d := groundDriver(t, "dawn")
	sc, err := scenario.Load("dawn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	text := d.sc.Doc().Text()
	from := "28T1"
	d.clickHex(from)
	h, _ := g.HexOf(from)
	o := g.Observe(0)
	gr := &d.sc.gr
	if !reflect.DeepEqual(gr.sun, o.SunZone(h)) || !reflect.DeepEqual(gr.haze, o.HazeBands(h)) {
		t.Fatalf("dawn from %s: the designer's sun %+v haze %+v, the game's %+v %+v", from, gr.sun.Sun, gr.haze, o.SunZone(h).Sun, o.HazeBands(h))
	}
	if gr.sun.Sun != "east" || len(gr.sun.Hexes) == 0 {
		t.Fatalf("dawn is Early Morning: no wedge east (%+v)", gr.sun.Sun)
	}
	seen := map[climate.TimeOfDay]bool{}
	for range groundTimes {
		d.key(ebiten.KeyA)
		tm := groundTimes[gr.preview-1]
		seen[tm] = true
		if gr.env.Time != tm {
			t.Fatalf("A previews %s, the climate shown is at %s", tm, gr.env.Time)
		}
		want := map[climate.TimeOfDay]string{climate.EarlyMorning: "east", climate.LateAfternoon: "west"}[tm]
		if want == "" {
			want = "none"
		}
		if gr.sun.Sun != want || (want == "none") != (len(gr.sun.Hexes) == 0) {
			t.Errorf("%s: sun %q with %d hexes, 11.61 gives %q", tm, gr.sun.Sun, len(gr.sun.Hexes), want)
		}
		if !reflect.DeepEqual(gr.sun, game.SunZoneIn(gr.env, d.sc.Map(), h)) || !reflect.DeepEqual(gr.haze, game.HazeBandsIn(gr.env, d.sc.Map(), h)) {
			t.Errorf("%s: the designer's answers are not the engine's", tm)
		}
		if tm == climate.Midday && gr.haze.Level != "intense" {
			t.Errorf("Midday: heat haze %q, 11.621 gives intense", gr.haze.Level)
		}
		if tm == climate.EarlyMorning && len(gr.haze.Bands) != 0 {
			t.Errorf("Early Morning: haze bands %v (heat haze is a mid-day rule, 11.62)", gr.haze.Bands)
		}
	}
	if len(seen) != len(groundTimes) {
		t.Errorf("A previewed %d times of day, not the %d of 11.3's daylight", len(seen), len(groundTimes))
	}
	d.key(ebiten.KeyA)
	if gr.preview != 0 || gr.env.Time != climate.EarlyMorning {
		t.Errorf("A after Late Afternoon: preview %d at %s, not the scenario's own time", gr.preview, gr.env.Time)
	}
	if d.sc.Doc().Text() != text || d.sc.Doc().Modified() {
		t.Error("previewing the time of day changed the file")
	}
	d.key(ebiten.KeyEscape)
	if gr.picked || d.sc.quit || d.sc.quitAsk {
		t.Errorf("Esc: the hex still picked (%v), or the designer quits (%v, %v)", gr.picked, d.sc.quit, d.sc.quitAsk)
	}
}

// TestDesignGroundDust11_7: the panel says the dust in force and what
// it does, as the climate rules decide it: none at dawn (Moist EC,
// 11.71's Dry or Very Dry wanted), Light Dust on dust's map with vehicle
// dust (11.74); Heavy dust set in the file adds the LOS hindrance and the
// +1 MP a hex for vehicles (11.73), which the reach then pays. A hovered
// hex shows the path's cost, the same as the shaded one.
func TestDesignGroundDust11_7(t *testing.T) {
	lines := func(d *designDriver) string {
		var out []string
		for _, l := range d.sc.groundLines() {
			out = append(out, l.text)
		}
		return strings.Join(out, "\n")
	}
	d := groundDriver(t, "dawn")
	d.clickHex("28T1")
	if s := lines(d); !strings.Contains(s, "Dust: none (Light Dust needs Dry or Very Dry EC (11.71))") || !strings.Contains(s, "Vehicle dust: none") {
		t.Errorf("dawn's panel:\n%s", s)
	}

	d = groundDriver(t, "dust")
	tank := d.pickType("de-pz3")
	from := d.sc.sc.Sides[0].Units[0].Bases[0].Hex
	d.clickHex(from)
	s := lines(d)
	for _, want := range []string{"Dust: Light Dust (11.71)", "subsequent dr halved", "Vehicle dust: a vehicle entering a hex at 2 MP or less"} {
		if !strings.Contains(s, want) {
			t.Errorf("dust's panel lacks %q:\n%s", want, s)
		}
	}
	light := d.sc.groundReach()
	// the path to a hex two away, hovered: its total is the shaded cost,
	// and a tank raises dust behind it (11.74)
	m := d.sc.Map()
	h0, _ := m.Hex(from)
	var far hexmap.Hex
	found := false
	for _, h := range m.Hexes() {
		if c, ok := light[m.Label(h)]; ok && hexmap.Distance(h, h0) == 3 && c <= move.Whole(3) {
			far, found = h, true
			break
		}
	}
	if !found {
		t.Fatalf("no hex 3 away from %s reached for 3 MP or less: %v", from, light)
	}
	x, y := d.sc.MapScene().HexOnScreen(far)
	d.step(d.src.st)
	d.src.st.CursorX, d.src.st.CursorY = x, y
	d.idle(2)
	mv := d.sc.gr.hov
	if mv == nil {
		t.Fatalf("hovering %s (reached) shows no path", m.Label(far))
	}
	if mv.Total != light[m.Label(far)] || len(mv.Dust) == 0 {
		t.Errorf("the path to %s costs %s (shaded %s), dust in %v", m.Label(far), mv.Total, light[m.Label(far)], mv.Dust)
	}
	if tip := d.sc.groundTip(); len(tip) < 2 || !strings.Contains(strings.Join(tip, "\n"), "(11.74)") {
		t.Errorf("the hovered path's words: %q", tip)
	}

	// heavy dust set in the file: the words and the reach follow
	if err := d.sc.Doc().SetFixedEnvironment("dust", "heavy"); err != nil {
		t.Fatal(err)
	}
	if err := d.sc.refresh(false); err != nil {
		t.Fatal(err)
	}
	d.idle(1)
	s = lines(d)
	for _, want := range []string{"Dust: Heavy Dust (11.73)", "LOS hindrance: half the range, FRU (+3 at 6 hexes)", "vehicles and cavalry +1 MP a hex"} {
		if !strings.Contains(s, want) {
			t.Errorf("heavy dust's panel lacks %q:\n%s", want, s)
		}
	}
	heavy := d.sc.groundReach()
	if len(heavy) >= len(light) {
		t.Errorf("heavy dust: %s reaches %d hexes, %d in light dust (11.73: +1 MP a hex)", tank.ID, len(heavy), len(light))
	}
	for l, c := range heavy {
		if c <= light[l] && l != from {
			t.Errorf("%s costs %s in heavy dust, %s in light", l, c, light[l])
			break
		}
	}
}

// TestDesignGroundKeyKeepsView: 0 picks the Ground tool and leaves the
// view where it is (the map's own 0, fit, is Home here).
func TestDesignGroundKeyKeepsView(t *testing.T) {
	d := newDesignDriver(t, design.Blank("new.toml"), DesignOptions{})
	h := d.sc.Map().Hexes()[len(d.sc.Map().Hexes())/3]
	x, y := d.sc.MapScene().HexOnScreen(h)
	d.step(ui.InputState{CursorX: x, CursorY: y})
	d.step(ui.InputState{CursorX: x, CursorY: y, WheelY: 3})
	d.idle(2)
	before := d.sc.MapScene().Cam.GeoM()
	d.key(ebiten.Key0)
	d.idle(2)
	if d.sc.tool != toolGround {
		t.Fatalf("0 picked tool %d", d.sc.tool)
	}
	if after := d.sc.MapScene().Cam.GeoM(); after != before {
		t.Errorf("0 moved the view: %v, was %v", after, before)
	}
}

// TestDesignGroundCountersAndWire: what the file puts on the map at the
// start is priced as the game prices it: SMOKE +1 MP to enter (9.2),
// barbed wire crushed by a tank (Bad Going, +1) and closed to an
// armoured car (seed 002 Note 2).
func TestDesignGroundCountersAndWire(t *testing.T) {
	d := groundDriver(t, "dust")
	m := d.sc.Map()
	d.pickType("de-pz3")
	from := "27G8"
	d.clickHex(from)
	h0, _ := m.Hex(from)
	before := d.sc.groundReach()
	// two neighbours the tank enters for 1 MP
	var open []string
	for dir := hexmap.Dir(0); dir < 6 && len(open) < 2; dir++ {
		l := m.Label(h0.Neighbor(dir))
		if c, ok := before[l]; ok && c == move.Whole(1) {
			open = append(open, l)
		}
	}
	if len(open) < 2 {
		t.Fatalf("fewer than two 1-MP neighbours of %s: %v", from, before)
	}
	smoke, wire := open[0], open[1]
	if _, err := d.sc.Doc().AddCounter("smoke", smoke); err != nil {
		t.Fatal(err)
	}
	if _, err := d.sc.Doc().AddObstacle(design.Obstacle{Kind: "wire", Hexes: []string{wire}}); err != nil {
		t.Fatal(err)
	}
	if err := d.sc.refresh(false); err != nil {
		t.Fatal(err)
	}
	d.idle(1)
	after := d.sc.groundReach()
	if after[smoke] != move.Whole(2) {
		t.Errorf("SMOKE in %s: the tank pays %s, 9.2 gives 2", smoke, after[smoke])
	}
	if after[wire] != move.Whole(2) {
		t.Errorf("wire in %s: the tank pays %s, crushing it is Bad Going (+1)", wire, after[wire])
	}
	d.pickType("de-sdkfz222") // a wheeled armoured car: wire stops it
	if c, ok := d.sc.groundReach()[wire]; ok {
		t.Errorf("the armoured car enters the wire in %s for %s MP (seed 002 Note 2: it may not)", wire, c)
	}
}

// TestDesignGroundDYO: a DYO scenario's ground is the roll the panel
// shows (Shift+Y: the next seed's), said to be so (11.2–11.7); the game
// rolls its own at the start.
func TestDesignGroundDYO(t *testing.T) {
	d := groundDriver(t, "dawn")
	d.key(ebiten.KeyY, ebiten.KeyShift) // dawn's fixed climate becomes DYO
	if d.sc.sc == nil || !d.sc.sc.Environment.DYO {
		t.Fatal("Shift+Y did not make the environment DYO")
	}
	d.clickHex("28T1")
	for range 2 {
		want, _, err := d.sc.Doc().EnvironmentRolls(d.sc.envSeed())
		if err != nil {
			t.Fatal(err)
		}
		gr := &d.sc.gr
		if !gr.envOK || gr.env != want || !strings.Contains(gr.envFrom, "DYO roll of seed") {
			t.Fatalf("seed %d: the ground's climate %+v (%q), the roll shown %+v", d.sc.envSeed(), gr.env, gr.envFrom, want)
		}
		d.key(ebiten.KeyY, ebiten.KeyShift) // another seed
	}
}
