package hexmap

import (
	"strings"
	"testing"
)

// Issue 17, Hardening 5 (and 4): a board's name must be UTF-8 text
// without control characters; anything else is refused at its line.
func TestBoardNameMustBeText(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Bad \xff\xfe name", "b.board:3: name is not valid UTF-8 text"},
		{"Bad \x1b]0;x\x07 name", "b.board:3: name holds a control character (U+001B)"},
		{"Bad \u0085 name", "b.board:3: name holds a control character (U+0085)"},
	} {
		_, err := ParseBoard("b.board", []byte("board 93\n# a comment\nname \""+c.name+"\"\n"))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.name, err, c.want)
		}
	}
	if _, err := ParseBoard("b.board", []byte("board 93\nname \"Bir Umm Ghazal — é\"\n")); err != nil {
		t.Errorf("a good name: %v", err)
	}
}
