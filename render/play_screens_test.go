package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The play screen's screens stack (play_screens.go): help opened over
// the end-of-game replay takes the keys (its Esc closes the help, not
// the replay), the replay stands still under it, and stopping the
// replay brings back the end screen it was started from; Esc there puts
// the end screen away and R brings it back.
func TestPlayScreensStack(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, AIDelay: 24})
	p.idle(1)
	for i := 0; i < 3000 && !p.g.Over(); i++ {
		l := p.g.Legal()
		c := l[0]
		for _, x := range l {
			if x == "defer" || x == "end" || x == "ready" {
				c = x
			}
		}
		if _, err := p.g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	if !p.g.Over() {
		t.Fatal("the game did not end")
	}
	p.s.gen++
	p.idle(2)
	if !p.s.resultUp() {
		t.Fatal("no end screen when the game is over")
	}
	p.key(ebiten.KeyW)
	r := p.s.rp()
	if r == nil {
		t.Fatal("W on the end screen started no replay")
	}
	p.idle(3 * r.pace)
	p.key(ebiten.KeyF1)
	if up, _ := p.s.HelpUp(); !up {
		t.Fatal("F1 during the replay: no help")
	}
	step := r.next
	p.idle(5 * r.pace)
	if r.next != step {
		t.Errorf("the replay went on from step %d to %d under the help", step, r.next)
	}
	p.key(ebiten.KeyEscape)
	if up, _ := p.s.HelpUp(); up || p.s.rp() != r {
		t.Fatalf("Esc in the help over the replay: help %v, replay %p (was %p); want the help closed, the replay on", up, p.s.rp(), r)
	}
	p.idle(3 * r.pace)
	if r.next == step {
		t.Error("the replay did not go on once the help was closed")
	}
	p.key(ebiten.KeyEscape)
	if p.s.rp() != nil || !p.s.resultUp() {
		t.Fatalf("Esc in the replay: replay %v, end screen %v; want the end screen back", p.s.rp() != nil, p.s.resultUp())
	}
	p.key(ebiten.KeyEscape)
	if p.s.resultUp() {
		t.Fatal("Esc on the end screen did not put it away")
	}
	p.key(ebiten.KeyR)
	if !p.s.resultUp() {
		t.Fatal("R did not bring the end screen back")
	}
}
