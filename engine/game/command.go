package game

import (
	"errors"
	"fmt"

	"khamsin/engine/fileio"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// The command language (docs/formats.md, "Game commands"). One command is
// one line of words; IDs are the scenario's unit and base IDs, hexes are
// map labels:
//
//	challenge U | unchallenge U | ready     Challenge phase (7.1 step 4)
//	first SIDE                              the initiative winner picks who activates first
//	move B HEX                              move a base by its cheapest path
//	unbog B                                 a bogged vehicle's Bog Removal DR, as its move (7.311 ruling)
//	fire B T                                direct fire at an enemy base (10.8)
//	fire B HEX                              direct HE fire at a standing building or bridge (10.8's +2 row)
//	assault B T                             close assault (11.9–11.10)
//	dig B                                   dig in (7.6)
//	smoke B                                 vehicular smoke grenades in its own hex (F.10)
//	clear B HEX                             engineers clear an obstacle or minefield (13.4, F.7)
//	mount B V | dismount B                  board or leave a transport (or limber/unlimber)
//	rally U | spot U C | deploy U           whole-unit actions (12.4, 4.6, 7.1 step 5)
//	challenge U                             (in an activation) put the unit on Challenge
//	designate FAC S HEX | strike S HEX      Close Air Support (14.9, air.go)
//	call OBS BTY HEX | adjust OBS BTY HEX   an observer calls or adjusts a battery's fire (§10.15–.18)
//	range BTY | ffe BTY [smoke]             a battery's ranging rounds, fire for effect
//	end                                     finish the open activation
//	defer                                   pass (7.1 step 5)
//
// The first base command to a unit not yet activated opens its
// activation with that action and spends its Order; its other bases may
// then do the same action once each, until "end" or until none can.

// cmd is a checked command ready to apply: the Command's IDs and hexes
// found in the game.
type cmd struct {
	spec   *verbSpec
	verb   string
	unit   *Unit
	base   *Base
	target *Base
	other  *Unit
	hex    hexmap.Hex
	side   int
	orders int // Orders the command opens an activation with (0: none)
	plan   *movePlan
	sortie *Sortie // designate, strike (air.go)
	art    *artCmd // call, adjust, range, ffe (artillery.go)
}

// ErrOver is returned for any command once the game has ended.
var ErrOver = errors.New("the game is over")

// Do reads one command line and gives it (DoCommand). An illegal command
// returns the reason and leaves the game exactly as it was.
func (g *Game) Do(line string) ([]Event, error) {
	if g.phase == PhaseOver {
		return nil, ErrOver
	}
	c, err := ParseCommand(line)
	if err != nil {
		if _, unknown := err.(errUnknown); unknown {
			return nil, g.phaseRefusal(line)
		}
		return nil, err
	}
	return g.DoCommand(c)
}

// DoCommand validates one command for the side to act and applies it. An
// illegal command returns the reason and leaves the game exactly as it
// was. On success it returns the events the command caused; the command
// is logged in its canonical form (Command.String).
func (g *Game) DoCommand(c Command) ([]Event, error) {
	k, err := g.check(c, false)
	if err != nil {
		return nil, err
	}
	g.cmds = append(g.cmds, c.String())
	g.cmdBy = append(g.cmdBy, int8(g.actor))
	first := len(g.events)
	g.gen++
	g.apply(k)
	g.gen++
	g.hashes = append(g.hashes, g.Hash())
	return append([]Event(nil), g.events[first:]...), nil
}

// parse reads and checks a command line; it never changes the game.
func (g *Game) parse(line string) (*cmd, error) { return g.parseFor(line, false) }

// parseFor is parse; listing says Legal is only asking whether the
// command is legal, so work only apply needs (a move's path) may be
// skipped.
func (g *Game) parseFor(line string, listing bool) (*cmd, error) {
	if g.phase == PhaseOver {
		return nil, ErrOver
	}
	c, err := ParseCommand(line)
	if err != nil {
		if _, unknown := err.(errUnknown); unknown {
			return nil, g.phaseRefusal(line)
		}
		return nil, err
	}
	return g.check(c, listing)
}

// The checks of the verb table (verbs.go): each validates one verb for the
// side to act and fills k, reading the game and never changing it.

func (g *Game) checkPlace(c Command, k *cmd, _ bool) error {
	b, err := g.ownBase(c.Base, k.side)
	if err != nil {
		return err
	}
	h, err := g.hexOf(c.Verb, b.ID, c.Hex)
	if err != nil {
		return err
	}
	if err := g.canPlace(b, h); err != nil {
		return err
	}
	k.base, k.unit, k.hex = b, b.Unit, h
	return nil
}

// checkChallenge is challenge and unchallenge: in the Challenge phase a
// token put on or taken off (once a unit a phase); in an activation,
// challenge is the Order that puts a unit on Challenge.
func (g *Game) checkChallenge(c Command, k *cmd, listing bool) error {
	if g.phase == PhaseActivate {
		return g.checkUnitOrder(c, k, listing)
	}
	u, err := g.ownUnit(c.Unit, k.side)
	if err != nil {
		return err
	}
	if g.toggled[u] {
		return fmt.Errorf("%s %s: its Challenge Token has already been changed this phase", c.Verb, u.ID)
	}
	if c.Verb == VerbChallenge {
		if err := g.canChallenge(u); err != nil {
			return err
		}
	} else if !u.Challenge {
		return fmt.Errorf("unchallenge %s: it has no Challenge Token", u.ID)
	}
	k.unit = u
	return nil
}

func (g *Game) checkFirst(c Command, k *cmd, _ bool) error {
	si, ok := g.SideIndex(c.Side)
	if !ok {
		return fmt.Errorf("first: no side %q (sides: %s, %s)", truncate(c.Side), g.sides[0].ID, g.sides[1].ID)
	}
	k.side = si
	return nil
}

func (g *Game) checkDefer(Command, *cmd, bool) error {
	if g.open != nil {
		return fmt.Errorf("defer: %s's activation is open; finish it with end", g.open.Unit.ID)
	}
	return nil
}

func (g *Game) checkEnd(Command, *cmd, bool) error {
	if g.open == nil {
		return errors.New("end: no activation is open")
	}
	return nil
}

// checkUnitOrder is rally, deploy and (in an activation) challenge: one
// Order for the whole unit.
func (g *Game) checkUnitOrder(c Command, k *cmd, _ bool) error {
	u, err := g.ownUnit(c.Unit, k.side)
	if err != nil {
		return err
	}
	if err := g.canOpen(u); err != nil {
		return err
	}
	k.unit, k.orders = u, 1
	switch c.Verb {
	case VerbRally:
		return g.canRally(u)
	case VerbDeploy:
		if !u.Contact {
			return fmt.Errorf("deploy %s: it is already deployed, not a Contact Marker", u.ID)
		}
	case VerbChallenge:
		return g.canChallenge(u)
	}
	return nil
}

func (g *Game) checkSpot(c Command, k *cmd, _ bool) error {
	side := k.side
	u, err := g.ownUnit(c.Unit, side)
	if err != nil {
		return err
	}
	if err := g.canOpen(u); err != nil {
		return err
	}
	t, ok := g.unitIdx[c.Target]
	if !ok || t.Side == side || !t.Contact || !t.InPlay() {
		return fmt.Errorf("spot %s %s: %s is not an enemy Contact Marker on the map", u.ID, truncate(c.Target), truncate(c.Target))
	}
	if err := g.canSpot(u, t); err != nil {
		return err
	}
	k.unit, k.other, k.orders = u, t, 1
	return nil
}

// actingBase finds the base a base command names and checks it may act
// now, opening an activation or in the open one.
func (g *Game) actingBase(c Command, k *cmd) error {
	b, err := g.ownBase(c.Base, k.side)
	if err != nil {
		return err
	}
	k.base, k.unit = b, b.Unit
	if err := g.canBaseAct(b, activationAction(string(c.Verb))); err != nil {
		return err
	}
	if g.open == nil {
		k.orders = 1
	}
	return nil
}

func (g *Game) checkMove(c Command, k *cmd, listing bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	h, err := g.hexOf(c.Verb, k.base.ID, c.Hex)
	if err != nil {
		return err
	}
	m, err := g.moveFrom(k.base)
	if err != nil {
		return err
	}
	return g.checkMoveTo(k, m, h, listing, false)
}

// checkMoveTo is checkMove's part for the destination, once its base may
// act (Legal asks it for every hex the base reaches).
func (g *Game) checkMoveTo(k *cmd, m *startOfMove, h hexmap.Hex, listing, destChecked bool) error {
	b, side := k.base, k.side
	k.hex = h
	var err error
	k.plan, err = g.planMoveTo(b, m, h, listing, destChecked)
	if err != nil {
		return err
	}
	if k.plan.noteD && (g.open == nil || g.open.Orders < 2) {
		if k.orders == 0 {
			k.orders = 1 // the second Order of an open activation
		} else {
			k.orders = 2
		}
		if g.ordersLeft(side) < k.orders {
			return fmt.Errorf("move %s %s: the move starts, ends or passes through %s and needs a second Order (seed 002 Note D); %s has none left", b.ID, g.Label(h), k.plan.noteDWhy, g.sides[side].Name)
		}
	}
	return nil
}

// checkAttack is fire and assault at an enemy base the side sees, and
// fire at a standing building or bridge named by its hex (buildings.go).
func (g *Game) checkAttack(c Command, k *cmd, listing bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	t, err := g.enemyBase(c.Target, k.side)
	if err != nil && c.Verb == VerbFire {
		if bd, ok := g.structureTarget(c.Target); ok {
			k.hex = bd.Hex
			_, err = g.planFireAt(k.base, bd)
			return err
		}
	}
	if err != nil {
		return err
	}
	k.target = t
	if c.Verb == VerbFire {
		_, err = g.planFireQ(k.base, t, listing)
		return err
	}
	return g.canAssaultQ(k.base, t, listing)
}

// checkUnbog is 7.311's Bog Removal DR, a bogged vehicle's move.
func (g *Game) checkUnbog(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	return g.canUnbog(k.base) // movement.go
}

func (g *Game) checkDig(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	return g.canDig(k.base)
}

func (g *Game) checkSmoke(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	return g.canSmoke(k.base)
}

// checkClear is 13.4's clearing by engineers (obstacles.go).
func (g *Game) checkClear(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	h, err := g.hexOf(c.Verb, k.base.ID, c.Hex)
	if err != nil {
		return err
	}
	k.hex = h
	return g.canClear(k.base, h)
}

func (g *Game) checkMount(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	v, err := g.ownBase(c.Target, k.side)
	if err != nil {
		return err
	}
	if err := g.canMount(k.base, v); err != nil {
		return err
	}
	k.target = v
	return nil
}

func (g *Game) checkDismount(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	b := k.base
	if b.Carrier == nil {
		return fmt.Errorf("dismount %s: it is not carried", b.ID)
	}
	// a passenger does not count against stacking; once off, it does
	n := 0
	for _, o := range g.occupants(b.Hex) {
		if o.Unit.Side == b.Unit.Side {
			n++
		}
	}
	if n >= StackLimit {
		return fmt.Errorf("dismount %s: %s already holds %d bases of the side (stacking limit %d)", b.ID, g.Label(b.Hex), n, StackLimit)
	}
	return nil
}

func (g *Game) checkCrest(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	h, err := g.hexOf(c.Verb, k.base.ID, c.Hex)
	if err != nil {
		return err
	}
	if err := g.canCrest(k.base, h); err != nil {
		return err
	}
	k.hex = h
	return nil
}

func (g *Game) checkFace(c Command, k *cmd, _ bool) error {
	if err := g.actingBase(c, k); err != nil {
		return err
	}
	b := k.base
	h, err := g.hexOf(c.Verb, b.ID, c.Hex)
	if err != nil {
		return err
	}
	d, ok := b.Hex.DirTo(h)
	switch {
	case !ok:
		return fmt.Errorf("face %s %s: name a hex next to %s", b.ID, g.Label(h), g.Label(b.Hex))
	case !b.Type.Class.Vehicle() && b.Type.Class != forces.Gun:
		return fmt.Errorf("face %s: only vehicles and guns have a facing", b.ID)
	case d == b.Facing:
		return fmt.Errorf("face %s %s: it already faces %s", b.ID, g.Label(h), g.Label(h))
	case b.Stuck != "" && b.Type.Class.Vehicle():
		return fmt.Errorf("face %s: it is %s", b.ID, b.Stuck)
	case b.Pinned:
		return fmt.Errorf("face %s: it is Pinned", b.ID)
	}
	k.hex = h
	return nil
}

// ordersLeft counts a side's Orders plus its Brigade Orders.
func (g *Game) ordersLeft(si int) int { return g.sides[si].Orders + g.sides[si].Brigade }

// spendOrders takes n Orders, this turn's first, then Brigade Orders
// (7.1 step 3).
func (g *Game) spendOrders(si, n int) {
	s := g.sides[si]
	for ; n > 0; n-- {
		if s.Orders > 0 {
			s.Orders--
		} else if s.Brigade > 0 {
			s.Brigade--
			g.log(KindActivate, "§7.1", "%s uses a Brigade Order (%d left)", s.Name, s.Brigade)
		}
	}
}

func (g *Game) ownUnit(id string, side int) (*Unit, error) {
	u, ok := g.unitIdx[id]
	if !ok || u.Side != side && !g.unitKnown(u, side) {
		return nil, fmt.Errorf("no unit %q", truncate(id)) // a hidden enemy reads as no unit at all
	}
	if u.Side != side {
		return nil, fmt.Errorf("%s belongs to %s; %s is to act", u.ID, g.sides[u.Side].Name, g.sides[side].Name)
	}
	if !u.InPlay() {
		return nil, fmt.Errorf("%s is not on the map", u.ID)
	}
	return u, nil
}

func (g *Game) ownBase(id string, side int) (*Base, error) {
	b, ok := g.baseIdx[id]
	if !ok || b.Unit.Side != side && !(b.OnMap() && g.visibleTo(side, b)) {
		return nil, fmt.Errorf("no base %q", truncate(id)) // a hidden enemy reads as no base at all
	}
	if b.Unit.Side != side {
		return nil, fmt.Errorf("%s belongs to %s; %s is to act", b.ID, g.sides[b.Unit.Side].Name, g.sides[side].Name)
	}
	if !b.OnMap() {
		return nil, fmt.Errorf("%s is not on the map", b.ID)
	}
	return b, nil
}

// unitKnown reports whether side knows of enemy unit u: a contact marker
// on the map, or a unit with a base it sees.
func (g *Game) unitKnown(u *Unit, side int) bool {
	if !u.InPlay() {
		return u.Gone != "" && u.Arrives == 0
	}
	if u.Contact {
		return true
	}
	for _, b := range u.live() {
		if g.visibleTo(side, b) {
			return true
		}
	}
	return false
}

// enemyBase finds a target the acting side knows of: an enemy base it can
// see (a hidden one is "no base", as if it did not exist).
func (g *Game) enemyBase(id string, side int) (*Base, error) {
	t, ok := g.baseIdx[id]
	if !ok || t.Unit.Side == side || !t.OnMap() || !g.visibleTo(side, t) {
		if ok && t.KO && t.Unit.Side != side && g.seenKnockedOut(side, id) {
			return nil, fmt.Errorf("%s is knocked out", id)
		}
		return nil, fmt.Errorf("no enemy base %q in sight", truncate(id))
	}
	return t, nil
}

// seenKnockedOut reports whether side's own log tells it that enemy base
// id was knocked out: a refusal may then say so, where "not in sight"
// would puzzle a player who watched it go; a loss the side did not see
// stays unsaid.
func (g *Game) seenKnockedOut(side int, id string) bool {
	for _, e := range g.EventsFor(side) {
		if e.Kind == KindLoss && len(e.Bases) > 0 && e.Bases[0] == id {
			return true
		}
	}
	return false
}

// canOpen says whether u may open an activation now.
func (g *Game) canOpen(u *Unit) error {
	if g.open != nil {
		return fmt.Errorf("%s's activation is open: only its bases may act, or end it", g.open.Unit.ID)
	}
	if u.Activated {
		return fmt.Errorf("%s has already been activated this turn (§7.1 step 5)", u.ID)
	}
	if g.ordersLeft(u.Side) < 1 {
		return fmt.Errorf("%s has no Orders left this turn (§7.2); it may only defer", g.sides[u.Side].Name)
	}
	return nil
}

// canBaseAct says whether b may do verb now, in a new activation or the
// open one.
func (g *Game) canBaseAct(b *Base, verb string) error {
	if o := g.open; o != nil {
		if o.Unit != b.Unit {
			return fmt.Errorf("%s's activation is open: only its bases may act, or end it", o.Unit.ID)
		}
		if o.Action != verb {
			return fmt.Errorf("%s's Order this activation is %s; %s cannot %s in it", o.Unit.ID, o.Action, b.ID, verb)
		}
		if b.Acted {
			return fmt.Errorf("%s has already acted in this activation", b.ID)
		}
	} else if err := g.canOpen(b.Unit); err != nil {
		return err
	}
	if b.Carrier != nil && verb != "dismount" {
		return fmt.Errorf("%s is carried by %s: dismount first", b.ID, b.Carrier.ID)
	}
	return nil
}

func (g *Game) canChallenge(u *Unit) error {
	if u.Challenge {
		return fmt.Errorf("%s is already on Challenge", u.ID)
	}
	for _, b := range u.live() {
		if b.Carrier == nil && len(b.Type.Weapons) > 0 {
			return nil
		}
	}
	return fmt.Errorf("%s has no base that can shoot, so cannot go on Challenge", u.ID)
}

func (g *Game) canRally(u *Unit) error {
	for _, b := range u.live() {
		if b.Pinned {
			return nil
		}
	}
	if u.Shaken {
		return nil
	}
	return fmt.Errorf("rally %s: no base is Pinned and the unit is not Shaken (§12.4)", u.ID)
}

func (g *Game) canDig(b *Base) error {
	switch {
	case b.DugIn:
		return fmt.Errorf("dig %s: already dug in", b.ID)
	case b.Type.Class == forces.Armoured || b.Type.Class == forces.Combat || b.Type.Class == forces.Transport:
		return fmt.Errorf("dig %s: vehicles do not dig in (§7.6, docs/rules.md)", b.ID)
	case b.Crest:
		return fmt.Errorf("dig %s: Crest status is already its entrenchment (6.0)", b.ID)
	case b.Carrier == nil && g.FortAt(b.Hex) != protect.NoFort:
		return fmt.Errorf("dig %s: it is already entrenched in the %s in %s (8.1)", b.ID, g.FortAt(b.Hex), g.Label(b.Hex))
	}
	return nil
}

// canCrest checks 6.0: unbroken infantry on foot in a wadi hex may claim
// Crest status there, its counter's middle hexside toward h.
func (g *Game) canCrest(b *Base, h hexmap.Hex) error {
	d, ok := b.Hex.DirTo(h)
	switch {
	case b.Type.Class != forces.Infantry && b.Type.Class != forces.Engineer:
		return fmt.Errorf("crest %s: only infantry claim Crest status (6.0)", b.ID)
	case b.Crest:
		return fmt.Errorf("crest %s: it is in Crest status already; a crest counter is not turned once placed (6.0)", b.ID)
	case b.Unit.Shaken:
		return fmt.Errorf("crest %s: %s is Shaken; only unbroken infantry claim Crest status (6.0)", b.ID, b.Unit.ID)
	case b.DugIn:
		return fmt.Errorf("crest %s: it is dug in; Crest status would be a second entrenchment (6.0)", b.ID)
	case !ok:
		return fmt.Errorf("crest %s %s: name the hex next to %s that the crest faces", b.ID, g.Label(h), g.Label(b.Hex))
	}
	if err := g.grid.Validate(g.grid.CrestAt(b.Hex, d)); err != nil {
		return fmt.Errorf("crest %s: %v", b.ID, err)
	}
	return nil
}

func (g *Game) canMount(b, v *Base) error {
	switch {
	case b == v:
		return fmt.Errorf("mount %s: a base cannot carry itself", b.ID)
	case !v.Effective():
		return fmt.Errorf("mount %s %s: %s is not on the map", b.ID, v.ID, v.ID)
	case v.Hex != b.Hex:
		return fmt.Errorf("mount %s %s: they are not in the same hex", b.ID, v.ID)
	case b.Type.Class == forces.Armoured || b.Type.Class == forces.Combat || b.Type.Class == forces.Transport:
		return fmt.Errorf("mount %s: a vehicle is not carried", b.ID)
	}
	if b.Type.Class == forces.Gun {
		if v.Type.Tow < b.Type.Size || g.towing(v) != nil {
			return fmt.Errorf("mount %s %s: %s cannot tow a gun of size %d (tow %d)", b.ID, v.ID, v.ID, b.Type.Size, v.Type.Tow)
		}
		return nil
	}
	if n := len(g.passengers(v)); n >= v.Type.Capacity {
		return fmt.Errorf("mount %s %s: %s carries %d of %d bases", b.ID, v.ID, v.ID, n, v.Type.Capacity)
	}
	return nil
}

// passengers lists the bases v carries (towed guns excluded).
func (g *Game) passengers(v *Base) []*Base {
	var out []*Base
	for _, b := range g.bases {
		if b.Carrier == v && b.OnMap() && b.Type.Class != forces.Gun {
			out = append(out, b)
		}
	}
	return out
}

// towing is the gun v tows, or nil.
func (g *Game) towing(v *Base) *Base {
	for _, b := range g.bases {
		if b.Carrier == v && b.OnMap() && b.Type.Class == forces.Gun {
			return b
		}
	}
	return nil
}

// truncate shortens user text quoted in messages (whole characters).
func truncate(s string) string { return fileio.Clip(s, 40) }

// canPlace checks a set-up placement: a base of a unit with a set-up
// area, to a hex of the area it can stand in, within the stacking limit.
func (g *Game) canPlace(b *Base, h hexmap.Hex) error {
	a := b.Unit.Area
	switch {
	case a == nil:
		return fmt.Errorf("place %s: %s has no set-up area; it sets up where the scenario puts it", b.ID, b.Unit.ID)
	case b.Carrier != nil:
		return fmt.Errorf("place %s: it is carried by %s; place the carrier", b.ID, b.Carrier.ID)
	case hexmap.Distance(a.Centre, h) > a.Radius:
		return fmt.Errorf("place %s %s: outside %s's set-up area (within %d hexes of %s)", b.ID, g.Label(h), b.Unit.ID, a.Radius, g.Label(a.Centre))
	case h == b.Hex:
		return fmt.Errorf("place %s %s: it is already there", b.ID, g.Label(h))
	}
	n := 0
	for _, o := range g.bases {
		if o.Hex == h && o.Effective() {
			if o.Unit.Side != b.Unit.Side && g.visibleTo(b.Unit.Side, o) {
				return fmt.Errorf("place %s %s: an enemy base holds it", b.ID, g.Label(h))
			}
			if o.Unit.Side == b.Unit.Side {
				n++
			}
		}
	}
	if n >= StackLimit {
		return fmt.Errorf("place %s %s: it already holds %d bases of the side (stacking limit %d)", b.ID, g.Label(h), n, StackLimit)
	}
	if !g.canStand(b, h) {
		return fmt.Errorf("place %s %s: a %s cannot stand there", b.ID, g.Label(h), g.moveUnit(b).Kind)
	}
	return nil
}

// canStand reports terrain the base could enter from some neighbouring
// hex (engine/move's costs): where it may set up.
func (g *Game) canStand(b *Base, h hexmap.Hex) bool {
	u := g.moveUnit(b)
	u.Allowance = move.Whole(99)
	for d := hexmap.Dir(0); d < 6; d++ {
		n := h.Neighbor(d)
		if !g.Map.Contains(n) {
			continue
		}
		if mv, err := g.plan.Walk(u, move.Path{From: n, Actions: []move.Action{{Kind: move.Enter, Hex: h}}}); err == nil && mv.Legal {
			return true
		}
	}
	return false
}
