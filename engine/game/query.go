package game

import (
	"fmt"
	"slices"
	"sync"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Queries the window and the computer opponent ask before they commit a
// command. They never change the game, and they answer only what the side
// to act may know.

// ReachHex is one hex a base can move to now and what it costs.
type ReachHex struct {
	Hex  string   `json:"hex"`
	Cost move.MP  `json:"cost"`
	Path []string `json:"path"`
}

// MoveOptions lists every hex the acting side's base may move to with a
// "move" command now, with its MF/MP cost and path (each also in Legal).
func (g *Game) MoveOptions(baseID string) ([]ReachHex, error) {
	b, err := g.ownBase(baseID, g.actor)
	if err != nil {
		return nil, err
	}
	a, err := g.cachedArea(b)
	if err != nil {
		return nil, err
	}
	var out []ReachHex
	l := &lister{g: g}
	g.baseCommands(l, b, "move")
	for _, c := range l.out {
		if c.Verb != VerbMove {
			continue
		}
		label := c.Hex.String()
		h, err := g.Map.HexOf(c.Hex)
		if err != nil {
			continue
		}
		cost, _ := a.Cost(h)
		p := a.Path(h)
		path := []string{g.Label(p.From)}
		for _, ac := range p.Actions {
			path = append(path, g.Label(ac.Hex))
		}
		out = append(out, ReachHex{Hex: label, Cost: cost, Path: path})
	}
	return out, nil
}

// ShotOdds answers "what if base fires at target" for the side to act.
func (g *Game) ShotOdds(baseID, targetID string) (ShotOdds, error) {
	b, err := g.ownBase(baseID, g.actor)
	if err != nil {
		return ShotOdds{}, err
	}
	t, err := g.enemyBase(targetID, g.actor)
	if err != nil {
		return ShotOdds{}, err
	}
	return g.Odds(b, t)
}

// HexOf reads a hex label on the game's map.
func (g *Game) HexOf(label string) (hexmap.Hex, error) { return g.Map.Hex(label) }

// MoveStep is one hex of a previewed move: what entering it costs, why
// (each term with its rule), and the bog or immobilization check it calls
// for, if any.
type MoveStep struct {
	Hex    string   `json:"hex"`
	Cost   move.MP  `json:"cost"`
	Why    []string `json:"why"`
	Checks []string `json:"checks,omitempty"`
}

// MovePreview is a move before it is committed: the path, the cost of
// each step and the checks it will throw (3.31, 7.31, 11.8), the Orders
// it needs (seed 002 Note D) and the vehicle dust it will raise (11.74).
type MovePreview struct {
	Base   string     `json:"base"`
	To     string     `json:"to"`
	Total  move.MP    `json:"total"`
	Steps  []MoveStep `json:"steps"`
	Orders int        `json:"orders"`
	NoteD  string     `json:"note_d,omitempty"`
	Dust   []string   `json:"dust,omitempty"`
	// ManHandle: the gun must pass the man-handling test first (9.4).
	ManHandle bool `json:"man_handle,omitempty"`
	// Defences warns of the minefields and wire on the path the side knows
	// of (F.7, 13.4; mines.go).
	Defences []string `json:"defences,omitempty"`
}

// PreviewMove answers "what would move B HEX cost and risk" for the side
// to act, without throwing anything.
func (g *Game) PreviewMove(baseID, label string) (MovePreview, error) {
	c, err := g.parse("move " + baseID + " " + label)
	if err != nil {
		return MovePreview{}, err
	}
	p := c.plan
	if p.path.Actions == nil {
		a, err := g.cachedArea(c.base)
		if err != nil {
			return MovePreview{}, err
		}
		p.path = a.Path(c.hex)
	}
	key := walkKey{g.plan, p.unit, p.path.From, c.hex}
	w, ok := g.walks.get(key)
	if !ok || !samePath(w.path, p.path) {
		if w, err = g.walk(p); err != nil {
			return MovePreview{}, err
		}
		g.walks.put(key, w)
	}
	out := MovePreview{Base: baseID, To: g.Label(c.hex), Total: w.mv.Total, Orders: c.orders, ManHandle: c.base.Type.Class == forces.Gun}
	if ok, why := g.noteD(c.base.Hex, w.path); ok {
		out.NoteD = why
	}
	out.Steps = slices.Clone(w.steps)
	out.Dust = slices.Clone(w.dust)
	out.Defences = g.pathDefences(c.base, w.mv)
	return out, nil
}

// walked is a move walked for PreviewMove and what of it the preview
// tells: all of it a function of the planner, the mover and the path.
type walked struct {
	path  move.Path
	mv    *move.Move
	steps []MoveStep
	dust  []string
}

// walk walks p's path for PreviewMove.
func (g *Game) walk(p *movePlan) (*walked, error) {
	mv, err := g.plan.Walk(p.unit, p.path)
	if err != nil {
		return nil, err
	}
	w := &walked{path: p.path, mv: mv}
	for _, st := range mv.Steps {
		s := MoveStep{Hex: g.Label(st.Hex), Cost: st.Cost, Why: st.Why()}
		for _, ch := range st.Checks {
			s.Checks = append(s.Checks, fmt.Sprintf("%s (%s), DRM %+d", ch.Kind, ch.Kind.Rule(), ch.DRM))
		}
		w.steps = append(w.steps, s)
	}
	for _, h := range mv.Dust {
		w.dust = append(w.dust, g.Label(h))
	}
	return w, nil
}

// walkCache keeps PreviewMove's walks: a walk depends only on the planner
// (replaced whole when its counters change), the mover and the path, so
// it stays true across commands and clones, as the move areas do
// (reachCache). An entry is used only for the very path it was walked
// along. The computer previews the same few moves of a base at decision
// after decision. Bounded: full, it starts again.
type walkCache struct {
	mu sync.Mutex
	m  map[walkKey]*walked
}

type walkKey struct {
	plan     *move.Planner
	unit     move.Unit
	from, to hexmap.Hex
}

// samePath reports whether two paths are the same start and actions.
func samePath(a, b move.Path) bool {
	return a.From == b.From && a.Crest == b.Crest && a.Front == b.Front && slices.Equal(a.Actions, b.Actions)
}

// maxWalks bounds the walk cache (a walk is a few hundred bytes).
const maxWalks = 8192

func (c *walkCache) get(k walkKey) (*walked, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	w, ok := c.m[k]
	return w, ok
}

func (c *walkCache) put(k walkKey, w *walked) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxWalks {
		c.m = map[walkKey]*walked{}
	}
	c.m[k] = w
}

