package climate

import (
	"encoding/json"
	"reflect"
	"testing"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

func TestHeavyWind_11_761(t *testing.T) {
	env := Environment{EC: ECDry, Dust: DustLight, Wind: HeavyWind, Upwind: hexmap.NorthEast}
	o := hexmap.Hex{Q: 5, R: 5}
	at := func(k AttackKind, to hexmap.Hex) Attack { return Attack{Kind: k, From: o, To: to} }
	hasWind := func(hs []Hindrance) bool {
		for _, h := range hs {
			if h.Kind == "heavy-wind" {
				return h.DRM == 1 && h.Rule == "11.761"
			}
		}
		return false
	}
	ne := o.Add(hexmap.NorthEast.Vec().Scale(3))
	for name, c := range map[string]struct {
		env  Environment
		a    Attack
		want bool
	}{
		"straight upwind":         {env, at(SmallArms, ne), true},
		"adjacent upwind (PBF)":   {env, at(SmallArms, o.Add(hexmap.NorthEast.Vec())), true},
		"along N/NE vertex":       {env, at(SmallArms, o.Add(hexmap.Hex{Q: 1, R: -2})), true},
		"along NE/SE vertex":      {env, at(OBA, o.Add(hexmap.Hex{Q: 2, R: -1})), true},
		"north":                   {env, at(SmallArms, o.Add(hexmap.North.Vec().Scale(2))), false},
		"downwind":                {env, at(SmallArms, o.Add(hexmap.SouthWest.Vec().Scale(2))), false},
		"aerial ground support":   {env, at(Aerial, ne), false},
		"close combat":            {env, at(CC, ne), false},
		"same hex":                {env, at(SmallArms, o), false},
		"no dust":                 {Environment{EC: ECDry, Wind: HeavyWind, Upwind: hexmap.NorthEast}, at(SmallArms, ne), false},
		"mild breeze":             {Environment{EC: ECDry, Dust: DustLight, Wind: MildBreeze, Upwind: hexmap.NorthEast}, at(SmallArms, ne), false},
		"steppe (no 11.76)":       {Environment{EC: ECVeryDry, Terrain: Steppe, Dust: DustLight, Wind: HeavyWind, Upwind: hexmap.NorthEast}, at(SmallArms, ne), false},
		"other boards (no 11.76)": {Environment{EC: ECDry, Boards: SomeDesert, Dust: DustLight, Wind: HeavyWind, Upwind: hexmap.NorthEast}, at(SmallArms, ne), false},
		"exit given by the LOS":   {env, Attack{Kind: SmallArms, From: o, To: o.Add(hexmap.North.Vec().Scale(4)), Exit: Exit{Side: hexmap.North, Spine: true}, ExitSet: true}, true},
	} {
		if got := hasWind(DRMs(c.env, c.a)); got != c.want {
			t.Errorf("%s: heavy wind %v, want %v (%+v)", name, got, c.want, DRMs(c.env, c.a))
		}
	}
}

// Everything at once, in the documented order, then resolved with dice.
func TestDRMs_AllKindsInOrder(t *testing.T) {
	env := Environment{Time: LateAfternoon, EC: ECDry, Dust: DustHeavy, Wind: HeavyWind,
		Upwind: hexmap.NorthWest, SSROn: RulesOf(RuleHeatHaze)}
	a := Attack{Kind: OrdnanceTH, From: hexmap.Hex{Q: 10, R: 0}, To: hexmap.Hex{Q: 4, R: 3},
		Target: TargetInfantry, VehicleDust: 1, FFEDust: true}
	if a.Range() != 6 {
		t.Fatalf("range %d", a.Range())
	}
	hs := DRMs(env, a)
	want := []Hindrance{
		{Kind: "sun-blindness", DRM: 2, Rule: "11.612"},
		{Kind: "dust", DRM: 3, Rule: "11.73"},
		{Kind: "dust", Rule: "11.73", Roll: HalfDr},
		{Kind: "vehicle-dust", DRM: 1, Rule: "11.74"},
		{Kind: "ffe-dust", DRM: 1, Rule: "11.75"},
		{Kind: "heavy-wind", DRM: 1, Rule: "11.761"},
	}
	if !reflect.DeepEqual(hs, want) {
		t.Fatalf("got  %+v\nwant %+v", hs, want)
	}
	// Heat haze: at range 6 vs Infantry it is still 0; at 13 it shows, right
	// after sun blindness.
	a.To = hexmap.Hex{Q: -3, R: 6}
	hs = DRMs(env, a)
	if hs[1] != (Hindrance{Kind: "heat-haze", DRM: 1, Rule: "11.62"}) {
		t.Fatalf("heat haze at 13: %+v", hs)
	}
	if Total(want) != 8 {
		t.Fatalf("fixed total %d", Total(want))
	}
	r := dice.Scripted(dice.Throw(dice.DR1, 5, 0))
	res, total := Resolve(want, r)
	if total != 11 || res[2].DRM != 3 || res[2].Rolled != 5 || res[2].Roll != NoRoll || want[2].Roll != HalfDr {
		t.Fatalf("resolved %+v total %d", res, total)
	}
	if log := r.Log(); len(log) != 1 || log[0].Why != "11.73 dust dr (halved, FRU)" {
		t.Fatalf("roll log %+v", log)
	}
	b, _ := json.Marshal(want[2])
	if string(b) != `{"kind":"dust","drm":0,"rule":"11.73","roll":"half-dr"}` {
		t.Fatalf("json %s", b)
	}
	b, _ = json.Marshal(res[2])
	if string(b) != `{"kind":"dust","drm":3,"rule":"11.73","dr":5}` {
		t.Fatalf("json %s", b)
	}
	// Moderate dust: the whole dr.
	res, total = Resolve([]Hindrance{{Kind: "dust", Rule: "11.72", Roll: WholeDr}}, dice.Scripted(dice.Throw(dice.DR1, 6, 0)))
	if total != 6 || res[0].DRM != 6 {
		t.Fatalf("moderate: %+v", res)
	}
}

func TestDRMs_NothingInForce(t *testing.T) {
	a := rangeAttack(SmallArms, 30)
	if hs := DRMs(Environment{}, a); len(hs) != 0 {
		t.Fatalf("%+v", hs)
	}
	if hs := AppendDRMs(make([]Hindrance, 0, 8), Environment{Time: Midday}, a); len(hs) != 1 {
		t.Fatalf("%+v", hs)
	}
}

func TestAttackKindNames(t *testing.T) {
	for k := AttackKind(0); k < numKinds; k++ {
		if back, err := ParseAttackKind(k.String()); err != nil || back != k {
			t.Errorf("round trip %v", k)
		}
	}
	for tt := TargetType(0); tt < numTargets; tt++ {
		if back, err := ParseTargetType(tt.String()); err != nil || back != tt {
			t.Errorf("round trip %v", tt)
		}
	}
	for n := North(0); n < NorthLeft+1; n++ {
		if back, err := ParseNorth(n.String()); err != nil || back != n {
			t.Errorf("round trip %v", n)
		}
	}
	for w := WindForce(0); w < numWinds; w++ {
		if back, err := ParseWindForce(w.String()); err != nil || back != w {
			t.Errorf("round trip %v", w)
		}
	}
}
