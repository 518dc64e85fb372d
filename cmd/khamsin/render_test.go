package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runRenderCapture(args ...string) (int, string, string) {
	return capture(append([]string{"render"}, args...)...)
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// A one-board map at 16 px: the PNG is the playing area (48·16 px wide,
// 10·√3·16 px tall) plus an 8 px frame on each side, and nothing is left
// behind but the file itself.
func TestRenderMapPNG(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.png")
	code, out, errs := runRenderCapture("--map", "26", "--overlay", "H1 on 26H6-G7", "-o", path, "--hex-size", "16")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "map.png") {
		t.Errorf("stdout %q should name the file", out)
	}
	b := decodePNG(t, path).Bounds()
	wantW := int(math.Ceil(48*16)) + 16
	wantH := int(math.Ceil(10*math.Sqrt(3)*16)) + 16
	if b.Dx() != wantW || b.Dy() != wantH {
		t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), wantW, wantH)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want just map.png (no temp files)", len(ents))
	}
}

// --no-grid, --no-labels and --no-outlines each change the picture.
func TestRenderToggles(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--map", "26", "--overlay", "H1 on 26H6-G7", "--hex-size", "8"}
	base := filepath.Join(dir, "all.png")
	if code, _, errs := runRenderCapture(append(args, "-o", base)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	all := decodePNG(t, base).(*image.RGBA)
	for _, flag := range []string{"--no-grid", "--no-labels", "--no-outlines"} {
		p := filepath.Join(dir, flag[2:]+".png")
		if code, _, errs := runRenderCapture(append(args, flag, "-o", p)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", flag, code, errs)
		}
		if bytes.Equal(decodePNG(t, p).(*image.RGBA).Pix, all.Pix) {
			t.Errorf("%s changed nothing", flag)
		}
	}
}

// The default map (no --map) and the legend render.
func TestRenderDefaultAndLegend(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-o", filepath.Join(dir, "default.png"), "--hex-size", "6"},
		{"--legend", "-o", filepath.Join(dir, "legend.png"), "--hex-size", "12"},
	} {
		code, _, errs := runRenderCapture(args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
		}
		decodePNG(t, args[len(args)-3])
	}
}

// Bad flags exit 2 with "flag: …"; a map that cannot be built or a file
// that cannot be written exits 1. Nothing goes to stdout, no file appears.
func TestRenderErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	for _, tc := range []struct {
		args   []string
		code   int
		prefix string
	}{
		{[]string{"--map", "26"}, 2, "flag: "},
		{[]string{"--map", "26", "-o", out, "--hex-size", "0"}, 2, "flag: "},
		{[]string{"--map", "26", "-o", out, "--hex-size", "1000"}, 2, "flag: "},
		{[]string{"--map", "26", "-o", out, "--bogus"}, 2, "flag: "},
		{[]string{"--map", "26", "-o", out, "stray"}, 2, "flag: "},
		{[]string{"--legend", "--map", "26", "-o", out}, 2, "flag: "},
		{[]string{"--map", "77", "-o", out}, 1, ""},
		{[]string{"--map", "26", "--overlay", "H1 on 26H6", "-o", out}, 1, ""},
		{[]string{"--map", "26", "-o", filepath.Join(dir, "no", "such", "dir.png")}, 1, "render: "},
	} {
		code, stdout, stderr := runRenderCapture(tc.args...)
		if code != tc.code || !strings.HasPrefix(stderr, tc.prefix) || stderr == "" || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stderr starting %q", tc.args, code, stdout, stderr, tc.code, tc.prefix)
		}
		if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: stderr should be one line: %q", tc.args, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written by a failing command", out)
	}
}
