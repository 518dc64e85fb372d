package move

import (
	"strings"
	"testing"
)

// A small wadi layout for the wadi rules the board-25 examples do not
// cover: C5-D5 one wadi (connected), B4 another wadi not connected to C5, a
// cliff on D5-E5 and D5-D6, G9 a wadi cut into a level-1 hill beside level-0
// G10, H5 (level 0) and I5 (cut into level 1) one wadi climbing a level,
// and a road bridge at R1 over the wadi Q1-R1-S1.
const wadiBoard = `C5 D5 B4: wadi
C5-D5: wadi
D5-E5 D5-D6: cliff
D6: level 1
G9: wadi level 1
H5: wadi
I5: wadi level 1
H5-I5: wadi
Q1 S1: wadi
R1: wadi bridge road
R2 R0: road
Q1-R1 R1-S1: wadi
R2-R1 R1-R0: road
`

func wadiPlanner(t *testing.T) *Planner {
	return planner(t, testMap(t, wadiBoard, nil), Conditions{})
}

func Test5_21_ConnectingHexside(t *testing.T) {
	p := wadiPlanner(t)
	inf, truck := Unit{Kind: Infantry}, Unit{Kind: Truck}
	for _, c := range []struct {
		name string
		u    Unit
		path string
		want []MP
	}{
		// entering still costs along the wadi; leaving does not
		{"infantry along the wadi", inf, "90C4,90C5,90D5", mps(2, 2)},
		{"truck along the wadi", truck, "90C4,90C5,90D5", mps(7, 7)},
		// B4 and C5 are not joined: leave one wadi, enter the other
		{"infantry between two wadis", inf, "90C5,90B4", mps(2 + 1 + 1)},
		{"truck between two wadis", truck, "90C5,90B4", mps(4 + 6 + 1)},
		// 5.41: out of the wadi no climbing cost on top of the exit cost
		{"infantry out of the wadi", inf, "90C5,90C4", mps(3)},
		{"truck out of the wadi", truck, "90C5,90C4", mps(5)},
	} {
		mv := walk(t, p, c.u, c.path)
		mustLegal(t, mv)
		if !sameMPs(costs(mv), c.want) {
			t.Errorf("%s: %v, want %v", c.name, costs(mv), c.want)
		}
	}
}

