package climate

import "testing"

// Every row of the 11.3 table under each kind of sky, with and without the
// Night-as-None agreement.
func TestTimeOfDayTable_11_3_EveryRow(t *testing.T) {
	plain := [7]TimeOfDay{0, EarlyMorning, MidMorning, Midday, MidAfternoon, LateAfternoon, Night}
	for dr := 1; dr <= 6; dr++ {
		for _, w := range []Weather{Clear, ClearGusty, Mud, Overcast, MudOvercast} {
			for _, agree := range []bool{false, true} {
				want := plain[dr]
				if want != Night && w.IsOvercast() {
					want = TimeNone
				}
				if want == Night && agree {
					want = TimeNone
				}
				if got := TimeTable(dr, w, agree); got != want {
					t.Errorf("dr %d %v agree=%v: %v, want %v", dr, w, agree, got, want)
				}
			}
		}
	}
	// Mud alone (no overcast) keeps the time.
	if TimeTable(1, Mud, false) != EarlyMorning {
		t.Error("Mud without overcast must keep Early Morning")
	}
	for tm := TimeOfDay(0); tm < numTimes; tm++ {
		if back, err := ParseTimeOfDay(tm.String()); err != nil || back != tm {
			t.Errorf("round trip %v", tm)
		}
	}
}
