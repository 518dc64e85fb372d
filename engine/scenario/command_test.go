package scenario

import (
	"os"
	"strings"
	"testing"
)

// §6A: a unit set up with a base more than In Command (20 cm, 4 hexes)
// from every other base of its unit starts Out of Command; check warns at
// that base's hex line, and says nothing of passengers or of units that
// arrive later.
func TestCommandWarningsOutOfCommandAtSetUp6A(t *testing.T) {
	data, err := os.ReadFile("testdata/good.toml")
	if err != nil {
		t.Fatal(err)
	}
	_, lib := fixtures(t)
	cases := []struct {
		name string
		from string // replaced once in good.toml
		to   string
		want []string
	}{
		{"in command as written", "", "", nil},
		{"4 hexes apart is still In Command", "hex = \"25X6\"", "hex = \"25X9\"", nil},
		{"5 hexes apart", "hex = \"25X6\"", "hex = \"25X10\"", []string{
			"s.toml:79: unit I1 starts Out of Command: base I1a in 25X5 is 5 hexes",
			"s.toml:82: unit I1 starts Out of Command: base I1b in 25X10 is 5 hexes",
		}},
		{"a passenger rides with its carrier", "hex = \"25C6\"   # carried", "hex = \"25P9\"   # carried", nil},
		{"a reinforcement is not judged", "hex = \"25A4\"\ncarried = \"A2a\"", "hex = \"25A10\"", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := string(data)
			if c.from != "" {
				if !strings.Contains(src, c.from) {
					t.Fatalf("good.toml has no %q", c.from)
				}
				src = strings.Replace(src, c.from, c.to, 1)
			}
			s, err := Parse("s.toml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.Build(lib)
			if err != nil {
				t.Fatal(err)
			}
			got := s.CommandWarnings(m)
			if len(got) != len(c.want) {
				t.Fatalf("warnings %q, want %d", got, len(c.want))
			}
			for i, w := range c.want {
				if !strings.HasPrefix(got[i], w) || !strings.Contains(got[i], "In Command is 4 hexes, §6A") {
					t.Errorf("warning %d: %q, want it to begin %q", i, got[i], w)
				}
			}
		})
	}
}
