package game

import (
	"fmt"
	"slices"

	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// Close Air Support (seed 002 14.9) and the AA fire that meets it (10.24),
// on the desert's climate (11.622 heat haze on an aerial attack, 11.731 no
// aerial attacks in Very Heavy Dust). docs/rules.md, "Close Air Support",
// gives our readings; docs/formats.md the [[air]] keys and the commands:
//
//	designate FAC SORTIE HEX   an observer unit designates the sortie's target (an Order)
//	strike SORTIE HEX          the sortie attacks HEX (no Order: 7.2)
//
// HEX must hold an enemy base the side sees or a contact marker (or, for a
// strike, be the sortie's designated hex).

// airState is the game's Close Air Support: one entry per scenario sortie.
type airState struct {
	Sorties []*Sortie
}

// Sortie is one Close Air Support sortie in play.
type Sortie struct {
	ID       string
	Side     int
	Type     *forces.Aircraft
	Number   int
	Ordnance string
	Comms    int
	// Due is the turn it may attack in: the scenario's turn, or the next
	// turn after AA drove it off (10.24).
	Due int
	// Done is "" while it may still attack; else attacked, destroyed or
	// returned (unused when its turn ended).
	Done string
	// Target is the hex of its Designated Target Token this turn, or nil.
	Target *hexmap.Hex
	// Seen: it has appeared over the battlefield, so the enemy knows of it.
	Seen bool
}

// Ready reports a sortie that may attack this turn.
func (s *Sortie) Ready(turn int) bool { return s.Done == "" && s.Due == turn }

func (s *Sortie) String() string {
	return fmt.Sprintf("%s (%d × %s, %s)", s.ID, s.Number, s.Type.Name, s.Ordnance)
}

// initAir builds the scenario's sorties; those due on turn 1 are over the
// battlefield from the start (7.1 step 7 has already happened for them).
func (g *Game) initAir() {
	for _, a := range g.Scn.Air {
		ac, ok := g.Cat.AircraftType(a.Aircraft)
		si, ok2 := g.SideIndex(a.Side)
		if !ok || !ok2 {
			continue // Validate refuses such a scenario
		}
		s := &Sortie{ID: a.ID, Side: si, Type: ac, Number: a.Aircrafts(), Ordnance: a.Ordnance, Comms: a.Comms, Due: a.Turn}
		g.air.Sorties = append(g.air.Sorties, s)
		if s.Due == 1 {
			g.logFor(true, si, KindSupport, "§7.1", "%s: Close Air Support %s is on call this turn", g.sides[si].Name, s)
		}
	}
}

// airEndTurn is 7.1 steps 6–7 for the air: the turn's air attack and
// designated target tokens come off, a sortie that did not attack in its
// turn goes home, and sorties due next turn arrive (they attack next turn).
func (g *Game) airEndTurn() {
	for _, s := range g.air.Sorties {
		s.Target = nil
		if s.Ready(g.turn) {
			s.Done = "returned"
			g.logFor(!s.Seen, s.Side, KindSupport, "§7.1", "%s returns to base without attacking", s.ID)
		}
		if s.Done == "" && s.Due == g.turn+1 {
			g.logFor(!s.Seen, s.Side, KindSupport, "§7.1", "%s: Close Air Support %s arrives: it may attack next turn", g.sides[s.Side].Name, s)
		}
	}
}

// sortie finds the acting side's sortie by ID (an enemy's reads as none).
func (g *Game) sortie(id string, side int) (*Sortie, error) {
	for _, s := range g.air.Sorties {
		if s.ID == id && s.Side == side {
			return s, nil
		}
	}
	return nil, fmt.Errorf("no sortie %q of %s", truncate(id), g.sides[side].Name)
}

// readySortie is sortie, ready to attack now.
func (g *Game) readySortie(verb, id string, side int) (*Sortie, error) {
	s, err := g.sortie(id, side)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", verb, err)
	}
	switch {
	case s.Done != "":
		return nil, fmt.Errorf("%s %s: it has %s", verb, s.ID, s.Done)
	case s.Due > g.turn:
		return nil, fmt.Errorf("%s %s: it is due over the battlefield on turn %d (7.1 step 7)", verb, s.ID, s.Due)
	}
	return s, nil
}

