package scenario

import (
	"strings"

	"khamsin/engine/forces"
	"khamsin/hexmap"
)

// Fire support in a scenario (docs/formats.md, "Fire support"): a side's
// batteries, observation aircraft and pre-planned fire (seed 002
// §10.15–.18, §7.1 step 2, §7.2).

// Battery is one [[side.battery]]: an off-table battery, or, with unit
// set, the side's on-table mortar unit of that ID acting as a battery.
type Battery struct {
	ID      string `toml:"id"`      // off-table: its ID in commands (unique across the scenario)
	Name    string `toml:"name"`    // "25-pdr battery, 4th RHA"
	Unit    string `toml:"unit"`    // on-table mortar battery: the unit (its ID is the battery's)
	Guns    int    `toml:"guns"`    // off-table: the bases in the battery (the FFE radius)
	HE      int    `toml:"he"`      // off-table: the HE# of its shells
	Calibre int    `toml:"calibre"` // mm: FFE Dust needs 70 or more (11.75)
	TQ      int    `toml:"tq"`      // off-table: its TQ
	Officer *int   `toml:"officer"` // off-table: an attached officer's TQ (it gives an Order, §7.2)
	Rockets bool   `toml:"rockets"` // rocket launchers: the FFE radius doubles
	Comms   int    `toml:"comms"`   // the communications modifier of calls to it: 0, 1 or 2
	Smoke   bool   `toml:"smoke"`   // it has smoke rounds (mortar batteries always do)
}

// Barrage is one [[side.barrage]]: pre-planned fire, resolved at §7.1
// step 2 of its turn.
type Barrage struct {
	Battery string `toml:"battery"`
	Turn    int    `toml:"turn"`
	Hex     string `toml:"hex"` // the aim point
	Smoke   bool   `toml:"smoke"`
}

// Aircraft is one [[side.observation_aircraft]]: an artillery observation
// aircraft, an observer in the air (§7.2 gives it an Order).
type Aircraft struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	TQ      int    `toml:"tq"`
	Arrives int    `toml:"arrives"` // the first turn it is overhead (0: from turn 1)
}

// Fire-support bounds.
const (
	MaxGuns    = 24
	MaxHE      = 10
	MaxCalibre = 400
)

