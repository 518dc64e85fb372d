package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func runEnvCapture(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := runEnv(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestEnvJSON(t *testing.T) {
	code, out, errs := runEnvCapture("--month", "7", "--seed", "3", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("code %d stderr %q", code, errs)
	}
	if strings.Count(out, "\n") != 1 {
		t.Fatalf("want one JSON line, got %q", out)
	}
	var got struct {
		Month        int      `json:"month"`
		Weather      string   `json:"weather"`
		Time         string   `json:"time"`
		EC           string   `json:"ec"`
		Wind         string   `json:"wind"`
		Gusts        *bool    `json:"gusts"`
		Dust         string   `json:"dust"`
		RulesInForce []string `json:"rules_in_force"`
		Rolls        []struct {
			Why   string `json:"why"`
			Dice  []int  `json:"dice"`
			Total int    `json:"total"`
		} `json:"rolls"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Month != 7 || got.Weather == "" || got.Time == "" || got.EC == "" || got.Wind == "" ||
		got.Gusts == nil || got.Dust == "" || got.RulesInForce == nil {
		t.Fatalf("missing fields: %s", out)
	}
	if len(got.Rolls) < 4 || got.Rolls[0].Why != "11.2 weather" || len(got.Rolls[0].Dice) != 2 ||
		got.Rolls[0].Dice[0]+got.Rolls[0].Dice[1] != got.Rolls[0].Total {
		t.Fatalf("rolls: %+v", got.Rolls)
	}
	for _, r := range got.Rolls[1:] {
		if len(r.Dice) != 1 || r.Dice[0] != r.Total || r.Dice[0] < 1 || r.Dice[0] > 6 {
			t.Fatalf("dr roll: %+v", r)
		}
	}
	// Same seed, same answer; the text form shows every roll too.
	_, again, _ := runEnvCapture("--json", "--seed", "3", "--month", "july")
	if again != out {
		t.Fatal("not reproducible")
	}
	code, text, _ := runEnvCapture("--month", "7", "--seed", "3")
	if code != 0 {
		t.Fatal(code)
	}
	for _, r := range got.Rolls {
		if !strings.Contains(text, r.Why[:strings.IndexByte(r.Why, ' ')]) {
			t.Errorf("text lacks %q:\n%s", r.Why, text)
		}
	}
	if !strings.Contains(text, "rules in force:") || !strings.Contains(text, "weather "+got.Weather) {
		t.Errorf("text:\n%s", text)
	}
}

func TestEnvSweepSeeds(t *testing.T) {
	for seed := 1; seed <= 40; seed++ {
		for _, extra := range [][]string{nil, {"--steppe"}, {"--broken"}, {"--north-africa=false"},
			{"--desert-only=false"}, {"--no-desert"}, {"--arid=false"}, {"--bombardments", "2", "--night-as-none"}} {
			args := append([]string{"--json", "--month", "8", "--seed", strconv.Itoa(seed)}, extra...)
			code, out, errs := runEnvCapture(args...)
			if code != 0 || errs != "" || !json.Valid([]byte(out)) {
				t.Fatalf("%v: %d %q %q", args, code, out, errs)
			}
		}
	}
	// Steppe never yields heavy dust or wind effects.
	for seed := 0; seed < 200; seed++ {
		_, out, _ := runEnvCapture("--json", "--month", "7", "--steppe", "--bombardments", "3", "--seed", strconv.Itoa(seed))
		if strings.Contains(out, `"dust":"heavy"`) || strings.Contains(out, "wind-effects") {
			t.Fatalf("steppe: %s", out)
		}
	}
}

func TestEnvBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{nil, "--month is required"},
		{[]string{"--month", "13"}, "--month"},
		{[]string{"--month", "smarch"}, "--month"},
		{[]string{"--month", "4", "--seed", "-1"}, "flag:"},
		{[]string{"--month", "4", "--bogus"}, "flag: --bogus: no such flag"},
		{[]string{"--month", "4", "--steppe", "--broken"}, "exclude"},
		{[]string{"--month", "4", "--north", "sideways"}, "--north"},
		{[]string{"--month", "4", "--bombardments", "-2"}, "flag: --bombardments: must be 0..20"},
		{[]string{"--month", "4", "extra"}, "env takes no arguments"},
	} {
		code, out, errs := runEnvCapture(c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "flag: ") || !strings.Contains(errs, c.msg) ||
			strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: code %d stdout %q stderr %q", c.args, code, out, errs)
		}
	}
}
