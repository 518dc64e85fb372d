package render

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/climate"
	"khamsin/engine/design"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// The designer's tools for the rest of the scenario format (issue 19):
// tool 8, Defences (minefields F.7–F.7C, wire and obstacles, bunkers and
// Tobruk pits, counters at the start, vineyard hexes of 13.6), tool 9,
// Fire support (batteries, observation aircraft, barrages, air sorties,
// §10.15–.18 and 14.9), and in the scenario's own properties the
// section-13 variants and the environment, fixed or rolled by DYO
// (11.2–11.7) with the rolls shown. Every change is one engine/design
// edit (edits_support.go). The shared designer files call in here from
// a few marked hooks.

// supportState is what the two tools keep between ticks.
type supportState struct {
	def     int         // the thing the Defences tool places (defKinds)
	press   *hexmap.Hex // where a press of the Defences tool began: a drag makes a run
	shift   bool        // the press was Shift+click
	aim     bool        // the next map click aims a new barrage
	envSeed uint64      // the seed of the DYO climate shown (Shift+Y: the next)
	// the rolls shown, kept while the seed, month and map are the same
	// (the panel is laid out every frame; a roll lays the map out)
	rollsKey string
	rolls    []climate.Step
	rollsErr error
	sprites  ui.SpriteCache // wrecks and smoke as play draws them
}

// defKind is one thing the Defences tool places.
type defKind struct {
	name   string
	array  string // minefield, obstacle, structure, counter, vineyard
	kind   string
	dummy  bool
	hidden bool
}

var defKinds = []defKind{
	{name: "Minefield, Known (F.7)", array: "minefield"},
	{name: "Minefield, Dummy (F.7B)", array: "minefield", dummy: true},
	{name: "Minefield, hidden (F.7C)", array: "minefield", hidden: true},
	{name: "Wire", array: "obstacle", kind: "wire"},
	{name: "Anti-tank ditch", array: "obstacle", kind: "ditch"},
	{name: "Dragon's teeth", array: "obstacle", kind: "teeth"},
	{name: "Improvised obstacle", array: "obstacle", kind: "improvised"},
	{name: "Bunker", array: "structure", kind: "bunker"},
	{name: "Tobruk pit", array: "structure", kind: "tobruk"},
	{name: "Sangar", array: "counter", kind: "sangar"},
	{name: "Foxhole", array: "counter", kind: "foxhole"},
	{name: "Trench", array: "counter", kind: "trench"},
	{name: "Wreck", array: "counter", kind: "wreck"},
	{name: "Smoke", array: "counter", kind: "smoke"},
	{name: "Vineyard hex (13.6)", array: "vineyard"},
}

// supportAdds are what the Fire support tool adds (A, or a click).
var supportAdds = []string{"battery", "mortar", "aircraft", "barrage", "sortie"}

// runHexes are the map hexes of a minefield or obstacle entry.
func (s *DesignScene) runHexes(hexes []string, from, to string) []hexmap.Hex {
	if s.m == nil {
		return nil
	}
	hs, err := scenario.Run(s.m, hexes, from, to)
	if err != nil {
		return nil
	}
	return hs
}

func (s *DesignScene) sideID(i int) string {
	if s.sc == nil || i < 0 || i >= len(s.sc.Sides) {
		return ""
	}
	return s.sc.Sides[i].ID
}

func (s *DesignScene) sideIndex(id string) int {
	if s.sc != nil {
		for i, sd := range s.sc.Sides {
			if sd.ID == id {
				return i
			}
		}
	}
	return -1
}

// ---------------------------------------------------------------- input

// supportKeys are the keys of the two tools and of the environment; true
// when the key was theirs (hook in keys).
func (s *DesignScene) supportKeys() bool {
	switch {
	case (s.sup.aim || s.sup.press != nil) && s.keyJust(ebiten.KeyEscape):
		s.sup.aim, s.sup.press = false, nil
		s.post("cancelled")
		return true
	case s.shift() && s.keyJust(ebiten.KeyY):
		s.rollEnvironment()
		return true
	case s.shift() && s.keyJust(ebiten.KeyF):
		s.keepEnvironment()
		return true
	case s.keyJust(ebiten.KeyA) && s.tool == toolDefences:
		s.supportCycle(1)
		return true
	case s.keyJust(ebiten.KeyA) && s.tool == toolSupport:
		s.ask("Add: battery, mortar (an on-table mortar unit), aircraft (observation), barrage or sortie", "battery", false, func(v string) error {
			s.supportAdd(strings.ToLower(strings.TrimSpace(v)))
			return nil
		})
		return true
	}
	return false
}

// supportCycle is [ and ] (and A) in the two tools: the next thing to
// place, or the next fire-support entry selected.
func (s *DesignScene) supportCycle(d int) {
	if s.tool == toolDefences {
		n := len(defKinds)
		s.sup.def = (s.sup.def + d + n) % n
		s.post("to place: " + defKinds[s.sup.def].name)
		return
	}
	es := s.supportEntries()
	if len(es) == 0 {
		s.post("no fire support yet: A adds some")
		return
	}
	at := -1
	for i, e := range es {
		if e.sel.kind == s.sel.kind && e.sel.s == s.sel.s && e.sel.u == s.sel.u {
			at = i
		}
	}
	if at < 0 && d < 0 {
		at = 0
	}
	at = (at + d + len(es)) % len(es)
	s.sel, s.propRow = es[at].sel, 0
}

// supportClick is a map click with tool 8 or 9 (hook in clickMap). The
// Defences tool acts when the button is let go (supportRelease): a drag
// lays a run.
func (s *DesignScene) supportClick(h hexmap.Hex) {
	if s.tool == toolDefences {
		s.sup.press, s.sup.shift = &h, s.shift()
		return
	}
	label := s.m.Label(h)
	switch {
	case s.sup.aim:
		s.sup.aim = false
		s.addBarrage(label)
	case s.sel.kind == selBarrage:
		k := s.sel
		s.edit("barrage aimed at "+label, func() error { return s.doc.SetBarrage(k.s, k.u, "hex", label) })
	default:
		if !s.selectFireAt(h) {
			s.post(label + ": no barrage aimed here (A: add one; select a barrage, then click to aim it)")
		}
	}
}

// supportPressing: a press of the Defences tool is held (hook in Update).
func (s *DesignScene) supportPressing() bool { return s.sup.press != nil }

