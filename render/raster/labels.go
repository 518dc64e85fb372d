package raster

import (
	"image"
	"math"
	"strings"

	"khamsin/hexmap"
)

// BoardBox is where one board of the layout lies on the image.
type BoardBox struct {
	ID                     string // the board's number
	MinX, MinY, MaxX, MaxY float64
}

// BoardBoxes lists where each board of m lies at the pixel geometry px.
func BoardBoxes(m *hexmap.Map, px hexmap.Pixels) []BoardBox {
	s := px.Size
	var out []BoardBox
	for gy, row := range m.Layout() {
		for gx, ref := range row {
			x0 := px.OriginX + 48*s*float64(gx)
			y0 := px.OriginY + s*sqrt3/2 + 10*s*sqrt3*float64(gy)
			out = append(out, BoardBox{ID: ref.ID, MinX: x0, MinY: y0, MaxX: x0 + 48*s, MaxY: y0 + 10*s*sqrt3})
		}
	}
	return out
}

// hexLabel is one hex's name as printed: its hexrow letter and number,
// without the board number. align is −1 (text starts at x), 0 (centred on
// x) or +1 (text ends at x); top is the top of the capitals.
type hexLabel struct {
	text   string
	x, top float64
	align  int
}

// hexLabels places every hex's label near the top of the hex. A hex cut by
// a board edge is labelled inside its visible half, and a hex on the seam
// of two boards carries both boards' names, each in its own board's half.
func hexLabels(m *hexmap.Map, w *world, px hexmap.Pixels, boards []BoardBox) []hexLabel {
	s := px.Size
	box := map[string]BoardBox{}
	for _, b := range boards {
		box[b.ID] = b
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.25*s }
	var out []hexLabel
	for _, h := range w.hexes {
		c := px.Center(h)
		for _, name := range m.Labels(h) {
			i := strings.IndexFunc(name, func(r rune) bool { return r < '0' || r > '9' })
			if i <= 0 {
				continue
			}
			b, ok := box[name[:i]]
			if !ok {
				continue
			}
			l := hexLabel{text: name[i:], x: c.X, top: c.Y - 0.78*s}
			switch {
			case near(c.X, b.MinX):
				l.x, l.align, l.top = c.X+0.12*s, -1, c.Y-0.72*s
			case near(c.X, b.MaxX):
				l.x, l.align, l.top = c.X-0.12*s, 1, c.Y-0.72*s
			}
			if near(c.Y, b.MinY) {
				l.top = c.Y + 0.14*s
			}
			out = append(out, l)
		}
	}
	return out
}

// LabelSize is the pixel size of hex labels for hex size s.
func LabelSize(s float64) float64 { return math.Max(5.5, 0.25*s) }

// drawLabels draws hex labels and board numbers into the Labels layer.
func (j *job) drawLabels(b *bandWork, clip image.Rectangle) {
	s := j.px.Size
	f := faceFor(fontMedium, LabelSize(s))
	ink, halo := colLabel.alpha(0.9), colLabelHalo.alpha(0.55)
	y0, y1 := float64(clip.Min.Y)-s, float64(clip.Max.Y)+s
	for _, l := range j.labels {
		if l.top < y0 || l.top > y1 {
			continue
		}
		wd := f.width(l.text)
		x := l.x - wd/2
		switch l.align {
		case -1:
			x = l.x
		case 1:
			x = l.x - wd
		}
		f.draw(j.layers.Labels, clip, l.text, x, math.Round(l.top+f.capHeight), ink, halo)
	}
	// Big board numbers, twice per board, as printed: centred on the hexes
	// one in from the top-left and bottom-right corners (B1 and FF9 of an
	// unturned board), below those hexes' own labels.
	big := faceFor(fontBold, math.Max(10, 0.95*s))
	for _, bx := range j.boards {
		wd := big.width(bx.ID)
		for _, at := range []pt{
			{bx.MinX + 1.5*s, bx.MinY + s*sqrt3},
			{bx.MaxX - 1.5*s, bx.MaxY - s*sqrt3},
		} {
			top := at.y - big.capHeight/2
			if top+big.capHeight < y0 || top > y1 {
				continue
			}
			big.draw(j.layers.Labels, clip, bx.ID, at.x-wd/2, math.Round(top+big.capHeight),
				colLabel.alpha(0.7), colLabelHalo.alpha(0.6))
		}
	}
}

