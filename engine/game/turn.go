package game

import (
	"fmt"
	"sort"

	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// startSetup opens the set-up phase when a unit has a set-up area: the
// defender (the side that is not the attacker; in an encounter the first
// side) places first, then the other; otherwise turn 1 starts at once.
func (g *Game) startSetup() {
	any := false
	for _, u := range g.units {
		if u.Area != nil && u.Arrives == 0 {
			any = true
		}
	}
	if !any {
		g.startTurn()
		return
	}
	first := 0
	if att, ok := g.SideIndex(g.Scn.Attacker); ok {
		first = g.other(att)
	}
	g.phase, g.actor, g.ready = PhaseSetup, first, [2]bool{}
	g.log(KindTurn, "", "set-up: %s places first", g.sides[first].Name)
}

// startTurn runs 7.1 steps 1–4: smoke removal, the pre-planned fire hook,
// Orders and initiative; the game then waits in PhaseChallenge for the
// initiative loser.
func (g *Game) startTurn() {
	g.log(KindTurn, "§7.1", "Turn %d begins", g.turn)
	// Step 1: d6 for each SMOKE counter; 1 or 2 removes it.
	if len(g.smoke) > 0 {
		var kept []hexmap.Hex
		for _, h := range g.smoke {
			if g.d6("§7.1", "smoke in "+g.Label(h)) <= 2 {
				g.log(KindSmoke, "§7.1", "the smoke in %s clears", h)
				continue
			}
			kept = append(kept, h)
		}
		g.smoke = kept
		g.gen++ // cleared smoke opens sightlines (seed 002 Note 3)
		_ = g.replan()
	}
	g.prePlannedFire()
	if g.turn > 1 {
		g.windChange()
	}
	// Step 3: Orders.
	for si := range g.sides {
		g.sides[si].Orders = g.countOrders(si)
	}
	// Step 4: initiative.
	g.rollInitiative()
	g.ready = [2]bool{}
	g.toggled = map[*Unit]bool{}
	g.phase = PhaseChallenge
	g.actor = g.other(g.initWin)
	g.deferred = false
}

// countOrders is 7.2: one Order for each on-map combat unit that is not
// Shaken and each officer or observer unit (contact markers included),
// plus each unpinned on-map officer's roll on the Orders table.
func (g *Game) countOrders(si int) int {
	n := 0
	for _, u := range g.units {
		if u.Side != si || !u.InPlay() {
			continue
		}
		if u.IsOfficer() || (u.Combat() && !u.Shaken) {
			n++
		}
	}
	n += g.artOrders(si) // off-table batteries, their officers, observation aircraft
	base := n
	extra := 0
	for _, b := range g.bases {
		if b.Unit.Side != si || !g.officerDeployed(b) || b.Pinned {
			continue
		}
		t := combat.OfficerOrders(b.Unit.TQ, b.Type.Motorised)
		_, final := g.throw(t, true, si, fmt.Sprintf("%s's officer %s: Orders", g.sides[si].Name, b.ID))
		extra += combat.OrdersFor(final)
	}
	g.logFor(true, si, KindActivate, "§7.2", "%s: %d Orders (%d units, %d from officers; %d Brigade Orders in hand)", g.sides[si].Name, base+extra, base, extra, g.sides[si].Brigade)
	g.logFor(false, si, KindTurn, "§7.2", "%s has %d Orders this turn", g.sides[si].Name, base+extra)
	return base + extra
}

// rollInitiative is 7.1 step 4: d10 ± the total TQ of each side's unpinned
// on-map officers; a tie is thrown again (docs/rules.md).
func (g *Game) rollInitiative() {
	for try := 0; try < 20; try++ {
		var score [2]int
		for si := range g.sides {
			var tqs []int
			total := 0
			for _, b := range g.bases {
				if b.Unit.Side == si && g.officerDeployed(b) && !b.Pinned {
					tqs = append(tqs, b.Unit.TQ)
					total += b.Unit.TQ
				}
			}
			// The public roll shows the officers' total, not each officer:
			// how many there are is the side's own business.
			t := combat.Initiative(tqs)
			t.Mods = []combat.Mod{{What: "unpinned officers' TQ", N: total, Rule: "7.1"}}
			_, score[si] = g.throw(t, false, si, g.sides[si].Name+": initiative")
			g.sides[si].Initiative = score[si]
		}
		if score[0] != score[1] {
			g.initWin = 0
			if score[1] > score[0] {
				g.initWin = 1
			}
			g.log(KindTurn, "§7.1", "%s wins the initiative %d to %d", g.sides[g.initWin].Name, score[g.initWin], score[1-g.initWin])
			return
		}
		g.log(KindTurn, "§7.1", "initiative tied at %d: thrown again", score[0])
	}
	g.initWin = 0
}

// officerDeployed reports an officer base on the map as a model (§7.2):
// not under a contact marker; riding in a vehicle counts.
func (g *Game) officerDeployed(b *Base) bool {
	return b.Type.Class == forces.Officer && b.OnMap() && !b.Unit.Contact
}

// windChange is 11.76 over time: each turn after the first a d6 may change
// the wind (our schedule, docs/rules.md: a 6 raises the wind a step and a
// 1 lowers it; gusts come and go with a second d6 of 6), and the dust
// follows through climate.ApplyWindChange.
func (g *Game) windChange() {
	if !g.env.Region.Arid() || g.Scn.Environment.DYO == false && g.Scn.Environment.Wind == "" {
		return
	}
	r := g.d6("11.76", "wind change")
	c := climate.WindChange{Wind: g.env.Wind, Gusts: g.env.Gusts}
	switch {
	case r == 6 && c.Wind < climate.HeavyWind:
		c.Wind++
	case r == 1 && c.Wind > climate.NoWind:
		c.Wind--
	}
	if g.d6("11.76", "gusts") == 6 {
		c.Gusts = !c.Gusts
	}
	// Under an overcast sky a third d6 of 6 brings rain, which ends every
	// kind of dust for the rest of the game (11.77; our schedule).
	if g.env.Weather.IsOvercast() && g.env.Weather != climate.Rain && g.d6("11.77", "rain") == 6 {
		c.Rain = true
		g.env.Weather = climate.Rain
		g.log(KindClimate, "11.77", "rain begins: no dust of any kind for the rest of the game")
	}
	if c.Wind == g.env.Wind && c.Gusts == g.env.Gusts && !c.Rain {
		return
	}
	env, res := climate.ApplyWindChange(g.env, c)
	g.env = env
	g.log(KindClimate, "11.76", "the wind is now %s%s; dust %s → %s", env.Wind, map[bool]string{true: " with gusts"}[env.Gusts], res.Before, res.After)
	if res.ClearVehicleDust && len(g.dust) > 0 {
		g.dust = nil
		g.log(KindDust, "11.74", "the wind clears every vehicle dust counter")
	}
	_ = g.replan()
}

// endTurn runs 7.1 steps 6–10.
func (g *Game) endTurn() {
	g.open = nil
	// Step 6: Activated markers and Orders go; used Brigade Orders are
	// already discarded; Challenge Tokens stay.
	for _, u := range g.units {
		u.Activated = false
	}
	for _, s := range g.sides {
		s.Orders = 0
	}
	// Vehicle dust counters come off at the end of the turn (11.74's next
	// Prep Fire Phase, our reading: docs/rules.md).
	if len(g.dust) > 0 {
		g.dust = nil
		g.log(KindDust, "11.74", "the vehicle dust settles")
	}
	// Objectives are checked at the end of the turn (16.11).
	g.checkObjectives()
	// Step 7: reinforcements due next turn arrive now.
	for _, u := range g.units {
		if u.Arrives == g.turn+1 && u.Gone == "" {
			u.Arrives = 0
			g.gen++ // its bases are on the map now: sight is asked afresh
			// Told to the enemy only if it sees a base of the unit (issue
			// 17: a marker's unit is not named, an unseen one not announced).
			g.logFor(g.unitUnseen(u), u.Side, KindTurn, "§7.1", "%s: %s arrives from the %s edge", g.sides[u.Side].Name, u.Name, u.Edge)
		}
	}
	g.airEndTurn() // steps 6–7 for Close Air Support
	// Step 8: has anyone lost?
	var lost [2]string
	for si := range g.sides {
		if bp := g.BreakPoint(si); bp <= 0 {
			lost[si] = "reached its Break Point"
		} else if !g.hasCombatOnMap(si) {
			lost[si] = "has no combat units on the map"
		}
	}
	switch {
	case lost[0] != "" && lost[1] != "":
		g.finish(-1, fmt.Sprintf("draw: %s %s and %s %s (§16.12)", g.sides[0].Name, lost[0], g.sides[1].Name, lost[1]))
		return
	case lost[0] != "":
		g.finish(1, fmt.Sprintf("%s wins: %s %s (§16.12)", g.sides[1].Name, g.sides[0].Name, lost[0]))
		return
	case lost[1] != "":
		g.finish(0, fmt.Sprintf("%s wins: %s %s (§16.12)", g.sides[0].Name, g.sides[1].Name, lost[1]))
		return
	}
	// Steps 9–10: the turn counter, and the end after the last turn.
	if g.turn >= g.Scn.TurnLimit() {
		g.endByTime()
		return
	}
	g.turn++
	g.startTurn()
}

// endByTime is 7.1 step 10 and 16.12's last paragraph.
func (g *Game) endByTime() {
	s := g.Scn
	if s.Type == "all-out-attack" {
		att, _ := g.SideIndex(s.Attacker)
		def := g.other(att)
		g.finish(def, fmt.Sprintf("%s wins: the attack did not break it by the end of turn %d (§7.1 step 10)", g.sides[def].Name, g.turn))
		return
	}
	if s.DVP {
		a, b := g.DVPScored(0), g.DVPScored(1)
		switch {
		case a > b:
			g.finish(0, fmt.Sprintf("%s wins on desert victory points, %d to %d (F.3)", g.sides[0].Name, a, b))
			return
		case b > a:
			g.finish(1, fmt.Sprintf("%s wins on desert victory points, %d to %d (F.3)", g.sides[1].Name, b, a))
			return
		}
	}
	g.finish(-1, fmt.Sprintf("draw: neither side broke by the end of turn %d (§7.1 step 10)", g.turn))
}

func (g *Game) finish(winner int, result string) {
	g.phase, g.winner, g.result, g.open = PhaseOver, winner, result, nil
	g.log(KindResult, "§16.12", "%s", result)
}

// hasCombatOnMap is §16.12's first test: a side with no combat unit
// deployed on the table as models has lost. Units still to arrive count
// (§7.1 step 8: those due next turn are deployed before the check).
// Ruling (issue 17): units still under Contact Markers are not deployed
// as models ("ignored for this purpose"), so a side whose only combat
// units are hidden loses.
func (g *Game) hasCombatOnMap(si int) bool {
	for _, u := range g.units {
		if u.Side == si && u.Combat() && u.Gone == "" && (u.Arrives > 0 || !u.Contact && len(u.live()) > 0) {
			return true
		}
	}
	return false
}

// BreakPoint is the markers left on a side's Break Point Track (16.12): one
// off for each unit lost or Weakened — an observation aircraft shot down
// is a lost unit (10.24) — and an objective's value off while the enemy
// holds it.
func (g *Game) BreakPoint(si int) int {
	n := g.sides[si].BreakStart
	for _, u := range g.units {
		if u.Side == si && (u.Gone != "" || u.Weakened || (u.Arrives == 0 && len(u.live()) == 0)) {
			n--
		}
	}
	for _, a := range g.art.Aircraft {
		if a.Side == si && a.Gone == "shot down" {
			n-- // 10.24
		}
	}
	for _, o := range g.objs {
		if o.Owner == si && o.Controller != si {
			n -= o.Value
		}
	}
	return n
}

// DVPScored is the desert victory points a side has won: the DVP of enemy
// bases knocked out or captured (F.3).
func (g *Game) DVPScored(si int) int {
	n := 0
	for _, b := range g.bases {
		if b.Unit.Side != si && (b.KO || b.Unit.Gone == "surrendered") {
			n += b.Type.DVP
		}
	}
	return n
}

// checkObjectives is 16.11 at the end of a turn: valid bases within 10 cm
// (2 hexes) decide who controls each objective.
func (g *Game) checkObjectives() {
	radius := scale.Hexes(10)
	for _, o := range g.objs {
		var n [2]int
		for _, b := range g.bases {
			if b.Effective() && validHolder(b) && hexmap.Distance(b.Hex, o.Hex) <= radius {
				n[b.Unit.Side]++
			}
		}
		was := o.Controller
		switch {
		case n[0] > n[1]:
			o.Controller = 0
		case n[1] > n[0]:
			o.Controller = 1
		}
		if o.Controller != was {
			g.log(KindResult, "§16.11", "%s takes objective %s (%s)", g.sides[o.Controller].Name, o.ID, o.Name)
		}
	}
}

// validHolder is 16.11's list: combat and command bases and armoured
// transports may hold an objective; unarmoured transports and passengers
// may not (passengers are not Effective).
func validHolder(b *Base) bool { return b.Type.Class != forces.Transport }

// sortedUnits returns units in a fixed order (scenario order) for loops
// whose results depend on order.
func sortedUnits(us []*Unit) []*Unit {
	out := append([]*Unit(nil), us...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
