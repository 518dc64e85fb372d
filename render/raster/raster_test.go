package raster

import (
	"bytes"
	"flag"
	"go/parser"
	"go/token"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"khamsin/hexmap"
)

var update = flag.Bool("update", false, "rewrite the rasteriser's golden PNGs in testdata/")

// testMap builds a map from the built-in boards and overlays.
func testMap(t testing.TB, layout string, overlays ...string) *hexmap.Map {
	t.Helper()
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.BuildText(lib, layout, overlays, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// goldenOverlays are the overlays on the 2×2 golden map: one of each
// family's look (wadi, hillock with summit, deir, dune with crest, sand,
// buildings) and a few more for the benchmark's eight.
var goldenOverlays = []string{
	"W2 on 26H4-H3",
	"H1 on 27H6-G7",
	"D2 on 28P5-P4",
	"SD3 on 26V6-V5",
	"S4 on 27V3-V2",
	"X4 on 28H7-H6",
	"H4 on 28X4-X3",
	"S7 on 26N8-N7",
}

// checkGolden compares img's pixels with testdata/name, or rewrites the
// file under -update. On a mismatch the new image is written next to the
// test's temporary files for a look.
func checkGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run `go test ./render -update` to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, want %v", name, img.Bounds(), want.Bounds())
	}
	diff, first := 0, image.Point{-1, -1}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(want.At(x, y)).(color.RGBA) != img.RGBAAt(x, y) {
				if diff == 0 {
					first = image.Pt(x, y)
				}
				diff++
			}
		}
	}
	if diff > 0 {
		got := filepath.Join(t.TempDir(), name)
		if f, err := os.Create(got); err == nil {
			png.Encode(f, img)
			f.Close()
		}
		t.Errorf("%s: %d pixels differ, the first at %v; got %s (if the change is intended, run `go test ./render -update`)", name, diff, first, got)
	}
}

func TestRasterGoldenBoard26(t *testing.T) {
	m := testMap(t, "26")
	checkGolden(t, "board26_24px.png", Rasterize(m, Style{HexSize: 24, Margin: 12}).Composite(true, true, true))
}

func TestRasterGoldenBoard25(t *testing.T) {
	m := testMap(t, "25")
	checkGolden(t, "board25_24px.png", Rasterize(m, Style{HexSize: 24, Margin: 12}).Composite(true, true, true))
}

func TestRasterGoldenMap2x2(t *testing.T) {
	m := testMap(t, "26,27/28,29", goldenOverlays[:5]...)
	checkGolden(t, "map2x2_16px.png", Rasterize(m, Style{HexSize: 16, Margin: 8}).Composite(true, true, true))
}

func TestLegendGolden(t *testing.T) {
	checkGolden(t, "legend.png", Legend(Style{}))
}

// The images are the playing area plus the frame, and Layers.Pixels puts
// a board's first hexes where the board's edges cut them.
func TestRasterGeometry(t *testing.T) {
	m := testMap(t, "26,27")
	const s, margin = 10.0, 5
	l := Rasterize(m, Style{HexSize: s, Margin: margin})
	wantW := int(math.Ceil(2*48*s)) + 2*margin
	wantH := int(math.Ceil(10*math.Sqrt(3)*s)) + 2*margin
	for i, img := range []*image.RGBA{l.Terrain, l.Grid, l.Labels, l.Outlines} {
		if b := img.Bounds(); b != image.Rect(0, 0, wantW, wantH) {
			t.Errorf("layer %d is %v, want %dx%d", i, b, wantW, wantH)
		}
	}
	h, _ := m.Hex("26B0") // a half-hex cut by the top edge: centre on it
	if c := l.Pixels.Center(h); math.Abs(c.X-(margin+s*1.5)) > 1e-9 || math.Abs(c.Y-margin) > 1e-9 {
		t.Errorf("26B0 centre at %v, want (%v, %v)", c, margin+s*1.5, margin)
	}
	h, _ = m.Hex("26A1") // cut by the left edge
	if c := l.Pixels.Center(h); math.Abs(c.X-margin) > 1e-9 {
		t.Errorf("26A1 centre at x=%v, want %v", c.X, margin)
	}
	if got := l.Pixels.HexAt(hexmap.Point{X: margin + 1.5*s, Y: margin + 0.5*math.Sqrt(3)*s}); m.Label(got) != "26B1" {
		t.Errorf("HexAt below 26B0 is %s, want 26B1", m.Label(got))
	}
	// the frame is dark and the overlay layers are empty on it
	if c := l.Terrain.RGBAAt(1, 1); c != colFrame.rgba() {
		t.Errorf("frame pixel %v, want %v", c, colFrame.rgba())
	}
	for y := 0; y < wantH; y++ {
		for _, x := range []int{0, margin - 2, wantW - 1} {
			for _, img := range []*image.RGBA{l.Grid, l.Labels, l.Outlines} {
				if img.RGBAAt(x, y).A != 0 {
					t.Fatalf("an overlay layer draws on the frame at (%d,%d)", x, y)
				}
			}
		}
	}
}

// Composite with everything off is the terrain; each layer switched on
// changes it.
func TestComposite(t *testing.T) {
	l := Rasterize(testMap(t, "27", "H1 on 27H6-G7"), Style{HexSize: 12, Margin: 6})
	if !bytes.Equal(l.Composite(false, false, false).Pix, l.Terrain.Pix) {
		t.Error("Composite(false, false, false) differs from Terrain")
	}
	base := l.Composite(false, false, false).Pix
	for i, c := range []*image.RGBA{l.Composite(true, false, false), l.Composite(false, true, false), l.Composite(false, false, true)} {
		if bytes.Equal(c.Pix, base) {
			t.Errorf("switching on layer %d changes nothing", i)
		}
	}
}

// The picture is the same however many CPUs draw it.
func TestRasterDeterministic(t *testing.T) {
	m := testMap(t, "26,27", "W2 on 26H4-H3", "H1 on 27H6-G7")
	a := Rasterize(m, Style{HexSize: 20, Margin: 4})
	old := runtime.GOMAXPROCS(1)
	b := Rasterize(m, Style{HexSize: 20, Margin: 4})
	runtime.GOMAXPROCS(old)
	for i, pair := range [][2]*image.RGBA{{a.Terrain, b.Terrain}, {a.Grid, b.Grid}, {a.Labels, b.Labels}, {a.Outlines, b.Outlines}} {
		if !bytes.Equal(pair[0].Pix, pair[1].Pix) {
			t.Errorf("layer %d differs between 1 CPU and %d", i, old)
		}
	}
}

// Style's zero value is 32 px hexes, no frame; sizes are kept sane.
func TestStyleDefaults(t *testing.T) {
	for _, tc := range []struct {
		in, want float64
	}{{0, 32}, {math.NaN(), 32}, {1, 4}, {-5, 4}, {24, 24}, {1e6, 256}} {
		if got := (Style{HexSize: tc.in}).size(); got != tc.want {
			t.Errorf("HexSize %v → %v, want %v", tc.in, got, tc.want)
		}
	}
	l := Rasterize(testMap(t, "26"), Style{Margin: -3})
	if l.Pixels.Size != 32 || l.Terrain.Bounds().Dx() != 48*32 {
		t.Errorf("zero Style: size %v, width %d", l.Pixels.Size, l.Terrain.Bounds().Dx())
	}
}

// The rasteriser draws with the standard library and x/image only: no
// Ebitengine (brief §2), so PNGs can be made with no display.
func TestRasterNoEbiten(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasSuffix(base, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.Contains(p, "ebiten") {
				t.Errorf("%s imports %s", base, p)
			}
		}
	}
}
