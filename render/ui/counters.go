package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/render/raster"
)

// Counters are drawn in code, every frame, at the size they have on the
// screen, so they stay crisp at every zoom: a rounded square in the side's
// colours, a NATO-style type symbol by class, the base's ID, its size and
// troop quality, a notch for a vehicle's facing, and status markers.

// CounterColours are one side's counter colours.
type CounterColours struct {
	Fill, Edge, Ink, Box color.RGBA
}

// nationColours: Commonwealth sand/khaki, German grey-blue, Italian
// grey-green; anything else falls back on the side's index.
var nationColours = map[string]CounterColours{
	"british": {Fill: color.RGBA{214, 190, 134, 255}, Edge: color.RGBA{92, 72, 36, 255}, Ink: color.RGBA{40, 30, 14, 255}, Box: color.RGBA{236, 220, 178, 255}},
	"german":  {Fill: color.RGBA{132, 150, 172, 255}, Edge: color.RGBA{34, 44, 60, 255}, Ink: color.RGBA{16, 22, 34, 255}, Box: color.RGBA{186, 200, 216, 255}},
	"italian": {Fill: color.RGBA{150, 164, 120, 255}, Edge: color.RGBA{48, 58, 30, 255}, Ink: color.RGBA{22, 28, 12, 255}, Box: color.RGBA{196, 206, 168, 255}},
}

// SideColours picks the colours of side index i whose nation is nation.
func SideColours(i int, nation string) CounterColours {
	if c, ok := nationColours[nation]; ok {
		return c
	}
	if i == 0 {
		return nationColours["british"]
	}
	return nationColours["german"]
}

// Marker colours.
var (
	markPinned    = color.RGBA{200, 40, 30, 255}
	markShaken    = color.RGBA{230, 130, 20, 255}
	markWeakened  = color.RGBA{130, 60, 150, 255}
	markChallenge = color.RGBA{240, 200, 40, 255}
	markStuck     = color.RGBA{110, 70, 30, 255}
	markDugIn     = color.RGBA{120, 88, 48, 255}
	MarkSelected  = color.RGBA{255, 236, 120, 255}
	markTarget    = color.RGBA{230, 40, 30, 255}
	counterShadow = color.RGBA{0, 0, 0, 90}
)

// Counter is one counter to draw, in screen pixels.
type Counter struct {
	X, Y, S  float64 // centre and side
	Col      CounterColours
	Class    string // the catalogue's class word; "contact" for a Contact Marker
	AntiTank bool   // a gun whose first weapon is AP: the anti-tank symbol
	Recon    bool
	ID       string
	Size, TQ int
	Facing   float64 // radians, screen angle (0 east, clockwise), when HasFacing
	Facing2  bool
	Pinned   bool
	Shaken   bool
	Weakened bool
	Activ    bool // its unit has been activated this turn: drawn dimmed
	Chall    bool
	DugIn    bool
	Stuck    string
	Carried  int // bases it carries
	Selected bool
	Target   bool // a valid target now
	Unitmate bool // another base of the selected unit
}

// CounterFaces holds the counters' fonts; sizes are rounded to whole
// pixels so the glyph cache stays small.
type CounterFaces struct {
	Src   *text.GoTextFaceSource
	faces map[int]*text.GoTextFace
}

func (f *CounterFaces) Face(px float64) *text.GoTextFace {
	n := max(6, int(math.Round(px)))
	if fc, ok := f.faces[n]; ok {
		return fc
	}
	if f.faces == nil {
		f.faces = map[int]*text.GoTextFace{}
	}
	fc := &text.GoTextFace{Source: f.Src, Size: float64(n)}
	f.faces[n] = fc
	return fc
}

// CentredLabel is CentredText through the line cache: for labels drawn
// again every frame (the designer's marks), where text.Draw's glyph by
// glyph layout cost a designer frame on dawn several milliseconds.
func CentredLabel(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c color.Color) {
	if !lineCache.drawAt(dst, s, face, x, y, c, true) {
		CentredText(dst, s, face, x, y, c)
	}
}

