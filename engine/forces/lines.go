package forces

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"khamsin/engine/fileio"
)

// The TOML decoder tells where a syntax error is but not where a key is.
// The small scanner here reads the text once and records the line of every
// [[section]] header and of every `key =` inside it, skipping comments and
// multi-line strings, so a lint message points at the real line of the
// offending entry or key (a comment or a string that mentions the key never
// matches).

// entryLines is where one [[section]] entry and its keys are.
type entryLines struct {
	header int
	keys   map[string]int
}

// lineIndex is the scanner's answer for one file.
type lineIndex struct {
	top     map[string]int          // top-level keys and [table] headers
	entries map[string][]entryLines // "type" → one per [[type]], in order
}

// line returns the line of key in the idx-th entry of sec; the entry's
// header if the key is not there; the section's first mention, or 1.
func (x *lineIndex) line(sec string, idx int, key string) int {
	if es := x.entries[sec]; idx >= 0 && idx < len(es) {
		if key != "" {
			if l, ok := es[idx].keys[key]; ok {
				return l
			}
		}
		return es[idx].header
	}
	if l, ok := x.top[sec]; ok {
		return l
	}
	return 1
}

// sections are the array-of-tables names a catalogue file may use.
var sections = map[string]bool{"type": true, "weapon": true, "hc": true, "vehicle_mg": true, "aircraft": true}

func indexLines(data []byte) *lineIndex {
	x := &lineIndex{top: map[string]int{}, entries: map[string][]entryLines{}}
	current := "" // the [[section]] being read, "" at top level or in another table
	inML := ""    // the closing delimiter of a multi-line string being skipped
	for n, raw := range bytes.Split(data, []byte("\n")) {
		ln := n + 1
		s := string(raw)
		if inML != "" {
			if i := strings.Index(s, inML); i >= 0 {
				inML = ""
			}
			continue
		}
		t := strings.TrimLeft(s, " \t")
		if t == "" || t[0] == '#' {
			continue
		}
		if t[0] == '[' {
			double := strings.HasPrefix(t, "[[")
			name := strings.TrimLeft(t, "[")
			if i := strings.Index(name, "]"); i >= 0 {
				name = name[:i]
			}
			segs := splitDotted(name)
			if len(segs) == 0 {
				continue
			}
			switch {
			case len(segs) == 1 && double && sections[segs[0]]:
				current = segs[0]
				x.entries[current] = append(x.entries[current], entryLines{header: ln, keys: map[string]int{}})
			case len(segs) > 1 && segs[0] == current:
				es := x.entries[current]
				if _, ok := es[len(es)-1].keys[segs[1]]; !ok {
					es[len(es)-1].keys[segs[1]] = ln
				}
			default:
				current = ""
				if _, ok := x.top[segs[0]]; !ok {
					x.top[segs[0]] = ln
				}
			}
			continue
		}
		key, rest, ok := keyAt(t)
		if !ok {
			continue
		}
		if current != "" {
			es := x.entries[current]
			es[len(es)-1].keys[key] = ln
		} else if _, seen := x.top[key]; !seen {
			x.top[key] = ln
		}
		for _, d := range []string{`"""`, `'''`} {
			if i := strings.Index(rest, d); i >= 0 && !strings.Contains(rest[i+3:], d) {
				inML = d
				break
			}
		}
	}
	return x
}

// keyAt reads `key =` (or `"key" =`, or `a.b =`) at the start of t and
// returns the key's first segment and the text after '='.
func keyAt(t string) (key, rest string, ok bool) {
	i := 0
	for i < len(t) && t[i] != '=' {
		switch t[i] {
		case '"', '\'':
			j := strings.IndexByte(t[i+1:], t[i])
			if j < 0 {
				return "", "", false
			}
			i += j + 2
			continue
		case '[', '{', ',', '#', ']', '}':
			return "", "", false
		}
		i++
	}
	if i >= len(t) {
		return "", "", false
	}
	segs := splitDotted(t[:i])
	if len(segs) == 0 {
		return "", "", false
	}
	return segs[0], t[i+1:], true
}

// splitDotted splits a TOML key path into unquoted segments.
func splitDotted(s string) []string {
	var out []string
	var cur strings.Builder
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '.':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		case c == ' ' || c == '\t':
		default:
			cur.WriteByte(c)
		}
	}
	if t := strings.TrimSpace(cur.String()); t != "" || len(out) > 0 {
		out = append(out, t)
	}
	return out
}

// MaxBytes and MaxDepth bound a catalogue file before it reaches the TOML
// decoder, whose time grows with the square of the nesting depth. The
// shipped files nest 3 levels ([[type]] and its weapons array).
const (
	MaxBytes = 1 << 20
	MaxDepth = 8
)

// checkBounds refuses input the decoder should never see: more than
// maxBytes or nesting deeper than maxDepth (engine/fileio.CheckTOML), and
// text that is not UTF-8 or holds NUL bytes. Linear in the input.
func checkBounds(file string, data []byte, maxBytes, maxDepth int) error {
	if err := fileio.CheckTOML(file, data, maxBytes, maxDepth); err != nil {
		return err
	}
	line := 1
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == 0:
			return fmt.Errorf("%s:%d: not a text file (a NUL byte)", file, line)
		case c == '\n':
			line++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Errorf("%s:%d: not UTF-8 text", file, line)
			}
			i += size
			continue
		}
		i++
	}
	return nil
}
