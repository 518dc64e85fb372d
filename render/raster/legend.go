package raster

import (
	"image"
	"image/draw"
	"math"

	"khamsin/hexmap"
)

// legendEntry is one sample of the terrain key: a small cluster of hexes
// round the centre hex (0,0) dressed by set, with a caption.
type legendEntry struct {
	name, rule string
	set        func(w *legendWorld)
}

// legendWorld is a sample cluster being dressed.
type legendWorld struct {
	*world
	outline bool // draw the centre hex and its ring as a placed overlay
}

var origin = hexmap.Hex{}

// hexes offsets used by the samples
var (
	hN, hNE, hSE = origin.Neighbor(hexmap.North), origin.Neighbor(hexmap.NorthEast), origin.Neighbor(hexmap.SouthEast)
	hS, hSW, hNW = origin.Neighbor(hexmap.South), origin.Neighbor(hexmap.SouthWest), origin.Neighbor(hexmap.NorthWest)
)

func (w *legendWorld) hex(h hexmap.Hex, c hexmap.Cover, f hexmap.HexFlags, base int) {
	if cl := w.cell(h); cl != nil {
		cl.t = hexmap.Terrain{Cover: c, Flags: f, Base: base}
	}
}

func (w *legendWorld) flag(f hexmap.HexFlags, hs ...hexmap.Hex) {
	for _, h := range hs {
		if cl := w.cell(h); cl != nil {
			cl.t.Flags |= f
		}
	}
}

func (w *legendWorld) cover(c hexmap.Cover, hs ...hexmap.Hex) {
	for _, h := range hs {
		if cl := w.cell(h); cl != nil {
			cl.t.Cover = c
		}
	}
}

func (w *legendWorld) level(half int, hs ...hexmap.Hex) {
	for _, h := range hs {
		if cl := w.cell(h); cl != nil {
			cl.t.Base = half
		}
	}
}

func (w *legendWorld) sides(f hexmap.SideFlags, h hexmap.Hex, dirs ...hexmap.Dir) {
	for _, d := range dirs {
		w.setSide(h, d, w.side(h, d)|f)
	}
}

// chain makes a linear feature (wadi, road) run through the hexes in
// order, marking the hexsides between them with f.
func (w *legendWorld) chain(f hexmap.SideFlags, hs ...hexmap.Hex) {
	for i := 0; i+1 < len(hs); i++ {
		if d, ok := hs[i].DirTo(hs[i+1]); ok {
			w.sides(f, hs[i], d)
		}
	}
}

var (
	// a line of hexes across the sample, south-west to north-east
	acrossW = origin.Neighbor(hexmap.SouthWest).Neighbor(hexmap.SouthWest)
	acrossE = origin.Neighbor(hexmap.NorthEast).Neighbor(hexmap.NorthEast)
	across  = []hexmap.Hex{acrossW, hSW, origin, hNE, acrossE}
	// a line running west to east, bending through the centre
	bendW = hSW.Neighbor(hexmap.NorthWest)
	bendE = hSE.Neighbor(hexmap.NorthEast)
	bend  = []hexmap.Hex{bendW, hSW, origin, hSE, bendE}
	ring  = []hexmap.Hex{hN, hNE, hSE, hS, hSW, hNW}
)

