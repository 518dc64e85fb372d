package move

import "khamsin/hexmap"

// Blocked is a hex the battle has made impassable (seed 002's Terrain
// Effects Tables): burning ruins, or a destroyed bridge. A destroyed
// bridge's wadi stays open (5.51: the hex is a wadi hex again), so Wadi
// lets units enter it along the wadi, beneath where the bridge stood.
type Blocked struct {
	Hex  hexmap.Hex
	Wadi bool
	Why  string // the denial's reason, with its rule
}

// blockedEntry says whether entering e.to is allowed past a Blocked hex.
func (p *Planner) blockedEntry(e entry, alongWadi bool, t *tally) bool {
	b, ok := p.blocked[e.to]
	if !ok || (b.Wadi && alongWadi) {
		return true
	}
	return t.deny(denial{format: b.Why})
}
