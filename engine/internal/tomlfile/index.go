package tomlfile

import (
	"strconv"
	"strings"

	"khamsin/engine/fileio"
)

// Index knows the line of every key, table and array element of one TOML
// text, by its path: ("side", 1, "unit", 3, "base", 0, "hex") is the key hex
// of the first [[side.unit.base]] under the fourth [[side.unit]] of the
// second [[side]]; ("map", "overlays", 2) is the third element of an array
// value. Indices are 0-based and count [[array.of.tables]] headers and
// elements of inline arrays alike. Comments and strings never match.
//
// The scanner assumes text the decoder has accepted; on anything else it
// still ends (every step consumes input) but its lines mean little.
type Index struct {
	lines map[string]int
	count map[string]int // elements seen per array (of tables or inline)
}

// Line is the line of path, or of its nearest ancestor that the text
// spells out (a key the file omits is reported at its table's header); 1
// when nothing matches or ix is nil.
func (ix *Index) Line(path ...any) int {
	if ix == nil {
		return 1
	}
	for n := len(path); n > 0; n-- {
		if l, ok := ix.lines[pathKey(path[:n])]; ok {
			return l
		}
	}
	return 1
}

// Find is the line of path itself; ok is false when the text does not
// spell it out.
func (ix *Index) Find(path ...any) (line int, ok bool) {
	if ix == nil {
		return 0, false
	}
	l, ok := ix.lines[pathKey(path)]
	return l, ok
}

// Has reports whether the text spells out path (a key, a table or an
// array element).
func (ix *Index) Has(path ...any) bool {
	_, ok := ix.Find(path...)
	return ok
}

// Len is the number of elements the text gives the array at path (an
// array of tables or an inline array); 0 if none.
func (ix *Index) Len(path ...any) int {
	if ix == nil {
		return 0
	}
	return ix.count[pathKey(path)]
}

// pathKey encodes a path unambiguously: s<len>:<key> for keys, i<n> for
// indices.
func pathKey(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch v := p.(type) {
		case string:
			b.WriteByte('s')
			b.WriteString(strconv.Itoa(len(v)))
			b.WriteByte(':')
			b.WriteString(v)
		case int:
			b.WriteByte('i')
			b.WriteString(strconv.Itoa(v))
		default:
			b.WriteString("?")
		}
	}
	return b.String()
}

// NewIndex scans data (TOML text) once.
func NewIndex(data []byte) *Index {
	s := &scanner{data: data, line: 1, ix: &Index{lines: map[string]int{}, count: map[string]int{}}}
	s.document()
	return s.ix
}

type scanner struct {
	data []byte
	i    int
	line int
	ix   *Index
}

func (s *scanner) record(path []any, line int) {
	k := pathKey(path)
	if _, ok := s.ix.lines[k]; !ok {
		s.ix.lines[k] = line
	}
}

func (s *scanner) peek() byte {
	if s.i < len(s.data) {
		return s.data[s.i]
	}
	return 0
}

func (s *scanner) has(p string) bool {
	return len(s.data)-s.i >= len(p) && string(s.data[s.i:s.i+len(p)]) == p
}

// blank skips spaces and tabs; with nl also newlines and comments.
func (s *scanner) blank(nl bool) {
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
		case nl && c == '\n':
			s.line++
			s.i++
		case nl && c == '#':
			s.toEOL()
		default:
			return
		}
	}
}

func (s *scanner) toEOL() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.i++
	}
}

func copyPath(p []any, more ...any) []any {
	out := make([]any, 0, len(p)+len(more))
	return append(append(out, p...), more...)
}

func (s *scanner) document() {
	var table []any // the path of the current [table] or [[array]] element
	for s.i < len(s.data) {
		s.blank(true)
		if s.i >= len(s.data) {
			return
		}
		start := s.i
		if s.peek() == '[' {
			table = s.header()
		} else {
			s.keyValue(table)
		}
		s.blank(false)
		if s.peek() == '#' {
			s.toEOL()
		}
		if s.i < len(s.data) && s.data[s.i] != '\n' {
			// Not where a statement should end: skip the rest of the line.
			s.toEOL()
		}
		if s.i == start && s.i < len(s.data) {
			s.i++
		}
	}
}

