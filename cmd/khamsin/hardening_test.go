package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Issue 9, Hardening: every file the program reads or writes is hostile
// until checked, and every flag value is range-checked. Each test below
// is one bullet of that section; each asserts the refusal, its exit code
// and its message, and that it comes at once.

type hostile struct {
	name string
	args []string
	code int
	msg  string // stderr must start with this (after any path prefix check)
}

func runHostile(t *testing.T, cases []hostile) {
	t.Helper()
	for _, c := range cases {
		code, out, errs := capture(c.args...)
		if code != c.code || out != "" || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %.300q; want exit %d and one line with %q", c.name, code, out, errs, c.code, c.msg)
		}
		if len(errs) > 400 {
			t.Errorf("%s: message of %d bytes echoes the input", c.name, len(errs))
		}
	}
}

// Hardening: a render beyond the pixel budget is refused as a flag error
// instead of dying out of memory.
func TestHardeningRenderPixelBudget(t *testing.T) {
	out := filepath.Join(t.TempDir(), "big.png")
	runHostile(t, []hostile{
		{"7 boards at 256", []string{"render", "--map", "25,26,27,28,29,30,31", "--hex-size", "256", "-o", out}, 2,
			"flag: --hex-size: 256 makes a 86272×4691 image (405 megapixels); the limit is 100 megapixels"},
		{"7 boards at 128", []string{"render", "--map", "25,26,27,28,29,30,31", "--hex-size", "128", "-o", out}, 2,
			"flag: --hex-size: 128 makes a"},
		{"NaN", []string{"render", "--map", "25", "--hex-size", "NaN", "-o", out}, 2, "flag: --hex-size: must be 4..256 pixels, got NaN"},
	})
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused render wrote its file")
	}
}

// Hardening: render -o goes through fileio.WriteFile: it does not replace
// symlinks, hard links or device nodes, and keeps an existing file's mode.
func TestHardeningRenderOutput(t *testing.T) {
	dir := t.TempDir()
	precious := filepath.Join(dir, "precious.txt")
	os.WriteFile(precious, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link.png")
	os.Symlink(precious, link)
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, []byte("keep too"), 0o644)
	hard := filepath.Join(dir, "hard.png")
	os.Link(other, hard)
	fifo := filepath.Join(dir, "fifo.png")
	syscall.Mkfifo(fifo, 0o644)
	runHostile(t, []hostile{
		{"symlink", []string{"render", "--legend", "--hex-size", "8", "-o", link}, 1, "link.png: is a symbolic link; refusing to replace it"},
		{"hard link", []string{"render", "--legend", "--hex-size", "8", "-o", hard}, 1, "hard.png: has 2 hard links; refusing to replace it"},
		{"device", []string{"render", "--legend", "--hex-size", "8", "-o", "/dev/null"}, 1, "render: /dev/null: is a character device; refusing to replace it"},
		{"fifo", []string{"render", "--legend", "--hex-size", "8", "-o", fifo}, 1, "fifo.png: is a named pipe (FIFO); refusing to replace it"},
	})
	if b, _ := os.ReadFile(precious); string(b) != "keep" {
		t.Errorf("symlink target now %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced")
	}
	if b, _ := os.ReadFile(other); string(b) != "keep too" {
		t.Errorf("hard-linked file now %q", b)
	}
	// mode kept
	png := filepath.Join(dir, "map.png")
	os.WriteFile(png, []byte("old"), 0o600)
	if code, _, errs := capture("render", "--legend", "--hex-size", "8", "-o", png); code != 0 {
		t.Fatalf("render: %d %s", code, errs)
	}
	fi, _ := os.Stat(png)
	if fi.Mode().Perm() != 0o600 || fi.Size() < 100 {
		t.Errorf("after render: mode %v size %d; want 0600 kept and a PNG", fi.Mode().Perm(), fi.Size())
	}
}

