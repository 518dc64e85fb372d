package render

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"khamsin/engine/balance"
	"khamsin/engine/design"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// The designer's edits: each is one engine/design edit (one Undo takes it
// back), followed by a refresh of what the scene shows.

// rasterFor rasterises m as the viewer does.
func rasterFor(m *hexmap.Map, hexSize float64) *raster.Layers {
	return raster.Rasterize(m, raster.Style{HexSize: hexSize, Margin: int(math.Ceil(hexSize / 2))})
}

// save is Ctrl+S: the file opened, or a name in the user folder for a
// built-in's copy or a new scenario.
func (s *DesignScene) save() {
	if s.doc.Builtin != "" || s.opts.New && s.doc.File == "new.toml" {
		name := "my-scenario"
		if s.doc.Builtin != "" {
			name = "my-" + s.doc.Builtin
		}
		s.ask("Save as (a name in your scenarios folder)", name, false, func(v string) error {
			dir := s.opts.UserDir
			if dir == "" {
				d, err := design.UserDir()
				if err != nil {
					return err
				}
				dir = d
			}
			p, err := s.doc.SaveUser(dir, strings.TrimSpace(v))
			if err != nil {
				return err
			}
			s.opts.New = false
			s.post("saved " + p)
			return nil
		})
		return
	}
	if err := s.doc.Save(""); err != nil {
		s.saveErr = err
		s.post("save: " + err.Error())
		return
	}
	s.post("saved " + s.doc.File)
}

// askExport is Ctrl+E: the map as a PNG at a chosen hex size.
func (s *DesignScene) askExport() {
	if s.m == nil {
		return
	}
	s.ask("Export the map as PNG — hex size in pixels (8–128)", "48", false, func(v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 8 || n > 128 {
			return fmt.Errorf("a hex size of 8 to 128 pixels, got %q", v)
		}
		ls := rasterFor(s.m, float64(n))
		name := strings.TrimSuffix(s.doc.File, ".toml") + "-map.png"
		if s.doc.Builtin != "" {
			name = s.doc.Builtin + "-map.png"
		}
		if err := writePNG(name, ls.Composite(true, true, true)); err != nil {
			return err
		}
		s.post("map saved as " + name)
		return nil
	})
}

// askSSR is T: an overlay by its SSR line ("H1 on 27H6-G7").
func (s *DesignScene) askSSR() {
	s.ask("Overlay SSR line (e.g. H1 on 25K5-K6)", "", false, func(v string) error {
		var i int
		ok := s.edit("overlay "+v, func() (err error) { i, err = s.doc.PlaceOverlay(v); return err })
		if ok {
			s.sel = selection{kind: selOverlay, s: i}
		}
		return nil
	})
}

// overlayClick: the first click puts the picked overlay's "1" hex, the
// second its "2" hex (12.2).
func (s *DesignScene) overlayClick(h hexmap.Hex) {
	id := s.lib.OverlayIDs()[s.ovIdx]
	if s.ovOne == nil {
		s.ovOne = &h
		s.post(id + ": \"1\" hex on " + s.m.Label(h) + "; now click where its \"2\" hex goes")
		return
	}
	one := *s.ovOne
	s.ovOne = nil
	spec, ok := s.specFor(id, one, h)
	if !ok {
		s.post("the \"2\" hex must be next to the \"1\" hex")
		return
	}
	var i int
	if s.edit("place "+spec.String(), func() (err error) { i, err = s.doc.PlaceOverlay(spec.String()); return err }) {
		s.sel = selection{kind: selOverlay, s: i}
	}
}

// specFor is overlay id with its "1" hex on one and "2" on two.
func (s *DesignScene) specFor(id string, one, two hexmap.Hex) (hexmap.OverlaySpec, bool) {
	if _, adj := one.DirTo(two); !adj || one.Sub(two).Length() != 1 {
		return hexmap.OverlaySpec{}, false
	}
	l1, ok1 := s.m.LabelOf(one)
	l2, ok2 := s.m.LabelOf(two)
	if !ok1 || !ok2 {
		return hexmap.OverlaySpec{}, false
	}
	return hexmap.OverlaySpec{ID: id, One: l1, Two: l2, HasTwo: true}, true
}

// preview is the hexes the picked overlay would cover with its "1" hex
// placed and its "2" hex under the cursor.
func (s *DesignScene) preview() []hexmap.Hex {
	if s.tool != toolOverlay || s.ovOne == nil || !s.hovering {
		return nil
	}
	spec, ok := s.specFor(s.lib.OverlayIDs()[s.ovIdx], *s.ovOne, s.hoverHex)
	if !ok {
		return nil
	}
	p, err := s.m.Resolve(s.lib, spec)
	if err != nil {
		return nil
	}
	return p.AllHexes()
}

