package render

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
)

// Settings are the player's choices kept between runs (issue 10): the
// game's opening zoom, sound on or off, the pace of the computer's
// commands and of replays, the hot seat's hand-over screen and the
// computer opponent's strength in solo play. They live in the user's
// config directory as a small TOML file the game writes and a person may
// edit:
//
//	# Khamsin settings
//	zoom = 0.85
//	sound = true
//	pace = 0.6
//	handover = true
//	opponent = veteran
//	ui_scale = 1.25
type Settings struct {
	Zoom     float64 // the map's scale when a game opens (MinSettingsZoom..MaxSettingsZoom)
	Sound    bool    // cues on
	Pace     float64 // seconds between the computer's commands and replay steps (0.1..10)
	Handover bool    // hot seat: hide the map between the players' turns
	Opponent int     // solo: the computer opponent's level, ai.MinLevel (novice), ai.MaxLevel (veteran) or ai.ExpertLevel (the expert; 0 is written as it)
	UIScale  float64 // text and panels, MinUIScale..MaxUIScale (1: as designed; 0 is read as 1)
}

// opponentNames are the file's words for the computer opponent's levels
// (ai.NewLevel: 1 misjudges each option's worth on purpose, 2 is the full
// evaluator, 3 the expert that checks it by looking ahead). A level added
// to engine/ai needs its word here: the index below stops the build until
// it has one.
var opponentNames = [...]string{1: "novice", 2: "veteran", 3: "expert"}

var _ = opponentNames[ai.Strongest]

// OpponentName is the settings' word for an ai level (opponentLevel's).
func OpponentName(level int) string { return opponentNames[opponentLevel(level)] }

// opponentLevel is the level a computer opponent of level plays at: 0
// is the strongest, and the rest are clamped to ai.MinLevel..Strongest.
func opponentLevel(level int) int {
	if level == 0 {
		return ai.Strongest
	}
	return min(max(level, ai.MinLevel), ai.Strongest)
}

// The bounds the parser enforces.
const (
	MinSettingsZoom  = 0.1
	MaxSettingsZoom  = 4.0
	MinSettingsPace  = 0.1
	MaxSettingsPace  = 10.0
	MaxSettingsBytes = 16 << 10
	MinUIScale       = 0.75
	MaxUIScale       = 2.0
)

// SettingsFile is the settings' name inside the config directory.
const SettingsFile = "khamsin/settings.toml"

// DefaultSettings are the settings before the player changes any.
func DefaultSettings() Settings {
	return Settings{Zoom: openZoom, Sound: true, Pace: 0.6, Handover: true, Opponent: ai.MaxLevel, UIScale: 1}
}

// DefaultSettingsPath is os.UserConfigDir()/khamsin/settings.toml.
func DefaultSettingsPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: no config directory: %v", err)
	}
	return filepath.Join(dir, SettingsFile), nil
}

// ParseSettings reads a settings file. Keys may come in any order and
// any may be left out (its default stays); an unknown key, a repeated
// key or a value out of range is an error naming file:line.
func ParseSettings(file string, data []byte) (Settings, error) {
	st := DefaultSettings()
	if len(data) > MaxSettingsBytes {
		return st, fmt.Errorf("%s: %d bytes; settings are at most %d", file, len(data), MaxSettingsBytes)
	}
	seen := map[string]int{}
	for n, line := range strings.Split(string(data), "\n") {
		n++
		bad := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", file, n, fmt.Sprintf(format, a...))
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || key == "" || val == "" {
			return DefaultSettings(), bad("expected key = value, got %q", clip(line))
		}
		if at, dup := seen[key]; dup {
			return DefaultSettings(), bad("%s given twice (first at line %d)", clip(key), at)
		}
		seen[key] = n
		switch key {
		case "zoom", "pace", "ui_scale":
			f, err := strconv.ParseFloat(val, 64)
			lo, hi := MinSettingsZoom, MaxSettingsZoom
			switch key {
			case "pace":
				lo, hi = MinSettingsPace, MaxSettingsPace
			case "ui_scale":
				lo, hi = MinUIScale, MaxUIScale
			}
			if err != nil || math.IsNaN(f) || f < lo || f > hi {
				return DefaultSettings(), bad("%s = %q: expected a number from %g to %g", key, clip(val), lo, hi)
			}
			switch key {
			case "zoom":
				st.Zoom = f
			case "pace":
				st.Pace = f
			default:
				st.UIScale = f
			}
		case "sound", "handover":
			b, err := strconv.ParseBool(val)
			if err != nil || (val != "true" && val != "false") {
				return DefaultSettings(), bad("%s = %q: expected true or false", key, clip(val))
			}
			if key == "sound" {
				st.Sound = b
			} else {
				st.Handover = b
			}
		case "opponent":
			lvl := 0
			for l, name := range opponentNames {
				if name != "" && val == name {
					lvl = l
				}
			}
			if lvl == 0 {
				return DefaultSettings(), bad("opponent = %q: expected novice, veteran or expert", clip(val))
			}
			st.Opponent = lvl
		default:
			return DefaultSettings(), bad("unknown setting %q (expected zoom, sound, pace, handover, opponent or ui_scale)", clip(key))
		}
	}
	return st, nil
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// Encode writes the settings in the file's format.
func (st Settings) Encode() []byte {
	return fmt.Appendf(nil, "# Khamsin settings, written by the game (README: Settings)\nzoom = %s\nsound = %t\npace = %s\nhandover = %t\nopponent = %s\nui_scale = %s\n",
		strconv.FormatFloat(st.Zoom, 'f', -1, 64), st.Sound, strconv.FormatFloat(st.Pace, 'f', -1, 64), st.Handover, OpponentName(st.Opponent),
		strconv.FormatFloat(clampUIScale(st.UIScale), 'f', -1, 64))
}

// LoadSettings reads path (bounded). A missing file gives the defaults
// and no error; a bad one gives the defaults and the parser's error, for
// the window to show.
func LoadSettings(path string) (Settings, error) {
	data, err := fileio.ReadFile(path, MaxSettingsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultSettings(), nil
	}
	if err != nil {
		return DefaultSettings(), err
	}
	return ParseSettings(path, data)
}

// SaveSettings writes the settings through fileio.WriteFile, making the
// directory first.
func SaveSettings(path string, st Settings) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("settings: %v", err)
	}
	return fileio.WriteFile(path, st.Encode(), 0o644)
}

