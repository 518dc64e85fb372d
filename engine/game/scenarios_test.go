package game

import (
	"os"
	"strconv"
	"testing"

	"khamsin/engine/scenario"
)

// builtinGames lists the shipped scenarios that have forces.
func builtinGames(t testing.TB) []string {
	var out []string
	for _, n := range scenario.BuiltinNames() {
		s, err := scenario.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Sides) == 2 {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		t.Fatal("no playable built-in scenario")
	}
	return out
}

// simSeeds is how many seeds per scenario the whole-game test plays:
// a sample in make test, 1,000 in make sims (KHAMSIN_SIM_SEEDS).
func simSeeds() int {
	if n, err := strconv.Atoi(os.Getenv("KHAMSIN_SIM_SEEDS")); err == nil && n > 0 {
		return n
	}
	return 12
}

// Whole games (issue 9's proof): every shipped scenario, played by random
// players, ends legally with a result (§7.1 step 10, §16.12); the same seed
// gives the same hash; results vary with the seed.
func TestShippedScenariosPlayToAResult(t *testing.T) {
	n := simSeeds()
	for _, name := range builtinGames(t) {
		s := loadScn(t, name)
		wins := map[int]int{}
		hashes := map[string]bool{}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			g, err := New(s, seed)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := g.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)}); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if !g.Over() || g.result == "" {
				t.Fatalf("%s seed %d: no result after %d commands (turn %d)", name, seed, len(g.cmds), g.turn)
			}
			wins[g.winner]++
			hashes[g.Hash()] = true
			if seed <= 2 {
				again, _ := New(s, seed)
				_ = again.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)})
				if again.Hash() != g.Hash() {
					t.Errorf("%s seed %d: replayed sim gave another hash", name, seed)
				}
			}
		}
		t.Logf("%s: %d seeds, wins %v (−1 = draw), %d distinct games", name, n, wins, len(hashes))
		if len(hashes) < n*3/4 {
			t.Errorf("%s: only %d distinct games in %d seeds", name, len(hashes), n)
		}
	}
}

// A side that only defers (issue 11's baseline) never acts: the game
// still ends, by the turn limit or the other side breaking it.
func TestDeferPlayersEndTheGame(t *testing.T) {
	for _, name := range builtinGames(t) {
		g, err := New(loadScn(t, name), 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play([2]Player{DeferPlayer{}, DeferPlayer{}}); err != nil {
			t.Fatal(err)
		}
		if !g.Over() {
			t.Errorf("%s: two deferring sides did not finish", name)
		}
	}
}