func (s *DesignScene) deleteSel() {
	switch s.sel.kind {
	case selOverlay:
		s.edit("delete overlay", func() error { return s.doc.DeleteOverlay(s.sel.s) })
	case selBase:
		s.edit("delete base", func() error { return s.doc.RemoveBase(s.sel.s, s.sel.u, s.sel.b) })
	case selObjective:
		s.edit("delete objective", func() error { return s.doc.RemoveObjective(s.sel.s) })
	case selBoard:
		s.edit("remove board "+s.sel.board, func() error { return s.doc.RemoveBoard(s.sel.board) })
	default:
		if !s.supportDelete() { // design_support.go
			return
		}
	}
	s.sel = selection{}
}

func (s *DesignScene) rotateSel(back bool) {
	k := 1
	if back {
		k = 5
	}
	switch s.sel.kind {
	case selOverlay:
		s.edit("turn overlay", func() error { return s.doc.RotateOverlay(s.sel.s, k) })
	case selBoard:
		s.edit("turn board "+s.sel.board+" 180°", func() error { return s.doc.TurnBoard(s.sel.board) })
	case selBase:
		s.turnFacing()
	case selStructure:
		s.supportRotate() // design_support.go
	}
}

func (s *DesignScene) moveSel(label string) {
	switch s.sel.kind {
	case selOverlay:
		s.edit("move overlay to "+label, func() error { return s.doc.MoveOverlay(s.sel.s, label) })
	case selBase:
		s.edit("move base to "+label, func() error { return s.doc.SetBase(s.sel.s, s.sel.u, s.sel.b, "hex", label) })
	case selObjective:
		s.edit("move objective to "+label, func() error { return s.doc.SetObjective(s.sel.s, "hex", label) })
	default:
		s.supportMove(label) // design_support.go
	}
}

// toggleBase is D (dug in) and H (hidden: the base's unit).
func (s *DesignScene) toggleBase(key string) {
	if s.sel.kind != selBase || s.sc == nil {
		return
	}
	u := s.sc.Sides[s.sel.s].Units[s.sel.u]
	if key == "hidden" {
		s.edit(fmt.Sprintf("unit %s hidden: %v", u.ID, !u.Hidden), func() error { return s.doc.SetUnit(s.sel.s, s.sel.u, "hidden", !u.Hidden) })
		return
	}
	b := u.Bases[s.sel.b]
	s.edit(fmt.Sprintf("%s dug in: %v", b.ID, !b.DugIn), func() error { return s.doc.SetBase(s.sel.s, s.sel.u, s.sel.b, "dug_in", !b.DugIn) })
}

// turnFacing is F: the selected base faces the next hex round, clockwise.
func (s *DesignScene) turnFacing() {
	if s.sel.kind != selBase || s.sc == nil || s.m == nil {
		return
	}
	b := s.sc.Sides[s.sel.s].Units[s.sel.u].Bases[s.sel.b]
	h, err := s.m.Hex(b.Hex)
	if err != nil {
		return
	}
	d := hexmap.Dir(0)
	if f, err := s.m.Hex(b.Facing); err == nil {
		if cur, ok := h.DirTo(f); ok && h.Sub(f).Length() == 1 {
			d = cur + 1
		}
	}
	for i := 0; i < 6; i++ {
		n := h.Neighbor((d + hexmap.Dir(i)) % 6)
		if s.m.Contains(n) {
			l := s.m.Label(n)
			s.edit(b.ID+" faces "+l, func() error { return s.doc.SetBase(s.sel.s, s.sel.u, s.sel.b, "facing", l) })
			return
		}
	}
}

// randomDYO is Y: the random placement of 12.3–12.42; Y again re-rolls
// (the last placement undone, another seed).
func (s *DesignScene) randomDYO() {
	if what, ok := s.doc.CanUndo(); ok && what == "random DYO placement" && s.dyoSeed > 0 {
		s.doc.Undo()
	}
	s.dyoSeed++
	var p string
	s.edit("random DYO placement", func() error {
		return s.doc.Do("random DYO placement", func() error {
			pl, err := s.doc.PlaceRandom(s.dyoSeed, true)
			if err != nil {
				return err
			}
			var rolls []string
			for _, r := range pl.Rolls {
				if r.White > 0 {
					rolls = append(rolls, fmt.Sprintf("%s %d+%d", r.Why, r.Colored, r.White))
				} else {
					rolls = append(rolls, fmt.Sprintf("%s %d", r.Why, r.Colored))
				}
			}
			s.dyoRolls = append(rolls, pl.Notes...)
			p = fmt.Sprintf("%d overlays placed", len(pl.Lines))
			return nil
		})
	})
	if p != "" {
		s.post(p + " (seed " + strconv.FormatUint(s.dyoSeed, 10) + "; Y re-rolls)")
	}
}

