package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 19's proof: `khamsin design --scenario FILE --save OUT` saves
// every shipped scenario unchanged, byte for byte, and check accepts what
// it wrote. Without a display the save runs headless.
func TestDesignSaveRoundTrip(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	files, _ := filepath.Glob("../../scenarios/*.toml")
	if len(files) < 2 {
		t.Fatalf("scenarios: %v", files)
	}
	dir := t.TempDir()
	for _, f := range files {
		want, _ := os.ReadFile(f)
		out := filepath.Join(dir, filepath.Base(f))
		code, stdout, errs := run(t, "design", "--scenario", f, "--save", out, "--frames", "20")
		if code != 0 || errs != "" || !strings.Contains(stdout, "saved") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", f, code, stdout, errs)
		}
		if got, _ := os.ReadFile(out); string(got) != string(want) {
			t.Errorf("%s: saved bytes differ", f)
		}
		if code, _, errs := run(t, "check", out); code != 0 {
			t.Errorf("%s: check of the saved file: %s", f, errs)
		}
	}
	// A built-in name saves the built-in scenario's text.
	out := filepath.Join(dir, "b.toml")
	if code, _, errs := run(t, "design", "--scenario", "dawn", "--save", out); code != 0 {
		t.Fatalf("design --scenario dawn: %s", errs)
	}
	want, _ := os.ReadFile("../../scenarios/dawn.toml")
	if got, _ := os.ReadFile(out); string(got) != string(want) {
		t.Error("the built-in scenario saved differs from its text")
	}
}

// Issue 19, "Bad input": --save of a file that does not parse fails with
// that file's own file:line message and writes nothing (an OUT already
// there is left as it was); a symlink is never written through; with no
// window and no --save the command says what it needs.
func TestDesignSaveBadInput(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.toml")
	text := "title = \"x\"\n[map]\nboards = \"25\"\nturns = oops\n"
	os.WriteFile(in, []byte(text), 0o644)
	for _, pre := range []string{"", "kept"} {
		out := filepath.Join(dir, "out"+pre+".toml")
		if pre != "" {
			os.WriteFile(out, []byte(pre), 0o644)
		}
		code, stdout, errs := run(t, "design", "--scenario", in, "--save", out)
		if code != 1 || !strings.HasPrefix(errs, in+":4: ") || strings.Contains(errs, out) || stdout != "" {
			t.Errorf("exit %d, stdout %q, stderr %q: want exit 1 and %s:4: …", code, stdout, errs, in)
		}
		got, err := os.ReadFile(out)
		switch {
		case pre == "" && err == nil:
			t.Errorf("%s was written (%q)", out, got)
		case pre != "" && string(got) != pre:
			t.Errorf("%s was overwritten: %q", out, got)
		}
	}
	out := filepath.Join(dir, "out.toml")
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link.toml")
	if os.Symlink(victim, link) == nil {
		if code, _, _ := run(t, "design", "--scenario", "dawn", "--save", link); code == 0 {
			t.Error("saved through a symbolic link")
		}
		if b, _ := os.ReadFile(victim); string(b) != "keep" {
			t.Error("the link's target was overwritten")
		}
	}
	if code, _, errs := run(t, "design", "--scenario", "dawn"); code != 1 || !strings.Contains(errs, "--save") {
		t.Errorf("no window, no --save: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run(t, "design", "--scenario", filepath.Join(dir, "none.toml"), "--save", out); code != 1 || !strings.Contains(errs, "none.toml") {
		t.Errorf("a missing file: exit %d, stderr %q", code, errs)
	}
}
