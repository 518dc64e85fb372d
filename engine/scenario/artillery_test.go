package scenario

import (
	"os"
	"strings"
	"testing"
)

// artilleryTail adds fire support to good.toml's last side (axis): a
// mortar unit as an on-table battery, an off-table battery, an
// observation aircraft and a barrage.
const artilleryTail = `
[[side.unit]]
id = "IM"
[[side.unit.base]]
type = "it-81mm-mortar"
hex = "25X4"

[[side.battery]]
id = "RB"
name = "Gruppo da 100/17"
guns = 4
he = 5
calibre = 100
tq = 0
officer = 1
comms = 1
smoke = true

[[side.battery]]
unit = "IM"
calibre = 81

[[side.observation_aircraft]]
id = "AOP"
name = "Ro.37"
tq = 0
arrives = 2

[[side.barrage]]
battery = "RB"
turn = 1
hex = "25Q5"
`

// Fire support in a scenario (docs/formats.md, "Fire support"): the good
// tail validates; each broken key is reported at its line with the rule.
func TestArtilleryValidation(t *testing.T) {
	data, err := os.ReadFile("testdata/good.toml")
	if err != nil {
		t.Fatal(err)
	}
	good := string(data) + artilleryTail
	if err := check(t, "a.toml", []byte(good)); err != nil {
		t.Fatalf("the good fire support is refused: %v", err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{`guns = 4`, `guns = 0`, "guns = 0: expected 1 to 24"},
		{`guns = 4`, `guns = 25`, "guns = 25"},
		{`he = 5`, `he = 11`, "he = 11: expected an HE# of 1 to 10"},
		{`calibre = 100`, `calibre = 0`, "calibre = 0"},
		{`comms = 1`, `comms = 3`, "comms = 3: the communications modifier is 0, 1 or 2 (§10.15–.18)"},
		{`officer = 1`, `officer = 4`, "officer = 4: expected -3 to 3"},
		{`id = "RB"`, `id = "I1"`, `battery id "I1": already used`},
		{`id = "RB"`, `id = "9x"`, `battery id "9x": expected a letter`},
		{"unit = \"IM\"\ncalibre = 81", "unit = \"IM\"\nguns = 2\ncalibre = 81", "guns comes from the unit"},
		{`unit = "IM"`, `unit = "I1"`, "none of its bases carries a mortar"},
		{`unit = "IM"`, `unit = "ZZ"`, `battery unit "ZZ": no unit of side axis`},
		{`id = "AOP"`, `id = "RB"`, `observation aircraft id "RB": already used`},
		{`arrives = 2`, `arrives = 9`, "arrives = 9: expected 1 to 8"},
		{`battery = "RB"`, `battery = "XX"`, `barrage: battery "XX": not a battery of side axis`},
		{`turn = 1`, `turn = 0`, "turn = 0: expected 1 to 8"},
		{`hex = "25Q5"`, `hex = "25ZZ9"`, "barrage: "},
		{"turn = 1\n", "turn = 1\nsmoke = true\n", ""}, // RB has smoke rounds: valid
		{"smoke = true\n\n[[side.battery]]", "smoke = false\n\n[[side.battery]]", ""},
	} {
		// replace in the tail only: the file above it has keys of the same name
		src := string(data) + strings.Replace(artilleryTail, tc.from, tc.to, 1)
		if src == good && tc.from != tc.to {
			t.Fatalf("%q is not in the tail", tc.from)
		}
		err := check(t, "a.toml", []byte(src))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q → %q refused: %v", tc.from, tc.to, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !fileLine.MatchString(splitErrs(err)[0]) {
			t.Errorf("%q → %q: got %v, want %q at a file:line", tc.from, tc.to, err, tc.want)
		}
	}
	// A smoke barrage from a battery without smoke rounds.
	src := strings.Replace(good, "smoke = true\n\n[[side.battery]]", "smoke = false\n\n[[side.battery]]", 1)
	src = strings.Replace(src, "turn = 1\n", "turn = 1\nsmoke = true\n", 1)
	if err := check(t, "a.toml", []byte(src)); err == nil || !strings.Contains(err.Error(), "has no smoke rounds") {
		t.Errorf("a smoke barrage from a battery without smoke: %v", err)
	}
}
