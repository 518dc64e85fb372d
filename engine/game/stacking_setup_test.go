package game

import (
	"testing"

	"khamsin/engine/scenario"
)

// Issue 17, Hardening 3: scenario validation enforces the game's own
// stacking limit at set-up (docs/rules.md, "Stacking").
func TestScenarioStackLimitIsTheGames(t *testing.T) {
	if scenario.StackLimit != StackLimit {
		t.Errorf("scenario.StackLimit %d, game.StackLimit %d", scenario.StackLimit, StackLimit)
	}
}
