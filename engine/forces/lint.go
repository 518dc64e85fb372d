package forces

import (
	"fmt"
	"math"

	"khamsin/engine/internal/enum"
	"khamsin/engine/move"
)

// Ranges of the ratings (docs/formats.md, "Unit catalogue").
const (
	maxArmour   = 12 // on the scale of PEN and the HC table's 2d6+5
	maxPEN      = 12
	maxHE       = 10
	maxFactor   = 8 // FPF, CAF
	maxSquish   = 6
	maxAAF      = 6
	maxCapacity = 4
	maxRangeCM  = 400
	maxDVP      = 20
	maxGunMP    = 3 // 9.4: a man-handled gun moves at most 15 cm, 3 hexes
)

func (p *parser) baseType(e *entry) {
	t := &BaseType{File: e.file, Line: e.line("")}
	t.ID = e.readID(p.typeAt)
	t.Name = e.str("name", true)
	t.Note = e.str("note", false)
	t.Nation = e.str("nation", true)
	if t.Nation != "" {
		if pre, ok := idPrefix[t.Nation]; !ok {
			e.errorf("nation", "nation %q: expected british, german, italian or any", t.Nation)
		} else if t.ID != "" && len(t.ID) >= len(pre) && t.ID[:len(pre)] != pre {
			e.errorf("id", "a %s entry's id starts with %q", t.Nation, pre)
		}
	}
	class, classOK := enumKey(e, "class", true, ParseClass)
	t.Class = class
	t.Recon = e.boolean("recon")
	t.Sniper = e.boolean("sniper")
	t.TQ = e.num("tq", -3, 3, 0)
	t.Morale = e.num("morale", -3, 3, 0)
	t.Size = e.num("size", 0, 4, 0)
	if !e.has("size") {
		e.errorf("", "needs size = 0…4")
	}
	t.ArmourFront = e.num("armour_front", 0, maxArmour, 0)
	t.ArmourSide = e.num("armour_side", 0, maxArmour, 0)
	t.Enclosed = e.boolean("enclosed")
	kind, kindOK := enumKey(e, "move", false, move.ParseKind)
	mp, mpOK := e.mp("mp")
	pressure, _ := enumKey(e, "pressure", false, move.ParsePressure)
	truck, _ := enumKey(e, "truck", false, move.ParseTruckClass)
	t.Pressure, t.Truck = pressure, truck
	t.Motorised = e.boolean("motorised")
	t.Weapons = e.strs("weapons")
	t.CAF = e.num("caf", 0, maxFactor, 0)
	t.Squish = e.num("squish", 0, maxSquish, 0)
	t.AAF = e.num("aaf", 0, maxAAF, 0)
	t.Capacity = e.num("capacity", 0, maxCapacity, 0)
	t.Tow = e.num("tow", 0, 4, 0)
	t.DVP = e.num("dvp", 0, maxDVP, 0)
	t.DVPUnloaded = e.num("dvp_unloaded", 0, 2, 0)
	t.RoadCM = e.num("road_cm", 0, 100, 0)
	t.CrossCM = e.num("cc_cm", 0, 100, 0)
	t.BadCM = e.num("bad_cm", 0, 100, 0)
	t.Cost = e.num("cost", 0, 200, 0)
	if t.Nation == NationAny && classOK && class != Transport {
		e.errorf("nation", "nation any is for the generic soft-skins (class transport), not %s", class.withArticle())
	}
	if classOK {
		// The movement type: foot classes default to theirs, vehicles
		// must say.
		switch {
		case kindOK:
		case class.Vehicle():
			e.bad["move"] = true
			e.errorf("", "%s base needs move = \"…\" (fulltrack, halftrack, armored-car, motorcycle, truck or wagon)", class.withArticle())
		case class == Cavalry:
			kind = move.Cavalry
		default:
			kind = move.Infantry
		}
		t.Move = kind
		p.classRules(e, t, mp, mpOK)
	}
	for _, w := range t.Weapons {
		p.refs = append(p.refs, weaponRef{t, w, e.line("weapons")})
	}
	if t.ID != "" {
		p.cat.Types[t.ID] = t
	}
}