// paceTicks is the pace in ticks (60 a second).
func (st Settings) paceTicks() int { return max(1, int(st.Pace*60+0.5)) }

// The UI scale (issue 18): text and panels at 75–200 %, for large and
// small screens. The window multiplies the monitor's device scale by it
// (Window.Layout), so every scene's fonts (ui.HUD) and panel sizes follow.
var uiScaleBits atomic.Uint64

// uiScaleSteps are the scales Ctrl++ and Ctrl+− step through.
var uiScaleSteps = []float64{0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2}

// UIScale is the UI scale in force (1 until one is set).
func UIScale() float64 {
	if b := uiScaleBits.Load(); b != 0 {
		return math.Float64frombits(b)
	}
	return 1
}

// SetUIScale puts a UI scale in force, clamped to MinUIScale..MaxUIScale
// (0 is 1).
func SetUIScale(f float64) { uiScaleBits.Store(math.Float64bits(clampUIScale(f))) }

func clampUIScale(f float64) float64 {
	if f == 0 || math.IsNaN(f) {
		return 1
	}
	return min(max(f, MinUIScale), MaxUIScale)
}

// nextUIScale is the scale one step up (dir > 0) or down from f.
func nextUIScale(f float64, dir int) float64 {
	i := nearest(uiScaleSteps, f)
	return uiScaleSteps[min(max(i+dir, 0), len(uiScaleSteps)-1)]
}

// stepUIScale makes text and panels one step larger or smaller and keeps
// the scale in the settings (Ctrl++ Ctrl+− in the game).
func (s *PlayScene) stepUIScale(dir int) {
	f := nextUIScale(UIScale(), dir)
	SetUIScale(f)
	s.settingsChanged(func(st *Settings) { st.UIScale = f })
	s.post(fmt.Sprintf("text and panels at %d %% (Ctrl++ Ctrl+−, kept in the settings)", int(math.Round(f*100))), false)
}

// cycleUIScale is the menu's Text button (T): the next UI scale, after
// the largest the smallest, kept in the settings.
func (m *MenuScene) cycleUIScale() {
	i := nearest(uiScaleSteps, UIScale())
	SetUIScale(uiScaleSteps[(i+1)%len(uiScaleSteps)])
	m.keepSettings()
}

// addTextSizeButton lays the menu's Text button (T) out ending at right,
// on the status line.
func (m *MenuScene) addTextSizeButton(add func(x, y, w, h float64, label, key string, on bool, run func()), right float64) {
	w := m.textSizeButtonW()
	add(right-w, float64(m.h)-m.hud.U(29), w, m.hud.U(28), textSizeLabel(), "T", false, m.cycleUIScale)
}

// textSizeLabel names the text size chosen and, when the window is too
// small for it, the size in force ("Text 200% (150% here)").
func textSizeLabel() string {
	set := int(math.Round(UIScale() * 100))
	if in := int(math.Round(uiScaleFitted * 100)); uiScaleFitted > 0 && in < set {
		return fmt.Sprintf("Text %d%% (%d%% here)", set, in)
	}
	return fmt.Sprintf("Text %d%%", set)
}

// textSizeButtonW is the Text button's width.
func (m *MenuScene) textSizeButtonW() float64 {
	return text.Advance(buttonText(textSizeLabel(), "T"), m.hud.Small) + m.hud.U(16)
}