// header reads [a.b] or [[a.b]] and returns the path of the table it opens.
func (s *scanner) header() []any {
	line := s.line
	double := s.has("[[")
	if double {
		s.i += 2
	} else {
		s.i++
	}
	segs := s.key()
	s.blank(false)
	if double && s.has("]]") {
		s.i += 2
	} else if s.peek() == ']' {
		s.i++
	}
	var path []any
	for j, seg := range segs {
		path = append(path, seg)
		last := j == len(segs)-1
		if last && double {
			k := pathKey(path)
			n := s.ix.count[k]
			s.ix.count[k] = n + 1
			s.record(path, line)
			path = append(path, n)
			s.record(path, line)
			continue
		}
		if n := s.ix.count[pathKey(path)]; n > 0 {
			path = append(path, n-1)
		}
		if last {
			s.record(path, line)
		}
	}
	return path
}

// keyValue reads key = value in table.
func (s *scanner) keyValue(table []any) {
	line := s.line
	segs := s.key()
	if len(segs) == 0 {
		return
	}
	path := copyPath(table)
	for _, seg := range segs {
		path = append(path, seg)
		s.record(path, line)
	}
	s.blank(false)
	if s.peek() != '=' {
		return
	}
	s.i++
	s.blank(false)
	s.value(path)
}

// key reads a dotted key: bare or quoted segments.
func (s *scanner) key() []string {
	var segs []string
	for {
		s.blank(false)
		c := s.peek()
		switch {
		case c == '"' || c == '\'':
			segs = append(segs, s.quotedKey())
		case bare(c):
			j := s.i
			for s.i < len(s.data) && bare(s.data[s.i]) {
				s.i++
			}
			segs = append(segs, string(s.data[j:s.i]))
		default:
			return segs
		}
		s.blank(false)
		if s.peek() != '.' {
			return segs
		}
		s.i++
	}
}

func bare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// quotedKey reads a one-line quoted key and returns its text with the
// common escapes decoded.
func (s *scanner) quotedKey() string {
	q := s.data[s.i]
	s.i++
	j := s.i
	for s.i < len(s.data) && s.data[s.i] != q && s.data[s.i] != '\n' {
		if q == '"' && s.data[s.i] == '\\' && s.i+1 < len(s.data) && s.data[s.i+1] != '\n' {
			s.i++
		}
		s.i++
	}
	raw := string(s.data[j:s.i])
	if s.peek() == q {
		s.i++
	}
	if q == '"' && strings.IndexByte(raw, '\\') >= 0 {
		if u, err := strconv.Unquote(`"` + raw + `"`); err == nil {
			return u
		}
	}
	return raw
}

// value reads one value at path, recording the lines of what it holds.
func (s *scanner) value(path []any) {
	switch c := s.peek(); c {
	case '"', '\'':
		s.str()
	case '[':
		s.i++
		k := pathKey(path)
		for n := 0; s.i < len(s.data); {
			s.blank(true)
			switch s.peek() {
			case ']':
				s.i++
				return
			case ',':
				s.i++
				continue
			case 0:
				return
			}
			el := copyPath(path, n)
			s.record(el, s.line)
			n++
			s.ix.count[k] = n
			start := s.i
			s.value(el)
			if s.i == start {
				s.i++
			}
		}
	case '{':
		s.i++
		for s.i < len(s.data) {
			s.blank(true)
			switch s.peek() {
			case '}':
				s.i++
				return
			case ',':
				s.i++
				continue
			case 0:
				return
			}
			start := s.i
			line := s.line
			segs := s.key()
			p := copyPath(path)
			for _, seg := range segs {
				p = append(p, seg)
				s.record(p, line)
			}
			s.blank(false)
			if s.peek() == '=' {
				s.i++
				s.blank(false)
				s.value(p)
			}
			if s.i == start {
				s.i++
			}
		}
	default:
		// A number, boolean or date: up to the next delimiter.
		for s.i < len(s.data) {
			switch s.data[s.i] {
			case ',', ']', '}', '\n', '#':
				return
			}
			s.i++
		}
	}
}

// str skips a string of any of TOML's four kinds, counting its lines.
func (s *scanner) str() {
	end, lines := fileio.SkipTOMLString(s.data, s.i)
	s.i, s.line = end, s.line+lines
}
