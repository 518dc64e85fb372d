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
