package attack

import (
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

func grid(t *testing.T, layout string) (*hexmap.Map, *los.Grid) {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := hexmap.ParseLayout(layout)
	m, err := hexmap.NewMap(lib, l)
	if err != nil {
		t.Fatal(err)
	}
	return m, los.NewGrid(m)
}

func hex(t *testing.T, m *hexmap.Map, s string) hexmap.Hex {
	t.Helper()
	h, err := m.Hex(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// One answer carries all three parts: the crest-status entrenchment of 6.0
// (protection), Intense Heat Haze at range 14 vs Infantry (11.621: +2) and
// Heavy Dust's range hindrance (11.73: half the range, FRU) — and the joins
// to seed 002's dice (to-hit −DRM, Cover Save +TEM, brief §1).
func TestResolve_OneAnswer_6_0_11_621_11_73(t *testing.T) {
	m, g := grid(t, "25")
	env := &climate.Environment{Time: climate.Midday, Dust: climate.DustHeavy, EC: climate.ECDry,
		Month: 7, Boards: climate.AllDesert}
	// The 6.0 example: crest infantry in 25D5 with its front toward E5 is
	// entrenched vs fire through E6.
	from := g.At(hex(t, m, "25E6"))
	d5 := hex(t, m, "25D5")
	front, _ := d5.DirTo(hex(t, m, "25E5"))
	to := g.CrestAt(d5, front)
	ans := Resolve(g, g.NewChecker(), env, Shot{Kind: SmallArms,
		Firer: protect.Unit{Loc: from, Infantry: true}, Target: protect.Unit{Loc: to, Infantry: true},
		TargetAs: climate.TargetInfantry})
	if !ans.Clear || ans.Range != 1 {
		t.Fatalf("E6 sees the crest unit in D5 at range 1: %+v", ans.Answer)
	}
	if ans.TEM != 2 || ans.CoverSave != 2 {
		t.Errorf("6.0: crest status is entrenchment (+2): TEM %d, protection %+v", ans.TEM, ans.Protection)
	}
	var dust int
	for _, h := range ans.Hindrances {
		if h.Kind == "dust" && h.Rule == "11.73" && h.Roll == "" {
			dust = h.DRM
		}
	}
	if dust != 1 {
		t.Errorf("11.73: Heavy Dust at range 1 is +1 (half the range, FRU): %+v", ans.Hindrances)
	}
	if ans.ToHit != -ans.DRM {
		t.Errorf("seed 002 join: to-hit %d for DRM %d", ans.ToHit, ans.DRM)
	}

	// Range 14 across open board 27 at Midday in July: Intense Heat Haze +2.
	m27, g27 := grid(t, "27")
	ans = Resolve(g27, g27.NewChecker(), env, Shot{Kind: SmallArms,
		Firer:  protect.Unit{Loc: g27.At(hex(t, m27, "27C8")), Infantry: true},
		Target: protect.Unit{Loc: g27.At(hex(t, m27, "27Q9")), Infantry: true}, TargetAs: climate.TargetInfantry})
	haze := 0
	for _, h := range ans.Hindrances {
		if h.Kind == "heat-haze" {
			haze = h.DRM
		}
	}
	if ans.Range != 14 || haze != 2 {
		t.Errorf("11.621: range %d, heat haze %+d; want +2 at 13–18 hexes vs Infantry", ans.Range, haze)
	}
	// Close combat ignores dust of every kind (11.792).
	cc := Resolve(g27, g27.NewChecker(), env, Shot{Kind: CC,
		Firer:  protect.Unit{Loc: g27.At(hex(t, m27, "27C8")), Infantry: true},
		Target: protect.Unit{Loc: g27.At(hex(t, m27, "27C9")), Infantry: true}, TargetAs: climate.TargetInfantry})
	for _, h := range cc.Hindrances {
		if h.Kind == "dust" {
			t.Errorf("11.792: CC takes no dust DRM, got %+v", h)
		}
	}
	// Very Heavy Dust forbids aerial attacks outright (11.731).
	vh := *env
	vh.Dust = climate.DustVeryHeavy
	air := Resolve(g27, g27.NewChecker(), &vh, Shot{Kind: Aerial,
		Firer: protect.Unit{Loc: g27.At(hex(t, m27, "27C8"))}, Target: protect.Unit{Loc: g27.At(hex(t, m27, "27D8")), Infantry: true}})
	if air.Prohibited == "" {
		t.Error("11.731: aerial attacks are not allowed in Very Heavy Dust")
	}
}

func TestParseKind(t *testing.T) {
	for k := Kind(0); k < numKinds; k++ {
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("%v does not round-trip", k)
		}
	}
	if _, err := ParseKind("napalm"); err == nil {
		t.Error("unknown kind accepted")
	}
}

// 11.792: no dust of any type affects CC, Vehicle and FFE Dust counters
// included; with a climate given, counters count only where their rule can
// apply (11.74, 11.75: Dry or Very Dry EC).
func TestResolve_CCAndDustCounters_11_792_11_74_11_75(t *testing.T) {
	m, g := grid(t, "27")
	a, b := g.At(hex(t, m, "27C8")), g.At(hex(t, m, "27C9"))
	dust := []los.Dust{{Hex: b.Hex}, {Hex: b.Hex, FFE: true}}
	shot := func(k Kind) Shot {
		return Shot{Kind: k, Firer: protect.Unit{Loc: a, Infantry: true}, Target: protect.Unit{Loc: b, Infantry: true}, Dust: dust}
	}
	dry := &climate.Environment{EC: climate.ECDry}
	if ans := Resolve(g, g.NewChecker(), dry, shot(SmallArms)); ans.DRM != 2 {
		t.Errorf("small arms through vehicle and FFE dust at Dry EC: %+v", ans.Hindrances)
	}
	for _, env := range []*climate.Environment{nil, dry} {
		if ans := Resolve(g, g.NewChecker(), env, shot(CC)); ans.DRM != 0 || len(ans.Hindrances) != 0 {
			t.Errorf("11.792: CC takes no dust DRM (env %v): %+v", env, ans.Hindrances)
		}
	}
	moist := &climate.Environment{EC: climate.ECMoist}
	if ans := Resolve(g, g.NewChecker(), moist, shot(SmallArms)); ans.DRM != 0 {
		t.Errorf("11.74/11.75: no Vehicle/FFE Dust at Moist EC: %+v", ans.Hindrances)
	}
	if ans := Resolve(g, g.NewChecker(), nil, shot(SmallArms)); ans.DRM != 2 {
		t.Errorf("no climate: counters taken as given: %+v", ans.Hindrances)
	}
}

// LOS-13: CC and a DC reach range 0 or 1; beyond that the attack is
// prohibited and blocked at the firer's hex by "range".
func TestResolve_CCAndDCRange_LOS13(t *testing.T) {
	m, g := grid(t, "27")
	from := g.At(hex(t, m, "27C8"))
	for _, c := range []struct {
		k    Kind
		to   string
		want bool
	}{
		{CC, "27C8", true}, {CC, "27C9", true}, {CC, "27C10", false},
		{DC, "27C9", true}, {DC, "27H8", false}, {SmallArms, "27H8", true},
	} {
		ans := Resolve(g, g.NewChecker(), nil, Shot{Kind: c.k, Firer: protect.Unit{Loc: from, Infantry: true},
			Target: protect.Unit{Loc: g.At(hex(t, m, c.to)), Infantry: true}})
		if got := ans.Prohibited == ""; got != c.want {
			t.Errorf("%v at range %d: allowed %v, want %v", c.k, ans.Range, got, c.want)
		}
		if !c.want && (ans.Clear || ans.Prohibited != "LOS-13" || ans.BlockedBy == nil || ans.BlockedBy.Kind != "range") {
			t.Errorf("%v at range %d: %+v", c.k, ans.Range, ans.Answer)
		}
	}
}

// TestResolveSmokeNote3: the Shot's SMOKE reaches the LOS query, so a
// shot through a SMOKE hex is blocked by it (seed 002 Note 3), and one
// without is clear.
func TestResolveSmokeNote3(t *testing.T) {
	m, g := grid(t, "25")
	c := g.NewChecker()
	from, to := g.At(hex(t, m, "25E8")), g.At(hex(t, m, "25E4"))
	for _, tc := range []struct {
		name  string
		smoke []hexmap.Hex
		clear bool
	}{
		{"Note3/no-smoke", nil, true},
		{"Note3/smoke-in-25E6", []hexmap.Hex{hex(t, m, "25E6")}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans := Resolve(g, c, nil, Shot{Kind: Ordnance, Firer: protect.Unit{Loc: from}, Target: protect.Unit{Loc: to}, Smoke: tc.smoke})
			if ans.Clear != tc.clear {
				t.Fatalf("clear = %v, want %v: %+v", ans.Clear, tc.clear, ans.Answer)
			}
			if !tc.clear && (ans.BlockedBy.Kind != "smoke" || ans.BlockedBy.Rule != los.SmokeRule || *ans.BlockedAt != "25E6") {
				t.Errorf("blocked by %+v at %s, want smoke (%s) at 25E6", *ans.BlockedBy, *ans.BlockedAt, los.SmokeRule)
			}
		})
	}
}
