package main

import (
	"strings"
	"testing"
)

// Issue 17 A: `khamsin los --scenario` answers with the game's one shot
// builder, so the scenario's own counters and guns protect the target as
// in play: a sangar counter (8.4), a trench counter (LOS-12), a wreck on
// a hillock (6.52), an Emplaced Gun (F.1A); open ground beside them has
// none of it.
func TestLosScenarioProtections_8_4_LOS12_6_52_F1A(t *testing.T) {
	const scn = "../../engine/game/testdata/shot.toml"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"28C5", "28F5"}, "sangar: TEM +1 (8.4)"},
		{[]string{"28C5", "28G5"}, "trench: TEM +2 (LOS-12)"},
		{[]string{"27G6", "27G7"}, "wreck: TEM +1 (6.52)"},
		{[]string{"--attack", "ordnance", "28B6", "28C8"}, "emplacement: TEM +2 (LOS-12)"},
		{[]string{"28C5", "28E5"}, "target TEM +0"},
	} {
		code, out, errs := run(t, append([]string{"los", "--scenario", scn}, c.args...)...)
		if code != 0 || errs != "" || !strings.Contains(out, c.want) {
			t.Errorf("los %v: exit %d, stderr %q, want %q in\n%s", c.args, code, errs, c.want, out)
		}
	}
}
