package climate

import (
	"testing"

	"khamsin/hexmap"
)

// mapHexes(2, 2) is the hex set of a real 2×2 board map: checked against
// hexmap when the built-in boards are there (skipped otherwise).
func TestMapHexesMatchHexmap(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Skip(err)
	}
	ids := lib.BoardIDs()
	if len(ids) < 4 {
		t.Skip("fewer than four boards built in")
	}
	l, err := hexmap.ParseLayout(ids[0] + "," + ids[1] + "/" + ids[2] + "," + ids[3])
	if err != nil {
		t.Skip(err)
	}
	m, err := hexmap.NewMap(lib, l)
	if err != nil {
		t.Skip(err)
	}
	got, want := m.Hexes(), mapHexes(2, 2)
	if len(got) != len(want) {
		t.Fatalf("hexmap has %d hexes, mapHexes %d", len(got), len(want))
	}
	in := make(map[hexmap.Hex]bool, len(got))
	for _, h := range got {
		in[h] = true
	}
	for _, h := range want {
		if !in[h] {
			t.Fatalf("hexmap lacks %v", h)
		}
	}
}

// The sun-blindness zone of one hex over a 2×2 board map (1332 hexes).
func BenchmarkSunZone2x2(b *testing.B) {
	hexes := mapHexes(2, 2)
	from := hexmap.Hex{Q: 5, R: 8}
	dst := make([]hexmap.Hex, 0, len(hexes))
	b.ReportAllocs()
	for b.Loop() {
		dst = SunZone(dst[:0], from, SunEast, NorthUp, hexes)
	}
	if len(dst) == 0 {
		b.Fatal("empty zone")
	}
}

// The same, allocating a fresh result each time (as a GUI call would).
func BenchmarkSunZone2x2Alloc(b *testing.B) {
	hexes := mapHexes(2, 2)
	from := hexmap.Hex{Q: 5, R: 8}
	b.ReportAllocs()
	for b.Loop() {
		_ = SunZone(nil, from, SunEast, NorthLeft, hexes)
	}
}

// The full climate DRM list for one attack with every kind of climate
// hindrance in force (sun, haze, heavy dust, vehicle and FFE dust, heavy
// wind).
func BenchmarkDRMs(b *testing.B) {
	env := Environment{Time: LateAfternoon, EC: ECDry, Dust: DustHeavy, Wind: HeavyWind,
		Upwind: hexmap.NorthWest, SSROn: RulesOf(RuleHeatHaze)}
	a := Attack{Kind: OrdnanceTH, From: hexmap.Hex{Q: 10, R: 0}, To: hexmap.Hex{Q: -3, R: 6},
		Target: TargetInfantry, VehicleDust: 1, FFEDust: true,
		ExtensionBlocked: func() bool { return false }}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(DRMs(env, a))
	}
	if n != 7 {
		b.Fatalf("%d hindrances", n)
	}
}

// DRMs appending into a reused slice: no allocation.
func BenchmarkAppendDRMs(b *testing.B) {
	env := Environment{Time: LateAfternoon, EC: ECDry, Dust: DustHeavy, Wind: HeavyWind,
		Upwind: hexmap.NorthWest, SSROn: RulesOf(RuleHeatHaze)}
	a := Attack{Kind: OrdnanceTH, From: hexmap.Hex{Q: 10, R: 0}, To: hexmap.Hex{Q: -3, R: 6},
		Target: TargetInfantry, VehicleDust: 1, FFEDust: true}
	dst := make([]Hindrance, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		dst = AppendDRMs(dst[:0], env, a)
	}
}
