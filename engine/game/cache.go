package game

import (
	"sync"

	"khamsin/engine/los"
	"khamsin/engine/move"
)

// The read paths (Legal, ViewAs, the odds and previews) are pure: they
// never change the game, so many goroutines may read one state at once and
// the computer can think off the window's frame loop. What they remember
// between calls lives here, behind a lock, and is keyed by the state it was
// computed from.

// readCache is one game's memo of answers that depend on the whole state.
// A Clone starts with an empty one.
type readCache struct {
	mu    sync.Mutex
	gen   int       // the state generation the entries below belong to
	vis   [2][]bool // per side: which bases it sees (visibility); never mutated once stored
	areas map[*Base]*move.Area

	chkMu   sync.Mutex
	checker sync.Pool // *los.Checker on the grid below: a Checker has scratch space
	grid    *los.Grid
}

// sightCache is every hex seen from a Location past the SMOKE on the map:
// it depends only on the grid and the SMOKE, so a game and all its clones
// share one (the computer's lookahead reuses it).
type sightCache struct {
	mu  sync.Mutex
	key string // the grid's ruins and the SMOKE the entries were computed with
	m   map[los.Location]*sight
}

// fresh drops entries computed for another generation; the caller holds mu.
func (c *readCache) fresh(gen int) {
	if c.gen != gen {
		c.gen, c.vis, c.areas = gen, [2][]bool{}, nil
	}
}

// withChecker runs f with a LOS checker of the game's grid that no other
// goroutine is using.
func (g *Game) withChecker(f func(c *los.Checker)) {
	rc := g.rc
	rc.chkMu.Lock()
	if rc.grid != g.grid {
		rc.grid, rc.checker = g.grid, sync.Pool{}
	}
	grid := rc.grid
	c, _ := rc.checker.Get().(*los.Checker)
	rc.chkMu.Unlock()
	if c == nil {
		c = grid.NewChecker()
	}
	f(c)
	rc.chkMu.Lock()
	if rc.grid == grid {
		rc.checker.Put(c)
	}
	rc.chkMu.Unlock()
}

// seesThrough is the checker's SeesThrough past the SMOKE on the map.
func (g *Game) seesThrough(from, to los.Location) bool {
	var ok bool
	g.withChecker(func(c *los.Checker) { ok = c.SeesThrough(from, to, g.Smoke) })
	return ok
}
