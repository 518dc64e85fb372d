package game

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Issue 17 item 3: random playouts, like OpenSpiel's random-simulation
// tests, with the game's invariants checked after every command. A small
// sample per shipped scenario runs in make test; make sims plays more
// (KHAMSIN_SIM_SEEDS).

// invariantSeeds is how many playouts each shipped scenario gets.
func invariantSeeds() int {
	if n, err := strconv.Atoi(os.Getenv("KHAMSIN_SIM_SEEDS")); err == nil && n > 0 {
		return max(2, n/20)
	}
	return 2
}

// invariantCommands is the length of one playout.
const invariantCommands = 300

func TestInvariantsRandomPlayouts(t *testing.T) {
	for _, name := range builtinGames(t) {
		for seed := uint64(1); seed <= uint64(invariantSeeds()); seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", name, seed), func(t *testing.T) {
				invariantPlayout(t, name, seed, invariantCommands)
			})
		}
	}
}

// invariantPlayout plays n random commands of scenario name and checks
// every invariant after each; at the end it replays the commands and
// checks the hashes (§5: same scenario, seed and commands, same hash).
func invariantPlayout(t *testing.T, name string, seed uint64, n int) {
	s := loadScn(t, name)
	g, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x17))
	player := NewRandomPlayer(seed)
	errs := 0
	fail := func(format string, a ...any) {
		errs++
		if errs <= 12 {
			t.Errorf("after %d commands %v: %s", len(g.cmds), g.cmds[max(0, len(g.cmds)-2):], fmt.Sprintf(format, a...))
		}
	}
	checkState(g, fail)
	for step := 0; step < n && !g.Over() && errs < 12; step++ {
		legal := g.Legal()
		if len(legal) == 0 {
			fail("no legal command and the game is not over")
			break
		}
		before := g.Hash()
		// Illegal commands change nothing: not the hash, not the log, not
		// the command list, not what either side sees (§5).
		for _, c := range illegalProbes(g, legal, rng) {
			if slices.Contains(legal, c) {
				continue
			}
			if fogRefusal(g, c) == "" {
				fail("%q is accepted but is not in the legal list (game legal must list what game do accepts, §6)", c)
				continue
			}
			ev, cm, v0, v1 := len(g.events), len(g.cmds), fogView(g, 0), fogView(g, 1)
			if _, err := g.Do(c); err == nil {
				fail("Do accepted %q, which parse refuses", c)
				return
			}
			if g.Hash() != before || len(g.events) != ev || len(g.cmds) != cm || fogView(g, 0) != v0 || fogView(g, 1) != v1 {
				fail("the refused %q changed the game", c)
			}
		}
		if g.Hash() != before {
			fail("Hash is not stable: two calls on one state differ")
		}
		if step%25 == 7 {
			checkHashCovers(g, fail)
		}
		c := player.pick(mustParse(t, legal))
		if f := strings.Fields(c); f[0] == "move" {
			checkMoveCost(g, f[1], f[2], fail)
		}
		logs := [2]int{len(g.EventsFor(0)), len(g.EventsFor(1))}
		hidden := hiddenBaseIDs(g)
		seenBefore := [2]map[string]string{enemyHexes(g, 0), enemyHexes(g, 1)}
		basesBefore := [2]int{basesOnMap(g, 0), basesOnMap(g, 1)}
		evs, err := g.Do(c)
		if err != nil {
			fail("%q is in the legal list but refused: %v", c, err)
			return
		}
		if g.Hash() == before {
			fail("the legal %q left the hash unchanged", c)
		}
		for side := 0; side < 2; side++ {
			all := g.EventsFor(side)
			cmd := 0
			for i, e := range all {
				if e.Seq != i+1 {
					fail("side %d's log numbers event %d as #%d (issue 17: its own sequence)", side, i+1, e.Seq)
					break
				}
				if e.Cmd != 0 && e.Cmd != cmd && e.Cmd != cmd+1 {
					fail("side %d's log jumps from command %d to %d (issue 17: its own sequence)", side, cmd, e.Cmd)
					break
				}
				cmd = max(cmd, e.Cmd)
			}
			if got := g.Seen(side, evs); !eventsEqual(got, all[logs[side]:]) {
				fail("Seen(%d) of %q's events is not the tail of EventsFor(%d)", side, c, side)
			}
			// A side reads of an enemy move or withdrawal only the hexes it
			// saw the base in: each event must start where the side last
			// saw it, and the last must leave it where the side sees it
			// now (docs/rules.md, "What each side sees").
			seenAfter := enemyHexes(g, side)
			pos := map[string]string{}
			at := func(id string) string {
				if p, ok := pos[id]; ok {
					return p
				}
				return seenBefore[side][id]
			}
			for _, e := range all[logs[side]:] {
				f := strings.Fields(e.Text)
				if len(f) < 4 || g.baseIdx[f[0]] == nil || g.baseIdx[f[0]].Unit.Side == side {
					continue
				}
				id := f[0]
				switch {
				case (f[1] == "moves" || f[1] == "withdraws") && len(f) >= 5 && f[3] == "→":
					if at(id) != f[2] {
						fail("side %d reads %q, but last saw %s in %q", side, e.Text, id, at(id))
					}
					pos[id] = f[4]
				case f[1] == "bails" && f[2] == "out" && f[3] == "of":
					// a passenger gets out where its carrier was seen
					pos[id] = at(strings.TrimSuffix(f[4], ":"))
				case strings.HasPrefix(e.Text, id+" comes into sight in "):
					// A side that lost a base in this command may have lost
					// its sight of id before id moved (a spotter routed).
					if at(id) != "" && basesOnMap(g, side) == basesBefore[side] {
						fail("side %d reads %q, but saw %s in %q already", side, e.Text, id, at(id))
					}
					pos[id] = f[len(f)-1]
				case strings.HasPrefix(e.Text, id+" moves out of sight from "):
					if at(id) != f[len(f)-1] {
						fail("side %d reads %q, but last saw %s in %q", side, e.Text, id, at(id))
					}
					pos[id] = ""
				}
			}
			for id, p := range pos {
				if g.baseIdx[id].OnMap() && seenAfter[id] != p {
					fail("side %d's log leaves %s in %q, its view shows it in %q", side, id, p, seenAfter[id])
				}
			}
			// No event a side reads names a base still hidden from it
			// (its unit's Contact Marker ID is public; the bases are not).
			for _, e := range all[logs[side]:] {
				for _, w := range strings.FieldsFunc(e.Text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
					if hidden[side][w] && g.baseIdx[w].Unit.Contact {
						fail("side %d reads %q, naming %s under a Contact Marker", side, e.Text, w)
					}
				}
			}
		}
		checkState(g, fail)
	}
	// Replay: the same commands from the same seed give the same hash after
	// each (§5), so the hash changes only with the state.
	again, err := New(loadScn(t, name), seed)
	if err != nil {
		t.Fatal(err)
	}
	if again.Hash() != g.startHash {
		fail("a new game hashes %s, the first %s", again.Hash(), g.startHash)
	}
	for i, c := range g.cmds {
		if _, err := again.Do(c); err != nil {
			fail("replay: command %d %q refused: %v", i+1, c, err)
			break
		}
		if again.Hash() != g.hashes[i] {
			fail("replay: command %d %q gives hash %s, the game had %s", i+1, c, again.Hash(), g.hashes[i])
			break
		}
	}
	t.Logf("%d commands, turn %d, over %v", len(g.cmds), g.turn, g.Over())
}

