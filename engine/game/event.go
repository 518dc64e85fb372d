package game

import (
	"fmt"
	"slices"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// Event is one line of the game's log: what happened (its Kind), to whom
// and where (typed fields a program reads: the AI, the window's filters
// and map links), under which rule, and for a die roll every modifier and
// the outcome. Text is the same thing in words for people, written from
// the same values when the event is logged. Who may read an event is
// decided here, once (Private, EventsFor); a side's log is numbered in its
// own sequence, so nothing in it counts what it cannot see.
type Event struct {
	Seq  int       `json:"seq"`
	Turn int       `json:"turn"`
	Cmd  int       `json:"cmd"` // the command (1-based, in the reader's own count) that caused it; 0 for the game's own steps at New
	Kind EventKind `json:"kind"`
	// Bases, Units and Hexes are the bases, units and hexes the event
	// names, in the order its text names them.
	Bases []string `json:"bases,omitempty"`
	Units []string `json:"units,omitempty"`
	Hexes []string `json:"hexes,omitempty"`
	Text  string   `json:"text"`
	Rule  string   `json:"rule,omitempty"`
	Roll  *Roll    `json:"roll,omitempty"`
	// Private is the ID of the only side that may see the event (a hidden
	// unit's own doings), or "" when both may (§6A views).
	Private string `json:"-"`
	global  int    // Cmd as the game counts it
	// veil, when not 0, is 1 + the side whose roll or loss this is: the
	// other side reads the roll without its modifiers (veilFor) and, when
	// veilText is set, that text instead of Text. veilAll: both sides
	// read it so (the umpire's log keeps it whole).
	veil     int8
	veilText string
}

// EventKind says what an event is, for programs: the AI's memory, the
// window's log filters.
type EventKind uint8

// The kinds of event.
const (
	KindNote      EventKind = iota // anything else
	KindTurn                       // the turn's procedure: initiative, Orders, Challenge, defer, set-up (7.1)
	KindActivate                   // an activation opens; Orders spent (7.1 step 5, Note D)
	KindMove                       // Bases[0] moves Hexes[0] → Hexes[1]
	KindBlocked                    // Bases[0] cannot leave Hexes[0] for Hexes[1], or stops in Hexes[0]: an unseen enemy is in the way
	KindStuck                      // Bases[0] bogs, is immobilized or breaks down in Hexes[0]
	KindAction                     // a base's own action: dig in, mount, dismount, crest, face
	KindReveal                     // a Contact Marker, Units[0], is deployed, found (Hexes[0]) or stays hidden
	KindFire                       // a shot or an assault is announced (10.8, 11.9)
	KindRoll                       // a die roll (Roll)
	KindUnharmed                   // a hit that did nothing, a miss, a save that held
	KindPinned                     // Bases[0] is Pinned
	KindLoss                       // Bases[0] knocked out, captured; a unit destroyed or routed
	KindMorale                     // morale, rally, Weakened, withdrawal (12.4, 12.5, 16.12)
	KindDust                       // vehicle dust raised or settling (11.74)
	KindSmoke                      // SMOKE placed or clearing
	KindSupport                    // artillery and aircraft (§10.15–.18, 10.24, 14.9)
	KindDefences                   // minefields, wire, obstacles (F.7, 13.4)
	KindStructure                  // buildings, bridges, bunkers, sangars
	KindClimate                    // weather and wind (11.76, 11.77)
	KindResult                     // objectives, Break Point, the game's end (16.11, 16.12)
)

var kindNames = [...]string{"note", "turn", "activate", "move", "blocked", "stuck", "action", "reveal", "fire", "roll",
	"unharmed", "pinned", "loss", "morale", "dust", "smoke", "support", "defences", "structure", "climate", "result"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind%d", k)
}

// MarshalText writes a kind by name in JSON.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind by name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("no event kind %q", b)
}

// Roll is one die roll in the log.
type Roll struct {
	Dice   string       `json:"dice"` // "d10", "d6", "2d6"
	Faces  []int        `json:"faces"`
	Mods   []combat.Mod `json:"mods,omitempty"`
	Final  int          `json:"final"`
	Result string       `json:"result"`
	Table  string       `json:"table,omitempty"`
	// Veiled: the reader is the enemy of the side that rolled and its
	// modifiers (and so the final score) are not shown: one of them
	// counts an officer the reader does not see (veilFor).
	Veiled bool `json:"veiled,omitempty"`
}