// outline is one placed overlay's border, for the Outlines layer.
type outline struct {
	id   string
	segs [][2]pt
	tag  pt // where its ID is written: in the hex under its printed "1"
}

func overlayOutlines(m *hexmap.Map, px hexmap.Pixels) []outline {
	var out []outline
	for _, p := range m.Overlays() {
		all := p.AllHexes()
		o := outline{id: p.ID}
		for _, e := range p.Outline() {
			h := all[e[0]]
			a, b := px.SideEnds(h, hexmap.Dir(e[1]))
			o.segs = append(o.segs, [2]pt{{a.X, a.Y}, {b.X, b.Y}})
		}
		one := all[0]
		for i, l := range p.Overlay.Hexes {
			if l == p.Overlay.One {
				one = all[i]
			}
		}
		if !m.Contains(one) && len(p.Hexes) > 0 {
			one = p.Hexes[0]
		}
		c := px.Center(one)
		o.tag = pt{c.X, c.Y + 0.58*px.Size}
		out = append(out, o)
	}
	return out
}

// drawOutlines draws each overlay's outline as a dashed line with a light
// halo, and its ID in a small tag.
func (j *job) drawOutlines(b *bandWork, clip image.Rectangle) {
	s := j.px.Size
	w := math.Max(1.2, 0.065*s)
	for _, o := range j.outlines {
		for _, sg := range o.segs {
			b.p.stroke([]pt{sg[0], sg[1]}, w+math.Max(1.5, 0.05*s))
		}
		b.p.fill(colOutlineHalo.alpha(0.75))
		for _, sg := range o.segs {
			a, e := sg[0], sg[1]
			// three dashes per hexside, solid at the corners so the
			// outline's shape reads even where dashes are short
			for _, iv := range [][2]float64{{0, 0.2}, {0.38, 0.62}, {0.8, 1}} {
				b.p.segment(a.lerp(e, iv[0]), a.lerp(e, iv[1]), w)
			}
			b.p.circle(a, w/2)
		}
		b.p.fill(colOutline.rgba())
	}
	f := faceFor(fontBold, math.Max(6.5, 0.3*s))
	for _, o := range j.outlines {
		wd := f.width(o.id)
		hh := f.capHeight
		padX, padY := math.Max(2, 0.08*s), math.Max(1.5, 0.06*s)
		x0, y0 := o.tag.x-wd/2-padX, o.tag.y-hh/2-padY
		x1, y1 := o.tag.x+wd/2+padX, o.tag.y+hh/2+padY
		if y1 < float64(clip.Min.Y) || y0 > float64(clip.Max.Y) {
			continue
		}
		rr := math.Min(0.5*(y1-y0), 0.12*s)
		bw := math.Max(0.8, 0.025*s)
		b.p.poly(roundRect(x0-bw, y0-bw, x1+bw, y1+bw, rr+bw)...)
		b.p.fill(colOutline.rgba())
		b.p.poly(roundRect(x0, y0, x1, y1, rr)...)
		b.p.fill(colOutlineHalo.rgba())
		f.draw(j.layers.Outlines, clip, o.id, o.tag.x-wd/2, math.Round(o.tag.y+hh/2), colOutline.rgba(), colOutlineHalo.alpha(0))
	}
}

// roundRect is a rectangle with corners rounded to radius r.
func roundRect(x0, y0, x1, y1, r float64) []pt {
	var out []pt
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= 4; i++ {
			a := a0 + float64(i)*math.Pi/8
			out = append(out, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x1-r, y1-r, 0)
	corner(x0+r, y1-r, math.Pi/2)
	corner(x0+r, y0+r, math.Pi)
	corner(x1-r, y0+r, 3*math.Pi/2)
	return out
}
