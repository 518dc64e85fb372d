package game

import (
	"encoding/json"
	"reflect"
	"sync"
	"testing"
)

// playTo plays a shipped scenario with random players for n commands (or
// to its end) and returns the game and the players, ready to go on.
func playTo(t testing.TB, name string, seed uint64, n int) (*Game, [2]Player) {
	t.Helper()
	g, err := New(loadScn(t, name), seed)
	if err != nil {
		t.Fatal(err)
	}
	p := [2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 1000)}
	for i := 0; i < n && !g.Over(); i++ {
		if _, err := g.Do(p[g.actor].Choose(g.Observe(g.actor))); err != nil {
			t.Fatal(err)
		}
	}
	return g, p
}

// A clone is the same game (same hash, same views, same legal commands)
// and independent: playing the clone to its end leaves the original's hash
// and views as they were, and the original then plays on exactly as an
// untouched twin does (issue 17, Clone).
func TestCloneIsIndependent(t *testing.T) {
	for _, name := range builtinGames(t) {
		for _, stop := range []int{0, 40, 150} {
			g, p := playTo(t, name, 3, stop)
			twin, tp := playTo(t, name, 3, stop)
			before := g.Hash()
			view0 := mustJSON(t, g.ViewAs(0))
			c := g.Clone()
			if c.Hash() != before {
				t.Fatalf("%s@%d: the clone hashes %s, the game %s", name, stop, c.Hash(), before)
			}
			if got := mustJSON(t, c.ViewAs(0)); got != view0 {
				t.Fatalf("%s@%d: the clone's view differs", name, stop)
			}
			if !reflect.DeepEqual(c.Legal(), g.Legal()) {
				t.Fatalf("%s@%d: the clone's legal list differs", name, stop)
			}
			cp := [2]Player{NewRandomPlayer(77), NewRandomPlayer(78)}
			for i := 0; i < 400 && !c.Over(); i++ {
				if _, err := c.Do(cp[c.actor].Choose(c.Observe(c.actor))); err != nil {
					t.Fatalf("%s@%d clone: %v", name, stop, err)
				}
			}
			if g.Hash() != before || mustJSON(t, g.ViewAs(0)) != view0 {
				t.Fatalf("%s@%d: playing the clone changed the original", name, stop)
			}
			for i := 0; i < 200 && !g.Over(); i++ {
				a, b := p[g.actor].Choose(g.Observe(g.actor)), tp[twin.actor].Choose(twin.Observe(twin.actor))
				if a != b {
					t.Fatalf("%s@%d: the original chose %q, its twin %q", name, stop, a, b)
				}
				if _, err := g.Do(a); err != nil {
					t.Fatal(err)
				}
				if _, err := twin.Do(b); err != nil {
					t.Fatal(err)
				}
				if g.Hash() != twin.Hash() {
					t.Fatalf("%s@%d: after %q the original and its untouched twin differ", name, stop, a)
				}
			}
		}
	}
}

