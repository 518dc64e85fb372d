package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
)

// Issue 10: settings are kept between runs: what is written reads back
// the same, missing keys keep their defaults, and a bad file is refused
// with file:line while the defaults stand.
func TestSettingsRoundTrip(t *testing.T) {
	for _, st := range []Settings{
		DefaultSettings(),
		{Zoom: 1.6, Sound: false, Pace: 2.5, Handover: false, Opponent: ai.MinLevel, UIScale: MinUIScale},
		{Zoom: MinSettingsZoom, Sound: true, Pace: MaxSettingsPace, Handover: true, Opponent: ai.MaxLevel, UIScale: MaxUIScale},
		{Zoom: 1, Sound: true, Pace: 1, Opponent: ai.MaxLevel, UIScale: 1.25},
	} {
		got, err := ParseSettings("s.toml", st.Encode())
		if err != nil || got != st {
			t.Errorf("%+v: read back %+v, %v", st, got, err)
		}
	}
	got, err := ParseSettings("s.toml", []byte("# only one\n\nsound = false   # quiet\n"))
	want := DefaultSettings()
	want.Sound = false
	if err != nil || got != want {
		t.Errorf("partial file: %+v, %v; want %+v", got, err, want)
	}
	// the opponent in the file's words; a file without it keeps the veteran
	if b := (Settings{Zoom: 1, Sound: true, Pace: 1, Opponent: ai.MinLevel}).Encode(); !strings.Contains(string(b), "\nopponent = novice\n") {
		t.Errorf("the novice encoded as %q", b)
	}
	if b := DefaultSettings().Encode(); !strings.Contains(string(b), "\nopponent = veteran\n") || DefaultSettings().Opponent != ai.MaxLevel {
		t.Errorf("the default opponent encoded as %q", b)
	}
	if got, err := ParseSettings("s.toml", []byte("opponent = novice\n")); err != nil || got.Opponent != ai.MinLevel {
		t.Errorf("opponent = novice: %+v, %v", got, err)
	}
}

func TestSettingsParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"zoom = 9\n", "s.toml:1: zoom = \"9\": expected a number from 0.1 to 4"},
		{"zoom = NaN\n", "s.toml:1: zoom = \"NaN\""},
		{"\npace = fast\n", "s.toml:2: pace = \"fast\": expected a number from 0.1 to 10"},
		{"sound = 1\n", "s.toml:1: sound = \"1\": expected true or false"},
		{"sound = true\nsound = false\n", "s.toml:2: sound given twice (first at line 1)"},
		{"volume = 3\n", "s.toml:1: unknown setting \"volume\" (expected zoom, sound, pace, handover, opponent or ui_scale)"},
		{"ui_scale = 0.5\n", "s.toml:1: ui_scale = \"0.5\": expected a number from 0.75 to 2"},
		{"zoom = 1\nui_scale = 2.5\n", "s.toml:2: ui_scale = \"2.5\": expected a number from 0.75 to 2"},
		{"ui_scale = big\n", "s.toml:1: ui_scale = \"big\""},
		{"zoom = 1\nopponent = master\n", "s.toml:2: opponent = \"master\": expected novice, veteran or expert"},
		{"opponent = 2\n", "s.toml:1: opponent = \"2\": expected novice, veteran or expert"},
		{"opponent = Novice\n", "s.toml:1: opponent = \"Novice\": expected novice, veteran or expert"},
		{"opponent = novice\nopponent = veteran\n", "s.toml:2: opponent given twice (first at line 1)"},
		{"zoom\n", "s.toml:1: expected key = value"},
		{strings.Repeat("#", MaxSettingsBytes+1), "s.toml: 16385 bytes"},
	} {
		got, err := ParseSettings("s.toml", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q…", tc.in, err, tc.want)
		}
		if got != DefaultSettings() {
			t.Errorf("%q: settings %+v after an error, want the defaults", tc.in, got)
		}
	}
}

