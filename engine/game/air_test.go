package game

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// airGame is testdata/air.toml at its first activation, side first to
// act, the British Bofors troop A4 on Challenge when aa is true.
func airGame(t testing.TB, seed uint64, aa bool, first string) *Game {
	t.Helper()
	g, err := New(loadScn(t, "testdata/air.toml"), seed)
	if err != nil {
		t.Fatal(err)
	}
	for g.phase == PhaseChallenge {
		if aa && g.actor == 0 && !g.unitIdx["A4"].Challenge {
			mustDo(t, g, "challenge A4")
		}
		mustDo(t, g, "ready")
	}
	mustDo(t, g, "first "+first)
	return g
}

func d10(n int) dice.Roll { return dice.Throw(dice.D10, n, 0) }
func d6(n int) dice.Roll  { return dice.Throw(dice.DR1, n, 0) }

// rollOf finds the logged roll whose text contains what.
func rollOf(t *testing.T, evs []Event, what string) *Roll {
	t.Helper()
	for _, e := range evs {
		if e.Roll != nil && strings.Contains(e.Text, what) {
			return e.Roll
		}
	}
	t.Fatalf("no roll %q in %v", what, evs)
	return nil
}

func modOf(r *Roll, what string) (int, bool) {
	for _, m := range r.Mods {
		if m.What == what {
			return m.N, true
		}
	}
	return 0, false
}

func hasText(evs []Event, s string) bool {
	return slices.ContainsFunc(evs, func(e Event) bool { return strings.Contains(e.Text, s) })
}

// 14.9 Designating an Air Attack Target: ± the FAC's TQ, the sortie's
// communications modifier, +1 in a command vehicle; 6 or more places the
// Designated Target Token, which gives +2 on the sortie's accuracy. The
// designation is an activation of the FAC unit and spends an Order.
func TestGameAirDesignate14_9(t *testing.T) {
	for _, tc := range []struct {
		name     string
		die      int
		comms    int
		vehicle  bool
		want     bool
		wantMods map[string]int
	}{
		{"success at 6", 5, 0, false, true, map[string]int{"TQ": 1}},
		{"failure at 5", 4, 0, false, false, map[string]int{"TQ": 1}},
		{"poor communications", 5, -2, false, false, map[string]int{"TQ": 1, "communications": -2}},
		{"good communications", 3, 2, false, true, map[string]int{"TQ": 1, "communications": 2}},
		{"command vehicle", 4, 0, true, true, map[string]int{"TQ": 1, "command vehicle or bunker": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := airGame(t, 1, false, "axis")
			s, _ := g.sortie("S1", 1)
			s.Comms = tc.comms
			fac := g.baseIdx["G5a"]
			if tc.vehicle {
				fac.Hex, fac.Carrier = g.baseIdx["G2a"].Hex, g.baseIdx["G2a"]
				g.gen++
			}
			orders := g.ordersLeft(1)
			g.dice = dice.Scripted(d10(tc.die))
			evs, err := g.Do("designate G5 S1 28C5")
			if err != nil {
				t.Fatal(err)
			}
			r := rollOf(t, evs, "designates 28C5 for S1")
			for what, n := range tc.wantMods {
				if got, ok := modOf(r, what); !ok || got != n {
					t.Errorf("modifier %s: %+d, want %+d (%v)", what, got, n, r.Mods)
				}
			}
			if len(r.Mods) != len(tc.wantMods) {
				t.Errorf("modifiers %v, want %v", r.Mods, tc.wantMods)
			}
			if got := s.Target != nil; got != tc.want {
				t.Errorf("token placed %v, want %v", got, tc.want)
			}
			if g.ordersLeft(1) != orders-1 || !g.unitIdx["G5"].Activated || g.actor != 0 {
				t.Errorf("orders %d (was %d), G5 activated %v, actor %d", g.ordersLeft(1), orders, g.unitIdx["G5"].Activated, g.actor)
			}
		})
	}
}

