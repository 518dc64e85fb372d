package game

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// The fire-support tests (seed 002 §10.15–.18, §7.1 step 2, §7.2, Notes
// 3 and 7; seed 000 11.611, 11.62, 11.75) on testdata/artillery.toml: a
// British observer O1 at 28C5, an off-table 25-pdr battery RA (4 guns,
// HE# 6, TQ 0, officer +1, comms +1), a 3-inch mortar battery M1 at
// 28B5–B6, an observation aircraft AOP from turn 2; a German platoon G1
// on the objective 28K5–K6 and a tank at 28O5.

func artScn(t testing.TB) *scenario.Scenario { return loadScn(t, "testdata/artillery.toml") }

func artGame(t testing.TB, seed uint64) *Game {
	t.Helper()
	g, err := New(artScn(t), seed)
	if err != nil {
		t.Fatal(err)
	}
	toActivations(t, g, "allies")
	return g
}

// d10 (a scripted throw) lives in air_test.go.
func d6r(n int) dice.Roll { return dice.Throw(dice.DR1, n, 0) }

// script makes the next throws the given ones (Scripted panics on any
// throw not scripted: a command that should roll nothing rolls nothing).
func script(g *Game, throws ...dice.Roll) { g.dice = dice.Scripted(throws...) }

// rollOf finds the logged roll on table in evs.
func rollsOn(evs []Event, table string) []*Roll {
	var out []*Roll
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Table == table {
			out = append(out, e.Roll)
		}
	}
	return out
}

func hasMod(r *Roll, what string, n int) bool {
	for _, m := range r.Mods {
		if m.What == what && m.N == n {
			return true
		}
	}
	return false
}

// ranged puts RA's mission on aim, ranged, as calls and ranging would.
func ranged(t *testing.T, g *Game, id, aim string) *Battery {
	t.Helper()
	bt, err := g.battery(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	bt.Aimed, bt.Aim, bt.Ranged = true, hexOf(t, g, aim), true
	g.gen++
	return bt
}

// §10.15–.18 Calling for Fire: d10 ± TQ + communications (+ command
// vehicle, officer) ≥ 6 places the aim point token; 5 or less does not
// get through.
func TestGameCallForFire10_15(t *testing.T) {
	cases := []struct {
		name    string
		d10     int
		carried bool
		success bool
	}{
		{"§10.15/TQ0+comms1: 5 → 6 succeeds", 5, false, true},
		{"§10.15/TQ0+comms1: 4 → 5 fails", 4, false, false},
		{"§10.15/command vehicle +1: 4 → 6 succeeds", 4, true, true},
		{"§10.15/command vehicle +1: 3 → 5 fails", 3, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := artGame(t, 1)
			if tc.carried {
				g.baseIdx["O1a"].Carrier = g.baseIdx["A2a"] // riding in the Crusader: its radio
				g.gen++
			}
			if !slices.Contains(g.Legal(), "call O1 RA 28K5") {
				t.Fatalf("Legal does not list call O1 RA 28K5")
			}
			script(g, d10(tc.d10))
			evs, err := g.Do("call O1 RA 28K5")
			if err != nil {
				t.Fatal(err)
			}
			rs := rollsOn(evs, combat.TableCallForFire)
			if len(rs) != 1 || !hasMod(rs[0], "communications", 1) || hasMod(rs[0], "command vehicle or bunker", 1) != tc.carried {
				t.Fatalf("call roll %+v: want one roll with communications +1, command vehicle %v", rs, tc.carried)
			}
			bt, _ := g.battery("RA", 0)
			if bt.Aimed != tc.success || bt.Ranged {
				t.Fatalf("aimed %v ranged %v, want aimed %v and not ranged", bt.Aimed, bt.Ranged, tc.success)
			}
			if tc.success && g.Label(bt.Aim) != "28K5" {
				t.Errorf("aim point in %s, want 28K5", g.Label(bt.Aim))
			}
			if g.actor != 1 || !g.unitIdx["O1"].Activated {
				t.Errorf("the call is O1's activation: actor %d, O1 activated %v", g.actor, g.unitIdx["O1"].Activated)
			}
		})
	}
}

// The calls a side may not make: by a unit with no observer, onto a hex
// no observer sees (SMOKE between, Note 3), by an aircraft before it
// arrives; range, adjust and ffe before their step. Each refusal leaves
// the hash unchanged and is not listed by Legal.
func TestGameCallRefused10_15(t *testing.T) {
	g := artGame(t, 1)
	g.smoke = append(g.smoke, hexOf(t, g, "28K5")) // a hex under SMOKE is not seen (Note 3)
	g.gen++
	for _, c := range []string{"call A1 RA 28K5", "call O1 RA 28K5", "call AOP RA 28K5", "range RA", "adjust O1 RA 28K4", "ffe RA", "ffe RA smoke", "call O1 XX 28K5", "ffe RA fire", "call O1 RA"} {
		before := g.Hash()
		if _, err := g.Do(c); err == nil {
			t.Errorf("%q accepted", c)
		} else if g.Hash() != before {
			t.Errorf("refused %q changed the state", c)
		}
		if slices.Contains(g.Legal(), c) {
			t.Errorf("Legal lists %q", c)
		}
	}
	// 28K6 is clear: O1 sees it and may call there.
	if !slices.Contains(g.Legal(), "call O1 RA 28K6") {
		t.Error("Legal does not list call O1 RA 28K6")
	}
}

