package hexmap

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A sheet is what a board or overlay file says, before it is placed: terrain
// for named local hexes and features for named local hexsides. Board and
// overlay files share this statement grammar (docs/formats.md).
type sheet struct {
	file   string
	kind   string // "board" or "overlay"
	id     string
	name   string
	hexes  map[Local]*sheetHex
	sides  map[sideKey]SideFlags
	one    Local
	two    Local
	hasOne bool
	hasTwo bool
	abs    bool
	boards []string
	fixed  string
	lines  map[string]int // where each header statement was, for errors
}

type sheetHex struct {
	t        Terrain
	hasCover bool
	hasLevel bool
	line     int
}

// sideKey names a hexside by a hex and one of the three directions N, NE, SE;
// the other three sides of a hex belong to its neighbours.
type sideKey struct {
	At  Local
	Dir Dir
}

// sideBetween normalises the hexside between adjacent local hexes a and b.
func sideBetween(a, b Local) (sideKey, bool) {
	d, ok := a.Axial().DirTo(b.Axial())
	if !ok {
		return sideKey{}, false
	}
	if d < 3 {
		return sideKey{a, d}, true
	}
	return sideKey{b, d - 3}, true
}

// Hexes returns the two hexes of a sideKey, the owning one first.
func (k sideKey) hexes() (Local, Local) {
	return k.At, LocalOf(k.At.Axial().Neighbor(k.Dir))
}

func (k sideKey) String() string {
	a, b := k.hexes()
	return a.String() + "-" + b.String()
}

var coverWords = func() map[string]Cover {
	m := map[string]Cover{}
	for c := Cover(0); c < numCovers; c++ {
		m[c.String()] = c
	}
	// derived covers are produced by SSR variants, never written in files
	delete(m, BrokenGround.String())
	delete(m, CactusPatch.String())
	delete(m, OliveGrove.String())
	return m
}()

var hexFlagWords = map[string]HexFlags{
	"scrub": Scrub, "hammada": Hammada, "sand": Sand, "wadi": Wadi, "deir": Deir,
	"lip": Lip | Deir, "hillock": Hillock, "summit": Summit | Hillock, "road": Road,
	"paved": Paved | Road, "bridge": Bridge, "end": WadiEnd, "half-desert": HalfDesert,
}

var sideFlagWords = map[string]SideFlags{
	"wadi": SideWadi, "cliff": SideCliff, "lip": SideLip, "crest": SideCrest,
	"wall": SideWall, "hedge": SideHedge, "road": SideRoad, "paved": SidePaved | SideRoad,
}

// parseError is a file:line: message error.
type parseError struct {
	File string
	Line int
	Msg  string
}