// 14.9: only an observer unit designates, only a hex its observer sees
// (SMOKE blocks, Note 3), only for its own sortie that is over the
// battlefield; a refused command leaves the game as it was.
func TestGameAirRefusals14_9(t *testing.T) {
	g := airGame(t, 1, false, "axis")
	smoke := hexOf(t, g, "28F5")
	for _, tc := range []struct{ cmd, want string }{
		{"designate G1 S1 28C5", "no observer base"},
		{"designate G5 S2 28C5", "no sortie \"S2\""},
		{"designate G5 S1 28ZZ5", "designate G5"},
		{"designate G5 S1", "usage"},
		{"strike S2 28K5", "no sortie \"S2\" of Afrika Korps"},
		{"strike S1", "usage"},
		{"strike S1 99A1", "strike S1"},
		{"designate G5 S1 28C5 smoke", "usage"},
	} {
		h := g.Hash()
		if _, err := g.Do(tc.cmd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.cmd, err, tc.want)
		}
		if g.Hash() != h {
			t.Errorf("%s changed the game", tc.cmd)
		}
	}
	g.smoke = append(g.smoke, smoke)
	g.gen++
	if _, err := g.Do("designate G5 S1 28C5"); err == nil || !strings.Contains(err.Error(), "cannot see 28C5") {
		t.Errorf("designation through smoke: %v", err)
	}
	if slices.Contains(g.Legal(), "designate G5 S1 28C5") {
		t.Error("Legal lists a designation through smoke")
	}
	// The British: S3 is due on turn 2 (7.1 step 7).
	g.actor = 0
	if _, err := g.Do("strike S3 28K5"); err == nil || !strings.Contains(err.Error(), "turn 2") {
		t.Errorf("strike by a sortie due on turn 2: %v", err)
	}
}

// 14.9 Accuracy of an Air Attack: ± the aircraft's TQ, +2 on its
// Designated Target Token; below 6 the attack strays a Random Direction d6
// × 5 cm (d6 hexes) and resolves where it lands, or nowhere off the map.
func TestGameAirAccuracy14_9(t *testing.T) {
	t.Run("designated and accurate", func(t *testing.T) {
		g := airGame(t, 1, false, "axis")
		g.dice = dice.Scripted(d10(5))
		mustDo(t, g, "designate G5 S1 28C5", "defer")
		// accuracy 3 +1 TQ +2 token = 6; then four misses (2 aircraft × 2 bases).
		g.dice = dice.Scripted(d10(3), d10(1), d10(1), d10(1), d10(1))
		evs, err := g.Do("strike S1 28C5")
		if err != nil {
			t.Fatal(err)
		}
		r := rollOf(t, evs, "S1 accuracy")
		if n, ok := modOf(r, "designated target"); !ok || n != 2 || r.Final != 6 || r.Result != "the attack is resolved" {
			t.Errorf("accuracy roll %+v", r)
		}
		if n := strings.Count(eventsText(evs), "to hit A1a"); n != 2 {
			t.Errorf("%d attacks on A1a, want one per aircraft (2)", n)
		}
		if !hasText(evs, "to hit A3a") {
			t.Error("the officer in the hex was not attacked")
		}
		if s, _ := g.sortie("S1", 1); s.Done != "attacked" || g.actor != 0 {
			t.Errorf("after the strike: %q, actor %d", s.Done, g.actor)
		}
		if _, err := g.Do("defer"); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Do("strike S1 28C6"); err == nil || !strings.Contains(err.Error(), "attacked") {
			t.Errorf("a second strike: %v", err)
		}
	})
	t.Run("inaccurate strays", func(t *testing.T) {
		g := airGame(t, 1, false, "axis")
		from := hexOf(t, g, "28C5")
		to := from
		for i := 0; i < 3; i++ {
			to = to.Neighbor(hexmap.Dir(2))
		}
		g.dice = dice.Scripted(d10(4), d6(3), d6(3)) // 4 + 1 = 5: inaccurate; SE, 3 hexes
		evs, err := g.Do("strike S1 28C5")
		if err != nil {
			t.Fatal(err)
		}
		if !hasText(evs, "falls on "+g.Label(to)) || hasText(evs, "to hit") {
			t.Errorf("want the attack on empty %s:\n%s", g.Label(to), eventsText(evs))
		}
	})
	t.Run("off the map", func(t *testing.T) {
		g := airGame(t, 1, false, "axis")
		g.dice = dice.Scripted(d10(1), d6(5), d6(6)) // SW 6 hexes from 28C5
		evs, err := g.Do("strike S1 28C5")
		if err != nil {
			t.Fatal(err)
		}
		if !hasText(evs, "off the map: no effect") {
			t.Errorf("want the attack off the map:\n%s", eventsText(evs))
		}
	})
}