// §10.15–.18 Firing Ranging Rounds: ± TQ, officer attached to the
// battery, +1 when the battery sees the aim point; 6+ on target, else
// the round deviates d6 × 5 cm (d6 hexes) in a Random Direction (d6: 1 N
// … 6 NW), and the aim point stands where it fell.
func TestGameRanging10_15(t *testing.T) {
	t.Run("§10.15/on target: TQ 0 + officer +1, d10 5 → 6", func(t *testing.T) {
		g := artGame(t, 1)
		script(g, d10(5))
		mustDo(t, g, "call O1 RA 28K5")
		script(g)
		mustDo(t, g, "defer")
		script(g, d10(5))
		evs, err := g.Do("range RA")
		if err != nil {
			t.Fatal(err)
		}
		rs := rollsOn(evs, combat.TableRanging)
		if len(rs) != 1 || !hasMod(rs[0], combat.WhatOfficer, 1) || hasMod(rs[0], "battery sees the aim point", 1) {
			t.Fatalf("ranging roll %+v: want the officer's +1 and no LOS row (off-table)", rs)
		}
		bt, _ := g.battery("RA", 0)
		if !bt.Ranged || g.Label(bt.Aim) != "28K5" {
			t.Fatalf("ranged %v on %s, want ranged on 28K5", bt.Ranged, g.Label(bt.Aim))
		}
	})
	t.Run("§10.15/deviates: d10 4 → 5, d6 3 hexes, d6 3 SE", func(t *testing.T) {
		g := artGame(t, 1)
		script(g, d10(5))
		mustDo(t, g, "call O1 RA 28K5")
		script(g)
		mustDo(t, g, "defer")
		script(g, d10(4), d6r(3), d6r(3))
		mustDo(t, g, "range RA")
		bt, _ := g.battery("RA", 0)
		want := hexOf(t, g, "28K5")
		for i := 0; i < 3; i++ {
			want = want.Neighbor(hexmap.Dir(2))
		}
		if !bt.Ranged || bt.Aim != want {
			t.Fatalf("ranged %v on %s, want ranged on %s (3 hexes SE)", bt.Ranged, g.Label(bt.Aim), g.Label(want))
		}
		if hexmap.Distance(bt.Aim, hexOf(t, g, "28K5")) != 3 {
			t.Errorf("deviation %d hexes, want 3", hexmap.Distance(bt.Aim, hexOf(t, g, "28K5")))
		}
	})
	t.Run("§10.15/off the map: not ranged", func(t *testing.T) {
		g := artGame(t, 1)
		script(g, d10(5))
		mustDo(t, g, "call O1 RA 28K5")
		script(g)
		mustDo(t, g, "defer")
		script(g, d10(1), d6r(6), d6r(1)) // 6 hexes north of row 5: off board 28
		mustDo(t, g, "range RA")
		bt, _ := g.battery("RA", 0)
		if bt.Ranged || g.Label(bt.Aim) != "28K5" {
			t.Fatalf("ranged %v on %s: a round off the map ranges nothing", bt.Ranged, g.Label(bt.Aim))
		}
	})
	t.Run("§10.15/on-table mortars that see the aim point: +1", func(t *testing.T) {
		g := artGame(t, 1)
		script(g, d10(6)) // M1's link has no communications modifier
		mustDo(t, g, "call O1 M1 28K5")
		script(g)
		mustDo(t, g, "defer")
		script(g, d10(5))
		evs, err := g.Do("range M1")
		if err != nil {
			t.Fatal(err)
		}
		rs := rollsOn(evs, combat.TableRanging)
		if len(rs) != 1 || !hasMod(rs[0], "battery sees the aim point", 1) || rs[0].Final != 6 {
			t.Fatalf("ranging roll %+v: want +1 for the mortars' LOS, final 6", rs)
		}
	})
}

// Seed 002 Note 7: a ranging round landing in soft sand or mud is
// ineffective — the battery stays unranged and its aim point where it
// was. In the desert that is a Sand hex, or any hex while mud exists
// (Note D's join).
func TestGameRangingNote7(t *testing.T) {
	g := artGame(t, 1)
	script(g, d10(5))
	mustDo(t, g, "call O1 RA 28K5")
	script(g)
	mustDo(t, g, "defer")
	g.env.EC = climate.ECMud
	g.gen++
	script(g, d10(9))
	evs, err := g.Do("range RA")
	if err != nil {
		t.Fatal(err)
	}
	bt, _ := g.battery("RA", 0)
	if bt.Ranged {
		t.Fatal("a ranging round in mud ranged the battery (Note 7)")
	}
	found := false
	for _, e := range evs {
		found = found || e.Rule == "Note 7"
	}
	if !found {
		t.Errorf("no Note 7 event in %v", evs)
	}
	// Sand: dawn's S6 overlay.
	d, err := New(loadScn(t, "dawn"), 1)
	if err != nil {
		t.Fatal(err)
	}
	sand, open := 0, 0
	for _, h := range d.Map.Hexes() {
		if d.Map.Terrain(h).Flags&hexmap.Sand != 0 {
			sand++
			if !d.rangingIneffective(h) {
				t.Fatalf("%s is sand, yet ranging there counts", d.Label(h))
			}
		} else if d.rangingIneffective(h) {
			t.Fatalf("%s is not sand, yet ranging there is ineffective", d.Label(h))
		} else {
			open++
		}
	}
	if sand == 0 || open == 0 {
		t.Fatalf("dawn has %d sand and %d other hexes: the test needs both", sand, open)
	}
}

// Seed 002 Note 3: no indirect area fire from soft sand or mud: the
// mortars there cannot fire, so M1 cannot range or fire for effect.
func TestGameMortarsNote3(t *testing.T) {
	g := artGame(t, 1)
	bt, _ := g.battery("M1", 0)
	if n := g.batteryBases(bt); n != 2 {
		t.Fatalf("M1 fires with %d bases, want 2", n)
	}
	g.env.EC = climate.ECMud
	g.gen++
	if n := g.batteryBases(bt); n != 0 {
		t.Fatalf("in mud M1 fires with %d bases, want 0", n)
	}
	if _, err := g.Do("call O1 M1 28K5"); err == nil || !strings.Contains(err.Error(), "Note 3") {
		t.Fatalf("call onto mortars in mud: %v, want a Note 3 refusal", err)
	}
}

