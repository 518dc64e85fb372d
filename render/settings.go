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
type Settings struct {
	Zoom     float64 // the map's scale when a game opens (MinSettingsZoom..MaxSettingsZoom)
	Sound    bool    // cues on
	Pace     float64 // seconds between the computer's commands and replay steps (0.1..10)
	Handover bool    // hot seat: hide the map between the players' turns
	Opponent int     // solo: the computer opponent's level, ai.MinLevel (novice) or ai.MaxLevel (veteran; 0 is written as it)
}

// opponentNames are the file's words for the computer opponent's levels
// (ai.New: 1 misjudges each option's worth on purpose, 2 is the full
// evaluator). A level added to engine/ai needs its word here: the index
// below stops the build until it has one.
var opponentNames = [...]string{1: "novice", 2: "veteran"}

var _ = opponentNames[ai.MaxLevel]

// OpponentName is the settings' word for an ai level (opponentLevel's).
func OpponentName(level int) string { return opponentNames[opponentLevel(level)] }

// opponentLevel is the level a computer opponent of level plays at: 0
// is the strongest, and ai.New clamps the rest to ai.MinLevel..MaxLevel.
func opponentLevel(level int) int {
	if level == 0 {
		return ai.MaxLevel
	}
	return min(max(level, ai.MinLevel), ai.MaxLevel)
}

// The bounds the parser enforces.
const (
	MinSettingsZoom  = 0.1
	MaxSettingsZoom  = 4.0
	MinSettingsPace  = 0.1
	MaxSettingsPace  = 10.0
	MaxSettingsBytes = 16 << 10
)

// SettingsFile is the settings' name inside the config directory.
const SettingsFile = "khamsin/settings.toml"

// DefaultSettings are the settings before the player changes any.
func DefaultSettings() Settings {
	return Settings{Zoom: openZoom, Sound: true, Pace: 0.6, Handover: true, Opponent: ai.MaxLevel}
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
		case "zoom", "pace":
			f, err := strconv.ParseFloat(val, 64)
			lo, hi := MinSettingsZoom, MaxSettingsZoom
			if key == "pace" {
				lo, hi = MinSettingsPace, MaxSettingsPace
			}
			if err != nil || math.IsNaN(f) || f < lo || f > hi {
				return DefaultSettings(), bad("%s = %q: expected a number from %g to %g", key, clip(val), lo, hi)
			}
			if key == "zoom" {
				st.Zoom = f
			} else {
				st.Pace = f
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
				return DefaultSettings(), bad("opponent = %q: expected novice or veteran", clip(val))
			}
			st.Opponent = lvl
		default:
			return DefaultSettings(), bad("unknown setting %q (expected zoom, sound, pace, handover or opponent)", clip(key))
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
	return fmt.Appendf(nil, "# Khamsin settings, written by the game (README: Settings)\nzoom = %s\nsound = %t\npace = %s\nhandover = %t\nopponent = %s\n",
		strconv.FormatFloat(st.Zoom, 'f', -1, 64), st.Sound, strconv.FormatFloat(st.Pace, 'f', -1, 64), st.Handover, OpponentName(st.Opponent))
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
