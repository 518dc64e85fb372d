package scenario

import (
	"regexp"
	"strings"
	"testing"

	"khamsin/hexmap"
)

func TestParseErrorsNameFileAndLine(t *testing.T) {
	for src, want := range map[string]string{
		"title = \"x\"\n[map]\nboards = \"25,25\"\n":         "s.toml:3: map",
		"[map]\nboards = \"26\"\noverlays = [\"H1 27H6\"]\n": "s.toml:3: overlay",
		"[map]\nboards = \"26\"\nnorth = \"sideways\"\n":     "s.toml:3: north",
		"[map]\nboards = \"26\"\ncolour = 1\n":               "s.toml:3: unknown key",
		"[map]\nboards = 26\n":                               "s.toml:",
		"title = \"x\"\n[map\n":                              "s.toml:",
		"[map]\nboards = \"26\"\nvariants = [\"frozen\"]\n":  "s.toml:3: variant",
	} {
		_, err := Parse("s.toml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Parse(%q) = %v; want prefix %q", src, err, want)
		}
	}
}

func TestBuiltinScenariosLoad(t *testing.T) {
	names := BuiltinNames()
	if len(names) == 0 {
		t.Fatal("no built-in scenarios")
	}
	for _, n := range names {
		if _, err := Load(n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

var fileLine = regexp.MustCompile(`^[^:]+:[0-9]+: `)

func FuzzParse(f *testing.F) {
	f.Add([]byte("title = \"t\"\n[map]\nboards = \"25,26\"\noverlays = [\"H1 on 26H6-G7\"]\n"))
	f.Add([]byte("title = \"t\"\n[map]\nboards = \"25\"\n[[air]]\nid = \"S1\"\nside = \"axis\"\nturn = 2\naircraft = \"de-ju87b\"\nordnance = \"bombs\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.toml", data)
		if err != nil {
			if !fileLine.MatchString(err.Error()) {
				t.Fatalf("error without file:line: %q", err)
			}
			return
		}
		if s.Map.Boards == "" {
			t.Fatal("a parsed scenario always names its boards")
		}
	})
}

// The built-in scenarios lay their overlays cleanly: nothing overlaps,
// touches or hangs off the map (12.33).
func TestBuiltinScenarioMapsAreClean(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range BuiltinNames() {
		s, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build(lib)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		for _, p := range m.Problems() {
			t.Errorf("%s: %s", n, p.Msg)
		}
	}
}

// An overlay that cannot be laid (wrong board, not adjacent) is reported at
// its own line.
func TestBuildErrorsNameTheLine(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("s.toml", []byte("[map]\nboards = \"26\"\noverlays = [\n  \"H2 on 26C3-C2\",\n  \"H1 on 25A1-A2\",\n]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Build(lib); err == nil || !strings.HasPrefix(err.Error(), "s.toml:5: ") {
		t.Errorf("Build error %v; want it at line 5", err)
	}
}
