package ai

import "khamsin/engine/game"

// exposure is what side's bases on the map stand to lose to the enemy's
// best reply where they stand, as the veteran measures a destination's
// danger (threatAt: every enemy base it knows of that sees the hex within
// its weapons' range, contact markers and ghosts weighted), summed over
// its bases in the evaluation's worth (standing). A lookahead that ends
// after the enemy's reply sees only the losses of that reply; exposure
// is what the position still risks past the horizon, so a move into cover
// or out of sight is worth something to the evaluation, not only to the
// veteran's ranking.
func (e *Expert) exposure(g *game.Game, side int) float64 {
	if e.eval[side] == nil {
		e.eval[side] = New(MaxLevel)
	}
	k := e.eval[side].know(g.Observe(side))
	x := 0.0
	for _, b := range k.mine {
		if b.carried {
			continue
		}
		w := 1 + float64(b.t.DVP)/2
		if b.t.CombatUnit() {
			w += 0.5
		}
		x += w * k.threatAt(b.hex, b.t)
	}
	return x
}

// position is side me's positional balance in g: the enemy's exposure
// less its own, times Position.
func (e *Expert) position(g *game.Game, me int) float64 {
	if e.Position == 0 || g.Over() {
		return 0
	}
	return e.Position * (e.exposure(g, 1-me) - e.exposure(g, me))
}
