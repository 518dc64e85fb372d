package design

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"khamsin/engine/fileio"
	"khamsin/engine/internal/tomlfile"
)

// decodeValue reads one TOML value token (a string of any kind, a number,
// a boolean, an array) with the project's decoder.
// The token is bounded first (fileio.CheckTOML: size and nesting, the
// decoder's cost growing with the square of the depth).
func decodeValue(tok string) (any, error) {
	if err := fileio.CheckTOML("value", []byte(tok), MaxBytes, tomlfile.MaxDepth); err != nil {
		return nil, err
	}
	var v struct{ V any }
	if _, err := toml.Decode("V = "+tok+"\n", &v); err != nil {
		return nil, err
	}
	return v.V, nil
}

// decodeString reads a string token.
func decodeString(tok string) (string, error) {
	v, err := decodeValue(tok)
	if err != nil {
		return "", err
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("not a string")
	}
	return s, nil
}

// encodeValue spells v as TOML. like is the token it replaces ("" for a
// new key): a string keeps that token's kind where it can hold the new
// text (a 'literal', a """multi-line""" briefing).
func encodeValue(v any, like string) (string, error) {
	switch x := v.(type) {
	case string:
		return encodeString(x, like), nil
	case bool:
		return strconv.FormatBool(x), nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case []string:
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = encodeString(s, "")
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	}
	return "", fmt.Errorf("design: cannot write a %T", v)
}

// encodeString spells s as a TOML string in the style of like.
func encodeString(s, like string) string {
	switch {
	case strings.HasPrefix(like, `"""`) || strings.Contains(s, "\n"):
		return `"""` + "\n" + escape(s, true) + `"""`
	case strings.HasPrefix(like, "'''"):
		if !strings.Contains(s, "'''") && plain(s, true) {
			return "'''" + "\n" + s + "'''"
		}
		return `"""` + "\n" + escape(s, true) + `"""`
	case strings.HasPrefix(like, "'"):
		if !strings.Contains(s, "'") && plain(s, false) {
			return "'" + s + "'"
		}
	}
	return `"` + escape(s, false) + `"`
}

// plain reports text a literal string can hold as it is: no control
// characters but tab (and newline in a multi-line one).
func plain(s string, multi bool) bool {
	for _, r := range s {
		if r < 0x20 && r != '\t' && !(multi && r == '\n') || r == 0x7f {
			return false
		}
	}
	return utf8.ValidString(s)
}

// escape writes s for a basic string; multi keeps newlines as they are
// and breaks runs of three quotes.
func escape(s string, multi bool) string {
	var b strings.Builder
	quotes := 0
	for _, r := range s {
		if r == '"' {
			quotes++
		} else {
			quotes = 0
		}
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"' && (!multi || quotes == 3):
			b.WriteString(`\"`)
			quotes = 0
		case r == '\n' && multi:
			b.WriteByte('\n')
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	// A multi-line string may not end in a quote next to its closing
	// delimiter's quotes in a way that makes four or more.
	out := b.String()
	if multi && strings.HasSuffix(out, `"`) {
		out = out[:len(out)-1] + `\"`
	}
	return out
}

// sameValue reports whether a token already says v (so a set is a no-op
// and the author's spelling stays).
func sameValue(tok string, v any) bool {
	old, err := decodeValue(tok)
	if err != nil {
		return false
	}
	switch x := v.(type) {
	case int:
		o, ok := old.(int64)
		return ok && o == int64(x)
	case []string:
		arr, ok := old.([]any)
		if !ok || len(arr) != len(x) {
			return false
		}
		for i := range arr {
			if s, ok := arr[i].(string); !ok || s != x[i] {
				return false
			}
		}
		return true
	}
	return old == v
}
