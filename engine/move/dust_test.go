package move

import (
	"testing"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

func Test11_73_HeavyDust(t *testing.T) {
	m := testMap(t, "D5: scrub\n", nil)
	for _, c := range []struct {
		dust climate.Dust
		u    Unit
		want float64
	}{
		{climate.DustModerate, Unit{Kind: Truck}, 6},
		{climate.DustHeavy, Unit{Kind: Truck}, 7},
		{climate.DustHeavy, Unit{Kind: Cavalry}, 3},
		{climate.DustHeavy, Unit{Kind: Infantry}, 1},
		{climate.DustHeavy, Unit{Kind: FullTrack, BU: true}, 3},
		// 11.731: a BU AFV pays one more in Very Heavy dust; a CE one does not
		{climate.DustVeryHeavy, Unit{Kind: FullTrack, BU: true}, 4},
		{climate.DustVeryHeavy, Unit{Kind: FullTrack}, 3},
		{climate.DustExtremelyHeavy, Unit{Kind: ArmoredCar, BU: true}, 6},
		{climate.DustVeryHeavy, Unit{Kind: Truck}, 7},
	} {
		p := planner(t, m, Conditions{Dust: c.dust})
		if mv := walk(t, p, c.u, "90C5,90D5"); mv.Total != MP(2*c.want) {
			t.Errorf("%s in %s dust: %s, want %v (%s)", c.u, c.dust, mv.Total, c.want, whyOf(mv.Steps[0]))
		}
	}
}

// Test11_73_DustNotLoweredByTrack: dust is on 9.1's list of costs a track
// does not lower.
func Test11_73_DustNotLoweredByTrack(t *testing.T) {
	m := testMap(t, "D5: hammada\n", nil)
	p := planner(t, m, Conditions{Dust: climate.DustHeavy, Tracks: []Track{hexes(t, m, "90C5,90D5")}})
	if mv := walk(t, p, Unit{Kind: Truck}, "90C5,90D5"); mv.Total != Whole(6) {
		t.Errorf("truck on a track into hammada in Heavy Dust: %s, want 5 + 1 = 6", mv.Total)
	}
}

// Test11_74_VehicleDust follows the rule's example: a Start MP, then one MP
// into desert open ground raises no dust (Start spent in the hex left);
// then two MP into a hex raises dust in the hex just left; a declared
// higher expenditure (here twice the MP) raises none.
func Test11_74_VehicleDust(t *testing.T) {
	m := testMap(t, "C7: open level 1\nC8: scrub\n", nil)
	dry := Conditions{EC: climate.ECDry}
	truck := Unit{Kind: Truck}
	p := planner(t, m, dry)
	label := func(hs []hexmap.Hex) []string {
		var out []string
		for _, h := range hs {
			out = append(out, m.Label(h))
		}
		return out
	}
	tank := Unit{Kind: FullTrack}
	// C5 → C6 (1 MP) after Start: none; C6 → D6 (1 MP): dust in C6;
	// D6 → D7 (1 MP): dust in D6; D7 → C8 scrub (2 MP): dust in D7.
	mv := walk(t, p, tank, "90C5,start,90C6,90D6,90D7,90C8")
	mustLegal(t, mv)
	if got := label(mv.Dust); len(got) != 3 || got[0] != "90C6" || got[1] != "90D6" || got[2] != "90D7" {
		t.Errorf("tank dust %v, want [90C6 90D6 90D7]", got)
	}
	// a truck into C7 (4 + 4 = 8 MP) raises none
	mv = walk(t, p, truck, "90C6,90C7")
	if len(mv.Dust) != 0 {
		t.Errorf("8 MP entry raised dust in %v", label(mv.Dust))
	}
	// twice one MP is still two MP: dust; twice two MP (4) is not
	if mv = walk(t, p, tank, "90C6,double:90D6"); len(mv.Dust) != 1 {
		t.Errorf("a 2 MP declared entry raised dust in %v, want one", label(mv.Dust))
	}
	if mv = walk(t, p, tank, "90D7,double:90C8"); len(mv.Dust) != 0 || mv.Total != Whole(4) {
		t.Errorf("a 4 MP declared entry: %s, dust %v", mv.Total, label(mv.Dust))
	}
	// no dust unless EC are Dry or Very Dry, nor in Heavy Wind/Gusts
	for _, c := range []Conditions{{EC: climate.ECModerate}, {EC: climate.ECDry, NoVehicleDust: true}} {
		if mv := walk(t, planner(t, m, c), tank, "90C5,90C6,90D6"); len(mv.Dust) != 0 {
			t.Errorf("%+v: dust %v", c, label(mv.Dust))
		}
	}
	if mv := walk(t, planner(t, m, Conditions{EC: climate.ECVeryDry}), tank, "90C5,90C6"); len(mv.Dust) != 1 {
		t.Errorf("Very Dry: dust %v, want one", label(mv.Dust))
	}
	// infantry and cavalry never raise Vehicle Dust
	for _, k := range []Kind{Infantry, Cavalry} {
		if mv := walk(t, p, Unit{Kind: k}, "90C5,90C6,90D6"); len(mv.Dust) != 0 {
			t.Errorf("%s raised dust %v", k, label(mv.Dust))
		}
	}
	// a wagon is a vehicle (7.31) "of any type", its MF standing for MP: 1
	// MF into C6, D6 and D7 and 2 MF into the scrub C8 each leave dust in
	// the hex left (no Start MP ever spares a wagon)
	mv = walk(t, p, Unit{Kind: Wagon}, "90C5,90C6,90D6,90D7,90C8")
	mustLegal(t, mv)
	if got := label(mv.Dust); len(got) != 4 || got[0] != "90C5" || got[3] != "90D7" {
		t.Errorf("wagon dust %v (costs %v), want [90C5 90C6 90D6 90D7]", got, costs(mv))
	}
	if mv := walk(t, planner(t, m, Conditions{EC: climate.ECModerate}), Unit{Kind: Wagon}, "90C5,90C6"); len(mv.Dust) != 0 {
		t.Errorf("wagon in Moderate EC raised dust %v", label(mv.Dust))
	}
	// three MF into hammada (3.3) raise none
	hm := testMap(t, "C6: hammada\n", nil)
	if mv := walk(t, planner(t, hm, dry), Unit{Kind: Wagon}, "90C5,90C6"); !mv.Legal || mv.Total != Whole(3) || len(mv.Dust) != 0 {
		t.Errorf("wagon into hammada: %s, dust %v, want 3 MF and none", mv.Total, label(mv.Dust))
	}
	// leaving along a paved road raises none
	pm := testMap(t, "C5 C6: paved\nC5-C6: paved\n", nil)
	if mv := walk(t, planner(t, pm, dry), tank, "90C5,90C6"); len(mv.Dust) != 0 {
		t.Errorf("paved road exit raised dust %v", label(mv.Dust))
	}
}

// Test11_74_SmokeExample: the 11.74 example's vehicle spends a Start MP,
// one MP into desert open ground (no dust: Start was spent in the hex it
// left), then two MP into open ground holding SMOKE, which leaves Vehicle
// Dust in the hex it just exited; declaring more (here twice the MP,
// 3.31's declaration) leaves none.
func Test11_74_SmokeExample(t *testing.T) {
	m := testMap(t, "", nil)
	p := planner(t, m, Conditions{EC: climate.ECDry, Smoke: hexes(t, m, "90C7")})
	tank := Unit{Kind: FullTrack}
	mv := walk(t, p, tank, "90C5,start,90C6,90C7")
	mustLegal(t, mv)
	if !sameMPs(costs(mv), mps(1, 1, 2)) {
		t.Errorf("Start, open ground, SMOKE: %v, want [1 1 2]", costs(mv))
	}
	if len(mv.Dust) != 1 || m.Label(mv.Dust[0]) != "90C6" {
		t.Errorf("dust in %v, want only 90C6", mv.Dust)
	}
	if mv := walk(t, p, tank, "90C5,start,90C6,double:90C7"); len(mv.Dust) != 0 {
		t.Errorf("a declared 4 MP entry still raised dust in %v", mv.Dust)
	}
}

// Test11_74_TowedSmokeEntry: the example's towed vehicle spends 3 MP to
// enter the SMOKE hex (1 + SMOKE + towing) and still raises dust, since the
// towing MP does not count toward the two; declaring 4 (here twice 3 is 6)
// raises none.
func Test11_74_TowedSmokeEntry(t *testing.T) {
	m := testMap(t, "", nil)
	p := planner(t, m, Conditions{EC: climate.ECDry, Smoke: hexes(t, m, "90C7")})
	towing := Unit{Kind: Truck, Towing: true}
	mv := walk(t, p, towing, "90C5,90C6,90C7")
	mustLegal(t, mv)
	if !sameMPs(costs(mv), mps(2, 3)) || len(mv.Dust) != 2 {
		t.Errorf("towed: %v, dust %v; want [2 3] with dust in C5 and C6", costs(mv), mv.Dust)
	}
	if mv := walk(t, p, towing, "90C6,double:90C7"); len(mv.Dust) != 0 {
		t.Errorf("a declared 6 MP towed entry raised dust in %v", mv.Dust)
	}
}
