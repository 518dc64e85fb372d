package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return capture(args...)
}

// capture runs the command line in-process: exit code, stdout, stderr.
func capture(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

// `khamsin hex` prints the brief's JSON shape; 27H6 under H1 is a hillock
// at level ½ (6.2) carrying the overlay's ID.
func TestHexJSON(t *testing.T) {
	code, out, errs := run(t, "hex", "--map", "27", "--overlay", "H1 on 27H6-G7", "27H6", "27A1", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Hexes []struct {
			Hex      string              `json:"hex"`
			Level    float64             `json:"level"`
			Terrain  []string            `json:"terrain"`
			Overlay  *string             `json:"overlay"`
			Hexsides map[string][]string `json:"hexsides"`
		} `json:"hexes"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if len(got.Hexes) != 2 {
		t.Fatalf("got %d hexes", len(got.Hexes))
	}
	h := got.Hexes[0]
	if h.Hex != "27H6" || h.Level != 0.5 || h.Overlay == nil || *h.Overlay != "H1" || !strings.Contains(strings.Join(h.Terrain, " "), "hillock") {
		t.Errorf("27H6 = %+v", h)
	}
	if got.Hexes[1].Overlay != nil {
		t.Errorf("27A1 has no overlay: %s", out)
	}
	if !strings.Contains(out, `"overlay":null`) || !strings.Contains(out, `"hexsides":{`) {
		t.Errorf("overlay must print as null and hexsides as an object: %s", out)
	}
}

// Bad input: non-zero exit, a one-line message on stderr, nothing on stdout.
func TestCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.board")
	os.WriteFile(bad, []byte("board 30\nC5: wadi\nC5-C7: cliff\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		frag string
	}{
		{[]string{"hex", "--map", "27", "27Q0"}, 1, "hexrow Q holds hexes 1–10"},
		{[]string{"hex", "--map", "27", "25C5"}, 1, "board 25 is not on this map"},
		{[]string{"hex", "--map", "27,27", "27C5"}, 2, "flag: --map: map \"27,27\": board 27 appears twice"},
		{[]string{"hex", "--bogus"}, 2, "flag: "},
		{[]string{"hex", "--map", "27"}, 2, "flag: name at least one hex"},
		{[]string{"hex", "--map", "27", "--overlay", "Q9 on 27C5-C4", "27C5"}, 1, "no such overlay"},
		{[]string{"hex", "--map", "27", "--overlay", "H1 on 27C5-C7", "27C5"}, 1, "not adjacent"},
		{[]string{"check", bad}, 1, bad + ":3: hexside C5-C7: C5 and C7 are not adjacent"},
		{[]string{"check", filepath.Join(dir, "none.board")}, 1, "none.board:1: no such file"},
		{[]string{"place", "--map", "26"}, 2, "flag: place needs --map and --seed"},
		{[]string{"place", "--map", "26", "--seed", "1", "--north", "west"}, 2, "flag: north"},
		{[]string{"nonsense"}, 2, "unknown subcommand"},
	} {
		code, out, errs := run(t, tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.frag) {
			t.Errorf("%v: exit %d stdout %q stderr %q; want exit %d and %q", tc.args, code, out, errs, tc.code, tc.frag)
		}
	}
}

func TestCheckBuiltinAndFiles(t *testing.T) {
	code, out, _ := run(t, "check")
	if code != 0 || !strings.Contains(out, "7 boards, 38 overlays") {
		t.Errorf("check: %d %q", code, out)
	}
	files, _ := filepath.Glob("../../assets/*/*.*")
	var data []string
	for _, f := range files {
		if strings.HasSuffix(f, ".board") || strings.HasSuffix(f, ".overlay") {
			data = append(data, f)
		}
	}
	code, out, errs := run(t, append([]string{"check"}, data...)...)
	if code != 0 || strings.Count(out, ": ok") != len(data) {
		t.Errorf("check files: %d %q %q", code, out, errs)
	}
}

// `khamsin place` is reproducible and its JSON lists SSR lines and rolls.
func TestPlaceJSON(t *testing.T) {
	_, a, _ := run(t, "place", "--map", "26,27/28,29", "--seed", "11", "--json")
	_, b, _ := run(t, "place", "--map", "26,27/28,29", "--seed", "11", "--json")
	if a != b {
		t.Fatal("same seed, different placement")
	}
	var got struct {
		SSR   []string `json:"ssr"`
		Rolls []struct {
			Why   string `json:"why"`
			Dice  []int  `json:"dice"`
			Total int    `json:"total"`
		} `json:"rolls"`
	}
	if err := json.Unmarshal([]byte(a), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Rolls) < 5 || !strings.HasPrefix(got.Rolls[0].Why, "12.3") {
		t.Errorf("rolls %+v", got.Rolls)
	}
	for _, l := range got.SSR {
		if !strings.HasPrefix(l, "Place Overlay ") {
			t.Errorf("SSR line %q", l)
		}
	}
}
