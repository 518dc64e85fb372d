package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
)

// hiddenBases are the bases the umpire's view marks hidden (§6A: a unit
// not yet spotted), by ID.
func hiddenBases(v game.View) map[string]bool {
	out := map[string]bool{}
	for _, b := range v.Bases {
		if slices.Contains(b.Status, "hidden") {
			out[b.ID] = true
		}
	}
	return out
}

// Issue 10 ★, §6A: after the hot seat's hand-over the incoming player may
// watch the opponent's commands since their last turn, replayed as their
// own side saw them. Each step's view is the engine's view for that side
// (never a base the umpire still marks hidden), the replay covers exactly
// the commands the side missed, ends on the game as it stands, and leaves
// the real game untouched.
func TestPlayHandOverReplayShowsOnlyOwnSidesView(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeHotseat, AIDelay: 2})
	p.idle(2)
	p.toActivation()
	p.takeScreen()
	mover := p.g.Actor()
	watcher := 1 - mover
	// the mover moves a hidden unit's base and then another base, then defers
	umpire := hiddenBases(p.g.ViewAs(-1))
	moved := 0
	for _, c := range p.g.Legal() {
		f := strings.Fields(c)
		if len(f) == 3 && f[0] == "move" && umpire[f[1]] && moved == 0 {
			if !p.s.do(c, &p.ctx) {
				t.Fatalf("%s refused", c)
			}
			moved++
			break
		}
	}
	if moved == 0 {
		t.Fatal("no hidden base of the side to act can move: the test's premise is gone")
	}
	for i := 0; i < 4 && p.g.Actor() == mover && !p.g.Over(); i++ {
		for _, c := range []string{"end", "defer"} {
			if slices.Contains(p.g.Legal(), c) {
				p.s.do(c, &p.ctx)
				break
			}
		}
	}
	p.idle(1)
	if p.s.HandingOver() {
		p.key(ebiten.KeyEnter)
	}
	if p.g.Actor() != watcher || !p.s.Covered() {
		t.Fatalf("after the mover's commands %q: actor %d covered %v", p.g.Cmds(), p.g.Actor(), p.s.Covered())
	}
	missed := p.s.toWatch()
	if missed < 2 {
		t.Fatalf("the watcher missed %d commands, want the mover's (%q)", missed, p.g.Cmds())
	}
	hash := p.g.Hash()
	p.key(ebiten.KeyW)
	if p.s.Covered() || p.s.rp() == nil {
		t.Fatal("W on the hand-over screen did not start the replay")
	}
	if p.s.Side() != watcher || p.s.rp().side != watcher {
		t.Fatalf("replay for side %d on side %d's screen; want %d", p.s.rp().side, p.s.Side(), watcher)
	}
	if p.s.rp().total != missed {
		t.Errorf("the replay has %d commands, the watcher missed %d", p.s.rp().total, missed)
	}
	steps := 0
	for i := 0; i < 2000 && p.s.rp() != nil; i++ {
		if p.s.rp().next > steps {
			steps = p.s.rp().next
			hid := hiddenBases(p.s.rp().ghost.ViewAs(-1))
			for _, b := range p.s.View().Bases {
				if b.Side != p.g.Side(watcher).ID && hid[b.ID] {
					t.Errorf("replay step %d shows the hidden enemy base %s", steps, b.ID)
				}
			}
			for _, pc := range p.s.placed {
				if pc.base != "" && hid[pc.base] && pc.side != watcher {
					t.Errorf("replay step %d draws the hidden enemy base %s", steps, pc.base)
				}
			}
			if p.s.View().As != p.g.Side(watcher).ID {
				t.Errorf("replay step %d shows the view as %q", steps, p.s.View().As)
			}
		}
		p.idle(1)
	}
	if p.s.rp() != nil {
		t.Fatal("the replay never ended")
	}
	if steps != missed {
		t.Errorf("replayed %d steps, want %d", steps, missed)
	}
	if p.g.Hash() != hash {
		t.Error("the replay changed the real game")
	}
	if got, want := viewJSON(p.s.View()), viewJSON(p.g.ViewAs(watcher)); got != want {
		t.Error("after the replay the screen is not the watcher's view of the game as it stands")
	}
	if len(p.s.legal) == 0 {
		t.Error("after the replay the watcher has no orders")
	}
}

// Space on the hand-over screen skips the replay; the replay can be
// stopped with Esc; with nothing missed, W does nothing.
func TestPlayHandOverReplaySkipAndStop(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeHotseat, AIDelay: 30})
	p.idle(2)
	if n := p.s.toWatch(); n != 0 {
		t.Fatalf("a new game offers %d commands to watch", n)
	}
	p.key(ebiten.KeyW)
	if !p.s.Covered() {
		t.Fatal("W with nothing to watch took the screen")
	}
	p.key(ebiten.KeySpace)
	p.key(ebiten.KeyEnter) // ready
	p.idle(1)
	p.key(ebiten.KeyEnter) // hand over
	if !p.s.Covered() || p.s.toWatch() != 1 {
		t.Fatalf("after ready: covered %v, to watch %d", p.s.Covered(), p.s.toWatch())
	}
	p.key(ebiten.KeyW)
	if p.s.rp() == nil {
		t.Fatal("no replay")
	}
	p.key(ebiten.KeyEscape)
	if p.s.rp() != nil {
		t.Fatal("Esc did not stop the replay")
	}
	if len(p.s.legal) == 0 {
		t.Error("after stopping the replay the side has no orders")
	}
}

