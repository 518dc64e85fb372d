package climate

import (
	"math"
	"testing"

	"khamsin/hexmap"
)

func TestWindForceTable_11_5_EveryRow(t *testing.T) {
	want := [7]WindForce{0, NoWind, MildBreeze, MildBreeze, MildBreeze, MildBreeze, HeavyWind}
	for dr := 1; dr <= 6; dr++ {
		if got := WindChart(dr); got != want[dr] {
			t.Errorf("dr %d: %v, want %v", dr, got, want[dr])
		}
	}
	for dr := 1; dr <= 6; dr++ {
		if got := WindDirection(dr); got != hexmap.Dir(dr-1) {
			t.Errorf("wind direction dr %d: %v", dr, got)
		}
	}
}

func TestExitOf_NeighboursAndVertices(t *testing.T) {
	o := hexmap.Hex{Q: 3, R: -2}
	for d := hexmap.Dir(0); d < 6; d++ {
		for k := 1; k <= 4; k++ {
			e, ok := ExitOf(o, o.Add(d.Vec().Scale(k)))
			if !ok || e != (Exit{Side: d}) {
				t.Errorf("straight %v×%d: %v %v", d, k, e, ok)
			}
		}
	}
	// Hexes lying exactly beyond each vertex (three times its doubled vector).
	spines := [6]hexmap.Hex{{Q: 1, R: -2}, {Q: 2, R: -1}, {Q: 1, R: 1}, {Q: -1, R: 2}, {Q: -2, R: 1}, {Q: -1, R: -1}}
	for k, h := range spines {
		e, ok := ExitOf(o, o.Add(h))
		if !ok || e != (Exit{Side: hexmap.Dir(k), Spine: true}) {
			t.Errorf("spine %d: %v %v", k, e, ok)
		}
	}
	if _, ok := ExitOf(o, o); ok {
		t.Error("same hex has no exit")
	}
}

// ExitOf against a floating-point bearing for every hex within 8: the
// bearing, clockwise from screen north, picks the side (±30° around
// 60°·side) or, when it equals 30°+60°·k, the vertex k.
func TestExitOf_AgreesWithBearing(t *testing.T) {
	for _, h := range hexmap.Within(hexmap.Hex{}, 8)[1:] {
		x := 1.5 * float64(h.Q)
		y := math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
		b := math.Atan2(x, -y) * 180 / math.Pi // clockwise from up
		if b < 0 {
			b += 360
		}
		e, _ := ExitOf(hexmap.Hex{}, h)
		rel := math.Mod(b+30, 60) // 0 at a vertex
		if math.Abs(rel) < 1e-9 || math.Abs(rel-60) < 1e-9 {
			k := int(math.Round((b-30)/60)+6) % 6
			if e != (Exit{Side: hexmap.Dir(k), Spine: true}) {
				t.Errorf("%v bearing %.3f: %v, want vertex %d", h, b, e, k)
			}
			continue
		}
		side := int(math.Floor((b+30)/60)) % 6
		if e != (Exit{Side: hexmap.Dir(side)}) {
			t.Errorf("%v bearing %.3f: %v, want side %d", h, b, e, side)
		}
	}
}

// 11.761: directly into the wind is through the shared hexside or either
// of its end vertices; nothing else.
func TestIntoWind_11_761(t *testing.T) {
	up := hexmap.NorthEast
	cases := []struct {
		e    Exit
		want bool
	}{
		{Exit{Side: hexmap.NorthEast}, true},
		{Exit{Side: hexmap.North, Spine: true}, true},     // vertex N/NE: along the upwind hex's side
		{Exit{Side: hexmap.NorthEast, Spine: true}, true}, // vertex NE/SE
		{Exit{Side: hexmap.North}, false},
		{Exit{Side: hexmap.SouthEast}, false},
		{Exit{Side: hexmap.SouthEast, Spine: true}, false},
		{Exit{Side: hexmap.NorthWest, Spine: true}, false},
		{Exit{Side: hexmap.SouthWest}, false},
	}
	for _, c := range cases {
		if got := IntoWind(c.e, up); got != c.want {
			t.Errorf("%v with upwind NE: %v", c.e, got)
		}
	}
}

