package render

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/engine/review"
)

// finishGame plays the harness's game to its end with the first legal
// command (or end, defer, ready when there is one) and lets the scene
// see it over.
func finishGame(p *playHarness) {
	p.t.Helper()
	for i := 0; i < 5000 && !p.g.Over(); i++ {
		l := p.g.Legal()
		c := l[0]
		for _, x := range l {
			if x == "defer" || x == "end" || x == "ready" {
				c = x
			}
		}
		if _, err := p.g.Do(c); err != nil {
			p.t.Fatal(err)
		}
	}
	if !p.g.Over() {
		p.t.Fatal("the game did not end")
	}
	p.s.gen++
	p.idle(2)
	if !p.s.resultUp() {
		p.t.Fatal("no end screen")
	}
}

// Issue 20, "The window's end screen offers it": B on the end screen
// opens the review, worked out in the background (the screen is up at
// once, the answer comes later) by engine/review on the game's save — the
// same review `khamsin game review` prints; its text gives the turning
// points and, in solo, only the player's costliest decisions, each with
// its alternative; its charts are each side's Break Point and losses by
// turn. Esc goes back to the end screen; B again shows the review made
// before, and a click on the end screen's Review button opens it too.
func TestPlayReviewScreen(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 1})
	p.idle(1)
	finishGame(p)
	p.key(ebiten.KeyB)
	if !p.s.reviewUp() {
		t.Fatal("B on the end screen: no review")
	}
	rs := p.s.rev
	deadline := time.Now().Add(120 * time.Second)
	for rs.rev == nil && rs.err == "" {
		if time.Now().After(deadline) {
			t.Fatal("no review after 120 s")
		}
		time.Sleep(5 * time.Millisecond)
		p.idle(1)
	}
	if rs.err != "" {
		t.Fatal(rs.err)
	}
	sf, err := game.ParseSave("t", p.g.Save(p.s.scenarioRef()))
	if err != nil {
		t.Fatal(err)
	}
	want, err := review.Run(sf, p.g.Scn, review.Material{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(rs.rev)
	b, _ := json.Marshal(want)
	if string(a) != string(b) {
		t.Errorf("the window's review differs from game review's:\n%s\n%s", a, b)
	}
	text := ""
	for _, l := range reviewLines(rs.rev, p.s.players(), true) {
		text += l.text + "\n"
	}
	for _, tp := range want.Turning {
		if !strings.Contains(text, tp.Command) {
			t.Errorf("turning point #%d %q is not in the review's text", tp.N, tp.Command)
		}
	}
	if !strings.Contains(text, "yours, "+want.Sides[1].Name) || strings.Contains(text, want.Sides[0].Name+"), with") {
		t.Errorf("solo as side 1: the costliest decisions should be the player's only:\n%s", text)
	}
	for _, d := range want.Sides[1].Costliest {
		if !strings.Contains(text, d.Command) || !strings.Contains(text, "better: "+d.Alternative) {
			t.Errorf("the player's costly %q and its alternative %q are not in the text", d.Command, d.Alternative)
		}
	}
	d := p.s.reviewCharts(rs.rev)
	for si := 0; si < 2; si++ {
		if len(d.BP[si]) != len(want.Sides[si].ByTurn) || len(d.BP[si]) == 0 {
			t.Fatalf("side %d: %d turns charted, the review has %d", si, len(d.BP[si]), len(want.Sides[si].ByTurn))
		}
		last := want.Sides[si].ByTurn[len(d.BP[si])-1]
		if d.BP[si][len(d.BP[si])-1] != last.BreakPoint || d.Lost[si][len(d.Lost[si])-1] != last.LostTotal {
			t.Errorf("side %d: the charts end at BP %d lost %d, the review at %+v", si, d.BP[si][len(d.BP[si])-1], d.Lost[si][len(d.Lost[si])-1], last)
		}
	}

	p.key(ebiten.KeyEscape)
	if p.s.reviewUp() || !p.s.resultUp() {
		t.Fatalf("Esc: review up %v, end screen up %v", p.s.reviewUp(), p.s.resultUp())
	}
	br := p.s.reviewButton().r
	p.click(float64(br.Min.X+br.Max.X)/2, float64(br.Min.Y+br.Max.Y)/2)
	if !p.s.reviewUp() || p.s.rev != rs || rs.rev == nil {
		t.Fatalf("the Review button: up %v, the same review %v", p.s.reviewUp(), p.s.rev == rs)
	}
}