// supportRelease follows a held press: on release, the same hex is a
// click, another hex the end of a run.
func (s *DesignScene) supportRelease() {
	if slices.Contains(s.cur.Buttons, ebiten.MouseButtonLeft) {
		s.dirty = true
		return
	}
	from := *s.sup.press
	s.sup.press = nil
	to := from
	if s.hovering {
		to = s.hoverHex
	}
	if s.m == nil {
		return
	}
	if to != from {
		s.layRun(from, to)
		return
	}
	s.defenceClick(from, s.sup.shift)
}

// layRun is a drag from a to b: a new minefield or obstacle run (F.7A).
func (s *DesignScene) layRun(a, b hexmap.Hex) {
	k := defKinds[s.sup.def]
	la, lb := s.m.Label(a), s.m.Label(b)
	if k.array != "minefield" && k.array != "obstacle" {
		s.defenceClick(b, false)
		return
	}
	if _, err := scenario.Run(s.m, nil, la, lb); err != nil {
		s.post(la + " to " + lb + ": " + err.Error())
		return
	}
	s.addDefence(k, design.Minefield{From: la, To: lb}, lb)
}

// defenceClick is a click on h with the Defences tool: what of the kind
// picked stands there is selected, else one is placed; Shift+click
// extends the selected minefield or obstacle to h.
func (s *DesignScene) defenceClick(h hexmap.Hex, shift bool) {
	k := defKinds[s.sup.def]
	label := s.m.Label(h)
	if shift && (s.sel.kind == selMinefield || s.sel.kind == selObstacle) {
		s.extendRun(label)
		return
	}
	if k.array == "vineyard" {
		var on bool
		s.edit("vineyard "+label, func() (err error) { on, err = s.doc.ToggleVineyard(label); return err })
		if on {
			s.post(label + " is a vineyard (13.6); click again to take it off")
		} else {
			s.post(label + " is no vineyard")
		}
		return
	}
	if sel, ok := s.defenceAt(h, k); ok {
		s.sel, s.propRow = sel, 0
		return
	}
	s.addDefence(k, design.Minefield{Hexes: []string{label}}, label)
}

// addDefence places one thing of kind k: a minefield or obstacle over
// run's hexes or from/to, a structure or counter on label.
func (s *DesignScene) addDefence(k defKind, run design.Minefield, label string) {
	side := s.sideID(s.side)
	var i int
	var kind selKind
	ok := s.edit("place "+strings.ToLower(k.name)+" on "+label, func() (err error) {
		switch k.array {
		case "minefield":
			if side == "" {
				return fmt.Errorf("a minefield needs the side that laid it: add a side first")
			}
			run.Side, run.Dummy, run.Hidden = side, k.dummy, k.hidden
			kind = selMinefield
			i, err = s.doc.AddMinefield(run)
		case "obstacle":
			kind = selObstacle
			i, err = s.doc.AddObstacle(design.Obstacle{Kind: k.kind, Hexes: run.Hexes, From: run.From, To: run.To})
		case "structure":
			if side == "" {
				return fmt.Errorf("a structure needs the side that holds it: add a side first")
			}
			st := design.Structure{Kind: k.kind, Side: side, Hex: label}
			if k.kind == "bunker" {
				st.Facing = s.nextFacing(label, "")
			}
			kind = selStructure
			i, err = s.doc.AddStructure(st)
		default:
			kind = selCounter
			i, err = s.doc.AddCounter(k.kind, label)
		}
		return err
	})
	if ok {
		s.sel, s.propRow = selection{kind: kind, s: i}, 0
	}
}

// extendRun is Shift+click with a minefield or obstacle selected: a
// one-hex entry becomes the run from its hex to label (when that lies on
// a grain), a run's far end moves to label, else label joins the
// entry's hexes or leaves them.
func (s *DesignScene) extendRun(label string) {
	array, i := "minefield", s.sel.s
	var hexes []string
	var from string
	if s.sel.kind == selObstacle {
		array = "obstacle"
		if i >= len(s.sc.Obstacles) {
			return
		}
		hexes, from = s.sc.Obstacles[i].Hexes, s.sc.Obstacles[i].From
	} else {
		if i >= len(s.sc.Minefields) {
			return
		}
		hexes, from = s.sc.Minefields[i].Hexes, s.sc.Minefields[i].From
	}
	start := from
	if len(hexes) == 1 {
		start = hexes[0]
	}
	if start != "" && !strings.EqualFold(start, label) {
		if _, err := scenario.Run(s.m, nil, start, label); err == nil {
			s.edit(array+" run "+start+" to "+label, func() error { return s.doc.SetRun(array, i, start, label) })
			return
		}
	}
	s.edit(array+" hex "+label, func() error { _, err := s.doc.ToggleRunHex(array, i, label, s.m); return err })
}

// defenceAt is the entry of kind k's array standing on h.
func (s *DesignScene) defenceAt(h hexmap.Hex, k defKind) (selection, bool) {
	sc := s.sc
	if sc == nil {
		return selection{}, false
	}
	switch k.array {
	case "minefield":
		for i, m := range sc.Minefields {
			if slices.Contains(s.runHexes(m.Hexes, m.From, m.To), h) {
				return selection{kind: selMinefield, s: i}, true
			}
		}
	case "obstacle":
		for i, o := range sc.Obstacles {
			if slices.Contains(s.runHexes(o.Hexes, o.From, o.To), h) {
				return selection{kind: selObstacle, s: i}, true
			}
		}
	case "structure":
		for i, st := range sc.Structures {
			if s.sameHex(st.Hex, h) {
				return selection{kind: selStructure, s: i}, true
			}
		}
	case "counter":
		for i, c := range sc.Counters {
			if s.sameHex(c.Hex, h) && (k.kind == "" || c.Kind == k.kind) {
				return selection{kind: selCounter, s: i}, true
			}
		}
	}
	return selection{}, false
}

// supportSelectAt selects the defence or barrage at h for the Select
// tool; false when there is none (hook in selectAt).
func (s *DesignScene) supportSelectAt(h hexmap.Hex) bool {
	for _, array := range []string{"structure", "counter", "minefield", "obstacle"} {
		if sel, ok := s.defenceAt(h, defKind{array: array}); ok {
			s.sel = sel
			return true
		}
	}
	return s.selectFireAt(h)
}

// selectFireAt selects a barrage aimed at h.
func (s *DesignScene) selectFireAt(h hexmap.Hex) bool {
	if s.sc == nil {
		return false
	}
	for si, sd := range s.sc.Sides {
		for i, b := range sd.Barrages {
			if s.sameHex(b.Hex, h) {
				s.sel, s.propRow = selection{kind: selBarrage, s: si, u: i}, 0
				return true
			}
		}
	}
	return false
}

