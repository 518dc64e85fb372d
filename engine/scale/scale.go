// Package scale is the join between seed 002's tabletop distances and the
// hex map (brief §1): one hex is 40 m, and 5 cm on the table is one hex.
package scale

// Hexes converts a seed-002 distance in centimetres to hexes at 5 cm = 1
// hex, rounded up (10 cm = 2 hexes, 70 cm = 14, 12 cm = 3). Zero or less
// is zero.
func Hexes(cm int) int {
	if cm <= 0 {
		return 0
	}
	return (cm + 4) / 5
}
