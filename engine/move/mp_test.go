package move

import "testing"

func TestMPStringAndParse(t *testing.T) {
	for _, c := range []struct {
		mp MP
		s  string
	}{{0, "0"}, {1, "0.5"}, {17, "8.5"}, {68, "34"}, {-1, "-0.5"}, {-3, "-1.5"}, {-2, "-1"}} {
		if got := c.mp.String(); got != c.s {
			t.Errorf("MP(%d) = %q, want %q", int(c.mp), got, c.s)
		}
		if c.mp >= 0 {
			back, err := ParseMP(c.s)
			if err != nil || back != c.mp {
				t.Errorf("ParseMP(%q) = %v, %v", c.s, back, err)
			}
		}
	}
	if m, err := ParseMP("8½"); err != nil || m != 17 {
		t.Errorf("ParseMP(8½) = %v, %v", m, err)
	}
	for _, bad := range []string{"", "x", "8.25", "-1", "1.5.5"} {
		if _, err := ParseMP(bad); err == nil {
			t.Errorf("ParseMP(%q) accepted", bad)
		}
	}
}
