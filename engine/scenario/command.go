package scenario

import (
	"fmt"

	"khamsin/engine/scale"
	"khamsin/hexmap"
)

// InCommand is how far, in hexes, a base may stand from the nearest other
// base of its unit and still be In Command (20 cm, §6A). The game's
// movement and the designer's set-up warning read this one figure.
var InCommand = scale.Hexes(20)

// CommandWarnings are the units on the map at the start with a base more
// than InCommand hexes from every other base of its unit: legal, but the
// unit begins Out of Command (§6A), which a designer seldom means. Each
// reads "file:line: …" at the base's hex. Units that arrive later, and
// passengers (they ride with their carrier), are not judged.
func (s *Scenario) CommandWarnings(m *hexmap.Map) []string {
	if m == nil {
		return nil
	}
	var out []string
	for i := range s.Sides {
		for j := range s.Sides[i].Units {
			u := &s.Sides[i].Units[j]
			if u.Arrives > 0 {
				continue
			}
			type placed struct {
				k int
				h hexmap.Hex
			}
			var at []placed
			for k := range u.Bases {
				b := &u.Bases[k]
				if b.Passenger != "" {
					continue
				}
				if h, err := m.Hex(b.Hex); err == nil {
					at = append(at, placed{k, h})
				}
			}
			if len(at) < 2 {
				continue
			}
			for _, p := range at {
				near := -1
				for _, o := range at {
					if o.k != p.k {
						if d := hexmap.Distance(p.h, o.h); near < 0 || d < near {
							near = d
						}
					}
				}
				if near > InCommand {
					b := &u.Bases[p.k]
					line := s.ix.Line("side", i, "unit", j, "base", p.k, "hex")
					out = append(out, fmt.Sprintf("%s:%d: unit %s starts Out of Command: base %s in %s is %d hexes from the nearest other base of the unit (In Command is %d hexes, §6A)", s.File, line, u.ID, b.ID, b.Hex, near, InCommand))
				}
			}
		}
	}
	return out
}
