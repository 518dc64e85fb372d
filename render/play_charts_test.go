package render

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// aiGame plays dawn with the computer on both sides until each side has
// lost a base (or n commands).
func aiGame(t *testing.T, n int) *game.Game {
	t.Helper()
	sc, err := scenario.Load("dawn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, 3)
	if err != nil {
		t.Fatal(err)
	}
	players := [2]game.Player{ai.New(1), ai.New(1)}
	for i := 0; i < n && !g.Over(); i++ {
		a := g.Actor()
		if _, err := g.Do(players[a].Choose(g.Observe(a))); err != nil {
			t.Fatal(err)
		}
		lost := [2]bool{}
		for _, b := range g.ViewAs(-1).Bases {
			if containsStr(b.Status, "knocked-out") {
				si, _ := g.SideIndex(b.Side)
				lost[si] = true
			}
		}
		if lost[0] && lost[1] {
			break
		}
	}
	return g
}

// Issue 18 ★ end charts: the figures by turn end at the game's own
// Break Point Tracks (16.12) and knocked-out counts, the bases lost never
// go down, and each base lost is marked where the umpire's view has its
// wreck, in the turn its KindLoss event came.
func TestChartEndDataFromTheGame(t *testing.T) {
	g := aiGame(t, 600)
	d, err := buildEndCharts(g)
	if err != nil {
		t.Fatal(err)
	}
	v := g.ViewAs(-1)
	if len(d.BP[0]) != v.Turn || len(d.Lost[1]) != v.Turn {
		t.Fatalf("%d and %d turns charted, the game is on turn %d", len(d.BP[0]), len(d.Lost[1]), v.Turn)
	}
	lossTurn := map[string]int{}
	for _, e := range g.EventsFor(-1) {
		if e.Kind == game.KindLoss && len(e.Bases) > 0 {
			if _, seen := lossTurn[e.Bases[0]]; !seen {
				lossTurn[e.Bases[0]] = e.Turn
			}
		}
	}
	var ko [2]int
	where := map[string]string{}
	for _, b := range v.Bases {
		if containsStr(b.Status, "knocked-out") || containsStr(b.Status, "captured") {
			si, _ := g.SideIndex(b.Side)
			ko[si]++
			where[b.ID] = b.Hex
		}
	}
	for si := 0; si < 2; si++ {
		last := len(d.BP[si]) - 1
		if d.BP[si][last] != v.BreakPoint[g.Side(si).ID] || d.Lost[si][last] != ko[si] {
			t.Errorf("side %d: charted BP %d lost %d at the end, the game has %d and %d", si, d.BP[si][last], d.Lost[si][last], v.BreakPoint[g.Side(si).ID], ko[si])
		}
		for i := 1; i <= last; i++ {
			if d.Lost[si][i] < d.Lost[si][i-1] {
				t.Errorf("side %d: bases lost go down on turn %d: %v", si, i+1, d.Lost[si])
			}
		}
	}
	if ko[0]+ko[1] == 0 {
		t.Fatal("no base lost in the game: nothing to chart")
	}
	if len(d.Losses) != ko[0]+ko[1] {
		t.Errorf("%d losses marked, %d bases lost", len(d.Losses), ko[0]+ko[1])
	}
	for _, l := range d.Losses {
		if g.Label(l.Hex) != where[l.Base] {
			t.Errorf("%s marked at %s, lost at %s", l.Base, g.Label(l.Hex), where[l.Base])
		}
		if tu, ok := lossTurn[l.Base]; ok && tu != l.Turn {
			t.Errorf("%s marked lost on turn %d, its loss event is on turn %d", l.Base, l.Turn, tu)
		}
	}
	t.Logf("%d turns, losses %v, BP %v / %v", v.Turn, ko, d.BP[0], d.BP[1])
}

// The end screen builds the charts in the background once the game is
// over and keeps them; no figures before then.
func TestChartEndScreenBuildsOnce(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, AIDelay: 4})
	p.idle(1)
	if p.s.ov.charts.started {
		t.Fatal("charts started before the game is over")
	}
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
	p.s.gen++
	for end := time.Now().Add(20 * time.Second); p.s.ov.charts.data == nil && p.s.ov.charts.err == "" && time.Now().Before(end); {
		p.idle(1)
		time.Sleep(10 * time.Millisecond)
	}
	c := p.s.ov.charts
	if c.data == nil || c.err != "" {
		t.Fatalf("no charts: %q", c.err)
	}
	if c.data.Map == nil || len(c.data.BP[0]) != p.g.ViewAs(-1).Turn {
		t.Errorf("charts: map %v, %d turns for a game of %d", c.data.Map != nil, len(c.data.BP[0]), p.g.ViewAs(-1).Turn)
	}
	p.key(ebiten.KeyEscape)
}
