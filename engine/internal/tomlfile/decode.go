// Package tomlfile reads the TOML files Khamsin is given (scenarios, the
// unit catalogue) safely and with errors that point at the real line:
//
//   - input is bounded before any decoder sees it (engine/fileio.CheckTOML:
//     size and nesting depth, since the decoder's cost grows with the square
//     of the depth);
//   - syntax errors are reported at the decoder's line;
//   - a value of the wrong type, and a key the target does not know, are
//     reported at the line of that key, in our words: "turns: expected an
//     integer, got a string"; "unknown key "colour" in [map] (known: …)";
//   - the Index it returns gives the line of any key or array element by
//     its path, so later validation can say file:line too.
package tomlfile

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"khamsin/engine/fileio"
)

// MaxBytes and MaxDepth bound every file Decode reads.
const (
	MaxBytes = 1 << 20
	MaxDepth = 8
)

// maxErrors caps the type and unknown-key errors reported at once.
const maxErrors = 20

// Decode decodes data (the text of file) into v, a pointer to a struct or
// map, and indexes its lines. Errors read "file:line: message"; type and
// unknown-key errors are all reported (up to 20, in line order, joined
// with errors.Join so each prints on its own line).
func Decode(file string, data []byte, v any) (*Index, error) {
	if err := fileio.CheckTOML(file, data, MaxBytes, MaxDepth); err != nil {
		return nil, withLine(file, err)
	}
	if err := textOnly(file, data); err != nil {
		return nil, err
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, fmt.Errorf("%s:1: tomlfile.Decode needs a non-nil pointer, not %T", file, v)
	}
	text := string(data)
	// The usual case, a good file, costs one decode. Anything else is
	// decoded again without a target, to tell syntax from type errors and
	// to find each wrong key's line.
	md, err := toml.Decode(text, v)
	if err == nil && len(md.Undecoded()) == 0 {
		return NewIndex(data), nil
	}
	var generic map[string]any
	if _, gerr := toml.Decode(text, &generic); gerr != nil {
		return nil, decodeError(file, data, gerr)
	}
	ix := NewIndex(data)
	c := checker{file: file, ix: ix}
	c.value(rv.Type().Elem(), generic, nil)
	if len(c.errs) > 0 {
		sort.SliceStable(c.errs, func(i, j int) bool { return c.errs[i].line < c.errs[j].line })
		errs := make([]error, 0, len(c.errs))
		for i, e := range c.errs {
			if i == maxErrors {
				errs = append(errs, fmt.Errorf("%s:%d: … and %d more", file, e.line, len(c.errs)-maxErrors))
				break
			}
			errs = append(errs, fmt.Errorf("%s:%d: %s", file, e.line, e.msg))
		}
		return ix, errors.Join(errs...)
	}
	if err != nil {
		// A case the checker does not know (a TextUnmarshaler refusing
		// its text): the decoder's words, at the key's line if it says.
		return ix, decodeError(file, data, err)
	}
	k := md.Undecoded()[0]
	return ix, fmt.Errorf("%s:%d: unknown key %q", file, ix.Line(keyPath(k)...), k.String())
}

func keyPath(k toml.Key) []any {
	out := make([]any, len(k))
	for i, s := range k {
		out[i] = s
	}
	return out
}

// withLine gives a message without a line (the size limit) line 1.
func withLine(file string, err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, fileio.Clip(file, fileio.PathClip)+":"); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if _, e := strconv.Atoi(rest[:i]); e == nil {
				return err
			}
		}
		return fmt.Errorf("%s:1:%s", file, rest)
	}
	return err
}

// decodeError reports the decoder's error at its line. The line is
// counted from the error's byte offset, which puts a complaint about a
// newline on the line that newline ends (the decoder says the next one).
func decodeError(file string, data []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line := max(pe.Position.Line, 1)
		if s := pe.Position.Start; s >= 0 && s < len(data) {
			line = 1 + bytes.Count(data[:s], []byte{'\n'})
		}
		return fmt.Errorf("%s:%d: %s", file, line, firstLine(pe.Message))
	}
	return fmt.Errorf("%s:1: %s", file, strings.TrimPrefix(firstLine(err.Error()), "toml: "))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// TypeName names a decoded TOML value's type for messages: "a string",
// "an integer", "an array of tables", …
func TypeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case []map[string]any:
		return "an array of tables"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date or time"
	}
	return fmt.Sprintf("a %T", v)
}

type lineMsg struct {
	line int
	msg  string
}

type checker struct {
	file string
	ix   *Index
	errs []lineMsg
}

func (c *checker) errorf(path []any, format string, args ...any) {
	c.errs = append(c.errs, lineMsg{c.ix.Line(path...), fmt.Sprintf(format, args...)})
}

// name spells a path for a message: its last key, with any indices after
// it ("overlays[2]").
func name(path []any) string {
	var b strings.Builder
	i := len(path)
	for i > 0 {
		if _, ok := path[i-1].(int); !ok {
			break
		}
		i--
	}
	if i > 0 {
		b.WriteString(fmt.Sprint(path[i-1]))
	} else {
		b.WriteString("the file")
	}
	for _, p := range path[i:] {
		fmt.Fprintf(&b, "[%d]", p)
	}
	return b.String()
}

