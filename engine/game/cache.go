package game

import (
	"slices"
	"sync"

	"khamsin/engine/los"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// The read paths (Legal, ViewAs, the odds and previews) are pure: they
// never change the game, so many goroutines may read one state at once and
// the computer can think off the window's frame loop. What they remember
// between calls lives here, behind a lock, and is keyed by the state it was
// computed from.

// readCache is one game's memo of answers that depend on the whole state.
// A Clone starts with an empty one.
type readCache struct {
	mu      sync.Mutex
	gen     int       // the state generation the entries below belong to
	seen    [2][]int8 // per side, per base: 1 it sees it, -1 it does not, 0 not yet asked (visibleTo)
	areas   map[*Base]*move.Area
	legal   []Command // LegalCommands' list, once built
	legalOK bool
	occ     map[hexmap.Hex][]*Base // effective bases on the map by hex, once built

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

// reachCache is every move area computed: an area depends only on the
// planner (replaced whole when its counters change), the mover and where
// it starts, so it stays true across commands and clones. It is bounded:
// full, it starts again.
type reachCache struct {
	mu sync.Mutex
	m  map[reachKey]*move.Area
}

type reachKey struct {
	plan  *move.Planner
	unit  move.Unit
	from  hexmap.Hex
	crest bool
	front hexmap.Dir
	mp    move.MP
}

// maxReach bounds the reach cache: an area holds two numbers per map cell
// (about 12 KB on a 2×2 map), so at most about 12 MB.
const maxReach = 1024

func (c *reachCache) get(k reachKey) (*move.Area, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.m[k]
	return a, ok
}

func (c *reachCache) put(k reachKey, a *move.Area) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxReach {
		c.m = map[reachKey]*move.Area{}
	}
	c.m[k] = a
}

// fresh drops entries computed for another generation; the caller holds mu.
func (c *readCache) fresh(gen int) {
	if c.gen != gen {
		c.gen, c.seen, c.areas, c.legal, c.legalOK, c.occ = gen, [2][]int8{}, nil, nil, false, nil
	}
}

// occupants is the effective bases on the map in h, in the game's order,
// as of the state's generation: for the checks of commands (a command
// being carried out changes the state under it: use basesIn there).
func (g *Game) occupants(h hexmap.Hex) []*Base {
	rc := g.rc
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.fresh(g.gen)
	if rc.occ == nil {
		rc.occ = map[hexmap.Hex][]*Base{}
		for _, b := range g.bases {
			if b.Effective() {
				rc.occ[b.Hex] = append(rc.occ[b.Hex], b)
			}
		}
	}
	return rc.occ[h]
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

// seesThrough is the checker's SeesThrough past the SMOKE on the map,
// remembered (lineCache).
func (g *Game) seesThrough(from, to los.Location) bool {
	key := [2]los.Location{from, to}
	if ok, known := g.lines.get(g.grid, g.smoke, key); known {
		return ok
	}
	var ok bool
	g.withChecker(func(c *los.Checker) { ok = c.SeesThrough(from, to, g.smoke) })
	g.lines.put(g.grid, g.smoke, key, ok)
	return ok
}

// lineCache is seesThrough's answers: a line between two Locations
// depends only on the LOS grid (a new one when a building falls to
// ruins) and the SMOKE on the map, so the answers stay true across
// commands and clones until either changes; the game asks the same lines
// (who sees whom) after every command. Bounded: full, it starts again.
type lineCache struct {
	mu    sync.Mutex
	grid  *los.Grid
	smoke []hexmap.Hex
	m     map[[2]los.Location]bool
}

// maxLines bounds the line cache (about 100 bytes an entry).
const maxLines = 1 << 16

func (c *lineCache) get(grid *los.Grid, smoke []hexmap.Hex, k [2]los.Location) (ok, known bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.grid != grid || !slices.Equal(c.smoke, smoke) {
		return false, false
	}
	ok, known = c.m[k]
	return ok, known
}

func (c *lineCache) put(grid *los.Grid, smoke []hexmap.Hex, k [2]los.Location, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxLines || c.grid != grid || !slices.Equal(c.smoke, smoke) {
		c.m, c.grid, c.smoke = map[[2]los.Location]bool{}, grid, slices.Clone(smoke)
	}
	c.m[k] = ok
}
