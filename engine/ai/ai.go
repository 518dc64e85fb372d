// Package ai is Khamsin's computer opponent (issue 11, brief §6A): a
// game.Player that plays either side of any scenario through the same
// command strings as a person, one activation at a time.
//
// What it reads (and nothing else): the legal commands it is offered, its
// own side's view (game.ViewAs), its side's log (game.EventsFor) and its
// own commands in it (game.Cmds, only those its bases were given), the
// queries game.PreviewMove, game.ShotOdds and game.AssaultOdds, the static map and
// catalogue, and the scenario's public facts (type, attacker, objectives,
// turn limit). It never looks at hidden enemy units or the game's dice, so
// two states that differ only in what its side cannot see give the same
// command (TestFairnessHiddenUnits).
//
// How it decides (docs/ai.md): every legal command gets a score. Fire is
// the exact expected value from ShotOdds (knocked out × the target's
// worth + pinned × a fraction of it); a move is the gain in objective
// potential, cover and command distance, less (level 2) the threat of
// the known enemy bases and contact markers that could shoot at the
// destination. Commands are grouped into activations (one unit, one
// action): the activation worth most is opened, its bases act while
// acting is worth something, then it ends; with nothing worth an Order the
// side defers. It is deterministic: the same state gives the same choice.
//
// The novice (level 1) plays by its role in the scenario (issue 20):
// as the attacker it has the veteran's plan and clock but is blind to
// the enemy's fire (NoviceAttackWeights), since an attack that arrives
// late loses even to a side that never fights back; as the defender it
// misjudges every option by up to ± 4 (DefaultWeights(1)); in an
// encounter, where either side must go and win, it plays as the
// attacker does but heeds the enemy's fire (NoviceEncounterWeights).
package ai

