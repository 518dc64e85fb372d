package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"khamsin/engine/climate"
	"khamsin/engine/fileio"
	"khamsin/engine/forces"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// The bounds Validate enforces (docs/formats.md, "Scenario files").
const (
	DefaultTurns  = 6  // 7.1 step 10: the game ends after turn 6 unless the scenario says
	MaxTurns      = 20 // turn limit
	MaxBreakPoint = 50 // Break Point Track markers (16.12)
	MaxBrigade    = 10 // Brigade Orders (7.1 step 3)
	MaxValue      = 10 // an objective's value (16.11)
	MaxIDLen      = 16
	// FirstMonth and LastMonth bound the date: the desert war in North
	// Africa from Italy's entry (June 1940) to the Axis surrender (May 1943).
	FirstMonth = "1940-06"
	LastMonth  = "1943-05"
	// RecommendedMin and RecommendedMax units a side: a recommendation
	// (Warnings), not an error.
	RecommendedMin = 8
	RecommendedMax = 20
	// MaxUnits a side and MaxBases a unit: caps no real scenario comes
	// near (the shipped ones have at most 13 units a side and 8 bases a
	// unit) that keep a hostile file from costing the game and the AI
	// time (issue 17).
	MaxUnits = 60
	MaxBases = 20
	// StackLimit is the most bases of one side a hex holds, passengers
	// not counted (docs/rules.md, "Stacking"); the game's own
	// game.StackLimit, checked here at set-up.
	StackLimit = 3
)

// Nations a side may be; catalogue entries of nation "any" fit every side.
var Nations = []string{"british", "german", "italian"}

// Types are the scenario types.
var Types = []string{Encounter, HastyDefence, AllOutAttack}

// Edges are the map edges reinforcements enter by.
var Edges = []string{"north", "south", "east", "west"}

// CounterKinds are what [[counter]] may place.
var CounterKinds = []string{"sangar", "foxhole", "trench", "wreck", "smoke"}

// reservedSides are names a side may not take: command-line flags of the
// commands that take one flag per side (khamsin sim --SIDE).
var reservedSides = map[string]bool{"scenario": true, "seed": true, "save": true, "json": true,
	"as": true, "o": true, "h": true, "help": true}

// Playable reports a scenario with forces: a map-only scenario (no
// [[side]]) can be viewed and rendered but not played.
func (s *Scenario) Playable() bool { return len(s.Sides) > 0 }

// TurnLimit is the last turn: turns, or 6 when the file does not say.
func (s *Scenario) TurnLimit() int {
	if s.Turns > 0 {
		return s.Turns
	}
	return DefaultTurns
}

// Month is the month of the date ("1942-06" → June); 0 (not Valid) when
// the date is missing or malformed.
func (s *Scenario) Month() climate.Month {
	_, m, ok := parseDate(s.Date)
	if !ok {
		return 0
	}
	return climate.Month(m)
}

// Year is the year of the date; 0 when missing or malformed.
func (s *Scenario) Year() int {
	y, _, ok := parseDate(s.Date)
	if !ok {
		return 0
	}
	return y
}

// SideIndex is the index in Sides of the side with this ID, or -1.
func (s *Scenario) SideIndex(id string) int {
	for i := range s.Sides {
		if s.Sides[i].ID == id {
			return i
		}
	}
	return -1
}

// BriefingLine is the briefing's first paragraph on one line.
func (s *Scenario) BriefingLine() string {
	var words []string
	for _, l := range strings.Split(strings.TrimSpace(s.Briefing), "\n") {
		if strings.TrimSpace(l) == "" {
			break
		}
		words = append(words, strings.Fields(l)...)
	}
	return strings.Join(words, " ")
}

// parseDate reads "YYYY-MM".
func parseDate(d string) (year, month int, ok bool) {
	if len(d) != 7 || d[4] != '-' {
		return 0, 0, false
	}
	y, err1 := strconv.Atoi(d[:4])
	m, err2 := strconv.Atoi(d[5:])
	if err1 != nil || err2 != nil || d[0] == '+' || d[5] == '+' || d[5] == '-' || m < 1 || m > 12 {
		return 0, 0, false
	}
	return y, m, true
}

