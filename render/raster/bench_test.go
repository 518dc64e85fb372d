package raster

import "testing"

// One board at 64 px per hex (goal ≤ 150 ms): board 25, the busiest.
func BenchmarkRasterizeBoard64(b *testing.B) {
	m := testMap(b, "25")
	for b.Loop() {
		Rasterize(m, Style{HexSize: 64, Margin: 32})
	}
}

// The 2×2 default map with its eight overlays at 64 px per hex (goal ≤
// 600 ms).
func BenchmarkRasterizeMap2x2Overlays64(b *testing.B) {
	m := testMap(b, "25,26/27,28", goldenOverlays...)
	for b.Loop() {
		Rasterize(m, Style{HexSize: 64, Margin: 32})
	}
}

// The terrain key at its default size.
func BenchmarkLegend(b *testing.B) {
	for b.Loop() {
		Legend(Style{})
	}
}
