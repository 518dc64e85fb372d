package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReachJSON(t *testing.T) {
	code, out, errs := khamsin("reach", "--map", "26", "--unit", "infantry", "--from", "26D4", "--mp", "2", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Hexes map[string]float64 `json:"hexes"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Hexes["26D4"] != 0 || got.Hexes["26D5"] != 1 || got.Hexes["26D6"] != 2 || len(got.Hexes) != 19 {
		t.Errorf("%v", got.Hexes)
	}
	// keys come out sorted
	if i, j := strings.Index(out, `"26B3"`), strings.Index(out, `"26F5"`); i < 0 || j < i {
		t.Errorf("keys not sorted: %s", out)
	}
	// half MP print as halves: a truck on 25's paved road
	code, out, _ = khamsin("reach", "--map", "25", "--unit", "truck", "--from", "25S2", "--mp", "1", "--json")
	if code != 0 || !strings.Contains(out, `"25T1":0.5`) {
		t.Errorf("exit %d: %s", code, out)
	}
}

func TestReachBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--map", "25", "--unit", "truck"}, 2, "flag: --from is required"},
		{[]string{"--map", "25", "--unit", "truck", "--from", "25C5", "--mp", "x"}, 2, "flag: --mp"},
		{[]string{"--map", "25", "--unit", "truck", "--from", "26C5"}, 2, "flag: --from"},
		{[]string{"--map", "25", "--from", "25C5"}, 2, "flag: --unit is required"},
	} {
		code, out, errs := khamsin(append([]string{"reach", "--json"}, c.args...)...)
		if code != c.code || out != "" || !strings.HasPrefix(errs, c.err) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d %q…", c.args, code, out, errs, c.code, c.err)
		}
	}
}
