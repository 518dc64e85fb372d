package climate

import (
	"reflect"
	"strings"
	"testing"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

func dr(n int) dice.Roll    { return dice.Throw(dice.DR1, n, 0) }
func DR(c, w int) dice.Roll { return dice.Throw(dice.DR2, c, w) }

// Every weather DR in every month through the whole procedure, with a
// Mid-Afternoon time dr: the EC dr is skipped exactly under mud weather.
func TestGenerate_11_2_EveryMonthAndDR(t *testing.T) {
	for m := January; m <= December; m++ {
		for total := 2; total <= 12; total++ {
			c := min(total-1, 6)
			w := AridWeather(m, total)
			throws := []dice.Roll{DR(c, total-c), dr(4)}
			if !w.HasMud() {
				throws = append(throws, dr(6))
			}
			throws = append(throws, dr(1)) // no wind: no direction dr
			ecRolled := ECChart(6 + ECMonthDRM(m))
			if !w.HasMud() && ecRolled.Dry() {
				throws = append(throws, dr(5)) // dust dr: 5 → none
			}
			r := dice.Scripted(throws...)
			env, steps := Generate(m, r, Options{})
			if env.Weather != w || env.Gusts != w.HasGusts() {
				t.Fatalf("%v DR %d: weather %v", m, total, env.Weather)
			}
			wantTime := MidAfternoon
			if w.IsOvercast() {
				wantTime = TimeNone
			}
			if env.Time != wantTime {
				t.Errorf("%v DR %d: time %v", m, total, env.Time)
			}
			wantEC := ECChart(6 + ECMonthDRM(m))
			if w.HasMud() {
				wantEC = ECMud
			}
			if env.EC != wantEC {
				t.Errorf("%v DR %d: EC %v, want %v", m, total, env.EC, wantEC)
			}
			if len(r.Log()) != len(throws) || len(steps) != 5 {
				t.Fatalf("%v DR %d: rolled %d of %d", m, total, len(r.Log()), len(throws))
			}
		}
	}
}

// A full July afternoon: EC dr 2 +3 = 5 Dry, a Mild Breeze from the SE, dust dr 5
// +1 = 6 → Light.
func TestGenerate_FullSequence(t *testing.T) {
	r := dice.Scripted(DR(3, 4), dr(4), dr(2), dr(3), dr(3), dr(5))
	env, steps := Generate(July, r, Options{})
	want := Environment{Month: July, Weather: Clear, Time: MidAfternoon, EC: ECDry,
		Wind: MildBreeze, Upwind: hexmap.SouthEast, Dust: DustLight, DYO: true}
	if !reflect.DeepEqual(env, want) {
		t.Fatalf("got  %+v\nwant %+v", env, want)
	}
	whys := []string{"11.2 weather", "11.3 time of day", "11.4 EC", "11.5 wind force", "11.5 wind direction", "11.701 dust"}
	log := r.Log()
	if len(log) != len(whys) {
		t.Fatalf("%d rolls", len(log))
	}
	for i, w := range whys {
		if !strings.HasPrefix(log[i].Why, w) {
			t.Errorf("roll %d: %q", i, log[i].Why)
		}
	}
	if got := Rolls(steps); !reflect.DeepEqual(got, log) {
		t.Errorf("Rolls(steps) ≠ log")
	}
	if steps[2].DRM != 3 || steps[2].Final != 5 || steps[5].DRM != 1 || steps[5].Final != 6 {
		t.Errorf("steps %+v", steps)
	}
	if InForce(env).String() != "weather-chart time-of-day ec-chart wind-chart heat-haze dyo-dust light-dust vehicle-dust ffe-dust wind-effects" {
		t.Errorf("in force: %v", InForce(env))
	}
}

// Early Morning: 11.6111 sets Moist with no EC dr, and so no dust dr;
// November brings mist.
func TestGenerate_EarlyMorning_11_6111(t *testing.T) {
	r := dice.Scripted(DR(3, 3), dr(1), dr(6), dr(1))
	env, steps := Generate(November, r, Options{})
	if env.Time != EarlyMorning || env.EC != ECMoist || !env.Mist || env.Wind != HeavyWind ||
		env.Upwind != hexmap.North || env.Dust != DustNone {
		t.Fatalf("%+v", env)
	}
	if steps[2].Rule != "11.6111" || steps[2].Rolled || steps[5].Rolled {
		t.Fatalf("%+v", steps)
	}
	// On Steppe the EC is rolled instead.
	r = dice.Scripted(DR(3, 3), dr(1), dr(6), dr(1), dr(2))
	env, _ = Generate(June, r, Options{Terrain: Steppe})
	if env.EC != ECVeryDry || env.Mist || env.Dust != DustNone || Assess(env).Sun != SunEast {
		t.Fatalf("steppe: %+v", env)
	}
}

// Overcast turns the time to None; Night may be read as None by consent.
func TestGenerate_TimeAdjustments_11_3(t *testing.T) {
	// December DR 7 → Overcast; time dr 2 → None; EC dr 1 −1 → Mud.
	r := dice.Scripted(DR(3, 4), dr(2), dr(1), dr(1))
	env, steps := Generate(December, r, Options{})
	if env.Weather != Overcast || env.Time != TimeNone || env.EC != ECMud || !strings.Contains(steps[1].Note, "overcast") {
		t.Fatalf("%+v %+v", env, steps[1])
	}
	r = dice.Scripted(DR(1, 1), dr(6), dr(1), dr(1))
	env, _ = Generate(December, r, Options{NightAsNone: true}) // DR 2 → Clear & Gusty
	if env.Time != TimeNone || !env.Gusts {
		t.Fatalf("%+v", env)
	}
	r = dice.Scripted(DR(6, 6), dr(6), dr(1))
	env, _ = Generate(December, r, Options{}) // DR 12 → Mud & Overcast; Night stays Night
	if env.Time != Night || env.EC != ECMud {
		t.Fatalf("%+v", env)
	}
}

// 11.701's drm and Steppe/mixed-board readings through Generate.
func TestGenerate_Dust_11_701(t *testing.T) {
	// July, Clear, Mid-Afternoon, Very Dry, Heavy Wind from S, dust dr 6 +2
	// +3 (one bombardment) = 11 → Heavy.
	r := dice.Scripted(DR(3, 4), dr(4), dr(6), dr(6), dr(4), dr(6))
	env, steps := Generate(July, r, Options{Bombardments: 1})
	if env.Dust != DustHeavy || steps[5].DRM != 5 || steps[5].Final != 11 {
		t.Fatalf("%+v %+v", env, steps[5])
	}
	for _, o := range []Options{{Bombardments: 1, Terrain: Steppe}, {Bombardments: 1, Boards: SomeDesert}} {
		r = dice.Scripted(DR(3, 4), dr(4), dr(6), dr(6), dr(4), dr(6))
		env, steps = Generate(July, r, o)
		if env.Dust != DustModerate || !strings.Contains(steps[5].Note, "Moderate") {
			t.Fatalf("%+v: %+v", o, env)
		}
	}
	// No desert board: no time dr, no dust dr.
	r = dice.Scripted(DR(3, 4), dr(6), dr(1))
	env, _ = Generate(July, r, Options{Boards: NoDesert})
	if env.Time != TimeNone || env.Dust != DustNone || env.EC != ECVeryDry || len(r.Log()) != 3 {
		t.Fatalf("%+v", env)
	}
	// Not an Arid Land: only the time dr (and dust if it could be, which
	// with Moderate EC it cannot).
	r = dice.Scripted(dr(3))
	env, steps = Generate(July, r, Options{Region: NotArid})
	if env.Time != Midday || env.EC != ECModerate || len(r.Log()) != 1 || len(steps) != 5 {
		t.Fatalf("%+v %+v", env, steps)
	}
}

func TestGenerate_Deterministic(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		a, sa := Generate(Month(seed%12)+1, dice.New(seed), Options{})
		b, sb := Generate(Month(seed%12)+1, dice.New(seed), Options{})
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(sa, sb) {
			t.Fatalf("seed %d differs", seed)
		}
		for _, s := range sa {
			if s.String() == "" {
				t.Fatal("empty step")
			}
		}
	}
}
