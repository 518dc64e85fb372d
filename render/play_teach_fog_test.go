package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// pressIn presses and releases a key in a fog game's scene.
func pressIn(t *testing.T, f *fogGame, k ebiten.Key) {
	t.Helper()
	in := f.s.src.(*scriptInput)
	in.tick, in.events = 0, []scriptEvent{{from: 1, keys: []ebiten.Key{k}}}
	f.tick(t)
	in.tick, in.events = 0, nil
	f.tick(t)
}

// hintIn asks the hint (T) in a fog game's scene and waits for it.
func hintIn(t *testing.T, f *fogGame) string {
	t.Helper()
	pressIn(t, f, ebiten.KeyT)
	deadline := time.Now().Add(60 * time.Second)
	for {
		h := f.s.hint()
		if h == nil {
			t.Fatalf("%s: T gave no hint screen (status %s)", f.name, f.status())
		}
		if h.ans != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the expert still thinks after 60 s", f.name)
		}
		time.Sleep(time.Millisecond)
		f.tick(t)
	}
	text := f.s.HintText()
	pressIn(t, f, ebiten.KeyEscape)
	if f.s.hint() != nil {
		t.Fatalf("%s: Esc left the hint up", f.name)
	}
	return text
}

// Issue 20, "a hint key in the window … only from that side's
// observation", by issue 17's differential harness (play_fog_test.go):
// games that differ only in facts of the enemy's the player's side must
// not know (a hidden base moved, one more hidden base, a hidden base dug
// in or not, hidden mines) are played alike in the window; wherever the
// player's view is the same in a variant as in the shipped game and the
// player is to act in the activation phase, the hint T shows — command,
// why and alternatives — must be the same byte for byte.
func TestPlayHintFog(t *testing.T) {
	steps, hints := 80, 2
	names := scenario.BuiltinNames()
	if testing.Short() {
		steps, hints = 40, 1
	}
	ran := 0
	for _, name := range names {
		sc, err := scenario.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Sides) != 2 {
			continue
		}
		for obs := 0; obs < 2; obs++ {
			hides := false
			for _, u := range sc.Sides[1-obs].Units {
				hides = hides || u.Hidden
			}
			if !hides || (testing.Short() && ran > 0) {
				continue
			}
			ran++
			t.Run(fmt.Sprintf("%s/%s", name, sc.Sides[obs].ID), func(t *testing.T) {
				hintFogRun(t, name, obs, 1, steps, hints)
			})
		}
	}
	if ran == 0 {
		t.Fatal("no shipped scenario hides units")
	}
}

func hintFogRun(t *testing.T, name string, obs int, seed uint64, steps, hints int) {
	gs := fogVariants(t, name, obs, seed)
	if len(gs) < 2 {
		t.Skipf("%s: no fact of the enemy's to vary for side %d", name, obs)
	}
	base := gs[0]
	player := game.NewRandomPlayer(seed)
	asked, compared := 0, 0
	for step := 0; step < steps && asked < hints && !base.g.Over(); step++ {
		view := base.view(obs)
		live := []*fogGame{base}
		for _, v := range gs[1:] {
			if v.live && v.view(obs) == view && v.g.Roller().Len() == base.g.Roller().Len() {
				live = append(live, v)
			} else {
				v.live = false
			}
		}
		if len(live) == 1 {
			break
		}
		n := len(base.g.Cmds())
		if base.g.Actor() != obs {
			fogAIStep(t, live, n)
			bc := base.g.Cmds()[n]
			for _, v := range live[1:] {
				if v.g.Cmds()[n] != bc {
					v.live = false // the computer, which knows its own side, chose otherwise
				}
			}
			for _, f := range live {
				f.tick(t)
			}
			continue
		}
		if base.g.Phase() == game.PhaseActivate && base.g.Observe(obs).View().Open == "" {
			asked++
			want := hintIn(t, base)
			for _, v := range live[1:] {
				compared++
				if got := hintIn(t, v); got != want {
					t.Errorf("variant %q after %d commands: the hint differs while the side's view is the same:\n  shipped:\n%s\n  variant:\n%s",
						v.name, n, indentLines(want), indentLines(got))
				}
			}
		}
		c := player.Choose(base.g.Observe(obs))
		for _, f := range live {
			if !slices.Contains(f.g.Observe(obs).Legal(), c) || !f.s.do(c, &f.ctx) {
				t.Fatalf("%s: %q refused: %s", f.name, c, f.status())
			}
			f.tick(t)
		}
	}
	t.Logf("%d hints asked, %d comparisons with variants", asked, compared)
	if asked == 0 {
		t.Skip("the player was never to act at an activation's start while a variant was alike")
	}
}

func indentLines(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }
