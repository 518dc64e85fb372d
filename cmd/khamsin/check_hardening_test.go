package main

import (
	"encoding/json"
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

// Item 4: a scenario whose title, side and unit names and briefing hold
// terminal controls (ESC ] 0 ; … BEL retitles an xterm; CSI clears the
// screen) is played from the command line without one reaching the
// terminal: every output escapes them, and --json stays valid JSON that
// decodes to the scenario's own text.
func TestGameOutputEscapesTerminalControls(t *testing.T) {
	data, err := os.ReadFile("../../scenarios/dawn.toml")
	if err != nil {
		t.Fatal(err)
	}
	evil := string(data)
	for _, r := range [][2]string{
		{`title = "Out of the Sun: the box at Qaret et Tawamin"`, `title = "Out of the Sun\u001b]0;PWNED\u0007"`},
		{`name = "B Company box, 150th Brigade"`, `name = "B Company\u001b[2J\u009b2J box"`},
		{`name = "Major, B Company"`, `name = "Major\u001b[31m, B Company\u202e"`},
		{`briefing = """`, `briefing = """` + "\n\\u001b[2J"},
	} {
		if !strings.Contains(evil, r[0]) {
			t.Fatalf("dawn.toml no longer holds %s", r[0])
		}
		evil = strings.Replace(evil, r[0], r[1], 1)
	}
	dir := t.TempDir()
	scn := filepath.Join(dir, "evil.toml")
	os.WriteFile(scn, []byte(evil), 0o644)
	save := filepath.Join(dir, "evil.save")
	bad := func(s string) bool { return strings.ContainsAny(s, "\x1b\x07\u009b\u202e") }
	run := func(args ...string) string {
		code, out, errs := capture(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if bad(out) || bad(errs) {
			t.Errorf("%v printed a terminal control: %q", args, out+errs)
		}
		return out
	}
	out := run("game", "new", "--scenario", scn, "--seed", "1", "-o", save)
	if !strings.Contains(out, `Out of the Sun\u001b]0;PWNED\u0007`) {
		t.Errorf("game new: the title is not shown escaped: %.200q", out)
	}
	run("check", scn)
	run("game", "legal", save)
	show := run("game", "show", save)
	if !strings.Contains(show, `B Company\u001b[2J\u009b2J box`) || !strings.Contains(show, `Major\u001b[31m, B Company\u202e`) {
		t.Errorf("game show: names not shown escaped: %.400q", show)
	}
	js := run("game", "show", save, "--json")
	var v struct{ Title string }
	if err := json.Unmarshal([]byte(js), &v); err != nil || v.Title != "Out of the Sun\x1b]0;PWNED\x07" {
		t.Errorf("game show --json: %v, title %q", err, v.Title)
	}
	code, legal, _ := capture("game", "legal", save, "--json")
	var l struct{ Commands []string }
	if code != 0 || json.Unmarshal([]byte(legal), &l) != nil || len(l.Commands) == 0 {
		t.Fatalf("game legal --json: %s", legal)
	}
	run("game", "do", save, l.Commands[len(l.Commands)-1])
	run("game", "log", save)
	run("game", "log", save, "--json")
	run("replay", save)
}

// Item 5 (and 4): check refuses a board whose name is not UTF-8 text, at
// the name's line, and echoes nothing raw.
func TestCheckBoardNameNotText(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"Bad \xff\xfe name", "Bad \x1b]0;x\x07 name"} {
		p := filepath.Join(dir, "93.board")
		os.WriteFile(p, []byte("board 93\n# the test board\nname \""+name+"\"\n"), 0o644)
		code, out, errs := capture("check", p)
		if code != 1 || out != "" || !strings.HasPrefix(errs, p+":3: name ") || strings.ContainsAny(errs, "\x1b\x07\xff") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}

// Item 2: render prints at most maxWarnings overlap warnings too.
func TestRenderWarningsCapped(t *testing.T) {
	p := overlayScenario(t, 100)
	out := filepath.Join(t.TempDir(), "m.png")
	code, _, errs := capture("render", "--scenario", p, "--hex-size", "8", "-o", out)
	if code != 0 || strings.Count(errs, "\n") != maxWarnings+1 || !strings.HasSuffix(errs, "warning: and 4930 more\n") {
		t.Errorf("exit %d, %d lines of stderr, ending %q", code, strings.Count(errs, "\n"), errs[max(0, len(errs)-60):])
	}
}
