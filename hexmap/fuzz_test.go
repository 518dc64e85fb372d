package hexmap

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// Parsers never panic, and every error names file:line (boards, overlays)
// or the offending text (labels, layouts, placements).

var fileLine = regexp.MustCompile(`^[^:]+:[0-9]+: `)

func seedFiles(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err == nil {
			f.Add(data)
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	seedFiles(f, "testdata/lib/boards/*.board")
	seedFiles(f, "../assets/boards/*.board")
	f.Add([]byte("board 25\nC5: wadi level 1.5\nC5-C6: hedge\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBoard("fuzz.board", data)
		if err != nil {
			if !fileLine.MatchString(err.Error()) {
				t.Fatalf("error without file:line: %q", err)
			}
			return
		}
		// Every hex of a parsed board reports a sane level.
		for k := 0; k < BoardCols; k++ {
			for n := 0; n <= BoardMaxN; n++ {
				if l := b.Terrain(Local{k, n}).Base; l < -18 || l > 40 {
					t.Fatalf("level %d out of range", l)
				}
			}
		}
	})
}

func FuzzParseOverlay(f *testing.F) {
	seedFiles(f, "testdata/lib/overlays/*.overlay")
	seedFiles(f, "../assets/overlays/*.overlay")
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOverlay("fuzz.overlay", data)
		if err != nil {
			if !fileLine.MatchString(err.Error()) {
				t.Fatalf("error without file:line: %q", err)
			}
			return
		}
		if _, ok := o.Terrain(o.One); !ok {
			t.Fatal("the 1 hex must belong to the overlay")
		}
		if _, ok := o.Terrain(o.Two); !ok {
			t.Fatal("the 2 hex must belong to the overlay")
		}
	})
}

func FuzzParseLabel(f *testing.F) {
	for _, s := range []string{"25C5", "25GG10", "27B0", "25A0", "x", "25ZZ99", "1A1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLabel(s)
		if err != nil {
			return
		}
		if !l.OnBoard() {
			t.Fatalf("%q parsed to off-board %v", s, l)
		}
		back, err := ParseLabel(l.String())
		if err != nil || back != l {
			t.Fatalf("%q → %v does not round-trip", s, l)
		}
	})
}

func FuzzParseLayoutAndSpec(f *testing.F) {
	f.Add("25,26/27,28r", "H1 on 27H6-G7")
	f.Add("25", "Place Overlay SD3 on 26V6-V5 high")
	f.Fuzz(func(t *testing.T, layout, spec string) {
		if l, err := ParseLayout(layout); err == nil {
			again, err := ParseLayout(l.String())
			if err != nil || again.String() != l.String() {
				t.Fatalf("layout %q does not round-trip", layout)
			}
		}
		if s, err := ParseOverlaySpec(spec); err == nil {
			again, err := ParseOverlaySpec(s.String())
			if err != nil || again.String() != s.String() {
				t.Fatalf("spec %q → %q does not round-trip (%v)", spec, s, err)
			}
		}
	})
}