// 11.76 EX: desert boards only, Dry EC, Mild Breeze, no dust; six Wind
// Change DRs.
func TestWindAndGusts_11_76_Example(t *testing.T) {
	env := Environment{Boards: AllDesert, EC: ECDry, Wind: MildBreeze}
	steps := []struct {
		c    WindChange
		want Dust
	}{
		{WindChange{Wind: MildBreeze, Gusts: true}, DustNone},    // gusts alone make no dust
		{WindChange{Wind: HeavyWind, Gusts: false}, DustNone},    // heavy wind alone neither
		{WindChange{Wind: HeavyWind, Gusts: true}, DustLight},    // both: Light
		{WindChange{Wind: HeavyWind, Gusts: true}, DustModerate}, // both again: cumulative
		{WindChange{Wind: MildBreeze, Gusts: true}, DustLight},   // heavy wind ends: down one
		{WindChange{Wind: MildBreeze, Gusts: false}, DustLight},  // no further fall
	}
	for i, s := range steps {
		var res WindChangeResult
		env, res = ApplyWindChange(env, s.c)
		if env.Dust != s.want || res.After != s.want {
			t.Fatalf("wind change %d: dust %v, want %v", i+1, env.Dust, s.want)
		}
	}
	// The fifth change could equally end the gusts, or both.
	for _, end := range []WindChange{{Wind: HeavyWind}, {Wind: NoWind}} {
		e := Environment{Boards: AllDesert, EC: ECDry, Wind: HeavyWind, Gusts: true, Dust: DustModerate}
		e, _ = ApplyWindChange(e, end)
		if e.Dust != DustLight {
			t.Errorf("ending with %+v: %v", end, e.Dust)
		}
	}
	// Rain ends it all, for good (11.77).
	env, res := ApplyWindChange(env, WindChange{Wind: HeavyWind, Gusts: true, Rain: true})
	if env.Dust != DustNone || !env.DustEnded || res.Rule != "11.77" || !res.ClearVehicleDust {
		t.Fatalf("rain: %+v %+v", env, res)
	}
	env.Weather = Clear
	env, _ = ApplyWindChange(env, WindChange{Wind: HeavyWind, Gusts: true})
	if env.Dust != DustNone || InForce(env).Has(RuleVehicleDust) || InForce(env).Has(RuleLightDust) {
		t.Fatalf("dust after rain: %v %v", env.Dust, InForce(env))
	}
}

func TestWindChange_CapsAndConditions(t *testing.T) {
	env := Environment{EC: ECVeryDry, Wind: HeavyWind, Gusts: true, Dust: DustExtremelyHeavy}
	env, _ = ApplyWindChange(env, WindChange{Wind: HeavyWind, Gusts: true})
	if env.Dust != DustExtremelyHeavy {
		t.Errorf("cap: %v", env.Dust)
	}
	// 11.76 applies only where Heavy Dust could: not on Steppe, not with
	// non-desert boards, not with Moderate EC.
	for _, e := range []Environment{
		{EC: ECVeryDry, Terrain: Steppe},
		{EC: ECVeryDry, Boards: SomeDesert},
		{EC: ECModerate},
	} {
		got, res := ApplyWindChange(e, WindChange{Wind: HeavyWind, Gusts: true})
		if got.Dust != DustNone || res.Rule != "" {
			t.Errorf("%+v: dust %v", e, got.Dust)
		}
	}
	// Vehicle dust comes off on Heavy Wind, Gusts or Rain, not otherwise.
	_, res := ApplyWindChange(Environment{}, WindChange{Wind: MildBreeze})
	if res.ClearVehicleDust {
		t.Error("mild breeze clears vehicle dust")
	}
	_, res = ApplyWindChange(Environment{}, WindChange{Gusts: true})
	if !res.ClearVehicleDust {
		t.Error("gusts must clear vehicle dust")
	}
}
