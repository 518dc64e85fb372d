package forces

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"khamsin/assets"
)

// FuzzParse: any input parses or fails with file:line messages, never
// panics, and a catalogue it accepts keeps the lint's promises.
func FuzzParse(f *testing.F) {
	ents, _ := fs.ReadDir(assets.Catalogue, "catalogue")
	for _, e := range ents {
		data, _ := fs.ReadFile(assets.Catalogue, "catalogue/"+e.Name())
		f.Add(data)
	}
	lint, _ := filepath.Glob("testdata/lint/*.toml")
	for _, name := range lint {
		data, _ := os.ReadFile(name)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.toml", data)
		if err != nil {
			for _, msg := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(msg, "f.toml:") {
					t.Fatalf("message without file:line: %q", msg)
				}
			}
			return
		}
		for id, b := range c.Types {
			for _, w := range b.Weapons {
				if _, ok := c.Weapons[w]; !ok {
					t.Fatalf("%s: unknown weapon %q accepted", id, w)
				}
			}
			if b.TQ < -3 || b.TQ > 3 || b.Morale < -3 || b.Morale > 3 || b.Size < 0 || b.Size > 4 ||
				b.ArmourFront > maxArmour || b.ArmourSide > b.ArmourFront || b.MP < 0 {
				t.Fatalf("%s: out-of-range rating accepted: %+v", id, b)
			}
			if err := b.MoveUnit(false).Validate(); err != nil {
				t.Fatalf("%s: %v", id, err)
			}
		}
	})
}
