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
	// hindrances: the E4 orchard (LOS-5) and a Vehicle Dust counter (11.74,
	// which needs Dry or Very Dry EC)
	got = losJSON(t, "--map", "25", "25E5", "25E3", "--vehicle-dust", "25E4", "--ec", "dry")
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
		{[]string{"los", "--map", "25", "25D5", "25D5", "--attack", "cc", "--entered-from", "25A1"}, 2, "a hex next to it"},
		// LOS-1: in a wadi hex a unit is on the floor, on a bridge or in Crest status
		{[]string{"los", "--map", "25", "25D5", "25D3", "--from-level", "0"}, 1, "only in Crest status"},
		// 5.61: no entrenchment or Emplaced Gun in a wadi-cliff hex (D5 has cliff sides)
		{[]string{"los", "--map", "25", "25E6", "25D5", "--entrenched"}, 1, "wadi-cliff hex (5.61)"},
		{[]string{"los", "--map", "25", "25D5", "25E6", "--from-fort", "sangar"}, 1, "wadi-cliff hex (5.61)"},
		{[]string{"los", "--map", "25", "25E6", "25D5", "--emplaced"}, 1, "wadi-cliff hex (5.61)"},
		// 6.0: Crest status is the entrenchment; not both
		{[]string{"los", "--map", "25", "25C5", "25F7", "--crest", "25C4", "--from-entrenched"}, 1, "Crest status is already the unit's entrenchment (6.0)"},
		// forts: the flags agree; no sangar or trench in sand (7.42, 8.2)
		{[]string{"los", "--map", "26", "26A1", "26D3", "--fort", "bunker"}, 2, "flag: --fort bunker"},
		{[]string{"los", "--map", "26", "26A1", "26D3", "--entrenched", "--fort", "sangar"}, 2, "flag: --entrenched is a foxhole"},
		{[]string{"los", "--map", "26", "--overlay", "S4 on 26V3-V2", "26T3", "26V3", "--fort", "sangar"}, 1, "in sand (7.42, 8.2)"},
		// F.1A: no Emplaced Gun in open hammada
		{[]string{"los", "--map", "26", "26A1", "26D3", "--emplaced"}, 1, "not Emplaced"},
		// --ap and --calibre go with the attack kinds they describe
		{[]string{"los", "--map", "26", "26A1", "26D3", "--ap"}, 2, "flag: --ap: needs --attack ordnance"},
		{[]string{"los", "--map", "26", "26A1", "26D3", "--attack", "small-arms", "--calibre", "75"}, 2, "flag: --calibre"},
		// LOS-13: CC and DC reach range 0 or 1
		{[]string{"los", "--map", "25", "25A1", "25D5", "--attack", "cc"}, 2, "flag: --attack cc: reaches range 0 or 1 only"},
		{[]string{"los", "--map", "26", "26A1", "26F1", "--attack", "dc"}, 2, "(LOS-13)"},
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
	base := []string{"los", "--map", "25", "25D5", "25D5", "--to-crest", "25E5", "--attack", "cc", "--json"}
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
	// the crest unit attacking: its +2 goes when the enemy came in across
	// the front, and the flag needs both sides in the one hex
	for _, c := range []struct {
		from string
		drm  bool
	}{{"25E6", false}, {"25C5", true}} {
		_, out, _ := run(t, "los", "--map", "25", "25D5", "25D5", "--crest", "25E5", "--attack", "cc", "--json", "--entered-from", c.from)
		if got := strings.Contains(out, `"kind":"crest-cc","effect":"DRM","value":2`); got != c.drm {
			t.Errorf("crest attacks one entered from %s: +2 %v, want %v: %s", c.from, got, c.drm, out)
		}
	}
	if code, _, errs := run(t, "los", "--map", "25", "25E5", "25D5", "--to-crest", "25E5", "--attack", "cc", "--entered-from", "25E6"); code != 2 || !strings.Contains(errs, "same hex") {
		t.Errorf("--entered-from at range 1: exit %d %s", code, errs)
	}
}

