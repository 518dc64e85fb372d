package climate

import (
	"strings"
	"testing"
)

// The 11.2 chart as printed, one line per DR, columns April | May–Sept |
// Oct–Nov | Dec–March (our reading of the damaged header).
const chart112 = `
2  | Mud         | Clear       | Mud          | Clear&Gusty
3  | Clear&Gusty | Clear&Gusty | Clear&Gusty  | Clear&Gusty
4  | Clear&Gusty | Clear       | Clear        | Clear
5  | Clear       | Clear&Gusty | Clear        | Clear
6  | Clear       | Clear       | Clear        | Clear&Gusty
7  | Clear&Gusty | Clear       | Clear        | Overcast
8  | Clear       | Clear       | Clear&Gusty  | Overcast
9  | Clear       | Clear&Gusty | Overcast     | Mud
10 | Overcast    | Clear       | Overcast     | Mud&Overcast
11 | Overcast    | Clear       | Clear        | Mud&Overcast
12 | Mud&Overcast| Overcast    | Mud&Overcast | Mud&Overcast`

func parseChartWeather(t *testing.T, s string) Weather {
	switch strings.TrimSpace(s) {
	case "Clear":
		return Clear
	case "Clear&Gusty":
		return ClearGusty
	case "Overcast":
		return Overcast
	case "Mud":
		return Mud
	case "Mud&Overcast":
		return MudOvercast
	}
	t.Fatalf("bad chart cell %q", s)
	return 0
}

// Every month column of every DR row of 11.2, checked for all twelve months.
func TestAridWeatherChart_11_2_EveryRow(t *testing.T) {
	colMonths := [4][]Month{
		{April},
		{May, June, July, August, September},
		{October, November},
		{December, January, February, March},
	}
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(chart112), "\n") {
		cells := strings.Split(line, "|")
		dr := 0
		for _, c := range strings.TrimSpace(cells[0]) {
			dr = dr*10 + int(c-'0')
		}
		for col := 0; col < 4; col++ {
			want := parseChartWeather(t, cells[col+1])
			for _, m := range colMonths[col] {
				if got := AridWeather(m, dr); got != want {
					t.Errorf("11.2 DR %d, %v: got %v, want %v", dr, m, got, want)
				}
			}
		}
		rows++
	}
	if rows != 11 {
		t.Fatalf("chart has %d rows, want 11 (DR 2–12)", rows)
	}
}

func TestWeatherColumns_11_2(t *testing.T) {
	want := map[Month]WeatherColumn{January: ColDecMar, February: ColDecMar, March: ColDecMar,
		April: ColApril, May: ColMaySep, June: ColMaySep, July: ColMaySep, August: ColMaySep,
		September: ColMaySep, October: ColOctNov, November: ColOctNov, December: ColDecMar}
	for m := January; m <= December; m++ {
		if got := WeatherColumnOf(m); got != want[m] {
			t.Errorf("%v: column %v, want %v", m, got, want[m])
		}
	}
}

func TestWeatherPredicates(t *testing.T) {
	for w := Weather(0); w < numWeathers; w++ {
		back, err := ParseWeather(w.String())
		if err != nil || back != w {
			t.Errorf("round trip %v: %v %v", w, back, err)
		}
	}
	if !Overcast.IsOvercast() || !MudOvercast.IsOvercast() || Mud.IsOvercast() || Clear.IsOvercast() {
		t.Error("IsOvercast wrong")
	}
	if !Mud.HasMud() || !MudOvercast.HasMud() || Overcast.HasMud() {
		t.Error("HasMud wrong")
	}
	if _, err := ParseWeather("sunny"); err == nil {
		t.Error("ParseWeather accepted junk")
	}
}

func TestParseMonth(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Month
	}{{"7", July}, {"12", December}, {"jul", July}, {"March", March}, {" 4 ", April}} {
		if got, err := ParseMonth(c.in); err != nil || got != c.want {
			t.Errorf("ParseMonth(%q) = %v, %v", c.in, got, err)
		}
	}
	for _, bad := range []string{"0", "13", "", "ju", "-1"} {
		if _, err := ParseMonth(bad); err == nil {
			t.Errorf("ParseMonth(%q) accepted", bad)
		}
	}
}
