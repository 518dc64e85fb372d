package game

import (
	"fmt"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/hexmap"
)

// Artillery and mortars (seed 002 §10.15–.18, docs/rules.md "Fire
// support"). A mission is a small state machine kept on its battery, so a
// save replays it command by command:
//
//	no aim point --call (observer)--> aim point placed
//	aim point placed --range (battery)--> ranged: the rounds fall on the
//	    aim point, or d6 hexes off in a random direction, where the aim
//	    point then stands (Note 7: a round landing in sand or mud is not
//	    seen and changes nothing)
//	ranged --adjust (observer)--> ranged on a new aim point
//	ranged --ffe (battery)--> fire for effect (HE or smoke); stays ranged
//
// A new call replaces the battery's mission. Off-table batteries and
// observation aircraft are activated like units (each gives an Order,
// §7.2) through a stand-in Unit that is not on the map.
//
//	call OBS BTY HEX     an observer (or observation aircraft) calls BTY onto HEX it sees
//	range BTY            the battery fires ranging rounds at its aim point
//	adjust OBS BTY HEX   the observer moves a ranged aim point to HEX (≤ 6 hexes)
//	ffe BTY [smoke]      fire for effect at the ranged aim point

// Artillery is the game's fire-support state.
type Artillery struct {
	Batteries []*Battery
	Aircraft  []*Aircraft
	Barrages  []Barrage
	FFEDust   []hexmap.Hex // blast hexes raising FFE Dust until the turn ends (11.75)
}

type sight struct {
	hexes []hexmap.Hex
	set   map[hexmap.Hex]bool
}

// Battery is an off-table battery or an on-table mortar unit.
type Battery struct {
	ID, Name string
	Side     int
	Unit     *Unit // the on-table mortar unit, or nil
	stand    *Unit // off-table: the stand-in its activation uses

	Guns      int // off-table: bases
	HE        int // off-table: HE#
	CalibreMM int
	TQ        int  // off-table
	OfficerTQ *int // off-table: the attached officer
	Rockets   bool
	Comms     int
	SmokeOK   bool

	// The mission.
	Aimed  bool
	Aim    hexmap.Hex
	Ranged bool
}

// Aircraft is an artillery observation aircraft: an observer overhead
// from turn Arrives.
type Aircraft struct {
	ID, Name string
	Side     int
	TQ       int
	Arrives  int
	Gone     string // "" while it flies; set when driven off or shot down (10.24)
	stand    *Unit
}

// Barrage is a pre-planned FFE (§7.1 step 2).
type Barrage struct {
	Battery *Battery
	Turn    int
	Hex     hexmap.Hex
	Smoke   bool
}

// artCmd is a parsed fire-support command.
type artCmd struct {
	bt    *Battery
	obs   *Base     // the observer base that sees the hex, or nil
	air   *Aircraft // or the aircraft
	hex   hexmap.Hex
	smoke bool
}

// RuleArea is the rule the fire-support events cite.
const RuleArea = "§10.15–.18"

// adjustReach is how far an adjustment may move an aim point: 6 hexes,
// the largest ranging deviation (d6 × 5 cm; our decision).
const adjustReach = 6