// EdgeOf reports whether h lies on the named map edge (north, south, east,
// west), the compass read through the map's North (12.3): with north up
// the north edge is the top of the screen.
func EdgeOf(m *hexmap.Map, north hexmap.Orientation, edge string, h hexmap.Hex) bool {
	compass := -1
	for i, e := range Edges {
		if e == edge {
			compass = [4]int{0, 2, 1, 3}[i] // north, east, south, west → 0..3 clockwise
		}
	}
	if compass < 0 || !m.Contains(h) {
		return false
	}
	off := func(d hexmap.Dir) bool { return !m.Contains(h.Neighbor(d)) }
	switch (compass + int(north)) % 4 { // screen: up, right, down, left
	case 0:
		return off(hexmap.North)
	case 1:
		return off(hexmap.NorthEast) && off(hexmap.SouthEast)
	case 2:
		return off(hexmap.South)
	default:
		return off(hexmap.NorthWest) && off(hexmap.SouthWest)
	}
}

// problems collects Validate's errors with their lines.
type problems struct {
	s    *Scenario
	list []lineMsg
}

type lineMsg struct {
	line int
	msg  string
}

func (p *problems) at(path []any, format string, args ...any) {
	p.list = append(p.list, lineMsg{p.s.ix.Line(path...), fmt.Sprintf(format, args...)})
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	sort.SliceStable(p.list, func(i, j int) bool { return p.list[i].line < p.list[j].line })
	errs := make([]error, len(p.list))
	for i, e := range p.list {
		errs[i] = fmt.Errorf("%s:%d: %s", p.s.File, e.line, e.msg)
	}
	return errors.Join(errs...)
}

func path(p ...any) []any { return p }

func oneOf(s string, words []string) bool {
	for _, w := range words {
		if s == w {
			return true
		}
	}
	return false
}

// q quotes a value from the file for a message, clipped.
func q(s string) string { return strconv.Quote(fileio.Clip(s, 40)) }