// checkStrike is strike SORTIE HEX (14.9); it never changes the game.
func (g *Game) checkStrike(a Command, c *cmd, _ bool) error {
	side := c.side
	if g.open != nil {
		return fmt.Errorf("%s: %s's activation is open; finish it with end", c.verb, g.open.Unit.ID)
	}
	s, err := g.readySortie("strike", a.Target, side)
	if err != nil {
		return err
	}
	h, err := g.hexOf(a.Verb, s.ID, a.Hex)
	if err != nil {
		return err
	}
	if !climate.AerialAllowed(g.env) {
		return fmt.Errorf("strike %s: no aerial attacks in %s dust (11.731)", s.ID, climate.Assess(g.env).Dust)
	}
	if (s.Target == nil || *s.Target != h) && !g.airTargetKnown(side, h) {
		return fmt.Errorf("strike %s %s: %s knows of no enemy base or contact marker there; a sortie attacks a target it can find, or its designated hex", s.ID, g.Label(h), g.sides[side].Name)
	}
	c.sortie, c.hex = s, h
	return nil
}

// checkDesignate is designate FAC SORTIE HEX (14.9).
func (g *Game) checkDesignate(a Command, c *cmd, _ bool) error {
	side := c.side
	if g.open != nil {
		return fmt.Errorf("%s: %s's activation is open; finish it with end", c.verb, g.open.Unit.ID)
	}
	u, err := g.ownUnit(a.Unit, side)
	if err != nil {
		return err
	}
	if err := g.canOpen(u); err != nil {
		return err
	}
	fac := g.facBase(u)
	if fac == nil {
		return fmt.Errorf("designate %s: it has no observer base to act as FAC (14.9)", u.ID)
	}
	s, err := g.readySortie("designate", a.Target, side)
	if err != nil {
		return err
	}
	if s.Target != nil {
		return fmt.Errorf("designate %s %s: it already has a Designated Target Token in %s this turn", u.ID, s.ID, g.Label(*s.Target))
	}
	h, err := g.hexOf(a.Verb, u.ID, a.Hex)
	if err != nil {
		return err
	}
	if !g.airTargetKnown(side, h) {
		return fmt.Errorf("designate %s %s %s: %s knows of no enemy base or contact marker there", u.ID, s.ID, g.Label(h), g.sides[side].Name)
	}
	if !g.seesThrough(g.loc(fac), g.grid.At(h)) {
		return fmt.Errorf("designate %s %s %s: %s cannot see %s (check with khamsin los)", u.ID, s.ID, g.Label(h), fac.ID, g.Label(h))
	}
	c.unit, c.sortie, c.hex, c.orders = u, s, h, 1
	return nil
}

// facBase is the unit's base that acts as Forward Air Controller: its first
// observer base on the map (our reading: OP units are the FACs).
func (g *Game) facBase(u *Unit) *Base {
	for _, b := range u.live() {
		if b.Type.Class == forces.Observer {
			return b
		}
	}
	return nil
}

// designate is 14.9's Designating an Air Attack Target: on a success the
// sortie's Designated Target Token goes on the hex (+2 on its accuracy).
func (g *Game) designate(c *cmd) {
	u, s := c.unit, c.sortie
	fac := g.facBase(u)
	// A FAC riding in an armoured vehicle is in a command vehicle (our
	// reading); a bunker is not counted as a command post (our reading).
	cp := fac.Carrier != nil && armoured(fac.Carrier)
	t := combat.DesignateAirTarget(combat.Observer{TQ: u.TQ, OfficerTQ: g.officerTQ(u), Comms: s.Comms, CommandPost: cp})
	hid := g.unitUnseen(u)
	band, _ := g.throw(t, hid, u.Side, fmt.Sprintf("%s designates %s for %s", fac.ID, g.Label(c.hex), s.ID))
	if band != combat.Success {
		g.logFor(hid, u.Side, KindSupport, "§14.9", "no Designated Target Token: %s did not get through", fac)
		return
	}
	h := c.hex
	s.Target = &h
	g.logFor(hid, u.Side, KindSupport, "§14.9", "Designated Target Token for %s in %s", s.ID, h)
}

