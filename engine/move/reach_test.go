package move

import (
	"testing"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// bigMap is the viewer's default 2×2 layout with a spread of overlays, the
// map the reach goal is stated for.
func bigMap(t testing.TB) *hexmap.Map {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	layout, err := hexmap.ParseLayout("25,26/27,28")
	if err != nil {
		t.Fatal(err)
	}
	var specs []hexmap.OverlaySpec
	for _, s := range []string{"W2 on 26H4-H3", "H1 on 27H6-G7", "D2 on 28P5-P4", "SD3 on 26V6-V5 high",
		"S4 on 27V3-V2", "X4 on 28H7-H6", "H4 on 28X4-X3", "S7 on 26N8-N7", "E1 on 25L7-L6"} {
		spec, err := hexmap.ParseOverlaySpec(s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	m, err := hexmap.Build(lib, layout, specs, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func bigConditions(t testing.TB, m *hexmap.Map) []Conditions {
	var track Track
	for _, l := range []string{"27A5", "27B5", "27C5", "27D5", "27E5", "27F5", "27G5", "27H5", "27I5"} {
		h, err := m.Hex(l)
		if err != nil {
			t.Fatal(err)
		}
		track = append(track, h)
	}
	return []Conditions{
		{},
		{EC: climate.ECDry, Dust: climate.DustVeryHeavy, Tracks: []Track{track}},
		{EC: climate.ECMud, Mud: true},
	}
}

var propertyUnits = []Unit{
	{Kind: Infantry}, {Kind: Cavalry}, {Kind: Wagon}, {Kind: FullTrack, BU: true},
	{Kind: HalfTrack}, {Kind: ArmoredCar}, {Kind: Motorcycle}, {Kind: Truck, Towing: true},
}

// TestCostNeverNegative prices every entry between adjacent hexes of the
// 2×2 map for every unit type under several conditions: an allowed entry
// always costs more than nothing, and the explained cost (move) equals the
// fast one (reach).
func TestCostNeverNegative(t *testing.T) {
	m := bigMap(t)
	for _, c := range bigConditions(t, m) {
		p := planner(t, m, c)
		for _, u := range propertyUnits {
			var fast, slow tally
			slow.explain = true
			for i := 0; i < p.n; i++ {
				if !p.c.Present(i) {
					continue
				}
				for d := 0; d < 6; d++ {
					j := p.c.Neighbor(i, hexmap.Dir(d))
					if j < 0 {
						continue
					}
					for _, spent := range []MP{0, 3} {
						e := entry{from: i, to: j, dir: hexmap.Dir(d), spent: spent}
						fast.reset()
						slow.reset()
						r1, r2 := p.enter(&u, e, &fast), p.enter(&u, e, &slow)
						if r1 != r2 {
							t.Fatalf("%s %s→%s: fast %q, explained %q", u, m.Label(p.c.Hex(i)), m.Label(p.c.Hex(j)), r1, r2)
						}
						if r1.denied() {
							continue
						}
						var sum MP
						for _, it := range slow.items {
							sum += it.Cost
						}
						if fast.total <= 0 || fast.total != slow.total || sum != slow.total {
							t.Fatalf("%s %s→%s: cost %s, explained %s = %v", u, m.Label(p.c.Hex(i)), m.Label(p.c.Hex(j)), fast.total, slow.total, slow.items)
						}
					}
				}
			}
		}
	}
}

// TestReachMatchesMove: for every hex reach reports, the path it gives
// costs exactly that when move prices it, and no entry from a reached hex
// would make any hex cheaper (the costs are least).
func TestReachMatchesMove(t *testing.T) {
	m := bigMap(t)
	origins := []string{"25C6", "25M8", "26V6", "27E5", "28P5", "25R1", "26N8"}
	for ci, c := range bigConditions(t, m) {
		p := planner(t, m, c)
		for _, u := range propertyUnits {
			for _, o := range origins {
				from, err := m.Hex(o)
				if err != nil {
					t.Fatal(err)
				}
				a, err := p.Reach(u, from, u.Allotment())
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range a.Hexes() {
					want, _ := a.Cost(h)
					mv, err := p.Walk(u, a.Path(h))
					if err != nil {
						t.Fatal(err)
					}
					if !mv.Legal || mv.Total != want {
						t.Fatalf("cond %d %s from %s to %s: reach %s, move %s (legal %v: %s)", ci, u, o, m.Label(h), want, mv.Total, mv.Legal, mv.Error)
					}
				}
				// least: relaxing any edge from a reached hex finds nothing cheaper
				var tl tally
				for i := 0; i < p.n; i++ {
					if a.cost[i] < 0 {
						continue
					}
					for d := 0; d < 6; d++ {
						j := p.c.Neighbor(i, hexmap.Dir(d))
						if j < 0 {
							continue
						}
						tl.reset()
						if p.enter(&u, entry{from: i, to: j, dir: hexmap.Dir(d), spent: a.cost[i]}, &tl).denied() {
							continue
						}
						if nc := a.cost[i] + tl.total; nc <= a.budget && (a.cost[j] < 0 || nc < a.cost[j]) {
							t.Fatalf("cond %d %s from %s: %s reachable for %s, reach says %s", ci, u, o, m.Label(p.c.Hex(j)), nc, a.cost[j])
						}
					}
				}
			}
		}
	}
}

func TestReachDeterministic(t *testing.T) {
	m := bigMap(t)
	p := planner(t, m, Conditions{})
	from, _ := m.Hex("25C6")
	u := Unit{Kind: Truck}
	a, _ := p.Reach(u, from, Whole(30))
	b, _ := p.Reach(u, from, Whole(30))
	for i := range a.cost {
		if a.cost[i] != b.cost[i] || a.prev[i] != b.prev[i] {
			t.Fatalf("two runs differ at %d", i)
		}
	}
	if c, ok := a.Cost(from); !ok || c != 0 {
		t.Errorf("origin cost %s %v", c, ok)
	}
}

// TestReachWoodsFirstOnly: an AC can enter woods only as its first
// expenditure, with its whole allotment (F.2).
func TestReachWoodsFirstOnly(t *testing.T) {
	m := testMap(t, "D5 D6: woods\n", nil)
	p := planner(t, m, Conditions{})
	from := hexes(t, m, "90C5")[0]
	a, err := p.Reach(Unit{Kind: ArmoredCar}, from, Whole(34))
	if err != nil {
		t.Fatal(err)
	}
	hs := hexes(t, m, "90D5,90D6")
	if c, ok := a.Cost(hs[0]); !ok || c != Whole(34) {
		t.Errorf("AC into adjacent woods: %s %v, want 34", c, ok)
	}
	if _, ok := a.Cost(hs[1]); ok {
		t.Errorf("AC reached the second woods hex")
	}
}

// BenchmarkReachTruck30 is the speed goal: reach for a truck with
// 30 MP on a 2×2 map, ≤ 300 µs. The planner (per-map tables) is built once.
func BenchmarkReachTruck30(b *testing.B) {
	m := bigMap(b)
	p := planner(b, m, Conditions{})
	from, _ := m.Hex("25R5")
	u := Unit{Kind: Truck, Allowance: Whole(30)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Reach(u, from, Whole(30)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReachTruck30Cold includes building the planner for the map.
func BenchmarkReachTruck30Cold(b *testing.B) {
	m := bigMap(b)
	from, _ := m.Hex("25R5")
	u := Unit{Kind: Truck, Allowance: Whole(30)}
	b.ReportAllocs()
	for b.Loop() {
		p, _ := NewPlanner(m, Conditions{})
		if _, err := p.Reach(u, from, Whole(30)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewPlanner is the per-map, per-conditions preparation alone.
func BenchmarkNewPlanner(b *testing.B) {
	m := bigMap(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewPlanner(m, Conditions{}); err != nil {
			b.Fatal(err)
		}
	}
}
