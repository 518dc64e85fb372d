package design

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"khamsin/engine/scenario"
	"khamsin/scenarios"
)

// shipped is every built-in scenario's name and text.
func shipped(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, n := range scenario.BuiltinNames() {
		data, err := fs.ReadFile(scenarios.Files, n+".toml")
		if err != nil {
			t.Fatal(err)
		}
		out[n] = data
	}
	if len(out) < 2 {
		t.Fatalf("only %d shipped scenarios", len(out))
	}
	return out
}

// Issue 19: opening a scenario and saving it unchanged gives the same
// bytes, for every shipped scenario.
func TestRoundTripShipped(t *testing.T) {
	dir := t.TempDir()
	for name, data := range shipped(t) {
		d, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if d.Modified() {
			t.Errorf("%s: modified on opening", name)
		}
		out := filepath.Join(dir, name+".toml")
		if err := d.Save(out); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(out)
		if string(got) != string(data) {
			t.Errorf("%s: saved unchanged, the bytes differ", name)
		}
		if err := d.ParseError(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// sameText fails with the first differing line.
func sameText(t *testing.T, what, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			t.Fatalf("%s: line %d is %q, want %q", what, i+1, a, b)
		}
	}
	t.Fatalf("%s: differs", what)
}

// changedLines counts the lines of a that b does not have at the same
// place, over the common prefix and suffix.
func changedLines(a, b string) int {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	if len(x) == len(y) {
		n := 0
		for i := range x {
			if x[i] != y[i] {
				n++
			}
		}
		return n
	}
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	j := 0
	for j < len(x)-i && j < len(y)-i && x[len(x)-1-j] == y[len(y)-1-j] {
		j++
	}
	return max(len(x)-i-j, len(y)-i-j)
}

// Issue 19: each shipped scenario edited one way and back diffs to
// nothing, and each edit changes only the lines it concerns (at most
// lines lines) and leaves a text that still parses.
func TestEditAndBack(t *testing.T) {
	type step struct {
		name  string
		lines int // most lines the edit may change
		there func(d, o *Doc) error
		back  func(d, o *Doc) error
	}
	steps := []step{
		{"title", 1,
			func(d, o *Doc) error { return d.SetScenario("title", "Another title") },
			func(d, o *Doc) error { return d.SetScenario("title", o.GetString(nil, "title")) }},
		{"turn a board", 1,
			func(d, o *Doc) error { return d.TurnBoard(firstBoard(d)) },
			func(d, o *Doc) error { return d.TurnBoard(firstBoard(d)) }},
		{"add a column of boards and remove it", 1,
			func(d, o *Doc) error {
				l, _ := d.Layout()
				for r := range l {
					if err := d.AddBoard(spareBoard(d), r, len(l[r])); err != nil {
						return err
					}
				}
				return nil
			},
			func(d, o *Doc) error {
				l, _ := d.Layout()
				for r := range l {
					if err := d.RemoveBoard(l[r][len(l[r])-1].ID); err != nil {
						return err
					}
				}
				return nil
			}},
		{"place an overlay by SSR line and delete it", 2,
			func(d, o *Doc) error { _, err := d.PlaceOverlay("H1 on " + firstBoard(d) + "H6-G7"); return err },
			func(d, o *Doc) error {
				if _, ok := o.Get(mapTable(), "overlays"); !ok {
					return d.Clear(mapTable(), "overlays")
				}
				return d.DeleteOverlay(len(d.Overlays()) - 1)
			}},
		{"add an objective and remove it", 6,
			func(d, o *Doc) error {
				_, err := d.AddObjective(Objective{ID: "OX", Name: "A well", Hex: firstBoard(d) + "C5", Value: 1})
				return err
			},
			func(d, o *Doc) error { return d.RemoveObjective(d.Count(nil, "objective") - 1) }},
		{"briefing", 40,
			func(d, o *Doc) error { return d.SetBriefing("A new briefing.\n\nTwo paragraphs.\n") },
			func(d, o *Doc) error {
				if _, ok := o.Get(nil, "briefing"); !ok {
					return d.Clear(nil, "briefing")
				}
				return d.SetBriefing(o.GetString(nil, "briefing"))
			}},
		{"environment time", 3,
			func(d, o *Doc) error {
				if o.GetString(envTable(), "time") == "midday" {
					return d.SetEnvironment("time", "night")
				}
				return d.SetEnvironment("time", "midday")
			},
			func(d, o *Doc) error {
				if !o.Has(envTable()) {
					return d.RemoveEntry(envTable())
				}
				if _, ok := o.Get(envTable(), "time"); !ok {
					return d.Clear(envTable(), "time")
				}
				return d.SetEnvironment("time", o.GetString(envTable(), "time"))
			}},
	}
	playable := []step{
		{"break point", 1,
			func(d, o *Doc) error { return d.SetSide(0, "break_point", 17) },
			func(d, o *Doc) error {
				v, _ := o.Get(sideTable(0), "break_point")
				return d.SetSide(0, "break_point", int(v.(int64)))
			}},
		{"rename a side and back", 20,
			func(d, o *Doc) error { return d.SetSide(0, "id", "blue") },
			func(d, o *Doc) error { return d.SetSide(0, "id", o.GetString(sideTable(0), "id")) }},
		{"place a base and remove it", 3,
			func(d, o *Doc) error {
				_, err := d.PlaceBase(0, 0, Base{Type: "uk-rifle-section", Hex: firstBoard(d) + "C5"})
				return err
			},
			func(d, o *Doc) error { return d.RemoveBase(0, 0, d.Count(unitTable(0, 0), "base")-1) }},
		{"move a base", 1,
			func(d, o *Doc) error {
				h := firstBoard(d) + "C5"
				if o.GetString(baseTable(0, 0, 0), "hex") == h {
					h = firstBoard(d) + "C6"
				}
				return d.SetBase(0, 0, 0, "hex", h)
			},
			func(d, o *Doc) error { return d.SetBase(0, 0, 0, "hex", o.GetString(baseTable(0, 0, 0), "hex")) }},
		{"dig in a base", 1,
			func(d, o *Doc) error {
				v, _ := o.Get(baseTable(0, 0, 0), "dug_in")
				return d.SetBase(0, 0, 0, "dug_in", v != true)
			},
			func(d, o *Doc) error {
				v, ok := o.Get(baseTable(0, 0, 0), "dug_in")
				if !ok {
					return d.Clear(baseTable(0, 0, 0), "dug_in")
				}
				return d.SetBase(0, 0, 0, "dug_in", v)
			}},
		{"add a unit and remove it", 8,
			func(d, o *Doc) error {
				u, err := d.AddUnit(1, "ZZ1", "New unit")
				if err != nil {
					return err
				}
				_, err = d.PlaceBase(1, u, Base{Type: "de-rifle-section", Hex: firstBoard(d) + "C5", DugIn: true})
				return err
			},
			func(d, o *Doc) error { return d.RemoveUnit(1, d.Count(sideTable(1), "unit")-1) }},
	}
	for name, data := range shipped(t) {
		base := New("scenarios/"+name+".toml", data)
		list := steps
		if base.Count(nil, "side") == 2 {
			list = append(append([]step{}, steps...), playable...)
		}
		for _, st := range list {
			t.Run(name+"/"+st.name, func(t *testing.T) {
				d := New(base.File, data)
				if err := d.Do("there", func() error { return st.there(d, base) }); err != nil {
					t.Fatal(err)
				}
				mid := d.Text()
				if mid == string(data) {
					t.Fatal("the edit changed nothing")
				}
				if n := changedLines(string(data), mid); n > st.lines {
					t.Errorf("the edit changed %d lines, at most %d expected", n, st.lines)
				}
				if err := d.ParseError(); err != nil {
					t.Errorf("after the edit: %v", err)
				}
				if err := d.Do("back", func() error { return st.back(d, base) }); err != nil {
					t.Fatal(err)
				}
				sameText(t, "edited and back", d.Text(), string(data))
				// Undo twice and redo twice walk the same texts.
				if !d.Undo() {
					t.Fatal("nothing to undo")
				}
				sameText(t, "one undo", d.Text(), mid)
				d.Undo()
				sameText(t, "two undos", d.Text(), string(data))
				d.Redo()
				sameText(t, "redo", d.Text(), mid)
				d.Redo()
				sameText(t, "two redos", d.Text(), string(data))
			})
		}
	}
}

// firstBoard is the first board of d's map.
func firstBoard(d *Doc) string {
	l, err := d.Layout()
	if err != nil {
		return "25"
	}
	return l[0][0].ID
}

// spareBoard is a board d's map does not use.
func spareBoard(d *Doc) string {
	l, _ := d.Layout()
	used := map[string]bool{}
	for _, row := range l {
		for _, b := range row {
			used[b.ID] = true
		}
	}
	for _, id := range []string{"25", "26", "27", "28", "29", "30", "31"} {
		if !used[id] {
			return id
		}
	}
	return "31"
}