// airTargetKnown reports whether side knows of a target in h: an enemy
// base it sees, or an enemy contact marker's hex as the side's view shows
// it (issue 17: never the true hexes of the bases a marker hides, so the
// answer depends only on what side knows).
func (g *Game) airTargetKnown(side int, h hexmap.Hex) bool {
	return slices.Contains(g.knownEnemyHexes(side), h)
}

// knownEnemyHexes lists, in the game's unit order, the hexes where side
// knows of an enemy: those of the enemy bases it sees and of the enemy
// contact markers as its view shows them (issue 17). They are what a
// strike or a designation may name (docs/rules.md, "Close Air Support"),
// what a base faces at set-up and what a withdrawal runs from.
func (g *Game) knownEnemyHexes(side int) []hexmap.Hex {
	var hexes []hexmap.Hex
	seen := map[hexmap.Hex]bool{}
	add := func(h hexmap.Hex) {
		if !seen[h] {
			seen[h] = true
			hexes = append(hexes, h)
		}
	}
	for _, u := range g.units {
		if u.Side == side || !u.InPlay() {
			continue
		}
		if u.Contact {
			add(u.live()[0].Hex) // the marker's hex, as ViewAs shows it
			continue
		}
		for _, b := range u.Bases {
			if b.Effective() && g.visibleTo(side, b) {
				add(b.Hex)
			}
		}
	}
	return hexes
}

// airLegal lists the acting side's air commands: a strike on each hex that
// holds an enemy base it sees or a contact marker, and on its designated
// hex; a designation of those hexes by each FAC that sees them.
func (g *Game) airLegal(side int) []string {
	if !slices.ContainsFunc(g.air.Sorties, func(s *Sortie) bool { return s.Side == side && s.Ready(g.turn) }) {
		return nil
	}
	var out []string
	try := func(s string) {
		if _, err := g.parse(s); err == nil {
			out = append(out, s)
		}
	}
	hexes := g.knownEnemyHexes(side)
	for _, s := range g.air.Sorties {
		if s.Side != side || !s.Ready(g.turn) {
			continue
		}
		if s.Target != nil {
			try("strike " + s.ID + " " + g.Label(*s.Target))
		}
		for _, h := range hexes {
			if s.Target == nil || *s.Target != h {
				try("strike " + s.ID + " " + g.Label(h))
			}
		}
		if s.Target != nil || g.ordersLeft(side) < 1 {
			continue
		}
		for _, u := range g.units {
			if u.Side == side && u.InPlay() && !u.Activated && g.facBase(u) != nil {
				for _, h := range hexes {
					try("designate " + u.ID + " " + s.ID + " " + g.Label(h))
				}
			}
		}
	}
	return out
}

// strike resolves an air attack on hex h (14.9, 10.24): AA fire from the
// enemy's units on Challenge and the reaction test, the accuracy roll (an
// inaccurate attack lands elsewhere), then each aircraft's to-hit on every
// base there and the saves. The strike takes the side's turn to act but
// no Order (7.2: Close Air Support gives none).
func (g *Game) strike(s *Sortie, h hexmap.Hex) {
	s.Seen = true
	designated := s.Target != nil && *s.Target == h
	g.log(KindSupport, "§14.9", "%s: %s attacks %s%s", g.sides[s.Side].Name, s, h, map[bool]string{true: " on its Designated Target Token"}[designated])
	if !g.aaFire(s, h) {
		return
	}
	s.Done = "attacked"
	inWood, nearWood := g.woodsAt(h)
	band, _ := g.throw(combat.AirAccuracy(s.Type.TQ, designated, inWood, nearWood), false, s.Side, s.ID+" accuracy")
	if band != combat.Success {
		dir := hexmap.Dir(g.d6("§14.9", "Random Direction of the inaccurate attack") - 1)
		n := combat.RangingDeviationHexes(g.d6("§14.9", "how far the inaccurate attack strays (d6 × 5 cm)"))
		to := h
		for i := 0; i < n; i++ {
			to = to.Neighbor(dir)
		}
		if !g.Map.Contains(to) {
			g.log(KindSupport, "§14.9", "the attack strays %s %s, off the map: no effect", nHexes(n), dir)
			return
		}
		g.log(KindSupport, "§14.9", "the attack strays %s %s from %s and falls on %s", nHexes(n), dir, h, to)
		h = to
	}
	g.airAttack(s, h)
}

