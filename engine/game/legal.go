package game

import (
	"slices"
	"sync"

	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Legal lists every command the side to act may give now, in a fixed
// order, as the strings Do accepts. Each is checked by the same check Do
// uses, so Do accepts exactly these.
func (g *Game) Legal() []string {
	cs := g.LegalCommands()
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// lister gathers the legal commands: each candidate is checked as Do
// would check it (listing: work only Do needs is skipped).
type lister struct {
	g     *Game
	out   []Command
	limit int // stop after this many (0: no limit)
}

// add keeps c if it is legal and reports whether the list is full.
func (l *lister) add(c Command) bool {
	if _, err := l.g.check(c, true); err == nil {
		l.out = append(l.out, c)
	}
	return l.limit > 0 && len(l.out) >= l.limit
}

// addText is add for a command written as text.
func (l *lister) addText(s string) {
	if c, err := ParseCommand(s); err == nil {
		l.add(c)
	}
}

// label is h's label for a command.
func (g *Game) label(h hexmap.Hex) hexmap.Label {
	l, _ := g.Map.LabelOf(h)
	return l
}

// LegalCommands is Legal as typed commands. The list is remembered until
// the game changes (the window, the players and Play ask again and again
// in one state); each caller gets its own copy.
func (g *Game) LegalCommands() []Command {
	if g.phase == PhaseOver {
		return nil
	}
	return slices.Clone(g.legalShared())
}

// legalShared is LegalCommands' remembered list itself, for the package's
// own readers that only look (the random player): never change it.
func (g *Game) legalShared() []Command {
	if g.phase == PhaseOver {
		return nil
	}
	rc := g.rc
	rc.mu.Lock()
	rc.fresh(g.gen)
	cached, ok := rc.legal, rc.legalOK
	rc.mu.Unlock()
	if !ok {
		cached = g.listLegal()
		rc.mu.Lock()
		if rc.gen == g.gen {
			rc.legal, rc.legalOK = cached, true
		}
		rc.mu.Unlock()
	}
	return cached
}

// listScratch holds the buffers lists are built in: a list of a few
// thousand commands grew by many copies, each left to the collector; built
// in a reused buffer, only the finished list is allocated, at its size.
var listScratch = sync.Pool{New: func() any { s := make([]Command, 0, 1024); return &s }}

// listLegal builds LegalCommands' list.
func (g *Game) listLegal() []Command {
	buf := listScratch.Get().(*[]Command)
	l := &lister{g: g, out: (*buf)[:0]}
	g.listLegalInto(l)
	out := slices.Clone(l.out)
	clear(l.out) // let go of the strings
	*buf = l.out[:0]
	listScratch.Put(buf)
	return out
}

// listLegalInto lists into l.
func (g *Game) listLegalInto(l *lister) {
	side := g.actor
	switch g.phase {
	case PhaseSetup:
		for _, b := range g.bases {
			if b.Unit.Side != side || b.Unit.Area == nil || !b.Effective() {
				continue
			}
			for _, h := range hexmap.Within(b.Unit.Area.Centre, b.Unit.Area.Radius) {
				if g.Map.Contains(h) && h != b.Hex {
					l.add(Command{Verb: VerbPlace, Base: b.ID, Hex: g.label(h)})
				}
			}
		}
		l.add(Command{Verb: VerbReady})
		return
	case PhaseChallenge:
		for _, u := range g.units {
			if u.Side == side && u.InPlay() {
				l.add(Command{Verb: VerbChallenge, Unit: u.ID})
				l.add(Command{Verb: VerbUnchallenge, Unit: u.ID})
			}
		}
		l.add(Command{Verb: VerbReady})
		return
	case PhaseFirst:
		l.add(Command{Verb: VerbFirst, Side: g.sides[0].ID})
		l.add(Command{Verb: VerbFirst, Side: g.sides[1].ID})
		return
	}
	if o := g.open; o != nil {
		for _, b := range o.Unit.Bases {
			g.baseCommands(l, b, o.Action)
		}
		l.out = append(l.out, Command{Verb: VerbEnd})
		return
	}
	l.out = append(l.out, Command{Verb: VerbDefer})
	for _, s := range g.airLegal(side) {
		l.addText(s)
	}
	if g.ordersLeft(side) < 1 {
		return
	}
	g.legalArt(side, l) // call, adjust, range, ffe (artillery_legal.go)
	for _, u := range g.units {
		if u.Side != side || !u.InPlay() || u.Activated {
			continue
		}
		l.add(Command{Verb: VerbDeploy, Unit: u.ID})
		l.add(Command{Verb: VerbRally, Unit: u.ID})
		l.add(Command{Verb: VerbChallenge, Unit: u.ID})
		for _, t := range g.units {
			if t.Side != side && t.Contact && t.InPlay() {
				l.add(Command{Verb: VerbSpot, Unit: u.ID, Target: t.ID})
			}
		}
		for _, b := range u.Bases {
			g.eachBaseVerb(l, b)
		}
	}
}

// canActFor reports whether b has a legal command of verb now (the open
// activation stays open while one of its bases has).
func (g *Game) canActFor(b *Base, verb string) bool {
	l := &lister{g: g, limit: 1}
	g.baseCommands(l, b, verb)
	return len(l.out) > 0
}

// baseCommands lists into l b's legal commands of the verbs an Order of
// action buys ("move" also lists unbog): each verb's own lister, from the
// verb table.
func (g *Game) baseCommands(l *lister, b *Base, action string) {
	if !b.OnMap() {
		return
	}
	for i := range verbTable {
		v := &verbTable[i]
		if v.list != nil && activationAction(string(v.verb)) == action {
			v.list(g, l, b)
		}
	}
}

// eachBaseVerb lists b's legal commands of every base verb, in the verb
// table's order.
func (g *Game) eachBaseVerb(l *lister, b *Base) {
	if !b.OnMap() {
		return
	}
	for i := range verbTable {
		if v := &verbTable[i]; v.list != nil {
			v.list(g, l, b)
		}
	}
}

// listMove lists every hex b may move to.
func (g *Game) listMove(l *lister, b *Base) {
	if b.Stuck == bogged {
		return // its move is unbog (listUnbog)
	}
	if b.Carrier != nil || g.whyCannotMove(b) != "" {
		return
	}
	// the base's part of the check once, then each destination's
	probe := &cmd{spec: verbs[VerbMove], verb: string(VerbMove), side: g.actor}
	if g.actingBase(Command{Verb: VerbMove, Base: b.ID}, probe) != nil {
		return
	}
	m, err := g.moveFrom(b)
	if err != nil {
		return
	}
	// With two Orders in hand Note D cannot make a move illegal, and a
	// hex of the area is in reach: checkMoveTo would pass every hex
	// (planMoveTo, listing), so it is not asked.
	noteDFree := g.ordersLeft(b.Unit.Side) >= 2 || g.open != nil && g.open.Orders >= 2
	for _, h := range g.Map.Hexes() { // m.a.Hexes() without the list: the map's order
		if _, ok := m.a.Cost(h); !ok {
			continue
		}
		if ok, _ := g.destCheck(b, h, false); !ok {
			continue
		}
		if !noteDFree {
			k := *probe
			if g.checkMoveTo(&k, m, h, true, true) != nil {
				continue
			}
		}
		l.out = append(l.out, Command{Verb: VerbMove, Base: b.ID, Hex: g.label(h)})
		if l.limit > 0 && len(l.out) >= l.limit {
			return
		}
	}
}

// listUnbog lists a bogged base's Bog Removal DR (7.311 ruling:
// movement.go).
func (g *Game) listUnbog(l *lister, b *Base) {
	if b.Stuck == bogged {
		l.add(Command{Verb: VerbUnbog, Base: b.ID})
	}
}

// listFire and listAssault list b's shots and close assaults.
func (g *Game) listFire(l *lister, b *Base)    { g.listAttack(l, b, VerbFire) }
func (g *Game) listAssault(l *lister, b *Base) { g.listAttack(l, b, VerbAssault) }

// listAttack lists b's fire or assaults at the enemy bases its side sees
// (and fire at standing buildings and bridges).
func (g *Game) listAttack(l *lister, b *Base, verb Verb) {
	if b.Carrier != nil {
		return
	}
	for _, t := range g.bases {
		if t.Unit.Side == b.Unit.Side || !t.Effective() || !g.visibleTo(b.Unit.Side, t) {
			continue
		}
		if l.add(Command{Verb: verb, Base: b.ID, Target: t.ID}) {
			return
		}
	}
	if verb == VerbFire {
		for _, bd := range g.def.Buildings { // HE at a building or bridge (buildings.go)
			if bd.State == Standing && g.firesHE(b) && l.add(Command{Verb: VerbFire, Base: b.ID, Target: g.Label(bd.Hex)}) {
				return
			}
		}
	}
}

// listAlone lists a base verb that names nothing but the base.
func listAlone(v Verb) func(*Game, *lister, *Base) {
	return func(g *Game, l *lister, b *Base) { l.add(Command{Verb: v, Base: b.ID}) }
}

// listFace lists the hexsides a vehicle or gun may turn to.
func (g *Game) listFace(l *lister, b *Base) {
	if b.Carrier != nil || (!b.Type.Class.Vehicle() && b.Type.Class != forces.Gun) {
		return
	}
	for d := hexmap.Dir(0); d < 6; d++ {
		if n := b.Hex.Neighbor(d); d != b.Facing && g.Map.Contains(n) {
			if l.add(Command{Verb: VerbFace, Base: b.ID, Hex: g.label(n)}) {
				return
			}
		}
	}
}

// listCrest lists the hexes infantry in a wadi may face in Crest status.
func (g *Game) listCrest(l *lister, b *Base) {
	if b.Carrier != nil || b.Crest || (b.Type.Class != forces.Infantry && b.Type.Class != forces.Engineer) || g.Map.Terrain(b.Hex).Flags&hexmap.Wadi == 0 {
		return
	}
	for d := hexmap.Dir(0); d < 6; d++ {
		if n := b.Hex.Neighbor(d); g.Map.Contains(n) {
			if l.add(Command{Verb: VerbCrest, Base: b.ID, Hex: g.label(n)}) {
				return
			}
		}
	}
}

// listMount lists the transports b may board.
func (g *Game) listMount(l *lister, b *Base) {
	for _, v := range g.bases {
		if v.Unit.Side == b.Unit.Side && v.Hex == b.Hex && v != b && v.Effective() {
			if l.add(Command{Verb: VerbMount, Base: b.ID, Target: v.ID}) {
				return
			}
		}
	}
}

// cachedArea is area(b), kept until the game changes.
func (g *Game) cachedArea(b *Base) (*move.Area, error) {
	rc := g.rc
	rc.mu.Lock()
	rc.fresh(g.gen)
	a, ok := rc.areas[b]
	rc.mu.Unlock()
	if ok {
		return a, nil
	}
	a, err := g.area(b)
	if err != nil {
		return nil, err
	}
	rc.mu.Lock()
	rc.fresh(g.gen)
	if rc.areas == nil {
		rc.areas = map[*Base]*move.Area{}
	}
	rc.areas[b] = a
	rc.mu.Unlock()
	return a, nil
}