// nextFacing is the hex next to label after facing (clockwise) that is on
// the map: a bunker's embrasure turned a sixth.
func (s *DesignScene) nextFacing(label, facing string) string {
	h, err := s.m.Hex(label)
	if err != nil {
		return ""
	}
	d := hexmap.Dir(0)
	if f, err := s.m.Hex(facing); err == nil {
		if cur, ok := h.DirTo(f); ok && h.Sub(f).Length() == 1 {
			d = cur + 1
		}
	}
	for i := 0; i < 6; i++ {
		if n := h.Neighbor((d + hexmap.Dir(i)) % 6); s.m.Contains(n) {
			return s.m.Label(n)
		}
	}
	return ""
}

// supportRotate is R on a structure: a bunker faces the next hex round
// (hook in rotateSel).
func (s *DesignScene) supportRotate() {
	if s.sel.kind != selStructure || s.sc == nil || s.sel.s >= len(s.sc.Structures) {
		return
	}
	st, i := s.sc.Structures[s.sel.s], s.sel.s
	if st.Kind != "bunker" {
		s.post("a Tobruk pit fires all round: it has no facing")
		return
	}
	f := s.nextFacing(st.Hex, st.Facing)
	s.edit("bunker faces "+f, func() error { return s.doc.SetStructure(i, "facing", f) })
}

// supportMovable: M applies to the selection (hook in keys).
func (s *DesignScene) supportMovable() bool {
	switch s.sel.kind {
	case selStructure, selCounter, selBarrage:
		return true
	}
	return false
}

// supportMove is M then a click: the selection goes to label (hook in
// moveSel).
func (s *DesignScene) supportMove(label string) {
	k := s.sel
	switch k.kind {
	case selStructure:
		s.edit("move structure to "+label, func() error {
			return s.doc.Do("move structure", func() error {
				if err := s.doc.SetStructure(k.s, "hex", label); err != nil {
					return err
				}
				if k.s < len(s.sc.Structures) && s.sc.Structures[k.s].Kind == "bunker" {
					return s.doc.SetStructure(k.s, "facing", s.nextFacing(label, ""))
				}
				return nil
			})
		})
	case selCounter:
		s.edit("move counter to "+label, func() error { return s.doc.SetCounter(k.s, "hex", label) })
	case selBarrage:
		s.edit("barrage aimed at "+label, func() error { return s.doc.SetBarrage(k.s, k.u, "hex", label) })
	}
}

// supportDelete is X on the selection; false when it is none of these
// (hook in deleteSel).
func (s *DesignScene) supportDelete() bool {
	k := s.sel
	d := s.doc
	var fn func() error
	switch k.kind {
	case selMinefield:
		fn = func() error { return d.RemoveMinefield(k.s) }
	case selObstacle:
		fn = func() error { return d.RemoveObstacle(k.s) }
	case selStructure:
		fn = func() error { return d.RemoveStructure(k.s) }
	case selCounter:
		fn = func() error { return d.RemoveCounter(k.s) }
	case selBattery:
		fn = func() error { return d.RemoveBattery(k.s, k.u) }
	case selAircraft:
		fn = func() error { return d.RemoveObservationAircraft(k.s, k.u) }
	case selBarrage:
		fn = func() error { return d.RemoveBarrage(k.s, k.u) }
	case selSortie:
		fn = func() error { return d.RemoveSortie(k.s) }
	default:
		return false
	}
	s.edit("delete "+s.supportSelName(), fn)
	return true
}

// supportSelOK: the selection still names an entry after an edit (hook
// in keepSel; true for the other kinds).
func (s *DesignScene) supportSelOK() bool {
	sc, k := s.sc, s.sel
	side := func() bool { return k.s >= 0 && k.s < len(sc.Sides) && k.u >= 0 }
	switch k.kind {
	case selMinefield:
		return k.s < len(sc.Minefields)
	case selObstacle:
		return k.s < len(sc.Obstacles)
	case selStructure:
		return k.s < len(sc.Structures)
	case selCounter:
		return k.s < len(sc.Counters)
	case selSortie:
		return k.s < len(sc.Air)
	case selBattery:
		return side() && k.u < len(sc.Sides[k.s].Batteries)
	case selAircraft:
		return side() && k.u < len(sc.Sides[k.s].Aircraft)
	case selBarrage:
		return side() && k.u < len(sc.Sides[k.s].Barrages)
	}
	return true
}

// supportTarget selects what a check message names, for the kinds of
// these tools (hook in goToProblem).
func (s *DesignScene) supportTarget(t design.Target) {
	top := map[string]selKind{"minefield": selMinefield, "obstacle": selObstacle, "structure": selStructure, "counter": selCounter, "air": selSortie}
	sub := map[string]selKind{"battery": selBattery, "observation_aircraft": selAircraft, "barrage": selBarrage}
	if k, ok := top[t.Kind]; ok && len(t.Path) == 2 {
		s.sel = selection{kind: k, s: asInt(t.Path[1])}
	}
	if k, ok := sub[t.Kind]; ok && len(t.Path) == 4 {
		s.sel = selection{kind: k, s: asInt(t.Path[1]), u: asInt(t.Path[3])}
	}
	if !s.supportSelOK() || s.sel.s < 0 || s.sel.u < 0 {
		s.sel = selection{}
	}
}

// ------------------------------------------------------------ fire support

// supportEntry is one line of the Fire support list.
type supportEntry struct {
	text string
	sel  selection
}

// supportEntries are the side in hand's batteries, aircraft and barrages
// and every sortie, in the file's order.
func (s *DesignScene) supportEntries() []supportEntry {
	sc := s.sc
	if sc == nil || s.side >= len(sc.Sides) {
		return nil
	}
	sd := sc.Sides[s.side]
	var out []supportEntry
	for i, b := range sd.Batteries {
		t := fmt.Sprintf("Battery %s: %d guns, HE %d, %d mm", b.BatteryID(), b.Guns, b.HE, b.Calibre)
		if b.Unit != "" {
			t = fmt.Sprintf("Battery %s: on-table mortars, %d mm", b.Unit, b.Calibre)
		}
		out = append(out, supportEntry{t, selection{kind: selBattery, s: s.side, u: i}})
	}
	for i, a := range sd.Aircraft {
		out = append(out, supportEntry{fmt.Sprintf("Aircraft %s: TQ %+d, from turn %d", a.ID, a.TQ, max(a.Arrives, 1)), selection{kind: selAircraft, s: s.side, u: i}})
	}
	for i, b := range sd.Barrages {
		smoke := ""
		if b.Smoke {
			smoke = " (smoke)"
		}
		out = append(out, supportEntry{fmt.Sprintf("Barrage %s, turn %d on %s%s", b.Battery, b.Turn, b.Hex, smoke), selection{kind: selBarrage, s: s.side, u: i}})
	}
	for i, a := range sc.Air {
		out = append(out, supportEntry{fmt.Sprintf("Sortie %s (%s), turn %d: %d × %s, %s", a.ID, a.Side, a.Turn, a.Aircrafts(), a.Aircraft, a.Ordnance), selection{kind: selSortie, s: i}})
	}
	return out
}

