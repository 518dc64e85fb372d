package game

import (
	"fmt"
	"slices"

	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// Fire for Effect (§10.15–.18): every base within the FFE radius of the
// aim point, of either side, is rolled for on To Hit with Artillery (Area)
// Fire; each hit takes its Shooting Saving Throw against the battery's
// HE#, through the same save and knock-out code as direct fire. Area fire
// has no hindrance rows, so sun blindness and heat haze never touch it
// (11.611 and 11.62 except OBA). A smoke mission places SMOKE instead.

// ffeArea lists the map hexes within the radius of aim.
func (g *Game) ffeArea(aim hexmap.Hex, r int) []hexmap.Hex {
	var out []hexmap.Hex
	for _, h := range hexmap.Within(aim, r) {
		if g.Map.Contains(h) {
			out = append(out, h)
		}
	}
	return out
}

// areaFireInput is the battery's line of the area-fire to-hit table.
func (g *Game) areaFireInput(bt *Battery, pre bool) combat.AreaFire {
	tq, off := g.batteryTQ(bt)
	return combat.AreaFire{TQ: tq, OfficerTQ: off, Mortar: bt.Unit != nil, PrePlanned: pre}
}

// AreaSave is the saving throw of base t hit by bt's fire for effect: the
// target's column, its TQ and officer, size, the desert TEM against OBA
// (on-table mortars: indirect fire) as the cover save bonus, the
// battery's HE# (halved in sand, 7.4), the side armour of an armoured
// target (HE, as for direct fire).
func (g *Game) AreaSave(bt *Battery, t *Base) combat.Test {
	kind := protect.OBA
	if bt.Unit != nil {
		kind = protect.Indirect
	}
	// The shells come from above: the "firer" stands in the target's hex,
	// so no direct-fire rule (deir, crest, wall) applies. The target's
	// protection is the one shot builder's (shot.go): its fortification
	// counter, emplacement, passenger status.
	fu := protect.Unit{Loc: g.grid.At(t.Hex)}
	tu := g.ShotAt(fu.Loc, g.shotTarget(t), attack.OBA, true, bt.CalibreMM).Target
	ec := climate.Assess(g.env).EC // 11.6111: Early Morning in the rain is Wet whatever the scenario says
	cond := protect.Conditions{WetOrMud: ec == climate.ECWet || ec == climate.ECMud || g.env.MudExists()}
	mods := protect.Modifiers(g.grid, fu, tu, protect.Attack{Kind: kind, HE: true, CalibreMM: bt.CalibreMM}, cond)
	csb := g.ruinCSB(t.Hex, protect.CoverSaveBonus(mods)) // ruins: CSB 2 (buildings.go)
	if g.dugIn(t) && csb < 2 {
		csb = 2 // §7.6
	}
	sv := combat.Save{Column: t.Type.Class.SaveColumn(), TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), Size: t.Type.Size, CSB: csb,
		HEHit: true, HE: protect.HalveHE(g.batteryHE(bt), mods)}
	if armoured(t) {
		sv.Armour = t.Type.ArmourSide
	}
	if sh := g.shelterOf(t); sh != nil { // column E: the bunker saves (structures.go)
		sv.Column, sv.Toughness, sv.Damage = 'E', StructureToughness(sh.Kind), sh.Damage
	}
	return combat.ShootingSave(sv)
}

// sangarBlown is 8.41 for area fire: a base knocked out in a sangar by
// HE over 70 mm (off-table OBA or on-table mortars alike) takes the
// sangar with it; whoever else is in the hex fights on without it. The
// sangar is a counter both sides see, so the event is public.
func (g *Game) sangarBlown(t *Base, bt *Battery) {
	if !t.KO || bt.CalibreMM <= 70 || !hexIn(g.sangars, t.Hex) || t.Type.Class.Vehicle() || t.Carrier != nil {
		return
	}
	g.sangars = slices.DeleteFunc(g.sangars, func(h hexmap.Hex) bool { return h == t.Hex })
	g.gen++
	_ = g.replan() // fewer counters than the planner took before: cannot fail
	g.log(KindStructure, "8.41", "the sangar in %s is destroyed: a base in it was knocked out by %d mm HE", t.Hex, bt.CalibreMM)
}

func hexIn(hs []hexmap.Hex, h hexmap.Hex) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// hushed runs f with every event it logs private to side when private is
// true: the shelling of a base the other side cannot see stays hidden
// (§6A), though it goes through the shared save and knock-out code.
func (g *Game) hushed(private bool, side int, f func()) {
	was := g.hush
	if private {
		g.hush = side + 1
	}
	f()
	g.hush = was
}

// fireForEffect resolves one FFE of bt on aim (pre: pre-planned fire).
func (g *Game) fireForEffect(bt *Battery, aim hexmap.Hex, smoke, pre bool) {
	n := g.batteryBases(bt)
	r := combat.FFERadiusHexes(n, bt.Rockets)
	area := g.ffeArea(aim, r)
	what := "high explosive"
	if smoke {
		what = "smoke"
	}
	rockets := ""
	if bt.Rockets {
		rockets = ", rocket launchers: doubled"
	}
	g.log(KindSupport, RuleArea, "battery %s fires for effect with %s on %s: %d bases, radius %d hexes%s", bt.ID, what, aim, n, r, rockets)
	if smoke {
		placed := 0
		for _, h := range area {
			if !g.smokeAt(h) {
				g.smoke = append(g.smoke, h)
				placed++
			}
		}
		g.gen++
		_ = g.replan()
		g.log(KindSupport, RuleArea, "SMOKE covers %d hexes around %s: it blocks LOS through them (seed 002 Note 3)", placed, aim)
		return
	}
	if climate.FFEDustRaised(g.env, bt.CalibreMM) {
		for _, h := range area {
			if !hexIn(g.art.FFEDust, h) {
				g.art.FFEDust = append(g.art.FFEDust, h)
			}
		}
		g.log(KindSupport, "11.75", "FFE Dust: the blast area around %s is a +1 LOS hindrance until the turn ends (%d mm)", aim, bt.CalibreMM)
	}
	g.resolveFFE(bt, aim, r, pre)
}

