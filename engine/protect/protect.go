// Package protect answers "what protection does this target get, and what
// else modifies this attack" from the desert rules: one function,
// Modifiers, returns every modifier for a firer, a target and an attack
// kind, each with its rule number (seed 000 sections 3–10, 12.43–12.44;
// seed 001 F.1A–F.1B). docs/rules.md records each reading and its test.
//
// Values are in the desert rules' own terms: a TEM of +N, a DRM of +N, or
// "FP halved". The joins to seed 002's d10 procedure are the named
// functions at the end of this file (brief §1).
package protect

import (
	"khamsin/engine/internal/enum"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// Kind is the kind of attack.
type Kind uint8

const (
	SmallArms   Kind = iota // direct fire by small arms / MG (IFT)
	Ordnance                // ordnance fired directly (To Hit), HE or AP
	Indirect                // ordnance fired indirectly (mortars)
	OBA                     // off-board artillery
	Bombardment             // pre-game bombardment
	DC                      // demolition charge
	FT                      // flamethrower
	CC                      // close combat
	OVR                     // vehicle overrun
	numKinds
)

var kindNames = enum.Names[Kind]{Of: "attack", Words: []string{"small-arms", "ordnance", "indirect", "oba", "bombardment", "dc", "ft", "cc", "ovr"}}

func (k Kind) String() string { return kindNames.String(k) }

// ParseKind reads the names String prints.
func ParseKind(s string) (Kind, error) { return kindNames.Parse(s) }

// Direct reports Direct Fire: a firer shooting at a target it sees.
func (k Kind) Direct() bool { return k == SmallArms || k == Ordnance }

// Attack is the attack being resolved.
type Attack struct {
	Kind      Kind
	HE        bool // ordnance / OBA firing HE
	CalibreMM int  // for 8.41: HE higher than 70mm
}

// Fort is the fortification a target is in.
type Fort uint8

const (
	NoFort  Fort = iota
	Foxhole      // 7.42
	Sangar       // 8.1: a foxhole, but set up only, never in sand
	Trench       // F.1A's "under a Trench counter"; protects as a foxhole (LOS-12)
)

var fortNames = enum.Names[Fort]{Of: "fortification", Words: []string{"none", "foxhole", "sangar", "trench"}}

func (f Fort) String() string { return fortNames.String(f) }

// ParseFort reads the names String prints.
func ParseFort(s string) (Fort, error) { return fortNames.Parse(s) }

// Unit describes one side of the attack: where it is and what it is.
type Unit struct {
	Loc       los.Location
	Infantry  bool // infantry (crest status 6.0 is for infantry; 5.66)
	Armored   bool // an armored target (3.4, 7.4 spare it)
	Passenger bool // a passenger (4.5, 7.513 protect non-passengers only)
	Fort      Fort
	Emplaced  bool         // an Emplaced Gun or the crew manning it (F.1A)
	Vehicle   VehicleCover // an AFV or wreck sharing the unit's hex (4.51, 6.52)
	// JustEntered: in Close Combat, the unit has just entered the hex
	// where the combat is from the adjacent hex EnteredFrom. Across a crest
	// front that lifts 6.12's crest CC DRMs.
	JustEntered bool
	EnteredFrom hexmap.Hex
}

// enteredAcrossFront reports an enemy that has just entered the crest
// unit's hex across one of its crest-front hexsides (6.12's exception).
func enteredAcrossFront(crest los.Location, enemy Unit) bool {
	if !enemy.JustEntered {
		return false
	}
	d, ok := crest.Hex.DirTo(enemy.EnteredFrom)
	return ok && crest.InFront(d)
}

// VehicleCover is an AFV or wreck in the same hex as a unit.
type VehicleCover uint8

const (
	NoVehicle VehicleCover = iota
	WithAFV
	WithWreck
)

// Conditions are the scenario conditions protection depends on.
type Conditions struct {
	WetOrMud bool // EC Wet or Mud (7.4, 7.41, 7.42 lose their penalties)
}

// Modifier is one effect on the attack, with the rule behind it.
type Modifier struct {
	Kind   string `json:"kind"`
	Effect string `json:"effect"` // "TEM", "DRM", "halve-FP", "area-fire", "note"
	Value  int    `json:"value"`
	Rule   string `json:"rule"`
}

// TEM is the total of the TEM modifiers.
func TEM(mods []Modifier) int {
	t := 0
	for _, m := range mods {
		if m.Effect == "TEM" {
			t += m.Value
		}
	}
	return t
}

// Modifiers lists every desert modifier of an attack by firer on target,
// in a fixed order, each with its rule. g is the map's LOS grid.
func Modifiers(g *los.Grid, firer, target Unit, a Attack, c Conditions) []Modifier {
	m := g.Map()
	var out []Modifier
	add := func(kind, effect string, v int, rule string) {
		out = append(out, Modifier{Kind: kind, Effect: effect, Value: v, Rule: rule})
	}
	ft := m.Terrain(firer.Loc.Hex)
	tt := m.Terrain(target.Loc.Hex)
	lof := trace(m, firer.Loc.Hex, target.Loc.Hex)
	direct := a.Kind.Direct()
	same := firer.Loc.Hex == target.Loc.Hex

	// 12.43 / 12.44: the Citadel and the Mausoleum.
	switch tt.Cover {
	case hexmap.Citadel:
		if a.Kind != CC {
			add("citadel", "TEM", 4, "12.43")
		}
	case hexmap.Mausoleum:
		if a.Kind != CC {
			add("mausoleum", "TEM", 1, "12.44")
		}
	}
	if ft.Cover == hexmap.Citadel && a.Kind == SmallArms && !same {
		add("citadel-fire", "area-fire", 0, "12.43")
	}

	// 4.5: deir TEM vs Direct Fire at the same elevation across a Lip.
	if direct && !target.Passenger && tt.Has(hexmap.Deir) && firer.Loc.Level == target.Loc.Level && !same {
		if deirProtects(m, lof, firer.Loc.Hex, target.Loc.Hex) {
			add("deir", "TEM", 1, "4.5")
		}
	}

	// 6.0 / 6.12: crest status.
	if target.Loc.Crest && target.Infantry {
		switch {
		case a.Kind == CC && enteredAcrossFront(target.Loc, firer):
			add("crest-cc", "note", 0, "6.12") // the attacker came in across the crest front
		case a.Kind == CC:
			add("crest-cc", "DRM", -2, "6.12")
		case direct && !same && entersFront(target.Loc, lof) && !crestExempt(g, firer.Loc, target.Loc):
			add("crest-entrenched", "TEM", 2, "6.0")
		}
	}
	if firer.Loc.Crest && firer.Infantry && (a.Kind == CC || !same) {
		switch {
		case a.Kind == CC && enteredAcrossFront(firer.Loc, target):
			add("crest-cc", "note", 0, "6.12")
		case a.Kind == CC:
			add("crest-cc", "DRM", 2, "6.12")
		case direct && !leavesFront(firer.Loc, lof):
			add("crest-area-fire", "area-fire", 0, "6.12")
			if a.Kind == Ordnance {
				add("crest-area-fire", "DRM", 2, "6.12")
			}
		}
	}

	// 7.513 / 7.514: a Dune Crest the LOF crosses as it enters the target's hex.
	crestEntry := entryHas(m, target.Loc.Hex, lof, hexmap.SideCrest)
	if crestEntry && !same {
		if direct && !target.Passenger && target.Loc.Level >= firer.Loc.Level {
			add("dune-crest", "TEM", 1, "7.513")
		}
		add("no-wall-advantage", "note", 0, "7.514")
	}

	// LOS-8 / 10.3: a wall or hedge the target sits behind at its base
	// elevation; 10.3 is the rule only for a Hillside wall/hedge.
	if direct && !same && target.Fort == NoFort && !target.Loc.Crest {
		if kind, v, hillside, ok := wallTEM(m, target.Loc, lof); ok {
			rule := "LOS-8"
			if hillside {
				rule = "10.3"
			}
			add(kind, "TEM", v, rule)
		}
	}

	// 6.51: height advantage on a hillock; 5.66 next to a wadi cliff.
	if direct && !same && tt.Flags&(hexmap.Hillock|hexmap.HighDune) != 0 && target.Loc.Level-firer.Loc.Level >= 2 {
		add("hillock-height", "TEM", 1, "6.51")
	}
	if direct && target.Infantry && !tt.Has(hexmap.Wadi) && g.InWadi(firer.Loc) && !firer.Loc.Crest &&
		hexmap.Distance(firer.Loc.Hex, target.Loc.Hex) == 1 && m.SideBetween(firer.Loc.Hex, target.Loc.Hex).Has(hexmap.SideCliff) {
		add("height-advantage", "TEM", 1, "5.66")
	}

	// 5.42: a wadi gives no TEM and no hull-down.
	if g.InWadi(target.Loc) {
		add("wadi", "note", 0, "5.42")
	}

	// 8.4 / 8.41: sangars; 7.41 emplacement; 7.42 foxholes in sand; a
	// trench protects as a foxhole and a non-sand emplacement is +2 (LOS-12).
	sand := tt.Has(hexmap.Sand) && !c.WetOrMud
	switch {
	case target.Fort == Sangar && a.Kind != CC && a.Kind != FT:
		switch {
		case a.Kind == OBA || a.Kind == Bombardment:
			add("sangar", "TEM", 3, "8.4")
		case target.Emplaced:
			add("emplacement", "TEM", 2, "8.4")
		default:
			add("sangar", "TEM", 1, "8.4")
		}
		if a.Kind == DC || a.Kind == OVR || (a.Kind == Ordnance || a.Kind == Indirect || a.Kind == OBA) && a.HE && a.CalibreMM > 70 {
			add("sangar-elimination", "note", 0, "8.41")
		}
	case (target.Fort == Foxhole || target.Fort == Trench) && a.Kind != CC && a.Kind != FT:
		v := 2
		if a.Kind == OVR || a.Kind == OBA {
			v = 4
		}
		kind, rule := target.Fort.String(), "7.42"
		if target.Fort == Trench {
			rule = "LOS-12"
		}
		if sand {
			add(kind, "TEM", v/2, "7.42")
		} else {
			add(kind, "TEM", v, rule)
		}
	case target.Emplaced && a.Kind != CC:
		switch {
		case sand:
			add("emplacement", "TEM", 1, "7.41")
		case tt.Has(hexmap.Sand):
			add("emplacement", "TEM", 2, "7.41") // Wet or Mud EC: the normal TEM
		default:
			add("emplacement", "TEM", 2, "LOS-12")
		}
	}

	// 3.4: hammada vs DC and HE.
	if !target.Armored && tt.Has(hexmap.Hammada) && (a.Kind == DC || a.HE && (a.Kind == Ordnance || a.Kind == Indirect || a.Kind == OBA)) {
		add("hammada", "TEM", -1, "3.4")
	}
	// 7.4: sand halves ordnance and OBA FP; -2 MC after a Bombardment.
	if !target.Armored && sand {
		switch a.Kind {
		case Ordnance, Indirect, OBA:
			add("sand", "halve-FP", 0, "7.4")
		case Bombardment:
			add("sand", "DRM", -2, "7.4")
		}
	}

	// 4.51 / 6.52: an AFV or wreck sharing a non-vehicle target's hex in a
	// deir or on a hillock, vs Direct Fire from another hex; +1, not
	// cumulative with another positive TEM of this attack (LOS-11).
	if direct && !same && target.Vehicle != NoVehicle && !target.Armored && !target.Passenger && !positiveTEM(out) {
		kind := "afv"
		if target.Vehicle == WithWreck {
			kind = "wreck"
		}
		switch {
		case tt.Has(hexmap.Deir):
			add(kind, "TEM", 1, "4.51")
		case tt.Flags&(hexmap.Hillock|hexmap.HighDune) != 0 && !g.InWadi(target.Loc):
			add(kind, "TEM", 1, "6.52")
		}
	}
	return out
}

// positiveTEM reports whether mods already hold a TEM of +1 or more.
func positiveTEM(mods []Modifier) bool {
	for _, m := range mods {
		if m.Effect == "TEM" && m.Value > 0 {
			return true
		}
	}
	return false
}

// thread is a traced LOF, kept as steps.
type thread []hexmap.Step

func trace(m *hexmap.Map, a, b hexmap.Hex) thread {
	return thread(hexmap.TraceThread(a, b).Steps)
}

// sideRef is one hexside: a hex and a direction from it.
type sideRef struct {
	h hexmap.Hex
	d hexmap.Dir
}

// entrySides are the hexsides through which the LOF enters the target's
// hex at its end: the hexside crossed; or, when it arrives exactly at a
// vertex (through it, or along a hexspine), both of the target's hexsides
// meeting there and the hexspine itself.
func entrySides(t thread, target hexmap.Hex) []sideRef {
	n := len(t)
	if n < 3 {
		return nil
	}
	s := t[n-2]
	switch s.Kind {
	case hexmap.StepCross:
		d, _ := target.DirTo(s.Hex)
		out := []sideRef{{target, d}}
		if s.AtVertex {
			if z, ok := vertexThird(t, s.Hex, target); ok {
				dz, _ := target.DirTo(z)
				out = append(out, sideRef{target, dz})
			}
		}
		return out
	case hexmap.StepSpine:
		x, y := s.Hex, s.Other()
		dx, _ := target.DirTo(x)
		dy, _ := target.DirTo(y)
		return []sideRef{{target, dx}, {target, dy}, {s.Hex, s.Dir}}
	}
	return nil
}

// exitDirs are the directions of the firer's hexsides the LOF leaves
// through (two when it leaves exactly at a vertex or along a hexspine).
func exitDirs(t thread, from hexmap.Hex) []hexmap.Dir {
	if len(t) < 3 {
		return nil
	}
	s := t[1]
	switch s.Kind {
	case hexmap.StepCross:
		d, _ := from.DirTo(s.Other())
		out := []hexmap.Dir{d}
		if s.AtVertex {
			if z, ok := vertexThird(t, s.Other(), from); ok {
				dz, _ := from.DirTo(z)
				out = append(out, dz)
			}
		}
		return out
	case hexmap.StepSpine:
		dx, _ := from.DirTo(s.Hex)
		dy, _ := from.DirTo(s.Other())
		return []hexmap.Dir{dx, dy}
	}
	return nil
}

// vertexThird finds the third hex at the vertex where the LOF passes from
// hex p into hex q: the common neighbour whose shared corner lies on the
// line between the thread's ends.
func vertexThird(t thread, p, q hexmap.Hex) (hexmap.Hex, bool) {
	ax, ay := t[0].Hex.Doubled()
	bx, by := t[len(t)-1].Hex.Doubled()
	for _, z := range p.Neighbors() {
		if hexmap.Distance(z, q) != 1 {
			continue
		}
		px, py := p.Doubled()
		qx, qy := q.Doubled()
		zx, zy := z.Doubled()
		vx, vy := px+qx+zx, py+qy+zy // 3 × the shared corner
		if (bx-ax)*(vy-3*ay)-(by-ay)*(vx-3*ax) == 0 {
			return z, true
		}
	}
	return hexmap.Hex{}, false
}

func entryHas(m *hexmap.Map, target hexmap.Hex, t thread, f hexmap.SideFlags) bool {
	for _, s := range entrySides(t, target) {
		if m.Side(s.h, s.d).Has(f) {
			return true
		}
	}
	return false
}

// entersFront: the LOF enters a crest unit's hex through one of the three
// hexsides its crest counter protects (at a vertex, if either side is).
func entersFront(l los.Location, t thread) bool {
	for _, s := range entrySides(t, l.Hex) {
		if s.h == l.Hex && l.InFront(s.d) {
			return true
		}
	}
	return false
}

// leavesFront: a crest unit's fire leaves its hex through its crest front.
func leavesFront(l los.Location, t thread) bool {
	for _, d := range exitDirs(t, l.Hex) {
		if l.InFront(d) {
			return true
		}
	}
	return false
}

// crestExempt: no entrenchment benefit against a firer with a four-level
// height advantage over the wadi (it sees down into it), or one in the
// same wadi whose LOS never crosses the wadi's contour (6.0).
func crestExempt(g *los.Grid, firer, target los.Location) bool {
	if floor, ok := g.WadiFloor(target.Hex); ok && firer.Level-floor >= 8 {
		return true
	}
	return g.NewChecker().AlongWadi(firer.Hex, target.Hex) && g.InWadi(firer)
}

// deirProtects: the LOF crosses a Lip Hexside that is not a hexside of the
// firer's hex; or the firer, in another deir, is adjacent across a Lip
// Hexside (4.5 EXC). Where a stretch along a hexside begins or ends, the
// LOF passes a hex exactly at a corner: if both of that hex's hexsides
// there are Lip Hexsides it crosses the Lip at their joint (LOS-2).
func deirProtects(m *hexmap.Map, t thread, from, to hexmap.Hex) bool {
	for k, s := range t {
		if s.Kind == hexmap.StepSpine && k > 0 && k+1 < len(t) {
			for _, e := range [2]hexmap.Hex{t[k-1].Hex, t[k+1].Hex} {
				if e != from && lipJoint(m, e, s.Hex, s.Other()) {
					return true
				}
			}
		}
		if s.Kind == hexmap.StepHex || !m.Side(s.Hex, s.Dir).Has(hexmap.SideLip) {
			continue
		}
		o := s.Other()
		if s.Hex != from && o != from {
			return true
		}
		if hexmap.Distance(from, to) == 1 && m.Terrain(from).Has(hexmap.Deir) && !sameDeir(m, from, to) {
			return true
		}
	}
	return false
}

// lipJoint reports whether e's hexsides towards x and towards y (two
// hexsides meeting at one of e's corners) are both Lip Hexsides.
func lipJoint(m *hexmap.Map, e, x, y hexmap.Hex) bool {
	dx, okx := e.DirTo(x)
	dy, oky := e.DirTo(y)
	return okx && oky && m.Side(e, dx).Has(hexmap.SideLip) && m.Side(e, dy).Has(hexmap.SideLip)
}

// sameDeir reports whether two deir hexes belong to one deir: joined by
// deir hexes across hexsides that are not Lip Hexsides.
func sameDeir(m *hexmap.Map, a, b hexmap.Hex) bool {
	seen := map[hexmap.Hex]bool{a: true}
	stack := []hexmap.Hex{a}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			y := x.Neighbor(d)
			if !seen[y] && m.Terrain(y).Has(hexmap.Deir) && !m.Side(x, d).Has(hexmap.SideLip) {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return false
}

// wallTEM: the LOF enters the target's hex across (or at the end of) a wall
// or hedge hexside, and the target is at that wall's base elevation — a
// hillside wall sits at the higher of its two base levels, and a unit below
// it never benefits (10.3). Walls give +2, hedges +1 (LOS-8). hillside
// reports that the wall/hedge giving the TEM is a Hillside one (10.1).
func wallTEM(m *hexmap.Map, target los.Location, t thread) (kind string, best int, hillside, ok bool) {
	for _, s := range entrySides(t, target.Hex) {
		f := m.Side(s.h, s.d)
		if s.h != target.Hex || f&(hexmap.SideWall|hexmap.SideHedge) == 0 {
			continue
		}
		x, y := s.h, s.h.Neighbor(s.d)
		bx, by := m.Terrain(x).Base, m.Terrain(y).Base
		base := max(bx, by)
		if target.Level != base {
			continue
		}
		switch {
		case f.Has(hexmap.SideWall) && best < 2:
			best, kind, hillside = 2, "wall", bx != by
		case f.Has(hexmap.SideHedge) && best < 1:
			best, kind, hillside = 1, "hedge", bx != by
		}
	}
	return kind, best, hillside, best > 0
}
