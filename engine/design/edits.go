package design

import (
	"fmt"
	"strings"

	"khamsin/hexmap"
)

// The designer's typed edits, each one undoable step over the generic
// ones (ops.go). They check what they are given as far as the edit itself
// needs (an SSR line that reads, a board that exists in the layout);
// whether the scenario is then valid is Problems' answer, so a window can
// show it and the designer can go on.

// Paths of the tables the edits use.
func mapTable() []any             { return []any{"map"} }
func envTable() []any             { return []any{"environment"} }
func sideTable(s int) []any       { return []any{"side", s} }
func unitTable(s, u int) []any    { return []any{"side", s, "unit", u} }
func baseTable(s, u, b int) []any { return []any{"side", s, "unit", u, "base", b} }
func objTable(i int) []any        { return []any{"objective", i} }

// setOrDefault sets key, except that a key the text lacks is left out
// when v is the value the game assumes without it: nothing is written
// that the author did not set.
func (d *Doc) setOrDefault(table []any, key string, v any, def any) error {
	if _, ok := d.Get(table, key); !ok && v == def {
		return nil
	}
	return d.Set(table, key, v)
}

// ---------------------------------------------------------------- boards

// Layout is the map's board grid as the text gives it. A grid being built
// may be ragged for a while (a board added to one row before the next):
// each row is read on its own, and Problems says what the game thinks.
func (d *Doc) Layout() (hexmap.Layout, error) {
	s := d.GetString(mapTable(), "boards")
	if l, err := hexmap.ParseLayout(s); err == nil {
		return l, nil
	}
	var l hexmap.Layout
	for _, row := range strings.Split(s, "/") {
		r, err := hexmap.ParseLayout(row)
		if err != nil {
			return nil, err
		}
		l = append(l, r[0])
	}
	return l, nil
}

func (d *Doc) setLayout(what string, change func(l hexmap.Layout) (hexmap.Layout, error)) error {
	return d.Do(what, func() error {
		l, err := d.Layout()
		if err != nil {
			return err
		}
		if l, err = change(l); err != nil {
			return err
		}
		return d.Set(mapTable(), "boards", layoutString(l))
	})
}

// findBoard is the row and column of board id in l.
func findBoard(l hexmap.Layout, id string) (int, int, error) {
	for r, row := range l {
		for c, b := range row {
			if b.ID == id {
				return r, c, nil
			}
		}
	}
	return 0, 0, fmt.Errorf("board %s is not on the map (%s)", id, l)
}

// AddBoard puts board id into the grid at row, col: row len(layout) starts
// a new row; col len(row) appends to it. The grid must stay rectangular
// and within 16 boards (hexmap.ParseLayout's rules), so a wider map is
// made a column at a time: AddBoard to each row.
func (d *Doc) AddBoard(id string, row, col int) error {
	return d.Do("add board "+id, func() error {
		l, err := d.Layout()
		if err != nil && d.GetString(mapTable(), "boards") != "" {
			return err
		}
		if row < 0 || row > len(l) {
			return fmt.Errorf("board %s: no row %d", id, row+1)
		}
		if row == len(l) {
			l = append(l, nil)
		}
		r := l[row]
		if col < 0 || col > len(r) {
			return fmt.Errorf("board %s: no column %d in row %d", id, col+1, row+1)
		}
		r = append(r[:col], append([]hexmap.BoardRef{{ID: id}}, r[col:]...)...)
		l[row] = r
		return d.Set(mapTable(), "boards", layoutString(l))
	})
}

// layoutString writes a grid that may be ragged while it is being built
// (hexmap.Layout.String does the same for a rectangular one).
func layoutString(l hexmap.Layout) string {
	rows := make([]string, 0, len(l))
	for _, row := range l {
		ids := make([]string, len(row))
		for j, b := range row {
			ids[j] = b.String()
		}
		rows = append(rows, strings.Join(ids, ","))
	}
	return strings.Join(rows, "/")
}

// RemoveBoard takes board id off the grid (a row left empty goes).
func (d *Doc) RemoveBoard(id string) error {
	return d.Do("remove board "+id, func() error {
		l, err := d.Layout()
		if err != nil {
			return err
		}
		r, c, err := findBoard(l, id)
		if err != nil {
			return err
		}
		if len(l) == 1 && len(l[0]) == 1 {
			return fmt.Errorf("board %s is the only board: a map needs one", id)
		}
		l[r] = append(l[r][:c], l[r][c+1:]...)
		if len(l[r]) == 0 {
			l = append(l[:r], l[r+1:]...)
		}
		return d.Set(mapTable(), "boards", layoutString(l))
	})
}

