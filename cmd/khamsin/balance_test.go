package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// `khamsin balance --json` prints §6's shape: games, wins per side and
// draw, mean_end_turn, ends; with ci95 and losses per side. The text
// form is a short table. Two games of the quickest scenario.
func TestBalanceJSON(t *testing.T) {
	code, out, errs := run(t, "balance", "--scenario", "defence", "--games", "2", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Games       *int                      `json:"games"`
		Wins        map[string]int            `json:"wins"`
		MeanEndTurn *float64                  `json:"mean_end_turn"`
		Ends        map[string]int            `json:"ends"`
		CI95        map[string][2]float64     `json:"ci95"`
		Losses      map[string]map[string]int `json:"losses"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got.Games == nil || *got.Games != 2 || got.MeanEndTurn == nil || *got.MeanEndTurn < 1 {
		t.Fatalf("games/mean_end_turn missing or wrong: %s", out)
	}
	wins, ends := 0, 0
	for _, k := range []string{"allies", "axis", "draw"} {
		n, ok := got.Wins[k]
		if !ok {
			t.Errorf("wins has no %q: %s", k, out)
		}
		wins += n
	}
	for _, n := range got.Ends {
		ends += n
	}
	if wins != 2 || ends != 2 || len(got.Wins) != 3 {
		t.Errorf("wins add to %d, ends to %d: %s", wins, ends, out)
	}
	for _, side := range []string{"allies", "axis"} {
		ci, ok := got.CI95[side]
		if !ok || ci[0] < 0 || ci[1] > 1 || ci[0] > ci[1] {
			t.Errorf("ci95[%s] = %v", side, ci)
		}
		if _, ok := got.Losses[side]; !ok {
			t.Errorf("losses has no %s", side)
		}
	}
	hex := regexp.MustCompile(`^\d\d[A-Z]+\d+$`)
	for side, m := range got.Losses {
		for h := range m {
			if !hex.MatchString(h) {
				t.Errorf("losses[%s] has %q, not a hex label", side, h)
			}
		}
	}

	// The same games as text.
	code, text, errs := run(t, "balance", "--scenario", "defence", "--games", "2")
	if code != 0 || errs != "" {
		t.Fatalf("text: exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"scenarios/defence.toml: 2 games", "allies", "axis", "draw", "mean end turn", "ends: ", "bases lost"} {
		if !strings.Contains(text, want) {
			t.Errorf("text has no %q:\n%s", want, text)
		}
	}
}

// Bad flags exit 2 with "flag: message"; a scenario that does not parse
// exits 1 with "file:line: message". Nothing is played, nothing on stdout.
func TestBalanceErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("title = \"x\"\n[map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--games", "2"}, 2, "flag: --scenario: "},
		{[]string{"--scenario", "defence", "--games", "0"}, 2, "flag: --games: must be 1..10000, got 0"},
		{[]string{"--scenario", "defence", "--games", "10001"}, 2, "flag: --games: must be 1..10000, got 10001"},
		{[]string{"--scenario", "defence", "--games", "many"}, 2, `flag: --games: "many": not a number`},
		{[]string{"--scenario", "defence", "--seed", "3"}, 2, "flag: --seed: no such flag"},
		{[]string{"--scenario", "defence", "extra"}, 2, "flag: balance takes no arguments"},
		{[]string{"--scenario", "no-such-scenario", "--games", "1"}, 2, "flag: --scenario: no such built-in scenario"},
		{[]string{"--scenario", bad, "--games", "1"}, 1, bad + ":2: "},
		{[]string{"--scenario", "default", "--games", "1"}, 1, "scenarios/default.toml: balance needs a scenario with two sides, it has 0"},
	} {
		code, out, errs := run(t, append([]string{"balance"}, c.args...)...)
		if code != c.code || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("balance %v: exit %d, stdout %q, stderr %q; want exit %d and %q...", c.args, code, out, errs, c.code, c.want)
		}
	}
}
