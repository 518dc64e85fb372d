package ai

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"khamsin/engine/game"
)

// TestMeasure is a quick tuning harness, off unless KHAMSIN_AI_MEASURE
// names what to play (comma list of defer, random, levels, self): it
// plays KHAMSIN_AI_SEEDS seeds of each on every shipped scenario on two
// goroutines and logs the wins. It asserts nothing (TestProof* do).
func TestMeasure(t *testing.T) {
	what := os.Getenv("KHAMSIN_AI_MEASURE")
	if what == "" {
		t.Skip("set KHAMSIN_AI_MEASURE=defer,random,levels,self")
	}
	n := proofSeeds(4)
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
				if kind == "self" && side == 1 {
					continue
				}
				for seed := uint64(1); seed <= uint64(n); seed++ {
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
				case "l1defer":
					ps[j.side], ps[1-j.side] = New(1), game.DeferPlayer{}
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
	for r := range out {
		k := key{r.scn, r.kind, r.side}
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
				t.Logf("%-10s %-7s AI as %-6s: won %d lost %d drawn %d", name, kind, s.Sides[side].ID, x[0], x[1], x[2])
			}
		}
	}
}

// tuned is a level-2 player with KHAMSIN_AI_TUNE's weights ("Name=value,
// ..." over ai.Weights' fields), for tuning runs; without it, New(2).
// KHAMSIN_AI_TUNE1 does the same for the level-1 player of "levels".
func tuned() *Player { return tunedAt(2, "KHAMSIN_AI_TUNE") }

func tunedAt(level int, env string) *Player {
	p := New(level)
	for _, kv := range strings.Split(os.Getenv(env), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f := reflect.ValueOf(&p.W).Elem().FieldByName(k)
		x, err := strconv.ParseFloat(v, 64)
		if f.IsValid() && err == nil {
			f.SetFloat(x)
		}
	}
	return p
}