// woodsAt reports whether h is a wood for 14.9's accuracy (woods, orchards
// and olive groves: trees), or within 2 hexes (10 cm) of one.
func (g *Game) woodsAt(h hexmap.Hex) (in, near bool) {
	wood := func(x hexmap.Hex) bool {
		if !g.Map.Contains(x) {
			return false
		}
		switch g.Map.Terrain(x).Cover {
		case hexmap.Woods, hexmap.Orchard, hexmap.OliveGrove:
			return true
		}
		return false
	}
	if wood(h) {
		return true, false
	}
	for _, x := range hexmap.Within(h, scale.Hexes(10)) {
		if wood(x) {
			return false, true
		}
	}
	return false, false
}

// aaFire is 10.24 against a sortie striking h: the enemy's units on
// Challenge fire (aaVolley); if any base hits, the sortie takes the
// reaction test against the highest AAF that hit. It reports whether the
// attack goes on.
func (g *Game) aaFire(s *Sortie, h hexmap.Hex) bool {
	hit, highest := g.aaVolley(s.Side, h, s.ID)
	if !hit {
		return true
	}
	band, _ := g.throw(combat.AAReaction(s.Type.Morale, highest), false, s.Side, s.ID+" reaction to the AA fire")
	switch band {
	case combat.Success:
		g.log(KindSupport, "§10.24", "%s presses on", s.ID)
		return true
	case combat.Middle:
		s.Due, s.Target = g.turn+1, nil
		g.log(KindSupport, "§10.24", "%s is driven off: it comes back at the end of the turn and may attack next turn", s.ID)
	default:
		s.Done, s.Target = "destroyed", nil
		g.log(KindSupport, "§10.24", "%s is shot down (not a lost unit)", s.ID)
	}
	return false
}

// aaVolley is 10.24's fire at an aircraft of side flying over h (what
// names it in the log): every enemy unit on Challenge, not yet activated,
// with a base that canAA, fires; the token comes off and the unit counts
// as activated. It reports whether any base hit and the highest AAF that
// did, for the reaction test (sorties here; observation aircraft may use
// it too).
func (g *Game) aaVolley(side int, h hexmap.Hex, what string) (hit bool, highest int) {
	for _, u := range g.units {
		if u.Side == side || !u.Challenge || !u.InPlay() || u.Activated {
			continue
		}
		var guns []*Base
		for _, b := range u.live() {
			if g.canAA(b, h) == "" {
				guns = append(guns, b)
			}
		}
		if len(guns) == 0 {
			continue
		}
		u.Challenge = false
		u.Activated = true
		g.reveal(u, "opens fire on the aircraft")
		g.log(KindFire, "§10.24", "%s fires on %s from Challenge", u, what)
		for _, b := range guns {
			t := combat.AAFire(u.TQ, g.officerTQ(u), 0)
			t.Mods = append(t.Mods, g.aaHindrances(b, h)...)
			if band, _ := g.throw(t, false, u.Side, fmt.Sprintf("%s (AAF %d) fires at %s over %s", b.ID, b.Type.AAF, what, g.Label(h))); band == combat.Success {
				hit = true
				highest = max(highest, b.Type.AAF)
			}
		}
	}
	return hit, highest
}

