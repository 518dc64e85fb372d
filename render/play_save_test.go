package render

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
)

// Issue 10: the window autosaves after every command to its save file and
// keeps the start of each turn, turn 1 too, in <name>-turnN.save; each is a save
// that loads back to the game as it stood then.
func TestPlayAutosavesEachTurn(t *testing.T) {
	dir := t.TempDir()
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, ScenarioRef: "dawn", SavePath: filepath.Join(dir, "dawn.save")})
	p.s.opts.NoAutosave = false
	p.idle(1)
	for i := 0; i < 4000 && p.g.Turn() < 2 && !p.g.Over(); i++ {
		l := p.g.Legal()
		c := l[0]
		for _, x := range []string{"defer", "end", "ready"} {
			if slices.Contains(l, x) {
				c = x
			}
		}
		if !p.s.do(c, &p.ctx) {
			t.Fatalf("%s refused", c)
		}
	}
	if p.g.Turn() < 2 {
		t.Fatalf("the game did not reach turn 2 (turn %d, over %v)", p.g.Turn(), p.g.Over())
	}
	g, _, err := game.Load(filepath.Join(dir, "dawn.save"))
	if err != nil || g.Hash() != p.g.Hash() {
		t.Fatalf("the every-command autosave: %v (hash match %v)", err, err == nil && g.Hash() == p.g.Hash())
	}
	turn := p.s.TurnSavePath(2)
	if turn != filepath.Join(dir, "dawn-turn2.save") {
		t.Errorf("turn save path %q", turn)
	}
	g2, _, err := game.Load(turn)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Turn() != 2 || len(g2.Cmds()) > len(p.g.Cmds()) {
		t.Errorf("turn 2's autosave holds turn %d after %d commands", g2.Turn(), len(g2.Cmds()))
	}
	// turn 1 is kept like the others: the new game as it opened
	g1, _, err := game.Load(p.s.TurnSavePath(1))
	if err != nil {
		t.Fatalf("turn 1's autosave: %v", err)
	}
	if g1.Turn() != 1 || len(g1.Cmds()) != 0 || g1.Seed != p.g.Seed {
		t.Errorf("turn 1's autosave holds turn %d after %d commands (seed %d, the game's %d)", g1.Turn(), len(g1.Cmds()), g1.Seed, p.g.Seed)
	}
}

// Ctrl+L loads the save back (the same state); the hot seat then shows
// the hand-over screen. Ctrl+M (or F8) turns the cues off and on and
// keeps the choice in the settings file.
func TestPlayCtrlLLoadsAndCtrlMMutes(t *testing.T) {
	dir := t.TempDir()
	sp := filepath.Join(dir, "settings.toml")
	p := newPlayHarness(t, PlayOptions{Mode: ModeHotseat, ScenarioRef: "dawn", SavePath: filepath.Join(dir, "dawn.save"), SettingsPath: sp})
	p.idle(1)
	p.toActivation()
	p.takeScreen()
	hash, n := p.g.Hash(), len(p.g.Cmds())
	p.tick(scriptEvent{keys: []ebiten.Key{ebiten.KeyControlLeft, ebiten.KeyS}})
	p.idle(1)
	// one more command, then load: back to the saved state
	p.s.do("defer", &p.ctx)
	p.idle(1)
	p.tick(scriptEvent{keys: []ebiten.Key{ebiten.KeyControlLeft, ebiten.KeyL}})
	p.idle(1)
	g := p.s.Game()
	if g == p.g || g.Hash() != hash || len(g.Cmds()) != n {
		m, _ := p.s.Message()
		t.Fatalf("Ctrl+L: %d commands (saved %d), same game %v; message %q", len(g.Cmds()), n, g == p.g, m)
	}
	if !p.s.Covered() {
		t.Error("after loading in the hot seat the hand-over screen is not up")
	}
	p.tick(scriptEvent{keys: []ebiten.Key{ebiten.KeyControlLeft, ebiten.KeyM}})
	if !p.ctx.Sound.Off() {
		t.Fatal("Ctrl+M did not turn the sound off")
	}
	if st, err := LoadSettings(sp); err != nil || st.Sound {
		t.Errorf("the settings file after Ctrl+M: %+v, %v", st, err)
	}
	p.idle(1)
	p.key(ebiten.KeyF8)
	if p.ctx.Sound.Off() {
		t.Error("F8 did not turn the sound back on")
	}
	// muted for the session (the tests run with KHAMSIN_MUTE, or no
	// device): the status line says the sound stays silent, not "sound on"
	if m, _ := p.s.Message(); p.ctx.Sound.Muted() && !strings.Contains(m, "silent now") {
		t.Errorf("F8 under a muted session says %q", m)
	}
}

func (p *playHarness) takeScreen() {
	if p.s.HandingOver() {
		p.key(ebiten.KeyEnter)
	}
	for i := 0; i < 3 && (p.s.Covered() || p.s.Summary() != nil); i++ {
		p.key(ebiten.KeySpace) // the hand-over screen, then the turn summary
	}
}