// CentredText draws s centred on (x,y).
func CentredText(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	op.GeoM.Translate(math.Round(x), math.Round(y))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}

// RoundRectPath is a rounded rectangle path, its corners quarter circles
// of straight segments (marks.go: no curves reach a path drawn every
// frame).
func RoundRectPath(x, y, w, h, r float64) *vector.Path {
	var p vector.Path
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	p.MoveTo(float32(x+r), float32(y))
	addQuarter(&p, x+w-r, y+r, r, -math.Pi/2)
	addQuarter(&p, x+w-r, y+h-r, r, 0)
	addQuarter(&p, x+r, y+h-r, r, math.Pi/2)
	addQuarter(&p, x+r, y+r, r, math.Pi)
	p.Close()
	return &p
}

func FillPath(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

func StrokePath(dst *ebiten.Image, p *vector.Path, width float64, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

func Line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.Color) {
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(w), c, true)
}

// Counters are painted on the CPU with the board's painter (x/image
// vector) and the board's fonts into a small picture per look and size,
// uploaded once and drawn with one DrawImage a frame (counterCache).

// badge is a round status marker on a counter's right edge.
type badge struct {
	t string
	c color.RGBA
}

func (c Counter) badges() []badge {
	var bs []badge
	if c.Pinned {
		bs = append(bs, badge{"P", markPinned})
	}
	if c.Shaken {
		bs = append(bs, badge{"S", markShaken})
	}
	if c.Weakened {
		bs = append(bs, badge{"W", markWeakened})
	}
	if c.Chall {
		bs = append(bs, badge{"C", markChallenge})
	}
	if c.Stuck != "" {
		bs = append(bs, badge{string(upper(c.Stuck[0])), markStuck})
	}
	if c.Carried > 0 {
		bs = append(bs, badge{"+" + itoa(c.Carried), color.RGBA{60, 60, 60, 255}})
	}
	return bs
}

func (c Counter) badgeAt(i int) (x, y, r float64) {
	r = math.Max(4, c.S*0.15)
	return c.X + c.S/2, c.Y - c.S/2 + r*0.6 + float64(i)*r*2.05, r
}

// dimmed darkens a colour for an activated unit's counters.
func dimmed(c color.RGBA) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * 0.62), uint8(float64(c.G) * 0.62), uint8(float64(c.B) * 0.62), c.A}
}

// xy is a point for the pen.
func xy(x, y float64) raster.Pt { return raster.Pt{X: x, Y: y} }

