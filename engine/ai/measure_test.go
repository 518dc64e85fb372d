package ai

import (
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// TestMeasure is a quick tuning harness, off unless KHAMSIN_AI_MEASURE
// names what to play (comma list of defer, random, levels, self;
// l1defer and l1random for the novice; vet for the veteran against one
// with KHAMSIN_AI_TUNEB's weights, the first by tunedRole): it
// plays KHAMSIN_AI_SEEDS seeds of each on every shipped scenario on two
// goroutines and logs the wins and the seeds not won. It asserts nothing
// (TestProof* do). KHAMSIN_AI_SCN picks scenarios, KHAMSIN_AI_SIDE (0 or
// 1) the AI's side, KHAMSIN_AI_FROM the first seed (1).
func TestMeasure(t *testing.T) {
	what := os.Getenv("KHAMSIN_AI_MEASURE")
	if what == "" {
		t.Skip("set KHAMSIN_AI_MEASURE=defer,random,levels,self")
	}
	n := proofSeeds(4)
	from := uint64(1)
	if x, err := strconv.Atoi(os.Getenv("KHAMSIN_AI_FROM")); err == nil && x > 0 {
		from = uint64(x)
	}
	sides := "01"
	if x := os.Getenv("KHAMSIN_AI_SIDE"); x == "0" || x == "1" {
		sides = x
	}
	scns := shipped
	if s := os.Getenv("KHAMSIN_AI_SCN"); s != "" {
		scns = strings.Split(s, ",")
	}
	type job struct {
		scn, kind string
		side      int
		seed      uint64
	}
	type res struct {
		job
		w int
	}
	var jobs []job
	for _, kind := range strings.Split(what, ",") {
		for _, name := range scns {
			for side := 0; side < 2; side++ {
				if kind == "self" && side == 1 || !strings.Contains(sides, strconv.Itoa(side)) {
					continue
				}
				for seed := from; seed < from+uint64(n); seed++ {
					jobs = append(jobs, job{name, kind, side, seed})
				}
			}
		}
	}
	ch := make(chan job)
	out := make(chan res, len(jobs))
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				s := loadScn(t, j.scn)
				var ps [2]game.Player
				switch j.kind {
				case "defer":
					ps[j.side], ps[1-j.side] = tuned(), game.DeferPlayer{}
				case "random":
					ps[j.side], ps[1-j.side] = tuned(), game.NewRandomPlayer(j.seed*7+3)
				case "levels":
					ps[j.side], ps[1-j.side] = tuned(), tunedAt(1, "KHAMSIN_AI_TUNE1")
				case "vet":
					// the veteran against another veteran, KHAMSIN_AI_TUNEB's
					// (a lesson turned off, say)
					ps[j.side], ps[1-j.side] = tunedRole(s, j.side), tunedAt(2, "KHAMSIN_AI_TUNEB")
				case "l1defer":
					ps[j.side], ps[1-j.side] = tunedAt(1, "KHAMSIN_AI_TUNE1"), game.DeferPlayer{}
				case "l1random":
					ps[j.side], ps[1-j.side] = tunedAt(1, "KHAMSIN_AI_TUNE1"), game.NewRandomPlayer(j.seed*7+3)
				case "self":
					ps[0], ps[1] = New(2), New(2)
				}
				out <- res{j, play(t, s, j.seed, ps)}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	close(out)
	type key struct {
		scn, kind string
		side      int
	}
	wins := map[key][3]int{}
	lost := map[key][]int{}
	for r := range out {
		k := key{r.scn, r.kind, r.side}
		if r.kind != "self" && r.w != r.side {
			lost[k] = append(lost[k], int(r.seed))
		}
		x := wins[k]
		switch {
		case r.w < 0:
			x[2]++
		case r.w == r.side:
			x[0]++
		default:
			x[1]++
		}
		wins[k] = x
	}
	for _, kind := range strings.Split(what, ",") {
		for _, name := range scns {
			s := loadScn(t, name)
			for side := 0; side < 2; side++ {
				x, ok := wins[key{name, kind, side}]
				if !ok {
					continue
				}
				if kind == "self" {
					t.Logf("%-10s self   : %s %d, %s %d, draws %d", name, s.Sides[0].ID, x[0], s.Sides[1].ID, x[1], x[2])
					continue
				}
				ls := lost[key{name, kind, side}]
				sort.Ints(ls)
				t.Logf("%-10s %-7s AI as %-6s: won %d lost %d drawn %d; not won: seeds %v", name, kind, s.Sides[side].ID, x[0], x[1], x[2], ls)
			}
		}
	}
}

// tuned is a level-2 player with KHAMSIN_AI_TUNE's weights ("Name=value,
// ..." over ai.Weights' fields), for tuning runs; without it, New(2).
// KHAMSIN_AI_TUNE1 does the same for the level-1 player of "levels".
func tuned() *Player { return tunedAt(2, "KHAMSIN_AI_TUNE") }

// tunedRole is the tuned player of "vet" for side of s: from
// TunedWeights of its role when KHAMSIN_AI_TUNED=1 (the veteran's
// otherwise), then KHAMSIN_AI_TUNE's changes, then those of its role's
// KHAMSIN_AI_TUNE_ATT, _DEF or _ENC (a weight set per role, docs/ai.md
// "Weights tuned against the veteran").
func tunedRole(s *scenario.Scenario, side int) *Player {
	p := New(2)
	r := RoleOf(s, s.Sides[side].ID)
	if os.Getenv("KHAMSIN_AI_TUNED") == "1" {
		p.W = TunedWeights(r)
	}
	tuneWeights(&p.W, os.Getenv("KHAMSIN_AI_TUNE"))
	tuneWeights(&p.W, os.Getenv("KHAMSIN_AI_TUNE_"+[...]string{RoleDefender: "DEF", RoleAttacker: "ATT", RoleEncounter: "ENC"}[r]))
	return p
}

// KHAMSIN_AI_TUNE1A and KHAMSIN_AI_TUNE1E do it for the novice's Attack
// and Encounter sets (its weights by role).
func tunedAt(level int, env string) *Player {
	p := New(level)
	tuneWeights(&p.W, os.Getenv(env))
	if level == 1 {
		tuneWeights(p.Attack, os.Getenv(env+"A"))
		tuneWeights(p.Encounter, os.Getenv(env+"E"))
	}
	return p
}

// tuneWeights sets w's fields from "Name=value,...". "Level=N" first
// starts from level N's weights (a novice built from the veteran's,
// say), the fields after it changed on those.
func tuneWeights(w *Weights, spec string) {
	for _, kv := range strings.Split(spec, ",") {
		if l, ok := strings.CutPrefix(kv, "Level="); ok {
			if x, err := strconv.Atoi(l); err == nil {
				*w = DefaultWeights(x)
			}
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f := reflect.ValueOf(w).Elem().FieldByName(k)
		x, err := strconv.ParseFloat(v, 64)
		if f.IsValid() && err == nil {
			f.SetFloat(x)
		}
	}
}
