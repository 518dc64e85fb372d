package game

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// StackLimit is the most bases of one side a hex may hold, passengers not
// counted (docs/rules.md, "Stacking"): a hex is 40 m across.
const StackLimit = 3

// movePlan is a checked move: the least-cost path and what it costs.
type movePlan struct {
	unit     move.Unit
	path     move.Path
	cost     move.MP
	noteD    bool
	noteDWhy string
}

// moveUnit is how engine/move sees a base.
func (g *Game) moveUnit(b *Base) move.Unit {
	u := b.Type.MoveUnit(g.sides[b.Unit.Side].Nation == "british")
	if g.towing(b) != nil {
		u.Towing = true
	}
	obstacleAbilities(&u, b)
	return u
}

// moveLimit is the farthest (in hexes) a base may go in one move. 9.1
// gives infantry, man-handled weapons (9.4) and Contact Markers one rate,
// 15 cm: one conversion, combat.FootMoveHexes (3 hexes), for all three.
// Men on foot still pay the desert's MF for each hex within it; other
// bases have no limit but their MF/MP.
func (g *Game) moveLimit(b *Base) int {
	if b.Unit.Contact || b.Type.Class == forces.Gun || b.Type.Move == move.Infantry {
		return combat.FootMoveHexes
	}
	return 1 << 20
}

// whyCannotMove says why b may not move at all, or "".
func (g *Game) whyCannotMove(b *Base) string {
	switch {
	case b.Pinned:
		return "it is Pinned (rally first, 12.4)"
	case b.Stuck != "":
		return "it is " + b.Stuck
	case b.Type.MP <= 0:
		return "it cannot move"
	case b.Type.Class == forces.Gun && g.open == nil && len(b.Unit.live()) == 0:
		return "it cannot move"
	}
	return ""
}

// area is where b can go now: the least cost to each hex within its
// allotment and move limit, by paths that never pass through a hex where
// b's side sees an enemy base or a contact marker (docs/rules.md, "No
// path through a seen enemy": the move would stop there). Such a hex may
// still end a path (destCheck refuses a seen enemy's; moving into a
// marker finds it). Only what the side sees shapes the area, so the legal
// list tells nothing of hidden enemies; one is found by running into it
// (doMove).
func (g *Game) area(b *Base) (*move.Area, error) {
	avoid, key := g.seenEnemyHexes(b)
	wary, wkey := g.knownMineHexes(b)
	return g.areaAround(b, avoid, wary, key+"|"+wkey)
}

// areaAround is b's reach avoiding the hexes in avoid and, among paths of
// equal cost, the mined hexes in wary (both named by key in the reach
// cache).
func (g *Game) areaAround(b *Base, avoid, wary []hexmap.Hex, key string) (*move.Area, error) {
	u := g.moveUnit(b)
	k := reachKey{plan: g.plan, unit: u, from: b.Hex, crest: b.Crest, front: b.Front, mp: b.Type.MP, avoid: key}
	if a, ok := g.reach.get(k); ok {
		return a, nil
	}
	start := move.Path{From: b.Hex, Crest: b.Crest, Front: b.Front}
	a, err := g.plan.ReachAround(u, start, b.Type.MP, avoid, wary)
	if err == nil {
		g.reach.put(k, a)
	}
	return a, err
}

// seenEnemyHexes lists the hexes b's path may not pass through: those
// holding an effective enemy base b's side sees (visibleTo) and enemy
// contact markers' hexes (the first base on the map of each, as ViewAs
// shows it: a base is there, so a path through would stop), no farther
// than b could go on its allotment (move.MaxHexes), in the map's hex
// order. key names the list exactly for the reach cache: far-off enemies
// and hidden bases leave it, and so the cached area, unchanged.
func (g *Game) seenEnemyHexes(b *Base) ([]hexmap.Hex, string) {
	side, reach := b.Unit.Side, move.MaxHexes(b.Type.MP)
	type cell struct {
		i int
		h hexmap.Hex
	}
	var cells []cell
	for _, o := range g.bases {
		if o.Unit.Side == side || !o.Effective() || hexmap.Distance(b.Hex, o.Hex) > reach {
			continue
		}
		if g.visibleTo(side, o) {
			cells = append(cells, cell{g.Map.Index(o.Hex), o.Hex})
		}
	}
	for _, u := range g.units {
		if u.Side == side || !u.Contact || u.Gone != "" || u.Arrives != 0 {
			continue
		}
		for _, o := range u.Bases {
			if o.OnMap() { // the marker's hex, as ViewAs shows it
				if hexmap.Distance(b.Hex, o.Hex) <= reach {
					cells = append(cells, cell{g.Map.Index(o.Hex), o.Hex})
				}
				break
			}
		}
	}
	if len(cells) == 0 {
		return nil, ""
	}
	slices.SortFunc(cells, func(a, b cell) int { return a.i - b.i })
	cells = slices.CompactFunc(cells, func(a, b cell) bool { return a.i == b.i })
	out := make([]hexmap.Hex, len(cells))
	key := make([]byte, 0, 4*len(cells))
	for k, c := range cells {
		out[k] = c.h
		key = binary.LittleEndian.AppendUint32(key, uint32(c.i))
	}
	return out, string(key)
}

