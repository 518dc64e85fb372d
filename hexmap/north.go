package hexmap

import "fmt"

// Orientation says which screen direction a scenario calls north (12.3, 11.611). Hexes are flat
// topped in vertical hexrows, so with north Up or Down the lettered hexrows
// run north–south (the first sun-blindness illustration of 11.611) and with
// north Left or Right they run east–west (the second).
type Orientation uint8

const (
	NorthUp Orientation = iota
	NorthRight
	NorthDown
	NorthLeft
	numNorths
)

var northNames = [numNorths]string{"up", "right", "down", "left"}

func (n Orientation) String() string {
	if n < numNorths {
		return northNames[n]
	}
	return fmt.Sprintf("north(%d)", uint8(n))
}

// ParseNorth reads up, down, left or right.
func ParseNorth(s string) (Orientation, error) {
	for n := Orientation(0); n < numNorths; n++ {
		if s == northNames[n] {
			return n, nil
		}
	}
	return 0, fmt.Errorf("north %q: expected up, down, left or right", s)
}

// HexrowsNorthSouth reports whether the lettered hexrows run north–south.
func (n Orientation) HexrowsNorthSouth() bool { return n == NorthUp || n == NorthDown }
