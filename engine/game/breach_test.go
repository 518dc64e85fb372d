package game

import (
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/hexmap"
)

// A whole game through the command language: a mine belt fills board 28's
// column F, and the British platoon takes the objective beyond it only
// through a lane its sappers clear (13.4, F.7). The Axis defers; the
// dice are the game's own, seeded. The test checks the rules at work, not
// a scripted story: every Engineering Test the sappers throw, no mine
// attack on the platoon in the cleared lane, and the win on the objective
// (16.11, 16.12).
func TestGameMinefieldBreachWholeGame(t *testing.T) {
	g, err := New(loadScn(t, "testdata/breach.toml"), 7)
	if err != nil {
		t.Fatal(err)
	}
	lane := hexOf(t, g, "28F5")
	for steps := 0; !g.Over() && steps < 500; steps++ {
		var cmd string
		switch {
		case g.phase == PhaseChallenge:
			cmd = "ready"
		case g.phase == PhaseFirst:
			cmd = "first allies"
		case g.actor == 1:
			cmd = "defer"
		default:
			cmd = g.breachPlan(lane)
			if cmd == "defer" && g.open != nil {
				cmd = "end"
			}
		}
		mustDo(t, g, cmd)
	}
	if !g.Over() || g.winner != 0 {
		t.Fatalf("the game ended %v with %q (winner %d)", g.Over(), g.result, g.winner)
	}
	tests, cleared, attacked := 0, false, false
	for _, e := range g.events {
		if e.Roll != nil && e.Roll.Table == combat.TableEngineering {
			tests++
		}
		cleared = cleared || strings.Contains(e.Text, "clears a lane through the minefield in 28F5")
		if e.Roll != nil && e.Roll.Table == combat.TableMinefield {
			attacked = true
		}
	}
	if tests == 0 || !cleared {
		t.Errorf("engineering tests %d, lane cleared %v", tests, cleared)
	}
	if attacked {
		t.Error("the platoon was attacked by mines going through the cleared lane")
	}
	for _, b := range g.unitIdx["A1"].Bases {
		if b.Hex.Q <= lane.Q {
			t.Errorf("%s never got through the belt (in %s)", b.ID, g.Label(b.Hex))
		}
	}
}

// breachPlan is the British player: sappers work on 28F5 until it is
// clear, then the platoon goes into the lane and on toward the objective.
func (g *Game) breachPlan(lane hexmap.Hex) string {
	legal := map[string]bool{}
	for _, c := range g.Legal() {
		legal[c] = true
	}
	if g.mineAt(lane) != nil {
		for _, c := range []string{"clear E1a 28F5", "clear E2a 28F5"} {
			if legal[c] {
				return c
			}
		}
		return "defer"
	}
	for _, id := range []string{"A1a", "A1b"} {
		b := g.baseIdx[id]
		// Beyond the lane the objective is 4 hexes on: two moves of 9.1's
		// 15 cm (3 hexes), through 28I5.
		for _, to := range []string{"28F5", "28J5", "28I5"} {
			c := "move " + id + " " + to
			if legal[c] && (to == "28F5") == (b.Hex.Q < lane.Q) && b.Hex != hexOfLabel(g, "28J5") {
				return c
			}
		}
	}
	return "defer"
}

func hexOfLabel(g *Game, label string) hexmap.Hex { h, _ := g.Map.Hex(label); return h }
