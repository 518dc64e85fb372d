package game

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"khamsin/engine/climate"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// View is the game as one side may see it (§6A), or as the umpire sees it
// (everything). The window, the computer opponent and `game show` read
// only this.
type View struct {
	Scenario   string         `json:"scenario"`
	Title      string         `json:"title"`
	As         string         `json:"as,omitempty"` // "" for the umpire
	Turn       int            `json:"turn"`
	TurnLimit  int            `json:"turn_limit"`
	Phase      string         `json:"phase"`
	SideToAct  string         `json:"side_to_act"`
	Open       string         `json:"open_activation,omitempty"`
	OpenAction string         `json:"open_action,omitempty"`
	Orders     map[string]int `json:"orders"`
	Brigade    map[string]int `json:"brigade_orders"`
	Initiative map[string]int `json:"initiative"`
	BreakPoint map[string]int `json:"break_point"`
	Sides      []SideView     `json:"sides"`
	Units      []UnitView     `json:"units"`
	Bases      []BaseView     `json:"bases"`
	Contacts   []ContactView  `json:"contacts"`
	Objectives []ObjView      `json:"objectives"`
	Env        EnvView        `json:"environment"`
	Dust       []string       `json:"vehicle_dust"`
	Smoke      []string       `json:"smoke"`
	Wrecks     []string       `json:"wrecks"`
	Winner     *string        `json:"winner"`
	Result     string         `json:"result,omitempty"`
	Air        []SortieView   `json:"air,omitempty"` // Close Air Support (air.go)

	DefencesView // minefields, obstacles, bunkers (mines.go)
	// Fire support (artillery.go); left out when the scenario has none.
	Batteries []BatteryView  `json:"batteries,omitempty"`
	Aircraft  []AircraftView `json:"observation_aircraft,omitempty"`
	FFEDust   []string       `json:"ffe_dust,omitempty"`
}

// SideView names a side.
type SideView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Nation string `json:"nation"`
}

// UnitView is a unit the viewer knows of.
type UnitView struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Side   string   `json:"side"`
	TQ     int      `json:"tq"`
	Morale int      `json:"morale"`
	Status []string `json:"status"`
}

// BaseView is a base the viewer can see.
type BaseView struct {
	ID      string   `json:"id"`
	Unit    string   `json:"unit"`
	Side    string   `json:"side"`
	Type    string   `json:"type"`
	Name    string   `json:"name"`
	Class   string   `json:"class"`
	Hex     string   `json:"hex"`
	Facing  string   `json:"facing"`
	Dir     int      `json:"facing_dir"` // the facing as a direction: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (map edges have no neighbour label)
	Carrier string   `json:"carried_by,omitempty"`
	Status  []string `json:"status"`
}

// ContactView is a Contact Marker: a hidden enemy unit's whereabouts.
type ContactView struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	Hex  string `json:"hex"`
}

// ObjView is an objective.
type ObjView struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Hex        string `json:"hex"`
	Value      int    `json:"value"`
	Owner      string `json:"owner"`
	Controller string `json:"controller"`
}

// EnvView is the climate now.
type EnvView struct {
	Time    string `json:"time"`
	Weather string `json:"weather"`
	EC      string `json:"ec"`
	Wind    string `json:"wind"`
	Gusts   bool   `json:"gusts"`
	Dust    string `json:"dust"`
	Sun     string `json:"sun_blindness"`
	Upwind  string `json:"upwind,omitempty"` // the hexside the wind blows from (11.761)
	Month   int    `json:"month"`
}

