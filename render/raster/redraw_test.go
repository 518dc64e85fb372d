package raster

import (
	"image"
	"testing"

	"khamsin/hexmap"
)

// TestRedrawEqualsRasterize: after an overlay edit on a 2-board map
// (placed, moved, turned, removed; 12.2's "1"/"2" hexes), Redraw from the
// old map's layers over ChangedRegion gives, in every layer, the very
// pixels of a whole Rasterize of the new map, while painting only part of
// the image (issue 19, "Speed").
func TestRedrawEqualsRasterize(t *testing.T) {
	for _, tc := range []struct {
		name, layout  string
		before, after []string
	}{
		{"placed", "25,26", nil, []string{"H1 on 26H6-G7"}},
		{"moved", "25,26", []string{"W2 on 26H4-H3"}, []string{"W2 on 26K4-K3"}},
		{"turned", "25/26", []string{"D2 on 25P5-P4"}, []string{"D2 on 25P5-Q5"}},
		{"removed", "25/26", []string{"SD3 on 26V6-V5", "X4 on 25H7-H6"}, []string{"X4 on 25H7-H6"}},
		{"none", "25,26", []string{"S4 on 25V3-V2"}, []string{"S4 on 25V3-V2"}},
		{"across", "25,26", []string{"H1 on 25E6-E7"}, []string{"H1 on 26Z6-Z7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := Style{HexSize: 24, Margin: 12}
			a, b := testMap(t, tc.layout, tc.before...), testMap(t, tc.layout, tc.after...)
			prev := Rasterize(a, st)
			want := Rasterize(b, st)
			region := ChangedRegion(a, b, st)
			regions := ChangedRegions(a, b, st)
			all := image.Rectangle{Max: RasterSize(b, st)}
			area := 0
			for _, r := range regions {
				area += r.Dx() * r.Dy()
			}
			if tc.name == "none" {
				if !region.Empty() || len(regions) > 0 {
					t.Errorf("no change, region %v", regions)
				}
			} else if region.Empty() || area > all.Dx()*all.Dy()/2 {
				t.Errorf("regions %v of %v: not a part of the image", regions, all)
			}
			if tc.name == "across" && len(regions) != 2 {
				t.Errorf("an overlay moved from board 25 to 26: regions %v, want one on each", regions)
			}
			got := prev
			for _, r := range regions {
				if !r.In(region) {
					t.Errorf("region %v outside ChangedRegion %v", r, region)
				}
				if got = Redraw(got, b, st, r); got != prev {
					t.Error("Redraw did not paint in place")
				}
			}
			for i, l := range [][2]*image.RGBA{{got.Terrain, want.Terrain}, {got.Grid, want.Grid}, {got.Labels, want.Labels}, {got.Outlines, want.Outlines}} {
				if n, at := diffPixels(l[0], l[1]); n > 0 {
					t.Errorf("layer %d: %d pixels differ from a whole raster, first at %v (region %v)", i, n, at, region)
				}
			}
		})
	}
}

// diffPixels counts the pixels that differ and gives the first.
func diffPixels(a, b *image.RGBA) (int, image.Point) {
	n, first := 0, image.Point{-1, -1}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			o := a.PixOffset(x, y)
			if a.Pix[o] != b.Pix[o] || a.Pix[o+1] != b.Pix[o+1] || a.Pix[o+2] != b.Pix[o+2] || a.Pix[o+3] != b.Pix[o+3] {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// BenchmarkRedrawOverlayMove64 is an overlay moved on the 2×2 map with
// its eight overlays at 64 px per hex, painted again over ChangedRegion
// (compare BenchmarkRasterizeMap2x2Overlays64, the whole map).
func BenchmarkRedrawOverlayMove64(b *testing.B) {
	st := Style{HexSize: 64, Margin: 32}
	a := testMap(b, "25,26/27,28", goldenOverlays...)
	moved := append([]string{"W2 on 26K4-K3"}, goldenOverlays[1:]...)
	m := testMap(b, "25,26/27,28", moved...)
	ls := Rasterize(a, st)
	maps := [2]*hexmap.Map{a, m}
	i := 0
	for b.Loop() {
		// back and forth, each in place on the last one's layers
		Redraw(ls, maps[1-i], st, ChangedRegion(maps[i], maps[1-i], st))
		i = 1 - i
	}
}

// TestPaintPartEqualsRasterize: a part painted on its own holds, inside
// its rectangle, the very pixels of a whole Rasterize in every layer,
// wherever the rectangle lies: across the frame and a corner, across a
// board edge and an overlay's outline, one pixel, a thin strip, the whole
// image (issue 19, "Speed": the designer paints only the part an overlay
// edit changed and keeps no layers of the whole map).
func TestPaintPartEqualsRasterize(t *testing.T) {
	st := Style{HexSize: 20, Margin: 10}
	m := testMap(t, "25,26/27,28", goldenOverlays...)
	want := Rasterize(m, st)
	size := RasterSize(m, st)
	parts := []image.Rectangle{
		image.Rect(0, 0, 90, 70),                                       // frame and the top-left corner
		image.Rect(size.X-50, size.Y-80, size.X, size.Y),               // the bottom-right corner
		image.Rect(size.X/2-60, size.Y/2-40, size.X/2+60, size.Y/2+40), // where the four boards meet
		image.Rect(300, 100, 301, 101),                                 // one pixel
		image.Rect(0, 200, size.X, 203),                                // a thin strip, all across
		{Max: size},                                                    // everything
	}
	// thin strips all down the map, every 97 columns: they cut overlay
	// outlines, which come out right only when filled whole
	for x := 50; x < size.X; x += 97 {
		parts = append(parts, image.Rect(x, 0, x+5, size.Y))
	}
	for _, r := range parts {
		p := PaintPart(m, st, r)
		if p == nil || p.Rect != r {
			t.Fatalf("part %v: %+v", r, p)
		}
		if a := p.Layers.Terrain.Rect; r.Dx() < 100 && a.Dx()*a.Dy() > size.X*size.Y/2 {
			t.Errorf("part %v painted on an image of %v", r, a)
		}
		for i, l := range [][2]*image.RGBA{{p.Layers.Terrain, want.Terrain}, {p.Layers.Grid, want.Grid}, {p.Layers.Labels, want.Labels}, {p.Layers.Outlines, want.Outlines}} {
			got, w := l[0].SubImage(r).(*image.RGBA), l[1].SubImage(r).(*image.RGBA)
			if got.Rect != r {
				t.Fatalf("part %v: layer %d holds only %v", r, i, got.Rect)
			}
			if n, at := diffRect(got, w); n > 0 {
				t.Errorf("part %v: layer %d: %d pixels differ from a whole raster, first at %v", r, i, n, at)
			}
		}
	}
	if p := PaintPart(m, st, image.Rect(-20, -20, -1, -1)); p != nil {
		t.Errorf("a part off the image: %v", p.Rect)
	}
}

// diffRect is diffPixels for two images over the same rectangle, which
// need not share a stride or an origin.
func diffRect(a, b *image.RGBA) (int, image.Point) {
	n, first := 0, image.Point{-1, -1}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			o, q := a.PixOffset(x, y), b.PixOffset(x, y)
			if a.Pix[o] != b.Pix[q] || a.Pix[o+1] != b.Pix[q+1] || a.Pix[o+2] != b.Pix[q+2] || a.Pix[o+3] != b.Pix[q+3] {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}