// SwapBoards exchanges the places of boards a and b (each keeps its turn).
func (d *Doc) SwapBoards(a, b string) error {
	return d.setLayout("swap boards", func(l hexmap.Layout) (hexmap.Layout, error) {
		ra, ca, err := findBoard(l, a)
		if err != nil {
			return nil, err
		}
		rb, cb, err := findBoard(l, b)
		if err != nil {
			return nil, err
		}
		l[ra][ca], l[rb][cb] = l[rb][cb], l[ra][ca]
		return l, nil
	})
}

// TurnBoard turns board id 180° (or back).
func (d *Doc) TurnBoard(id string) error {
	return d.setLayout("turn board "+id, func(l hexmap.Layout) (hexmap.Layout, error) {
		r, c, err := findBoard(l, id)
		if err != nil {
			return nil, err
		}
		l[r][c].Turned = !l[r][c].Turned
		return l, nil
	})
}

// SetNorth says which screen direction is North (up, right, down, left).
func (d *Doc) SetNorth(north string) error {
	if _, err := hexmap.ParseNorth(north); err != nil {
		return err
	}
	return d.setOrDefault(mapTable(), "north", north, "up")
}

// -------------------------------------------------------------- overlays

// Overlays are the map's SSR lines, in order.
func (d *Doc) Overlays() []string { return d.Elems(mapTable(), "overlays") }

// PlaceOverlay adds an overlay by its SSR line ("H1 on 27H6-G7", 12.2)
// and returns its index.
func (d *Doc) PlaceOverlay(ssr string) (int, error) {
	spec, err := hexmap.ParseOverlaySpec(ssr)
	if err != nil {
		return -1, err
	}
	n := len(d.Overlays())
	if n >= hexmap.MaxOverlays {
		return -1, fmt.Errorf("the map has %d overlays; the limit is %d", n, hexmap.MaxOverlays)
	}
	return n, d.Do("place overlay "+spec.ID, func() error {
		return d.AddElem(mapTable(), "overlays", spec.String())
	})
}

// SetOverlay replaces overlay i's SSR line.
func (d *Doc) SetOverlay(i int, ssr string) error {
	spec, err := hexmap.ParseOverlaySpec(ssr)
	if err != nil {
		return err
	}
	return d.Do("change overlay "+spec.ID, func() error {
		return d.SetElem(mapTable(), "overlays", i, spec.String())
	})
}

// DeleteOverlay removes overlay i (its line, with its comment).
func (d *Doc) DeleteOverlay(i int) error {
	return d.Do("delete overlay", func() error {
		return d.RemoveElem(mapTable(), "overlays", i)
	})
}

// overlay reads overlay i's placement.
func (d *Doc) overlay(i int) (hexmap.OverlaySpec, error) {
	ov := d.Overlays()
	if i < 0 || i >= len(ov) {
		return hexmap.OverlaySpec{}, fmt.Errorf("no overlay %d (the map has %d)", i+1, len(ov))
	}
	return hexmap.ParseOverlaySpec(ov[i])
}

// MoveOverlay puts overlay i's "1" hex on hex, its "2" hex keeping its
// direction from the "1" (12.2).
func (d *Doc) MoveOverlay(i int, hex string) error {
	spec, err := d.overlay(i)
	if err != nil {
		return err
	}
	if spec.One.Board == "" {
		return fmt.Errorf("overlay %s has a fixed position and cannot be moved", spec.ID)
	}
	to, err := hexmap.ParseLabel(hex)
	if err != nil {
		return err
	}
	if spec.HasTwo {
		if spec.Two.Board != spec.One.Board {
			return fmt.Errorf("overlay %s: its \"2\" hex is on another board; type its SSR line", spec.ID)
		}
		v := spec.Two.Local.Axial().Sub(spec.One.Local.Axial())
		two := hexmap.LocalOf(to.Local.Axial().Add(v))
		if !two.OnBoard() {
			return fmt.Errorf("overlay %s on %s: its \"2\" hex would be off board %s", spec.ID, to, to.Board)
		}
		spec.Two = hexmap.Label{Board: to.Board, Local: two}
	}
	spec.One = to
	return d.SetOverlay(i, spec.String())
}