// ViewAs builds the view of side (-1: the umpire).
func (g *Game) ViewAs(side int) View {
	v := View{Scenario: g.Scn.File, Title: g.Scn.Title, Turn: g.turn, TurnLimit: g.Scn.TurnLimit(), Phase: g.phase.String(),
		SideToAct: g.sides[g.actor].ID, Orders: map[string]int{}, Brigade: map[string]int{}, Initiative: map[string]int{}, BreakPoint: map[string]int{},
		Units: []UnitView{}, Bases: []BaseView{}, Contacts: []ContactView{}, Objectives: []ObjView{}, Dust: []string{}, Smoke: []string{}, Wrecks: []string{}}
	if side >= 0 {
		v.As = g.sides[side].ID
	}
	if g.phase == PhaseOver {
		v.SideToAct = ""
		v.Result = g.result
		if g.winner >= 0 {
			w := g.sides[g.winner].ID
			v.Winner = &w
		}
	}
	if g.open != nil && (side < 0 || g.open.Unit.Side == side || !g.open.Unit.Contact) {
		v.Open, v.OpenAction = g.open.Unit.ID, g.open.Action
	}
	for si, s := range g.sides {
		v.Sides = append(v.Sides, SideView{ID: s.ID, Name: s.Name, Nation: s.Nation})
		v.Orders[s.ID] = s.Orders
		v.Brigade[s.ID] = s.Brigade
		v.Initiative[s.ID] = s.Initiative
		v.BreakPoint[s.ID] = g.BreakPoint(si)
	}
	known := func(u *Unit) bool { return side < 0 || u.Side == side || !u.Contact }
	for _, u := range g.units {
		if u.Arrives != 0 && side >= 0 && u.Side != side {
			continue // the enemy's reinforcements are not announced
		}
		if !known(u) {
			if u.InPlay() {
				v.Contacts = append(v.Contacts, ContactView{ID: u.ID, Side: g.sides[u.Side].ID, Hex: g.Label(u.live()[0].Hex)})
			}
			continue
		}
		var seen bool
		for _, b := range u.Bases {
			if side < 0 || u.Side == side || (b.Effective() && g.visibleTo(side, b)) || b.KO {
				seen = true
			}
		}
		if !seen && u.Gone == "" {
			continue
		}
		v.Units = append(v.Units, UnitView{ID: u.ID, Name: u.Name, Side: g.sides[u.Side].ID, TQ: u.TQ, Morale: u.Morale, Status: g.unitStatus(u, side)})
		if side < 0 && u.Contact && u.InPlay() {
			v.Contacts = append(v.Contacts, ContactView{ID: u.ID, Side: g.sides[u.Side].ID, Hex: g.Label(u.live()[0].Hex)})
		}
	}
	v.Bases = make([]BaseView, 0, len(g.bases)) // sized once (nil again below if none)
	for _, b := range g.bases {
		u := b.Unit
		if !known(u) {
			continue
		}
		if side >= 0 && u.Side != side && !(b.OnMap() && g.visibleTo(side, b)) {
			continue
		}
		bv := BaseView{ID: b.ID, Unit: u.ID, Side: g.sides[u.Side].ID, Type: b.Type.ID, Name: b.Type.Name, Class: b.Type.Class.String(),
			Hex: g.Label(b.Hex), Facing: g.Label(b.Hex.Neighbor(b.Facing)), Dir: int(b.Facing), Status: g.baseStatus(b)}
		if b.Carrier != nil {
			bv.Carrier = b.Carrier.ID
		}
		v.Bases = append(v.Bases, bv)
	}
	if len(v.Bases) == 0 {
		v.Bases = nil
	}
	for _, o := range g.objs {
		v.Objectives = append(v.Objectives, ObjView{ID: o.ID, Name: o.Name, Hex: g.Label(o.Hex), Value: o.Value, Owner: g.sides[o.Owner].ID, Controller: g.sides[o.Controller].ID})
	}
	a := climate.Assess(g.env)
	up := ""
	if g.env.Wind != climate.NoWind {
		up = g.env.Upwind.String()
	}
	v.Env = EnvView{Upwind: up, Time: g.env.Time.String(), Weather: g.env.Weather.String(), EC: a.EC.String(), Wind: g.env.Wind.String(), Gusts: g.env.Gusts, Dust: a.Dust.String(), Sun: a.Sun.String(), Month: int(g.env.Month)}
	for _, d := range g.dust {
		v.Dust = append(v.Dust, g.Label(d.Hex))
	}
	v.Smoke = g.labels(g.smoke)
	v.Wrecks = g.labels(g.wrecks)
	v.Air = g.airView(side)
	v.DefencesView = g.defencesView(side)
	g.artView(&v, side)
	return v
}