// freeID is the first prefix+n no unit, base, battery, aircraft or sortie
// has.
func (s *DesignScene) freeID(prefix string) string {
	used := map[string]bool{}
	if sc := s.sc; sc != nil {
		for _, sd := range sc.Sides {
			for _, u := range sd.Units {
				used[u.ID] = true
				for _, b := range u.Bases {
					used[b.ID] = true
				}
			}
			for _, b := range sd.Batteries {
				used[b.BatteryID()] = true
			}
			for _, a := range sd.Aircraft {
				used[a.ID] = true
			}
		}
		for _, a := range sc.Air {
			used[a.ID] = true
		}
	}
	for n := 1; ; n++ {
		if id := prefix + strconv.Itoa(n); !used[id] {
			return id
		}
	}
}

// mortarUnit is the first unit of side i with a mortar base that is not
// yet a battery ("" when none), and the calibre its mortar states (0:
// none, design.WeaponCalibre).
func (s *DesignScene) mortarUnit(i int) (string, int) {
	sd := s.sc.Sides[i]
	taken := map[string]bool{}
	for _, b := range sd.Batteries {
		taken[b.Unit] = true
	}
	for _, u := range sd.Units {
		if taken[u.ID] {
			continue
		}
		for _, b := range u.Bases {
			t, ok := s.cat.Type(b.Type)
			if !ok {
				continue
			}
			for _, w := range t.Weapons {
				if wp, ok := s.cat.Weapon(w); ok && wp.Kind == forces.Mortar {
					return u.ID, design.WeaponCalibre(*wp)
				}
			}
		}
	}
	return "", 0
}

// supportAdd adds one of supportAdds for the side in hand, selected.
func (s *DesignScene) supportAdd(what string) {
	if s.sc == nil || s.side >= len(s.sc.Sides) {
		s.post("fire support belongs to a side: place a base first (tool 4)")
		return
	}
	si := s.side
	d := s.doc
	var sel selection
	var fn func() error
	switch what {
	case "battery":
		id := s.freeID("RB")
		fn = func() error {
			i, err := d.AddBattery(si, design.Battery{ID: id, Name: "Field battery (off-table)", Guns: 4, HE: 5, Calibre: 88})
			sel = selection{kind: selBattery, s: si, u: i}
			return err
		}
	case "mortar":
		u, mm := s.mortarUnit(si)
		if u == "" {
			s.post("no unit of " + s.sideID(si) + " with a mortar that is not a battery yet")
			return
		}
		// the calibre: the one the mortar's designation states, offered;
		// the designer may type another the format takes
		offer := ""
		if mm > 0 {
			offer = strconv.Itoa(mm)
		}
		s.ask(fmt.Sprintf("Mortar battery of %s: calibre in mm, 1–%d (70 or more: its fire raises FFE Dust, 11.75; over 70: it breaks sangars, 8.41)", u, scenario.MaxCalibre), offer, false, func(v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 1 || n > scenario.MaxCalibre {
				return fmt.Errorf("%q: a calibre in mm, 1 to %d", v, scenario.MaxCalibre)
			}
			var i int
			if s.edit("add mortar battery "+u, func() (err error) {
				i, err = d.AddBattery(si, design.Battery{Unit: u, Calibre: n})
				return err
			}) {
				s.sel, s.propRow = selection{kind: selBattery, s: si, u: i}, 0
			}
			return nil
		})
		return
	case "aircraft":
		id := s.freeID("AOP")
		fn = func() error {
			i, err := d.AddObservationAircraft(si, design.ObservationAircraft{ID: id})
			sel = selection{kind: selAircraft, s: si, u: i}
			return err
		}
	case "barrage":
		if len(s.sc.Sides[si].Batteries) == 0 {
			s.post("a barrage is fired by a battery of the side: add one first")
			return
		}
		s.sup.aim = true
		s.post("click the barrage's aim hex (Esc: cancel)")
		return
	case "sortie":
		id, ac, ord := s.freeID("S"), "", ""
		for _, a := range s.cat.AircraftIDs() {
			t, _ := s.cat.AircraftType(a)
			if t.Nation == s.sc.Sides[si].Nation {
				ac, ord = a, "bombs"
				if t.Bombs == 0 {
					ord = "rockets"
				}
				break
			}
		}
		if ac == "" {
			s.post("the catalogue has no aircraft of " + s.sc.Sides[si].Nation)
			return
		}
		side := s.sideID(si)
		fn = func() error {
			i, err := d.AddSortie(design.Sortie{ID: id, Side: side, Turn: 1, Aircraft: ac, Ordnance: ord})
			sel = selection{kind: selSortie, s: i}
			return err
		}
	default:
		s.post(fmt.Sprintf("add %q: one of %s", what, strings.Join(supportAdds, ", ")))
		return
	}
	if s.edit("add "+what, fn) {
		s.sel, s.propRow = sel, 0
	}
}

// addBarrage aims a new barrage of the side's first battery at label.
func (s *DesignScene) addBarrage(label string) {
	if s.sc == nil || s.side >= len(s.sc.Sides) || len(s.sc.Sides[s.side].Batteries) == 0 {
		return
	}
	si := s.side
	bat := s.sc.Sides[si].Batteries[0].BatteryID()
	var i int
	if s.edit("barrage of "+bat+" on "+label, func() (err error) {
		i, err = s.doc.AddBarrage(si, design.Barrage{Battery: bat, Hex: label, Turn: 1})
		return err
	}) {
		s.sel, s.propRow = selection{kind: selBarrage, s: si, u: i}, 0
	}
}

// ---------------------------------------------------------- environment

// envSeed is the seed of the DYO climate shown (1 until re-rolled).
func (s *DesignScene) envSeed() uint64 { return max(s.sup.envSeed, 1) }