// addBoardPrompt is U: a board to add, "ID" at the end of the first row
// or "ID below" in a new row.
func (s *DesignScene) addBoardPrompt() {
	s.ask("Add a board: ID (25–31, 'r' turns it), then 'below' (a new row) or 'row N' (the end of row N)", "", false, func(v string) error {
		f := strings.Fields(v)
		if len(f) == 0 {
			return nil
		}
		l, _ := s.doc.Layout()
		id := f[0]
		turned := strings.HasSuffix(id, "r")
		id = strings.TrimSuffix(id, "r")
		if known := s.lib.BoardIDs(); !slices.Contains(known, id) {
			return fmt.Errorf("board %q: the boards are %s", id, strings.Join(known, " "))
		}
		row, col := 0, 0
		if len(l) > 0 {
			col = len(l[0])
		}
		switch {
		case len(f) > 1 && f[1] == "below":
			row, col = len(l), 0
		case len(f) > 2 && f[1] == "row":
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 1 || n > len(l) {
				return fmt.Errorf("row %q: the map has rows 1 to %d", f[2], len(l))
			}
			row, col = n-1, len(l[n-1])
		}
		s.edit("add board "+id, func() error {
			return s.doc.Do("add board "+id, func() error {
				if err := s.doc.AddBoard(id, row, col); err != nil {
					return err
				}
				if turned {
					return s.doc.TurnBoard(id)
				}
				return nil
			})
		})
		return nil
	})
}

// swapPrompt is W with a board selected.
func (s *DesignScene) swapPrompt() {
	if s.sel.kind != selBoard {
		return
	}
	a := s.sel.board
	s.ask("Swap board "+a+" with board", "", false, func(v string) error {
		s.edit("swap boards", func() error { return s.doc.SwapBoards(a, strings.TrimSpace(v)) })
		return nil
	})
}

// types are the catalogue's entries the search lets through, sorted.
func (s *DesignScene) types() []*forces.BaseType {
	var out []*forces.BaseType
	q := strings.ToLower(s.search)
	for _, id := range s.cat.TypeIDs() {
		t, _ := s.cat.Type(id)
		hay := strings.ToLower(t.ID + " " + t.Name + " " + t.Nation + " " + t.Class.String())
		if q == "" || strings.Contains(hay, q) {
			out = append(out, t)
		}
	}
	return out
}

func (s *DesignScene) askSearch() {
	s.ask("Find in the catalogue (name, nation or kind; empty: all)", s.search, false, func(v string) error {
		s.search, s.typeIdx = strings.TrimSpace(v), 0
		if s.tool != toolGround { // the Ground tool's reach picks from the catalogue too
			s.setTool(toolUnit)
		}
		return nil
	})
}

// placeBase puts a base of the picked type on label: into the current
// unit, or a new one; a side of the type's nation is made if there is
// none.
func (s *DesignScene) placeBase(label string) {
	ts := s.types()
	if len(ts) == 0 || s.sc == nil {
		s.post("no catalogue entry matches the search (/ to change it)")
		return
	}
	t := ts[min(s.typeIdx, len(ts)-1)]
	side := -1
	for i, sd := range s.sc.Sides {
		if sd.Nation == t.Nation || t.Nation != "british" && sd.Nation != "british" && sd.Nation != "" {
			side = i
			break
		}
	}
	if s.side >= 0 && s.side < len(s.sc.Sides) && s.sc.Sides[s.side].Nation == t.Nation {
		side = s.side
	}
	unit := s.unit
	s.edit("place "+t.Name+" on "+label, func() error {
		return s.doc.Do("place base", func() error {
			if side < 0 {
				id, name := "axis", "Axis"
				if t.Nation == "british" {
					id, name = "allies", "Eighth Army"
				}
				var err error
				if side, err = s.doc.AddSide(id, name, t.Nation, 4); err != nil {
					return err
				}
				unit = -1
			}
			n := s.doc.Count([]any{"side", side}, "unit")
			if unit < 0 || unit >= n {
				var err error
				if unit, err = s.doc.AddUnit(side, s.freeUnitID(), t.Name); err != nil {
					return err
				}
			}
			_, err := s.doc.PlaceBase(side, unit, design.Base{Type: t.ID, Hex: label})
			return err
		})
	})
	s.side, s.unit = side, unit
	if s.sc != nil && side < len(s.sc.Sides) && unit >= 0 && unit < len(s.sc.Sides[side].Units) {
		s.sel = selection{kind: selBase, s: side, u: unit, b: len(s.sc.Sides[side].Units[unit].Bases) - 1}
	}
}

