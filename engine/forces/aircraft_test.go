package forces

import (
	"strings"
	"testing"
)

// TestAircraftEntries: 14.9's Close Air Support aircraft are catalogue
// data; each needs something to attack with, and the lint reports what is
// wrong at its line.
func TestAircraftEntries(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"bombs", "[[aircraft]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\ntq = 1\nmorale = 1\nbombs = 7\n", ""},
		{"rockets", "[[aircraft]]\nid = \"uk-x\"\nname = \"X\"\nnation = \"british\"\nrockets_he = 5\nrockets_pen = 6\n", ""},
		{"unarmed", "[[aircraft]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\n", "f.toml:1: aircraft de-x: an aircraft needs bombs"},
		{"prefix", "[[aircraft]]\nid = \"uk-x\"\nname = \"X\"\nnation = \"german\"\nbombs = 2\n", "f.toml:2: aircraft uk-x: a german entry's id starts with \"de-\""},
		{"nation any", "[[aircraft]]\nid = \"generic-x\"\nname = \"X\"\nnation = \"any\"\nbombs = 2\n", "f.toml:4: aircraft generic-x: nation \"any\""},
		{"range", "[[aircraft]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\nbombs = 11\n", "f.toml:5: aircraft de-x: bombs: expected an integer from 0 to 10"},
		{"unknown key", "[[aircraft]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\nbombs = 2\nclass = \"gun\"\n", "f.toml:6:"},
		{"shares the type namespace", "[[type]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\nclass = \"officer\"\nsize = 0\n[[aircraft]]\nid = \"de-x\"\nname = \"X\"\nnation = \"german\"\nbombs = 2\n", "duplicate id (first defined at f.toml:"},
	} {
		c, err := Parse("f.toml", []byte(tc.text))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "" && len(c.Aircraft) != 1:
			t.Errorf("%s: %d aircraft", tc.name, len(c.Aircraft))
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestShippedAircraft: the catalogue flies the desert's CAS types (14.9)
// and fields light AA guns with an AAF (10.24).
func TestShippedAircraft(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"de-ju87b", "uk-hurricane-iic", "uk-kittyhawk", "uk-hurricane-iv", "it-cr42-as"} {
		a, ok := c.AircraftType(id)
		if !ok || !(a.Carries(OrdBombs) || a.Carries(OrdRockets)) {
			t.Errorf("aircraft %s missing or unarmed", id)
		}
	}
	if a, _ := c.AircraftType("uk-hurricane-iv"); a == nil || !a.Carries(OrdRockets) || a.Carries(OrdBombs) {
		t.Errorf("the Hurricane IV carries rockets, not bombs")
	}
	for _, id := range []string{"de-20mm-flak38", "uk-bofors-40mm", "it-breda-20-65"} {
		if b, ok := c.Type(id); !ok || b.AAF == 0 {
			t.Errorf("AA gun %s missing or without AAF", id)
		}
	}
	if ids := c.AircraftIDs(); len(ids) != len(c.Aircraft) {
		t.Errorf("AircraftIDs: %v", ids)
	}
}
