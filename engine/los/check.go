package los

import "khamsin/hexmap"

// Dust is an active dust counter on the map: a Vehicle Dust counter (11.74)
// or a hex of the Blast Area of an FFE that raised FFE Dust (11.75).
type Dust struct {
	Hex hexmap.Hex
	FFE bool
}

// Query is one LOS question: two Locations and the dust counters, AFVs,
// wrecks and SMOKE counters in play.
type Query struct {
	From, To Location
	Dust     []Dust
	Vehicles []Vehicle    // AFVs and wrecks (4.51, LOS-11)
	Smoke    []hexmap.Hex // hexes holding a SMOKE counter (seed 002 Note 3, see smokeBlock)
}

// SmokeRule is the rule a LOS blocked by SMOKE cites: seed 002's
// linear-features table and its Note 3.
const SmokeRule = "Note 3 (seed 002)"

// Checker answers LOS queries on one Grid. It keeps scratch space (the
// thread, the half-level obstacle list) between queries, so it allocates
// nothing in steady state; use one Checker per goroutine.
type Checker struct {
	g       *Grid
	th      hexmap.Thread
	half    []halfEntry
	res     Result     // Viewshed's scratch answer
	ground  []Location // Viewshed's targets: every hex's ground, in Map.Hexes order
	scratch template   // a template traced for this query alone
	traced  bool       // trace every thread (the tests' reference)
	cur     []tstep    // the template run walks, from curA (stepAt)
	curA    hexmap.Hex
}

// NewChecker makes a Checker on g.
func (g *Grid) NewChecker() *Checker {
	return &Checker{g: g, half: make([]halfEntry, 0, 16)}
}

// Check answers q in full: clear or blocked (where, by what, which rule),
// range, every hindrance with its DRM and rule.
func (c *Checker) Check(q Query) Result {
	var r Result
	c.run(q.From, q.To, q.Dust, q.Vehicles, q.Smoke, &r)
	return r
}

// Sees reports only whether the two Locations see each other.
func (c *Checker) Sees(from, to Location) bool { return c.run(from, to, nil, nil, nil, nil) }

// SeesThrough is Sees with SMOKE counters in the hexes listed: whether
// the two Locations see each other past them (seed 002 Note 3).
func (c *Checker) SeesThrough(from, to Location, smoke []hexmap.Hex) bool {
	return c.run(from, to, nil, nil, smoke, nil)
}

// pair is one query's ends and the elevations the geometry uses.
type pair struct {
	a, b             Location
	ia, ib           int
	ea, eb           int   // elevations for the sightline and half-level obstacles
	same             bool  // a LOS along one wadi between its hexes (5.65)
	comp             int32 // that wadi
	diffLevel        bool  // elevations differ by one level or more (10.2)
	ownA, ownB       int32 // hillock group each end stands on
	privA, privB     bool  // not entrenched/emplaced: may see past a wall/hillock it stands behind
	levelA, levelB   int
	deirA, deirB     bool
	sameLevel        bool
	dust             []Dust
	vehicleDust, ffe int
	vdHex, ffeHex    hexmap.Hex
	vehicles         []Vehicle
	smoke            []hexmap.Hex
}

func (c *Checker) run(a, b Location, dust []Dust, veh []Vehicle, smoke []hexmap.Hex, r *Result) bool {
	g := c.g
	ia, ib := g.idx(a.Hex), g.idx(b.Hex)
	rng := hexmap.Distance(a.Hex, b.Hex)
	// The lean front door: with no counters, neither end in a wadi hex nor
	// dug in in a deir, the rules before the walk (5.4–5.67, 4.4, Note 3)
	// have nothing to say and the line's heights are the ends' levels, so
	// the walk may start at once; every step it skips (Grid.lean) the
	// rules' walk below would skip too. A line with nothing left is clear;
	// otherwise the rules take it up at the first step they must see.
	var tp *template
	start := 1
	skip := !c.traced && len(smoke) == 0 && (r == nil || len(dust) == 0 && len(veh) == 0)
	if skip && rng > 1 && ia >= 0 && ib >= 0 && g.wadi[ia] < 0 && g.wadi[ib] < 0 &&
		!(a.dugIn() && g.deir[ia]) && !(b.dugIn() && g.deir[ib]) {
		tp = c.thread(a.Hex, b.Hex)
		var v int8
		switch start, v = g.door(tp, r != nil, ia, a.Level, b.Level); v {
		case doorClear:
			if r != nil {
				r.Range, r.Hindrances, r.Clear, r.DRM = rng, r.Hindrances[:0], true, 0
			}
			return true
		case doorHill:
			if r != nil {
				r.Range, r.Hindrances = rng, r.Hindrances[:0]
				return c.blocked(r, Block{At: hexWhere(tp.steps[start].hex(a.Hex)), Kind: "hill", Rule: "LOS-3"})
			}
			return false
		case doorStretch:
			if r != nil {
				r.Range, r.Hindrances = rng, r.Hindrances[:0]
				t := &tp.steps[start]
				return c.blocked(r, Block{At: sideWhere(t.hex(a.Hex), t.dir), Kind: "hill", Rule: "LOS-3"})
			}
			return false
		case doorObstacle:
			if r != nil {
				r.Range, r.Hindrances = rng, r.Hindrances[:0]
				h := tp.steps[start].hex(a.Hex)
				return c.blocked(r, Block{At: hexWhere(h), Kind: c.fullKind(h, fullObstacle), Rule: "LOS-3"})
			}
			return false
		}
	}
	if skip && r == nil && rng > 1 && ia >= 0 && ib >= 0 && g.outOfWadi(a, ia, b, ib) {
		return false
	}
	return c.rules(a, b, ia, ib, rng, tp, start, skip, dust, veh, smoke, r)
}