func (e *parseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Limits on board and overlay files, checked before any parsing: the
// largest shipped board is about 11 KB with lines under 100 characters, and
// files are swapped between players, so a hostile 10 MB line must be
// refused at once rather than parsed.
const (
	MaxSheetBytes = 1 << 20 // a board or overlay file
	MaxLineBytes  = 1024    // one line of it
)

// parseSheet reads a board or overlay file. kind is "board", "overlay" or ""
// (either, decided by the first statement).
func parseSheet(file string, data []byte, kind string) (*sheet, error) {
	s := &sheet{file: file, hexes: map[Local]*sheetHex{}, sides: map[sideKey]SideFlags{}, lines: map[string]int{}}
	fail := func(line int, format string, args ...any) error {
		return &parseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > MaxSheetBytes {
		return nil, fail(1, "file is %d bytes; the limit is %d", len(data), MaxSheetBytes)
	}
	text := string(data)
	if strings.ContainsRune(text, 0) {
		return nil, fail(1, "file holds a NUL byte: not a text file")
	}
	for i, raw := range strings.Split(text, "\n") {
		ln := i + 1
		if len(raw) > MaxLineBytes {
			return nil, fail(ln, "line is %d bytes long; the limit is %d", len(raw), MaxLineBytes)
		}
		line := raw
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" {
			continue
		}
		if s.kind == "" {
			word, rest, _ := strings.Cut(line, " ")
			rest = strings.TrimSpace(rest)
			if word != "board" && word != "overlay" {
				want := "board NN or overlay ID"
				if kind != "" {
					want = kind + " …"
				}
				return nil, fail(ln, "the first statement must be %q", want)
			}
			if kind != "" && word != kind {
				return nil, fail(ln, "this is a %s file; expected a %s file", word, kind)
			}
			if err := checkID(word, rest); err != nil {
				return nil, fail(ln, "%v", err)
			}
			s.kind, s.id = word, rest
			continue
		}
		if colon := strings.IndexByte(line, ':'); colon >= 0 && !strings.HasPrefix(line, "name ") {
			if err := s.statement(line[:colon], line[colon+1:], ln); err != nil {
				return nil, fail(ln, "%v", err)
			}
			continue
		}
		if err := s.header(line, ln); err != nil {
			return nil, fail(ln, "%v", err)
		}
	}
	if s.kind == "" {
		return nil, fail(1, "empty file: expected a board or overlay statement")
	}
	if s.kind == "overlay" {
		if !s.hasOne {
			return nil, fail(1, "overlay %s: missing `one HEX` (the hex under the printed 1)", s.id)
		}
		if _, ok := s.hexes[s.one]; !ok {
			return nil, fail(s.lines["one"], "hex %s under the 1 is not part of the overlay", s.one)
		}
		if s.hasTwo {
			if _, ok := s.hexes[s.two]; !ok {
				return nil, fail(s.lines["two"], "hex %s under the 2 is not part of the overlay", s.two)
			}
			if _, ok := sideBetween(s.one, s.two); !ok {
				return nil, fail(s.lines["two"], "hexes %s (1) and %s (2) are not adjacent", s.one, s.two)
			}
		} else if len(s.hexes) > 1 {
			return nil, fail(1, "overlay %s has %d hexes: a multi-hex overlay needs `two HEX`", s.id, len(s.hexes))
		}
		for _, k := range s.sortedSides() {
			a, b := k.hexes()
			_, inA := s.hexes[a]
			_, inB := s.hexes[b]
			if !inA && !inB {
				return nil, fail(1, "hexside %s touches no hex of the overlay", k)
			}
		}
	}
	return s, nil
}

func checkID(kind, id string) error {
	if id == "" {
		return fmt.Errorf("%s statement needs an ID", kind)
	}
	if kind == "board" {
		for _, c := range id {
			if c < '0' || c > '9' {
				return fmt.Errorf("board ID %q must be a number (e.g. 25)", id)
			}
		}
		if len(id) > 3 {
			return fmt.Errorf("board ID %q is too long", id)
		}
		return nil
	}
	if len(id) > 8 {
		return fmt.Errorf("overlay ID %q is too long", id)
	}
	for _, c := range id {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return fmt.Errorf("overlay ID %q: use capital letters and digits (e.g. H1, SD4)", id)
		}
	}
	return nil
}

func (s *sheet) parseLocal(word string) (Local, error) {
	if s.kind == "board" {
		return ParseBoardLocal(word)
	}
	l, err := ParseLocal(word)
	if err != nil {
		return l, err
	}
	if l.Col > 25 || l.N > 20 {
		return l, fmt.Errorf("overlay hex %q: overlays use hexrows A–Z and numbers 0–20", word)
	}
	if l.Col%2 == 0 && l.N == 0 {
		return l, fmt.Errorf("overlay hex %q: hexrow %s starts at 1", word, ColName(l.Col))
	}
	return l, nil
}

func (s *sheet) header(line string, ln int) error {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if prev, dup := s.lines[word]; dup && word != "" {
		return fmt.Errorf("%q given twice (first on line %d)", word, prev)
	}
	s.lines[word] = ln
	switch word {
	case "name":
		if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
			return fmt.Errorf("name must be in double quotes: name \"Djebel\"")
		}
		name := rest[1 : len(rest)-1]
		// Issue 17: a name is shown in the window and printed on a
		// terminal; it must be text, without control characters.
		if !utf8.ValidString(name) {
			return fmt.Errorf("name is not valid UTF-8 text")
		}
		if i := strings.IndexFunc(name, unicode.IsControl); i >= 0 {
			return fmt.Errorf("name holds a control character (%U)", []rune(name[i:])[0])
		}
		s.name = name
		return nil
	case "board", "overlay":
		return fmt.Errorf("%q may only be the first statement", word)
	}
	if s.kind != "overlay" {
		return fmt.Errorf("unknown statement %q (expected `HEXES: TOKENS` or `name \"…\"`)", line)
	}
	switch word {
	case "one", "two":
		l, err := s.parseLocal(rest)
		if err != nil {
			return err
		}
		if word == "one" {
			s.one, s.hasOne = l, true
		} else {
			s.two, s.hasTwo = l, true
		}
	case "levels":
		if rest != "absolute" && rest != "relative" {
			return fmt.Errorf("levels must be `absolute` or `relative`, not %q", rest)
		}
		s.abs = rest == "absolute"
	case "boards":
		for _, b := range strings.Fields(rest) {
			if err := checkID("board", b); err != nil {
				return err
			}
			s.boards = append(s.boards, b)
		}
		if len(s.boards) == 0 {
			return fmt.Errorf("boards needs at least one board number")
		}
	case "fixed":
		if _, _, err := ParsePlacementHexes(rest); err != nil {
			return err
		}
		s.fixed = rest
	default:
		return fmt.Errorf("unknown statement %q", line)
	}
	return nil
}

