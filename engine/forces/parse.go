package forces

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"khamsin/assets"
	"khamsin/engine/internal/tomlfile"
	"khamsin/engine/move"
)

// Load returns the embedded catalogue (assets/catalogue/*.toml), parsed
// and linted once. The catalogue is shared: callers must not change it.
// Safe for concurrent use.
func Load() (*Catalogue, error) { return loadOnce() }

var loadOnce = sync.OnceValues(func() (*Catalogue, error) {
	return ParseFS(assets.Catalogue, "catalogue")
})

// Parse reads and lints one catalogue file on its own: every weapon its
// types name must be in the same file. Errors read `file:line: message`,
// one per line, the first few dozen of them.
func Parse(file string, data []byte) (*Catalogue, error) {
	p := newParser()
	p.file(file, data)
	return p.finish()
}

// ParseFS reads every *.toml file in dir of fsys, in name order, as one
// catalogue: a type may name a weapon of another file, and IDs are unique
// across all of them.
func ParseFS(fsys fs.FS, dir string) (*Catalogue, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	p := newParser()
	n := 0
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") {
			continue
		}
		name := dir + "/" + e.Name()
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("catalogue: %w", err)
		}
		p.file("assets/"+name, data)
		n++
	}
	if n == 0 {
		return nil, fmt.Errorf("catalogue: no .toml files in %s", dir)
	}
	return p.finish()
}

// maxErrors caps how many lint messages one parse returns.
const maxErrors = 40

type lintError struct {
	file string
	line int
	msg  string
}

type parser struct {
	cat  *Catalogue
	errs []lintError
	// refs are the weapon IDs types name, checked once every file is read.
	refs []weaponRef
	// where each ID was first defined, for the duplicate message.
	typeAt, weaponAt, hcAt, mgAt map[string]string
}

type weaponRef struct {
	t    *BaseType
	id   string
	line int
}

func newParser() *parser {
	return &parser{
		cat:    &Catalogue{Weapons: map[string]*Weapon{}, Types: map[string]*BaseType{}, Aircraft: map[string]*Aircraft{}},
		typeAt: map[string]string{}, weaponAt: map[string]string{}, hcAt: map[string]string{}, mgAt: map[string]string{},
	}
}

func (p *parser) errorf(file string, line int, format string, args ...any) {
	p.errs = append(p.errs, lintError{file, line, fmt.Sprintf(format, args...)})
}

func (p *parser) finish() (*Catalogue, error) {
	for _, r := range p.refs {
		if _, ok := p.cat.Weapons[r.id]; !ok {
			p.errorf(r.t.File, r.line, "type %s: unknown weapon %q", r.t.ID, r.id)
		}
	}
	if len(p.errs) == 0 {
		p.crossCheck()
	}
	if len(p.errs) > 0 {
		slices.SortStableFunc(p.errs, func(a, b lintError) int {
			return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line))
		})
		var msgs []string
		for i, e := range p.errs {
			if i == maxErrors {
				msgs = append(msgs, fmt.Sprintf("%s:%d: … and %d more errors", e.file, e.line, len(p.errs)-maxErrors))
				break
			}
			msgs = append(msgs, fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg))
		}
		return nil, errors.New(strings.Join(msgs, "\n"))
	}
	return p.cat, nil
}

// crossCheck lints what needs the whole catalogue: vehicle MGs against the
// MG table, HC weapons against the HC table.
func (p *parser) crossCheck() {
	ids := make([]string, 0, len(p.cat.Weapons))
	for id := range p.cat.Weapons {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		w := p.cat.Weapons[id]
		if w.Mount != "" {
			r, ok := p.cat.MGRange(w.Mount)
			switch {
			case !ok && len(p.cat.VehicleMG) > 0:
				p.errorf(w.File, w.mountLine, "weapon %s: mount %q is not a row of the vehicle MG table", id, w.Mount)
			case ok && r != w.RangeCM:
				p.errorf(w.File, w.rangeLine, "weapon %s: range %d cm, but the vehicle MG table gives a %s mount %d cm", id, w.RangeCM, w.Mount, r)
			}
		}
		if w.HCRow != "" {
			r, ok := p.cat.HCFor(w.HCRow)
			switch {
			case !ok && len(p.cat.HC) > 0:
				p.errorf(w.File, w.hcLine, "weapon %s: hc %q is not a row of the HC weapons table", id, w.HCRow)
			case ok && r.RangeCM != 0 && r.RangeCM != w.RangeCM:
				p.errorf(w.File, w.rangeLine, "weapon %s: range %d cm, but the HC weapons table gives %s %d cm", id, w.RangeCM, r.Weapon, r.RangeCM)
			}
		}
	}
}