// freeUnitID is the first "U<n>" no unit has.
func (s *DesignScene) freeUnitID() string {
	used := map[string]bool{}
	if s.sc != nil {
		for _, sd := range s.sc.Sides {
			for _, u := range sd.Units {
				used[u.ID] = true
			}
		}
	}
	for n := 1; ; n++ {
		if id := "U" + strconv.Itoa(n); !used[id] {
			return id
		}
	}
}

// placeObjective adds an objective worth 1 on label, owned by the side
// in hand (16.11).
func (s *DesignScene) placeObjective(label string) {
	n := 1
	owner := ""
	if s.sc != nil {
		n = len(s.sc.Objectives) + 1
		if s.side < len(s.sc.Sides) {
			owner = s.sc.Sides[s.side].ID
		}
	}
	var i int
	if s.edit("objective on "+label, func() (err error) {
		i, err = s.doc.AddObjective(design.Objective{ID: "obj" + strconv.Itoa(n), Name: "Objective " + strconv.Itoa(n), Hex: label, Owner: owner, Value: 1})
		return err
	}) {
		s.sel = selection{kind: selObjective, s: i}
	}
}

// propRow is one line of the properties panel.
type propRowT struct {
	name, value string
	multi       bool
	set         func(v string) error
}

// props are the properties of the selection (of the scenario when
// nothing is selected).
func (s *DesignScene) props() []propRowT {
	d, sc := s.doc, s.sc
	if sc == nil {
		return nil
	}
	num := func(v string) (any, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil, fmt.Errorf("a whole number, got %q", v)
		}
		return n, nil
	}
	flag := func(v string) bool {
		v = strings.ToLower(strings.TrimSpace(v))
		return v == "true" || v == "yes" || v == "y" || v == "1"
	}
	if rows, ok := s.supportProps(); ok { // design_support.go
		return rows
	}
	switch k := s.sel; k.kind {
	case selBase:
		if k.s >= len(sc.Sides) || k.u >= len(sc.Sides[k.s].Units) || k.b >= len(sc.Sides[k.s].Units[k.u].Bases) {
			return nil
		}
		u := sc.Sides[k.s].Units[k.u]
		b := u.Bases[k.b]
		base := func(key string) func(string) error {
			return func(v string) error { return d.SetBase(k.s, k.u, k.b, key, strings.TrimSpace(v)) }
		}
		unit := func(key string) func(string) error {
			return func(v string) error { return d.SetUnit(k.s, k.u, key, strings.TrimSpace(v)) }
		}
		return append([]propRowT{
			{"base id", b.ID, false, base("id")},
			{"type", b.Type, false, base("type")},
			{"hex", b.Hex, false, base("hex")},
			{"facing", b.Facing, false, base("facing")},
			{"dug in (D)", strconv.FormatBool(b.DugIn), false, func(v string) error { return d.SetBase(k.s, k.u, k.b, "dug_in", flag(v)) }},
			{"unit id", u.ID, false, unit("id")},
			{"unit name", u.Name, false, unit("name")},
			{"crest (hex it faces)", b.Crest, false, base("crest")},
			{"carried by (base id)", b.Passenger, false, base("carried")},
			{"hidden (H)", strconv.FormatBool(u.Hidden), false, func(v string) error { return d.SetUnit(k.s, k.u, "hidden", flag(v)) }},
			{"set-up area (HEX+N)", u.Area, false, unit("area")},
			{"enters by (edge)", u.Edge, false, unit("edge")},
			{"arrives", strconv.Itoa(u.Arrives), false, func(v string) error {
				n, err := num(v)
				if err != nil {
					return err
				}
				return d.SetUnit(k.s, k.u, "arrives", n)
			}},
		}, s.unitOverrideProps(k.s, k.u)...) // design_support.go
	case selObjective:
		if k.s >= len(sc.Objectives) {
			return nil
		}
		o := sc.Objectives[k.s]
		set := func(key string) func(string) error {
			return func(v string) error { return d.SetObjective(k.s, key, strings.TrimSpace(v)) }
		}
		return []propRowT{
			{"id", o.ID, false, set("id")}, {"name", o.Name, false, set("name")}, {"hex", o.Hex, false, set("hex")},
			{"owner", o.Owner, false, set("owner")},
			{"value", strconv.Itoa(o.Value), false, func(v string) error {
				n, err := num(v)
				if err != nil {
					return err
				}
				return d.SetObjective(k.s, "value", n)
			}},
		}
	case selOverlay:
		ovs := d.Overlays()
		if k.s >= len(ovs) {
			return nil
		}
		return []propRowT{{"SSR line", ovs[k.s], false, func(v string) error { return d.SetOverlay(k.s, strings.TrimSpace(v)) }}}
	case selSide:
		return s.sideProps(k.s, num)
	case selBoard:
		return []propRowT{{"board", k.board, false, func(v string) error {
			return d.SwapBoards(k.board, strings.TrimSpace(v))
		}}}
	}
	top := func(key string) func(string) error {
		return func(v string) error { return d.SetScenario(key, strings.TrimSpace(v)) }
	}
	rows := []propRowT{
		{"title", sc.Title, false, top("title")},
		{"date", sc.Date, false, top("date")},
		{"type", sc.Type, false, top("type")},
		{"attacker", sc.Attacker, false, top("attacker")},
		{"turns", strconv.Itoa(sc.TurnLimit()), false, func(v string) error {
			n, err := num(v)
			if err != nil {
				return err
			}
			return d.SetScenario("turns", n)
		}},
		{"briefing", sc.Briefing, true, func(v string) error { return d.SetBriefing(v) }},
		{"DVP decides a draw (F.3)", strconv.FormatBool(sc.DVP), false, func(v string) error { return d.SetScenario("dvp", flag(v)) }},
		{"North (up, right, down, left)", sc.Map.North, false, func(v string) error { return d.SetNorth(strings.TrimSpace(v)) }},
	}
	rows = append(rows, s.scenarioSupportProps()...) // design_support.go: the environment and section 13
	if s.side < len(sc.Sides) {
		rows = append(rows, s.sideProps(s.side, num)...)
	}
	return rows
}

