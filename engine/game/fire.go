package game

import (
	"errors"
	"fmt"

	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/move"
	"khamsin/engine/protect"
	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// loc is where a base stands for LOS: the hex's ground, entrenched when
// dug in or in a sangar or foxhole.
func (g *Game) loc(b *Base) los.Location {
	if b.Crest {
		return g.grid.CrestAt(b.Hex, b.Front)
	}
	l := g.grid.At(b.Hex)
	l.Entrenched = g.dugIn(b)
	l.Emplaced = g.emplaced(b) // F.1A (shot.go)
	return l
}

// dugIn reports a base that is entrenched: dug in (§7.6), or a man or
// gun in a hex with a foxhole, sangar or trench counter (8.1, 8.5, LOS-12).
func (g *Game) dugIn(b *Base) bool {
	if b.Type.Class.Vehicle() || b.Carrier != nil {
		return false
	}
	if b.DugIn {
		return true
	}
	return g.FortAt(b.Hex) != protect.NoFort
}

// concealed reports a base seen only within 6.4's distances: dug in, or
// in Concealment Terrain for it (scrub hides only men on foot, dug-in
// units and Emplaced Guns, 2.3).
func (g *Game) concealed(b *Base) bool {
	dug := g.dugIn(b)
	foot := b.Type.Move == move.Infantry && b.Type.Class != forces.Gun
	return dug || protect.ConcealmentFor(g.Map.Terrain(b.Hex), foot, dug || g.emplaced(b)) || g.behindObstacle(b)
}

// sees reports whether base e sees base t: LOS (SMOKE blocks it, seed 002
// Note 3), and within 6.4's visibility distance when t is concealed.
func (g *Game) sees(e, t *Base) bool {
	if g.concealed(t) && hexmap.Distance(e.Hex, t.Hex) > combat.VisibilityHexes(t.Type.Size, false) {
		return false
	}
	return g.seesThrough(g.loc(e), g.loc(t))
}

// unseen reports whether the enemy of b's side cannot see b now: its
// doings are then private to its own side (§6A: hidden stays hidden, in
// the log too).
func (g *Game) unseen(b *Base) bool { return !g.visibleTo(g.other(b.Unit.Side), b) }

// unitUnseen reports whether the enemy sees none of u's bases.
func (g *Game) unitUnseen(u *Unit) bool {
	for _, b := range u.live() {
		if !g.unseen(b) {
			return false
		}
	}
	return true
}

// visibleTo reports whether side knows where base t is: its own, or an
// enemy base not under a contact marker that one of side's bases sees (or
// that gave itself away by firing). Each answer is remembered until the
// state changes; only the bases asked about are worked out (a command
// asks about a few, many times over).
func (g *Game) visibleTo(side int, t *Base) bool {
	if t.Unit.Side == side {
		return true
	}
	if t.Unit.Contact || !t.Effective() {
		return false
	}
	rc := g.rc
	rc.mu.Lock()
	rc.fresh(g.gen)
	if rc.seen[side] == nil {
		rc.seen[side] = make([]int8, len(g.bases))
	}
	known := rc.seen[side][t.idx]
	rc.mu.Unlock()
	if known != 0 {
		return known > 0
	}
	v := g.seenBySide(side, t)
	rc.mu.Lock()
	if rc.gen == g.gen && rc.seen[side] != nil {
		rc.seen[side][t.idx] = -1
		if v {
			rc.seen[side][t.idx] = 1
		}
	}
	rc.mu.Unlock()
	return v
}

// seenBySide works out whether one of side's bases sees enemy base t.
func (g *Game) seenBySide(side int, t *Base) bool {
	if t.Fired {
		return true // it gave itself away by firing
	}
	for _, e := range g.bases {
		if e.Unit.Side == side && e.OnMap() && g.sees(e, t) {
			return true
		}
	}
	return false
}

// visibility is, per base, whether side sees it.
func (g *Game) visibility(side int) []bool {
	out := make([]bool, len(g.bases))
	for i, t := range g.bases {
		out[i] = g.visibleTo(side, t)
	}
	return out
}

// shot is a checked direct-fire attack.
type shot struct {
	weapon *forces.Weapon
	rng    int
	// as is whose knowledge the shot's line is read with: 0 the truth
	// (the shot fired); side+1 that side's own odds, where only the AFVs
	// it sees hinder (LOS-11: a hidden vehicle on the line must not show
	// in a side's odds).
	as int8
}

// armoured reports a target saved on column D.
func armoured(b *Base) bool { return b.Type.Class == forces.Armoured }

// planFire checks a fire command: the firer can shoot, sees the target,
// and has a weapon in range that can harm it.
func (g *Game) planFire(b, t *Base) (*shot, error) { return g.planFireQ(b, t, false) }

// errListing is the refusal of a command a listing asks about (quiet):
// the list needs only yes or no, and the words cost more than the check.
var errListing = errors.New("not legal")

// planFireQ is planFire; quiet, a refusal is errListing.
func (g *Game) planFireQ(b, t *Base, quiet bool) (*shot, error) {
	if !b.Effective() {
		return nil, fmt.Errorf("fire %s: it is not in play", b.ID)
	}
	if !t.Effective() || !g.visibleTo(b.Unit.Side, t) {
		if quiet {
			return nil, errListing
		}
		return nil, fmt.Errorf("fire %s: no enemy base %s in sight", b.ID, t.ID)
	}
	rng := hexmap.Distance(b.Hex, t.Hex)
	w, why := g.chooseWeapon(b, t, rng)
	if w == nil {
		if quiet {
			return nil, errListing
		}
		return nil, fmt.Errorf("fire %s %s: %s", b.ID, t.ID, why)
	}
	if !g.sees(b, t) {
		if quiet {
			return nil, errListing
		}
		return nil, fmt.Errorf("fire %s %s: %s cannot see %s (check with khamsin los)", b.ID, t.ID, b.ID, t.ID)
	}
	if err := g.arcError(b, t); err != nil { // a bunker's firing arc (structures.go)
		return nil, err
	}
	return &shot{weapon: w, rng: rng}, nil
}

// weaponRange is a weapon's maximum range in hexes (HC capped at 70 cm,
// 10.8): combat.WeaponMaxHexes, the one place.
func weaponRange(w *forces.Weapon) int { return combat.WeaponMaxHexes(w) }

// chooseWeapon picks the weapon a base fires at t (docs/rules.md): at an
// armoured target the highest PEN in range (else HE); at anything else
// the highest HE# in range, else the highest FPF, else an AP gun (§10.8
// allows AP at any target; soft targets save with PEN 0).
func (g *Game) chooseWeapon(b, t *Base, rng int) (*forces.Weapon, string) {
	var best *forces.Weapon
	score := -1
	inRange := false
	for _, id := range b.Type.Weapons {
		w, ok := g.Cat.Weapon(id)
		if !ok || w.Kind == forces.Mortar || w.Kind == forces.Flame || rng > weaponRange(w) || rng < 1 && w.RangeCM == 0 {
			continue
		}
		if b.Crest && w.Kind != forces.SmallArms && w.Kind != forces.ATR && w.Kind != forces.HC {
			continue // 6.13: from Crest status only the infantry's own arms, ATRs and HC launchers
		}
		inRange = true
		s := -1
		if armoured(t) {
			switch {
			case g.penOf(w) > 0:
				s = 100 + g.penOf(w)
			case w.HE > 0:
				s = w.HE
			}
		} else {
			switch {
			case w.HE > 0 && (w.Kind == forces.HE || w.HEToo):
				s = 100 + w.HE
			case w.FPF > 0:
				s = w.FPF
			case w.Kind == forces.AP:
				s = 0 // §10.8 does not keep AP for armour: the last choice, saved with PEN 0 (columns A–C, F)
			}
		}
		if s > score {
			best, score = w, s
		}
	}
	switch {
	case best != nil && score >= 0:
		return best, ""
	case !inRange:
		return nil, fmt.Sprintf("%s is %d hexes away, beyond the range of %s's weapons", t.ID, rng, b.ID)
	}
	return nil, fmt.Sprintf("none of %s's weapons in range can harm %s", b.ID, t.ID)
}

// attackKind maps a weapon to engine/attack's kinds for the LOS and
// climate answer.
func attackKind(w *forces.Weapon) attack.Kind {
	switch w.Kind {
	case forces.SmallArms, forces.MG:
		return attack.SmallArms
	}
	return attack.Ordnance
}

// answer is the desert's answer for b shooting at t (LOS, hindrances,
// climate DRMs, protection), from the one shot builder (shot.go).
func (g *Game) answer(b, t *Base, w *forces.Weapon) attack.Answer {
	return g.answerAs(b, t, w, -1)
}

// answerAs is answer with the line read as reader knows it: only the AFVs
// reader sees (its own and the enemy's it sees) hinder; wrecks, dust and
// SMOKE are public. reader -1 is the truth.
func (g *Game) answerAs(b, t *Base, w *forces.Weapon, reader int) attack.Answer {
	sh := g.Shot(b, t, w)
	if reader >= 0 {
		sh.Vehicles = g.knownVehicles(sh.Vehicles, reader)
	}
	env := g.env
	var a attack.Answer
	g.withChecker(func(c *los.Checker) { a = attack.Resolve(g.grid, c, &env, sh) })
	return a
}

// knownVehicles are the vehicles of vs that reader knows of: every wreck
// and the AFVs in hexes where it sees one.
func (g *Game) knownVehicles(vs []los.Vehicle, reader int) []los.Vehicle {
	out := vs[:0:0]
	for _, v := range vs {
		if v.Wreck || g.afvSeenIn(reader, v.Hex) {
			out = append(out, v)
		}
	}
	return out
}

// ShotOdds is what a player sees before committing a shot: the to-hit
// test, the save the target will need, and the chance of each outcome.
type ShotOdds struct {
	Weapon  string      `json:"weapon"`
	Range   int         `json:"range"`
	ToHit   combat.Test `json:"to_hit"`
	Save    combat.Test `json:"save"`
	Blocked string      `json:"blocked,omitempty"`
	// Chances of the target's fate: unharmed (missed or saved), pinned,
	// knocked out.
	Unharmed, Pinned, KnockedOut float64
}

// dustCombos is every way n dust dice can fall (each d6 face per die),
// equally likely: the odds weigh them all rather than sample them.
func dustCombos(n int) [][]int {
	combos := [][]int{nil}
	for range n {
		var next [][]int
		for _, c := range combos {
			for f := 1; f <= 6; f++ {
				next = append(next, append(append([]int(nil), c...), f))
			}
		}
		combos = next
	}
	return combos
}

// Odds answers "what if b fires at t" without throwing anything.
func (g *Game) Odds(b, t *Base) (ShotOdds, error) {
	s, err := g.planFire(b, t)
	if err != nil {
		return ShotOdds{}, err
	}
	s.as = int8(b.Unit.Side + 1) // a side's own odds: the AFVs it knows of hinder (LOS-11)
	pens, weights := g.hcPENs(s.weapon)
	o := ShotOdds{Weapon: s.weapon.Name, Range: s.rng}
	// Every dust dr and every hollow-charge PEN, each equally likely per
	// die: the odds are exact, not sampled.
	combos := dustCombos(len(g.dustRolls(b, t, s.weapon)))
	for ci, dr := range combos {
		for i, pen := range pens {
			hit, save, blocked := g.fireTests(b, t, s, pen, dr)
			if ci == 0 && i == 0 {
				o.ToHit, o.Save, o.Blocked = hit, save, blocked
			}
			if blocked != "" {
				o.Unharmed = 1
				return o, nil
			}
			wgt := weights[i] / float64(len(combos))
			h := hit.Chances()[combat.Success]
			c := save.Chances()
			if b.Type.Sniper && !t.Type.Class.CommandBase() {
				o.Pinned += wgt * h * (c[combat.Middle] + c[combat.Failure]) // a sniper pins; it kills only command bases
				continue
			}
			o.KnockedOut += wgt * h * c[combat.Failure]
			o.Pinned += wgt * h * c[combat.Middle]
		}
	}
	o.Unharmed = 1 - o.KnockedOut - o.Pinned
	return o, nil
}

// fireTests builds the to-hit (§10.8) and saving-throw tests of a shot.
// hcPEN is the hollow charge's thrown PEN (else the weapon's PEN is
// used); dustDr gives the subsequent dr of each dust hindrance that needs
// one (11.71 halved, 11.72 whole), in order.
func (g *Game) fireTests(b, t *Base, s *shot, hcPEN int, dustDr []int) (combat.Test, combat.Test, string) {
	w := s.weapon
	ans := g.answerAs(b, t, w, int(s.as)-1)
	if !ans.Clear {
		why := "blocked"
		if ans.BlockedBy != nil {
			why = fmt.Sprintf("blocked by %s (%s)", ans.BlockedBy.Kind, ans.BlockedBy.Rule)
		}
		return combat.Test{}, combat.Test{}, why
	}
	hind, total := hindranceMods(ans, dustDr)
	if len(hind) == 0 { // an obstacle obscures only a line no desert hindrance already does (the join, combat.DirectFire)
		for _, m := range g.obstacleHindrance(b, t) { // Linear Fixed Defences (obstacles.go)
			total -= m.N
			hind = append(hind, m)
		}
	}
	halveFPF := protect.HalvesHE(ans.Protection)
	for _, m := range ans.Protection {
		switch m.Effect {
		case "DRM": // a desert DRM on the attack joins the to-hit like a hindrance
			total += m.Value
			hind = append(hind, combat.Mod{What: m.Kind, N: -m.Value, Rule: m.Rule + " via the DRM join"})
		case "area-fire": // 6.12: area fire halves the firepower (the FP join)
			halveFPF = true
		}
	}
	if b.Type.Sniper {
		// Seed 002's sniper tables replace §10.8 and the shooting save.
		return combat.SniperHitHindered(b.Unit.TQ, g.officerWith(b), hind, false, 0), combat.SniperSave(t.Unit.TQ, t.Type.Size), ""
	}
	pen := w.PEN
	if w.Kind == forces.HC {
		pen = hcPEN
	}
	kind := w.Kind
	if w.HEToo && !armoured(t) {
		kind = forces.HE // §10.8: HE fired direct takes no range modifier
	}
	shelter := g.shelterOf(t) // a bunker or Tobruk pit (structures.go)
	hit := combat.ToHitDirect(combat.DirectFire{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Weapon: kind,
		RangeHexes: s.rng, MaxRangeHexes: weaponRange(w), HindranceDRM: total, Hindrances: hind, TargetBunker: shelter != nil})
	csb, parts := g.coverSave(b, t, ans)
	sv := combat.Save{Column: t.Type.Class.SaveColumn(), TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), Size: t.Type.Size, CSB: csb, CSBParts: parts}
	if shelter != nil { // column E: the structure saves (structures.go)
		sv.Column, sv.Toughness, sv.Damage = 'E', StructureToughness(shelter.Kind), shelter.Damage
	}
	useHE := w.Kind == forces.HE || (w.HEToo && !armoured(t))
	switch {
	case useHE:
		sv.HEHit, sv.HE = true, protect.HalveHE(w.HE, ans.Protection)
	case w.Kind == forces.SmallArms || w.Kind == forces.MG:
		sv.SmallArms, sv.FPF = true, w.FPF
		if halveFPF {
			sv.FPF = (w.FPF + 1) / 2 // "FP halved" (sand 7.4, 6.12's area fire) halves FPF, rounded up
		}
	case w.Kind == forces.HC:
		sv.HCHit, sv.PEN = true, pen
	default:
		sv.AP, sv.PEN = true, pen
	}
	if armoured(t) {
		sv.Armour = t.Type.ArmourSide
		if !useHE && g.frontOn(t, b) {
			sv.Armour = t.Type.ArmourFront
		}
	}
	return hit, combat.ShootingSave(sv), ""
}

