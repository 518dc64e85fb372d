package design

import (
	"bytes"
	"fmt"
	"strings"
)

// The generic edits on the text: a key of a table, an entry of an array of
// tables, an element of an inline array. Tables are named by the indexed
// paths tomlfile.Index uses: nil or {} for the top level, {"map"},
// {"side", 1}, {"side", 1, "unit", 0, "base", 2}. Each is one undoable
// edit (nested inside Do they join the outer one).

// KV is a key and its value for a new entry, written in this order.
type KV struct {
	Key   string
	Value any // string, int, bool or []string
}

// Get reads a key of a table: its decoded value and whether the text sets
// it.
func (d *Doc) Get(table []any, key string) (any, bool) {
	t := d.lay.find(table)
	if t == nil {
		return nil, false
	}
	kv := t.key(key)
	if kv == nil {
		return nil, false
	}
	v, err := decodeValue(string(d.text[kv.val.a:kv.val.b]))
	if err != nil {
		return nil, false
	}
	return v, true
}

// GetString is Get for a string key ("" when absent or not a string).
func (d *Doc) GetString(table []any, key string) string {
	v, _ := d.Get(table, key)
	s, _ := v.(string)
	return s
}

// Has reports whether the table at path is in the text.
func (d *Doc) Has(table []any) bool { return d.lay.find(table) != nil }

// Count is the number of entries of an array of tables under parent
// ({"side"} under nil; {"unit"} under {"side", 0}).
func (d *Doc) Count(parent []any, name string) int {
	n := 0
	for _, t := range d.lay.tables {
		if t.array && len(t.path) == len(parent)+2 && hasPrefix(t.path, parent) && t.path[len(parent)] == name {
			n++
		}
	}
	return n
}

// Set sets key in table to v, rewriting only the value's token (the key,
// its alignment and any comment after it stay). A key the table does not
// have is added after its last key; a table the text lacks ([environment])
// is added at the end. Setting the value a key already has changes
// nothing, so the author's spelling stays.
func (d *Doc) Set(table []any, key string, v any) error {
	return d.Do("set "+key, func() error {
		t := d.lay.find(table)
		if t == nil {
			if len(table) != 1 {
				return fmt.Errorf("design: no table %s", pathName(table))
			}
			name, ok := table[0].(string)
			if !ok {
				return fmt.Errorf("design: no table %s", pathName(table))
			}
			tok, err := encodeValue(v, "")
			if err != nil {
				return err
			}
			p := len(d.text)
			d.splice(p, p, d.nl(d.sepAtEnd()+"["+name+"]\n"+key+" = "+tok+"\n"))
			return nil
		}
		kv := t.key(key)
		if kv == nil {
			tok, err := encodeValue(v, "")
			if err != nil {
				return err
			}
			p := t.end
			pre := ""
			if p > 0 && d.text[p-1] != '\n' {
				pre = "\n"
			}
			if t.head.b == 0 && len(t.keys) == 0 && len(d.lay.tables) > 1 {
				// an empty root before the first table: the key goes first
				p, pre = 0, ""
			}
			d.splice(p, p, d.nl(pre+key+" = "+tok+"\n"))
			return nil
		}
		old := string(d.text[kv.val.a:kv.val.b])
		if sameValue(old, v) {
			return nil
		}
		tok, err := encodeValue(v, old)
		if err != nil {
			return err
		}
		d.splice(kv.val.a, kv.val.b, tok)
		return nil
	})
}

// sepAtEnd is what goes before a table added at the end: a newline to end
// an unterminated last line, and a blank line unless there is one.
func (d *Doc) sepAtEnd() string {
	t := d.text
	switch {
	case len(t) == 0:
		return ""
	case t[len(t)-1] != '\n':
		return "\n\n"
	}
	if _, blank := d.lay.blankLineBefore(len(t)); blank {
		return ""
	}
	return "\n"
}

