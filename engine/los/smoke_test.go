package los

import (
	"testing"

	"khamsin/hexmap"
)

// TestSmokeBlocksLOSNote3: seed 002's linear-features table blocks a LOS
// across SMOKE at ground level and to or from hills, and Note 3 carries it
// to every level; a Location in a SMOKE hex sees and is seen at range 1
// only (our reading, docs/rules.md); along a hexside SMOKE blocks only
// when both sides hold it (LOS-2's rule for a stretch along a hexside).
func TestSmokeBlocksLOSNote3(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	cases := []struct {
		name     string
		from, to string
		smoke    []string
		blocked  string // "" for clear, else where the smoke blocks
	}{
		{"Note3/clear-without-smoke", "25E8", "25E4", nil, ""},
		{"Note3/smoke-between-blocks-from-a-hill", "25E8", "25E4", []string{"25E6"}, "25E6"},
		{"Note3/smoke-between-blocks-up-to-a-hill", "25E4", "25E8", []string{"25E6"}, "25E6"},
		{"Note3/smoke-off-the-line-is-nothing", "25E8", "25E4", []string{"25A1", "25F6"}, ""},
		{"Note3/firer-in-smoke-sees-nothing-beyond-range-1", "25E8", "25E4", []string{"25E8"}, "25E8"},
		{"Note3/target-in-smoke-is-unseen-beyond-range-1", "25E8", "25E4", []string{"25E4"}, "25E4"},
		{"Note3/range-1-into-smoke-is-seen", "25E5", "25E4", []string{"25E4"}, ""},
		{"Note3/range-1-out-of-smoke-sees", "25E5", "25E4", []string{"25E5", "25E4"}, ""},
		{"Note3/range-0-in-smoke", "25E4", "25E4", []string{"25E4"}, ""},
		{"Note3/hexside-stretch-one-side-smoke-is-clear", "25A1", "25C4", []string{"25B1"}, ""},
		{"Note3/hexside-stretch-both-sides-smoke-blocks", "25A1", "25C4", []string{"25B1", "25A2"}, "25B1-A2"},
		{"Note3/smoke-in-an-entered-hex-blocks", "25A1", "25C4", []string{"25B2"}, "25B2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var smoke []hexmap.Hex
			for _, s := range tc.smoke {
				smoke = append(smoke, hex(t, g, s))
			}
			from, to := at(t, g, tc.from), at(t, g, tc.to)
			if !c.Sees(from, to) {
				t.Fatalf("%s-%s must be clear without smoke for this case", tc.from, tc.to)
			}
			r := c.Check(Query{From: from, To: to, Smoke: smoke})
			a := r.Answer(g.Map())
			if got := c.SeesThrough(from, to, smoke); got != r.Clear {
				t.Errorf("SeesThrough = %v, Check.Clear = %v", got, r.Clear)
			}
			if tc.blocked == "" {
				if !r.Clear {
					t.Fatalf("blocked at %s by %s (%s), want clear", *a.BlockedAt, r.Block.Kind, r.Block.Rule)
				}
				return
			}
			if r.Clear {
				t.Fatalf("clear, want blocked by smoke at %s", tc.blocked)
			}
			if *a.BlockedAt != tc.blocked || r.Block.Kind != "smoke" || r.Block.Rule != SmokeRule {
				t.Errorf("blocked at %s by %s (%s), want %s by smoke (%s)", *a.BlockedAt, r.Block.Kind, r.Block.Rule, tc.blocked, SmokeRule)
			}
		})
	}
}
