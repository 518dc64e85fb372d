package review

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"khamsin/engine/ai"
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
	// Replied is how many of the best alternatives one step on (and the
	// command given) are played on through the enemy's reply; ReplyCap
	// caps such a playout in commands.
	Replied  = 4
	ReplyCap = 16
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
	// Credit is the swing of objectives scored at the turn's end (16.11)
	// moved onto this command, which took them (+ for side 0), or off the
	// command that ended the turn (Held says which and where).
	Credit float64  `json:"credit,omitempty"`
	Held   []string `json:"held,omitempty"`
	// Swing is the change for the side that gave the command, Credit
	// included: negative when it hurt that side.
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

// Decision is a command that cost its side: its value (for that side,
// −1..+1) once the enemy has replied, against the best alternative's: the
// legal commands are tried one step on, and the best Replied of them and
// the command given are played on by the veteran (level 2) for both sides
// to the end of the enemy's next activation (or the turn's), on the same
// dice.
type Decision struct {
	N           int     `json:"n"`
	Turn        int     `json:"turn"`
	Command     string  `json:"command"`
	Why         string  `json:"why,omitempty"`
	Value       float64 `json:"value"`
	Alternative string  `json:"alternative"`
	AltValue    float64 `json:"alternative_value"`
	Cost        float64 `json:"cost"`
	Tried       int     `json:"tried"`   // alternatives tried one step on
	Replied     int     `json:"replied"` // of them, played on through the enemy's reply
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
	held          []int    // who would hold each objective before the command (holding)
	credit        float64  // objective scoring moved onto (+) or off (−) this command, side 0's terms
	notes         []string // what the credit is for
}

// swung is the step's change in the evaluation with the objective scoring
// credited where it was earned, side 0's terms.
func (st step) swung() float64 { return st.after - st.before + st.credit }

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
		objs, held := holding(g)
		st.held = held
		ctl := make([]int, len(objs))
		for k, o := range objs {
			ctl[k] = o.Controller
		}
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
		credit(g, ev, steps, i, ctl)
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

// swing is a step's change in the evaluation for the side that acted,
// objective scoring credited where it was earned (credit).
func (st step) swing() float64 {
	d := st.swung()
	if st.side == 1 {
		d = -d
	}
	return d
}

// credit moves the swing of each objective the game scored on step i (at
// the turn's end, 16.11) onto the command that earned it: the one from
// which the side that was scored it held it (holding) until the turn
// ended; it stays on step i when no command of the turn did (it was held
// from before the turn's first command, or the turn's end itself changed
// who held it). Only a HeldEvaluator can say what one objective was
// worth (in the position: where the scoring also ended the game, the
// result's certainty beyond it stays on step i); ctl is who controlled
// each objective before step i.
func credit(g *game.Game, ev Evaluator, steps []step, i int, ctl []int) {
	hev, ok := ev.(HeldEvaluator)
	if !ok {
		return
	}
	objs := g.Objectives()
	now := make([]int, len(objs))
	for k, o := range objs {
		now[k] = o.Controller
	}
	v := hev.EvaluateHeld(g, now)
	for k, o := range objs {
		w := o.Controller
		if k >= len(ctl) || w == ctl[k] {
			continue
		}
		if steps[i].held[k] != w {
			continue // the turn's end itself changed who held it
		}
		m := i
		for m > 0 && steps[m-1].turn == steps[i].turn && steps[m-1].held[k] == w {
			m--
		}
		// steps[m] is the first command the objective was held by w
		// before; the command before it made it so
		if m == 0 || steps[m-1].turn != steps[i].turn {
			continue // held since before the turn's first command
		}
		by := m - 1
		was := slices.Clone(now)
		was[k] = ctl[k]
		part := v - hev.EvaluateHeld(g, was)
		name := fmt.Sprintf("%s (%s)", o.ID, o.Name)
		forW := part
		if w == 1 {
			forW = -part
		}
		steps[by].credit += part
		steps[by].notes = append(steps[by].notes, fmt.Sprintf("from here %s held %s to the turn's end, when it was scored (#%d): %+.2f for %s", g.Side(w).ID, name, i+1, round(forW), g.Side(w).ID))
		steps[i].credit -= part
		steps[i].notes = append(steps[i].notes, fmt.Sprintf("%s scored to %s here: its %+.2f for %s is credited to #%d, which took it", name, g.Side(w).ID, round(forW), g.Side(w).ID, by+1))
	}
}

// turning picks the commands that moved the evaluation most (either
// way), objective scoring credited to the command that earned it (credit),
// ties to the earlier command.
func turning(g *game.Game, sf *game.SaveFile, steps []step) []Turning {
	idx := make([]int, len(steps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return math.Abs(steps[idx[a]].swung()) > math.Abs(steps[idx[b]].swung())
	})
	out := []Turning{}
	for _, i := range idx {
		st := steps[i]
		if len(out) == TurningPoints || round(st.swung()) == 0 {
			break
		}
		evs := st.events
		if evs == nil {
			evs = []string{}
		}
		out = append(out, Turning{N: i + 1, Turn: st.turn, Side: g.Side(st.side).ID, Command: sf.Cmds[i].Cmd, Why: sf.Cmds[i].Why,
			Before: round(st.before), After: round(st.after), Credit: round(st.credit), Held: st.notes, Swing: round(st.swing()), Events: evs})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].N < out[b].N })
	return out
}

