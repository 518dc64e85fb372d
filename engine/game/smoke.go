package game

import (
	"fmt"

	"khamsin/engine/forces"
	"khamsin/hexmap"
)

// Vehicular smoke grenades (F.10), as the game plays them (docs/rules.md,
// "Smoke"): an armed vehicle base — class armoured or combat with at least
// one weapon — may throw them as its unit's activation action, like dig.
// A usage d6 of 2 or less places a SMOKE counter in its own hex for an
// armoured vehicle (F.10's crew-exposed AFV: the game has no buttoned-up
// state), of 1 for an armed unarmoured one; anything else places nothing
// (F.10: a 6 has no further effect). Each vehicle may try once per game,
// whatever the roll (our decision: the seeds give the grenades no supply
// of their own). The counter then clears like any other (§7.1 step 1).

// smokeUsage is the highest usage d6 that places smoke for b (F.10).
func smokeUsage(b *Base) int {
	if b.Type.Class == forces.Armoured {
		return 2
	}
	return 1
}

// canSmoke checks a smoke command for base b (F.10).
func (g *Game) canSmoke(b *Base) error {
	c := b.Type.Class
	switch {
	case c != forces.Armoured && c != forces.Combat:
		return fmt.Errorf("smoke %s: only an armoured or combat vehicle carries smoke grenades (F.10)", b.ID)
	case len(b.Type.Weapons) == 0:
		return fmt.Errorf("smoke %s: it has no weapon; only armed vehicles carry smoke grenades (F.10)", b.ID)
	case b.Grenade:
		return fmt.Errorf("smoke %s: it has already used its smoke grenades this game (F.10, docs/rules.md)", b.ID)
	case g.smokeAt(b.Hex):
		return fmt.Errorf("smoke %s: %s already holds SMOKE", b.ID, g.Label(b.Hex))
	}
	return nil
}

// smokeAt reports a SMOKE counter in h.
func (g *Game) smokeAt(h hexmap.Hex) bool {
	for _, s := range g.smoke {
		if s == h {
			return true
		}
	}
	return false
}

// throwSmoke is F.10: the usage d6, and on success a SMOKE counter in b's
// hex, which at once blocks LOS through it (seed 002 Note 3) and costs
// +1 MF/MP to enter (9.1).
func (g *Game) throwSmoke(b *Base) {
	side := b.Unit.Side
	b.Grenade = true
	need := smokeUsage(b)
	hid := g.unseen(b)
	r := g.dice.Dr("F.10 " + b.ID + " smoke grenades")
	placed := r.Colored <= need
	result := "no smoke"
	if placed {
		result = "SMOKE placed"
	}
	kind := "an armed unarmoured vehicle"
	if b.Type.Class == forces.Armoured {
		kind = "an armoured vehicle"
	}
	e := g.logFor(hid, side, KindSmoke, "F.10", "%s throws smoke grenades in %s (usage d6: %d or less for %s)", b, b.Hex, need, kind)
	e.Roll = &Roll{Dice: "d6", Faces: []int{r.Colored}, Final: r.Colored, Result: result}
	if !placed {
		g.logFor(hid, side, KindSmoke, "F.10", "%s's smoke grenades fail; it has none left", b)
		return
	}
	g.smoke = append(g.smoke, b.Hex)
	g.gen++ // the sightlines have changed: drop the visibility cache
	_ = g.replan()
	g.log(KindSmoke, "F.10", "SMOKE rises in %s: it blocks LOS through the hex (seed 002 Note 3)", b.Hex)
}
