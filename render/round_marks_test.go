package render

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// No curve of Ebitengine's vector package is drawn by the window's code:
// its circles and arcs (vector.FillCircle, StrokeCircle, Path.Arc, ArcTo,
// QuadTo, CubicTo) become hundreds to tens of thousands of path
// operations, each drawn eight times a frame when antialiased, and the
// command queue keeps its worst frame's vertex buffer: the defence
// scenario's idle game held 897 MB and a dawn game with sangars grew to
// 8.8 GB (docs/performance.md, "The window's memory: round marks"). Round
// marks are drawn with ui.Disc, ui.Ring and ui.RoundRectPath (straight
// lines, render/ui/marks.go). The board rasteriser (render/raster) uses
// golang.org/x/image/vector on the CPU and is not scanned.
func TestNoVectorCurvesInWindowCode(t *testing.T) {
	banned := map[string]bool{"FillCircle": true, "StrokeCircle": true, "DrawFilledCircle": true,
		"Arc": true, "ArcTo": true, "QuadTo": true, "CubicTo": true}
	fset := token.NewFileSet()
	checked := 0
	for _, dir := range []string{".", "ui"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if ok && banned[sel.Sel.Name] {
					t.Errorf("%s: %s draws a vector curve; use ui.Disc, ui.Ring or ui.AddCircle (render/ui/marks.go)",
						fset.Position(call.Pos()), sel.Sel.Name)
				}
				return true
			})
		}
	}
	if checked < 20 {
		t.Fatalf("scanned %d files: the test runs from the wrong directory", checked)
	}
}