// canAA says why b cannot fire at an aircraft over h, or "": it needs an
// AAF, to be on the map and not carried, a weapon that reaches h (direct
// fire rules), and a line to the aircraft that no SMOKE crosses (seed 002
// Note 3: smoke reaches every level; nothing else stands as high as an
// aircraft, our reading).
func (g *Game) canAA(b *Base, h hexmap.Hex) string {
	switch {
	case b.Type.AAF == 0:
		return "no AAF"
	case !b.Effective():
		return "not in play"
	}
	reach := 0
	for _, id := range b.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok && w.Kind != forces.Mortar && w.Kind != forces.Flame {
			reach = max(reach, weaponRange(w))
		}
	}
	if hexmap.Distance(b.Hex, h) > reach {
		return "out of range"
	}
	for _, x := range hexmap.Line(b.Hex, h) {
		for _, sm := range g.smoke {
			if sm == x {
				return "smoke in " + g.Label(x)
			}
		}
	}
	return ""
}

// aaHindrances are the climate's DRMs on AA fire from b at the aircraft
// over h, joined to the d10 as −DRM: dust by range (a subsequent dr thrown
// and logged); no sun blindness (11.611) and no heat haze (11.62) against an
// aerial target.
func (g *Game) aaHindrances(b *Base, h hexmap.Hex) []combat.Mod {
	kind := climate.OrdnanceTH
	for _, id := range b.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok && (w.Kind == forces.SmallArms || w.Kind == forces.MG) {
			kind = climate.SmallArms
			break
		}
	}
	hs := climate.DRMs(g.env, climate.Attack{Kind: kind, From: b.Hex, To: h, TargetAerial: true})
	var mods []combat.Mod
	for _, x := range hs {
		drm, what := x.DRM, x.Kind
		switch x.Roll {
		case climate.HalfDr:
			dr := g.d6(x.Rule, "dust dr for "+b.ID+"'s AA fire")
			drm += climate.LightDustDRM(dr)
			what = fmt.Sprintf("%s (dr %d halved)", x.Kind, dr)
		case climate.WholeDr:
			dr := g.d6(x.Rule, "dust dr for "+b.ID+"'s AA fire")
			drm += dr
			what = fmt.Sprintf("%s (dr %d)", x.Kind, dr)
		}
		if drm != 0 {
			mods = append(mods, combat.Mod{What: what, N: -drm, Rule: x.Rule + " via the hindrance join"})
		}
	}
	return mods
}

// airAttack is 14.9's To Hit with an Air Attack on every base in h, once
// per aircraft, each hit saving on the Shooting Saving Throw as a hit by
// bombs or rockets (HE#; PEN against armour, which saves with its side
// armour against close air support). Units that lose bases test morale
// (12.5). Events about a base the other side cannot see are private to its
// own side (§6A).
func (g *Game) airAttack(s *Sortie, h hexmap.Hex) {
	var targets []*Base
	hidden := map[*Unit]bool{}
	for _, b := range g.bases {
		if b.Effective() && b.Hex == h {
			targets = append(targets, b)
			if _, ok := hidden[b.Unit]; !ok {
				hidden[b.Unit] = g.unitUnseen(b.Unit)
			}
		}
	}
	// Said the same whether or not anything is there: what the attack finds
	// that the attacker cannot see is told only to its owner.
	g.log(KindSupport, "§14.9", "the %s come down on %s", s.Ordnance, h)
	var lost []*Unit
	for i := 1; i <= s.Number; i++ {
		for _, t := range targets {
			if !t.Effective() {
				continue
			}
			first := len(g.events)
			was := t.OnMap()
			g.airHit(s, i, t)
			if was && !t.OnMap() {
				lost = appendUnit(lost, t.Unit)
			}
			g.privatize(first, hidden[t.Unit], t.Unit.Side)
		}
	}
	for _, u := range lost {
		if u.InPlay() {
			first := len(g.events)
			g.moraleTest(u)
			g.privatize(first, hidden[u] && g.unitUnseen(u), u.Side)
		}
	}
}

