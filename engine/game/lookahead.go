package game

import (
	"khamsin/engine/combat"
	"khamsin/engine/dice"
)

// KeyDice gives a lookahead world keyed dice (dice.Roller.Keyed): each
// roll is a hash of seed, its why (which names the bases it is about)
// and how many earlier rolls had that why, so two clones that differ by
// one command throw the same dice for every roll both make (issue 20,
// common random numbers). For a Sample or a Clone the computer plays
// forward only, never a real game: its hashes are not a real game's.
func (g *Game) KeyDice(seed uint64) { g.dice = g.dice.Keyed(seed) }

// ForceThrow makes the next roll on a table whose why ends with why give
// band (a lookahead world with KeyDice only; false otherwise): the
// computer plays each outcome of its own shot or assault once and weighs
// it by the exact odds (ShotOdds, AssaultOdds), instead of one sampled
// die deciding the comparison. The whys are the log's: "B to hit T",
// "T saves, hit by B", "B assaults T", "T saves against the assault",
// "T fights back", "B saves against the counter-blow".
func (g *Game) ForceThrow(why string, band combat.Band) bool {
	return g.dice.Force(why, int(band))
}

// d10 throws the d10 of a table test: in a keyed world through D10Test,
// so that a forced outcome (ForceThrow) can be honoured; in a real game
// exactly as it always has.
func (g *Game) d10(t combat.Test, why string) dice.Roll {
	if !g.dice.IsKeyed() {
		return g.dice.D10(t.Rule + " " + why)
	}
	return g.dice.D10Test(t.Rule+" "+why, func(f int) int { return int(t.Result(f)) })
}

// Unforce drops the forced outcomes not thrown (a shot into a bunker
// rolls the bunker's save, not the base's): they must not force a later
// roll of the playout.
func (g *Game) Unforce() { g.dice.Unforce() }
