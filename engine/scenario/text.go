package scenario

import (
	"fmt"
	"reflect"
	"strings"

	"khamsin/engine/internal/tomlfile"
)

// checkText refuses a NUL character in any string of a decoded scenario
// (issue 17): the TOML escape \u0000 passes the decoder, yet a NUL cuts
// text short in C libraries and terminals. It walks the value by its
// toml keys so the error names the line of the key that holds it.
// (Other control characters are allowed in the file and escaped
// wherever they are printed, fileio.Escape.)
func checkText(file string, ix *tomlfile.Index, v any) error {
	var walk func(rv reflect.Value, path []any) error
	walk = func(rv reflect.Value, path []any) error {
		switch rv.Kind() {
		case reflect.String:
			if strings.IndexByte(rv.String(), 0) >= 0 {
				return fmt.Errorf("%s:%d: %s: holds a NUL character (\\u0000); scenario text may not", file, ix.Line(path...), keyName(path))
			}
		case reflect.Pointer, reflect.Interface:
			if !rv.IsNil() {
				return walk(rv.Elem(), path)
			}
		case reflect.Struct:
			t := rv.Type()
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
				if name == "-" {
					continue
				}
				p := path
				if !f.Anonymous {
					if name == "" {
						name = f.Name
					}
					p = append(path[:len(path):len(path)], name)
				}
				if err := walk(rv.Field(i), p); err != nil {
					return err
				}
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < rv.Len(); i++ {
				if err := walk(rv.Index(i), append(path[:len(path):len(path)], i)); err != nil {
					return err
				}
			}
		case reflect.Map:
			it := rv.MapRange()
			for it.Next() {
				k := fmt.Sprint(it.Key().Interface())
				p := append(path[:len(path):len(path)], k)
				if strings.IndexByte(k, 0) >= 0 {
					return fmt.Errorf("%s:%d: a key holds a NUL character (\\u0000); scenario text may not", file, ix.Line(p...))
				}
				if err := walk(it.Value(), p); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(reflect.ValueOf(v), nil)
}

// keyName spells a key path as the file does: side.unit.name.
func keyName(path []any) string {
	var ks []string
	for _, k := range path {
		if s, ok := k.(string); ok {
			ks = append(ks, s)
		}
	}
	return strings.Join(ks, ".")
}
