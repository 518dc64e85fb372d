package review

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// Limits: how many turning points and decisions are named, how many of
// a side's worst-scored commands are looked at again, and how many of
// the legal alternatives at one of them are tried (evenly spread over
// the legal list when there are more).
const (
	TurningPoints   = 5
	Costliest       = 3
	Candidates      = 40
	MaxAlternatives = 160
)

// Review is the whole look back at one game.
type Review struct {
	Scenario  string  `json:"scenario"`
	Title     string  `json:"title"`
	Seed      uint64  `json:"seed"`
	Result    string  `json:"result"`
	Winner    *string `json:"winner"`
	Turns     int     `json:"turns"`
	Commands  int     `json:"commands"`
	Evaluator string  `json:"evaluator"`
	// ScoresDVP: the scenario scores desert victory points (F.3); the
	// by-turn DVP figures mean nothing otherwise and the text leaves them out.
	ScoresDVP bool         `json:"scores_dvp"`
	Turning   []Turning    `json:"turning_points"`
	Sides     []SideReview `json:"sides"`
}

// Turning is one of the commands that moved the evaluation most.
type Turning struct {
	N       int     `json:"n"` // the command's number in the save (1-based)
	Turn    int     `json:"turn"`
	Side    string  `json:"side"`
	Command string  `json:"command"`
	Why     string  `json:"why,omitempty"` // the computer's kept reason
	Before  float64 `json:"before"`        // side 0's expected result before it
	After   float64 `json:"after"`
	// Swing is the change for the side that gave the command: negative
	// when it hurt that side.
	Swing  float64  `json:"swing"`
	Events []string `json:"events"` // what it caused, as the umpire's log tells it
}

// SideReview is one side's account.
type SideReview struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	BreakStart int        `json:"break_start"`
	ByTurn     []TurnLine `json:"by_turn"`
	Costliest  []Decision `json:"costliest"`
}

// TurnLine is a side's Break Point (16.12) and losses at the end of a
// turn (or where the game ended).
type TurnLine struct {
	Turn       int `json:"turn"`
	BreakPoint int `json:"break_point"`
	Lost       int `json:"lost"`       // bases lost in the turn
	LostTotal  int `json:"lost_total"` // bases lost so far
	DVP        int `json:"dvp"`        // desert victory points scored so far (F.3)
}

// Decision is a command that cost its side: its value one step on (for
// that side, −1..+1) against the best legal alternative's.
type Decision struct {
	N           int     `json:"n"`
	Turn        int     `json:"turn"`
	Command     string  `json:"command"`
	Why         string  `json:"why,omitempty"`
	Value       float64 `json:"value"`
	Alternative string  `json:"alternative"`
	AltValue    float64 `json:"alternative_value"`
	Cost        float64 `json:"cost"`
	Tried       int     `json:"tried"` // alternatives tried
}

// ErrNotOver refuses an unfinished game: a review reads both sides'
// hidden units and reasons, which neither player may see before the end.
var ErrNotOver = errors.New("the game is not over")

// step is one command as the first replay saw it.
type step struct {
	turn, side    int
	choices       int // legal commands the side had
	before, after float64
	events        []string
}

// Run reviews the game a save holds, replaying it on s with ev. The save
// must replay to its recorded hashes and the game must be over.
func Run(sf *game.SaveFile, s *scenario.Scenario, ev Evaluator) (*Review, error) {
	g, err := game.New(s, sf.Seed)
	if err != nil {
		return nil, err
	}
	r := &Review{Scenario: sf.Scenario, Title: s.Title, Seed: sf.Seed, Commands: len(sf.Cmds), Evaluator: ev.Name(), ScoresDVP: s.DVP}
	for si := 0; si < 2; si++ {
		sd := g.Side(si)
		r.Sides = append(r.Sides, SideReview{ID: sd.ID, Name: sd.Name, BreakStart: sd.BreakStart, ByTurn: []TurnLine{}, Costliest: []Decision{}})
	}
	steps := make([]step, len(sf.Cmds))
	var lostBefore [2]int
	v := ev.Evaluate(g)
	for i, c := range sf.Cmds {
		st := step{turn: g.Turn(), side: g.Actor(), before: v, choices: len(g.LegalCommands())}
		evs, err := g.Do(c.Cmd)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: command %d %q: refused on replay: %v", sf.File, c.Line, i+1, c.Cmd, err)
		}
		if h := g.Hash(); h != c.Hash {
			return nil, fmt.Errorf("%s:%d: command %d %q: diverges: the state hash is %s, the save says %s", sf.File, c.Line, i+1, c.Cmd, h, c.Hash)
		}
		v = ev.Evaluate(g)
		st.after = v
		for _, e := range evs {
			st.events = append(st.events, e.String())
		}
		steps[i] = st
		if g.Turn() != st.turn || g.Over() {
			for si := 0; si < 2; si++ {
				n := lostBases(g, si)
				r.Sides[si].ByTurn = append(r.Sides[si].ByTurn, TurnLine{Turn: st.turn, BreakPoint: g.BreakPoint(si),
					Lost: n - lostBefore[si], LostTotal: n, DVP: g.DVPScored(si)})
				lostBefore[si] = n
			}
		}
	}
	if !g.Over() {
		return nil, fmt.Errorf("%s:%d: %w (turn %d, %s to act): a review reads both sides' hidden units and reasons, so it waits for the end", sf.File, sf.Lines, ErrNotOver, g.Turn(), g.Side(g.Actor()).ID)
	}
	r.Result, r.Turns = g.Result(), g.Turn()
	if w := g.Winner(); w >= 0 {
		id := g.Side(w).ID
		r.Winner = &id
	}
	r.Turning = turning(g, sf, steps)
	for si := 0; si < 2; si++ {
		ds, err := costliest(s, sf, steps, si, ev)
		if err != nil {
			return nil, err
		}
		r.Sides[si].Costliest = ds
	}
	return r, nil
}

