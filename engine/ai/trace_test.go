package ai

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"khamsin/engine/game"
	"khamsin/hexmap"
)

// TestTrace prints one game turn by turn (KHAMSIN_AI_TRACE=scenario:side:opp:seed,
// opp one of defer, l1, l2, random).
func TestTrace(t *testing.T) {
	spec := os.Getenv("KHAMSIN_AI_TRACE")
	if spec == "" {
		t.Skip()
	}
	f := strings.Split(spec, ":")
	s := loadScn(t, f[0])
	side, _ := strconv.Atoi(f[1])
	seed, _ := strconv.ParseUint(f[3], 10, 64)
	var ps [2]game.Player
	ps[side] = New(2)
	switch f[2] {
	case "defer":
		ps[1-side] = game.DeferPlayer{}
	case "l1":
		ps[1-side] = New(1)
	case "l2":
		ps[1-side] = New(2)
	case "random":
		ps[1-side] = game.NewRandomPlayer(seed*7 + 3)
	}
	g := newGame(t, s, seed)
	turn := 0
	acts := map[string]int{}
	for n := 0; n < 20000 && !g.Over(); n++ {
		if g.Turn() != turn {
			dump(t, g, side, acts)
			turn = g.Turn()
			acts = map[string]int{}
		}
		c := ps[g.Actor()].Choose(g.Observe(g.Actor()))
		if g.Actor() == side {
			pc, err := game.ParseCommand(c)
			if err != nil {
				t.Fatalf("%q: %v", c, err)
			}
			acts[string(pc.Verb)]++
			if os.Getenv("KHAMSIN_AI_TRACE_CMDS") != "" {
				if p, ok := ps[side].(*Player); ok {
					t.Logf("  %s  # %s", c, p.Reason())
				}
			}
		}
		if _, err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	dump(t, g, side, acts)
	t.Logf("result: %s", g.Result())
}

func dump(t *testing.T, g *game.Game, side int, acts map[string]int) {
	v := g.ViewAs(-1)
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d bp %v acts %v\n", v.Turn, v.BreakPoint, acts)
	for _, o := range v.Objectives {
		oh, _ := g.Map.Hex(o.Hex)
		var n [2]int
		for _, bv := range v.Bases {
			h, err := g.Map.Hex(bv.Hex)
			if err != nil || hexmap.Distance(h, oh) > 2 || bv.Class == "transport" {
				continue
			}
			ko := false
			for _, s := range bv.Status {
				ko = ko || s == "knocked-out" || s == "carried"
			}
			if ko {
				continue
			}
			if bv.Side == v.Sides[0].ID {
				n[0]++
			} else {
				n[1]++
			}
		}
		fmt.Fprintf(&b, "  %s %s ctl=%s near %v\n", o.ID, o.Hex, o.Controller, n)
	}
	for _, bv := range v.Bases {
		if bv.Side == v.Sides[side].ID {
			fmt.Fprintf(&b, "%s@%s%v ", bv.ID, bv.Hex, bv.Status)
		}
	}
	t.Log(b.String())
}
