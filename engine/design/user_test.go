package design

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The user's folder: XDG_DATA_HOME when set and absolute, else the
// platform's data folder (issue 19).
func TestUserDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		name, goos, home string
		env              map[string]string
		want             string
	}{
		{"xdg", "linux", "/home/u", map[string]string{"XDG_DATA_HOME": "/x/data"}, "/x/data/khamsin/scenarios"},
		{"xdg relative is ignored", "linux", "/home/u", map[string]string{"XDG_DATA_HOME": "rel"}, "/home/u/.local/share/khamsin/scenarios"},
		{"linux default", "linux", "/home/u", nil, "/home/u/.local/share/khamsin/scenarios"},
		{"bsd default", "freebsd", "/home/u", nil, "/home/u/.local/share/khamsin/scenarios"},
		{"macos", "darwin", "/Users/u", nil, "/Users/u/Library/Application Support/khamsin/scenarios"},
		{"windows", "windows", "", map[string]string{"LocalAppData": "/c/local"}, "/c/local/khamsin/scenarios"},
		{"no home", "linux", "", nil, ""},
	} {
		got, err := userDir(env(c.env), c.goos, c.home)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: %q, want an error", c.name, got)
			}
			continue
		}
		if err != nil || filepath.ToSlash(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	t.Setenv("XDG_DATA_HOME", "/tmp/xdg")
	if got, _ := UserDir(); got != filepath.Join("/tmp/xdg", "khamsin", "scenarios") {
		t.Errorf("UserDir %q", got)
	}
}

// ListUser lists NAME.toml files by name; Resolve finds them by name,
// built-in names first, and says when a choice hides another scenario.
func TestListAndResolve(t *testing.T) {
	dir := t.TempDir()
	if got, err := ListUser(filepath.Join(dir, "none")); err != nil || len(got) != 0 {
		t.Errorf("a missing folder: %v, %v", got, err)
	}
	for _, f := range []string{"zeta.toml", "alpha.toml", "dawn.toml", "not a name.toml", "notes.txt", ".hidden.toml"} {
		os.WriteFile(filepath.Join(dir, f), []byte("title = \"x\"\n[map]\nboards = \"25\"\n"), 0o644)
	}
	os.Mkdir(filepath.Join(dir, "dir.toml"), 0o755)
	got, err := ListUser(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range got {
		names = append(names, u.Name)
	}
	if strings.Join(names, " ") != "alpha dawn zeta" {
		t.Errorf("listed %v", names)
	}
	for _, c := range []struct{ in, ref, note string }{
		{"alpha", filepath.Join(dir, "alpha.toml"), ""},
		{"dawn", "dawn", "using the built-in one"},
		{"defence", "defence", ""},
		{"missing", "missing", ""},
		{"some/path.toml", "some/path.toml", ""},
	} {
		ref, note := Resolve(c.in, dir)
		if ref != c.ref || (c.note == "") != (note == "") || !strings.Contains(note, c.note) {
			t.Errorf("Resolve(%q) = %q, %q; want %q, %q", c.in, ref, note, c.ref, c.note)
		}
	}
	// A file of the bare name in the current folder loses to the user's
	// scenario, and the note says so.
	wd, _ := os.Getwd()
	cwd := t.TempDir()
	os.Chdir(cwd)
	defer os.Chdir(wd)
	os.WriteFile("alpha", []byte("x"), 0o644)
	if ref, note := Resolve("alpha", dir); ref != filepath.Join(dir, "alpha.toml") || !strings.Contains(note, "./alpha") {
		t.Errorf("clash with ./alpha: %q, %q", ref, note)
	}
}

// SaveUser makes the folder and refuses names that are not plain or are
// built-in ones.
func TestSaveUser(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "deep", "scenarios")
	d, _ := Open("dawn")
	p, err := d.SaveUser(dir, "mine")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != d.Text() || d.Modified() || d.File != p || d.Builtin != "" {
		t.Errorf("saved %s: file %q builtin %q", p, d.File, d.Builtin)
	}
	for _, bad := range []string{"dawn", "../x", "a.b", ""} {
		if _, err := d.SaveUser(dir, bad); err == nil {
			t.Errorf("SaveUser(%q) accepted", bad)
		}
	}
}
