package render

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Every character in the window's own strings has a glyph in the Go
// fonts the window draws with: a missing one shows as an empty box (the
// text caret "▏" did, in the designer's fields and the menu's). Counter
// and map art are drawn, not typed, so only string literals count.
func TestWindowTextHasGlyphs(t *testing.T) {
	var fonts []*sfnt.Font
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	missing := map[rune]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING && lit.Kind != token.CHAR {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if lit.Kind == token.CHAR {
				r, _, _, err2 := strconv.UnquoteChar(strings.Trim(lit.Value, "'"), '\'')
				s, err = string(r), err2
			}
			if err != nil {
				return true
			}
			for _, r := range s {
				if r < 0x80 || !unicode.IsPrint(r) {
					continue
				}
				for _, font := range fonts {
					if g, err := font.GlyphIndex(&buf, r); err != nil || g == 0 {
						missing[r] = fset.Position(lit.Pos()).String()
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for r, at := range missing {
		t.Errorf("%q (U+%04X) at %s: no glyph in the Go fonts", r, r, at)
	}
}
