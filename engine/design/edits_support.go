package design

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Typed edits for the rest of the scenario format (docs/formats.md,
// "Scenario files"): fire support (§10.15–.18, 14.9), the defences at
// the start (F.7–F.7C, seed 002's fixed defences and structures),
// counters, section-13 variants and the environment (11.2–11.7). Each is
// one undoable step, as in edits.go; a key the author did not set is
// written only when the value is not the game's default.

// Paths of the tables these edits use.
func batteryTable(s, i int) []any  { return []any{"side", s, "battery", i} }
func aircraftTable(s, i int) []any { return []any{"side", s, "observation_aircraft", i} }
func barrageTable(s, i int) []any  { return []any{"side", s, "barrage", i} }
func sortieTable(i int) []any      { return []any{"air", i} }
func minefieldTable(i int) []any   { return []any{"minefield", i} }
func obstacleTable(i int) []any    { return []any{"obstacle", i} }
func structureTable(i int) []any   { return []any{"structure", i} }
func counterTable(i int) []any     { return []any{"counter", i} }

// setText sets a text key, or clears it for "".
func (d *Doc) setText(t []any, key string, v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("%s: expected text", key)
	}
	if s == "" {
		return d.Clear(t, key)
	}
	return d.Set(t, key, s)
}

// setInt sets a whole-number key; with def non-nil a key the text lacks
// is left out when v is *def.
func (d *Doc) setInt(t []any, key string, v any, def *int) error {
	n, ok := v.(int)
	if !ok {
		return fmt.Errorf("%s: expected a whole number", key)
	}
	if def != nil {
		return d.setOrDefault(t, key, n, *def)
	}
	return d.Set(t, key, n)
}

// setBool sets a true-or-false key whose default is false.
func (d *Doc) setBool(t []any, key string, v any) error {
	b, ok := v.(bool)
	if !ok {
		return fmt.Errorf("%s: expected true or false", key)
	}
	return d.setOrDefault(t, key, b, false)
}

var zero = new(int)

// entryOf checks that the entry at t exists.
func (d *Doc) entryOf(t []any) error {
	if !d.Has(t) {
		return fmt.Errorf("no %s", pathName(t))
	}
	return nil
}

// ---------------------------------------------------------- fire support

// Battery is a [[side.battery]] to add: an off-table battery (ID, Guns,
// HE, Calibre needed) or, with Unit set, an on-table mortar unit of the
// side (Calibre only; the rest comes from the unit).
type Battery struct {
	ID, Name, Unit    string
	Guns, HE, Calibre int
	TQ, Comms         int
	Officer           *int
	Rockets, Smoke    bool
}

// WeaponCalibre is the calibre in mm that a catalogue weapon's ID or
// name states ("81mm", "8 cm", "3-inch"; an inch is 25.4 mm), 0 when
// neither does. The catalogue has no calibre key (the rules ask a
// battery's calibre only for 11.75's FFE Dust and 8.41's sangars, both
// at 70 mm), so a new on-table mortar battery takes it from the mortar's
// own designation, the ID first (the more exact: "de-81mm-mortar" where
// the name says "8 cm").
func WeaponCalibre(w forces.Weapon) int {
	for _, s := range []string{w.ID, w.Name} {
		m := calibreRE.FindStringSubmatch(strings.ToLower(s))
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= 0 {
			continue
		}
		switch m[2] {
		case "cm":
			v *= 10
		case "in", "inch", "-inch":
			v *= 25.4
		}
		if mm := int(math.Round(v)); mm >= 1 && mm <= scenario.MaxCalibre {
			return mm
		}
	}
	return 0
}

// calibreRE finds "81mm", "81 mm", "8 cm", "3in", "3-inch", "4.2-inch"
// in an ID or name (lower case), the number not glued to a letter before.
var calibreRE = regexp.MustCompile(`(?:^|[^a-z0-9.])(\d+(?:\.\d+)?) ?(mm|cm|-inch|inch|in)(?:$|[^a-z])`)