import (
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// Levels: 1 is the novice: with no threat model, and by its role either
// timely (the attacker) or misjudging each option's worth (W.Noise;
// the defender, either side of an encounter); 2 scores every option as it
// is and adds the enemy's best reply (the fire the known enemy bases and
// contact markers could bring on a destination) and the tuned weights.
const (
	MinLevel = 1
	MaxLevel = 2
)

// Weights are the AI's tunable numbers (data, not code).
type Weights struct {
	Objective      float64 // per objective value point of potential gained
	Threat         float64 // per unit of expected loss at a destination (level 2)
	Cover          float64 // ending a move in concealment, a wadi or a hillock
	Command        float64 // penalty for leaving a unit out of command (4 hexes)
	LeaveDugIn     float64 // penalty for giving up a dug-in position
	Engage         float64 // per unit of expected damage the base can deal from a destination
	Pinned         float64 // fraction of a target's worth a pin is worth
	Dig            float64 // value of digging in a base near an objective or when defending
	Rally          float64 // per pinned base; a Shaken unit counts 3
	Spot           float64 // spotting a contact marker
	DeferBelow     float64 // an activation worth less than this is not worth its Order
	Contacts       float64 // expected loss weight of an unseen contact marker (level 2)
	Approach       float64 // pull toward the enemy of the side that must win
	Plan           float64 // per hex closer to the side's target objective (the plan), at full urgency
	Deploy         float64 // revealing a far hidden unit of a side that must win so it can move at full speed
	Boldness       float64 // scales the threat the attacker heeds (1: as much as a defender)
	EncBold        float64 // the same for either side of an encounter
	Marker         float64 // a marker off the enemy's Break Point Track (16.12): a unit lost or Weakened
	DVP            float64 // per desert victory point, when DVP decide a drawn game (F.3)
	Ground         float64 // scales the plan's pull in an encounter DVP decide while we are not ahead
	Garrison       float64 // per objective value point, for a defender's base leaving an objective it owns
	Horizon        float64 // 1: a move toward what cannot be reached before the last turn ends is worth nothing
	Challenge      float64 // 1: the defender puts every unit with weapons near the enemy on Challenge (7.1 step 4: reaction fire)
	Survive        float64 // 1: a move's gain in ground counts only as far as the base is likely to survive the enemy's reply there
	Follow         float64 // 1: a base's move keeps In Command if the unit's other bases can follow within 4 hexes in the same activation
	Paths          float64 // 1: a move whose path crosses a known or inferred enemy is dropped (0: off, for tuning runs)
	PathRisk       float64 // 1: a vehicle's move pays the exact bog and immobilization odds of its whole path (PreviewMove; 3.31, 7.31); 0: −0.2 for sand at the end
	Reckless       float64 // 1: lone recce cars and soft vehicles deep toward the enemy, observers near it or in its deir, any base on an enemy aim point pay for it (issue 20)
	ManHandle      float64 // 1: a gun's move counts only as often as §9.4's man-handling test lets it go
	ChallengeShare float64 // at most this share of the side's combat units on Challenge (0: no limit)
	Vigour         float64 // 1: a damaged unit's forward gain is scaled by how whole it is (0: not at all)
	EarlyFire      float64 // a call is worth this much more per turn the ranged battery can fire after it (support.go)
	Smoke          float64 // 1: smoke grenades (F.10) and smoke missions (§10.17) are scored; 0: never given
	AAChallenge    float64 // 1: AA units go on Challenge when enemy sorties are due (10.24)
	Hold           float64 // 1: a base leaving an enemy objective we hold by too few pays Garrison × its value
	LastStand      float64 // 1: at its last Break Point marker with enemy armour close, the side activates first
	Decisive       float64 // per Marker × value: a holder going into (or leaving) an enemy objective whose holding at the turn's end breaks the enemy
	Tempo          float64 // the attacker's plan pull × (1 + this) for a base with at most one turn to spare on its way to the plan's objective (slack)
	Steady         float64 // > 0: the plan's objective is kept (read back from the side's kept reasons) unless taken, lost or out of reach, or a fresh pick scores this much more at the choice of activation
	Futile         float64 // 1: a shot that cannot knock its target out and a rally of bases the pin does not stop lose to keeping the Order (issue 20, play-test)
	Contest        float64 // per Marker × value: a defender's base entering its own objective the enemy would take at the turn's end for the last markers (16.11, 16.12)
	Scout          float64 // 1: an unescorted recce or soft vehicle ending past our front line in the enemy's sights heeds the whole reply (issue 20, play-test)
	Guard          float64 // 1: an officer, or a vehicle carrying one, ending next to enemy men with no combat base of ours by it pays most of its worth (issue 20, play-test)
	Noise          float64 // a novice's misjudgement: each option's score is off by up to ± this much (level 1)
	Fights         float64 // 1: Noise misjudges only fire and close assault, the fights (level 1); 0: every option
}

// DefaultWeights returns the weights of a level.
func DefaultWeights(level int) Weights {
	w := Weights{Objective: 1.2, Threat: 0, Cover: 0.05, Command: 0.3, LeaveDugIn: 0.2, Engage: 0.3,
		Pinned: 0.25, Dig: 0.2, Rally: 0.4, Spot: 0.4, DeferBelow: 0.05, Contacts: 0, Approach: 0.8,
		Plan: 0.12, Deploy: 1.0, Boldness: 1, EncBold: 1, Ground: 1, Paths: 1, Noise: 4}
	if level >= 2 {
		w.Threat = 1.0
		w.Cover = 0.25
		w.LeaveDugIn = 0.5
		w.Engage = 0.6
		w.Contacts = 2
		w.Dig = 0.3
		w.Boldness = 0
		w.EncBold = 0.5
		w.Marker = 3
		w.DVP = 0.6
		w.Ground = 0.5
		w.Horizon = 1
		w.Garrison = 3
		w.Challenge = 1
		w.Survive = 1
		w.Follow = 1
		w.PathRisk = 1
		w.Reckless = 1
		w.ManHandle = 1
		w.ChallengeShare = 1.0 / 3
		w.Vigour = 1
		w.EarlyFire = 1
		w.Smoke = 1
		w.AAChallenge = 1
		w.LastStand = 1
		w.Hold = 1
		w.Steady = 1
		w.Decisive = 1
		w.Tempo = 0.5
		w.Futile = 1
		w.Contest = 1
		w.Scout = 1
		w.Guard = 1
		w.Noise = 0
	}
	return w
}

// NoviceAttackWeights are the novice's weights as the attacker (issue
// 20): the veteran's plan and clock (time sense, path risk, the plan's
// pull), which get an attack there on time, but no sense of the enemy:
// no threat model or contact markers (the veteran's attacker heeds
// neither much: Boldness 0), no worth for knocking units off the enemy's
// Break Point Track (Marker, the one that counts), and it neither
// challenges, digs in nor smokes: faults only an enemy that fights back
// punishes. It keeps the veteran's early calls for fire
// (EarlyFire), which cost it nothing against the veteran and helped it
// beat a side that never moves (docs/ai.md, "The novice by role").
func NoviceAttackWeights() Weights {
	w := DefaultWeights(2)
	w.Threat, w.Contacts, w.Marker = 0, 0, 0
	w.Challenge, w.AAChallenge, w.Smoke, w.LastStand = 0, 0, 0, 0
	w.Dig, w.Cover = 0, 0.05
	// the play-test's lessons (issue 20, eleventh session) stay the
	// veteran's: the novice's measured figures are its own
	w.Futile, w.Contest, w.Scout, w.Guard = 0, 0, 0, 0
	// twice the veteran's hurry for a base with no time to spare: blind
	// to the enemy, the novice otherwise ran out of turns against random
	// defenders (defence and escarpment 47/50), and its hurry cost the
	// veteran's defence nothing (docs/ai.md, "The novice, twelfth session")
	w.Tempo = 1
	return w
}

// NoviceEncounterWeights are the novice's weights on either side of an
// encounter (no attacker): the attacker's set (NoviceAttackWeights),
// since either side must go and win, with the veteran's sense of the
// enemy's fire and the veteran's Tempo (docs/ai.md, "The novice by role"
// and "The novice, twelfth session").
func NoviceEncounterWeights() Weights {
	w := NoviceAttackWeights()
	// in an encounter the enemy comes at it too: blind to his guns it
	// lost 7 of 50 to random players as the British (twelfth session);
	// with the veteran's threat model and contact markers, 48 of 50, and
	// the veteran still beats it 75 of 100
	w.Threat, w.Contacts = 1, 2
	w.Tempo = DefaultWeights(2).Tempo
	return w
}

// Player is the computer opponent. It implements game.Player.
type Player struct {
	Level int
	W     Weights
	// Attack and Encounter are a novice's weights by its role in the
	// scenario (issue 20): Attack when its side must win (the attacker of
	// an all-out attack or hasty defence), Encounter on either side of a
	// scenario with no attacker; nil plays W, as the defender always does.
	// An attack that does not arrive in time loses even to a side that
	// never fights back, while a careless defender still holds against
	// one, so the novice's handicap depends on its role (docs/ai.md, "The
	// novice by role"). Only level 1 reads them.
	Attack, Encounter *Weights

	reason string
	memo   *logMemo
	grid   *los.Grid
	chk    *los.Checker
	ground *los.GroundSight // seesHex, kept over the game (per grid and SMOKE)
	gmap   *hexmap.Map
	base   *los.Grid // the map's grid, before any ruins
	ruins  string    // the ruined hexes grid was built with (the view's, in order)
}

// New makes a player of a level (clamped to MinLevel..MaxLevel).
func New(level int) *Player {
	if level < MinLevel {
		level = MinLevel
	}
	if level > MaxLevel {
		level = MaxLevel
	}
	p := &Player{Level: level, W: DefaultWeights(level)}
	if level == 1 {
		a, e := NoviceAttackWeights(), NoviceEncounterWeights()
		p.Attack, p.Encounter = &a, &e
	}
	return p
}

// weightsFor is the weight set of the side's role in o's scenario: a
// novice's Attack or Encounter set, else W.
func (p *Player) weightsFor(o *game.Observation) *Weights {
	if p.Level >= 2 {
		return &p.W
	}
	sc := o.Scenario()
	switch {
	case sc == nil:
	case sc.Attacker != "" && (sc.Type == "all-out-attack" || sc.Type == "hasty-defence"):
		if sc.Attacker == o.SideID() && p.Attack != nil {
			return p.Attack
		}
	case p.Encounter != nil:
		return p.Encounter
	}
	return &p.W
}

// Choose implements game.Player.
func (p *Player) Choose(o *game.Observation) string {
	c, r := p.Decide(o)
	p.reason = r
	return c
}

// Reason is the one-line why of the last command Choose returned.
func (p *Player) Reason() string { return p.reason }

// Decide picks one of the legal commands for the side to act and says
// why. It reads the commands parsed (Observation.Commands), never their
// text, and returns the one it picks as its command line.
func (p *Player) Decide(g *game.Observation) (cmd, reason string) {
	legal := g.SharedCommands() // read only
	if len(legal) == 0 {
		return "", "no legal command"
	}
	if g.Over() {
		return legal[0].String(), "the game is over"
	}
	if w := p.weightsFor(g); w != &p.W {
		// the role's weights for this decision only: every scorer reads
		// p.W, and W stays the novice's own set between decisions
		defer func(own Weights) { p.W = own }(p.W)
		p.W = *w
	}
	k := p.knowWith(g, legal)
	switch k.v.Phase {
	case "challenge":
		return k.challengePhase(legal)
	case "first":
		return k.first(legal)
	}
	return k.activate(legal)
}

// ---------------------------------------------------------------- knowledge

// base is a base the AI knows of, read from its view.
type base struct {
	id, unit string
	t        *forces.BaseType
	hex      hexmap.Hex
	pinned   bool
	dug      bool
	carried  bool
	crest    bool
	mine     bool
	carrier  string // the base carrying it, if any
}

type objective struct {
	id    string
	hex   hexmap.Hex
	value int
	ours  bool // controlled by the AI's side now
	owner bool // deployed by the AI's side
}

type knowledge struct {
	p         *Player
	g         *game.Observation
	v         game.View
	me        string
	mine      []*base
	enemy     []*base
	byID      map[string]*base
	units     map[string]game.UnitView
	contacts  []hexmap.Hex
	contactU  map[string]hexmap.Hex
	objs      []objective
	attacker  bool // the scenario's attacker (all-out-attack, hasty defence)
	defender  bool
	threat    map[threatKey]float64
	sees      map[[2]hexmap.Hex]bool
	moves     map[*cand]*moveInfo             // move details from score to refineMoves
	ghosts    []hexmap.Hex                    // where enemy bases out of sight were last seen (the log)
	found     []hexmap.Hex                    // hexes where a move ran into a hidden enemy (the log)
	failed    []failedMove                    // our moves this turn or last that could not leave their hex (the log)
	blockers  map[hexmap.Hex]bool             // hexes a move's path must not cross: an enemy is, or may be, there
	blockList []hexmap.Hex                    // the same, in a fixed order
	smoke     []hexmap.Hex                    // SMOKE counters in the view (seed 002 Note 3)
	reach     map[string]int                  // per base of ours: the farthest hex a legal move reaches (hexes)
	left      int                             // turns left, this one included
	koSeen    map[string]int                  // per unit: bases seen knocked out
	dvpLead   int                             // DVP we have scored less the enemy's, from what the view shows
	mines     map[hexmap.Hex]bool             // the minefields the side must treat as live (defences.go), built on first use
	legal     []game.Command                  // the legal commands of this decision
	ffeCache  map[ffeKey]float64              // ffeValue per battery and aim hex (support.go)
	worthMemo map[*base]float64               // worth per enemy base (support.go)
	target    int                             // the plan: index in objs of the objective to take, -1 for none
	previews  map[previewKey]game.MovePreview // PreviewMove per base and destination, this decision (defences.go)
	aims      []aimPoint                      // the enemy batteries' aim points in the view (defences.go)
	urgency   float64                         // how hard the plan pulls: 0 none, 1 on time, more when late
	decisive  []bool                          // per objective: holding it this turn breaks the enemy, and can be done (isDecisive)
	contested []bool                          // per objective: ours, the enemy would take it at the turn's end for our last markers, and we can still even the count (isContested)
	front     int                             // frontLine, once per decision (0: not yet)
	thin      []bool                          // per objective: ours, held by no more than the enemy known there and one (holdsThin)

	// Memos of this decision (the bases stand still while it is made).
	wantMemo   map[*base][]float64 // objWants per base
	basesMemo  map[string]int      // countBases per unit
	vigourMemo map[string]float64  // vigour per unit
}

// seeRuins keeps the player's LOS grid in step with the buildings the
// view shows collapsed into ruins (seed 002: Low and Obscured, no longer
// blocking; the game's own grid does the same, los.Grid.WithRuins).
// Burning ruins block as the building did.
func (p *Player) seeRuins(g *game.Observation, v game.View) {
	var hs []hexmap.Hex
	var key strings.Builder
	for _, b := range v.Buildings {
		if b.State != game.Ruins {
			continue
		}
		if h, err := g.Map().Hex(b.Hex); err == nil {
			hs = append(hs, h)
			key.WriteString(b.Hex + " ")
		}
	}
	if key.String() == p.ruins {
		return
	}
	p.grid, p.ruins = p.base.WithRuins(hs), key.String()
	p.chk = p.grid.NewChecker()
}

type threatKey struct {
	h hexmap.Hex
	t *forces.BaseType
}

func (p *Player) know(g *game.Observation) *knowledge { return p.knowWith(g, g.Commands()) }

// knowWith is know with the legal commands already read.
func (p *Player) knowWith(g *game.Observation, legal []game.Command) *knowledge {
	if p.gmap != g.Map() {
		p.base = los.NewGrid(g.Map())
		p.grid, p.ruins = p.base, ""
		p.chk = p.grid.NewChecker()
		p.gmap = g.Map()
	}
	v := g.View()
	p.seeRuins(g, v)
	k := &knowledge{p: p, g: g, v: v, me: v.As, byID: map[string]*base{}, units: map[string]game.UnitView{},
		contactU: map[string]hexmap.Hex{}, threat: map[threatKey]float64{}, ffeCache: map[ffeKey]float64{}, worthMemo: map[*base]float64{}, moves: map[*cand]*moveInfo{}, reach: map[string]int{}, koSeen: map[string]int{}, sees: map[[2]hexmap.Hex]bool{}}
	for _, u := range v.Units {
		k.units[u.ID] = u
	}
	for _, bv := range v.Bases {
		t, ok := g.Catalogue().Type(bv.Type)
		if !ok {
			continue
		}
		h, err := g.Map().Hex(bv.Hex)
		if err != nil {
			continue
		}
		b := &base{id: bv.ID, unit: bv.Unit, t: t, hex: h, mine: bv.Side == k.me, carrier: bv.Carrier}
		ko := false
		for _, s := range bv.Status {
			switch s {
			case "pinned":
				b.pinned = true
			case "dug-in":
				b.dug = true
			case "carried":
				b.carried = true
			case "crest":
				b.crest = true
			case "knocked-out":
				ko = true
			}
		}
		if ko {
			k.koSeen[bv.Unit]++
			if b.mine {
				k.dvpLead -= t.DVP
			} else {
				k.dvpLead += t.DVP
			}
		}
		if ko || k.unitGone(bv.Unit) {
			continue
		}
		k.byID[b.id] = b
		if b.mine {
			k.mine = append(k.mine, b)
		} else if !b.carried {
			k.enemy = append(k.enemy, b)
		}
	}
	for _, l := range v.Smoke {
		if h, err := g.Map().Hex(l); err == nil {
			k.smoke = append(k.smoke, h)
		}
	}
	for _, c := range v.Contacts {
		if c.Side == k.me {
			continue
		}
		if h, err := g.Map().Hex(c.Hex); err == nil {
			k.contacts = append(k.contacts, h)
			k.contactU[c.ID] = h
		}
	}
	for _, o := range v.Objectives {
		h, err := g.Map().Hex(o.Hex)
		if err != nil {
			continue
		}
		k.objs = append(k.objs, objective{id: o.ID, hex: h, value: o.Value, ours: o.Controller == k.me, owner: o.Owner == k.me})
	}
	if g.Scenario() != nil && g.Scenario().Attacker != "" && (g.Scenario().Type == "all-out-attack" || g.Scenario().Type == "hasty-defence") {
		k.attacker = g.Scenario().Attacker == k.me
		k.defender = !k.attacker
	}
	k.left = 1 << 10
	if v.TurnLimit > 0 {
		k.left = v.TurnLimit - v.Turn + 1
		if k.left < 1 {
			k.left = 1
		}
	}
	k.remember()
	k.fillReach(legal)
	k.makePlan()
	k.findBlockers()
	return k
}

func (k *knowledge) unitGone(id string) bool {
	u, ok := k.units[id]
	if !ok {
		return false
	}
	for _, s := range u.Status {
		switch s {
		case "routed", "surrendered", "destroyed":
			return true
		}
		if strings.HasPrefix(s, "arrives-turn-") {
			return true
		}
	}
	return false
}

func (k *knowledge) unitHas(id, status string) bool {
	for _, s := range k.units[id].Status {
		if s == status {
			return true
		}
	}
	return false
}

// seesHex is line of sight between two hexes at ground level, memoised.
func (k *knowledge) seesHex(a, b hexmap.Hex) bool {
	// SMOKE in the view blocks the line (seed 002 Note 3), as the game's
	// own line of sight does. The answer is the grid's and the SMOKE's
	// alone, so it is kept over the game, not just this decision.
	if k.p.ground == nil || k.p.ground.Grid() != k.p.grid {
		k.p.ground = k.p.grid.NewGroundSight()
	}
	return k.p.ground.SeesThrough(a, b, k.smoke)
}

// ------------------------------------------------------------------ values

// worth is what knocking out a base of type t is worth: its DVP, whether
// it is a combat base (Break Point, 16.12) and how much it can hurt us.
func (k *knowledge) worth(t *forces.BaseType, unit string) float64 {
	w := 1 + float64(t.DVP)
	if t.CombatUnit() {
		w += 1
	}
	if t.Class.CommandBase() {
		w += 0.5 // Orders and initiative (7.2)
	}
	pen, he := k.punch(t)
	if pen > 0 {
		w += 0.5 + float64(pen)/10
	}
	if he > 0 {
		w += 0.3
	}
	// A unit down to few bases is near Weakened or lost: one more marker
	// off the enemy's Break Point Track (16.12).
	n := 0
	for _, b := range k.enemy {
		if b.unit == unit {
			n++
		}
	}
	if n > 0 && n <= 2 {
		w += 1.0 / float64(n)
	}
	w += k.stakes(t, unit, k.enemy, false)
	return w
}

// punch is a type's best PEN and HE# among its direct-fire weapons.
func (k *knowledge) punch(t *forces.BaseType) (pen, he int) {
	for _, id := range t.Weapons {
		w, ok := k.g.Catalogue().Weapon(id)
		if !ok || w.Kind == forces.Mortar {
			continue
		}
		if w.PEN > pen {
			pen = w.PEN
		}
		if w.HE > he && (w.Kind == forces.HE || w.HEToo) {
			he = w.HE
		}
	}
	return
}

// weaponRange is the game's (10.8: HC capped at 70 cm), from its one
// place, combat.WeaponMaxHexes.
func weaponRange(w *forces.Weapon) int { return combat.WeaponMaxHexes(w) }

// maxRange is a type's longest direct-fire range in hexes.
func (k *knowledge) maxRange(t *forces.BaseType) int {
	r := 0
	for _, id := range t.Weapons {
		w, ok := k.g.Catalogue().Weapon(id)
		if !ok || w.Kind == forces.Mortar || w.Kind == forces.Flame {
			continue
		}
		if wr := weaponRange(w); wr > r {
			r = wr
		}
	}
	return r
}

// killChance is a rough chance that one shot of a by type a at range d
// knocks out a base of type t: the catalogue's PEN against armour, HE and
// FPF against soft targets. It is the AI's model of the enemy's reply
// (ShotOdds answers only for its own shots).
func (k *knowledge) killChance(a, t *forces.BaseType, d int) float64 {
	best := 0.0
	for _, id := range a.Weapons {
		w, ok := k.g.Catalogue().Weapon(id)
		if !ok || w.Kind == forces.Mortar || w.Kind == forces.Flame || d > weaponRange(w) {
			continue
		}
		c := 0.0
		if t.Class == forces.Armoured {
			pen := w.PEN
			switch {
			case pen > 0 && pen >= t.ArmourFront:
				c = 0.35
			case pen > 0 && pen >= t.ArmourSide:
				c = 0.15
			case pen > 0:
				c = 0.03
			case w.HE > 0:
				c = 0.02
			}
		} else {
			switch {
			case w.HE > 0 && (w.Kind == forces.HE || w.HEToo):
				c = 0.25
			case w.FPF > 0:
				c = 0.04 * float64(w.FPF)
			case w.PEN > 0:
				c = 0.1
			}
			if c > 0.3 {
				c = 0.3
			}
		}
		if c > best {
			best = c
		}
	}
	return best
}

// threatAt is the expected loss a base of type t would risk in h from the
// enemy's best reply: every known enemy base that could see h and reach
// it with a weapon, and (weighted) every contact marker within a typical
// gun's range. Concealment and a wadi hide a base beyond 6.4's distance.
func (k *knowledge) threatAt(h hexmap.Hex, t *forces.BaseType) float64 {
	key := threatKey{h, t}
	if v, ok := k.threat[key]; ok {
		return v
	}
	hidden := k.coverOf(h) > 0
	safe := 1.0
	for _, e := range k.enemy {
		if e.pinned && e.t.Class != forces.Gun && e.t.Class != forces.Armoured {
			continue
		}
		d := hexmap.Distance(e.hex, h)
		if hidden && d > 6 {
			continue
		}
		if d > k.maxRange(e.t) {
			continue
		}
		c := k.killChance(e.t, t, d)
		if c == 0 || !k.seesHex(e.hex, h) {
			continue
		}
		safe *= 1 - c
	}
	if w := k.p.W.Contacts; w > 0 {
		for _, c := range k.ghosts {
			d := hexmap.Distance(c, h)
			if d > 12 || (hidden && d > 6) || !k.seesHex(c, h) {
				continue
			}
			safe *= 1 - w*0.15
		}
		for _, c := range k.contacts {
			d := hexmap.Distance(c, h)
			if d > 12 || (hidden && d > 6) || !k.seesHex(c, h) {
				continue
			}
			safe *= 1 - w*0.1
		}
	}
	// The chance that at least one of them knocks the base out.
	k.threat[key] = 1 - safe
	return 1 - safe
}

// coverOf is how good h is to stand in unseen: concealment terrain (2.3),
// a wadi floor, a hillock or summit's height.
func (k *knowledge) coverOf(h hexmap.Hex) float64 {
	t := k.g.Map().Terrain(h)
	c := 0.0
	if t.Flags&hexmap.Scrub != 0 || t.Cover == hexmap.Brush || t.Cover == hexmap.Woods || t.Cover == hexmap.Orchard || t.Cover == hexmap.Crag {
		c += 1
	}
	if t.Flags&hexmap.Wadi != 0 {
		c += 1
	}
	return c
}

// heightOf rewards a hillock or summit for its field of fire.
func (k *knowledge) heightOf(h hexmap.Hex) float64 {
	t := k.g.Map().Terrain(h)
	if t.Flags&(hexmap.Hillock|hexmap.Summit|hexmap.HighDune) != 0 {
		return 1
	}
	return 0
}

// objPotential is how much being in h is worth to base b toward the
// objectives the side must take or hold (16.11: the side with more valid
// bases within 2 hexes holds it): full value inside the radius, falling
// off linearly over 40 hexes. An objective the side already holds with
// two other bases pulls no one else.
func (k *knowledge) objPotential(b *base, h hexmap.Hex) float64 {
	s := 0.0
	wants := k.objWants(b)
	for i, o := range k.objs {
		want := wants[i]
		if math.IsNaN(want) {
			continue
		}
		d := hexmap.Distance(h, o.hex)
		if d <= 2 {
			s += want * 1.2
		} else if d < 42 && k.inTime(b, d-2) {
			s += want * (1 - float64(d-2)/40)
		}
	}
	return s
}

// objWants is objPotential's value of each objective to b, NaN for one it
// leaves to others: it depends only on where the bases stand, so it is
// worked out once per base and decision (objPotential is asked twice for
// every move).
func (k *knowledge) objWants(b *base) []float64 {
	if w, ok := k.wantMemo[b]; ok {
		return w
	}
	if k.wantMemo == nil {
		k.wantMemo = map[*base][]float64{}
	}
	ws := make([]float64, len(k.objs))
	k.wantMemo[b] = ws
	for i, o := range k.objs {
		want := float64(o.value)
		ws[i] = math.NaN()
		if o.ours {
			holders := 0
			for _, m := range k.mine {
				if m != b && !m.carried && validHolder(m.t) && hexmap.Distance(m.hex, o.hex) <= 2 {
					holders++
				}
			}
			enemies := 0
			for _, e := range k.enemy {
				if hexmap.Distance(e.hex, o.hex) <= 4 {
					enemies++
				}
			}
			if holders >= 2+enemies {
				continue
			}
			if !k.defender {
				want *= 0.6
			}
		}
		ws[i] = want
	}
	return ws
}

// inTime: can b still close the last d hexes to an objective's 16.11
// radius in the turns after this one (at its reach this turn)? A move
// toward what cannot be reached before the game ends is worth nothing.
func (k *knowledge) inTime(b *base, d int) bool {
	if d <= 0 || k.p.W.Horizon == 0 {
		return true
	}
	if b == nil {
		return k.left > 1
	}
	r := k.reach[b.id]
	if r < 3 {
		r = 3
	}
	return d <= r*(k.left-1)
}

// approach is the pull of the enemy on a fighting base of the side that
// must win (the attacker, either side of an encounter): toward the
// nearest known enemy base or contact marker, up to its weapons' reach
// (a contact is revealed by an adjacent enemy, 4.6).
func (k *knowledge) approach(b *base, h hexmap.Hex) float64 {
	if k.defender || !b.t.CombatUnit() || validHolder(b.t) == false {
		return 0
	}
	best := 1 << 20
	for _, e := range k.enemy {
		if d := hexmap.Distance(e.hex, h); d < best {
			best = d
		}
	}
	for _, c := range k.contacts {
		if d := hexmap.Distance(c, h) - 3; d < best {
			best = d
		}
	}
	for _, c := range k.ghosts {
		if d := hexmap.Distance(c, h) - 2; d < best {
			best = d
		}
	}
	if best >= 1<<20 {
		return 0
	}
	want := 1
	if r := k.maxRange(b.t); r > 4 {
		want = r / 2
	}
	if best < want {
		best = want
	}
	// No cap on the distance for level 2: a platoon 50 hexes off must
	// still close (dust's M13s stood still at 26D9 with the cap at 45).
	if best > 45 && k.p.W.Horizon == 0 {
		best = 45
	}
	return 1 - float64(best-want)/40
}

// -------------------------------------------------------- Challenge phase

func (k *knowledge) challengePhase(legal []game.Command) (string, string) {
	// Units that will hold their ground go on Challenge: reaction fire
	// at whoever moves into their sights (7.1 step 4). The veteran is
	// selective (issue 20): AA units first when enemy sorties are due
	// (10.24 fires only from Challenge), then the units with the best
	// field of fire, no more than a share of the side's units, so one
	// enemy move cannot draw every reaction and use up the activations.
	type want struct {
		c    game.Command
		prio float64
		aa   bool
	}
	var ws []want
	for _, c := range legal {
		if c.Verb != game.VerbChallenge {
			continue
		}
		if aa := k.wantsAAChallenge(c.Unit); aa {
			ws = append(ws, want{c, 100, true})
			continue
		}
		if k.wantsChallenge(c.Unit) {
			ws = append(ws, want{c, k.fieldOfFire(c.Unit), false})
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].prio > ws[j].prio })
	on, units := 0, 0
	for _, u := range k.v.Units {
		if u.Side != k.me || k.unitGone(u.ID) || !k.isCombat(u.ID) {
			continue
		}
		units++
		if k.unitHas(u.ID, "challenge") && !k.aaUnit(u.ID) {
			on++
		}
	}
	limit := units
	if sh := k.p.W.ChallengeShare; sh > 0 {
		limit = int(math.Ceil(sh*float64(units) - 1e-9))
		if limit < 2 {
			limit = 2
		}
	}
	for _, w := range ws {
		if w.aa {
			return w.c.String(), fmt.Sprintf("puts %s on Challenge: enemy sorties are due this turn and AA fires only from Challenge (10.24)", w.c.Unit)
		}
		if on >= limit {
			break
		}
		return w.c.String(), fmt.Sprintf("puts %s on Challenge: it holds a good field of fire and will shoot whatever moves into it (%d of at most %d units, so the rest can act)", w.c.Unit, on+1, limit)
	}
	return pick(legal, game.Command{Verb: game.VerbReady}), "ready: no other unit is better kept on Challenge than free to act"
}