func eventsEqual(a, b []Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() || a[i].Cmd != b[i].Cmd {
			return false
		}
	}
	return true
}

// enemyHexes maps the enemy bases side's view shows to their hexes.
func enemyHexes(g *Game, side int) map[string]string {
	out := map[string]string{}
	for _, b := range g.ViewAs(side).Bases {
		if b.Side != g.sides[side].ID {
			out[b.ID] = b.Hex
		}
	}
	return out
}

// basesOnMap is how many of side's bases are on the map.
func basesOnMap(g *Game, side int) int {
	n := 0
	for _, b := range g.bases {
		if b.Unit.Side == side && b.OnMap() {
			n++
		}
	}
	return n
}

// hiddenBaseIDs are, per side, the enemy base IDs under Contact Markers.
func hiddenBaseIDs(g *Game) [2]map[string]bool {
	out := [2]map[string]bool{{}, {}}
	for _, b := range g.bases {
		if b.Unit.Contact {
			out[1-b.Unit.Side][b.ID] = true
		}
	}
	return out
}

// illegalProbes makes commands the game should refuse: legal ones with
// an argument swapped for another base, unit or hex, garbage, and verbs
// given to hidden enemy bases.
func illegalProbes(g *Game, legal []string, rng *rand.Rand) []string {
	var out []string
	hexes := g.Map.Hexes()
	for i := 0; i < 3; i++ {
		f := strings.Fields(legal[rng.IntN(len(legal))])
		if len(f) > 1 {
			k := 1 + rng.IntN(len(f)-1)
			switch rng.IntN(3) {
			case 0:
				f[k] = g.bases[rng.IntN(len(g.bases))].ID
			case 1:
				f[k] = g.Label(hexes[rng.IntN(len(hexes))])
			default:
				f[k] = g.units[rng.IntN(len(g.units))].ID
			}
		}
		out = append(out, strings.Join(f, " "))
	}
	b := g.bases[rng.IntN(len(g.bases))]
	out = append(out, "fire "+b.ID+" "+g.bases[rng.IntN(len(g.bases))].ID, "move "+b.ID+" ZZ99", "frobnicate", "end now", "defer 3")
	return out
}