// tableName spells the table at path for "unknown key … in [side.unit]".
func tableName(path []any) string {
	var segs []string
	for _, p := range path {
		if s, ok := p.(string); ok {
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return "the top level"
	}
	return "[" + strings.Join(segs, ".") + "]"
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType        = reflect.TypeFor[time.Time]()
	primitiveType   = reflect.TypeFor[toml.Primitive]()
)

// value checks that v (a decoded TOML value) fits Go type t.
func (c *checker) value(t reflect.Type, v any, path []any) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == primitiveType || t.Kind() == reflect.Interface:
		return
	case t == timeType:
		switch v.(type) {
		case time.Time:
			return
		}
		c.errorf(path, "%s: expected a date or time, got %s", name(path), TypeName(v))
		return
	case reflect.PointerTo(t).Implements(textUnmarshaler):
		switch v.(type) {
		case map[string]any, []any, []map[string]any:
			c.errorf(path, "%s: expected a string, got %s", name(path), TypeName(v))
		}
		return
	}
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			c.errorf(path, "%s: expected a string, got %s", name(path), TypeName(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			c.errorf(path, "%s: expected true or false, got %s", name(path), TypeName(v))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, ok := v.(int64)
		if !ok {
			c.errorf(path, "%s: expected an integer, got %s", name(path), TypeName(v))
			return
		}
		lo, hi := intRange(t)
		if n < lo || n > hi { // every hi fits an int64; a negative n is never above it
			c.errorf(path, "%s: %d is out of range (%d to %d)", name(path), n, lo, hi)
		}
	case reflect.Float32, reflect.Float64:
		switch v.(type) {
		case float64, int64:
		default:
			c.errorf(path, "%s: expected a number, got %s", name(path), TypeName(v))
		}
	case reflect.Slice, reflect.Array:
		switch a := v.(type) {
		case []any:
			if t.Kind() == reflect.Array && len(a) != t.Len() {
				c.errorf(path, "%s: expected %d elements, got %d", name(path), t.Len(), len(a))
			}
			for i, e := range a {
				c.value(t.Elem(), e, copyPath(path, i))
			}
		case []map[string]any:
			if t.Kind() == reflect.Array && len(a) != t.Len() {
				c.errorf(path, "%s: expected %d elements, got %d", name(path), t.Len(), len(a))
			}
			for i, e := range a {
				c.value(t.Elem(), e, copyPath(path, i))
			}
		default:
			c.errorf(path, "%s: expected an array, got %s", name(path), TypeName(v))
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			c.errorf(path, "%s: expected a table, got %s", name(path), TypeName(v))
			return
		}
		if t.Key().Kind() != reflect.String {
			c.errorf(path, "%s: this table cannot be read here", name(path))
			return
		}
		for _, k := range c.sorted(m, path) {
			c.value(t.Elem(), m[k], copyPath(path, k))
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			if len(path) == 0 {
				c.errorf(path, "expected a table, got %s", TypeName(v))
			} else {
				c.errorf(path, "%s: expected a table, got %s", name(path), TypeName(v))
			}
			return
		}
		fields := fieldsOf(t)
		for _, k := range c.sorted(m, path) {
			f, ok := fields.find(k)
			if !ok {
				c.errorf(copyPath(path, k), "unknown key %q in %s (known: %s)", k, tableName(path), strings.Join(fields.names, ", "))
				continue
			}
			c.value(f, m[k], copyPath(path, k))
		}
	default:
		c.errorf(path, "%s: cannot be read into %s", name(path), t)
	}
}

// sorted lists m's keys in line order (then by name).
func (c *checker) sorted(m map[string]any, path []any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		li, lj := c.ix.Line(copyPath(path, keys[i])...), c.ix.Line(copyPath(path, keys[j])...)
		if li != lj {
			return li < lj
		}
		return keys[i] < keys[j]
	})
	return keys
}

func intRange(t reflect.Type) (lo, hi int64) {
	switch t.Kind() {
	case reflect.Int8:
		return -1 << 7, 1<<7 - 1
	case reflect.Int16:
		return -1 << 15, 1<<15 - 1
	case reflect.Int32:
		return -1 << 31, 1<<31 - 1
	case reflect.Uint8:
		return 0, 1<<8 - 1
	case reflect.Uint16:
		return 0, 1<<16 - 1
	case reflect.Uint32:
		return 0, 1<<32 - 1
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return 0, 1<<63 - 1
	}
	return -1 << 63, 1<<63 - 1
}

// fieldSet is what keys a struct takes, as the decoder matches them: the
// toml tag (or the field name), exactly, else ignoring case; untagged
// embedded structs are flattened; unexported and `toml:"-"` fields take
// nothing.
type fieldSet struct {
	byName map[string]reflect.Type
	names  []string
}

func (fs fieldSet) find(k string) (reflect.Type, bool) {
	if t, ok := fs.byName[k]; ok {
		return t, true
	}
	for _, n := range fs.names {
		if strings.EqualFold(n, k) {
			return fs.byName[n], true
		}
	}
	return nil, false
}

func fieldsOf(t reflect.Type) fieldSet {
	fs := fieldSet{byName: map[string]reflect.Type{}}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("toml")
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" {
				continue
			}
			if f.Anonymous && n == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct && depth < 8 {
					walk(ft, depth+1)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if n == "" {
				n = f.Name
			}
			if _, dup := fs.byName[n]; !dup {
				fs.byName[n] = f.Type
				fs.names = append(fs.names, n)
			}
		}
	}
	walk(t, 0)
	return fs
}

// textOnly refuses bytes no TOML file may hold (control characters other
// than tab, newline and carriage return; text that is not UTF-8) at their
// line, before the decoder, which reports them at line 1.
func textOnly(file string, data []byte) error {
	line := 1
	for i := 0; i < len(data); {
		c := data[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				return fmt.Errorf("%s:%d: not UTF-8 text (byte 0x%02x)", file, line, c)
			}
			i += n
			continue
		}
		switch {
		case c == '\n':
			line++
		case c < 0x20 && c != '\t' && c != '\r', c == 0x7f:
			return fmt.Errorf("%s:%d: not a text file (control character 0x%02x)", file, line, c)
		}
		i++
	}
	return nil
}
