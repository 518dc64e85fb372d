package los

import (
	"math/rand/v2"
	"testing"

	"khamsin/hexmap"
)

// GroundSight answers as a Checker does (seed 002 Note 3 for the SMOKE,
// the LOS model of brief §4 for the rest), asked each pair twice (the
// second from memory) and after the SMOKE changes and changes back; a
// hex off the map is answered too.
func TestGroundSightEqualsChecker(t *testing.T) {
	g := benchMap(t)
	hs := g.Map().Hexes()
	rng := rand.New(rand.NewPCG(1, 2))
	pairs := make([][2]hexmap.Hex, 3000)
	for i := range pairs {
		a := hs[rng.IntN(len(hs))]
		b := hexmap.Hex{Q: a.Q + rng.IntN(25) - 12, R: a.R + rng.IntN(25) - 12}
		pairs[i] = [2]hexmap.Hex{a, b}
	}
	smokes := [][]hexmap.Hex{nil, {hs[100], hs[700]}, nil, {hs[100], hs[700]}, {hs[400]}}
	s := g.NewGroundSight()
	c := g.NewChecker()
	asked, blocked := 0, 0
	for _, smoke := range smokes {
		for round := 0; round < 2; round++ {
			for _, p := range pairs {
				want := c.SeesThrough(g.At(p[0]), g.At(p[1]), smoke)
				if got := s.SeesThrough(p[0], p[1], smoke); got != want {
					t.Fatalf("%v to %v, SMOKE %v: memo says %v, the checker %v", p[0], p[1], smoke, got, want)
				}
				asked++
				if !want {
					blocked++
				}
			}
		}
	}
	if blocked == 0 || blocked == asked {
		t.Fatalf("%d of %d lines blocked: the pairs test nothing", blocked, asked)
	}
}