var legendEntries = []legendEntry{
	{"Desert open ground", "1.1", func(w *legendWorld) {}},
	{"Board 25 hill ground", "F.2A", func(w *legendWorld) {
		w.cover(hexmap.Open, origin, hN, hNE, hNW, hSE)
		w.level(2, origin, hN, hNE, hNW, hSE)
	}},
	{"Scrub", "2.1", func(w *legendWorld) { w.flag(hexmap.Scrub, origin, hNE, hS) }},
	{"Hammada", "3.1", func(w *legendWorld) { w.flag(hexmap.Hammada, origin, hN, hSW) }},
	{"Sand", "7.1", func(w *legendWorld) { w.flag(hexmap.Sand, origin, hN, hNW, hSE) }},
	{"Sand dune, Dune Crest", "7.5, 7.51", func(w *legendWorld) {
		w.flag(hexmap.Sand|hexmap.Dune, origin, hN, hNE, hNW, hS, hSW, hSE)
		w.sides(hexmap.SideCrest, hNW, hexmap.NorthEast, hexmap.SouthEast)
		w.sides(hexmap.SideCrest, origin, hexmap.NorthEast)
		w.sides(hexmap.SideCrest, hSE, hexmap.North)
	}},
	{"High dune", "7.5", func(w *legendWorld) {
		w.flag(hexmap.Sand|hexmap.Dune|hexmap.HighDune, origin, hN, hNE, hS, hSW)
		w.sides(hexmap.SideCrest, origin, hexmap.North, hexmap.NorthEast)
	}},
	{"Wadi", "5.1", func(w *legendWorld) {
		w.flag(hexmap.Wadi, bend...)
		w.chain(hexmap.SideWadi, bend...)
	}},
	{"Wadi cliff", "5.6", func(w *legendWorld) {
		w.level(2, origin, hN, hNE, hNW, hS, hSW, hSE, acrossW, acrossE, bendW, bendE)
		w.cover(hexmap.Open, hN, hNE, hNW, hS)
		w.flag(hexmap.Wadi, bend...)
		w.chain(hexmap.SideWadi, bend...)
		w.sides(hexmap.SideCliff, origin, hexmap.North, hexmap.NorthEast, hexmap.NorthWest)
		w.sides(hexmap.SideCliff, hSW, hexmap.NorthWest)
	}},
	{"Deir, Lip", "4.1, 4.2", func(w *legendWorld) {
		in := []hexmap.Hex{origin, hN, hSE}
		w.flag(hexmap.Deir|hexmap.Lip, in...)
		for _, h := range in {
			for d := hexmap.Dir(0); d < 6; d++ {
				if c := w.cell(h.Neighbor(d)); c != nil && !c.t.Has(hexmap.Deir) {
					w.sides(hexmap.SideLip, h, d)
				}
			}
		}
	}},
	{"Hillock", "6.1", func(w *legendWorld) { w.flag(hexmap.Hillock, origin, hN, hNE, hSE) }},
	{"Hillock summit", "6.6", func(w *legendWorld) {
		w.flag(hexmap.Hillock, append(ring, origin)...)
		w.flag(hexmap.Summit, origin)
	}},
	{"Hill levels 1, 2, 3", "F.2A", func(w *legendWorld) {
		w.cover(hexmap.Open, append(ring, origin, acrossE, bendE)...)
		w.level(2, hSW, hS, hNW)
		w.level(4, origin, hN, hSE)
		w.level(6, hNE, acrossE, bendE)
	}},
	{"Brush", "F.2", func(w *legendWorld) { w.cover(hexmap.Brush, origin, hNE, hNW) }},
	{"Crag", "F.2", func(w *legendWorld) { w.cover(hexmap.Crag, origin, hS) }},
	{"Orchard", "F.2", func(w *legendWorld) { w.cover(hexmap.Orchard, origin, hN) }},
	{"Woods", "F.2", func(w *legendWorld) { w.cover(hexmap.Woods, origin, hNE, hSE) }},
	{"Grain", "F.2", func(w *legendWorld) { w.cover(hexmap.Grain, origin, hNW) }},
	{"Vineyard", "13.6", func(w *legendWorld) { w.cover(hexmap.Vineyard, origin, hN) }},
	{"Cactus patch", "13.4", func(w *legendWorld) { w.cover(hexmap.CactusPatch, origin, hSE) }},
	{"Olive grove", "13.5", func(w *legendWorld) { w.cover(hexmap.OliveGrove, origin, hNE) }},
	{"Broken ground", "13.1", func(w *legendWorld) {
		w.cover(hexmap.BrokenGround, origin, hN, hSW)
		w.cover(hexmap.Crag, hNE)
	}},
	{"Stone building", "F.1", func(w *legendWorld) { w.cover(hexmap.Building, origin, hNE) }},
	{"Citadel", "12.43", func(w *legendWorld) {
		w.cover(hexmap.Citadel, origin)
		w.sides(hexmap.SideCliff, origin, 0, 1, 2, 3, 4, 5)
	}},
	{"Mausoleum", "12.44", func(w *legendWorld) { w.cover(hexmap.Mausoleum, origin) }},
	{"Bedouin tents", "12.45", func(w *legendWorld) { w.cover(hexmap.Tents, origin, hN, hSE) }},
	{"Road", "9.3", func(w *legendWorld) {
		w.flag(hexmap.Road, across...)
		w.chain(hexmap.SideRoad, across...)
	}},
	{"Paved road", "11.74", func(w *legendWorld) {
		w.flag(hexmap.Road|hexmap.Paved, bend...)
		w.chain(hexmap.SideRoad|hexmap.SidePaved, bend...)
	}},
	{"Bridge over a wadi", "5.51", func(w *legendWorld) {
		wadi := []hexmap.Hex{hN.Neighbor(hexmap.North), hN, origin, hS, hS.Neighbor(hexmap.South)}
		w.flag(hexmap.Wadi, wadi...)
		w.chain(hexmap.SideWadi, wadi...)
		road := []hexmap.Hex{bendW, hSW, origin, hSE, bendE}
		w.flag(hexmap.Road, road...)
		w.flag(hexmap.Bridge, origin)
		w.chain(hexmap.SideRoad, road...)
	}},
	{"Wall", "10.1", func(w *legendWorld) {
		w.sides(hexmap.SideWall, origin, hexmap.North, hexmap.NorthEast, hexmap.SouthEast)
	}},
	{"Hedge", "10.1", func(w *legendWorld) {
		w.sides(hexmap.SideHedge, origin, hexmap.NorthWest, hexmap.North, hexmap.NorthEast)
	}},
	{"Cactus hedge", "13.3", func(w *legendWorld) {
		w.sides(hexmap.SideHedge|hexmap.SideCactus, origin, hexmap.SouthWest, hexmap.NorthWest, hexmap.North)
	}},
	{"Hillside wall", "10.1", func(w *legendWorld) {
		w.cover(hexmap.Open, hN, hNE, hNW, hN.Neighbor(hexmap.North))
		w.level(2, hN, hNE, hNW, hN.Neighbor(hexmap.North))
		w.sides(hexmap.SideWall, origin, hexmap.NorthWest, hexmap.North, hexmap.NorthEast)
	}},
	{"Overlay outline and ID", "12.1", func(w *legendWorld) {
		w.flag(hexmap.Hillock, origin, hN, hSE)
		w.outline = true
	}},
}