// aaUnit: one of the unit's bases is an AA gun (AAF 2 or more, 10.24;
// a machine gun's AAF 1 does not make it one).
func (k *knowledge) aaUnit(unit string) bool {
	for _, b := range k.mine {
		if b.unit == unit && !b.carried && b.t.AAF >= 2 {
			return true
		}
	}
	return false
}

// wantsAAChallenge: the unit can fire at aircraft (AAF, 10.24) and an
// enemy sortie may attack this turn. The scenario's [[air]] list is
// public (the briefing names the sorties and their turns); a sortie the
// view shows as done is left out.
func (k *knowledge) wantsAAChallenge(unit string) bool {
	if k.p.W.AAChallenge == 0 || k.unitHas(unit, "challenge") || !k.aaUnit(unit) || k.g.Scenario() == nil {
		return false
	}
	for _, a := range k.g.Scenario().Air {
		if a.Side == k.me || a.Turn > k.v.Turn {
			continue
		}
		done := false
		for _, sv := range k.v.Air {
			if sv.ID == a.ID && sv.Status != "waiting" && sv.Status != "ready" {
				done = true
			}
		}
		if !done {
			return true
		}
	}
	return false
}

// fieldOfFire ranks a unit for Challenge: guns that cannot move first,
// then the known enemies its bases can reach and see.
func (k *knowledge) fieldOfFire(unit string) float64 {
	s := 0.0
	for _, b := range k.mine {
		if b.unit != unit || b.carried {
			continue
		}
		if b.t.Class == forces.Gun && !b.t.Mobile() {
			s += 5
		}
		if b.dug {
			s += 1
		}
		r := k.maxRange(b.t)
		for _, e := range k.enemy {
			if d := hexmap.Distance(b.hex, e.hex); d <= r && k.seesHex(b.hex, e.hex) {
				s += k.killChance(b.t, e.t, d) * 4
			}
		}
		for _, c := range k.contacts {
			if d := hexmap.Distance(b.hex, c); d <= r && k.seesHex(b.hex, c) {
				s += 0.3
			}
		}
	}
	return s
}