// setupArtillery builds the fire-support state from the scenario.
func (g *Game) setupArtillery() error {
	s := g.Scn
	for si, sd := range s.Sides {
		byID := map[string]*Battery{}
		for _, sb := range sd.Batteries {
			bt := &Battery{ID: sb.BatteryID(), Name: sb.Name, Side: si, CalibreMM: sb.Calibre, Rockets: sb.Rockets, Comms: sb.Comms, SmokeOK: sb.Smoke}
			if sb.Unit != "" {
				u, ok := g.unitIdx[sb.Unit]
				if !ok || u.Side != si {
					return fmt.Errorf("%s: battery unit %s: no such unit of side %s", s.File, sb.Unit, sd.ID)
				}
				bt.Unit, bt.SmokeOK = u, true
				if bt.Name == "" {
					bt.Name = u.Name
				}
			} else {
				bt.Guns, bt.HE, bt.TQ = sb.Guns, sb.HE, sb.TQ
				if sb.Officer != nil {
					tq := *sb.Officer
					bt.OfficerTQ = &tq
				}
				bt.stand = &Unit{ID: bt.ID, Name: bt.Name, Side: si}
			}
			g.art.Batteries = append(g.art.Batteries, bt)
			byID[bt.ID] = bt
		}
		for _, sa := range sd.Aircraft {
			a := &Aircraft{ID: sa.ID, Name: sa.Name, Side: si, TQ: sa.TQ, Arrives: max(sa.Arrives, 1)}
			a.stand = &Unit{ID: a.ID, Name: a.Name, Side: si}
			g.art.Aircraft = append(g.art.Aircraft, a)
		}
		for _, sp := range sd.Barrages {
			h, err := g.Map.Hex(strings.ToUpper(sp.Hex))
			if err != nil {
				return fmt.Errorf("%s: barrage: %v", s.File, err)
			}
			g.art.Barrages = append(g.art.Barrages, Barrage{Battery: byID[sp.Battery], Turn: sp.Turn, Hex: h, Smoke: sp.Smoke})
		}
	}
	return nil
}

// battery finds one of side's batteries by ID.
func (g *Game) battery(id string, side int) (*Battery, error) {
	for _, bt := range g.art.Batteries {
		if bt.ID == id && bt.Side == side {
			return bt, nil
		}
	}
	return nil, fmt.Errorf("no battery %q of %s", truncate(id), g.sides[side].Name)
}

// unitOf is the unit a battery's activation uses.
func (bt *Battery) unitOf() *Unit {
	if bt.Unit != nil {
		return bt.Unit
	}
	return bt.stand
}

// firing lists the on-table battery's bases that can fire: on the map,
// not carried, carrying a mortar, and not in terrain from which indirect
// area fire is not permitted (seed 002 Note 3: soft sand — a Sand hex —
// or mud, the join of Note D).
func (g *Game) firing(bt *Battery) []*Base {
	var out []*Base
	for _, b := range bt.Unit.live() {
		if b.Carrier == nil && g.mortarHE(b) > 0 && !g.noIndirectFrom(b.Hex) {
			out = append(out, b)
		}
	}
	return out
}

// noIndirectFrom is seed 002's Note 3 on the desert map.
func (g *Game) noIndirectFrom(h hexmap.Hex) bool {
	return g.env.MudExists() || g.Map.Terrain(h).Flags&hexmap.Sand != 0
}

// mortarHE is the highest HE# among b's mortars, or 0.
func (g *Game) mortarHE(b *Base) int {
	he := 0
	for _, id := range b.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok && w.Kind == forces.Mortar && w.HE > he {
			he = w.HE
		}
	}
	return he
}

// batteryBases is the number of bases firing: the guns of an off-table
// battery, the mortar bases able to fire of an on-table one.
func (g *Game) batteryBases(bt *Battery) int {
	if bt.Unit == nil {
		return bt.Guns
	}
	return len(g.firing(bt))
}

// batteryHE is the HE# of the battery's rounds.
func (g *Game) batteryHE(bt *Battery) int {
	if bt.Unit == nil {
		return bt.HE
	}
	he := 0
	for _, b := range g.firing(bt) {
		he = max(he, g.mortarHE(b))
	}
	return he
}

// batteryTQ is the battery's TQ and its attached, unpinned officer's.
func (g *Game) batteryTQ(bt *Battery) (int, *int) {
	if bt.Unit == nil {
		return bt.TQ, bt.OfficerTQ
	}
	return bt.Unit.TQ, g.officerTQ(bt.Unit)
}

// canFire says why a battery cannot fire now, or nil.
func (g *Game) canFire(bt *Battery) error {
	if bt.Unit == nil {
		return nil
	}
	if !bt.Unit.InPlay() {
		return fmt.Errorf("battery %s: the unit is not on the map", bt.ID)
	}
	if len(g.firing(bt)) == 0 {
		return fmt.Errorf("battery %s: no mortar base of it can fire (carried, or in sand or mud, where seed 002 Note 3 permits no indirect fire)", bt.ID)
	}
	return nil
}

