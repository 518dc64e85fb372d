package fileio

import (
	"encoding/json"
	"testing"
)

// Issue 17, Hardening 4: terminal controls in user text are escaped,
// ordinary text (accents, em dashes, newlines, tabs) is not, and JSON
// stays valid.
func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Djebel el Ghorab — the raven's mountain\n\tSidi Rezegh é", "Djebel el Ghorab — the raven's mountain\n\tSidi Rezegh é"},
		{"evil \x1b]0;PWNED\x07 title", `evil \u001b]0;PWNED\u0007 title`},
		{"a\rb\x00c\x7f", `a\u000db\u0000c\u007f`},
		{"csi \u009b2J", `csi \u009b2J`},
		{"abc\u202edcba", `abc\u202edcba`},
		{"bad \xff\xfe utf8", `bad \xff\xfe utf8`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	b, _ := json.Marshal(map[string]string{"t": "x\u009by\u202ez\x7f"})
	var back map[string]string
	if err := json.Unmarshal([]byte(Escape(string(b))), &back); err != nil || back["t"] != "x\u009by\u202ez\x7f" {
		t.Errorf("escaped JSON %s: %v, %q", Escape(string(b)), err, back)
	}
}
