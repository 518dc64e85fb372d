package game

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Observation is one side's window on a game: everything that side may
// read and nothing else. Players (the computer opponent, the window's
// side, `game show --as`) are handed an Observation, never the Game, so
// fog is kept by the type: its game is unexported, and every method
// answers from the side's view, its log, its legal commands or queries
// that refuse what it cannot see.
//
// An Observation follows its game as it changes. A player that thinks on
// another goroutine observes a Clone (Game.Clone) so the game can go on.
type Observation struct {
	g    *Game
	side int
}

// Observe returns side's Observation of g.
func (g *Game) Observe(side int) *Observation {
	if side != 0 && side != 1 {
		panic(fmt.Sprintf("game: Observe(%d): a side is 0 or 1", side))
	}
	if o := g.obs[side]; o != nil {
		return o
	}
	return &Observation{g: g, side: side}
}

// OwnCommand is command n (1-based, as Event.Cmd counts) if the observing
// side gave it: a side knows its own orders, never the enemy's.
func (o *Observation) OwnCommand(n int) (string, bool) {
	if n < 1 || n > len(o.g.cmds) || int(o.g.cmdBy[n-1]) != o.side {
		return "", false
	}
	return o.g.cmds[n-1], true
}

// Side is the observing side's index.
func (o *Observation) Side() int { return o.side }

// SideID is the observing side's ID.
func (o *Observation) SideID() string { return o.g.sides[o.side].ID }

// Scenario, Map and Catalogue are the game's fixed information: the same
// for both sides and for the whole game.
func (o *Observation) Scenario() *scenario.Scenario { return o.g.Scn }

// Map is the game's map.
func (o *Observation) Map() *hexmap.Map { return o.g.Map }

// Catalogue is the unit catalogue the game's bases come from.
func (o *Observation) Catalogue() *forces.Catalogue { return o.g.Cat }

// Label names a hex of the map.
func (o *Observation) Label(h hexmap.Hex) string { return o.g.Map.Label(h) }

// Seed is the game's seed: public (saves carry it), and a player may use
// it to make its own choices reproducible; it says nothing of the dice to
// come without the whole state.
func (o *Observation) Seed() uint64 { return o.g.Seed }

// ToAct reports whether the observing side is to give the next command.
func (o *Observation) ToAct() bool { return !o.g.Over() && o.g.actor == o.side }

// Actor is the side to act: public, as at the table.
func (o *Observation) Actor() int { return o.g.actor }

// Over reports the game's end.
func (o *Observation) Over() bool { return o.g.Over() }

// Turn is the game turn.
func (o *Observation) Turn() int { return o.g.turn }

// Phase is where the turn stands.
func (o *Observation) Phase() Phase { return o.g.phase }

// View is the state as the side sees it (ViewAs).
func (o *Observation) View() View { return o.g.ViewAs(o.side) }

// Events is the side's log, numbered in its own sequence (EventsFor):
// the game's own list, shared by every reader, so never change it.
func (o *Observation) Events() []Event { return o.g.EventsFor(o.side) }

// Latest is the side's part of the log caused by the last command given,
// numbered as in Events: what a player is told its command (or the
// enemy's) did.
func (o *Observation) Latest() []Event { return o.g.latestFor(o.side) }

// Legal lists the commands the side may give now; none when it is not to
// act.
func (o *Observation) Legal() []string {
	if !o.ToAct() {
		return nil
	}
	return o.g.Legal()
}

// Commands is Legal, parsed.
func (o *Observation) Commands() []Command {
	if !o.ToAct() {
		return nil
	}
	return o.g.LegalCommands()
}

// SharedCommands is Commands without the copy: the game's own list,
// shared by every reader until the state changes, for a player that only
// reads it (the computer asks at every decision, for lists of thousands
// of commands). Never change it.
func (o *Observation) SharedCommands() []Command {
	if !o.ToAct() || o.g.phase == PhaseOver {
		return nil
	}
	return slices.Clip(o.g.legalShared())
}

// errNotToAct refuses a query about a command when the side is not to
// act: a fact both sides know.
func (o *Observation) errNotToAct() error {
	return fmt.Errorf("%s is not to act", o.g.sides[o.side].Name)
}

// Check says whether the side could give c now: nil, or the reason Do
// would give. It changes nothing.
func (o *Observation) Check(c Command) error {
	if !o.ToAct() {
		return o.errNotToAct()
	}
	_, err := o.g.check(c, false)
	return err
}

// ShotOdds answers "what if base fires at target" (the side's base, an
// enemy base it sees).
func (o *Observation) ShotOdds(baseID, targetID string) (ShotOdds, error) {
	b, err := o.g.ownBase(baseID, o.side)
	if err != nil {
		return ShotOdds{}, err
	}
	t, err := o.g.enemyBase(targetID, o.side)
	if err != nil {
		return ShotOdds{}, err
	}
	return o.g.Odds(b, t)
}

