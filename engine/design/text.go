package design

import (
	"khamsin/engine/internal/tomlfile"
	"strings"

	"khamsin/engine/fileio"
)

// The document keeps the file's bytes as they are and a map of where each
// table, key and array element sits in them. An edit is a splice of a byte
// range; everything outside it, comments and blank lines included, is
// never rewritten. The map is rebuilt by one linear scan after each edit
// (a scenario is a few thousand lines at most, fileio.MaxTOMLBytes).

// span is a byte range [a, b) of the text.
type span struct{ a, b int }

// keyVal is one key = value statement.
type keyVal struct {
	key   []string // dotted segments
	line  span     // whole lines: from the start of the key's line to past the newline ending its value's line
	val   span     // the value token
	elems []span   // an inline array's elements (nil otherwise)
	open  int      // an inline array's '[' (-1 otherwise)
	close int      // its ']'
}

// table is the root table, a [table] or one [[array.of.tables]] element.
type table struct {
	segs  []string // header key segments (nil: the root)
	array bool     // [[...]]
	path  []any    // indexed path as tomlfile.Index spells it: ("side", 1, "unit", 0)
	head  span     // the header's whole line (empty for the root)
	keys  []*keyVal
	// end is where the table's own statements end: past the newline of
	// its last key line, or of its header when it has none.
	end int
}

// layout is the scanned structure of one text.
type layout struct {
	text   []byte
	tables []*table // in file order; tables[0] is the root
	lines  []int    // byte offset of each line's start
}

// scanText maps the tables and keys of text. It assumes nothing: on text
// the decoder would refuse it still ends (each step consumes input), and
// its map is used only once the text parses.
func scanText(text []byte) *layout {
	l := &layout{text: text, lines: []int{0}}
	for i, c := range text {
		if c == '\n' {
			l.lines = append(l.lines, i+1)
		}
	}
	s := &tscan{tomlfile.Lexer{Data: text}}
	root := &table{path: []any{}}
	l.tables = append(l.tables, root)
	cur := root
	count := map[string]int{}
	for s.I < len(text) {
		s.Blank(true)
		if s.I >= len(text) {
			break
		}
		start := s.I
		if s.Data[s.I] == '[' {
			t := &table{head: span{l.lineStart(s.I), 0}}
			t.array = s.Has("[[")
			if t.array {
				s.I += 2
			} else {
				s.I++
			}
			t.segs = s.key()
			s.Blank(false)
			if t.array && s.Has("]]") {
				s.I += 2
			} else if s.Peek() == ']' {
				s.I++
			}
			t.path = indexedPath(t.segs, t.array, count)
			s.restOfLine()
			t.head.b = s.I
			t.end = s.I
			l.tables = append(l.tables, t)
			cur = t
		} else {
			kv := &keyVal{open: -1, close: -1}
			kv.line.a = l.lineStart(s.I)
			kv.key = s.key()
			s.Blank(false)
			if s.Peek() == '=' {
				s.I++
				s.Blank(false)
				kv.val.a = s.I
				s.value(kv, 0)
				kv.val.b = s.I
			} else {
				kv.val = span{s.I, s.I}
			}
			s.restOfLine()
			kv.line.b = s.I
			if len(kv.key) > 0 {
				cur.keys = append(cur.keys, kv)
				cur.end = s.I
			}
		}
		if s.I == start {
			s.I++
		}
	}
	return l
}

// indexedPath turns header segments into the path tomlfile.Index uses:
// each array of tables met on the way is followed by its current index.
// Counts are keyed by the indexed path, so the [[side.unit]] of each
// [[side]] count from 0 (as the decoder and tomlfile do).
func indexedPath(segs []string, array bool, count map[string]int) []any {
	var path []any
	for j, seg := range segs {
		path = append(path, seg)
		k := pathKey(path)
		if j == len(segs)-1 && array {
			n := count[k]
			count[k] = n + 1
			path = append(path, n)
			continue
		}
		if n := count[k]; n > 0 {
			path = append(path, n-1)
		}
	}
	return path
}

// pathKey spells a path as one string.
func pathKey(path []any) string {
	var b strings.Builder
	for _, p := range path {
		b.WriteByte(0)
		b.WriteString(anyString(p))
	}
	return b.String()
}