// §10.15–.18 Adjusting an Aim Point: the observer moves a ranged aim
// point to a hex it sees, at most 6 hexes off (our limit), on 6+.
func TestGameAdjust10_15(t *testing.T) {
	for _, tc := range []struct {
		d10  int
		want string
	}{{5, "28M5"}, {4, "28K5"}} {
		g := artGame(t, 1)
		ranged(t, g, "RA", "28K5")
		if slices.Contains(g.Legal(), "adjust O1 RA 28R5") || !slices.Contains(g.Legal(), "adjust O1 RA 28M5") {
			t.Fatal("Legal: adjust O1 RA 28M5 (2 hexes) must be listed, 28R5 (7 hexes) not")
		}
		script(g, d10(tc.d10))
		evs := mustDoEvents(t, g, "adjust O1 RA 28M5")
		rs := rollsOn(evs, combat.TableAdjusting)
		if len(rs) != 1 || !hasMod(rs[0], "communications", 1) {
			t.Fatalf("adjust roll %+v", rs)
		}
		bt, _ := g.battery("RA", 0)
		if g.Label(bt.Aim) != tc.want || !bt.Ranged {
			t.Errorf("d10 %d: aim %s ranged %v, want %s ranged", tc.d10, g.Label(bt.Aim), bt.Ranged, tc.want)
		}
	}
}

func mustDoEvents(t testing.TB, g *Game, c string) []Event {
	t.Helper()
	evs, err := g.Do(c)
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return evs
}

// §10.15–.18 Fire for Effect: every base within the radius (4 guns: 10
// cm = 2 hexes) of either side is rolled for, and only those; a hit saves
// against the battery's HE#; a knocked-out base's unit tests morale.
func TestGameFFE10_15(t *testing.T) {
	g := artGame(t, 1)
	bt := ranged(t, g, "RA", "28K5")
	if r := g.FFERadius(bt); r != 2 {
		t.Fatalf("4 guns: radius %d hexes, want 2", r)
	}
	// G1a hit (d10 5 + officer 1 = 6) and knocked out (save d10 1 + TQ 1
	// + size 1 − HE# 6 = −3); G1b missed (d10 4 → 5); G1 tests morale
	// (d10 10 carries on). G2a (28O5, 4 hexes) is outside.
	script(g, d10(5), d10(1), d10(4), d10(10))
	evs := mustDoEvents(t, g, "ffe RA")
	hits := rollsOn(evs, combat.TableAreaFire)
	if len(hits) != 2 {
		t.Fatalf("%d area-fire rolls, want 2 (G1a, G1b)", len(hits))
	}
	saves := rollsOn(evs, combat.TableShootingSave+", column A")
	if len(saves) != 1 || !hasMod(saves[0], "HE#", -6) {
		t.Fatalf("saves %+v: want one column-A save with HE# −6", saves)
	}
	if !g.baseIdx["G1a"].KO || g.baseIdx["G1b"].KO || g.baseIdx["G2a"].KO {
		t.Fatalf("KO: G1a %v G1b %v G2a %v, want only G1a", g.baseIdx["G1a"].KO, g.baseIdx["G1b"].KO, g.baseIdx["G2a"].KO)
	}
	if len(rollsOn(evs, combat.TableMorale)) != 1 {
		t.Errorf("G1 lost a base: want one morale test")
	}
	for _, e := range evs {
		if strings.Contains(e.Text, "G2a") {
			t.Errorf("G2a is outside the radius, yet: %s", e.Text)
		}
	}
	// The mission stays: the battery may fire again next turn, not this one.
	if !bt.Ranged || !slices.Contains(g.Legal(), "defer") || g.actor != 1 {
		t.Error("after the FFE the battery stays ranged and the axis is to act")
	}
}

// The radius table through the scale join: 1–2 bases 1 hex, 3–6 2, 7–12
// 3, more 4; rocket launchers double it (§10.15–.18).
func TestGameFFERadius10_15(t *testing.T) {
	g := artGame(t, 1)
	bt, _ := g.battery("RA", 0)
	for _, tc := range []struct {
		guns    int
		rockets bool
		want    int
	}{{1, false, 1}, {2, false, 1}, {3, false, 2}, {6, false, 2}, {7, false, 3}, {12, false, 3}, {13, false, 4}, {2, true, 2}, {6, true, 4}, {12, true, 6}, {24, true, 8}} {
		bt.Guns, bt.Rockets = tc.guns, tc.rockets
		if r := g.FFERadius(bt); r != tc.want {
			t.Errorf("%d guns, rockets %v: radius %d, want %d", tc.guns, tc.rockets, r, tc.want)
		}
		if len(g.ffeArea(hexOf(t, g, "28K5"), g.FFERadius(bt))) == 0 {
			t.Error("empty blast area")
		}
	}
}

// §6A: shelling a base the firing side cannot see stays private to the
// base's side: its to-hit roll, save and morale; the FFE itself is public.
func TestGameFFEHiddenTargetsPrivate(t *testing.T) {
	g := artGame(t, 1)
	g.unitIdx["G1"].Contact = true // under a contact marker: the British see no base of it
	g.gen++
	ranged(t, g, "RA", "28K5")
	script(g, d10(5), d10(1), d10(5), d10(1), d10(10))
	mustDo(t, g, "ffe RA")
	allies := g.EventsFor(0)
	public := false
	for _, e := range allies {
		if strings.Contains(e.Text, "G1") {
			t.Errorf("the British read about hidden G1: %s", e)
		}
		public = public || strings.Contains(e.Text, "fires for effect")
	}
	if !public {
		t.Error("the FFE itself is not in the British log")
	}
	n := 0
	for _, e := range g.EventsFor(1) {
		if strings.Contains(e.Text, "G1a") {
			n++
		}
	}
	if n < 2 {
		t.Errorf("the Germans read %d events about G1a, want its to-hit and save", n)
	}
}

