package climate

import "khamsin/hexmap"

// North is the map's North; the type lives with the map (hexmap.Orientation).
type North = hexmap.Orientation

// The four screen directions North may take.
const (
	NorthUp    = hexmap.NorthUp
	NorthRight = hexmap.NorthRight
	NorthDown  = hexmap.NorthDown
	NorthLeft  = hexmap.NorthLeft
)

// ParseNorth reads up, down, left or right.
func ParseNorth(s string) (North, error) { return hexmap.ParseNorth(s) }