func (g *Game) labels(hs []hexmap.Hex) []string {
	out := []string{}
	for _, h := range hs {
		out = append(out, g.Label(h))
	}
	return out
}

// unitStatus is u's status words as viewer (-1: the umpire) may read
// them: the enemy cannot tell whether a unit is out of command.
func (g *Game) unitStatus(u *Unit, viewer int) []string {
	s := []string{}
	add := func(ok bool, w string) {
		if ok {
			s = append(s, w)
		}
	}
	add(u.Contact, "contact")
	add(u.Arrives != 0, fmt.Sprintf("arrives-turn-%d", u.Arrives))
	add(u.Activated, "activated")
	add(u.Shaken, "shaken")
	add(u.Weakened, "weakened")
	// a Challenge token is the enemy's to read only while it sees one of
	// the unit's bases (rules.md "What each side sees": the tokens of
	// unseen bases are private); a unit listed for a base knocked out
	// shows none
	add(u.Challenge && (viewer != g.other(u.Side) || g.anyVisible(u, viewer)), "challenge")
	add(u.InPlay() && g.OutOfCommand(u) && viewer != g.other(u.Side), "out-of-command")
	add(u.Gone != "", u.Gone)
	return s
}

func (g *Game) baseStatus(b *Base) []string {
	s := []string{}
	add := func(ok bool, w string) {
		if ok {
			s = append(s, w)
		}
	}
	add(b.KO, "knocked-out")
	add(b.Pinned, "pinned")
	add(b.DugIn, "dug-in")
	// a base in a sangar, trench or foxhole of the scenario's is entrenched
	// as one dug in (8.1; the fort's TEM, 8.4): the player is told so
	if f := g.FortAt(b.Hex); f != protect.NoFort && !b.DugIn && g.dugIn(b) {
		s = append(s, "in-"+strings.ToLower(f.String()))
	}
	add(b.Crest, "crest")
	add(b.Stuck != "", b.Stuck)
	add(b.Carrier != nil, "carried")
	add(b.Unit.Contact, "hidden")
	add(b.Unit.Gone != "", b.Unit.Gone) // its unit has left the battle: routed, surrendered or destroyed
	return s
}

// latestFor is EventsFor's tail caused by the last command (-1: the
// umpire's).
func (g *Game) latestFor(side int) []Event {
	evs := g.EventsFor(side)
	last := len(g.cmds)
	i := len(evs)
	for i > 0 && evs[i-1].global == last {
		i--
	}
	return append([]Event{}, evs[i:]...)
}

// EventsFor is the log as side may read it (-1: all of it). A side's
// events are numbered afresh (Seq 1..n), and so are the commands that
// caused them (Cmd: the k-th command whose doings the side reads is k), so
// neither number counts the hidden events and commands between two it
// sees (issue 17). The umpire's log keeps the game's numbers. The slice
// is the game's own, shared with every reader: never change it.
func (g *Game) EventsFor(side int) []Event {
	out, _ := g.eventsFor(side)
	return out
}

// eventsFor is EventsFor with each event's place in g.Events. Both
// slices are the game's own (sideLogs), shared with every caller and
// capped at their length: read them, never change them.
func (g *Game) eventsFor(side int) ([]Event, []int) {
	return g.logs.read(g, side)
}

