package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `khamsin scenarios --json` prints the brief's shape (§6) and lists the
// built-in scenarios with forces, not the map-only default.
func TestScenariosJSON(t *testing.T) {
	code, out, errs := run(t, "scenarios", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Scenarios []struct {
			Name   string   `json:"name"`
			Title  string   `json:"title"`
			Boards string   `json:"boards"`
			Sides  []string `json:"sides"`
			Turns  int      `json:"turns"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if len(got.Scenarios) < 3 {
		t.Fatalf("%d scenarios: %s", len(got.Scenarios), out)
	}
	for _, s := range got.Scenarios {
		if s.Name == "default" {
			t.Error("the map-only default is listed")
		}
		if s.Title == "" || s.Boards == "" || len(s.Sides) != 2 || s.Turns < 1 || s.Turns > 20 {
			t.Errorf("entry %+v", s)
		}
	}
}

func TestScenariosText(t *testing.T) {
	code, out, errs := run(t, "scenarios")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "NAME ") || !strings.Contains(out, "allies v axis") {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errs, out)
	}
	if code, out, errs := run(t, "scenarios", "extra"); code != 2 || out != "" || !strings.HasPrefix(errs, "flag: ") {
		t.Errorf("extra argument: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := run(t, "scenarios", "--bogus"); code != 2 || !strings.HasPrefix(errs, "flag: ") {
		t.Errorf("bad flag: exit %d, stderr %q", code, errs)
	}
}

// `khamsin check` validates scenarios fully: the shipped ones pass; a bad
// one fails with file:line on stderr, nothing on stdout, exit 1.
func TestCheckScenarios(t *testing.T) {
	files, _ := filepath.Glob("../../scenarios/*.toml")
	code, out, errs := run(t, append([]string{"check"}, files...)...)
	if code != 0 || strings.Count(out, ": ok") != len(files) || errs != "" {
		t.Errorf("shipped scenarios: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	dir := t.TempDir()
	good, err := os.ReadFile("../../engine/scenario/testdata/good.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, old, new string
		want           []string
	}{
		{"wrong-type.toml", "turns = 8", "turns = \"eight\"", []string{":12: turns: expected an integer, got a string"}},
		{"two-faults.toml", "value = 2\nowner = \"allies\"", "value = 0\nowner = \"nobody\"",
			[]string{":88: objective O1: value = 0: expected 1 to 10 (16.11)", ":89: objective O1: owner \"nobody\": not a side (sides: allies, axis)"}},
		{"catalogue.toml", "uk-quad-tractor", "uk-tractor", []string{":61: base A2a: type \"uk-tractor\" is not in the unit catalogue"}},
	} {
		f := filepath.Join(dir, c.name)
		os.WriteFile(f, []byte(strings.Replace(string(good), c.old, c.new, 1)), 0o644)
		code, out, errs := run(t, "check", f)
		var want []string
		for _, w := range c.want {
			want = append(want, f+w)
		}
		if code != 1 || out != "" || errs != strings.Join(want, "\n")+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, code, out, errs, want)
		}
	}
	if code, _, errs := run(t, "check", "--nope"); code != 2 || !strings.HasPrefix(errs, "flag: ") {
		t.Errorf("usage: exit %d, stderr %q", code, errs)
	}
}

// userScenarios makes a temporary $XDG_DATA_HOME with the user's folder
// and returns the folder.
func userScenarios(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	dir := filepath.Join(home, "khamsin", "scenarios")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// copyScenario writes built-in scenario name into dir as as.toml with a
// new title.
func copyScenario(t *testing.T, name, dir, as, title string) string {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/" + name + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "\ntitle = ", "\ntitle = \""+title+"\"\nold_title = ", 1)
	text = strings.Replace(text, "\nold_title = ", "\n# was: ", 1)
	p := filepath.Join(dir, as+".toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Issue 19: `khamsin scenarios` lists the user's own scenarios after the
// built-in ones, with their source; one named like a built-in one is
// listed with a note, and a broken one with its problem.
func TestScenariosListsUserScenarios(t *testing.T) {
	dir := userScenarios(t)
	mine := copyScenario(t, "dawn", dir, "mycopy", "A designer's copy")
	copyScenario(t, "defence", dir, "dawn", "Shadowed")
	os.WriteFile(filepath.Join(dir, "broken.toml"), []byte("title = 3\n"), 0o644)
	code, out, errs := run(t, "scenarios", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Scenarios []scenarioInfo `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	by := map[string][]scenarioInfo{}
	sources := ""
	for _, s := range got.Scenarios {
		by[s.Name] = append(by[s.Name], s)
		sources += s.Source[:1]
	}
	if !strings.HasPrefix(sources, "bbbb") || strings.Trim(sources, "b") != "uuu" {
		t.Errorf("sources in order %q: built-in first, then the user's", sources)
	}
	if m := by["mycopy"]; len(m) != 1 || m[0].Title != "A designer's copy" || m[0].Path != mine || len(m[0].Sides) != 2 || m[0].Note != "" {
		t.Errorf("mycopy: %+v", m)
	}
	if d := by["dawn"]; len(d) != 2 || d[0].Source != "builtin" || d[1].Source != "user" || !strings.Contains(d[1].Note, "built-in") {
		t.Errorf("dawn twice: %+v", d)
	}
	if b := by["broken"]; len(b) != 1 || !strings.Contains(b[0].Note, "broken.toml:1: title: expected a string") {
		t.Errorf("broken: %+v", b)
	}
	// --scenarios DIR overrides the folder.
	other := t.TempDir()
	copyScenario(t, "dust", other, "elsewhere", "Elsewhere")
	code, out, _ = run(t, "scenarios", "--json", "--scenarios", other)
	if code != 0 || !strings.Contains(out, `"elsewhere"`) || strings.Contains(out, `"mycopy"`) {
		t.Errorf("--scenarios: exit %d, %s", code, out)
	}
}

// Issue 19: --scenario NAME finds a user scenario in every subcommand;
// a built-in name wins over the user's file of that name, and says so.
func TestScenarioFlagFindsUserScenario(t *testing.T) {
	dir := userScenarios(t)
	copyScenario(t, "defence", dir, "mycopy", "A designer's copy")
	copyScenario(t, "defence", dir, "dawn", "Shadowed")
	save := filepath.Join(t.TempDir(), "g.save")
	code, out, errs := run(t, "game", "new", "--scenario", "mycopy", "--seed", "1", "-o", save)
	if code != 0 || errs != "" || !strings.Contains(out, "A designer's copy") {
		t.Fatalf("game new --scenario mycopy: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// The save names the file, so it loads from anywhere.
	data, _ := os.ReadFile(save)
	if !strings.Contains(string(data), "scenario "+filepath.Join(dir, "mycopy.toml")) {
		t.Errorf("the save does not name the user's file:\n%.200s", data)
	}
	code, out, _ = run(t, "balance", "--scenario", "mycopy", "--games", "1", "--json")
	if code != 0 || !strings.Contains(out, `"games":1`) {
		t.Errorf("balance --scenario mycopy: exit %d, %s", code, out)
	}
	code, out, errs = run(t, "game", "new", "--scenario", "dawn", "--seed", "1", "-o", save)
	if code != 0 || strings.Contains(out, "Shadowed") || !strings.Contains(errs, "using the built-in one") {
		t.Errorf("a clash with a built-in name: exit %d, stdout %.80q, stderr %q", code, out, errs)
	}
	// With --scenarios pointing elsewhere, the name is not found.
	code, _, errs = run(t, "game", "new", "--scenario", "mycopy", "--scenarios", t.TempDir(), "--seed", "1", "-o", save)
	if code == 0 || !strings.Contains(errs, "mycopy") {
		t.Errorf("--scenarios elsewhere: exit %d, stderr %q", code, errs)
	}
}