// 11.75 FFE Dust: an FFE of 70 mm or more where Light Dust could exist
// (desert board, Dry EC) makes its blast area a +1 hindrance until the
// turn ends; under 70 mm, or in Moderate EC, none.
func TestGameFFEDust11_75(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ec      climate.EC
		calibre int
		dust    bool
	}{{"11.75/87mm dry", climate.ECDry, 87, true}, {"11.75/60mm dry", climate.ECDry, 60, false}, {"11.75/87mm moderate EC", climate.ECModerate, 87, false}} {
		t.Run(tc.name, func(t *testing.T) {
			g := artGame(t, 1)
			g.env.EC = tc.ec
			bt := ranged(t, g, "RA", "28K5")
			bt.CalibreMM = tc.calibre
			g.dice = dice.New(9)
			mustDo(t, g, "ffe RA")
			if got := len(g.art.FFEDust) > 0; got != tc.dust {
				t.Fatalf("FFE dust %v, want %v", got, tc.dust)
			}
			if !tc.dust {
				return
			}
			if len(g.art.FFEDust) != 19 {
				t.Errorf("%d FFE dust hexes, want the 19 of radius 2", len(g.art.FFEDust))
			}
			// A shot along row 5 through the blast area is hindered.
			w, _ := g.Cat.Weapon(g.baseIdx["A2a"].Type.Weapons[0])
			ans := g.answer(g.baseIdx["A1b"], g.baseIdx["G2a"], w)
			ffe := false
			for _, h := range ans.Hindrances {
				ffe = ffe || h.Rule == "11.75"
			}
			if !ffe {
				t.Errorf("shot through the blast area: hindrances %+v, want FFE dust (11.75)", ans.Hindrances)
			}
			if v := g.ViewAs(1); len(v.FFEDust) != 19 {
				t.Errorf("the German view shows %d FFE dust hexes", len(v.FFEDust))
			}
			// Next turn it has settled.
			for g.turn == 1 && !g.Over() {
				mustDo(t, g, "defer")
			}
			if len(g.art.FFEDust) != 0 {
				t.Errorf("turn %d: FFE dust still up", g.turn)
			}
		})
	}
}

// 11.611 and 11.62 except OBA: under Early Morning sun blindness and
// Intense Heat Haze a British shot east is hindered, but the battery's
// area-fire roll on the same targets has no hindrance row at all.
func TestGameOBAExemptSunAndHaze11_62(t *testing.T) {
	for _, tc := range []struct {
		name string
		time climate.TimeOfDay
		rule string
	}{{"11.611/early morning", climate.EarlyMorning, "11.611"}, {"11.62/midday", climate.Midday, "11.621"}} {
		t.Run(tc.name, func(t *testing.T) {
			g := artGame(t, 1)
			g.env.Time, g.env.Weather, g.env.EC = tc.time, climate.Clear, climate.ECModerate
			g.gen++
			w, _ := g.Cat.Weapon(g.baseIdx["A1a"].Type.Weapons[0])
			ans := g.answer(g.baseIdx["O1a"], g.baseIdx["G1a"], w) // along row 5, range 8
			hindered := false
			for _, h := range ans.Hindrances {
				hindered = hindered || strings.HasPrefix(h.Rule, tc.rule[:5])
			}
			if !hindered {
				t.Fatalf("direct fire east is not hindered by %s: %+v (the test's climate is wrong)", tc.rule, ans.Hindrances)
			}
			ranged(t, g, "RA", "28K5")
			g.dice = dice.New(3)
			evs := mustDoEvents(t, g, "ffe RA")
			for _, r := range rollsOn(evs, combat.TableAreaFire) {
				for _, m := range r.Mods {
					if m.What != combat.WhatTQ && m.What != combat.WhatOfficer {
						t.Errorf("area fire roll has %s %+d (%s): OBA takes no DLV", m.What, m.N, m.Rule)
					}
				}
			}
		})
	}
}

// A smoke mission places SMOKE in every hex of the blast area and rolls
// no dice; the smoke then blocks LOS (Note 3) and clears as any other.
func TestGameSmokeMission10_15(t *testing.T) {
	g := artGame(t, 1)
	ranged(t, g, "RA", "28K5")
	script(g)
	mustDo(t, g, "ffe RA smoke")
	if len(g.smoke) != 19 {
		t.Fatalf("%d SMOKE counters, want the 19 hexes of radius 2", len(g.smoke))
	}
	if g.sees(g.baseIdx["A1b"], g.baseIdx["G2a"]) {
		t.Error("A1b still sees G2a through the smoke screen")
	}
	if v := g.ViewAs(1); len(v.Smoke) != 19 {
		t.Errorf("the German view shows %d SMOKE counters", len(v.Smoke))
	}
}

