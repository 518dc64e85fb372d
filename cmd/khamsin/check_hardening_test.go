package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 17, Hardening: check under hostile scenario files. Each test
// names its item.

// overlayScenario writes a map-only scenario placing H1 n times at the
// same hexes: every pair overlaps.
func overlayScenario(t testing.TB, n int) string {
	var b strings.Builder
	b.WriteString("title = \"many\"\n[map]\nboards = \"25\"\noverlays = [\n")
	for i := 0; i < n; i++ {
		b.WriteString("  \"H1 on 25H6-G7\",\n")
	}
	b.WriteString("]\n")
	p := filepath.Join(t.TempDir(), "many.toml")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Item 2: 2,000 overlays are refused at the first one over the cap
// (line 5 holds the first overlay), before any is laid out.
func TestCheckOverlayCap(t *testing.T) {
	p := overlayScenario(t, 2000)
	code, out, errs := capture("check", p)
	want := fmt.Sprintf("%s:%d: [map] has 2000 overlays; the limit is 100\n", p, 5+100)
	if code != 1 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %.200q; want 1 and %q", code, out, errs, want)
	}
	// The same through --overlay flags.
	args := []string{"hex", "--map", "25"}
	for i := 0; i < 2000; i++ {
		args = append(args, "--overlay", "H1 on 25H6-G7")
	}
	code, _, errs = capture(append(args, "25C5")...)
	if code == 0 || !strings.Contains(errs, "2000 overlays; the limit is 100") {
		t.Errorf("2000 --overlay flags: exit %d, stderr %.200q", code, errs)
	}
}

// Item 2: at the cap, the 4,950 overlapping pairs give at most 20
// warnings and a count of the rest.
func TestCheckWarningsCapped(t *testing.T) {
	p := overlayScenario(t, 100)
	code, out, errs := capture("check", p)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "; warning: "); n != maxWarnings || !strings.HasSuffix(out, "; and 4930 more warnings)\n") {
		t.Errorf("%d warnings, ending %q", n, out[max(0, len(out)-80):])
	}
}

// Item 2: check on a map at the overlay cap (every pair overlapping);
// once quadratic in its output, so 200 overlays took 10 s.
func BenchmarkCheckManyOverlays(b *testing.B) {
	p := overlayScenario(b, 100)
	for i := 0; i < b.N; i++ {
		if code, _, errs := capture("check", p); code != 0 {
			b.Fatal(errs)
		}
	}
}