// paintCounter paints c (its centre at c.X, c.Y) into dst.
func paintCounter(dst *image.RGBA, c Counter) {
	cp := raster.NewPen(dst)
	s := c.S
	x0, y0 := c.X-s/2, c.Y-s/2
	r := s * 0.14
	lw := math.Max(1, s*0.045)
	col := c.Col
	if c.Activ {
		col.Fill, col.Box = dimmed(col.Fill), dimmed(col.Box)
	}
	if c.Selected || c.Target {
		ring := MarkSelected
		if c.Target {
			ring = markTarget
		}
		g := lw * 1.6
		cp.Loop(ring, math.Max(2, lw*2), raster.RoundRect(x0-g, y0-g, x0+s+g, y0+s+g, r+g))
	}
	cp.FillPoly(counterShadow, raster.RoundRect(x0+s*0.05, y0+s*0.07, x0+s*1.05, y0+s*1.07, r)...)
	cp.FillPoly(col.Fill, raster.RoundRect(x0, y0, x0+s, y0+s, r)...)
	edge := col.Edge
	if c.Unitmate {
		edge = MarkSelected
	}
	cp.Loop(edge, lw, raster.RoundRect(x0, y0, x0+s, y0+s, r))
	if c.Class == "contact" {
		cp.Text("?", s*0.62, c.X, c.Y, col.Ink)
		return
	}
	bw, bh := s*0.62, s*0.38
	bx, by := c.X-bw/2, y0+s*0.12
	if s >= 12 {
		box := []raster.Pt{xy(bx, by), xy(bx+bw, by), xy(bx+bw, by+bh), xy(bx, by+bh)}
		cp.FillPoly(col.Box, box...)
		cp.Loop(col.Ink, lw, box)
		paintSymbol(cp, c, bx, by, bw, bh, lw)
	}
	if c.Facing2 {
		dx, dy := math.Cos(c.Facing), math.Sin(c.Facing)
		k := (s / 2) / math.Max(math.Abs(dx), math.Abs(dy))
		ex, ey := c.X+dx*k, c.Y+dy*k
		n := s * 0.16
		px, py := -dy, dx
		tri := []raster.Pt{xy(ex+dx*n, ey+dy*n), xy(ex+px*n*0.8, ey+py*n*0.8), xy(ex-px*n*0.8, ey-py*n*0.8)}
		cp.FillPoly(col.Edge, tri...)
		cp.Loop(color.RGBA{250, 240, 220, 255}, math.Max(1, lw*0.6), tri)
	}
	if c.DugIn {
		n := 4
		rad := s / float64(2*n+2)
		for i := 0; i < n; i++ {
			at := xy(x0+s*0.5-float64(n-1)*rad+float64(i)*2*rad, y0+s+rad*0.7)
			cp.Disc(markDugIn, at, rad)
			cp.Ring(col.Ink, lw*0.7, at, rad)
		}
	}
	if s >= 24 {
		cp.Text(c.ID, s*0.21, c.X, y0+s*0.66, col.Ink)
	}
	if s >= 36 {
		cp.Text(itoa(c.Size), s*0.16, x0+s*0.17, y0+s*0.87, col.Ink)
		cp.Text(Signed(c.TQ), s*0.16, x0+s*0.83, y0+s*0.87, col.Ink)
	}
	for i, b := range c.badges() {
		bx, by, br := c.badgeAt(i)
		cp.Disc(b.c, xy(bx, by), br)
		cp.Ring(color.RGBA{20, 14, 8, 255}, math.Max(1, lw*0.8), xy(bx, by), br)
		if s >= 20 {
			ink := color.RGBA{255, 255, 255, 255}
			if b.c == markChallenge {
				ink = color.RGBA{30, 20, 0, 255}
			}
			cp.Text(b.t, br*1.3, bx, by, ink)
		}
	}
}

// paintSymbol paints the NATO-style type symbol inside the box by class.
func paintSymbol(cp *raster.Pen, c Counter, bx, by, bw, bh, lw float64) {
	ink := c.Col.Ink
	cx, cy := bx+bw/2, by+bh/2
	P := func(fx, fy float64) raster.Pt { return xy(bx+bw*fx, by+bh*fy) }
	switch c.Class {
	case "infantry":
		cp.Line(ink, lw, P(0, 0), P(1, 1))
		cp.Line(ink, lw, P(0, 1), P(1, 0))
	case "cavalry":
		cp.Line(ink, lw, P(0, 1), P(1, 0))
	case "engineer":
		cp.Line(ink, lw, P(0.2, 0.65), P(0.8, 0.65))
		for _, f := range []float64{0.2, 0.5, 0.8} {
			cp.Line(ink, lw, P(f, 0.65), P(f, 0.3))
		}
	case "armoured", "combat":
		cp.Loop(ink, lw, raster.RoundRect(bx+bw*0.16, by+bh*0.22, bx+bw*0.84, by+bh*0.78, bh*0.28))
		if c.Class == "combat" {
			cp.Disc(ink, xy(cx, cy), bh*0.1)
		}
	case "gun":
		if c.AntiTank {
			cp.Line(ink, lw, P(0.22, 0.88), P(0.5, 0.14))
			cp.Line(ink, lw, P(0.5, 0.14), P(0.78, 0.88))
		} else {
			cp.Disc(ink, xy(cx, cy), bh*0.2)
		}
	case "transport":
		cp.Line(ink, lw, P(0.18, 0.45), P(0.82, 0.45))
		for _, f := range []float64{0.3, 0.7} {
			cp.Ring(ink, lw, P(f, 0.7), bh*0.13)
		}
	case "officer":
		cp.Line(ink, lw, P(0.3, 0.1), P(0.3, 0.92))
		cp.FillPoly(ink, P(0.3, 0.1), P(0.72, 0.1), P(0.72, 0.52), P(0.3, 0.52))
	case "observer":
		cp.Loop(ink, lw, []raster.Pt{P(0.5, 0.14), P(0.72, 0.86), P(0.28, 0.86)})
		cp.Disc(ink, P(0.5, 0.6), bh*0.08)
	}
	if c.Recon {
		cp.Line(ink, lw*0.8, P(0, 1), P(1, 0))
	}
}

