package balance

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// small is the quickest shipped scenario to play (the fewest turns).
const small = "defence"

func load(t testing.TB, name string) *scenario.Scenario {
	t.Helper()
	s, err := scenario.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWilson checks the interval against values worked by hand.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{5, 10, 0.236593, 0.763407},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{1, 1, 0.206549, 1},
		{50, 100, 0.403832, 0.596168},
		{81, 263, 0.255289, 0.366210},
		{0, 0, 0, 1},
	} {
		got := Wilson(c.k, c.n, z95)
		if math.Abs(got.Lo-c.lo) > 1e-5 || math.Abs(got.Hi-c.hi) > 1e-5 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, got.Lo, got.Hi, c.lo, c.hi)
		}
	}
}

// TestDeterministicWhateverTheWorkers: the same seeds give the same
// Result on one worker and on three, and the figures add up.
func TestDeterministicWhateverTheWorkers(t *testing.T) {
	s := load(t, small)
	const n = 4
	calls := 0
	one, err := run(context.Background(), s, n, func(done, total int) {
		calls++
		if done != calls || total != n {
			t.Errorf("progress(%d, %d) on call %d", done, total, calls)
		}
	}, 1)
	if err != nil {
		t.Fatal(err)
	}
	three, err := run(context.Background(), s, n, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Fatalf("1 worker and 3 workers differ:\n%+v\n%+v", one, three)
	}
	if calls != n {
		t.Errorf("progress called %d times, want %d", calls, n)
	}
	if one.Games != n {
		t.Errorf("games %d, want %d", one.Games, n)
	}
	sum, ends := one.Wins[Draw], 0
	for _, sd := range one.Sides {
		sum += sd.Wins
		if one.Wins[sd.ID] != sd.Wins {
			t.Errorf("wins[%s] = %d, side says %d", sd.ID, one.Wins[sd.ID], sd.Wins)
		}
		if sd.CI95.Lo > sd.Rate || sd.CI95.Hi < sd.Rate {
			t.Errorf("%s: rate %.2f outside %v", sd.ID, sd.Rate, sd.CI95)
		}
	}
	for k, v := range one.Ends {
		switch k {
		case EndBreakPoint, EndObjectives, EndNoCombat, EndTurnLimit, EndDVP:
		default:
			t.Errorf("unknown end %q", k)
		}
		ends += v
	}
	if sum != n || ends != n {
		t.Errorf("wins add to %d, ends to %d, want %d", sum, ends, n)
	}
	if one.MeanEndTurn < 1 || one.MeanEndTurn > float64(s.TurnLimit()) {
		t.Errorf("mean end turn %.2f outside 1..%d", one.MeanEndTurn, s.TurnLimit())
	}
	t.Logf("%+v", one)
}

// TestCancelStopsEarly: cancelling after the first game leaves the rest
// unplayed and says so.
func TestCancelStopsEarly(t *testing.T) {
	s := load(t, small)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const n = 200
	r, err := run(ctx, s, n, func(done, total int) {
		if done == 1 {
			cancel()
		}
	}, 2)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if r.Games < 1 || r.Games > 4 {
		t.Errorf("%d games finished after cancelling at the first, want 1..4", r.Games)
	}
	// Already cancelled: nothing is played.
	r, err = Run(ctx, s, n, nil)
	if !errors.Is(err, context.Canceled) || r.Games != 0 {
		t.Errorf("cancelled before the start: %d games, err %v", r.Games, err)
	}
}

// TestBounds: the number of games and the scenario are checked first.
func TestBounds(t *testing.T) {
	s := load(t, small)
	for _, n := range []int{0, -1, MaxGames + 1} {
		if _, err := Run(context.Background(), s, n, nil); err == nil || !strings.Contains(err.Error(), "1..10000") {
			t.Errorf("%d games: err %v", n, err)
		}
	}
	if _, err := Run(context.Background(), load(t, "default"), 1, nil); err == nil {
		t.Error("a scenario without two sides was accepted")
	}
}

// TestReason classifies each result text turn.go writes.
func TestReason(t *testing.T) {
	v := game.View{Sides: []game.SideView{{ID: "A"}, {ID: "B"}}, BreakPoint: map[string]int{"A": 0, "B": 3},
		Objectives: []game.ObjView{{Owner: "A", Controller: "B", Value: 2}}}
	for _, c := range []struct {
		text   string
		winner int
		view   game.View
		want   string
	}{
		{"B wins: A reached its Break Point (§16.12)", 1, game.View{}, EndBreakPoint},
		{"B wins: A reached its Break Point (§16.12)", 1, v, EndObjectives},
		{"draw: A reached its Break Point and B reached its Break Point (§16.12)", -1, v, EndBreakPoint},
		{"A wins: B has no combat units on the map (§16.12)", 0, game.View{}, EndNoCombat},
		{"B wins: the attack did not break it by the end of turn 8 (§7.1 step 10)", 1, game.View{}, EndTurnLimit},
		{"draw: neither side broke by the end of turn 8 (§7.1 step 10)", -1, game.View{}, EndTurnLimit},
		{"A wins on desert victory points, 5 to 3 (F.3)", 0, game.View{}, EndDVP},
		{"something new", 0, game.View{}, EndOther},
	} {
		if got := Reason(c.text, c.winner, c.view); got != c.want {
			t.Errorf("Reason(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	// Objectives only tip it when the track would otherwise hold.
	v.BreakPoint["A"] = -2
	if got := Reason("B wins: A reached its Break Point (§16.12)", 1, v); got != EndBreakPoint {
		t.Errorf("broken by losses alone: %q", got)
	}
}

// largest is the shipped scenario with the most bases.
func largest(b *testing.B) *scenario.Scenario {
	var best *scenario.Scenario
	most := -1
	for _, n := range scenario.BuiltinNames() {
		s, err := scenario.Load(n)
		if err != nil || len(s.Sides) != 2 {
			continue
		}
		g, err := game.New(s, 1)
		if err != nil {
			b.Fatal(err)
		}
		if k := len(g.ViewAs(-1).Bases); k > most {
			best, most = s, k
		}
	}
	return best
}

// BenchmarkBalance100Largest is `khamsin balance --games 100` on the
// largest shipped scenario (the goal: 60 s on two cores).
func BenchmarkBalance100Largest(b *testing.B) {
	s := largest(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		r, err := Run(context.Background(), s, 100, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %d games in %v: wins %v, mean end turn %.2f, ends %v", s.File, r.Games, time.Since(start).Round(time.Millisecond), r.Wins, r.MeanEndTurn, r.Ends)
	}
}

// A side whose ID is "draw" would share the key of drawn games in Wins,
// and the wins would not add up to the games: Run refuses it before
// playing.
func TestSideCalledDrawRefused(t *testing.T) {
	s := load(t, small)
	s.Sides[1].ID = Draw
	r, err := run(context.Background(), s, 2, nil, 1)
	if err == nil || !strings.Contains(err.Error(), `side ID "draw"`) || r.Games != 0 {
		t.Fatalf("result %+v, error %v", r, err)
	}
}
