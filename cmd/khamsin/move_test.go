package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// khamsin runs one subcommand for the move/reach tests.
func khamsin(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

type moveOut struct {
	Legal     bool    `json:"legal"`
	Total     float64 `json:"total"`
	Allotment float64 `json:"allotment"`
	Left      float64 `json:"left"`
	Steps     []struct {
		Hex    string   `json:"hex"`
		Action string   `json:"action"`
		Cost   float64  `json:"cost"`
		Why    []string `json:"why"`
	} `json:"steps"`
	Checks []struct {
		Hex  string `json:"hex"`
		Kind string `json:"kind"`
		DRM  int    `json:"drm"`
	} `json:"checks"`
	Dust  []string `json:"dust"`
	Rolls []struct {
		Outcome string `json:"outcome"`
		Final   int    `json:"final"`
		Rule    string `json:"rule"`
	} `json:"rolls"`
	Stopped *struct {
		Hex     string `json:"hex"`
		Outcome string `json:"outcome"`
		Rule    string `json:"rule"`
	} `json:"stopped"`
	Error *string `json:"error"`
}

func moveJSONOf(t *testing.T, args ...string) moveOut {
	t.Helper()
	code, out, errs := khamsin(append([]string{"move", "--json"}, args...)...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got moveOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return got
}

// The brief's JSON shape, on F.2's PzKpfw (half MP printed as 8.5).
func TestMoveJSON(t *testing.T) {
	got := moveJSONOf(t, "--map", "25", "--unit", "fulltrack", "--path", "25C4,start,25B4,25A4")
	if !got.Legal || got.Total != 12.5 || got.Left != 0.5 || len(got.Steps) != 3 || got.Steps[2].Cost != 8.5 || got.Steps[2].Hex != "25A4" {
		t.Errorf("%+v", got)
	}
	if got.Error == nil || *got.Error != "" || got.Dust == nil || got.Checks == nil {
		t.Errorf("error/dust/checks must always be present: %+v", got)
	}
	if len(got.Steps[1].Why) != 2 || !strings.Contains(got.Steps[1].Why[0], "enter wadi") {
		t.Errorf("why: %v", got.Steps[1].Why)
	}
}

func TestMoveChecksDustAndRolls(t *testing.T) {
	// 26D4 is hammada (3.1): a truck into it from 26D5 (open ground next to it)
	got := moveJSONOf(t, "--map", "26", "--unit", "truck", "--ec", "dry", "--path", "26C5,26D5,26D4", "--seed", "1")
	if len(got.Checks) != 2 || got.Checks[0].Kind != "hammada-immobilization" || got.Checks[0].Hex != "26D5" || got.Checks[1].DRM != 2 {
		t.Errorf("checks %+v", got.Checks)
	}
	if len(got.Dust) != 1 || got.Dust[0] != "26C5" {
		t.Errorf("dust %v, want [26C5]", got.Dust)
	}
	if len(got.Rolls) == 0 {
		t.Errorf("no rolls with --seed")
	}
	// rain (11.77), Gusts and Heavy Wind (11.74) raise no Vehicle Dust
	for _, w := range [][]string{{"--weather", "rain"}, {"--weather", "clear-gusty"}, {"--wind", "heavy-wind"}} {
		if d := moveJSONOf(t, append([]string{"--map", "26", "--unit", "truck", "--ec", "dry", "--path", "26C5,26D5"}, w...)...).Dust; len(d) != 0 {
			t.Errorf("%v: dust %v", w, d)
		}
	}
	again := moveJSONOf(t, "--map", "26", "--unit", "truck", "--ec", "dry", "--path", "26C5,26D5,26D4", "--seed", "1")
	if len(again.Rolls) != len(got.Rolls) || again.Rolls[0] != got.Rolls[0] {
		t.Errorf("same seed, different rolls")
	}
}

func TestMoveIllegal(t *testing.T) {
	got := moveJSONOf(t, "--map", "25", "--unit", "armored-car", "--path", "25E5,25D4,25C4,25B4,25A4")
	if got.Legal || got.Error == nil || !strings.Contains(*got.Error, "whole MP allotment") {
		t.Errorf("%+v", got)
	}
	code, out, _ := khamsin("move", "--map", "25", "--unit", "truck", "--path", "25C6,25C7")
	if code != 0 || !strings.Contains(out, "4 [Chapter-B open ground]") {
		t.Errorf("text output: exit %d %q", code, out)
	}
}

func TestMoveBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--map", "25", "--path", "25C6,25C7"}, 2, "flag: --unit is required"},
		{[]string{"--map", "25", "--unit", "tank", "--path", "25C6,25C7"}, 2, "flag: --unit"},
		{[]string{"--map", "25", "--unit", "truck"}, 2, "flag: --path is required"},
		{[]string{"--map", "25", "--unit", "truck", "--bu", "--path", "25C6,25C7"}, 2, "flag: unit: a truck is not an AFV"},
		{[]string{"--map", "25", "--unit", "truck", "--ec", "soggy", "--path", "25C6,25C7"}, 2, "flag: --ec"},
		{[]string{"--map", "25", "--unit", "truck", "--mp", "0", "--path", "25C6,25C7"}, 2, "flag: --mp 0"},
		// 11.73: Heavy Dust only in Dry or Very Dry EC; Moderate is the default
		{[]string{"--map", "25", "--unit", "truck", "--dust", "heavy", "--path", "25C6,25C7"}, 2, "flag: --dust heavy: Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{[]string{"--map", "25", "--unit", "truck", "--dust", "light", "--ec", "dry", "--weather", "rain", "--path", "25C6,25C7"}, 2, "flag: --dust light: Light Dust cannot exist once rain has fallen (11.77)"},
		{[]string{"--map", "25", "--unit", "truck", "--nope", "--path", "25C6,25C7"}, 2, "flag: "},
		{[]string{"--map", "25", "--unit", "truck", "--track", "25A1,25C1", "--path", "25C6,25C7"}, 2, "flag: track 1"},
		{[]string{"--map", "99", "--unit", "truck", "--path", "25C6,25C7"}, 1, ""}, // the map's own error
		{[]string{"--map", "25", "--unit", "truck", "--path", "25C6,25C9"}, 1, "path: 25C9 is not adjacent to 25C6"},
		{[]string{"--map", "25", "--unit", "truck", "--path", "25C6,vca:9"}, 1, "path: "},
		{[]string{"--map", "25", "--unit", "truck", "--path", "26C6"}, 1, "path: "},
	} {
		code, out, errs := khamsin(append([]string{"move", "--json"}, c.args...)...)
		if code != c.code || out != "" || !strings.HasPrefix(errs, c.err) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q…", c.args, code, out, errs, c.code, c.err)
		}
	}
}

