// Package balance answers the designer's question "is it balanced?"
// without a window: it plays a scenario many times, the veteran computer
// opponent on both sides, and sums up who won, when the games ended, why,
// and where each side lost its bases.
//
// Game i is played with dice seed i (1..N). The games are independent and
// deterministic, so they are spread over every core and the figures are
// gathered per seed and summed in seed order: the Result does not depend on
// the number of workers or on which finished first. The package never
// reads the clock; timing and progress display belong to the caller.
package balance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// MaxGames bounds one run.
const MaxGames = 10000

// Reason keys for how a game ended (Result.Ends).
const (
	EndBreakPoint = "break-point"     // a side's Break Point Track ran out through losses (§16.12)
	EndObjectives = "objectives"      // ...and it would not have without the objectives the enemy holds
	EndNoCombat   = "no-combat-units" // a side had no combat unit left on the map (§16.12)
	EndTurnLimit  = "turn-limit"      // the last turn was played (§7.1 step 10): an attack held, or a draw
	EndDVP        = "dvp"             // decided on desert victory points at the turn limit (F.3)
	EndOther      = "other"           // a result text this package does not know (a newer rule)
)

// Draw is the key for drawn games in Result.Wins; no side may have it as
// its ID (Run refuses one), so the wins always add up to the games.
const Draw = "draw"

// z95 is the standard normal quantile for a two-sided 95 % interval.
const z95 = 1.959963984540054

// Interval is a confidence interval on a proportion.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Wilson is the Wilson score interval for k successes in n trials at the
// normal quantile z (z95 for 95 %). With no trials it is [0, 1].
func Wilson(k, n int, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z * z
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Interval{math.Max(0, mid-half), math.Min(1, mid+half)}
}

// SideResult is one side's share of the games.
type SideResult struct {
	ID   string   `json:"id"`
	Name string   `json:"name"`
	Wins int      `json:"wins"`
	Rate float64  `json:"rate"` // wins / games
	CI95 Interval `json:"ci95"` // Wilson 95 % interval on Rate
	// Losses counts this side's bases lost (knocked out, or their unit
	// destroyed, routed or surrendered) by the hex label where each was
	// last, summed over the games.
	Losses map[string]int `json:"losses"`
}

// Result sums up a run. Games is the number of games that finished (fewer
// than asked when the run was cancelled).
type Result struct {
	Scenario    string         `json:"scenario"`
	Games       int            `json:"games"`
	Wins        map[string]int `json:"wins"` // side ID or Draw -> games
	Draws       int            `json:"draws"`
	Sides       []SideResult   `json:"sides"` // in the scenario's order
	MeanEndTurn float64        `json:"mean_end_turn"`
	Ends        map[string]int `json:"ends"` // reason key -> games
}

// outcome is what one finished game contributes.
type outcome struct {
	done   bool
	winner int
	turn   int
	reason string
	lost   [2][]string // hex labels of each side's lost bases
	err    error
}

// Run plays games games of s, the veteran against the veteran, seeds
// 1..games, on one worker per core. progress (may be nil) is called on
// the caller's goroutine after each finished game with the count done so
// far. When ctx is cancelled no new game starts; Run waits for the games
// in hand, and returns the summary of those that finished with ctx.Err().
func Run(ctx context.Context, s *scenario.Scenario, games int, progress func(done, total int)) (Result, error) {
	return run(ctx, s, games, progress, runtime.NumCPU())
}

// run is Run with a chosen number of workers (tests compare 1 and more).
func run(ctx context.Context, s *scenario.Scenario, games int, progress func(done, total int), workers int) (Result, error) {
	if s == nil {
		return Result{}, errors.New("balance: no scenario")
	}
	if games < 1 || games > MaxGames {
		return Result{}, fmt.Errorf("balance: games must be 1..%d, got %d", MaxGames, games)
	}
	if len(s.Sides) != 2 {
		return Result{}, fmt.Errorf("balance: %s: needs two sides, has %d", s.File, len(s.Sides))
	}
	// Wins is keyed by side ID and Draw: a side called "draw" would share
	// a key with the drawn games and the wins would no longer add up to
	// the games (issue 19's check). Such a scenario is refused here
	// rather than renamed in the output, so scripts can trust the keys.
	for _, sd := range s.Sides {
		if sd.ID == Draw {
			return Result{}, fmt.Errorf("balance: %s: side ID %q is the key of drawn games in the result: give the side another ID", s.File, Draw)
		}
	}
	// Fail early on a scenario the engine cannot set up.
	if _, err := game.New(s, 1); err != nil {
		return Result{}, err
	}
	workers = max(1, min(workers, games))

	parent := ctx
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	type done struct {
		i int
		o outcome
	}
	jobs := make(chan int)
	results := make(chan done)
	for w := 0; w < workers; w++ {
		go func() {
			for i := range jobs {
				results <- done{i, playOne(s, uint64(i+1))}
			}
		}()
	}
	outs := make([]outcome, games)
	// The indices are handed out and the results taken in on this
	// goroutine, so progress is called here and never concurrently.
	next, inHand, n := 0, 0, 0
	for {
		var feed chan<- int
		var cancelled <-chan struct{}
		if next < games && ctx.Err() == nil {
			feed, cancelled = jobs, ctx.Done()
		}
		if feed == nil && inHand == 0 {
			break
		}
		select {
		case feed <- next:
			next++
			inHand++
		case d := <-results:
			inHand--
			n++
			outs[d.i] = d.o
			if d.o.err != nil {
				stop() // no point playing on; the first seed's error is returned
			}
			if progress != nil {
				progress(n, games)
			}
		case <-cancelled:
		}
	}
	close(jobs)
	r := summarise(s, outs)
	for _, o := range outs {
		if o.err != nil {
			return r, o.err
		}
	}
	if r.Games < games {
		return r, parent.Err() // cancelled before every game was played
	}
	return r, nil
}