// FFERadius is the battery's Fire-for-Effect radius in hexes now.
func (g *Game) FFERadius(bt *Battery) int {
	return combat.FFERadiusHexes(g.batteryBases(bt), bt.Rockets)
}

// aircraft finds one of side's observation aircraft overhead.
func (g *Game) aircraft(id string, side int) *Aircraft {
	for _, a := range g.art.Aircraft {
		if a.ID == id && a.Side == side {
			return a
		}
	}
	return nil
}

// flying reports an observation aircraft overhead this turn.
func (g *Game) flying(a *Aircraft) bool { return a.Gone == "" && g.turn >= a.Arrives }

// parseObserver reads OBS and HEX of call and adjust: the observer's
// activation unit and the base (or aircraft) that sees HEX.
func (g *Game) parseObserver(verb Verb, obs string, hex hexmap.Label, side int, c *cmd) error {
	h, err := g.hexOf(verb, "", hex)
	if err != nil {
		return err
	}
	c.art.hex = h
	if a := g.aircraft(obs, side); a != nil {
		if !g.flying(a) {
			if a.Gone != "" {
				return fmt.Errorf("%s %s: the aircraft is %s", verb, a.ID, a.Gone)
			}
			return fmt.Errorf("%s %s: the aircraft is not overhead until turn %d", verb, a.ID, a.Arrives)
		}
		if err := g.canOpen(a.stand); err != nil {
			return err
		}
		if !g.airSees(h) {
			return fmt.Errorf("%s %s %s: the aircraft cannot see %s (SMOKE there, Note 3; or Very Heavy Dust, 11.731)", verb, a.ID, c.art.bt.ID, g.Label(h))
		}
		c.unit, c.art.air = a.stand, a
		return nil
	}
	u, err := g.ownUnit(obs, side)
	if err != nil {
		return err
	}
	if !hasObserver(u) {
		return fmt.Errorf("%s %s: it has no observer base (only observers call for fire, §10.15–.18)", verb, u.ID)
	}
	if err := g.canOpen(u); err != nil {
		return err
	}
	b := g.observerBase(u, h)
	if b == nil {
		return fmt.Errorf("%s %s %s %s: no observer of %s sees %s (check with khamsin los)", verb, u.ID, c.art.bt.ID, g.Label(h), u.ID, g.Label(h))
	}
	c.unit, c.art.obs = u, b
	return nil
}

// checkArt checks call, adjust, range and ffe.
func (g *Game) checkArt(a Command, c *cmd, _ bool) error {
	verb := c.verb
	side := c.side
	c.art, c.orders = &artCmd{}, 1
	bt, err := g.battery(a.Target, side)
	if err != nil {
		return err
	}
	c.art.bt = bt
	if err := g.canFire(bt); err != nil {
		return err
	}
	switch verb {
	case "call", "adjust":
		if verb == "adjust" && !bt.Ranged {
			return fmt.Errorf("adjust: battery %s has no ranged aim point to adjust (call, then range)", bt.ID)
		}
		if err := g.parseObserver(a.Verb, a.Base, a.Hex, side, c); err != nil {
			return err
		}
		h := c.art.hex
		if verb == "adjust" {
			switch d := hexmap.Distance(h, bt.Aim); {
			case d == 0:
				return fmt.Errorf("adjust: battery %s's aim point is already in %s", bt.ID, g.Label(h))
			case d > adjustReach:
				return fmt.Errorf("adjust: %s is %d hexes from the aim point in %s; an adjustment moves it at most %d", g.Label(h), d, g.Label(bt.Aim), adjustReach)
			}
		}
		return nil
	}
	if err := g.canOpen(bt.unitOf()); err != nil {
		return err
	}
	c.unit = bt.unitOf()
	switch verb {
	case "range":
		switch {
		case !bt.Aimed:
			return fmt.Errorf("range: battery %s has no aim point (an observer must call it first)", bt.ID)
		case bt.Ranged:
			return fmt.Errorf("range: battery %s is ranged on %s already (ffe, or adjust)", bt.ID, g.Label(bt.Aim))
		}
	case "ffe":
		if a.Smoke {
			if !bt.SmokeOK {
				return fmt.Errorf("ffe %s smoke: the battery has no smoke rounds", bt.ID)
			}
			c.art.smoke = true
		}
		if !bt.Ranged {
			return fmt.Errorf("ffe: battery %s is not ranged on an aim point (call, then range)", bt.ID)
		}
	}
	return nil
}