// TestMoveUnitState: the flags for what else is on the map and how the
// unit starts. Board 25: infantry in Crest status in 25D5 facing E5 leave
// across the front for 1 + COT (6.11) or first leave Crest status; a truck
// cannot pass a wreck along the B4-C5 wadi, a size +2 one can (5.3); SMOKE
// adds 1 (9.1).
func TestMoveUnitState(t *testing.T) {
	got := moveJSONOf(t, "--map", "25", "--unit", "infantry", "--crest", "25E5", "--path", "25D5,25E6")
	if !got.Legal || got.Total != 2 || len(got.Steps) != 1 || !strings.Contains(got.Steps[0].Why[0], "(6.11)") {
		t.Errorf("crest exit: %+v", got)
	}
	got = moveJSONOf(t, "--map", "25", "--unit", "infantry", "--crest", "25E5", "--path", "25D5,25C5")
	if len(got.Steps) != 2 || got.Steps[0].Action != "uncrest" {
		t.Errorf("crest, along the wadi: %+v", got.Steps)
	}
	got = moveJSONOf(t, "--map", "25", "--unit", "truck", "--wreck", "25C5", "--path", "25B4,25C5")
	if got.Legal || got.Error == nil || !strings.Contains(*got.Error, "5.3") {
		t.Errorf("truck past a wreck: %+v", got)
	}
	got = moveJSONOf(t, "--map", "25", "--unit", "truck", "--small", "--wreck", "25C5", "--smoke", "25C5", "--path", "25B4,25C5")
	if !got.Legal || got.Total != 6+1+2+1 {
		t.Errorf("jeep past a wreck into SMOKE: %+v", got)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--unit", "truck", "--crest", "25E5", "--path", "25D5,25E6"}, 1, "crest: only infantry"},
		{[]string{"--unit", "infantry", "--crest", "25H9", "--path", "25D5,25E6"}, 2, "flag: --crest: 25H9 is not adjacent"},
		{[]string{"--unit", "infantry", "--crest", "25C5", "--path", "25D5,25E6"}, 1, "crest: the middle hexside"},
		{[]string{"--unit", "truck", "--vehicle", "25C5:big", "--path", "25B4,25C5"}, 2, "flag: --vehicle"},
		{[]string{"--unit", "truck", "--smoke", "25C5,zz", "--path", "25B4,25C5"}, 2, "flag: --smoke"},
		{[]string{"--unit", "infantry", "--small", "--path", "25B4,25C5"}, 2, "flag: unit: only a vehicle has a size modifier"},
	} {
		code, out, errs := khamsin(append([]string{"move", "--map", "25"}, c.args...)...)
		if code != c.code || out != "" || !strings.HasPrefix(errs, c.err) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q…", c.args, code, out, errs, c.code, c.err)
		}
	}
	code, out, errs := khamsin("reach", "--map", "25", "--unit", "infantry", "--crest", "25E5", "--from", "25D5", "--mp", "2", "--json")
	if code != 0 || !strings.Contains(out, `"25E5":2`) || !strings.Contains(out, `"crest":"25E5"`) || strings.Contains(out, `"25C5"`) {
		t.Errorf("reach from Crest status: exit %d %s %s", code, out, errs)
	}
}

