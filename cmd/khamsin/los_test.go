package main

import (
	"encoding/json"
	"strings"
	"testing"
)

type losOut struct {
	Clear      bool    `json:"clear"`
	Range      int     `json:"range"`
	BlockedAt  *string `json:"blocked_at"`
	Hindrances []struct {
		At   *string `json:"at"`
		Kind string  `json:"kind"`
		DRM  int     `json:"drm"`
		Rule string  `json:"rule"`
	} `json:"hindrances"`
	DRM int `json:"drm"`
}

func losJSON(t *testing.T, args ...string) losOut {
	t.Helper()
	code, out, errs := run(t, append([]string{"los"}, append(args, "--json")...)...)
	if code != 0 || errs != "" {
		t.Fatalf("los %v: exit %d, stderr %q", args, code, errs)
	}
	var got losOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	for _, key := range []string{`"clear":`, `"range":`, `"blocked_at":`, `"hindrances":[`, `"drm":`} {
		if !strings.Contains(out, key) {
			t.Errorf("missing %s in %s", key, out)
		}
	}
	return got
}

// The brief's `los` contract (§6): 5.65's D5 sees the Kef's level 3, not
// the crest behind it; Crest status and levels per Location.
func TestLosCommand(t *testing.T) {
	if got := losJSON(t, "--map", "25", "25D5", "25F7"); !got.Clear || got.Range != 3 || got.BlockedAt != nil {
		t.Errorf("D5 -> F7: %+v", got)
	}
	got := losJSON(t, "--map", "25", "25D5", "25I7")
	if got.Clear || got.BlockedAt == nil || *got.BlockedAt != "25H6" {
		t.Errorf("D5 -> I7: %+v", got)
	}
	if got := losJSON(t, "--map", "25", "25D5", "25E7", "--crest", "25E5", "--to-crest", "25E8"); !got.Clear {
		t.Errorf("both in Crest status: %+v", got)
	}
	if got := losJSON(t, "--map", "25", "25D5", "25E7", "--crest", "25E5"); got.Clear {
		t.Errorf("one in Crest status: %+v", got)
	}
	if got := losJSON(t, "--map", "25", "25D5", "25D3", "--from-level", "0"); !got.Clear {
		t.Errorf("D5 at level 0 (on the rim): %+v", got)
	}
	// hindrances: the E4 orchard (LOS-5) and a Vehicle Dust counter (11.74)
	got = losJSON(t, "--map", "25", "25E5", "25E3", "--vehicle-dust", "25E4")
	if !got.Clear || got.DRM != 2 || len(got.Hindrances) != 2 {
		t.Errorf("E5 -> E3 over the E4 orchard with vehicle dust: %+v", got)
	}
	// the climate joins the same list (issue 5): Light Dust at Dry EC
	got = losJSON(t, "--map", "25", "25W4", "25AA4", "--time", "mid-morning", "--dust", "light", "--ec", "dry")
	kinds := []string{}
	for _, h := range got.Hindrances {
		kinds = append(kinds, h.Kind)
		if h.At != nil {
			t.Errorf("a climate hindrance has no hex: %+v", h)
		}
	}
	if !strings.Contains(strings.Join(kinds, " "), "dust") {
		t.Errorf("no dust hindrance: %+v", got)
	}
	// Early Morning sun in the firer's eyes due east (11.611)
	got = losJSON(t, "--map", "25", "25W4", "25DD4", "--time", "early-morning", "--north", "up")
	if len(got.Hindrances) != 1 || got.Hindrances[0].Kind != "sun-blindness" || got.DRM != 2 {
		t.Errorf("sun blindness: %+v", got)
	}
	code, out, _ := run(t, "los", "--map", "25", "25D5", "25F7")
	if code != 0 || !strings.Contains(out, "clear") {
		t.Errorf("text answer: %d %q", code, out)
	}
}

