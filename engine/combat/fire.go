package combat

import (
	"khamsin/engine/forces"
	"khamsin/engine/scale"
)

// Table names of the shooting tables.
const (
	TableDirectFire = "10.8 To Hit with Direct Fire"
	TableSniperHit  = "To Hit with Snipers"
	TableSniperSave = "Saving Throw for Sniper Fire"
)

// HCMaxRangeHexes is 10.8's cap on HC fire (forces.HCMaxRangeCM, 70 cm)
// in hexes: 14.
var HCMaxRangeHexes = scale.Hexes(forces.HCMaxRangeCM)

// WeaponMaxHexes is a weapon's maximum range in hexes: its range, HC
// capped at 70 cm (forces.Weapon.MaxRangeCM), by the scale join. The
// game's fire and the computer opponent both read it.
func WeaponMaxHexes(w *forces.Weapon) int { return scale.Hexes(w.MaxRangeCM()) }

// LauncherMaxHexes separates infantry HC launchers from HC gun rounds.
// Seed 002 takes the range modifier off anti-tank rifles and the bazooka,
// Panzerschreck, Panzerfaust, 'Faustnika' and PIAT, whose HC table ranges
// are 10–20 cm; the Stielgranate (25 cm) and HC rounds from guns keep it.
// engine/forces has one HC kind for both, so an HC weapon whose maximum
// range is 4 hexes (20 cm) or less is read as a launcher: no range
// modifier.
const LauncherMaxHexes = 4

// DirectFire describes one base's direct-fire shot (10.8).
type DirectFire struct {
	TQ        int
	OfficerTQ *int
	Weapon    forces.WeaponKind
	// RangeHexes is the range to the target; MaxRangeHexes the weapon's
	// maximum range in hexes (scale.Hexes of its RangeCM).
	RangeHexes, MaxRangeHexes int
	TargetBuilding            bool // building or bridge: +2
	TargetBunker              bool // bunker or 'Tobruk pit': +1
	FPF                       bool // shooting with FPF: a +0 row
	TankRiders                bool // infantry riding an armoured vehicle: −1
	// Obscured is seed 002's "LOS to target is Obscured" (−1). Our join:
	// on the desert map a hindrance or DLV DRM replaces it, so when
	// HindranceDRM or Hindrances is given, Obscured adds nothing (never
	// both). Obscured alone is for seed-002 causes the desert LOS does not
	// price.
	Obscured bool
	// HindranceDRM is the desert hindrance/DLV DRM total (+N), listed as
	// one −N line (brief §1: the los/attack Answer's DRM).
	HindranceDRM int
	// Hindrances, if given, are the individual desert hindrances already
	// converted (−N each with their rules); they are listed instead of the
	// HindranceDRM line.
	Hindrances []Mod
	Fatigue    int
}

// ToHitDirect is 10.8: Success hits, Failure misses. Snipers use
// SniperHit. Mortar and Flame have no 10.8 row (indirect fire and close
// assault); they get no weapon line.
func ToHitDirect(d DirectFire) Test {
	b := newTest(TableDirectFire, "10.8", false)
	b.tq(d.TQ)
	b.officer(d.OfficerTQ)
	b.when(d.TargetBuilding, "target is a building or bridge", 2)
	b.when(d.TargetBunker, "target is a bunker or Tobruk pit", 1)
	b.when(d.FPF || d.Weapon == forces.SmallArms || d.Weapon == forces.MG, "shooting with FPF", 0)
	switch d.Weapon {
	case forces.AP, forces.HC, forces.ATR, forces.HE:
		n, what := RangeModifier(d.Weapon, d.RangeHexes, d.MaxRangeHexes)
		b.add(what, n)
	}
	switch {
	case len(d.Hindrances) > 0:
		b.t.Mods = append(b.t.Mods, d.Hindrances...)
	case d.HindranceDRM != 0:
		b.addRule("desert hindrance", -d.HindranceDRM, "10.8 via the hindrance join")
	case d.Obscured:
		b.add("LOS obscured", -1)
	}
	b.fatigue(d.Fatigue)
	b.when(d.TankRiders, "target is riding on an armoured vehicle", -1)
	return b.done()
}