// hindranceMods are a shot's desert hindrances as to-hit modifiers (the
// hindrance join: +N is −N), each dust hindrance with its subsequent dr
// from dustDr in order (11.71 halved, 11.72 whole), and their total DRM.
func hindranceMods(ans attack.Answer, dustDr []int) ([]combat.Mod, int) {
	var hind []combat.Mod
	total, k := 0, 0
	for _, h := range ans.Hindrances {
		drm := h.DRM
		what := h.Kind
		if h.Roll != "" && k < len(dustDr) {
			dr := dustDr[k]
			k++
			if h.Roll == "half-dr" {
				drm += climate.LightDustDRM(dr)
				what = fmt.Sprintf("%s (dr %d halved)", h.Kind, dr)
			} else {
				drm += dr
				what = fmt.Sprintf("%s (dr %d)", h.Kind, dr)
			}
		}
		total += drm
		hind = append(hind, combat.Mod{What: what, N: -drm, Rule: h.Rule + " via the hindrance join"})
	}
	return hind, total
}

// coverSave is the target's Cover Save Bonus against a direct-fire shot
// and its parts, each with its rule: the desert TEMs through the join
// (a fortification counter's among them: 7.42, 8.4, LOS-12; F.1A's
// emplacement; 4.51/6.52's AFV or wreck); in ruins seed 002's 2 in
// their place; and where seed 002's own bonus is larger — dug in by §7.6
// 2, an improvised obstacle's 2 (Note A) — it stands instead (never
// added).
func (g *Game) coverSave(b, t *Base, ans attack.Answer) (int, []combat.Mod) {
	csb := ans.CoverSave
	var parts []combat.Mod
	for _, m := range ans.Protection {
		if m.Effect == "TEM" {
			parts = append(parts, combat.Mod{What: "cover save bonus (" + m.Kind + ")", N: m.Value, Rule: m.Rule + " via the TEM join"})
		}
	}
	seed := func(n int, what, rule string) {
		if csb < n {
			csb, parts = n, []combat.Mod{{What: "cover save bonus (" + what + ")", N: n, Rule: rule}}
		}
	}
	if r := g.ruinCSB(t.Hex, -99); r != -99 { // ruins: CSB 2 in place of the building's join (buildings.go)
		csb, parts = r, []combat.Mod{{What: "cover save bonus (ruins)", N: r, Rule: "Area terrain effects: Ruins"}}
	}
	if t.DugIn {
		seed(2, "dug in", "7.6") // §7.6: dug in gains a CSB of 2
	}
	if oc := g.obstacleCover(b, t); oc > 0 {
		seed(oc, "improvised obstacle", "Linear Fixed Defences Note A")
	}
	return csb, parts
}