// resolveFFE rolls to hit and saves for every base in the blast area,
// then the morale tests of the units that lost bases (10.8 step 9).
func (g *Game) resolveFFE(bt *Battery, aim hexmap.Hex, r int, pre bool) {
	g.ffeMorale(g.ffeHits(bt, aim, r, pre))
}

// ffeLoss is a unit that lost bases to an FFE, and whether the enemy
// could see it when the shells fell.
type ffeLoss struct {
	u      *Unit
	hidden bool
}

// ffeHits rolls to hit and saves for every base in the blast area, each
// private to its side while the enemy cannot see it, and returns the
// units that lost bases.
func (g *Game) ffeHits(bt *Battery, aim hexmap.Hex, r int, pre bool) []ffeLoss {
	var targets []*Base
	var hidden []bool
	for _, b := range g.bases {
		if b.Effective() && hexmap.Distance(b.Hex, aim) <= r {
			targets = append(targets, b)
			hidden = append(hidden, g.unseen(b))
		}
	}
	if len(targets) == 0 {
		g.log(KindSupport, RuleArea, "no base is in the blast area")
		g.ffeStructures(bt, aim, r, pre)
		return nil
	}
	// Every unit's bases before, passengers' units included (a transport
	// knocked out takes its passengers' saves); a unit is hidden when the
	// enemy saw none of its bases hit.
	before := map[*Unit]int{}
	for _, u := range g.units {
		before[u] = len(u.live())
	}
	hiddenUnit := map[*Unit]bool{}
	for i, t := range targets {
		u := t.Unit
		if _, ok := hiddenUnit[u]; !ok {
			hiddenUnit[u] = true
		}
		hiddenUnit[u] = hiddenUnit[u] && hidden[i]
	}
	for i, t := range targets {
		if !t.Effective() {
			continue
		}
		in := g.areaFireInput(bt, pre)
		sh := g.shelterOf(t) // a bunker or Tobruk pit: +1, and it saves on column E (structures.go)
		in.TargetBunker = sh != nil
		hit := combat.AreaFireHit(in)
		g.hushed(hidden[i], t.Unit.Side, func() {
			band, _ := g.throw(hit, false, t.Unit.Side, fmt.Sprintf("battery %s's fire for effect at %s in %s", bt.ID, t.ID, g.Label(t.Hex)))
			if band != combat.Success {
				g.log(KindUnharmed, RuleArea, "%s is not hit", t)
				return
			}
			if sh != nil {
				g.shelterSave(t, sh, g.AreaSave(bt, t), "hit by battery "+bt.ID, "")
				return
			}
			g.saveOrSuffer(t, g.AreaSave(bt, t), "hit by battery "+bt.ID, "")
		})
		g.sangarBlown(t, bt)
	}
	g.ffeStructures(bt, aim, r, pre) // §10.8 step 3: hits on buildings and bridges (buildings.go)
	if g.open != nil {
		g.open.lost = nil // ffeMorale tests them, each privately if need be
	}
	var lost []ffeLoss
	for _, u := range g.units {
		if len(u.live()) < before[u] {
			h, ok := hiddenUnit[u]
			if !ok {
				h = g.unitUnseen(u) // only passengers were lost
			}
			lost = append(lost, ffeLoss{u, h})
		}
	}
	return lost
}

// ffeMorale is 12.5 for each unit that lost bases to the FFE, in scenario
// order, private to its side when the enemy saw none of its bases.
func (g *Game) ffeMorale(lost []ffeLoss) {
	for _, l := range lost {
		if l.u.InPlay() {
			g.hushed(l.hidden, l.u.Side, func() { g.moraleTest(l.u) })
		}
	}
}

// prePlannedFire is §7.1 step 2: the barrages the scenario schedules for
// this turn, each an FFE on its hex with no call and no ranging (and no
// fatigue, §10.15–.18's pre-planned row).
func (g *Game) prePlannedFire() {
	g.newTurnArt()
	for _, p := range g.art.Barrages {
		if p.Turn != g.turn || g.phase == PhaseOver {
			continue
		}
		bt := p.Battery
		if err := g.canFire(bt); err != nil {
			g.log(KindSupport, "§7.1", "pre-planned fire of battery %s on %s does not come: %v", bt.ID, p.Hex, err)
			continue
		}
		g.log(KindSupport, "§7.1", "%s: pre-planned fire (§7.1 step 2)", g.sides[bt.Side].Name)
		g.fireForEffect(bt, p.Hex, p.Smoke, true)
	}
}

// ffeDust lists the FFE Dust hexes for the LOS engine (11.75).
func (g *Game) ffeDust() []los.Dust {
	out := make([]los.Dust, 0, len(g.art.FFEDust))
	for _, h := range g.art.FFEDust {
		out = append(out, los.Dust{Hex: h, FFE: true})
	}
	return out
}
