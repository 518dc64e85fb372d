package fileio

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape makes text from a file safe to print on a terminal (issue 17):
// control characters (C0 but newline and tab, DEL, C1) and the bidi
// controls that reorder what a reader sees become \uXXXX, and a byte
// that is not UTF-8 becomes \xNN. A scenario's title holding ESC ] 0 ; …
// BEL would otherwise retitle the terminal or rewrite what is on it.
// Text with nothing to escape is returned as it is. The \uXXXX form is
// also a valid escape inside a JSON string, so JSON output stays valid.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			for _, r := range s[i:] {
				if r == utf8.RuneError || unsafeRune(r) {
					return true
				}
			}
			return false
		}
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return true
		}
	}
	return false
}

func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	}
	return r > 0x9f && (unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029')
}
