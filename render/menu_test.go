package render

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// The main menu's logic without a display: keys choose the scenario, the
// mode and the side; the load field finds the newest save; a bad save is
// refused with its reason (Draw and the start of a game need the GPU and
// are exercised under Xvfb by cmd/khamsin's window tests).

type menuHarness struct {
	t   *testing.T
	m   *MenuScene
	in  *scriptInput
	ctx ui.Context
}

func newMenuHarness(t *testing.T, opts MenuOptions) *menuHarness {
	t.Helper()
	in := &scriptInput{}
	m, err := NewMenuScene(opts, in)
	if err != nil {
		t.Fatal(err)
	}
	return &menuHarness{t: t, m: m, in: in, ctx: ui.Context{Width: 1280, Height: 800, Scale: 1, Sound: sound.New(true)}}
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

// The computer opponent's strength is a header button and the O key:
// each press steps novice → veteran → expert → novice, is written to the settings file
// at once, and goes to the game as PlayOptions.AILevel. The header still
// fits beside the title at the test window's 1280×800.
func TestMenuOpponentKeyButtonAndSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	h := newMenuHarness(t, MenuOptions{Dir: t.TempDir(), SettingsPath: path})
	opponent := func(want int, step string) {
		t.Helper()
		name := map[int]string{ai.MinLevel: "novice", ai.MaxLevel: "veteran", ai.ExpertLevel: "expert"}[want]
		if st := h.m.Settings(); st.Opponent != want {
			t.Errorf("%s: menu settings %+v, want opponent %d", step, st, want)
		}
		if o := h.m.playOptions("dawn"); o.AILevel != want {
			t.Errorf("%s: play options' AILevel %d, want %d", step, o.AILevel, want)
		}
		if b, ok := h.opponentButton(); !ok || b.label != "Opponent: "+name || b.key != "O" {
			t.Errorf("%s: opponent button %+v (found %v), want %q [O]", step, b, ok, "Opponent: "+name)
		}
		if step == "start" {
			return // nothing written yet
		}
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), "\nopponent = "+name+"\n") {
			t.Errorf("%s: settings file %q, %v; want opponent = %s", step, data, err, name)
		}
	}
	if err := h.tick(scriptEvent{}); err != nil {
		t.Fatal(err)
	}
	opponent(ai.MaxLevel, "start") // the default: the veteran
	if err := h.key(ebiten.KeyO); err != nil {
		t.Fatal(err)
	}
	opponent(ai.ExpertLevel, "O")
	// a new menu on the same file starts with the expert
	h = newMenuHarness(t, MenuOptions{Dir: t.TempDir(), SettingsPath: path})
	if err := h.tick(scriptEvent{}); err != nil {
		t.Fatal(err)
	}
	opponent(ai.ExpertLevel, "reopened")
	b, _ := h.opponentButton()
	c := b.r.Min.Add(b.r.Size().Div(2))
	if err := h.tick(scriptEvent{buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}, cursor: at(float64(c.X), float64(c.Y))}); err != nil {
		t.Fatal(err)
	}
	h.tick(scriptEvent{})
	opponent(ai.MinLevel, "click") // round again
	if err := h.key(ebiten.KeyO); err != nil {
		t.Fatal(err)
	}
	opponent(ai.MaxLevel, "O again")

	// the header's buttons: one row, none over another or the title, at
	// the test window's size and the hot seat script's; in the smallest
	// window they drop their keys and stay on screen (there, as before the
	// opponent's button, the row reaches over the title)
	for _, size := range []image.Point{{1280, 800}, {1024, 640}, {640, 400}} {
		h.ctx.Width, h.ctx.Height = size.X, size.Y
		h.tick(scriptEvent{})
		title := h.m.titleFace()
		titleEnd := int(h.m.hud.U(16) + text.Advance("KHAMSIN", title))
		var header []button
		for _, b := range h.m.buttons {
			if b.r.Max.Y < int(h.m.hud.U(56)) {
				header = append(header, b)
			}
		}
		if len(header) != 6 {
			t.Fatalf("%v: %d header buttons, want 6 (quit, sound, pace, zoom, hand-over, opponent)", size, len(header))
		}
		for i, a := range header {
			if (a.r.Min.X <= titleEnd && size.X >= 1024) || a.r.Min.X < 0 || a.r.Max.X > size.X {
				t.Errorf("%v: header button %q at %v: outside %d..%d (the title ends at %d)", size, a.label, a.r, titleEnd, size.X, titleEnd)
			}
			if (a.key != "") != (size.X >= 1024) {
				t.Errorf("%v: header button %q has key %q", size, a.label, a.key)
			}
			for _, b := range header[i+1:] {
				if a.r.Overlaps(b.r) {
					t.Errorf("%v: header buttons %q %v and %q %v overlap", size, a.label, a.r, b.label, b.r)
				}
			}
		}
	}
}

