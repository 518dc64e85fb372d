package scenario

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

func board25(t testing.TB) *hexmap.Map {
	t.Helper()
	_, lib := fixtures(t)
	layout, _ := hexmap.ParseLayout("25")
	m, err := hexmap.NewMap(lib, layout)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// F.7A: a multi-hex Known minefield runs along a hex grain (every hex in a
// straight line through hexsides) or an alternate hex grain (the hex
// centres on a line through hexspines), both ends included, with no limit
// on its length.
func TestRunF7A(t *testing.T) {
	m := board25(t)
	a, _ := m.Hex("25K5")
	along := func(step hexmap.Hex, n int) []string {
		var out []string
		for h, k := a, 0; k <= n; k++ {
			out = append(out, m.Label(h))
			h = h.Add(step)
		}
		return out
	}
	for d := hexmap.Dir(0); d < 6; d++ {
		v := d.Vec()
		b := a.Add(hexmap.Hex{Q: 3 * v.Q, R: 3 * v.R})
		got, err := Run(m, nil, "25K5", m.Label(b))
		if err != nil || strings.Join(labels(m, got), " ") != strings.Join(along(v, 3), " ") {
			t.Errorf("hex grain %s: %v %v, want %v", d, labels(m, got), err, along(v, 3))
		}
		w := v.Add((d + 1).Vec())
		b = a.Add(hexmap.Hex{Q: 2 * w.Q, R: 2 * w.R})
		got, err = Run(m, nil, "25K5", m.Label(b))
		if err != nil || strings.Join(labels(m, got), " ") != strings.Join(along(w, 2), " ") {
			t.Errorf("alternate hex grain %s: %v %v, want %v", d, labels(m, got), err, along(w, 2))
		}
	}
	if got, err := Run(m, nil, "25K5", "25K5"); err != nil || len(got) != 1 {
		t.Errorf("a run of one hex: %v %v", got, err)
	}
	for _, bad := range [][2]string{{"25K5", "25L8"}, {"25K5", "25L9"}, {"25K5", ""}, {"", "25K5"}, {"25K5", "25ZZ5"}} {
		if _, err := Run(m, nil, bad[0], bad[1]); err == nil {
			t.Errorf("run %s to %s accepted", bad[0], bad[1])
		}
	}
	if got, err := Run(m, []string{"25k5", "25K6"}, "", ""); err != nil || len(got) != 2 {
		t.Errorf("a list of hexes: %v %v", got, err)
	}
}

func labels(m *hexmap.Map, hs []hexmap.Hex) []string {
	var out []string
	for _, h := range hs {
		out = append(out, m.Label(h))
	}
	return out
}

// FuzzRun: any from/to either gives a run of adjacent-or-grain hexes on
// the map from one end to the other, or an error; never a panic.
func FuzzRun(f *testing.F) {
	f.Add("25K5", "25K9")
	f.Add("25A1", "25GG10")
	f.Add("25K5", "25M4")
	f.Add("", "x")
	m := board25(f)
	f.Fuzz(func(t *testing.T, from, to string) {
		hs, err := Run(m, nil, from, to)
		if err != nil {
			return
		}
		if len(hs) == 0 || len(hs) > MaxRun+1 {
			t.Fatalf("%q→%q: %d hexes", from, to, len(hs))
		}
		for _, h := range hs {
			if !m.Contains(h) {
				t.Fatalf("%q→%q: %v is off the map", from, to, h)
			}
		}
		if a, _ := m.Hex(strings.ToUpper(from)); a != hs[0] {
			t.Fatalf("%q→%q does not start at from", from, to)
		}
		if b, _ := m.Hex(strings.ToUpper(to)); b != hs[len(hs)-1] {
			t.Fatalf("%q→%q does not end at to", from, to)
		}
	})
}
