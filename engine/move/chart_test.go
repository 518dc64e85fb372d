package move

import (
	"testing"

	"khamsin/engine/climate"
)

// enterCost prices one entry on a test board and fails on an illegal one.
func enterCost(t *testing.T, board string, c Conditions, u Unit, path string) MP {
	t.Helper()
	p := planner(t, testMap(t, board, nil), c)
	mv := walk(t, p, u, path)
	mustLegal(t, mv)
	return mv.Total
}

// columns is a chart row in Kind order, whole MP.
func checkColumn(t *testing.T, name, board string, c Conditions, want [numKinds]float64) {
	t.Helper()
	p := planner(t, testMap(t, board, nil), c)
	for k := Kind(0); k < numKinds; k++ {
		mv := walk(t, p, Unit{Kind: k}, "90C5,90D5")
		if want[k] < 0 {
			if mv.Legal {
				t.Errorf("%s: %s may enter for %s, want prohibited", name, k, mv.Total)
			}
			continue
		}
		mustLegal(t, mv)
		if got := mv.Total; got != MP(want[k]*2) {
			t.Errorf("%s: %s pays %s, want %v", name, k, got, want[k])
		}
	}
}

func Test1_1_DesertOpenGround(t *testing.T) {
	checkColumn(t, "desert open ground", "", Conditions{}, [numKinds]float64{1, 1, 1, 1, 1, 1, 1, 1})
}

func Test2_21_Scrub(t *testing.T) {
	// infantry 1, cavalry/wagon 2, fully tracked 2, halftrack 3, AC or
	// motorcycle 4, truck 6
	checkColumn(t, "scrub", "D5: scrub\n", Conditions{}, [numKinds]float64{1, 2, 2, 2, 3, 4, 4, 6})
}

func Test3_3_Hammada(t *testing.T) {
	checkColumn(t, "hammada", "D5: hammada\n", Conditions{}, [numKinds]float64{1, 3, 3, 2, 3, 4, 4, 6})
}

func Test7_3_Sand(t *testing.T) {
	// sand cost + COT (desert open ground 1)
	checkColumn(t, "sand", "D5: sand\n", Conditions{}, [numKinds]float64{2, 3, 3, 3, 4, 5, 5, 7})
	// Wet or Mud EC: the non-COT part is one less.
	for _, ec := range []climate.EC{climate.ECWet, climate.ECMud} {
		checkColumn(t, "sand "+ec.String(), "D5: sand\n", Conditions{EC: ec}, [numKinds]float64{1, 2, 2, 2, 3, 4, 4, 6})
	}
	// Moist EC is not Wet: no reduction.
	checkColumn(t, "sand moist", "D5: sand\n", Conditions{EC: climate.ECMoist}, [numKinds]float64{2, 3, 3, 3, 4, 5, 5, 7})
}

// Test7_3_Example is the 7.3 example: infantry 2 MF into sand, 1 in Wet/Mud;
// a tank 3 MP, 2 in Wet/Mud; with scrub the infantry cost is unchanged and
// the tank pays one more, whatever the EC.
func Test7_3_Example(t *testing.T) {
	inf, tank := Unit{Kind: Infantry}, Unit{Kind: FullTrack}
	for _, c := range []struct {
		board string
		ec    climate.EC
		u     Unit
		want  float64
	}{
		{"D5: sand\n", climate.ECDry, inf, 2},
		{"D5: sand\n", climate.ECWet, inf, 1},
		{"D5: sand\n", climate.ECMud, inf, 1},
		{"D5: sand\n", climate.ECDry, tank, 3},
		{"D5: sand\n", climate.ECWet, tank, 2},
		{"D5: sand scrub\n", climate.ECDry, inf, 2},
		{"D5: sand scrub\n", climate.ECWet, inf, 1},
		{"D5: sand scrub\n", climate.ECDry, tank, 4},
		{"D5: sand scrub\n", climate.ECMud, tank, 3},
	} {
		if got := enterCost(t, c.board, Conditions{EC: c.ec}, c.u, "90C5,90D5"); got != MP(c.want*2) {
			t.Errorf("%s %s EC %s: %s, want %v", c.u.Kind, c.board[:len(c.board)-1], c.ec, got, c.want)
		}
	}
}