func eventsText(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// 14.9 To Hit with an Air Attack (± TQ, −2 rockets) with the desert's
// aerial DRM (11.622: intense heat haze +2 at mid-morning in June, any
// range), then the Shooting Saving Throw: bombs' HE# against every
// column, armour's side value against close air support (seed 002's save
// table); a knocked-out tank leaves a wreck.
func TestGameAirHitAndSave14_9(t *testing.T) {
	g := airGame(t, 1, false, "axis")
	// accuracy 10; aircraft 1 hits the Crusader (10 +1 −2 = 9), its save 1.
	g.dice = dice.Scripted(d10(10), d10(10), d10(1))
	evs, err := g.Do("strike S1 28B5")
	if err != nil {
		t.Fatal(err)
	}
	hit := rollOf(t, evs, "aircraft 1 of 2 to hit A2a")
	if n, _ := modOf(hit, "TQ"); n != 1 {
		t.Errorf("to-hit TQ %+d, want +1", n)
	}
	if n, _ := modOf(hit, "heat-haze"); n != -2 {
		t.Errorf("to-hit heat haze %+d, want −2 (11.622, intense): %v", n, hit.Mods)
	}
	save := rollOf(t, evs, "A2a saves")
	crusader := g.baseIdx["A2a"].Type
	if n, _ := modOf(save, "armour"); n != crusader.ArmourSide {
		t.Errorf("save armour %+d, want the side armour %d", n, crusader.ArmourSide)
	}
	if n, _ := modOf(save, "HE#"); n != -7 {
		t.Errorf("save HE# %+d, want −7 (Ju 87B bombs)", n)
	}
	if !g.baseIdx["A2a"].KO || len(g.wrecks) != 1 || hasText(evs, "aircraft 2 of 2 to hit A2a") {
		t.Errorf("A2a KO %v, wrecks %d; a knocked-out base is not attacked again", g.baseIdx["A2a"].KO, len(g.wrecks))
	}
	// Rockets: −2 to hit; against armour the rockets' PEN (British S2).
	g2 := airGame(t, 1, false, "allies")
	g2.dice = dice.Scripted(d10(10), d10(10), d10(10))
	evs, err = g2.Do("strike S2 28L5")
	if err != nil {
		t.Fatal(err)
	}
	hit = rollOf(t, evs, "to hit G2a")
	if n, _ := modOf(hit, "rockets"); n != -2 {
		t.Errorf("rockets %+d, want −2: %v", n, hit.Mods)
	}
	save = rollOf(t, evs, "G2a saves")
	if n, _ := modOf(save, "PEN"); n != -6 {
		t.Errorf("rocket PEN %+d, want −6: %v", n, save.Mods)
	}
}

// 10.24: units on Challenge with an AAF fire at the sortie (TQ, direct
// fire's range and LOS; SMOKE blocks the line to an aircraft, Note 3); a
// hit sends the sortie to the reaction test, ± its morale − the highest
// AAF that hit: 6+ proceeds, 2–5 driven off until the end of the turn, 1
// or less destroyed, not a lost unit.
func TestGameAAFire10_24(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rolls  []dice.Roll
		done   string
		due    int
		attack bool
	}{
		// A4a hits (6), A4b misses; reaction d10 8 +1 −3 = 6.
		{"proceeds", []dice.Roll{d10(6), d10(1), d10(8), d10(1), d6(5), d6(6)}, "attacked", 1, true},
		{"driven off", []dice.Roll{d10(6), d10(1), d10(4)}, "", 2, false},
		{"destroyed", []dice.Roll{d10(1), d10(7), d10(3)}, "destroyed", 1, false},
		{"both miss", []dice.Roll{d10(5), d10(2), d10(1), d6(5), d6(6)}, "attacked", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := airGame(t, 1, true, "axis")
			bp := g.BreakPoint(1)
			g.dice = dice.Scripted(tc.rolls...)
			evs, err := g.Do("strike S1 28C5")
			if err != nil {
				t.Fatal(err)
			}
			s, _ := g.sortie("S1", 1)
			if s.Done != tc.done || s.Due != tc.due || hasText(evs, "S1 accuracy") != tc.attack {
				t.Errorf("done %q due %d attacked %v, want %q %d %v\n%s", s.Done, s.Due, hasText(evs, "S1 accuracy"), tc.done, tc.due, tc.attack, eventsText(evs))
			}
			if a4 := g.unitIdx["A4"]; a4.Challenge || !a4.Activated {
				t.Errorf("A4 still on Challenge %v, activated %v", a4.Challenge, a4.Activated)
			}
			if r := rollOf(t, evs, "A4a (AAF 3) fires at S1"); len(r.Mods) != 1 || r.Mods[0].What != "TQ" {
				t.Errorf("AA fire modifiers %v: TQ only (no heat haze against an aerial target, 11.62)", r.Mods)
			}
			if tc.name != "both miss" {
				r := rollOf(t, evs, "S1 reaction")
				if m, _ := modOf(r, "highest AAF"); m != -3 {
					t.Errorf("reaction AAF %+d, want −3", m)
				}
			} else if hasText(evs, "S1 reaction") {
				t.Error("a reaction test without a hit")
			}
			if g.BreakPoint(1) != bp {
				t.Errorf("break point %d → %d: a sortie is not a unit", bp, g.BreakPoint(1))
			}
		})
	}
	t.Run("driven off comes back next turn", func(t *testing.T) {
		g := airGame(t, 1, true, "axis")
		g.dice = dice.Scripted(d10(6), d10(1), d10(4))
		mustDo(t, g, "strike S1 28C5")
		g.dice = dice.New(5)
		if _, err := g.Do("defer"); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Do("strike S1 28C5"); err == nil || !strings.Contains(err.Error(), "turn 2") {
			t.Errorf("strike again in the same turn: %v", err)
		}
		for g.turn == 1 {
			mustDo(t, g, "defer")
		}
		openActivations(t, g, "", "axis")
		if !slices.Contains(g.Legal(), "strike S1 28C5") {
			t.Errorf("turn 2: S1 is not back: %v", g.Legal()[:5])
		}
	})
	t.Run("smoke and range", func(t *testing.T) {
		g := airGame(t, 1, true, "axis")
		g.smoke = append(g.smoke, g.baseIdx["A4a"].Hex)
		g.gen++
		if why := g.canAA(g.baseIdx["A4a"], hexOf(t, g, "28K5")); !strings.Contains(why, "smoke") {
			t.Errorf("AA through smoke: %q", why)
		}
		if why := g.canAA(g.baseIdx["A4b"], hexOf(t, g, "28K5")); why != "" {
			t.Errorf("A4b at 7 hexes: %q", why)
		}
		far := g.baseIdx["A4b"].Hex
		for i := 0; i < 15; i++ {
			far = far.Neighbor(hexmap.Dir(2))
		}
		if why := g.canAA(g.baseIdx["A4b"], far); why != "out of range" {
			t.Errorf("AA at 15 hexes (Bofors 70 cm = 14): %q", why)
		}
		if why := g.canAA(g.baseIdx["A1a"], hexOf(t, g, "28K5")); why != "no AAF" {
			t.Errorf("riflemen: %q", why)
		}
	})
}