// Clone shares only what never changes during a game: walking the game
// and its clone side by side, every pointer, slice and map reached in the
// clone that is also in the original must be of a type listed here as
// immutable. A field added to Game and forgotten by Clone fails this test.
func TestCloneSharesNothingMutable(t *testing.T) {
	shared := map[string]bool{
		"*scenario.Scenario": true, "*forces.Catalogue": true, "*hexmap.Map": true,
		"*forces.BaseType": true, "*forces.Aircraft": true, "*forces.Weapon": true,
		"*los.Grid": true, "*move.Planner": true, "*game.sightCache": true, "*game.reachCache": true, "*game.walkCache": true, "*game.lineCache": true, "*game.Area": true,
	}
	// appended to only, shared up to a capped length (clone.go)
	capped := map[string]bool{"events": true, "eventAt": true, "cmds": true, "hashes": true, "log": true, "scripted": true, "cmdBy": true}
	for _, name := range builtinGames(t) {
		g, _ := playTo(t, name, 5, 120)
		c := g.Clone()
		seen := map[uintptr]bool{}
		var walk func(path string, a, b reflect.Value)
		walk = func(path string, a, b reflect.Value) {
			switch a.Kind() {
			case reflect.Pointer:
				if a.IsNil() || b.IsNil() {
					if a.IsNil() != b.IsNil() {
						t.Errorf("%s: %s nil in one game only", name, path)
					}
					return
				}
				if a.Pointer() == b.Pointer() {
					if !shared[a.Type().String()] {
						t.Errorf("%s: %s (%s) is shared by the game and its clone", name, path, a.Type())
					}
					return
				}
				if seen[a.Pointer()] || a.Type().String() == "*game.readCache" || a.Type().String() == "*game.Observation" {
					return // a clone starts with an empty cache
				}
				seen[a.Pointer()] = true
				walk(path, a.Elem(), b.Elem())
			case reflect.Struct:
				for i := 0; i < a.NumField(); i++ {
					walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
				}
			case reflect.Slice:
				if a.Len() == 0 {
					return
				}
				field := path[lastDot(path)+1:]
				if a.Pointer() == b.Pointer() && !capped[field] {
					t.Errorf("%s: slice %s is shared by the game and its clone", name, path)
				}
				if capped[field] && b.Cap() != b.Len() {
					t.Errorf("%s: %s is shared with room to grow", name, path)
				}
				if capped[field] {
					return // the same elements: never changed once logged
				}
				for i := 0; i < a.Len() && i < b.Len(); i++ {
					walk(path+"[]", a.Index(i), b.Index(i))
				}
			case reflect.Map:
				if a.Len() == 0 {
					return
				}
				if a.Pointer() == b.Pointer() {
					t.Errorf("%s: map %s is shared by the game and its clone", name, path)
				}
			case reflect.Interface:
				if !a.IsNil() && !b.IsNil() {
					walk(path, a.Elem(), b.Elem())
				}
			}
		}
		walk("Game", reflect.ValueOf(g), reflect.ValueOf(c))
	}
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

// The read paths are pure (issue 17): many goroutines may list, view,
// hash and ask the odds of one state at once while others play clones of
// it. `go test -race` turns any shared write into a failure.
func TestReadsAreSafeFromManyGoroutines(t *testing.T) {
	g, _ := playTo(t, largest(t), 2, 60)
	want := mustJSON(t, g.Legal())
	wantView := mustJSON(t, g.ViewAs(g.actor))
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			if w%3 == 2 {
				c := g.Clone()
				p := NewRandomPlayer(uint64(w))
				for i := 0; i < 60 && !c.Over(); i++ {
					if _, err := c.Do(p.Choose(c.Observe(c.actor))); err != nil {
						errs <- err.Error()
						return
					}
				}
				return
			}
			for i := 0; i < 3; i++ {
				if got := mustJSON(t, g.Legal()); got != want {
					errs <- "Legal differs under concurrency"
				}
				if got := mustJSON(t, g.ViewAs(g.actor)); got != wantView {
					errs <- "ViewAs differs under concurrency"
				}
				_ = g.ViewAs(1 - g.actor)
				_ = g.EventsFor(0)
				_ = g.Hash()
				for k, c := range g.legalShared() { // the walk and line caches, shared with the clones
					if c.Verb == VerbMove && k%7 == w%7 {
						_, _ = g.PreviewMove(c.Base, c.Hex.String())
					}
				}
				for _, b := range g.bases {
					for _, x := range g.bases {
						if b.Unit.Side == g.actor && x.Unit.Side != g.actor {
							_, _ = g.ShotOdds(b.ID, x.ID)
						}
					}
					break
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Clone of the largest shipped scenario in mid-game (issue 17: ≤ 50 µs).
func BenchmarkClone(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = g.Clone()
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