// The settings file is read bounded and written through fileio (the
// directory made first); a missing file is the defaults without error.
func TestSettingsLoadSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "khamsin", "settings.toml")
	if st, err := LoadSettings(path); err != nil || st != DefaultSettings() {
		t.Fatalf("missing file: %+v, %v", st, err)
	}
	st := Settings{Zoom: 1.2, Sound: false, Pace: 1.2, Handover: false, Opponent: ai.MinLevel, UIScale: 1.5}
	if err := SaveSettings(path, st); err != nil {
		t.Fatal(err)
	}
	if got, err := LoadSettings(path); err != nil || got != st {
		t.Fatalf("read back %+v, %v", got, err)
	}
	os.WriteFile(path, []byte("zoom = 0.5\nhandover = maybe\n"), 0o644)
	got, err := LoadSettings(path)
	if err == nil || !strings.Contains(err.Error(), "settings.toml:2: handover") || got != DefaultSettings() {
		t.Errorf("bad file: %+v, %v", got, err)
	}
	t.Setenv("XDG_CONFIG_HOME", dir)
	if p, err := DefaultSettingsPath(); err != nil || p != path {
		t.Errorf("DefaultSettingsPath = %q, %v; want %q", p, err, path)
	}
}

// The menu reads the kept settings, shows them, and writes each change.
func TestMenuKeepsSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	if err := SaveSettings(path, Settings{Zoom: 1.2, Sound: true, Pace: 2.5, Handover: false, Opponent: ai.MinLevel}); err != nil {
		t.Fatal(err)
	}
	in := &scriptInput{}
	m, err := NewMenuScene(MenuOptions{SettingsPath: path, Dir: t.TempDir()}, in)
	if err != nil {
		t.Fatal(err)
	}
	if st := m.Settings(); st.Pace != 2.5 || st.Handover || st.Zoom != 1.2 || st.Opponent != ai.MinLevel {
		t.Fatalf("menu settings %+v", st)
	}
	if o := m.playOptions("dawn"); !o.NoHandover || o.Zoom != 1.2 || o.AIDelay != 150 || o.SoundOff || o.AILevel != ai.MinLevel {
		t.Errorf("play options %+v", o)
	}
	m.mute = true
	m.keepSettings()
	if st, err := LoadSettings(path); err != nil || st.Sound || st.Pace != 2.5 || st.Opponent != ai.MinLevel {
		t.Errorf("after muting: %+v, %v", st, err)
	}
	// a file that does not parse: the menu says where and uses the defaults
	os.WriteFile(path, []byte("zoom = 1\npace = soon\n"), 0o644)
	m, err = NewMenuScene(MenuOptions{SettingsPath: path, Dir: t.TempDir()}, in)
	if err != nil {
		t.Fatal(err)
	}
	if msg, bad := m.Message(); !bad || !strings.Contains(msg, "settings.toml:2: pace") || !strings.Contains(msg, "default settings") {
		t.Errorf("menu message %q (bad %v)", msg, bad)
	}
	if m.Settings() != (Settings{Zoom: DefaultSettings().Zoom, Sound: true, Pace: 0.6, Handover: true, Opponent: ai.MaxLevel, UIScale: 1}) {
		t.Errorf("menu settings after a bad file: %+v", m.Settings())
	}
}

func FuzzParseSettings(f *testing.F) {
	f.Add([]byte(DefaultSettings().Encode()))
	f.Add([]byte("zoom = 0.5\r\nsound=false\n# x\npace = 1e0\n"))
	f.Add([]byte("handover = true\nhandover = false\n"))
	f.Add([]byte("opponent = novice\nzoom = 2\n"))
	f.Add([]byte("opponent = expert\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := ParseSettings("f.toml", data)
		if err != nil {
			if st != DefaultSettings() || !strings.HasPrefix(err.Error(), "f.toml") {
				t.Fatalf("error %v with settings %+v", err, st)
			}
			return
		}
		if st.Zoom < MinSettingsZoom || st.Zoom > MaxSettingsZoom || st.Pace < MinSettingsPace || st.Pace > MaxSettingsPace || st.Opponent < ai.MinLevel || st.Opponent > ai.Strongest {
			t.Fatalf("out of range: %+v", st)
		}
		back, err := ParseSettings("f.toml", st.Encode())
		if err != nil || back != st {
			t.Fatalf("round trip %+v → %+v, %v", st, back, err)
		}
	})
}