// checkMoveCost: a move never spends more than the base's MF/MP allowance
// and no step costs less than nothing (docs/rules.md, "Movement").
func checkMoveCost(g *Game, id, to string, fail func(string, ...any)) {
	p, err := g.PreviewMove(id, to)
	if err != nil {
		fail("PreviewMove(%s, %s) of a legal move: %v", id, to, err)
		return
	}
	b := g.baseIdx[id]
	u := g.moveUnit(b)
	allow := u.Allowance
	if allow == 0 {
		allow = move.DefaultAllowance(u.Kind)
	}
	if p.Total < 0 || p.Total > allow {
		fail("move %s %s costs %s of an allowance of %s", id, to, p.Total, allow)
	}
	for _, s := range p.Steps {
		if s.Cost < 0 {
			fail("move %s %s: entering %s costs %s", id, to, s.Hex, s.Cost)
		}
	}
}

// checkState checks the invariants of one state.
func checkState(g *Game, fail func(string, ...any)) {
	// Every base is one counter in one hex (§6A): once in the umpire's
	// view and in each side's, on the map, and a carried base with its
	// carrier.
	for side := -1; side < 2; side++ {
		seen := map[string]bool{}
		for _, bv := range g.ViewAs(side).Bases {
			if seen[bv.ID] {
				fail("side %d's view shows %s twice", side, bv.ID)
			}
			seen[bv.ID] = true
		}
	}
	stack := map[[2]int]int{} // (hex index, side) → bases
	held := map[int][2]bool{}
	for _, b := range g.bases {
		if g.baseIdx[b.ID] != b {
			fail("base %s is not the one its ID finds", b.ID)
		}
		if !b.OnMap() {
			continue
		}
		if !g.Map.Contains(b.Hex) {
			fail("%s stands off the map at %v", b.ID, b.Hex)
			continue
		}
		if c := b.Carrier; c != nil {
			if !c.OnMap() || c.Hex != b.Hex || c.Unit.Side != b.Unit.Side || c.Carrier != nil {
				fail("%s is carried by %s, which is not an effective friendly base in its hex", b.ID, c.ID)
			}
			continue
		}
		i := g.Map.Index(b.Hex)
		stack[[2]int{i, b.Unit.Side}]++
		h := held[i]
		h[b.Unit.Side] = true
		held[i] = h
	}
	for k, n := range stack {
		if n > StackLimit {
			fail("%d bases of side %d in one hex (stacking limit %d, docs/rules.md)", n, k[1], StackLimit)
		}
	}
	for i, h := range held {
		if h[0] && h[1] {
			for _, b := range g.bases {
				if b.Effective() && g.Map.Index(b.Hex) == i {
					fail("both sides' bases stand in %s (no base ends a move in an enemy's hex, docs/rules.md)", g.Label(b.Hex))
					break
				}
			}
		}
	}
	// Orders never go negative (§7.2).
	for _, s := range g.sides {
		if s.Orders < 0 || s.Brigade < 0 {
			fail("%s has %d Orders and %d Brigade Orders", s.ID, s.Orders, s.Brigade)
		}
	}
	// The Break Point Tracks match the losses (§16.12): a marker off for
	// each unit lost or Weakened (half its combat bases or fewer left) and
	// for each objective of the side the enemy holds.
	v := g.ViewAs(-1)
	for si, s := range g.sides {
		want := s.BreakStart
		for _, u := range g.units {
			if u.Side != si {
				continue
			}
			fighting, start := 0, 0
			for _, b := range u.Bases {
				if b.Type.CombatUnit() {
					start++
					if b.OnMap() {
						fighting++
					}
				}
			}
			weak := start > 1 && 2*fighting <= start
			if u.Gone == "" && u.Arrives == 0 && weak != u.Weakened {
				fail("%s has %d of %d combat bases but Weakened is %v", u.ID, fighting, start, u.Weakened)
			}
			if u.Gone != "" || u.Weakened || (u.Arrives == 0 && len(u.live()) == 0) {
				want--
			}
		}
		for _, o := range g.objs {
			if o.Owner == si && o.Controller != si {
				want -= o.Value
			}
		}
		if got := g.BreakPoint(si); got != want || v.BreakPoint[s.ID] != want {
			fail("%s's Break Point is %d (view %d), the losses say %d", s.ID, got, v.BreakPoint[s.ID], want)
		}
	}
	// No hidden enemy in a side's view (§6A): an enemy base shown is one
	// not under a Contact Marker that a base of the side has a line to;
	// an enemy unit shown is neither a marker nor a reinforcement to come.
	for side := 0; side < 2; side++ {
		sv := g.ViewAs(side)
		for _, bv := range sv.Bases {
			b := g.baseIdx[bv.ID]
			if b.Unit.Side == side {
				continue
			}
			if b.Unit.Contact {
				fail("side %d's view shows %s, under a Contact Marker", side, b.ID)
				continue
			}
			sees := b.Fired // a base that fired is seen by the side it fired at (docs/rules.md, "Fog")
			for _, o := range g.bases {
				if o.Unit.Side == side && o.OnMap() && g.seesThrough(g.loc(o), g.loc(b)) {
					sees = true
					break
				}
			}
			if !sees {
				fail("side %d's view shows %s in %s, which no base of the side has a line to", side, b.ID, g.Label(b.Hex))
			}
		}
		for _, uv := range sv.Units {
			u := g.unitIdx[uv.ID]
			if u.Side != side && (u.Contact || u.Arrives != 0) {
				fail("side %d's view names enemy unit %s (contact %v, arrives %d)", side, u.ID, u.Contact, u.Arrives)
			}
		}
		for _, cv := range sv.Contacts {
			if u := g.unitIdx[cv.ID]; u == nil || u.Side == side || !u.Contact || !u.InPlay() {
				fail("side %d's view shows a contact marker %s that is none", side, cv.ID)
			}
		}
	}
}

