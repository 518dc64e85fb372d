package game

import (
	"errors"
	"fmt"
	"strings"

	"khamsin/hexmap"
)

// Verb names what a command does. Its text is the command's first word.
type Verb string

// The verbs of the command language (docs/formats.md, "Game commands").
const (
	VerbPlace       Verb = "place"
	VerbReady       Verb = "ready"
	VerbChallenge   Verb = "challenge"
	VerbUnchallenge Verb = "unchallenge"
	VerbFirst       Verb = "first"
	VerbDefer       Verb = "defer"
	VerbEnd         Verb = "end"
	VerbRally       Verb = "rally"
	VerbDeploy      Verb = "deploy"
	VerbSpot        Verb = "spot"
	VerbMove        Verb = "move"
	VerbUnbog       Verb = "unbog"
	VerbFire        Verb = "fire"
	VerbAssault     Verb = "assault"
	VerbDig         Verb = "dig"
	VerbSmoke       Verb = "smoke"
	VerbClear       Verb = "clear"
	VerbMount       Verb = "mount"
	VerbDismount    Verb = "dismount"
	VerbCrest       Verb = "crest"
	VerbFace        Verb = "face"
	VerbDesignate   Verb = "designate"
	VerbStrike      Verb = "strike"
	VerbCall        Verb = "call"
	VerbAdjust      Verb = "adjust"
	VerbRange       Verb = "range"
	VerbFFE         Verb = "ffe"
)

// Command is one order to the game, parsed: a verb and its typed
// arguments. Which fields a verb uses is its entry in the verb table; the
// others are empty. Its String is the wire format of saves, the command
// line and the window, and ParseCommand(c.String()) gives c back.
type Command struct {
	Verb Verb
	// Unit is the unit a whole-unit command names (challenge, rally,
	// deploy, spot's spotter, designate's FAC).
	Unit string
	// Base is the base that acts, or the observer of call and adjust.
	Base string
	// Target is what the command is aimed at: an enemy base (fire,
	// assault), a transport (mount), a Contact Marker (spot), a battery
	// (call, adjust, range, ffe) or a sortie (designate, strike).
	Target string
	// Hex is the hex the command names.
	Hex hexmap.Label
	// Side is the side first names.
	Side string
	// Smoke is ffe's optional "smoke".
	Smoke bool
}

// slot is one word of a command after its verb: which field it fills.
type slot uint8

const (
	slotUnit slot = iota
	slotBase
	slotTarget
	slotHex
	slotSide
	slotSmoke // an optional last word "smoke"
)

// verbSpec is everything about one verb: its words, its usage line, when
// it may be given, how it is checked against the game and how it is
// carried out. A new verb is one entry in verbTable.
type verbSpec struct {
	verb   Verb
	slots  []slot
	usage  string
	phases []Phase
	// check validates c for the side to act and fills k; it reads the
	// game and never changes it. listing: Legal is only asking.
	check func(g *Game, c Command, k *cmd, listing bool) error
	// apply carries out a checked command.
	apply func(g *Game, k *cmd)
	// list, for a verb one base gives, lists into l every such command
	// base b may give now (Legal; the open activation's bases).
	list func(g *Game, l *lister, b *Base)
	// closes: the activation closes once the command is carried out.
	closes bool
	// free: given without an Order, outside any activation (defer, end,
	// strike).
	free bool
}

// verbs finds a verb's entry.
var verbs = map[Verb]*verbSpec{}

func init() {
	for i := range verbTable {
		verbs[verbTable[i].verb] = &verbTable[i]
	}
}

// MaxCommandLen bounds a command line.
const MaxCommandLen = 200