// dustRolls lists the dust hindrances of a shot that need a subsequent
// dr (11.71, 11.72).
func (g *Game) dustRolls(b, t *Base, w *forces.Weapon) []string {
	var out []string
	for _, h := range g.answer(b, t, w).Hindrances {
		if h.Roll != "" {
			out = append(out, h.Rule)
		}
	}
	return out
}

// frontOn reports a shot from t's front arc: the firer lies toward t's
// facing or either hexside beside it (docs/rules.md, "Front and side";
// inFrontArc, arc.go).
func (g *Game) frontOn(t, firer *Base) bool { return inFrontArc(t.Hex, t.Facing, firer.Hex) }

// doFire resolves one base's direct fire at t: 10.8's to-hit, then the
// target's saving throw, in the shooting sequence's order.
// firedBy marks b as having fired: the enemy sees it until it moves (a
// shot gives its firer away; without this the public to-hit roll, its
// range and hindrances, placed a base the enemy could not see).
func (g *Game) firedBy(b *Base) {
	if !b.Fired {
		b.Fired = true
		g.gen++
	}
}

func (g *Game) doFire(b, t *Base, reaction bool) {
	s, err := g.planFire(b, t)
	if err != nil {
		g.logFor(g.unseen(b), b.Unit.Side, KindFire, "", "%s cannot fire: %v", b, err)
		return
	}
	g.reveal(b.Unit, "opens fire")
	g.firedBy(b)
	g.log(KindFire, "§10.8", "%s fires %s at %s in %s, range %d", b, s.weapon.Name, t, t.Hex, s.rng)
	pen := s.weapon.PEN
	var dr []int
	for _, rule := range g.dustRolls(b, t, s.weapon) {
		dr = append(dr, g.d6(rule, "dust dr for "+b.ID+"'s shot"))
	}
	hit, save, blocked := g.fireTests(b, t, s, pen, dr)
	if blocked != "" {
		g.log(KindFire, "§10.8", "the shot is %s", blocked)
		return
	}
	band, _ := g.throw(hit, false, b.Unit.Side, b.ID+" to hit "+t.ID)
	g.veilHiddenAFVs(b, t, s.weapon, hit.Mods)
	if band != combat.Success {
		g.log(KindUnharmed, "§10.8", "missed")
		return
	}
	if row, ok := g.hcRow(s.weapon); ok {
		// A hollow charge's PEN is thrown when it hits (HC weapons table).
		pen = row.Plus
		var faces []int
		for i := 0; i < row.Dice; i++ {
			f := g.dice.Dr("HC weapons PEN of " + s.weapon.Name).Colored
			faces = append(faces, f)
			pen += f
		}
		e := g.log(KindFire, "HC weapons", "%s's hollow charge: PEN %dd6%+d", s.weapon.Name, row.Dice, row.Plus)
		e.Roll = &Roll{Dice: fmt.Sprintf("%dd6", row.Dice), Faces: faces, Final: pen, Result: fmt.Sprintf("PEN %d", pen)}
		_, save, _ = g.fireTests(b, t, s, pen, dr)
	}
	if b.Type.Sniper {
		g.sniperSave(t, save, "hit by "+b.ID)
		return
	}
	cause := ""
	if s.weapon.Kind == forces.AP && !(s.weapon.HEToo && !armoured(t)) {
		cause = "ap"
	}
	if sh := g.shelterOf(t); sh != nil {
		g.shelterSave(t, sh, save, "hit by "+b.ID, cause) // structures.go
		return
	}
	bd := g.standingAt(t.Hex) // a building or bridge (buildings.go)
	g.saveOrSuffer(t, save, "hit by "+b.ID, cause)
	if bd != nil && (s.weapon.Kind == forces.HE || (s.weapon.HEToo && !armoured(t))) {
		// §10.8 step 2: a direct HE hit on a base in a building or on a
		// bridge hits the structure too; step 6 its save.
		g.structureHit(bd, s.weapon.HE, "hit by "+b.ID+"'s HE")
	}
}

