package design

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
)

// The user's own scenarios live in one folder (issue 19): the designer
// saves there, and `khamsin scenarios`, --scenario NAME and the main menu
// find them by name next to the built-in ones.

// UserDir is the folder of the user's scenarios: $XDG_DATA_HOME/khamsin/
// scenarios when XDG_DATA_HOME is set (an absolute path, as the XDG spec
// asks), else the platform's data folder: ~/.local/share on Linux and
// the BSDs, ~/Library/Application Support on macOS, %LocalAppData% on
// Windows. It is not created here: Save makes it when it writes.
func UserDir() (string, error) {
	home, _ := os.UserHomeDir()
	return userDir(os.Getenv, runtime.GOOS, home)
}

func userDir(getenv func(string) string, goos, home string) (string, error) {
	if x := getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "khamsin", "scenarios"), nil
	}
	var base string
	switch goos {
	case "windows":
		base = getenv("LocalAppData")
		if base == "" {
			base = getenv("AppData")
		}
	case "darwin", "ios":
		if home != "" {
			base = filepath.Join(home, "Library", "Application Support")
		}
	case "plan9":
		if home != "" {
			base = filepath.Join(home, "lib")
		}
	default:
		if home != "" {
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", fmt.Errorf("no folder for user scenarios: set XDG_DATA_HOME or HOME, or give --scenarios DIR")
	}
	return filepath.Join(base, "khamsin", "scenarios"), nil
}

// UserScenario is one scenario file of the user's folder.
type UserScenario struct {
	Name string // the file name without .toml: what --scenario takes
	Path string
}

// maxUserScenarios bounds how many files of the folder are looked at.
const maxUserScenarios = 1000

// ListUser lists the scenario files (NAME.toml, NAME a plain name) in dir,
// by name. A folder that does not exist holds none.
func ListUser(dir string) ([]UserScenario, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, fmt.Errorf("user scenarios: %w", err)
	}
	var out []UserScenario
	for _, e := range ents {
		n, ok := strings.CutSuffix(e.Name(), ".toml")
		if !ok || !PlainName(n) || e.IsDir() {
			continue
		}
		out = append(out, UserScenario{Name: n, Path: filepath.Join(dir, e.Name())})
		if len(out) == maxUserScenarios {
			break
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// PlainName reports a name that can name a scenario: letters, digits, '-'
// and '_', at most 64 of them (no path, no dots).
func PlainName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// IsBuiltin reports a built-in scenario's name.
func IsBuiltin(name string) bool {
	for _, b := range scenario.BuiltinNames() {
		if b == name {
			return true
		}
	}
	return false
}

// Resolve turns what --scenario was given into what the loaders take: a
// built-in name stays (built-in names win); a plain name of a scenario in
// the user's folder dir becomes that file's path; anything else (a path)
// stays. note is set when the choice hid another scenario of the same
// name: a user scenario named like a built-in one, or a file of that name
// in the current folder.
func Resolve(name, dir string) (ref, note string) {
	if !PlainName(name) || dir == "" {
		return name, ""
	}
	p := filepath.Join(dir, name+".toml")
	st, err := os.Stat(p)
	user := err == nil && st.Mode().IsRegular()
	switch {
	case IsBuiltin(name):
		if user {
			return name, fmt.Sprintf("scenario %q: using the built-in one; %s has the same name and is not used (rename it)", name, fileio.Clip(p, fileio.PathClip))
		}
		return name, ""
	case user:
		if st2, err := os.Stat(name); err == nil && st2.Mode().IsRegular() {
			return p, fmt.Sprintf("scenario %q: using the user scenario %s, not the file %s in this folder (give ./%s for it)", name, fileio.Clip(p, fileio.PathClip), name, name)
		}
		return p, ""
	}
	return name, ""
}

// SaveUser saves d into the user's folder dir as NAME.toml, making the
// folder if needed; the path it wrote.
func (d *Doc) SaveUser(dir, name string) (string, error) {
	if !PlainName(name) {
		return "", fmt.Errorf("scenario name %q: use letters, digits, '-' and '_'", fileio.Clip(name, 40))
	}
	if IsBuiltin(name) {
		return "", fmt.Errorf("scenario name %q is a built-in scenario's: choose another", name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, name+".toml")
	return p, d.Save(p)
}