// Legend draws the terrain key: every kind of terrain and hexside the
// rasteriser draws, each as a small cluster of hexes at st.HexSize with
// its name and rule number, on a dark sheet. st.Margin sets the sheet's
// border (zero means a default of a quarter hex).
func Legend(st Style) *image.RGBA {
	s := st.size()
	pad := st.Margin
	if pad <= 0 {
		pad = int(math.Round(0.35 * s))
	}
	cellW, cellH := int(math.Round(3.6*s)), int(math.Round(2.7*s))
	capF := faceFor(fontMedium, math.Max(8, 0.3*s))
	ruleF := faceFor(fontMedium, math.Max(7, 0.26*s))
	titleF := faceFor(fontBold, math.Max(11, 0.5*s))
	capH := int(math.Ceil(capF.ascent+capF.descent+ruleF.ascent+ruleF.descent)) + 4
	gap := max(4, int(math.Round(0.22*s)))
	cols := 6
	rows := (len(legendEntries) + cols - 1) / cols
	titleH := int(math.Ceil(titleF.ascent+titleF.descent)) + gap
	wImg := 2*pad + cols*cellW + (cols-1)*gap
	hImg := 2*pad + titleH + rows*(cellH+capH) + (rows-1)*gap
	out := image.NewRGBA(image.Rect(0, 0, wImg, hImg))
	draw.Draw(out, out.Bounds(), image.NewUniform(colFrame.rgba()), image.Point{}, draw.Src)
	titleF.draw(out, out.Bounds(), "Khamsin terrain key", float64(pad), float64(pad)+titleF.ascent,
		colLabelHalo.rgba(), colLabel.alpha(0))

	for i, e := range legendEntries {
		col, row := i%cols, i/cols
		x0 := pad + col*(cellW+gap)
		y0 := pad + titleH + row*(cellH+capH+gap)
		cell := legendSample(e, s, image.Pt(cellW, cellH))
		r := image.Rect(x0, y0, x0+cellW, y0+cellH)
		draw.Draw(out, r, cell, image.Point{}, draw.Src)
		// a thin light border round the sample
		border := colFrameLine.rgba()
		for x := r.Min.X - 1; x <= r.Max.X; x++ {
			out.SetRGBA(x, r.Min.Y-1, border)
			out.SetRGBA(x, r.Max.Y, border)
		}
		for y := r.Min.Y - 1; y <= r.Max.Y; y++ {
			out.SetRGBA(r.Min.X-1, y, border)
			out.SetRGBA(r.Max.X, y, border)
		}
		clip := image.Rect(x0, r.Max.Y, x0+cellW, r.Max.Y+capH)
		name := fitText(capF, e.name, float64(cellW))
		capF.draw(out, clip, name, float64(x0), float64(r.Max.Y+2)+capF.ascent, colLabelHalo.rgba(), colLabel.alpha(0))
		ruleF.draw(out, clip, Cite(e.rule), float64(x0), float64(r.Max.Y+2)+capF.ascent+capF.descent+ruleF.ascent,
			colFrameLine.mix(colLabelHalo, 0.3).rgba(), colLabel.alpha(0))
	}
	return out
}