// sniperSave is the Saving Throw for Sniper Fire: 2–5 pins; 1 or less
// pins a base and sends its unit to a morale test at once, or kills a
// command base (and the unit it is attached to tests morale).
func (g *Game) sniperSave(t *Base, save combat.Test, why string) {
	band, _ := g.throw(save, false, t.Unit.Side, t.ID+" saves, "+why)
	if band == combat.Success {
		g.log(KindUnharmed, "Snipers", "%s is unaffected", t)
		return
	}
	if band == combat.Failure && t.Type.Class.CommandBase() {
		g.knockOut(t, "killed by the sniper")
		for _, u := range g.units {
			if u != t.Unit && u.Side == t.Unit.Side && u.InPlay() {
				for _, b := range u.live() {
					if b.Hex == t.Hex {
						g.pendingMorale = append(g.pendingMorale, u)
						break
					}
				}
			}
		}
		return
	}
	if !t.Pinned {
		t.Pinned = true
		g.log(KindPinned, "Snipers", "%s is Pinned", t)
	}
	if band == combat.Failure {
		g.log(KindMorale, "Snipers", "%s must test morale at once", t.Unit)
		g.moraleTest(t.Unit)
	}
}

// saveOrSuffer throws a base's saving throw and applies the result.
func (g *Game) saveOrSuffer(t *Base, save combat.Test, why, cause string) {
	band, _ := g.throw(save, false, t.Unit.Side, t.ID+" saves, "+why)
	switch band {
	case combat.Success:
		g.log(KindUnharmed, cite002(save.Rule), "%s is unaffected", t)
	case combat.Middle:
		if t.Pinned {
			g.log(KindPinned, cite002(save.Rule), "%s is already Pinned", t)
		} else {
			t.Pinned = true
			g.log(KindPinned, cite002(save.Rule), "%s is Pinned", t)
		}
	default:
		g.knockOutBy(t, "knocked out", cause)
	}
}

