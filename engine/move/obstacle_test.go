package move

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

// Seed 002's Linear Fixed Defences by the hex: Note 2 wire admits only
// units marked CrushWire, Note 1 a ditch or dragon's teeth only those
// marked CrossLow; every crossing, and an improvised obstacle for all,
// costs Bad Going (+1 MF/MP, the join); the denial names the note.
func TestObstacleEntryFixedDefences(t *testing.T) {
	m := testMap(t, "", nil)
	plain := planner(t, m, Conditions{})
	inf := Unit{Kind: Infantry, CrossLow: true}
	tank := Unit{Kind: FullTrack, CrushWire: true}
	truck := Unit{Kind: Truck}
	for _, c := range []struct {
		kind ObstacleKind
		u    Unit
		ok   bool
		note string
	}{
		{Wire, inf, false, "Note 2"},
		{Wire, tank, true, ""},
		{Wire, truck, false, "Note 2"},
		{Ditch, inf, true, ""},
		{Ditch, tank, false, "Note 1"},
		{Teeth, truck, false, "Note 1"},
		{Teeth, inf, true, ""},
		{Improvised, truck, true, ""},
		{Improvised, inf, true, ""},
	} {
		p := planner(t, m, Conditions{Obstacles: []Obstacle{{Hex: hexes(t, m, "90F5")[0], Kind: c.kind}}})
		mv := walk(t, p, c.u, "90E5,90F5")
		if mv.Legal != c.ok {
			t.Errorf("%s into %s: legal %v, want %v (%s)", c.u.Kind, c.kind, mv.Legal, c.ok, mv.Error)
			continue
		}
		if !c.ok {
			if !strings.Contains(mv.Error, c.note) {
				t.Errorf("%s into %s: %q does not cite %s", c.u.Kind, c.kind, mv.Error, c.note)
			}
			continue
		}
		base := walk(t, plain, c.u, "90E5,90F5")
		if mv.Total != base.Total+Whole(1) {
			t.Errorf("%s into %s: %s, want %s + 1 (Bad Going)", c.u.Kind, c.kind, mv.Total, base.Total)
		}
	}
	if _, err := ParseObstacleKind("none"); err == nil {
		t.Error("ParseObstacleKind accepts none")
	}
	for k, want := range map[ObstacleKind]int{Wire: 2, Ditch: 6, Teeth: 8, Improvised: 4} {
		if k.Toughness() != want {
			t.Errorf("%s: toughness %d, want %d (Linear Fixed Defences)", k, k.Toughness(), want)
		}
	}
}

// ReachAvoiding never enters an avoided hex (seed 002 Note 3) but may go
// round it.
func TestReachAvoidingNote3(t *testing.T) {
	m := testMap(t, "", nil)
	p := planner(t, m, Conditions{})
	avoid := hexes(t, m, "90F5")[0]
	a, err := p.ReachAvoiding(Unit{Kind: Infantry}, hexes(t, m, "90E5")[0], Whole(6), func(h hexmap.Hex) bool { return h == avoid })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Cost(avoid); ok {
		t.Error("the avoided hex is reachable")
	}
	if _, ok := a.Cost(hexes(t, m, "90G5")[0]); !ok {
		t.Error("the hex beyond is not reachable round the avoided one")
	}
}

// PlayWith asks before each entry: EnterRefused ends the move in the hex
// before, EnterStop in the hex entered; EnterGo plays on (the game's
// minefields and wire, F.7, 13.4).
func TestPlayWithEntryHook(t *testing.T) {
	m := testMap(t, "", nil)
	p := planner(t, m, Conditions{})
	for _, c := range []struct {
		at   int
		e    Entry
		want string
	}{{1, EnterRefused, "90F5"}, {1, EnterStop, "90G5"}, {0, EnterRefused, ""}, {-1, EnterGo, "90H5"}} {
		mv := walk(t, p, Unit{Kind: Infantry}, "90E5,90F5,90G5,90H5")
		asked := 0
		mv.PlayWith(m, nil, func(i int, st Step) Entry {
			asked++
			if i == c.at {
				return c.e
			}
			return EnterGo
		})
		got := ""
		if n := len(mv.Steps); n > 0 {
			got = m.Label(mv.Steps[n-1].Hex)
		}
		if got != c.want {
			t.Errorf("%v at step %d: ends in %q, want %q (asked %d times)", c.e, c.at, got, c.want, asked)
		}
	}
}
