package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// `khamsin` followed only by flags is the menu with those flags (not an
// unknown subcommand): with no display it says the menu cannot open, and
// a bad window flag is the menu's flag: message.
func TestFlagsAloneOpenTheMenu(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if haveDisplay() {
		t.Skip("this OS does not use DISPLAY; the window system answers")
	}
	for _, args := range [][]string{
		{"--mute"},
		{"--screenshot", filepath.Join(t.TempDir(), "m.png"), "--frames", "5"},
		{"--window", "800x600", "--scenario", "dawn", "--seed", "7", "--mute"},
		{"-mute"},
	} {
		code, out, errs := capture(args...)
		if code != 1 || out != "" || !strings.HasPrefix(errs, "menu: no display") {
			t.Errorf("khamsin %q: exit %d, stdout %q, stderr %q; want 1 and the menu's no-display message", args, code, out, errs)
		}
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--frames", "-1"}, "flag: --frames"},
		{[]string{"--window", "big"}, "flag: --window"},
		{[]string{"--mute", "--bogus"}, "flag: --bogus"},
		{[]string{"--mute", "dawn"}, "flag: menu takes no arguments"},
	} {
		code, out, errs := capture(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, tc.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("khamsin %q: exit %d, stdout %q, stderr %q; want 2 and one line starting %q", tc.args, code, out, errs, tc.msg)
		}
	}
	// a word that is no subcommand is still refused as one
	if code, _, errs := capture("mute"); code != 2 || !strings.Contains(errs, "unknown subcommand") {
		t.Errorf("khamsin mute: exit %d, stderr %q", code, errs)
	}
	for _, h := range []string{"-h", "--help", "help"} {
		if code, out, _ := capture(h); code != 0 || !strings.HasPrefix(out, "usage: khamsin") {
			t.Errorf("khamsin %s: exit %d, stdout %q", h, code, out)
		}
	}
}

// Under a display: `khamsin --mute --screenshot F --frames N` (no menu
// subcommand) opens the menu window, saves its last frame and exits 0.
func TestFlagsAloneMenuWindow(t *testing.T) {
	needWindow(t)
	path := filepath.Join(t.TempDir(), "menu.png")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+t.TempDir(), "KHAMSIN_RUN_MAIN="+strings.Join([]string{
		"--mute", "--window", "640x400", "--screenshot", path, "--frames", "5"}, "\n"))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "screenshot: "+path) {
		t.Fatalf("khamsin --mute --screenshot: %v\n%s", err, out)
	}
	img := decodePNG(t, path)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
		t.Errorf("screenshot is %v, want 640×400", b)
	}
}