// knockOut removes a base: its passengers save (seed 002's passenger
// table), a vehicle leaves a wreck, its unit tests morale when the Order
// ends, and may become Weakened or lost (16.12).
func (g *Game) knockOut(t *Base, how string) { g.knockOutBy(t, how, "") }

// knockOutBy is knockOut with the cause that the passenger save asks
// about: "ap" (a hit by AP), "assault" (close assault), or "".
func (g *Game) knockOutBy(t *Base, how, cause string) {
	t.KO = true
	t.Pinned = false
	g.gen++
	g.log(KindLoss, "§10.8", "%s is %s", t, how)
	if t.Type.Class == forces.Armoured || t.Type.Class == forces.Combat || t.Type.Class == forces.Transport {
		g.wrecks = append(g.wrecks, t.Hex)
		var kept []Dust
		for _, d := range g.dust {
			if d.Base != t.ID {
				kept = append(kept, d)
			}
		}
		g.dust = kept
	}
	for _, p := range g.bases {
		if p.Carrier != t || !p.OnMap() {
			continue
		}
		p.Carrier = nil
		in := combat.Passenger{TQ: p.Unit.TQ, OfficerTQ: g.officerWith(p), InfantryOrTowed: p.Type.Class != forces.Officer && p.Type.Class != forces.Observer, Size: p.Type.Size,
			ByAP: cause == "ap" && !armoured(t), InCloseAssault: cause == "assault"}
		band, _ := g.throw(combat.PassengerSave(in), false, p.Unit.Side, p.ID+" bails out of "+t.ID)
		switch band {
		case combat.Middle:
			p.Pinned = true
			g.log(KindPinned, "§10.8", "%s gets out, Pinned", p)
		case combat.Failure:
			g.knockOut(p, "lost with its transport")
		default:
			g.log(KindUnharmed, "§10.8", "%s gets out", p)
		}
	}
	u := t.Unit
	g.unitLost(u)
	if g.open != nil {
		for _, x := range g.open.lost {
			if x == u {
				return
			}
		}
		g.open.lost = append(g.open.lost, u)
	}
}

