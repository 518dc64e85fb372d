package protect

import (
	"fmt"

	"khamsin/hexmap"
)

// desertBoard reports a Desert Board (F.1: boards 25–31).
func desertBoard(id string) bool {
	return len(id) == 2 && id >= "25" && id <= "31"
}

// concealment reports Concealment Terrain for an Emplaced Gun: scrub
// (2.3) and the Chapter-B terrain kept on board 25 that hides a Gun
// (brush, crag, woods, orchards, grain, buildings), plus Broken Ground
// (13.1) and the section-13 variants of those covers (LOS-9).
func concealment(t hexmap.Terrain) bool {
	if t.Has(hexmap.Scrub) {
		return true
	}
	switch t.Cover {
	case hexmap.Brush, hexmap.Crag, hexmap.Woods, hexmap.Orchard, hexmap.Grain, hexmap.Building,
		hexmap.Citadel, hexmap.Mausoleum, hexmap.Vineyard, hexmap.CactusPatch, hexmap.OliveGrove,
		hexmap.BrokenGround, hexmap.Tents:
		return true
	}
	return false
}

// GunSetup is how a non-vehicular Gun sets up.
type GunSetup struct {
	HiddenOrConcealed bool // set up hidden or concealed
	UnderTrench       bool // set up under a Trench counter
	DeclineEmplaced   bool // noted on a side record: set up non-Emplaced though in scrub/sand only (F.1A)
}

// Emplaced reports whether a Gun setting up in hex h of m is Emplaced
// under F.1A, and the rule that decides it. On a Desert Board it is
// Emplaced only if hidden/concealed in Concealment Terrain, in Sand
// (7.41) or under a Trench; one qualifying by Scrub or Sand only may
// decline. F.1A does not apply under Broken or Steppe Terrain (13.1–13.2),
// nor off the desert boards: there the gun sets up as the scenario says
// (emplacedElsewhere).
func Emplaced(m *hexmap.Map, h hexmap.Hex, s GunSetup, emplacedElsewhere bool) (bool, string) {
	v := m.Variants()
	if !desertBoard(m.BoardOf(h)) || v.Broken || v.Steppe {
		return emplacedElsewhere, "F.1A does not apply"
	}
	t := m.Terrain(h)
	if s.UnderTrench {
		return true, "F.1A"
	}
	cover := s.HiddenOrConcealed && concealment(hexmap.Terrain{Cover: t.Cover}) // not by scrub alone
	scrub := s.HiddenOrConcealed && t.Has(hexmap.Scrub)
	sand := t.Has(hexmap.Sand)
	switch {
	case !cover && !scrub && !sand:
		return false, "F.1A"
	case !cover && s.DeclineEmplaced:
		return false, "F.1A"
	case !cover && !scrub:
		return true, "7.41"
	}
	return true, "F.1A"
}

// FortAllowed reports why fortification f cannot be in hex h of m, or nil:
// no trench or sangar in sand (7.42, 8.2).
func FortAllowed(m *hexmap.Map, h hexmap.Hex, f Fort) error {
	if (f == Sangar || f == Trench) && m.Terrain(h).Has(hexmap.Sand) {
		return fmt.Errorf("%s: no %s may be set up in sand (7.42, 8.2)", m.Label(h), f)
	}
	return nil
}

// EntrenchingDRM is the DRM on an Entrenching Attempt in hex h: +2 on a
// Desert Board (F.1B), except in a sand Location (7.421) or under Steppe
// Terrain (13.2).
func EntrenchingDRM(m *hexmap.Map, h hexmap.Hex) (int, string) {
	switch {
	case !desertBoard(m.BoardOf(h)):
		return 0, "F.1B does not apply"
	case m.Terrain(h).Has(hexmap.Sand):
		return 0, "7.421"
	case m.Variants().Steppe:
		return 0, "13.2"
	}
	return 2, "F.1B"
}

// The joins to seed 002's d10 procedure (brief §1).

// CoverSaveBonus: a desert TEM of +N adds N to the target's Cover Save
// Bonus (a negative TEM such as hammada's subtracts).
func CoverSaveBonus(mods []Modifier) int { return TEM(mods) }

// HalvesHE reports "FP halved" (sand, 7.4), which halves the attack's HE#
// or FPF on seed 002's tables.
func HalvesHE(mods []Modifier) bool {
	for _, m := range mods {
		if m.Effect == "halve-FP" {
			return true
		}
	}
	return false
}

// HalveHE applies HalvesHE to an HE# or FPF value, fractions rounded up.
func HalveHE(v int, mods []Modifier) int {
	if HalvesHE(mods) {
		return (v + 1) / 2
	}
	return v
}

// DigInModifier: an entrenching DRM of +N (higher is worse in the desert
// rules) is a −N modifier on seed 002's d10 Dig-In roll (higher is better).
func DigInModifier(entrenchingDRM int) int { return -entrenchingDRM }

// Concealment reports Concealment Terrain (2.3, F.1A): where a base can be
// seen only within seed 002's visibility distances (6.4).
func Concealment(t hexmap.Terrain) bool { return concealment(t) }

// ConcealmentFor reports whether terrain t is Concealment Terrain for a
// given occupant. Scrub is so only for infantry (men on foot with their
// weapons) and for entrenched units and Emplaced Guns (2.3); a vehicle,
// horseman or Gun in the open is not hidden by it. The other covers
// (LOS-9) hide anyone.
func ConcealmentFor(t hexmap.Terrain, infantry, dugInOrEmplaced bool) bool {
	if !concealment(t) {
		return false
	}
	if t.Has(hexmap.Scrub) && t.Cover.IsOpenGround() {
		return infantry || dugInOrEmplaced
	}
	return true
}