// TestMoveStopsWhenImmobilized: with --seed a failed check ends the move
// in its hex (3.31): seed 2 immobilizes the truck entering 26C4, so the
// steps into 26D4 and the turn there are not taken.
func TestMoveStopsWhenImmobilized(t *testing.T) {
	got := moveJSONOf(t, "--map", "26", "--unit", "truck", "--path", "26C3,26C4,26D4,vca:+1", "--seed", "2")
	if got.Stopped == nil || got.Stopped.Hex != "26C4" || got.Stopped.Outcome != "immobilized" || got.Stopped.Rule != "3.31" {
		t.Fatalf("stopped %+v", got.Stopped)
	}
	if len(got.Steps) != 1 || got.Total != 6 || got.Left != 24 || got.Rolls[0].Rule != "3.31" {
		t.Errorf("steps %+v total %v left %v", got.Steps, got.Total, got.Left)
	}
	code, out, _ := khamsin("move", "--map", "26", "--unit", "truck", "--path", "26C3,26C4,26D4,vca:+1", "--seed", "2")
	if code != 0 || !strings.Contains(out, "the move ends in 26C4: immobilized (3.31)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestMoveMudWeatherMeansMudEC: with --weather mud and no --ec the EC are
// Mud, so infantry enter sand for one MF less (7.3); an explicit --ec wins.
func TestMoveMudWeatherMeansMudEC(t *testing.T) {
	args := []string{"--map", "26", "--overlay", "S4 on 26V3-V2", "--unit", "infantry", "--path", "26U3,26V3"}
	for _, c := range []struct {
		extra []string
		want  float64
	}{{nil, 2}, {[]string{"--weather", "mud"}, 1}, {[]string{"--weather", "mud", "--ec", "dry"}, 2}} {
		if got := moveJSONOf(t, append(append([]string{}, args...), c.extra...)...); got.Total != c.want {
			t.Errorf("%v: %v MF, want %v", c.extra, got.Total, c.want)
		}
	}
}