// playOne plays the game of one seed to its end.
func playOne(s *scenario.Scenario, seed uint64) outcome {
	g, err := game.New(s, seed)
	if err != nil {
		return outcome{err: fmt.Errorf("seed %d: %w", seed, err)}
	}
	if err := g.Play([2]game.Player{ai.New(ai.MaxLevel), ai.New(ai.MaxLevel)}); err != nil {
		return outcome{err: fmt.Errorf("seed %d: %w", seed, err)}
	}
	if !g.Over() {
		return outcome{err: fmt.Errorf("seed %d: the game did not end", seed)}
	}
	v := g.ViewAs(-1) // the umpire's view: every base
	o := outcome{done: true, winner: g.Winner(), turn: g.Turn(), reason: Reason(g.Result(), g.Winner(), v)}
	side := map[string]int{g.Side(0).ID: 0, g.Side(1).ID: 1}
	for _, b := range v.Bases {
		if lost(b.Status) {
			o.lost[side[b.Side]] = append(o.lost[side[b.Side]], b.Hex)
		}
	}
	return o
}

// lost reports a base out of the battle: knocked out, or its unit
// destroyed, routed or surrendered.
func lost(status []string) bool {
	for _, w := range status {
		switch w {
		case "knocked-out", "destroyed", "routed", "surrendered":
			return true
		}
	}
	return false
}

// Reason classifies a game's result text (game.Result) into a reason key.
// winner is game.Winner and v the umpire's view of the finished game: a
// win at the Break Point counts as "objectives" when the loser's track
// would still have markers left without the objectives the enemy holds.
func Reason(result string, winner int, v game.View) string {
	switch {
	case strings.Contains(result, "reached its Break Point"):
		if winner >= 0 && objectivesDecided(winner, v) {
			return EndObjectives
		}
		return EndBreakPoint
	case strings.Contains(result, "has no combat units on the map"):
		return EndNoCombat
	case strings.Contains(result, "desert victory points"):
		return EndDVP
	case strings.Contains(result, "by the end of turn"):
		return EndTurnLimit
	}
	return EndOther
}

// objectivesDecided: the side that lost to winner broke only because of
// the objectives it owns and the enemy holds.
func objectivesDecided(winner int, v game.View) bool {
	if len(v.Sides) != 2 {
		return false
	}
	loser := v.Sides[1-winner].ID
	held := 0
	for _, o := range v.Objectives {
		if o.Owner == loser && o.Controller != loser {
			held += o.Value
		}
	}
	return held > 0 && v.BreakPoint[loser]+held > 0
}

// summarise adds up the finished games in seed order.
func summarise(s *scenario.Scenario, outs []outcome) Result {
	r := Result{Scenario: s.File, Wins: map[string]int{Draw: 0}, Ends: map[string]int{}}
	r.Sides = make([]SideResult, 2)
	for i := range r.Sides {
		r.Sides[i] = SideResult{ID: s.Sides[i].ID, Name: s.Sides[i].Name, Losses: map[string]int{}}
	}
	turns := 0
	for _, o := range outs {
		if !o.done {
			continue
		}
		r.Games++
		turns += o.turn
		if o.winner >= 0 {
			r.Sides[o.winner].Wins++
		} else {
			r.Draws++
		}
		r.Ends[o.reason]++
		for si, hexes := range o.lost {
			for _, h := range hexes {
				r.Sides[si].Losses[h]++
			}
		}
	}
	r.Wins[Draw] = r.Draws
	for i := range r.Sides {
		sd := &r.Sides[i]
		r.Wins[sd.ID] = sd.Wins
		if r.Games > 0 {
			sd.Rate = float64(sd.Wins) / float64(r.Games)
		}
		sd.CI95 = Wilson(sd.Wins, r.Games, z95)
	}
	if r.Games > 0 {
		r.MeanEndTurn = float64(turns) / float64(r.Games)
	}
	return r
}

// TopLosses is a side's loss hexes, most lost first (ties by label), at
// most n of them (n <= 0: all).
func (sr SideResult) TopLosses(n int) []string {
	hexes := make([]string, 0, len(sr.Losses))
	for h := range sr.Losses {
		hexes = append(hexes, h)
	}
	sort.Slice(hexes, func(i, j int) bool {
		a, b := sr.Losses[hexes[i]], sr.Losses[hexes[j]]
		if a != b {
			return a > b
		}
		return hexes[i] < hexes[j]
	})
	if n > 0 && len(hexes) > n {
		hexes = hexes[:n]
	}
	return hexes
}