// file reads one file's entries into the catalogue.
func (p *parser) file(file string, data []byte) {
	if err := checkBounds(file, data, MaxBytes, MaxDepth); err != nil {
		p.errs = append(p.errs, splitLine(file, err))
		return
	}
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			p.errorf(file, max(pe.Position.Line, 1), "%s", firstLine(pe.Message))
		} else {
			p.errorf(file, 1, "%s", firstLine(err.Error()))
		}
		return
	}
	x := indexLines(data)
	for _, k := range sortedKeys(doc, func(k string) int { return x.line(k, -1, "") }) {
		tables, ok := doc[k].([]map[string]any)
		if !sections[k] {
			p.errorf(file, x.line(k, -1, ""), "unknown key %q: a catalogue file holds [[type]], [[weapon]], [[hc]], [[vehicle_mg]] and [[aircraft]] entries", k)
			continue
		}
		if !ok {
			p.errorf(file, x.line(k, -1, ""), "%s: expected [[%s]] entries, found %s", k, k, tomlfile.TypeName(doc[k]))
			continue
		}
		for i, m := range tables {
			e := &entry{p: p, file: file, sec: k, idx: i, m: m, x: x, bad: map[string]bool{}}
			switch k {
			case "type":
				p.baseType(e)
			case "weapon":
				p.weapon(e)
			case "hc":
				p.hcRow(e)
			case "vehicle_mg":
				p.mgRow(e)
			case "aircraft":
				p.aircraft(e)
			}
			e.unknown()
		}
	}
}

