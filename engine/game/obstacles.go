package game

import (
	"fmt"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Engineering (seed 002 13.4) as the game plays it (docs/rules.md,
// "Minefields and obstacles"): `clear B HEX` is an engineer base's
// activation action against the obstacle, or else the minefield, its side
// knows of in its own hex or the next one. The Engineering Test: success
// makes the feature take an Engineering Saving Throw against a demolition
// factor thrown on 1d6 (wire, improvised obstacles and mines: hand work)
// or 2d6 (a ditch or dragon's teeth: demolition charges) — seed 002 says
// "1 or 2 d6 depending on attack type", the split is our decision; no
// progress on 2–5; the engineers are Pinned on 1 or less. Probing a
// minefield with a successful test reveals it (F.7: its strength, or
// F.7B: that it is a dummy, which comes off).

// MineToughness is a minefield's toughness in the Engineering Saving
// Throw: seed 002's row for minefields is lost from our copy of the
// table, so (our decision) 3 plus its Minefield Effectiveness — a denser
// field takes longer to lift.
func MineToughness(m *Minefield) int { return 3 + m.Strength }

// canClear says whether engineer base b may work on h.
func (g *Game) canClear(b *Base, h hexmap.Hex) error {
	switch {
	case b.Type.Class != forces.Engineer:
		return fmt.Errorf("clear %s: only combat engineers clear minefields and obstacles (13.4)", b.ID)
	case b.Pinned:
		return fmt.Errorf("clear %s: it is Pinned (rally first, 12.4)", b.ID)
	case hexmap.Distance(b.Hex, h) > 1:
		return fmt.Errorf("clear %s %s: engineers work in their own hex or the next one", b.ID, g.Label(h))
	}
	if g.clearTarget(b.Unit.Side, h) == "" {
		return fmt.Errorf("clear %s %s: no obstacle or minefield known there", b.ID, g.Label(h))
	}
	return nil
}

// clearTarget names what side's engineers would work on in h: "obstacle",
// "minefield", or "" (an enemy's hidden mines or a known dummy are not
// known targets).
func (g *Game) clearTarget(side int, h hexmap.Hex) string {
	if g.obstacleAt(h) != nil {
		return "obstacle"
	}
	if m := g.mineAt(h); m != nil && mineLooksLive(m, side) {
		return "minefield"
	}
	return ""
}

// clearCommands lists b's legal clear commands.
func (g *Game) clearCommands(l *lister, b *Base) {
	if b.Carrier != nil || b.Type.Class != forces.Engineer {
		return
	}
	nb := b.Hex.Neighbors()
	hs := append([]hexmap.Hex{b.Hex}, nb[:]...)
	for _, h := range hs {
		if g.Map.Contains(h) && g.clearTarget(b.Unit.Side, h) != "" {
			if l.add(Command{Verb: VerbClear, Base: b.ID, Hex: g.label(h)}) {
				return
			}
		}
	}
}

// clear is 13.4 for engineer base b working on h.
func (g *Game) clear(b *Base, h hexmap.Hex) {
	side := b.Unit.Side
	what := g.clearTarget(side, h)
	in := combat.Engineering{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b)}
	hid := g.unseen(b) // unseen engineers' work is their own side's to read; what it changes on the map is public
	band, _ := g.throw(combat.EngineeringTest(in), hid, side, fmt.Sprintf("%s works on the %s in %s", b.ID, what, g.Label(h)))
	switch band {
	case combat.Failure:
		b.Pinned = true
		g.logFor(hid, side, KindPinned, "§13.4", "something goes badly wrong: %s is Pinned", b)
		return
	case combat.Middle:
		g.logFor(hid, side, KindDefences, "§13.4", "no progress in %s", h)
		return
	}
	if what == "obstacle" {
		o := g.obstacleAt(h)
		dice := 1
		if o.Kind == move.Ditch || o.Kind == move.Teeth {
			dice = 2
		}
		df := g.demolition(hid, side, dice, b.ID+" demolition factor")
		sv, _ := g.throw(combat.EngineeringSave(o.Kind.Toughness(), df, 0), hid, side, fmt.Sprintf("the %s in %s against DF %d", o.Kind, g.Label(h), df))
		if sv == combat.Success {
			g.logFor(hid, side, KindUnharmed, "§13.4", "the %s in %s holds", o.Kind, h)
			return
		}
		g.removeObstacle(o)
		_ = g.replan()
		g.gen++
		g.logFor(hid, side, KindDefences, "§13.4", "%s clears the %s in %s", b, o.Kind, h)
		g.log(KindDefences, "§13.4", "the %s in %s is cleared: the hex reverts to its terrain", o.Kind, h)
		return
	}
	m := g.mineAt(h)
	if m.Owner != side && !m.Revealed {
		m.Revealed, m.Hidden = true, false
		g.gen++
		if m.Dummy {
			g.logFor(hid, side, KindDefences, "F.7B", "%s probes the minefield in %s", b, h)
			g.log(KindDefences, "F.7B", "the minefield in %s is found to be a Dummy", h)
			if !m.Run {
				g.removeMine(m)
			}
			return
		}
		g.logFor(hid, side, KindDefences, "F.7", "%s probes the minefield in %s", b, h)
		g.log(KindDefences, "F.7", "the minefield in %s is revealed: strength %+d", h, m.Strength)
	}
	df := g.demolition(hid, side, 1, b.ID+" demolition factor")
	sv, _ := g.throw(combat.EngineeringSave(MineToughness(m), df, 0), hid, side, fmt.Sprintf("the minefield in %s (toughness 3%+d, docs/rules.md) against DF %d", g.Label(h), m.Strength, df))
	if sv == combat.Success {
		g.logFor(hid, side, KindDefences, "§13.4", "the minefield in %s is still there", h)
		return
	}
	g.removeMine(m)
	g.logFor(hid, side, KindDefences, "§13.4", "%s clears a lane through the minefield in %s", b, h)
	g.log(KindDefences, "§13.4", "the minefield in %s is cleared", h)
}

// demolition throws an engineering attack's demolition factor on n d6.
func (g *Game) demolition(hid bool, side, n int, why string) int {
	if n == 1 {
		return g.d6For(hid, side, "§13.4", why+" (1d6)")
	}
	return g.twoD6(hid, side, "§13.4", why+" (2d6)")
}

// lowObstacle reports the fixed defences the Linear Fixed Defences table
// makes Low and Obscured at ground level: dragon's teeth and improvised
// obstacles (a ditch and wire are Ground and Clear).
func lowObstacle(k move.ObstacleKind) bool { return k == move.Teeth || k == move.Improvised }

// obstacleHindrance is the §10.8 "LOS to target is Obscured −1" a shot
// takes when its line at ground level crosses dragon's teeth or an
// improvised obstacle: a hex of one between the firer's and the target's
// hexes, or the target's own (the target behind and in contact, Note A).
// A firer or target above the obstacle's ground sees over it (the table's
// "to/from Hills: Clear"). One −1 however many such hexes.
func (g *Game) obstacleHindrance(b, t *Base) []combat.Mod {
	if len(g.def.Obstacles) == 0 {
		return nil
	}
	line := hexmap.Line(b.Hex, t.Hex)
	for _, h := range line[1:] {
		o := g.obstacleAt(h)
		if o == nil || !lowObstacle(o.Kind) {
			continue
		}
		ground := g.Map.Terrain(h).Ground()
		if g.Map.Terrain(b.Hex).Ground() > ground || g.Map.Terrain(t.Hex).Ground() > ground {
			continue
		}
		return []combat.Mod{{What: "LOS obscured by " + obstacleName(o.Kind), N: -1, Rule: "10.8, Linear Fixed Defences"}}
	}
	return nil
}

// obstacleName names a kind in prose.
func obstacleName(k move.ObstacleKind) string {
	switch k {
	case move.Teeth:
		return "dragon's teeth"
	case move.Ditch:
		return "an anti-tank ditch"
	case move.Improvised:
		return "an improvised obstacle"
	}
	return "barbed wire"
}

// obstacleCover is the Cover Save Bonus an improvised obstacle gives a
// base in its hex against fire from outside it (CSB 2, Note A: the line
// crosses the feature and the target is in contact with it); 0 otherwise.
// A dug-in base keeps its own 2 (§7.6); the two do not add.
func (g *Game) obstacleCover(b, t *Base) int {
	if o := g.obstacleAt(t.Hex); o != nil && o.Kind == move.Improvised && b.Hex != t.Hex && !t.Type.Class.Vehicle() {
		return 2
	}
	return 0
}

// behindObstacle reports a base in an improvised obstacle's hex: Note B
// makes it seen only at §6.4's visibility distances, like a concealed one.
func (g *Game) behindObstacle(t *Base) bool {
	o := g.obstacleAt(t.Hex)
	return o != nil && o.Kind == move.Improvised
}
