package design

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/BurntSushi/toml"

	"khamsin/engine/fileio"
	"khamsin/engine/internal/tomlfile"
)

// applyOps runs the edits a byte string spells on d: each pair of bytes
// is an edit and its argument. Edits may fail (no such base); they must
// never panic.
func applyOps(d *Doc, ops []byte) {
	hexes := []string{"25C5", "26H6", "30M8", "28A1", "27GG10", "31B0"}
	words := []string{"midday", "x\ny\n", `a "quoted" \ text`, "", "ünï", "'''", "\"\"\""}
	for i := 0; i+1 < len(ops) && i < 64; i += 2 {
		a := int(ops[i+1])
		h := hexes[a%len(hexes)]
		w := words[a%len(words)]
		s, u, b := a%3, a%5, a%4
		switch ops[i] % 24 {
		case 0:
			d.SetScenario("title", w)
		case 1:
			d.SetBriefing(w)
		case 2:
			d.TurnBoard(firstBoard(d))
		case 3:
			d.AddBoard([]string{"25", "26", "27", "28", "29", "30", "31"}[a%7], a%2, 0)
		case 4:
			d.RemoveBoard([]string{"25", "26", "27", "28", "29", "30", "31"}[a%7])
		case 5:
			d.PlaceOverlay("H1 on " + h)
		case 6:
			d.MoveOverlay(a%4, h)
		case 7:
			d.RotateOverlay(a%4, a)
		case 8:
			d.DeleteOverlay(a % 4)
		case 9:
			d.SetSide(s, "id", []string{"blue", "red", "axis", "allies"}[a%4])
		case 10:
			d.SetSide(s, "break_point", a)
		case 11:
			d.PlaceBase(s, u, Base{Type: "uk-rifle-section", Hex: h, DugIn: a%2 == 0})
		case 12:
			d.RemoveBase(s, u, b)
		case 13:
			d.SetBase(s, u, b, "hex", h)
		case 14:
			d.SetBase(s, u, b, "dug_in", a%2 == 0)
		case 15:
			d.AddObjective(Objective{ID: "O9", Hex: h, Value: a % 3})
		case 16:
			d.RemoveObjective(a % 4)
		case 17:
			d.SetEnvironment("time", w)
		case 18:
			d.SetEnvironment("gusts", a%2 == 0)
		case 19:
			d.AddUnit(s, "Z9", w)
		case 20:
			d.RemoveUnit(s, u)
		case 21:
			d.Undo()
		case 22:
			d.Redo()
		case 23:
			d.AddSide("green", w, "british", a%5)
		}
	}
}

// FuzzEditAndSave: random edits on a scenario text, then save and read
// back. It never panics; the saved bytes are the document's; undoing
// every edit gives back the text opened; and a text that was TOML stays
// TOML after any edit (an edit never breaks the file's syntax).
func FuzzEditAndSave(f *testing.F) {
	for _, data := range shipped(f) {
		f.Add(data, []byte{0, 1, 5, 2, 11, 3, 13, 4, 21, 0, 22, 0})
		f.Add(data, []byte{9, 0, 12, 1, 16, 0, 1, 3, 7, 2, 3, 1})
	}
	f.Add([]byte("title = 'x'\n[map]\nboards = \"25\"\noverlays = [ ]\n"), []byte{5, 0, 5, 1, 8, 0, 6, 2})
	f.Add([]byte("[map]\r\nboards = \"25,26\"\r\n"), []byte{3, 0, 17, 1, 15, 2})
	f.Add([]byte("a = [\n\"x\" # c\n]\n[map]\nboards='25'"), []byte{5, 0, 8, 0, 8, 0})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text, ops []byte) {
		if len(text) > 64<<10 {
			return
		}
		d := New("f.toml", text)
		// The decoder is only asked about bounded text (its cost grows
		// with the square of the nesting).
		bounded := fileio.CheckTOML("f.toml", text, MaxBytes, tomlfile.MaxDepth) == nil
		var m map[string]any
		wasTOML := bounded && func() bool { _, err := toml.Decode(string(text), &m); return err == nil }()
		applyOps(d, ops)
		if wasTOML {
			var m2 map[string]any
			if err := fileio.CheckTOML("f.toml", d.Bytes(), MaxBytes, tomlfile.MaxDepth); err != nil {
				t.Fatalf("an edit made the text unbounded: %v", err)
			}
			if _, err := toml.Decode(d.Text(), &m2); err != nil {
				t.Fatalf("an edit broke the TOML: %v\n--- before\n%s\n--- after\n%s", err, text, d.Text())
			}
		}
		d.Problems() // never panics, whatever the text
		out := filepath.Join(dir, "out.toml")
		if err := d.Save(out); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(out); string(b) != d.Text() {
			t.Fatal("saved bytes differ from the document")
		}
		for d.Undo() {
		}
		if d.Text() != string(text) {
			t.Fatalf("undoing every edit does not give back the text\n--- want\n%q\n--- got\n%q", text, d.Text())
		}
	})
}