// statement applies "TARGETS: TOKENS".
func (s *sheet) statement(targets, tokens string, ln int) error {
	words := strings.Fields(targets)
	if len(words) == 0 {
		return fmt.Errorf("no hexes or hexsides before ':'")
	}
	toks := strings.Fields(tokens)
	if len(toks) == 0 {
		return fmt.Errorf("nothing after ':' for %s", strings.TrimSpace(targets))
	}
	var hexes []Local
	var sides []sideKey
	for _, w := range words {
		switch {
		case strings.Contains(w, ".."):
			from, to, _ := strings.Cut(w, "..")
			a, err := s.parseLocal(from)
			if err != nil {
				return err
			}
			b, err := s.parseLocal(to)
			if err != nil {
				return err
			}
			if a.Col != b.Col || a.N > b.N {
				return fmt.Errorf("run %s: both ends must be in one hexrow, low number first", w)
			}
			for n := a.N; n <= b.N; n++ {
				hexes = append(hexes, Local{a.Col, n})
			}
		case strings.Contains(w, "-"):
			x, y, _ := strings.Cut(w, "-")
			a, err := s.parseLocal(x)
			if err != nil {
				return err
			}
			b, err := s.parseLocal(y)
			if err != nil {
				return err
			}
			k, ok := sideBetween(a, b)
			if !ok {
				return fmt.Errorf("hexside %s: %s and %s are not adjacent", w, a, b)
			}
			sides = append(sides, k)
		default:
			l, err := s.parseLocal(w)
			if err != nil {
				return err
			}
			hexes = append(hexes, l)
		}
	}
	if len(hexes) > 0 && len(sides) > 0 {
		return fmt.Errorf("a statement names hexes or hexsides, not both")
	}
	if len(sides) > 0 {
		var f SideFlags
		for _, t := range toks {
			v, ok := sideFlagWords[t]
			if !ok {
				return fmt.Errorf("unknown hexside feature %q (known: wadi cliff lip crest wall hedge road paved)", t)
			}
			f |= v
		}
		for _, k := range sides {
			s.sides[k] |= f
		}
		return nil
	}
	// Parse the tokens once, then apply them to every hex.
	var cover Cover
	hasCover, hasLevel := false, false
	var flags HexFlags
	level := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t == "level" {
			if i+1 >= len(toks) {
				return fmt.Errorf("`level` needs a value, e.g. level 1 or level 0.5")
			}
			if hasLevel {
				return fmt.Errorf("level given twice")
			}
			v, err := parseLevel(toks[i+1])
			if err != nil {
				return err
			}
			level, hasLevel = v, true
			i++
			continue
		}
		if c, ok := coverWords[t]; ok {
			if hasCover && c != cover {
				return fmt.Errorf("two covers %s and %s: a hex has one", cover, c)
			}
			cover, hasCover = c, true
			continue
		}
		if f, ok := hexFlagWords[t]; ok {
			flags |= f
			continue
		}
		return fmt.Errorf("unknown hex terrain %q (see docs/formats.md)", t)
	}
	if flags&WadiEnd != 0 && s.kind != "overlay" {
		return fmt.Errorf("`end` marks wadi end-hexes of overlays only")
	}
	for _, l := range hexes {
		h := s.hexes[l]
		if h == nil {
			h = &sheetHex{line: ln}
			s.hexes[l] = h
		}
		if hasCover {
			if h.hasCover && h.t.Cover != cover {
				return fmt.Errorf("hex %s already has cover %s (line %d); a hex has one cover", l, h.t.Cover, h.line)
			}
			h.t.Cover, h.hasCover = cover, true
		}
		if hasLevel {
			if h.hasLevel && h.t.Base != level {
				return fmt.Errorf("hex %s already has level %s", l, FormatLevel(h.t.Base))
			}
			h.t.Base, h.hasLevel = level, true
		}
		h.t.Flags |= flags
	}
	return nil
}

func (s *sheet) sortedHexes() []Local {
	out := make([]Local, 0, len(s.hexes))
	for l := range s.hexes {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Col != out[j].Col {
			return out[i].Col < out[j].Col
		}
		return out[i].N < out[j].N
	})
	return out
}

func (s *sheet) sortedSides() []sideKey {
	out := make([]sideKey, 0, len(s.sides))
	for k := range s.sides {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.At != b.At {
			if a.At.Col != b.At.Col {
				return a.At.Col < b.At.Col
			}
			return a.At.N < b.At.N
		}
		return a.Dir < b.Dir
	})
	return out
}