// classRules lints the fields that a class must, may or must not have.
func (p *parser) classRules(e *entry, t *BaseType, mp move.MP, mpOK bool) {
	c := t.Class
	k := t.Move
	// Movement type by class.
	var kinds []move.Kind
	switch c {
	case Infantry, Engineer, Officer, Observer, Gun:
		kinds = []move.Kind{move.Infantry}
	case Cavalry:
		kinds = []move.Kind{move.Cavalry}
	case Armoured:
		kinds = []move.Kind{move.FullTrack, move.HalfTrack, move.ArmoredCar}
	case Combat:
		kinds = []move.Kind{move.FullTrack, move.HalfTrack, move.ArmoredCar, move.Motorcycle, move.Truck}
	case Transport:
		kinds = []move.Kind{move.Wagon, move.FullTrack, move.HalfTrack, move.ArmoredCar, move.Motorcycle, move.Truck}
	}
	if !e.bad["move"] && !containsKind(kinds, k) {
		words := make([]string, len(kinds))
		for i, x := range kinds {
			words[i] = x.String()
		}
		e.errorf("move", "move %s: %s base moves as %s", k, c.withArticle(), enum.List(words))
	}
	// MF/MP allotment.
	if t.CrossCM > 0 {
		want := crossCountryMP(k, t.CrossCM)
		if mpOK && mp != want {
			e.errorf("mp", "mp %s does not follow from cc_cm %d: the rule gives %s", mp, t.CrossCM, want)
		}
		mp, mpOK = want, true
	}
	switch {
	case c == Gun:
		if !mpOK {
			e.errorf("", "a gun needs mp: the MF of a man-handled move (9.4, at most %d), or 0 if it only moves towed", maxGunMP)
		} else if mp > move.Whole(maxGunMP) {
			e.errorf("mp", "mp %s: a man-handled gun spends at most %d MF (9.4's 15 cm)", mp, maxGunMP)
		} else if t.Size >= 3 && mp > 0 {
			e.errorf("mp", "mp %s on a gun of size %d: guns of size 3 or more cannot be man-handled (9.4) and move only towed; use mp = 0", mp, t.Size)
		}
	case !mpOK:
		mp = move.DefaultAllowance(k)
	case mp == 0:
		e.errorf("mp", "mp 0: only a gun may be unable to move on its own")
	}
	t.MP = mp
	// Armour belongs to armoured bases only (save D).
	armoured := c == Armoured
	for _, key := range []string{"armour_front", "armour_side"} {
		switch {
		case armoured && !e.has(key):
			e.errorf("", "an armoured base needs %s", key)
		case !armoured && e.has(key):
			e.errorf(key, "%s on %s base: only armoured bases have armour (save D)", key, c.withArticle())
		}
	}
	if armoured && !e.bad["armour_front"] && !e.bad["armour_side"] && t.ArmourSide > t.ArmourFront {
		e.errorf("armour_side", "armour_side %d is thicker than armour_front %d", t.ArmourSide, t.ArmourFront)
	}
	if t.Enclosed && !armoured {
		e.errorf("enclosed", "enclosed on %s base: only armoured vehicles are enclosed", c.withArticle())
	}
	vehicle := c.Vehicle()
	if e.has("pressure") && !k.Motorized() {
		e.errorf("pressure", "pressure on %s: ground pressure is a motor vehicle's (7.31)", k)
	}
	if e.has("truck") && k != move.Truck {
		e.errorf("truck", "truck on %s: only trucks have a truck class", k)
	}
	if t.Motorised && !c.CommandBase() {
		e.errorf("motorised", "motorised on %s base: only officers and observers are motorised (7.2)", c.withArticle())
	}
	if e.has("squish") && !(vehicle && k.Motorized()) {
		e.errorf("squish", "squish on %s base: only motor vehicles squish in close assault", c.withArticle())
	}
	for _, key := range []string{"capacity", "tow"} {
		if e.has(key) && !vehicle {
			e.errorf(key, "%s on %s base: only vehicles carry or tow", key, c.withArticle())
		}
	}
	if e.has("dvp") && !(vehicle || c == Gun) {
		e.errorf("dvp", "dvp on %s base: DVP counts only guns and vehicles (F.3)", c.withArticle())
	}
	if e.has("dvp_unloaded") {
		want := 1
		if armoured {
			want = 2
		}
		if t.DVPUnloaded != want {
			e.errorf("dvp_unloaded", "dvp_unloaded %d: F.3A gives %d for %s vehicle whose gun is unloaded", t.DVPUnloaded, want, c.withArticle())
		}
	}
	if len(t.Weapons) == 0 && !e.bad["weapons"] && !c.CommandBase() && c != Transport {
		e.errorf("", "%s base needs weapons = [\"…\"]", c.withArticle())
	}
}

