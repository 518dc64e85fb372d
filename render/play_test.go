package render

import (
	"encoding/json"
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
	"khamsin/render/raster"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// The play scene's logic, tested without a display: a scripted input
// drives Update on a board rasterised at a small size (Draw needs the GPU
// and is exercised by `khamsin play --screenshot` under Xvfb).

const playW, playH = 1280, 800

// playHarness runs a PlayScene tick by tick with scripted input.
type playHarness struct {
	t   *testing.T
	g   *game.Game
	s   *PlayScene
	in  *scriptInput
	ctx ui.Context
}

func newPlayHarness(t *testing.T, opts PlayOptions) *playHarness {
	t.Helper()
	if opts.Mode == ModeSolo && opts.AILevel == 0 {
		// the veteran: it decides in about a millisecond, so tests that
		// count ticks while the computer thinks on its goroutine do not
		// run out of ticks (the expert's own tests are in engine/ai)
		opts.AILevel = ai.MaxLevel
	}
	sc, err := scenario.Load("dawn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	h, err := ui.NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	ls := raster.Rasterize(g.Map, raster.Style{HexSize: 12, Margin: 6})
	board := ui.NewMapSceneFrom(g.Map, ls, h, playKeymap())
	in := &scriptInput{}
	opts.Mute = true
	opts.NoAutosave = true
	s := newPlayScene(g, opts, in, board, h)
	return &playHarness{t: t, g: g, s: s, in: in, ctx: ui.Context{Width: playW, Height: playH, Scale: 1, Sound: sound.New(true)}}
}

// tick runs one Update with the state st (the cursor stays where it was
// unless st moves it).
func (p *playHarness) tick(ev scriptEvent) {
	p.t.Helper()
	p.in.tick = 0
	ev.from = 1
	p.in.events = []scriptEvent{ev}
	p.ctx.Tick++
	if err := p.s.Update(&p.ctx); err != nil {
		p.t.Fatalf("tick %d: %v", p.ctx.Tick, err)
	}
}

func (p *playHarness) idle(n int) {
	for i := 0; i < n; i++ {
		p.tick(scriptEvent{})
	}
}

// key presses and releases a key (two ticks).
func (p *playHarness) key(k ebiten.Key) {
	p.tick(scriptEvent{keys: []ebiten.Key{k}})
	p.tick(scriptEvent{})
}

// click presses and releases the left button at (x,y).
func (p *playHarness) click(x, y float64) {
	p.tick(scriptEvent{cursor: at(x, y)})
	p.tick(scriptEvent{cursor: at(x, y), buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	p.tick(scriptEvent{cursor: at(x, y)})
}

// toActivation plays the Challenge phase and the choice of who goes
// first with the keys: Enter (ready) for each side, then 1 (the first
// side goes first).
func (p *playHarness) toActivation() {
	p.t.Helper()
	for i := 0; i < 4 && p.g.Phase() != game.PhaseActivate; i++ {
		p.takeScreen()
		if p.g.Phase() == game.PhaseChallenge {
			p.key(ebiten.KeyEnter)
		} else {
			p.key(ebiten.KeyDigit1)
		}
	}
	if p.g.Phase() != game.PhaseActivate {
		p.t.Fatalf("phase %v after ready, ready, 1; commands %q", p.g.Phase(), p.g.Cmds())
	}
}

func viewJSON(v game.View) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// §6A: in the hot seat a hand-over screen hides the map until the next
// player confirms, and each side sees only its own view.
func TestPlayHotseatHandOverShowsOnlyOwnView(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeHotseat})
	p.idle(2)
	if !p.s.Covered() {
		t.Fatal("the hot seat opens without the hand-over screen")
	}
	if n := len(p.s.placed); n != 0 {
		t.Errorf("%d counters laid out behind the hand-over screen", n)
	}
	first := p.g.Actor()
	p.key(ebiten.KeySpace)
	if p.s.Covered() || p.s.Side() != first {
		t.Fatalf("after Space: covered %v, side %d; want the map for side %d", p.s.Covered(), p.s.Side(), first)
	}
	if got, want := viewJSON(p.s.View()), viewJSON(p.g.ViewAs(first)); got != want {
		t.Errorf("the screen's view is not ViewAs(%d)", first)
	}
	// every counter on the screen is the side's own or one it may see
	for _, pc := range p.s.placed {
		if pc.base == "" {
			continue
		}
		if !slices.ContainsFunc(p.g.ViewAs(first).Bases, func(b game.BaseView) bool { return b.ID == pc.base }) {
			t.Errorf("counter %s drawn for side %d, which may not see it", pc.base, first)
		}
	}
	// ready: the other side is to act, behind the hand-over screen again
	p.key(ebiten.KeyEnter)
	if p.g.Actor() == first {
		t.Fatalf("Enter did not say ready: %q", p.g.Cmds())
	}
	p.idle(1)
	// the outcome of the last command stays on the screen, the side's
	// own view, until the player hands over: no hand-over screen yet
	msg, _ := p.s.Message()
	if p.s.Covered() || !p.s.HandingOver() || p.s.Side() != first || len(p.s.Legal()) != 0 {
		t.Fatalf("after ready: covered %v, handing over %v, side %d (was %d), %d orders", p.s.Covered(), p.s.HandingOver(), p.s.Side(), first, len(p.s.Legal()))
	}
	p.idle(500) // longer than any message or dice box lasts by itself
	if p.s.Covered() || !p.s.HandingOver() {
		t.Fatal("the hand-over screen came up without the player")
	}
	if got, want := viewJSON(p.s.View()), viewJSON(p.g.ViewAs(first)); got != want {
		t.Error("while waiting for the hand-over the screen is not the outgoing side's view")
	}
	var button bool
	for _, b := range p.s.buttons {
		button = button || b.key == "Enter" && strings.HasPrefix(b.label, "Hand over")
	}
	var info []string
	for _, l := range p.s.panel.info {
		info = append(info, l.text)
	}
	prompt := strings.Contains(strings.Join(info, " "), "hand the screen over to "+p.g.Side(p.g.Actor()).Name)
	if m, _ := p.s.Message(); m != msg || msg == "" || !prompt || !button || !strings.Contains(p.s.handOverPrompt(), p.g.Side(p.g.Actor()).Name) {
		t.Errorf("message %q (was %q), prompt %v, button %v", m, msg, prompt, button)
	}
	p.key(ebiten.KeyEnter)
	if !p.s.Covered() || p.s.HandingOver() {
		t.Fatal("Enter did not hand over")
	}
	p.key(ebiten.KeySpace)
	if p.s.Side() != p.g.Actor() {
		t.Errorf("after the hand-over the screen shows side %d, the side to act is %d", p.s.Side(), p.g.Actor())
	}
}

// Orders come from Legal and go through Do: clicking a counter selects
// it, its reachable hexes come from MoveOptions, and clicking one moves
// it there with "move B HEX".
// A move is plotted by a click, undone by Backspace, committed by a
// second click on the same hex (issue 10: a plotted path can be undone
// until it is committed).
func TestPlayClickSelectsAndMoves(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	var id string
	for _, c := range p.g.Legal() {
		if f := strings.Fields(c); f[0] == "move" {
			// a base whose counter is on top where it is drawn
			if x, y, ok := p.s.CounterAt(f[1]); ok {
				if i := p.s.counterAt(x, y); i >= 0 && p.s.placed[i].base == f[1] {
					id = f[1]
					break
				}
			}
		}
	}
	if id == "" {
		t.Fatal("no movable base has a counter on the screen")
	}
	x, y, _ := p.s.CounterAt(id)
	p.click(x, y)
	if p.s.Selected() != id {
		t.Fatalf("clicking %s's counter at (%.0f,%.0f) selected %q", id, x, y, p.s.Selected())
	}
	moves := p.s.MoveOptions()
	want, err := p.g.MoveOptions(id)
	if err != nil || len(moves) != len(want) || len(want) == 0 {
		t.Fatalf("%d hexes shaded, MoveOptions gives %d (%v)", len(moves), len(want), err)
	}
	// the farthest reachable hex on the screen with no counter in it
	var dest string
	best := -1.0
	for label := range moves {
		h, _ := p.g.HexOf(label)
		hx, hy := p.s.board.HexOnScreen(h)
		if !image.Pt(int(hx), int(hy)).In(p.s.mapArea()) || p.s.occupied(label) {
			continue
		}
		if d := math.Hypot(hx-x, hy-y); d > best {
			best, dest = d, label
		}
	}
	if dest == "" {
		t.Fatal("no empty reachable hex on the screen")
	}
	h, _ := p.g.HexOf(dest)
	n := len(p.g.Cmds())
	hx, hy := p.s.board.HexOnScreen(h)
	// the first click plots the move and shows its preview; nothing moves
	p.click(hx, hy+2)
	if len(p.g.Cmds()) != n || p.s.plotted != dest || p.s.preview == nil || p.s.preview.To != dest {
		t.Fatalf("first click on %s: commands %q, plotted %q; want the move plotted, not given", dest, p.g.Cmds()[n:], p.s.plotted)
	}
	if len(p.s.preview.Steps) != len(moves[dest].Path)-1 {
		t.Errorf("preview has %d steps for a path of %d hexes", len(p.s.preview.Steps), len(moves[dest].Path))
	}
	// Backspace undoes the plotted move
	p.key(ebiten.KeyBackspace)
	if p.s.plotted != "" || len(p.g.Cmds()) != n {
		t.Fatalf("Backspace left plotted %q, commands %q", p.s.plotted, p.g.Cmds()[n:])
	}
	// plot again, then the second click on the same hex commits it
	p.click(hx, hy+2)
	p.click(hx, hy+2)
	if len(p.g.Cmds()) != n+1 || p.g.Cmds()[n] != "move "+id+" "+dest {
		t.Fatalf("clicking %s gave commands %q, want move %s %s", dest, p.g.Cmds()[n:], id, dest)
	}
	if msg, bad := p.s.Message(); bad {
		t.Errorf("the move was refused: %s", msg)
	}
}

// A refused command shows its reason in the status bar and changes
// nothing.
func TestPlayRefusalInStatusBar(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(1)
	h := p.g.Hash()
	if p.s.do("end", nil) {
		t.Fatal("end was accepted in the Challenge phase")
	}
	msg, bad := p.s.Message()
	if !bad || msg == "" {
		t.Errorf("status after a refused command = %q (refusal %v)", msg, bad)
	}
	if p.g.Hash() != h {
		t.Error("a refused command changed the game")
	}
}

// Solo: the computer plays its side one command every AIDelay ticks.
func TestPlaySoloComputerPlaysAtItsPace(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo, Human: 0, AIDelay: 5})
	ai := 1
	if p.g.Actor() != ai {
		t.Skipf("the scenario's first actor is side %d; this test wants the computer first", p.g.Actor())
	}
	p.idle(4)
	if len(p.g.Cmds()) != 0 {
		t.Fatalf("the computer acted before its delay: %q", p.g.Cmds())
	}
	p.idle(1)
	if len(p.g.Cmds()) != 1 {
		t.Fatalf("after 5 ticks the computer gave %d commands, want 1", len(p.g.Cmds()))
	}
	if p.s.Side() != 0 {
		t.Errorf("solo shows side %d, want the player's side 0", p.s.Side())
	}
}

// Ctrl+S names the save after the scenario in the working directory.
func TestPlaySavePath(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, ScenarioRef: "scenarios/dawn.toml"})
	if got := p.s.SavePath(); got != "dawn.save" {
		t.Errorf("SavePath = %q, want dawn.save", got)
	}
}
