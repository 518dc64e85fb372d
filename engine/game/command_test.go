package game

import (
	"strings"
	"testing"
)

// Every command Legal lists on every shipped scenario parses to a Command
// whose String is the same text (issue 17: ParseCommand and String
// round-trip), and Do accepts exactly the canonical form: a save holds
// what Legal lists.
func TestLegalCommandsRoundTrip(t *testing.T) {
	for _, name := range builtinGames(t) {
		g, p := playTo(t, name, 6, 0)
		for i := 0; i < 120 && !g.Over(); i++ {
			l := g.Legal()
			for _, s := range l {
				c, err := ParseCommand(s)
				if err != nil {
					t.Fatalf("%s: Legal lists %q, ParseCommand refuses it: %v", name, s, err)
				}
				if c.String() != s {
					t.Fatalf("%s: %q reads back as %q", name, s, c.String())
				}
			}
			mustDo(t, g, p[g.actor].Choose(g.Observe(g.actor)))
		}
	}
}

// The command language's forms (issue 17 hardening): verbs, "smoke" and
// hex labels are read in any ASCII case and saved canonically; Unicode
// case folding (a dotless ı, a dotted İ), control characters and words
// that are not IDs are refused with the reason.
func TestParseCommandForms(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: "move A1a 28d5", want: "move A1a 28D5"},
		{in: "  MOVE\tA1a   28D5 ", want: "move A1a 28D5"},
		{in: "FFE GR SMOKE", want: "ffe GR smoke"},
		{in: "ffe GR", want: "ffe GR"},
		{in: "first allies", want: "first allies"},
		{in: "designate G5 S1 28C5", want: "designate G5 S1 28C5"},
		{in: "move A1a 30ı1", err: "plain ASCII"},
		{in: "fİre A1a G2a", err: "plain ASCII"},
		{in: "move A1a 28D5\x1b]0;x", err: "plain ASCII"},
		{in: "ffe GR fast", err: "usage: ffe BATTERY [smoke]"},
		{in: "move A1a", err: "usage: move BASE HEX"},
		{in: "move A1a 28ZZ5", err: "move A1a: hex"},
		{in: "fire A1a G2a;rm", err: "is not an ID"},
		{in: "launch A1a", err: "unknown command"},
		{in: "", err: "empty command"},
		{in: strings.Repeat("x", 201), err: "too long"},
	} {
		c, err := ParseCommand(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseCommand(%q) = %v, %v; want an error with %q", tc.in, c, err, tc.err)
			}
			continue
		}
		if err != nil || c.String() != tc.want {
			t.Errorf("ParseCommand(%q) = %q, %v; want %q", tc.in, c.String(), err, tc.want)
		}
	}
}

// Do saves the canonical form of what it was given (issue 17 hardening:
// "game do accepts commands game legal never lists ... and writes them").
func TestDoSavesTheCanonicalForm(t *testing.T) {
	g := duel(t, 1)
	mustDo(t, g, "READY")
	if got := g.cmds[len(g.cmds)-1]; got != "ready" {
		t.Fatalf("saved %q, want ready", got)
	}
	for _, s := range g.Legal() {
		if strings.ToLower(s) != s && !strings.ContainsAny(s, "0123456789") {
			t.Errorf("Legal lists %q", s)
		}
	}
}

// Every verb of the table has a usage line that starts with it, a check,
// an effect and, if one base gives it, a lister for Legal; ParseCommand
// knows every verb (one table: a new verb is one entry).
func TestVerbTable(t *testing.T) {
	seen := map[Verb]bool{}
	for _, v := range verbTable {
		if seen[v.verb] {
			t.Errorf("verb %s twice", v.verb)
		}
		seen[v.verb] = true
		if !strings.HasPrefix(v.usage, string(v.verb)) || v.check == nil || v.apply == nil || len(v.phases) == 0 {
			t.Errorf("verb %s: incomplete entry", v.verb)
		}
		if len(v.slots) > 0 && v.slots[0] == slotBase && v.list == nil && v.verb != VerbPlace && v.verb != VerbCall && v.verb != VerbAdjust {
			// a verb one base gives must be listed by Legal (its entry's list)
			t.Errorf("verb %s: no lister, so Legal never offers it", v.verb)
		}
		if _, err := ParseCommand(v.usage); err != nil && !strings.Contains(err.Error(), "usage") && !strings.Contains(err.Error(), "hex") {
			t.Errorf("verb %s: %v", v.verb, err)
		}
	}
}

// FuzzParseCommand: ParseCommand never panics, and what it accepts
// prints to a line that parses back to the same Command.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"ready", "move A1a 28D5", "ffe GR smoke", "FFE GR SMOKE", "designate G5 S1 28C5", "first allies", "move A1a 30ı1", "\x00", "face B 25GG10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCommand(s)
		if err != nil {
			return
		}
		back, err := ParseCommand(c.String())
		if err != nil || back != c {
			t.Fatalf("%q → %q → %+v, %v", s, c.String(), back, err)
		}
	})
}