// §7.1 step 2: pre-planned fire scheduled by the scenario is resolved at
// the start of its turn, with no call, no ranging and no Order.
func TestGamePrePlannedFire7_1(t *testing.T) {
	s := artScn(t)
	s.Sides[0].Barrages = []scenario.Barrage{{Battery: "RA", Turn: 2, Hex: "28K5"}, {Battery: "M1", Turn: 1, Hex: "28K6", Smoke: true}}
	g, err := New(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !g.smokeAt(hexOf(t, g, "28K6")) {
		t.Fatal("turn 1: M1's pre-planned smoke is not in 28K6")
	}
	for _, e := range g.events {
		if e.Roll != nil && e.Roll.Table == combat.TableAreaFire {
			t.Fatal("turn 1 had an HE barrage")
		}
	}
	orders := g.sides[0].Orders
	toActivations(t, g, "allies")
	for g.turn == 1 {
		mustDo(t, g, "defer")
	}
	n, pre := 0, false
	for _, e := range g.events {
		if e.Turn == 2 && e.Roll != nil && e.Roll.Table == combat.TableAreaFire {
			n++
		}
		pre = pre || e.Turn == 2 && strings.Contains(e.Text, "pre-planned fire")
	}
	if n == 0 || !pre {
		t.Fatalf("turn 2: %d area-fire rolls, pre-planned event %v", n, pre)
	}
	if orders != 6 {
		t.Errorf("turn 1 Orders %d, want 6 (a barrage costs none)", orders)
	}
}

// §7.2: an Order for each off-table battery, one for its attached
// officer, one for an observation aircraft overhead; on-table mortars
// count as the combat unit they are.
func TestGameArtilleryOrders7_2(t *testing.T) {
	g, err := New(artScn(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	// O1, A1, A2, M1 + RA + RA's officer.
	if got := g.countOrders(0); got != 6 {
		t.Errorf("turn 1: %d Orders, want 6", got)
	}
	g.turn = 2 // the aircraft is overhead
	if got := g.countOrders(0); got != 7 {
		t.Errorf("turn 2: %d Orders, want 7", got)
	}
	g.art.Batteries[0].OfficerTQ = nil
	if got := g.countOrders(0); got != 6 {
		t.Errorf("without the officer: %d Orders, want 6", got)
	}
}

// The observation aircraft calls from the air from its turn: it sees any
// hex not under SMOKE (Note 3) unless the dust is Very Heavy (11.731).
func TestGameObservationAircraft(t *testing.T) {
	g := artGame(t, 1)
	if _, err := g.Do("call AOP RA 28K5"); err == nil {
		t.Fatal("the aircraft called on turn 1; it arrives on turn 2")
	}
	for g.turn == 1 {
		mustDo(t, g, "defer")
	}
	toActivations(t, g, "allies")
	if !slices.Contains(g.Legal(), "call AOP RA 28Q9") {
		t.Fatal("Legal does not list the aircraft's call")
	}
	g.smoke = append(g.smoke, hexOf(t, g, "28Q9"))
	g.gen++
	if slices.Contains(g.Legal(), "call AOP RA 28Q9") {
		t.Error("the aircraft sees into SMOKE")
	}
	g.env.Dust = climate.DustVeryHeavy
	g.env.EC = climate.ECDry
	if _, err := g.Do("call AOP RA 28K5"); err == nil {
		t.Error("the aircraft observes in Very Heavy Dust (11.731)")
	}
	g.env.Dust = climate.DustNone
	script(g, d10(6))
	evs := mustDoEvents(t, g, "call AOP RA 28K5")
	if rs := rollsOn(evs, combat.TableCallForFire); len(rs) != 1 || rs[0].Final != 7 {
		t.Fatalf("aircraft call rolls %+v: want TQ 0 + comms 1, final 7", rs)
	}
	if v := g.ViewAs(1); len(v.Aircraft) != 1 || len(v.Batteries) != 1 || v.Batteries[0].Aim != "28K5" {
		t.Errorf("the German view: aircraft %+v, batteries %+v: want the aircraft overhead and RA's aim point only", v.Aircraft, v.Batteries)
	}
}

// gunner is the British player of the whole-game test: it fires its
// batteries at the bir (RA called by O1, M1 by the aircraft), and once no
// German base is within 2 hexes of it, sends 1 Platoon in; otherwise it
// defers. The Germans only defer: the guns alone must clear the objective.
func gunner(g *Game, guns bool) string {
	legal := g.Legal()
	has := func(c string) bool { return slices.Contains(legal, c) }
	obj := g.objs[0].Hex
	held := false
	for _, b := range g.bases {
		if b.Unit.Side == 1 && b.Effective() && hexmap.Distance(b.Hex, obj) <= 2 {
			held = true
		}
	}
	if guns {
		for _, c := range []string{"ffe RA", "ffe M1", "range RA", "range M1"} {
			if has(c) {
				return c
			}
		}
		ra, _ := g.battery("RA", 0)
		m1, _ := g.battery("M1", 0)
		if !ra.Aimed && has("call O1 RA 28K5") {
			return "call O1 RA 28K5"
		}
		if !m1.Aimed && has("call AOP M1 28K5") {
			return "call AOP M1 28K5"
		}
	} else {
		held = false // without guns the platoon goes straight in
	}
	if !held {
		for _, id := range []string{"A1a", "A1b"} {
			b := g.baseIdx[id]
			if !b.Effective() || b.Acted || hexmap.Distance(b.Hex, obj) <= 1 {
				continue
			}
			best := ""
			for _, c := range legal {
				if f := strings.Fields(c); len(f) == 3 && f[0] == "move" && f[1] == id {
					h, _ := g.Map.Hex(f[2])
					if hexmap.Distance(h, obj) <= 1 && (best == "" || c < best) {
						best = c
					}
				}
			}
			if best != "" {
				return best
			}
		}
	}
	if has("end") {
		return "end"
	}
	return "defer"
}

// The whole game (issue 12): an observer's battery decides an objective.
// The British guns break 1 Zug on the bir, 1 Platoon walks in, and the
// Germans lose the bir's 2 markers and the platoon's 1 — their whole
// Break Point (16.11, 16.12). Without the guns the same British player,
// walking straight in, cannot take it: two bases against two, the holder
// keeps it (16.11), and the game is the Germans'.
func TestGameBatteryDecidesObjective(t *testing.T) {
	play := func(seed uint64, guns bool) *Game {
		g, err := New(artScn(t), seed)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2000 && !g.Over(); i++ {
			var c string
			switch {
			case g.phase == PhaseChallenge:
				c = "ready"
			case g.phase == PhaseFirst:
				c = "first allies"
			case g.actor == 1:
				c = "defer"
				if g.open != nil {
					c = "end"
				}
			default:
				c = gunner(g, guns)
			}
			mustDo(t, g, c)
		}
		return g
	}
	won := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g := play(seed, true)
		if g.winner != 0 {
			continue
		}
		won++
		if g.objs[0].Controller != 0 {
			t.Fatalf("seed %d: the British won without the bir: %s", seed, g.result)
		}
		ffe := 0
		for _, e := range g.events {
			if e.Roll != nil && e.Roll.Table == combat.TableAreaFire {
				ffe++
			}
		}
		if ffe == 0 {
			t.Fatalf("seed %d: won with no fire for effect", seed)
		}
		if n := play(seed, false); n.winner == 0 || n.objs[0].Controller == 0 {
			t.Fatalf("seed %d: without the guns the British still took the bir (%s)", seed, n.result)
		}
	}
	if won == 0 {
		t.Fatal("in 20 seeds the guns never decided the bir")
	}
	t.Logf("the guns decided the bir in %d of 20 seeds", won)
}

// §5 determinism with fire support: the same seed and players give the
// same hash, and the save replays to it command by command (the mission
// state machine included).
func TestGameArtillerySameSeedSameHash(t *testing.T) {
	fs := 0
	defer func() {
		if fs == 0 {
			t.Error("the random players gave no fire-support command: the test exercised nothing")
		}
	}()
	for seed := uint64(1); seed <= 3; seed++ {
		var h [2]string
		var g *Game
		for i := range h {
			var err error
			g, err = New(artScn(t), seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 7)}); err != nil {
				t.Fatal(err)
			}
			h[i] = g.Hash()
		}
		if h[0] != h[1] {
			t.Fatalf("seed %d: %s and %s", seed, h[0], h[1])
		}
		for _, c := range g.cmds {
			if v := strings.Fields(c)[0]; v == "call" || v == "range" || v == "ffe" || v == "adjust" {
				fs++
			}
		}
		sf, err := ParseSave("a.save", g.Save("testdata/artillery.toml"))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Replay(sf, artScn(t))
		if err != nil {
			t.Fatal(err)
		}
		if r.Hash() != h[0] {
			t.Fatalf("seed %d: the replay hashes %s, the game %s", seed, r.Hash(), h[0])
		}
	}
}