// 11.731: no attack by or against an aerial unit in Very Heavy Dust (or
// Extremely Heavy, treated the same); Heavy Dust still allows it.
func TestGameAirVeryHeavyDust11_731(t *testing.T) {
	for _, tc := range []struct {
		dust climate.Dust
		ok   bool
	}{{climate.DustHeavy, true}, {climate.DustVeryHeavy, false}, {climate.DustExtremelyHeavy, false}} {
		g := airGame(t, 1, false, "axis")
		g.env.EC, g.env.Dust = climate.ECVeryDry, tc.dust
		g.gen++
		if climate.Assess(g.env).Dust != tc.dust {
			t.Fatalf("dust %v not in force", tc.dust)
		}
		h := g.Hash()
		_, err := g.parse("strike S1 28C5")
		if (err == nil) != tc.ok || (!tc.ok && !strings.Contains(err.Error(), "11.731")) {
			t.Errorf("%v dust: %v", tc.dust, err)
		}
		if slices.Contains(g.Legal(), "strike S1 28C5") != tc.ok || g.Hash() != h {
			t.Errorf("%v dust: Legal lists the strike: %v", tc.dust, !tc.ok)
		}
	}
}

// 11.62's aerial exceptions and 11.611: heat haze adds +1 (+2 intense) to
// an aerial unit's ground attack whatever the range (11.622) but nothing
// to fire at an aerial target (11.62's EXC); sun blindness never applies
// when the firer or the target is aerial (11.611).
func TestGameAirHeatHazeSunBlindness11_62(t *testing.T) {
	g := airGame(t, 1, false, "axis")
	s, _ := g.sortie("S1", 1)
	tank := g.baseIdx["A2a"]
	for _, tc := range []struct {
		time climate.TimeOfDay
		want int
	}{{climate.MidMorning, 2}, {climate.MidAfternoon, 1}, {climate.Night, 0}} {
		g.env.Time = tc.time
		got := 0
		for _, h := range g.airAnswer(s, tank).Hindrances {
			if h.Kind == "heat-haze" {
				got += h.DRM
				if h.Rule != "11.622" {
					t.Errorf("%v: heat haze under %s, want 11.622", tc.time, h.Rule)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%v: aerial heat haze %+d, want %+d", tc.time, got, tc.want)
		}
	}
	// AA fire at 13 hexes in intense haze: none; a ground shot at that
	// range would pay it.
	g.env.Time = climate.MidMorning
	aa := g.baseIdx["A4a"]
	far := aa.Hex
	for i := 0; i < 13; i++ {
		far = far.Neighbor(hexmap.Dir(2))
	}
	if mods := g.aaHindrances(aa, far); len(mods) != 0 {
		t.Errorf("AA fire in heat haze: %v", mods)
	}
	if climate.Total(climate.DRMs(g.env, climate.Attack{Kind: climate.OrdnanceTH, From: aa.Hex, To: far})) == 0 {
		t.Fatal("the ground shot pays no heat haze: the comparison proves nothing")
	}
	// Early morning: a shot east pays +2 sun blindness; AA fire does not.
	g.env.Time = climate.EarlyMorning
	east := aa.Hex
	for i := 0; i < 4; i++ {
		east = east.Neighbor(hexmap.Dir(2))
	}
	ground := climate.DRMs(g.env, climate.Attack{Kind: climate.OrdnanceTH, From: aa.Hex, To: east})
	if !slices.ContainsFunc(ground, func(h climate.Hindrance) bool { return h.Kind == "sun-blindness" }) {
		t.Fatal("no sun blindness on this line: the comparison proves nothing")
	}
	for _, m := range g.aaHindrances(aa, east) {
		if strings.HasPrefix(m.Rule, "11.61") {
			t.Errorf("AA fire blinded by the sun: %v", m)
		}
	}
	for _, h := range g.airAnswer(s, tank).Hindrances {
		if h.Kind == "sun-blindness" {
			t.Errorf("an air attack blinded by the sun: %v", h)
		}
	}
}

// §6A: an air attack on a hex holding a hidden unit tells its owner what
// happened and the attacker nothing more than where its bombs fell.
func TestGameAirHiddenTargets(t *testing.T) {
	g := airGame(t, 1, false, "allies")
	// accuracy 10; the rocket hits G4a (10 +0 −2 −2), its save 1: knocked out.
	g.dice = dice.Scripted(d10(10), d10(10), d10(1))
	mustDo(t, g, "strike S2 28O5")
	if !g.baseIdx["G4a"].KO {
		t.Fatal("G4a should be knocked out")
	}
	for _, e := range g.EventsFor(0) {
		if strings.Contains(e.Text, "G4") {
			t.Errorf("the British log tells of the hidden unit: %s", e.Text)
		}
	}
	if !hasText(g.EventsFor(1), "G4a saves") || !hasText(g.EventsFor(0), "come down on 28O5") {
		t.Error("the German log misses its own loss, or the British one where the rockets fell")
	}
	// A hex with nothing the attacker knows of is refused, and the refusal
	// is the same whether or not a hidden enemy is there.
	g2 := airGame(t, 1, false, "allies")
	g2.unitIdx["G4"].Contact = false                   // deployed,
	g2.smoke = append(g2.smoke, g2.baseIdx["G4a"].Hex) // and hidden in smoke (Note 3)
	g2.gen++
	if g2.visibleTo(0, g2.baseIdx["G4a"]) {
		t.Fatal("G4a is in British sight")
	}
	_, errHidden := g2.Do("strike S2 28O5")
	_, errEmpty := g2.Do("strike S2 28O7")
	if errHidden == nil || errEmpty == nil || strings.ReplaceAll(errHidden.Error(), "28O5", "28O7") != errEmpty.Error() {
		t.Errorf("refusals differ or are missing: %v / %v", errHidden, errEmpty)
	}
}

// 7.1 steps 6–7: a sortie due on turn N arrives at the end of turn N−1
// (told only to its side), may attack in turn N, and goes home unused at
// its end; Close Air Support gives no Orders (7.2) and the enemy learns
// of a sortie only when it appears.
func TestGameAirArrival7_1(t *testing.T) {
	g := airGame(t, 1, false, "allies")
	if v := g.ViewAs(1); len(v.Air) != 1 || v.Air[0].ID != "S1" {
		t.Errorf("the German view shows %v, want its own S1 only", v.Air)
	}
	if v := g.ViewAs(0); len(v.Air) != 2 || v.Air[1].Status != "waiting" {
		t.Errorf("the British view: %v", v.Air)
	}
	for g.turn == 1 {
		mustDo(t, g, "defer")
	}
	s2, _ := g.sortie("S2", 0)
	s3, _ := g.sortie("S3", 0)
	if s2.Done != "returned" || !s3.Ready(2) {
		t.Errorf("after turn 1: S2 %q, S3 ready %v", s2.Done, s3.Ready(2))
	}
	if !hasText(g.EventsFor(0), "Curtiss Kittyhawk I fighter-bomber, bombs) arrives") || hasText(g.EventsFor(1), "Kittyhawk") {
		t.Error("the arrival is told to the wrong side")
	}
	openActivations(t, g, "", "allies")
	if !slices.Contains(g.Legal(), "strike S3 28K5") || slices.Contains(g.Legal(), "strike S2 28K5") {
		t.Errorf("turn 2 strikes: %v", g.Legal()[:6])
	}
}

// Close Air Support met by AA in a whole game (10.24, 14.9): the Bofors
// troop on Challenge fires at the Stukas called in by the German FAC,
// then the game plays to its end; the same seed and commands give the
// same hash, and a save replays to it (brief §5).
func TestGameAirSortieMetByAA(t *testing.T) {
	play := func() *Game {
		g := airGame(t, 7, true, "axis")
		mustDo(t, g, "designate G5 S1 28D5", "defer", "strike S1 28D5")
		if err := g.Play([2]Player{NewRandomPlayer(3), NewRandomPlayer(4)}); err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := play()
	if !g.Over() {
		t.Fatal("the game did not end")
	}
	log := eventsText(g.events)
	for _, want := range []string{"designates 28D5 for S1", "A4 fires on S1 from Challenge", "A4a (AAF 3) fires at S1"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	s, _ := g.sortie("S1", 1)
	if s.Done == "" {
		t.Errorf("S1 neither attacked nor was destroyed: %q", s.Done)
	}
	if h := play().Hash(); h != g.Hash() {
		t.Errorf("same seed and commands: %s and %s", h, g.Hash())
	}
	sf, err := ParseSave("air.save", g.Save("testdata/air.toml"))
	if err != nil {
		t.Fatal(err)
	}
	re, err := Replay(sf, loadScn(t, "testdata/air.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if re.Hash() != g.Hash() {
		t.Errorf("replayed %s, played %s", re.Hash(), g.Hash())
	}
}

// FuzzAirCommand: no command text panics a game with sorties, FAC and AA
// on the map, and a refused one leaves the state as it was (brief §5).
func FuzzAirCommand(f *testing.F) {
	for _, s := range []string{"strike S1 28C5", "designate G5 S1 28C5", "strike S1 28ZZ5", "designate G5 S2 28C5", "strike S3 28K5",
		"strike", "designate G5", "strike S1 28C5 x", "STRIKE s1 28c5", "designate A4 S1 28C5", "defer"} {
		f.Add(s)
	}
	g := airGame(f, 1, true, "axis")
	f.Fuzz(func(t *testing.T, c string) {
		before := g.Hash()
		n := len(g.cmds)
		if _, err := g.Do(c); err != nil {
			if g.Hash() != before || len(g.cmds) != n {
				t.Fatalf("refused %q changed the game", c)
			}
			return
		}
		g = airGame(t, 1, true, "axis")
	})
}

// 14.9 Accuracy's wood rows on the desert map: −2 when the attack's hex is
// a wood (woods, orchards, olive groves), −1 within 2 hexes (10 cm) of one
// but outside. Board 25 (escarpment) has them.
func TestGameAirWoods14_9(t *testing.T) {
	g, err := New(loadScn(t, "escarpment"), 1)
	if err != nil {
		t.Fatal(err)
	}
	empty := func(h hexmap.Hex) bool {
		return !slices.ContainsFunc(g.bases, func(b *Base) bool { return b.Hex == h && b.Effective() })
	}
	isWood := func(h hexmap.Hex) bool { in, _ := g.woodsAt(h); return in }
	var wood, near, clear *hexmap.Hex
	for _, h := range g.Map.Hexes() {
		h := h
		in, nr := g.woodsAt(h)
		switch {
		case in && wood == nil && empty(h):
			wood = &h
		case nr && near == nil && empty(h):
			near = &h
		case !in && !nr && clear == nil && empty(h):
			clear = &h
		}
	}
	if wood == nil || near == nil || clear == nil {
		t.Fatalf("board 25: wood %v, near %v, clear %v", wood, near, clear)
	}
	if n := slices.IndexFunc(hexmap.Within(*near, 2), func(x hexmap.Hex) bool { return g.Map.Contains(x) && isWood(x) }); n < 0 {
		t.Errorf("%s reads as near a wood with none within 2 hexes", g.Label(*near))
	}
	ju87, _ := g.Cat.AircraftType("de-ju87b")
	for _, tc := range []struct {
		h    hexmap.Hex
		what string
		n    int
	}{{*wood, "in a wood", -2}, {*near, "within 2 hexes of a wood", -1}, {*clear, "", 0}} {
		s := &Sortie{ID: "T", Side: 1, Type: ju87, Number: 1, Ordnance: "bombs", Due: g.turn}
		g.air.Sorties = []*Sortie{s}
		g.dice = dice.Scripted(d10(10))
		first := len(g.events)
		g.strike(s, tc.h)
		r := rollOf(t, g.events[first:], "T accuracy")
		got, ok := 0, false
		for _, m := range r.Mods {
			if strings.Contains(m.What, "wood") {
				got, ok = m.N, m.What == tc.what
			}
		}
		if got != tc.n || (tc.n != 0 && !ok) {
			t.Errorf("%s: wood modifier %+d, want %s %+d (%v)", g.Label(tc.h), got, tc.what, tc.n, r.Mods)
		}
	}
}
