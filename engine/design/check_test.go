package design

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Live validation: after an edit, Problems gives check's messages, each
// pointing at what it names (docs/formats.md: every base names a hex on
// the map).
func TestProblemsNameTheirThing(t *testing.T) {
	d, err := Open("dawn")
	if err != nil {
		t.Fatal(err)
	}
	if ps := d.Problems(); len(ps) != 0 {
		t.Fatalf("dawn as shipped: %v", ps)
	}
	if err := d.SetBase(0, 2, 1, "hex", "25C5"); err != nil {
		t.Fatal(err)
	}
	ps := d.Problems()
	if len(ps) != 1 || ps[0].Warning {
		t.Fatalf("problems %+v", ps)
	}
	m := ps[0]
	want := "scenarios/dawn.toml:" + itoa(m.Line) + ": base A3b: hex 25C5:"
	if !strings.HasPrefix(m.Text, want) {
		t.Errorf("text %q, want it to start %q", m.Text, want)
	}
	if got := strings.Split(d.Text(), "\n")[m.Line-1]; got != `hex = "25C5"` {
		t.Errorf("line %d is %q, not the base's hex", m.Line, got)
	}
	tg := m.Target
	if tg.Kind != "base" || tg.ID != "A3b" || tg.Key != "hex" || !samePath(tg.Path, []any{"side", 0, "unit", 2, "base", 1}) || len(tg.Hexes) != 1 || tg.Hexes[0] != "25C5" {
		t.Errorf("target %+v", tg)
	}
	if d.Valid() {
		t.Error("valid with a base off the map")
	}
	d.Undo()
	if !d.Valid() || d.Modified() {
		t.Error("undo did not bring back the valid, saved text")
	}
}

// A 12.33 problem (an overlay overlapping another) is a warning that
// names the overlay placed last and the hexes, at its SSR line.
func TestProblemsOverlay1233(t *testing.T) {
	d, _ := Open("dawn")
	i, err := d.PlaceOverlay("H6 on 30BB6-BB5")
	if err != nil {
		t.Fatal(err)
	}
	ps := d.Problems()
	if len(ps) == 0 {
		t.Fatal("no problem for an overlap")
	}
	m := ps[0]
	if !m.Warning || !strings.Contains(m.Text, "12.33") || m.Target.Kind != "overlay" || m.Target.Overlay != i || len(m.Target.Hexes) == 0 {
		t.Errorf("message %+v", m)
	}
	if line := strings.Split(d.Text(), "\n")[m.Line-1]; !strings.Contains(line, `"H6 on 30BB6-BB5"`) {
		t.Errorf("line %d is %q", m.Line, line)
	}
}

// Bad input: a text that does not parse keeps every byte and says
// file:line: what is wrong; editing it still works.
func TestParseErrorKeepsText(t *testing.T) {
	text := "title = \"x\"\n# a comment\n[map]\nboards = \"25\"\nturns = \"six\n"
	d := New("bad.toml", []byte(text))
	err := d.ParseError()
	if err == nil || !strings.HasPrefix(err.Error(), "bad.toml:5: ") {
		t.Fatalf("error %v", err)
	}
	ps := d.Problems()
	if len(ps) != 1 || ps[0].Line != 5 || ps[0].Text != err.Error() {
		t.Errorf("problems %+v", ps)
	}
	if d.Text() != text {
		t.Error("the text changed on opening")
	}
	out := filepath.Join(t.TempDir(), "bad.toml")
	if err := d.Save(out); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) != text {
		t.Error("saved bytes differ")
	}
}

// Save goes through fileio's safe writer: a symbolic link is never
// written through (its target keeps its bytes), and a failed save leaves
// no file and the document unsaved.
func TestSaveNeverThroughALink(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	os.WriteFile(victim, []byte("precious"), 0o644)
	link := filepath.Join(dir, "link.toml")
	if err := os.Symlink(victim, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	d, _ := Open("dawn")
	d.SetScenario("title", "Changed")
	if err := d.Save(link); err == nil {
		t.Fatal("saved through a symbolic link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Errorf("the link's target now holds %q", b)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if !d.Modified() {
		t.Error("a failed save marked the document saved")
	}
	missing := filepath.Join(dir, "no", "such", "dir", "x.toml")
	if err := d.Save(missing); err == nil {
		t.Error("saved into a folder that does not exist")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("files left behind: %v", ents)
	}
	// A built-in scenario opens as a copy: saving needs a path.
	if err := d.Save(""); err == nil || !strings.Contains(err.Error(), "copy") {
		t.Errorf("save of a built-in copy without a path: %v", err)
	}
}
