package game

import (
	"slices"
	"strings"
	"testing"

	"khamsin/hexmap"
)

// endTurnByDefers ends the current turn: both sides defer.
func endTurnByDefers(t *testing.T, g *Game) {
	t.Helper()
	mustDo(t, g, "defer", "defer")
}

// §7.1 step 1: at the start of each turn a d6 is thrown for every SMOKE
// counter; 1 or 2 removes it, 3–6 leaves it. Every throw is logged, and
// the counters that stay are exactly those thrown 3 or more.
func TestGameTurnStep1Smoke7_1(t *testing.T) {
	g := duel(t, 5)
	var hexes []hexmap.Hex
	for _, l := range []string{"28E2", "28E3", "28E4", "28E7", "28E8", "28E9", "28F2", "28F8"} {
		hexes = append(hexes, hexOf(t, g, l))
	}
	g.smoke = append([]hexmap.Hex(nil), hexes...)
	g.gen++
	toActivations(t, g, "allies")
	first := len(g.events)
	endTurnByDefers(t, g)
	cleared, stayed := 0, 0
	for _, h := range hexes {
		var roll *Roll
		for _, e := range g.events[first:] {
			if e.Roll != nil && e.Text == "smoke in "+g.Label(h) {
				roll = e.Roll
			}
		}
		if roll == nil {
			t.Fatalf("no smoke d6 for %s", g.Label(h))
		}
		if roll.Dice != "d6" {
			t.Errorf("the smoke roll is a %s", roll.Dice)
		}
		if still := slices.Contains(g.smoke, h); still != (roll.Final > 2) {
			t.Errorf("%s: d6 %d, smoke still there %v", g.Label(h), roll.Final, still)
		}
		if roll.Final <= 2 {
			cleared++
		} else {
			stayed++
		}
	}
	if cleared == 0 || stayed == 0 {
		t.Errorf("seed 5 should clear some smoke and keep some: %d cleared, %d stayed", cleared, stayed)
	}
}

// §7.1 step 5: activations alternate — when one unit's Order is done the
// other side acts; a unit is activated once a turn; a side with no Orders
// left may only defer.
func TestGameTurnStep5Activations7_1(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	mustDo(t, g, "move A1a 28D5", "end")
	if g.sides[g.actor].ID != "axis" {
		t.Fatalf("after the allies' activation %s is to act, want axis", g.sides[g.actor].ID)
	}
	mustDo(t, g, "defer")
	if _, err := g.Do("move A1b 28D6"); err == nil || !strings.Contains(err.Error(), "already been activated") {
		t.Errorf("a second activation of A1 in one turn: %v", err)
	}
	g.sides[0].Orders, g.sides[0].Brigade = 0, 0
	g.gen++
	if legal := g.Legal(); !slices.Equal(legal, []string{"defer"}) {
		t.Errorf("with no Orders the allies may give %v, want only defer", legal)
	}
}

// §7.1 step 6: at the end of the turn the Activated markers and unused
// Orders go; Challenge Tokens stay.
func TestGameTurnStep6EndOfTurn7_1(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	mustDo(t, g, "move A1a 28D5", "end")
	g.unitIdx["G1"].Challenge = true
	a1 := g.unitIdx["A1"]
	if !a1.Activated {
		t.Fatal("A1 is not marked Activated after its Order")
	}
	g.endTurn()
	if a1.Activated {
		t.Error("the Activated marker stays into the next turn")
	}
	if !g.unitIdx["G1"].Challenge {
		t.Error("the Challenge Token went at the end of the turn")
	}
	if g.turn != 2 {
		t.Fatalf("turn %d, want 2", g.turn)
	}
	for si, s := range g.sides {
		if s.Orders <= 0 {
			t.Errorf("%s has %d Orders on turn 2: the new turn's count was not made", g.sides[si].ID, s.Orders)
		}
	}
}

// §7.1 step 7: at the end of a turn the reinforcements due next turn
// arrive; those due later wait.
func TestGameTurnStep7Reinforcements7_1(t *testing.T) {
	g := duel(t, 1)
	g.unitIdx["G2"].Arrives, g.unitIdx["A2"].Arrives = 2, 3
	g.gen++
	toActivations(t, g, "allies")
	first := len(g.events)
	endTurnByDefers(t, g)
	if g.unitIdx["G2"].Arrives != 0 || !g.unitIdx["G2"].InPlay() {
		t.Error("G2, due on turn 2, did not arrive at the end of turn 1")
	}
	if g.unitIdx["A2"].Arrives != 3 || g.unitIdx["A2"].InPlay() {
		t.Error("A2, due on turn 3, arrived early")
	}
	if !hasText(g.events[first:], "Panzer troop arrives") || hasText(g.events[first:], "A Squadron tanks arrives") {
		t.Error("the log does not say exactly who arrives")
	}
}

// §7.1 step 10 and §16.12's last paragraph: after the last turn an
// Encounter is a draw and an All Out Attack the defender's; with
// `dvp = true` a draw goes to the side that scored more desert victory
// points (F.3).
func TestGameTurnStep10LastTurn7_1(t *testing.T) {
	for _, c := range []struct {
		name   string
		setup  func(g *Game)
		winner int
		result string
	}{
		{"encounter", func(g *Game) {}, -1, "draw"},
		{"all-out attack", func(g *Game) { g.Scn.Type, g.Scn.Attacker = "all-out-attack", "allies" }, 1, "did not break it"},
		{"DVP", func(g *Game) { g.Scn.DVP = true; g.baseIdx["G2a"].KO = true }, 0, "desert victory points"},
		{"DVP level", func(g *Game) { g.Scn.DVP = true }, -1, "draw"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := duel(t, 1)
			scn := *g.Scn
			g.Scn = &scn
			c.setup(g)
			g.gen++
			for !g.Over() && g.turn <= g.Scn.TurnLimit() {
				switch g.phase {
				case PhaseChallenge:
					mustDo(t, g, "ready")
				case PhaseFirst:
					mustDo(t, g, "first allies")
				default:
					mustDo(t, g, "defer")
				}
			}
			if !g.Over() || g.winner != c.winner || !strings.Contains(g.result, c.result) || g.turn != g.Scn.TurnLimit() {
				t.Errorf("turn %d: over %v, winner %d, %q; want winner %d, %q after turn %d", g.turn, g.Over(), g.winner, g.result, c.winner, c.result, g.Scn.TurnLimit())
			}
		})
	}
}