// nl writes the newlines of inserted text as the file writes its own: a
// file whose first line ends in CRLF gets CRLF.
func (d *Doc) nl(s string) string {
	if i := bytes.IndexByte(d.text, '\n'); i > 0 && d.text[i-1] == '\r' {
		return strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

// Clear removes key from table (its whole lines); a key the text does not
// set is no change.
func (d *Doc) Clear(table []any, key string) error {
	return d.Do("clear "+key, func() error {
		t := d.lay.find(table)
		if t == nil {
			return nil
		}
		if kv := t.key(key); kv != nil {
			d.splice(kv.line.a, kv.line.b, "")
		}
		return nil
	})
}

// AddEntry adds an [[name]] entry under parent (nil: the top level) with
// the keys kvs, after the last entry of that array (or, for the first, at
// the end of parent), separated as the last entry is from the one before
// it. It returns the new entry's index.
func (d *Doc) AddEntry(parent []any, name string, kvs []KV) (int, error) {
	idx := -1
	err := d.Do("add "+name, func() error {
		var segs []string
		if len(parent) > 0 {
			pt := d.lay.find(parent)
			if pt == nil {
				return fmt.Errorf("design: no table %s", pathName(parent))
			}
			segs = append(segs, pt.segs...)
		}
		segs = append(segs, name)
		var body strings.Builder
		body.WriteString("[[" + strings.Join(segs, ".") + "]]\n")
		for _, kv := range kvs {
			tok, err := encodeValue(kv.Value, "")
			if err != nil {
				return err
			}
			body.WriteString(kv.Key + " = " + tok + "\n")
		}
		n := d.Count(parent, name)
		var p int
		sep := ""
		if n > 0 {
			last := append(append(append([]any{}, parent...), name), n-1)
			ext, _ := d.lay.entry(last)
			p = ext.b
			if _, blank := d.lay.blankLineBefore(ext.a); blank {
				sep = "\n"
			}
		} else if len(parent) > 0 {
			ext, _ := d.lay.entry(parent)
			p = ext.b
		} else {
			p = len(d.text)
			sep = d.sepAtEnd()
			if q, blank := d.lay.blankLineBefore(p); blank && q > 0 && d.text[q-1] == '\n' {
				// a file ending in a blank line keeps it last: the entry
				// goes before it, so RemoveEntry (which takes the blank
				// line above the entry) gives the bytes back
				p, sep = q, "\n"
			}
		}
		if p > 0 && d.text[p-1] != '\n' && !strings.HasPrefix(sep, "\n") {
			sep = "\n" + sep
		}
		d.splice(p, p, d.nl(sep+body.String()))
		idx = n
		return nil
	})
	return idx, err
}

// RemoveEntry removes the table at path with everything under it, the
// comment lines directly above its header, and one blank line before it
// (the inverse of AddEntry's separator).
func (d *Doc) RemoveEntry(path []any) error {
	return d.Do("remove "+pathName(path), func() error {
		ext, ok := d.lay.entry(path)
		if !ok {
			return fmt.Errorf("design: no entry %s", pathName(path))
		}
		if p, blank := d.lay.blankLineBefore(ext.a); blank {
			ext.a = p
		}
		d.splice(ext.a, ext.b, "")
		return nil
	})
}

// arrayKey is the inline array of key in table.
func (d *Doc) arrayKey(table []any, key string) (*keyVal, error) {
	t := d.lay.find(table)
	if t == nil {
		return nil, fmt.Errorf("design: no table %s", pathName(table))
	}
	kv := t.key(key)
	if kv == nil || kv.open < 0 {
		return nil, fmt.Errorf("design: %s has no array %s", pathName(table), key)
	}
	return kv, nil
}

// Elems reads the strings of an inline array.
func (d *Doc) Elems(table []any, key string) []string {
	kv, err := d.arrayKey(table, key)
	if err != nil {
		return nil
	}
	out := make([]string, len(kv.elems))
	for i, e := range kv.elems {
		out[i], _ = decodeString(string(d.text[e.a:e.b]))
	}
	return out
}

// ownLine reports an element alone on its line (an array written one
// element a line, with a comment after each perhaps): the line's span,
// and whether a comma follows the element.
func (d *Doc) ownLine(e span) (line span, comma, ok bool) {
	ls := d.lay.lineStart(e.a)
	if strings.TrimLeft(string(d.text[ls:e.a]), " \t") != "" {
		return span{}, false, false
	}
	i := e.b
	for i < len(d.text) && (d.text[i] == ' ' || d.text[i] == '\t') {
		i++
	}
	if i < len(d.text) && d.text[i] == ',' {
		comma = true
		i++
	}
	for i < len(d.text) && (d.text[i] == ' ' || d.text[i] == '\t' || d.text[i] == '\r') {
		i++
	}
	if i < len(d.text) && d.text[i] == '#' {
		for i < len(d.text) && d.text[i] != '\n' {
			i++
		}
	}
	if i < len(d.text) && d.text[i] != '\n' {
		return span{}, false, false
	}
	if i < len(d.text) {
		i++
	}
	return span{ls, i}, comma, true
}

// AddElem appends v to the inline array key of table, in the array's
// layout: on a line of its own after the last element when the array is
// written one element a line, else after the last element. A table
// without the key gets key = [v].
func (d *Doc) AddElem(table []any, key string, v string) error {
	return d.Do("add to "+key, func() error {
		kv, err := d.arrayKey(table, key)
		if err != nil {
			return d.Set(table, key, []string{v})
		}
		tok := encodeString(v, "")
		if len(kv.elems) == 0 {
			d.splice(kv.open+1, kv.open+1, tok)
			return nil
		}
		last := kv.elems[len(kv.elems)-1]
		if line, comma, ok := d.ownLine(last); ok {
			indent := string(d.text[line.a:last.a])
			if comma {
				d.splice(line.b, line.b, d.nl(indent+tok+",\n"))
			} else {
				d.splice(line.b, line.b, d.nl(indent+tok+"\n"))
				d.splice(last.b, last.b, ",")
			}
			return nil
		}
		d.splice(last.b, last.b, ", "+tok)
		return nil
	})
}

// SetElem replaces element i of the inline array key of table (only its
// token: a comment after it stays).
func (d *Doc) SetElem(table []any, key string, i int, v string) error {
	return d.Do("change "+key, func() error {
		kv, err := d.arrayKey(table, key)
		if err != nil {
			return err
		}
		if i < 0 || i >= len(kv.elems) {
			return fmt.Errorf("design: %s has no element %d", key, i+1)
		}
		e := kv.elems[i]
		old := string(d.text[e.a:e.b])
		if sameValue(old, v) {
			return nil
		}
		d.splice(e.a, e.b, encodeString(v, old))
		return nil
	})
}

// RemoveElem removes element i of the inline array key of table: its
// whole line when it has one of its own (with its comment), else the
// element and the comma that joined it.
func (d *Doc) RemoveElem(table []any, key string, i int) error {
	return d.Do("remove from "+key, func() error {
		kv, err := d.arrayKey(table, key)
		if err != nil {
			return err
		}
		n := len(kv.elems)
		if i < 0 || i >= n {
			return fmt.Errorf("design: %s has no element %d", key, i+1)
		}
		e := kv.elems[i]
		if line, comma, ok := d.ownLine(e); ok {
			d.splice(line.a, line.b, "")
			if !comma && i == n-1 && i > 0 {
				// the element before was joined to this one: it is last now
				if p := kv.elems[i-1].b; p < len(d.text) && d.text[p] == ',' {
					d.splice(p, p+1, "")
				}
			}
			return nil
		}
		switch {
		case i > 0:
			d.splice(kv.elems[i-1].b, e.b, "")
		case n > 1:
			d.splice(e.a, kv.elems[1].a, "")
		default:
			b := e.b
			if b < len(d.text) && d.text[b] == ',' {
				b++
			}
			d.splice(e.a, b, "")
		}
		return nil
	})
}

// pathName spells a path for a message: side[2].unit[1].
func pathName(path []any) string {
	if len(path) == 0 {
		return "the top level"
	}
	var b strings.Builder
	for _, p := range path {
		switch v := p.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(v)
		case int:
			fmt.Fprintf(&b, "[%d]", v+1)
		}
	}
	return b.String()
}