// Hardening: numbers from flags are range-checked; --bombardments once
// wrapped to a negative DRM.
func TestHardeningNumericFlags(t *testing.T) {
	runHostile(t, []hostile{
		{"bombardments overflow", []string{"env", "--month", "7", "--bombardments", "3074457345618258603"}, 2, "flag: --bombardments: must be 0..20, got 3074457345618258603"},
		{"bombardments beyond int", []string{"env", "--month", "7", "--bombardments", "99999999999999999999"}, 2, `flag: --bombardments: "99999999999999999999": out of range`},
		{"bombardments text", []string{"env", "--month", "7", "--bombardments", "many"}, 2, `flag: --bombardments: "many": not a number`},
		{"seed negative", []string{"env", "--month", "7", "--seed", "-1"}, 2, `flag: --seed: "-1": not a number`},
		{"frames", []string{"view", "--frames", "9999999999"}, 2, "flag: --frames: must be 0..216000"},
		{"zoom NaN", []string{"view", "--zoom", "NaN"}, 2, "flag: --zoom: must be 0..400, got NaN"},
		{"view hex-size Inf", []string{"view", "--hex-size", "+Inf"}, 2, "flag: --hex-size: must be 8..256, got +Inf"},
		{"calibre", []string{"los", "--map", "25", "25C5", "25C7", "--attack", "ordnance", "--calibre", "99999999"}, 2, "flag: --calibre: must be 0..1000"},
		{"mp", []string{"reach", "--map", "25", "--unit", "infantry", "--from", "25C5", "--mp", "99999999999"}, 2, "flag: --mp: "},
		{"move seed", []string{"move", "--map", "25", "--unit", "truck", "--path", "25C6", "--seed", "1e99"}, 2, "flag: --seed: must be 0..18446744073709551615"},
		{"level", []string{"los", "--map", "25", "25C5", "25C7", "--from-level", "1e300"}, 2, "flag: --from-level: "},
		{"window", []string{"view", "--window", "99999999x99999999"}, 2, "flag: --window: "},
		{"unknown flag", []string{"hex", "--nope", "25C5"}, 2, "flag: --nope: no such flag"},
		{"missing value", []string{"hex", "25C5", "--map"}, 2, "flag: --map: needs a value"},
	})
}

// Hardening: `khamsin play --level` is the computer opponent, 1 (novice),
// 2 (veteran) or 3 (expert); anything else is a flag error naming both, given before
// the window is looked for (no display here, so nothing else could answer).
func TestHardeningPlayLevel(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	runHostile(t, []hostile{
		{"level 0", []string{"play", "--scenario", "dawn", "--mode", "solo", "--level", "0"}, 2, "flag: --level: must be 1 (novice), 2 (veteran) or 3 (expert), got 0"},
		{"level 4", []string{"play", "--mode", "solo", "--level", "4"}, 2, "flag: --level: must be 1 (novice), 2 (veteran) or 3 (expert), got 4"},
		{"level -1", []string{"play", "--level", "-1"}, 2, "flag: --level: must be 1 (novice), 2 (veteran) or 3 (expert), got -1"},
		{"level text", []string{"play", "--level", "veteran"}, 2, `flag: --level: "veteran": not a number`},
	})
	if haveDisplay() {
		return // this OS does not use DISPLAY: the window system would answer
	}
	// in range, the flag is taken and the command goes on to look for a window
	for _, lvl := range []string{"1", "2"} {
		code, _, errs := capture("play", "--scenario", "dawn", "--mode", "solo", "--level", lvl)
		if code != 1 || !strings.HasPrefix(errs, "play: no display") {
			t.Errorf("--level %s: exit %d, stderr %q; want 1 and play's no-display message", lvl, code, errs)
		}
	}
}