// AddBattery adds a battery to side s and returns its index.
func (d *Doc) AddBattery(s int, b Battery) (int, error) {
	if !d.Has(sideTable(s)) {
		return -1, fmt.Errorf("no side %d", s+1)
	}
	var kvs []KV
	if b.Unit != "" {
		kvs = append(kvs, KV{"unit", b.Unit}, KV{"calibre", b.Calibre})
	} else {
		if b.ID == "" {
			return -1, fmt.Errorf("an off-table battery needs an id")
		}
		kvs = append(kvs, KV{"id", b.ID})
		if b.Name != "" {
			kvs = append(kvs, KV{"name", b.Name})
		}
		kvs = append(kvs, KV{"guns", b.Guns}, KV{"he", b.HE}, KV{"calibre", b.Calibre})
		if b.TQ != 0 {
			kvs = append(kvs, KV{"tq", b.TQ})
		}
		if b.Officer != nil {
			kvs = append(kvs, KV{"officer", *b.Officer})
		}
		if b.Rockets {
			kvs = append(kvs, KV{"rockets", true})
		}
	}
	if b.Comms != 0 {
		kvs = append(kvs, KV{"comms", b.Comms})
	}
	if b.Smoke {
		kvs = append(kvs, KV{"smoke", true})
	}
	return d.AddEntry(sideTable(s), "battery", kvs)
}

// RemoveBattery removes battery i of side s.
func (d *Doc) RemoveBattery(s, i int) error { return d.RemoveEntry(batteryTable(s, i)) }

// SetBattery sets one key of battery i of side s: id, name, unit (text,
// "" clears), guns, he, calibre (numbers), tq, comms (numbers, 0 the
// default), officer (a number, or "" to clear), rockets, smoke (true or
// false).
func (d *Doc) SetBattery(s, i int, key string, v any) error {
	t := batteryTable(s, i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "id", "name", "unit":
		return d.setText(t, key, v)
	case "guns", "he", "calibre":
		return d.setInt(t, key, v, nil)
	case "tq", "comms":
		return d.setInt(t, key, v, zero)
	case "officer":
		if v == "" || v == nil {
			return d.Clear(t, key)
		}
		return d.setInt(t, key, v, nil)
	case "rockets", "smoke":
		return d.setBool(t, key, v)
	}
	return fmt.Errorf("battery: no key %q (id, name, unit, guns, he, calibre, tq, officer, rockets, comms, smoke)", key)
}

// ObservationAircraft is a [[side.observation_aircraft]] to add.
type ObservationAircraft struct {
	ID, Name    string
	TQ, Arrives int // Arrives 0 or 1: from turn 1 (left out)
}

// AddObservationAircraft adds an artillery observation aircraft to side
// s and returns its index.
func (d *Doc) AddObservationAircraft(s int, a ObservationAircraft) (int, error) {
	if !d.Has(sideTable(s)) {
		return -1, fmt.Errorf("no side %d", s+1)
	}
	if a.ID == "" {
		return -1, fmt.Errorf("an observation aircraft needs an id")
	}
	kvs := []KV{{"id", a.ID}}
	if a.Name != "" {
		kvs = append(kvs, KV{"name", a.Name})
	}
	kvs = append(kvs, KV{"tq", a.TQ})
	if a.Arrives > 1 {
		kvs = append(kvs, KV{"arrives", a.Arrives})
	}
	return d.AddEntry(sideTable(s), "observation_aircraft", kvs)
}

// RemoveObservationAircraft removes aircraft i of side s.
func (d *Doc) RemoveObservationAircraft(s, i int) error { return d.RemoveEntry(aircraftTable(s, i)) }

