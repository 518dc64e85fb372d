package ai

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"khamsin/engine/game"
)

// oracle: a measuring player that sees the live game (never shipped): at
// each choice of activation it plays the veteran's best K options to the
// game's end M times each (veteran v veteran, keyed dice) and picks the
// best mean result. Its win rate against the veteran is the ceiling of one
// step of rollout improvement.
type oracle struct {
	g       *game.Game
	vet     *Player
	k, m    int
	fog     bool
	calls   *int64
	flipped *int64
}

func (p *oracle) Choose(o *game.Observation) string {
	vc, _ := p.vet.Decide(o)
	if o.View().Open != "" || o.Phase() != game.PhaseActivate {
		return vc
	}
	opts := []string{vc}
	for _, c := range p.vet.ranked(o) {
		if len(opts) >= p.k {
			break
		}
		if c != vc {
			opts = append(opts, c)
		}
	}
	if len(opts) < 2 {
		return vc
	}
	atomic.AddInt64(p.calls, 1)
	me := o.Side()
	vals := make([]float64, len(opts))
	pl := [2]*Player{New(MaxLevel), New(MaxLevel)}
	for s := 0; s < p.m; s++ {
		seed := sampleSeed(o, s)
		var w *game.Game
		if p.fog {
			w = o.Sample(seed)
		} else {
			w = p.g.Clone()
		}
		w.KeyDice(seed)
		for i, c := range opts {
			g := w.Clone()
			if _, err := g.Do(c); err != nil {
				vals[i] -= 100
				continue
			}
			for n := 0; n < 4000 && !g.Over(); n++ {
				a := g.Actor()
				c, why := pl[a].Decide(g.Observe(a))
				if c == "" {
					break
				}
				if _, err := g.DoWhy(c, why); err != nil {
					break
				}
			}
			switch {
			case !g.Over():
				vals[i] += 0.5
			case g.Winner() == me:
				vals[i] += 1
			case g.Winner() < 0:
				vals[i] += 0.5
			}
		}
	}
	best := 0
	for i := range opts {
		if vals[i] > vals[best]+0.5 {
			best = i
		}
	}
	if best != 0 {
		atomic.AddInt64(p.flipped, 1)
	}
	return opts[best]
}

func TestOracleCeiling(t *testing.T) {
	if os.Getenv("KHAMSIN_ORACLE") == "" {
		t.Skip("measuring only: KHAMSIN_ORACLE=1")
	}
	k, _ := strconv.Atoi(os.Getenv("ORACLE_K"))
	m, _ := strconv.Atoi(os.Getenv("ORACLE_M"))
	k, m = max(k, 2), max(m, 2)
	n := proofSeeds(4)
	scns := strings.Split(os.Getenv("ORACLE_SCN"), ",")
	if scns[0] == "" {
		scns = shipped
	}
	var calls, flipped int64
	type res struct {
		scn  string
		side int
		seed uint64
		w    int
	}
	var jobs []res
	for _, sn := range scns {
		for seed := uint64(701); seed < 701+uint64(n); seed++ {
			for side := 0; side < 2; side++ {
				jobs = append(jobs, res{sn, side, seed, 0})
			}
		}
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := &jobs[i]
				s := loadScn(t, j.scn)
				g, err := game.New(s, j.seed)
				if err != nil {
					t.Error(err)
					continue
				}
				or := &oracle{g: g, vet: New(MaxLevel), k: k, m: m, fog: os.Getenv("ORACLE_FOG") != "", calls: &calls, flipped: &flipped}
				var ps [2]game.Player
				ps[j.side] = or
				ps[1-j.side] = New(MaxLevel)
				if err := g.Play(ps); err != nil {
					t.Error(err)
				}
				j.w = g.Winner()
				fmt.Printf("%s seed %d oracle side %d winner %d\n", j.scn, j.seed, j.side, j.w)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	won, drawn := 0, 0
	for _, j := range jobs {
		if j.w == j.side {
			won++
		} else if j.w < 0 {
			drawn++
		}
	}
	t.Logf("oracle K=%d M=%d fog=%v: won %d of %d (draws %d); decisions %d, flipped %d", k, m, os.Getenv("ORACLE_FOG") != "", won, len(jobs), drawn, calls, flipped)
}
