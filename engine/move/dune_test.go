package move

import (
	"testing"

	"khamsin/engine/climate"
)

// The 7.511 example's layout: squad C in K2 and tank D in K3 (both desert
// open ground next to the dune), the dune's sand hexes J2 and I2 with a
// Dune Crest between them. Overlay SD9 is drawn in board coordinates and
// placed on itself; "high" makes it a High Dune (7.5).
const duneBoard = "K4: desert\n"

var duneOverlay = map[string]string{"SD9": `overlay SD9
one J2
two I2
J2 I2 I1 H2: sand
J2-I2: crest
`}

var duneScrubOverlay = map[string]string{"SD9": `overlay SD9
one J2
two I2
J2 I2 I1 H2: sand
J2: scrub
J2-I2: crest
`}

func Test7_511_DuneCrest(t *testing.T) {
	dry := Conditions{EC: climate.ECDry}
	squad, tank := Unit{Kind: Infantry}, Unit{Kind: FullTrack}
	for _, c := range []struct {
		name     string
		overlays map[string]string
		place    string
		u        Unit
		path     string
		want     []MP
	}{
		// squad C: 2 [enter sand] + 1 [crest] + 2 [enter sand] = 5, Low or High
		{"squad low", duneOverlay, "SD9 on 90J2-I2", squad, "90K2,90J2,90I2", mps(2, 3)},
		{"squad high", duneOverlay, "SD9 on 90J2-I2 high", squad, "90K2,90J2,90I2", mps(2, 3)},
		// tank D: 3 + 1 + 3 = 7 Low; 1 [ascend hillock] + 7 = 8 High
		{"tank low", duneOverlay, "SD9 on 90J2-I2", tank, "90K3,90J2,90I2", mps(3, 4)},
		{"tank high", duneOverlay, "SD9 on 90J2-I2 high", tank, "90K3,90J2,90I2", mps(4, 4)},
		// J2 with scrub: 2 [sand] + 2 [scrub COT] = 4 Low, 5 High
		{"tank low scrub", duneScrubOverlay, "SD9 on 90J2-I2", tank, "90K3,90J2", mps(4)},
		{"tank high scrub", duneScrubOverlay, "SD9 on 90J2-I2 high", tank, "90K3,90J2", mps(5)},
	} {
		m := testMap(t, duneBoard, c.overlays, c.place)
		mv := walk(t, planner(t, m, dry), c.u, c.path)
		mustLegal(t, mv)
		if !sameMPs(costs(mv), c.want) {
			t.Errorf("%s: steps %v, want %v", c.name, costs(mv), c.want)
			for _, s := range mv.Steps {
				t.Logf("  %s: %s", m.Label(s.Hex), whyOf(s))
			}
		}
	}
}

// Test7_511_DuneBogChecks: the tank makes a Sand Bog DR in K3 (open ground
// Accessible to sand; still so with scrub, not with hammada), in J2, and in
// I2 with the extra +1 for crossing the Dune Crest.
func Test7_511_DuneBogChecks(t *testing.T) {
	tank := Unit{Kind: FullTrack}
	dry := Conditions{EC: climate.ECDry}
	for _, c := range []struct {
		k3   string
		want []int // DRM of each sand-bog check, K3 first if any
	}{
		{"K3: desert\n", []int{0, 1, 2}},
		{"K3: scrub\n", []int{0, 1, 2}},
		{"K3: hammada\n", []int{1, 2}},
	} {
		m := testMap(t, c.k3, duneOverlay, "SD9 on 90J2-I2")
		mv := walk(t, planner(t, m, dry), tank, "90K4,90K3,90J2,90I2")
		mustLegal(t, mv)
		var got []int
		for _, ch := range mv.Checks {
			if ch.Kind != SandBog {
				t.Errorf("%s: unexpected %s check in %s", c.k3, ch.Kind, m.Label(ch.Hex))
			}
			got = append(got, ch.DRM)
		}
		if len(got) != len(c.want) {
			t.Fatalf("%s: checks %v, want DRMs %v", c.k3, mv.Checks, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: check %d DRM %d, want %d (%v)", c.k3, i, got[i], c.want[i], mv.Checks[i].Why)
			}
		}
	}
}
