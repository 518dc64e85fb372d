package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"strings"
	"testing"

	"khamsin/engine/ai"
	"khamsin/engine/game"
)

// whyBlock is one reason in the log panel: its group and its text, the
// wrapped lines joined again.
type whyBlock struct {
	group int
	text  string
}

// whyBlocks collects the log panel's reasons, checking each sits under a
// line of its own command's group.
func whyBlocks(t *testing.T, s *PlayScene) []whyBlock {
	t.Helper()
	var out []whyBlock
	for i, l := range s.log {
		if !l.why {
			continue
		}
		if i == 0 {
			t.Fatalf("the log opens on a reason: %q", l.text)
		}
		if prev := s.log[i-1]; !prev.why {
			if prev.group != l.group {
				t.Errorf("reason %q sits under %q, another command's line", l.text, prev.text)
			}
			out = append(out, whyBlock{group: l.group, text: strings.TrimSpace(l.text)})
			continue
		}
		out[len(out)-1].text += " " + strings.TrimSpace(l.text)
	}
	return out
}

// playWhy gives n commands (to the end with n < 0) chosen by the veteran
// for the side to act, each with its reason kept (DoWhy), as the window's
// computer gives them.
func playWhy(t *testing.T, g *game.Game, n int) {
	t.Helper()
	p := [2]*ai.Player{ai.New(ai.MaxLevel), ai.New(ai.MaxLevel)}
	for i := 0; (n < 0 || i < n) && !g.Over(); i++ {
		a := g.Actor()
		c, why := p[a].Decide(g.Observe(a))
		if _, err := g.DoWhy(c, why); err != nil {
			t.Fatalf("%q: %v", c, err)
		}
	}
}

// checkWhys compares the log panel's reasons with what the side at the
// screen may read (Observation.Reasons), each under its own command
// (number as the reader's log counts, or the game's for the umpire).
func checkWhys(t *testing.T, s *PlayScene, rs []game.Reason, umpire bool, what string) {
	t.Helper()
	s.logKey = [2]int{}
	s.updateLogScroll(-1, -1)
	got := whyBlocks(t, s)
	want := map[int]string{}
	for _, r := range rs {
		n := r.Seen
		if umpire {
			n = r.N
		}
		if n > 0 {
			want[n] = "why: " + ai.Readable(r.Why)
		}
	}
	if len(got) != len(want) || len(want) == 0 {
		t.Errorf("%s: %d reasons in the log, the reader may see %d (and some)", what, len(got), len(want))
	}
	for _, b := range got {
		if w := want[b.group/64]; w != b.text {
			t.Errorf("%s: under command %d the log says %q, want %q", what, b.group/64, b.text, w)
		}
	}
}

// Issue 20, "the reasons are kept with the commands in the save, so the
// log and the end-of-game replay can show them": the log panel shows the
// computer's reason under each of its commands the side at the screen may
// read — its own while the game goes on (never the enemy's, which would
// say where its hidden units are), both sides' once it is over — and the
// end-of-game replay shows them in its log and its status line.
func TestPlayLogShowsReasons(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, AIDelay: 4})
	p.idle(1)
	playWhy(t, p.g, 80)
	p.s.gen++
	p.idle(2)
	side := p.s.side
	own := p.g.Observe(side).Reasons()
	for _, r := range own {
		if _, mine := p.g.Observe(side).OwnCommand(r.N); !mine {
			t.Fatalf("mid-game, side %d reads the enemy's reason %+v", side, r)
		}
	}
	checkWhys(t, p.s, own, false, "mid-game")
	if len(own) == len(p.g.Cmds()) {
		t.Fatal("the test wants enemy commands whose reasons stay hidden")
	}

	playWhy(t, p.g, -1)
	p.s.gen++
	p.idle(2)
	if !p.s.resultUp() {
		t.Fatal("no end screen")
	}
	all := p.g.Observe(p.s.side).Reasons()
	if len(all) != len(p.g.Cmds()) {
		t.Errorf("game over: %d reasons readable of %d commands", len(all), len(p.g.Cmds()))
	}
	checkWhys(t, p.s, all, false, "game over")

	// the end-of-game replay: the umpire's log, numbered as the game counts
	p.key(ebiten.KeyW)
	r := p.s.rp()
	if r == nil || !r.end {
		t.Fatal("W on the end screen: no replay")
	}
	said := 0
	for i := 0; i < 40*r.pace && p.s.rp() != nil; i++ {
		p.idle(1)
		if msg, _ := p.s.Message(); strings.Contains(msg, " — why: ") {
			n := r.next
			if w := ai.Readable(p.g.Reason(n)); !strings.HasSuffix(msg, " — why: "+w) {
				t.Errorf("replay step %d says %q, the kept reason is %q", n, msg, w)
			}
			said++
		}
	}
	if said == 0 {
		t.Error("the replay's status line never gave a reason")
	}
	logged := map[int]bool{}
	for _, e := range r.ghost.EventsFor(-1) {
		logged[e.Cmd] = true
	}
	var shown []game.Reason
	for _, x := range all {
		if x.N <= r.next && logged[x.N] {
			shown = append(shown, x)
		}
	}
	checkWhys(t, p.s, shown, true, "the end-of-game replay")
}