func validID(id string) bool {
	if id == "" || len(id) > MaxIDLen {
		return false
	}
	for i, c := range id {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func validSideID(id string) bool {
	if id == "" || len(id) > MaxIDLen {
		return false
	}
	for _, c := range id {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// Validate checks the game part of a scenario against the unit catalogue
// and the scenario's built map (s.Build): the type, date and turn limit,
// the two sides, every unit and base (IDs, catalogue entries, hexes,
// carriers, facings, reinforcements), the objectives, the counters and
// the environment. Every problem is reported, in line order, as
// "file:line: what is wrong", joined with errors.Join. A scenario with no
// [[side]] is a map: Validate returns nil (the game refuses it, Playable).
// A nil catalogue or map skips the checks that need it.
func (s *Scenario) Validate(cat *forces.Catalogue, m *hexmap.Map) error {
	if len(s.Sides) == 0 {
		return nil
	}
	p := &problems{s: s}
	north, _ := hexmap.ParseNorth(s.Map.North)
	if s.Map.North == "" {
		north = hexmap.NorthUp
	}

	// The scenario as a whole.
	switch {
	case s.Type == "":
		p.at(path("type"), "type: missing; say %s", strings.Join(Types, ", "))
	case !oneOf(s.Type, Types):
		p.at(path("type"), "type %s: expected %s", q(s.Type), strings.Join(Types, ", "))
	}
	ids := make([]string, 0, 2)
	for _, sd := range s.Sides {
		ids = append(ids, sd.ID)
	}
	switch {
	case s.Type == Encounter && s.Attacker != "":
		p.at(path("attacker"), "attacker %s: an encounter has no attacker (remove the key)", q(s.Attacker))
	case (s.Type == HastyDefence || s.Type == AllOutAttack) && s.Attacker == "":
		p.at(path("type"), "type %s needs attacker = one of the side IDs (%s)", s.Type, strings.Join(ids, ", "))
	case s.Attacker != "" && s.SideIndex(s.Attacker) < 0:
		p.at(path("attacker"), "attacker %s: not a side (sides: %s)", q(s.Attacker), strings.Join(ids, ", "))
	}
	if s.Date == "" {
		p.at(path("date"), "date: missing; say date = \"1942-06\" (the month sets the climate, 11.2)")
	} else if _, _, ok := parseDate(s.Date); !ok {
		p.at(path("date"), "date %s: expected \"YYYY-MM\", e.g. \"1942-06\"", q(s.Date))
	} else if s.Date < FirstMonth || s.Date > LastMonth {
		p.at(path("date"), "date %s: the desert war in North Africa runs from %s to %s", q(s.Date), FirstMonth, LastMonth)
	}
	if s.Turns < 0 || s.Turns > MaxTurns || (s.Turns == 0 && s.ix.Has("turns")) {
		p.at(path("turns"), "turns = %d: expected 1 to %d (leave it out for %d)", s.Turns, MaxTurns, DefaultTurns)
	}
	if len(s.Sides) != 2 {
		p.at(path("side", min(2, len(s.Sides)-1)), "a scenario has exactly two [[side]] tables, this one has %d", len(s.Sides))
	}

	// IDs shared by units and bases, across the scenario.
	type where struct {
		side  int
		base  *Base
		line  int
		hex   hexmap.Hex
		hexOK bool
	}
	seen := map[string]int{}    // unit or base ID → line
	bases := map[string]where{} // base ID → where
	for i := range s.Sides {
		sd := &s.Sides[i]
		sp := path("side", i)
		switch {
		case sd.ID == "":
			p.at(sp, "side: needs id = \"allies\" (or \"axis\"): a lowercase word")
		case !validSideID(sd.ID):
			p.at(path("side", i, "id"), "side id %s: expected a lowercase word of at most %d letters, e.g. \"allies\"", q(sd.ID), MaxIDLen)
		case reservedSides[sd.ID]:
			p.at(path("side", i, "id"), "side id %s is reserved (a command-line flag); choose another", q(sd.ID))
		case s.SideIndex(sd.ID) != i:
			p.at(path("side", i, "id"), "side id %s: already used by the side at line %d", q(sd.ID), s.ix.Line("side", s.SideIndex(sd.ID), "id"))
		}
		switch {
		case sd.Nation == "":
			p.at(sp, "side %s: needs nation = %s", sd.ID, strings.Join(Nations, ", "))
		case !oneOf(sd.Nation, Nations):
			p.at(path("side", i, "nation"), "side %s: nation %s: expected %s", sd.ID, q(sd.Nation), strings.Join(Nations, ", "))
		}
		if sd.BreakPoint < 1 || sd.BreakPoint > MaxBreakPoint {
			at := path("side", i, "break_point")
			if !s.ix.Has(at...) {
				at = sp
			}
			p.at(at, "side %s: break_point = %d: expected 1 to %d markers (16.12)", sd.ID, sd.BreakPoint, MaxBreakPoint)
		}
		if sd.BrigadeOrders < 0 || sd.BrigadeOrders > MaxBrigade {
			p.at(path("side", i, "brigade_orders"), "side %s: brigade_orders = %d: expected 0 to %d (7.1 step 3)", sd.ID, sd.BrigadeOrders, MaxBrigade)
		}
		if len(sd.Units) == 0 {
			p.at(sp, "side %s: has no units ([[side.unit]])", sd.ID)
		}
		if len(sd.Units) > MaxUnits {
			p.at(path("side", i, "unit", MaxUnits), "side %s: %d units; the limit is %d a side", sd.ID, len(sd.Units), MaxUnits)
		}
		for j := range sd.Units {
			u := &sd.Units[j]
			up := path("side", i, "unit", j)
			switch {
			case u.ID == "":
				p.at(up, "unit: needs id = \"A1\" (a letter, then letters and digits)")
			case !validID(u.ID):
				p.at(path("side", i, "unit", j, "id"), "unit id %s: expected a letter, then letters and digits (at most %d), e.g. \"A1\"", q(u.ID), MaxIDLen)
			default:
				l := s.ix.Line(path("side", i, "unit", j, "id")...)
				if prev, dup := seen[u.ID]; dup {
					p.at(path("side", i, "unit", j, "id"), "unit id %q: already used at line %d (unit and base IDs are unique across the scenario)", u.ID, prev)
				} else {
					seen[u.ID] = l
				}
			}
			name := "unit " + u.ID
			if u.TQ != nil && (*u.TQ < -3 || *u.TQ > 3) {
				p.at(path("side", i, "unit", j, "tq"), "%s: tq = %d: expected -3 to 3", name, *u.TQ)
			}
			if u.Morale != nil && (*u.Morale < -3 || *u.Morale > 3) {
				p.at(path("side", i, "unit", j, "morale"), "%s: morale = %d: expected -3 to 3", name, *u.Morale)
			}
			switch {
			case u.Arrives < 0 || u.Arrives == 1 || u.Arrives > s.TurnLimit():
				p.at(path("side", i, "unit", j, "arrives"), "%s: arrives = %d: expected 2 to %d (the turn it enters; leave it out for units on the map at the start)", name, u.Arrives, s.TurnLimit())
			case u.Arrives > 0 && u.Edge == "":
				p.at(path("side", i, "unit", j, "arrives"), "%s: arrives on turn %d but names no edge = %s", name, u.Arrives, strings.Join(Edges, ", "))
			case u.Arrives > 0 && !oneOf(u.Edge, Edges):
				p.at(path("side", i, "unit", j, "edge"), "%s: edge %s: expected %s", name, q(u.Edge), strings.Join(Edges, ", "))
			case u.Area != "" && u.Arrives > 0:
				p.at(path("side", i, "unit", j, "area"), "%s: a reinforcement has no set-up area: it enters by its edge", name)
			case u.Area != "" && m != nil && areaErr(m, u.Area) != nil:
				p.at(path("side", i, "unit", j, "area"), "%s: %v", name, areaErr(m, u.Area))
			case u.Arrives == 0 && u.Edge != "":
				p.at(path("side", i, "unit", j, "edge"), "%s: edge %s without arrives: only reinforcements enter by an edge", name, q(u.Edge))
			}
			if len(u.Bases) == 0 {
				p.at(up, "%s: has no bases ([[side.unit.base]])", name)
			}
			if len(u.Bases) > MaxBases {
				p.at(path("side", i, "unit", j, "base", MaxBases), "%s: %d bases; the limit is %d a unit", name, len(u.Bases), MaxBases)
			}
			for k := range u.Bases {
				b := &u.Bases[k]
				bp := func(key ...any) []any { return append(path("side", i, "unit", j, "base", k), key...) }
				bname := "base " + b.ID
				switch {
				case b.ID == "":
					// The unit has no ID: already reported.
				case !validID(b.ID):
					p.at(bp("id"), "base id %s: expected a letter, then letters and digits (at most %d), e.g. \"A1a\"", q(b.ID), MaxIDLen)
				default:
					l := s.ix.Line(bp("id")...)
					if b.auto {
						l = b.line
					}
					if prev, dup := seen[b.ID]; dup {
						if b.auto {
							p.at(bp(), "base %d of unit %s: its default id %q is already used at line %d; give it an id", k+1, u.ID, b.ID, prev)
						} else {
							p.at(bp("id"), "base id %q: already used at line %d (unit and base IDs are unique across the scenario)", b.ID, prev)
						}
					} else {
						seen[b.ID] = l
						bases[b.ID] = where{side: i, base: b, line: l}
					}
				}
				switch {
				case b.Type == "":
					p.at(bp(), "%s: needs type = a catalogue entry, e.g. \"uk-rifle-section\"", bname)
				case cat != nil:
					if t, ok := cat.Type(b.Type); !ok {
						p.at(bp("type"), "%s: type %s is not in the unit catalogue", bname, q(b.Type))
					} else if t.Nation != "any" && sd.Nation != "" && t.Nation != sd.Nation {
						p.at(bp("type"), "%s: type %s is %s, but side %s is %s", bname, b.Type, t.Nation, sd.ID, sd.Nation)
					}
				}
				if b.DugIn && u.Arrives > 0 {
					p.at(bp("dug_in"), "%s: a reinforcement cannot start dug in", bname)
				}
				if m == nil {
					continue
				}
				var h hexmap.Hex
				hexOK := false
				if b.Hex == "" {
					p.at(bp(), "%s: needs hex = its set-up hex, e.g. \"25C5\"", bname)
				} else if x, err := m.Hex(b.Hex); err != nil {
					p.at(bp("hex"), "%s: %v", bname, clipErr(err))
				} else if !m.Contains(x) {
					p.at(bp("hex"), "%s: hex %s is off the map", bname, q(b.Hex))
				} else {
					h, hexOK = x, true
				}
				if w, ok := bases[b.ID]; ok && w.base == b {
					w.hex, w.hexOK = h, hexOK
					bases[b.ID] = w
				}
				if hexOK && u.Area != "" {
					if c, r, err := ParseArea(m, u.Area); err == nil && hexmap.Distance(c, h) > r {
						p.at(bp("hex"), "%s: hex %s is outside unit %s's set-up area %s", bname, b.Hex, u.ID, u.Area)
					}
				}
				if hexOK && u.Arrives > 0 && oneOf(u.Edge, Edges) && !EdgeOf(m, north, u.Edge, h) {
					p.at(bp("hex"), "%s: hex %s is not on the %s edge, where unit %s enters", bname, b.Hex, u.Edge, u.ID)
				}
				if b.Facing != "" {
					f, err := m.Hex(b.Facing)
					switch {
					case err != nil:
						p.at(bp("facing"), "%s: facing: %v", bname, clipErr(err))
					case hexOK:
						if _, adj := h.DirTo(f); !adj {
							p.at(bp("facing"), "%s: facing %s is not adjacent to its hex %s", bname, q(b.Facing), b.Hex)
						}
					}
				}
			}
		}
	}

	// Carriers: once every base ID is known.
	load := map[string]int{} // carrier ID → passengers
	tows := map[string]int{} // carrier ID → guns towed
	for i := range s.Sides {
		for j := range s.Sides[i].Units {
			u := &s.Sides[i].Units[j]
			for k := range u.Bases {
				b := &u.Bases[k]
				if b.Passenger == "" {
					continue
				}
				at := path("side", i, "unit", j, "base", k, "carried")
				c, ok := bases[b.Passenger]
				switch {
				case !ok:
					p.at(at, "base %s: carried by %s: no such base", b.ID, q(b.Passenger))
					continue
				case c.base == b:
					p.at(at, "base %s: cannot carry itself", b.ID)
					continue
				case c.side != i:
					p.at(at, "base %s: carried by %s, a base of the other side", b.ID, b.Passenger)
					continue
				case c.base.Passenger != "":
					p.at(at, "base %s: carried by %s, which is itself carried", b.ID, b.Passenger)
					continue
				case m != nil && c.hexOK && bases[b.ID].base == b && bases[b.ID].hexOK && c.hex != bases[b.ID].hex:
					p.at(at, "base %s: in %s, but its carrier %s is in %s", b.ID, b.Hex, b.Passenger, c.base.Hex)
				}
				if cat == nil {
					continue
				}
				ct, ok1 := cat.Type(c.base.Type)
				pt, ok2 := cat.Type(b.Type)
				if !ok1 || !ok2 {
					continue // reported above
				}
				if pt.Class == forces.Gun && ct.Tow > 0 {
					tows[b.Passenger]++
					switch {
					case pt.Size > ct.Tow:
						p.at(at, "base %s: a %s (size %d) is too big for %s (%s tows size %d at most)", b.ID, pt.ID, pt.Size, b.Passenger, ct.ID, ct.Tow)
					case tows[b.Passenger] > 1:
						p.at(at, "base %s: %s already tows a gun", b.ID, b.Passenger)
					}
					continue
				}
				load[b.Passenger]++
				switch {
				case ct.Capacity == 0:
					p.at(at, "base %s: %s (%s) carries no passengers", b.ID, b.Passenger, ct.ID)
				case load[b.Passenger] > ct.Capacity:
					p.at(at, "base %s: %s (%s) carries %d base(s) at most", b.ID, b.Passenger, ct.ID, ct.Capacity)
				}
			}
		}
	}

	s.validateStacking(p, m, func(b *Base) (hexmap.Hex, bool) {
		w, ok := bases[b.ID]
		return w.hex, ok && w.base == b && w.hexOK
	})

	// Objectives.
	objs := map[string]int{}
	for i := range s.Objectives {
		o := &s.Objectives[i]
		op := func(key ...any) []any { return append(path("objective", i), key...) }
		switch {
		case o.ID == "":
			p.at(op(), "objective: needs id = \"O1\"")
		case !validID(o.ID):
			p.at(op("id"), "objective id %s: expected a letter, then letters and digits, e.g. \"O1\"", q(o.ID))
		default:
			if prev, dup := objs[o.ID]; dup {
				p.at(op("id"), "objective id %q: already used at line %d", o.ID, prev)
			} else {
				objs[o.ID] = s.ix.Line(op("id")...)
			}
		}
		name := "objective " + o.ID
		if m != nil {
			if o.Hex == "" {
				p.at(op(), "%s: needs hex = \"25C5\"", name)
			} else if _, err := m.Hex(o.Hex); err != nil {
				p.at(op("hex"), "%s: %v", name, clipErr(err))
			}
		}
		if o.Value < 1 || o.Value > MaxValue {
			at := op("value")
			if !s.ix.Has(at...) {
				at = op()
			}
			p.at(at, "%s: value = %d: expected 1 to %d (16.11)", name, o.Value, MaxValue)
		}
		switch {
		case o.Owner == "":
			p.at(op(), "%s: needs owner = the side that holds it at the start (%s)", name, strings.Join(ids, ", "))
		case s.SideIndex(o.Owner) < 0:
			p.at(op("owner"), "%s: owner %s: not a side (sides: %s)", name, q(o.Owner), strings.Join(ids, ", "))
		}
	}

	// Counters.
	for i := range s.Counters {
		c := &s.Counters[i]
		cp := func(key ...any) []any { return append(path("counter", i), key...) }
		switch {
		case c.Kind == "":
			p.at(cp(), "counter: needs kind = %s", strings.Join(CounterKinds, ", "))
		case !oneOf(c.Kind, CounterKinds):
			p.at(cp("kind"), "counter kind %s: expected %s", q(c.Kind), strings.Join(CounterKinds, ", "))
		}
		if m != nil {
			if c.Hex == "" {
				p.at(cp(), "counter: needs hex = \"25C5\"")
			} else if h, err := m.Hex(c.Hex); err != nil {
				p.at(cp("hex"), "counter %s: %v", c.Kind, clipErr(err))
			} else if f, ferr := protect.ParseFort(c.Kind); ferr == nil && f != protect.NoFort {
				// 8.2, 7.42: a sangar or trench is set up by the scenario, never in sand
				if err := protect.FortAllowed(m, h, f); err != nil {
					p.at(cp("hex"), "counter %s: %v", c.Kind, clipErr(err))
				}
			}
		}
	}

	s.validateDefences(p, m)
	taken := map[string]bool{}
	for id := range seen {
		taken[id] = true
	}
	s.validateArtillery(p, cat, m, taken)
	s.validateEnvironment(p)
	s.validateAir(cat, p)
	return p.err()
}

// validateEnvironment checks [environment]'s words with the climate
// package's own parsers.
func (s *Scenario) validateEnvironment(p *problems) {
	e := s.Environment
	words := []struct {
		key, val string
		parse    func(string) error
	}{
		{"time", e.Time, func(v string) error { _, err := climate.ParseTimeOfDay(v); return err }},
		{"ec", e.EC, func(v string) error { _, err := climate.ParseEC(v); return err }},
		{"weather", e.Weather, func(v string) error { _, err := climate.ParseWeather(v); return err }},
		{"wind", e.Wind, func(v string) error { _, err := climate.ParseWindForce(v); return err }},
		{"upwind", e.Upwind, func(v string) error { _, err := ParseUpwind(v); return err }},
		{"dust", e.Dust, func(v string) error { _, err := climate.ParseDust(v); return err }},
	}
	for _, w := range words {
		if w.val == "" {
			continue
		}
		at := path("environment", w.key)
		if e.DYO {
			p.at(at, "environment: %s with dyo = true: the climate is rolled for the month (11.2); remove %s or dyo", w.key, w.key)
			continue
		}
		if err := w.parse(w.val); err != nil {
			p.at(at, "environment: %v", clipErr(err))
		}
	}
	if e.DYO && e.Gusts {
		p.at(path("environment", "gusts"), "environment: gusts with dyo = true: the climate is rolled for the month (11.5); remove gusts or dyo")
	}
	if e.DYO && s.Date == "" {
		p.at(path("environment", "dyo"), "environment: dyo = true needs the scenario's date (the month picks the column, 11.2)")
	}
}

// ParseUpwind reads the upwind hexside: n, ne, se, s, sw or nw (any case).
func ParseUpwind(v string) (hexmap.Dir, error) {
	for d := hexmap.Dir(0); d < 6; d++ {
		if strings.EqualFold(v, d.String()) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("upwind %s: expected n, ne, se, s, sw or nw", q(v))
}

// clipErr shortens an error echoing a long input.
func clipErr(err error) string { return fileio.Clip(err.Error(), 160) }

// Warnings are what a designer should look at but the game accepts: a
// side with fewer than 8 or more than 20 units (the recommended size of a
// scenario's forces). Each reads "file:line: …".
func (s *Scenario) Warnings() []string {
	var out []string
	for i, sd := range s.Sides {
		if n := len(sd.Units); n > 0 && (n < RecommendedMin || n > RecommendedMax) {
			units := "units"
			if n == 1 {
				units = "unit"
			}
			out = append(out, fmt.Sprintf("%s:%d: side %s has %d %s; %d to %d a side is recommended", s.File, s.ix.Line("side", i), sd.ID, n, units, RecommendedMin, RecommendedMax))
		}
	}
	return out
}

func areaErr(m *hexmap.Map, area string) error {
	_, _, err := ParseArea(m, area)
	return err
}

// validateStacking enforces the stacking limit at set-up (docs/rules.md,
// "Stacking"): at most StackLimit bases of a side in a hex, passengers
// not counted. Bases on the map at the start count together; a
// reinforcement's bases count with those of the side arriving on the
// same turn. Each hex over the limit is reported once, at the base that
// breaks it. hexOf gives a base's set-up hex when it is valid.
func (s *Scenario) validateStacking(p *problems, m *hexmap.Map, hexOf func(*Base) (hexmap.Hex, bool)) {
	if m == nil {
		return
	}
	type stack struct {
		side, turn int
		hex        hexmap.Hex
	}
	count := map[stack]int{}
	for i := range s.Sides {
		for j := range s.Sides[i].Units {
			u := &s.Sides[i].Units[j]
			for k := range u.Bases {
				b := &u.Bases[k]
				if b.Passenger != "" || b.ID == "" {
					continue
				}
				h, ok := hexOf(b)
				if !ok {
					continue
				}
				key := stack{i, u.Arrives, h}
				count[key]++
				if count[key] != StackLimit+1 {
					continue
				}
				at := path("side", i, "unit", j, "base", k, "hex")
				when := "at the start"
				if u.Arrives > 0 {
					when = fmt.Sprintf("arriving on turn %d", u.Arrives)
				}
				p.at(at, "base %s: hex %s would hold more than %d bases of side %s %s (the stacking limit; passengers not counted)", b.ID, b.Hex, StackLimit, s.Sides[i].ID, when)
			}
		}
	}
}
