package climate

import (
	"fmt"
	"strconv"
	"strings"
)

// Month is a calendar month, 1 (January) to 12 (December). The arid tables
// group months differently: the weather chart (11.2) by April, May–September,
// October–November and December–March; the EC chart (11.4) by December–March
// and April–September; time of day (11.3) by November–April (mist) and
// May–September (intense heat haze).
type Month int

const (
	January Month = iota + 1
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

var monthNames = [13]string{"", "January", "February", "March", "April", "May",
	"June", "July", "August", "September", "October", "November", "December"}

// Valid reports whether m is 1–12.
func (m Month) Valid() bool { return m >= January && m <= December }

func (m Month) String() string {
	if m.Valid() {
		return monthNames[m]
	}
	return "month(" + strconv.Itoa(int(m)) + ")"
}

// ParseMonth reads a month number (1–12) or an English month name or its
// first three letters, case-insensitive.
func ParseMonth(s string) (Month, error) {
	t := strings.TrimSpace(s)
	if n, err := strconv.Atoi(t); err == nil {
		if m := Month(n); m.Valid() {
			return m, nil
		}
		return 0, fmt.Errorf("month %q: must be 1–12", s)
	}
	l := strings.ToLower(t)
	for m := January; m <= December; m++ {
		name := strings.ToLower(monthNames[m])
		if l == name || (len(l) == 3 && strings.HasPrefix(name, l)) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("month %q: expected 1–12 or a month name", s)
}

// summer reports May–September: mid-morning heat haze is intense (11.3).
func (m Month) summer() bool { return m >= May && m <= September }

// mistSeason reports November–April: early morning brings mist (11.3).
func (m Month) mistSeason() bool { return m >= November || m <= April }