// unitLost updates Weakened and lost after a unit loses a base: Weakened
// at half its bases or fewer (docs/rules.md), lost with none.
func (g *Game) unitLost(u *Unit) {
	n := len(u.live())
	fighting, start := 0, 0 // Weakened counts combat bases only (16.12's combat units)
	for _, b := range u.Bases {
		if b.Type.CombatUnit() {
			start++
			if b.OnMap() {
				fighting++
			}
		}
	}
	if n == 0 && u.Gone == "" {
		u.Gone = "destroyed"
		u.Challenge = false
		g.log(KindLoss, "§16.12", "%s (%s) is destroyed", u, u.Name)
		return
	}
	if !u.Weakened && start > 1 && 2*fighting <= start {
		u.Weakened = true
		e := g.log(KindMorale, "§16.12", "%s is Weakened: %d of %d bases left", u, fighting, start)
		if e.Private == "" && !g.allSeen(u) {
			// how many bases it had and has is the owner's to know while
			// the enemy does not see them all
			e.veil, e.veilText = int8(u.Side+1), u.ID+" is Weakened: a marker comes off its side's Break Point Track"
		}
	}
}

// moraleTests is 12.5 for each unit that lost bases in the Order just
// finished (10.8 step 9).
func (g *Game) moraleTests() {
	var lost []*Unit
	if g.open != nil {
		lost = g.open.lost
		g.open.lost = nil
	}
	g.pendingMorale = append(g.pendingMorale, lost...)
	for len(g.pendingMorale) > 0 {
		u := g.pendingMorale[0]
		g.pendingMorale = g.pendingMorale[1:]
		if !u.InPlay() {
			continue
		}
		g.moraleTest(u)
	}
}

// moraleTest is 12.5: carry on, withdraw 2d6 × 5 cm (2d6 hexes, scale
// join) and be Shaken, or rout or surrender (F.5: a surrender is never
// refused).
func (g *Game) moraleTest(u *Unit) {
	band, _ := g.throw(combat.MoraleTest(g.moraleInput(u)), false, u.Side, u.ID+" tests morale")
	switch band {
	case combat.Success:
		g.log(KindMorale, "§12.5", "%s carries on", u)
	case combat.Middle:
		if kind := g.immobileIn(u); kind != "" {
			g.surrender(u, "cannot withdraw from its "+kind+" (§12.5: an immobile unit)")
			return
		}
		n := g.twoD6(false, u.Side, "§12.5", u.ID+" withdraws 2d6 × 5 cm")
		if !g.withdraw(u, scale.Hexes(5*n)) {
			g.surrender(u, "cannot withdraw")
			return
		}
		u.Shaken = true
		for _, b := range u.Bases {
			b.Crest = false // 6.14: broken crest infantry lose Crest status
		}
		g.log(KindMorale, "§12.5", "%s withdraws up to %s and is Shaken", u, nHexes(scale.Hexes(5*n)))
	default:
		if g.enemyWithin(u, 2) {
			g.surrender(u, "routs with the enemy close")
		} else {
			u.Gone = "routed"
			u.Challenge = false
			g.log(KindLoss, "§12.5", "%s routs and leaves the battle", u)
		}
		g.commandBaseSaves(u)
	}
}

// commandBaseSaves: officers attached to a unit that routs or surrenders
// take the Command Base Saving Throw (2.5).
func (g *Game) commandBaseSaves(u *Unit) {
	for _, o := range g.bases {
		if o.Unit.Side != u.Side || o.Unit == u || !o.Effective() || o.Type.Class != forces.Officer {
			continue
		}
		attached := false
		for _, b := range u.Bases {
			if b.Hex == o.Hex {
				attached = true
			}
		}
		if !attached {
			continue
		}
		band, _ := g.throw(combat.CommandBaseSave(o.Unit.TQ), false, o.Unit.Side, o.ID+": command base saving throw")
		switch band {
		case combat.Middle:
			o.Pinned = true
			g.log(KindPinned, "§2.5", "%s is Pinned", o)
		case combat.Failure:
			g.knockOut(o, "killed or captured")
		}
	}
}

func (g *Game) enemyWithin(u *Unit, r int) bool {
	for _, b := range u.live() {
		for _, e := range g.bases {
			if e.Unit.Side != u.Side && e.Effective() && hexmap.Distance(e.Hex, b.Hex) <= r {
				return true
			}
		}
	}
	return false
}

// immobileIn names the structure kind when u is §12.5's immobile unit:
// every base it has on the map occupies a bunker or Tobruk pit (its
// garrison holds the structure and does not withdraw from it); else "".
func (g *Game) immobileIn(u *Unit) string {
	kind := ""
	for _, b := range u.live() {
		s := g.shelterOf(b)
		if s == nil {
			return ""
		}
		kind = s.Kind
	}
	if kind == "tobruk" {
		kind = "Tobruk pit"
	}
	return kind
}

