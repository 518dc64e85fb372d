package render

import (
	"fmt"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
)

// The turn summary is built from the side's Observation alone: its losses
// and the enemy's losses it saw are exactly the KindLoss events in its own
// log since it last acted, placed by its own view; the Break Point Track
// is its view's; nothing else from the log is in it.
func TestTurnSummaryFromOwnObservation(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	g := p.g
	losses := func(side int) []game.Event {
		var out []game.Event
		for _, e := range g.Observe(side).Events()[p.s.marks[side].events:] {
			if e.Kind == game.KindLoss {
				out = append(out, e)
			}
		}
		return out
	}
	// play, firing whenever a shot is legal, until both sides saw a loss
	for i := 0; i < 4000 && !g.Over() && (len(losses(0)) == 0 || len(losses(1)) == 0); i++ {
		l := g.Legal()
		c := l[i%len(l)]
		for _, x := range l {
			if strings.HasPrefix(x, "fire ") || strings.HasPrefix(x, "assault ") {
				c = x
				break
			}
		}
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	for side := 0; side < 2; side++ {
		lost := losses(side)
		if len(lost) == 0 {
			t.Fatalf("side %d saw no loss in %d commands: the test's premise is gone", side, len(g.Cmds()))
		}
		sum := p.s.buildSummary(side)
		if sum == nil {
			t.Fatalf("side %d: no summary", side)
		}
		text := strings.Join(p.s.summaryText(sum), "\n")
		o := g.Observe(side)
		v := o.View()
		owner := map[string]string{}
		for _, u := range v.Units {
			owner[u.ID] = u.Side
		}
		for _, b := range v.Bases {
			owner[b.ID] = b.Side
		}
		var mine, theirs int
		for _, e := range lost {
			who := ""
			for _, id := range append(append([]string(nil), e.Bases...), e.Units...) {
				if w, ok := owner[id]; ok && who == "" {
					who = w
				}
			}
			if who == o.SideID() {
				mine++
			} else {
				theirs++
			}
		}
		if mine > 0 && !strings.Contains(text, fmt.Sprintf("Your losses (%d):", mine)) || mine == 0 && !strings.Contains(text, "Your losses: none") {
			t.Errorf("side %d: %d own losses, summary:\n%s", side, mine, text)
		}
		if theirs > 0 && !strings.Contains(text, fmt.Sprintf("Enemy losses you saw (%d):", theirs)) || theirs == 0 && !strings.Contains(text, "Enemy losses you saw: none") {
			t.Errorf("side %d: %d enemy losses seen, summary:\n%s", side, theirs, text)
		}
		for _, sd := range v.Sides {
			if !strings.Contains(text, fmt.Sprintf("%s %d", sd.ID, v.BreakPoint[sd.ID])) {
				t.Errorf("side %d: break point of %s (%d) not in the summary:\n%s", side, sd.ID, v.BreakPoint[sd.ID], text)
			}
		}
		// every listed loss is one of the side's own events' texts
		seen := map[string]bool{}
		for _, e := range o.Events() {
			seen[e.Text] = true
		}
		for _, l := range sum.lines {
			if strings.HasPrefix(l.text, "   ") && !strings.HasPrefix(l.text, "   …") && !seen[strings.TrimPrefix(l.text, "   ")] {
				t.Errorf("side %d's summary lists %q, not in its own log", side, l.text)
			}
		}
	}
	// nothing new seen: no summary
	p.s.markSeen(0)
	if p.s.buildSummary(0) != nil {
		t.Error("a summary with nothing new since the mark")
	}
}

// Solo: when the computer's commands end and the player is to act, the
// summary of what their side saw meanwhile is on the screen; Esc puts it
// away, and it is never up while the computer acts.
func TestSoloTurnSummaryShownAndDismissed(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 0, AIDelay: 2})
	p.idle(2)
	shown := 0
	for i := 0; i < 3000 && !p.g.Over() && shown < 2; i++ {
		if p.g.Actor() != 0 {
			p.idle(1)
			if p.s.Summary() != nil && p.g.Actor() != 0 {
				t.Fatal("a summary on the screen while the computer acts")
			}
			continue
		}
		if s := p.s.Summary(); s != nil {
			shown++
			if !strings.Contains(strings.Join(s, "\n"), "Break Point Track") {
				t.Fatalf("summary %q", s)
			}
			p.key(ebiten.KeyEscape)
			if p.s.Summary() != nil {
				t.Fatal("Esc did not put the summary away")
			}
		}
		p.passOne()
	}
	if shown < 2 {
		t.Fatalf("the summary was shown %d times in %d commands", shown, len(p.g.Cmds()))
	}
}