// observerInput is the observer's line of the call and adjust tables.
func (g *Game) observerInput(c *artCmd) combat.Observer {
	if c.air != nil {
		return combat.Observer{TQ: c.air.TQ, Comms: c.bt.Comms}
	}
	b := c.obs
	o := combat.Observer{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b), Comms: c.bt.Comms}
	// A command vehicle (decision): an observer riding in an armoured
	// vehicle has its radio; or a bunker it occupies (structures.go):
	// §10.15–.18's +1, once.
	sh := g.shelterOf(b)
	o.CommandPost = b.Carrier != nil && b.Carrier.Type.Class == forces.Armoured || sh != nil && sh.Kind == "bunker"
	return o
}

// observerName names the caller for the log, and whether its doings are
// private to its side (an unseen observer; an aircraft is seen by all).
func (g *Game) observerName(c *artCmd) (string, bool) {
	if c.air != nil {
		return "observation aircraft " + c.air.ID, false
	}
	return c.obs.ID, g.unitUnseen(c.obs.Unit)
}

// applyArt carries out a parsed fire-support command.
func (g *Game) applyArt(c *cmd) {
	a, bt, side := c.art, c.art.bt, c.side
	if (c.verb == "call" || c.verb == "adjust") && a.air != nil && !g.observerUnderAA(a.air, a.hex) {
		return // driven off or shot down: the call is not made
	}
	switch c.verb {
	case "call":
		who, hid := g.observerName(a)
		band, _ := g.throw(combat.CallForFire(g.observerInput(a)), hid, side, fmt.Sprintf("%s calls battery %s onto %s", who, bt.ID, g.Label(a.hex)))
		if band != combat.Success {
			g.logFor(hid, side, KindSupport, RuleArea, "%s does not get through to battery %s", who, bt.ID)
			return
		}
		bt.Aimed, bt.Aim, bt.Ranged = true, a.hex, false
		g.gen++
		g.log(KindSupport, RuleArea, "%s: an aim point token for battery %s is placed in %s", g.sides[side].Name, bt.ID, a.hex)
	case "adjust":
		who, hid := g.observerName(a)
		band, _ := g.throw(combat.AdjustAimPoint(g.observerInput(a)), hid, side, fmt.Sprintf("%s adjusts battery %s's fire from %s to %s", who, bt.ID, g.Label(bt.Aim), g.Label(a.hex)))
		if band != combat.Success {
			g.logFor(hid, side, KindSupport, RuleArea, "the adjustment has no effect")
			return
		}
		bt.Aim = a.hex
		g.gen++
		g.log(KindSupport, RuleArea, "battery %s's aim point moves to %s", bt.ID, a.hex)
	case "range":
		g.rangingRound(bt)
	case "ffe":
		g.fireForEffect(bt, bt.Aim, a.smoke, false)
	}
}

// observerUnderAA is 10.24 for an observation aircraft: as it flies over
// h to call or adjust, the enemy's units on Challenge with AA fire at it
// (aaVolley, as at a sortie); hit, it takes the reaction test. *Decision*
// (the seed gives observation aircraft no morale): its TQ stands in for
// the morale. Success: it carries on and the call is made. Middle: driven
// off, it is back overhead next turn. Failure: shot down for the game, a
// lost unit on its side's Break Point Track (10.24, BreakPoint). It
// reports whether the call goes ahead.
func (g *Game) observerUnderAA(a *Aircraft, h hexmap.Hex) bool {
	hit, highest := g.aaVolley(a.Side, h, a.ID)
	if !hit {
		return true
	}
	band, _ := g.throw(combat.AAReaction(a.TQ, highest), false, a.Side, a.ID+" reaction to the AA fire")
	g.gen++
	switch band {
	case combat.Success:
		g.log(KindUnharmed, "§10.24", "%s carries on", a.ID)
		return true
	case combat.Middle:
		a.Arrives = g.turn + 1
		g.log(KindSupport, "§10.24", "%s is driven off: it is back overhead next turn", a.ID)
	default:
		a.Gone = "shot down"
		g.log(KindLoss, "§10.24", "%s is shot down: a lost unit (Break Point %d)", a.ID, g.BreakPoint(a.Side))
	}
	return false
}

