package game

import (
	"testing"

	"khamsin/engine/climate"
)

// 11.6111: while Early Morning sun blindness is in effect the EC are Moist
// whatever the scenario writes, so a scenario at dawn with EC Dry moves as
// in Moist EC (no vehicle dust: 11.74 needs Dry EC), and the game's
// movement agrees with the climate it shows (View.Env.EC). Late Afternoon
// blinds westward but leaves the EC alone.
func TestEarlyMorningECMoistForMovement11_6111(t *testing.T) {
	for _, tc := range []struct {
		time string
		want climate.EC
	}{
		{"early-morning", climate.ECMoist},
		{"late-afternoon", climate.ECDry},
	} {
		s := loadScn(t, "dawn")
		s.Environment.EC = "dry"
		s.Environment.Time = tc.time
		g, err := New(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.env.EC != climate.ECDry {
			t.Fatalf("%s: the scenario's EC is %v, want Dry as written", tc.time, g.env.EC)
		}
		c := MoveConditions(g.env)
		if c.EC != tc.want {
			t.Errorf("%s: movement EC %v, want %v (11.6111)", tc.time, c.EC, tc.want)
		}
		if got := g.ViewAs(0).Env.EC; got != tc.want.String() {
			t.Errorf("%s: the view says EC %s, movement %v", tc.time, got, c.EC)
		}
	}
}