// outOfWadi is 5.4 for Sees, decided before the walk: between Locations
// not in one wadi, one down in a wadi hex sees the other only if it stands
// at least three levels higher (four past a wadi cliff, 5.65; a dug-in
// one counts half a level lower, LOS-14), so below three the line is
// blocked wherever it leaves the wadi. Two ends in one wadi are the
// rules' (the line may stay in it).
func (g *Grid) outOfWadi(a Location, ia int, b Location, ib int) bool {
	if ca := g.wadi[ia]; ca >= 0 && ca == g.wadi[ib] {
		return false
	}
	return g.inWadi(a, ia) && b.Level-boolInt(b.dugIn())-a.Level < 6 ||
		g.inWadi(b, ib) && a.Level-boolInt(a.dugIn())-b.Level < 6
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rules is run past its front door: the rules from the ends' own (5.4–5.67,
// 4.4, Note 3) to the walk from step start of template tp (nil: not looked
// up yet), skipping what the lean tables allow when skip. The door has
// passed steps 1 to start-1 when it looked tp up; else start is 1.
func (c *Checker) rules(a, b Location, ia, ib, rng int, tp *template, start int, skip bool,
	dust []Dust, veh []Vehicle, smoke []hexmap.Hex, r *Result) bool {
	g := c.g
	p := pair{a: a, b: b, ia: ia, ib: ib, dust: dust, vehicles: veh, smoke: smoke}
	if r != nil {
		r.Range = rng
		r.Hindrances = r.Hindrances[:0]
	}
	if p.ia < 0 || p.ib < 0 {
		return c.blocked(r, Block{At: hexWhere(a.Hex), Kind: "off-map", Rule: "LOS-1"})
	}
	if rng == 0 { // same hex: always in LOS; no dust at zero range (11.7)
		if r != nil {
			r.Clear = true
		}
		return true
	}
	if len(smoke) > 0 && rng > 1 {
		// Note 3: a Location in SMOKE sees and is seen only next door
		for _, h := range [2]hexmap.Hex{a.Hex, b.Hex} {
			if smokeIn(smoke, h) {
				return c.blocked(r, Block{At: hexWhere(h), Kind: "smoke", Rule: SmokeRule})
			}
		}
	}
	var pending *Block // an end's block (5.4, 5.65, 4.4); the trace may find one nearer a
	first := func(blk Block) bool {
		if pending != nil && nearer(a.Hex, pending.At, blk.At) {
			blk = *pending
		}
		return c.blocked(r, blk)
	}
	c.th.Steps = c.th.Steps[:0] // stepAt: not a traced thread (unless thread traces it)
	if tp == nil {
		tp = c.thread(a.Hex, b.Hex)
	}
	steps := tp.steps
	n := len(steps)

	wa, wb := g.inWadi(a, p.ia), g.inWadi(b, p.ib)
	c.cur, c.curA = tp.steps, a.Hex // wadiExit and deirLip walk it (stepAt)
	p.ea, p.eb = a.Level, b.Level
	if wa || wb {
		if ca := g.wadi[p.ia]; ca >= 0 && ca == g.wadi[p.ib] {
			if _, _, out := c.wadiExit(ca, true); !out {
				p.same, p.comp = true, ca
			}
		}
		if !p.same && rng > 1 {
			// 5.4 / 5.65: out of a wadi only to Locations far enough above it
			for end := 0; end < 2; end++ {
				w, o, fromA := a, b, true
				if end == 1 {
					w, o, fromA = b, a, false
				}
				if !g.inWadi(w, g.idx(w.Hex)) {
					continue
				}
				where, cliff, _ := c.wadiExit(g.wadi[g.idx(w.Hex)], fromA)
				need, rule, kind := 6, "5.4", "wadi"
				if cliff {
					need, rule, kind = 8, "5.65", "wadi-cliff"
				}
				ol := o.Level
				if o.dugIn() {
					ol-- // LOS-14: dug-in occupants count half a level lower here
				}
				if ol-w.Level < need {
					if r == nil {
						return c.blocked(r, Block{At: where, Kind: kind, Rule: rule})
					}
					// The answer names the first obstacle from the viewer:
					// keep tracing for one nearer than the wadi's edge.
					if pending == nil {
						pending = &Block{At: where, Kind: kind, Rule: rule}
					}
				}
			}
		}
		if !p.same {
			// the geometry of a LOS out of a wadi starts at its rim (the
			// hex's base level); how far it sees out is 5.4/5.65's question
			// (LOS-6)
			if wa {
				p.ea = int(g.rim[p.ia])
			}
			if wb {
				p.eb = int(g.rim[p.ib])
			}
		}
	}
	if rng == 1 && (wa && b.dugIn() || wb && a.dugIn()) {
		// 5.67: no fire through a cliff line at an adjacent entrenched unit
		d, _ := a.Hex.DirTo(b.Hex)
		if g.side(p.ia, d)&hexmap.SideCliff != 0 {
			return c.blocked(r, Block{At: sideWhere(a.Hex, d), Kind: "cliff-entrenched", Rule: "5.67"})
		}
	}
	// 4.4: an entrenched/emplaced unit in a non-Lip deir hex
	for end := 0; end < 2; end++ {
		e, o, ie := a, b, p.ia
		if end == 1 {
			e, o, ie = b, a, p.ib
		}
		if e.dugIn() && g.deir[ie] && !g.lip[ie] {
			if where, bad := c.deirLip(e, o, end == 0); bad {
				if r == nil {
					return c.blocked(r, Block{At: where, Kind: "deir-lip", Rule: "4.4"})
				}
				if pending == nil || nearer(a.Hex, Block{At: where}.At, pending.At) {
					pending = &Block{At: where, Kind: "deir-lip", Rule: "4.4"}
				}
			}
		}
	}

	p.diffLevel = a.Level-b.Level >= 2 || b.Level-a.Level >= 2
	p.ownA, p.ownB = g.group[p.ia], g.group[p.ib]
	p.privA, p.privB = !a.dugIn(), !b.dugIn()
	p.levelA, p.levelB = a.Level, b.Level
	p.sameLevel = a.Level == b.Level
	p.deirA, p.deirB = g.deir[p.ia], g.deir[p.ib]

	c.half = c.half[:0]
	if r != nil && len(dust) > 0 {
		c.dustAt(&p, a.Hex, 0, rng)
	}
	// The lean walk: a hex the line passes at or above its lean height, or
	// a hexside without a wall or crest, has nothing for the rules
	// (Grid.lean). Any counter sends every step to them; so does a stretch
	// along a hexside. The traced reference never skips.
	lean := g.lean
	if r != nil {
		lean = g.leanHind
	}
	// Between ends at one height (the usual case) the test is lean ≤ that
	// height: d1+d2 > 0 divides out.
	base, flat := 8*p.ia, p.ea == p.eb
	for k := start; k < n-1; k++ {
		if skip {
			if flat {
				k = scanFlat(tp.qi[:n-1], lean, base, k, p.ea)
			} else {
				k = scanSlope(tp, lean, base, k, n-1, p.ea, p.eb)
			}
			if k >= n-1 {
				break
			}
		}
		t := &steps[k]
		switch t.kind {
		case hexmap.StepHex:
			h := t.hex(a.Hex)
			if len(smoke) > 0 && smokeIn(smoke, h) {
				return first(Block{At: hexWhere(h), Kind: "smoke", Rule: SmokeRule})
			}
			i := g.idx(h)
			d1, d2 := int(t.d1), int(t.d2)
			if f := c.fullAt(&p, h, i, d1, d2); f != 0 {
				if r == nil {
					return false // Sees: what blocks and where does not matter
				}
				return first(Block{At: hexWhere(h), Kind: c.fullKind(h, f), Rule: "LOS-3"})
			}
			if g.halfTop[i] != noTop {
				c.addHex(i, d1 == 1, d2 == 1, hexWhere(h))
			}
			if r != nil {
				if g.hindKind[i] != hnNone {
					c.hinder(&p, r, i, d1, d2, hexWhere(h))
				}
				if len(dust) > 0 {
					c.dustAt(&p, h, d1, d2)
				}
				if len(veh) > 0 {
					c.vehicleHex(&p, r, h, i, d1, d2)
				}
			}
		case hexmap.StepCross:
			s := t.step(a.Hex)
			i := g.idx(s.Hex)
			if k6 := 6*i + int(s.Dir); g.sideKind[k6] != skNone {
				o := s.Other()
				c.addSide(k6, s.Hex == a.Hex || o == a.Hex, s.Hex == b.Hex || o == b.Hex, sideWhere(s.Hex, s.Dir))
			}
		case hexmap.StepSpine:
			s := t.step(a.Hex)
			if len(smoke) > 0 && smokeIn(smoke, s.Hex) && smokeIn(smoke, s.Other()) {
				// along a hexside: blocked only with SMOKE on both sides (LOS-2)
				return first(Block{At: sideWhere(s.Hex, s.Dir), Kind: "smoke", Rule: SmokeRule})
			}
			if blk, ok := c.spine(&p, r, s, steps[k-1].hex(a.Hex), steps[k+1].hex(a.Hex)); ok {
				return first(blk)
			}
			if r != nil && len(veh) > 0 {
				c.vehicleSpine(&p, r, s)
			}
		}
	}
	if at := c.halfBlock(&p); at >= 0 {
		e := c.half[at]
		return first(Block{At: e.at, Kind: c.halfKindName(e), Rule: c.blockRule(&p, e)})
	}
	if pending != nil {
		return c.blocked(r, *pending)
	}
	if r != nil {
		if len(dust) > 0 {
			c.dustAt(&p, b.Hex, rng, 0)
			if p.vehicleDust > 0 {
				r.Hindrances = append(r.Hindrances, Hindrance{At: hexWhere(p.vdHex), Kind: "vehicle-dust", DRM: p.vehicleDust, Rule: "11.74"})
			}
			if p.ffe > 0 {
				r.Hindrances = append(r.Hindrances, Hindrance{At: hexWhere(p.ffeHex), Kind: "ffe-dust", DRM: 1, Rule: "11.75"})
			}
		}
		r.Clear = true
		r.DRM = 0
		for _, h := range r.Hindrances {
			r.DRM += h.DRM
		}
	}
	return true
}

// What door found.
const (
	doorRules    int8 = iota // the rules must see step start
	doorClear                // nothing for the rules: clear
	doorHill                 // step start is a bare hex rising above the line (LOS-3)
	doorObstacle             // step start is a full-level obstacle the line meets (LOS-3)
	doorStretch              // step start runs along a hexside between two hexes rising above the line (LOS-2, LOS-3)
)

// door is run's lean front door on template tp between ends at heights ea
// and eb, the first end at slot ia: the first step the rules must see and
// what it is. The caller has checked that the rules before the walk have
// nothing to say (no counters, range two or more, neither end in a wadi
// hex nor dug in in a deir), so the line's heights are the ends' levels
// and every step the scan skips the rules' walk would skip too. hind
// selects the tables of a Check (hindrance hexes go to the rules).
//
// It walks the template's hexes and stretches (cs), not the crossings
// between them: a crossing is a hexside of the hexes just before and after
// it, and leanC stops the walk at a hex with a wall or crest on a hexside,
// so a crossing between two hexes it passes is bare and has nothing for
// the rules. Where the walk stops:
//   - a bare hex (leanC entry not maxQuick) is one whose ground rises above
//     the line: the first obstacle, as fullAt would find it;
//   - a hex holding a full-level obstacle and nothing else for the rules
//     (Grid.obst) blocks by its ground or its obstacle as fullAt decides,
//     or the line passes over it and the walk goes on;
//   - a stretch along a hexside is decided by stretch where only the
//     ground beside it matters;
//   - at any other hex (a wall or crest on a hexside, a half-level
//     obstacle, a hindrance for a Check) the full walk looks at the steps
//     from the last entry passed to the next: its first stop there is the
//     rules' first step (or a bare hex rising above the line); if it stops
//     at none, the short walk goes on.
//
// So the first step it reports is the one the full walk over every step
// from the start would stop at, save the obstacles and stretches it
// decides itself (TestDoorEqualsTracedCheck).
func (g *Grid) door(tp *template, hind bool, ia, ea, eb int) (start int, v int8) {
	lean, leanC := g.lean, g.leanC
	if hind {
		lean, leanC = g.leanHind, g.leanHindC
	}
	cs := tp.cs[:len(tp.cs)-1]
	base := 2 * ia
	de := eb - ea
	for j := 1; ; j++ {
		if de == 0 {
			j = scanFlatC(cs, leanC, base, j, ea)
		} else {
			j = scanSlopeC(cs, leanC, base, j, ea, de)
		}
		if j >= len(cs) {
			return len(tp.qi) - 1, doorClear
		}
		c := &cs[j]
		if leanC[base+int(c.q)] != maxQuick {
			return int(c.k), doorHill
		}
		if c.q&1 != 0 { // a stretch along a hexside
			switch g.stretch(tp, j, leanC, ia, ea, eb) {
			case stretchBlocked:
				return int(c.k), doorStretch
			case stretchRules:
				return doorFrom(tp, lean, 8*ia, int(cs[j-1].k)+1, ea, eb)
			}
			continue
		}
		i := ia + int(c.q>>1)
		t := int(g.obst[i])
		if t == noTop {
			// a hex beside a wall or crest, or with something else for the
			// rules: the full walk over the steps from the last entry passed
			// to the next; the short walk goes on if it passes them all
			k, v := doorRange(tp, lean, 8*ia, int(cs[j-1].k)+1, int(tp.cs[j+1].k), ea, eb)
			if v != doorClear {
				return k, v
			}
			continue
		}
		den, num := int(c.s), ea*int(c.s)+de*int(c.d1)
		switch {
		case int(g.rim[i])*den > num:
			return int(c.k), doorHill
		case t*den >= num:
			return int(c.k), doorObstacle
		}
	}
}

// What stretch found.
const (
	stretchRules int8 = iota
	stretchPassed
	stretchBlocked
)

// stretch decides a stretch of thread along a hexside (entry j of tp's
// short list, a step between two hex steps) for the door when nothing there
// is for the rules but the ground: the two hexes beside it are bare (their
// leanC entries not maxQuick: on the map, no obstacle, no wall or crest on
// a hexside, no hindrance for a Check) and neither hex before or after it
// has a wall or crest (spine's joints). Then spine blocks exactly when both
// hexes' ground rises above the line (fullAt), and does nothing else.
func (g *Grid) stretch(tp *template, j int, leanC []int8, ia, ea, eb int) int8 {
	c := &tp.cs[j]
	p, n := &tp.cs[j-1], &tp.cs[j+1]
	if p.k != c.k-1 || n.k != c.k+1 || p.q&1 != 0 || n.q&1 != 0 ||
		g.walled[ia+int(p.q>>1)] || g.walled[ia+int(n.q>>1)] {
		return stretchRules
	}
	t := &tp.steps[c.k]
	x := ia + int(c.q>>1)
	y := x + g.nbr[t.dir]
	if leanC[2*x] == maxQuick || leanC[2*y] == maxQuick {
		return stretchRules
	}
	if int(g.rim[x])*int(c.s) <= ea*int(c.s)+(eb-ea)*int(c.d1) {
		return stretchPassed
	}
	last := &tp.steps[len(tp.steps)-1]
	v := t.dir.Vec()
	yv := hexmap.Hex{Q: int(t.dq) + v.Q, R: int(t.dr) + v.R}
	y1 := yv.Length()
	y2 := hexmap.Hex{Q: int(last.dq) - yv.Q, R: int(last.dr) - yv.R}.Length()
	if int(g.rim[y])*(y1+y2) <= ea*y2+eb*y1 {
		return stretchPassed
	}
	return stretchBlocked
}

// doorFrom is door's full walk from step k: every step of the template,
// the first end's lean entries at base.
func doorFrom(tp *template, lean []int8, base, k, ea, eb int) (start int, v int8) {
	return doorRange(tp, lean, base, k, len(tp.qi)-1, ea, eb)
}

// doorRange is doorFrom over steps k to end-1 alone: doorClear when it
// passes them all.
func doorRange(tp *template, lean []int8, base, k, end, ea, eb int) (start int, v int8) {
	if ea == eb {
		start = scanFlat(tp.qi[:end], lean, base, k, ea)
	} else {
		start = scanSlope(tp, lean, base, k, end, ea, eb)
	}
	switch {
	case start >= end:
		return start, doorClear
	case tp.steps[start].kind == hexmap.StepHex && lean[base+int(tp.qi[start])] != maxQuick:
		return start, doorHill
	}
	return start, doorRules
}

// scanFlatC is scanFlat on a template's short list cs (its last entry,
// the far end, left off) from entry k.
func scanFlatC(cs []cstep, leanC []int8, base, k, e int) int {
	for ; k < len(cs); k++ {
		if int(leanC[base+int(cs[k].q)]) > e {
			return k
		}
	}
	return len(cs)
}

// scanSlopeC is scanSlope on a template's short list from entry k between
// ends at heights ea and ea+de: the line's height over a hex at range d1
// of s is ea + de·d1/s, so the test is (lean-ea)·s > de·d1.
func scanSlopeC(cs []cstep, leanC []int8, base, k, ea, de int) int {
	for ; k < len(cs); k++ {
		c := &cs[k]
		if (int(leanC[base+int(c.q)])-ea)*int(c.s) > de*int(c.d1) {
			return k
		}
	}
	return len(cs)
}

// scanFlat is the lean walk's skip between ends at height e: the first
// step from k on the rules must see, or len(qi) (qi stops before the far
// end).
func scanFlat(qi []int32, lean []int8, base, k, e int) int {
	for ; k < len(qi); k++ {
		if int(lean[base+int(qi[k])]) > e {
			return k
		}
	}
	return len(qi)
}

// scanSlope is scanFlat between ends at heights ea and eb, up to end.
func scanSlope(tp *template, lean []int8, base, k, end, ea, eb int) int {
	steps := tp.steps[:end]
	for ; k < len(steps); k++ {
		t := &steps[k]
		if int(lean[base+int(t.qi)])*(int(t.d1)+int(t.d2)) > ea*int(t.d2)+eb*int(t.d1) {
			return k
		}
	}
	return end
}

// smokeIn reports a SMOKE counter in h.
//
// SMOKE (seed 002's linear-features table: LOS across it Blocked at ground
// level and to or from hills; Note 3: at every level, aircraft included)
// blocks any LOS whose thread enters the interior of a hex holding it,
// whatever the heights, and a stretch run along a hexside with SMOKE on
// both sides. A Location in a SMOKE hex sees and is seen at range 1 only
// (our reading, docs/rules.md): the seed blocks a LOS across smoke, and a
// LOS into or out of a smoke-filled hex crosses the cloud unless it goes
// no further than the next hex.
func smokeIn(smoke []hexmap.Hex, h hexmap.Hex) bool {
	for _, s := range smoke {
		if s == h {
			return true
		}
	}
	return false
}

func (c *Checker) blocked(r *Result, b Block) bool {
	if r != nil {
		r.Clear = false
		r.Block = b
		r.Hindrances = r.Hindrances[:0]
		r.DRM = 0
	}
	return false
}

// Full-level obstacle results.
const (
	fullNone uint8 = iota
	fullGround
	fullObstacle
)

// fullAt decides whether the ground or a full-level obstacle of hex h
// (slot i, at ranges d1 and d2 from the two ends) blocks the sightline.
//
// The sightline's height over h is interpolated by range: (ea·d2 + eb·d1) /
// (d1 + d2). Ground blocks when it rises strictly above that height (two
// units on one plateau see each other across it), an obstacle standing on
// the ground when its top reaches it. Below the higher end such an obstacle
// casts blind hexes: the lower end is blind while its range from the
// obstacle is at most (range from the higher end) × (obstacle above the
// lower end) ÷ (higher end above the obstacle), which is exactly this test
// (LOS-3). Ground level with the higher end hides everything below beyond
// it (a plateau).
func (c *Checker) fullAt(p *pair, h hexmap.Hex, i, d1, d2 int) uint8 {
	g := c.g
	den := d1 + d2
	num := p.ea*d2 + p.eb*d1
	ground := int(g.rim[i])
	if p.same && g.wadi[i] == p.comp {
		ground = int(g.floor[i])
	}
	if ground*den > num {
		return fullGround
	}
	if t := int(g.top[i]); t != noTop && t*den >= num {
		return fullObstacle
	}
	return fullNone
}

func (c *Checker) fullKind(h hexmap.Hex, f uint8) string {
	if f == fullGround {
		return "hill"
	}
	return c.g.m.Terrain(h).Cover.String()
}

// spine handles a stretch of thread running exactly along a hexside: it
// blocks only if both hexes beside it block, or the hexside itself does.
//
// Where the stretch begins it leaves the previous hex exactly at a corner,
// and where it ends it enters the next hex at one: if both of that hex's
// hexsides meeting there carry a wall, hedge or Dune Crest, the thread
// passes through the joint of that wall line and crosses it; a single such
// hexside ending there is only touched.
func (c *Checker) spine(p *pair, r *Result, s hexmap.Step, prev, next hexmap.Hex) (Block, bool) {
	g := c.g
	x, y := s.Hex, s.Other()
	ix, iy := g.idx(x), g.idx(y)
	where := sideWhere(x, s.Dir)
	a, b := p.a.Hex, p.b.Hex
	var fx, fy uint8
	x1, x2 := hexmap.Distance(a, x), hexmap.Distance(x, b)
	y1, y2 := hexmap.Distance(a, y), hexmap.Distance(y, b)
	if ix >= 0 {
		fx = c.fullAt(p, x, ix, x1, x2)
	}
	if iy >= 0 {
		fy = c.fullAt(p, y, iy, y1, y2)
	}
	if fx != 0 && fy != 0 {
		return Block{At: where, Kind: c.fullKind(x, fx), Rule: "LOS-3"}, true
	}
	hx := ix >= 0 && g.halfTop[ix] != noTop
	hy := iy >= 0 && g.halfTop[iy] != noTop
	if (hx || fx != 0) && (hy || fy != 0) {
		// both sides block unless the half-level side(s) are seen past
		e := halfEntry{top: 127, g1: noGroup, g2: noGroup, at: where,
			adjA: x1 == 1 || y1 == 1, adjB: x2 == 1 || y2 == 1}
		if hx {
			e.top, e.kind, e.g1 = int(g.halfTop[ix]), hexKind[g.halfKind[ix]], c.groupOf(ix)
		}
		if hy {
			if t := int(g.halfTop[iy]); t < e.top {
				e.top, e.kind = t, hexKind[g.halfKind[iy]]
			}
			e.g2 = c.groupOf(iy)
		}
		c.half = append(c.half, e)
	}
	for _, end := range [2]hexmap.Hex{prev, next} {
		c.joint(p, end, x, y)
	}
	k6 := -1
	switch {
	case ix >= 0:
		k6 = 6*ix + int(s.Dir)
	case iy >= 0:
		k6 = 6*iy + int(s.Dir.Opposite())
	}
	if k6 >= 0 && g.sideKind[k6] != skNone {
		c.addSide(k6, x1 == 1 && y1 == 1, x2 == 1 && y2 == 1, where)
	}
	if ix >= 0 {
		if r != nil && iy >= 0 && g.hindKind[ix] != hnNone && g.hindKind[iy] != hnNone {
			// a hindrance along a hexside counts only if both sides hinder
			n := len(r.Hindrances)
			c.hinder(p, r, ix, x1, x2, where)
			if len(r.Hindrances) > n {
				m := len(r.Hindrances)
				c.hinder(p, r, iy, y1, y2, where)
				if len(r.Hindrances) == m {
					r.Hindrances = r.Hindrances[:n]
				} else {
					r.Hindrances = r.Hindrances[:m]
				}
			}
		}
	}
	return Block{}, false
}

// joint adds the wall line through the corner of hex e between x and y
// when both of e's hexsides there carry one (see spine).
func (c *Checker) joint(p *pair, e, x, y hexmap.Hex) {
	g := c.g
	ie := g.idx(e)
	if ie < 0 || !g.walled[ie] {
		return // no wall or crest on any of its hexsides
	}
	dx, okx := e.DirTo(x)
	dy, oky := e.DirTo(y)
	if !okx || !oky {
		return
	}
	kx, ky := 6*ie+int(dx), 6*ie+int(dy)
	if g.sideKind[kx] == skNone || g.sideKind[ky] == skNone {
		return
	}
	k := kx
	if g.sideTop[ky] < g.sideTop[kx] {
		k = ky
	}
	c.addSide(k, e == p.a.Hex, e == p.b.Hex, sideWhere(e, hexmap.Dir(k-6*ie)))
	last := &c.half[len(c.half)-1]
	if g.sideKind[kx] != g.sideKind[ky] {
		last.kind = ekWall
	}
	last.hillside = g.hillside[kx] && g.hillside[ky]
}

// hinder adds the hindrance of hex slot i if the sightline passes at or
// below its top. A half-level hindrance in a deir, and brush, vineyard or
// crag (a hindrance only for deir LOS), count only between Locations at
// the same level when one of them is in a deir (4.51).
func (c *Checker) hinder(p *pair, r *Result, i, d1, d2 int, at Where) {
	g := c.g
	k := g.hindKind[i]
	rule := hindRule[k]
	if k == hnDeir || (k == hnGrain || k == hnTents) && g.deir[i] {
		if !g.deir[i] || !p.sameLevel || !(p.deirA || p.deirB) {
			return
		}
		rule = "4.51"
	}
	if int(g.hindTop[i])*(d1+d2) < p.ea*d2+p.eb*d1 {
		return
	}
	r.Hindrances = append(r.Hindrances, Hindrance{At: at, Kind: hindNames[k], DRM: 1, Rule: rule})
}

// dustAt counts the dust counters in hex h if the sightline there is below
// their two-level top (11.74: placed at the hex's base level). d1 and d2
// are h's ranges from the ends; at an end hex the height is that
// Location's own level.
func (c *Checker) dustAt(p *pair, h hexmap.Hex, d1, d2 int) {
	var height2, den int // sightline height × den
	switch {
	case h == p.a.Hex:
		height2, den = p.levelA, 1
	case h == p.b.Hex:
		height2, den = p.levelB, 1
	default:
		height2, den = p.ea*d2+p.eb*d1, d1+d2
	}
	i := c.g.idx(h)
	top := int(c.g.rim[i]) + 4
	for _, d := range p.dust {
		if d.Hex != h || top*den < height2 {
			continue
		}
		if d.FFE {
			if p.ffe == 0 {
				p.ffeHex = h
			}
			p.ffe++
		} else {
			if p.vehicleDust == 0 {
				p.vdHex = h
			}
			p.vehicleDust++
		}
	}
}

// wadiExit walks the thread from one end (fromA: the From end) while it
// stays in wadi comp and reports where it leaves the wadi: the hexside
// crossed (or run along) and whether that is a wadi cliff. out is false if
// the thread reaches the other end without leaving the wadi.
func (c *Checker) wadiExit(comp int32, fromA bool) (where Where, cliff, out bool) {
	g := c.g
	n := c.nsteps()
	k, step, prev := 1, 1, c.stepAt(0).Hex
	if !fromA {
		k, step, prev = n-2, -1, c.stepAt(n-1).Hex
	}
	for ; k > 0 && k < n-1; k += step {
		s := c.stepAt(k)
		switch s.Kind {
		case hexmap.StepHex:
			prev = s.Hex
		case hexmap.StepCross:
			next := s.Other()
			if next == prev {
				next = s.Hex
			}
			f := g.side(g.idx(s.Hex), s.Dir)
			if in := g.idx(next); f&hexmap.SideWadi == 0 || in < 0 || g.wadi[in] != comp {
				return sideWhere(s.Hex, s.Dir), f&hexmap.SideCliff != 0, true
			}
		case hexmap.StepSpine:
			x, y := s.Hex, s.Other()
			z := c.stepAt(k + step).Hex
			ix, iy, iz := g.idx(x), g.idx(y), g.idx(z)
			if ix < 0 || iy < 0 || iz < 0 || g.wadi[ix] != comp || g.wadi[iy] != comp || g.wadi[iz] != comp {
				ip := g.idx(prev)
				var f hexmap.SideFlags
				if ix >= 0 {
					f = g.side(ix, s.Dir)
				} else if iy >= 0 {
					f = g.side(iy, s.Dir.Opposite())
				}
				if d, ok := prev.DirTo(x); ok {
					f |= g.side(ip, d)
				}
				if d, ok := prev.DirTo(y); ok {
					f |= g.side(ip, d)
				}
				return sideWhere(x, s.Dir), f&hexmap.SideCliff != 0, true
			}
		}
	}
	return Where{}, false, false
}

// deirLip applies 4.4 to an entrenched/emplaced unit e in a non-Lip deir
// hex: past the Lip Hexside its LOS crosses as it leaves the deir it sees
// only a same-level hex formed by that hexside, or a higher Location. A
// LOS that leaves the deir along a hexside passes a hex exactly at a
// corner where that stretch begins or ends; if both of that hex's hexsides
// there are Lip Hexsides, it crosses the Lip at their joint (LOS-2), and
// the hexes formed by those two hexsides are the ones it may still see.
func (c *Checker) deirLip(e, o Location, fromA bool) (Where, bool) {
	g := c.g
	n := c.nsteps()
	k, step := 1, 1
	if !fromA {
		k, step = n-2, -1
	}
	check := func(w Where, formed ...hexmap.Hex) (Where, bool) {
		ok := o.Level > e.Level
		for _, h := range formed {
			ok = ok || o.Hex == h && o.Level == e.Level
		}
		return w, !ok
	}
	joint := func(h, x, y hexmap.Hex) (Where, bool) {
		i := g.idx(h)
		dx, okx := h.DirTo(x)
		dy, oky := h.DirTo(y)
		if i < 0 || !okx || !oky || g.side(i, dx)&hexmap.SideLip == 0 || g.side(i, dy)&hexmap.SideLip == 0 {
			return Where{}, false
		}
		return sideWhere(h, dx), true
	}
	for ; k >= 0 && k < n; k += step {
		s := c.stepAt(k)
		switch s.Kind {
		case hexmap.StepHex:
			if !g.deir[g.idx(s.Hex)] {
				return Where{}, false
			}
		case hexmap.StepCross:
			if g.side(g.idx(s.Hex), s.Dir)&hexmap.SideLip != 0 {
				return check(sideWhere(s.Hex, s.Dir), s.Hex, s.Other())
			}
		case hexmap.StepSpine:
			x, y := s.Hex, s.Other()
			if w, ok := joint(c.stepAt(k-step).Hex, x, y); ok {
				return check(w, c.stepAt(k-step).Hex, x, y)
			}
			if i := g.idx(s.Hex); i >= 0 && g.side(i, s.Dir)&hexmap.SideLip != 0 {
				return check(sideWhere(s.Hex, s.Dir), x, y)
			}
			if k+step >= 0 && k+step < n {
				if w, ok := joint(c.stepAt(k+step).Hex, x, y); ok {
					return check(w, c.stepAt(k+step).Hex, x, y)
				}
			}
		}
	}
	return Where{}, false
}

// nearer reports whether obstacle x lies nearer the viewer at a than y,
// in half hexes along the line (a hexside sits between its two hexes); a
// tie keeps y, the one found first.
func nearer(a hexmap.Hex, x, y Where) bool { return halfDist(a, x) < halfDist(a, y) }

func halfDist(a hexmap.Hex, w Where) int {
	d := 2 * hexmap.Distance(a, w.Hex)
	if w.IsSide {
		d = hexmap.Distance(a, w.Hex) + hexmap.Distance(a, w.Hex.Neighbor(w.Dir))
	}
	return d
}
