package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"khamsin/engine/game"
)

// `khamsin version` names the program version (main.version, set by the
// Makefile's -ldflags) and the rules version a save records.
func TestVersion(t *testing.T) {
	old := version
	t.Cleanup(func() { version = old })
	version = "v1.2.3-4-gabcdef0-dirty"
	code, out, errs := capture("version")
	if want := fmt.Sprintf("khamsin v1.2.3-4-gabcdef0-dirty (rules %d)\n", game.RulesVersion); code != 0 || errs != "" || out != want {
		t.Errorf("version: exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
	code, out, errs = capture("version", "--json")
	var got map[string]any
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("version --json: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if len(got) != 2 || got["version"] != "v1.2.3-4-gabcdef0-dirty" || got["rules"] != float64(game.RulesVersion) {
		t.Errorf("version --json = %s", out)
	}
	for _, args := range [][]string{{"version", "extra"}, {"version", "--bogus"}} {
		code, out, errs := capture(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "flag: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("khamsin %q: exit %d, stdout %q, stderr %q; want 2 and one flag: line", args, code, out, errs)
		}
	}
}

// A plain `go build` (no -ldflags) says "dev".
func TestVersionDefault(t *testing.T) {
	if version != "dev" {
		t.Skipf("built with -X main.version=%s", version)
	}
	if _, out, _ := capture("version"); !strings.HasPrefix(out, "khamsin dev (rules ") {
		t.Errorf("version = %q", out)
	}
}