// airHit is one aircraft's attack on t: the to-hit with the desert's DRMs
// on an aerial attack (11.622 heat haze; the aircraft dives on its target,
// range 0, so no dust, our reading), then the save.
func (g *Game) airHit(s *Sortie, n int, t *Base) {
	ans := g.airAnswer(s, t)
	if !ans.Clear {
		why := "blocked"
		if ans.BlockedBy != nil {
			why = fmt.Sprintf("%s (%s)", ans.BlockedBy.Kind, ans.BlockedBy.Rule)
		}
		g.log(KindSupport, "§14.9", "%s cannot be attacked from the air: %s", t, why)
		return
	}
	hit, building := g.airHitTest(s, t, ans)
	who := fmt.Sprintf("%s aircraft %d of %d to hit %s", s.ID, n, s.Number, t.ID)
	if band, _ := g.throw(hit, false, s.Side, who); band != combat.Success {
		g.log(KindUnharmed, "§14.9", "missed")
		return
	}
	if sh := g.shelterOf(t); sh != nil {
		g.shelterSave(t, sh, g.airSave(s, t, ans), "hit from the air by "+s.ID, "") // column E (structures.go)
		return
	}
	g.saveOrSuffer(t, g.airSave(s, t, ans), "hit from the air by "+s.ID, "")
	if building && !(s.Ordnance == forces.OrdRockets && armoured(t) && s.Type.RocketsPEN > 0) {
		// §10.8 step 2, our reading for bombs and HE rockets: the hit on a
		// base in a building or on a bridge hits the structure too.
		he := s.Type.Bombs
		if s.Ordnance == forces.OrdRockets {
			he = s.Type.RocketsHE
		}
		g.structureHit(g.standingAt(t.Hex), he, "hit from the air by "+s.ID)
	}
}

// airHitTest is one aircraft's to-hit on t (14.9) with the desert's
// hindrances and protection DRMs joined to it, and whether t is in a
// building or on a bridge.
func (g *Game) airHitTest(s *Sortie, t *Base, ans attack.Answer) (combat.Test, bool) {
	rockets := s.Ordnance == forces.OrdRockets
	building, bunker := g.airStructureTarget(t)
	hit := combat.AirHit(s.Type.TQ, rockets, building, bunker)
	for _, x := range ans.Hindrances {
		hit.Mods = append(hit.Mods, combat.Mod{What: x.Kind, N: -x.DRM, Rule: x.Rule + " via the hindrance join"})
	}
	for _, m := range ans.Protection {
		if m.Effect == "DRM" {
			hit.Mods = append(hit.Mods, combat.Mod{What: m.Kind, N: -m.Value, Rule: m.Rule + " via the DRM join"})
		}
	}
	return hit, building
}

// airStructureTarget answers 14.9's structure rows of the to-hit table:
// a target in a bunker or Tobruk pit (+1; it saves on column E), or in a
// standing building or on a bridge (+2; the structure saves on column G
// after the base, buildings.go). Our reading: the aircraft aims at the
// structure the base is in.
func (g *Game) airStructureTarget(t *Base) (building, bunker bool) {
	if g.shelterOf(t) != nil {
		return false, true
	}
	return g.standingAt(t.Hex) != nil && t.Carrier == nil, false
}

// airAnswer is the desert's answer for an aerial attack on t: the aircraft
// over t's own hex (sun blindness never applies to it, 11.611; heat haze
// adds its aerial DRM, 11.622; Very Heavy Dust forbids it, 11.731).
func (g *Game) airAnswer(s *Sortie, t *Base) attack.Answer {
	target := climate.TargetInfantry
	if t.Type.Class.Vehicle() {
		target = climate.TargetVehicle
	}
	env := g.env
	he := s.Ordnance == forces.OrdBombs || !(armoured(t) && s.Type.RocketsPEN > 0)
	var a attack.Answer
	g.withChecker(func(c *los.Checker) {
		a = attack.Resolve(g.grid, c, &env, attack.Shot{Kind: attack.Aerial, HE: he,
			Firer:    protect.Unit{Loc: g.grid.At(t.Hex)},
			Target:   protect.Unit{Loc: g.loc(t), Infantry: t.Type.Class == forces.Infantry || t.Type.Class == forces.Engineer, Armored: armoured(t)},
			TargetAs: target, Smoke: g.smoke})
	})
	return a
}

