package climate

import "testing"

// Every climate word parser accepts exactly the names its String prints:
// whatever parses prints back to something that parses to the same value.
func FuzzParseWords(f *testing.F) {
	for _, s := range []string{"early-morning", "heavy", "very-dry", "mild-breeze", "clear-gusty", "7", "July", "infantry", "ordnance", "up"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ParseTimeOfDay(s); err == nil {
			if w, err := ParseTimeOfDay(v.String()); err != nil || w != v {
				t.Fatalf("time %q", s)
			}
		}
		if v, err := ParseDust(s); err == nil {
			if w, err := ParseDust(v.String()); err != nil || w != v {
				t.Fatalf("dust %q", s)
			}
		}
		if v, err := ParseEC(s); err == nil {
			if w, err := ParseEC(v.String()); err != nil || w != v {
				t.Fatalf("EC %q", s)
			}
		}
		if v, err := ParseWindForce(s); err == nil {
			if w, err := ParseWindForce(v.String()); err != nil || w != v {
				t.Fatalf("wind %q", s)
			}
		}
		if v, err := ParseWeather(s); err == nil {
			if w, err := ParseWeather(v.String()); err != nil || w != v {
				t.Fatalf("weather %q", s)
			}
		}
		if v, err := ParseMonth(s); err == nil {
			if v < 1 || v > 12 {
				t.Fatalf("month %q parsed to %d", s, v)
			}
		}
		if v, err := ParseTargetType(s); err == nil {
			if w, err := ParseTargetType(v.String()); err != nil || w != v {
				t.Fatalf("target %q", s)
			}
		}
		if v, err := ParseAttackKind(s); err == nil {
			if w, err := ParseAttackKind(v.String()); err != nil || w != v {
				t.Fatalf("attack %q", s)
			}
		}
	})
}
