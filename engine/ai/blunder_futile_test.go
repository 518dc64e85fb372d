package ai

import (
	"testing"

	"khamsin/engine/game"
)

// deciders are the players a blunder test asks: the veteran and the
// expert, whose options come from the veteran's.
func deciders() map[string]Decider {
	return map[string]Decider{"veteran": New(2), "expert": NewExpert()}
}

// deciderNames keeps the order of the asking fixed.
var deciderNames = []string{"veteran", "expert"}

// toSide plays a fresh game of s to its first activation (the veteran on
// both sides) and defers for the other side until side is to act.
func toSide(t *testing.T, g *game.Game, side int) *game.Observation {
	t.Helper()
	p := New(2)
	for i := 0; i < 100 && !g.Over() && g.Phase() != game.PhaseActivate; i++ {
		if _, err := g.Do(p.Choose(g.Observe(g.Actor()))); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 4 && g.Actor() != side; i++ {
		if _, err := g.Do("defer"); err != nil {
			t.Fatal(err)
		}
	}
	if g.Phase() != game.PhaseActivate || g.Actor() != side {
		t.Fatalf("side %d is not to act in the activation phase", side)
	}
	return g.Observe(side)
}

// hopeless reports a fire command (ShotOdds, 10.8) that knocks out a
// vehicle less than 3 times in a hundred, or knocks out or pins any other
// target less than one time in ten.
func hopeless(t *testing.T, o *game.Observation, cmd string) bool {
	t.Helper()
	c, err := game.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if c.Verb != game.VerbFire {
		return false
	}
	so, err := o.ShotOdds(c.Base, c.Target)
	if err != nil {
		t.Fatal(err)
	}
	vehicle := false
	for _, b := range o.View().Bases {
		if tp, ok := o.Catalogue().Type(b.Type); ok && b.ID == c.Target {
			vehicle = tp.Class.Vehicle()
		}
	}
	if vehicle {
		return so.KnockedOut < 0.03
	}
	return so.KnockedOut+so.Pinned < 0.1
}

// 10.8, Shooting Saving Throws (issue 20, play-test: escarpment turns 4
// and 6): a dug-in Pak 38 with a Matilda troop 3 hexes off, front on (PEN
// 8 against armour 10, side 9: a hit can only pin;
// testdata/blunder/hopeless.toml), and a Pak 38 of TQ -2 with a Vickers
// team 18 hexes off in the midday heat haze (a hit needs a 10: 3 % to
// knock it out, 4 % to pin it; longshot.toml). Without the lesson
// (W.Futile 0) the veteran fires anyway; the veteran and the expert keep
// the Order instead.
func TestBlunderHopelessShots10_8(t *testing.T) {
	for _, scn := range []string{"hopeless", "longshot"} {
		for seed := uint64(1); seed <= 3; seed++ {
			g := newGame(t, loadScn(t, "testdata/blunder/"+scn+".toml"), seed)
			o := toSide(t, g, 1)
			old := New(2)
			old.W.Futile = 0
			if c, why := old.Decide(o); !hopeless(t, o, c) {
				t.Fatalf("%s seed %d: the position sets no trap: without the lesson the veteran gives %q (%s)", scn, seed, c, why)
			}
			ds := deciders()
			for _, name := range deciderNames {
				c, why := ds[name].Decide(o)
				if hopeless(t, o, c) {
					t.Errorf("%s seed %d: the %s fires a hopeless shot: %q (%s)", scn, seed, name, c, why)
				}
			}
		}
	}
}

// 12.4 (issue 20, play-test: escarpment turn 4): the 88s dug in on the
// rim were rallied while only Pinned; a pinned base still fires, and an
// 88 never moves on its own (docs/rules.md, "Pinned"), so the Order is
// wasted. The Panzer III Zug behind them, pinned too, is worth rallying
// (it may move again) — but not in the last turn, where the rally is the
// unit's activation and no turn follows (7.1). testdata/blunder/rally.toml
// with every German base pinned; the British troop is hidden, so there is
// nothing to shoot.
func TestBlunderNoPointlessRally12_4(t *testing.T) {
	for _, last := range []bool{false, true} {
		for seed := uint64(1); seed <= 2; seed++ {
			s := loadScn(t, "testdata/blunder/rally.toml")
			if last {
				s.Turns = 1
			}
			g := newGame(t, s, seed)
			for _, b := range g.Bases() {
				if b.Unit.Side == 1 {
					b.Pinned = true // the position: the test pins the Germans
				}
			}
			o := toSide(t, g, 1)
			old := New(2)
			old.W.Futile = 0
			if c, why := old.Decide(o); verbOf(c) != game.VerbRally {
				t.Fatalf("last turn %v, seed %d: the position sets no trap: without the lesson the veteran gives %q (%s)", last, seed, c, why)
			}
			ds := deciders()
			for _, name := range deciderNames {
				c, why := ds[name].Decide(o)
				switch {
				case c == "rally G1":
					t.Errorf("seed %d: the %s rallies the dug-in 88s: %q (%s)", seed, name, c, why)
				case last && verbOf(c) == game.VerbRally:
					t.Errorf("seed %d: the %s rallies in the last turn: %q (%s)", seed, name, c, why)
				case !last && c != "rally G2":
					// the control: a rally that frees tanks to move is still given
					t.Errorf("seed %d: the %s gives %q (%s), not the rally of the pinned Panzer IIIs", seed, name, c, why)
				}
			}
		}
	}
}
