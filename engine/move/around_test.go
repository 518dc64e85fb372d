package move

import (
	"slices"
	"testing"

	"khamsin/hexmap"
)

// ReachAround (docs/rules.md, "No path through a seen enemy": no path
// passes through a hex where the side sees an enemy base or a contact
// marker): the avoided hex may end a path, for what the open reach costs,
// but is never a step on the way to another hex; a hex beyond it is
// reached round it, for at least the open cost; with nothing to avoid it
// is Reach.
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
			round, err := p.ReachAround(u, Path{From: from}, Whole(12), []hexmap.Hex{wall}, nil)
			if err != nil {
				t.Fatal(err)
			}
			oc, ok := open.Cost(wall)
			if !ok {
				t.Fatalf("%s: the set-up is stale: 27F5 is out of the open reach", u.Kind)
			}
			if rc, ok := round.Cost(wall); !ok || rc != oc {
				t.Errorf("%s: the avoided hex costs %s (reached %v), %s in the open", u.Kind, rc, ok, oc)
			}
			through := 0
			for _, h := range open.Hexes() {
				if h == wall {
					continue
				}
				oc, _ := open.Cost(h)
				rc, ok := round.Cost(h)
				if ok && rc < oc {
					t.Errorf("%s: %s costs %s round the hex, %s through it", u.Kind, m.Label(h), rc, oc)
				}
				if slices.ContainsFunc(open.Path(h).Actions, func(a Action) bool { return a.Hex == wall }) {
					through++
				}
				if ok && slices.ContainsFunc(round.Path(h).Actions, func(a Action) bool { return a.Hex == wall }) {
					t.Errorf("%s: the path to %s passes through the avoided hex", u.Kind, m.Label(h))
				}
			}
			if through == 0 {
				t.Fatalf("%s: the set-up is stale: no open path passes through 27F5", u.Kind)
			}
			if n, err := p.ReachAround(u, Path{From: from}, Whole(12), nil, nil); err != nil || !slices.Equal(n.cost, open.cost) {
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

// Minefields (F.7; docs/rules.md, "A path round known mines"): mines cost
// no MP, so among paths of equal least cost ReachAround takes the one
// entering the fewest wary hexes. Costs, and what is reached, are those
// of the open reach; a path through the wary hex is kept only where no
// path of the same cost goes round it.
func TestReachAroundPrefersPathsRoundWaryHexesF7(t *testing.T) {
	m := bigMap(t)
	for _, cond := range bigConditions(t, m) {
		p := planner(t, m, cond)
		for _, u := range propertyUnits {
			from := hexes(t, m, "27E5")[0]
			open, err := p.Reach(u, from, Whole(12))
			if err != nil {
				t.Fatal(err)
			}
			rerouted := 0
			for d := hexmap.Dir(0); d < 6; d++ { // a mine in each hex next to the start
				mine := from.Neighbor(d)
				if _, ok := open.Cost(mine); !ok {
					continue
				}
				wary, err := p.ReachAround(u, Path{From: from}, Whole(12), nil, []hexmap.Hex{mine})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(wary.cost, open.cost) {
					t.Fatalf("%s: the wary reach's costs differ from the open reach's", u.Kind)
				}
				// the least cost of each hex by paths that never enter the mine
				round, err := p.ReachAvoiding(u, from, Whole(12), func(h hexmap.Hex) bool { return h == mine })
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range open.Hexes() {
					if h == mine {
						continue
					}
					oc, _ := open.Cost(h)
					rc, ok := round.Cost(h)
					crossed := slices.ContainsFunc(wary.Path(h).Actions, func(a Action) bool { return a.Hex == mine })
					if ok && rc == oc && crossed {
						t.Errorf("%s: the path to %s crosses the mine in %s though one of the same %s goes round", u.Kind, m.Label(h), m.Label(mine), oc)
					}
					if slices.ContainsFunc(open.Path(h).Actions, func(a Action) bool { return a.Hex == mine }) && !crossed {
						rerouted++
					}
				}
			}
			if rerouted == 0 {
				t.Errorf("%s: the set-up is stale: no open path past a mine next to 27E5 had an equal one round it", u.Kind)
			}
		}
	}
}
