package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/forces"
	"khamsin/hexmap"
)

var (
	fixOnce sync.Once
	fixCat  *forces.Catalogue
	fixLib  *hexmap.Library
	fixErr  error
)

func fixtures(t testing.TB) (*forces.Catalogue, *hexmap.Library) {
	t.Helper()
	fixOnce.Do(func() {
		fixCat, fixErr = forces.Load()
		if fixErr == nil {
			fixLib, fixErr = hexmap.Builtin()
		}
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	return fixCat, fixLib
}

// check is what `khamsin check` does with a scenario: parse, build the map,
// validate.
func check(t testing.TB, file string, data []byte) error {
	cat, lib := fixtures(t)
	s, err := Parse(file, data)
	if err != nil {
		return err
	}
	m, err := s.Build(lib)
	if err != nil {
		return err
	}
	return s.Validate(cat, m)
}

func splitErrs(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(err.Error(), "\n")
}

func TestGoodScenarioValidates(t *testing.T) {
	data, err := os.ReadFile("testdata/good.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := check(t, "testdata/good.toml", data); err != nil {
		t.Fatal(err)
	}
	s, _ := Parse("testdata/good.toml", data)
	if s.Month() != climate.June || s.Year() != 1941 || s.TurnLimit() != 8 {
		t.Errorf("month %v year %d turns %d", s.Month(), s.Year(), s.TurnLimit())
	}
	if s.SideIndex("axis") != 1 || s.SideIndex("allies") != 0 || s.SideIndex("nobody") != -1 {
		t.Error("SideIndex")
	}
	if got := s.BriefingLine(); got != `Two patrols meet at first light. hex = "not a key: this is the briefing"` {
		t.Errorf("BriefingLine = %q", got)
	}
	// Default base IDs: the unit's ID + a, b, c…; a given ID stays.
	var ids []string
	for _, b := range s.Sides[0].Units[0].Bases {
		ids = append(ids, b.ID)
	}
	if strings.Join(ids, " ") != "A1a A1b A1p" {
		t.Errorf("base IDs %v", ids)
	}
	if b := s.Sides[0].Units[0].Bases[2]; b.Line() != 49 || s.Sides[1].Line() != 68 || s.Objectives[0].Line() != 84 {
		t.Errorf("lines: base %d side %d objective %d", b.Line(), s.Sides[1].Line(), s.Objectives[0].Line())
	}
	if w := s.Warnings(); len(w) != 2 || !strings.HasPrefix(w[0], "testdata/good.toml:28: side allies has 2 units") {
		t.Errorf("Warnings = %q", w)
	}
}

// Every file in testdata/bad breaks one rule of docs/formats.md ("Scenario
// files"); its first line says the error expected, at its exact line.
func TestBadScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/bad/*.toml")
	if len(files) < 40 {
		t.Fatalf("only %d bad scenarios", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(data), "\n")
			want, ok := strings.CutPrefix(first, "# want: ")
			if !ok {
				t.Fatalf("first line %q does not say what is wanted", first)
			}
			errs := splitErrs(check(t, f, data))
			if len(errs) == 0 {
				t.Fatal("accepted")
			}
			for _, e := range errs {
				if !fileLine.MatchString(e) {
					t.Errorf("error without file:line: %q", e)
				}
			}
			if errs[0] != f+":"+want {
				t.Errorf("got  %q\nwant %q", errs[0], f+":"+want)
			}
		})
	}
}

// Several problems are all reported, in line order.
func TestValidateReportsEveryProblemInLineOrder(t *testing.T) {
	data, _ := os.ReadFile("testdata/good.toml")
	src := strings.Replace(string(data), `value = 2`, `value = 0`, 1)
	src = strings.Replace(src, `date = "1941-06"`, `date = "1939-09"`, 1)
	errs := splitErrs(check(t, "g.toml", []byte(src)))
	if len(errs) != 2 || !strings.HasPrefix(errs[0], "g.toml:9: date") || !strings.HasPrefix(errs[1], "g.toml:88: objective O1: value = 0") {
		t.Errorf("got %q", errs)
	}
}

// A map-only scenario (no sides) is valid for view and render; the game
// refuses it (Playable).
func TestMapOnlyScenario(t *testing.T) {
	s, err := Load("default")
	if err != nil {
		t.Fatal(err)
	}
	cat, lib := fixtures(t)
	m, err := s.Build(lib)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(cat, m); err != nil || s.Playable() {
		t.Errorf("Validate = %v, Playable = %v", err, s.Playable())
	}
}

// The built-in scenarios with forces validate, with 8–20 units a side.
func TestBuiltinScenariosValidate(t *testing.T) {
	cat, lib := fixtures(t)
	for _, n := range BuiltinNames() {
		s, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build(lib)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(cat, m); err != nil {
			t.Errorf("%s:\n%v", n, err)
		}
		for _, w := range append(s.Warnings(), s.CommandWarnings(m)...) {
			t.Errorf("%s", w)
		}
	}
}

// The map edges reinforcements enter by, read through North (12.3): on a
// single board with north up, hexrow A is the west edge; with north right
// it is the south edge.
func TestEdgeOf(t *testing.T) {
	_, lib := fixtures(t)
	layout, _ := hexmap.ParseLayout("25")
	m, err := hexmap.NewMap(lib, layout)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		north hexmap.Orientation
		hex   string
		edges string
	}{
		{hexmap.NorthUp, "25A4", "west"},
		{hexmap.NorthUp, "25A1", "north west"},
		{hexmap.NorthUp, "25B0", "north"},
		{hexmap.NorthUp, "25B10", "south"},
		{hexmap.NorthUp, "25C1", "north"},
		{hexmap.NorthUp, "25C10", "south"},
		{hexmap.NorthUp, "25GG5", "east"},
		{hexmap.NorthUp, "25B4", ""},
		{hexmap.NorthUp, "25P5", ""},
		{hexmap.NorthRight, "25A4", "south"},
		{hexmap.NorthRight, "25GG5", "north"},
		{hexmap.NorthRight, "25B0", "west"},
		{hexmap.NorthDown, "25A4", "east"},
		{hexmap.NorthDown, "25B0", "south"},
		{hexmap.NorthLeft, "25A4", "north"},
		{hexmap.NorthLeft, "25B10", "west"},
	} {
		h, err := m.Hex(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range Edges {
			if EdgeOf(m, c.north, e, h) {
				got = append(got, e)
			}
		}
		want := strings.Fields(c.edges)
		if strings.Join(got, " ") != strings.Join(sortEdges(want), " ") {
			t.Errorf("north %v, %s: edges %v, want %v", c.north, c.hex, got, want)
		}
	}
}

func sortEdges(es []string) []string {
	var out []string
	for _, e := range Edges {
		for _, x := range es {
			if x == e {
				out = append(out, e)
			}
		}
	}
	return out
}

func TestDefaultBaseID(t *testing.T) {
	for i, want := range map[int]string{0: "B1a", 1: "B1b", 25: "B1z", 26: "B1aa", 27: "B1ab", 52: "B1ba"} {
		if got := DefaultBaseID("B1", i); got != want {
			t.Errorf("DefaultBaseID(B1, %d) = %q, want %q", i, got, want)
		}
	}
}

// Hardening (issue 9): hostile input is refused before the decoder, fast,
// with file:line.
func TestHostileScenariosRefusedFast(t *testing.T) {
	nested := "title = " + strings.Repeat("{a=", 5000) + "1" + strings.Repeat("}", 5000) + "\n"
	bin := make([]byte, 1<<20)
	for i := range bin {
		bin[i] = byte(i*131 + i>>9)
	}
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"20 KB of nested tables", []byte(nested), "s.toml:1: nesting deeper than 8"},
		{"over 1 MB", []byte("[map]\nboards = \"25\"\n" + strings.Repeat("#\n", 600000)), "s.toml:1: file is 1200020 bytes; the limit is 1048576"},
		{"binary", bin, "s.toml:1: "},
		{"NUL on line 3", []byte("[map]\nboards = \"25\"\n\x00"), "s.toml:3: not a text file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("s.toml", c.in)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got %v, want prefix %q", err, c.want)
			}
		})
	}
}

// Load reads regular files only and keeps the OS error behind "no such
// scenario".
func TestLoadRefusesNonRegularFilesAndKeepsTheOSError(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "none.toml"))
	if err == nil || !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	if _, err := Load("/dev/zero"); err == nil {
		t.Error("/dev/zero accepted")
	}
	if _, err := Load("dawn"); err != nil {
		t.Errorf("built-in: %v", err)
	}
}

// A key named in a comment or a string above the real one does not move
// the reported line.
func TestCommentNamingAKeyDoesNotFoolTheLine(t *testing.T) {
	src := "# boards = 1\n[map]\nnorth = \"up\" # boards = \"x\"\n" +
		"variants = [\"boards = 2\"]\nboards = \"25,25\"\n"
	_, err := Parse("c.toml", []byte(src))
	if err == nil || !strings.HasPrefix(err.Error(), "c.toml:5: ") {
		t.Errorf("got %v, want line 5", err)
	}
	data, _ := os.ReadFile("testdata/good.toml")
	src = strings.Replace(string(data), `hex = "25X5"`, `hex = "25ZZ9"`, 1)
	errs := splitErrs(check(t, "c.toml", []byte(src)))
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "c.toml:79: base I1a: ") {
		t.Errorf("got %q", errs)
	}
}

func FuzzValidate(f *testing.F) {
	data, _ := os.ReadFile("testdata/good.toml")
	f.Add(data)
	f.Add(append(append([]byte(nil), data...), artilleryTail...)) // fire support
	files, _ := filepath.Glob("testdata/bad/*.toml")
	for _, fl := range files[:min(10, len(files))] {
		d, _ := os.ReadFile(fl)
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, e := range splitErrs(check(t, "f.toml", data)) {
			if !fileLine.MatchString(e) {
				t.Fatalf("error without file:line: %q", e)
			}
			if n, err := strconv.Atoi(strings.Split(e, ":")[1]); err != nil || n < 1 {
				t.Fatalf("bad line in %q", e)
			}
		}
	})
}

// The example in docs/formats.md ("Scenario files") is a valid scenario.
func TestFormatsExampleValidates(t *testing.T) {
	doc, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(doc), "## Scenario files")
	_, ex, ok2 := strings.Cut(sec, "```toml\n")
	ex, _, ok3 := strings.Cut(ex, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("no TOML example in the Scenario files section")
	}
	if err := check(t, "formats.md", []byte(ex)); err != nil {
		t.Error(err)
	}
}

// 8.2 and 7.42: no sangar may be set up in sand. The good scenario's
// sangar moved onto overlay S1's sand is refused with the rules; a foxhole
// there is fine (7.42 halves its TEM instead).
func TestSangarNotInSand_8_2(t *testing.T) {
	data, _ := os.ReadFile("testdata/good.toml")
	src := strings.Replace(string(data), "north = \"up\"\n", "north = \"up\"\noverlays = [\"S1 on 25S4-S5\"]\n", 1)
	src = strings.Replace(src, "kind = \"sangar\"\nhex = \"25C5\"", "kind = \"sangar\"\nhex = \"25S4\"", 1)
	errs := splitErrs(check(t, "s.toml", []byte(src)))
	if len(errs) != 1 || !strings.Contains(errs[0], "counter sangar: 25S4: no sangar may be set up in sand (7.42, 8.2)") {
		t.Errorf("sangar in sand: %q", errs)
	}
	src = strings.Replace(src, "kind = \"sangar\"\nhex = \"25S4\"", "kind = \"foxhole\"\nhex = \"25S4\"", 1)
	if err := check(t, "s.toml", []byte(src)); err != nil {
		t.Errorf("foxhole in sand: %v", err)
	}
}
