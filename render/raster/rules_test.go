package raster

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"khamsin/hexmap"
)

// Pixel properties of the terrain art, one test per rule: the test names
// carry the rule numbers of the art they check.

// probe is a rasterised test map with helpers to look at hexes.
type probe struct {
	t *testing.T
	m *hexmap.Map
	l *Layers
}

const probeSize = 40

func newProbe(t *testing.T, layout string, overlays ...string) *probe {
	m := testMap(t, layout, overlays...)
	return &probe{t, m, Rasterize(m, Style{HexSize: probeSize, Margin: 4})}
}

func (p *probe) hex(label string) hexmap.Hex {
	p.t.Helper()
	h, err := p.m.Hex(label)
	if err != nil {
		p.t.Fatal(err)
	}
	return h
}

// pixels lists the terrain pixels within radius r (in hex sizes) of the
// hex's centre.
func (p *probe) pixels(label string, r float64) []color.RGBA {
	c := p.l.Pixels.Center(p.hex(label))
	rr := r * probeSize
	var out []color.RGBA
	for y := int(c.Y - rr); y <= int(c.Y+rr); y++ {
		for x := int(c.X - rr); x <= int(c.X+rr); x++ {
			if math.Hypot(float64(x)+0.5-c.X, float64(y)+0.5-c.Y) <= rr {
				out = append(out, p.l.Terrain.RGBAAt(x, y))
			}
		}
	}
	return out
}

// mean is the average colour of some pixels.
func mean(ps []color.RGBA) rgb {
	var r, g, b float64
	for _, c := range ps {
		r, g, b = r+float64(c.R), g+float64(c.G), b+float64(c.B)
	}
	n := float64(len(ps))
	return rgb{float32(r / n), float32(g / n), float32(b / n)}
}

