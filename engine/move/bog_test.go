package move

import (
	"strings"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
)

// bogBoard: D5 hammada with C5 (open ground) Accessible to it and to the
// hammada D4 too; G5 sand with F5 open ground next to it; J5 open ground
// next to both hammada (J4) and sand (K5); M5 hammada whose only open
// neighbour M6 is across a cliff; a road from B6 to C6.
const bogBoard = `D5 D4: hammada
G5: sand
J4: hammada
K5: sand
M5: hammada wadi
M5-M6: cliff
B6 C6: road
B6-C6: road
`

func checkKinds(cs []Check) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Kind.String())
	}
	return strings.Join(out, ",")
}

func Test3_31_HammadaImmobilization(t *testing.T) {
	p := planner(t, testMap(t, bogBoard, nil), Conditions{})
	for _, c := range []struct {
		name  string
		u     Unit
		path  string
		kinds string
		drm   int
	}{
		{"medium truck into hammada: +1 truck +1 not doubled", Unit{Kind: Truck}, "90E5,90D5", "hammada-immobilization", 2},
		{"British truck", Unit{Kind: Truck, British: true}, "90E5,90D5", "hammada-immobilization", 1},
		{"light truck", Unit{Kind: Truck, Truck: LightTruck}, "90E5,90D5", "hammada-immobilization", 1},
		{"truck spending twice the MP", Unit{Kind: Truck}, "90E5,double:90D5", "hammada-immobilization", 1},
		{"motorcycle", Unit{Kind: Motorcycle}, "90E5,90D5", "hammada-immobilization", 2},
		{"armored car", Unit{Kind: ArmoredCar}, "90E5,90D5", "hammada-immobilization", 1},
		// one DR however many hammada hexes are Accessible; -1 in open ground
		{"truck into open ground Accessible to hammada", Unit{Kind: Truck}, "90B5,90C5", "hammada-immobilization", 1},
		{"fully tracked: never", Unit{Kind: FullTrack}, "90E5,90D5", "", 0},
		{"wagon: not a vehicle for 3.31", Unit{Kind: Wagon}, "90E5,90D5", "", 0},
		{"infantry: never", Unit{Kind: Infantry}, "90E5,90D5", "", 0},
		{"following a road: exempt", Unit{Kind: Truck}, "90B6,90C6", "", 0},
		{"off the road into the same hex: not exempt", Unit{Kind: Truck}, "90B5,90C6", "hammada-immobilization", 1},
		{"a cliff bars access", Unit{Kind: Truck}, "90N6,90M6", "", 0},
	} {
		mv := walk(t, p, c.u, c.path)
		mustLegal(t, mv)
		if got := checkKinds(mv.Checks); got != c.kinds {
			t.Errorf("%s: checks %q, want %q", c.name, got, c.kinds)
			continue
		}
		if c.kinds != "" && mv.Checks[0].DRM != c.drm {
			t.Errorf("%s: DRM %d, want %d (%v)", c.name, mv.Checks[0].DRM, c.drm, mv.Checks[0].Why)
		}
	}
}

func Test3_31_VCAChange(t *testing.T) {
	p := planner(t, testMap(t, bogBoard, nil), Conditions{})
	mv := walk(t, p, Unit{Kind: ArmoredCar}, "90E5,90D5,vca:+1,vca:-2")
	mustLegal(t, mv)
	if got := checkKinds(mv.Checks); got != "hammada-immobilization,hammada-immobilization,hammada-immobilization" {
		t.Fatalf("checks %q", got)
	}
	if mv.Checks[1].Cause != "changed VCA" || mv.Total != Whole(4+1+2) {
		t.Errorf("VCA check cause %q, total %s", mv.Checks[1].Cause, mv.Total)
	}
}

func Test7_31_SandBog(t *testing.T) {
	m := testMap(t, bogBoard, nil)
	for _, c := range []struct {
		name  string
		u     Unit
		ec    climate.EC
		path  string
		kinds string
		drm   []int
	}{
		{"tank into sand: normal GP +1", Unit{Kind: FullTrack}, 0, "90H5,90G5", "sand-bog", []int{1}},
		{"high GP tank", Unit{Kind: FullTrack, Pressure: HighPressure}, 0, "90H5,90G5", "sand-bog", []int{2}},
		{"low GP tank", Unit{Kind: FullTrack, Pressure: LowPressure}, 0, "90H5,90G5", "sand-bog", []int{0}},
		{"medium truck: GP +1, wheels +1, Md/Hv +1", Unit{Kind: Truck}, 0, "90H5,90G5", "sand-bog", []int{3}},
		{"British truck", Unit{Kind: Truck, British: true}, 0, "90H5,90G5", "sand-bog", []int{2}},
		{"Wet EC -1", Unit{Kind: FullTrack}, climate.ECWet, "90H5,90G5", "sand-bog", []int{0}},
		{"wagon: included", Unit{Kind: Wagon}, 0, "90H5,90G5", "sand-bog", []int{2}},
		{"motorcycle: excluded", Unit{Kind: Motorcycle}, 0, "90H5,90G5", "", nil},
		{"open ground Accessible to sand: -1", Unit{Kind: FullTrack}, 0, "90E6,90F5", "sand-bog", []int{0}},
		// open ground next to hammada and sand: immobilization first, then bog
		{"both, in order", Unit{Kind: Truck}, 0, "90I5,90J5", "hammada-immobilization,sand-bog", []int{1, 2}},
	} {
		mv := walk(t, planner(t, m, Conditions{EC: c.ec}), c.u, c.path)
		mustLegal(t, mv)
		if got := checkKinds(mv.Checks); got != c.kinds {
			t.Errorf("%s: checks %q, want %q", c.name, got, c.kinds)
			continue
		}
		for i, d := range c.drm {
			if mv.Checks[i].DRM != d {
				t.Errorf("%s: check %d DRM %d, want %d (%v)", c.name, i, mv.Checks[i].DRM, d, mv.Checks[i].Why)
			}
		}
	}
}

