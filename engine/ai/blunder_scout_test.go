package ai

import (
	"os"
	"strings"
	"testing"

	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// replay plays the commands of a file (one a line) on a fresh game of
// the scenario and seed: a position the play-test reached.
func replay(t *testing.T, scn string, seed uint64, file string) *game.Game {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, loadScn(t, scn), seed)
	for _, c := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if _, err := g.Do(c); err != nil {
			t.Fatalf("%s: %s: %v", file, c, err)
		}
	}
	return g
}

// scoutPastFront reports a move that ends a reconnaissance or soft
// vehicle of ours past our front line (nearer the enemy the side knows of
// than every other combat base of ours but scouts, officers and
// observers, by more than a hex), with no such base within 3 hexes of it,
// where a known enemy base sees it within its weapons' range.
func scoutPastFront(t *testing.T, o *game.Observation, cmd string) (string, bool) {
	id, h, ok := moveEnd(t, o, cmd)
	if !ok {
		return "", false
	}
	k := New(2).know(o)
	b := k.byID[id]
	if b == nil || !b.t.Class.Vehicle() || !(b.t.Recon || b.t.Class == forces.Transport) {
		return "", false
	}
	front := 1 << 20
	for _, m := range k.mine {
		if m == b || m.carried || !m.t.CombatUnit() || m.t.Recon || m.t.Class.CommandBase() {
			continue
		}
		if hexmap.Distance(m.hex, h) <= 3 {
			return "", false // escorted
		}
		front = min(front, k.nearestEnemy(m.hex))
	}
	if d := k.nearestEnemy(h); d >= front-1 {
		return "", false
	}
	for _, e := range k.enemy {
		if d := hexmap.Distance(e.hex, h); d <= k.maxRange(e.t) && k.seesHex(e.hex, h) {
			return id + " to " + o.Map().Label(h) + ", seen by " + e.id, true
		}
	}
	return "", false
}

// Issue 20 (play-test: dawn, seed 42, turn 1): a lone SdKfz 222 drove 26
// MP from 28U6 into the middle of the British box (30F5, next to the
// HQ and mortars) and was knocked out at once by a 2-pdr on Challenge;
// the attacker heeds no threat (Boldness 0) and 17 hexes of the plan
// outweighed the Reckless price. The position is the play-test's first 28
// commands (testdata/blunder/dawn42-t1.cmds). Without the lesson
// (W.Scout 0) the veteran gives that move; the veteran and the expert
// drive no scout past the front line into the sight of the known enemy.
func TestBlunderScoutNotPastTheFront(t *testing.T) {
	// the dawn the play-test was played on (G12b set up apart, on 28U6)
	g := replay(t, "testdata/blunder/dawn-playtest.toml", 42, "testdata/blunder/dawn42-t1.cmds")
	o := g.Observe(g.Actor())
	old := New(2)
	old.W.Scout = 0
	if c, why := old.Decide(o); c != "move G12b 30F5" {
		t.Fatalf("the position sets no trap: without the lesson the veteran gives %q (%s)", c, why)
	}
	if _, ok := scoutPastFront(t, o, "move G12b 30F5"); !ok {
		t.Fatal("the check does not see the play-test's move as past the front line")
	}
	ds := deciders()
	for _, name := range deciderNames {
		c, why := ds[name].Decide(o)
		if what, bad := scoutPastFront(t, o, c); bad {
			t.Errorf("the %s drives a scout past the front: %s (%q: %s)", name, what, c, why)
		}
	}
}
