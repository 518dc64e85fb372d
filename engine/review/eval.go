// Package review looks back over a finished game (issue 20, "Teach the
// player"): it replays the save, evaluates the whole state after every
// command, and names the turning points, each side's Break Point and
// losses turn by turn, and each side's costliest decisions with the
// alternative that would have done better one step on.
//
// It reads the whole game (both sides' hidden units and reasons), which
// is why it runs only on a game that is over: during play a side may read
// nothing but its Observation.
package review

import (
	"math"

	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// Evaluator scores a whole game state: the expected result for side 0,
// from −1 (side 1 surely wins) through 0 (even, or a draw) to +1 (side 0
// surely wins). It must be deterministic and must not change the game.
// The expert's evaluation can be plugged in here in place of Material.
type Evaluator interface {
	Name() string
	Evaluate(g *game.Game) float64
}

// Material is the built-in evaluation: the Break Point margin (16.12,
// objectives held included), the objectives each side controls (16.11,
// as the game last scored them), the
// combat strength left on each side, desert victory points where they
// decide a drawn game (F.3), and for an all-out attack the time left
// (7.1 step 10: the defender wins when it runs out). A finished game
// scores its result.
type Material struct{}

// Name implements Evaluator.
func (Material) Name() string {
	return "material: Break Point margin, objectives held, strength left, desert victory points, time left"
}

// Weights of Material's terms, before the squash to −1..+1.
const (
	wBreak     = 1.5
	wObjective = 0.5
	wStrength  = 1.0
	wDVP       = 1.0
	wTime      = 0.6
)

// HeldEvaluator is an Evaluator that can also score a game's position as
// if each objective were held by holder[i] (a side index, in
// g.Objectives()'s order) rather than by its controller, the game's result
// aside (a finished game scored as its position): the review then credits
// what an objective scored at the turn's end (16.11) was worth to the
// command that took it (Run, credit).
type HeldEvaluator interface {
	Evaluator
	EvaluateHeld(g *game.Game, holder []int) float64
}

// Evaluate implements Evaluator.
func (m Material) Evaluate(g *game.Game) float64 {
	if g.Over() {
		switch g.Winner() {
		case 0:
			return 1
		case 1:
			return -1
		}
		return 0
	}
	objs := g.Objectives()
	ctl := make([]int, len(objs))
	for i, o := range objs {
		ctl[i] = o.Controller
	}
	return m.EvaluateHeld(g, ctl)
}

// EvaluateHeld implements HeldEvaluator.
func (Material) EvaluateHeld(g *game.Game, holder []int) float64 {
	var bp, strength [2]float64
	objs := g.Objectives()
	for si := 0; si < 2; si++ {
		start := g.Side(si).BreakStart
		if start > 0 {
			// 16.12 counts an objective of the side's held by the enemy:
			// by holder, not as last scored
			n := g.BreakPoint(si)
			for i, o := range objs {
				if o.Owner == si && o.Controller != si {
					n += o.Value
				}
				if o.Owner == si && holder[i] != si {
					n -= o.Value
				}
			}
			bp[si] = math.Max(0, float64(n)) / float64(start)
		}
		now, all := sideStrength(g, si)
		if all > 0 {
			strength[si] = now / all
		}
	}
	x := wBreak*(bp[0]-bp[1]) + wStrength*(strength[0]-strength[1])
	if held, total := objectives(objs, holder); total > 0 {
		x += wObjective * float64(held[0]-held[1]) / float64(total)
	}
	s := g.Scn
	if s.DVP && s.Type != "all-out-attack" {
		a, b := g.DVPScored(0), g.DVPScored(1)
		if pool := dvpPool(g); pool > 0 {
			x += wDVP * float64(a-b) / float64(pool) * 4
		}
	}
	if s.Type == "all-out-attack" {
		if att, ok := g.SideIndex(s.Attacker); ok {
			// The defender wins when time runs out: the less is left, the
			// more the clock is worth to it.
			limit := s.TurnLimit()
			used := float64(g.Turn()-1) / float64(limit)
			sign := 1.0
			if att == 0 {
				sign = -1
			}
			x += sign * wTime * used
		}
	}
	return math.Tanh(x)
}

// sideStrength is the combat worth of a side's bases still in the game
// (on the map or to arrive), and of all it started with: each base
// counts 1 + its DVP, so a tank weighs more than a section.
func sideStrength(g *game.Game, si int) (now, all float64) {
	for _, su := range g.Scn.Sides[si].Units {
		u, ok := g.Unit(su.ID)
		if !ok {
			continue
		}
		for _, b := range u.Bases {
			w := 1 + float64(b.Type.DVP)
			all += w
			if !lost(b) {
				now += w
			}
		}
	}
	return now, all
}

// lost: a base knocked out, or of a unit that has left the game (routed,
// surrendered, destroyed).
func lost(b *game.Base) bool { return b.KO || b.Unit.Gone != "" }

// objectives is the objective value each side holds (holder), and the
// total.
func objectives(objs []game.Objective, holder []int) (held [2]int, total int) {
	for i, o := range objs {
		total += o.Value
		if h := holder[i]; h == 0 || h == 1 {
			held[h] += o.Value
		}
	}
	return held, total
}

// holding is who would hold each objective were the turn to end now:
// 16.11's count as the game makes it at the end of a turn (more valid
// holders — any base on the map but an unarmoured transport or a
// passenger — within 10 cm, 2 hexes), else the side that controls it now.
// It reads every base of the game: the review's, after the game is over.
func holding(g *game.Game) ([]game.Objective, []int) {
	objs := g.Objectives()
	radius := scale.Hexes(10)
	holder := make([]int, len(objs))
	for i, o := range objs {
		var n [2]int
		for _, b := range g.Bases() {
			if b.Effective() && b.Type.Class != forces.Transport && hexmap.Distance(b.Hex, o.Hex) <= radius {
				if s := b.Unit.Side; s == 0 || s == 1 {
					n[s]++
				}
			}
		}
		switch {
		case n[0] > n[1]:
			holder[i] = 0
		case n[1] > n[0]:
			holder[i] = 1
		default:
			holder[i] = o.Controller
		}
	}
	return objs, holder
}

// dvpPool is the DVP of every base of both sides: the most either could
// score, which scales the DVP lead.
func dvpPool(g *game.Game) int {
	n := 0
	for si := range g.Scn.Sides {
		for _, su := range g.Scn.Sides[si].Units {
			if u, ok := g.Unit(su.ID); ok {
				for _, b := range u.Bases {
					n += b.Type.DVP
				}
			}
		}
	}
	return n
}