// swing is a step's change in the evaluation for the side that acted.
func (st step) swing() float64 {
	d := st.after - st.before
	if st.side == 1 {
		d = -d
	}
	return d
}

// turning picks the commands that moved the evaluation most (either
// way), ties to the earlier command.
func turning(g *game.Game, sf *game.SaveFile, steps []step) []Turning {
	idx := make([]int, len(steps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return math.Abs(steps[idx[a]].after-steps[idx[a]].before) > math.Abs(steps[idx[b]].after-steps[idx[b]].before)
	})
	out := []Turning{}
	for _, i := range idx {
		st := steps[i]
		if len(out) == TurningPoints || round(st.after-st.before) == 0 {
			break
		}
		evs := st.events
		if evs == nil {
			evs = []string{}
		}
		out = append(out, Turning{N: i + 1, Turn: st.turn, Side: g.Side(st.side).ID, Command: sf.Cmds[i].Cmd, Why: sf.Cmds[i].Why,
			Before: round(st.before), After: round(st.after), Swing: round(st.swing()), Events: evs})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].N < out[b].N })
	return out
}

// costliest looks again at the Candidates commands of side si whose
// evaluation fell most for it (or stood still where it had the most
// choices: the material evaluation moves only when something is hit or
// changes hands, so a good alternative shows where a bad one did not),
// replaying the game to each and trying the
// other legal commands one step on a Clone (the dice fall as they would
// have: a Clone throws the same dice), and keeps the Costliest whose
// best alternative beat them by most.
func costliest(s *scenario.Scenario, sf *game.SaveFile, steps []step, si int, ev Evaluator) ([]Decision, error) {
	var cand []int
	for i, st := range steps {
		if st.side == si && st.swing() <= 0 && st.choices > 1 {
			cand = append(cand, i)
		}
	}
	// The worst swings first; among equal ones, the richest choices.
	sort.SliceStable(cand, func(a, b int) bool {
		x, y := steps[cand[a]], steps[cand[b]]
		if sx, sy := round(x.swing()), round(y.swing()); sx != sy {
			return sx < sy
		}
		return x.choices > y.choices
	})
	if len(cand) > Candidates {
		cand = cand[:Candidates]
	}
	sort.Ints(cand)
	out := []Decision{}
	if len(cand) == 0 {
		return out, nil
	}
	g, err := game.New(s, sf.Seed)
	if err != nil {
		return nil, err
	}
	sign := 1.0
	if si == 1 {
		sign = -1
	}
	next := 0
	for i, c := range sf.Cmds {
		if next < len(cand) && cand[next] == i {
			next++
			chosen := sign * steps[i].after
			legal := g.Legal()
			best, bestV, tried := "", math.Inf(-1), 0
			for _, alt := range spread(legal, c.Cmd) {
				cl := g.Clone()
				if _, err := cl.Do(alt); err != nil {
					continue
				}
				tried++
				if v := sign * ev.Evaluate(cl); v > bestV {
					best, bestV = alt, v
				}
			}
			if best != "" && round(bestV-chosen) > 0 {
				out = append(out, Decision{N: i + 1, Turn: steps[i].turn, Command: c.Cmd, Why: c.Why, Value: round(chosen),
					Alternative: best, AltValue: round(bestV), Cost: round(bestV - chosen), Tried: tried})
			}
			if next == len(cand) {
				break
			}
		}
		if _, err := g.Do(c.Cmd); err != nil {
			return nil, fmt.Errorf("%s:%d: command %d %q: refused on replay: %v", sf.File, c.Line, i+1, c.Cmd, err)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Cost > out[b].Cost })
	if len(out) > Costliest {
		out = out[:Costliest]
	}
	return out, nil
}

// spread is the legal commands other than chosen, at most
// MaxAlternatives of them, evenly spaced over the list (Legal's order is
// deterministic) so every kind of command is tried.
func spread(legal []string, chosen string) []string {
	var alts []string
	for _, l := range legal {
		if l != chosen {
			alts = append(alts, l)
		}
	}
	if len(alts) <= MaxAlternatives {
		return alts
	}
	out := make([]string, 0, MaxAlternatives)
	for k := 0; k < MaxAlternatives; k++ {
		out = append(out, alts[k*len(alts)/MaxAlternatives])
	}
	return out
}

// lostBases counts a side's bases lost so far.
func lostBases(g *game.Game, si int) int {
	n := 0
	for _, su := range g.Scn.Sides[si].Units {
		if u, ok := g.Unit(su.ID); ok {
			for _, b := range u.Bases {
				if lost(b) {
					n++
				}
			}
		}
	}
	return n
}

// round keeps three decimals: enough to rank, and stable in the golden
// files.
func round(x float64) float64 { return math.Round(x*1000) / 1000 }