// rollEnvironment is Shift+Y: the environment switched to DYO (one edit)
// or, when it is already, the next seed's rolls shown.
func (s *DesignScene) rollEnvironment() {
	if s.sc == nil {
		return
	}
	if !s.sc.Environment.DYO {
		if !s.edit("environment by DYO", func() error { return s.doc.SetEnvironmentDYO(true) }) {
			return
		}
	} else {
		s.sup.envSeed = s.envSeed() + 1
	}
	s.sel = selection{}
	env, _, err := s.doc.EnvironmentRolls(s.envSeed())
	if err != nil {
		s.post("DYO climate: " + err.Error())
		return
	}
	s.post(fmt.Sprintf("DYO climate, seed %d: %s, %s, EC %s, wind %s, dust %s (Shift+Y: re-roll, Shift+F: keep it fixed)",
		s.envSeed(), env.Weather, env.Time, env.EC, env.Wind, env.Dust))
}

// keepEnvironment is Shift+F: the climate shown becomes the fixed one.
func (s *DesignScene) keepEnvironment() {
	if s.sc == nil || !s.sc.Environment.DYO {
		s.post("the environment is fixed already (Shift+Y: roll it by DYO)")
		return
	}
	env, _, err := s.doc.EnvironmentRolls(s.envSeed())
	if err != nil {
		s.post("DYO climate: " + err.Error())
		return
	}
	s.edit("keep the rolled climate", func() error { return s.doc.FixEnvironment(env) })
}

// envRolls are the DYO climate's steps for the seed shown, each with its
// roll and rule.
func (s *DesignScene) envRolls() ([]climate.Step, error) {
	key := fmt.Sprint(s.envSeed(), "|", s.mapKey, "|", s.parseErr == nil)
	if s.sc != nil {
		key += "|" + s.sc.Date + "|" + mapKeyOf(s.sc)
	}
	if key != s.sup.rollsKey {
		_, s.sup.rolls, s.sup.rollsErr = s.doc.EnvironmentRolls(s.envSeed())
		s.sup.rollsKey = key
	}
	return s.sup.rolls, s.sup.rollsErr
}

// ----------------------------------------------------------- properties

// flagOf reads yes/no text.
func flagOf(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return v == "true" || v == "yes" || v == "y" || v == "1" || v == "on"
}

func numOf(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("a whole number, got %q", v)
	}
	return n, nil
}

// hexList reads "25C5, 25C6" (spaces or commas).
func hexList(v string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
		out = append(out, strings.ToUpper(f))
	}
	return out
}

// runText is a minefield's or obstacle's hexes as the panel shows them.
func runText(hexes []string, from, to string) string {
	if from != "" || to != "" {
		return from + " to " + to
	}
	return strings.Join(hexes, ", ")
}

// setRunText reads "A to B" (a run) or a list of hexes.
func (s *DesignScene) setRunText(array string, i int, v string) error {
	if a, b, ok := strings.Cut(strings.TrimSpace(v), " to "); ok {
		return s.doc.SetRun(array, i, strings.ToUpper(strings.TrimSpace(a)), strings.ToUpper(strings.TrimSpace(b)))
	}
	return s.doc.SetHexes(array, i, hexList(v))
}

// supportProps are the properties of a selection of these tools (hook at
// the top of props); false for the other kinds.
func (s *DesignScene) supportProps() ([]propRowT, bool) {
	d, sc, k := s.doc, s.sc, s.sel
	if !s.supportSelOK() {
		return nil, false
	}
	txt := func(set func(key string, v any) error, key string) func(string) error {
		return func(v string) error { return set(key, strings.TrimSpace(v)) }
	}
	num := func(set func(key string, v any) error, key string) func(string) error {
		return func(v string) error {
			n, err := numOf(v)
			if err != nil {
				return err
			}
			return set(key, n)
		}
	}
	flag := func(set func(key string, v any) error, key string) func(string) error {
		return func(v string) error { return set(key, flagOf(v)) }
	}
	b2s, i2s := strconv.FormatBool, strconv.Itoa
	switch k.kind {
	case selMinefield:
		m := sc.Minefields[k.s]
		set := func(key string, v any) error { return d.SetMinefield(k.s, key, v) }
		return []propRowT{
			{"side (that laid it)", m.Side, false, txt(set, "side")},
			{"hexes, or 'A to B' (a run, F.7A)", runText(m.Hexes, m.From, m.To), false, func(v string) error { return s.setRunText("minefield", k.s, v) }},
			{"strength (−2 … +2)", i2s(m.Strength), false, num(set, "strength")},
			{"dummy (F.7B)", b2s(m.Dummy), false, flag(set, "dummy")},
			{"hidden (F.7C)", b2s(m.Hidden), false, flag(set, "hidden")},
			{"unmined hexes (Dummies, F.7B)", strings.Join(m.Unmined, ", "), false, func(v string) error {
				return d.Do("unmined hexes", func() error {
					want := hexList(v)
					for _, h := range m.Unmined {
						if !slices.Contains(want, h) {
							if _, err := d.ToggleUnmined(k.s, h); err != nil {
								return err
							}
						}
					}
					for _, h := range want {
						if !slices.Contains(m.Unmined, h) {
							if _, err := d.ToggleUnmined(k.s, h); err != nil {
								return err
							}
						}
					}
					return nil
				})
			}},
		}, true
	case selObstacle:
		o := sc.Obstacles[k.s]
		set := func(key string, v any) error { return d.SetObstacle(k.s, key, v) }
		return []propRowT{
			{"kind (wire, ditch, teeth, improvised)", o.Kind, false, txt(set, "kind")},
			{"hexes, or 'A to B' (a run)", runText(o.Hexes, o.From, o.To), false, func(v string) error { return s.setRunText("obstacle", k.s, v) }},
		}, true
	case selStructure:
		st := sc.Structures[k.s]
		set := func(key string, v any) error { return d.SetStructure(k.s, key, v) }
		return []propRowT{
			{"kind (bunker, tobruk)", st.Kind, false, txt(set, "kind")},
			{"side (that holds it)", st.Side, false, txt(set, "side")},
			{"hex", st.Hex, false, txt(set, "hex")},
			{"facing (R turns it)", st.Facing, false, txt(set, "facing")},
		}, true
	case selCounter:
		c := sc.Counters[k.s]
		set := func(key string, v any) error { return d.SetCounter(k.s, key, v) }
		return []propRowT{
			{"kind (sangar, foxhole, trench, wreck, smoke)", c.Kind, false, txt(set, "kind")},
			{"hex", c.Hex, false, txt(set, "hex")},
		}, true
	case selBattery:
		b := sc.Sides[k.s].Batteries[k.u]
		set := func(key string, v any) error { return d.SetBattery(k.s, k.u, key, v) }
		tail := []propRowT{
			{"calibre (mm)", i2s(b.Calibre), false, num(set, "calibre")},
			{"comms (0–2)", i2s(b.Comms), false, num(set, "comms")},
			{"smoke rounds", b2s(b.Smoke), false, flag(set, "smoke")},
		}
		if b.Unit != "" {
			return append([]propRowT{{"on-table mortar unit", b.Unit, false, txt(set, "unit")}}, tail...), true
		}
		off := ""
		if b.Officer != nil {
			off = i2s(*b.Officer)
		}
		return append([]propRowT{
			{"id", b.ID, false, txt(set, "id")},
			{"name", b.Name, false, txt(set, "name")},
			{"guns (1–24)", i2s(b.Guns), false, num(set, "guns")},
			{"HE# (1–10)", i2s(b.HE), false, num(set, "he")},
			{"TQ (−3 … 3)", i2s(b.TQ), false, num(set, "tq")},
			{"officer's TQ (empty: none)", off, false, func(v string) error {
				if strings.TrimSpace(v) == "" {
					return set("officer", "")
				}
				return num(set, "officer")(v)
			}},
			{"rockets", b2s(b.Rockets), false, flag(set, "rockets")},
		}, tail...), true
	case selAircraft:
		a := sc.Sides[k.s].Aircraft[k.u]
		set := func(key string, v any) error { return d.SetObservationAircraft(k.s, k.u, key, v) }
		return []propRowT{
			{"id", a.ID, false, txt(set, "id")},
			{"name", a.Name, false, txt(set, "name")},
			{"TQ (−3 … 3)", i2s(a.TQ), false, num(set, "tq")},
			{"arrives (turn overhead)", i2s(max(a.Arrives, 1)), false, num(set, "arrives")},
		}, true
	case selBarrage:
		b := sc.Sides[k.s].Barrages[k.u]
		set := func(key string, v any) error { return d.SetBarrage(k.s, k.u, key, v) }
		return []propRowT{
			{"battery", b.Battery, false, txt(set, "battery")},
			{"turn", i2s(b.Turn), false, num(set, "turn")},
			{"aim hex (click the map)", b.Hex, false, txt(set, "hex")},
			{"smoke", b2s(b.Smoke), false, flag(set, "smoke")},
		}, true
	case selSortie:
		a := sc.Air[k.s]
		set := func(key string, v any) error { return d.SetSortie(k.s, key, v) }
		return []propRowT{
			{"id", a.ID, false, txt(set, "id")},
			{"side", a.Side, false, txt(set, "side")},
			{"turn", i2s(a.Turn), false, num(set, "turn")},
			{"aircraft (catalogue)", a.Aircraft, false, txt(set, "aircraft")},
			{"number (1–6)", i2s(a.Aircrafts()), false, num(set, "number")},
			{"ordnance (bombs, rockets)", a.Ordnance, false, txt(set, "ordnance")},
			{"FAC comms (−2 … +2)", i2s(a.Comms), false, num(set, "comms")},
		}, true
	}
	return nil, false
}