func (k *knowledge) wantsChallenge(unit string) bool {
	if k.unitHas(unit, "challenge") {
		return false
	}
	guns, others := 0, 0
	var hex hexmap.Hex
	for _, b := range k.mine {
		if b.unit != unit || b.carried {
			continue
		}
		hex = b.hex
		if b.t.Class == forces.Gun && !b.t.Mobile() || b.dug && b.t.Class == forces.Gun {
			guns++
		} else if b.t.Class != forces.Officer && b.t.Class != forces.Observer {
			others++
		}
	}
	if guns+others == 0 {
		return false
	}
	// An enemy must be near enough for reaction fire to matter.
	near := false
	for _, e := range k.enemy {
		if hexmap.Distance(e.hex, hex) <= 16 {
			near = true
		}
	}
	for _, c := range k.contacts {
		if hexmap.Distance(c, hex) <= 16 {
			near = true
		}
	}
	if !near {
		return false
	}
	if guns > 0 && others == 0 {
		return true // guns that cannot move are best used in reaction
	}
	return k.defender && k.p.W.Challenge > 0
}

// first: the defender lets the attacker go first (moving into its
// Challenge fire); otherwise the side goes first itself.
func (k *knowledge) first(legal []game.Command) (string, string) {
	other := ""
	for _, s := range k.v.Sides {
		if s.ID != k.me {
			other = s.ID
		}
	}
	if k.defender {
		if d, ok := k.lastStand(); ok {
			return pick(legal, game.Command{Verb: game.VerbFirst, Side: k.me}), fmt.Sprintf("goes first: one Break Point marker left (16.12) and enemy armour %d hex from us; shoot before it does", d)
		}
		return pick(legal, game.Command{Verb: game.VerbFirst, Side: other}), "lets the attacker go first: it must come to us, into our Challenge fire"
	}
	return pick(legal, game.Command{Verb: game.VerbFirst, Side: k.me}), "goes first: the initiative is worth using"
}

// lastStand: the veteran's side is down to its last Break Point marker
// (16.12) and an enemy armoured base it sees stands within 2 hexes of
// one of its bases: letting the attacker activate first would let it
// fire or assault the marker away before our guns answer (issue 20).
func (k *knowledge) lastStand() (int, bool) {
	if k.p.W.LastStand == 0 || k.v.BreakPoint[k.me] > 1 {
		return 0, false
	}
	best := 1 << 20
	for _, e := range k.enemy {
		if e.t.Class != forces.Armoured {
			continue
		}
		for _, b := range k.mine {
			if d := hexmap.Distance(e.hex, b.hex); !b.carried && d < best {
				best = d
			}
		}
	}
	return best, best <= 2
}

// pick is want if it is legal, else the first legal command, as a
// command line.
func pick(legal []game.Command, want game.Command) string {
	for _, c := range legal {
		if c == want {
			return c.String()
		}
	}
	return legal[0].String()
}

// ------------------------------------------------------------ activations

type cand struct {
	cmd    game.Command
	unit   string
	action game.Verb
	base   string
	score  float64
	why    string
	order  int // index in legal: ties go to the first
}

// fillReach keeps, per base of ours, the farthest hex a legal move
// reaches (inTime's measure of a base's pace).
func (k *knowledge) fillReach(legal []game.Command) {
	for _, c := range legal {
		if c.Verb != game.VerbMove {
			continue
		}
		if b := k.byID[c.Base]; b != nil {
			if h, err := k.g.Map().HexOf(c.Hex); err == nil {
				if d := hexmap.Distance(b.hex, h); d > k.reach[b.id] {
					k.reach[b.id] = d
				}
			}
		}
	}
}

func (k *knowledge) activate(legal []game.Command) (string, string) {
	open := k.v.Open != ""
	k.legal = legal
	if len(k.moves) == 0 {
		nMoves := 0
		for _, c := range legal {
			if c.Verb == game.VerbMove {
				nMoves++
			}
		}
		k.moves = make(map[*cand]*moveInfo, nMoves) // sized once: thousands of moves
	}
	cands := make([]*cand, 0, len(legal))
	for i, c := range legal {
		if c.Verb == game.VerbDefer || c.Verb == game.VerbEnd {
			continue
		}
		if x := k.score(c); x != nil {
			x.order = i
			cands = append(cands, x)
		}
	}
	k.refineMoves(cands)
	k.misjudge(cands)
	if open {
		var best *cand
		for _, c := range cands {
			if best == nil || c.score > best.score {
				best = c
			}
		}
		if best == nil || best.score <= 0.01 {
			return pick(legal, game.Command{Verb: game.VerbEnd}), fmt.Sprintf("ends %s's activation: its other bases have nothing better to do", k.v.Open)
		}
		return best.cmd.String(), best.why
	}
	// Group into activations (unit, action): a base action's worth is the
	// sum over the unit's bases of each base's best command.
	type group struct {
		unit    string
		action  game.Verb
		total   float64
		best    *cand
		perBase map[string]float64
		order   int
	}
	groups := map[string]*group{}
	var keys []string
	for _, c := range cands {
		key := c.unit + " " + string(c.action)
		gr := groups[key]
		if gr == nil {
			gr = &group{unit: c.unit, action: c.action, perBase: map[string]float64{}, order: c.order}
			groups[key] = gr
			keys = append(keys, key)
		}
		if c.base == "" {
			if gr.best == nil || c.score > gr.best.score {
				gr.best = c
			}
			continue
		}
		if c.score > gr.perBase[c.base] {
			gr.perBase[c.base] = c.score
		}
		if gr.best == nil || c.score > gr.best.score {
			gr.best = c
		}
	}
	var best *group
	for _, key := range keys {
		gr := groups[key]
		if gr.best == nil {
			continue
		}
		if len(gr.perBase) > 0 {
			bases := make([]string, 0, len(gr.perBase))
			for b := range gr.perBase {
				bases = append(bases, b)
			}
			sort.Strings(bases)
			for _, b := range bases {
				gr.total += gr.perBase[b]
			}
		} else {
			gr.total = gr.best.score
		}
		if best == nil || gr.total > best.total || gr.total == best.total && gr.order < best.order {
			best = gr
		}
	}
	if best == nil || best.total < k.p.W.DeferBelow {
		return pick(legal, game.Command{Verb: game.VerbDefer}), "defers: no activation is worth an Order now"
	}
	return best.best.cmd.String(), k.planTag() + best.best.why
}

// misjudge is the novice's handicap (level 1, W.Noise): each option's
// worth is misjudged by up to ± Noise (a good shot or move scores about
// 0.3 to 3), as a beginner weighs options by eye; the strong level sees
// them as scored. Measured: without it level 1 was as strong as level 2
// (docs/ai.md, "Levels"). The error is a hash of what the side knows
// (turn, phase, its legal list, the command), not a die: the same state
// still gives the same choice, and the game's dice are never touched.
func (k *knowledge) misjudge(cands []*cand) {
	n := k.p.W.Noise
	if n <= 0 {
		return
	}
	for _, c := range cands {
		if c.why == "" || c.score <= -1 {
			continue // not considered (a move left unrefined) or ruled out: a blocked path or line
		}
		if k.p.W.Fights > 0 && c.cmd.Verb != game.VerbFire && c.cmd.Verb != game.VerbAssault {
			continue
		}
		h := fnv.New64a()
		fmt.Fprintf(h, "%d|%s|%d|%s", k.v.Turn, k.v.Phase, len(k.legal), c.cmd.String())
		u := float64(h.Sum64()>>11)/float64(1<<53)*2 - 1 // in [-1, 1)
		c.score += n * u
	}
}

// score rates one command; nil for commands it never gives.
func (k *knowledge) score(c game.Command) *cand {
	if x, ok := k.scoreSupport(c); ok { // support.go
		return x
	}
	x := &cand{cmd: c, action: c.Verb}
	switch c.Verb {
	case game.VerbRally, game.VerbDeploy, game.VerbChallenge, game.VerbSpot:
		x.unit = c.Unit
		k.scoreUnit(x, c)
		return x
	case game.VerbFire, game.VerbAssault, game.VerbMove, game.VerbDig, game.VerbCrest,
		game.VerbMount, game.VerbDismount, game.VerbClear, game.VerbUnbog, game.VerbSmoke:
	default:
		return nil
	}
	b := k.byID[c.Base]
	if b == nil {
		return nil
	}
	x.unit, x.base = b.unit, b.id
	switch c.Verb {
	case game.VerbFire:
		k.scoreFire(x, b, c.Target)
	case game.VerbAssault:
		k.scoreAssault(x, b, c.Target)
	case game.VerbMove:
		k.scoreMove(x, b, c.Hex)
	case game.VerbDig:
		k.scoreDig(x, b)
	case game.VerbCrest:
		k.scoreCrest(x, b, c.Hex)
	case game.VerbMount:
		k.scoreMount(x, b, c.Target)
	case game.VerbDismount:
		k.scoreDismount(x, b)
	case game.VerbClear:
		k.scoreClear(x, b, c.Hex) // defences.go
	case game.VerbUnbog:
		k.scoreUnbog(x, b)
	case game.VerbSmoke:
		k.scoreGrenades(x, b) // support.go
	}
	return x
}

// scoreUnbog rates a bogged vehicle's Bog Removal DR (the 7.311 ruling:
// 2d6 with 7.31's DRMs, 8 or less frees it, 12 or more immobilizes it):
// freed about seven times in ten on bare ground, immobilized about one in
// thirty-six; worth more to the side that must advance, and to a vehicle
// that fights. The view does not give the hex's DRMs, so the bare odds
// stand in.
func (k *knowledge) scoreUnbog(x *cand, b *base) {
	freed, lost := 26.0/36, 1.0/36
	w := k.worthMine(b)
	gain := 0.15
	if k.attacker {
		gain = 0.35
	}
	x.score = gain*freed*w/(1+w) - lost*0.3
	x.why = fmt.Sprintf("tries to free itself from the sand: freed on 8 or less on 2d6 (about %.0f %% on bare ground), immobilized on 12 (7.311 ruling)", 100*freed)
}

func (k *knowledge) scoreFire(x *cand, b *base, target string) {
	t := k.byID[target]
	if t == nil {
		return
	}
	o, err := k.g.ShotOdds(b.id, target)
	if err != nil || o.Blocked != "" {
		x.score = -1
		return
	}
	w := k.worth(t.t, t.unit)
	pin := k.p.W.Pinned
	if t.pinned {
		pin *= 0.3 // already pinned
	}
	x.score = o.KnockedOut*w + o.Pinned*pin*w
	longShot := k.p.W.Futile > 0 && o.KnockedOut+o.Pinned < longOdds && !t.t.Class.Vehicle()
	hopeless := k.p.W.Futile > 0 && o.KnockedOut < hopelessKO && t.t.Class.Vehicle()
	switch {
	case longShot:
		// A shot that hits one time in ten (issue 20, play-test: a Pak 38
		// at a Vickers team 18 hexes off in the heat haze, needing a 10):
		// a quarter of what it may do, less the Order kept for later —
		// the enemy it might hit comes nearer, and a base that fires is
		// seen wherever it stands (docs/rules.md, "Fog"). Not at
		// vehicles: a pinned tank stops short of the objective, and with
		// the rule at vehicles too dust's Italians won 7 of 20 against
		// the veteran without the lessons, 9 without it (11 before).
		x.score = k.p.W.Futile*(0.25*x.score-keepOrder) + (1-k.p.W.Futile)*x.score
		hopeless = true
	case hopeless:
		// A shot that cannot knock its target out (issue 20, play-test: a
		// Pak 38 at a Matilda's front, PEN 8 against armour 10) only pins,
		// and a pin without a kill is rallied away while the pinned base
		// still fires (docs/rules.md, "Pinned"): a tenth of the pin, less
		// what the Order kept for later is worth. Vehicles only: a pinned
		// man or gun does not fight back against a close assault (11.9),
		// so pinning a dug-in section before going in is worth its pin.
		x.score = o.KnockedOut*w + k.p.W.Futile*(0.1*o.Pinned*pin*w-keepOrder) + (1-k.p.W.Futile)*o.Pinned*pin*w
	}
	if k.unitHas(b.unit, "contact") {
		x.score -= 0.1 // firing gives the position away (4.6)
	}
	x.why = fmt.Sprintf("fires at %s (%s) with %s: %.0f%% to knock it out, %.0f%% to pin it", target, t.t.Name, o.Weapon, 100*o.KnockedOut, 100*o.Pinned)
	if hopeless {
		x.why += " (it can hardly knock it out: 10.8)"
	}
}

