package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// The main menu's logic without a display: keys choose the scenario, the
// mode and the side; the load field finds the newest save; a bad save is
// refused with its reason (Draw and the start of a game need the GPU and
// are exercised under Xvfb by cmd/khamsin's window tests).

type menuHarness struct {
	t   *testing.T
	m   *MenuScene
	in  *scriptInput
	ctx Context
}

func newMenuHarness(t *testing.T, opts MenuOptions) *menuHarness {
	t.Helper()
	in := &scriptInput{}
	m, err := NewMenuScene(opts, in)
	if err != nil {
		t.Fatal(err)
	}
	return &menuHarness{t: t, m: m, in: in, ctx: Context{Width: 1280, Height: 800, Scale: 1, Sound: NewSound(true)}}
}

func (h *menuHarness) tick(ev scriptEvent) error {
	h.in.tick = 0
	ev.from = 1
	h.in.events = []scriptEvent{ev}
	h.ctx.Tick++
	return h.m.Update(&h.ctx)
}

func (h *menuHarness) key(k ebiten.Key) error {
	if err := h.tick(scriptEvent{keys: []ebiten.Key{k}}); err != nil {
		return err
	}
	return h.tick(scriptEvent{})
}

func TestMenuKeysChooseScenarioModeAndSide(t *testing.T) {
	h := newMenuHarness(t, MenuOptions{Dir: t.TempDir()})
	if len(h.m.entries) < 2 {
		t.Fatalf("%d playable scenarios listed, want the built-in ones", len(h.m.entries))
	}
	for _, e := range h.m.entries {
		if e.name == "default" {
			t.Error("the map-only default scenario is listed as playable")
		}
	}
	first := h.m.Selected()
	tests := []struct {
		key      ebiten.Key
		mode     string
		side     int
		selMoved bool
	}{
		{ebiten.KeyDigit1, ModeSolo, 0, false},
		{ebiten.KeyArrowRight, ModeSolo, 1, false},
		{ebiten.KeyDigit2, ModeBoth, 1, false},
		{ebiten.KeyArrowDown, ModeBoth, 1, true},
		{ebiten.KeyDigit3, ModeHotseat, 1, true},
	}
	for i, tc := range tests {
		if err := h.key(tc.key); err != nil {
			t.Fatal(err)
		}
		if h.m.Mode() != tc.mode || h.m.side != tc.side || (h.m.Selected() != first) != tc.selMoved {
			t.Errorf("step %d: mode %s side %d scenario %s; want %s %d moved=%v", i, h.m.Mode(), h.m.side, h.m.Selected(), tc.mode, tc.side, tc.selMoved)
		}
	}
	// Esc quits the menu
	if err := h.key(ebiten.KeyEscape); err != ebiten.Termination {
		t.Errorf("Esc: %v, want termination", err)
	}
}

func TestMenuLoadFieldNewestSaveAndRefusal(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"old.save", "new.save"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("not a save\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	past := mustStat(t, filepath.Join(dir, "new.save")).ModTime().Add(-3600e9)
	if err := os.Chtimes(filepath.Join(dir, "old.save"), past, past); err != nil {
		t.Fatal(err)
	}
	h := newMenuHarness(t, MenuOptions{Dir: dir})
	if filepath.Base(h.m.loadPath) != "new.save" {
		t.Fatalf("load field %q, want the newest save new.save", h.m.loadPath)
	}
	if err := h.key(ebiten.KeyL); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 500 && h.m.Busy(); i++ {
		time.Sleep(10 * time.Millisecond) // the save is read behind the menu
		h.tick(scriptEvent{})
	}
	if msg, bad := h.m.Message(); !bad || !strings.Contains(msg, "new.save") {
		t.Errorf("loading a bad save: message %q bad=%v, want the file's refusal", msg, bad)
	}
}

func mustStat(t *testing.T, p string) os.FileInfo {
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
