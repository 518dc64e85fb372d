package game

import (
	"fmt"
	"strings"
	"testing"

	"khamsin/engine/scenario"
)

// The shipped encounter (scenarios/encounter.toml) is the proof of the
// encounter and desert victory point logic (issue 20): no other shipped
// scenario is an encounter or counts DVP.

// encounterScn loads the shipped encounter, or a copy changed by edit.
func encounterScn(t testing.TB, edit func(s *scenario.Scenario)) *scenario.Scenario {
	t.Helper()
	s := loadScn(t, "encounter")
	if s.Type != scenario.Encounter || s.Attacker != "" || !s.DVP {
		t.Fatalf("encounter.toml: type %q, attacker %q, dvp %v: want an encounter with DVP", s.Type, s.Attacker, s.DVP)
	}
	if edit != nil {
		c := *s
		edit(&c)
		s = &c
	}
	return s
}

// dvpByHand is F.3 counted from the final state: the DVP of the enemy's
// guns and vehicles knocked out or captured.
func dvpByHand(g *Game, si int) int {
	n := 0
	for _, u := range g.units {
		if u.Side == si {
			continue
		}
		for _, b := range u.Bases {
			if b.KO || u.Gone == "surrendered" {
				n += b.Type.DVP
			}
		}
	}
	return n
}

// 4.6 and the scenario's brief: both sides start with hidden units, and
// each keeps something in plain view.
func TestEncounterHiddenUnitsBothSides4_6(t *testing.T) {
	g, err := New(encounterScn(t, nil), 1)
	if err != nil {
		t.Fatal(err)
	}
	var hidden, shown [2]int
	for _, u := range g.units {
		if u.Contact {
			hidden[u.Side]++
		} else {
			shown[u.Side]++
		}
	}
	for si := 0; si < 2; si++ {
		if hidden[si] == 0 || shown[si] == 0 {
			t.Errorf("side %d: %d units hidden, %d shown; want both", si, hidden[si], shown[si])
		}
	}
}

// 7.1 step 10 and F.3, through play: an encounter that reaches the end of
// its last turn with neither side broken goes to the side with more
// desert victory points, counted as F.3 says (enemy guns and vehicles
// knocked out or captured), and is drawn on equal points. The same games
// without DVP are draws, and as an all-out attack they go to the
// defender: the type decides, not the play (the same seed plays the same
// commands, since random players read neither).
func TestEncounterEndsOnDVP7_1_10_F3(t *testing.T) {
	enc := encounterScn(t, nil)
	noDVP := encounterScn(t, func(s *scenario.Scenario) { s.DVP = false })
	attack := encounterScn(t, func(s *scenario.Scenario) { s.Type, s.Attacker = scenario.AllOutAttack, "axis" })
	play := func(s *scenario.Scenario, seed uint64) *Game {
		g, err := New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)}); err != nil {
			t.Fatal(err)
		}
		return g
	}
	byTime, decided, level := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g := play(enc, seed)
		if !g.Over() {
			t.Fatalf("seed %d: not over", seed)
		}
		if g.BreakPoint(0) <= 0 || g.BreakPoint(1) <= 0 || g.turn < enc.TurnLimit() {
			continue // ended by a Break Point (16.12): TestEncounterBreakPoint16_12
		}
		byTime++
		a, b := g.DVPScored(0), g.DVPScored(1)
		if a != dvpByHand(g, 0) || b != dvpByHand(g, 1) {
			t.Errorf("seed %d: DVP %d/%d, by hand %d/%d (F.3)", seed, a, b, dvpByHand(g, 0), dvpByHand(g, 1))
		}
		want, words := -1, "draw: neither side broke"
		switch {
		case a > b:
			want, words = 0, fmt.Sprintf("wins on desert victory points, %d to %d (F.3)", a, b)
		case b > a:
			want, words = 1, fmt.Sprintf("wins on desert victory points, %d to %d (F.3)", b, a)
		}
		if a != b {
			decided++
		} else {
			level++
		}
		if g.winner != want || !strings.Contains(g.result, words) {
			t.Errorf("seed %d: DVP %d to %d: winner %d %q, want %d %q", seed, a, b, g.winner, g.result, want, words)
		}
		// Without DVP the same game is a draw (7.1 step 10: an encounter
		// with no victor); as an all-out attack the defender wins.
		if h := play(noDVP, seed); strings.Join(h.cmds, "\n") != strings.Join(g.cmds, "\n") || h.winner != -1 || !strings.HasPrefix(h.result, "draw: neither side broke") {
			t.Errorf("seed %d without DVP: winner %d %q, want the same game drawn", seed, h.winner, h.result)
		}
		if h := play(attack, seed); h.winner != 0 || !strings.Contains(h.result, "the attack did not break it") {
			t.Errorf("seed %d as an axis attack: winner %d %q, want the defender (allies)", seed, h.winner, h.result)
		}
	}
	t.Logf("12 seeds: %d ended by time, %d decided on DVP, %d level", byTime, decided, level)
	if decided == 0 {
		t.Error("no game was decided on DVP: the test proves nothing")
	}
}