// 11.71, 11.73, 11.74, 11.75: dust the conditions rule out is refused, with
// the rule; with no --ec the EC is Moderate (docs/rules.md, LOS-10).
func TestLosDustNeedsItsConditions_11_73_11_74_11_75(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--dust", "heavy"}, "flag: --dust heavy: Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{[]string{"--dust", "heavy", "--ec", "moist"}, "flag: --dust heavy: Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{[]string{"--dust", "very-heavy", "--ec", "wet"}, "flag: --dust very-heavy: Very Heavy Dust needs Dry or Very Dry EC (11.73)"},
		{[]string{"--dust", "light", "--weather", "mud"}, "flag: --dust light: Light Dust needs Dry or Very Dry EC (11.71)"},
		{[]string{"--dust", "light", "--ec", "dry", "--weather", "rain"}, "(11.77)"},
		{[]string{"--ffe-dust", "26E3", "--ec", "moist"}, "flag: --ffe-dust 26E3: FFE Dust needs Dry or Very Dry EC (11.75)"},
		{[]string{"--vehicle-dust", "26E3", "--ec", "moist"}, "flag: --vehicle-dust 26E3: Vehicle Dust needs Dry or Very Dry EC (11.74)"},
		{[]string{"--vehicle-dust", "26E3"}, "flag: --vehicle-dust 26E3: Vehicle Dust needs Dry or Very Dry EC (11.74)"},
	} {
		args := append([]string{"los", "--map", "26", "26A1", "26J5"}, tc.args...)
		code, out, errs := run(t, args...)
		if code != 2 || out != "" || strings.TrimSpace(errs) != tc.msg && !strings.Contains(errs, tc.msg) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%v: exit %d, %q, %q; want exit 2 with %q", tc.args, code, out, errs, tc.msg)
		}
	}
	if _, _, errs := run(t, "los", "--map", "26", "26A1", "26D3", "--dust", "heavy"); strings.TrimSpace(errs) != "flag: --dust heavy: Heavy Dust needs Dry or Very Dry EC (11.73)" {
		t.Errorf("the refusal is one exact line: %q", errs)
	}
	// where the conditions allow it, the dust counts
	got := losJSON(t, "--map", "26", "26A1", "26J5", "--dust", "heavy", "--ec", "dry")
	if !hasRule(got, "dust", "11.73") {
		t.Errorf("Heavy Dust at Dry EC: %+v", got)
	}
	got = losJSON(t, "--map", "26", "26A1", "26J5", "--ffe-dust", "26E3", "--ec", "very-dry")
	if !hasRule(got, "ffe-dust", "11.75") || got.DRM != 1 {
		t.Errorf("FFE Dust at Very Dry EC: %+v", got)
	}
	// 11.792: no dust of any kind affects CC
	got = losJSON(t, "--map", "26", "26A1", "26B1", "--vehicle-dust", "26B1", "--attack", "cc", "--ec", "dry")
	if got.DRM != 0 || len(got.Hindrances) != 0 {
		t.Errorf("CC with vehicle dust in the target's hex: %+v", got)
	}
}

func hasRule(a losOut, kind, rule string) bool {
	for _, h := range a.Hindrances {
		if h.Kind == kind && h.Rule == rule {
			return true
		}
	}
	return false
}