func (k *knowledge) scoreAssault(x *cand, b *base, target string) {
	t := k.byID[target]
	if t == nil {
		return
	}
	o, err := k.g.AssaultOdds(b.id, target)
	if err != nil {
		x.score = -1
		return
	}
	x.score = o.TargetOut*k.worth(t.t, t.unit) - o.AttackerOut*k.worthMine(b)
	x.why = fmt.Sprintf("close-assaults %s (%s): %.0f%% to put it out, %.0f%% to lose %s (11.9-11.10)", target, t.t.Name, 100*o.TargetOut, 100*o.AttackerOut, b.id)
}

func (k *knowledge) scoreUnit(x *cand, c game.Command) {
	u := x.unit
	switch c.Verb {
	case game.VerbRally:
		n := 0.0
		for _, b := range k.mine {
			if b.unit == u && b.pinned && (k.p.W.Futile == 0 || k.pinMatters(b)) {
				n++
			}
		}
		if k.unitHas(u, "shaken") {
			n += 3
		}
		if k.p.W.Futile > 0 && k.left <= 1 && k.v.TurnLimit > 0 {
			// the last turn: a rally is the unit's activation, and no
			// turn follows in which it could use its freedom (7.1)
			n = 0
		}
		x.score = k.p.W.Rally * n
		x.why = fmt.Sprintf("rallies %s: its pinned bases cannot move or assault (12.4)", u)
	case game.VerbDeploy:
		x.score = -0.2
		x.why = fmt.Sprintf("deploys %s", u)
		if d := k.deployGain(u); d > 0 {
			x.score = d
			x.why = fmt.Sprintf("deploys %s: a Contact Marker moves only 3 hexes (9.1); revealed it can close on %s at full speed", u, k.objs[k.target].id)
		}
		if !k.deployedCombat() && k.isCombat(u) {
			x.score = 5 + 0.1*float64(k.countBases(u))
			x.why = fmt.Sprintf("deploys %s: a side with no combat unit on the map as models loses at the end of the turn (16.12)", u)
		}
	case game.VerbChallenge:
		x.score = 0.02
		x.why = fmt.Sprintf("puts %s on Challenge for reaction fire", u)
	case game.VerbSpot:
		h, ok := k.contactU[c.Target]
		if !ok {
			return
		}
		x.score = k.p.W.Spot * (1 + 0.5*k.objPotential(nil, h))
		if k.mustWin() {
			x.score *= 2 // a side that must win cannot shoot what it has not found
		}
		x.why = fmt.Sprintf("%s spots contact %s at %s: it cannot be shot until seen (4.6)", u, c.Target, k.g.Map().Label(h))
	}
}

// hopelessKO is the knock-out chance below which a shot at a vehicle is
// hopeless (W.Futile), longOdds the chance of any effect below which a
// shot at anything else is, and keepOrder what an Order kept for later is worth
// against it: more than a tenth of the best pin of such a shot in the
// play-test's positions (a Matilda's front pinned 21 % of the time).
const (
	hopelessKO = 0.03
	keepOrder  = 0.06
	longOdds   = 0.1 // a man or gun knocked out or pinned less often than this: the hit needs a 10 (10.8)
)

// pinMatters reports whether rallying b's Pinned marker frees it for
// anything (docs/rules.md, "Pinned": a pinned base may not move or close
// assault, but fires, digs and is rallied): a gun that never moves (no MP
// of its own, or dug in) gains only the counter-blow against a close
// assault, which matters only with the enemy within 2 hexes; an officer
// that is pinned gives no Orders and no initiative (7.2).
func (k *knowledge) pinMatters(b *base) bool {
	if b.t.Class != forces.Gun || b.t.Mobile() && !b.dug {
		return true
	}
	return k.nearestThreatDist(b.hex) <= 2
}

// deployedCombat reports whether the side has a combat unit on the map
// not under a contact marker (16.12's loss check).
func (k *knowledge) deployedCombat() bool {
	for _, b := range k.mine {
		if b.t.CombatUnit() && !k.unitHas(b.unit, "contact") {
			return true
		}
	}
	return false
}

func (k *knowledge) isCombat(u string) bool {
	for _, b := range k.mine {
		if b.unit == u && b.t.CombatUnit() {
			return true
		}
	}
	return false
}

func (k *knowledge) countBases(u string) int {
	if n, ok := k.basesMemo[u]; ok {
		return n
	}
	if k.basesMemo == nil {
		k.basesMemo = map[string]int{}
	}
	n := k.countBasesOf(u)
	k.basesMemo[u] = n
	return n
}

// countBasesOf is countBases unremembered.
func (k *knowledge) countBasesOf(u string) int {
	n := 0
	for _, b := range k.mine {
		if b.unit == u {
			n++
		}
	}
	return n
}

func (k *knowledge) nearestThreatDist(h hexmap.Hex) int {
	d := 1 << 20
	for _, e := range k.enemy {
		if x := hexmap.Distance(e.hex, h); x < d {
			d = x
		}
	}
	for _, c := range k.contacts {
		if x := hexmap.Distance(c, h); x < d {
			d = x
		}
	}
	return d
}

func (k *knowledge) nearObjective(h hexmap.Hex, r int) bool {
	for _, o := range k.objs {
		if hexmap.Distance(h, o.hex) <= r {
			return true
		}
	}
	return false
}

func (k *knowledge) scoreDig(x *cand, b *base) {
	s := 0.0
	if k.defender || k.nearObjective(b.hex, 2) {
		s = k.p.W.Dig
	}
	if k.nearestThreatDist(b.hex) <= 14 {
		s += k.p.W.Dig * 0.5
	}
	if k.attacker && !k.nearObjective(b.hex, 2) {
		s = 0.01
	}
	x.score = s
	x.why = fmt.Sprintf("%s digs in at %s (7.6)", b.id, k.g.Map().Label(b.hex))
}

