package hexmap

import (
	"bytes"
	"strings"
	"testing"
)

// Issue 9, Hardening: a 10 MB board line took 5 s to parse. Board and
// overlay files are capped in size (MaxSheetBytes) and line length
// (MaxLineBytes) before any parsing, and the refusal is immediate.
func TestSheetLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"10 MB line", append([]byte("board 30\nC5: "), bytes.Repeat([]byte("wadi "), 2_000_000)...),
			"x.board:1: file is 10000013 bytes; the limit is 1048576"},
		{"1 MB line", append([]byte("board 30\nC5: "), bytes.Repeat([]byte("wadi "), 200_000)...),
			"x.board:2: line is 1000004 bytes long; the limit is 1024"},
		{"long comment line", []byte("board 30\n# " + strings.Repeat("c", 2000) + "\n"),
			"x.board:2: line is 2002 bytes long; the limit is 1024"},
		{"big file", bytes.Repeat([]byte("\n"), MaxSheetBytes+1),
			"x.board:1: file is 1048577 bytes; the limit is 1048576"},
	} {
		_, err := ParseBoard("x.board", c.data)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if _, err := ParseOverlay("x.overlay", c.data); err == nil {
			t.Errorf("%s: overlay parser accepted it", c.name)
		}
	}
	// A line at the limit is still parsed.
	ok := "board 30\n# " + strings.Repeat("c", MaxLineBytes-2) + "\n"
	if _, err := ParseBoard("x.board", []byte(ok)); err != nil {
		t.Errorf("line of exactly %d bytes refused: %v", MaxLineBytes, err)
	}
}
