package forces

import (
	"slices"

	"khamsin/engine/internal/enum"
	"khamsin/engine/move"
)

var classNames = enum.Names[Class]{Of: "class", Words: []string{
	"infantry", "cavalry", "engineer", "gun", "armoured", "combat", "transport", "officer", "observer"}}

// String is the class's word in the catalogue: "infantry", "armoured", …
func (c Class) String() string { return classNames.String(c) }

// withArticle names the class with its article, for messages: "an
// infantry", "a gun".
func (c Class) withArticle() string {
	switch c {
	case Infantry, Engineer, Armoured, Officer, Observer:
		return "an " + c.String()
	}
	return "a " + c.String()
}

// ParseClass reads the words String prints (case is ignored).
func ParseClass(s string) (Class, error) { return classNames.Parse(s) }

var kindNames = enum.Names[WeaponKind]{Of: "weapon kind", Words: []string{
	"small-arms", "mg", "ap", "hc", "atr", "he", "mortar", "flame"}}

// String is the kind's word in the catalogue: "small-arms", "ap", …
func (k WeaponKind) String() string { return kindNames.String(k) }

// ParseWeaponKind reads the words String prints (case is ignored).
func ParseWeaponKind(s string) (WeaponKind, error) { return kindNames.Parse(s) }

// SaveColumn is the Shooting Saving Throw column a base of this class uses
// (seed 002, "Saving Throws"): infantry, cavalry and engineers A, guns B,
// combat vehicles C, armoured vehicles D, unarmoured transports F.
//
// Officers and observers are command bases. Attached to a unit they share
// its fate and roll the Command Base Saving Throw (2.5) when the rules say
// so; not attached, they save as the type of base they are: on foot, column
// A, which is what this returns for them.
func (c Class) SaveColumn() SaveColumn {
	switch c {
	case Gun:
		return 'B'
	case Combat:
		return 'C'
	case Armoured:
		return 'D'
	case Transport:
		return 'F'
	}
	return 'A'
}

// String prints the column letter.
func (s SaveColumn) String() string { return string(rune(s)) }

// CommandBase reports officers and observers: the bases that give Orders
// or call for fire and take the Command Base Saving Throw (2.5).
func (c Class) CommandBase() bool { return c == Officer || c == Observer }

// Vehicle reports the classes that are vehicles (or wagons): armoured,
// combat and transport.
func (c Class) Vehicle() bool { return c == Armoured || c == Combat || c == Transport }

// CombatUnit reports a base that counts as a combat unit for the Break
// Point Track (16.12): every base but officers, observers and transports.
func (b *BaseType) CombatUnit() bool {
	return b.Class != Officer && b.Class != Observer && b.Class != Transport
}

// Mobile reports a base that moves on its own. A gun with MP 0 is too
// heavy to man-handle (9.4) and moves only when towed: its MoveUnit must
// not be used on its own, because move reads Allowance 0 as the type's
// default.
func (b *BaseType) Mobile() bool { return b.MP > 0 }

// MoveUnit builds the engine/move description of this base moving on its
// own: its movement type, its MF/MP allotment (Allowance), ground pressure
// and truck class. british says whether the owning side is British
// Commonwealth; it decides British for the generic soft-skins (nation
// "any"), while a catalogue entry of a nation keeps its own: a captured
// British lorry is still a British truck (3.31, 7.31).
//
// A gun (class Gun) moves as infantry with the MF a man-handled move may
// spend (9.4); check Mobile first, since a gun with MP 0 only moves towed.
func (b *BaseType) MoveUnit(british bool) move.Unit {
	u := move.Unit{
		Kind:      b.Move,
		Allowance: b.MP,
		Pressure:  b.Pressure,
		Truck:     b.Truck,
		British:   b.Nation == NationBritish || (b.Nation == NationAny && british),
	}
	return u
}

// Nations a catalogue entry may belong to.
const (
	NationBritish = "british" // British Commonwealth
	NationGerman  = "german"
	NationItalian = "italian"
	NationAny     = "any" // the generic soft-skins of seed 002 §5.7
)

// idPrefix is the prefix every entry of a nation's IDs carries.
var idPrefix = map[string]string{
	NationBritish: "uk-", NationGerman: "de-", NationItalian: "it-", NationAny: "generic-",
}

// Type looks up a base type by ID.
func (c *Catalogue) Type(id string) (*BaseType, bool) {
	t, ok := c.Types[id]
	return t, ok
}

// Weapon looks up a weapon by ID.
func (c *Catalogue) Weapon(id string) (*Weapon, bool) {
	w, ok := c.Weapons[id]
	return w, ok
}

// TypeIDs lists every base type's ID in sorted order, for listings and
// anything that must not depend on map order.
func (c *Catalogue) TypeIDs() []string { return sortedIDs(c.Types) }

// WeaponIDs lists every weapon's ID in sorted order.
func (c *Catalogue) WeaponIDs() []string { return sortedIDs(c.Weapons) }

func sortedIDs[V any](m map[string]V) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// HCFor returns the row of the HC weapons table with this ID.
func (c *Catalogue) HCFor(id string) (HCRow, bool) {
	for _, r := range c.HC {
		if r.ID == id {
			return r, true
		}
	}
	return HCRow{}, false
}

// MGRange returns the vehicle machine-gun table's range for a mount.
func (c *Catalogue) MGRange(mount string) (int, bool) {
	for _, r := range c.VehicleMG {
		if r.Mount == mount {
			return r.RangeCM, true
		}
	}
	return 0, false
}
