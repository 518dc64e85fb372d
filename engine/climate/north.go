package climate

import "fmt"

// North is the screen direction the scenario calls north. Hexes are flat
// topped in vertical hexrows, so with north Up or Down the lettered hexrows
// run north–south (the first sun-blindness illustration of 11.611) and with
// north Left or Right they run east–west (the second).
type North uint8

const (
	NorthUp North = iota
	NorthRight
	NorthDown
	NorthLeft
	numNorths
)

var northNames = [numNorths]string{"up", "right", "down", "left"}

func (n North) String() string {
	if n < numNorths {
		return northNames[n]
	}
	return fmt.Sprintf("north(%d)", uint8(n))
}

// ParseNorth reads up, down, left or right.
func ParseNorth(s string) (North, error) {
	for n := North(0); n < numNorths; n++ {
		if s == northNames[n] {
			return n, nil
		}
	}
	return 0, fmt.Errorf("north %q: expected up, down, left or right", s)
}

// HexrowsNorthSouth reports whether the lettered hexrows run north–south.
func (n North) HexrowsNorthSouth() bool { return n == NorthUp || n == NorthDown }
