package forces

// Aircraft is one kind of Close Air Support aircraft (seed 002 14.9): what
// a scenario's sortie flies. Aircraft are not bases: a sortie gives no
// Orders (7.2), never holds an objective and, destroyed, is not a lost
// unit (10.24). Ratings are original values; seed 002 gives none.
type Aircraft struct {
	ID     string
	Name   string
	Nation string
	TQ     int // ± on the accuracy and to-hit rolls (14.9)
	Morale int // ± on the AA reaction test (10.24)
	// Bombs is the HE# of its bomb load (0: carries none). RocketsHE and
	// RocketsPEN rate its rockets: HE# against soft targets, PEN (hollow
	// charge or AP heads) against armour; both 0: carries none.
	Bombs, RocketsHE, RocketsPEN int
	Note                         string
	Line                         int
	File                         string
}

// Ordnance an air attack may use (a scenario's sortie names one).
const (
	OrdBombs   = "bombs"
	OrdRockets = "rockets"
)

// Carries reports whether the aircraft can attack with ordnance ord.
func (a *Aircraft) Carries(ord string) bool {
	switch ord {
	case OrdBombs:
		return a.Bombs > 0
	case OrdRockets:
		return a.RocketsHE > 0 || a.RocketsPEN > 0
	}
	return false
}

// AircraftType looks up an aircraft by ID.
func (c *Catalogue) AircraftType(id string) (*Aircraft, bool) {
	a, ok := c.Aircraft[id]
	return a, ok
}

// AircraftIDs lists every aircraft's ID in sorted order.
func (c *Catalogue) AircraftIDs() []string { return sortedIDs(c.Aircraft) }

// aircraft reads one [[aircraft]] entry. Its ID shares the namespace of the
// base types: one ID names one thing.
func (p *parser) aircraft(e *entry) {
	a := &Aircraft{File: e.file, Line: e.line("")}
	a.ID = e.readID(p.typeAt)
	a.Name = e.str("name", true)
	a.Note = e.str("note", false)
	a.Nation = e.str("nation", true)
	if a.Nation != "" {
		if pre, ok := idPrefix[a.Nation]; !ok || a.Nation == NationAny {
			e.errorf("nation", "nation %q: expected british, german or italian", a.Nation)
		} else if a.ID != "" && len(a.ID) >= len(pre) && a.ID[:len(pre)] != pre {
			e.errorf("id", "a %s entry's id starts with %q", a.Nation, pre)
		}
	}
	a.TQ = e.num("tq", -3, 3, 0)
	a.Morale = e.num("morale", -3, 3, 0)
	a.Bombs = e.num("bombs", 0, maxHE, 0)
	a.RocketsHE = e.num("rockets_he", 0, maxHE, 0)
	a.RocketsPEN = e.num("rockets_pen", 0, maxPEN, 0)
	if !a.Carries(OrdBombs) && !a.Carries(OrdRockets) {
		e.errorf("", "an aircraft needs bombs (HE#) or rockets (rockets_he, rockets_pen) to attack with (14.9)")
	}
	if a.ID != "" {
		p.cat.Aircraft[a.ID] = a
	}
}
