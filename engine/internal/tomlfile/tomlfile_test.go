package tomlfile

import (
	"regexp"
	"strings"
	"testing"
)

type unit struct {
	ID    string `toml:"id"`
	Bases []struct {
		Hex string `toml:"hex"`
	} `toml:"base"`
}

type doc struct {
	Title string `toml:"title"`
	Turns int    `toml:"turns"`
	Small int8   `toml:"small"`
	Map   struct {
		Boards   string   `toml:"boards"`
		Overlays []string `toml:"overlays"`
	} `toml:"map"`
	Side []struct {
		ID   string `toml:"id"`
		Unit []unit `toml:"unit"`
	} `toml:"side"`
	Points []struct {
		Hex string `toml:"hex"`
	} `toml:"points"`
	hidden int //nolint:unused // an unexported field takes no key
}

const sample = `# turns = "a comment naming a key"
title = "x # not a comment" # turns
turns = 3

[map]
boards = "25"   # hex = 1
overlays = [
  "H1 on 25C5-C6",  # [[side]]
  """
  hex = "not a key"
  """,
  'literal [[side.unit]]',
]

[[side]]
id = "allies"
  [[side.unit]]
  id = "A1"
    [[side.unit.base]]
    hex = "25C5"
    [[side.unit.base]]
    hex = "25C6"
  [[side.unit]]
  id = "A2"

[[side]]
id = "axis"
[[side.unit]]
"id" = 'G1'
[[side.unit.base]]
hex = "25D5"

[[points]]
hex = "25A1"
`

// The index finds the line of each array-of-tables entry and each key in
// it; comments and strings that mention keys or headers never match.
func TestIndexLines(t *testing.T) {
	var d doc
	ix, err := Decode("s.toml", []byte(sample), &d)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path []any
		line int
	}{
		{[]any{"title"}, 2},
		{[]any{"turns"}, 3},
		{[]any{"map"}, 5},
		{[]any{"map", "boards"}, 6},
		{[]any{"map", "overlays"}, 7},
		{[]any{"map", "overlays", 0}, 8},
		{[]any{"map", "overlays", 1}, 9},
		{[]any{"map", "overlays", 2}, 12},
		{[]any{"side"}, 15},
		{[]any{"side", 0}, 15},
		{[]any{"side", 0, "id"}, 16},
		{[]any{"side", 0, "unit", 0}, 17},
		{[]any{"side", 0, "unit", 0, "id"}, 18},
		{[]any{"side", 0, "unit", 0, "base", 1, "hex"}, 22},
		{[]any{"side", 0, "unit", 1, "id"}, 24},
		{[]any{"side", 1, "id"}, 27},
		{[]any{"side", 1, "unit", 0, "id"}, 29},
		{[]any{"side", 1, "unit", 0, "base", 0, "hex"}, 31},
		{[]any{"points", 0, "hex"}, 34},
		// A key the file omits: its table's header.
		{[]any{"side", 0, "unit", 1, "name"}, 23},
		{[]any{"nothing"}, 1},
	} {
		if got := ix.Line(c.path...); got != c.line {
			t.Errorf("Line%v = %d, want %d", c.path, got, c.line)
		}
	}
	if n := ix.Len("side", 0, "unit"); n != 2 {
		t.Errorf("Len(side 0 unit) = %d, want 2", n)
	}
	if n := ix.Len("map", "overlays"); n != 3 {
		t.Errorf("Len(overlays) = %d, want 3", n)
	}
	if ix.Has("side", 0, "unit", 1, "name") {
		t.Error("Has reports a key the file omits")
	}
	if d.Side[1].Unit[0].ID != "G1" || len(d.Map.Overlays) != 3 {
		t.Errorf("decoded %+v", d)
	}
}

// Inline tables and arrays of inline tables are indexed too.
func TestIndexInline(t *testing.T) {
	src := "a = 1\npoints = [\n  {hex = \"25A1\"},\n  { hex = \"25B2\" },\n]\nt = {x = {y = [1,\n 2]}}\n"
	ix := NewIndex([]byte(src))
	for _, c := range []struct {
		path []any
		line int
	}{
		{[]any{"points", 0, "hex"}, 3},
		{[]any{"points", 1, "hex"}, 4},
		{[]any{"t", "x", "y", 1}, 7},
	} {
		if got := ix.Line(c.path...); got != c.line {
			t.Errorf("Line%v = %d, want %d", c.path, got, c.line)
		}
	}
}