// ParseCommand reads one command line into a Command, checking its form
// only (the verb, the number of words, that IDs are IDs and hexes are hex
// labels); Game.Do checks it against the game. Words are separated by
// spaces; verbs, "smoke" and hex labels are read in any ASCII case and
// written canonically by String; anything else outside printable ASCII is
// refused, so a save holds exactly what Legal lists.
func ParseCommand(line string) (Command, error) {
	if len(line) > MaxCommandLen {
		return Command{}, fmt.Errorf("command too long (%d bytes; the limit is %d)", len(line), MaxCommandLen)
	}
	for _, r := range line {
		if r < ' ' && r != '\t' || r > '~' {
			return Command{}, fmt.Errorf("%q: a command is plain ASCII words", truncate(line))
		}
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, errors.New("empty command")
	}
	c := Command{Verb: Verb(strings.ToLower(f[0]))}
	spec, ok := verbs[c.Verb]
	if !ok {
		return Command{}, errUnknown{line}
	}
	args := f[1:]
	n := len(spec.slots)
	optional := n > 0 && spec.slots[n-1] == slotSmoke
	if len(args) != n && !(optional && len(args) == n-1) {
		return Command{}, fmt.Errorf("%s: usage: %s", c.Verb, spec.usage)
	}
	for i, a := range args {
		switch spec.slots[i] {
		case slotSmoke:
			if strings.ToLower(a) != "smoke" {
				return Command{}, fmt.Errorf("%s: usage: %s", c.Verb, spec.usage)
			}
			c.Smoke = true
		case slotHex:
			l, err := hexmap.ParseLabel(strings.ToUpper(a))
			if err != nil {
				before := strings.Join(append([]string{string(c.Verb)}, args[:i]...), " ")
				return Command{}, fmt.Errorf("%s: %v", truncate(before), err)
			}
			c.Hex = l
		default:
			if !validWord(a) {
				return Command{}, fmt.Errorf("%s: %q is not an ID (letters, then letters and digits)", c.Verb, truncate(a))
			}
			if spec.slots[i] == slotTarget && a[0] >= '0' && a[0] <= '9' {
				// a hex as a target (fire at a building): IDs start with a letter
				l, err := hexmap.ParseLabel(strings.ToUpper(a))
				if err != nil {
					before := strings.Join(append([]string{string(c.Verb)}, args[:i]...), " ")
					return Command{}, fmt.Errorf("%s: %v", truncate(before), err)
				}
				a = l.String()
			}
			switch spec.slots[i] {
			case slotUnit:
				c.Unit = a
			case slotBase:
				c.Base = a
			case slotTarget:
				c.Target = a
			case slotSide:
				c.Side = a
			}
		}
	}
	return c, nil
}

// errUnknown is a verb the language does not have.
type errUnknown struct{ line string }

func (e errUnknown) Error() string {
	return fmt.Sprintf("%q: unknown command (try: game legal)", truncate(e.line))
}

