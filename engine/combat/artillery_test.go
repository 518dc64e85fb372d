package combat

import "testing"

// §10.15–.18 Firing Ranging Rounds, the Whoops! row: the round deviates
// d6 × 5 cm, through the scale join (5 cm = 1 hex) d6 hexes, each face.
func TestTable10_15RangingDeviation(t *testing.T) {
	for d6, want := range []int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6} {
		if d6 == 0 {
			continue
		}
		if got := RangingDeviationHexes(d6); got != want {
			t.Errorf("d6 %d: %d hexes, want %d (%d cm)", d6, got, want, 5*d6)
		}
	}
	// The row's boundary: a final score of 5 deviates, 6 is on target.
	r := Ranging(0, Plus(1), false, 0) // TQ 0 + officer 1
	if r.Result(4) != Failure || r.Result(5) != Success {
		t.Errorf("ranging with +1: d10 4 → %v, 5 → %v; want a deviation at final 5, on target at 6", r.Result(4), r.Result(5))
	}
}