// AssaultOdds answers "what if base assaults target" for the side to act.
func (o *Observation) AssaultOdds(baseID, targetID string) (AssaultOdds, error) {
	if !o.ToAct() {
		return AssaultOdds{}, o.errNotToAct()
	}
	return o.g.AssaultOdds(baseID, targetID)
}

// PreviewMove answers "what would move B HEX cost and risk" for the side
// to act.
func (o *Observation) PreviewMove(baseID, label string) (MovePreview, error) {
	if !o.ToAct() {
		return MovePreview{}, o.errNotToAct()
	}
	return o.g.PreviewMove(baseID, label)
}

// MoveOptions lists where the side's base may move now.
func (o *Observation) MoveOptions(baseID string) ([]ReachHex, error) {
	if !o.ToAct() {
		return nil, o.errNotToAct()
	}
	return o.g.MoveOptions(baseID)
}

// AreaOdds is what a fire for effect or an air strike on a hex would do
// to each base there that the side can see (its own included: the shells
// do not choose), exactly, from the tables: seed 002's area-fire to-hit
// and the shooting save (§10.15–.18), or an air strike's accuracy, each
// aircraft's to-hit and the save (14.9). Contact Markers in the area are
// named, not opened: what they hide stays hidden.
type AreaOdds struct {
	Support string `json:"support"` // the battery or sortie
	Hex     string `json:"hex"`
	Radius  int    `json:"radius"`
	// Accuracy is the chance an air strike lands where it was aimed (1
	// for artillery: its deviation was thrown when it ranged). A strike
	// that strays is not counted, nor AA fire the side cannot know of.
	Accuracy float64    `json:"accuracy"`
	Bases    []BaseFate `json:"bases"`
	Contacts []string   `json:"contacts,omitempty"`
}

// BaseFate is one base's chances under an attack.
type BaseFate struct {
	Base, Side                   string
	Unharmed, Pinned, KnockedOut float64
}

// AreaOdds answers "what if this battery fired for effect, or this sortie
// struck, at hex" for the observing side: support is one of its
// batteries (on the aim point it is ranged on, or hex for a planning
// figure) or one of its sorties.
func (o *Observation) AreaOdds(support, label string) (AreaOdds, error) {
	g := o.g
	h, err := g.Map.Hex(label)
	if err != nil {
		return AreaOdds{}, err
	}
	out := AreaOdds{Support: support, Hex: g.Label(h), Accuracy: 1, Bases: []BaseFate{}}
	fate := func(b *Base, hit float64, save combat.Test, tries int) {
		c := save.Chances()
		ko, pin := hit*c[combat.Failure], hit*c[combat.Middle]
		f := BaseFate{Base: b.ID, Side: g.sides[b.Unit.Side].ID}
		// tries independent attacks: knocked out by any; pinned by one at
		// least and knocked out by none
		f.KnockedOut = 1 - math.Pow(1-ko, float64(tries))
		f.Pinned = math.Pow(1-ko, float64(tries)) - math.Pow(1-ko-pin, float64(tries))
		f.KnockedOut *= out.Accuracy
		f.Pinned *= out.Accuracy
		f.Unharmed = 1 - f.KnockedOut - f.Pinned
		out.Bases = append(out.Bases, f)
	}
	visible := g.visibility(o.side)
	seen := func(i int, b *Base) bool { return b.Effective() && b.OnMap() && visible[i] }
	markers := func(r int) {
		for _, u := range g.units {
			if u.Side != o.side && u.Contact && u.InPlay() && hexmap.Distance(u.live()[0].Hex, h) <= r {
				out.Contacts = append(out.Contacts, u.ID)
			}
		}
	}
	if bt, err := g.battery(support, o.side); err == nil {
		out.Radius = g.FFERadius(bt)
		in := g.areaFireInput(bt, false)
		for i, b := range g.bases {
			if !seen(i, b) || hexmap.Distance(b.Hex, h) > out.Radius {
				continue
			}
			in.TargetBunker = g.shelterOf(b) != nil
			fate(b, combat.AreaFireHit(in).Chances()[combat.Success], g.AreaSave(bt, b), 1)
		}
		markers(out.Radius)
		return out, nil
	}
	var s *Sortie
	for _, x := range g.air.Sorties {
		if x.ID == support && x.Side == o.side {
			s = x
		}
	}
	if s == nil {
		return AreaOdds{}, fmt.Errorf("no battery or sortie %q of %s", truncate(support), g.sides[o.side].Name)
	}
	if s.Done != "" {
		return AreaOdds{}, errors.New(s.ID + " has " + s.Done)
	}
	inWood, nearWood := g.woodsAt(h)
	designated := s.Target != nil && *s.Target == h
	out.Accuracy = combat.AirAccuracy(s.Type.TQ, designated, inWood, nearWood).Chances()[combat.Success]
	for i, b := range g.bases {
		if !seen(i, b) || b.Hex != h {
			continue
		}
		ans := g.airAnswer(s, b)
		if !ans.Clear {
			continue
		}
		hit, _ := g.airHitTest(s, b, ans)
		fate(b, hit.Chances()[combat.Success], g.airSave(s, b, ans), s.Number)
	}
	markers(0)
	return out, nil
}
