package tomlfile

// Lexer is the byte cursor the project's two TOML scanners walk: the line
// index here (Lines) and the designer's line-preserving document
// (engine/design). Both need the same blanks, comments and bare keys;
// what they record differs.
type Lexer struct {
	Data []byte
	I    int // the next byte
	Line int // the line of the next byte, counted by Blank from its start value
}

// Peek is the next byte, 0 at the end.
func (s *Lexer) Peek() byte {
	if s.I < len(s.Data) {
		return s.Data[s.I]
	}
	return 0
}

// Has reports whether the text goes on with p.
func (s *Lexer) Has(p string) bool {
	return len(s.Data)-s.I >= len(p) && string(s.Data[s.I:s.I+len(p)]) == p
}

// Blank skips spaces and tabs; with nl also newlines and comments.
func (s *Lexer) Blank(nl bool) {
	for s.I < len(s.Data) {
		switch c := s.Data[s.I]; {
		case c == ' ' || c == '\t' || c == '\r':
			s.I++
		case nl && c == '\n':
			s.Line++
			s.I++
		case nl && c == '#':
			s.ToEOL()
		default:
			return
		}
	}
}

// ToEOL skips to the newline ending the current line (not past it).
func (s *Lexer) ToEOL() {
	for s.I < len(s.Data) && s.Data[s.I] != '\n' {
		s.I++
	}
}

// Key reads a dotted key of bare or quoted segments; quoted reads one
// quoted segment from its opening quote (the two scanners decode quoted
// keys each their own way).
func (s *Lexer) Key(quoted func() string) []string {
	var segs []string
	for {
		s.Blank(false)
		c := s.Peek()
		switch {
		case c == '"' || c == '\'':
			segs = append(segs, quoted())
		case Bare(c):
			j := s.I
			for s.I < len(s.Data) && Bare(s.Data[s.I]) {
				s.I++
			}
			segs = append(segs, string(s.Data[j:s.I]))
		default:
			return segs
		}
		s.Blank(false)
		if s.Peek() != '.' {
			return segs
		}
		s.I++
	}
}

// Bare reports whether c may stand in a bare key.
func Bare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}
