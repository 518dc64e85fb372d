package move

import (
	"strings"
	"testing"
)

// A wadi C5-D5 with a cliff on D5's E5 side, sand in E6, a level-1 hill
// in D4 and SMOKE-free ground elsewhere. Infantry in Crest status in D5
// face E5, so their front is the D4, E5 and E6 hexsides, as in 6.0's
// example.
const crestBoard = `C5 D5: wadi
C5-D5: wadi
D5-E5: cliff
E6: sand
D4: open level 1
`

func crestStart(t *testing.T, p *Planner, path string) Path {
	t.Helper()
	pa, err := ParsePath(p.Map(), path)
	if err != nil {
		t.Fatal(err)
	}
	e5, err := p.Map().Hex("90E5")
	if err != nil {
		t.Fatal(err)
	}
	front, _ := pa.From.DirTo(e5)
	pa.Crest, pa.Front = true, front
	return pa
}

// Test6_11_CrestMoves: crest infantry leave across their front as from an
// entrenchment (1 MF + COT); going anywhere else they first leave Crest
// status within the hex, priced as entering the wadi from outside (1 + COT),
// then move from the wadi floor.
func Test6_11_CrestMoves(t *testing.T) {
	p := planner(t, testMap(t, crestBoard, nil), Conditions{})
	inf := Unit{Kind: Infantry}
	for _, c := range []struct {
		name    string
		path    string
		actions []ActionKind
		want    []MP
	}{
		{"across the front over the cliff to E5: 1 + COT", "90D5,90E5", []ActionKind{Enter}, mps(2)},
		{"across the front into sand: 1 + COT + sand", "90D5,90E6", []ActionKind{Enter}, mps(3)},
		{"across the front up to level-1 D4: 1 + climb + COT", "90D5,90D4", []ActionKind{Enter}, mps(3)},
		{"to C6, off the front: leave Crest status, then leave the wadi", "90D5,90C6", []ActionKind{Uncrest, Enter}, mps(2, 3)},
		{"along the wadi to C5: leave Crest status, then enter the wadi hex", "90D5,90C5", []ActionKind{Uncrest, Enter}, mps(2, 2)},
		{"explicit uncrest, staying in D5", "90D5,uncrest", []ActionKind{Uncrest}, mps(2)},
		{"explicit uncrest, then out across the cliff: 3 + COT", "90D5,uncrest,90E5", []ActionKind{Uncrest, Enter}, mps(2, 4)},
	} {
		mv, err := p.Walk(inf, crestStart(t, p, c.path))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		mustLegal(t, mv)
		var acts []ActionKind
		for _, s := range mv.Steps {
			acts = append(acts, s.Action)
		}
		if !sameMPs(costs(mv), c.want) || len(acts) != len(c.actions) || acts[0] != c.actions[0] {
			t.Errorf("%s: %v %v, want %v %v (%s)", c.name, acts, costs(mv), c.actions, c.want, whyOf(mv.Steps[0]))
		}
		if mv.Steps[0].Items[0].Rule[:4] != "6.11" {
			t.Errorf("%s: first term %v does not cite 6.11", c.name, mv.Steps[0].Items[0])
		}
	}
	// Not in Crest status: "uncrest" is illegal, and the cliff costs 3 + COT.
	if mv := walk(t, p, inf, "90D5,uncrest"); mv.Legal || !strings.Contains(mv.Error, "not in Crest status") {
		t.Errorf("uncrest without Crest status: legal=%v %q", mv.Legal, mv.Error)
	}
	if mv := walk(t, p, inf, "90D5,90E5"); mv.Total != Whole(4) {
		t.Errorf("D5→E5 from the wadi floor: %s, want 4", mv.Total)
	}
}

// Test6_0_CrestStatusWho: only infantry in a wadi hex, the counter's middle
// hexside not one the wadi crosses (6.0).
func Test6_0_CrestStatusWho(t *testing.T) {
	m := testMap(t, crestBoard, nil)
	p := planner(t, m, Conditions{})
	pa := crestStart(t, p, "90D5,90E5")
	for _, c := range []struct {
		name string
		u    Unit
		pa   Path
		want string
	}{
		{"a truck", Unit{Kind: Truck}, pa, "only infantry"},
		{"not a wadi hex", Unit{Kind: Infantry}, func() Path { q := pa; q.From = hexes(t, m, "90E5")[0]; q.Actions = nil; return q }(), "not a wadi hex"},
		{"middle hexside along the wadi", Unit{Kind: Infantry}, func() Path {
			q := pa
			q.Front, _ = q.From.DirTo(hexes(t, m, "90C5")[0])
			return q
		}(), "wadi crosses"},
	} {
		if _, err := p.Walk(c.u, c.pa); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("walk, %s: %v, want %q", c.name, err, c.want)
		}
		if _, err := p.ReachFrom(c.u, c.pa, Whole(6)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reach, %s: %v, want %q", c.name, err, c.want)
		}
	}
}

// Test6_11_ReachFromCrest: reach from Crest status prices the first step
// as move does, and every least cost equals the cost move reports for the
// path reach gives.
func Test6_11_ReachFromCrest(t *testing.T) {
	p := planner(t, testMap(t, crestBoard, nil), Conditions{})
	inf := Unit{Kind: Infantry}
	start := crestStart(t, p, "90D5")
	a, err := p.ReachFrom(inf, start, inf.Allotment())
	if err != nil {
		t.Fatal(err)
	}
	m := p.Map()
	// D6 is cheapest by way of E6: out across the front into the sand, then on.
	for label, want := range map[string]float64{"90E5": 2, "90E6": 3, "90D4": 3, "90C6": 5, "90C5": 4, "90D6": 4} {
		h := hexes(t, m, label)[0]
		got, ok := a.Cost(h)
		if !ok || got != MP(2*want) {
			t.Errorf("reach %s from Crest status: %s (reached %v), want %v", label, got, ok, want)
		}
	}
	for _, h := range a.Hexes() {
		c, _ := a.Cost(h)
		mv, err := p.Walk(inf, a.Path(h))
		if err != nil {
			t.Fatal(err)
		}
		if !mv.Legal || mv.Total != c {
			t.Errorf("%s: reach %s, move %s (%s)", m.Label(h), c, mv.Total, mv.Error)
		}
	}
}