// validateArtillery checks every side's batteries, observation aircraft
// and pre-planned fire. ids holds the unit and base IDs already taken.
func (s *Scenario) validateArtillery(p *problems, cat *forces.Catalogue, m *hexmap.Map, ids map[string]bool) {
	for i := range s.Sides {
		sd := &s.Sides[i]
		units := map[string]*Unit{}
		for j := range sd.Units {
			units[sd.Units[j].ID] = &sd.Units[j]
		}
		batteries := map[string]*Battery{}
		for j := range sd.Batteries {
			b := &sd.Batteries[j]
			at := func(key ...any) []any { return append(path("side", i, "battery", j), key...) }
			has := func(key string) bool { return s.ix.Has(at(key)...) }
			tqOK := func(key string, v int) {
				if v < -3 || v > 3 {
					p.at(at(key), "battery %s: %s = %d: expected -3 to 3", b.ID, key, v)
				}
			}
			if b.Unit != "" {
				for _, k := range []string{"id", "guns", "he", "tq", "officer", "rockets"} {
					if has(k) {
						p.at(at(k), "battery unit %s: %s comes from the unit for an on-table mortar battery (remove the key)", q(b.Unit), k)
					}
				}
				u, ok := units[b.Unit]
				switch {
				case !ok:
					p.at(at("unit"), "battery unit %s: no unit of side %s has that ID", q(b.Unit), sd.ID)
				case cat != nil && !hasMortar(cat, u):
					p.at(at("unit"), "battery unit %s: none of its bases carries a mortar (an on-table battery is a mortar unit)", b.Unit)
				}
			} else {
				switch {
				case b.ID == "":
					p.at(at(), "battery: needs id = \"RA\" (or unit = \"M1\" for an on-table mortar battery)")
				case !validID(b.ID):
					p.at(at("id"), "battery id %s: expected a letter, then letters and digits (at most %d)", q(b.ID), MaxIDLen)
				case ids[b.ID]:
					p.at(at("id"), "battery id %s: already used by a unit, base, battery or aircraft (IDs are unique across the scenario)", q(b.ID))
				}
				ids[b.ID] = true
				if b.Guns < 1 || b.Guns > MaxGuns {
					p.at(at("guns"), "battery %s: guns = %d: expected 1 to %d bases", b.ID, b.Guns, MaxGuns)
				}
				if b.HE < 1 || b.HE > MaxHE {
					p.at(at("he"), "battery %s: he = %d: expected an HE# of 1 to %d", b.ID, b.HE, MaxHE)
				}
				tqOK("tq", b.TQ)
				if b.Officer != nil {
					tqOK("officer", *b.Officer)
				}
			}
			if b.Calibre < 1 || b.Calibre > MaxCalibre {
				p.at(at("calibre"), "battery %s: calibre = %d: expected the shell's calibre in mm, 1 to %d (11.75: FFE Dust from 70)", b.BatteryID(), b.Calibre, MaxCalibre)
			}
			if b.Comms < 0 || b.Comms > 2 {
				p.at(at("comms"), "battery %s: comms = %d: the communications modifier is 0, 1 or 2 (§10.15–.18)", b.BatteryID(), b.Comms)
			}
			if id := b.BatteryID(); id != "" {
				if _, dup := batteries[id]; dup {
					p.at(at(), "battery %s: given twice", q(id))
				}
				batteries[id] = b
			}
		}
		for j := range sd.Aircraft {
			a := &sd.Aircraft[j]
			at := func(key ...any) []any { return append(path("side", i, "observation_aircraft", j), key...) }
			switch {
			case a.ID == "":
				p.at(at(), "observation_aircraft: needs id = \"AOP\"")
			case !validID(a.ID):
				p.at(at("id"), "observation aircraft id %s: expected a letter, then letters and digits (at most %d)", q(a.ID), MaxIDLen)
			case ids[a.ID]:
				p.at(at("id"), "observation aircraft id %s: already used (IDs are unique across the scenario)", q(a.ID))
			}
			ids[a.ID] = true
			if a.TQ < -3 || a.TQ > 3 {
				p.at(at("tq"), "observation aircraft %s: tq = %d: expected -3 to 3", a.ID, a.TQ)
			}
			if a.Arrives < 0 || a.Arrives > s.TurnLimit() {
				p.at(at("arrives"), "observation aircraft %s: arrives = %d: expected 1 to %d (or leave it out)", a.ID, a.Arrives, s.TurnLimit())
			}
		}
		for j := range sd.Barrages {
			b := &sd.Barrages[j]
			at := func(key ...any) []any { return append(path("side", i, "barrage", j), key...) }
			bt, ok := batteries[b.Battery]
			switch {
			case b.Battery == "":
				p.at(at(), "barrage: needs battery = the ID of one of side %s's batteries", sd.ID)
			case !ok:
				p.at(at("battery"), "barrage: battery %s: not a battery of side %s", q(b.Battery), sd.ID)
			case b.Smoke && !bt.Smoke && bt.Unit == "":
				p.at(at("smoke"), "barrage: battery %s has no smoke rounds (say smoke = true in its [[side.battery]])", b.Battery)
			}
			if b.Turn < 1 || b.Turn > s.TurnLimit() {
				p.at(at("turn"), "barrage: turn = %d: expected 1 to %d (§7.1 step 2 of that turn)", b.Turn, s.TurnLimit())
			}
			if m != nil {
				if b.Hex == "" {
					p.at(at(), "barrage: needs hex = \"25C5\" (the aim point)")
				} else if _, err := m.Hex(strings.ToUpper(b.Hex)); err != nil {
					p.at(at("hex"), "barrage: %s", clipErr(err))
				}
			}
		}
	}
}

// hasMortar reports a unit with a base carrying a mortar.
func hasMortar(cat *forces.Catalogue, u *Unit) bool {
	for _, b := range u.Bases {
		t, ok := cat.Type(b.Type)
		if !ok {
			continue
		}
		for _, w := range t.Weapons {
			if wp, ok := cat.Weapon(w); ok && wp.Kind == forces.Mortar {
				return true
			}
		}
	}
	return false
}

// BatteryID is a battery's ID in commands: its id, or its unit's.
func (b *Battery) BatteryID() string {
	if b.Unit != "" {
		return b.Unit
	}
	return b.ID
}
