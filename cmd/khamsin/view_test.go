package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func runViewCapture(args ...string) (int, string, string) {
	return capture(append([]string{"view"}, args...)...)
}

// With no display, `khamsin view` says so clearly and exits 1; it must not
// panic (`khamsin` alone opens the menu: TestMenuNoDisplay).
func TestViewNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if haveDisplay() {
		t.Skip("this OS does not use DISPLAY; the window system answers")
	}
	for _, args := range [][]string{{"view"}, {"view", "--map", "26", "--overlay", "H1 on 26H6-G7"}} {
		var out, errb bytes.Buffer
		code := dispatch(args, &out, &errb)
		if code != 1 || out.Len() != 0 || errb.String() != noDisplayMsg+"\n" {
			t.Errorf("khamsin %s: exit %d, stdout %q, stderr %q; want 1, nothing, %q",
				strings.Join(args, " "), code, out.String(), errb.String(), noDisplayMsg)
		}
	}
}

func TestViewBadInput(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--frames", "-1"}, 2, "flag: --frames"},
		{[]string{"--window", "10x10"}, 2, "flag: --window"},
		{[]string{"--window", "big"}, 2, "flag: --window"},
		{[]string{"--hex-size", "2"}, 2, "flag: --hex-size"},
		{[]string{"--bogus"}, 2, "flag: "},
		{[]string{"25C5"}, 2, "flag: view takes no arguments"},
		{[]string{"--zoom", "900"}, 2, "flag: --zoom"},
		{[]string{"--map", "26", "--center", "25K5"}, 2, "flag: --center"},
		{[]string{"--map", "26", "--center", "26Z99"}, 2, "flag: --center"},
		{[]string{"--map", "99"}, 1, "unknown board 99"},
		{[]string{"--map", "26", "--overlay", "H1 on"}, 2, "flag: --overlay: overlay \""},
	} {
		code, out, errs := runViewCapture(tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("view %s: exit %d, stdout %q, stderr %q; want %d and one line with %q",
				strings.Join(tc.args, " "), code, out, errs, tc.code, tc.msg)
		}
	}
}

func TestParseSize(t *testing.T) {
	if w, h, err := parseSize("1280x800"); err != nil || w != 1280 || h != 800 {
		t.Errorf("parseSize(1280x800) = %d, %d, %v", w, h, err)
	}
	for _, bad := range []string{"", "x", "1280", "1280x", "x800", "100x100", "1280X-800", "99999x800"} {
		if _, _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) accepted", bad)
		}
	}
}

// Under a display (`make test` runs tests under xvfb-run), the screenshot
// option runs a few frames in a real window and saves the last one. This
// is the only window this test binary opens (Ebitengine runs one game per
// process).
func TestViewScreenshot(t *testing.T) {
	needWindow(t)
	path := filepath.Join(t.TempDir(), "shot.png")
	code, out, errs := runViewCapture("--map", "26", "--overlay", "H1 on 26H6-G7", "--window", "640x400",
		"--show-help", "--screenshot", path, "--frames", "5")
	if code != 0 || errs != "" || out != "screenshot: "+path+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	img := decodePNG(t, path)
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
		t.Errorf("screenshot is %v, want 640×400", b)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*tmp")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// F12 screenshots are named after the scenario, safely for any path.
func TestShotName(t *testing.T) {
	for in, want := range map[string]string{"default": "view-default", "scenarios/my game.toml": "view-my-game", "": "view", "../../x": "view-x"} {
		if got := shotName(in); got != want {
			t.Errorf("shotName(%q) = %q, want %q", in, got, want)
		}
	}
}