func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "T%d #%d %s", e.Turn, e.Seq, e.Text)
	if e.Roll != nil {
		r := e.Roll
		fmt.Fprintf(&b, " [%s", r.Dice)
		for _, f := range r.Faces {
			fmt.Fprintf(&b, " %d", f)
		}
		if r.Veiled {
			fmt.Fprintf(&b, ", modifiers unseen: %s]", r.Result)
			if e.Rule != "" {
				fmt.Fprintf(&b, " (%s)", e.Rule)
			}
			return b.String()
		}
		for _, m := range r.Mods {
			if m.Rule == "" || strings.TrimPrefix(e.Rule, "§") == m.Rule {
				fmt.Fprintf(&b, ", %s %+d", m.What, m.N)
			} else {
				fmt.Fprintf(&b, ", %s %+d (%s)", m.What, m.N, m.Rule)
			}
		}
		fmt.Fprintf(&b, " = %d: %s]", r.Final, r.Result)
	}
	if e.Rule != "" {
		fmt.Fprintf(&b, " (%s)", e.Rule)
	}
	return b.String()
}

// log appends an event seen by both sides.
func (g *Game) log(kind EventKind, rule, format string, a ...any) *Event {
	ev := Event{Seq: len(g.events) + 1, Turn: g.turn, Cmd: len(g.cmds), global: len(g.cmds), Kind: kind, Rule: rule}
	// Bases, units and hexes are passed as themselves: the event keeps
	// them as typed fields and its text names them.
	a = append([]any(nil), a...)
	for i, x := range a {
		switch v := x.(type) {
		case *Base:
			ev.Bases = append(ev.Bases, v.ID)
			a[i] = v.ID
		case *Unit:
			ev.Units = append(ev.Units, v.ID)
			a[i] = v.ID
		case hexmap.Hex:
			l := g.Label(v)
			ev.Hexes = append(ev.Hexes, l)
			a[i] = l
		}
	}
	ev.Text = fmt.Sprintf(format, a...)
	g.events = append(g.events, ev)
	e := &g.events[len(g.events)-1]
	if g.hush > 0 {
		e.Private = g.sides[g.hush-1].ID // hushed: about a base the other side cannot see
	}
	return e
}

// logFor appends an event only side may see when private is true.
func (g *Game) logFor(private bool, side int, kind EventKind, rule, format string, a ...any) *Event {
	e := g.log(kind, rule, format, a...)
	if private {
		e.Private = g.sides[side].ID
	}
	return e
}

// throw rolls a d10 on table t for why, logs it, and returns the band.
func (g *Game) throw(t combat.Test, private bool, side int, why string) (combat.Band, int) {
	r := g.d10(t, why) // lookahead.go: a keyed world may force the outcome
	band := t.Result(r.Colored)
	res := combat.Effect(t, band)
	switch {
	case t.Table == combat.TableOrders:
		res = fmt.Sprintf("%d Orders", combat.OrdersFor(t.Final(r.Colored)))
	case res == "":
		res = fmt.Sprintf("score %d", t.Final(r.Colored))
	}
	e := g.logFor(private, side, KindRoll, cite002(t.Rule), "%s: %s", why, t.Table)
	e.Roll = &Roll{Dice: "d10", Faces: []int{r.Colored}, Mods: t.Mods, Final: t.Final(r.Colored), Result: res, Table: t.Table}
	if !private && side >= 0 && t.Table != combat.TableInitiative && g.veilFor(side, t.Mods) {
		e.veil = int8(side + 1)
	}
	return band, t.Final(r.Colored)
}

// veilAll is an Event.veil that veils the event for both sides.
const veilAll int8 = -1

// veilFor reports whether the enemy must read a roll of side's without
// its modifiers: one of them counts an officer within reach or attached
// (12.4–12.5's one line per officer, the attached officer's TQ), and side
// has an officer the enemy does not see, so the line would tell it one is
// near (hidden information: the fog test varies such an officer). The
// die and the result stay public. The initiative's officers' TQ is the
// whole side's, whatever their places, and is not veiled.
func (g *Game) veilFor(side int, mods []combat.Mod) bool {
	named := false
	for _, m := range mods {
		named = named || strings.Contains(m.What, "officer")
	}
	if !named {
		return false
	}
	for _, b := range g.bases {
		if b.Unit.Side == side && b.Type.Class == forces.Officer && b.OnMap() && !b.KO && !g.visibleTo(g.other(side), b) {
			return true
		}
	}
	return false
}