// losProtection runs los --json and returns its protection entries.
func losProtection(t *testing.T, args ...string) ([]struct {
	Kind, Effect, Rule string
	Value              int
}, int) {
	t.Helper()
	code, out, errs := run(t, append([]string{"los", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d %s", args, code, errs)
	}
	var p struct {
		Protection []struct {
			Kind, Effect, Rule string
			Value              int
		} `json:"protection"`
		TEM int `json:"tem"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	return p.Protection, p.TEM
}

func hasMod(mods []struct {
	Kind, Effect, Rule string
	Value              int
}, kind string, value int, rule string) bool {
	for _, m := range mods {
		if m.Kind == kind && m.Value == value && m.Rule == rule {
			return true
		}
	}
	return false
}

// 8.4: a sangar is +3 vs OBA and +1 vs small arms; --entrenched stays a
// foxhole (7.42: +4 vs OBA); a trench protects as a foxhole (LOS-12);
// --ap spares the hammada -1 (3.4); --calibre over 70mm notes 8.41.
func TestLosForts_8_4_8_41_3_4(t *testing.T) {
	base := []string{"--map", "26", "26A1", "26D3"}
	with := func(more ...string) []string { return append(append([]string{}, base...), more...) }
	if mods, _ := losProtection(t, with("--fort", "sangar", "--attack", "oba")...); !hasMod(mods, "sangar", 3, "8.4") {
		t.Errorf("sangar vs OBA: %+v", mods)
	}
	if mods, tem := losProtection(t, with("--fort", "sangar", "--attack", "small-arms")...); !hasMod(mods, "sangar", 1, "8.4") || tem != 1 {
		t.Errorf("sangar vs small arms: TEM %d %+v", tem, mods)
	}
	if mods, _ := losProtection(t, with("--entrenched", "--attack", "oba")...); !hasMod(mods, "foxhole", 4, "7.42") {
		t.Errorf("--entrenched is a foxhole: %+v", mods)
	}
	if mods, _ := losProtection(t, with("--fort", "trench", "--attack", "small-arms")...); !hasMod(mods, "trench", 2, "LOS-12") {
		t.Errorf("trench: %+v", mods)
	}
	if mods, _ := losProtection(t, with("--attack", "ordnance")...); !hasMod(mods, "hammada", -1, "3.4") {
		t.Errorf("HE in hammada: %+v", mods)
	}
	if mods, _ := losProtection(t, with("--attack", "ordnance", "--ap")...); hasMod(mods, "hammada", -1, "3.4") {
		t.Errorf("AP in hammada: %+v", mods)
	}
	if mods, _ := losProtection(t, with("--fort", "sangar", "--attack", "ordnance", "--calibre", "75")...); !hasMod(mods, "sangar-elimination", 0, "8.41") {
		t.Errorf("75mm HE vs a sangar: %+v", mods)
	}
	if mods, _ := losProtection(t, with("--fort", "sangar", "--attack", "ordnance", "--calibre", "75", "--ap")...); hasMod(mods, "sangar-elimination", 0, "8.41") {
		t.Errorf("75mm AP vs a sangar: %+v", mods)
	}
	// F.1A: a Gun hidden in scrub, or under a trench, is Emplaced (+2, LOS-12)
	if mods, _ := losProtection(t, "--map", "26", "26A1", "26E9", "--emplaced"); !hasMod(mods, "emplacement", 2, "LOS-12") {
		t.Errorf("emplaced in scrub: %+v", mods)
	}
	code, out, _ := run(t, "los", "--map", "26", "26A1", "26D3", "--emplaced", "--fort", "trench")
	if code != 0 || !strings.Contains(out, "in a trench, emplaced") {
		t.Errorf("a Gun under a trench: exit %d %q", code, out)
	}
}

// The JSON answer says what blocks and under which rule: 5.65's cliff for
// D5 -> C4, LOS-7 for the plain DD6-DD7 hedge; null when clear.
func TestLosBlockedBy(t *testing.T) {
	for _, c := range []struct {
		args       []string
		kind, rule string
	}{
		{[]string{"--map", "25", "25D5", "25C4"}, "wadi-cliff", "5.65"},
		{[]string{"--map", "25", "25CC8", "25FF5"}, "hedge", "LOS-7"},
		{[]string{"--map", "27", "--overlay", "H1 on 27H6-G7", "27E5", "27K8"}, "hillock", "6.4"},
		{[]string{"--map", "25", "25A1", "25D5", "--attack", "aerial", "--dust", "very-heavy", "--ec", "dry"}, "climate", "11.731"},
	} {
		code, out, errs := run(t, append([]string{"los", "--json"}, c.args...)...)
		var a struct {
			Clear     bool    `json:"clear"`
			BlockedAt *string `json:"blocked_at"`
			BlockedBy *struct {
				Kind string `json:"kind"`
				Rule string `json:"rule"`
			} `json:"blocked_by"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &a) != nil {
			t.Fatalf("%v: exit %d %q %q", c.args, code, out, errs)
		}
		if a.Clear || a.BlockedAt == nil || a.BlockedBy == nil || a.BlockedBy.Kind != c.kind || a.BlockedBy.Rule != c.rule {
			t.Errorf("%v: %s", c.args, out)
		}
	}
	_, out, _ := run(t, "los", "--map", "25", "25D5", "25F7", "--json")
	if !strings.Contains(out, `"blocked_by":null`) {
		t.Errorf("clear LOS: %s", out)
	}
}

// The answer names the first obstacle from the viewer (LOS-1's reading of
// "blocked at"): on the default map, 26U4 to 26U8 in the wadi is stopped
// by the dune crest at 26U5-U6 before the wadi's edge would stop it (5.4),
// as 26U7 and 26U9 are. A player expects the first block along the line.
func TestLosNamesFirstBlock(t *testing.T) {
	for _, to := range []string{"26U7", "26U8", "26U9"} {
		got := losJSON(t, "--scenario", "default", "26U4", to)
		if got.Clear || got.BlockedAt == nil || *got.BlockedAt != "26U5-U6" {
			at := "nil"
			if got.BlockedAt != nil {
				at = *got.BlockedAt
			}
			t.Errorf("26U4 → %s: blocked at %s, want the dune crest at 26U5-U6", to, at)
		}
	}
}

// 8.1: a sangar is a foxhole except where 8.2–8.6 say otherwise, so for LOS
// a sangared unit is entrenched exactly as one in a foxhole: in the deir's
// non-Lip floor 26K5 (D1 on 26K5-K4) it sees past the Lip only the hex that
// Lip Hexside forms (4.4) and loses the level-0 26G5, while a unit there
// in the open sees it. The TEM is 8.4's, not the foxhole's.
func TestLos_8_1_SangarIsAFoxhole(t *testing.T) {
	base := []string{"--map", "26", "--overlay", "D1 on 26K5-K4"}
	with := func(more ...string) []string { return append(append([]string{}, base...), more...) }
	for _, c := range []struct {
		args  []string
		clear bool
	}{
		{with("26K5", "26G5"), true},
		{with("26K5", "26G5", "--from-fort", "foxhole"), false},
		{with("26K5", "26G5", "--from-fort", "sangar"), false},
		{with("26G5", "26K5", "--fort", "sangar"), false},
		{with("26K5", "26I5", "--from-fort", "sangar"), true},
	} {
		got := losJSON(t, c.args...)
		if got.Clear != c.clear {
			t.Errorf("los %v: clear %v, want %v", c.args, got.Clear, c.clear)
		}
	}
	if mods, tem := losProtection(t, with("26G5", "26K5", "--fort", "sangar", "--attack", "small-arms")...); hasMod(mods, "foxhole", 2, "7.42") || !hasMod(mods, "sangar", 1, "8.4") || tem < 1 {
		t.Errorf("sangar TEM: %d %+v", tem, mods)
	}
}
