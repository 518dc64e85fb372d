package game

import (
	"fmt"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/protect"
	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// apply carries out a checked command through its verb's entry: in an
// activation it first spends the Order and opens the activation, then
// closes it once the verb says so or no base of the unit can act.
func (g *Game) apply(c *cmd) {
	side := c.side
	if g.phase != PhaseActivate || c.spec.free {
		// the phases' own commands, defer, end and strike: no Order
		c.spec.apply(g, c)
		return
	}
	// Everything else is done under an Order.
	if c.orders > 0 {
		g.spendOrders(side, c.orders)
		if g.open == nil {
			g.open = &Activation{Unit: c.unit, Action: activationAction(c.verb), Orders: c.orders}
			for _, b := range c.unit.Bases {
				b.Acted = false
			}
			g.logFor(g.unitUnseen(c.unit), side, KindActivate, "§7.1", "%s activates %s (%s): %s", g.sides[side].Name, c.unit, c.unit.Name, c.verb)
		} else {
			g.open.Orders += c.orders
		}
		if g.open.Orders >= 2 && c.orders > 0 && c.plan != nil && c.plan.noteD {
			g.logFor(g.unitUnseen(c.unit), side, KindActivate, "Note D", "%s's move through %s costs a second Order (seed 002 Note D)", c.unit, c.plan.noteDWhy)
		}
	}
	g.deferred = false
	if c.base != nil {
		c.base.Acted = true
	}
	c.spec.apply(g, c)
	if g.phase == PhaseOver {
		return
	}
	if c.spec.closes || c.verb == "challenge" {
		g.closeActivation()
	} else if g.open != nil && !g.hiddenActivation(g.open) && !g.anyCanAct(g.open) {
		// A unit under its Contact Marker is never closed for its owner:
		// whether another of its bases could still act is a hidden fact,
		// and who is to act next is public (issue 17). Its owner ends it
		// with "end". Only the marker, which both sides see, decides.
		g.closeActivation()
	}
}

// The apply halves of the verb table (verbs.go) that are more than a call.

func (g *Game) applyPlace(c *cmd) {
	side := c.side
	from := c.base.Hex
	c.base.Hex, c.base.Fired = c.hex, false
	for _, p := range g.bases {
		if p.Carrier == c.base {
			p.Hex = c.hex
		}
	}
	g.gen++ // it stands elsewhere: faceEnemy asks what its side sees now
	c.base.Facing = g.faceEnemy(c.base)
	c.base.Emplaced = g.emplaceAtSetup(c.base) // F.1A: it sets up here (shot.go)
	g.logFor(true, side, KindTurn, "", "%s sets %s up in %s (was %s)", g.sides[side].Name, c.base, c.hex, from)
}

func (g *Game) applyReady(c *cmd) {
	side := c.side
	g.ready[side] = true
	if g.phase == PhaseSetup {
		g.log(KindTurn, "", "%s has set up", g.sides[side].Name)
		if g.ready[g.other(side)] {
			g.startTurn()
		} else {
			g.actor = g.other(side)
		}
		return
	}
	g.log(KindTurn, "§7.1", "%s is ready", g.sides[side].Name)
	if g.ready[g.initWin] {
		g.phase, g.actor = PhaseFirst, g.initWin
		return
	}
	g.actor = g.initWin
}

// applyChallenge puts a Challenge Token on a unit: in the Challenge phase
// (one change a unit), or as an activation's Order.
func (g *Game) applyChallenge(c *cmd) {
	c.unit.Challenge = true
	if g.phase == PhaseChallenge {
		g.toggled[c.unit] = true
		g.logFor(g.unitUnseen(c.unit), c.side, KindTurn, "§7.1", "%s puts %s on Challenge", g.sides[c.side].Name, c.unit)
		return
	}
	g.logFor(g.unitUnseen(c.unit), c.side, KindTurn, "§7.1", "%s goes on Challenge", c.unit)
}

func (g *Game) applyUnchallenge(c *cmd) {
	c.unit.Challenge = false
	g.toggled[c.unit] = true
	g.logFor(g.unitUnseen(c.unit), c.side, KindTurn, "§7.1", "%s takes the Challenge Token off %s", g.sides[c.side].Name, c.unit)
}

func (g *Game) applyFirst(c *cmd) {
	g.phase, g.actor = PhaseActivate, c.side
	g.log(KindTurn, "§7.1", "%s chooses %s to activate first", g.sides[g.initWin].Name, g.sides[c.side].Name)
}

func (g *Game) applyDefer(c *cmd) {
	side := c.side
	g.log(KindTurn, "§7.1", "%s defers", g.sides[side].Name)
	if g.deferred {
		g.log(KindTurn, "§7.1", "both sides deferred in a row: turn %d ends", g.turn)
		g.endTurn()
		return
	}
	g.deferred = true
	g.actor = g.other(side)
}

// applyFace turns a vehicle or gun; a gun first takes §9.4's man-handling
// test, once an activation.
func (g *Game) applyFace(c *cmd) {
	b, side := c.base, c.side
	if b.Type.Class == forces.Gun && !g.open.manHandled {
		g.open.manHandled = true
		in := combat.ManHandle{TQ: b.Unit.TQ, OfficerTQ: g.officerTQ(b.Unit), LargestSize: b.Type.Size, NoTow: true}
		if band, _ := g.throw(combat.ManHandling(in), g.unseen(b), side, b.Unit.ID+" man-handles its guns"); band != combat.Success {
			g.logFor(g.unseen(b), side, KindAction, "§9.4", "%s's guns cannot be turned this activation", b.Unit)
			for _, m := range b.Unit.Bases {
				m.Acted = true
			}
			return
		}
	}
	b.Facing, _ = b.Hex.DirTo(c.hex)
	g.logFor(g.unseen(b), side, KindAction, "", "%s turns to face %s", b, c.hex)
}

func (g *Game) applyCrest(c *cmd) {
	d, _ := c.base.Hex.DirTo(c.hex)
	c.base.Crest, c.base.Front = true, d
	g.logFor(g.unseen(c.base), c.side, KindAction, "6.0", "%s takes Crest status in %s facing %s", c.base, c.base.Hex, c.hex)
}

func (g *Game) applyMount(c *cmd) {
	c.base.Carrier = c.target
	c.base.DugIn, c.base.Crest, c.base.Emplaced = false, false, false
	g.logFor(g.unseen(c.base), c.side, KindAction, "", "%s mounts %s in %s", c.base, c.target, c.base.Hex)
}

func (g *Game) applyDismount(c *cmd) {
	g.logFor(g.unseen(c.base), c.side, KindAction, "", "%s leaves %s in %s", c.base, c.base.Carrier, c.base.Hex)
	c.base.Carrier = nil
}

// hiddenActivation reports an open activation of a unit under its Contact
// Marker: it stays open until its owner says end (docs/rules.md).
func (g *Game) hiddenActivation(a *Activation) bool { return a.Unit.Contact }

// anyCanAct reports whether a base of the open activation can still do its
// action.
func (g *Game) anyCanAct(a *Activation) bool {
	for _, b := range a.Unit.Bases {
		if b.OnMap() && !b.Acted && (b.Carrier == nil || a.Action == "dismount") && g.canActFor(b, a.Action) {
			return true
		}
	}
	return false
}

// closeActivation ends the open activation: units that lost bases test
// morale (10.8 step 9), the unit is marked Activated, and the other side
// is to act.
func (g *Game) closeActivation() {
	a := g.open
	if a == nil {
		return
	}
	a.Unit.Activated = true
	for _, b := range a.Unit.Bases {
		b.Acted = false
	}
	g.moraleTests()
	g.open = nil
	g.revealAdjacent()
	g.actor = g.other(a.Unit.Side)
}

// rally is 12.4: one roll for the unit; success removes every Pinned
// marker and Shaken (docs/rules.md).
func (g *Game) rally(u *Unit) {
	t := combat.Rally(g.moraleInput(u))
	hid := g.unitUnseen(u)
	band, _ := g.throw(t, hid, u.Side, u.ID+" rallies")
	if band != combat.Success {
		g.logFor(hid, u.Side, KindMorale, "§12.4", "%s fails to rally", u)
		return
	}
	pinned := false
	for _, b := range u.Bases {
		pinned = pinned || b.Pinned
		b.Pinned = false
	}
	what := "its Pinned markers are removed"
	switch {
	case u.Shaken && pinned:
		what = "its Pinned markers are removed and it is no longer Shaken"
	case u.Shaken:
		what = "it is no longer Shaken"
	}
	u.Shaken = false
	g.logFor(hid, u.Side, KindPinned, "§12.4", "%s rallies: %s", u, what)
}

// moraleInput gathers 12.4/12.5's modifiers for u: its morale, each
// unpinned friendly officer within 20 cm (4 hexes), Weakened.
func (g *Game) moraleInput(u *Unit) combat.Morale {
	m := combat.Morale{Morale: u.Morale, Weakened: u.Weakened}
	for _, o := range g.bases {
		if o.Unit.Side != u.Side || o.Unit == u || !o.OnMap() || o.Type.Class != forces.Officer || o.Pinned || o.Unit.Contact {
			continue // an officer under a contact marker leads no one yet (issue 17)
		}
		for _, b := range u.live() {
			if hexmap.Distance(o.Hex, b.Hex) <= scale.Hexes(20) {
				m.OfficerMorale = append(m.OfficerMorale, o.Unit.Morale)
				break
			}
		}
	}
	return m
}

// officerTQ is the TQ of an unpinned officer attached to u: an officer
// base of another unit of u's side stacked with one of u's bases
// (docs/rules.md), or nil. An officer still under a contact marker is
// attached to no one, as he rolls no Orders and adds no initiative: his
// modifier in a roll the enemy reads would tell it what the marker hides
// (issue 17).
func (g *Game) officerTQ(u *Unit) *int {
	for _, o := range g.bases {
		if o.Unit.Side != u.Side || o.Unit == u || !o.OnMap() || o.Type.Class != forces.Officer || o.Pinned || o.Unit.Contact {
			continue
		}
		for _, b := range u.live() {
			if b.Hex == o.Hex {
				tq := o.Unit.TQ
				return &tq
			}
		}
	}
	return nil
}

// officerWith is the TQ of an unpinned officer of b's side, of another
// unit, stacked with b: the officer of a roll one base makes or takes
// (to hit, its save, an assault, a crossing; docs/rules.md). A roll of the
// whole unit (morale, rally, spot, man-handling) takes officerTQ, an
// officer with any of its bases. An officer under a contact marker counts
// for no one (issue 17).
func (g *Game) officerWith(b *Base) *int {
	for _, o := range g.bases {
		if o.Unit.Side != b.Unit.Side || o.Unit == b.Unit || !o.OnMap() || o.Type.Class != forces.Officer || o.Pinned || o.Unit.Contact {
			continue
		}
		if o.Hex == b.Hex {
			tq := o.Unit.TQ
			return &tq
		}
	}
	return nil
}

// dig is 7.6, with the desert's entrenching DRM (F.1B, 7.42, 7.421)
// joined as a Dig-In modifier.
func (g *Game) dig(b *Base) {
	u := b.Unit
	drm, rule := protect.EntrenchingDRM(g.Map, b.Hex)
	in := combat.DigIn{TQ: u.TQ, OfficerTQ: g.officerWith(b), ReconOrObserver: b.Type.Recon || b.Type.Class == forces.Observer,
		Engineer: b.Type.Class == forces.Engineer, Size: b.Type.Size, DesertDRM: protect.DigInModifier(drm), DesertRule: rule}
	if !in.Engineer {
		for _, e := range g.bases {
			if e.Unit.Side == u.Side && e.Effective() && e.Type.Class == forces.Engineer && hexmap.Distance(e.Hex, b.Hex) <= scale.Hexes(10) {
				in.EngineerNear = true
			}
		}
	}
	in.BadGround, _ = g.softGround(b.Hex) // §7.6's Soft Sand and Mud row, as Note D reads sand and mud
	hid := g.unseen(b)
	band, _ := g.throw(combat.DigInTest(in), hid, u.Side, b.ID+" digs in in "+g.Label(b.Hex))
	if band == combat.Success {
		b.DugIn = true
		g.logFor(hid, u.Side, KindAction, "§7.6", "%s is dug in", b)
	}
}

// spot is 4.6: the unit's best-placed base tries to reveal a contact.
func (g *Game) spot(u, t *Unit) {
	in := combat.Spot{TQ: u.TQ, OfficerTQ: g.officerTQ(u)}
	for _, b := range u.live() {
		if b.Type.Recon {
			in.Recon = true
		}
		if b.Type.Enclosed && !b.Type.Recon {
			in.EnclosedAFV = true
		}
	}
	if in.Recon {
		in.EnclosedAFV = false
	}
	band, _ := g.throw(combat.SpotContact(in), false, u.Side, fmt.Sprintf("%s spots contact %s", u.ID, t.ID))
	if band == combat.Success {
		g.reveal(t, "is spotted by %s (§4.6)", u)
	} else {
		g.log(KindReveal, "§4.6", "contact %s stays hidden", t)
	}
}

// reveal turns a contact marker into its bases.
func (g *Game) reveal(u *Unit, why string, a ...any) {
	if !u.Contact {
		return
	}
	u.Contact = false
	g.gen++
	args := append([]any{g.sides[u.Side].Name, u}, a...)
	g.log(KindReveal, "§4.6", "%s: contact %s "+why+": %s", append(args, u.Name)...)
}

// revealAdjacent: a contact with an enemy base next to one of its bases is
// revealed (our rule, docs/rules.md: at 40 m nothing stays a rumour).
func (g *Game) revealAdjacent() {
	for _, u := range g.units {
		if !u.Contact || !u.InPlay() {
			continue
		}
	scan:
		for _, b := range u.live() {
			for _, e := range g.bases {
				if e.Unit.Side != u.Side && e.Effective() && !e.Unit.Contact && hexmap.Distance(e.Hex, b.Hex) <= 1 {
					g.reveal(u, "is revealed: an enemy base is adjacent")
					break scan
				}
			}
		}
	}
}