// FuzzArtilleryCommand: no fire-support command text panics the game,
// and a refused one leaves the state as it was, at each step of a
// mission (brief §5).
func FuzzArtilleryCommand(f *testing.F) {
	for _, s := range []string{"call O1 RA 28K5", "call AOP M1 28K5", "range RA", "ffe RA", "ffe RA smoke", "ffe M1 he", "adjust O1 RA 28M5",
		"call O1 RA 99Z9", "call O1 RA", "range", "ffe RA smoke extra", "adjust O1 RA 28K5", "call G1 RA 28K5", "call O1 G2 28K5", "range\tRA", "call O1 RA 28k5"} {
		f.Add(s, uint8(0))
	}
	games := [3]*Game{}
	fresh := func(t testing.TB, step uint8) *Game {
		g := artGame(t, 1)
		k5, _ := g.Map.Hex("28K5")
		switch step % 3 {
		case 1: // aim point placed
			bt, _ := g.battery("RA", 0)
			bt.Aimed, bt.Aim = true, k5
		case 2: // ranged
			bt, _ := g.battery("RA", 0)
			bt.Aimed, bt.Aim, bt.Ranged = true, k5, true
		}
		return g
	}
	for i := range games {
		games[i] = fresh(f, uint8(i))
	}
	f.Fuzz(func(t *testing.T, c string, step uint8) {
		g := games[step%3]
		before := g.Hash()
		n := len(g.cmds)
		if _, err := g.Do(c); err != nil {
			if g.Hash() != before || len(g.cmds) != n {
				t.Fatalf("refused %q changed the game", c)
			}
			return
		}
		games[step%3] = fresh(t, step)
	})
}

// Legal lists exactly the fire-support commands Do accepts: every listed
// call, adjust, range and ffe is accepted, and a sample of others (every
// hex for every observer and battery) is refused unless listed.
func TestGameArtilleryLegalMatchesDo(t *testing.T) {
	for step := 0; step < 3; step++ {
		g := artGame(t, 1)
		for g.turn < 2 {
			mustDo(t, g, "defer")
		}
		toActivations(t, g, "allies")
		g.smoke = append(g.smoke, hexOf(t, g, "28H5"), hexOf(t, g, "28K7"))
		g.gen++
		if step > 0 {
			ranged(t, g, "RA", "28K5").Ranged = step == 2
		}
		legal := map[string]bool{}
		for _, c := range g.Legal() {
			legal[c] = true
		}
		for _, o := range []string{"O1", "AOP", "A1"} {
			for _, bt := range []string{"RA", "M1"} {
				for _, h := range g.Map.Hexes() {
					for _, verb := range []string{"call", "adjust"} {
						c := verb + " " + o + " " + bt + " " + g.Label(h)
						_, err := g.parse(c)
						if (err == nil) != legal[c] {
							t.Fatalf("step %d: %q: parse error %v, listed %v", step, c, err, legal[c])
						}
					}
				}
			}
		}
		for _, c := range []string{"range RA", "range M1", "ffe RA", "ffe M1", "ffe RA smoke", "ffe M1 smoke"} {
			if _, err := g.parse(c); (err == nil) != legal[c] {
				t.Fatalf("step %d: %q: parse error %v, listed %v", step, c, err, legal[c])
			}
		}
	}
}

// BenchmarkFireForEffect: one FFE over the largest radius (more than 12
// rocket launchers: 40 cm = 8 hexes, 217 hexes) with every base of dawn
// (the largest scenario) inside it and hit, so every base's to-hit and
// save is thrown and applied (knock-outs, passengers, wrecks). Goal
// (issue 12): ≤ 1 ms. The morale tests that follow are timed apart
// (BenchmarkFireForEffectMorale): they are 12.5's, as after any fire.
func BenchmarkFireForEffect(b *testing.B) { benchFFE(b, false) }

// BenchmarkFireForEffectMorale is the same FFE with its morale tests
// (withdrawals search paths with engine/move).
func BenchmarkFireForEffectMorale(b *testing.B) { benchFFE(b, true) }

