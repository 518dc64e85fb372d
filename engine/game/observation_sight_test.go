package game

import (
	"encoding/json"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/los"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// duelWith is the duel scenario after edit (fog variants).
func duelWith(t *testing.T, edit func(s *scenario.Scenario)) *Game {
	t.Helper()
	s := loadScn(t, "testdata/duel.toml")
	if edit != nil {
		edit(s)
	}
	g, err := New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustHex(t *testing.T, g *Game, label string) hexmap.Hex {
	t.Helper()
	h, err := g.Map.Hex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func sightJSON(t *testing.T, v any, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Viewshed is the game's own sight (LOS-1 to LOS-14 through the engine's
// LOS, SMOKE blocking it by seed 002 Note 3): a hex is listed exactly when
// the game's sight line from the base reaches a unit on its ground.
func TestObservationViewshedIsTheGamesSight(t *testing.T) {
	g := duel(t, 1)
	g.smoke = append(g.smoke, mustHex(t, g, "28G7")) // Note 3: blocks the lines through it
	o := g.Observe(0)
	vs, err := o.Viewshed("A1a")
	if err != nil {
		t.Fatal(err)
	}
	in := map[hexmap.Hex]int{}
	for _, s := range vs {
		in[s.Hex] = s.DRM
		if s.Label != g.Label(s.Hex) {
			t.Errorf("%v labelled %s", s.Hex, s.Label)
		}
	}
	b := g.baseIdx["A1a"]
	blocked := 0
	for _, h := range g.Map.Hexes() {
		_, listed := in[h]
		if want := g.seesThrough(g.loc(b), g.grid.At(h)); listed != want {
			t.Errorf("%s: listed %v, the game's sight says %v", g.Label(h), listed, want)
		}
		if !listed {
			blocked++
		}
	}
	if _, ok := in[mustHex(t, g, "28G7")]; ok {
		t.Error("the SMOKE hex 28G7 itself is seen from range 4 (Note 3)")
	}
	if blocked == 0 || len(vs) == 0 {
		t.Fatalf("%d seen, %d unseen: the test proves nothing", len(vs), blocked)
	}
	if _, err := o.Viewshed("G2a"); err == nil {
		t.Error("the viewshed of an enemy base is answered")
	}
	if _, err := o.Viewshed("G4a"); err == nil {
		t.Error("the viewshed of a hidden enemy base is answered")
	}
}

// An AFV on the line hinders it (+1, LOS-11), but only one the side knows
// of: the same Panzer under a Contact Marker adds nothing, wherever the
// marker stands (§4.6, fog).
func TestObservationViewshedKnownAFVsLOS11(t *testing.T) {
	beyond := func(g *Game) int {
		vs, err := g.Observe(0).Viewshed("A1a")
		if err != nil {
			t.Fatal(err)
		}
		// the hex as far past 28L5 as 28L5 is from 28C5: the line runs
		// through the Panzer's hex centre
		c5, l5 := mustHex(t, g, "28C5"), mustHex(t, g, "28L5")
		far := l5.Add(l5.Sub(c5))
		for _, s := range vs {
			if s.Hex == far {
				return s.DRM
			}
		}
		t.Fatalf("%s not seen from 28C5", g.Label(far))
		return 0
	}
	if d := beyond(duel(t, 1)); d != 1 {
		t.Errorf("a seen Panzer on the line: DRM %d, want 1 (LOS-11)", d)
	}
	hide := func(at string) func(s *scenario.Scenario) {
		return func(s *scenario.Scenario) {
			u, _ := scnUnit(s, "G2")
			u.Hidden = true
			u.Bases[0].Hex = at
		}
	}
	a, b := duelWith(t, hide("28L5")), duelWith(t, hide("28L9"))
	if d := beyond(a); d != 0 {
		t.Errorf("a Panzer under a Contact Marker hinders the line: DRM %d, want 0", d)
	}
	va, ea := a.Observe(0).Viewshed("A1a")
	vb, eb := b.Observe(0).Viewshed("A1a")
	if sightJSON(t, va, ea) != sightJSON(t, vb, eb) {
		t.Error("moving a hidden Panzer changes the viewshed")
	}
}

// Danger in a hex is ShotOdds for a base standing there: the best
// knock-out chance of any enemy base the side sees (10.8's to-hit, the
// shooting save), here for the rifle section A1a in its own hex.
func TestObservationDangerIsShotOdds10_8(t *testing.T) {
	g := duel(t, 1)
	d, err := g.Observe(0).Danger("uk-rifle-section")
	if err != nil {
		t.Fatal(err)
	}
	if d.Type != "uk-rifle-section" {
		t.Errorf("type %q", d.Type)
	}
	target := g.baseIdx["A1a"]
	want, by := -1.0, ""
	for _, e := range g.bases {
		if e.Unit.Side == 0 || !g.visibleTo(0, e) {
			continue
		}
		odds, err := g.Odds(e, target)
		if err != nil {
			continue
		}
		if odds.KnockedOut > want {
			want, by = odds.KnockedOut, e.ID
		}
	}
	if want <= 0 {
		t.Fatal("no enemy base can hurt A1a: the test proves nothing")
	}
	var got *DangerHex
	for i := range d.Hexes {
		if d.Hexes[i].Hex == target.Hex {
			got = &d.Hexes[i]
		}
		if k := d.Hexes[i].KnockedOut; k < 0 || k > 1 {
			t.Errorf("%s: chance %v", d.Hexes[i].Label, k)
		}
		if e := g.baseIdx[d.Hexes[i].By]; e == nil || e.Unit.Side == 0 || !g.visibleTo(0, e) {
			t.Errorf("%s: danger from %q, not a seen enemy base", d.Hexes[i].Label, d.Hexes[i].By)
		}
	}
	if got == nil {
		t.Fatalf("%s not in the danger map", g.Label(target.Hex))
	}
	if got.KnockedOut != want {
		t.Errorf("%s: knock-out chance %v by %s, ShotOdds gives %v by %s", got.Label, got.KnockedOut, got.By, want, by)
	}
	if len(d.Contacts) != 1 || d.Contacts[0] != "28O5" {
		t.Errorf("contacts %v, want the marker in 28O5", d.Contacts)
	}
	if _, err := g.Observe(0).Danger("no-such-type"); err == nil {
		t.Error("an unknown base type is answered")
	}
	def, err := g.Observe(0).Danger("")
	if err != nil || def.Type != "uk-rifle-section" { // two rifle sections, one tank, one officer
		t.Errorf("default type %q, %v", def.Type, err)
	}
}

// Fog: the danger map reads only what the side knows. A hidden MG (a
// Contact Marker) moved elsewhere, or a Panzer hidden and moved, changes
// nothing; the same MG revealed does (so the test can fail).
func TestObservationDangerFog(t *testing.T) {
	danger := func(g *Game) string {
		out := ""
		for _, bt := range []string{"uk-rifle-section", "uk-crusader"} { // the Panzer is the one threat to the tank
			d, err := g.Observe(0).Danger(bt)
			d.Contacts = nil // the marker's hex is known and may move
			out += sightJSON(t, d, err)
		}
		return out
	}
	move := func(unit, at string, hidden bool) func(s *scenario.Scenario) {
		return func(s *scenario.Scenario) {
			u, _ := scnUnit(s, unit)
			u.Hidden = hidden
			u.Bases[0].Hex = at
		}
	}
	base := danger(duelWith(t, nil))
	for _, v := range []struct {
		name string
		edit func(s *scenario.Scenario)
	}{
		{"hidden MG in 28P8", move("G4", "28P8", true)},
		{"hidden MG in 28M3", move("G4", "28M3", true)},
	} {
		if got := danger(duelWith(t, v.edit)); got != base {
			t.Errorf("%s changes the danger map", v.name)
		}
	}
	a, b := danger(duelWith(t, move("G2", "28L5", true))), danger(duelWith(t, move("G2", "28N8", true)))
	if a != b {
		t.Error("a hidden Panzer moved changes the danger map")
	}
	if a == base {
		t.Error("hiding the Panzer changes nothing: it was never counted")
	}
	if got := danger(duelWith(t, move("G4", "28O5", false))); got == base {
		t.Error("the MG, revealed, changes nothing: the test cannot fail")
	}
}

// Sun blindness (11.61): the zone is the game's environment's, east in
// Early Morning (11.611), west in Late Afternoon (11.612), none otherwise;
// the viewer's own hex is never in it.
func TestObservationSunZone11_61(t *testing.T) {
	g := duel(t, 1)
	o := g.Observe(0)
	from := mustHex(t, g, "28H5")
	east, west := from.Add(hexmap.Hex{Q: 2, R: -1}), from.Add(hexmap.Hex{Q: -2, R: 1}) // due right, due left (north up)
	has := func(z SunZone, h hexmap.Hex) bool {
		for _, x := range z.Hexes {
			if x == h {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		time       climate.TimeOfDay
		sun        string
		east, west bool
	}{
		{climate.EarlyMorning, "east", true, false},
		{climate.LateAfternoon, "west", false, true},
		{climate.MidMorning, "none", false, false},
	} {
		g.env.Time = c.time
		z := o.SunZone(from)
		if z.Sun != c.sun || has(z, east) != c.east || has(z, west) != c.west || has(z, from) {
			t.Errorf("%v: sun %s, east %v, west %v, own hex %v", c.time, z.Sun, has(z, east), has(z, west), has(z, from))
		}
		if want := climate.SunZoneOnMap(g.env, g.Map, from); len(want) != len(z.Hexes) {
			t.Errorf("%v: %d hexes, climate says %d", c.time, len(z.Hexes), len(want))
		}
	}
}

// Heat haze (11.62): clear to 12 hexes against infantry and 24 against
// vehicles, +1 per 6 and 12 hexes beyond; intense heat haze (11.621) 6/6
// and 12/12. The duel's June mid-morning is intense; no haze, no bands.
func TestObservationHazeBands11_62(t *testing.T) {
	g := duel(t, 1)
	o := g.Observe(0)
	from := mustHex(t, g, "28A5")
	band := func(h Haze, target string, r int) int {
		for _, b := range h.Bands {
			if b.Target == target && r >= b.From && (b.To == 0 || r <= b.To) {
				return b.DRM
			}
		}
		return -1
	}
	for _, c := range []struct {
		time  climate.TimeOfDay
		month climate.Month
		level string
		inf   map[int]int // range → DRM
		veh   map[int]int
	}{
		{climate.MidMorning, g.env.Month, "intense", map[int]int{6: 0, 7: 1, 12: 1, 13: 2, 19: 3}, map[int]int{12: 0, 13: 1, 24: 1, 25: 2}},
		{climate.MidAfternoon, g.env.Month, "haze", map[int]int{12: 0, 13: 1, 18: 1, 19: 2, 25: 3}, map[int]int{24: 0, 25: 1, 36: 1}},
	} {
		g.env.Time, g.env.Month = c.time, c.month
		h := o.HazeBands(from)
		if h.Level != c.level {
			t.Fatalf("%v: level %s, want %s", c.time, h.Level, c.level)
		}
		for r, want := range c.inf {
			if got := band(h, "infantry", r); got != want {
				t.Errorf("%v: infantry at %d: +%d, want +%d", c.time, r, got, want)
			}
		}
		for r, want := range c.veh {
			if got := band(h, "vehicle", r); got != want {
				t.Errorf("%v: vehicle at %d: +%d, want +%d", c.time, r, got, want)
			}
		}
		if last := h.Bands[len(h.Bands)-1]; last.To != 0 {
			t.Errorf("%v: the last band stops at %d", c.time, last.To)
		}
	}
	g.env.Time = climate.EarlyMorning
	h := o.HazeBands(from)
	if h.Level != "none" || len(h.Bands) != 0 {
		t.Errorf("early morning: %+v", h)
	}
	if got := band(Haze{Bands: h.IfHaze}, "infantry", 13); got != 1 { // 11.62's bands, should it come
		t.Errorf("early morning: haze would add +%d at 13 hexes, want +1", got)
	}
}

// The viewshed of the observation equals the plain checker's Check with
// the side's counters for every hex (the LOS package's exactness, through
// the game).
func TestObservationViewshedDRMIsCheck(t *testing.T) {
	g := duel(t, 1)
	g.smoke = append(g.smoke, mustHex(t, g, "28G3"))
	o := g.Observe(0)
	vs, err := o.Viewshed("A2a")
	if err != nil {
		t.Fatal(err)
	}
	k := o.counters()
	c := g.grid.NewChecker()
	from := g.loc(g.baseIdx["A2a"])
	in := map[hexmap.Hex]int{}
	for _, s := range vs {
		in[s.Hex] = s.DRM
	}
	hindered := 0
	for _, h := range g.Map.Hexes() {
		r := c.Check(los.Query{From: from, To: g.grid.At(h), Dust: k.Dust, Vehicles: k.Vehicles, Smoke: k.Smoke})
		d, ok := in[h]
		if ok != r.Clear || ok && d != r.DRM {
			t.Errorf("%s: viewshed %v/%d, Check %v/%d", g.Label(h), ok, d, r.Clear, r.DRM)
		}
		if d > 0 {
			hindered++
		}
	}
	if hindered == 0 {
		t.Error("nothing hindered: the test proves little")
	}
}

// The danger map as a player would ask it: of all shipped scenarios and
// sides at set-up, the one that sees the most enemy bases, every known
// enemy base against every hex (issue 18's overlay, one key press).
func BenchmarkObservationDanger(b *testing.B) {
	var o *Observation
	known := -1
	for _, n := range scenario.BuiltinNames() {
		g, err := New(loadScn(b, n), 1)
		if err != nil {
			continue // a map without forces
		}
		for side := 0; side < 2; side++ {
			k := 0
			vis := g.visibility(side)
			for i, x := range g.bases {
				if x.Unit.Side != side && x.Effective() && vis[i] {
					k++
				}
			}
			if k > known {
				known, o = k, g.Observe(side)
			}
		}
	}
	var d Danger
	var err error
	for b.Loop() {
		if d, err = o.Danger(""); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(known), "enemies")
	b.ReportMetric(float64(len(d.Hexes)), "hexes")
}

// One base's viewshed in the largest shipped scenario.
func BenchmarkObservationViewshed(b *testing.B) {
	g, err := New(loadScn(b, "dawn"), 1)
	if err != nil {
		b.Fatal(err)
	}
	o := g.Observe(0)
	var id string
	for _, x := range g.bases {
		if x.Unit.Side == 0 && x.OnMap() {
			id = x.ID
			break
		}
	}
	for b.Loop() {
		if _, err := o.Viewshed(id); err != nil {
			b.Fatal(err)
		}
	}
}
