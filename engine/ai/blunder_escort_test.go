package ai

import (
	"testing"

	"fmt"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// exposedDeep reports a British move on the encounter that ends a
// reconnaissance car within 6 hexes of the enemy the side knows of, with
// no combat base of ours but another reconnaissance car within 3 hexes of
// the destination when the move is given.
func exposedDeep(t *testing.T, o *game.Observation, cmd string) (string, int, bool) {
	id, h, ok := moveEnd(t, o, cmd)
	if !ok {
		return "", 0, false
	}
	k := New(2).know(o)
	var b *base
	for _, m := range k.mine {
		if m.id == id {
			b = m
		}
	}
	if b == nil || !b.t.Class.Vehicle() || !b.t.Recon {
		return "", 0, false
	}
	d := k.nearestEnemy(h)
	if d > 6 || d >= k.nearestEnemy(b.hex) {
		return "", 0, false
	}
	for _, m := range k.mine {
		if m == b || m.carried || m.t.Recon || !m.t.CombatUnit() || m.t.Class.CommandBase() {
			continue
		}
		if hexmap.Distance(m.hex, h) <= 3 {
			return "", 0, false
		}
	}
	return id, d, true
}

// Issue 20, the encounter (16.12 at Break Point 2): the veteran drove its
// two armoured cars from the rise 22 hexes to 2 hexes of the German
// start line, each reckoning the other its escort; the Panzer III Zug's
// close assault took the pair (a marker) and the Major's carrier, 6 hexes
// ahead of the column, the other (seed 19 of the random Germans, turn 2).
// In the first two turns of these games no armoured car of ours is driven
// to within 6 hexes of the known enemy escorted only by armoured cars;
// with the old escort rule (W.Reckless off here) seeds 10 and 19 show the
// trap.
func TestBlunderNoUnescortedScouts16_12(t *testing.T) {
	s := loadScn(t, "encounter")
	run := func(seed uint64, p *Player) (bad []string) {
		g := newGame(t, s, seed)
		r := game.NewRandomPlayer(seed*7 + 3)
		for n := 0; n < 5000 && !g.Over() && g.Turn() <= 2; n++ {
			var cmd string
			if g.Actor() == 0 {
				o := g.Observe(0)
				cmd = p.Choose(o)
				if id, d, ok := exposedDeep(t, o, cmd); ok {
					bad = append(bad, fmt.Sprintf("%s to %d hexes of the enemy: %s", id, d, p.Reason()))
				}
			} else {
				cmd = r.Choose(g.Observe(1))
			}
			if _, err := g.Do(cmd); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, cmd, err)
			}
		}
		return bad
	}
	old := New(2)
	old.W.Reckless = 0
	trap, bad := firstTrap(1, 45, func(seed uint64) []string { return run(seed, old) })
	if trap == 0 {
		t.Fatal("seeds 1-45 set no trap: without the lesson no scout goes deep alone")
	}
	t.Logf("without the lesson, seed %d: %v", trap, bad)
	for _, seed := range []uint64{3, 10, trap, 43} {
		for _, b := range run(seed, New(2)) {
			t.Errorf("seed %d: %s", seed, b)
		}
	}
}
