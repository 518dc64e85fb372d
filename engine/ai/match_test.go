package ai

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// The proof runs (issue 11): the AI against a side that only defers,
// against random players, level 2 against level 1, and against itself, on
// every shipped scenario from either side. `go test` plays a few seeds;
// KHAMSIN_AI_SEEDS=100 (make ai-proof) plays the full runs and prints the
// figures docs/ai.md records.

func proofSeeds(def int) int {
	if n, err := strconv.Atoi(os.Getenv("KHAMSIN_AI_SEEDS")); err == nil && n > 0 {
		return n
	}
	return def
}

// proofFrom is the first seed a proof plays: KHAMSIN_AI_FROM, or def
// (fresh seeds for a measurement that must not reuse the ones a search
// looked at).
func proofFrom(def uint64) uint64 {
	if n, err := strconv.Atoi(os.Getenv("KHAMSIN_AI_FROM")); err == nil && n > 0 {
		return uint64(n)
	}
	return def
}

// shipped is every built-in scenario with two sides' forces (the
// viewer's default map has none).
var shipped = func() []string {
	var out []string
	for _, n := range scenario.BuiltinNames() {
		if s, err := scenario.Load(n); err == nil && len(s.Sides) == 2 {
			out = append(out, n)
		}
	}
	return out
}()

func loadScn(t testing.TB, name string) *scenario.Scenario {
	t.Helper()
	s, err := scenario.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play runs one game and returns the winner's index (-1 for a draw).
func play(t testing.TB, s *scenario.Scenario, seed uint64, players [2]game.Player) int {
	t.Helper()
	g, err := game.New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(players); err != nil {
		t.Fatalf("%s seed %d: %v", s.File, seed, err)
	}
	if !g.Over() {
		t.Fatalf("%s seed %d: no result", s.File, seed)
	}
	return g.Winner()
}

// match is one game to play: a scenario, a seed and the two players
// (made fresh on the worker, since a Player is for one goroutine).
type match struct {
	s       *scenario.Scenario
	seed    uint64
	players func() [2]game.Player
}

// playAll plays the matches on one goroutine per core and returns each
// winner's index (-1 for a draw), in the matches' order: the games are
// independent and deterministic, so the figures do not depend on the
// number of workers.
func playAll(t testing.TB, ms []match) []int {
	t.Helper()
	out := make([]int, len(ms))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, runtime.NumCPU()); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = play(t, ms[i].s, ms[i].seed, ms[i].players())
			}
		}()
	}
	for i := range ms {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// selfPlay plays seeds 1..n of s between two players of one kind and
// counts each side's wins and the draws.
func selfPlay(t testing.TB, s *scenario.Scenario, n int, players func() [2]game.Player) (self [2]int, draws int) {
	var ms []match
	for seed := uint64(1); seed <= uint64(n); seed++ {
		ms = append(ms, match{s, seed, players})
	}
	for _, w := range playAll(t, ms) {
		if w < 0 {
			draws++
		} else {
			self[w]++
		}
	}
	return self, draws
}

// proofScenarios is the scenarios a costly proof plays: def in `go
// test`, every shipped one when KHAMSIN_AI_SEEDS is set, or
// KHAMSIN_AI_SCN's list.
func proofScenarios(def ...string) []string {
	scns := def
	if os.Getenv("KHAMSIN_AI_SEEDS") != "" {
		scns = shipped
	}
	if s := os.Getenv("KHAMSIN_AI_SCN"); s != "" {
		scns = strings.Split(s, ",")
	}
	return scns
}

type opponent struct {
	name string
	make func(seed uint64) game.Player
	bar  float64 // the AI's win rate the issue asks for
}

// proofLevels is the levels TestProofAgainstDeferAndRandom plays:
// KHAMSIN_AI_LEVELS (e.g. "1,2,3"), or the novice and the veteran (the
// expert's games cost a hundred times more; make ai-proof names it).
func proofLevels() []int {
	levels := []int{1, 2}
	if v := os.Getenv("KHAMSIN_AI_LEVELS"); v != "" {
		levels = levels[:0]
		for _, f := range strings.Split(v, ",") {
			if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n >= MinLevel && n <= ExpertLevel {
				levels = append(levels, n)
			}
		}
	}
	return levels
}

// TestProofAgainstDeferAndRandom: every level of the AI wins at least 19
// of 20 against a side that only defers and at least 95% against random
// players, on every shipped scenario, from either side (issue 20, Proof:
// "every level against defer ≥ 95 % and against random ≥ 95 %").
func TestProofAgainstDeferAndRandom(t *testing.T) {
	opps := []opponent{
		{"defer", func(uint64) game.Player { return game.DeferPlayer{} }, 0.95},
		{"random", func(seed uint64) game.Player { return game.NewRandomPlayer(seed*7 + 3) }, 0.95},
	}
	n := proofSeeds(1)
	for _, level := range proofLevels() {
		for _, name := range proofScenarios(shipped...) { // KHAMSIN_AI_SCN narrows it
			s := loadScn(t, name)
			for side := 0; side < 2; side++ {
				for _, o := range opps {
					start := time.Now()
					var ms []match
					for seed := uint64(1); seed <= uint64(n); seed++ {
						ms = append(ms, match{s, seed, func() [2]game.Player {
							var ps [2]game.Player
							ps[side] = NewLevel(level)
							ps[1-side] = o.make(seed)
							return ps
						}})
					}
					wins := 0
					for _, w := range playAll(t, ms) {
						if w == side {
							wins++
						}
					}
					rate := float64(wins) / float64(n)
					t.Logf("level %d %-10s AI as %-6s vs %-6s: %d/%d (%.0f%%) in %v", level, name, s.Sides[side].ID, o.name, wins, n, 100*rate, time.Since(start).Round(time.Millisecond))
					if n >= 20 && rate < o.bar {
						t.Errorf("level %d %s AI as %s vs %s: %.0f%% < %.0f%%", level, name, s.Sides[side].ID, o.name, 100*rate, 100*o.bar)
					}
				}
			}
		}
	}
}

// TestProofLevels: level 2 against level 1 (each side in turn), and the
// AI against itself (neither side more than 75%).
func TestProofLevels(t *testing.T) {
	n := proofSeeds(1)
	for _, name := range shipped {
		s := loadScn(t, name)
		var ms []match
		for seed := uint64(1); seed <= uint64(n); seed++ {
			for side := 0; side < 2; side++ {
				ms = append(ms, match{s, seed, func() [2]game.Player {
					var ps [2]game.Player
					ps[side], ps[1-side] = New(2), New(1)
					return ps
				}})
			}
		}
		l2 := 0
		for i, w := range playAll(t, ms) {
			if w == i%2 { // matches alternate: level 2 as side 0, then side 1
				l2++
			}
		}
		games := len(ms)
		self, draws := selfPlay(t, s, n, func() [2]game.Player { return [2]game.Player{New(2), New(2)} })
		t.Logf("%-10s level 2 v level 1: %d/%d (%.0f%%); self-play: %s %d, %s %d, draws %d of %d",
			name, l2, games, 100*float64(l2)/float64(games), s.Sides[0].ID, self[0], s.Sides[1].ID, self[1], draws, n)
		if n >= 20 {
			if float64(l2)/float64(games) < 0.65 {
				t.Errorf("%s: level 2 wins %d/%d < 65%%", name, l2, games)
			}
			for i := range self {
				if float64(self[i])/float64(n) > 0.75 {
					t.Errorf("%s: self-play gives %s %d/%d > 75%%", name, s.Sides[i].ID, self[i], n)
				}
			}
		}
	}
}
