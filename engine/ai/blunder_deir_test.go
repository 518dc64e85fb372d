package ai

import (
	"testing"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// observerWalks plays the British of testdata/blunder/deir.toml with p
// for the first two turns (the Germans defer) and returns the observer's
// moves that ended in the deir (4.1) or within 3 hexes of a German base.
func observerWalks(t *testing.T, seed uint64, p *Player) []string {
	t.Helper()
	g := newGame(t, loadScn(t, "testdata/blunder/deir.toml"), seed)
	var bad []string
	for i := 0; i < 300 && !g.Over() && g.Turn() <= 2; i++ {
		cmd := "defer"
		switch {
		case g.Actor() == 0:
			cmd = p.Choose(g.Observe(0))
		case g.Phase() != game.PhaseActivate:
			cmd = New(2).Choose(g.Observe(1))
		}
		if c, err := game.ParseCommand(cmd); err == nil && c.Verb == game.VerbMove && c.Base == "O1a" {
			h, _ := g.Map.HexOf(c.Hex)
			near := false
			for _, id := range []string{"G1a", "G1b"} {
				if b, ok := g.Base(id); ok && hexmap.Distance(b.Hex, h) <= 3 {
					near = true
				}
			}
			if near || g.Map.Terrain(h).Flags&hexmap.Deir != 0 {
				bad = append(bad, cmd)
			}
		}
		if _, err := g.Do(cmd); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, cmd, err)
		}
	}
	return bad
}

// 4.1 (issue 20: the artillery observer walked into a deir the enemy
// held): the veteran's observer stays out of the deir the Germans hold
// and 4 hexes or more from them; without the lesson (W.Reckless 0) it
// walks in after the objective.
func TestBlunderObserverOutOfDeir4_1(t *testing.T) {
	trapped := 0
	for seed := uint64(1); seed <= 3; seed++ {
		blind := New(2)
		blind.W.Reckless = 0
		trapped += len(observerWalks(t, seed, blind))
		for _, w := range observerWalks(t, seed, New(2)) {
			t.Errorf("seed %d: the observer walks in: %s", seed, w)
		}
	}
	if trapped == 0 {
		t.Fatal("no trap: without the lesson the observer never walked into the deir")
	}
}