func (k *knowledge) scoreCrest(x *cand, b *base, toward hexmap.Label) {
	h, err := k.g.Map().HexOf(toward)
	if err != nil {
		return
	}
	// Face the nearest enemy: the crest counter protects across its front.
	best, bestD := hexmap.Hex{}, 1<<20
	for _, e := range k.enemy {
		if d := hexmap.Distance(e.hex, b.hex); d < bestD {
			best, bestD = e.hex, d
		}
	}
	for _, c := range k.contacts {
		if d := hexmap.Distance(c, b.hex); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD > 20 {
		x.score = 0
		return
	}
	gain := float64(hexmap.Distance(b.hex, best) - hexmap.Distance(h, best))
	x.score = k.p.W.Dig * (0.5 + 0.5*gain)
	x.why = fmt.Sprintf("%s takes Crest status facing %s, toward the enemy at %s (6.0)", b.id, toward, k.g.Map().Label(best))
}

func (k *knowledge) scoreMount(x *cand, b *base, vid string) {
	v := k.byID[vid]
	if v == nil {
		return
	}
	if k.nearestThreatDist(b.hex) > 8 && !k.nearObjective(b.hex, 4) && (!k.defender || b.t.Class == forces.Gun) {
		x.score = 0.15
	}
	x.why = fmt.Sprintf("%s boards %s to ride forward", b.id, vid)
}

func (k *knowledge) scoreDismount(x *cand, b *base) {
	x.score = -0.1
	if k.nearestThreatDist(b.hex) <= 6 || k.nearObjective(b.hex, 3) {
		x.score = 0.6
	}
	if k.target >= 0 && hexmap.Distance(b.hex, k.objs[k.target].hex) <= 4 {
		x.score = 0.9 // the plan's objective is taken on foot (16.11 counts passengers out)
	}
	x.why = fmt.Sprintf("%s dismounts at %s: close to the enemy or the objective", b.id, k.g.Map().Label(b.hex))
}

// moveInfo keeps what refineMoves needs.
type moveInfo struct {
	b    *base
	dest hexmap.Hex
	base float64
	gain float64 // the positional part of base: objectives, the plan, the approach
	why  []string
}

func (k *knowledge) scoreMove(x *cand, b *base, label hexmap.Label) {
	h, err := k.g.Map().HexOf(label)
	if err != nil {
		return
	}
	W := k.p.W
	var why []string
	mult := 1.0
	if !validHolder(b.t) {
		// A transport holds nothing itself: it is worth what it carries.
		n := 0
		for _, p := range k.mine {
			if p.carried && p.hex == b.hex {
				n++
			}
		}
		mult = 0.3 * float64(n)
	}
	gain := (k.objPotential(b, h) - k.objPotential(b, b.hex)) * W.Objective * mult
	if b.t.CombatUnit() || !validHolder(b.t) {
		pm := mult
		if !validHolder(b.t) {
			pm = mult / 0.3
		}
		if p := k.planPull(b, h) * W.Plan * k.urgency * pm; p != 0 {
			if p > 0 && W.Tempo > 0 && k.attacker && k.slack(b) <= 1 {
				// a base that must move nearly every turn left to get
				// there in time has no turn to spend shooting on the way
				p *= 1 + W.Tempo
				why = append(why, "no turn to lose")
			}
			gain += p
			if p > 0.01 {
				why = append(why, "on to "+k.objs[k.target].id+" (the plan)")
			}
		}
	}
	if a := (k.approach(b, h) - k.approach(b, b.hex)) * W.Approach; a != 0 && (k.left > 1 || W.Horizon == 0) {
		gain += a
		if a > 0.01 {
			why = append(why, "closing with the enemy")
		}
	}
	// A damaged unit leads no charge (issue 20): the ground gained
	// forward counts as far as the unit is still whole, so the healthy
	// units go first.
	if v := k.vigour(b.unit); gain > 0 && v < 1 && W.Vigour > 0 && k.mustWin() && b.t.CombatUnit() {
		gain *= 1 - W.Vigour*(1-v)
		why = append(why, fmt.Sprintf("%s at %.0f %% strength", b.unit, 100*v))
	}
	if gain > 0.01 {
		why = append(why, "toward the objective")
	}
	s := gain
	if c := k.coverOf(h) - k.coverOf(b.hex); c != 0 {
		s += W.Cover * c
		if c > 0 {
			why = append(why, "into cover")
		}
	}
	if b.dug {
		s -= W.LeaveDugIn
	}
	// The defender's garrison: a base that holds one of its own
	// objectives (16.11) does not walk away from it to save itself; each
	// base would otherwise reckon the others hold it, and all would go.
	if k.defender && validHolder(b.t) {
		for _, o := range k.objs {
			if o.owner && hexmap.Distance(b.hex, o.hex) <= 2 && hexmap.Distance(h, o.hex) > 2 {
				s -= W.Garrison * float64(o.value)
				why = append(why, "leaving "+o.id)
			}
		}
	}
	// The taker's hold (issue 20): an enemy objective we hold is a marker
	// off the enemy's track at every turn's end (16.11, 16.12); a base
	// does not leave it while our holders there are no more than the
	// enemy known within 2 hexes and one more (dust: the British left the
	// thorn 5 to 1 for the rise in the last turn, 2 Italian bases took it
	// back, and the attack ended one marker short). The attacker's only:
	// in the encounter (Break Point 2) it would keep the two armoured cars
	// on the well beside the German start line (not measured apart).
	if W.Hold > 0 && k.attacker && validHolder(b.t) && !b.carried {
		for _, o := range k.objs {
			if o.ours && !o.owner && hexmap.Distance(b.hex, o.hex) <= 2 && hexmap.Distance(h, o.hex) > 2 {
				if ours, theirs := k.holders(o.hex); ours <= theirs+1 {
					s -= W.Hold * W.Garrison * float64(o.value)
					why = append(why, "leaving "+o.id+", held")
				}
			}
		}
	}
	// The decisive objective (issue 20, third pass): where holding an
	// enemy objective at the turn's end breaks the enemy, each holder
	// that goes in is worth the game, not a share of the objective's value.
	if W.Decisive > 0 && validHolder(b.t) && !b.carried && !k.holdsThin(b) {
		v, w := k.radiusStake(b.hex, h, k.isDecisive,
			func(o objective) float64 { return W.Decisive * W.Marker * float64(o.value) },
			"to hold %s: it would break the enemy (16.11, 16.12)", "leaving %s, which would break the enemy")
		s, why = s+v, append(why, w...)
	}
	// The contest (issue 20, play-test: escarpment's last turn at one
	// marker, the hairpin lost on the count while the Orders were
	// deferred): in the last turn, where the enemy would take an
	// objective of ours at the turn's end and its value is the last of
	// our markers (16.11, 16.12), each base that can still make the count
	// even is worth the game; its own worth, which the threat there
	// weighs, does not stand against it. The last turn only: earlier,
	// bases thrown into a radius the enemy holds in strength die there
	// (the encounter's British, Break Point 2, against the veteran: 8 of
	// 10 games won without it, 1 with it in every turn).
	if W.Contest > 0 && k.left <= 1 && k.v.TurnLimit > 0 && validHolder(b.t) && !b.carried {
		v, w := k.radiusStake(b.hex, h, k.isContested,
			func(o objective) float64 {
				return W.Contest * (W.Marker*float64(o.value)*(1+1/float64(max(1, k.v.BreakPoint[k.me]))) + k.worthMine(b))
			},
			"to keep %s: losing it would break us (16.11, 16.12)", "leaving %s, which the enemy would take and break us")
		s, why = s+v, append(why, w...)
	}
	if b.crest {
		s -= W.LeaveDugIn
	}
	// In Command: within 4 hexes of another base of the unit. Before the
	// unit's activation opens, its other bases can still follow in it, so
	// a hex they can reach to within 4 hexes keeps the unit together (the
	// first base to move no longer holds the whole unit back).
	if k.countBases(b.unit) > 1 {
		in := false
		follow := k.p.W.Follow > 0 && k.v.Open != b.unit
		for _, o := range k.mine {
			if o.unit != b.unit || o == b || o.carried {
				continue
			}
			d := hexmap.Distance(o.hex, h)
			if d <= 4 || follow && d <= 4+k.reach[o.id] {
				in = true
				break
			}
		}
		if !in {
			s -= W.Command
		}
	}
	if r := k.mineRisk(b, h, k.mined()); r > 0 { // defences.go
		s -= r
	}
	// Sand: soft going, a second Order (Note D) and bogging (7.0, 7.31);
	// the veteran prices the whole path instead (refineMoves, pathCost).
	if W.PathRisk == 0 && k.g.Map().Terrain(h).Flags&hexmap.Sand != 0 && b.t.Class.Vehicle() {
		s -= 0.2
	}
	x.score = s
	x.why = "" // filled by refineMoves
	x.action = game.VerbMove
	k.moves[x] = &moveInfo{b: b, dest: h, base: s, gain: gain, why: why}
}

// holders counts the bases that would hold an objective at h (16.11: valid
// holders within 2 hexes, passengers not): ours, and the enemy's the side
// knows of (bases seen, a contact marker or ghost as one).
func (k *knowledge) holders(h hexmap.Hex) (ours, theirs int) {
	for _, m := range k.mine {
		if !m.carried && validHolder(m.t) && hexmap.Distance(m.hex, h) <= 2 {
			ours++
		}
	}
	for _, e := range k.enemy {
		if !e.carried && validHolder(e.t) && hexmap.Distance(e.hex, h) <= 2 {
			theirs++
		}
	}
	for _, c := range append(append([]hexmap.Hex(nil), k.contacts...), k.ghosts...) {
		if hexmap.Distance(c, h) <= 2 {
			theirs++
		}
	}
	return ours, theirs
}

// crossesRadius reports whether a move from `from` to `to` crosses the
// 2-hex radius of the objective in obj (16.11), and if so whether it
// enters it (in) or leaves it.
// radiusStake is the worth of a move from one hex to another that
// enters (+) or leaves (−) the 2-hex radius (16.11) of the objectives
// pick selects, each worth what worth says, with the reasons in the
// words of into and out (%s: the objective).
func (k *knowledge) radiusStake(from, to hexmap.Hex, pick func(int) bool, worth func(objective) float64, into, out string) (float64, []string) {
	s := 0.0
	var why []string
	for i, o := range k.objs {
		in1, crosses := crossesRadius(from, to, o.hex)
		if !crosses || !pick(i) {
			continue
		}
		if v := worth(o); in1 {
			s += v
			why = append(why, fmt.Sprintf(into, o.id))
		} else {
			s -= v
			why = append(why, fmt.Sprintf(out, o.id))
		}
	}
	return s, why
}

func crossesRadius(from, to, obj hexmap.Hex) (in, crosses bool) {
	in0, in1 := hexmap.Distance(from, obj) <= 2, hexmap.Distance(to, obj) <= 2
	return in1, in0 != in1
}

// canJoin reports whether b, a valid holder not yet within 2 hexes of
// objective hex h, could close to that radius this turn: within its
// farthest legal move, or 9.1's 3 hexes for a base whose unit may still
// open an activation and has no legal move listed yet.
func (k *knowledge) canJoin(b *base, h hexmap.Hex) bool {
	d := hexmap.Distance(b.hex, h) - 2
	if d <= 0 || b.carried || !validHolder(b.t) {
		return false
	}
	r := k.reach[b.id]
	if r == 0 && !b.pinned && !k.unitHas(b.unit, "activated") {
		r = 3
	}
	return d <= r
}

// isDecisive reports whether holding objective i at this turn's end
// would break the enemy (16.11, 16.12: its value is at least the markers
// the enemy has left) and our holders can outnumber the enemy's there
// this turn: ours within 2 hexes and those that can still get there (a
// base with a legal move within reach; a base of a unit still to act,
// not pinned, within 3 hexes of the radius: 9.1's least move) against
// the enemy known there (bases seen, contacts, ghosts); inside an
// activation, whenever holding it breaks the enemy. Built once per
// decision.
func (k *knowledge) isDecisive(i int) bool {
	if k.decisive == nil {
		k.decisive = make([]bool, len(k.objs))
		if k.mustWin() {
			left := -1
			for _, sd := range k.v.Sides {
				if sd.ID != k.me {
					left = k.v.BreakPoint[sd.ID]
				}
			}
			for j, o := range k.objs {
				if o.ours || o.owner || left < 0 || o.value < left {
					continue
				}
				ours, theirs := k.holders(o.hex)
				for _, b := range k.mine {
					if !k.holdsThin(b) && k.canJoin(b, o.hex) {
						ours++
					}
				}
				// inside an activation the other units' reach is not
				// known (their moves are not legal now): the count was
				// weighed when the activation was chosen, so its bases
				// follow through
				k.decisive[j] = ours > theirs || k.v.Open != ""
			}
		}
	}
	return k.decisive[i]
}

// isContested reports whether objective i is ours, the enemy known
// within its 2 hexes outnumbers our holders there (16.11: a tie leaves it
// with us, the last holder), its value would take our last markers off
// the track at the turn's end (16.12), and our bases can still make the
// count even this turn (those within reach, as isDecisive counts them);
// inside an activation, whenever the rest holds (the unit follows
// through). Built once per decision.
func (k *knowledge) isContested(i int) bool {
	if k.contested == nil {
		k.contested = make([]bool, len(k.objs))
		left := k.v.BreakPoint[k.me]
		for j, o := range k.objs {
			if !o.ours || left <= 0 || o.value < left {
				continue
			}
			ours, theirs := k.holders(o.hex)
			if theirs <= ours {
				continue
			}
			for _, b := range k.mine {
				if k.canJoin(b, o.hex) {
					ours++
				}
			}
			k.contested[j] = ours >= theirs || k.v.Open != ""
		}
	}
	return k.contested[i]
}

// holdsThin reports whether b is one of our holders of an enemy
// objective we hold by no more than the enemy known there and one (the
// Hold lesson's test): losing it gives its value back to the enemy's
// track, so b does not count toward another objective's decisive count.
func (k *knowledge) holdsThin(b *base) bool {
	if k.thin == nil {
		k.thin = make([]bool, len(k.objs))
		for i, o := range k.objs {
			if o.ours && !o.owner {
				ours, theirs := k.holders(o.hex)
				k.thin[i] = ours <= theirs+1
			}
		}
	}
	for i, o := range k.objs {
		if k.thin[i] && hexmap.Distance(b.hex, o.hex) <= 2 {
			return true
		}
	}
	return false
}

// vigour is how whole a unit of ours is: the share of its combat bases
// still in play (the view shows the knocked-out ones), less for Weakened
// (16.12), Shaken (12.4) and each pinned base.
func (k *knowledge) vigour(unit string) float64 {
	if v, ok := k.vigourMemo[unit]; ok {
		return v
	}
	if k.vigourMemo == nil {
		k.vigourMemo = map[string]float64{}
	}
	v := k.vigourOf(unit)
	k.vigourMemo[unit] = v
	return v
}

// vigourOf is vigour unremembered.
func (k *knowledge) vigourOf(unit string) float64 {
	alive, pinned := 0, 0
	for _, b := range k.mine {
		if b.unit == unit && b.t.CombatUnit() && !b.carried {
			alive++
			if b.pinned {
				pinned++
			}
		}
	}
	if alive == 0 {
		return 1
	}
	v := float64(alive) / float64(alive+k.koSeen[unit])
	if k.unitHas(unit, "weakened") {
		v *= 0.6
	}
	if k.unitHas(unit, "shaken") {
		v *= 0.5
	}
	return v * (1 - 0.5*float64(pinned)/float64(alive))
}

func validHolder(t *forces.BaseType) bool { return t.Class != forces.Transport }

// refineMoves looks closer at each base's few best moves: the enemy's
// reply at the destination (level 2) and what the base could shoot from
// there; the rest keep their quick score minus a margin.
func (k *knowledge) refineMoves(cands []*cand) {
	byBase := map[string][]*cand{}
	var order []string
	for _, c := range cands {
		if c.action != game.VerbMove || k.moves[c] == nil {
			continue
		}
		if _, ok := byBase[c.base]; !ok {
			order = append(order, c.base)
		}
		byBase[c.base] = append(byBase[c.base], c)
	}
	// each unit's best shot: what a gun that fails §9.4's test loses
	// (the failure ends the unit's activation, 9.4)
	fires := map[string]float64{}
	shot := map[string]bool{} // any legal shot, however poor (a test of 9.4 is no better)
	for _, c := range cands {
		if c.action == game.VerbFire {
			shot[c.unit] = true
			if c.score > fires[c.unit] {
				fires[c.unit] = c.score
			}
		}
	}
	const topK = 10
	for _, id := range order {
		cs := byBase[id]
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
		b := k.moves[cs[0]].b
		stay := k.refine(b, b.hex, nil)
		refined, checked := 0, 0
		for _, c := range cs {
			mi := k.moves[c]
			if refined >= topK || checked >= 3*topK {
				c.score = -1
				continue
			}
			checked++
			if k.pathBlocked(b, mi.dest) {
				c.score = -1
				continue
			}
			c.score = mi.base + k.refine(b, mi.dest, &mi.why) - stay
			W := k.p.W
			if W.Survive > 0 && mi.gain > 0 {
				// Ground gained counts only if the base lives to hold it:
				// a charge into the enemy's sights gains the plan little.
				// The attacker, who must press on, heeds it as boldly as
				// it heeds the threat itself.
				c.score -= W.Survive * k.boldness() * mi.gain * k.threatAt(mi.dest, b.t)
			}
			risky := false
			if W.PathRisk > 0 {
				// Every hex of the path throws its own check (3.31,
				// 7.31), not just the last; a risky path does not take
				// a safer destination's place among the refined.
				if cost, stop := k.pathCost(b, mi.dest, mi.gain); cost > 0 {
					c.score -= W.PathRisk * cost
					if stop >= 0.05 {
						mi.why = append(mi.why, fmt.Sprintf("%.0f %% to bog or be immobilized on the way (3.31, 7.31)", 100*stop))
					}
					risky = stop >= 0.1
				}
			}
			if cost, why := k.recklessness(b, mi.dest); cost > 0 {
				c.score -= cost
				mi.why = append(mi.why, "although "+why)
				risky = true
			}
			if W.Scout > 0 && k.deepScout(b, mi.dest) {
				// An unescorted scout or soft vehicle past our front line
				// in the enemy's sights heeds the whole reply, whatever
				// the side's boldness: the ground it gains is not held.
				if th := max(k.threatAt(mi.dest, b.t), k.unseenReply(mi.dest)); th > 0 {
					c.score -= W.Scout * th * (mi.gain*(1-k.boldness()) + k.worthMine(b)*(1-k.caution()))
					mi.why = append(mi.why, "although past our front line, unescorted, in the enemy's sights")
					risky = true
				}
			}
			if cost := k.exposedCommander(b, mi.dest); cost > 0 {
				c.score -= cost
				mi.why = append(mi.why, "although its officer would stand next to enemy men with no combat base by him (11.9)")
				risky = true
			}
			if W.ManHandle > 0 && b.t.Class == forces.Gun {
				// §9.4: a failed test ends the activation, the Order
				// spent and the shot the gun could have fired lost.
				// With a shot to fire and worse than even odds, the gun
				// stays and fires: the test fails more often than not.
				if p := k.manHandleOdds(b, mi.dest); p < 0.5 && shot[b.unit] {
					c.score = -1
					continue
				} else if p < 1 {
					c.score = p*c.score - (1-p)*(0.1+fires[b.unit])
					mi.why = append(mi.why, fmt.Sprintf("man-handled %.0f %% of the time (9.4)", 100*p))
				}
			}
			if !risky {
				refined++
			}
			c.why = fmt.Sprintf("moves %s to %s", b.id, k.g.Map().Label(mi.dest))
			if len(mi.why) > 0 {
				c.why += ": " + strings.Join(mi.why, ", ")
			}
		}
	}
}

// refine is the destination-dependent part that needs LOS: the threat of
// the enemy's reply (level 2) and the targets the base could engage.
func (k *knowledge) refine(b *base, h hexmap.Hex, why *[]string) float64 {
	W := k.p.W
	s := 0.0
	if W.Threat > 0 {
		th := k.threatAt(h, b.t)
		loss := th * k.worthMine(b)
		s -= W.Threat * k.caution() * loss
		if why != nil {
			if th == 0 {
				*why = append(*why, "out of sight of the known enemy guns")
			} else if th > 0.3 {
				*why = append(*why, fmt.Sprintf("under fire (threat %.2f)", th))
			}
		}
	}
	if W.Engage > 0 && (k.left > 1 || W.Horizon == 0) { // a base that moves fires next turn at the soonest
		r := k.maxRange(b.t)
		e, rest := 0.0, 0.0
		var tgt string
		for _, t := range k.enemy {
			d := hexmap.Distance(t.hex, h)
			if d > r || d < 1 {
				continue
			}
			c := k.killChance(b.t, t.t, d)
			if c == 0 || !k.seesHex(h, t.hex) {
				continue
			}
			v := c * k.worth(t.t, t.unit)
			rest += v
			if v > e {
				e, tgt = v, t.id
			}
		}
		if e > 0 {
			s += W.Engage * (e + 0.2*(rest-e))
			if why != nil {
				*why = append(*why, "with a shot at "+tgt)
			}
		}
		// Against an unseen enemy, closing with contact markers reveals
		// them (4.6: an adjacent enemy base) and brings them into range.
		if k.attacker || !k.defender {
			for _, c := range k.contacts {
				if d := hexmap.Distance(c, h); d <= 2 && b.t.CombatUnit() {
					s += W.Engage * 0.3
					break
				}
			}
		}
	}
	if k.p.Level >= 2 && k.heightOf(h) > 0 {
		s += 0.1
	}
	return s
}

// caution scales the fear of the enemy's reply: a side that must win
// (the attacker, either side of an encounter) grows bolder as its turns
// run out; the defender stays careful.
func (k *knowledge) caution() float64 {
	if k.defender {
		return 1
	}
	limit := k.v.TurnLimit
	if limit <= 0 {
		return 1
	}
	f := float64(k.v.Turn-1) / float64(limit)
	return k.boldness() * (1 - 0.8*f)
}

// boldness is how much of the enemy's reply the side heeds: all of it
// for the defender, Boldness for the attacker, EncBold in an encounter.
func (k *knowledge) boldness() float64 {
	switch {
	case k.defender:
		return 1
	case k.attacker:
		return k.p.W.Boldness
	}
	return k.p.W.EncBold
}

func (k *knowledge) worthMine(b *base) float64 {
	w := 1 + float64(b.t.DVP)
	if b.t.CombatUnit() {
		w++
	}
	if b.t.Class.CommandBase() {
		w += 0.5
	}
	w += k.stakes(b.t, b.unit, k.mine, true)
	// Passengers go down with their vehicle more often than not.
	for _, p := range k.mine {
		if p.carried && p.carrier == b.id {
			w += 0.7 * k.worthMine(p)
		}
	}
	return w
}

// stakes is what a knock-out of a base of type t in unit does to the
// result: the marker it takes off its side's Break Point Track when it
// Weakens or loses the unit (16.12, worth more the fewer markers are
// left), and the desert victory points it scores (F.3), the first that
// change who is ahead most. bases are the base's side's bases in sight.
func (k *knowledge) stakes(t *forces.BaseType, unit string, bases []*base, ours bool) float64 {
	w := 0.0
	alive, all := 0, 0
	for _, b := range bases {
		if b.unit == unit {
			all++
			if b.t.CombatUnit() && !b.carried {
				alive++
			}
		}
	}
	lost := all == 1 // the unit's last base: the unit is lost, whatever it is
	if lost || t.CombatUnit() && !k.unitHas(unit, "weakened") {
		start := alive + k.koSeen[unit]
		if lost || alive >= 1 && 2*(alive-1) <= start {
			m := 0
			for _, s := range k.v.Sides {
				if (s.ID == k.me) == ours {
					m = k.v.BreakPoint[s.ID]
				}
			}
			f := 1.0
			if m >= 1 && m <= 3 {
				f += 1 / float64(m)
			}
			w += k.p.W.Marker * f
		}
	}
	if k.g.Scenario() != nil && k.g.Scenario().DVP && k.g.Scenario().Type != "all-out-attack" && t.DVP > 0 && k.p.W.DVP > 0 {
		w += k.p.W.DVP * float64(t.DVP)
		lead := k.dvpLead
		if ours {
			lead = -lead
		}
		if lead <= 0 && lead+t.DVP > 0 {
			w += 2
		}
	}
	return w
}

// ------------------------------------------------------------ memory, plan

// logMemo is what the side's log has taught so far, read once: the log
// only grows, so each decision reads only the events added since the last
// (the whole log was re-read every decision before: the worst decisions).
// It is keyed by game and side and checked against the last event read,
// so a fresh process and a long-lived player learn exactly the same.
type logMemo struct {
	g        *game.Observation
	side     int
	n        int
	lastText string
	last     map[string]string // base → the last hex it was seen moving into
	order    []string          // bases in the order first seen moving
	gone     map[string]bool   // bases seen knocked out
	found    []turnHex         // hexes where a move found a hidden enemy
	failed   []turnFailed      // our moves that could not leave their hex
}

type turnHex struct {
	h    hexmap.Hex
	turn int
}

type turnFailed struct {
	failedMove
	turn int
}

func (p *Player) readLog(k *knowledge) *logMemo {
	evs := k.g.Events()
	m := p.memo
	if m == nil || m.g != k.g || m.side != k.g.Actor() || m.n > len(evs) || m.n > 0 && evs[m.n-1].Text != m.lastText {
		m = &logMemo{g: k.g, side: k.g.Actor(), last: map[string]string{}, gone: map[string]bool{}}
		p.memo = m
	}
	for _, e := range evs[m.n:] {
		m.read(k, e)
	}
	m.n = len(evs)
	if m.n > 0 {
		m.lastText = evs[m.n-1].Text
	}
	return m
}

func (m *logMemo) read(k *knowledge, e game.Event) {
	switch e.Kind {
	case game.KindMove:
		// a base seen moving (or withdrawing): where it was last seen, the
		// end of the move, or the hex it left our sight from
		if len(e.Bases) == 1 && len(e.Hexes) >= 1 {
			id := e.Bases[0]
			if _, ok := m.last[id]; !ok {
				m.order = append(m.order, id)
			}
			m.last[id] = e.Hexes[len(e.Hexes)-1]
		}
	case game.KindLoss:
		for _, id := range e.Bases {
			m.gone[id] = true
		}
	case game.KindBlocked:
		// our own move stopped on its first step by an enemy base we do
		// not see (a revealed unit's base out of sight): we know where it
		// was going
		if len(e.Bases) == 1 && len(e.Hexes) == 2 {
			if u, ok := k.units[unitOf(e.Bases[0])]; ok && u.Side == k.me {
				from, err1 := k.g.Map().Hex(e.Hexes[0])
				to, err2 := k.g.Map().Hex(e.Hexes[1])
				if err1 == nil && err2 == nil {
					m.failed = append(m.failed, turnFailed{failedMove{base: e.Bases[0], from: from, to: to}, e.Turn})
				}
			}
		}
	case game.KindReveal:
		// a hidden enemy a move ran into (its bases may stay unseen there)
		if len(e.Bases) == 1 && len(e.Hexes) == 1 {
			if h, err := k.g.Map().Hex(e.Hexes[0]); err == nil {
				m.found = append(m.found, turnHex{h, e.Turn})
			}
		}
	}
}

// remember reads the side's log for enemy bases seen moving that are out
// of sight now: the last hex each was seen entering is kept as a ghost,
// a weaker threat and a place to close with, so a threat does not vanish
// the moment it drops out of sight. Only what the side's log shows is
// read (EventsFor): hidden enemy moves are not in it.
func (k *knowledge) remember() {
	m := k.p.readLog(k)
	for _, f := range m.failed {
		if f.turn >= k.v.Turn-1 {
			k.failed = append(k.failed, f.failedMove)
		}
	}
	for _, f := range m.found {
		if f.turn >= k.v.Turn-1 {
			k.found = append(k.found, f.h)
		}
	}
	order, last, gone := m.order, m.last, m.gone
	seen := map[hexmap.Hex]bool{}
	for _, id := range order {
		if gone[id] || k.byID[id] != nil {
			continue // knocked out, or in sight (ours or theirs) now
		}
		mine := false
		for _, b := range k.v.Bases {
			if b.ID == id {
				mine = true // in the view: seen, carried or knocked out
			}
		}
		if mine {
			continue
		}
		if u, ok := k.units[unitOf(id)]; ok && (u.Side == k.me || k.unitGone(u.ID)) {
			continue
		}
		h, err := k.g.Map().Hex(last[id])
		if err != nil || seen[h] {
			continue
		}
		seen[h] = true
		k.ghosts = append(k.ghosts, h)
	}
}

// unitOf is a base ID's unit: the ID less its trailing base letters.
func unitOf(id string) string {
	i := len(id)
	for i > 0 && id[i-1] >= 'a' && id[i-1] <= 'z' {
		i--
	}
	return id[:i]
}

// mustWin: the attacker of an all-out attack or hasty defence, or either
// side of an encounter (a draw is not a win).
func (k *knowledge) mustWin() bool { return !k.defender }

// makePlan picks the objective the side sets out to take this turn
// (16.11: the side with more valid bases within 2 hexes at the end of a
// turn holds it) and how urgently: the attacker must break the defence
// before the last turn ends (7.1 step 10), so the pull grows as the turns
// run out. The pick weighs value against the distance of the side's
// combat bases and the defenders known near it (bases seen, contact
// markers, ghosts): concentrate on one, not spread over all.
func (k *knowledge) makePlan() {
	k.target = -1
	if !k.mustWin() || len(k.objs) == 0 {
		return
	}
	var combat []*base
	for _, b := range k.mine {
		if b.t.CombatUnit() && !k.unitGone(b.unit) {
			combat = append(combat, b)
		}
	}
	if len(combat) == 0 {
		return
	}
	best, bestS := -1, 0.0
	scores := make([]float64, len(k.objs))
	for i, o := range k.objs {
		scores[i] = math.Inf(-1)
		if o.ours && !o.owner {
			// Held already: keep it only if the enemy is close to it.
			continue
		}
		if o.ours {
			continue
		}
		dsum := 0
		for _, b := range combat {
			dsum += hexmap.Distance(b.hex, o.hex)
		}
		avg := float64(dsum) / float64(len(combat))
		def := 0.0
		for _, e := range k.enemy {
			if hexmap.Distance(e.hex, o.hex) <= 3 {
				def++
			}
		}
		for _, c := range k.contacts {
			if hexmap.Distance(c, o.hex) <= 3 {
				def += 2 // a unit of unknown size
			}
		}
		s := 2*float64(o.value) - avg/8 - 0.6*def
		scores[i] = s
		if best < 0 || s > bestS {
			best, bestS = i, s
		}
	}
	if best < 0 {
		return
	}
	k.target = best
	if k.p.W.Steady > 0 {
		k.steady(scores, combat)
	}
	limit := k.v.TurnLimit
	if limit <= 0 {
		k.urgency = 1
		return
	}
	left := limit - k.v.Turn + 1 // this turn included
	if left < 1 {
		left = 1
	}
	k.urgency = 0.6 + 1.8/float64(left)
	if k.attacker {
		k.urgency += 0.4
	} else if k.g.Scenario().DVP && k.dvpLead <= 0 && k.p.W.Ground < 1 {
		// An encounter that desert victory points decide: the first
		// knock-out wins it, so fighting comes before ground, and more so
		// when all the enemy's objectives together cannot break it (16.12).
		k.urgency *= k.p.W.Ground
		takeable, bp := 0, 0
		for _, o := range k.objs {
			if !o.owner && !o.ours {
				takeable += o.value
			}
		}
		for _, s := range k.v.Sides {
			if s.ID != k.me {
				bp = k.v.BreakPoint[s.ID]
			}
		}
		if takeable < bp {
			k.urgency *= 0.5
		}
	}
}

// steady keeps the objective the side set out for (issue 20: the chosen
// objective flipped between two inside one activation, as sightings
// changed the count of defenders near each). A stateless player cannot
// remember, so the plan is written at the head of the reason of the
// command that opens an activation ("[plan O2; held O1]": the objective
// and the objectives the side held then) and read back from the side's
// own kept reasons (Observation.Reasons: the save keeps them, as Play,
// `game ai` and the window do). Inside an activation the plan stands
// while the objective is not ours. At the choice of activation it is
// dropped when the situation changed: it was taken, an objective changed
// hands since it was set (16.11: taken or lost, at a turn's end), no
// combat base can reach it before the last turn ends (inTime), or a
// fresh pick scores W.Steady more (the defence found there is stronger
// than the plan reckoned).
func (k *knowledge) steady(scores []float64, combat []*base) {
	id, held, ok := k.lastPlan()
	if !ok {
		return
	}
	i := -1
	for j, o := range k.objs {
		if o.id == id {
			i = j
		}
	}
	if i < 0 || math.IsInf(scores[i], -1) || i == k.target {
		return // gone, ours now, or the fresh pick anyway
	}
	if k.v.Open != "" {
		k.target = i
		return
	}
	if held != k.held() {
		return
	}
	reachable := false
	for _, b := range combat {
		if k.inTime(b, hexmap.Distance(b.hex, k.objs[i].hex)-2) {
			reachable = true
			break
		}
	}
	if reachable && scores[k.target] <= scores[i]+k.p.W.Steady {
		k.target = i
	}
}

// planPrefix opens the reason that carries the plan (steady).
const planPrefix = "[plan "

// Readable is a kept reason as a person reads it: without the plan's tag
// ("[plan O2; held O1] "), which is the veteran's memory, not words (the
// reason goes on to say "on to O2 (the plan)"), and with the veteran's
// figures in words (PlainWords: "threat 0.36" is a chance to be knocked
// out). The save keeps the reason as the computer gave it.
func Readable(why string) string {
	if strings.HasPrefix(why, planPrefix) {
		if _, rest, ok := strings.Cut(why, "] "); ok {
			why = rest
		}
	}
	return PlainWords(why)
}

// lastPlan reads the plan back from the last of the side's kept reasons
// that carries one: the objective's ID and the objectives held then.
func (k *knowledge) lastPlan() (id, held string, ok bool) {
	rs := k.g.Reasons()
	for i := len(rs) - 1; i >= 0; i-- {
		w := rs[i].Why
		if !strings.HasPrefix(w, planPrefix) {
			continue
		}
		tag, _, found := strings.Cut(w[len(planPrefix):], "]")
		if !found {
			return "", "", false
		}
		id, held, found = strings.Cut(tag, "; held ")
		return id, held, found && id != ""
	}
	return "", "", false
}

// held names the objectives the side holds now, in the view's order
// ("none" for none).
func (k *knowledge) held() string {
	var ids []string
	for _, o := range k.objs {
		if o.ours {
			ids = append(ids, o.id)
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, " ")
}

// planTag is the head of an opening command's reason that keeps the plan
// (steady); "" without one.
func (k *knowledge) planTag() string {
	if k.p.W.Steady <= 0 || k.target < 0 {
		return ""
	}
	return planPrefix + k.objs[k.target].id + "; held " + k.held() + "] "
}

// slack is how many of the turns left (this one included) a base could
// spend not moving and still close to the plan's objective's 2-hex
// radius (16.11) at its pace (its farthest legal move, at least 9.1's
// 3 hexes) before the last turn ends.
func (k *knowledge) slack(b *base) int {
	if k.target < 0 {
		return 1 << 20
	}
	d := hexmap.Distance(b.hex, k.objs[k.target].hex) - 2
	if d <= 0 {
		return 1 << 20
	}
	r := max(k.reach[b.id], 3)
	return k.left - (d+r-1)/r
}

// planPull is how much nearer h brings a base to the plan's objective,
// in hexes, counting nothing inside 16.11's 2 hexes (there it holds).
func (k *knowledge) planPull(b *base, to hexmap.Hex) float64 {
	if k.target < 0 {
		return 0
	}
	o := k.objs[k.target].hex
	d0, d1 := hexmap.Distance(b.hex, o)-2, hexmap.Distance(to, o)-2
	if !k.inTime(b, d1) {
		return 0
	}
	if d0 < 0 {
		d0 = 0
	}
	if d1 < 0 {
		d1 = 0
	}
	return float64(d0 - d1)
}

// deployGain is what revealing a hidden unit of a side that must win is
// worth: a contact marker moves 3 hexes (9.1), a revealed vehicle unit
// its full allowance, so a unit far from the plan's objective gets there
// turns sooner. Infantry on foot gain little and stay hidden.
func (k *knowledge) deployGain(u string) float64 {
	if k.target < 0 || !k.unitHas(u, "contact") || k.p.W.Deploy <= 0 {
		return 0
	}
	o := k.objs[k.target].hex
	nb, vehicle, d := 0, false, 1<<20
	for _, b := range k.mine {
		if b.unit != u {
			continue
		}
		if b.t.Class.Vehicle() {
			vehicle = true
		}
		if b.carried {
			continue
		}
		nb++
		if x := hexmap.Distance(b.hex, o) - 2; x < d {
			d = x
		}
	}
	if !vehicle || nb == 0 || d <= 8 {
		return 0
	}
	if d > 16 {
		d = 16
	}
	return k.p.W.Deploy * k.p.W.Plan * k.urgency * float64(nb) * float64(d-6)
}

// failedMove is one of our moves that could not leave its hex: the first
// hex of its path holds an enemy base we do not see.
type failedMove struct {
	base     string
	from, to hexmap.Hex
}

// findBlockers lists the hexes a move must not cross: a move that runs
// into an enemy base stops in the hex before (a hidden one is found
// there). The engine's paths already pass round every enemy base and
// contact marker the side sees (docs/rules.md, "No path through a seen
// enemy"; they stay here as a guard); what only this side's memory knows
// is every hex where a move found a hidden enemy that is not seen
// elsewhere since, and the first step of each of our recent moves that
// could not leave its hex.
func (k *knowledge) findBlockers() {
	k.blockers = map[hexmap.Hex]bool{}
	add := func(h hexmap.Hex) {
		if !k.blockers[h] {
			k.blockers[h] = true
			k.blockList = append(k.blockList, h)
		}
	}
	for _, e := range k.enemy {
		add(e.hex)
	}
	for _, c := range k.contacts {
		add(c)
	}
	for _, f := range k.found {
		add(f)
	}
	for _, fm := range k.failed {
		// The blocker is the first step of the path the move took: ask
		// again for the same base if it is still there, else for any of
		// ours in that hex now.
		var who *base
		if b := k.byID[fm.base]; b != nil && b.hex == fm.from {
			who = b
		}
		if who == nil {
			for _, b := range k.mine {
				if b.hex == fm.from && !b.carried {
					who = b
					break
				}
			}
		}
		if who == nil {
			continue
		}
		for _, h := range k.path(who, fm.to) {
			if h != fm.from {
				add(h)
				break
			}
		}
	}
}

// path is the hexes a move of b to dest would cross (game.PreviewMove:
// the least-cost path, after the start), nil if it cannot go there.
func (k *knowledge) path(b *base, dest hexmap.Hex) []hexmap.Hex {
	p, ok := k.preview(b, dest)
	if !ok {
		return nil
	}
	out := make([]hexmap.Hex, 0, len(p.Steps))
	for _, st := range p.Steps {
		if h, err := k.g.Map().Hex(st.Hex); err == nil {
			out = append(out, h)
		}
	}
	return out
}

// pathBlocked: the path of a move of b to dest runs through a blocker
// (findBlockers), so the move would stop short.
func (k *knowledge) pathBlocked(b *base, dest hexmap.Hex) bool {
	if len(k.blockers) == 0 || k.p.W.Paths == 0 {
		return false
	}
	// Only a blocker near the straight line can be on the least-cost
	// path (slack for detours round bad going); skip the query otherwise.
	d := hexmap.Distance(b.hex, dest)
	near := false
	for _, h := range k.blockList {
		if hexmap.Distance(b.hex, h)+hexmap.Distance(h, dest) <= d+2+d/3 {
			near = true
			break
		}
	}
	if !near {
		return false
	}
	for _, h := range k.path(b, dest) {
		if k.blockers[h] {
			return true
		}
	}
	return false
}

// enemyIn: an enemy base is seen in h now.
func (k *knowledge) enemyIn(h hexmap.Hex) bool {
	for _, e := range k.enemy {
		if e.hex == h {
			return true
		}
	}
	return false
}
