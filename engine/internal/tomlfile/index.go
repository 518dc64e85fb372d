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
	s := &scanner{Lexer: Lexer{Data: data, Line: 1}, ix: &Index{lines: map[string]int{}, count: map[string]int{}}}
	s.document()
	return s.ix
}

type scanner struct {
	Lexer
	ix *Index
}

func (s *scanner) record(path []any, line int) {
	k := pathKey(path)
	if _, ok := s.ix.lines[k]; !ok {
		s.ix.lines[k] = line
	}
}

func copyPath(p []any, more ...any) []any {
	out := make([]any, 0, len(p)+len(more))
	return append(append(out, p...), more...)
}

func (s *scanner) document() {
	var table []any // the path of the current [table] or [[array]] element
	for s.I < len(s.Data) {
		s.Blank(true)
		if s.I >= len(s.Data) {
			return
		}
		start := s.I
		if s.Peek() == '[' {
			table = s.header()
		} else {
			s.keyValue(table)
		}
		s.Blank(false)
		if s.Peek() == '#' {
			s.ToEOL()
		}
		if s.I < len(s.Data) && s.Data[s.I] != '\n' {
			// Not where a statement should end: skip the rest of the line.
			s.ToEOL()
		}
		if s.I == start && s.I < len(s.Data) {
			s.I++
		}
	}
}

// header reads [a.b] or [[a.b]] and returns the path of the table it opens.
func (s *scanner) header() []any {
	line := s.Line
	double := s.Has("[[")
	if double {
		s.I += 2
	} else {
		s.I++
	}
	segs := s.key()
	s.Blank(false)
	if double && s.Has("]]") {
		s.I += 2
	} else if s.Peek() == ']' {
		s.I++
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
	line := s.Line
	segs := s.key()
	if len(segs) == 0 {
		return
	}
	path := copyPath(table)
	for _, seg := range segs {
		path = append(path, seg)
		s.record(path, line)
	}
	s.Blank(false)
	if s.Peek() != '=' {
		return
	}
	s.I++
	s.Blank(false)
	s.value(path)
}

// key reads a dotted key: bare or quoted segments.
func (s *scanner) key() []string { return s.Key(s.quotedKey) }

// quotedKey reads a one-line quoted key and returns its text with the
// common escapes decoded.
func (s *scanner) quotedKey() string {
	q := s.Data[s.I]
	s.I++
	j := s.I
	for s.I < len(s.Data) && s.Data[s.I] != q && s.Data[s.I] != '\n' {
		if q == '"' && s.Data[s.I] == '\\' && s.I+1 < len(s.Data) && s.Data[s.I+1] != '\n' {
			s.I++
		}
		s.I++
	}
	raw := string(s.Data[j:s.I])
	if s.Peek() == q {
		s.I++
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
	switch c := s.Peek(); c {
	case '"', '\'':
		s.str()
	case '[':
		s.I++
		k := pathKey(path)
		for n := 0; s.I < len(s.Data); {
			s.Blank(true)
			switch s.Peek() {
			case ']':
				s.I++
				return
			case ',':
				s.I++
				continue
			case 0:
				return
			}
			el := copyPath(path, n)
			s.record(el, s.Line)
			n++
			s.ix.count[k] = n
			start := s.I
			s.value(el)
			if s.I == start {
				s.I++
			}
		}
	case '{':
		s.I++
		for s.I < len(s.Data) {
			s.Blank(true)
			switch s.Peek() {
			case '}':
				s.I++
				return
			case ',':
				s.I++
				continue
			case 0:
				return
			}
			start := s.I
			line := s.Line
			segs := s.key()
			p := copyPath(path)
			for _, seg := range segs {
				p = append(p, seg)
				s.record(p, line)
			}
			s.Blank(false)
			if s.Peek() == '=' {
				s.I++
				s.Blank(false)
				s.value(p)
			}
			if s.I == start {
				s.I++
			}
		}
	default:
		// A number, boolean or date: up to the next delimiter.
		for s.I < len(s.Data) {
			switch s.Data[s.I] {
			case ',', ']', '}', '\n', '#':
				return
			}
			s.I++
		}
	}
}

// str skips a string of any of TOML's four kinds, counting its lines.
func (s *scanner) str() {
	end, lines := fileio.SkipTOMLString(s.Data, s.I)
	s.I, s.Line = end, s.Line+lines
}
