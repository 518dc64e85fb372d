package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// `game show` lists the map's buildings and bridges as structures with
// their toughness, damage and state (F.1, seed 002's T = C: a stone
// building 4), for either side.
func TestGameShowListsBuildingsF1(t *testing.T) {
	save := filepath.Join(t.TempDir(), "esc.save")
	var out, errb bytes.Buffer
	if rc := runGame([]string{"new", "--scenario", "escarpment", "--seed", "7", "-o", save}, &out, &errb); rc != 0 {
		t.Fatalf("game new: %d %s", rc, errb.String())
	}
	for _, side := range []string{"allies", "axis"} {
		out.Reset()
		if rc := runGame([]string{"show", save, "--as", side}, &out, &errb); rc != 0 {
			t.Fatalf("game show: %d %s", rc, errb.String())
		}
		if !strings.Contains(out.String(), "building at 25B9: toughness 4, 0 damage, standing") {
			t.Errorf("%s: no line for the stone building at 25B9:\n%s", side, out.String())
		}
	}
}