// veilHiddenAFVs veils the to-hit roll just logged for each side that
// would learn from it of a vehicle it does not see: an AFV hindrance
// (LOS-11) among the modifiers that the line as that side knows it lacks
// says a hidden vehicle stands on the line (the fog test moves one
// there). Either side may be told so: the target's by the firer's hidden
// vehicles, the firer's by the target side's. A shot without an AFV
// hindrance costs nothing.
func (g *Game) veilHiddenAFVs(b, t *Base, w *forces.Weapon, mods []combat.Mod) {
	if !slices.ContainsFunc(mods, func(m combat.Mod) bool { return m.What == "afv" }) {
		return
	}
	n := len(g.events)
	if n == 0 || g.events[n-1].Roll == nil || g.events[n-1].Private != "" {
		return
	}
	full := g.answer(b, t, w).Hindrances
	leaks := func(side int) bool { return !sameMods(full, g.answerAs(b, t, w, side).Hindrances) }
	e := &g.events[n-1]
	firer, target := b.Unit.Side, g.other(b.Unit.Side)
	// who reads it veiled already (an unseen officer's modifier, veilFor)
	vf, vt := e.veil == veilAll || e.veil == int8(target+1), e.veil == veilAll || e.veil == int8(firer+1)
	vf, vt = vf || leaks(firer), vt || leaks(target)
	switch {
	case vf && vt:
		e.veil = veilAll
	case vt:
		e.veil = int8(firer + 1)
	case vf:
		e.veil = int8(target + 1)
	}
}

// sameMods reports whether two lines' hindrances make the same to-hit
// modifiers (a roll names kinds and DRMs, not where they stand).
func sameMods(a, b []los.AnswerHindrance) bool {
	return slices.EqualFunc(a, b, func(x, y los.AnswerHindrance) bool {
		return x.Kind == y.Kind && x.DRM == y.DRM && x.Rule == y.Rule && x.Roll == y.Roll
	})
}

// afvSeenIn reports whether side sees an effective armoured base in h.
func (g *Game) afvSeenIn(side int, h hexmap.Hex) bool {
	for _, o := range g.bases {
		if o.Hex == h && o.Effective() && armoured(o) && (o.Unit.Side == side || g.visibleTo(side, o)) {
			return true
		}
	}
	return false
}

// veiled is the event as the enemy of its side reads it: a roll without
// its modifiers, the text veilText gives.
func (e Event) veiled() Event {
	if r := e.Roll; r != nil {
		e.Roll = &Roll{Dice: r.Dice, Faces: r.Faces, Result: r.Result, Table: r.Table, Veiled: true}
	}
	if e.veilText != "" {
		e.Text = e.veilText
	}
	return e
}

// d6 throws one d6 for why and logs it.
func (g *Game) d6(rule, why string) int {
	r := g.dice.Dr(rule + " " + why)
	e := g.log(KindRoll, rule, "%s", why)
	e.Roll = &Roll{Dice: "d6", Faces: []int{r.Colored}, Final: r.Colored, Result: fmt.Sprint(r.Colored)}
	return r.Colored
}

// d6For throws one d6 for why, logged privately when private is true.
func (g *Game) d6For(private bool, side int, rule, why string) int {
	r := g.dice.Dr(rule + " " + why)
	e := g.logFor(private, side, KindRoll, rule, "%s", why)
	e.Roll = &Roll{Dice: "d6", Faces: []int{r.Colored}, Final: r.Colored, Result: fmt.Sprint(r.Colored)}
	return r.Colored
}

// twoD6 throws 2d6 for why and logs it.
func (g *Game) twoD6(private bool, side int, rule, why string) int {
	r := g.dice.DR(rule + " " + why)
	e := g.logFor(private, side, KindRoll, rule, "%s", why)
	e.Roll = &Roll{Dice: "2d6", Faces: []int{r.Colored, r.White}, Final: r.Total(), Result: fmt.Sprint(r.Total())}
	return r.Total()
}

// logDiceRoll records a roll another package threw through the game's
// roller (the bog and immobilization checks of engine/move).
func (g *Game) logDiceRoll(private bool, side int, rule, text string, r dice.Roll, mods []combat.Mod, final int, result string) {
	e := g.logFor(private, side, KindRoll, rule, "%s", text)
	faces := []int{r.Colored}
	if r.Kind == dice.DR2 {
		faces = append(faces, r.White)
	}
	e.Roll = &Roll{Dice: r.Kind.String(), Faces: faces, Mods: mods, Final: final, Result: result}
}

// cite002 marks a seed-002 table number with § (docs/rules.md: its
// numbers collide with the desert chapter's); named tables stay as named.
func cite002(rule string) string {
	if rule != "" && rule[0] >= '0' && rule[0] <= '9' {
		return "§" + rule
	}
	return rule
}

// nHexes says a distance in words: "1 hex", "3 hexes".
func nHexes(n int) string {
	if n == 1 {
		return "1 hex"
	}
	return fmt.Sprintf("%d hexes", n)
}