func benchFFE(b *testing.B, morale bool) {
	g, err := New(loadScn(b, "dawn"), 1)
	if err != nil {
		b.Fatal(err)
	}
	for g.phase != PhaseActivate {
		mustDo(b, g, g.Legal()[len(g.Legal())-1])
	}
	bt, _ := g.battery("RA", 0)
	bt.Guns, bt.Rockets, bt.TQ = 13, true, 9 // every base hit
	aim, _ := g.Map.Hex("30Q5")
	if r := g.FFERadius(bt); r != 8 {
		b.Fatalf("radius %d, want 8", r)
	}
	area := g.ffeArea(aim, 8)
	type saved struct {
		hex     hexmap.Hex
		carrier *Base
	}
	start := map[*Base]saved{}
	n := 0
	for _, x := range g.bases {
		if x.Unit.Arrives == 0 && x.Carrier == nil {
			x.Hex = area[n%len(area)] // every base on the map into the blast area
			n++
		}
		start[x] = saved{x.Hex, x.Carrier}
	}
	for _, u := range g.units {
		u.Contact = false
	}
	reset := func() {
		for x, s := range start {
			x.Hex, x.Carrier, x.Pinned, x.KO = s.hex, s.carrier, false, false
			if s.carrier != nil {
				x.Hex = start[s.carrier].hex
			}
		}
		for _, u := range g.units {
			u.Gone, u.Shaken, u.Weakened = "", false, false
		}
		g.events, g.wrecks = g.events[:0], nil
		g.dice = dice.New(uint64(len(start))) // a fresh log: a long game's roll log is not the FFE's cost
		g.gen++
	}
	saves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		reset()
		b.StartTimer()
		lost := g.ffeHits(bt, aim, 8, false)
		if morale {
			g.ffeMorale(lost)
		}
		b.StopTimer()
		for _, e := range g.events {
			if e.Roll != nil && strings.HasPrefix(e.Roll.Table, combat.TableShootingSave) {
				saves++
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(saves)/float64(b.N), "saves/op")
}

// BenchmarkLegalArt: the fire-support part of Legal in dawn at the
// start of turn 1 (an observer and two batteries a side: one call per
// hex each observer sees).
func BenchmarkLegalArt(b *testing.B) {
	g, err := New(loadScn(b, "dawn"), 1)
	if err != nil {
		b.Fatal(err)
	}
	for g.phase != PhaseActivate {
		mustDo(b, g, g.Legal()[len(g.Legal())-1])
	}
	l := &lister{g: g}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.out = l.out[:0]
		g.legalArt(g.actor, l)
	}
	b.ReportMetric(float64(len(l.out)), "commands")
}

// 8.41 and its example: a base knocked out in a sangar by OBA HE over
// 70 mm takes the sangar with it, whoever else is in the hex; at 70 mm or
// less, or when the save holds, the sangar stands.
func TestGameSangarBlown8_41(t *testing.T) {
	for _, tc := range []struct {
		name    string
		calibre int
		save    int // the save's d10
		gone    bool
	}{
		{"25-pdr (87 mm), knocked out", 87, 1, true},
		{"25-pdr (87 mm), the save holds", 87, 10, false},
		{"70 mm, knocked out", 70, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := artGame(t, 1)
			bt := ranged(t, g, "RA", "28K5")
			bt.CalibreMM = tc.calibre
			h := g.baseIdx["G1a"].Hex
			g.sangars = append(g.sangars, h)
			_ = g.replan()
			// G1a hit (5 + officer 1); its save; G1b missed; morale holds
			script(g, d10(5), d10(tc.save), d10(4), d10(10), d10(10))
			evs := mustDoEvents(t, g, "ffe RA")
			ko := g.baseIdx["G1a"].KO
			if ko != (tc.save == 1) {
				t.Fatalf("G1a knocked out %v after a save d10 of %d in the sangar; the case needs the other", ko, tc.save)
			}
			gone := !hexIn(g.sangars, h)
			if gone != tc.gone {
				t.Errorf("sangar gone %v, want %v (G1a knocked out %v)", gone, tc.gone, ko)
			}
			logged := false
			for _, e := range evs {
				logged = logged || e.Rule == "8.41"
			}
			if logged != tc.gone {
				t.Errorf("an 8.41 event logged %v, want %v", logged, tc.gone)
			}
		})
	}
}

// 10.24 at an observation aircraft: calling fire over 28K5 it meets the
// 2 cm Flak of a German unit on Challenge; hit, it takes the reaction test
// with its TQ for morale (our decision): it carries on and calls, is
// driven off until next turn, or is shot down — a lost unit for the
// Break Point Track (10.24).
func TestGameObservationAircraftMeetsAA10_24(t *testing.T) {
	flak, ok := artGame(t, 1).Cat.Type("de-20mm-flak38")
	if !ok {
		t.Fatal("no 2 cm Flak 38 in the catalogue")
	}
	for _, tc := range []struct {
		name     string
		reaction int // the reaction test's d10
		calls    bool
		gone     string
		back     bool // overhead again next turn
	}{
		{"presses on", 10, true, "", true},
		{"driven off", 5, false, "", true},
		{"shot down", 1, false, "shot down", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := artGame(t, 1)
			for g.turn == 1 {
				mustDo(t, g, "defer")
			}
			toActivations(t, g, "allies")
			g.baseIdx["G2a"].Type = flak
			g.unitIdx["G2"].Challenge = true
			g.gen++
			throws := []dice.Roll{d10(10), d10(tc.reaction)}
			if tc.calls {
				throws = append(throws, d10(6))
			}
			script(g, throws...)
			bp := g.BreakPoint(0)
			evs := mustDoEvents(t, g, "call AOP RA 28K5")
			if lost := bp - g.BreakPoint(0); lost != map[bool]int{true: 1, false: 0}[tc.gone != ""] {
				t.Errorf("10.24: the Break Point Track lost %d markers, want 1 only when shot down", lost)
			}
			if rs := rollsOn(evs, combat.TableAAReaction); len(rs) != 1 {
				t.Fatalf("%d reaction tests, want 1 (the Flak hit)", len(rs))
			}
			if called := len(rollsOn(evs, combat.TableCallForFire)) == 1; called != tc.calls {
				t.Errorf("the call was made %v, want %v", called, tc.calls)
			}
			a := g.aircraft("AOP", 0)
			if a.Gone != tc.gone {
				t.Errorf("aircraft gone %q, want %q", a.Gone, tc.gone)
			}
			if g.flying(a) != tc.calls {
				t.Errorf("overhead for the rest of the turn %v, want %v", g.flying(a), tc.calls)
			}
			if g.unitIdx["G2"].Challenge || !g.unitIdx["G2"].Activated {
				t.Error("the Flak's unit keeps its Challenge token after firing")
			}
			g.turn++
			if g.flying(a) != tc.back {
				t.Errorf("overhead next turn %v, want %v", g.flying(a), tc.back)
			}
		})
	}
}