// knownMineHexes lists the minefields b's side must treat as live
// (mineLooksLive: its own, and the enemy's it has a marker for and has
// not found to be a Dummy) no farther than b could go, in the map's hex
// order, and a key naming them for the reach cache. A move takes the path
// round them when one of the same cost exists (docs/rules.md, "A path
// round known mines"): mines cost no MP, so the cost alone would pick the
// mined hex beside a lane as readily as the lane. Hidden mines (F.7C) are
// not known and do not bend a path.
func (g *Game) knownMineHexes(b *Base) ([]hexmap.Hex, string) {
	if len(g.def.Mines) == 0 {
		return nil, ""
	}
	side, reach := b.Unit.Side, move.MaxHexes(b.Type.MP)
	var out []hexmap.Hex
	for _, m := range g.def.Mines {
		if mineLooksLive(m, side) && hexmap.Distance(b.Hex, m.Hex) <= reach {
			out = append(out, m.Hex)
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	slices.SortFunc(out, func(a, b hexmap.Hex) int { return g.Map.Index(a) - g.Map.Index(b) })
	out = slices.Compact(out)
	key := make([]byte, 0, 4*len(out))
	for _, h := range out {
		key = binary.LittleEndian.AppendUint32(key, uint32(g.Map.Index(h)))
	}
	return out, string(key)
}

// destOK says whether b may end a move in h.
func (g *Game) destOK(b *Base, h hexmap.Hex) string {
	_, why := g.destCheck(b, h, true)
	return why
}

// destCheck says whether b may end a move in h and, when explain is true
// and it may not, why (Legal asks thousands of times and needs no words).
func (g *Game) destCheck(b *Base, h hexmap.Hex, explain bool) (bool, string) {
	say := func(format string, a ...any) (bool, string) {
		if !explain {
			return false, ""
		}
		return false, fmt.Sprintf(format, a...)
	}
	if h == b.Hex {
		return say("it is already there")
	}
	if hexmap.Distance(b.Hex, h) > g.moveLimit(b) {
		if !explain { // the words' arguments cost more than the check
			return false, ""
		}
		return say("%s is more than %d hexes away (infantry, a man-handled gun and a contact marker move 15 cm, 9.1, 9.4)", g.Label(h), g.moveLimit(b))
	}
	n := 0
	for _, o := range g.occupants(h) {
		if o.Unit.Side != b.Unit.Side {
			if g.visibleTo(b.Unit.Side, o) {
				return say("an enemy base holds %s (close assault it instead)", g.Label(h))
			}
			continue // a hidden enemy is found by moving in (doMove)
		}
		n++
	}
	if n >= StackLimit {
		return say("%s already holds %d bases of the side (stacking limit %d)", g.Label(h), n, StackLimit)
	}
	if now, ok := g.commandDistance(b, h); ok && now > InCommand && !g.mateStillToMove(b) {
		if before, _ := g.commandDistance(b, b.Hex); now >= before {
			return say("%s would be %d hexes from the nearest base of %s: out of command (In Command is %d hexes, §6A)", b.ID, now, b.Unit.ID, InCommand)
		}
	}
	return true, ""
}

// mateStillToMove reports another base of b's unit that may still move
// in this activation: it can close up, so In Command is checked on the
// last base to move (docs/rules.md).
func (g *Game) mateStillToMove(b *Base) bool {
	for _, m := range b.Unit.Bases {
		if m != b && m.Effective() && !m.Acted && g.whyCannotMove(m) == "" {
			return true
		}
	}
	return false
}

// InCommand is seed 002's 20 cm In Command distance in hexes (§6A).
var InCommand = scenario.InCommand

// commandDistance is how far h is from the nearest other base of b's unit
// on the map; false when b has no such mate.
func (g *Game) commandDistance(b *Base, h hexmap.Hex) (int, bool) {
	best, ok := 1<<20, false
	for _, m := range b.Unit.Bases {
		if m != b && m.Effective() {
			ok = true
			if d := hexmap.Distance(m.Hex, h); d < best {
				best = d
			}
		}
	}
	return best, ok
}

// OutOfCommand reports a unit with a base more than InCommand hexes from
// every other base of the unit.
func (g *Game) OutOfCommand(u *Unit) bool {
	for _, b := range u.Bases {
		if b.Effective() {
			if d, ok := g.commandDistance(b, b.Hex); ok && d > InCommand {
				return true
			}
		}
	}
	return false
}

// planMove checks a move command.
func (g *Game) planMove(b *Base, h hexmap.Hex, listing bool) (*movePlan, error) {
	m, err := g.moveFrom(b)
	if err != nil {
		return nil, err
	}
	return g.planMoveTo(b, m, h, listing, false)
}

// startOfMove is what every move of one base now shares: that it may
// move at all, its reach, how it moves.
type startOfMove struct {
	a    *move.Area
	unit move.Unit
}

// moveFrom checks that b may move and works out its reach.
func (g *Game) moveFrom(b *Base) (*startOfMove, error) {
	if why := g.whyCannotMove(b); why != "" {
		return nil, fmt.Errorf("move %s: %s", b.ID, why)
	}
	a, err := g.cachedArea(b)
	if err != nil {
		return nil, fmt.Errorf("move %s: %v", b.ID, err)
	}
	return &startOfMove{a: a, unit: g.moveUnit(b)}, nil
}

// planMoveTo is planMove's part for the destination; destChecked: the
// caller (Legal's listMove) has already checked h with destCheck.
func (g *Game) planMoveTo(b *Base, m *startOfMove, h hexmap.Hex, listing, destChecked bool) (*movePlan, error) {
	if !destChecked {
		if why := g.destOK(b, h); why != "" {
			return nil, fmt.Errorf("move %s %s: %s", b.ID, g.Label(h), why)
		}
	}
	a := m.a
	cost, ok := a.Cost(h)
	if !ok {
		if !listing {
			if why := g.whyAround(b, h); why != "" {
				return nil, fmt.Errorf("move %s %s: %s", b.ID, g.Label(h), why)
			}
		}
		return nil, fmt.Errorf("move %s %s: out of reach: %s has %s %s and cannot enter %s by any path within it", b.ID, g.Label(h), b.ID, b.Type.MP, m.unit.Kind.Units(), g.Label(h))
	}
	p := &movePlan{unit: m.unit, cost: cost}
	if listing && (g.ordersLeft(b.Unit.Side) >= 2 || g.open != nil && g.open.Orders >= 2) {
		// Listing legal commands: Note D cannot make this move illegal,
		// so the path (needed only to apply it) is not built.
		return p, nil
	}
	p.path = a.Path(h)
	p.noteD, p.noteDWhy = g.noteD(b.Hex, p.path)
	return p, nil
}

// whyAround says, for a hex out of b's reach, whether only the enemy
// bases and contact markers b's side sees keep it out ("" if not): every
// path within the allotment passes through one of their hexes
// (docs/rules.md, "No path through a seen enemy"). It names only what
// the side sees.
func (g *Game) whyAround(b *Base, h hexmap.Hex) string {
	avoid, _ := g.seenEnemyHexes(b)
	if len(avoid) == 0 {
		return ""
	}
	open, err := g.areaAround(b, nil, nil, "")
	if err != nil {
		return ""
	}
	if _, ok := open.Cost(h); !ok {
		return ""
	}
	var in []string
	for _, x := range avoid {
		if _, ok := open.Cost(x); ok {
			in = append(in, g.Label(x))
		}
	}
	return fmt.Sprintf("out of reach: every path within %s's %s %s to %s passes through a hex where the side sees an enemy base or contact marker (%s); a move may end there but not pass through", b.ID, b.Type.MP, g.moveUnit(b).Kind.Units(), g.Label(h), strings.Join(in, ", "))
}

// noteD is seed 002's Note D: a move that starts, ends or passes through
// Very Bad Going (soft sand, mud) needs two Orders. In the desert that is
// a Sand hex (7.0) or any hex while mud exists (11.8) — our join,
// docs/rules.md.
func (g *Game) noteD(from hexmap.Hex, p move.Path) (bool, string) {
	if soft, why := g.softGround(from); soft {
		return true, why
	}
	for _, a := range p.Actions {
		if soft, why := g.softGround(a.Hex); soft {
			return true, why
		}
	}
	return false, ""
}

// softGround is the one join from the desert's ground to seed 002's
// "Very Bad Going" and its Soft Sand and Mud rows: a Sand hex (7.0), or
// any hex while mud exists (11.8). Note D's two Orders and the Dig-In
// table's −1 (§7.6) both read it.
func (g *Game) softGround(h hexmap.Hex) (bool, string) {
	switch {
	case g.env.MudExists():
		return true, "mud"
	case g.Map.Terrain(h).Flags&hexmap.Sand != 0:
		return true, "sand at " + g.Label(h)
	}
	return false, ""
}

// doMove plays a checked move: the man-handling test for a gun (9.4), the
// bog and immobilization checks as they trigger (3.31, 7.31, 11.8),
// vehicle dust (11.74), passengers and towed guns carried along, and
// reaction fire from enemy units on Challenge.
func (g *Game) doMove(b *Base, p *movePlan) {
	u := b.Unit
	hid := g.unseen(b) // recomputed after the move: seen at either end is seen
	if b.Type.Class == forces.Gun && g.open != nil && !g.open.manHandled {
		// §9.4: one test for the unit, the first time one of its guns moves
		// in the activation; a failure ends the activation.
		g.open.manHandled = true
		in := g.manHandleInput(b, p)
		if band, _ := g.throw(combat.ManHandling(in), hid, u.Side, u.ID+" man-handles its guns"); band != combat.Success {
			g.logFor(hid, u.Side, KindAction, "§9.4", "%s's guns cannot be moved this activation", u)
			for _, m := range u.Bases {
				m.Acted = true
			}
			return
		}
	}
	// A hidden enemy base in the path is found by running into it: the
	// move stops in the hex before, and the enemy is revealed.
	dest := b.Hex
	if n := len(p.path.Actions); n > 0 {
		dest = p.path.Actions[n-1].Hex
	}
	// The path passes through no hex where the side saw an enemy base or
	// contact marker when the move was planned (area); it may end in a
	// marker's hex. Whatever stops it here was hidden, or is the marker's
	// unit, and the mover's side is told where.
	var holder hexmap.Hex
	stopped := false
	for k, a := range p.path.Actions {
		for _, o := range g.bases {
			if o.Hex == a.Hex && o.Effective() && o.Unit.Side != u.Side {
				p.path.Actions = p.path.Actions[:k]
				holder, stopped = a.Hex, true
				g.reveal(o.Unit, "is found in %s by %s", a.Hex, b)
				break
			}
		}
		if stopped {
			break
		}
	}
	if len(p.path.Actions) == 0 {
		// Told only to the mover's side: the destination is its intent.
		// The enemy's hex as a label, not a Hex: the event's Hexes stay
		// the move's two ends (KindBlocked).
		g.logFor(true, u.Side, KindBlocked, "", "%s cannot leave %s for %s: an enemy base holds %s", b, b.Hex, dest, g.Label(holder))
		return
	}
	if g.mechanicalReliability(b) {
		if g.d6For(hid, u.Side, "F.4", b.ID+" mechanical reliability") == 6 {
			b.Stuck = "broken down"
			g.logFor(hid, u.Side, KindStuck, "F.4", "%s breaks down in %s and cannot move again", b, b.Hex)
			return
		}
	}
	mv, err := g.plan.Walk(p.unit, p.path)
	if err != nil || !mv.Legal {
		// planMove priced this path with the same planner: cannot happen.
		g.logFor(hid, u.Side, KindAction, "", "%s stays put: %v %s", b, err, mv.Error)
		return
	}
	before := g.dice.Len()
	enter, afterEntry := g.entryHook(b, hid)
	res := mv.PlayWith(g.Map, g.dice, enter)
	rolls := g.dice.Log()[before:]
	for i, r := range res {
		mods := []combat.Mod{}
		if r.Check.DRM != 0 {
			mods = append(mods, combat.Mod{What: "DRM", N: r.Check.DRM, Rule: r.Check.Kind.Rule()})
		}
		g.logDiceRoll(hid, u.Side, r.Check.Kind.Rule(), fmt.Sprintf("%s: %s check in %s", b.ID, r.Check.Kind, g.Label(r.Check.Hex)), rolls[i], mods, r.Final, r.Outcome.String())
	}
	from := b.Hex
	to := from
	if n := len(mv.Steps); n > 0 {
		to = mv.Steps[n-1].Hex
	}
	// The vehicle's earlier dust counters come off as it leaves (11.74).
	var kept []Dust
	for _, d := range g.dust {
		if d.Base != b.ID {
			kept = append(kept, d)
		}
	}
	g.dust = kept
	b.Hex, b.Fired = to, false
	if to != from {
		b.Crest = false
	}
	if d, ok := from.DirTo(to); ok {
		b.Facing = d
	} else if n := len(mv.Steps); n > 1 {
		if d, ok := mv.Steps[n-2].Hex.DirTo(to); ok {
			b.Facing = d
		}
	}
	b.DugIn, b.Emplaced = false, false // a gun that moves leaves its emplacement (F.1A)
	for _, o := range g.bases {
		if o.Carrier == b && o.OnMap() {
			o.Hex = to
		}
	}
	g.gen++
	hidTo := g.unseen(b)
	g.logSeenMove(b, from, hid, KindMove, "", "%s moves %s → %s (%s %s)", b, from, to, mv.Total, p.unit.Kind.Units())
	hid = hid && hidTo
	if stopped && mv.Stopped == nil {
		// As above: the mover's side only, the enemy's hex as a label
		// (the event's one Hex is where the base stopped).
		g.logFor(true, u.Side, KindBlocked, "", "%s stops in %s short of %s: an enemy base holds %s", b, to, g.Label(dest), g.Label(holder))
	}
	if mv.Stopped != nil {
		b.Stuck = mv.Stopped.Outcome.String()
		g.logFor(hidTo, u.Side, KindStuck, mv.Stopped.Check.Kind.Rule(), "%s is %s in %s", b, b.Stuck, to)
	}
	for _, h := range mv.Dust {
		g.dust = append(g.dust, Dust{Hex: h, Base: b.ID})
		g.logFor(hid, u.Side, KindDust, "11.74", "%s raises vehicle dust in %s", b, h)
	}
	afterEntry()
	g.gen++
	g.reactionFire(b)
}

// reactionFire: enemy units on Challenge shoot at a base that has just
// moved where they can see it (our reading of the Challenge Token,
// docs/rules.md): each such unit's bases fire once, then the token comes
// off and the unit counts as Activated.
func (g *Game) reactionFire(mover *Base) {
	if mover.Unit.Contact || !mover.OnMap() {
		return
	}
	for _, u := range g.units {
		if u.Side == mover.Unit.Side || !u.Challenge || !u.InPlay() || u.Activated {
			continue
		}
		var shooters []*Base
		for _, b := range u.live() {
			if b.Carrier == nil {
				if _, err := g.planFire(b, mover); err == nil {
					shooters = append(shooters, b)
				}
			}
		}
		if len(shooters) == 0 {
			continue
		}
		u.Challenge = false
		u.Activated = true
		g.log(KindFire, "§7.1", "%s reacts from Challenge against %s", u, mover)
		for _, b := range shooters {
			if mover.OnMap() && b.OnMap() {
				g.doFire(b, mover, true)
			}
		}
		if !mover.OnMap() {
			return
		}
	}
}

// manHandleInput gathers §9.4's modifiers for the gun b's unit moving
// along p: a tow in the hex spares the size penalty; a path all on road
// gains +1, one through sand or mud (Bad Going in the desert) −2.
func (g *Game) manHandleInput(b *Base, p *movePlan) combat.ManHandle {
	u := b.Unit
	in := combat.ManHandle{TQ: u.TQ, OfficerTQ: g.officerTQ(u), NoTow: true}
	for _, m := range u.live() {
		if m.Type.Class == forces.Gun && m.Type.Size > in.LargestSize {
			in.LargestSize = m.Type.Size
		}
	}
	for _, v := range g.bases {
		if v.Unit.Side == u.Side && v.Effective() && v.Hex == b.Hex && v.Type.Tow >= in.LargestSize {
			in.NoTow = false
		}
	}
	road := true
	prev := p.path.From
	for _, a := range p.path.Actions {
		if g.Map.SideBetween(prev, a.Hex)&hexmap.SideRoad == 0 {
			road = false
		}
		if g.Map.Terrain(a.Hex).Flags&hexmap.Sand != 0 || g.env.MudExists() {
			in.BadGoing = true
		}
		prev = a.Hex
	}
	in.Road = road && len(p.path.Actions) > 0
	return in
}

// mechanicalReliability is F.4: Axis vehicles (not motorcycles) in North
// Africa before October 1941 are subject to mechanical reliability. The
// Chapter D roll it names is not in the seeds; our stand-in (docs/rules.md)
// is a d6 each time such a vehicle starts a move, breaking down on a 6.
func (g *Game) mechanicalReliability(b *Base) bool {
	nation := g.sides[b.Unit.Side].Nation
	if nation != "german" && nation != "italian" || !b.Type.Class.Vehicle() || b.Type.Move == move.Motorcycle {
		return false
	}
	y, m := g.Scn.Year(), int(g.Scn.Month())
	return y < 1941 || y == 1941 && m < 10
}

// bogged is Base.Stuck for a vehicle that failed a Bog DR (7.31, 11.8,
// 13.1, 13.6): move.Bogged's name.
var bogged = move.Bogged.String()

// activationAction is the action an Order buys for a command verb: a
// Bog Removal DR is the vehicle's move (7.311 ruling), so unbog opens, or
// joins, a move activation.
func activationAction(verb string) string {
	if verb == "unbog" {
		return "move"
	}
	return verb
}

// canUnbog checks the 7.311 ruling's command: a bogged base, not carried,
// not Pinned.
func (g *Game) canUnbog(b *Base) error {
	switch {
	case b.Stuck != bogged:
		return fmt.Errorf("unbog %s: it is not bogged", b.ID)
	case b.Pinned:
		return fmt.Errorf("unbog %s: it is Pinned (rally first, 12.4)", b.ID)
	}
	return nil
}

// unbog is the 7.311 ruling (the Bog Removal procedure, 75.8, is not in
// the seeds): the bogged vehicle spends its move on a Bog Removal DR with
// 7.31's DRMs where it stands (move.Planner.BogRemovalDRMs). A Final DR
// of 8 or less frees it, though it moves no further this activation; 12
// or more immobilizes it; anything else leaves it bogged.
func (g *Game) unbog(b *Base) {
	u := b.Unit
	hid := g.unseen(b)
	r := g.plan.BogRemovalDRMs(g.moveUnit(b), b.Hex)
	roll := g.dice.DR("7.311 " + b.ID + " Bog Removal")
	final := roll.Total() + r.DRM
	mods := []combat.Mod{}
	for _, w := range r.Why {
		mods = append(mods, whyMod(w))
	}
	result := "still bogged"
	switch {
	case final <= move.FreedAtMost:
		b.Stuck, result = "", "freed"
	case final >= move.ImmobilizedFrom:
		b.Stuck, result = move.Immobilized.String(), "immobilized"
	}
	g.gen++
	g.logDiceRoll(hid, u.Side, "7.311", fmt.Sprintf("%s: Bog Removal DR in %s (8 or less frees it, 12 or more immobilizes it)", b.ID, g.Label(b.Hex)), roll, mods, final, result)
	if result == "freed" {
		g.logFor(hid, u.Side, KindStuck, "7.311", "%s is free of the sand; it moves no further this activation", b)
	}
}

// whyMod reads one of engine/move's DRM terms ("+2 High Ground Pressure
// (7.31)") as a logged modifier.
func whyMod(w string) combat.Mod {
	m := combat.Mod{What: w}
	if _, err := fmt.Sscanf(w, "%d", &m.N); err != nil {
		return m
	}
	if i := strings.IndexByte(w, ' '); i >= 0 {
		m.What = w[i+1:]
	}
	if i := strings.LastIndex(m.What, " ("); i >= 0 && strings.HasSuffix(m.What, ")") {
		m.What, m.Rule = m.What[:i], m.What[i+2:len(m.What)-1]
	}
	return m
}
