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
				if e.veil != 0 && int(e.veil)-1 != side {
					e = e.veiled() // an enemy roll or loss told without what the reader does not see
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

// replayed is a game with its own caches played through g's commands.
func replayed(t *testing.T, name string, g *Game) *Game {
	t.Helper()
	r, err := New(loadScn(t, name), g.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range g.cmds {
		if _, err := r.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	if r.Hash() != g.Hash() {
		t.Fatal("the replay went its own way")
	}
	return r
}

// The caches kept across commands and clones (walkCache, lineCache) give
// the answers a game with empty caches gives: every move's preview
// (3.31, 7.31 checks, Note D, dust) and who sees whom (§6A), asked after
// a clone with other SMOKE (seed 002 Note 3) has filled them too.
func TestKeptCachesEqualFreshAnswers(t *testing.T) {
	for _, name := range builtinGames(t) {
		g, p := playTo(t, name, 5, 30)
		// a clone goes its own way, SMOKE and all, on the shared caches
		c := g.Clone()
		q := [2]Player{NewRandomPlayer(91), NewRandomPlayer(92)}
		for i := 0; i < 20 && !c.Over(); i++ {
			if _, err := c.Do(q[c.actor].Choose(c.Observe(c.actor))); err != nil {
				t.Fatal(err)
			}
			for _, cm := range c.legalShared() {
				if cm.Verb == VerbMove {
					c.PreviewMove(cm.Base, cm.Hex.String())
				}
			}
		}
		for i := 0; i < 30 && !g.Over(); i++ {
			if _, err := g.Do(p[g.actor].Choose(g.Observe(g.actor))); err != nil {
				t.Fatal(err)
			}
			if i%15 != 14 {
				continue
			}
			r := replayed(t, name, g)
			moves := 0
			for _, cm := range g.legalShared() {
				if cm.Verb != VerbMove {
					continue
				}
				moves++
				for round := 0; round < 2; round++ { // the second from the cache
					got, err1 := g.PreviewMove(cm.Base, cm.Hex.String())
					want, err2 := r.PreviewMove(cm.Base, cm.Hex.String())
					if !reflect.DeepEqual(got, want) || (err1 == nil) != (err2 == nil) {
						t.Fatalf("%s: preview of %s: kept %+v (%v), fresh %+v (%v)", name, cm, got, err1, want, err2)
					}
				}
			}
			for side := 0; side < 2; side++ {
				for _, b := range g.bases {
					rb := r.baseIdx[b.ID]
					if g.visibleTo(side, b) != r.visibleTo(side, rb) {
						t.Fatalf("%s: side %d sees %s: kept %v, fresh %v", name, side, b.ID, g.visibleTo(side, b), r.visibleTo(side, rb))
					}
				}
			}
			if g.phase != PhaseOver && moves == 0 && g.open == nil && g.phase == PhaseActivate {
				t.Logf("%s: no move to preview after %d commands", name, len(g.cmds))
			}
		}
	}
}