// SetObservationAircraft sets id, name (text), tq or arrives (numbers;
// arrives 0 or 1 on an aircraft without the key writes nothing).
func (d *Doc) SetObservationAircraft(s, i int, key string, v any) error {
	t := aircraftTable(s, i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "id", "name":
		return d.setText(t, key, v)
	case "tq":
		return d.setInt(t, key, v, nil)
	case "arrives":
		if n, ok := v.(int); ok && n <= 1 {
			if _, set := d.Get(t, key); !set {
				return nil
			}
		}
		return d.setInt(t, key, v, nil)
	}
	return fmt.Errorf("observation aircraft: no key %q (id, name, tq, arrives)", key)
}

// Barrage is a [[side.barrage]] to add: pre-planned fire of a battery of
// the side at a hex on a turn.
type Barrage struct {
	Battery, Hex string
	Turn         int
	Smoke        bool
}

// AddBarrage adds a barrage to side s and returns its index.
func (d *Doc) AddBarrage(s int, b Barrage) (int, error) {
	if !d.Has(sideTable(s)) {
		return -1, fmt.Errorf("no side %d", s+1)
	}
	if b.Battery == "" || b.Hex == "" {
		return -1, fmt.Errorf("a barrage needs a battery and an aim hex")
	}
	kvs := []KV{{"battery", b.Battery}, {"turn", max(b.Turn, 1)}, {"hex", b.Hex}}
	if b.Smoke {
		kvs = append(kvs, KV{"smoke", true})
	}
	return d.AddEntry(sideTable(s), "barrage", kvs)
}

// RemoveBarrage removes barrage i of side s.
func (d *Doc) RemoveBarrage(s, i int) error { return d.RemoveEntry(barrageTable(s, i)) }

// SetBarrage sets battery, hex (text), turn (a number) or smoke.
func (d *Doc) SetBarrage(s, i int, key string, v any) error {
	t := barrageTable(s, i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "battery", "hex":
		if v == "" {
			return fmt.Errorf("a barrage needs its %s", key)
		}
		return d.setText(t, key, v)
	case "turn":
		return d.setInt(t, key, v, nil)
	case "smoke":
		return d.setBool(t, key, v)
	}
	return fmt.Errorf("barrage: no key %q (battery, turn, hex, smoke)", key)
}

// Sortie is an [[air]] Close Air Support sortie to add (14.9).
type Sortie struct {
	ID, Side, Aircraft, Ordnance string
	Turn, Number, Comms          int // Number 0 or 1: one aircraft (left out)
}

// AddSortie adds a sortie and returns its index.
func (d *Doc) AddSortie(a Sortie) (int, error) {
	if a.ID == "" || a.Side == "" || a.Aircraft == "" {
		return -1, fmt.Errorf("a sortie needs an id, a side and an aircraft")
	}
	kvs := []KV{{"id", a.ID}, {"side", a.Side}, {"turn", max(a.Turn, 1)}, {"aircraft", a.Aircraft}}
	if a.Number > 1 {
		kvs = append(kvs, KV{"number", a.Number})
	}
	if a.Ordnance != "" {
		kvs = append(kvs, KV{"ordnance", a.Ordnance})
	}
	if a.Comms != 0 {
		kvs = append(kvs, KV{"comms", a.Comms})
	}
	return d.AddEntry(nil, "air", kvs)
}

// RemoveSortie removes sortie i.
func (d *Doc) RemoveSortie(i int) error { return d.RemoveEntry(sortieTable(i)) }