// Hardening: files are read through fileio.ReadFile: regular files only,
// size-capped, the OS error kept; a FIFO never hangs and /dev/zero is
// refused at once. Board and overlay lines are capped before parsing.
func TestHardeningCheckFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.board")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	longLine := filepath.Join(dir, "long.board")
	os.WriteFile(longLine, append([]byte("board 30\nC5: "), bytes.Repeat([]byte("wadi "), 200_000)...), 0o644)
	huge := filepath.Join(dir, "huge.board")
	os.WriteFile(huge, bytes.Repeat([]byte("# comment\n"), 300_000), 0o644)
	binary := filepath.Join(dir, "bin.board")
	os.WriteFile(binary, []byte("board 30\n\x00\x01\x02\xff"), 0o644)
	runHostile(t, []hostile{
		{"/dev/zero", []string{"check", "/dev/zero"}, 1, "/dev/zero:1: is a character device, not a regular file"},
		{"fifo", []string{"check", fifo}, 1, "pipe.board:1: is a named pipe (FIFO), not a regular file"},
		{"directory", []string{"check", dir}, 1, ":1: is a directory, not a regular file"},
		{"missing", []string{"check", filepath.Join(dir, "none.board")}, 1, "none.board:1: no such file or directory"},
		{"10 MB line", []string{"check", longLine}, 1, "long.board:2: line is 1000004 bytes long; the limit is 1024"},
		{"3 MB file", []string{"check", huge}, 1, "huge.board:1: file is 3000000 bytes; the limit is 1048576"},
		{"binary", []string{"check", binary}, 1, "bin.board:1: file holds a NUL byte"},
	})
}

// Hardening: a --scenario file is read through fileio.ReadFile and
// pre-scanned by fileio.CheckTOML: deep nesting (11 s in the decoder) is
// refused in milliseconds, and so are devices and FIFOs.
func TestHardeningScenarioFlag(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "deep.toml")
	os.WriteFile(deep, []byte("x = "+strings.Repeat("{a=", 5000)+"1"+strings.Repeat("}", 5000)+"\n"), 0o644)
	fifo := filepath.Join(dir, "pipe.toml")
	syscall.Mkfifo(fifo, 0o644)
	runHostile(t, []hostile{
		{"deep", []string{"hex", "--scenario", deep, "25C5"}, 1, "deep.toml:1: nesting deeper than 16"},
		{"/dev/zero", []string{"hex", "--scenario", "/dev/zero", "25C5"}, 2, "flag: --scenario: no such built-in scenario"},
		{"/dev/zero says why", []string{"hex", "--scenario", "/dev/zero", "25C5"}, 2, "/dev/zero: is a character device, not a regular file"},
		{"fifo", []string{"render", "--scenario", fifo, "-o", filepath.Join(dir, "x.png")}, 2, "pipe.toml: is a named pipe (FIFO)"},
		{"missing keeps the OS error", []string{"hex", "--scenario", filepath.Join(dir, "nope.toml"), "25C5"}, 2, "nope.toml: no such file or directory"},
	})
}

// Hardening: long inputs are not echoed whole in messages.
func TestHardeningLongInputsClipped(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	for _, args := range [][]string{
		{"hex", "--map", long, "25C5"},
		{"hex", "--map", "25", long},
		{"hex", "--map", "25", "--overlay", long, "25C5"},
		{"hex", "--map", "25", "--variant", long, "25C5"},
		{"hex", "--scenario", long, "25C5"},
		{"env", "--month", long},
		{"env", "--month", "7", "--bombardments", long},
		{"move", "--map", "25", "--unit", long, "--path", "25C6"},
		{"los", "--map", "25", "25C5", "25C7", "--dust", long},
		{"check", long},
		{"render", "--legend", "-o", "/nonexistent/" + long},
		{"hex", "--" + long},
	} {
		code, out, errs := capture(args...)
		if code == 0 || out != "" || len(errs) > 400 || !strings.Contains(errs, "…") {
			t.Errorf("%.40q…: exit %d, stdout %q, stderr %d bytes: %.200q", args, code, out, len(errs), errs)
		}
	}
}