// Issue 18: the UI scale (text and panels 75–200 %) is kept in the
// settings, a file without it is at 100 %, and Ctrl++ / Ctrl+− step
// through the scales within the bounds.
func TestSettingsUIScale(t *testing.T) {
	if got, err := ParseSettings("s.toml", []byte("sound = true\n")); err != nil || got.UIScale != 1 {
		t.Errorf("no ui_scale: %v, %v; want 1", got.UIScale, err)
	}
	if got, err := ParseSettings("s.toml", []byte("ui_scale = 1.5\n")); err != nil || got.UIScale != 1.5 {
		t.Errorf("ui_scale = 1.5: %v, %v", got.UIScale, err)
	}
	for _, tc := range []struct {
		from float64
		dir  int
		want float64
	}{
		{1, +1, 1.1}, {1, -1, 0.9}, {MaxUIScale, +1, MaxUIScale}, {MinUIScale, -1, MinUIScale}, {1.2, +1, 1.5}, {0.8, -1, 0.75},
	} {
		if got := nextUIScale(tc.from, tc.dir); got != tc.want {
			t.Errorf("from %v step %+d: %v, want %v", tc.from, tc.dir, got, tc.want)
		}
	}
	defer SetUIScale(UIScale())
	for _, tc := range []struct{ set, want float64 }{{0, 1}, {3, MaxUIScale}, {0.1, MinUIScale}, {1.25, 1.25}} {
		SetUIScale(tc.set)
		if got := UIScale(); got != tc.want {
			t.Errorf("SetUIScale(%v): %v in force, want %v", tc.set, got, tc.want)
		}
	}
}

// Issue 18: the menu's Text button (T) steps the UI scale and keeps it;
// in the game Ctrl++ and Ctrl+− do, and the window's scale follows.
func TestScaleMenuAndGameKeys(t *testing.T) {
	defer SetUIScale(UIScale())
	path := filepath.Join(t.TempDir(), "settings.toml")
	if err := SaveSettings(path, Settings{Zoom: 1, Sound: true, Pace: 1, Opponent: ai.MaxLevel, UIScale: 1.25}); err != nil {
		t.Fatal(err)
	}
	h := newMenuHarness(t, MenuOptions{Dir: t.TempDir(), SettingsPath: path})
	if err := h.tick(scriptEvent{}); err != nil {
		t.Fatal(err)
	}
	if UIScale() != 1.25 {
		t.Fatalf("the menu put %v in force from a file of 1.25", UIScale())
	}
	if err := h.key(ebiten.KeyT); err != nil {
		t.Fatal(err)
	}
	if st, err := LoadSettings(path); err != nil || st.UIScale != 1.5 || UIScale() != 1.5 {
		t.Errorf("after T: kept %v (%v), in force %v; want 1.5", st.UIScale, err, UIScale())
	}
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.s.opts.SettingsPath = path
	p.idle(1)
	ctrl := func(k ebiten.Key) {
		p.tick(scriptEvent{keys: []ebiten.Key{ebiten.KeyControlLeft, k}})
		p.tick(scriptEvent{})
	}
	zoom := p.s.board.Cam.Scale()
	ctrl(ebiten.KeyEqual)
	if st, _ := LoadSettings(path); UIScale() != 1.75 || st.UIScale != 1.75 {
		t.Errorf("Ctrl++: in force %v, kept %v; want 1.75", UIScale(), st.UIScale)
	}
	ctrl(ebiten.KeyMinus)
	ctrl(ebiten.KeyMinus)
	if st, _ := LoadSettings(path); UIScale() != 1.25 || st.UIScale != 1.25 {
		t.Errorf("Ctrl+− twice: in force %v, kept %v; want 1.25", UIScale(), st.UIScale)
	}
	if p.s.board.Cam.Scale() != zoom {
		t.Errorf("Ctrl++ and Ctrl+− zoomed the map too (%v → %v)", zoom, p.s.board.Cam.Scale())
	}
	w := &Window{}
	w.Layout(1000, 600)
	if w.ctx.Scale != UIScale() || w.ctx.Width != 1000 {
		t.Errorf("the window's scale %v (width %d), want the UI scale %v on 1000 px", w.ctx.Scale, w.ctx.Width, UIScale())
	}
}