// AssaultOdds is a close assault before it is committed (11.9–11.10):
// the attacker's to-hit and the target's save, the target's counter-blow
// if it can fight back, and the chance of each base being knocked out.
type AssaultOdds struct {
	ToHit, Save            combat.Test
	FightsBack             bool
	BackHit, BackSave      combat.Test
	TargetOut, AttackerOut float64
}

// AssaultOdds answers "what if base assaults target" for the side to act.
func (g *Game) AssaultOdds(baseID, targetID string) (AssaultOdds, error) {
	c, err := g.parse("assault " + baseID + " " + targetID)
	if err != nil {
		return AssaultOdds{}, err
	}
	b, t := c.base, c.target
	o := AssaultOdds{ToHit: g.crestCC(b, t, combat.CloseAssaultHit(combat.AssaultHit{TQ: b.Unit.TQ, OfficerTQ: g.officerWith(b)})), Save: g.assaultSave(t, b)}
	o.TargetOut = o.ToHit.Chances()[combat.Success] * o.Save.Chances()[combat.Failure]
	if o.FightsBack = !t.Pinned && t.Type.Class != forces.Transport && t.Type.Class != forces.Observer; o.FightsBack {
		o.BackHit = g.crestCC(t, b, combat.CloseAssaultHit(combat.AssaultHit{TQ: t.Unit.TQ, OfficerTQ: g.officerWith(t), FightingBack: true}))
		o.BackSave = g.assaultSave(b, t)
		o.AttackerOut = o.BackHit.Chances()[combat.Success] * o.BackSave.Chances()[combat.Failure]
	}
	return o, nil
}