func dist(a, b rgb) float64 {
	dr, dg, db := float64(a.r-b.r), float64(a.g-b.g), float64(a.b-b.b)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

func luma(c rgb) float64 { return 0.299*float64(c.r) + 0.587*float64(c.g) + 0.114*float64(c.b) }

// nearCount counts the pixels within tol of colour c.
func nearCount(ps []color.RGBA, c rgb, tol float64) int {
	n := 0
	for _, p := range ps {
		if dist(rgb{float32(p.R), float32(p.G), float32(p.B)}, c) <= tol {
			n++
		}
	}
	return n
}

func (c rgb) String() string {
	return fmt.Sprintf("#%02x%02x%02x", clamp8(c.r), clamp8(c.g), clamp8(c.b))
}

// 1.1: desert open ground is the pale yellowish tan.
func TestRaster_1_1_DesertOpenGround(t *testing.T) {
	p := newProbe(t, "26")
	if got := mean(p.pixels("26B1", 0.5)); dist(got, colDesert) > 14 {
		t.Errorf("26B1 averages %v, want near desert tan %v", got, colDesert)
	}
}

// 7.1: sand is golden-yellow: the centre of a sand hex is much nearer the
// sand colour than the desert's, and yellower.
func TestRaster_7_1_SandHexIsGolden(t *testing.T) {
	p := newProbe(t, "27", "S4 on 27V3-V2")
	got := mean(p.pixels("27V3", 0.4))
	if dist(got, colSand) > 25 || dist(got, colSand) >= dist(got, colDesert) {
		t.Errorf("27V3 averages %v: want near sand %v rather than desert %v", got, colSand, colDesert)
	}
	if got.b > 0.6*got.r {
		t.Errorf("27V3 %v is not golden (too much blue)", got)
	}
}

// 3.1: hammada is black dots and buff stones: a hammada hex has many
// dark pixels and stone-coloured ones where open desert has none.
func TestRaster_3_1_HammadaDiffersFromDesert(t *testing.T) {
	p := newProbe(t, "26")
	ham, open := p.pixels("26D4", 0.8), p.pixels("26B1", 0.8)
	dark := func(ps []color.RGBA) int {
		n := 0
		for _, c := range ps {
			if luma(rgb{float32(c.R), float32(c.G), float32(c.B)}) < 90 {
				n++
			}
		}
		return n
	}
	if d := dark(ham); d < len(ham)/40 || dark(open) != 0 {
		t.Errorf("dark pixels: hammada 26D4 %d of %d, desert 26B1 %d; want many and none", d, len(ham), dark(open))
	}
	if n := nearCount(ham, colStoneFill, 20); n < len(ham)/60 {
		t.Errorf("26D4 has %d buff stone pixels of %d", n, len(ham))
	}
	if dist(mean(ham), mean(open)) < 10 {
		t.Errorf("hammada %v looks like desert %v", mean(ham), mean(open))
	}
}

// 2.1: scrub is olive and brown clumps with black dots.
func TestRaster_2_1_ScrubDrawn(t *testing.T) {
	p := newProbe(t, "26")
	ps := p.pixels("26E9", 0.8)
	olive, brown := nearCount(ps, colScrubOlive, 25), nearCount(ps, colScrubBrown, 25)
	if olive < len(ps)/40 || brown < len(ps)/80 {
		t.Errorf("26E9: %d olive and %d brown pixels of %d", olive, brown, len(ps))
	}
	if n := nearCount(p.pixels("26B1", 0.8), colScrubOlive, 25); n != 0 {
		t.Errorf("desert 26B1 has %d olive pixels", n)
	}
}

// 5.1: a wadi hex shows its bed, darker than the ground, at its centre.
func TestRaster_5_1_WadiBedAtCentre(t *testing.T) {
	p := newProbe(t, "25")
	got := mean(p.pixels("25C5", 0.1))
	if dist(got, colWadiBed) > 30 {
		t.Errorf("25C5 centre averages %v, want the bed colour %v", got, colWadiBed)
	}
	if luma(got) >= luma(levelColor(0))-25 {
		t.Errorf("25C5 bed %v is not darker than the ground %v", got, levelColor(0))
	}
}

// 5.21: the bed runs to the midpoint of each wadi hexside, so it is seen
// there too, and not at the midpoint of a side it does not cross.
func TestRaster_5_21_WadiReachesItsHexsides(t *testing.T) {
	p := newProbe(t, "25")
	at := func(h hexmap.Hex, d hexmap.Dir) rgb {
		c := p.l.Pixels.Center(h)
		a := 0.8 * probeSize * math.Sqrt(3) / 2
		x, y := c.X+sideNX[d]*a, c.Y+sideNY[d]*a
		var ps []color.RGBA
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				ps = append(ps, p.l.Terrain.RGBAAt(int(x)+dx, int(y)+dy))
			}
		}
		return mean(ps)
	}
	b4, c5 := p.hex("25B4"), p.hex("25C5")
	d, _ := c5.DirTo(b4)
	if got := at(c5, d); dist(got, colWadiBed) > 40 {
		t.Errorf("25C5 towards B4 (a wadi hexside) is %v, want bed %v", got, colWadiBed)
	}
	c4 := p.hex("25C4")
	d, _ = c5.DirTo(c4)
	if got := at(c5, d); dist(got, colWadiBed) < 40 {
		t.Errorf("25C5 towards C4 (no wadi hexside) is %v, bed-coloured", got)
	}
}

// 5.6: cliff hexsides are drawn as dark lines with hachures.
func TestRaster_5_6_CliffDrawn(t *testing.T) {
	p := newProbe(t, "25")
	d5, d4 := p.hex("25D5"), p.hex("25D4")
	dir, _ := d5.DirTo(d4)
	a, b := p.l.Pixels.SideEnds(d5, dir)
	mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
	found := false
	for dy := -3; dy <= 3; dy++ {
		for dx := -3; dx <= 3; dx++ {
			c := p.l.Terrain.RGBAAt(int(mx)+dx, int(my)+dy)
			found = found || dist(rgb{float32(c.R), float32(c.G), float32(c.B)}, colCliff) < 20
		}
	}
	if !found {
		t.Error("no cliff line on 25D5-D4")
	}
}