func Test11_8_DesertMud(t *testing.T) {
	m := testMap(t, bogBoard, nil)
	mud := planner(t, m, Conditions{EC: climate.ECMud})
	// open ground Accessible to hammada: a mud Bog DR, no Hammada Immobilization
	mv := walk(t, mud, Unit{Kind: Truck}, "90B5,90C5")
	if got := checkKinds(mv.Checks); got != "mud-bog" {
		t.Errorf("truck in mud next to hammada: %q, want mud-bog", got)
	}
	// 3.32 still applies to motorcycles
	mv = walk(t, mud, Unit{Kind: Motorcycle}, "90B5,90C5")
	if got := checkKinds(mv.Checks); got != "hammada-immobilization" {
		t.Errorf("motorcycle in mud next to hammada: %q", got)
	}
	// a hammada hex itself still causes Immobilization
	mv = walk(t, mud, Unit{Kind: Truck}, "90E5,90D5")
	if got := checkKinds(mv.Checks); got != "hammada-immobilization" {
		t.Errorf("truck in mud into hammada: %q", got)
	}
	// a track does not help in mud; only a paved road does (9.2, 11.8)
	tr := planner(t, m, Conditions{Mud: true, Tracks: []Track{hexes(t, m, "90B5,90C5")}})
	if got := checkKinds(walk(t, tr, Unit{Kind: Truck}, "90B5,90C5").Checks); got != "mud-bog" {
		t.Errorf("on a track in mud: %q, want mud-bog", got)
	}
	pv := planner(t, testMap(t, "D5: hammada\nB5 C5: paved\nB5-C5: paved\n", nil), Conditions{Mud: true})
	if got := checkKinds(walk(t, pv, Unit{Kind: Truck}, "90B5,90C5").Checks); got != "" {
		t.Errorf("on a paved road in mud: %q, want none", got)
	}
	// 11.8 is off under Broken/Steppe terrain
	st := planner(t, testMapVariant(t, bogBoard, "steppe"), Conditions{Mud: true})
	if got := checkKinds(walk(t, st, Unit{Kind: Truck}, "90B5,90C5").Checks); got != "" {
		t.Errorf("mud on steppe: %q, want none (normal Bog rules are outside the seeds)", got)
	}
}

func TestResolve(t *testing.T) {
	m := testMap(t, bogBoard, nil)
	p := planner(t, m, Conditions{})
	truck := Unit{Kind: Truck}
	mv := walk(t, p, truck, "90I5,90J5")
	if len(mv.Checks) != 2 {
		t.Fatalf("checks %v", mv.Checks)
	}
	// Immobilization DRM +1: 5+6 = 11 → 12, immobilized, no Sand Bog DR.
	r := dice.Scripted(dice.Throw(dice.DR2, 5, 6))
	res := Resolve(m, truck, mv.Checks, r)
	if len(res) != 1 || res[0].Outcome != Immobilized || res[0].Final != 12 {
		t.Errorf("resolved %+v", res)
	}
	// passes (2+3 → 6), then the Sand Bog DR (DRM +2): 4+6 → 12 bogs.
	r = dice.Scripted(dice.Throw(dice.DR2, 2, 3), dice.Throw(dice.DR2, 4, 6))
	res = Resolve(m, truck, mv.Checks, r)
	if len(res) != 2 || res[0].Outcome != Passed || res[1].Outcome != Bogged || res[1].Final != 12 {
		t.Errorf("resolved %+v", res)
	}
	if log := r.Transcript(); !strings.Contains(log, "3.31 hammada-immobilization in 90J5") || !strings.Contains(log, "7.31 sand-bog in 90J5") {
		t.Errorf("dice log:\n%s", log)
	}
	// 3.32: a motorcycle's 12 dismounts the rider, 13 also eliminates it.
	moto := Unit{Kind: Motorcycle}
	mv = walk(t, p, moto, "90E5,90D5") // DRM +2
	for _, c := range []struct {
		c, w int
		want Outcome
	}{{5, 4, Passed}, {5, 5, Dismounted}, {5, 6, Eliminated}, {6, 6, Eliminated}} {
		res := Resolve(m, moto, mv.Checks, dice.Scripted(dice.Throw(dice.DR2, c.c, c.w)))
		if res[0].Outcome != c.want {
			t.Errorf("motorcycle DR %d+%d+2: %s, want %s", c.c, c.w, res[0].Outcome, c.want)
		}
	}
	// seeded dice are logged and repeatable
	a := Resolve(m, truck, walk(t, p, truck, "90I5,90J5").Checks, dice.New(7))
	b := Resolve(m, truck, walk(t, p, truck, "90I5,90J5").Checks, dice.New(7))
	if len(a) != len(b) || a[0].Roll != b[0].Roll {
		t.Errorf("same seed, different rolls: %+v %+v", a, b)
	}
}

