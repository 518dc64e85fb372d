package game

import (
	"fmt"
	"strings"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// New sets up a scenario's game with a seed: the map, the forces in their
// set-up hexes, the climate (rolled now when the scenario says DYO), and
// the first turn's opening steps up to the Challenge phase.
func New(s *scenario.Scenario, seed uint64) (*Game, error) {
	return newGame(s, seed, dice.New(seed))
}

// newGame is New with the dice given (tests script them).
func newGame(s *scenario.Scenario, seed uint64, roller *dice.Roller) (*Game, error) {
	if len(s.Sides) != 2 {
		return nil, fmt.Errorf("%s: scenario %q has no forces: a game needs two [[side]] tables", s.File, s.Title)
	}
	cat, err := forces.Load()
	if err != nil {
		return nil, err
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	m, err := s.Build(lib)
	if err != nil {
		return nil, err
	}
	if err := s.Validate(cat, m); err != nil {
		return nil, err
	}
	g := &Game{Scn: s, Cat: cat, Map: m, Seed: seed, turn: 1, winner: -1, rc: &readCache{}, sights: &sightCache{}, reach: &reachCache{}, logs: &sideLogs{}, walks: &walkCache{}, lines: &lineCache{},
		dice: roller, unitIdx: map[string]*Unit{}, baseIdx: map[string]*Base{}}
	g.obs = [2]*Observation{{g: g, side: 0}, {g: g, side: 1}} // made once: a player may keep its memory by it
	g.grid = los.NewGrid(m)
	for i, sd := range s.Sides {
		g.sides[i] = &Side{ID: sd.ID, Name: sd.Name, Nation: sd.Nation, BreakStart: sd.BreakPoint, Brigade: sd.BrigadeOrders}
	}
	for si, sd := range s.Sides {
		for _, su := range sd.Units {
			u := &Unit{ID: su.ID, Name: su.Name, Side: si, Contact: su.Hidden, Arrives: su.Arrives, Edge: su.Edge}
			if su.Area != "" {
				c, r, err := scenario.ParseArea(m, su.Area)
				if err != nil {
					return nil, fmt.Errorf("%s: unit %s: %v", s.File, su.ID, err)
				}
				u.Area = &Area{Centre: c, Radius: r}
			}
			for bi, sb := range su.Bases {
				t, _ := cat.Type(sb.Type)
				id := sb.ID
				if id == "" {
					id = su.ID + string(rune('a'+bi))
				}
				h, err := m.Hex(strings.ToUpper(sb.Hex))
				if err != nil {
					return nil, fmt.Errorf("%s: base %s: %v", s.File, id, err)
				}
				b := &Base{ID: id, Unit: u, Type: t, Hex: h, DugIn: sb.DugIn}
				u.Bases = append(u.Bases, b)
				b.idx = len(g.bases)
				g.bases = append(g.bases, b)
				g.baseIdx[id] = b
			}
			u.start = len(u.Bases)
			// A unit's TQ and morale are its first base's unless the
			// scenario overrides them (§6A: the unit shares them).
			if len(u.Bases) > 0 {
				u.TQ, u.Morale = u.Bases[0].Type.TQ, u.Bases[0].Type.Morale
			}
			if su.TQ != nil {
				u.TQ = *su.TQ
			}
			if su.Morale != nil {
				u.Morale = *su.Morale
			}
			g.units = append(g.units, u)
			g.unitIdx[u.ID] = u
		}
	}
	if err := g.setupArtillery(); err != nil {
		return nil, err
	}
	for si, sd := range s.Sides {
		for ui, su := range sd.Units {
			for bi, sb := range su.Bases {
				if sb.Passenger == "" {
					continue
				}
				b := g.unitAt(si, ui).Bases[bi]
				b.Carrier = g.baseIdx[sb.Passenger]
			}
		}
	}
	for _, b := range g.bases {
		sb := g.scnBase(b)
		if sb.Crest != "" {
			h, err := m.Hex(strings.ToUpper(sb.Crest))
			if err == nil {
				err = g.canCrest(b, h)
			}
			if err != nil {
				return nil, fmt.Errorf("%s:%d: base %s: crest: %v", s.File, sb.Line(), b.ID, err)
			}
			b.Crest, b.Front = true, mustDir(b.Hex, h)
		}
		if sb.Facing != "" {
			if h, err := m.Hex(strings.ToUpper(sb.Facing)); err == nil {
				if d, ok := b.Hex.DirTo(h); ok {
					b.Facing = d
				}
			}
		}
	}
	for _, o := range s.Objectives {
		h, err := m.Hex(strings.ToUpper(o.Hex))
		if err != nil {
			return nil, fmt.Errorf("%s: objective %s: %v", s.File, o.ID, err)
		}
		own, _ := g.SideIndex(o.Owner)
		g.objs = append(g.objs, &Objective{ID: o.ID, Name: o.Name, Hex: h, Value: o.Value, Owner: own, Controller: own})
	}
	for _, c := range s.Counters {
		h, err := m.Hex(strings.ToUpper(c.Hex))
		if err != nil {
			return nil, fmt.Errorf("%s: counter: %v", s.File, err)
		}
		switch c.Kind {
		case "sangar":
			g.sangars = append(g.sangars, h)
		case "foxhole":
			g.foxholes = append(g.foxholes, h)
		case "trench":
			g.trenches = append(g.trenches, h)
		case "wreck":
			g.wrecks = append(g.wrecks, h)
		case "smoke":
			g.smoke = append(g.smoke, h)
		}
	}
	g.emplaceGuns() // F.1A (shot.go)
	if err := g.setupDefences(); err != nil {
		return nil, err
	}
	if err := g.setupEnvironment(); err != nil {
		return nil, err
	}
	if err := g.replan(); err != nil {
		return nil, err
	}
	// Default facings last, once the counters that block sight are down:
	// faceEnemy reads what each side sees (issue 17).
	for _, b := range g.bases {
		if g.scnBase(b).Facing == "" {
			b.Facing = g.faceEnemy(b)
		}
	}
	g.gen++ // the sight computed for the facings is not kept
	g.log(KindTurn, "", "%s begins: %s, %s (seed %d)", s.Title, g.envText(), s.Date, seed)
	g.initAir()
	g.startSetup()
	g.startHash = g.Hash()
	return g, nil
}

func (g *Game) unitAt(side, i int) *Unit {
	n := 0
	for _, u := range g.units {
		if u.Side == side {
			if n == i {
				return u
			}
			n++
		}
	}
	return nil
}

// scnBase finds the scenario entry a base came from.
func (g *Game) scnBase(b *Base) scenario.Base {
	for _, sd := range g.Scn.Sides {
		for _, su := range sd.Units {
			if su.ID != b.Unit.ID {
				continue
			}
			for i, sb := range su.Bases {
				if sb.ID == b.ID || (sb.ID == "" && su.ID+string(rune('a'+i)) == b.ID) {
					return sb
				}
			}
		}
	}
	return scenario.Base{}
}

// faceEnemy is a base's default facing: toward the nearest enemy its side
// may know of (issue 17, docs/rules.md "What each side sees"): an enemy
// base the side sees, or an enemy contact marker's hex as the side's view
// shows it. A hidden base of the enemy never turns it. With no enemy in
// sight it faces the centre of the map.
func (g *Game) faceEnemy(b *Base) hexmap.Dir {
	var target *hexmap.Hex
	bd := 1 << 30
	for _, h := range g.knownEnemyHexes(b.Unit.Side) {
		if d := hexmap.Distance(b.Hex, h); d < bd {
			bd, target = d, &h
		}
	}
	if target == nil || bd == 0 {
		c := g.mapCentre()
		target = &c
	}
	best, bd := hexmap.Dir(0), 1<<30
	for d := hexmap.Dir(0); d < 6; d++ {
		if x := hexmap.Distance(b.Hex.Neighbor(d), *target); x < bd {
			bd, best = x, d
		}
	}
	return best
}

// mapCentre is the map's hex nearest the mean of its hexes' coordinates.
func (g *Game) mapCentre() hexmap.Hex {
	hs := g.Map.Hexes()
	if len(hs) == 0 {
		return hexmap.Hex{}
	}
	var q, r int
	for _, h := range hs {
		q, r = q+h.Q, r+h.R
	}
	mean := hexmap.Hex{Q: q / len(hs), R: r / len(hs)}
	best := hs[0]
	for _, h := range hs {
		if hexmap.Distance(h, mean) < hexmap.Distance(best, mean) {
			best = h
		}
	}
	return best
}

// setupEnvironment fixes the climate from the scenario, or rolls it (DYO).
func (g *Game) setupEnvironment() error {
	s := g.Scn
	env, err := ScenarioEnvironment(s, g.Map)
	if err != nil {
		return err
	}
	if s.Environment.DYO {
		gen, steps := climate.Generate(env.Month, g.dice, climate.Options{Boards: env.Boards, Terrain: env.Terrain, North: env.North})
		for _, st := range steps {
			ev := g.log(KindClimate, st.Rule, "climate: %s %s", st.What, st.Result)
			if st.Rolled {
				faces := []int{st.Roll.Colored}
				if st.Roll.Kind == dice.DR2 {
					faces = append(faces, st.Roll.White)
				}
				ev.Roll = &Roll{Dice: st.Roll.Kind.String(), Faces: faces, Final: st.Final, Result: st.Result}
			}
		}
		g.env = gen
		return nil
	}
	g.env = env
	return nil
}

// ScenarioEnvironment is the climate scenario s fixes on map m, as a game
// of it starts (the designer previews it with no game): its
// [environment] keys, EC Dry when it names none. For a DYO scenario only
// the month, the boards and north: the rest is rolled at the start.
func ScenarioEnvironment(s *scenario.Scenario, m *hexmap.Map) (climate.Environment, error) {
	e := s.Environment
	env := climate.Environment{Month: s.Month()}
	env.Boards, env.Terrain = climate.BoardsOf(m)
	north, _ := climate.ParseNorth(orDefault(s.Map.North, "up"))
	env.North = north
	if e.DYO {
		return env, nil
	}
	var err error
	set := func(v string, f func(string) error) {
		if v != "" && err == nil {
			err = f(v)
		}
	}
	set(e.Time, func(v string) (x error) { env.Time, x = climate.ParseTimeOfDay(v); return })
	set(e.EC, func(v string) (x error) { env.EC, x = climate.ParseEC(v); return })
	set(e.Weather, func(v string) (x error) { env.Weather, x = climate.ParseWeather(v); return })
	set(e.Wind, func(v string) (x error) { env.Wind, x = climate.ParseWindForce(v); return })
	set(e.Dust, func(v string) (x error) { env.Dust, x = climate.ParseDust(v); return })
	set(e.Upwind, func(v string) error {
		for d := hexmap.Dir(0); d < 6; d++ {
			if strings.EqualFold(v, d.String()) {
				env.Upwind = d
				return nil
			}
		}
		return fmt.Errorf("upwind %q: expected N, NE, SE, S, SW or NW", v)
	})
	if e.EC == "" {
		env.EC = climate.ECDry
	}
	env.Gusts = e.Gusts || env.Weather.HasGusts()
	if err != nil {
		return env, fmt.Errorf("%s: [environment]: %v", s.File, err)
	}
	return env, nil
}

// MoveConditions are what the climate env does to movement (7.3, 11.73,
// 11.74, 11.77, 11.8): the part of the planner's conditions the counters
// on the map do not set.
func MoveConditions(env climate.Environment) move.Conditions {
	a := climate.Assess(env) // the EC after 11.6111: Early Morning sun blindness makes it Moist
	return move.Conditions{EC: a.EC, Mud: env.MudExists(), Dust: a.Dust,
		NoVehicleDust: env.Wind == climate.HeavyWind || env.Gusts || env.Raining() || env.DustEnded}
}

// replan rebuilds the movement planner after the counters it prices
// (sangars, SMOKE) change.
func (g *Game) replan() error {
	c := MoveConditions(g.env)
	for _, h := range g.sangars {
		c.Sangars = append(c.Sangars, move.Sangar{Hex: h})
	}
	c.Smoke = append(c.Smoke, g.smoke...)
	c.Obstacles = g.obstacleConditions()
	c.Blocked = g.blockedConditions() // burning ruins, fallen bridges (buildings.go)
	p, err := move.NewPlanner(g.Map, c)
	if err != nil {
		return err
	}
	g.plan = p
	return nil
}

func (g *Game) envText() string {
	e := g.env
	s := fmt.Sprintf("%s, %s, EC %s, wind %s", e.Time, e.Weather, e.EC, e.Wind)
	if e.Gusts {
		s += " with gusts"
	}
	return s + ", dust " + climate.Assess(e).Dust.String()
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func mustDir(a, b hexmap.Hex) hexmap.Dir {
	d, _ := a.DirTo(b)
	return d
}
