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
