package main

import (
	"strings"
	"testing"
)

// `khamsin los --smoke HEX[,HEX...]`: SMOKE blocks LOS at every level
// (seed 002 Note 3); the flag takes a comma list and may repeat; a bad
// hex is refused with its label.
func TestLosSmokeFlagNote3(t *testing.T) {
	if got := losJSON(t, "--map", "28", "28C5", "28K5"); !got.Clear {
		t.Fatalf("28C5 → 28K5 is not clear without smoke: %+v", got)
	}
	for _, args := range [][]string{
		{"--smoke", "28K5"},
		{"--smoke", "28A1,28K5"},
		{"--smoke", "28A1", "--smoke", " 28K5 "},
	} {
		got := losJSON(t, append([]string{"--map", "28"}, append(args, "28C5", "28K5")...)...)
		if got.Clear || got.BlockedAt == nil {
			t.Errorf("%v: clear %v, want blocked by the SMOKE", args, got.Clear)
		}
	}
	if got := losJSON(t, "--map", "28", "--smoke", "28A1,28B10", "28C5", "28K5"); !got.Clear {
		t.Errorf("smoke off the line blocked it: %+v", got)
	}
	code, out, _ := run(t, "los", "--map", "28", "--smoke", "28K5", "28C5", "28K5")
	if code != 0 || !strings.Contains(out, "smoke") || !strings.Contains(out, "Note 3") {
		t.Errorf("text answer %q (exit %d): want blocked by smoke (Note 3)", out, code)
	}
	if code, _, errs := run(t, "los", "--map", "28", "--smoke", "28K5,99Z9", "28C5", "28K5"); code == 0 || !strings.Contains(errs, "99Z9") {
		t.Errorf("a bad smoke hex: exit %d, stderr %q", code, errs)
	}
}