// checkHashCovers changes each part of the state in turn and checks that
// the hash changes with it and comes back when it is put back: equal
// hashes must mean equal games (§5, Hash's promise).
func checkHashCovers(g *Game, fail func(string, ...any)) {
	h0 := g.Hash()
	try := func(what string, change, undo func()) {
		change()
		g.gen++
		h := g.Hash()
		undo()
		g.gen++
		if h == h0 {
			fail("the hash does not change with %s", what)
		}
		if g.Hash() != h0 {
			fail("the hash does not come back when %s is put back", what)
		}
	}
	flip := func(what string, p *bool) { try(what, func() { *p = !*p }, func() { *p = !*p }) }
	bump := func(what string, p *int) { try(what, func() { *p++ }, func() { *p-- }) }
	var b *Base
	for _, x := range g.bases {
		if x.OnMap() {
			b = x
			break
		}
	}
	if b != nil {
		flip("a base's Pinned", &b.Pinned)
		flip("a base's Knocked Out", &b.KO)
		flip("a base's Dug In", &b.DugIn)
		flip("a base's Crest status", &b.Crest)
		flip("a base's Acted", &b.Acted)
		flip("a base's smoke grenades", &b.Grenade)
		f := b.Facing
		try("a base's facing", func() { b.Facing = (f + 1) % 6 }, func() { b.Facing = f })
		h := b.Hex
		try("a base's hex", func() { b.Hex = h.Neighbor(hexmap.Dir(0)) }, func() { b.Hex = h })
		try("a base's Stuck", func() { b.Stuck = "bogged" }, func() { b.Stuck = "" })
		u := b.Unit
		flip("a unit's Activated", &u.Activated)
		flip("a unit's Shaken", &u.Shaken)
		flip("a unit's Weakened", &u.Weakened)
		flip("a unit's Challenge Token", &u.Challenge)
		flip("a unit's Contact Marker", &u.Contact)
	}
	s := g.sides[0]
	bump("a side's Orders", &s.Orders)
	bump("a side's Brigade Orders", &s.Brigade)
	bump("the turn", &g.turn)
	try("the side to act", func() { g.actor = 1 - g.actor }, func() { g.actor = 1 - g.actor })
	flip("a Defer just given", &g.deferred)
	flip("a side's ready", &g.ready[0])
	if o := g.open; o != nil {
		bump("the open activation's Orders", &o.Orders)
		flip("the open activation's man-handling test", &o.manHandled)
		lost := o.lost
		try("the open activation's units that lost bases", func() { o.lost = append(slices.Clip(lost), g.units[0]) }, func() { o.lost = lost })
	}
	if g.phase == PhaseChallenge {
		u := g.units[0]
		was, had := g.toggled[u]
		try("a Challenge Token changed this phase", func() {
			if g.toggled == nil {
				g.toggled = map[*Unit]bool{}
			}
			g.toggled[u] = !was
		}, func() {
			if had {
				g.toggled[u] = was
			} else {
				delete(g.toggled, u)
			}
		})
	}
	if len(g.def.Mines) > 0 {
		flip("a minefield's Revealed", &g.def.Mines[0].Revealed)
	}
	if len(g.air.Sorties) > 0 {
		bump("a sortie's turn", &g.air.Sorties[0].Due)
	}
}
