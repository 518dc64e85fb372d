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
// planner (replaced whole when its counters change), the mover, where it
// starts and the hexes its side sees an enemy in within its reach (no
// path crosses them: seenEnemyHexes), so it stays true across commands
// and clones. It is bounded:
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
	avoid string // seenEnemyHexes' key: the hexes no path may cross
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
// (who sees whom) after every command. It keeps a few sets, one per grid
// and SMOKE, so a game and the clones the computer plays forward (whose
// SMOKE may differ) do not keep wiping each other's. Bounded: a full set
// starts again, and the set used longest ago gives way to a new one.
type lineCache struct {
	mu   sync.Mutex
	sets []*lineSet // most recently used first
}

type lineSet struct {
	grid  *los.Grid
	smoke []hexmap.Hex
	m     map[[2]los.Location]bool
}

// maxLines bounds a set (about 100 bytes an entry); maxLineSets the sets.
const (
	maxLines    = 1 << 16
	maxLineSets = 4
)

// set is the set for grid and smoke, moved to the front; nil if none and
// create is false. The caller holds mu.
func (c *lineCache) set(grid *los.Grid, smoke []hexmap.Hex, create bool) *lineSet {
	for i, s := range c.sets {
		if s.grid == grid && slices.Equal(s.smoke, smoke) {
			copy(c.sets[1:i+1], c.sets[:i])
			c.sets[0] = s
			return s
		}
	}
	if !create {
		return nil
	}
	s := &lineSet{grid: grid, smoke: slices.Clone(smoke), m: map[[2]los.Location]bool{}}
	if len(c.sets) < maxLineSets {
		c.sets = append(c.sets, nil)
	}
	copy(c.sets[1:], c.sets)
	c.sets[0] = s
	return s
}

func (c *lineCache) get(grid *los.Grid, smoke []hexmap.Hex, k [2]los.Location) (ok, known bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.set(grid, smoke, false); s != nil {
		ok, known = s.m[k]
	}
	return ok, known
}

func (c *lineCache) put(grid *los.Grid, smoke []hexmap.Hex, k [2]los.Location, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.set(grid, smoke, true)
	if len(s.m) >= maxLines {
		s.m = map[[2]los.Location]bool{}
	}
	s.m[k] = ok
}