func (s *DesignScene) sideProps(i int, num func(string) (any, error)) []propRowT {
	if s.sc == nil || i >= len(s.sc.Sides) {
		return nil
	}
	sd := s.sc.Sides[i]
	txt := func(key string) func(string) error {
		return func(v string) error { return s.doc.SetSide(i, key, strings.TrimSpace(v)) }
	}
	n := func(key string) func(string) error {
		return func(v string) error {
			x, err := num(v)
			if err != nil {
				return err
			}
			return s.doc.SetSide(i, key, x)
		}
	}
	p := fmt.Sprintf("side %d ", i+1)
	return []propRowT{
		{p + "id", sd.ID, false, txt("id")}, {p + "name", sd.Name, false, txt("name")},
		{p + "nation", sd.Nation, false, txt("nation")},
		{p + "Break Point", strconv.Itoa(sd.BreakPoint), false, n("break_point")},
		{p + "Brigade Orders", strconv.Itoa(sd.BrigadeOrders), false, n("brigade_orders")},
	}
}

// editProp opens a field on a property; Enter sets it (one edit).
func (s *DesignScene) editProp(r propRowT) {
	prompt := r.name
	if r.multi {
		prompt += " (Enter: new line, Ctrl+Enter: done)"
	}
	s.ask(prompt, r.value, r.multi, func(v string) error {
		s.edit(r.name+" set", func() error { return r.set(v) })
		return nil
	})
}

// viewshed is the ★ viewshed tool's answer: which hexes a base standing
// at from (dug in or not) sees, clear or through hindrances.
type viewshed struct {
	from  hexmap.Hex
	dug   bool
	seen  map[hexmap.Hex]bool // true: clear, false: hindered
	count int
	// before and after the last change of the map (A shows it): the
	// hexes seen from the same hex on the map before it (by label: a
	// board added or removed moves the hexes), and those gained and lost
	before         map[string]bool
	gained, lost   []string // sorted labels
	hasBefore      bool
	countBefore    int
	beforeFromGone bool // the hex was not on the map before
	gen            int  // bumped by each answer (the marks' layer is drawn again)
}