// unitOverrideProps are a unit's TQ and morale overrides (empty: the
// catalogue's), added to a base's properties (hook in props).
func (s *DesignScene) unitOverrideProps(si, ui_ int) []propRowT {
	u := s.sc.Sides[si].Units[ui_]
	row := func(name, key string, v *int) propRowT {
		val := ""
		if v != nil {
			val = strconv.Itoa(*v)
		}
		return propRowT{name, val, false, func(t string) error {
			if strings.TrimSpace(t) == "" {
				return s.doc.Clear([]any{"side", si, "unit", ui_}, key)
			}
			n, err := numOf(t)
			if err != nil {
				return err
			}
			return s.doc.SetUnit(si, ui_, key, n)
		}}
	}
	return []propRowT{
		row("unit TQ override (empty: catalogue)", "tq", u.TQ),
		row("unit morale override (empty: catalogue)", "morale", u.Morale),
	}
}

// variantFamilies are the section-13 choices the scenario's properties
// offer: a name, the variants it chooses among, and "none".
var variantFamilies = []struct {
	name    string
	choices []string
}{
	{"13.1/13.2 ground (none, broken, steppe)", []string{"broken", "steppe"}},
	{"13.3 cactus hedges (none, cactus-hedge, cactus-hedge:walls, cactus-hedge:walls,hedges)", []string{"cactus-hedge", "cactus-hedge:walls", "cactus-hedge:walls,hedges"}},
	{"13.4/13.5 orchards (none, cactus-patch, olive-grove)", []string{"cactus-patch", "olive-grove"}},
}

