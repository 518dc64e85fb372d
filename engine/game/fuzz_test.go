package game

import (
	"testing"
)

// FuzzCommand: no command text panics the game, and a refused one leaves
// the state as it was (brief §5).
func FuzzCommand(f *testing.F) {
	for _, s := range []string{"ready", "first allies", "move A1a 28D5", "fire A2a G2a", "defer", "end", "spot A1 G4", "mount A1a A2a", "move A1a 99Z99", "fire G2a A2a", "\x00", "move   A1a\t28D5"} {
		f.Add(s)
	}
	g := duel(f, 1)
	f.Fuzz(func(t *testing.T, c string) {
		before := g.Hash()
		n := len(g.cmds)
		if _, err := g.Do(c); err != nil {
			if g.Hash() != before || len(g.cmds) != n {
				t.Fatalf("refused %q changed the game", c)
			}
			return
		}
		// Accepted: start again so the corpus keeps exploring the opening.
		g = duel(t, 1)
	})
}

// FuzzParseSave: any bytes give a save or a file:line error, never a panic.
func FuzzParseSave(f *testing.F) {
	g := duel(f, 2)
	_, _ = g.Do("ready")
	f.Add(g.Save("testdata/duel.toml"))
	f.Add([]byte("khamsin-save 1\nscenario x\nseed 1\nstart 0123456789abcdef\ndo 0123456789abcdef ready\n"))
	f.Add([]byte("khamsin-save 1\nseed 99999999999999999999999\n"))
	// Issue 17, Hardening 7: the rules line, good and bad.
	f.Add([]byte("khamsin-save 1\nrules 1\nscenario x\nseed 1\nstart 0123456789abcdef\n"))
	f.Add([]byte("khamsin-save 1\nrules -01\nrules 2\n"))
	f.Add([]byte{0xff, 0xfe, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ParseSave("f.save", data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error with no message")
			}
			return
		}
		if sf.Scenario == "" || !isHash(sf.Start) {
			t.Fatalf("accepted an incomplete save: %+v", sf)
		}
	})
}

// FuzzClearCommand: the clear command (13.4) on the minefield test bed,
// in the allies' first activation: no text panics it, and a refused one
// leaves the state as it was.
func FuzzClearCommand(f *testing.F) {
	for _, s := range []string{"clear E1a 28F5", "clear E1a 28F4", "clear A1a 28F5", "clear E1a 28H5", "clear E1a", "clear E1a 28F5 x", "clear E1a 99Z9", "CLEAR E1a 28f5"} {
		f.Add(s)
	}
	fresh := func(t testing.TB) *Game {
		g, err := New(loadScn(t, "testdata/mines.toml"), 1)
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, "ready", "ready", "first allies")
		return g
	}
	g := fresh(f)
	f.Fuzz(func(t *testing.T, c string) {
		before := g.Hash()
		n := len(g.cmds)
		if _, err := g.Do(c); err != nil {
			if g.Hash() != before || len(g.cmds) != n {
				t.Fatalf("refused %q changed the game", c)
			}
			return
		}
		g = fresh(t)
	})
}