// airSave is the Shooting Saving Throw of a base hit from the air, as
// fire.go builds a hit's: bombs and HE rockets count their HE# (halved in
// sand); rockets with a PEN count it against armour; armour saves with its
// side value against close air support.
func (g *Game) airSave(s *Sortie, t *Base, ans attack.Answer) combat.Test {
	csb := g.ruinCSB(t.Hex, ans.CoverSave) // ruins: CSB 2 (buildings.go)
	if g.dugIn(t) && csb < 2 {
		csb = 2 // §7.6
	}
	sv := combat.Save{Column: t.Type.Class.SaveColumn(), TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), Size: t.Type.Size, CSB: csb}
	switch {
	case s.Ordnance == forces.OrdRockets && armoured(t) && s.Type.RocketsPEN > 0:
		sv.HCHit, sv.PEN = true, s.Type.RocketsPEN
	case s.Ordnance == forces.OrdRockets:
		sv.HEHit, sv.HE = true, protect.HalveHE(s.Type.RocketsHE, ans.Protection)
	default:
		sv.HEHit, sv.HE = true, protect.HalveHE(s.Type.Bombs, ans.Protection)
	}
	if armoured(t) {
		sv.Armour = t.Type.ArmourSide
	}
	if sh := g.shelterOf(t); sh != nil { // column E: the bunker saves (structures.go)
		sv.Column, sv.Toughness, sv.Damage = 'E', StructureToughness(sh.Kind), sh.Damage
	}
	return combat.ShootingSave(sv)
}

// privatize makes the events from first on private to side when hidden.
func (g *Game) privatize(first int, hidden bool, side int) {
	if !hidden {
		return
	}
	for i := first; i < len(g.events); i++ {
		if g.events[i].Private == "" {
			g.events[i].Private = g.sides[side].ID
		}
	}
}

func appendUnit(us []*Unit, u *Unit) []*Unit {
	for _, x := range us {
		if x == u {
			return us
		}
	}
	return append(us, u)
}

// SortieView is a sortie as a side knows it: its own, or an enemy's once
// it has appeared over the battlefield.
type SortieView struct {
	ID       string `json:"id"`
	Side     string `json:"side"`
	Aircraft string `json:"aircraft"`
	Name     string `json:"name"`
	Number   int    `json:"number"`
	Ordnance string `json:"ordnance"`
	Turn     int    `json:"turn"`   // the turn it may attack in
	Status   string `json:"status"` // waiting, ready, attacked, destroyed, returned
	Target   string `json:"designated,omitempty"`
}

// airView lists the sorties side may know of (-1: all).
func (g *Game) airView(side int) []SortieView {
	var out []SortieView
	for _, s := range g.air.Sorties {
		if side >= 0 && s.Side != side && !s.Seen {
			continue
		}
		st := s.Done
		switch {
		case st != "":
		case s.Due > g.turn:
			st = "waiting"
		default:
			st = "ready"
		}
		v := SortieView{ID: s.ID, Side: g.sides[s.Side].ID, Aircraft: s.Type.ID, Name: s.Type.Name, Number: s.Number, Ordnance: s.Ordnance, Turn: s.Due, Status: st}
		if s.Target != nil && (side < 0 || side == s.Side) {
			v.Target = g.Label(*s.Target)
		}
		out = append(out, v)
	}
	return out
}

// doStrike plays a strike command: the attack, then the other side is to
// act, as after an activation (7.1 step 5).
func (g *Game) doStrike(c *cmd) {
	g.deferred = false
	g.strike(c.sortie, c.hex)
	if g.phase != PhaseOver {
		g.actor = g.other(c.side)
	}
}