// surrender: the unit is captured (F.5).
func (g *Game) surrender(u *Unit, why string) {
	u.Gone = "surrendered"
	u.Challenge = false
	g.log(KindLoss, "F.5", "%s %s and surrenders; it is captured", u, why)
}

// withdraw moves each of u's bases up to n hexes to the reachable hex
// farthest from the nearest enemy base (12.5); false when none can get
// farther away.
func (g *Game) withdraw(u *Unit, n int) bool {
	g.gen++ // destOK reads the state as it is now, mid-command
	moved := false
	for _, b := range u.live() {
		if b.Carrier != nil {
			continue
		}
		if b.Stuck != "" || b.Type.MP <= 0 {
			continue
		}
		a, err := g.withdrawReach(b) // Note 3: not through known minefields
		if err != nil {
			continue
		}
		best, bd := b.Hex, g.nearestEnemy(b, b.Hex)
		for _, h := range a.Hexes() {
			if hexmap.Distance(h, b.Hex) > n || g.destOK(b, h) != "" || g.enemyHolds(b, h) {
				continue
			}
			if d := g.nearestEnemy(b, h); d > bd {
				best, bd = h, d
			}
		}
		if best == b.Hex {
			continue
		}
		from, hidFrom := b.Hex, g.unseen(b)
		b.Hex, b.DugIn, b.Emplaced, b.Fired = best, false, false, false
		g.gen++
		for _, p := range g.bases {
			if p.Carrier == b {
				p.Hex = best
			}
		}
		g.logSeenMove(b, from, hidFrom, KindMove, "§12.5", "%s withdraws %s → %s", b, from, best)
		moved = true
	}
	return moved
}

// enemyHolds reports an enemy base in h, hidden ones too: destOK lets a
// move run into a hidden one (and stop), but a withdrawal has no such
// stop and must not share its hex (docs/rules.md, stacking).
func (g *Game) enemyHolds(b *Base, h hexmap.Hex) bool {
	for _, o := range g.bases {
		if o.Hex == h && o.Effective() && o.Unit.Side != b.Unit.Side {
			return true
		}
	}
	return false
}

func (g *Game) nearestEnemy(b *Base, h hexmap.Hex) int {
	best := 1 << 20
	for _, e := range g.knownEnemyHexes(b.Unit.Side) { // issue 17: the enemy it knows of
		best = min(best, hexmap.Distance(e, h))
	}
	return best
}

// canAssault checks a close assault (11.9): range 0–1, a base that can
// fight, not Pinned.
func (g *Game) canAssault(b, t *Base) error { return g.canAssaultQ(b, t, false) }

// canAssaultQ is canAssault; quiet, a refusal is errListing.
func (g *Game) canAssaultQ(b, t *Base, quiet bool) error {
	if quiet && (b.Pinned || b.Type.Class == forces.Gun || b.Type.Class == forces.Transport || b.Type.Class == forces.Observer || hexmap.Distance(b.Hex, t.Hex) > 1) {
		return errListing
	}
	switch {
	case b.Pinned:
		return fmt.Errorf("assault %s: it is Pinned", b.ID)
	case b.Type.Class == forces.Gun || b.Type.Class == forces.Transport || b.Type.Class == forces.Observer:
		return fmt.Errorf("assault %s: a %s base does not close assault", b.ID, b.Type.Class)
	case hexmap.Distance(b.Hex, t.Hex) > 1:
		return fmt.Errorf("assault %s %s: close assault reaches only the same or an adjacent hex (LOS-13)", b.ID, t.ID)
	}
	return nil
}

// caFactors are an attacker's close-assault CAF, PEN and squish against t.
func (g *Game) caFactors(a, t *Base) (caf, pen, squish int) {
	// One factor, by how the attack is made (docs/rules.md): a vehicle
	// squishes; a base with a weapon that penetrates uses its PEN against
	// armour; otherwise its CAF.
	if a.Type.Class.Vehicle() {
		return 0, 0, a.Type.Squish
	}
	caf = a.Type.CAF
	for _, id := range a.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok {
			if w.CAF > caf {
				caf = w.CAF
			}
			p := g.penOf(w)
			if armoured(t) && (w.Kind == forces.HC || w.Kind == forces.ATR || w.Kind == forces.AP) && p > pen {
				pen = p
			}
		}
	}
	if pen > 0 {
		return 0, pen, 0
	}
	return caf, 0, 0
}

func (g *Game) assaultSave(t, a *Base) combat.Test {
	caf, pen, squish := g.caFactors(a, t)
	return combat.CloseAssaultSave(combat.AssaultSave{TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), Size: t.Type.Size,
		Armoured: armoured(t), SideArmour: t.Type.ArmourSide, CAF: caf, PEN: pen, Squish: squish})
}