// F.3 and 7.1 step 10 on a game built for it: two sides that only defer
// reach the end of the last turn; with nothing lost it is a draw; with
// one German tank knocked out beforehand the British win on its DVP, and
// a captured unit's bases count too.
func TestEncounterDVPCountsKnockedOutAndCaptured_F3(t *testing.T) {
	for _, c := range []struct {
		name   string
		lose   func(g *Game) int // knocks something out; returns its DVP
		winner int
	}{
		{"nothing lost", func(*Game) int { return 0 }, -1},
		{"a Panzer III knocked out", func(g *Game) int {
			b := g.baseIdx["G2a"]
			b.KO = true
			return b.Type.DVP
		}, 0},
		{"the British armoured cars captured", func(g *Game) int {
			u := g.unitIdx["A6"]
			u.Gone = "surrendered"
			n := 0
			for _, b := range u.Bases {
				n += b.Type.DVP
			}
			return n
		}, 1},
	} {
		g, err := New(encounterScn(t, nil), 3)
		if err != nil {
			t.Fatal(err)
		}
		dvp := c.lose(g)
		if c.winner >= 0 && (dvp == 0 || g.DVPScored(c.winner) != dvp || g.DVPScored(1-c.winner) != 0) {
			t.Fatalf("%s: DVP %d/%d, want %d to side %d", c.name, g.DVPScored(0), g.DVPScored(1), dvp, c.winner)
		}
		if err := g.Play([2]Player{DeferPlayer{}, DeferPlayer{}}); err != nil {
			t.Fatal(err)
		}
		if !g.Over() || g.turn != g.Scn.TurnLimit() || g.winner != c.winner {
			t.Errorf("%s: over %v at turn %d, winner %d %q; want side %d at turn %d", c.name, g.Over(), g.turn, g.winner, g.result, c.winner, g.Scn.TurnLimit())
		}
		if c.winner >= 0 && !strings.Contains(g.result, fmt.Sprintf("desert victory points, %d to 0 (F.3)", dvp)) {
			t.Errorf("%s: %q", c.name, g.result)
		}
	}
}

// 16.12 in an encounter: a side whose Break Point Track is empty at the
// end of a turn has lost, whatever the DVP, before the turn limit; both
// at once is a draw. Played out over seeds until each kind is seen.
func TestEncounterBreakPoint16_12(t *testing.T) {
	s := encounterScn(t, nil)
	broke := 0
	for seed := uint64(1); seed <= 40 && broke < 3; seed++ {
		g, err := New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)}); err != nil {
			t.Fatal(err)
		}
		a, b := g.BreakPoint(0) <= 0, g.BreakPoint(1) <= 0
		if !a && !b {
			continue
		}
		broke++
		want := -1
		switch {
		case a && !b:
			want = 1
		case b && !a:
			want = 0
		}
		if g.winner != want || !strings.Contains(g.result, "(§16.12)") || strings.Contains(g.result, "desert victory points") {
			t.Errorf("seed %d: break points %d/%d: winner %d %q, want %d by §16.12", seed, g.BreakPoint(0), g.BreakPoint(1), g.winner, g.result, want)
		}
	}
	if broke == 0 {
		t.Error("no seed broke a side: the test proves nothing")
	}
}

// The scenario's brief (issue 20): the forces meet within reach by turn
// 2. Played by random players, most games have a shot fired by the end
// of turn 2.
func TestEncounterForcesMeetByTurn2(t *testing.T) {
	s := encounterScn(t, nil)
	met := 0
	const seeds = 12
	for seed := uint64(1); seed <= seeds; seed++ {
		g, err := New(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := [2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)}
		for n := 0; !g.Over() && g.turn <= 2 && n < MaxSimCommands; n++ {
			if _, err := g.Do(p[g.actor].Choose(g.Observe(g.actor))); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range g.events {
			if e.Kind == KindFire && e.Turn <= 2 {
				met++
				break
			}
		}
	}
	if met < seeds*3/4 {
		t.Errorf("a shot by the end of turn 2 in %d of %d games; want most", met, seeds)
	}
}