// splitLine turns "file:line: message" (or "file: message") back into its
// parts.
func splitLine(file string, err error) lintError {
	msg := err.Error()
	if i := strings.Index(msg, ": "); i >= 0 {
		where := msg[:i]
		msg = msg[i+2:]
		if j := strings.LastIndexByte(where, ':'); j >= 0 {
			if n, convErr := strconv.Atoi(where[j+1:]); convErr == nil && n > 0 {
				return lintError{file, n, msg}
			}
		}
	}
	return lintError{file, 1, msg}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

func sortedKeys(m map[string]any, line func(string) int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		li, lj := line(keys[i]), line(keys[j])
		if li != lj {
			return li < lj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// entry reads the keys of one [[section]] entry and remembers which it read.
type entry struct {
	p    *parser
	file string
	sec  string
	idx  int
	m    map[string]any
	x    *lineIndex
	used []string
	id   string          // for messages, once read
	bad  map[string]bool // keys already reported, so one mistake gives one message
}

func (e *entry) line(key string) int { return e.x.line(e.sec, e.idx, key) }

func (e *entry) errorf(key, format string, args ...any) {
	e.bad[key] = true
	what := e.sec
	if e.id != "" {
		what += " " + e.id
	}
	e.p.errorf(e.file, e.line(key), "%s: %s", what, fmt.Sprintf(format, args...))
}

func (e *entry) has(key string) bool {
	_, ok := e.m[key]
	return ok
}

func (e *entry) get(key string) (any, bool) {
	e.used = append(e.used, key)
	v, ok := e.m[key]
	return v, ok
}

// str reads a string key; required ones must be present and non-empty.
func (e *entry) str(key string, required bool) string {
	v, ok := e.get(key)
	if !ok {
		if required {
			e.errorf("", "needs %s = \"…\"", key)
		}
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		e.errorf(key, "%s: expected a string, found %s", key, tomlfile.TypeName(v))
		return ""
	}
	if required && s == "" {
		e.errorf(key, "%s: must not be empty", key)
	}
	if len(s) > 400 {
		e.errorf(key, "%s: longer than 400 characters", key)
		return s[:0]
	}
	return s
}

// num reads an integer key in lo..hi; absent is def.
func (e *entry) num(key string, lo, hi, def int) int {
	v, ok := e.get(key)
	if !ok {
		return def
	}
	n, isInt := v.(int64)
	if !isInt || n < int64(lo) || n > int64(hi) {
		found := tomlfile.TypeName(v)
		if isInt {
			found = fmt.Sprint(n)
		}
		e.errorf(key, "%s: expected an integer from %d to %d, found %s", key, lo, hi, found)
		return def
	}
	return int(n)
}

func (e *entry) boolean(key string) bool {
	v, ok := e.get(key)
	if !ok {
		return false
	}
	b, isBool := v.(bool)
	if !isBool {
		e.errorf(key, "%s: expected true or false, found %s", key, tomlfile.TypeName(v))
	}
	return b
}

func (e *entry) strs(key string) []string {
	v, ok := e.get(key)
	if !ok {
		return nil
	}
	arr, isArr := v.([]any)
	if !isArr {
		e.errorf(key, "%s: expected an array of strings, found %s", key, tomlfile.TypeName(v))
		return nil
	}
	if len(arr) > 12 {
		e.errorf(key, "%s: at most 12 entries, found %d", key, len(arr))
		return nil
	}
	out := make([]string, 0, len(arr))
	for _, a := range arr {
		s, isStr := a.(string)
		if !isStr {
			e.errorf(key, "%s: expected an array of strings, found %s in it", key, tomlfile.TypeName(a))
			return nil
		}
		out = append(out, s)
	}
	return out
}

// mp reads an MF/MP allotment: a whole or half number from 0 to 60.
func (e *entry) mp(key string) (move.MP, bool) {
	v, ok := e.get(key)
	if !ok {
		return 0, false
	}
	var f float64
	switch n := v.(type) {
	case int64:
		f = float64(n)
	case float64:
		f = n
	default:
		e.errorf(key, "%s: expected a number such as 13 or 8.5, found %s", key, tomlfile.TypeName(v))
		return 0, false
	}
	if f < 0 || f > 60 || f*2 != math.Trunc(f*2) {
		e.errorf(key, "%s: expected a whole or half number from 0 to 60, found %v", key, f)
		return 0, false
	}
	return move.MP(f * 2), true
}

// enum reads a string key through parse.
func enumKey[E any](e *entry, key string, required bool, parse func(string) (E, error)) (E, bool) {
	var zero E
	if !e.has(key) {
		e.used = append(e.used, key)
		if required {
			e.errorf("", "needs %s = \"…\"", key)
		}
		return zero, false
	}
	s := e.str(key, required)
	if s == "" {
		return zero, false
	}
	v, err := parse(s)
	if err != nil {
		if strings.HasPrefix(err.Error(), key+" ") {
			e.errorf(key, "%v", err)
		} else {
			e.errorf(key, "%s: %v", key, err)
		}
		return zero, false
	}
	return v, true
}

// unknown reports every key the entry has that nothing read.
func (e *entry) unknown() {
	var extra []string
	for k := range e.m {
		if !slices.Contains(e.used, k) {
			extra = append(extra, k)
		}
	}
	sort.Slice(extra, func(i, j int) bool { return e.line(extra[i]) < e.line(extra[j]) })
	for _, k := range extra {
		e.errorf(k, "unknown key %q", k)
	}
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,47}$`)

// readID reads the entry's id and checks it is new.
func (e *entry) readID(seen map[string]string) string {
	id := e.str("id", true)
	if id == "" {
		return ""
	}
	if !idPattern.MatchString(id) {
		e.errorf("id", "id %q: use lower-case letters, digits and '-', at most 48", id)
		return ""
	}
	e.id = id
	where := fmt.Sprintf("%s:%d", e.file, e.line(""))
	if prev, dup := seen[id]; dup {
		e.errorf("id", "duplicate id (first defined at %s)", prev)
		return ""
	}
	seen[id] = where
	return id
}