// fitText shortens s with an ellipsis until it fits width.
func fitText(f *textFace, s string, width float64) string {
	if f.width(s) <= width {
		return s
	}
	for len(s) > 1 && f.width(s+"...") > width {
		s = s[:len(s)-1]
	}
	return s + "..."
}

// legendSample draws one entry: a cluster of hexes at size s centred in
// an image of the given size, with its grid (and outline, if any).
func legendSample(e legendEntry, s float64, size image.Point) *image.RGBA {
	lw := &legendWorld{world: newWorld(hexmap.Within(origin, 4))}
	e.set(lw)
	px := hexmap.Pixels{Size: s, OriginX: float64(size.X) / 2, OriginY: float64(size.Y) / 2}
	j := &job{w: lw.world, px: px, size: size, play: image.Rectangle{Max: size}}
	if lw.outline {
		o := outline{id: "H9", tag: pt{px.OriginX, px.OriginY + 0.58*s}}
		in := map[hexmap.Hex]bool{}
		for _, h := range lw.hexes {
			if lw.terrain(h).Has(hexmap.Hillock) {
				in[h] = true
			}
		}
		for _, h := range lw.hexes {
			if !in[h] {
				continue
			}
			for d := hexmap.Dir(0); d < 6; d++ {
				if !in[h.Neighbor(d)] {
					a, b := px.SideEnds(h, d)
					o.segs = append(o.segs, [2]pt{{a.X, a.Y}, {b.X, b.Y}})
				}
			}
			if c := lw.cell(h); c != nil {
				c.piece = 1
			}
		}
		j.outlines = []outline{o}
	}
	return j.run().Composite(true, false, true)
}

// levelShades is the level sample of the viewer's map key: desert at
// level 0, then board-25 hill ground at levels 1 to 4 (F.2A): the higher,
// the darker.
var levelShades = legendEntry{"Levels 0–4: higher is darker", "F.2A", func(w *legendWorld) {
	row := []hexmap.Hex{bendW, hSW, origin, hSE, bendE}
	for i, h := range row[1:] {
		w.hex(h, hexmap.Open, 0, 2*(i+1))
	}
	w.hex(hN, hexmap.Open, 0, 4)
	w.hex(hNE, hexmap.Open, 0, 6)
	w.hex(hS, hexmap.Open, 0, 4)
}}

// KeySample is one terrain sample of a map key: its name, its rule, and
// the hexes that show it.
type KeySample struct {
	Name, Rule string
	e          legendEntry
}

// KeySamples are the viewer's map key's terrain samples: the level
// shades, then every kind of terrain and hexside the rasteriser paints,
// in Legend's order.
func KeySamples() []KeySample {
	out := []KeySample{{levelShades.name, levelShades.rule, levelShades}}
	for _, e := range legendEntries {
		out = append(out, KeySample{e.name, e.rule, e})
	}
	return out
}

// Paint draws the sample: a cluster of hexes at hex size s centred in an
// image of the given size, with its grid (and outline, if any).
func (k KeySample) Paint(s float64, size image.Point) *image.RGBA { return legendSample(k.e, s, size) }
