package move

import (
	"testing"

	"khamsin/hexmap"
)

// ParseMP round-trips whatever it accepts, and never accepts a negative.
func FuzzParseMP(f *testing.F) {
	for _, s := range []string{"13", "8.5", "8½", "0.5", "-1", "1.25", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMP(s)
		if err != nil {
			return
		}
		if m < 0 {
			t.Fatalf("%q parsed to negative %v", s, m)
		}
		back, err := ParseMP(m.String())
		if err != nil || back != m {
			t.Fatalf("%q → %v does not round-trip", s, m)
		}
	})
}

// ParsePath never panics and, when it accepts a path, every hex of it lies
// on the map.
func FuzzParsePath(f *testing.F) {
	lib, err := hexmap.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	l, _ := hexmap.ParseLayout("25")
	m, err := hexmap.NewMap(lib, l)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"25C6,25C7", "25E5,start,25D4,25C4,vca:-2,vbm:25A6-B5", "double:25C4", "25Q0", ",", "25C6,stop,vca:+9", "25D5,uncrest,25C5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(m, s)
		if err != nil {
			return
		}
		if !m.Contains(p.From) {
			t.Fatalf("%q: start %v off the map", s, p.From)
		}
	})
}