// 6.1, 6.6: hillocks are brown to reddish-brown; a summit is the colour of
// a level-1 hill.
func TestRaster_6_1_HillockAndSummit(t *testing.T) {
	p := newProbe(t, "27", "H1 on 27H6-G7")
	var hillock, summit string
	for _, h := range p.m.Hexes() {
		if p.m.OverlayAt(h) != "H1" {
			continue
		}
		tr := p.m.Terrain(h)
		switch {
		case tr.Has(hexmap.Summit):
			summit = p.m.Label(h)
		case tr.Has(hexmap.Hillock) && !tr.Has(hexmap.Scrub) && hillock == "":
			hillock = p.m.Label(h)
		}
	}
	if hillock == "" || summit == "" {
		t.Fatalf("H1 has no plain hillock (%q) or summit (%q)", hillock, summit)
	}
	got := mean(p.pixels(hillock, 0.3))
	if dist(got, colHillock) > 25 || got.r < got.g+20 {
		t.Errorf("hillock %s averages %v, want reddish-brown near %v", hillock, got, colHillock)
	}
	if got := mean(p.pixels(summit, 0.3)); dist(got, levelColor(2)) > 20 {
		t.Errorf("summit %s averages %v, want the level-1 hill colour %v", summit, got, levelColor(2))
	}
}

// 4.2: Lip hexsides get golden shading inside the deir.
func TestRaster_4_2_LipShading(t *testing.T) {
	p := newProbe(t, "28", "D2 on 28P5-P4")
	h := p.hex("28P5")
	var lipDir hexmap.Dir = 6
	for d := hexmap.Dir(0); d < 6; d++ {
		if p.m.Side(h, d).Has(hexmap.SideLip) {
			lipDir = d
			break
		}
	}
	if lipDir == 6 {
		t.Fatal("28P5 has no Lip hexside")
	}
	c := p.l.Pixels.Center(h)
	a := 0.9 * probeSize * math.Sqrt(3) / 2
	edge := p.l.Terrain.RGBAAt(int(c.X+sideNX[lipDir]*a), int(c.Y+sideNY[lipDir]*a))
	if e := (rgb{float32(edge.R), float32(edge.G), float32(edge.B)}); dist(e, colLip) > dist(e, colDeir) {
		t.Errorf("inside 28P5's Lip hexside the colour is %v, nearer the deir %v than the Lip %v", e, colDeir, colLip)
	}
}