// Bad input: exit 2 for flags, 1 for hexes and Locations; nothing on stdout.
func TestLosErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"los", "--map", "25", "25D5"}, 2, "flag:"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--from-level", "x"}, 2, "flag:"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--dust", "thick"}, 2, "flag:"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--bogus"}, 2, "flag:"},
		{[]string{"los", "--map", "25", "25D5", "25ZZ7"}, 1, "hex"},
		{[]string{"los", "--map", "25", "26D5", "25F7"}, 1, "hex"},
		{[]string{"los", "--map", "25", "25C4", "25F7", "--crest", "25C3"}, 1, "Crest status needs a wadi"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--crest", "25C5"}, 1, "wadi crosses"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--crest", "25G5"}, 1, "not adjacent"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--to-level", "1"}, 1, "level"},
		{[]string{"los", "--map", "25", "25D5", "25F7", "--vehicle-dust", "25QQ1"}, 1, "hex"},
		{[]string{"los", "--map", "25", "25E5", "25D5", "--entered-from", "25E6"}, 2, "needs --attack cc"},
		{[]string{"los", "--map", "25", "25E5", "25D5", "--attack", "cc", "--entered-from", "25A1"}, 2, "needs --attack cc and a hex next to 25D5"},
	} {
		code, out, errs := run(t, tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.msg) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d mentioning %q", tc.args, code, out, errs, tc.code, tc.msg)
		}
	}
}

// --vehicle and --wreck (4.51, 6.52, LOS-11): an AFV on the thread is a +1
// hindrance in its hex; a wreck in the target's hillock hex gives it +1 TEM.
func TestLosVehicles(t *testing.T) {
	args := []string{"--map", "27", "--overlay", "H1 on 27H6-G7", "27H9", "27H6", "--wreck", "27H6", "--vehicle", "27H8"}
	got := losJSON(t, args...)
	if !got.Clear || got.DRM != 1 || len(got.Hindrances) != 1 || got.Hindrances[0].Kind != "afv" ||
		got.Hindrances[0].Rule != "LOS-11" || got.Hindrances[0].At == nil || *got.Hindrances[0].At != "27H8" {
		t.Errorf("H9 -> H6 past an AFV in H8: %+v", got)
	}
	_, out, _ := run(t, append([]string{"los", "--json"}, args...)...)
	var prot struct {
		Protection []struct {
			Kind, Effect, Rule string
			Value              int
		} `json:"protection"`
		TEM   int `json:"tem"`
		ToHit int `json:"to_hit"`
	}
	if err := json.Unmarshal([]byte(out), &prot); err != nil {
		t.Fatal(err)
	}
	if prot.TEM != 1 || prot.ToHit != -1 || len(prot.Protection) != 1 || prot.Protection[0].Kind != "wreck" || prot.Protection[0].Rule != "6.52" {
		t.Errorf("wreck on the hillock: %s", out)
	}
	// without the vehicles: no hindrance
	if got := losJSON(t, args[:6]...); got.DRM != 0 {
		t.Errorf("no vehicles: %+v", got)
	}
	code, out, errs := run(t, "los", "--map", "25", "25D5", "25F7", "--wreck", "25QQ1")
	if code != 1 || out != "" || !strings.Contains(errs, "hex") {
		t.Errorf("bad --wreck hex: exit %d, %q, %q", code, out, errs)
	}
}

// --entered-from (6.12 EXC): CC against crest infantry in 25D5 (front D4,
// E5, E6) carries its -2 DRM unless the attacker just came in across the
// crest front.
func TestLosCrestCloseCombat(t *testing.T) {
	base := []string{"los", "--map", "25", "25E5", "25D5", "--to-crest", "25E5", "--attack", "cc", "--json"}
	for _, c := range []struct {
		from string
		drm  bool
	}{{"", true}, {"25E6", false}, {"25C5", true}} {
		args := base
		if c.from != "" {
			args = append(append([]string{}, base...), "--entered-from", c.from)
		}
		code, out, errs := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
		if got := strings.Contains(out, `"kind":"crest-cc","effect":"DRM","value":-2`); got != c.drm {
			t.Errorf("entered from %q: crest DRM %v, want %v: %s", c.from, got, c.drm, out)
		}
	}
}