// sideLogs keeps each reader's log (side 0, side 1, the umpire) as built
// so far, so a read numbers only the events logged since the last one: the
// computer reads its log at every decision, and building it afresh each
// time made a game's log reading grow with the square of its length. The
// log only grows, and an event is never changed once the command that
// logged it has ended (Clone), and no one reads the log in the middle of
// a command, so what was built stays true. A Clone takes a copy (capped:
// an append by either copies).
type sideLogs struct {
	mu sync.Mutex
	s  [3]sideLog // by side + 1
}

type sideLog struct {
	n       int     // g.events read so far
	events  []Event // the reader's events, numbered for it
	eventAt []int   // each one's place in g.events
	lastCmd int     // the global command of the last event kept
	cmds    int     // the commands counted so far
}

// read brings side's log up to date with g.events and returns it.
func (l *sideLogs) read(g *Game, side int) ([]Event, []int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := &l.s[side+1]
	if s.n > len(g.events) { // cannot happen: the log only grows
		*s = sideLog{}
	}
	for i := s.n; i < len(g.events); i++ {
		e := g.events[i]
		if side < 0 || e.Private == "" || e.Private == g.sides[side].ID {
			if side >= 0 {
				e.Seq = len(s.events) + 1
				if e.global != s.lastCmd {
					s.lastCmd, s.cmds = e.global, s.cmds+1
				}
				e.Cmd = 0
				if e.global > 0 {
					e.Cmd = s.cmds
				}
				if e.veil == veilAll || e.veil != 0 && int(e.veil)-1 != side {
					e = e.veiled()
				}
			}
			s.events = append(s.events, e)
			s.eventAt = append(s.eventAt, i)
		}
	}
	s.n = len(g.events)
	return slices.Clip(s.events), slices.Clip(s.eventAt)
}

// clone is a copy of the logs for a Clone of the game.
func (l *sideLogs) clone() *sideLogs {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &sideLogs{}
	for i, s := range l.s {
		c.s[i] = sideLog{n: s.n, events: slices.Clip(s.events), eventAt: slices.Clip(s.eventAt), lastCmd: s.lastCmd, cmds: s.cmds}
	}
	return c
}

// Seen keeps, of evs (events Do just returned), those side may read,
// numbered as EventsFor(side) numbers them (issue 17: a global number
// would count the hidden events between two it sees). side < 0 returns
// evs as they are (the umpire's numbering).
func (g *Game) Seen(side int, evs []Event) []Event {
	out := []Event{}
	if side < 0 || len(evs) == 0 {
		return append(out, evs...)
	}
	first, last := evs[0].Seq-1, evs[len(evs)-1].Seq-1 // Do's events carry their place in g.Events
	all, at := g.eventsFor(side)
	for k, i := range at {
		if i >= first && i <= last {
			out = append(out, all[k])
		}
	}
	return out
}

// logSeenMove logs b's move from from to where it stands now (format and
// a say it in full), as each side may read it (issue 17): its owner reads
// the whole move and nothing else, so its log never tells it what the
// enemy sees; the enemy reads the whole move when it saw b at both ends,
// "B comes into sight in H" or "B moves out of sight from H" when it saw
// one, nothing when neither. hidFrom: the enemy did not see b where it
// started.
func (g *Game) logSeenMove(b *Base, from hexmap.Hex, hidFrom bool, kind EventKind, rule, format string, a ...any) {
	side, hidTo := b.Unit.Side, g.unseen(b)
	switch {
	case hidFrom == hidTo:
		g.logFor(hidTo, side, kind, rule, format, a...)
	case hidFrom:
		g.logFor(true, side, kind, rule, format, a...)
		g.logFor(true, g.other(side), kind, rule, "%s comes into sight in %s", b, b.Hex)
	default:
		g.logFor(true, side, kind, rule, format, a...)
		g.logFor(true, g.other(side), kind, rule, "%s moves out of sight from %s", b, from)
	}
}

// anyVisible reports whether side sees one of u's bases on the map.
func (g *Game) anyVisible(u *Unit, side int) bool {
	for _, b := range u.Bases {
		if b.Effective() && g.visibleTo(side, b) {
			return true
		}
	}
	return false
}
