package climate

import (
	"strings"
	"testing"
)

// 11.74 EX, step by step, in Dry EC on a desert board.
func TestVehicleDust_11_74_Example(t *testing.T) {
	env := Environment{EC: ECDry}
	// A Start MP, then one MP into open ground: no dust in the hex left.
	if ok, why := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 2, StartMPInExited: true}); ok || !strings.Contains(why, "Start MP") {
		t.Errorf("first entry: %v %s", ok, why)
	}
	// Two MP into a smoke hex: dust behind it.
	if ok, _ := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 4}); !ok {
		t.Error("two-MP entry must raise dust")
	}
	// Three MP declared instead: no dust.
	if ok, _ := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 6}); ok {
		t.Error("three-MP entry raises no dust")
	}
	// Towing a Gun: three MP into the smoke hex (1 + SMOKE + towing)
	// still raise dust, four do not: the towing MP does not count.
	if ok, _ := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 6, Towing: true}); !ok {
		t.Error("three-MP towed entry must raise dust")
	}
	if ok, why := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 8, Towing: true}); ok || !strings.Contains(why, "towing") {
		t.Errorf("four-MP towed entry raises no dust: %v %s", ok, why)
	}
	// The counter: it ends its MPh in Motion → Motion side; at the next
	// friendly PFPh, still in Motion, it stays; the first MP of its next MPh
	// removes it.
	d := VehicleDust{}
	d.EndMPh(true)
	if !d.Motion {
		t.Error("Motion side")
	}
	if d.Removed(FriendlyPFPhStart, true) {
		t.Error("in Motion at PFPh: stays")
	}
	if !d.Removed(MPhMPSpent, true) {
		t.Error("first MP of the next MPh removes it")
	}
	// Stopped instead: the next friendly PFPh removes it.
	d = VehicleDust{}
	d.EndMPh(false)
	if d.Motion || !d.Removed(FriendlyPFPhStart, false) {
		t.Error("not in Motion at PFPh: removed")
	}
	// Destroyed (or stunned/shocked/immobilized) while in Motion: it stays
	// until the next friendly PFPh.
	d = VehicleDust{}
	d.EndMPh(true)
	if d.Removed(VehicleDisabled, true) || d.Removed(MPhMPSpent, true) || !d.Removed(FriendlyPFPhStart, true) {
		t.Error("disabled vehicle's dust comes off at the next friendly PFPh")
	}
	// Leaving the hex, or a wind change to Heavy Wind/Gusts/Rain.
	d = VehicleDust{}
	if !d.Removed(VehicleLeavesHex, true) || !d.Removed(WindHeavyGustsRain, false) {
		t.Error("leaving / wind change")
	}
}

// Our reading of "a cost of two MP": two or less (half MP counted).
func TestVehicleDust_11_74_TwoMPOrLess(t *testing.T) {
	env := Environment{EC: ECVeryDry}
	for half := 1; half <= 12; half++ {
		ok, _ := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: half})
		if ok != (half <= 4) {
			t.Errorf("%d half MP: %v", half, ok)
		}
	}
}

func TestVehicleDust_11_74_Exceptions(t *testing.T) {
	dry := Environment{EC: ECDry}
	for name, c := range map[string]struct {
		env Environment
		e   VehicleEntry
	}{
		"paved":       {dry, VehicleEntry{SpentHalfMP: 2, PavedHexside: true}},
		"off map":     {dry, VehicleEntry{SpentHalfMP: 2, ExitedMap: true}},
		"heavy wind":  {Environment{EC: ECDry, Wind: HeavyWind}, VehicleEntry{SpentHalfMP: 2}},
		"gusts":       {Environment{EC: ECDry, Gusts: true}, VehicleEntry{SpentHalfMP: 2}},
		"moderate EC": {Environment{EC: ECModerate}, VehicleEntry{SpentHalfMP: 2}},
		"no desert":   {Environment{EC: ECDry, Boards: NoDesert}, VehicleEntry{SpentHalfMP: 2}},
		"steppe dry":  {Environment{EC: ECDry, Terrain: Steppe}, VehicleEntry{SpentHalfMP: 2}},
		"after rain":  {Environment{EC: ECDry, DustEnded: true}, VehicleEntry{SpentHalfMP: 2}},
		"ssr off":     {Environment{EC: ECDry, SSROff: RulesOf(RuleVehicleDust)}, VehicleEntry{SpentHalfMP: 2}},
	} {
		if ok, _ := VehicleDustPlaced(c.env, c.e); ok {
			t.Errorf("%s: no dust expected", name)
		}
	}
	for name, env := range map[string]Environment{
		"mixed boards":     {EC: ECDry, Boards: SomeDesert},
		"steppe very dry":  {EC: ECVeryDry, Terrain: Steppe},
		"broken":           {EC: ECDry, Terrain: Broken},
		"mild breeze":      {EC: ECDry, Wind: MildBreeze},
		"ssr on, moderate": {EC: ECModerate, SSROn: RulesOf(RuleVehicleDust)},
	} {
		if ok, _ := VehicleDustPlaced(env, VehicleEntry{SpentHalfMP: 2}); !ok {
			t.Errorf("%s: dust expected", name)
		}
	}
	// As a hindrance: +1 per counter crossed, not at PBF.
	a := rangeAttack(SmallArms, 4)
	a.VehicleDust = 2
	hs := DRMs(dry, a)
	if len(hs) != 1 || hs[0] != (Hindrance{Kind: "vehicle-dust", DRM: 2, Rule: "11.74"}) {
		t.Errorf("%+v", hs)
	}
	if hs := DRMs(Environment{EC: ECMoist}, a); len(hs) != 0 {
		t.Errorf("moist: %+v", hs)
	}
}