func (h *menuHarness) opponentButton() (button, bool) {
	for _, b := range h.m.buttons {
		if b.key == "O" {
			return b, true
		}
	}
	return button{}, false
}

// soundButton is the header's sound button.
func (h *menuHarness) soundButton() (button, bool) {
	for _, b := range h.m.buttons {
		if b.key == "M" || strings.HasPrefix(b.label, "Sound ") {
			return b, true
		}
	}
	return button{}, false
}

// KHAMSIN_MUTE (and --mute) silence the session: the menu shows the sound
// off though the kept setting is on, and does not write the setting off;
// M then flips the setting and the status line says why it stays off.
func TestMenuShowsSoundOffWhenMuted(t *testing.T) {
	for _, tc := range []struct {
		env   string
		mute  bool
		label string
	}{
		{"", false, "Sound on"},
		{"1", false, "Sound off"},
		{"", true, "Sound off"},
	} {
		t.Setenv(sound.MuteEnv, tc.env)
		path := filepath.Join(t.TempDir(), "settings.toml")
		h := newMenuHarness(t, MenuOptions{Dir: t.TempDir(), Mute: tc.mute, SettingsPath: path})
		if err := h.tick(scriptEvent{}); err != nil {
			t.Fatal(err)
		}
		b, ok := h.soundButton()
		if !ok || b.label != tc.label {
			t.Errorf("%s=%q --mute=%v: sound button %q (found %v), want %q", sound.MuteEnv, tc.env, tc.mute, b.label, ok, tc.label)
		}
		if !h.m.Settings().Sound || h.m.playOptions("dawn").SoundOff {
			t.Errorf("%s=%q --mute=%v: the setting turned off: %+v", sound.MuteEnv, tc.env, tc.mute, h.m.Settings())
		}
		if err := h.key(ebiten.KeyM); err != nil {
			t.Fatal(err)
		}
		b, _ = h.soundButton()
		msg, _ := h.m.Message()
		if st, err := LoadSettings(path); err != nil || st.Sound {
			t.Errorf("%s=%q --mute=%v: after M the kept setting is %+v, %v; want sound off", sound.MuteEnv, tc.env, tc.mute, st, err)
		}
		if tc.label == "Sound off" && (b.label != "Sound off" || !strings.Contains(msg, "sound is off for this session")) {
			t.Errorf("%s=%q --mute=%v: after M the button says %q, the status %q", sound.MuteEnv, tc.env, tc.mute, b.label, msg)
		}
		if tc.label == "Sound on" && b.label != "Sound off" {
			t.Errorf("after M the button says %q, want Sound off", b.label)
		}
	}
}

// In solo the side buttons name the nation a player knows, then the
// formation: "play British: 22nd Armoured Brigade".
func TestMenuSideButtonsNameTheNation(t *testing.T) {
	h := newMenuHarness(t, MenuOptions{Dir: t.TempDir(), Scenario: "dust"})
	if h.m.Selected() != "dust" {
		t.Fatalf("selected %q, want dust", h.m.Selected())
	}
	if err := h.key(ebiten.KeyDigit1); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range h.m.buttons {
		if b.key == "←→" {
			got = append(got, b.label)
		}
	}
	want := []string{"play British: 22nd Armoured Brigade", "play Italian: 132nd Armoured Division Ariete"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("side buttons %q, want %q", got, want)
	}
	for _, e := range h.m.entries {
		for _, sd := range e.scn.Sides {
			if l := sideLabel(sd); !strings.HasPrefix(l, strings.ToUpper(sd.Nation[:1])+sd.Nation[1:]+": ") || !strings.HasSuffix(l, sd.Name) {
				t.Errorf("%s: side %s is labelled %q", e.name, sd.ID, l)
			}
		}
	}
}
