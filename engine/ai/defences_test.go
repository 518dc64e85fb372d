package ai

import (
	"testing"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// 13.4, F.7 (docs/ai.md): facing a mine belt it knows of between its
// infantry and the objective, the attacker's AI sets its sappers to clear
// a lane rather than walk the platoon into the mines.
func TestAIClearsALaneF7(t *testing.T) {
	s, err := scenario.Load("../game/testdata/breach.toml")
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, 1)
	for _, c := range []string{"ready", "ready", "first allies"} {
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	for _, level := range []int{1, 2} {
		p := New(level)
		p.W.Noise = 0 // the novice's judgement without its misjudgement (ai.misjudge)
		cmd, why := p.Decide(g.Observe(g.Actor()))
		if c, err := game.ParseCommand(cmd); err != nil || c.Verb != game.VerbClear {
			t.Errorf("level %d: %q (%s), want a clear command", level, cmd, why)
		}
	}
}