// Hot seat: the incoming player sees the summary before the map, with the
// replay offer after it; W there starts the replay of the commands missed.
func TestHotseatSummaryBeforeReplayOffer(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeHotseat, AIDelay: 2})
	p.idle(2)
	p.toActivation()
	p.takeScreen()
	mover := p.g.Actor()
	for i := 0; i < 4 && p.g.Actor() == mover; i++ {
		for _, c := range []string{"end", "defer"} {
			if slices.Contains(p.g.Legal(), c) {
				p.s.do(c, &p.ctx)
				break
			}
		}
	}
	p.idle(1)
	p.key(ebiten.KeyEnter) // hand over
	missed := p.s.toWatch()
	if !p.s.Covered() || missed == 0 {
		t.Fatalf("covered %v, %d to watch", p.s.Covered(), missed)
	}
	p.key(ebiten.KeySpace)
	if p.s.Covered() || p.s.Summary() == nil || p.s.sum.watch != missed {
		t.Fatalf("after Space: covered %v, summary %q (watch %v)", p.s.Covered(), p.s.Summary(), p.s.sum)
	}
	if p.s.Side() != p.g.Actor() || p.s.sum.side != p.s.Side() {
		t.Fatal("the summary is not the incoming side's")
	}
	if len(p.s.placed) != 0 {
		t.Error("counters laid out behind the summary screen")
	}
	p.key(ebiten.KeyW)
	if p.s.Summary() != nil || p.s.rp() == nil || p.s.rp().total != missed {
		t.Fatalf("W on the summary: summary %v, replay %v", p.s.Summary(), p.s.rp())
	}
}

// The summary's title names the side in full ("Kestrel Column, 7th
// Armoured Division"): it wraps inside the box rather than being clipped,
// in a narrow window too.
func TestSummaryTitleWrapsInsideTheBox(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 0, AIDelay: 2})
	p.ctx.Width = 800 // a small window: the box is narrower than the title
	p.idle(2)
	for i := 0; i < 3000 && !p.g.Over() && p.s.Summary() == nil; i++ {
		if p.g.Actor() != 0 {
			p.idle(1)
			continue
		}
		p.passOne()
	}
	if p.s.Summary() == nil {
		t.Fatal("no summary shown")
	}
	_, _, w, _ := p.s.summaryPlace()
	head := p.s.summaryTitle(w)
	if got := strings.Join(head, " "); got != p.s.sum.title {
		t.Fatalf("title rows %q do not make the title %q", head, p.s.sum.title)
	}
	if len(head) < 2 {
		t.Fatalf("the title %q fits one row of a %.0f px box: the case is not tested", p.s.sum.title, w)
	}
	for _, r := range head {
		if adv := text.Advance(r, p.s.boldFace()); adv > w-p.s.hud.U(24) {
			t.Errorf("title row %q is %.0f px wide in a %.0f px box", r, adv, w-p.s.hud.U(24))
		}
	}
}

// passOne gives the human's side the command that moves the game on
// soonest (ready, end or defer, else the first legal one) through the
// window, then lets a tick pass.
func (p *playHarness) passOne() {
	p.t.Helper()
	l := p.g.Legal()
	c := l[0]
	for _, x := range []string{"ready", "end", "defer"} {
		if slices.Contains(l, x) {
			c = x
		}
	}
	if !p.s.do(c, &p.ctx) {
		p.t.Fatalf("%s refused", c)
	}
	p.idle(1)
}

// Solo moving both sides, the status line names the side whose view the
// screen shows ("showing: axis"), not "your side": the person plays both.
func TestStatusLineNamesTheShownSideWhenMovingBoth(t *testing.T) {
	for _, c := range []struct {
		mode string
		want string
	}{{ModeBoth, " · showing: "}, {ModeSolo, " · your side: "}} {
		p := newPlayHarness(t, PlayOptions{Mode: c.mode})
		p.idle(2)
		l1 := p.s.topLines(1600).l1
		if !strings.Contains(l1, c.want+p.g.Side(p.s.side).ID) {
			t.Errorf("mode %v: the status line reads %q, want %q and the side", c.mode, l1, c.want)
		}
	}
}
