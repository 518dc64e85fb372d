package game

import (
	"khamsin/engine/scenario"
	"slices"
	"testing"
	"time"
)

// Speed goals of issue 9 (figures in docs/performance.md): Legal for the
// side to act ≤ 5 ms on the largest scenario; one command ≤ 1 ms; a whole
// sim with random players ≤ 1 s; a replay ≤ 0.3 s.

// largest is the built-in scenario with the most bases.
func largest(b testing.TB) string {
	best, n := "", -1
	for _, name := range builtinGames(b) {
		g, err := New(loadScn(b, name), 1)
		if err != nil {
			b.Fatal(err)
		}
		if len(g.bases) > n {
			best, n = name, len(g.bases)
		}
	}
	return best
}

// midGame plays a largest-scenario game to its first activation phase and
// a few activations in.
func midGame(b *testing.B) *Game {
	g, err := New(loadScn(b, largest(b)), 1)
	if err != nil {
		b.Fatal(err)
	}
	// Play until a side is to open an activation with the longest list
	// seen: the costliest Legal (every base's moves and shots).
	p := [2]Player{NewRandomPlayer(1), NewRandomPlayer(2)}
	for i := 0; i < 2000 && !g.Over(); i++ {
		l := g.Legal()
		if g.phase == PhaseActivate && g.open == nil && i > 20 && len(l) > 300 {
			return g
		}
		if _, err := g.Do(p[g.actor].Choose(g.Observe(g.actor))); err != nil {
			b.Fatal(err)
		}
	}
	b.Fatal("no busy state reached")
	return nil
}

func BenchmarkLegal(b *testing.B) {
	g := midGame(b)
	n := len(g.Legal())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.gen++ // a fresh state each time: no cached reach or sight
		if len(g.Legal()) != n {
			b.Fatal("Legal changed")
		}
	}
	b.ReportMetric(float64(n), "commands")
}

func BenchmarkApplyCommand(b *testing.B) {
	base := midGame(b)
	data := base.Save(largest(b))
	sf, err := ParseSave("b.save", data)
	if err != nil {
		b.Fatal(err)
	}
	s := loadScn(b, sf.Scenario)
	legal := base.Legal()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := Replay(sf, s)
		if err != nil {
			b.Fatal(err)
		}
		c := legal[i%len(legal)]
		b.StartTimer()
		if _, err := g.Do(c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSim(b *testing.B) {
	s := loadScn(b, largest(b))
	for i := 0; i < b.N; i++ {
		g, err := New(s, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play([2]Player{NewRandomPlayer(uint64(i)), NewRandomPlayer(uint64(i) + 7)}); err != nil {
			b.Fatal(err)
		}
	}
}

// randomGame is a random game of the largest scenario, played to its end.
func randomGame(b *testing.B) (string, *scenario.Scenario, *Game) {
	name := largest(b)
	s := loadScn(b, name)
	g, err := New(s, 3)
	if err != nil {
		b.Fatal(err)
	}
	if err := g.Play([2]Player{NewRandomPlayer(3), NewRandomPlayer(4)}); err != nil {
		b.Fatal(err)
	}
	return name, s, g
}

func BenchmarkReplay(b *testing.B) {
	name, s, g := randomGame(b)
	sf, err := ParseSave("r.save", g.Save(name))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Replay(sf, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDoRandomGame times every command of a random game of the
// largest scenario, replayed from New (issue 17: one command applied ≤
// 100 µs median): the median and the 90th centile per command.
func BenchmarkDoRandomGame(b *testing.B) {
	_, s, g := randomGame(b)
	cmds := g.cmds
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		r, err := New(s, 3)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, c := range cmds {
			t0 := time.Now()
			if _, err := r.Do(c); err != nil {
				b.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(took[len(took)*9/10].Microseconds()), "µs-p90")
	b.ReportMetric(float64(len(cmds)), "commands")
}
