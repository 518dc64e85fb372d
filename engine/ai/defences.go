package ai

import (
	"fmt"

	"khamsin/hexmap"
)

// Minefields and obstacles for the computer opponent (docs/ai.md): it
// reads the markers in its own side's view only — a Known minefield whose
// strength it does not know counts as live until found to be a Dummy; its
// own side's dummies and the enemy's revealed dummies do not count.

// liveMines are the hexes the side must treat as mined.
func (k *knowledge) liveMines() map[hexmap.Hex]bool {
	out := map[hexmap.Hex]bool{}
	for _, m := range k.v.Minefields {
		if m.Dummy {
			continue
		}
		if h, err := k.g.Map().Hex(m.Hex); err == nil {
			out[h] = true
		}
	}
	return out
}

// mineRisk is the expected cost of a move from b's hex to h through the
// minefields it knows of: about a quarter of the base's worth per mined
// hex on the straight line there (a hit half the time; then a knock-out
// or a pin about as often as not). The line stands in for the path,
// which the AI does not ask for every destination.
func (k *knowledge) mineRisk(b *base, h hexmap.Hex, mined map[hexmap.Hex]bool) float64 {
	if len(mined) == 0 || b.carried {
		return 0
	}
	n := 0
	for _, x := range hexmap.Line(b.hex, h)[1:] {
		if mined[x] {
			n++
		}
	}
	return 0.25 * float64(n) * k.worthMine(b)
}

// scoreClear rates an engineer base working on an obstacle or minefield
// (13.4): for the side that must take ground, a lane toward the plan's
// objective is worth several hexes of progress; anything else, little.
func (k *knowledge) scoreClear(x *cand, b *base, label hexmap.Label) {
	h, err := k.g.Map().HexOf(label)
	if err != nil {
		return
	}
	x.score = 0.02
	if k.attacker && k.planPull(b, h) >= 0 {
		u := k.urgency
		if u < 0.5 {
			u = 0.5
		}
		x.score = 6 * k.p.W.Plan * u
	}
	x.why = fmt.Sprintf("%s works on the defences in %s (13.4)", b.id, label)
}

// mined is liveMines, built once per decision.
func (k *knowledge) mined() map[hexmap.Hex]bool {
	if k.mines == nil {
		k.mines = k.liveMines()
	}
	return k.mines
}