func anyString(p any) string {
	switch v := p.(type) {
	case string:
		return v
	case int:
		return "#" + itoa(v)
	}
	return "?"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// lineStart is the offset of the start of the line holding offset i.
func (l *layout) lineStart(i int) int {
	for i > 0 && l.text[i-1] != '\n' {
		i--
	}
	return i
}

// lineOf is the 1-based line number of offset i.
func (l *layout) lineOf(i int) int {
	lo, hi := 0, len(l.lines)
	for hi-lo > 1 {
		m := (lo + hi) / 2
		if l.lines[m] <= i {
			lo = m
		} else {
			hi = m
		}
	}
	return lo + 1
}

// find is the table at an indexed path, or nil.
func (l *layout) find(path []any) *table {
	for _, t := range l.tables {
		if samePath(t.path, path) {
			return t
		}
	}
	return nil
}

func samePath(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hasPrefix reports whether path starts with prefix.
func hasPrefix(path, prefix []any) bool {
	return len(path) >= len(prefix) && samePath(path[:len(prefix)], prefix)
}

// key is the statement of key in t, or nil.
func (t *table) key(k string) *keyVal {
	for _, kv := range t.keys {
		if len(kv.key) == 1 && kv.key[0] == k {
			return kv
		}
	}
	return nil
}

// entry is the extent of the table at path with everything under it
// (an [[side]] with its units and their bases): from the first line of
// the comment block directly above its header to past the newline of its
// last statement. Comment lines directly above the next header belong to
// that header.
func (l *layout) entry(path []any) (span, bool) {
	first := -1
	for i, t := range l.tables {
		if samePath(t.path, path) {
			first = i
			break
		}
	}
	if first <= 0 {
		return span{}, false
	}
	t := l.tables[first]
	end := t.end
	for _, u := range l.tables[first+1:] {
		if !hasPrefix(u.path, path) {
			break
		}
		end = u.end
	}
	return span{l.commentsAbove(t.head.a), end}, true
}

// commentsAbove is the start of the block of comment lines directly above
// the line starting at a (a itself when there is none).
func (l *layout) commentsAbove(a int) int {
	for a > 0 {
		p := l.lineStart(a - 1)
		if !strings.HasPrefix(strings.TrimLeft(string(l.text[p:a]), " \t"), "#") {
			break
		}
		a = p
	}
	return a
}

// blankLineBefore reports whether the line before offset a (a line start)
// is blank, and where it starts.
func (l *layout) blankLineBefore(a int) (int, bool) {
	if a == 0 {
		return 0, false
	}
	p := l.lineStart(a - 1)
	return p, strings.TrimSpace(string(l.text[p:a])) == ""
}

// tscan walks TOML text statement by statement.
type tscan struct{ tomlfile.Lexer }

// restOfLine skips to past the newline ending the current line.
func (s *tscan) restOfLine() {
	for s.I < len(s.Data) && s.Data[s.I] != '\n' {
		s.I++
	}
	if s.I < len(s.Data) {
		s.I++
	}
}

// key reads a dotted key of bare or quoted segments.
func (s *tscan) key() []string {
	return s.Key(func() string {
		j := s.I
		end, _ := fileio.SkipTOMLString(s.Data, s.I)
		s.I = end
		return unquoteKey(string(s.Data[j:end]))
	})
}

func unquoteKey(q string) string {
	if len(q) >= 2 && q[0] == q[len(q)-1] {
		if v, err := decodeString(q); err == nil {
			return v
		}
		return q[1 : len(q)-1]
	}
	return q
}

// maxNest bounds the nesting the scanner follows; deeper text (which the
// decoder refuses anyway, tomlfile.MaxDepth) is skipped to the line end.
const maxNest = 32

// value skips one value; for an inline array at the top of a key's value
// it records the elements in kv (kv nil below the top).
func (s *tscan) value(kv *keyVal, depth int) {
	if depth > maxNest {
		for s.I < len(s.Data) && s.Data[s.I] != '\n' {
			s.I++
		}
		return
	}
	switch s.Peek() {
	case '"', '\'':
		s.I, _ = fileio.SkipTOMLString(s.Data, s.I)
	case '[':
		if kv != nil {
			kv.open = s.I
		}
		s.I++
		for s.I < len(s.Data) {
			s.Blank(true)
			switch s.Peek() {
			case ']':
				if kv != nil {
					kv.close = s.I
				}
				s.I++
				return
			case ',':
				s.I++
				continue
			case 0:
				return
			}
			start := s.I
			s.value(nil, depth+1)
			if s.I == start {
				s.I++
				continue
			}
			if kv != nil {
				kv.elems = append(kv.elems, span{start, s.I})
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
			case ',', '=':
				s.I++
				continue
			case 0:
				return
			}
			start := s.I
			if tomlfile.Bare(s.Peek()) || s.Peek() == '"' || s.Peek() == '\'' {
				s.key()
				s.Blank(false)
				if s.Peek() == '=' {
					s.I++
					s.Blank(false)
					s.value(nil, depth+1)
				}
			} else {
				s.value(nil, depth+1)
			}
			if s.I == start {
				s.I++
			}
		}
	default:
		// A number, boolean or date: up to the next delimiter.
		for s.I < len(s.Data) {
			switch s.Data[s.I] {
			case ',', ']', '}', '\n', '#', '\r':
				return
			case ' ', '\t':
				// a date-time may hold one space: "1979-05-27 07:32:00"
				if j := s.I + 1; j < len(s.Data) && s.Data[j] >= '0' && s.Data[j] <= '9' && s.I > 0 && s.Data[s.I-1] >= '0' && s.Data[s.I-1] <= '9' {
					s.I++
					continue
				}
				return
			}
			s.I++
		}
	}
}