// Issue 10: the end-of-game screen replays the whole game at speed from
// a fresh game (every command, the umpire's view) and comes back to the
// result.
func TestPlayEndOfGameReplay(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, AIDelay: 4})
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
	p.key(ebiten.KeyW)
	if p.s.rp() == nil || !p.s.rp().end || p.s.rp().side != -1 {
		t.Fatalf("W on the result screen: replay %+v", p.s.rp())
	}
	if p.s.rp().total != len(p.g.Cmds()) {
		t.Errorf("replay of %d commands, the game had %d", p.s.rp().total, len(p.g.Cmds()))
	}
	for i := 0; i < 100000 && p.s.rp() != nil; i++ {
		p.idle(1)
	}
	if p.s.rp() != nil {
		t.Fatal("the replay never ended")
	}
	if !p.s.resultUp() {
		t.Error("the result screen did not come back after the replay")
	}
}

// A replay may go on from an earlier ghost of the same game (the hot
// seat keeps one per side) and shows the same views as one built afresh;
// a ghost that is not a prefix of the game is not reused.
func TestReplayReusesGhost(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	g := p.g
	for i := 0; i < 12 && !g.Over(); i++ {
		l := g.Legal()
		if _, err := g.Do(l[len(l)/2]); err != nil {
			t.Fatal(err)
		}
	}
	fresh, err := newReplay(g, 8, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := newReplay(g, 3, 1, 1)
	reused, err := replayOn(old.ghost, g, 8, 1, 1)
	if err != nil || reused.ghost != old.ghost {
		t.Fatalf("the ghost was not reused: %v", err)
	}
	for !fresh.done() {
		_, e1, _, err1 := fresh.step()
		_, e2, _, err2 := reused.step()
		if err1 != nil || err2 != nil || len(e1) != len(e2) || viewJSON(fresh.view()) != viewJSON(reused.view()) {
			t.Fatalf("step %d differs: %v %v", fresh.next, err1, err2)
		}
	}
	if reused.ghost.Hash() != g.Hash() {
		t.Error("the replay did not end on the game as it stands")
	}
	ahead, _ := newReplay(g, 10, 0, 1)
	if r, _ := replayOn(ahead.ghost, g, 5, 0, 1); r.ghost == ahead.ghost {
		t.Error("a ghost past the start was reused")
	}
}

// The end-of-game replay steps at the pace its panel states (one step
// every pace ticks, a move's slide included), and Esc leaves nothing of
// it behind: no dice, no replay lines in the panel, no "out of sight"
// in the replay that shows everything, nobody "acting" on the result.
func TestPlayEndReplayPaceAndEsc(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 0, AIDelay: 6})
	p.idle(1)
	for i := 0; i < 3000 && !p.g.Over(); i++ {
		l := p.g.Legal()
		c := l[0]
		for _, x := range l {
			if x == "defer" || x == "end" || x == "ready" {
				c = x
			}
		}
		if i%5 == 1 { // some fire and moves, for rolls and slides
			c = l[len(l)/2]
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
	for _, l := range p.s.panel.info {
		if strings.Contains(l.text, "is acting") {
			t.Errorf("the result screen's panel says %q", l.text)
		}
	}
	p.key(ebiten.KeyW)
	r := p.s.rp()
	if r == nil {
		t.Fatal("W did not start the replay")
	}
	if r.pace != endReplayPace(6) || r.pace < 6 {
		t.Fatalf("pace %d ticks", r.pace)
	}
	stated := ""
	for _, l := range p.s.panel.info {
		if strings.HasPrefix(l.text, "Step ") {
			stated = l.text
		}
	}
	if !strings.Contains(stated, "one every "+paceText(r.pace)) || paceText(6) != "0.1 s" {
		t.Fatalf("panel says %q for %d ticks a step", stated, r.pace)
	}
	// measure: ticks per step against the stated pace
	start, n0 := p.ctx.Tick, r.next
	sawDice := false
	for p.s.rp() != nil && r.next < n0+20 {
		p.idle(1)
		sawDice = sawDice || len(p.s.dice) > 0
		if m, _ := p.s.Message(); strings.Contains(m, "out of sight") {
			t.Fatalf("the everything-shown replay says %q", m)
		}
	}
	steps := r.next - n0
	if got, want := p.ctx.Tick-start, steps*r.pace; steps == 0 || got > want+r.pace || got < want-r.pace {
		t.Fatalf("%d steps took %d ticks; stated %s a step = %d ticks", steps, got, paceText(r.pace), want)
	}
	p.key(ebiten.KeySpace) // pause, then stop
	p.key(ebiten.KeyEscape)
	if p.s.rp() != nil {
		t.Fatal("Esc did not stop the replay")
	}
	p.idle(2)
	if len(p.s.dice) > 0 || p.s.anim != nil {
		t.Errorf("after Esc: dice %d, anim %v (rolls seen in the replay: %v)", len(p.s.dice), p.s.anim, sawDice)
	}
	for _, l := range p.s.panel.info {
		if strings.Contains(l.text, "Step ") || strings.Contains(l.text, "paused") || strings.Contains(l.text, "is acting") {
			t.Errorf("after Esc the panel still says %q", l.text)
		}
	}
	if !p.s.resultUp() {
		t.Error("the result screen did not come back")
	}
}
