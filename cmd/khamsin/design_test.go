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

// A file that does not parse is saved as it is (nothing lost) and its
// problem is reported as file:line; a symlink is never written through;
// with no window and no --save the command says what it needs.
func TestDesignSaveBadInput(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.toml")
	text := "title = \"x\"\n[map]\nboards = \"25\"\nturns = oops\n"
	os.WriteFile(in, []byte(text), 0o644)
	out := filepath.Join(dir, "out.toml")
	code, _, errs := run(t, "design", "--scenario", in, "--save", out)
	if code != 0 || !strings.HasPrefix(errs, out+":4: ") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if got, _ := os.ReadFile(out); string(got) != text {
		t.Error("the text was not saved as it was")
	}
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
