package design

import (
	"strings"
	"testing"

	"khamsin/hexmap"
)

const mapOnly = "title = \"t\"\n\n[map]\nboards = \"30/28\"\noverlays = [\n  \"H1 on 27H6-G7\",   # a hillock\n]\n"

// 12.2: an overlay is placed by its "1" hex and the hex its "2" points
// at. Moving keeps the direction from "1" to "2"; turning moves "2" round
// "1", six turns making a full circle; each is one line's change.
func TestOverlayMoveAndRotate(t *testing.T) {
	d := New("m.toml", []byte(mapOnly))
	if err := d.MoveOverlay(0, "27C5"); err != nil {
		t.Fatal(err)
	}
	// H6 touches G6 and G7 (a 2nd, 4th… hexrow hex touches n and n+1 of
	// the hexrow before it); C5 touches B4 and B5: G7 from H6 is B5 from C5.
	if got := d.Overlays()[0]; got != "H1 on 27C5-B5" {
		t.Errorf("moved: %q", got)
	}
	if !strings.Contains(d.Text(), "  \"H1 on 27C5-B5\",   # a hillock\n") {
		t.Errorf("the comment or layout of the line was lost:\n%s", d.Text())
	}
	seen := map[string]bool{}
	for k := 0; k < 6; k++ {
		spec, _ := hexmap.ParseOverlaySpec(d.Overlays()[0])
		if spec.One.String() != "27C5" || hexmap.Distance(spec.One.Local.Axial(), spec.Two.Local.Axial()) != 1 {
			t.Fatalf("turn %d: %+v", k, spec)
		}
		seen[spec.Two.String()] = true
		if err := d.RotateOverlay(0, 1); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 6 || d.Overlays()[0] != "H1 on 27C5-B5" {
		t.Errorf("six turns: %d different \"2\" hexes, back at %q", len(seen), d.Overlays()[0])
	}
	d.RotateOverlay(0, 2)
	d.RotateOverlay(0, -2)
	if d.Overlays()[0] != "H1 on 27C5-B5" {
		t.Errorf("turned 2 and back: %q", d.Overlays()[0])
	}
	// Off the board: refused, nothing changed.
	before := d.Text()
	if err := d.MoveOverlay(0, "27A1"); err == nil {
		t.Error("moved with its \"2\" hex off the board")
	}
	if d.Text() != before {
		t.Error("a refused move changed the text")
	}
	if _, err := d.PlaceOverlay("H1 on"); err == nil {
		t.Error("placed an SSR line that does not read")
	}
}

// Boards: swap, turn 180° ('r'), add and remove keep the grid notation
// of brief §6; North takes the four words and is written only when not
// the default.
func TestBoardEdits(t *testing.T) {
	d := New("m.toml", []byte(mapOnly))
	steps := []struct {
		name string
		do   func() error
		want string
	}{
		{"swap", func() error { return d.SwapBoards("30", "28") }, "28/30"},
		{"turn", func() error { return d.TurnBoard("30") }, "28/30r"},
		{"add a column", func() error {
			if err := d.AddBoard("25", 0, 1); err != nil {
				return err
			}
			return d.AddBoard("26", 1, 1)
		}, "28,25/30r,26"},
		{"remove", func() error { return d.RemoveBoard("28") }, "25/30r,26"},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := d.GetString(mapTable(), "boards"); got != s.want {
			t.Errorf("%s: boards %q, want %q", s.name, got, s.want)
		}
	}
	if err := d.RemoveBoard("29"); err == nil {
		t.Error("removed a board that is not on the map")
	}
	if err := d.SetNorth("up"); err != nil || strings.Contains(d.Text(), "north") {
		t.Errorf("north = up written though it is the default (%v)", err)
	}
	if err := d.SetNorth("left"); err != nil || !strings.Contains(d.Text(), "north = \"left\"\n") {
		t.Errorf("north left: %v\n%s", err, d.Text())
	}
	if err := d.SetNorth("sideways"); err == nil {
		t.Error("north sideways accepted")
	}
}

// Nothing is written that the author did not set: setting a default on a
// key the text lacks writes nothing; clearing takes the key's line.
func TestNoDefaultsWritten(t *testing.T) {
	d, _ := Open("dawn")
	before := d.Text()
	if err := d.SetBase(0, 0, 0, "facing", ""); err != nil {
		t.Fatal(err)
	}
	if err := d.SetUnit(0, 0, "hidden", false); err != nil {
		t.Fatal(err)
	}
	if err := d.SetEnvironment("dyo", false); err != nil {
		t.Fatal(err)
	}
	if err := d.SetUnit(0, 0, "arrives", 0); err != nil { // 0: at the start (7.1 step 7 brings only arrives ≥ 2)
		t.Fatal(err)
	}
	if d.Text() != before {
		t.Error("a default was written")
	}
	if _, ok := d.CanUndo(); ok {
		t.Error("an edit that changed nothing is on the undo stack")
	}
	d.SetUnit(0, 0, "hidden", true)
	if v, ok := d.Get(unitTable(0, 0), "hidden"); !ok || v != true {
		t.Errorf("hidden: %v %v", v, ok)
	}
	if what, ok := d.CanUndo(); !ok || what != "set hidden" {
		t.Errorf("undo names %q", what)
	}
}

// Renaming a side carries the new ID to every key that names it, in one
// undoable edit, and the scenario stays valid (docs/formats.md: side IDs).
func TestRenameSideCarriesReferences(t *testing.T) {
	d, _ := Open("dawn")
	if err := d.SetSide(1, "id", "dak"); err != nil {
		t.Fatal(err)
	}
	if d.GetString(nil, "attacker") != "dak" {
		t.Error("attacker not renamed")
	}
	if ps := d.Problems(); len(ps) != 0 {
		t.Errorf("after renaming: %v", ps)
	}
	d.Undo()
	if d.Modified() {
		t.Error("one undo did not take the whole rename back")
	}
	if err := d.SetSide(0, "colour", "red"); err == nil {
		t.Error("a key sides do not have was accepted")
	}
}

// The briefing is a multi-line string; quotes, backslashes and runs of
// three quotes survive a round trip through the decoder.
func TestBriefingText(t *testing.T) {
	d, _ := Open("dawn")
	for _, text := range []string{
		"One line",
		"Two\nlines\n",
		`Quotes "" and """ and \ backslash` + "\n",
		"ends in a quote\"",
		"tab\there, ünïcödé\n",
	} {
		if err := d.SetBriefing(text); err != nil {
			t.Fatal(err)
		}
		sc, err := d.Scenario()
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if sc.Briefing != text {
			t.Errorf("briefing %q reads back %q", text, sc.Briefing)
		}
	}
}

// A file written with CRLF line ends keeps them in what an edit adds.
func TestCRLFKept(t *testing.T) {
	text := "title = \"t\"\r\n\r\n[map]\r\nboards = \"25\"\r\noverlays = [\r\n  \"H1 on 25H6-G7\",\r\n]\r\n"
	d := New("c.toml", []byte(text))
	if _, err := d.AddObjective(Objective{ID: "O1", Hex: "25C5", Value: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceOverlay("H2 on 25C5-C6"); err != nil {
		t.Fatal(err)
	}
	if err := d.SetEnvironment("time", "midday"); err != nil {
		t.Fatal(err)
	}
	if strings.Count(d.Text(), "\n") != strings.Count(d.Text(), "\r\n") {
		t.Errorf("bare newlines added:\n%q", d.Text())
	}
	sc, err := d.Scenario()
	if err != nil || len(sc.Objectives) != 1 || len(sc.Map.Overlays) != 2 || sc.Environment.Time != "midday" {
		t.Errorf("%v %+v", err, sc)
	}
	for d.Undo() {
	}
	if d.Text() != text {
		t.Error("undo")
	}
}
