package ui

import (
	"image"
	"testing"
)

// The text cache's sheet is of fixed size whatever is drawn (a whole
// replay writes new lines every step: docs/performance.md, "Issue 18:
// idle window"): every picture is placed inside it, none overlaps
// another of the same fill, and when it is full it starts again rather
// than growing.
func TestShelfStaysInsideItsSquare(t *testing.T) {
	for _, tc := range []struct {
		name  string
		side  int
		sizes [][2]int // w, h of the pictures, repeated until n are placed
		n     int
	}{
		{"panel lines", 256, [][2]int{{100, 18}, {37, 18}, {220, 24}, {5, 18}}, 400},
		{"one size", 64, [][2]int{{20, 10}}, 100},
		{"taller than a row", 128, [][2]int{{30, 10}, {30, 40}, {90, 5}}, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := shelf{side: tc.side}
			square := image.Rect(0, 0, tc.side, tc.side)
			var live []image.Rectangle
			fills := 0
			for i := 0; i < tc.n; i++ {
				sz := tc.sizes[i%len(tc.sizes)]
				r, full, ok := p.place(sz[0], sz[1])
				if !ok {
					t.Fatalf("picture %d (%v) refused", i, sz)
				}
				if full {
					live, fills = nil, fills+1
				}
				if r.Dx() != sz[0] || r.Dy() != sz[1] || !r.In(square) {
					t.Fatalf("picture %d (%v) at %v: not its size inside %v", i, sz, r, square)
				}
				for _, o := range live {
					if o.Overlaps(r) {
						t.Fatalf("picture %d at %v overlaps %v of the same fill", i, r, o)
					}
				}
				live = append(live, r)
			}
			if fills == 0 || p.fills != fills {
				t.Errorf("%d pictures on a %d-px square: %d fills seen, the shelf counts %d; want at least one", tc.n, tc.side, fills, p.fills)
			}
		})
	}
	p := shelf{side: 64}
	if _, _, ok := p.place(64, 10); ok {
		t.Error("a picture as wide as the square (no room for the gap) was placed")
	}
}
