// Package game is Khamsin's game: a scenario's forces on the desert map,
// played turn by turn under seed 002's command-and-combat procedure joined
// to the desert rules of engine/move, engine/los, engine/attack and
// engine/climate (brief §1, §6A).
//
// A game changes only through command strings (command.go): the command
// line, the window, the computer opponent, saves and tests all use Do, and
// read the state through a side's View. Every command is validated before
// it changes anything; every die is thrown through the one seeded roller
// and logged as an Event with its modifiers and rules. The same scenario,
// seed and commands always give the same Hash.
package game

import (
	"fmt"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Phase is where the game turn stands (7.1).
type Phase uint8

const (
	// PhaseChallenge: after initiative, the loser and then the winner put
	// Challenge Tokens on units or take them off (7.1 step 4).
	PhaseChallenge Phase = iota
	// PhaseFirst: the initiative winner says which side activates first.
	PhaseFirst
	// PhaseActivate: the sides alternate activations (7.1 step 5).
	PhaseActivate
	// PhaseOver: the game has a result.
	PhaseOver
	// PhaseSetup: before turn 1, each side in turn places the bases of its
	// units that have a set-up area (the defender first).
	PhaseSetup
)

var phaseNames = [...]string{"challenge", "first", "activate", "over", "setup"}

func (p Phase) String() string { return phaseNames[p] }

// Side is one player's side.
type Side struct {
	ID, Name, Nation string
	BreakStart       int // markers on the Break Point Track at the start (§16.12)
	Orders           int // Orders left this turn (§7.2)
	Brigade          int // 'Brigade' Orders left for the game (§7.1 step 3)
	Initiative       int // this turn's initiative score (§7.1 step 4)
}

// Unit is the group of bases one Order activates (§6A). TQ, morale and the
// Activated, Shaken and Weakened states are the unit's.
type Unit struct {
	ID, Name string
	Side     int
	Bases    []*Base
	TQ       int
	Morale   int

	Contact   bool // still a Contact Marker: its bases are hidden from the enemy (§4.6)
	Arrives   int  // the turn it enters (0: on the map at the start)
	Edge      string
	Area      *Area // its set-up area, or nil
	Activated bool
	Shaken    bool
	Weakened  bool
	Challenge bool   // a Challenge Token is on it (§7.1 step 4; reaction fire, docs/rules.md)
	Gone      string // "" on the map or waiting; else routed, surrendered or destroyed
	start     int    // bases at the start, for Weakened
}

// Area is a set-up area: every hex within Radius of Centre.
type Area struct {
	Centre hexmap.Hex
	Radius int
}

// Base is one counter in one hex (§6A).
type Base struct {
	ID      string
	Unit    *Unit
	Type    *forces.BaseType
	Hex     hexmap.Hex
	Facing  hexmap.Dir
	Pinned  bool
	KO      bool
	DugIn   bool
	Crest   bool       // in Crest status in its wadi hex (6.0), its counter facing Front
	Front   hexmap.Dir // the crest front's middle hexside
	Stuck   string     // bogged or immobilized: it may not move again (3.31, 7.31)
	Carrier *Base      // the transport carrying or towing it, or nil
	Acted   bool       // has acted in the open activation
	Grenade bool       // has tried its smoke grenades (F.10: once a game)
	// Fired: it has fired since it last moved, so the side it fired at
	// sees it wherever it stands (issue 17, docs/rules.md "Fog").
	Fired bool

	idx int // its place in the game's bases, fixed at New

	// Emplaced: a gun that set up Emplaced (F.1A) and has neither moved
	// nor limbered since (shot.go).
	Emplaced bool
}

// Objective is one objective marker (16.11).
type Objective struct {
	ID, Name   string
	Hex        hexmap.Hex
	Value      int
	Owner      int // the side that deployed it
	Controller int // the side that controls it now
}

// Dust is a Vehicle Dust counter (11.74) and the base that raised it.
type Dust struct {
	Hex  hexmap.Hex
	Base string
}

// Game is the whole state of one game.
type Game struct {
	Scn  *scenario.Scenario
	Cat  *forces.Catalogue
	Map  *hexmap.Map
	Seed uint64

	turn  int
	phase Phase
	actor int // the side to act
	sides [2]*Side
	units []*Unit
	bases []*Base
	objs  []*Objective
	env   climate.Environment

	smoke    []hexmap.Hex
	dust     []Dust
	sangars  []hexmap.Hex
	foxholes []hexmap.Hex
	trenches []hexmap.Hex // trench counters (F.1A, LOS-12)
	wrecks   []hexmap.Hex
	def      Defences // minefields and obstacles (mines.go)

	events []Event
	cmds   []string
	cmdBy  []int8   // the side that gave each command
	whys   []string // the computer's reason for each command, "" for none; may be shorter than cmds (save.go)

	art Artillery // fire support: batteries, observation aircraft, pre-planned fire (artillery.go)

	open     *Activation    // the activation in progress, or nil
	air      airState       // Close Air Support (air.go)
	winner   int            // -1: no winner (yet, or a draw)
	result   string         // how the game ended
	initWin  int            // this turn's initiative winner
	deferred bool           // the last command was a Defer by the other side
	ready    [2]bool        // PhaseChallenge: the side has said ready
	toggled  map[*Unit]bool // PhaseChallenge: units whose token has changed this phase (one change each)

	pendingMorale []*Unit  // units to test morale when the current step ends
	startHash     string   // the hash after New
	hashes        []string // the hash after each command
	gen           int      // bumped whenever the state changes; keys the caches
	hush          int      // 1 + the side every logged event is private to (hushed), or 0

	dice    *dice.Roller
	grid    *los.Grid
	rc      *readCache  // what the pure read paths remember (cache.go)
	sights  *sightCache // hexes seen from a Location, shared with clones (cache.go)
	reach   *reachCache // move areas, shared with clones (cache.go)
	logs    *sideLogs   // each reader's log as built so far (view.go)
	walks   *walkCache  // PreviewMove's walks, shared with clones (query.go)
	lines   *lineCache  // seesThrough's answers, shared with clones (cache.go)
	plan    *move.Planner
	obs     [2]*Observation // each side's, made once (Observe)
	unitIdx map[string]*Unit
	baseIdx map[string]*Base
}

// Activation is one Order being carried out: a unit, the action its Order
// bought, and the bases that have done it.
type Activation struct {
	Unit   *Unit
	Action string  // move, fire, assault, dig, smoke, mount, dismount
	Orders int     // Orders it cost (2 under seed 002's Note D)
	lost   []*Unit // units that lost bases during it: they test morale at its end (10.8 step 9)

	manHandled bool // its guns have taken §9.4's man-handling test
}

// SideIndex finds a side by ID.
func (g *Game) SideIndex(id string) (int, bool) {
	for i, s := range g.sides {
		if s.ID == id {
			return i, true
		}
	}
	return -1, false
}

// Unit finds a unit by ID.
func (g *Game) Unit(id string) (*Unit, bool) { u, ok := g.unitIdx[id]; return u, ok }

// Base finds a base by ID.
func (g *Game) Base(id string) (*Base, bool) { b, ok := g.baseIdx[id]; return b, ok }

// Objectives are copies of the objective markers (16.11) with their
// controllers now: what the expert's learned evaluation reads of a sampled
// world (every side sees them: ViewAs lists them all).
func (g *Game) Objectives() []Objective {
	out := make([]Objective, len(g.objs))
	for i, o := range g.objs {
		out[i] = *o
	}
	return out
}

// Over reports a finished game.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// OnMap reports a base that is on the map and in play: not knocked out,
// its unit neither waiting to arrive nor gone.
func (b *Base) OnMap() bool { return !b.KO && b.Unit.Gone == "" && b.Unit.Arrives == 0 }

// Effective reports a base that can act: on the map and not carried.
func (b *Base) Effective() bool { return b.OnMap() && b.Carrier == nil }

// Label names h on this game's map.
func (g *Game) Label(h hexmap.Hex) string { return g.Map.Label(h) }

// Roller is the game's one dice stream (read-only use: its log and state).
func (g *Game) Roller() *dice.Roller { return g.dice }

func (g *Game) other(side int) int { return 1 - side }

// live lists a unit's bases on the map and in play.
func (u *Unit) live() []*Base {
	var out []*Base
	for _, b := range u.Bases {
		if b.OnMap() {
			out = append(out, b)
		}
	}
	return out
}

// InPlay reports a unit on the map with at least one base left.
func (u *Unit) InPlay() bool { return u.Gone == "" && u.Arrives == 0 && u.anyLive() }

// anyLive is len(u.live()) > 0 without building the list (InPlay is asked
// for every unit at every listing).
func (u *Unit) anyLive() bool {
	for _, b := range u.Bases {
		if b.OnMap() {
			return true
		}
	}
	return false
}

// IsOfficer reports a unit of command bases only (officers, observers).
func (u *Unit) IsOfficer() bool {
	for _, b := range u.Bases {
		if b.Type.Class != forces.Officer && b.Type.Class != forces.Observer {
			return false
		}
	}
	return len(u.Bases) > 0
}

// Combat reports a unit with a combat base (16.12).
func (u *Unit) Combat() bool {
	for _, b := range u.Bases {
		if b.Type.CombatUnit() {
			return true
		}
	}
	return false
}

func (g *Game) errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// String is the base's ID, as the log and messages name it.
func (b *Base) String() string { return b.ID }

// String is the unit's ID, as the log and messages name it.
func (u *Unit) String() string { return u.ID }

// The public facts of the live state, read-only: whose turn, which phase,
// who is to act, the sides, the result. Everything else a player may know
// is in its Observation.

// Turn is the game turn.
func (g *Game) Turn() int { return g.turn }

// Phase is where the turn stands.
func (g *Game) Phase() Phase { return g.phase }

// Actor is the side to act.
func (g *Game) Actor() int { return g.actor }

// Side is side i as it stands (a copy).
func (g *Game) Side(i int) Side { return *g.sides[i] }

// Winner is the winning side, or -1 (no result yet, or a draw).
func (g *Game) Winner() int { return g.winner }

// Result says how the game ended ("" while it goes on).
func (g *Game) Result() string { return g.result }

// PublicEvents is the log both sides may read, in the game's numbering
// (what `game new` prints).
func (g *Game) PublicEvents() []Event {
	out := []Event{}
	for _, e := range g.events {
		if e.Private == "" {
			out = append(out, e)
		}
	}
	return out
}

// Cmds is the command log so far, in canonical form: the save's list.
// It is shared: read it, never change it.
func (g *Game) Cmds() []string { return g.cmds[:len(g.cmds):len(g.cmds)] }
