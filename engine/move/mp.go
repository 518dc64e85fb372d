package move

import (
	"fmt"
	"strconv"
	"strings"
)

// MP is an amount of movement points (or movement factors) counted in
// halves, so every cost in the rules is an exact integer: MP(17) is 8½ MP
// (F.2's PzKpfw entering woods). The zero value is "free".
type MP int

// Whole converts a whole number of MP/MF.
func Whole(n int) MP { return MP(2 * n) }

// Half is one half MP.
const Half MP = 1

// String prints whole numbers plainly and halves with ".5": "8.5", "34".
func (m MP) String() string {
	if m%2 == 0 {
		return strconv.Itoa(int(m) / 2)
	}
	if m < 0 && m > -2 {
		return "-0.5"
	}
	return strconv.Itoa(int(m)/2) + ".5"
}

// MarshalJSON writes the amount as a JSON number: 8.5, 34.
func (m MP) MarshalJSON() ([]byte, error) { return []byte(m.String()), nil }

// ParseMP reads "13", "8.5", "8½" or "0.5".
func ParseMP(s string) (MP, error) {
	t := strings.TrimSpace(s)
	t = strings.Replace(t, "½", ".5", 1)
	whole, frac, hasFrac := strings.Cut(t, ".")
	if whole == "" && hasFrac {
		whole = "0"
	}
	n, err := strconv.Atoi(whole)
	if err != nil || n < 0 || n > 9999 {
		return 0, fmt.Errorf("MP %q: expected a number from 0 to 9999 such as 13 or 8.5", s)
	}
	m := Whole(n)
	if hasFrac {
		switch frac {
		case "0":
		case "5":
			m++
		default:
			return 0, fmt.Errorf("MP %q: only whole and half MP exist", s)
		}
	}
	return m, nil
}
