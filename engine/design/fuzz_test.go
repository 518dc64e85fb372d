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
		switch ops[i] % 40 {
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
		// the rest of the format (edits_support.go)
		case 24:
			d.AddBattery(s, Battery{ID: "B" + w, Guns: a % 30, HE: a % 12, Calibre: a, Smoke: a%2 == 0, Unit: []string{"", "A9"}[a%2]})
		case 25:
			d.SetBattery(s, b, []string{"tq", "comms", "officer", "smoke", "name", "unit"}[a%6], []any{a%7 - 3, a % 3, "", a%2 == 0, w, w}[a%6])
		case 26:
			d.RemoveBattery(s, b)
		case 27:
			d.AddBarrage(s, Barrage{Battery: "RA", Hex: h, Turn: a % 9, Smoke: a%2 == 1})
		case 28:
			d.SetBarrage(s, b, []string{"hex", "turn", "smoke"}[a%3], []any{h, a % 9, a%2 == 0}[a%3])
		case 29:
			d.AddObservationAircraft(s, ObservationAircraft{ID: "AOP" + w, TQ: a%7 - 3, Arrives: a % 4})
		case 30:
			d.AddSortie(Sortie{ID: "S" + w, Side: []string{"axis", "allies"}[a%2], Turn: a % 8, Aircraft: "de-ju87b", Number: a % 7, Ordnance: "bombs"})
		case 31:
			d.SetSortie(b, []string{"number", "comms", "side"}[a%3], []any{a % 7, a%5 - 2, w}[a%3])
		case 32:
			if a%2 == 0 {
				d.AddMinefield(Minefield{Side: "axis", Hexes: []string{h}, Dummy: a%4 == 0, Hidden: a%4 == 2, Strength: a%5 - 2})
			} else {
				d.AddObstacle(Obstacle{Kind: "wire", From: h, To: hexes[(a+1)%len(hexes)]})
			}
		case 33:
			d.ToggleRunHex([]string{"minefield", "obstacle"}[a%2], b, h, nil)
		case 34:
			d.SetMinefield(b, []string{"dummy", "hidden", "strength"}[a%3], []any{a%2 == 0, a%4 < 2, a%5 - 2}[a%3])
		case 35:
			d.ToggleUnmined(b, h)
		case 36:
			if a%2 == 0 {
				d.AddStructure(Structure{Kind: "bunker", Side: "axis", Hex: h, Facing: hexes[(a+1)%len(hexes)]})
			} else {
				d.AddCounter([]string{"wreck", "smoke", "sangar"}[a%3], h)
			}
		case 37:
			switch a % 4 {
			case 0:
				d.RemoveMinefield(b)
			case 1:
				d.RemoveObstacle(b)
			case 2:
				d.RemoveStructure(b)
			default:
				d.RemoveCounter(b)
			}
		case 38:
			if a%3 == 0 {
				d.ToggleVineyard(h)
			} else {
				d.SetVariant([]string{"broken", "steppe", "cactus-hedge:walls", "olive-grove", "cactus-patch"}[a%5], a%2 == 0)
			}
		case 39:
			switch a % 3 {
			case 0:
				d.SetEnvironmentDYO(a%2 == 0)
			case 1:
				d.SetFixedEnvironment("dust", w)
			default:
				if env, _, err := d.EnvironmentRolls(uint64(a)); err == nil {
					d.FixEnvironment(env)
				}
			}
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
	for _, data := range shipped(f) {
		f.Add(data, []byte{24, 1, 27, 2, 32, 0, 32, 1, 33, 3, 35, 0, 36, 0, 36, 1, 38, 0, 38, 1, 39, 0, 39, 2, 21, 0, 22, 0})
		f.Add(data, []byte{25, 3, 26, 0, 28, 1, 29, 5, 30, 2, 31, 0, 34, 1, 37, 0, 37, 3, 39, 1})
	}
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
