package render

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 9, Hardening: screenshots are written by the program's one safe
// writer (fileio.WriteFile), not a second unsynced copy: a symlink is not
// replaced, and an existing file keeps its mode.
func TestScreenshotWriterIsSafe(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	link := filepath.Join(dir, "shot.png")
	os.Symlink(target, link)
	if err := writePNG(link, img); err == nil || !strings.Contains(err.Error(), "screenshot: ") ||
		!strings.Contains(err.Error(), "is a symbolic link; refusing to replace it") {
		t.Errorf("symlink: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("target now %q", b)
	}
	p := filepath.Join(dir, "mode.png")
	os.WriteFile(p, nil, 0o600)
	if err := writePNG(p, img); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 || fi.Size() == 0 {
		t.Errorf("mode %v size %d", fi.Mode().Perm(), fi.Size())
	}
}
