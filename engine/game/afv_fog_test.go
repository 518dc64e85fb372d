package game

import (
	"slices"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// afvOnLine stages, on dawn, firer f shooting at target t across open
// ground with hidden armoured base h on an intermediate hex of the line,
// such that h's AFV hindrance (LOS-11) is among the shot's modifiers and
// the side that does not own h does not see it. It returns false when
// no such place is found.
func afvOnLine(t *testing.T, g *Game, f, tg, h *Base) bool {
	t.Helper()
	other := g.other(h.Unit.Side)
	hexes := g.Map.Hexes()
	for _, a := range hexes {
		for d := hexmap.Dir(0); d < 6; d++ {
			b := a
			for i := 0; i < 6; i++ {
				b = b.Neighbor(d)
			}
			if !slices.Contains(hexes, b) {
				continue
			}
			line := hexmap.Line(a, b)
			f.Hex, tg.Hex, h.Hex = a, b, line[1]
			f.Facing = d // a hull gun shoots ahead
			g.gen++
			s, err := g.planFire(f, tg)
			if err != nil || g.visibleTo(other, h) {
				continue
			}
			full := g.answer(f, tg, s.weapon).Hindrances
			if !slices.ContainsFunc(full, func(x los.AnswerHindrance) bool { return x.Kind == "afv" }) {
				continue
			}
			if !sameMods(full, g.answerAs(f, tg, s.weapon, h.Unit.Side).Hindrances) {
				continue // another vehicle h's side does not see is on the line
			}
			return true
		}
	}
	return false
}

// LOS-11 and hidden information: a hidden vehicle on the line of a shot
// hinders it, but the side that does not see the vehicle reads the to-hit
// roll without its modifiers (an "afv -1" would tell it one stands
// there), and a side's own odds count only the vehicles it sees.
func TestHiddenAFVOnTheLineIsNotTold_LOS11(t *testing.T) {
	g := dawnGame(t)
	axis, _ := g.SideIndex("axis")
	allies := g.other(axis)
	pick := func(side int, hidden bool, not ...*Base) *Base {
		for _, b := range g.bases {
			if b.Unit.Side == side && armoured(b) && len(b.Type.Weapons) > 0 && b.Unit.Contact == hidden && !slices.Contains(not, b) && b.Carrier == nil {
				return b
			}
		}
		t.Fatalf("dawn has no %v armoured base of side %d", hidden, side)
		return nil
	}
	// The Germans fire past a hidden German vehicle at a British base.
	h := pick(axis, true)
	f := pick(axis, true, h)
	f.Unit.Contact = false
	var tg *Base
	for _, b := range g.bases {
		if b.Unit.Side == allies && b.Type.Class == forces.Infantry && b.Carrier == nil {
			tg = b
			tg.Unit.Contact = false // in the open: the Germans see it
			break
		}
	}
	if tg == nil {
		t.Fatal("no British infantry in dawn")
	}
	if !afvOnLine(t, g, f, tg, h) {
		t.Fatal("no open line in dawn with a hidden vehicle on it")
	}
	g.doFire(f, tg, false)
	roll := func(side int) *Roll {
		evs := g.EventsFor(side)
		for i := len(evs) - 1; i >= 0; i-- {
			if evs[i].Kind == KindRoll && evs[i].Roll != nil {
				return evs[i].Roll
			}
		}
		t.Fatalf("side %d read no roll", side)
		return nil
	}
	hasAFV := func(r *Roll) bool {
		return slices.ContainsFunc(r.Mods, func(m combat.Mod) bool { return m.What == "afv" })
	}
	if r := roll(axis); r.Veiled || !hasAFV(r) {
		t.Errorf("the Germans, who see their vehicle, read %+v", r)
	}
	if r := roll(-1); r.Veiled || !hasAFV(r) {
		t.Errorf("the umpire reads %+v", r)
	}
	if r := roll(allies); !r.Veiled || len(r.Mods) != 0 || r.Result == "" {
		t.Errorf("the British, who do not see the vehicle, read %+v", r)
	}

	// The British firer's odds across the same line: the hidden German
	// vehicle is no part of them (the same as with it far off the line).
	var bf *Base
	for _, b := range g.bases {
		if b.Unit.Side == allies && armoured(b) && b.Carrier == nil && slices.ContainsFunc(b.Type.Weapons, func(w string) bool { return g.Cat.Weapons[w] != nil && g.Cat.Weapons[w].Kind == forces.AP }) {
			bf = b // a tank gun that can harm the German vehicle
			bf.Unit.Contact = false
			break
		}
	}
	if bf == nil {
		t.Fatal("dawn has no British tank")
	}
	gt := f // a German base the British see (it fired)
	if !afvOnLine(t, g, bf, gt, h) {
		t.Skip("no open line for the British shot")
	}
	with, err := g.Observe(allies).ShotOdds(bf.ID, gt.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.Hex = bf.Hex.Neighbor(3).Neighbor(3).Neighbor(3) // off the line, behind the firer
	g.gen++
	without, err := g.Observe(allies).ShotOdds(bf.ID, gt.ID)
	if err != nil {
		t.Fatal(err)
	}
	if with.ToHit.Final(5) != without.ToHit.Final(5) || with.KnockedOut != without.KnockedOut {
		t.Errorf("the British odds change with a vehicle they do not see: %+v against %+v", with.ToHit.Mods, without.ToHit.Mods)
	}
}