// RotateOverlay turns overlay i about its "1" hex by k sixths of a turn
// clockwise: its "2" hex goes to the next hex round (12.2).
func (d *Doc) RotateOverlay(i, k int) error {
	spec, err := d.overlay(i)
	if err != nil {
		return err
	}
	if !spec.HasTwo {
		return fmt.Errorf("overlay %s has no \"2\" hex to turn", spec.ID)
	}
	if spec.Two.Board != spec.One.Board {
		return fmt.Errorf("overlay %s: its \"2\" hex is on another board; type its SSR line", spec.ID)
	}
	v := spec.Two.Local.Axial().Sub(spec.One.Local.Axial()).RotateCW(((k % 6) + 6) % 6)
	two := hexmap.LocalOf(spec.One.Local.Axial().Add(v))
	if !two.OnBoard() {
		return fmt.Errorf("overlay %s: turned, its \"2\" hex would be off board %s", spec.ID, spec.One.Board)
	}
	spec.Two.Local = two
	return d.SetOverlay(i, spec.String())
}

// ----------------------------------------------------------------- sides

// SetSide sets one key of side s: id, name, nation, break_point or
// brigade_orders. A new id is carried to every key that names the side
// (attacker, objective owners, sorties, minefields, structures), in the
// same undoable edit.
func (d *Doc) SetSide(s int, key string, v any) error {
	switch key {
	case "id", "name", "nation":
		if _, ok := v.(string); !ok {
			return fmt.Errorf("side %s: expected text", key)
		}
	case "break_point", "brigade_orders":
		if _, ok := v.(int); !ok {
			return fmt.Errorf("side %s: expected a whole number", key)
		}
	default:
		return fmt.Errorf("side: no key %q (id, name, nation, break_point, brigade_orders)", key)
	}
	if !d.Has(sideTable(s)) {
		return fmt.Errorf("no side %d", s+1)
	}
	if key != "id" {
		return d.Set(sideTable(s), key, v)
	}
	old := d.GetString(sideTable(s), "id")
	nu := v.(string)
	return d.Do("rename side", func() error {
		if err := d.Set(sideTable(s), "id", nu); err != nil {
			return err
		}
		if old == "" || old == nu {
			return nil
		}
		if d.GetString(nil, "attacker") == old {
			if err := d.Set(nil, "attacker", nu); err != nil {
				return err
			}
		}
		for _, ref := range []struct{ array, key string }{
			{"objective", "owner"}, {"air", "side"}, {"minefield", "side"}, {"structure", "side"},
		} {
			for i := 0; i < d.Count(nil, ref.array); i++ {
				t := []any{ref.array, i}
				if d.GetString(t, ref.key) == old {
					if err := d.Set(t, ref.key, nu); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// AddSide adds a [[side]] and returns its index.
func (d *Doc) AddSide(id, name, nation string, breakPoint int) (int, error) {
	kvs := []KV{{"id", id}}
	if name != "" {
		kvs = append(kvs, KV{"name", name})
	}
	kvs = append(kvs, KV{"nation", nation}, KV{"break_point", breakPoint})
	return d.AddEntry(nil, "side", kvs)
}

// ---------------------------------------------------------- units, bases

// AddUnit adds a [[side.unit]] to side s and returns its index.
func (d *Doc) AddUnit(s int, id, name string) (int, error) {
	kvs := []KV{{"id", id}}
	if name != "" {
		kvs = append(kvs, KV{"name", name})
	}
	return d.AddEntry(sideTable(s), "unit", kvs)
}

// RemoveUnit removes unit u of side s with its bases.
func (d *Doc) RemoveUnit(s, u int) error { return d.RemoveEntry(unitTable(s, u)) }

// Base is a base to place: Type and Hex are needed, the rest is written
// only when set.
type Base struct {
	ID, Type, Hex, Facing, Crest, Carried string
	DugIn                                 bool
}

// PlaceBase adds a base to unit u of side s and returns its index.
func (d *Doc) PlaceBase(s, u int, b Base) (int, error) {
	if b.Type == "" || b.Hex == "" {
		return -1, fmt.Errorf("a base needs a type and a hex")
	}
	var kvs []KV
	if b.ID != "" {
		kvs = append(kvs, KV{"id", b.ID})
	}
	kvs = append(kvs, KV{"type", b.Type}, KV{"hex", b.Hex})
	for _, kv := range []KV{{"facing", b.Facing}, {"crest", b.Crest}, {"carried", b.Carried}} {
		if kv.Value != "" {
			kvs = append(kvs, kv)
		}
	}
	if b.DugIn {
		kvs = append(kvs, KV{"dug_in", true})
	}
	if !d.Has(unitTable(s, u)) {
		return -1, fmt.Errorf("no unit %d in side %d", u+1, s+1)
	}
	return d.AddEntry(unitTable(s, u), "base", kvs)
}

// RemoveBase removes base b of unit u of side s.
func (d *Doc) RemoveBase(s, u, b int) error { return d.RemoveEntry(baseTable(s, u, b)) }

// SetBase sets one key of a base: hex, facing, crest, carried, type, id
// (text) or dug_in (true or false). Empty text and false leave out a key
// the text lacks (and clear one it has, the game's default).
func (d *Doc) SetBase(s, u, b int, key string, v any) error {
	t := baseTable(s, u, b)
	if !d.Has(t) {
		return fmt.Errorf("no base %d in unit %d of side %d", b+1, u+1, s+1)
	}
	switch key {
	case "hex", "type":
		if v == "" {
			return fmt.Errorf("a base needs its %s", key)
		}
		return d.Set(t, key, v)
	case "facing", "crest", "carried", "id":
		if v == "" {
			return d.Clear(t, key)
		}
		return d.Set(t, key, v)
	case "dug_in":
		return d.setOrDefault(t, key, v, false)
	}
	return fmt.Errorf("base: no key %q", key)
}

// SetUnit sets one key of a unit: id, name, area, edge (text), hidden
// (true or false), arrives, tq, morale (numbers). Text "", hidden =
// false and arrives = 0 leave out (or clear) the key.
func (d *Doc) SetUnit(s, u int, key string, v any) error {
	t := unitTable(s, u)
	if !d.Has(t) {
		return fmt.Errorf("no unit %d in side %d", u+1, s+1)
	}
	switch key {
	case "id", "name", "area", "edge":
		if v == "" {
			return d.Clear(t, key)
		}
		return d.Set(t, key, v)
	case "hidden":
		return d.setOrDefault(t, key, v, false)
	case "arrives":
		// 0 is "on the map at the start", which is the key left out.
		if fmt.Sprint(v) == "0" {
			return d.Clear(t, key)
		}
		return d.Set(t, key, v)
	case "tq", "morale":
		return d.Set(t, key, v)
	}
	return fmt.Errorf("unit: no key %q", key)
}

// ------------------------------------------------------------ objectives

// Objective is an objective to add (16.11).
type Objective struct {
	ID, Name, Hex, Owner string
	Value                int
}

// AddObjective adds an [[objective]] and returns its index.
func (d *Doc) AddObjective(o Objective) (int, error) {
	kvs := []KV{{"id", o.ID}}
	if o.Name != "" {
		kvs = append(kvs, KV{"name", o.Name})
	}
	kvs = append(kvs, KV{"hex", o.Hex}, KV{"value", o.Value})
	if o.Owner != "" {
		kvs = append(kvs, KV{"owner", o.Owner})
	}
	return d.AddEntry(nil, "objective", kvs)
}

// RemoveObjective removes objective i.
func (d *Doc) RemoveObjective(i int) error { return d.RemoveEntry(objTable(i)) }

// SetObjective sets one key of objective i (id, name, hex, owner, value).
func (d *Doc) SetObjective(i int, key string, v any) error {
	if !d.Has(objTable(i)) {
		return fmt.Errorf("no objective %d", i+1)
	}
	switch key {
	case "id", "name", "hex", "owner", "value":
		return d.Set(objTable(i), key, v)
	}
	return fmt.Errorf("objective: no key %q", key)
}

// ------------------------------------------------- briefing, environment

// SetBriefing replaces the briefing; text of more than one line is
// written as a multi-line string.
func (d *Doc) SetBriefing(text string) error { return d.Set(nil, "briefing", text) }

// SetScenario sets a top-level key: title, date, type, attacker (text),
// turns (a number) or dvp (true or false).
func (d *Doc) SetScenario(key string, v any) error {
	switch key {
	case "title", "date", "type", "attacker", "turns", "briefing":
		return d.Set(nil, key, v)
	case "dvp":
		return d.setOrDefault(nil, key, v, false)
	}
	return fmt.Errorf("scenario: no key %q", key)
}

// SetEnvironment sets one key of [environment] (docs/formats.md): dyo,
// gusts (true or false), time, ec, weather, wind, upwind, dust (words).
// An empty word clears the key.
func (d *Doc) SetEnvironment(key string, v any) error {
	switch key {
	case "dyo", "gusts":
		return d.setOrDefault(envTable(), key, v, false)
	case "time", "ec", "weather", "wind", "upwind", "dust":
		if v == "" {
			return d.Clear(envTable(), key)
		}
		return d.Set(envTable(), key, v)
	}
	return fmt.Errorf("environment: no key %q", key)
}
