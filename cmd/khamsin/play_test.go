package main

import (
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run the khamsin binary's main in a child process
// (KHAMSIN_RUN_MAIN holds its arguments, one per line): Ebitengine opens
// one window per process, and TestViewScreenshot has this one's.
func TestMain(m *testing.M) {
	if dir := os.Getenv("KHAMSIN_HOTSEAT_SCRIPT"); dir != "" {
		os.Exit(runHotseatScript(dir))
	}
	if dir := os.Getenv("KHAMSIN_SOLO_SCRIPT"); dir != "" {
		os.Exit(runSoloScript(dir))
	}
	if args := os.Getenv("KHAMSIN_RUN_MAIN"); args != "" {
		os.Exit(dispatch(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// The game window opens on a scenario under a display (make test runs
// under xvfb-run), plays a few frames in a real window and saves the last:
// the map on the left, the unit and log panel on the right, the status
// bar across the top.
func TestPlayWindowScreenshot(t *testing.T) {
	needWindow(t)
	path := filepath.Join(t.TempDir(), "play.png")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "XDG_CONFIG_HOME="+t.TempDir(), "KHAMSIN_RUN_MAIN="+strings.Join([]string{
		"play", "--scenario", "dawn", "--mode", "both", "--window", "960x600", "--screenshot", path, "--frames", "20"}, "\n"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("khamsin play: %v\n%s", err, out)
	}
	img := decodePNG(t, path)
	b := img.Bounds()
	if b.Dx() != 960 || b.Dy() != 600 {
		t.Fatalf("screenshot is %v, want 960×600", b)
	}
	mapArea := mean(img, image.Rect(40, 150, 400, 450))
	panel := mean(img, image.Rect(b.Dx()-120, 150, b.Dx()-20, 450))
	if mapArea[0] < 120 || mapArea[0] < mapArea[2] {
		t.Errorf("the map area is not desert-coloured: mean RGB %v", mapArea)
	}
	if panel[0] > mapArea[0]-40 {
		t.Errorf("the side panel (mean %v) is not darker than the map (mean %v)", panel, mapArea)
	}
}

func mean(img image.Image, r image.Rectangle) [3]float64 {
	var s [3]float64
	n := 0.0
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			s[0] += float64(cr >> 8)
			s[1] += float64(cg >> 8)
			s[2] += float64(cb >> 8)
			n++
		}
	}
	for i := range s {
		s[i] /= n
	}
	return s
}

// `khamsin menu` (and khamsin alone) opens the main menu in a real window:
// the scenario list on the left, the selected scenario's map thumbnail on
// the right, drawn once the background rasteriser is done.
func TestMenuWindowScreenshot(t *testing.T) {
	needWindow(t)
	path := filepath.Join(t.TempDir(), "menu.png")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "XDG_CONFIG_HOME="+t.TempDir(), "KHAMSIN_RUN_MAIN="+strings.Join([]string{
		"menu", "--window", "1280x800", "--screenshot", path, "--frames", "150"}, "\n"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("khamsin menu: %v\n%s", err, out)
	}
	img := decodePNG(t, path)
	list := mean(img, image.Rect(20, 100, 450, 130))   // the selected scenario's row
	thumb := mean(img, image.Rect(520, 100, 800, 300)) // the map thumbnail
	if list[0] < 90 || list[0] < list[2] {
		t.Errorf("the selected scenario row is not highlighted: mean RGB %v", list)
	}
	if thumb[0] < 150 {
		t.Errorf("no desert-coloured map thumbnail: mean RGB %v", thumb)
	}
}

// With no display, `khamsin` alone (the menu) says so and exits 1.
func TestMenuNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if haveDisplay() {
		t.Skip("this OS does not use DISPLAY; the window system answers")
	}
	for _, args := range [][]string{nil, {"menu"}} {
		var out, errb strings.Builder
		code := dispatch(args, &out, &errb)
		if code != 1 || out.Len() != 0 || !strings.HasPrefix(errb.String(), "menu: no display") {
			t.Errorf("khamsin %q: exit %d, stdout %q, stderr %q; want 1 and the menu's no-display message", args, code, out.String(), errb.String())
		}
	}
}