// drawContactMarker, drawObjective and the battlefield markers.

func drawObjective(dst *ebiten.Image, x, y, r float64, fill color.RGBA, label string, faces *CounterFaces) {
	Disc(dst, x, y, r*1.12, color.RGBA{20, 14, 8, 255})
	Disc(dst, x, y, r, color.RGBA{250, 244, 230, 255})
	Disc(dst, x, y, r*0.72, fill)
	// a five-pointed star
	var p vector.Path
	for i := 0; i < 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		rr := r * 0.6
		if i%2 == 1 {
			rr = r * 0.25
		}
		if i == 0 {
			p.MoveTo(float32(x+rr*math.Cos(a)), float32(y+rr*math.Sin(a)))
		} else {
			p.LineTo(float32(x+rr*math.Cos(a)), float32(y+rr*math.Sin(a)))
		}
	}
	p.Close()
	FillPath(dst, &p, color.RGBA{250, 244, 230, 255})
	if r >= 9 && label != "" {
		CentredText(dst, label, faces.Face(r*0.7), x, y+r*1.55, color.RGBA{20, 14, 8, 255})
	}
}

func drawCloud(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	for _, o := range [][3]float64{{0, 0, 1}, {-0.45, 0.15, 0.7}, {0.45, 0.1, 0.75}, {0.1, -0.35, 0.7}} {
		Disc(dst, x+o[0]*r, y+o[1]*r, r*o[2], c)
	}
}

func drawWreck(dst *ebiten.Image, x, y, r float64) {
	Disc(dst, x, y, r, color.RGBA{40, 34, 30, 200})
	w := math.Max(1.5, r*0.25)
	Line(dst, x-r*0.6, y-r*0.6, x+r*0.6, y+r*0.6, w, color.RGBA{200, 90, 30, 255})
	Line(dst, x-r*0.6, y+r*0.6, x+r*0.6, y-r*0.6, w, color.RGBA{200, 90, 30, 255})
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func Signed(n int) string {
	if n >= 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 32
	}
	return b
}

// CounterCache keeps each counter's picture, drawn once per look and
// size, so a frame draws every counter with one DrawImage (vector fills
// and text are costly to mix per frame).
type CounterCache struct {
	Faces *CounterFaces
	imgs  map[Counter]*ebiten.Image
}

// counterCacheMax bounds the pictures kept; past it the cache starts over.
const counterCacheMax = 600

// Draw draws c through the cache.
func (cc *CounterCache) Draw(dst *ebiten.Image, c Counter) {
	c.S = math.Round(c.S)
	if c.S < 4 {
		return
	}
	x, y := c.X, c.Y
	c.X, c.Y = 0, 0
	img, ok := cc.imgs[c]
	if !ok {
		if cc.imgs == nil || len(cc.imgs) >= counterCacheMax {
			for _, old := range cc.imgs {
				old.Deallocate()
			}
			cc.imgs = map[Counter]*ebiten.Image{}
		}
		side := int(math.Ceil(c.S*1.7)) + 4
		k := c
		k.X, k.Y = float64(side)/2, float64(side)/2
		rgba := image.NewRGBA(image.Rect(0, 0, side, side))
		paintCounter(rgba, k)
		img = ebiten.NewImageFromImage(rgba)
		cc.imgs[c] = img
	}
	w := img.Bounds().Dx()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x-float64(w)/2), math.Round(y-float64(w)/2))
	dst.DrawImage(img, op)
}