// doAssault resolves a close assault (11.9–11.10): the attacker rolls to
// hit, the target fights back if it can, then the saves.
func (g *Game) doAssault(b, t *Base) {
	g.reveal(b.Unit, "closes to assault")
	g.log(KindFire, "§11.9", "%s close assaults %s in %s", b, t, t.Hex)
	shelter := g.shelterOf(t) // a bunker or Tobruk pit (structures.go)
	hitT, _ := g.throw(g.crestCC(b, t, combat.CloseAssaultHit(combat.AssaultHit{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Bunker: assaultArc(shelter, b.Hex)})), false, b.Unit.Side, b.ID+" assaults "+t.ID)
	back := !t.Pinned && t.Type.Class != forces.Transport && t.Type.Class != forces.Observer
	hitB := combat.Failure
	if back {
		hitB, _ = g.throw(g.crestCC(t, b, combat.CloseAssaultHit(combat.AssaultHit{TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), FightingBack: true})), false, t.Unit.Side, t.ID+" fights back")
	}
	if hitT == combat.Success && shelter != nil {
		g.shelterAssaultSave(t, b, shelter)
	} else if hitT == combat.Success {
		bd := g.standingAt(t.Hex) // a building or bridge (buildings.go)
		if band, _ := g.throw(g.assaultSave(t, b), false, t.Unit.Side, t.ID+" saves against the assault"); band != combat.Success {
			g.knockOutBy(t, "knocked out in close assault", "assault")
		} else {
			g.log(KindUnharmed, "§11.10", "%s holds", t)
		}
		if bd != nil && g.flameHE(b) > 0 {
			g.assaultBuilding(b, bd) // a flamethrower attacks the structure too (11.9–.10)
		}
	}
	if hitB == combat.Success {
		if band, _ := g.throw(g.assaultSave(b, t), false, b.Unit.Side, b.ID+" saves against the counter-blow"); band != combat.Success {
			g.knockOutBy(b, "knocked out fighting at close quarters", "assault")
		} else {
			g.log(KindUnharmed, "§11.10", "%s holds", b)
		}
	}
}

// canSpot: a unit spots a contact it can see within 70 cm (6.4).
func (g *Game) canSpot(u, t *Unit) error {
	r := combat.VisibilityHexes(0, true)
	for _, b := range u.live() {
		if b.Carrier != nil {
			continue
		}
		// Only the marker's hex is known to the spotter (§6A).
		if c := t.live()[0]; hexmap.Distance(b.Hex, c.Hex) <= r && g.seesThrough(g.loc(b), g.grid.At(c.Hex)) {
			return nil
		}
	}
	return fmt.Errorf("spot %s %s: no base of %s sees the contact within %d hexes (§6.4)", u.ID, t.ID, u.ID, r)
}

// hcRow is an HC weapon's row of the HC weapons table.
func (g *Game) hcRow(w *forces.Weapon) (forces.HCRow, bool) {
	if w.Kind != forces.HC || w.HCRow == "" {
		return forces.HCRow{}, false
	}
	return g.Cat.HCFor(w.HCRow)
}

// hcPENs is the PEN a weapon's hit may have and the chance of each: its
// own PEN, or for a hollow charge every total of its dice.
func (g *Game) hcPENs(w *forces.Weapon) ([]int, []float64) {
	row, ok := g.hcRow(w)
	if !ok {
		return []int{w.PEN}, []float64{1}
	}
	count := map[int]int{row.Plus: 1}
	for i := 0; i < row.Dice; i++ {
		next := map[int]int{}
		for v, n := range count {
			for f := 1; f <= 6; f++ {
				next[v+f] += n
			}
		}
		count = next
	}
	total := 0
	for _, n := range count {
		total += n
	}
	var pens []int
	var ws []float64
	for v := row.Plus + row.Dice; v <= row.Plus+6*row.Dice; v++ {
		pens = append(pens, v)
		ws = append(ws, float64(count[v])/float64(total))
	}
	return pens, ws
}

// penOf is a weapon's PEN for choosing it: a hollow charge's average throw
// (docs/rules.md: close assault uses the average too).
func (g *Game) penOf(w *forces.Weapon) int {
	if row, ok := g.hcRow(w); ok {
		return row.Plus + (7*row.Dice)/2
	}
	return w.PEN
}

// crestCC adds 6.12's close-combat modifiers to a's attack on t: against
// infantry in Crest status +2 (their −2 DRM joined), for them −2, unless
// the attack comes across the crest front (our reading of "entered
// through a crest hexside" for an assault from the adjacent hex).
func (g *Game) crestCC(a, t *Base, test combat.Test) combat.Test {
	across := func(c, other *Base) bool {
		d, ok := c.Hex.DirTo(other.Hex)
		return ok && (d == c.Front || d == c.Front.Turn(1) || d == c.Front.Turn(-1))
	}
	if t.Crest && !across(t, a) {
		test.Mods = append(test.Mods, combat.Mod{What: "target in Crest status", N: 2, Rule: "6.12 via the DRM join"})
	}
	if a.Crest && !across(a, t) {
		test.Mods = append(test.Mods, combat.Mod{What: "attacking from Crest status", N: -2, Rule: "6.12 via the DRM join"})
	}
	return test
}

// allSeen reports whether the enemy of u's side sees every base of u
// still on the map.
func (g *Game) allSeen(u *Unit) bool {
	for _, b := range u.Bases {
		if b.OnMap() && !b.KO && !g.visibleTo(g.other(u.Side), b) {
			return false
		}
	}
	return true
}