// recompute answers for the map as it now is (an overlay moved changes
// it), and for the map before its last change.
func (v *viewshed) recompute(s *DesignScene) {
	v.on(s.m)
	v.compare(s.prevMap, s.m)
	if v.seen != nil {
		msg := fmt.Sprintf("viewshed of %s: %d hexes seen (I: dug in %v", s.m.Label(v.from), v.count, v.dug)
		if v.hasBefore {
			msg += fmt.Sprintf("; the last change: +%d −%d, A shows them", len(v.gained), len(v.lost))
		}
		s.post(msg + ")")
	}
}

// compare works out the view from the same hex (by label) on prev, the
// map before the change that made m, and what the change gained and lost.
func (v *viewshed) compare(prev, m *hexmap.Map) {
	v.gen++
	v.before, v.gained, v.lost, v.hasBefore, v.countBefore = nil, nil, nil, false, 0
	if prev == nil || m == nil || v.seen == nil {
		return
	}
	label := m.Label(v.from)
	pf, err := prev.Hex(label)
	if err != nil {
		return
	}
	b := &viewshed{from: pf, dug: v.dug}
	b.on(prev)
	if b.seen == nil {
		return
	}
	v.hasBefore, v.countBefore = true, b.count
	v.before = make(map[string]bool, len(b.seen))
	for h, clear := range b.seen {
		v.before[prev.Label(h)] = clear
	}
	after := make(map[string]bool, len(v.seen))
	for h := range v.seen {
		l := m.Label(h)
		after[l] = true
		if _, ok := v.before[l]; !ok {
			v.gained = append(v.gained, l)
		}
	}
	for l := range v.before {
		if !after[l] {
			v.lost = append(v.lost, l)
		}
	}
	sort.Strings(v.gained)
	sort.Strings(v.lost)
}

// on answers on map m (the map as it is, or with an overlay being
// dragged).
func (v *viewshed) on(m *hexmap.Map) {
	v.gen++
	if m == nil || !m.Contains(v.from) {
		v.seen = nil
		return
	}
	g := gridOf(m)
	from := g.At(v.from)
	from.Entrenched = v.dug
	// one pass over the map (los.Checker.Viewshed), not a Check per hex
	vs := g.NewChecker().Viewshed(nil, from, los.Counters{})
	v.seen = make(map[hexmap.Hex]bool, len(vs.Hexes))
	for i, h := range vs.Hexes {
		if h != v.from && vs.Seen(i) {
			v.seen[h] = !vs.Hindered(i)
		}
	}
	v.count = len(v.seen)
}

// lastGrid is the LOS grid of the map the viewshed or dead ground last
// looked at: the map is rebuilt on every edit, so one entry is enough to
// spare a second build for the same map (the viewshed and the dead ground
// after one edit, or I on an unchanged map).
var lastGrid struct {
	sync.Mutex
	m *hexmap.Map
	g *los.Grid
}

// gridOf is m's LOS grid, built once per map.
func gridOf(m *hexmap.Map) *los.Grid {
	lastGrid.Lock()
	defer lastGrid.Unlock()
	if lastGrid.m != m {
		lastGrid.m, lastGrid.g = m, los.NewGrid(m)
	}
	return lastGrid.g
}

// overlayDrag is an overlay being dragged with the select tool: where
// the press was, and the placement it would have now.
type overlayDrag struct {
	ov       int
	start    hexmap.Hex
	at       hexmap.Hex // the hex under the cursor when last worked out
	spec     hexmap.OverlaySpec
	ok       bool
	hexes    []hexmap.Hex // its hexes there
	viewshed *viewshed    // the viewshed on the map with it there
}

// startDrag begins dragging overlay i from h.
func (s *DesignScene) startDrag(i int, h hexmap.Hex) {
	s.drag = &overlayDrag{ov: i, start: h, at: h}
}