// costliest looks again at the Candidates commands of side si that
// cost it most through the enemy's reply in the game as played (the
// evaluation from before the command to after the enemy's next activation:
// a move's price is often paid on the enemy's next command), or stood
// still where it had the most choices, replaying the game to each: every
// other legal command (at most MaxAlternatives) is tried one step on a
// Clone, and the best Replied of them and the command given are played on
// through the enemy's reply (reply: the veteran for both sides, the same
// dice: a Clone throws what the game would have), and it keeps the
// Costliest whose best alternative beat them by most once the enemy had
// replied.
func costliest(s *scenario.Scenario, sf *game.SaveFile, steps []step, si int, ev Evaluator) ([]Decision, error) {
	sign := 1.0
	if si == 1 {
		sign = -1
	}
	// the swing through the reply as played, the turn's end left out (its
	// objective scoring and result belong to no one command's reply)
	through := func(i int) float64 {
		j := replyEnd(steps, i)
		end := steps[j].after
		if j == len(steps)-1 || steps[j+1].turn != steps[j].turn {
			end = steps[j].before
		}
		return round(sign * (end - steps[i].before))
	}
	var cand []int
	for i, st := range steps {
		if st.side == si && through(i) <= 0 && st.choices > 1 {
			cand = append(cand, i)
		}
	}
	// The worst swings first; among equal ones, the richest choices.
	sort.SliceStable(cand, func(a, b int) bool {
		x, y := steps[cand[a]], steps[cand[b]]
		if sx, sy := through(cand[a]), through(cand[b]); sx != sy {
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
	vet := [2]*ai.Player{ai.New(2), ai.New(2)}
	// a command's worth once the enemy has replied (a command that ends
	// the turn: where it stood, see doInTurn)
	played := func(c string) (float64, bool) {
		cl := g.Clone()
		if err := doInTurn(&cl, c); err == errTurnEnds {
			return sign * ev.Evaluate(g), true
		} else if err != nil {
			return 0, false
		}
		reply(&cl, si, vet)
		return sign * ev.Evaluate(cl), true
	}
	next := 0
	for i, c := range sf.Cmds {
		if next < len(cand) && cand[next] == i {
			next++
			type tried struct {
				cmd string
				v   float64
			}
			var alts []tried
			for _, alt := range spread(g.Legal(), c.Cmd) {
				cl := g.Clone()
				if err := doInTurn(&cl, alt); err == errTurnEnds {
					alts = append(alts, tried{alt, sign * steps[i].before})
				} else if err == nil {
					alts = append(alts, tried{alt, sign * ev.Evaluate(cl)})
				}
			}
			sort.SliceStable(alts, func(a, b int) bool { return alts[a].v > alts[b].v })
			chosen, ok := played(c.Cmd)
			best, bestV, replied := "", math.Inf(-1), 0
			for k := 0; ok && k < len(alts) && k < Replied; k++ {
				if v, ok := played(alts[k].cmd); ok {
					replied++
					if v > bestV {
						best, bestV = alts[k].cmd, v
					}
				}
			}
			if best != "" && round(bestV-chosen) > 0 {
				out = append(out, Decision{N: i + 1, Turn: steps[i].turn, Command: c.Cmd, Why: c.Why, Value: round(chosen),
					Alternative: best, AltValue: round(bestV), Cost: round(bestV - chosen), Tried: len(alts), Replied: replied})
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

// replyEnd is the last step of the enemy's reply to step i as the game was
// played: the step before side i's next command after the enemy acted, or
// the last of the turn, or of the game.
func replyEnd(steps []step, i int) int {
	me, replied := steps[i].side, false
	for k := i + 1; k < len(steps); k++ {
		if steps[k].turn != steps[i].turn {
			return k - 1
		}
		if steps[k].side != me {
			replied = true
		} else if replied {
			return k - 1
		}
	}
	return len(steps) - 1
}

// reply plays *g on from side me's command with the veteran for both
// sides: the rest of me's activation and the enemy's next one, until me is
// to act again after the enemy acted, the turn is about to end, or
// ReplyCap commands.
func reply(g **game.Game, me int, vet [2]*ai.Player) {
	replied := false
	for n := 0; n < ReplyCap && (*g).Phase() == game.PhaseActivate; n++ {
		a := (*g).Actor()
		if a != me {
			replied = true
		} else if replied {
			return
		}
		c := vet[a].Choose((*g).Observe(a))
		if c == "" || doInTurn(g, c) != nil {
			return
		}
	}
}

// errTurnEnds stops a line of play before the command that ends the turn.
var errTurnEnds = errors.New("the turn would end")

// doInTurn gives command c on *g unless it ends the turn (or the game,
// which ends only with a turn): a line of play stops before the turn's
// end, where objectives are scored (16.11) and the result decided, so
// that every line compared — the command given and its alternatives —
// is judged at the same point of the turn, and a deferral that ended the
// turn is not charged with the scoring.
func doInTurn(g **game.Game, c string) error {
	next := (*g).Clone()
	if _, err := next.Do(c); err != nil {
		return err
	}
	if next.Over() || next.Turn() != (*g).Turn() {
		return errTurnEnds
	}
	*g = next
	return nil
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
