package fileio

import "fmt"

// Limits for the program's TOML files (scenarios, saves, settings, the
// catalogue): callers pass them to CheckTOML unless they need their own.
// The deepest shipped file nests about 4 levels; BurntSushi/toml decodes
// 16 levels in microseconds.
const (
	MaxTOMLBytes = 1 << 20
	MaxTOMLDepth = 16
)

// CheckTOML is a linear pre-scan for TOML input, to run before a decoder.
// It refuses data longer than maxBytes ("FILE: file is N bytes; the limit
// is M") and data nested deeper than maxDepth ("FILE:LINE: nesting deeper
// than N"), where the depth of a value counts every table and array around
// it: the segments of the current [table] header (an [[array.of.tables]]
// header counts one more), the dotted segments of its key, and each open
// inline table or array. Brackets inside strings (basic, literal,
// multi-line) and comments do not count. It does not validate TOML
// otherwise: malformed input it lets through is left to the decoder.
func CheckTOML(file string, data []byte, maxBytes, maxDepth int) error {
	if len(data) > maxBytes {
		return fmt.Errorf("%s: file is %d bytes; the limit is %d", name(file), len(data), maxBytes)
	}
	s := scan{data: data, line: 1}
	type open struct {
		table bool // '{' (keys inside) or '[' (values inside)
		depth int  // depth of the values inside
	}
	var stack []open
	header := 0    // depth of the current [table]
	key := 0       // dotted segments of the key being read, minus one
	expect := true // the next token is a key (or a table header)
	atStart := true
	deep := func() error { return fmt.Errorf("%s:%d: nesting deeper than %d", name(file), s.line, maxDepth) }
	base := func() int {
		if len(stack) == 0 {
			return header
		}
		return stack[len(stack)-1].depth
	}
	for s.i < len(data) {
		c := data[s.i]
		switch {
		case c == '\n':
			s.line++
			s.i++
			atStart = true
			if len(stack) == 0 {
				expect, key = true, 0
			}
			continue
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
			continue
		case c == '#':
			s.comment()
			continue
		case c == '"' || c == '\'':
			s.str()
		case c == '[' && len(stack) == 0 && expect && atStart:
			n := s.header()
			if n > maxDepth {
				return deep()
			}
			header, key = n, 0
		case c == '[' || c == '{':
			d := base() + key + 1
			if d > maxDepth {
				return deep()
			}
			stack = append(stack, open{table: c == '{', depth: d})
			key = 0
			expect = c == '{'
			s.i++
		case c == ']' || c == '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			expect = false
			s.i++
		case c == ',':
			expect = len(stack) > 0 && stack[len(stack)-1].table
			key = 0
			s.i++
		case c == '=':
			if base()+key > maxDepth {
				return deep()
			}
			expect = false
			s.i++
		case c == '.' && expect:
			key++
			if base()+key > maxDepth {
				return deep()
			}
			s.i++
		default:
			s.i++
		}
		atStart = false
	}
	return nil
}

type scan struct {
	data []byte
	i    int
	line int
}

func (s *scan) comment() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.i++
	}
}

func (s *scan) has(p string) bool {
	return len(s.data)-s.i >= len(p) && string(s.data[s.i:s.i+len(p)]) == p
}

// str skips a string starting at s.i, counting the lines it spans.
func (s *scan) str() {
	end, lines := SkipTOMLString(s.data, s.i)
	s.i, s.line = end, s.line+lines
}

// SkipTOMLString skips the TOML string that starts at data[i] (any of
// the four kinds: basic, literal, and their multi-line forms) and returns
// the index just past it and the newlines it spans. An unterminated
// single-line string ends at its newline (the decoder reports it). Both
// the pre-scan here and engine/internal/tomlfile's line index use it.
func SkipTOMLString(data []byte, i int) (end, lines int) {
	q := data[i]
	esc := q == '"'
	has3 := func(k int) bool { return len(data)-k >= 3 && data[k] == q && data[k+1] == q && data[k+2] == q }
	if has3(i) {
		i += 3
		for i < len(data) {
			c := data[i]
			switch {
			case c == '\\' && esc:
				i++
				if i < len(data) && data[i] == '\n' {
					lines++
				}
			case c == '\n':
				lines++
			case c == q && has3(i):
				i += 3
				// up to two more quotes belong to the content
				for k := 0; k < 2 && i < len(data) && data[i] == q; k++ {
					i++
				}
				return i, lines
			}
			i++
		}
		return i, lines
	}
	i++
	for i < len(data) {
		c := data[i]
		switch {
		case c == '\n':
			return i, lines
		case c == '\\' && esc:
			i++
			if i < len(data) && data[i] == '\n' {
				return i, lines
			}
		case c == q:
			return i + 1, lines
		}
		i++
	}
	return i, lines
}

// header skips a [table] or [[array.of.tables]] header and returns its
// depth: its dotted segments, plus one for an array of tables.
func (s *scan) header() int {
	n := 1
	if s.has("[[") {
		n = 2
		s.i++
	}
	s.i++
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\n':
			return n
		case c == '"' || c == '\'':
			s.str()
			continue
		case c == '.':
			n++
		case c == ']':
			s.i++
			if s.has("]") {
				s.i++
			}
			return n
		}
		s.i++
	}
	return n
}