// Area fire at the occupants of a bunker or Tobruk pit (10.15–.18 and the
// structure rows): +1 to hit, and the structure saves for them on column E
// (a damage marker, or destroyed with them), as for a direct hit.
func TestGameFFEOnBunker10_15(t *testing.T) {
	g := artGame(t, 1)
	bt := ranged(t, g, "RA", "28K5")
	o := g.baseIdx["G1a"]
	sh := &Structure{Hex: o.Hex, Kind: "tobruk", Owner: o.Unit.Side}
	g.def.Structures = append(g.def.Structures, sh)
	g.gen++
	save := g.AreaSave(bt, o)
	if !strings.HasPrefix(save.Table, combat.TableShootingSave+", column E") {
		t.Fatalf("the occupant's save is %s, want column E", save.Table)
	}
	// G1a hit (d10 5 + officer 1 + Tobruk pit 1); the pit's save in its
	// middle band → a damage marker; G1b missed; no morale test (nothing lost)
	script(g, d10(5), d10(faceFor(save, combat.Middle)), d10(4))
	evs := mustDoEvents(t, g, "ffe RA")
	hits := rollsOn(evs, combat.TableAreaFire)
	if len(hits) != 2 || !hasMod(hits[0], "target is a bunker or Tobruk pit", 1) || hasMod(hits[1], "target is a bunker or Tobruk pit", 1) {
		t.Fatalf("area-fire rolls %+v: want +1 on G1a only", hits)
	}
	if sh.Damage != 1 || o.KO {
		t.Errorf("after a middle-band save: damage %d (want 1), G1a knocked out %v", sh.Damage, o.KO)
	}
}

// §10.15–.18's command vehicle or bunker: an observer calling from a bunker
// its side holds gets the +1 (once); from a Tobruk pit it does not.
func TestGameCallFromBunker10_15(t *testing.T) {
	for _, kind := range []string{"bunker", "tobruk"} {
		g := artGame(t, 1)
		o := g.baseIdx["O1a"]
		g.def.Structures = append(g.def.Structures, &Structure{Hex: o.Hex, Kind: kind, Owner: o.Unit.Side})
		g.gen++
		var cmd string
		for _, c := range g.Legal() {
			if strings.HasPrefix(c, "call O1 RA ") {
				cmd = c
				break
			}
		}
		if cmd == "" {
			t.Fatal("O1 cannot call RA")
		}
		script(g, d10(5))
		evs := mustDoEvents(t, g, cmd)
		rs := rollsOn(evs, combat.TableCallForFire)
		if len(rs) != 1 {
			t.Fatalf("%d calls rolled", len(rs))
		}
		if got, want := hasMod(rs[0], "command vehicle or bunker", 1), kind == "bunker"; got != want {
			t.Errorf("calling from a %s: +1 listed %v, want %v (%+v)", kind, got, want, rs[0].Mods)
		}
	}
}

// 8.1: a base in one of the scenario's sangars is entrenched as one dug
// in, and its side's view says so ("in-sangar"); a base outside one
// (the Major at 30H5, a Valentine) is not. Dawn's sangars hold 7 and 8
// Platoons' sections (30J4, 30K4, …).
func TestViewSaysInSangar8_1(t *testing.T) {
	g := dawnGame(t)
	allies, _ := g.SideIndex("allies")
	status := map[string][]string{}
	for _, b := range g.Observe(allies).View().Bases {
		status[b.ID] = b.Status
	}
	for id, want := range map[string]bool{"A3a": true, "A3b": true, "A4c": true, "A1a": false, "A12a": false} {
		b := g.baseIdx[id]
		if got := slices.Contains(status[id], "in-sangar"); got != want {
			t.Errorf("%s in %s (fort %v): in-sangar %v, want %v (status %v)", id, g.Label(b.Hex), g.FortAt(b.Hex), got, want, status[id])
		}
	}
}

// 8.1, F.1A, 7.42: the scenario's sangars, trenches and foxholes are
// works both sides see (the view's forts, as its bunkers): dawn's six
// sangars on the stony face are in both views, the umpire's too; after
// one is blown (8.41) it is gone from them.
func TestViewListsForts8_1(t *testing.T) {
	g := dawnGame(t)
	want := []FortView{}
	for _, c := range g.Scn.Counters {
		if c.Kind == "sangar" {
			want = append(want, FortView{Hex: c.Hex, Kind: "sangar"})
		}
	}
	if len(want) != 6 {
		t.Fatalf("dawn has %d sangar counters, want 6", len(want))
	}
	for side := -1; side < 2; side++ {
		if got := g.ViewAs(side).Forts; !slices.Equal(got, want) {
			t.Errorf("side %d sees forts %v, want %v", side, got, want)
		}
	}
	g.sangars = g.sangars[1:] // as 8.41's blown sangar leaves the list
	if got := g.ViewAs(0).Forts; len(got) != 5 || slices.Contains(got, want[0]) {
		t.Errorf("after %s is blown: %v", want[0].Hex, got)
	}
}
