package scenario

import (
	"strings"

	"khamsin/engine/forces"
)

// Sortie is one [[air]] entry: a Close Air Support sortie (seed 002 14.9,
// 7.1 step 7). It arrives at the end of the turn before Turn (like a
// reinforcement, 7.1 step 7) and may attack once during Turn; a sortie
// driven off by AA comes back the turn after (10.24).
type Sortie struct {
	ID       string `toml:"id"`       // named in commands: "strike S1 26P4"
	Side     string `toml:"side"`     // the side it flies for
	Turn     int    `toml:"turn"`     // the turn it attacks in (1 = from the start)
	Aircraft string `toml:"aircraft"` // a catalogue [[aircraft]] ID
	Number   int    `toml:"number"`   // aircraft in the sortie (default 1)
	Ordnance string `toml:"ordnance"` // bombs or rockets (what the aircraft carries)
	// Comms is the communications modifier of the FAC designating its
	// target, −2 to +2 (14.9).
	Comms int `toml:"comms"`
	line  int
}

// MaxSortieAircraft bounds a sortie's aircraft.
const MaxSortieAircraft = 6

// Line is the line of the [[air]] header.
func (a *Sortie) Line() int { return a.line }

// Aircraft count of a sortie: Number, or 1 when the file gives none.
func (a *Sortie) Aircrafts() int {
	if a.Number <= 0 {
		return 1
	}
	return a.Number
}

func (s *Scenario) fillAir() {
	for i := range s.Air {
		s.Air[i].line = s.ix.Line("air", i)
	}
}

// validateAir checks the [[air]] sorties: unique IDs (apart from unit IDs
// too), a side, a turn within the game, an aircraft of the side's nation
// that carries the ordnance, 1–6 aircraft, comms −2…+2.
func (s *Scenario) validateAir(cat *forces.Catalogue, p *problems) {
	seen := map[string]bool{}
	for _, sd := range s.Sides {
		for _, u := range sd.Units {
			seen[u.ID] = true
		}
	}
	var sides []string
	for _, sd := range s.Sides {
		sides = append(sides, sd.ID)
	}
	for i := range s.Air {
		a := &s.Air[i]
		ap := func(key ...any) []any {
			at := append(path("air", i), key...)
			if len(key) > 0 && !s.ix.Has(at...) {
				return path("air", i)
			}
			return at
		}
		name := "air " + a.ID
		switch {
		case a.ID == "":
			p.at(ap(), "air: needs id = \"S1\" (named in commands)")
			name = "air"
		case !validID(a.ID):
			p.at(ap("id"), "air id %s: letters then digits, at most %d", q(a.ID), MaxIDLen)
		case seen[a.ID]:
			p.at(ap("id"), "air id %s: already the ID of a unit or sortie", q(a.ID))
		}
		seen[a.ID] = true
		si := s.SideIndex(a.Side)
		if si < 0 {
			p.at(ap("side"), "%s: side %s: expected %s", name, q(a.Side), strings.Join(sides, " or "))
		}
		if a.Turn < 1 || a.Turn > s.TurnLimit() {
			p.at(ap("turn"), "%s: turn = %d: expected 1 to %d (the turn it attacks in)", name, a.Turn, s.TurnLimit())
		}
		if a.Number < 0 || a.Number > MaxSortieAircraft {
			p.at(ap("number"), "%s: number = %d: expected 1 to %d aircraft", name, a.Number, MaxSortieAircraft)
		}
		if a.Comms < -2 || a.Comms > 2 {
			p.at(ap("comms"), "%s: comms = %d: the communications modifier runs from -2 to +2 (14.9)", name, a.Comms)
		}
		if a.Ordnance != forces.OrdBombs && a.Ordnance != forces.OrdRockets {
			p.at(ap("ordnance"), "%s: ordnance %s: expected bombs or rockets", name, q(a.Ordnance))
		}
		if cat == nil {
			continue
		}
		ac, ok := cat.AircraftType(a.Aircraft)
		switch {
		case !ok:
			p.at(ap("aircraft"), "%s: aircraft %s: not in the catalogue (%s)", name, q(a.Aircraft), aircraftOf(cat, s, si))
		case si >= 0 && s.Sides[si].Nation != "" && ac.Nation != s.Sides[si].Nation:
			p.at(ap("aircraft"), "%s: aircraft %s is %s; side %s is %s", name, a.Aircraft, ac.Nation, a.Side, s.Sides[si].Nation)
		case (a.Ordnance == forces.OrdBombs || a.Ordnance == forces.OrdRockets) && !ac.Carries(a.Ordnance):
			p.at(ap("ordnance"), "%s: %s carries no %s", name, ac.Name, a.Ordnance)
		}
	}
}

// aircraftOf lists the catalogue's aircraft of side si's nation (all of
// them when the side is unknown), for messages.
func aircraftOf(cat *forces.Catalogue, s *Scenario, si int) string {
	var ids []string
	nation := ""
	if si >= 0 {
		nation = s.Sides[si].Nation
	}
	for _, id := range cat.AircraftIDs() {
		if a, _ := cat.AircraftType(id); nation == "" || a.Nation == nation {
			ids = append(ids, id)
		}
	}
	if nation != "" {
		return nation + " aircraft: " + strings.Join(ids, ", ")
	}
	return strings.Join(ids, ", ")
}