// Hardening (issue 9): a wrong type is reported at the key's real line, in
// our words, not at line 1 in the decoder's.
func TestTypeErrorsAtTheirLine(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"title = \"x\"\n\nturns = \"six\"\n", "s.toml:3: turns: expected an integer, got a string"},
		{"# turns = 1\nturns = 1.5\n", "s.toml:2: turns: expected an integer, got a float"},
		{"small = 300\n", "s.toml:1: small: 300 is out of range (-128 to 127)"},
		// a negative integer in range is no error of its own (a minefield's
		// strength −1 was once reported as out of range beside the real one)
		{"small = -5\nturns = 'x'\n", "s.toml:2: turns: expected an integer, got a string"},
		{"[map]\nboards = 25\n", "s.toml:2: boards: expected a string, got an integer"},
		{"[map]\noverlays = [\n\"a\",\n2]\n", "s.toml:4: overlays[1]: expected a string, got an integer"},
		{"map = 3\n", "s.toml:1: map: expected a table, got an integer"},
		{"[[side]]\nid = 'a'\n[[side]]\nid = 'b'\n[[side.unit]]\nid = 'c'\n[[side.unit.base]]\nhex = true\n",
			"s.toml:8: hex: expected a string, got a boolean"},
		{"[[side]]\nid = 'a'\n[[side]]\n# colour = 1\nid = 'b'\ncolour = 'red'\n",
			`s.toml:6: unknown key "colour" in [side] (known: id, unit)`},
		{"hidden = 1\n", `s.toml:1: unknown key "hidden" in the top level (known: title, turns, small, map, side, points)`},
		{"points = [{hex = '25A1'}, {hex = 1}]\n", "s.toml:1: hex: expected a string, got an integer"},
		{"title = \"x\"\n[map\n", "s.toml:2: "},
		{"a = 1\na = 2\n", "s.toml:2: "},
	} {
		var d doc
		_, err := Decode("s.toml", []byte(c.src), &d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Decode(%q) = %v; want %q", c.src, err, c.want)
		}
	}
}

// Several wrong keys are all reported, in line order, one per line.
func TestErrorsInLineOrder(t *testing.T) {
	var d doc
	_, err := Decode("s.toml", []byte("zz = 1\nturns = 'x'\n[map]\nboards = 1\n"), &d)
	if err == nil {
		t.Fatal("accepted")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{"s.toml:1: unknown key", "s.toml:2: turns:", "s.toml:4: boards:"}
	if len(lines) != len(want) {
		t.Fatalf("got %q", lines)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d = %q, want prefix %q", i, lines[i], want[i])
		}
	}
}

// Hardening (issue 9): deep nesting, huge and binary input are refused
// before the decoder, and fast.
func TestHostileInputRefusedFast(t *testing.T) {
	nested := "x = " + strings.Repeat("{a=", 5000) + "1" + strings.Repeat("}", 5000) + "\n"
	arrays := "x = " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n"
	header := "[" + strings.Repeat("a.", 5000) + "b]\n"
	bin := make([]byte, 1<<20)
	for i := range bin {
		bin[i] = byte(i*7919 + i>>8)
	}
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"nested inline tables (20 KB)", []byte(nested), "f.toml:1: nesting deeper than 8"},
		{"nested arrays", []byte(arrays), "f.toml:1: nesting deeper than 8"},
		{"dotted header", []byte(header), "f.toml:1: nesting deeper than 8"},
		{"over 1 MB", []byte(strings.Repeat("# padding\n", 110000)), "f.toml:1: file is 1100000 bytes; the limit is 1048576"},
		{"binary", bin, "f.toml:"},
		{"NUL", []byte("a = 1\n\x00\n"), "f.toml:2: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v map[string]any
			_, err := Decode("f.toml", c.in, &v)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("got %v, want prefix %q", err, c.want)
			}
		})
	}
}

func TestDecodeNeedsPointer(t *testing.T) {
	var d doc
	if _, err := Decode("f.toml", []byte("a = 1\n"), d); err == nil {
		t.Error("a non-pointer was accepted")
	}
}

var fileLine = regexp.MustCompile(`^f\.toml:[0-9]+: `)

func FuzzDecode(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("points = [{hex = '25A1'}, {hex = 1}]\n"))
	f.Add([]byte("a.b.c = {d = [1, {e = 2}]}\n[x.'y.z']\n\"q\\u0041\" = 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var d doc
		ix, err := Decode("f.toml", data, &d)
		if err != nil {
			for _, e := range unwrapAll(err) {
				if !fileLine.MatchString(e.Error()) {
					t.Fatalf("error without file:line: %q", e)
				}
			}
			return
		}
		_ = ix.Line("side", 0, "unit", 0, "base", 0, "hex")
	})
}

func unwrapAll(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