// scenarioSupportProps are the environment and the section-13 variants,
// in the scenario's own properties (hook in props, in place of the
// environment rows).
func (s *DesignScene) scenarioSupportProps() []propRowT {
	d, env := s.doc, s.sc.Environment
	mode := "fixed"
	if env.DYO {
		mode = "dyo"
	}
	rows := []propRowT{{"environment: fixed or dyo (11.2; Shift+Y rolls)", mode, false, func(v string) error {
		return d.SetEnvironmentDYO(strings.HasPrefix(strings.ToLower(strings.TrimSpace(v)), "d") || flagOf(v))
	}}}
	if env.DYO {
		rows = append(rows, propRowT{"DYO seed shown (Shift+Y: next, Shift+F: keep)", strconv.FormatUint(s.envSeed(), 10), false, func(v string) error {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			if err != nil || n == 0 {
				return fmt.Errorf("a seed of 1 or more, got %q", v)
			}
			s.sup.envSeed = n
			return nil
		}})
	} else {
		word := func(key string) func(string) error {
			return func(v string) error { return d.SetFixedEnvironment(key, strings.TrimSpace(v)) }
		}
		rows = append(rows,
			propRowT{"time of day", env.Time, false, word("time")},
			propRowT{"weather", env.Weather, false, word("weather")},
			propRowT{"EC", env.EC, false, word("ec")},
			propRowT{"wind", env.Wind, false, word("wind")},
			propRowT{"upwind (n, ne, se, s, sw, nw)", env.Upwind, false, word("upwind")},
			propRowT{"gusts", strconv.FormatBool(env.Gusts), false, func(v string) error { return d.SetFixedEnvironment("gusts", flagOf(v)) }},
			propRowT{"dust", env.Dust, false, word("dust")},
		)
	}
	have := d.Variants()
	for _, f := range variantFamilies {
		cur := "none"
		for _, v := range have {
			if slices.Contains(f.choices, v) {
				cur = v
			}
		}
		f := f
		rows = append(rows, propRowT{f.name, cur, false, func(v string) error {
			v = strings.ToLower(strings.TrimSpace(v))
			if v == "none" || v == "" {
				return d.Do("variant none", func() error {
					for _, c := range f.choices {
						if err := d.SetVariant(c, false); err != nil {
							return err
						}
					}
					return nil
				})
			}
			if !slices.Contains(f.choices, v) {
				return fmt.Errorf("%q: one of none, %s", v, strings.Join(f.choices, ", "))
			}
			return d.SetVariant(v, true)
		}})
	}
	vines := d.Vineyards()
	rows = append(rows, propRowT{"13.6 vineyard hexes (tool 8 clicks them)", strings.Join(vines, ", "), false, func(v string) error {
		want := hexList(v)
		return d.Do("vineyards", func() error {
			for _, h := range vines {
				if !slices.Contains(want, h) {
					if _, err := d.ToggleVineyard(h); err != nil {
						return err
					}
				}
			}
			for _, h := range want {
				if !slices.Contains(vines, h) {
					if _, err := d.ToggleVineyard(h); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}})
	return rows
}

// supportSelName is the panel's line for a selection of these tools (""
// for the others; hook in selName).
func (s *DesignScene) supportSelName() string {
	switch s.sel.kind {
	case selMinefield:
		return "Selected: a minefield (Shift+click: extend, X delete)"
	case selObstacle:
		return "Selected: an obstacle (Shift+click: extend, X delete)"
	case selStructure:
		return "Selected: a structure (M move, R facing, X delete)"
	case selCounter:
		return "Selected: a counter (M move, X delete)"
	case selBattery:
		return "Selected: a battery (X delete)"
	case selAircraft:
		return "Selected: an observation aircraft (X delete)"
	case selBarrage:
		return "Selected: a barrage (click the map: aim, X delete)"
	case selSortie:
		return "Selected: an air sortie (X delete)"
	}
	return ""
}

// ---------------------------------------------------------------- panels

// supportPalette is the palette's list for tools 8 and 9 (hook in items).
func (s *DesignScene) supportPalette(x float64, y *float64, w, rowH float64) []item {
	var out []item
	add := func(t string, c color.Color, bg color.Color, do func()) {
		out = append(out, item{x: x, y: *y, w: w, h: rowH, text: clipTo(t, s.hud.Small, w), face: s.hud.Small, col: c, bg: bg, do: do})
		*y += rowH
	}
	switch s.tool {
	case toolDefences:
		add("Place (A or [ ]: pick)", ui.Accent, nil, nil)
		for i, k := range defKinds {
			var bg color.Color
			if i == s.sup.def {
				bg = dsRowHi
			}
			add("   "+k.name, ui.Ink, bg, func() { s.sup.def = i })
		}
		*y += rowH / 2
		add("click: place, or select", ui.Dim, nil, nil)
		add("drag: a run (F.7A)", ui.Dim, nil, nil)
		add("Shift+click: extend it", ui.Dim, nil, nil)
	case toolSupport:
		side := s.sideID(s.side)
		add("Fire support of "+side+" (Tab)", ui.Accent, nil, nil)
		for _, a := range supportAdds {
			add("   + "+a, ui.Ink, nil, func() { s.supportAdd(a) })
		}
		*y += rowH / 2
		add("Entries ([ ]: pick, A: add)", ui.Accent, nil, nil)
		for _, e := range s.supportEntries() {
			var bg color.Color
			if e.sel.kind == s.sel.kind && e.sel.s == s.sel.s && e.sel.u == s.sel.u {
				bg = dsRowHi
			}
			add(e.text, ui.Ink, bg, func() { s.sel, s.propRow = e.sel, 0 })
		}
	}
	return out
}

// supportPanel is what the properties panel shows below the properties:
// the DYO climate's rolls when the scenario is selected and its
// environment is rolled (hook in items).
func (s *DesignScene) supportPanel(x float64, y *float64, w, rowH float64) []item {
	if s.sc == nil || s.sel.kind != selNone || !s.sc.Environment.DYO {
		return nil
	}
	var out []item
	add := func(t string, c color.Color, do func()) {
		out = append(out, item{x: x, y: *y, w: w, h: rowH, text: clipTo(t, s.hud.Small, w), face: s.hud.Small, col: c, do: do})
		*y += rowH
	}
	*y += rowH / 2
	steps, err := s.envRolls()
	if err != nil {
		add("DYO climate: "+err.Error(), dsProblem, nil)
		return out
	}
	add(fmt.Sprintf("DYO climate, seed %d (click or Shift+Y: re-roll)", s.envSeed()), ui.Accent, s.rollEnvironment)
	for _, st := range steps {
		line := fmt.Sprintf("  %s %s: %s", st.Rule, st.What, st.Result)
		if st.Rolled {
			line += fmt.Sprintf(" (%s %d", st.Roll.Kind, st.Roll.Total())
			if st.DRM != 0 {
				line += fmt.Sprintf(" %+d", st.DRM)
			}
			line += ")"
		}
		add(line, ui.Ink, nil)
	}
	add("  the game rolls its own at the start", ui.Dim, nil)
	add("Keep this climate fixed (Shift+F)", ui.Accent, s.keepEnvironment)
	return out
}

// ----------------------------------------------------------------- map

var (
	dsVineyard = color.RGBA{90, 150, 60, 255}
	dsBarrage  = color.RGBA{230, 120, 30, 255}
)

// drawSupport draws what the two tools place (hook in drawMarks): the
// defences, counters, barrages' aim points, vineyard hexes while the
// Defences tool is in hand, and every unit's set-up area of the side in
// hand while the Units tool is.
func (s *DesignScene) drawSupport(dst *ebiten.Image) {
	sc, m := s.sc, s.m
	if sc == nil || m == nil || s.ms == nil {
		return
	}
	hs := s.hexPx()
	at := func(label string) (hexmap.Hex, float64, float64, bool) {
		h, err := m.Hex(label)
		if err != nil {
			return h, 0, 0, false
		}
		x, y := s.ms.HexOnScreen(h)
		return h, x, y, true
	}
	if s.tool == toolUnit && s.side < len(sc.Sides) {
		col := ui.SideColours(s.side, sc.Sides[s.side].Nation).Edge
		var out hexOutlines // one path for them all (design_marks.go)
		for _, u := range sc.Sides[s.side].Units {
			if c, r, err := scenario.ParseArea(m, u.Area); u.Area != "" && err == nil {
				for _, h := range m.Hexes() {
					if h.Sub(c).Length() <= r {
						out.add(s, h)
					}
				}
			}
		}
		out.draw(s, dst, col, 1)
	}
	if s.tool == toolDefences {
		var out hexOutlines
		for _, l := range s.doc.Vineyards() {
			if h, _, _, ok := at(l); ok {
				out.add(s, h)
			}
		}
		out.draw(s, dst, dsVineyard, 3)
	}
	for i, o := range sc.Obstacles {
		for _, h := range s.runHexes(o.Hexes, o.From, o.To) {
			x, y := s.ms.HexOnScreen(h)
			drawObstacle(dst, o.Kind, x, y, hs)
			if s.sel.kind == selObstacle && s.sel.s == i {
				s.outline(dst, h, dsSelect, 3)
			}
		}
	}
	face := s.counters.Faces.Face(math.Max(7, hs*0.22))
	bx0, by0 := s.ms.Cam.WorldToScreen(s.ms.Play[0].X, s.ms.Play[0].Y)
	bx1, by1 := s.ms.Cam.WorldToScreen(s.ms.Play[1].X, s.ms.Play[1].Y)
	for i, mf := range sc.Minefields {
		for _, h := range s.runHexes(mf.Hexes, mf.From, mf.To) {
			x, y := s.ms.HexOnScreen(h)
			w, bh := hs*0.95, math.Max(8, hs*0.32)
			// kept on the board for the half hexes its edges cut, as in play
			bx := math.Max(math.Min(x-w/2, bx1-w), bx0)
			by := math.Max(math.Min(y+hs*0.18, by1-bh), by0)
			x = bx + w/2
			fill := mineFill
			label := fmt.Sprintf("M%+d", mf.Strength)
			if mf.Dummy || slices.Contains(mf.Unmined, m.Label(h)) {
				fill, label = color.RGBA{110, 100, 80, 200}, "DUMMY"
			}
			if mf.Hidden {
				fill.A, label = 120, label+" h"
			}
			p := ui.RoundRectPath(bx, by, w, bh, bh*0.25)
			ui.FillPath(dst, p, fill)
			ui.StrokePath(dst, p, math.Max(1, hs*0.03), mineEdge)
			ui.CentredLabel(dst, label, face, x, by+bh/2, mineEdge)
			if s.sel.kind == selMinefield && s.sel.s == i {
				s.outline(dst, h, dsSelect, 3)
			}
		}
	}
	for i, st := range sc.Structures {
		h, x, y, ok := at(st.Hex)
		if !ok {
			continue
		}
		concrete, edge := color.RGBA{170, 170, 160, 235}, color.RGBA{50, 50, 48, 255}
		r := hs * 0.3
		cx, cy := x-hs*0.5, y-hs*0.05
		if st.Kind == "tobruk" {
			ui.Disc(dst, cx, cy, r*0.8, concrete)
			ui.Disc(dst, cx, cy, r*0.35, edge)
		} else {
			p := ui.RoundRectPath(cx-r, cy-r*0.7, 2*r, 1.4*r, r*0.2)
			ui.FillPath(dst, p, concrete)
			ui.StrokePath(dst, p, math.Max(1, hs*0.04), edge)
			if _, fx, fy, ok := at(st.Facing); ok {
				dx, dy := fx-x, fy-y
				if n := math.Hypot(dx, dy); n > 0 {
					ui.Line(dst, cx, cy, cx+dx/n*r*1.3, cy+dy/n*r*1.3, math.Max(1.5, hs*0.06), edge)
				}
			}
		}
		if s.sel.kind == selStructure && s.sel.s == i {
			s.outline(dst, h, dsSelect, 4)
		}
	}
	for i, c := range sc.Counters {
		h, x, y, ok := at(c.Hex)
		if !ok {
			continue
		}
		switch c.Kind {
		case "smoke":
			s.sup.sprites.Cloud(dst, x, y, hs*0.6, color.RGBA{150, 150, 150, 150})
		case "wreck":
			s.sup.sprites.Wreck(dst, x-hs*0.55, y+hs*0.45, hs*0.2)
		default:
			w, bh := hs*0.9, math.Max(8, hs*0.28)
			p := ui.RoundRectPath(x-w/2, y-hs*0.5, w, bh, bh*0.2)
			ui.FillPath(dst, p, color.RGBA{60, 50, 40, 220})
			ui.CentredLabel(dst, strings.ToUpper(c.Kind), face, x, y-hs*0.5+bh/2, color.RGBA{240, 225, 190, 255})
		}
		if s.sel.kind == selCounter && s.sel.s == i {
			s.outline(dst, h, dsSelect, 4)
		}
	}
	for si, sd := range sc.Sides {
		for i, b := range sd.Barrages {
			h, x, y, ok := at(b.Hex)
			if !ok {
				continue
			}
			r := hs * 0.42
			ui.Ring(dst, x, y, r, math.Max(1.5, hs*0.06), dsBarrage)
			ui.Line(dst, x-r, y, x+r, y, math.Max(1, hs*0.03), dsBarrage)
			ui.Line(dst, x, y-r, x, y+r, math.Max(1, hs*0.03), dsBarrage)
			ui.CentredLabel(dst, fmt.Sprintf("%s t%d", b.Battery, b.Turn), face, x, y+r+hs*0.12, dsBarrage)
			if s.sel.kind == selBarrage && s.sel.s == si && s.sel.u == i {
				s.outline(dst, h, dsSelect, 4)
			}
		}
	}
}

// pressMarks is the run a press of the Defences tool would make to the
// hex under the cursor (red: none can), drawn every frame over the
// defences (design_marks.go).
func (s *DesignScene) pressMarks() func(*ebiten.Image) {
	p, m := s.sup.press, s.m
	if p == nil || !s.hovering || s.hoverHex == *p || s.sc == nil || m == nil || s.ms == nil {
		return nil
	}
	hs := s.runHexes(nil, m.Label(*p), m.Label(s.hoverHex))
	at := s.hoverHex
	return func(dst *ebiten.Image) {
		if hs == nil {
			s.outline(dst, at, dsProblem, 2)
			return
		}
		var out hexOutlines
		out.add(s, hs...)
		out.draw(s, dst, dsPreview, 2)
	}
}