// rangingRound is §10.15–.18's ranging: on target, or d6 × 5 cm (d6
// hexes, the scale join) in a Random Direction (a d6 for the hexside);
// Note 7: a round landing in sand or mud (or off the map) is not seen,
// and the battery is still unranged.
func (g *Game) rangingRound(bt *Battery) {
	tq, off := g.batteryTQ(bt)
	see := false
	hid := false
	if bt.Unit != nil {
		hid = g.unitUnseen(bt.Unit)
		for _, b := range g.firing(bt) {
			if g.seesThrough(g.loc(b), g.grid.At(bt.Aim)) {
				see = true
			}
		}
	}
	band, _ := g.throw(combat.Ranging(tq, off, see, 0), hid, bt.Side, fmt.Sprintf("battery %s fires ranging rounds at %s", bt.ID, g.Label(bt.Aim)))
	land := bt.Aim
	if band != combat.Success {
		n := combat.RangingDeviationHexes(g.d6(RuleArea, "ranging deviation: d6 × 5 cm"))
		dir := hexmap.Dir(g.d6(RuleArea, "ranging deviation: random direction (1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW)") - 1)
		for i := 0; i < n; i++ {
			land = land.Neighbor(dir)
		}
		g.log(KindSupport, RuleArea, "the ranging round falls %s %s of the aim point", nHexes(n), dir)
	}
	switch {
	case !g.Map.Contains(land):
		g.log(KindSupport, RuleArea, "the ranging round falls off the map: battery %s is not ranged", bt.ID)
	case g.rangingIneffective(land):
		g.log(KindSupport, "Note 7", "the ranging round lands in %s (%s), where ranging rounds are ineffective (seed 002 Note 7): battery %s is not ranged", land, g.note7Why(land), bt.ID)
	default:
		bt.Aim, bt.Ranged = land, true
		g.gen++
		g.log(KindSupport, RuleArea, "battery %s is ranged: its rounds fall in %s", bt.ID, land)
	}
}

// rangingIneffective is seed 002's Note 7 on the desert map: soft sand (a
// Sand hex) and mud, the Very Bad Going of Note D's join.
func (g *Game) rangingIneffective(h hexmap.Hex) bool { return g.noIndirectFrom(h) }

func (g *Game) note7Why(h hexmap.Hex) string {
	if g.env.MudExists() {
		return "mud"
	}
	return "soft sand"
}

// artOrders is §7.2's Orders for a side's off-table batteries, their
// attached officers and its observation aircraft overhead.
func (g *Game) artOrders(si int) int {
	n := 0
	for _, bt := range g.art.Batteries {
		if bt.Side == si && bt.Unit == nil {
			n++
			if bt.OfficerTQ != nil {
				n++
			}
		}
	}
	for _, a := range g.art.Aircraft {
		if a.Side == si && g.flying(a) {
			n++
		}
	}
	return n
}

// newTurnArt is the fire-support part of a new turn: the FFE Dust of the
// last turn settles, and the stand-ins' Activated markers go (7.1 step 6).
func (g *Game) newTurnArt() {
	if len(g.art.FFEDust) > 0 {
		g.art.FFEDust = nil
		g.log(KindSupport, "11.75", "the FFE dust settles")
	}
	for _, bt := range g.art.Batteries {
		if bt.stand != nil {
			bt.stand.Activated = false
		}
	}
	for _, a := range g.art.Aircraft {
		a.stand.Activated = false
	}
}
