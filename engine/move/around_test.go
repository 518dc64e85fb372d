package move

import (
	"slices"
	"testing"

	"khamsin/hexmap"
)

// ReachAround (docs/rules.md, "No path through a seen enemy": no path
// crosses a hex holding an enemy base the side sees): the avoided hex is
// never entered and never a step of a path; a hex beyond it is reached
// round it, for at least what the open reach costs; nothing else changes.
func TestReachAroundAvoidsHexes(t *testing.T) {
	m := bigMap(t)
	for _, cond := range bigConditions(t, m) {
		p := planner(t, m, cond)
		for _, u := range propertyUnits {
			from := hexes(t, m, "27E5")[0]
			wall := hexes(t, m, "27F5")[0]
			open, err := p.Reach(u, from, Whole(12))
			if err != nil {
				t.Fatal(err)
			}
			round, err := p.ReachAround(u, Path{From: from}, Whole(12), []hexmap.Hex{wall})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := open.Cost(wall); !ok {
				t.Fatalf("%s: the set-up is stale: 27F5 is out of the open reach", u.Kind)
			}
			if _, ok := round.Cost(wall); ok {
				t.Errorf("%s: the avoided hex is reached", u.Kind)
			}
			for _, h := range open.Hexes() {
				if h == wall {
					continue
				}
				oc, _ := open.Cost(h)
				rc, ok := round.Cost(h)
				if ok && rc < oc {
					t.Errorf("%s: %s costs %s round the hex, %s through it", u.Kind, m.Label(h), rc, oc)
				}
				if ok && slices.ContainsFunc(round.Path(h).Actions, func(a Action) bool { return a.Hex == wall }) {
					t.Errorf("%s: the path to %s crosses the avoided hex", u.Kind, m.Label(h))
				}
			}
			if n, err := p.ReachAround(u, Path{From: from}, Whole(12), nil); err != nil || !slices.Equal(n.cost, open.cost) {
				t.Errorf("%s: ReachAround with nothing to avoid differs from Reach (%v)", u.Kind, err)
			}
		}
	}
}

// MaxHexes bounds every reach: no hex farther than MaxHexes(budget) is
// reached, whatever the unit (every entry costs at least half an MP).
func TestMaxHexesBoundsReach(t *testing.T) {
	m := bigMap(t)
	p := planner(t, m, bigConditions(t, m)[1]) // a track: the cheapest entries
	from := hexes(t, m, "27A5")[0]
	for _, u := range propertyUnits {
		a, err := p.Reach(u, from, Whole(20))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range a.Hexes() {
			if d := hexmap.Distance(from, h); d > MaxHexes(Whole(20)) {
				t.Errorf("%s reaches %s, %d hexes away, past MaxHexes %d", u.Kind, m.Label(h), d, MaxHexes(Whole(20)))
			}
		}
	}
}