// 7.51: Dune Crest hexsides carry a darker-yellow ridge mark.
func TestRaster_7_51_CrestDrawn(t *testing.T) {
	p := newProbe(t, "26", "SD3 on 26V6-V5")
	n := 0
	for _, h := range p.m.Hexes() {
		for d := hexmap.Dir(0); d < 3; d++ {
			if !p.m.Side(h, d).Has(hexmap.SideCrest) {
				continue
			}
			a, b := p.l.Pixels.SideEnds(h, d)
			c := p.l.Terrain.RGBAAt(int((a.X+b.X)/2), int((a.Y+b.Y)/2))
			if dist(rgb{float32(c.R), float32(c.G), float32(c.B)}, colCrest) > 30 {
				t.Errorf("crest %s: midpoint colour %v, want %v", p.m.SideName(h, d), c, colCrest)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("SD3 placed no crest hexsides")
	}
}

// F.2A: board 25's hill levels darken as they rise.
func TestRaster_F2A_HillLevelsDarken(t *testing.T) {
	p := newProbe(t, "25")
	byLevel := map[int]rgb{}
	for _, h := range p.m.Hexes() {
		tr := p.m.Terrain(h)
		if tr.Cover != hexmap.Open || tr.Flags != 0 || byLevel[tr.Base] != (rgb{}) || p.m.OnEdge(h) {
			continue
		}
		plain := true
		for d := hexmap.Dir(0); d < 6; d++ {
			plain = plain && p.m.Side(h, d) == 0
		}
		if !plain {
			continue
		}
		byLevel[tr.Base] = mean(p.pixels(p.m.Label(h), 0.3))
	}
	for lv := 2; lv <= 6; lv += 2 {
		lo, hi := byLevel[lv-2], byLevel[lv]
		if lo == (rgb{}) || hi == (rgb{}) {
			continue
		}
		if luma(hi) >= luma(lo)-6 {
			t.Errorf("level %d %v is not darker than level %d %v", lv/2, hi, lv/2-1, lo)
		}
	}
	if byLevel[2] == (rgb{}) || byLevel[6] == (rgb{}) {
		t.Errorf("board 25 should have open hill hexes at levels 1 and 3: %v", byLevel)
	}
}

// Grid, labels and outlines each draw where they should.
func TestRasterOverlayLayers(t *testing.T) {
	p := newProbe(t, "27", "H1 on 27H6-G7")
	h := p.hex("27C5")
	c := p.l.Pixels.Center(h)
	if a := p.l.Grid.RGBAAt(int(c.X), int(c.Y)).A; a == 0 {
		t.Error("no centre dot in the Grid layer")
	}
	a, b := p.l.Pixels.SideEnds(h, hexmap.North)
	if p.l.Grid.RGBAAt(int((a.X+b.X)/2), int((a.Y+b.Y)/2)).A == 0 {
		t.Error("no hexside line in the Grid layer")
	}
	ink := 0
	for y := int(c.Y - 0.85*probeSize); y < int(c.Y-0.3*probeSize); y++ {
		for x := int(c.X - 0.4*probeSize); x < int(c.X+0.4*probeSize); x++ {
			if p.l.Labels.RGBAAt(x, y).A > 128 {
				ink++
			}
		}
	}
	if ink < 10 {
		t.Errorf("no label near the top of 27C5 (%d inked pixels)", ink)
	}
	on := 0
	for _, po := range p.m.Overlays() {
		all := po.AllHexes()
		for _, e := range po.Outline() {
			a, b := p.l.Pixels.SideEnds(all[e[0]], hexmap.Dir(e[1]))
			// corners are solid in the dash pattern
			x, y := a.X+(b.X-a.X)*0.1, a.Y+(b.Y-a.Y)*0.1
			if dist(rgbOf(p.l.Outlines.RGBAAt(int(x), int(y))), colOutline) < 40 {
				on++
			}
		}
	}
	if on == 0 {
		t.Error("no overlay outline drawn")
	}
}

func rgbOf(c color.RGBA) rgb { return rgb{float32(c.R), float32(c.G), float32(c.B)} }

// The legend shows every entry, at the requested size.
func TestLegendLayout(t *testing.T) {
	small, big := Legend(Style{HexSize: 16}), Legend(Style{HexSize: 40})
	if big.Bounds().Dx() <= small.Bounds().Dx() {
		t.Errorf("legend at 40 px (%v) is not bigger than at 16 px (%v)", big.Bounds(), small.Bounds())
	}
	covers := map[hexmap.Cover]bool{}
	var flags hexmap.HexFlags
	var sides hexmap.SideFlags
	for _, e := range legendEntries {
		lw := &legendWorld{world: newWorld(hexmap.Within(origin, 4))}
		e.set(lw)
		for _, h := range lw.hexes {
			c := lw.cell(h)
			covers[c.t.Cover] = true
			flags |= c.t.Flags
			for _, s := range c.side {
				sides |= s
			}
		}
	}
	for c := hexmap.Desert; c <= hexmap.BrokenGround; c++ {
		if !covers[c] {
			t.Errorf("the legend shows no %s", c)
		}
	}
	for _, f := range []hexmap.HexFlags{hexmap.Scrub, hexmap.Hammada, hexmap.Sand, hexmap.Wadi, hexmap.Deir, hexmap.Lip,
		hexmap.Hillock, hexmap.Summit, hexmap.Road, hexmap.Paved, hexmap.Bridge, hexmap.Dune, hexmap.HighDune} {
		if flags&f == 0 {
			t.Errorf("the legend shows no %s", f)
		}
	}
	for _, f := range []hexmap.SideFlags{hexmap.SideWadi, hexmap.SideCliff, hexmap.SideLip, hexmap.SideCrest,
		hexmap.SideWall, hexmap.SideHedge, hexmap.SideRoad, hexmap.SidePaved, hexmap.SideCactus} {
		if sides&f == 0 {
			t.Errorf("the legend shows no %s hexside", f)
		}
	}
}
