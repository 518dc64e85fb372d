package render

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
)

// waitHint ticks until the hint screen has the expert's answer.
func (p *playHarness) waitHint() *hintScreen {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		h := p.s.hint()
		if h == nil {
			p.t.Fatalf("no hint screen (status %q)", p.s.msg)
		}
		if h.ans != nil {
			return h
		}
		if time.Now().After(deadline) {
			p.t.Fatal("the expert still thinks after 60 s")
		}
		time.Sleep(time.Millisecond)
		p.idle(1)
	}
}

// Issue 20, "a hint key in the window": T, with the side at the screen to
// act, asks the expert on that side's observation: the window shows its
// command (one the side may give now), why and its alternatives — the
// answer the expert gives on that observation — and rings the unit and its
// target or destination; Enter gives the command through the window's one
// path, with the hint kept as its reason; Esc puts the hint away and gives
// nothing. In the hot seat and with one player moving both sides (solo
// play is TestPlayHintFog's).
func TestPlayHintKey(t *testing.T) {
	for _, mode := range []string{ModeBoth, ModeHotseat} {
		t.Run(mode, func(t *testing.T) { hintKeyRun(t, mode) })
	}
}

func hintKeyRun(t *testing.T, mode string) {
	p := newPlayHarness(t, PlayOptions{Mode: mode})
	p.idle(2)
	p.toActivation()
	p.takeScreen()
	p.idle(1)
	side := p.s.side
	if !p.g.Observe(side).ToAct() {
		t.Fatal("the side at the screen is not to act")
	}
	want := hintFor(p.g.Clone().Observe(side))

	p.key(ebiten.KeyT)
	h := p.s.hint()
	if h == nil {
		t.Fatalf("T: no hint screen (status %q)", p.s.msg)
	}
	h = p.waitHint()
	got := p.s.HintText()
	if w := strings.Join(want.text(), "\n"); got != w {
		t.Errorf("the window's hint:\n%s\nthe expert on the side's observation:\n%s", got, w)
	}
	if !slices.Contains(p.s.Legal(), h.ans.Command) {
		t.Errorf("the hint %q is not among the side's legal commands", h.ans.Command)
	}
	if h.ans.Why == "" {
		t.Error("the hint says no why")
	}
	// the unit is ringed where it stands, its target or destination too
	c, err := game.ParseCommand(h.ans.Command)
	if err != nil {
		t.Fatal(err)
	}
	from, to := p.s.hintHexes(h.ans.Command)
	if b, ok := p.s.bases[c.Base]; ok && !slices.Contains(from, b.Hex) {
		t.Errorf("%s stands in %s, the hint rings %v", c.Base, b.Hex, from)
	}
	if c.Hex.Board != "" && to != c.Hex.String() {
		t.Errorf("%q: the hint rings %q as its destination", h.ans.Command, to)
	}
	if c.Base != "" && c.Target == "" && c.Hex.Board == "" && len(from) == 0 {
		t.Errorf("%q: nothing ringed", h.ans.Command)
	}

	// Esc: put away, nothing given
	n := len(p.g.Cmds())
	p.key(ebiten.KeyEscape)
	if p.s.hint() != nil || len(p.g.Cmds()) != n {
		t.Fatalf("Esc: hint up %v, %d commands (was %d)", p.s.hint() != nil, len(p.g.Cmds()), n)
	}

	// T again, Enter: the command given, the hint kept as its reason
	p.key(ebiten.KeyT)
	h = p.waitHint()
	cmd, why := h.ans.Command, h.ans.Why
	p.key(ebiten.KeyEnter)
	if p.s.hint() != nil {
		t.Error("Enter: the hint stays up")
	}
	if len(p.g.Cmds()) != n+1 || p.g.Cmds()[n] != cmd {
		t.Fatalf("Enter: commands %q, want %q given", p.g.Cmds()[n:], cmd)
	}
	if r := p.g.Reason(n + 1); r != game.CleanReason("the expert's hint: "+why) {
		t.Errorf("the hint's command is kept with reason %q", r)
	}
}

// T when the side at the screen may not act says so and asks nothing.
func TestPlayHintNotYourTurn(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 0})
	p.idle(1)
	for i := 0; i < 4000 && p.g.Observe(0).ToAct(); i++ {
		l := p.g.Legal()
		if _, err := p.g.Do(l[len(l)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if p.g.Observe(0).ToAct() || p.g.Over() {
		t.Skip("side 0 never handed the move over")
	}
	p.s.gen++
	p.s.aiWait = -1 << 20 // the computer waits: the test asks while it is to act
	p.idle(1)
	p.key(ebiten.KeyT)
	if p.s.hint() != nil {
		t.Fatal("T asked the expert for a side not to act")
	}
	if msg, bad := p.s.Message(); !bad || !strings.Contains(msg, "not your turn") {
		t.Errorf("T out of turn: status %q (refusal %v)", msg, bad)
	}
}
