package ai

import "testing"

// Issue 20, "Teach the player": the reasons people read carry no internal
// tags. The veteran's plan tag stays in the kept reason (its memory,
// lastPlan) and is dropped only where the reason is shown.
func TestReadableDropsThePlanTag(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[plan O2; held O1] moves A8b to 31FF6: on to O2 (the plan)", "moves A8b to 31FF6: on to O2 (the plan)"},
		{"[plan O3; held none] defers", "defers"},
		{"[plan O3; held none] moves G2a to 30Z4: under fire (threat 0.36)", "moves G2a to 30Z4: under fire (about 36% chance the enemy knocks it out there)"},
		{"moves A8b to 31FF6", "moves A8b to 31FF6"},
		{"[plan O2 without its end", "[plan O2 without its end"},
		{"", ""},
	} {
		if got := Readable(c.in); got != c.want {
			t.Errorf("Readable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