// What of the range lines.
const (
	RangeShort    = "range: short (up to 1/4 of maximum)"
	RangeMedium   = "range: medium (up to 1/2 of maximum)"
	RangeLong     = "range: long (up to 3/4 of maximum)"
	RangeExtreme  = "range: extreme (over 3/4 of maximum)"
	RangeNone     = "no range modifier"
	RangeUnknown  = "range: no maximum range given"
	RangeBeyondHC = "range: beyond HC's 14 hexes"
)

// RangeModifier is 10.8's range modifier. Seed 002 gives AP and HC rounds
// +1/+0/−1/−2 without saying where the bands fall; we cut the weapon's
// maximum range into quarters: range ≤ ¼ of the maximum +1, ≤ ½ +0,
// ≤ ¾ −1, beyond −2 (range × 4 compared with the maximum × 1, 2, 3, so
// no rounding). HC's maximum is capped at 14 hexes (70 cm). Anti-tank
// rifles, HC launchers (LauncherMaxHexes), HE fired direct and small arms
// have no range modifier (0). A range beyond the maximum also reads −2:
// whether the shot may be made at all is InRange's question. With no
// maximum range (≤ 0) the modifier is 0.
func RangeModifier(weapon forces.WeaponKind, rangeHexes, maxRangeHexes int) (int, string) {
	if weapon != forces.AP && weapon != forces.HC {
		return 0, RangeNone
	}
	max := maxRangeHexes
	if weapon == forces.HC {
		if max > 0 && max <= LauncherMaxHexes {
			return 0, RangeNone
		}
		if max > HCMaxRangeHexes {
			max = HCMaxRangeHexes
		}
	}
	if max <= 0 {
		return 0, RangeUnknown
	}
	r4 := 4 * rangeHexes
	switch {
	case r4 <= max:
		return 1, RangeShort
	case r4 <= 2*max:
		return 0, RangeMedium
	case r4 <= 3*max:
		return -1, RangeLong
	case weapon == forces.HC && maxRangeHexes > HCMaxRangeHexes && rangeHexes > HCMaxRangeHexes:
		return -2, RangeBeyondHC
	}
	return -2, RangeExtreme
}

// InRange reports whether a weapon with this maximum range (hexes) reaches
// rangeHexes: within its maximum and, for HC, within 14 hexes (10.8). A
// maximum of 0 or less is close assault only: never in range.
func InRange(weapon forces.WeaponKind, rangeHexes, maxRangeHexes int) bool {
	if maxRangeHexes <= 0 || rangeHexes < 0 {
		return false
	}
	if weapon == forces.HC && rangeHexes > HCMaxRangeHexes {
		return false
	}
	return rangeHexes <= maxRangeHexes
}

// SniperHit is seed 002's To Hit with Snipers: ± TQ, the attached officer,
// +1 for sniper shooting, −1 if the LOS is obscured, −1 per fatigue
// marker. On the desert map pass obscured when the LOS carries any
// hindrance (this signature has no DRM; SniperHitHindered takes one).
func SniperHit(tq int, officerTQ *int, obscured bool, fatigue int) Test {
	return SniperHitHindered(tq, officerTQ, nil, obscured, fatigue)
}

// SniperHitHindered is SniperHit with the desert hindrances (already
// converted to −N lines) listed in place of the obscured −1, as on 10.8.
func SniperHitHindered(tq int, officerTQ *int, hindrances []Mod, obscured bool, fatigue int) Test {
	b := newTest(TableSniperHit, "Snipers", false)
	b.tq(tq)
	b.officer(officerTQ)
	b.add("sniper shooting", 1)
	if len(hindrances) > 0 {
		b.t.Mods = append(b.t.Mods, hindrances...)
	} else {
		b.when(obscured, "LOS obscured", -1)
	}
	b.fatigue(fatigue)
	return b.done()
}

// SniperSave is the Saving Throw for Sniper Fire, three bands: Success
// unaffected; Middle pinned; Failure: a base is pinned and its unit tests
// morale at once, a command base is killed (and the unit it is attached to
// tests morale).
func SniperSave(tq, size int) Test {
	b := newTest(TableSniperSave, "Snipers", true)
	b.tq(tq)
	b.add(WhatSize, size)
	return b.done()
}

// Hindrance converts one desert hindrance or DLV DRM of +N (rule is the
// desert rule, e.g. "11.71") to the d10 to-hit's −N line, for
// DirectFire.Hindrances and SniperHitHindered (brief §1).
func Hindrance(what string, drm int, rule string) Mod {
	return Mod{What: what, N: -drm, Rule: rule + " via the hindrance join"}
}
