package ai

import (
	"testing"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// aimWalks plays testdata/blunder/observer.toml to the point where the
// German 10.5 cm battery is ranged (a fixed command list: the British
// defer, the German observer calls GR onto 28E8, the British defer, GR
// fires its ranging rounds, §10.15–.16), then lets p play the British
// for the rest of the turn while the Germans defer. It returns the
// British moves that ended within enemyAimRadius of the aim point, and
// false when the rounds did not fall on 28E8 (the deviation, §10.16).
func aimWalks(t *testing.T, seed uint64, p *Player) ([]string, bool) {
	t.Helper()
	g := toActivation(t, "testdata/blunder/observer.toml", seed)
	if g.Actor() != 0 {
		t.Fatalf("seed %d: the British do not act first", seed)
	}
	for _, c := range []string{"defer", "call G2 GR 28E8", "defer", "range GR"} {
		if _, err := g.Do(c); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, c, err)
		}
	}
	var aim hexmap.Hex
	ok := false
	for _, b := range g.ViewAs(0).Batteries {
		if b.ID == "GR" && b.Ranged && b.Aim == "28E8" {
			aim, _ = g.Map.Hex(b.Aim)
			ok = true
		}
	}
	if !ok {
		return nil, false
	}
	var walks []string
	for turn := g.Turn(); !g.Over() && g.Turn() == turn; {
		cmd := "defer"
		if g.Actor() == 0 {
			o := g.Observe(0)
			cmd = p.Choose(o)
			if c, err := game.ParseCommand(cmd); err == nil && c.Verb == game.VerbMove {
				if h, err := g.Map.HexOf(c.Hex); err == nil && hexmap.Distance(h, aim) <= enemyAimRadius {
					walks = append(walks, cmd+" ("+p.Reason()+")")
				}
			}
		} else if g.Phase() != game.PhaseActivate {
			cmd = New(2).Choose(g.Observe(1))
		}
		if _, err := g.Do(cmd); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, cmd, err)
		}
	}
	return walks, true
}

// §10.16 (issue 20: the observer walked onto a visible, ranged enemy aim
// point): once the enemy's battery is ranged on a hex the British can
// see, the veteran ends no move within its likely FFE radius; the
// veteran without the lesson (W.Reckless 0) walks its bases in.
func TestBlunderOffEnemyAimPoints10_16(t *testing.T) {
	trapped, ranged := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		blind := New(2)
		blind.W.Reckless = 0
		w0, ok := aimWalks(t, seed, blind)
		if !ok {
			continue
		}
		ranged++
		trapped += len(w0)
		w1, _ := aimWalks(t, seed, New(2))
		t.Logf("seed %d: without the lesson %d moves onto the aim point, with it %d", seed, len(w0), len(w1))
		for _, w := range w1 {
			t.Errorf("seed %d: %s ends within %d hexes of the ranged aim point 28E8", seed, w, enemyAimRadius)
		}
	}
	if ranged == 0 || trapped == 0 {
		t.Fatalf("no trap: %d seeds ranged on 28E8, %d moves onto it without the lesson", ranged, trapped)
	}
}