func containsKind(ks []move.Kind, k move.Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// crossCountryMP converts seed 002's cross-country rate to an allotment
// (docs/formats.md): motor vehicles 1.5 MP per cm (the 20 cm medium truck
// is the brief's 30 MP truck); men, horses and wagons 0.4 MF per cm (15 cm
// infantry 6 MF, 30 cm cavalry 12, 20 cm horse-drawn 8: move's defaults),
// rounded to the nearest half.
func crossCountryMP(k move.Kind, cm int) move.MP {
	if k.Motorized() {
		return move.MP(3 * cm)
	}
	return move.MP(math.Round(float64(cm) * 0.8))
}

func (p *parser) weapon(e *entry) {
	w := &Weapon{File: e.file, Line: e.line("")}
	w.ID = e.readID(p.weaponAt)
	w.Name = e.str("name", true)
	kind, kindOK := enumKey(e, "kind", true, ParseWeaponKind)
	w.Kind = kind
	w.RangeCM = e.num("range", 0, maxRangeCM, 0)
	w.PEN = e.num("pen", 0, maxPEN, 0)
	w.HE = e.num("he", 0, maxHE, 0)
	w.FPF = e.num("fpf", 0, maxFactor, 0)
	w.CAF = e.num("caf", 0, maxFactor, 0)
	w.HEToo = e.boolean("he_too")
	w.Mount = e.str("mount", false)
	w.HCRow = e.str("hc", false)
	w.rangeLine, w.mountLine, w.hcLine = e.line("range"), e.line("mount"), e.line("hc")
	if kindOK {
		pens := kind == AP || kind == ATR
		switch {
		case pens && w.PEN == 0:
			e.errorf("", "an %s weapon needs pen", kind)
		case !pens && e.has("pen") && kind == HC:
			e.errorf("pen", "pen on an hc weapon: its PEN is rolled from its row of the HC weapons table (hc = \"…\")")
		case !pens && e.has("pen"):
			e.errorf("pen", "pen on a %s weapon: only ap, hc and atr weapons penetrate", kind)
		}
		heKind := kind == HE || kind == Mortar
		switch {
		case heKind && w.HE == 0:
			e.errorf("", "a %s weapon needs he", kind)
		case kind == AP && e.has("he") && !w.HEToo:
			e.errorf("he", "he on an ap weapon: set he_too = true if the gun also fires HE")
		case !heKind && kind != AP && e.has("he"):
			e.errorf("he", "he on a %s weapon: only he and mortar weapons (and ap guns with he_too) have an HE#", kind)
		}
		if w.HEToo && (kind != AP || w.HE == 0) {
			e.errorf("he_too", "he_too needs an ap weapon with he > 0")
		}
		fires := kind == SmallArms || kind == MG
		switch {
		case fires && w.FPF == 0:
			e.errorf("", "a %s weapon needs fpf", kind)
		case !fires && e.has("fpf"):
			e.errorf("fpf", "fpf on a %s weapon: only small-arms and mg fire FPF", kind)
		}
		if e.has("mount") && kind != MG {
			e.errorf("mount", "mount on a %s weapon: only vehicle machine guns have a mount", kind)
		}
		switch {
		case kind == HC && w.HCRow == "":
			e.errorf("", "an hc weapon needs hc = \"…\", its row of the HC weapons table")
		case kind != HC && e.has("hc"):
			e.errorf("hc", "hc on a %s weapon: only hc weapons use the HC weapons table", kind)
		}
		if kind == HC && w.RangeCM > HCMaxRangeCM {
			e.errorf("range", "range %d cm: HC reaches at most %d cm (10.8)", w.RangeCM, HCMaxRangeCM)
		}
		if kind != Flame && !e.has("range") {
			e.errorf("", "needs range (cm)")
		}
	}
	if w.ID != "" {
		p.cat.Weapons[w.ID] = w
	}
}

func (p *parser) hcRow(e *entry) {
	r := HCRow{Line: e.line("")}
	r.ID = e.readID(p.hcAt)
	r.Weapon = e.str("weapon", true)
	r.RangeCM = e.num("range", 0, HCMaxRangeCM, 0)
	r.Dice = e.num("dice", 1, 2, 0)
	if !e.has("dice") {
		e.errorf("", "needs dice = 1 or 2")
	}
	r.Plus = e.num("plus", 0, 6, 0)
	r.CAOnly = e.boolean("ca_only")
	r.MinMM = e.num("min_mm", 0, 999, 0)
	r.MaxMM = e.num("max_mm", 0, 999, 0)
	if r.MaxMM != 0 && r.MaxMM < r.MinMM {
		e.errorf("max_mm", "max_mm %d is below min_mm %d", r.MaxMM, r.MinMM)
	}
	if r.ID != "" {
		p.cat.HC = append(p.cat.HC, r)
	}
}

func (p *parser) mgRow(e *entry) {
	r := MGRow{Line: e.line("")}
	r.Mount = e.str("mount", true)
	if r.Mount != "" {
		e.id = r.Mount
		if prev, dup := p.mgAt[r.Mount]; dup {
			e.errorf("mount", "duplicate mount (first defined at %s)", prev)
			return
		}
		p.mgAt[r.Mount] = fmt.Sprintf("%s:%d", e.file, r.Line)
	}
	r.RangeCM = e.num("range", 1, 100, 0)
	if !e.has("range") {
		e.errorf("", "needs range (cm)")
	}
	if r.Mount != "" {
		p.cat.VehicleMG = append(p.cat.VehicleMG, r)
	}
}