// Test2_2_ScrubNextToHammada: scrub is not open ground for Hammada
// Immobilization (2.2), so a scrub hex next to hammada calls for no DR;
// sand is not either (7.2). A wheeled vehicle still checks in the hammada.
func Test2_2_ScrubNextToHammada(t *testing.T) {
	p := planner(t, testMap(t, "D5: hammada\nC5: scrub\nE6: sand\n", nil), Conditions{})
	if mv := walk(t, p, Unit{Kind: ArmoredCar}, "90B5,90C5"); len(mv.Checks) != 0 {
		t.Errorf("AC into scrub next to hammada: %v", mv.Checks)
	}
	if got := checkKinds(walk(t, p, Unit{Kind: ArmoredCar}, "90E7,90E6").Checks); got != "sand-bog" {
		t.Errorf("AC into sand next to hammada: %q, want only sand-bog", got)
	}
}

func Test13_6_Vineyard(t *testing.T) {
	m := testMapVariant(t, "", "vineyard:90D5")
	p := planner(t, m, Conditions{})
	mv := walk(t, p, Unit{Kind: FullTrack}, "90C5,90D5")
	if mv.Total != Whole(2) || checkKinds(mv.Checks) != "bog" || mv.Checks[0].DRM != 1 {
		t.Errorf("tank into a vineyard: %s %v", mv.Total, mv.Checks)
	}
	if mv := walk(t, p, Unit{Kind: Infantry}, "90C5,90D5"); mv.Total != Whole(2) || len(mv.Checks) != 0 {
		t.Errorf("infantry into a vineyard: %s %v", mv.Total, mv.Checks)
	}
}

// TestPlayStopsTheMove: played with dice, a move ends in the hex where a
// check immobilizes or bogs the vehicle (3.31, 7.31): the later steps,
// their costs, checks and Vehicle Dust are not taken. Passed checks leave
// the move whole; an illegal move throws nothing.
func TestPlayStopsTheMove(t *testing.T) {
	m := testMap(t, bogBoard, nil)
	p := planner(t, m, Conditions{EC: climate.ECDry})
	truck := Unit{Kind: Truck}
	const path = "90G4,90H4,90I5,90J5,90J6,90J7"
	whole := walk(t, p, truck, path)
	mustLegal(t, whole)
	first := -1
	for i, st := range whole.Steps {
		if len(st.Checks) > 0 {
			first = i
			break
		}
	}
	if first < 0 || first == len(whole.Steps)-1 {
		t.Fatalf("want a check before the last step: %+v", whole.Steps)
	}
	mv := walk(t, p, truck, path)
	res := mv.Play(m, dice.Scripted(dice.Throw(dice.DR2, 6, 6)))
	if len(res) != 1 || mv.Stopped == nil || mv.Stopped.Outcome == Passed {
		t.Fatalf("played %+v, stopped %+v", res, mv.Stopped)
	}
	if len(mv.Steps) != first+1 || mv.Steps[first].Hex != whole.Steps[first].Hex {
		t.Errorf("steps after the stop kept: %d, want %d", len(mv.Steps), first+1)
	}
	var total MP
	for _, st := range whole.Steps[:first+1] {
		total += st.Cost
	}
	if mv.Total != total || len(mv.Dust) >= len(whole.Dust) {
		t.Errorf("total %s (want %s), dust %v of %v", mv.Total, total, mv.Dust, whole.Dust)
	}
	// every check passed: the whole move
	ok := walk(t, p, truck, path)
	var throws []dice.Roll
	for range ok.Checks {
		throws = append(throws, dice.Throw(dice.DR2, 1, 1))
	}
	if ok.Play(m, dice.Scripted(throws...)); ok.Stopped != nil || len(ok.Steps) != len(whole.Steps) || ok.Total != whole.Total {
		t.Errorf("passed checks changed the move: %+v", ok.Stopped)
	}
	// illegal: nothing thrown
	bad := walk(t, p, truck, "90M6,90M5") // across a wadi cliff (5.63)
	if bad.Legal || bad.Play(m, dice.New(1)) != nil {
		t.Errorf("illegal move played: %q", bad.Error)
	}
}