// SetSortie sets id, side, aircraft, ordnance (text), turn, number (1
// the default) or comms (0 the default).
func (d *Doc) SetSortie(i int, key string, v any) error {
	t := sortieTable(i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	one := 1
	switch key {
	case "id", "side", "aircraft", "ordnance":
		return d.setText(t, key, v)
	case "turn":
		return d.setInt(t, key, v, nil)
	case "number":
		return d.setInt(t, key, v, &one)
	case "comms":
		return d.setInt(t, key, v, zero)
	}
	return fmt.Errorf("air: no key %q (id, side, turn, aircraft, number, ordnance, comms)", key)
}

// -------------------------------------------------------------- defences

// Minefield is a [[minefield]] to add (F.7): hexes, or a From/To run.
type Minefield struct {
	Side          string
	Hexes         []string
	From, To      string
	Strength      int
	Dummy, Hidden bool
	Unmined       []string
}

// runKVs are the hexes or the run of a minefield or obstacle.
func runKVs(hexes []string, from, to string) ([]KV, error) {
	switch {
	case len(hexes) > 0 && (from != "" || to != ""):
		return nil, fmt.Errorf("give hexes or a from/to run, not both")
	case len(hexes) > 0:
		return []KV{{"hexes", slices.Clone(hexes)}}, nil
	case from != "" && to != "":
		return []KV{{"from", from}, {"to", to}}, nil
	}
	return nil, fmt.Errorf("give hexes or a from/to run")
}

// AddMinefield adds a minefield and returns its index.
func (d *Doc) AddMinefield(m Minefield) (int, error) {
	if m.Side == "" {
		return -1, fmt.Errorf("a minefield needs the side that laid it")
	}
	run, err := runKVs(m.Hexes, m.From, m.To)
	if err != nil {
		return -1, err
	}
	kvs := append([]KV{{"side", m.Side}}, run...)
	if m.Strength != 0 {
		kvs = append(kvs, KV{"strength", m.Strength})
	}
	if len(m.Unmined) > 0 {
		kvs = append(kvs, KV{"unmined", slices.Clone(m.Unmined)})
	}
	if m.Dummy {
		kvs = append(kvs, KV{"dummy", true})
	}
	if m.Hidden {
		kvs = append(kvs, KV{"hidden", true})
	}
	return d.AddEntry(nil, "minefield", kvs)
}

// RemoveMinefield removes minefield i.
func (d *Doc) RemoveMinefield(i int) error { return d.RemoveEntry(minefieldTable(i)) }

// SetMinefield sets side (text), strength (a number, 0 the default),
// dummy or hidden (true or false). A dummy cannot be hidden (F.7B, F.7C):
// setting one true clears the other in the same edit.
func (d *Doc) SetMinefield(i int, key string, v any) error {
	t := minefieldTable(i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "side":
		if v == "" {
			return fmt.Errorf("a minefield needs its side")
		}
		return d.setText(t, key, v)
	case "strength":
		return d.setInt(t, key, v, zero)
	case "dummy", "hidden":
		return d.Do("set "+key, func() error {
			if v == true {
				other := map[string]string{"dummy": "hidden", "hidden": "dummy"}[key]
				if err := d.setOrDefault(t, other, false, false); err != nil {
					return err
				}
			}
			return d.setBool(t, key, v)
		})
	}
	return fmt.Errorf("minefield: no key %q (side, strength, dummy, hidden; hexes by AddRunHex, a run by SetRun, unmined by ToggleUnmined)", key)
}

// ToggleUnmined makes hex of minefield i a Dummy within it (F.7B), or
// mined again; it reports whether the hex is now unmined. The key goes
// when its last hex does.
func (d *Doc) ToggleUnmined(i int, hex string) (bool, error) {
	t := minefieldTable(i)
	if err := d.entryOf(t); err != nil {
		return false, err
	}
	return d.toggleElem("unmined", t, "unmined", hex)
}

// toggleElem adds hex to the array key of t, or removes it when there
// (the key goes with its last element); true when added.
func (d *Doc) toggleElem(what string, t []any, key, hex string) (bool, error) {
	added := false
	err := d.Do(what+" "+hex, func() error {
		els := d.Elems(t, key)
		for j, e := range els {
			if strings.EqualFold(e, hex) {
				if len(els) == 1 {
					return d.Clear(t, key)
				}
				return d.RemoveElem(t, key, j)
			}
		}
		added = true
		return d.AddElem(t, key, hex)
	})
	return added, err
}

// Obstacle is an [[obstacle]] to add: wire, ditch, teeth or improvised,
// in hexes or a From/To run.
type Obstacle struct {
	Kind     string
	Hexes    []string
	From, To string
}

// AddObstacle adds an obstacle and returns its index.
func (d *Doc) AddObstacle(o Obstacle) (int, error) {
	if o.Kind == "" {
		return -1, fmt.Errorf("an obstacle needs its kind (wire, ditch, teeth, improvised)")
	}
	run, err := runKVs(o.Hexes, o.From, o.To)
	if err != nil {
		return -1, err
	}
	return d.AddEntry(nil, "obstacle", append([]KV{{"kind", o.Kind}}, run...))
}

// RemoveObstacle removes obstacle i.
func (d *Doc) RemoveObstacle(i int) error { return d.RemoveEntry(obstacleTable(i)) }

// SetObstacle sets kind.
func (d *Doc) SetObstacle(i int, key string, v any) error {
	t := obstacleTable(i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	if key == "kind" {
		if v == "" {
			return fmt.Errorf("an obstacle needs its kind")
		}
		return d.setText(t, key, v)
	}
	return fmt.Errorf("obstacle: no key %q (kind; hexes by AddRunHex, a run by SetRun)", key)
}

// runTable is the table of a minefield ("minefield") or obstacle
// ("obstacle") entry.
func runTable(array string, i int) ([]any, error) {
	switch array {
	case "minefield":
		return minefieldTable(i), nil
	case "obstacle":
		return obstacleTable(i), nil
	}
	return nil, fmt.Errorf("design: %q entries have no hexes (minefield, obstacle)", array)
}

// SetRun makes entry i of array (minefield or obstacle) the run from
// from to to (F.7A), in place of its hexes.
func (d *Doc) SetRun(array string, i int, from, to string) error {
	t, err := runTable(array, i)
	if err != nil {
		return err
	}
	if err := d.entryOf(t); err != nil {
		return err
	}
	if from == "" || to == "" {
		return fmt.Errorf("a run needs both ends")
	}
	return d.Do("run "+from+"-"+to, func() error {
		if err := d.Clear(t, "hexes"); err != nil {
			return err
		}
		if err := d.Set(t, "from", from); err != nil {
			return err
		}
		return d.Set(t, "to", to)
	})
}

// SetHexes makes entry i of array (minefield or obstacle) the list of
// hexes given, in place of its run or its hexes (unmined hexes no longer
// in it go too).
func (d *Doc) SetHexes(array string, i int, hexes []string) error {
	t, err := runTable(array, i)
	if err != nil {
		return err
	}
	if err := d.entryOf(t); err != nil {
		return err
	}
	if len(hexes) == 0 {
		return fmt.Errorf("an entry needs a hex: remove it instead")
	}
	return d.Do("hexes of "+array, func() error {
		if slices.Equal(d.Elems(t, "hexes"), hexes) {
			return nil
		}
		for _, k := range []string{"from", "to"} {
			if err := d.Clear(t, k); err != nil {
				return err
			}
		}
		if err := d.Set(t, "hexes", slices.Clone(hexes)); err != nil {
			return err
		}
		um := d.Elems(t, "unmined")
		for k := len(um) - 1; k >= 0; k-- {
			if !slices.ContainsFunc(hexes, func(h string) bool { return strings.EqualFold(h, um[k]) }) {
				if len(d.Elems(t, "unmined")) == 1 {
					return d.Clear(t, "unmined")
				}
				if err := d.RemoveElem(t, "unmined", k); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// ToggleRunHex adds hex to the hexes of entry i of array (minefield or
// obstacle), or takes it out when it is there; a run (from/to) is turned
// into its list of hexes first (m lays it out). It reports whether the
// hex is now in the entry. The last hex cannot go: remove the entry.
func (d *Doc) ToggleRunHex(array string, i int, hex string, m *hexmap.Map) (bool, error) {
	t, err := runTable(array, i)
	if err != nil {
		return false, err
	}
	if err := d.entryOf(t); err != nil {
		return false, err
	}
	added := false
	err = d.Do("hexes of "+array, func() error {
		from, to := d.GetString(t, "from"), d.GetString(t, "to")
		if from != "" || to != "" {
			if m == nil {
				return fmt.Errorf("a run needs the map to be split into hexes")
			}
			hs, err := scenario.Run(m, nil, from, to)
			if err != nil {
				return err
			}
			labels := make([]string, len(hs))
			for j, h := range hs {
				labels[j] = m.Label(h)
			}
			if err := d.Clear(t, "from"); err != nil {
				return err
			}
			if err := d.Clear(t, "to"); err != nil {
				return err
			}
			if err := d.Set(t, "hexes", labels); err != nil {
				return err
			}
		}
		els := d.Elems(t, "hexes")
		for j, e := range els {
			if strings.EqualFold(e, hex) {
				if len(els) == 1 {
					return fmt.Errorf("%s is the entry's only hex: remove the entry", hex)
				}
				if err := d.RemoveElem(t, "hexes", j); err != nil {
					return err
				}
				// an unmined hex belongs to the entry (F.7B)
				for k, u := range d.Elems(t, "unmined") {
					if strings.EqualFold(u, hex) {
						if len(d.Elems(t, "unmined")) == 1 {
							return d.Clear(t, "unmined")
						}
						return d.RemoveElem(t, "unmined", k)
					}
				}
				return nil
			}
		}
		added = true
		return d.AddElem(t, "hexes", hex)
	})
	return added, err
}

// Structure is a [[structure]] to add: a bunker (Facing needed) or a
// tobruk pit, held by Side.
type Structure struct {
	Kind, Side, Hex, Facing string
}

// AddStructure adds a structure and returns its index.
func (d *Doc) AddStructure(st Structure) (int, error) {
	if st.Kind == "" || st.Side == "" || st.Hex == "" {
		return -1, fmt.Errorf("a structure needs a kind, a side and a hex")
	}
	kvs := []KV{{"kind", st.Kind}, {"side", st.Side}, {"hex", st.Hex}}
	if st.Facing != "" {
		kvs = append(kvs, KV{"facing", st.Facing})
	}
	return d.AddEntry(nil, "structure", kvs)
}

// RemoveStructure removes structure i.
func (d *Doc) RemoveStructure(i int) error { return d.RemoveEntry(structureTable(i)) }

// SetStructure sets kind, side, hex or facing ("" clears it: a tobruk pit
// fires all round).
func (d *Doc) SetStructure(i int, key string, v any) error {
	t := structureTable(i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "kind", "side", "hex":
		if v == "" {
			return fmt.Errorf("a structure needs its %s", key)
		}
		return d.setText(t, key, v)
	case "facing":
		return d.setText(t, key, v)
	}
	return fmt.Errorf("structure: no key %q (kind, side, hex, facing)", key)
}

// AddCounter adds a [[counter]] on the map at the start (sangar,
// foxhole, trench, wreck, smoke) and returns its index.
func (d *Doc) AddCounter(kind, hex string) (int, error) {
	if kind == "" || hex == "" {
		return -1, fmt.Errorf("a counter needs a kind and a hex")
	}
	return d.AddEntry(nil, "counter", []KV{{"kind", kind}, {"hex", hex}})
}

// RemoveCounter removes counter i.
func (d *Doc) RemoveCounter(i int) error { return d.RemoveEntry(counterTable(i)) }

// SetCounter sets kind or hex.
func (d *Doc) SetCounter(i int, key string, v any) error {
	t := counterTable(i)
	if err := d.entryOf(t); err != nil {
		return err
	}
	switch key {
	case "kind", "hex":
		if v == "" {
			return fmt.Errorf("a counter needs its %s", key)
		}
		return d.setText(t, key, v)
	}
	return fmt.Errorf("counter: no key %q (kind, hex)", key)
}

// ------------------------------------------------------------- variants

// Variants are [map] variants as the text gives them.
func (d *Doc) Variants() []string { return d.Elems(mapTable(), "variants") }

// variantFamily groups the variants one SSR sets at most once: a
// cactus-hedge one replaces another; Broken and Steppe exclude each other
// (13.1, 13.2), as do cactus patches and olive groves (13.4, 13.5).
func variantFamily(v string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(v), ":")
	switch name {
	case "broken", "steppe":
		return "ground"
	case "cactus-patch", "olive-grove":
		return "orchard"
	}
	return name
}

// SetVariant turns a section-13 variant on or off: broken, steppe,
// cactus-hedge, cactus-hedge:walls, cactus-hedge:walls,hedges,
// cactus-patch, olive-grove. Turning one on takes off the one it excludes
// (or replaces) in the same edit. Vineyards are ToggleVineyard's.
func (d *Doc) SetVariant(v string, on bool) error {
	v = strings.TrimSpace(v)
	var x hexmap.Variants
	if err := x.ParseVariant(v); err != nil {
		return err
	}
	if strings.HasPrefix(v, "vineyard") {
		return fmt.Errorf("variant %q: vineyards are set hex by hex", v)
	}
	fam := variantFamily(v)
	return d.Do("variant "+v, func() error {
		els := d.Variants()
		// from the last, so the indices of those before stay
		for j := len(els) - 1; j >= 0; j-- {
			same := els[j] == v
			if same && on {
				return nil
			}
			if same || on && variantFamily(els[j]) == fam {
				if err := d.removeVariant(j); err != nil {
					return err
				}
			}
		}
		if on {
			return d.AddElem(mapTable(), "variants", v)
		}
		return nil
	})
}

// removeVariant removes element j; the key goes with its last one.
func (d *Doc) removeVariant(j int) error {
	if len(d.Variants()) == 1 {
		return d.Clear(mapTable(), "variants")
	}
	return d.RemoveElem(mapTable(), "variants", j)
}

// Vineyards are the hexes the variants make vineyards (13.6).
func (d *Doc) Vineyards() []string {
	var out []string
	for _, v := range d.Variants() {
		if arg, ok := strings.CutPrefix(v, "vineyard:"); ok {
			for _, h := range strings.Split(arg, ",") {
				if h = strings.TrimSpace(h); h != "" {
					out = append(out, h)
				}
			}
		}
	}
	return out
}

// ToggleVineyard makes hex a vineyard (13.6), or takes it off the list;
// it reports whether it is one now. The hexes are one "vineyard:…"
// element; it goes when its last hex does.
func (d *Doc) ToggleVineyard(hex string) (bool, error) {
	l, err := hexmap.ParseLabel(strings.ToUpper(strings.TrimSpace(hex)))
	if err != nil {
		return false, err
	}
	hex = l.String()
	added := false
	err = d.Do("vineyard "+hex, func() error {
		els := d.Variants()
		at := -1
		for j, v := range els {
			if strings.HasPrefix(v, "vineyard:") {
				at = j
				break
			}
		}
		if at < 0 {
			added = true
			return d.AddElem(mapTable(), "variants", "vineyard:"+hex)
		}
		arg := strings.TrimPrefix(els[at], "vineyard:")
		var hexes []string
		found := false
		for _, h := range strings.Split(arg, ",") {
			h = strings.TrimSpace(h)
			if strings.EqualFold(h, hex) {
				found = true
				continue
			}
			if h != "" {
				hexes = append(hexes, h)
			}
		}
		if !found {
			added = true
			hexes = append(hexes, hex)
		}
		if len(hexes) == 0 {
			return d.removeVariant(at)
		}
		return d.SetElem(mapTable(), "variants", at, "vineyard:"+strings.Join(hexes, ","))
	})
	return added, err
}

// ----------------------------------------------------------- environment

// fixedEnvKeys are [environment]'s keys of a fixed climate, in the order
// docs/formats.md gives them.
var fixedEnvKeys = []string{"time", "ec", "weather", "wind", "gusts", "upwind", "dust"}

// SetEnvironmentDYO switches the environment between rolled for the month
// at game start (dyo = true, 11.2–11.7) and fixed: turning DYO on clears
// every fixed key, which the game refuses beside it. Turning it off
// writes dyo = false only where the text had the key.
func (d *Doc) SetEnvironmentDYO(on bool) error {
	what := "environment fixed"
	if on {
		what = "environment by DYO"
	}
	return d.Do(what, func() error {
		if on {
			for _, k := range fixedEnvKeys {
				if err := d.Clear(envTable(), k); err != nil {
					return err
				}
			}
			return d.Set(envTable(), "dyo", true)
		}
		return d.setOrDefault(envTable(), "dyo", false, false)
	})
}

// SetFixedEnvironment sets one fixed key of [environment]: time, ec,
// weather, wind, upwind, dust (words, "" clears) or gusts. A climate
// rolled by DYO is switched off in the same edit, since both cannot stand
// (docs/formats.md).
func (d *Doc) SetFixedEnvironment(key string, v any) error {
	if !slices.Contains(fixedEnvKeys, key) {
		return fmt.Errorf("environment: no fixed key %q (%s)", key, strings.Join(fixedEnvKeys, ", "))
	}
	return d.Do("set "+key, func() error {
		if dyo, _ := d.Get(envTable(), "dyo"); dyo == true {
			if err := d.Set(envTable(), "dyo", false); err != nil {
				return err
			}
		}
		return d.SetEnvironment(key, v)
	})
}

// EnvironmentRolls rolls the DYO climate (11.2–11.701) as the game does
// at its start, for the scenario's month and map, with a seed of the
// designer's (the game rolls with its own): the result and every step
// with its roll. It needs a date and a map that lays out.
func (d *Doc) EnvironmentRolls(seed uint64) (climate.Environment, []climate.Step, error) {
	sc, err := d.Scenario()
	if err != nil {
		return climate.Environment{}, nil, err
	}
	month := sc.Month()
	if month == 0 {
		return climate.Environment{}, nil, fmt.Errorf("the DYO climate needs the scenario's date (YYYY-MM): the month picks the column (11.2)")
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		return climate.Environment{}, nil, err
	}
	m, err := sc.Build(lib)
	if err != nil {
		return climate.Environment{}, nil, err
	}
	boards, terrain := climate.BoardsOf(m)
	north, _ := climate.ParseNorth(cmpOr(sc.Map.North, "up"))
	env, steps := climate.Generate(month, dice.New(seed), climate.Options{Boards: boards, Terrain: terrain, North: north})
	return env, steps, nil
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// FixEnvironment writes env (a DYO roll the designer keeps) as the fixed
// climate: dyo switched off, each key set to the rolled word (upwind only
// with a wind, gusts only when true), one edit.
func (d *Doc) FixEnvironment(env climate.Environment) error {
	return d.Do("keep the rolled climate", func() error {
		if err := d.SetEnvironmentDYO(false); err != nil {
			return err
		}
		upwind := ""
		if env.Wind != climate.NoWind {
			upwind = strings.ToLower(env.Upwind.String())
		}
		for _, kv := range []KV{
			{"time", env.Time.String()}, {"ec", env.EC.String()}, {"weather", env.Weather.String()},
			{"wind", env.Wind.String()}, {"gusts", env.Gusts}, {"upwind", upwind}, {"dust", env.Dust.String()},
		} {
			if err := d.SetFixedEnvironment(kv.Key, kv.Value); err != nil {
				return err
			}
		}
		return nil
	})
}