// validWord reports a unit, base, side, battery or sortie ID: the
// scenario format allows letters and digits (and its side IDs a few
// more), never spaces.
func validWord(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// String is the command as one canonical line.
func (c Command) String() string {
	spec, ok := verbs[c.Verb]
	if !ok {
		return string(c.Verb)
	}
	var b strings.Builder
	b.WriteString(string(c.Verb))
	for _, s := range spec.slots {
		w := ""
		switch s {
		case slotUnit:
			w = c.Unit
		case slotBase:
			w = c.Base
		case slotTarget:
			w = c.Target
		case slotHex:
			w = c.Hex.String()
		case slotSide:
			w = c.Side
		case slotSmoke:
			if c.Smoke {
				w = "smoke"
			}
		}
		if w != "" {
			b.WriteByte(' ')
			b.WriteString(w)
		}
	}
	return b.String()
}

// Usage lists every command's usage line, one per verb, in the table's
// order (for help texts).
func Usage() []string {
	out := make([]string, len(verbTable))
	for i, v := range verbTable {
		out[i] = v.usage
	}
	return out
}

// allowedIn reports whether the verb may be given in phase p.
func (v *verbSpec) allowedIn(p Phase) bool {
	for _, q := range v.phases {
		if q == p {
			return true
		}
	}
	return false
}

// phaseRefusal says what may be done in the phase, for a verb that may
// not be given in it.
func (g *Game) phaseRefusal(line string) error {
	side := g.sides[g.actor].Name
	switch g.phase {
	case PhaseSetup:
		return fmt.Errorf("%q: in the set-up %s may only place BASE HEX (a base of a unit with a set-up area) or ready", truncate(line), side)
	case PhaseChallenge:
		return fmt.Errorf("%q: in the Challenge phase %s may only challenge UNIT, unchallenge UNIT or ready (§7.1 step 4)", truncate(line), side)
	case PhaseFirst:
		return fmt.Errorf("%q: %s won the initiative and must say who activates first: first %s or first %s (§7.1 step 4)", truncate(line), side, g.sides[0].ID, g.sides[1].ID)
	case PhaseActivate:
		return fmt.Errorf("%q is not given in the activation phase: %s opens an activation with a unit's command, or defers (§7.1 step 5; try: game legal)", truncate(line), side)
	}
	return errUnknown{line}
}

// check validates a parsed command for the side to act; it never changes
// the game.
func (g *Game) check(c Command, listing bool) (*cmd, error) {
	if g.phase == PhaseOver {
		return nil, ErrOver
	}
	spec, ok := verbs[c.Verb]
	if !ok {
		return nil, errUnknown{c.String()}
	}
	if !spec.allowedIn(g.phase) {
		return nil, g.phaseRefusal(c.String())
	}
	k := &cmd{verb: string(c.Verb), side: g.actor, spec: spec}
	if err := spec.check(g, c, k, listing); err != nil {
		return nil, err
	}
	return k, nil
}

// hexOf finds the map hex a command names.
func (g *Game) hexOf(verb Verb, who string, l hexmap.Label) (hexmap.Hex, error) {
	h, err := g.Map.HexOf(l)
	if err != nil {
		if who != "" {
			return h, fmt.Errorf("%s %s: %v", verb, who, err)
		}
		return h, fmt.Errorf("%s: %v", verb, err)
	}
	return h, nil
}

var (
	setup     = []Phase{PhaseSetup}
	challenge = []Phase{PhaseChallenge}
	activate  = []Phase{PhaseActivate}
)

// verbTable is the command language, one entry per verb. The verbs one
// base gives are listed by Legal in this order.
var verbTable = []verbSpec{
	{verb: VerbPlace, slots: []slot{slotBase, slotHex}, usage: "place BASE HEX", phases: setup,
		check: (*Game).checkPlace, apply: (*Game).applyPlace},
	{verb: VerbReady, usage: "ready", phases: []Phase{PhaseSetup, PhaseChallenge},
		check: func(*Game, Command, *cmd, bool) error { return nil }, apply: (*Game).applyReady},
	{verb: VerbChallenge, slots: []slot{slotUnit}, usage: "challenge UNIT", phases: []Phase{PhaseChallenge, PhaseActivate},
		check: (*Game).checkChallenge, apply: (*Game).applyChallenge},
	{verb: VerbUnchallenge, slots: []slot{slotUnit}, usage: "unchallenge UNIT", phases: challenge,
		check: (*Game).checkChallenge, apply: (*Game).applyUnchallenge},
	{verb: VerbFirst, slots: []slot{slotSide}, usage: "first SIDE", phases: []Phase{PhaseFirst},
		check: (*Game).checkFirst, apply: (*Game).applyFirst},
	{verb: VerbDefer, usage: "defer", phases: activate, free: true, check: (*Game).checkDefer, apply: (*Game).applyDefer},
	{verb: VerbEnd, usage: "end", phases: activate, free: true, check: (*Game).checkEnd,
		apply: func(g *Game, _ *cmd) { g.closeActivation() }},
	{verb: VerbRally, slots: []slot{slotUnit}, usage: "rally UNIT", phases: activate, closes: true,
		check: (*Game).checkUnitOrder, apply: func(g *Game, k *cmd) { g.rally(k.unit) }},
	{verb: VerbDeploy, slots: []slot{slotUnit}, usage: "deploy UNIT", phases: activate, closes: true,
		check: (*Game).checkUnitOrder, apply: func(g *Game, k *cmd) { g.reveal(k.unit, "deploys from its Contact Marker (§7.1 step 5)") }},
	{verb: VerbSpot, slots: []slot{slotUnit, slotTarget}, usage: "spot UNIT CONTACT", phases: activate, closes: true,
		check: (*Game).checkSpot, apply: func(g *Game, k *cmd) { g.spot(k.unit, k.other) }},
	{verb: VerbMove, slots: []slot{slotBase, slotHex}, usage: "move BASE HEX", phases: activate, list: (*Game).listMove,
		check: (*Game).checkMove, apply: func(g *Game, k *cmd) { g.doMove(k.base, k.plan) }},
	{verb: VerbUnbog, slots: []slot{slotBase}, usage: "unbog BASE", phases: activate, list: (*Game).listUnbog,
		check: (*Game).checkUnbog, apply: func(g *Game, k *cmd) { g.unbog(k.base) }},
	{verb: VerbFire, slots: []slot{slotBase, slotTarget}, usage: "fire BASE TARGET", phases: activate, list: (*Game).listFire,
		check: (*Game).checkAttack, apply: func(g *Game, k *cmd) {
			if k.target == nil {
				g.doFireAt(k.base, g.standingAt(k.hex)) // a building or bridge (buildings.go)
				return
			}
			g.doFire(k.base, k.target, false)
		}},
	{verb: VerbAssault, slots: []slot{slotBase, slotTarget}, usage: "assault BASE TARGET", phases: activate, list: (*Game).listAssault,
		check: (*Game).checkAttack, apply: func(g *Game, k *cmd) { g.doAssault(k.base, k.target) }},
	{verb: VerbDig, slots: []slot{slotBase}, usage: "dig BASE", phases: activate, list: listAlone(VerbDig),
		check: (*Game).checkDig, apply: func(g *Game, k *cmd) { g.dig(k.base) }},
	{verb: VerbSmoke, slots: []slot{slotBase}, usage: "smoke BASE", phases: activate, list: listAlone(VerbSmoke),
		check: (*Game).checkSmoke, apply: func(g *Game, k *cmd) { g.throwSmoke(k.base) }},
	{verb: VerbCrest, slots: []slot{slotBase, slotHex}, usage: "crest BASE HEX", phases: activate, list: (*Game).listCrest,
		check: (*Game).checkCrest, apply: (*Game).applyCrest},
	{verb: VerbFace, slots: []slot{slotBase, slotHex}, usage: "face BASE HEX", phases: activate, list: (*Game).listFace,
		check: (*Game).checkFace, apply: (*Game).applyFace},
	{verb: VerbMount, slots: []slot{slotBase, slotTarget}, usage: "mount BASE TRANSPORT", phases: activate, list: (*Game).listMount,
		check: (*Game).checkMount, apply: (*Game).applyMount},
	{verb: VerbDismount, slots: []slot{slotBase}, usage: "dismount BASE", phases: activate, list: listAlone(VerbDismount),
		check: (*Game).checkDismount, apply: (*Game).applyDismount},
	{verb: VerbClear, slots: []slot{slotBase, slotHex}, usage: "clear BASE HEX", phases: activate, list: (*Game).clearCommands,
		check: (*Game).checkClear, apply: func(g *Game, k *cmd) { g.clear(k.base, k.hex) }},
	{verb: VerbDesignate, slots: []slot{slotUnit, slotTarget, slotHex}, usage: "designate FAC SORTIE HEX", phases: activate, closes: true,
		check: (*Game).checkDesignate, apply: func(g *Game, k *cmd) { g.designate(k) }},
	{verb: VerbStrike, slots: []slot{slotTarget, slotHex}, usage: "strike SORTIE HEX", phases: activate, free: true,
		check: (*Game).checkStrike, apply: func(g *Game, k *cmd) { g.doStrike(k) }},
	{verb: VerbCall, slots: []slot{slotBase, slotTarget, slotHex}, usage: "call OBSERVER BATTERY HEX", phases: activate, closes: true,
		check: (*Game).checkArt, apply: func(g *Game, k *cmd) { g.applyArt(k) }},
	{verb: VerbAdjust, slots: []slot{slotBase, slotTarget, slotHex}, usage: "adjust OBSERVER BATTERY HEX", phases: activate, closes: true,
		check: (*Game).checkArt, apply: func(g *Game, k *cmd) { g.applyArt(k) }},
	{verb: VerbRange, slots: []slot{slotTarget}, usage: "range BATTERY", phases: activate, closes: true,
		check: (*Game).checkArt, apply: func(g *Game, k *cmd) { g.applyArt(k) }},
	{verb: VerbFFE, slots: []slot{slotTarget, slotSmoke}, usage: "ffe BATTERY [smoke]", phases: activate, closes: true,
		check: (*Game).checkArt, apply: func(g *Game, k *cmd) { g.applyArt(k) }},
}
