// Package dyo runs the design-your-own procedures that build a scenario's
// ground by dice: the random desert-overlay placement of 12.3–12.33 and
// 12.42. Every roll goes through the game's logged dice cup, so the same
// map, North and seed always give the same overlays.
package dyo

import (
	"khamsin/hexmap"
)

// overlayTable is the DYO desert-overlay table of 12.3 by coloured and white
// die (index [cdr-1][wdr-1]).
var overlayTable = [6][6]string{
	{"W1", "W2", "W3", "W4", "S1", "S2"},
	{"S3", "S4", "S5", "S6", "S7", "S8"},
	{"H1", "H2", "H3", "H4", "H5", "H6"},
	{"D1", "D2", "D3", "D4", "D5", "D6"},
	{"SD1", "SD2", "SD3", "SD4", "SD5", "SD6"},
	{"SD7", "SD8", "X2", "X3", "X4", "X5"},
}

// densityDRM is the Overlay Density drm of 12.3 for the first dr.
func densityDRM(dr int) int {
	switch {
	case dr <= 2:
		return -2
	case dr <= 4:
		return -1
	}
	return 0
}

// hexrowPair is the 12.31 table: a DR of 2..12 names hexrow D..N on one
// half of a board or its mirror DD..T on the other (board-local indices).
func hexrowPair(dr int) (low, high int) {
	return 3 + (dr - 2), 29 - (dr - 2)
}

// RandomDirection turns a Random Direction dr (B.8, which the seeds do not
// print; docs/rules.md defines it) into a hexside direction on the board
// where it is rolled: 1 points up the hexrow toward lower hex numbers, and
// 2–6 follow clockwise. On a board turned 180° the directions turn with it.
func RandomDirection(dr int, turned bool) hexmap.Dir {
	d := hexmap.Dir(dr - 1)
	if turned {
		d = d.Opposite()
	}
	return d
}