// dragTo works out the dragged overlay's placement with the cursor on h:
// its "1" and "2" hexes moved by h − start (12.2), and the viewshed on
// the map with it there.
func (s *DesignScene) dragTo(h hexmap.Hex) {
	dr := s.drag
	if dr == nil || h == dr.at || s.sc == nil || dr.ov >= len(s.sc.Map.Overlays) {
		return
	}
	dr.at, dr.ok, dr.hexes = h, false, nil
	spec, err := hexmap.ParseOverlaySpec(s.sc.Map.Overlays[dr.ov])
	if err != nil || spec.One.Board == "" {
		return
	}
	one, err1 := s.m.Hex(spec.One.String())
	two, err2 := s.m.Hex(spec.Two.String())
	if err1 != nil || err2 != nil {
		return
	}
	d := h.Sub(dr.start)
	l1, ok1 := s.m.LabelOf(one.Add(d))
	l2, ok2 := s.m.LabelOf(two.Add(d))
	if !ok1 || !ok2 {
		return
	}
	spec.One, spec.Two = l1, l2
	p, err := s.m.Resolve(s.lib, spec)
	if err != nil {
		return
	}
	dr.spec, dr.ok, dr.hexes = spec, true, p.AllHexes()
	if s.vs != nil {
		c := *s.sc
		c.Map.Overlays = slices.Clone(s.sc.Map.Overlays)
		c.Map.Overlays[dr.ov] = spec.String()
		if m, err := c.Build(s.lib); err == nil {
			dr.viewshed = &viewshed{from: s.vs.from, dug: s.vs.dug}
			dr.viewshed.on(m)
			if s.vsDiff {
				dr.viewshed.compare(s.m, m) // what dropping it here would change
			}
		}
	}
}

// endDrag puts the overlay where it was dragged (one edit), or leaves
// it when the cursor came back to where it started.
func (s *DesignScene) endDrag() {
	dr := s.drag
	s.drag = nil
	if dr == nil || !dr.ok || dr.at == dr.start {
		return
	}
	line := dr.spec.String()
	s.edit("move overlay to "+line, func() error { return s.doc.SetOverlay(dr.ov, line) })
}

// tryIt is the balance run behind "Try it": N games of the veteran
// against itself in the background.
type tryIt struct {
	mu       sync.Mutex
	done     int
	total    int
	finished bool
	res      balance.Result
	err      error
	stop     context.CancelFunc
	follow   bool // the properties panel is kept scrolled to its foot, where the run's lines are, until it ends
}

func (t *tryIt) running() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.finished
}

func (t *tryIt) cancel() { t.stop() }

func (t *tryIt) poll() {}

func (t *tryIt) progress() (int, int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.done, t.total, t.finished
}

// tryGames is how many games Try it plays.
const tryGames = 100

// tryIt is B: start (or restart) the balance run on the scenario as it
// now is.
func (s *DesignScene) tryIt() {
	if s.balance != nil && s.balance.running() {
		return
	}
	sc, err := s.doc.Scenario()
	if err != nil || len(s.probs) > 0 && !allWarnings(s.probs) {
		s.post("Try it needs a scenario that checks: fix the problems first (P)")
		return
	}
	if err := startable(sc); err != nil {
		s.post("Try it: " + err.Error())
		return
	}
	games := s.opts.TryGames
	if games <= 0 {
		games = tryGames
	}
	ctx, stop := context.WithCancel(context.Background())
	t := &tryIt{total: games, stop: stop, follow: true}
	s.balance = t
	go func() {
		res, err := balance.Run(ctx, sc, games, func(done, total int) {
			t.mu.Lock()
			t.done, t.total = done, total
			t.mu.Unlock()
			ui.Wake()
		})
		t.mu.Lock()
		t.res, t.err, t.finished = res, err, true
		t.mu.Unlock()
		ui.Wake()
	}()
	s.post(fmt.Sprintf("playing %d games, veteran against veteran (Esc or C: cancel)", games))
}

func allWarnings(ms []design.Message) bool {
	for _, m := range ms {
		if !m.Warning {
			return false
		}
	}
	return true
}

// lossHexes are a side's lost bases by hex, most first.
func lossHexes(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if m[ks[i]] != m[ks[j]] {
			return m[ks[i]] > m[ks[j]]
		}
		return ks[i] < ks[j]
	})
	return ks
}

// deadGround is the ★ dead-ground tool's answer for one side: for every
// hex, how many of the side's set-up hexes (its bases on the map at the
// start, and every hex of its units' set-up areas) see it. Hexes none of them sees are its dead ground.
type deadGround struct {
	side  int
	seen  map[hexmap.Hex]int
	from  int // set-up hexes looked from
	most  int
	blind int // hexes none of them sees
	gen   int // bumped by each answer (the marks' layer is drawn again)
}