func Test5_22_HigherWadi(t *testing.T) {
	p := wadiPlanner(t)
	// wadi to wadi along the wadi, up a level: enter + COT + ascend
	if mv := walk(t, p, Unit{Kind: Infantry}, "90H5,90I5"); mv.Total != Whole(3) {
		t.Errorf("infantry H5→I5: %s, want 3 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
	if mv := walk(t, p, Unit{Kind: Truck}, "90H5,90I5"); mv.Total != Whole(11) {
		t.Errorf("truck H5→I5: %s, want 11 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
	// EXC: G10 (level 0) to the wadi G9 in a level-1 hill is not higher
	if mv := walk(t, p, Unit{Kind: Infantry}, "90G10,90G9"); mv.Total != Whole(2) {
		t.Errorf("infantry G10→G9: %s, want 2 (%s)", mv.Total, whyOf(mv.Steps[0]))
	}
}

func Test5_63_WadiCliff(t *testing.T) {
	p := wadiPlanner(t)
	for _, c := range []struct {
		name string
		u    Unit
		path string
		want float64 // <0: prohibited
	}{
		{"infantry enters across a cliff: 3", Unit{Kind: Infantry}, "90E5,90D5", 3},
		{"cavalry enters across a cliff: 3", Unit{Kind: Cavalry}, "90E5,90D5", 3},
		{"infantry leaves across a cliff: 3 + COT", Unit{Kind: Infantry}, "90D5,90E5", 4},
		{"infantry leaves across a cliff up to level-1 desert: 3 + COT, no climb", Unit{Kind: Infantry}, "90D5,90D6", 4},
		{"motorcycle portaged in (5.64)", Unit{Kind: Motorcycle}, "90E5,90D5", 3},
		{"motorcycle portaged out (5.64)", Unit{Kind: Motorcycle}, "90D5,90E5", 4},
		{"tank may never cross a wadi cliff", Unit{Kind: FullTrack}, "90E5,90D5", -1},
		{"truck may never leave across a wadi cliff", Unit{Kind: Truck}, "90D5,90E5", -1},
		{"wagon may never cross a wadi cliff", Unit{Kind: Wagon}, "90E5,90D5", -1},
	} {
		mv := walk(t, p, c.u, c.path)
		if c.want < 0 {
			if mv.Legal || !strings.Contains(mv.Error, "5.63") {
				t.Errorf("%s: legal=%v error %q", c.name, mv.Legal, mv.Error)
			}
			continue
		}
		mustLegal(t, mv)
		if mv.Total != MP(2*c.want) {
			t.Errorf("%s: %s, want %v (%s)", c.name, mv.Total, c.want, whyOf(mv.Steps[0]))
		}
	}
}

func Test5_31_NoBypassInWadi(t *testing.T) {
	p := wadiPlanner(t)
	mv := walk(t, p, Unit{Kind: ArmoredCar}, "90C4,vbm:90C5-D4")
	if mv.Legal || !strings.Contains(mv.Error, "5.31") {
		t.Errorf("bypass into a wadi hex: legal=%v %q", mv.Legal, mv.Error)
	}
}

func Test5_51_Bridge(t *testing.T) {
	p := wadiPlanner(t)
	// over the bridge along the road: a road hex, no wadi costs
	if mv := walk(t, p, Unit{Kind: Truck}, "90R2,90R1,90R0"); !sameMPs(costs(mv), mps(0.5, 0.5)) {
		t.Errorf("truck over the bridge: %v", costs(mv))
	}
	// along the wadi beneath it: still in the wadi (enter, no leave, no climb)
	if mv := walk(t, p, Unit{Kind: Infantry}, "90Q1,90R1,90S1"); !sameMPs(costs(mv), mps(2, 2)) {
		t.Errorf("infantry beneath the bridge: %v (%s | %s)", costs(mv), whyOf(mv.Steps[0]), whyOf(mv.Steps[1]))
	}
}

// Test5_3_PassingInWadi: moving along a wadi (C5→D5 across their wadi
// hexside), a vehicle may pass other vehicles or wrecks in the hex entered
// only if it, or every one of them, is a motorcycle or a size +2 vehicle;
// then at 2 MP apiece (9.1 keeps that cost out of a track's reduction,
// which along a wadi never makes a difference: entering costs at least 2
// before it). Entering the
// same hex from outside the wadi, or on foot, is not passing along it.
func Test5_3_PassingInWadi(t *testing.T) {
	m := testMap(t, wadiBoard, nil)
	d5 := hexes(t, m, "90D5")[0]
	tank, truck := Unit{Kind: FullTrack}, Unit{Kind: Truck}
	jeep, moto := Unit{Kind: Truck, Small: true}, Unit{Kind: Motorcycle}
	big := []Vehicle{{Hex: d5}}
	wrecks := []Vehicle{{Hex: d5, Wreck: true}, {Hex: d5, Wreck: true, Small: true}}
	small := []Vehicle{{Hex: d5, Small: true}}
	along := func(c Conditions, u Unit) *Move { return walk(t, planner(t, m, c), u, "90C5,90D5") }
	base := func(u Unit) MP { return along(Conditions{}, u).Total }
	for _, c := range []struct {
		name  string
		cond  Conditions
		u     Unit
		extra float64 // MP on top of the empty wadi's cost; <0: prohibited
	}{
		{"a tank cannot pass a vehicle", Conditions{Vehicles: big}, tank, -1},
		{"a truck cannot pass two wrecks, one of them large", Conditions{Vehicles: wrecks}, truck, -1},
		{"a jeep passes a vehicle: +2", Conditions{Vehicles: big}, jeep, 2},
		{"a motorcycle passes two wrecks: +4", Conditions{Vehicles: wrecks}, moto, 4},
		{"a tank passes a motorcycle or jeep (vice versa): +2", Conditions{Vehicles: small}, tank, 2},
		{"on a track: 1 off the wadi entry, passing still +2", Conditions{Vehicles: big, Tracks: []Track{Track(hexes(t, m, "90C5,90D5"))}}, jeep, 2 - 1},
		{"infantry pass freely", Conditions{Vehicles: big}, Unit{Kind: Infantry}, 0},
	} {
		mv := along(c.cond, c.u)
		if c.extra < 0 {
			if mv.Legal || !strings.Contains(mv.Error, "5.3") {
				t.Errorf("%s: legal=%v %q", c.name, mv.Legal, mv.Error)
			}
			continue
		}
		mustLegal(t, mv)
		if want := base(c.u) + MP(2*c.extra); mv.Total != want {
			t.Errorf("%s: %s, want %s (%s)", c.name, mv.Total, want, whyOf(mv.Steps[0]))
		}
	}
	// into D5 from D4, across a hexside the wadi does not cross: no 5.3
	p := planner(t, m, Conditions{Vehicles: big})
	if mv, empty := walk(t, p, tank, "90D4,90D5"), walk(t, planner(t, m, Conditions{}), tank, "90D4,90D5"); !mv.Legal || mv.Total != empty.Total {
		t.Errorf("tank into D5 from outside the wadi: %s (%s), want %s", mv.Total, mv.Error, empty.Total)
	}
}
