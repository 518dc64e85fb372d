package game

import (
	"reflect"
	"testing"
)

// eventsForRef is EventsFor built from the whole log, as it was before
// the logs were kept (issue 17's numbering: a side's events and the
// commands that caused them counted in its own sequence).
func eventsForRef(g *Game, side int) []Event {
	var out []Event
	lastCmd, cmds := 0, 0
	for _, e := range g.events {
		if side < 0 || e.Private == "" || e.Private == g.sides[side].ID {
			if side >= 0 {
				e.Seq = len(out) + 1
				if e.global != lastCmd {
					lastCmd, cmds = e.global, cmds+1
				}
				e.Cmd = 0
				if e.global > 0 {
					e.Cmd = cmds
				}
			}
			out = append(out, e)
		}
	}
	return out
}

// The logs kept between reads (sideLogs) are the logs built afresh, for
// every reader after every command, in a game and in clones that go their
// own ways (issue 17's numbering; a clone's log is its own).
func TestKeptLogsEqualFreshLogs(t *testing.T) {
	for _, name := range builtinGames(t) {
		g, p := playTo(t, name, 3, 40)
		c := g.Clone()
		q := [2]Player{NewRandomPlayer(77), NewRandomPlayer(78)}
		for i := 0; i < 60; i++ {
			for _, x := range []struct {
				g *Game
				p [2]Player
			}{{g, p}, {c, q}} {
				if x.g.Over() {
					continue
				}
				if _, err := x.g.Do(x.p[x.g.actor].Choose(x.g.Observe(x.g.actor))); err != nil {
					t.Fatal(err)
				}
				for side := -1; side < 2; side++ {
					if got, want := x.g.EventsFor(side), eventsForRef(x.g, side); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s: after %d commands, side %d: kept log (%d events) differs from the log built afresh (%d)", name, i, side, len(got), len(want))
					}
				}
			}
		}
	}
}