// recompute answers for the map and bases as they now are.
func (g *deadGround) recompute(s *DesignScene) {
	g.gen++
	g.seen, g.from, g.most, g.blind = nil, 0, 0, 0
	if s.m == nil || s.sc == nil || g.side >= len(s.sc.Sides) {
		s.post("dead ground: no side yet (place bases first)")
		return
	}
	grid := gridOf(s.m)
	c := grid.NewChecker()
	var froms []los.Location
	done := map[hexmap.Hex]bool{}
	for _, u := range s.sc.Sides[g.side].Units {
		if u.Arrives > 0 {
			continue
		}
		// a set-up area (HEX+N): the side may set up anywhere in it
		if c, r, err := scenario.ParseArea(s.m, u.Area); u.Area != "" && err == nil {
			for _, h := range s.m.Hexes() {
				if h.Sub(c).Length() <= r && !done[h] {
					done[h] = true
					froms = append(froms, grid.At(h))
				}
			}
		}
		for _, b := range u.Bases {
			h, err := s.m.Hex(b.Hex)
			if err != nil || done[h] {
				continue
			}
			done[h] = true
			l := grid.At(h)
			l.Entrenched = b.DugIn
			froms = append(froms, l)
		}
	}
	g.from = len(froms)
	// every pair at once on every core (los.Grid.DeadGround, exact); a
	// set-up hex counts as seeing itself
	cnt := grid.DeadGround(froms, runtime.GOMAXPROCS(0))
	hs := s.m.Hexes()
	idx := make(map[hexmap.Hex]int, len(hs))
	for i, h := range hs {
		idx[h] = i
	}
	for _, f := range froms {
		if i, ok := idx[f.Hex]; ok && !c.Sees(f, grid.At(f.Hex)) {
			cnt[i]++
		}
	}
	g.seen = make(map[hexmap.Hex]int, len(hs))
	for i, h := range hs {
		n := int(cnt[i])
		g.seen[h] = n
		g.most = max(g.most, n)
		if n == 0 {
			g.blind++
		}
	}
	s.post(fmt.Sprintf("dead ground of %s: %d hexes seen from none of its %d set-up hexes (Tab: the other side)",
		s.sc.Sides[g.side].ID, g.blind, g.from))
}

// facingDrag is a selected base's facing being set by dragging from its
// hex toward a neighbour (issue 19, "facing by drag").
type facingDrag struct {
	s, u, b int
	from    hexmap.Hex
	to      hexmap.Hex // the neighbour it would face
	ok      bool       // the cursor is far enough from the centre to point
}

// startFacing begins a facing drag when h is the selected base's hex.
func (s *DesignScene) startFacing(h hexmap.Hex) bool {
	k := s.sel
	if k.kind != selBase || s.sc == nil || k.s >= len(s.sc.Sides) || k.u >= len(s.sc.Sides[k.s].Units) || k.b >= len(s.sc.Sides[k.s].Units[k.u].Bases) {
		return false
	}
	if !s.sameHex(s.sc.Sides[k.s].Units[k.u].Bases[k.b].Hex, h) {
		return false
	}
	s.faceDrag = &facingDrag{s: k.s, u: k.u, b: k.b, from: h}
	return true
}

// facingAt is the neighbour of from whose centre lies nearest the
// cursor's direction on screen; none while the cursor is within half a
// hex of from's centre.
func (s *DesignScene) facingAt(from hexmap.Hex, cx, cy float64) (hexmap.Hex, bool) {
	x0, y0 := s.ms.HexOnScreen(from)
	if math.Hypot(cx-x0, cy-y0) < s.hexPx()/2 {
		return hexmap.Hex{}, false
	}
	want := math.Atan2(cy-y0, cx-x0)
	best, bestD, ok := hexmap.Hex{}, math.Inf(1), false
	for d := hexmap.Dir(0); d < 6; d++ {
		n := from.Neighbor(d)
		if !s.m.Contains(n) {
			continue
		}
		x, y := s.ms.HexOnScreen(n)
		diff := math.Abs(math.Remainder(math.Atan2(y-y0, x-x0)-want, 2*math.Pi))
		if diff < bestD {
			best, bestD, ok = n, diff, true
		}
	}
	return best, ok
}

// dragFacing follows the cursor.
func (s *DesignScene) dragFacing(cx, cy float64) {
	f := s.faceDrag
	to, ok := s.facingAt(f.from, cx, cy)
	if to != f.to || ok != f.ok {
		f.to, f.ok, s.dirty = to, ok, true
	}
}

// endFacing sets the facing the drag points at (one edit), unless it
// points nowhere or where the base already faces.
func (s *DesignScene) endFacing() {
	f := s.faceDrag
	s.faceDrag, s.dirty = nil, true
	if !f.ok || s.sc == nil {
		return
	}
	b := s.sc.Sides[f.s].Units[f.u].Bases[f.b]
	l := s.m.Label(f.to)
	if b.Facing == l {
		return
	}
	s.edit(b.ID+" faces "+l, func() error { return s.doc.SetBase(f.s, f.u, f.b, "facing", l) })
}