// TestChapterBDecisions pins the Chapter-B costs the seeds do not state
// (docs/rules.md lists them with their reasons).
func TestChapterBDecisions(t *testing.T) {
	checkColumn(t, "Chapter-B open ground", "D5: open\n", Conditions{}, [numKinds]float64{1, 1, 1, 1, 2, 3, 3, 4})
	checkColumn(t, "orchard", "D5: orchard\n", Conditions{}, [numKinds]float64{1, 1, 1, 1, 2, 3, 3, 4})
	checkColumn(t, "brush", "D5: brush\n", Conditions{}, [numKinds]float64{2, 2, 2, 2, 3, 4, 4, 6})
	checkColumn(t, "grain", "D5: grain\n", Conditions{}, [numKinds]float64{1.5, 1.5, 1.5, 2, 3, 4, 4, 5})
	checkColumn(t, "tents 12.45", "D5: tents\n", Conditions{}, [numKinds]float64{1, 1, 1, 1, 1, 1, 1, 1})
	// ascending one level into Chapter-B open ground: +1 on foot, +4 MP for a vehicle
	checkColumn(t, "ascend a level", "D5: open level 1\n", Conditions{}, [numKinds]float64{2, 2, 2, 5, 6, 7, 7, 8})
	// two levels at once
	checkColumn(t, "ascend two levels", "D5: open level 2\n", Conditions{}, [numKinds]float64{3, 3, 3, 9, 10, 11, 11, 12})
	// going down costs nothing extra
	checkColumn(t, "descend", "C5: level 2\nD5: open level 1\n", Conditions{}, [numKinds]float64{1, 1, 1, 1, 2, 3, 3, 4})
	// woods: fully tracked and halftrack half the allotment, wheels all of it
	checkColumn(t, "woods", "D5: woods\n", Conditions{}, [numKinds]float64{2, 3, -1, 6.5, 8, 34, 30, 30})
}

// checkColumn cannot express prohibitions; woods for a wagon and stone
// buildings for anything but infantry are prohibited.
func TestChapterBProhibited(t *testing.T) {
	for _, c := range []struct {
		board string
		kinds []Kind
	}{
		{"D5: woods\n", []Kind{Wagon}},
		{"D5: building\n", []Kind{Cavalry, Wagon, FullTrack, HalfTrack, ArmoredCar, Motorcycle, Truck}},
		{"D5: crag\n", []Kind{Wagon, HalfTrack, ArmoredCar, Motorcycle, Truck}},
		{"D5: citadel\n", []Kind{Cavalry, Wagon, FullTrack, Truck}},
		{"D5: mausoleum\n", []Kind{Cavalry, Wagon, FullTrack, Truck}},
	} {
		p := planner(t, testMap(t, c.board, nil), Conditions{})
		for _, k := range c.kinds {
			mv := walk(t, p, Unit{Kind: k}, "90C5,90D5")
			if mv.Legal || mv.Error == "" {
				t.Errorf("%s into %s: legal, want prohibited", k, c.board)
			}
		}
	}
	p := planner(t, testMap(t, "D5: building\n", nil), Conditions{})
	if mv := walk(t, p, Unit{Kind: Infantry}, "90C5,90D5"); !mv.Legal || mv.Total != Whole(2) {
		t.Errorf("infantry into a building: %v %s", mv.Legal, mv.Total)
	}
}

func Test13_4_13_5_Orchards(t *testing.T) {
	// Cactus patch: three times orchard; olive grove: twice.
	board := "D5: orchard\n"
	m := testMapVariant(t, board, "cactus-patch")
	p := planner(t, m, Conditions{})
	if got := walk(t, p, Unit{Kind: ArmoredCar}, "90C5,90D5").Total; got != Whole(9) {
		t.Errorf("AC into cactus patch: %s, want 9", got)
	}
	m = testMapVariant(t, board, "olive-grove")
	p = planner(t, m, Conditions{})
	if got := walk(t, p, Unit{Kind: ArmoredCar}, "90C5,90D5").Total; got != Whole(6) {
		t.Errorf("AC into olive grove: %s, want 6", got)
	}
}
