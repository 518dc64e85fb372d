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

// The map key (K): a sample of everything the viewer draws, each with its
// name and rule: the level shades, every kind of terrain and hexside the
// rasteriser paints (sand, dune and grain side by side, as
// raster.KeySamples lists them), and the marks drawn over the map (hover, go-to, the LOS
// line's colours, board numbers, the north arrow). It is laid out anew
// for every window size so that it always fits.

// keyHexSize is the samples' raster hex size.
const keyHexSize = 18

// keyCell is one sample of the map key.
type keyCell struct {
	name, rule string
	terrain    *raster.KeySample                                          // a terrain sample, or
	mark       func(dst *ebiten.Image, s *MapScene, ox, oy, w, h float64) // a mark drawn in code
}

// mapKey is the key's samples as GPU images, made the first time it is
// shown.
type mapKey struct {
	cells []keyCell
	imgs  []*ebiten.Image // the terrain samples (nil for marks)
}

// keyCells lists the key's samples: levels, terrain, then the marks.
func keyCells() []keyCell {
	var cells []keyCell
	for _, e := range raster.KeySamples() {
		cells = append(cells, keyCell{name: e.Name, rule: e.Rule, terrain: &e})
	}
	Line := func(c color.RGBA, blocked bool) func(*ebiten.Image, *MapScene, float64, float64, float64, float64) {
		return func(dst *ebiten.Image, s *MapScene, ox, oy, w, h float64) {
			x0, y, x1 := ox+w*0.12, oy+h*0.5, ox+w*0.88
			lw := float32(2 * s.ui)
			stroke := func(ax, ay, bx, by float64, c color.RGBA) {
				vector.StrokeLine(dst, float32(ax), float32(ay), float32(bx), float32(by), lw+2.5, losShadow, true)
				vector.StrokeLine(dst, float32(ax), float32(ay), float32(bx), float32(by), lw, c, true)
			}
			if !blocked {
				stroke(x0, y, x1, y, c)
				return
			}
			bx := (x0 + x1) / 2
			stroke(x0, y, bx, y, losClear)
			stroke(bx, y, x1, y, losBlocked)
			d := h * 0.12
			stroke(bx-d, y-d, bx+d, y+d, losBlocked)
			stroke(bx-d, y+d, bx+d, y-d, losBlocked)
		}
	}
	ring := func(c color.RGBA, circle bool) func(*ebiten.Image, *MapScene, float64, float64, float64, float64) {
		return func(dst *ebiten.Image, s *MapScene, ox, oy, w, h float64) {
			r := float32(h * 0.32)
			lw := float32(2 * s.ui)
			if circle {
				Ring(dst, ox+w/2, oy+h/2, float64(r), float64(lw+2.5), losShadow)
				Ring(dst, ox+w/2, oy+h/2, float64(r), float64(lw), c)
				return
			}
			var p vector.Path
			for i := 0; i <= 6; i++ {
				a := float64(i) * math.Pi / 3
				x, y := float32(ox+w/2+math.Cos(a)*float64(r)*1.2), float32(oy+h/2+math.Sin(a)*float64(r)*1.2)
				if i == 0 {
					p.MoveTo(x, y)
				} else {
					p.LineTo(x, y)
				}
			}
			for _, st := range []struct {
				w float32
				c color.RGBA
			}{{lw + 2.5, hoverDark}, {lw, c}} {
				op := &vector.DrawPathOptions{AntiAlias: true}
				op.ColorScale.ScaleWithColor(st.c)
				vector.StrokePath(dst, &p, &vector.StrokeOptions{Width: st.w, LineJoin: vector.LineJoinRound}, op)
			}
		}
	}
	cells = append(cells,
		keyCell{name: "Hex pointed at or gone to (J)", mark: ring(hoverLight, false)},
		keyCell{name: "LOS from here (V)", mark: ring(losClear, true)},
		keyCell{name: "LOS clear", mark: Line(losClear, false)},
		keyCell{name: "LOS hindered (DRM)", mark: Line(losHindered, false)},
		keyCell{name: "LOS blocked at the ×", mark: Line(losBlocked, true)},
		keyCell{name: "Board number", mark: func(dst *ebiten.Image, s *MapScene, ox, oy, w, h float64) {
			face := &text.GoTextFace{Source: s.hud.Bold, Size: math.Round(h * 0.45)}
			tw := text.Advance("26", face)
			DrawText(dst, "26", face, ox+(w-tw)/2, oy+h/2-face.Size*0.62, Ink)
		}},
		keyCell{name: "North arrow", mark: func(dst *ebiten.Image, s *MapScene, ox, oy, w, h float64) {
			s.drawCompass(dst, ox+w/2, oy+h/2, h*0.42)
		}},
	)
	return cells
}

// The key's caption sizes, points at scale 1: a name of up to two lines
// and the rule.
const (
	keyCapPt  = 11
	keyRulePt = 10
)

// keyMetrics are the key's cell and caption sizes at scale 1, in screen
// pixels for device scale ui.
type keyMetrics struct {
	cellW, cellH, capH, gap, pad, titleH, footH float64
}

func newKeyMetrics(ui float64) keyMetrics {
	s := float64(keyHexSize)
	return keyMetrics{
		cellW: math.Round(4.6 * s), cellH: math.Round(2.7 * s),
		capH: ui * (2*keyCapPt + keyRulePt) * 1.2, gap: ui * 8, pad: ui * 16,
		titleH: ui * TitlePt * 1.5, footH: ui * SmallPt * 1.6,
	}
}

// keyLayout picks the number of columns and the scale at which n cells fit
// an area aw×ah best (the largest scale, at most maxK).
func keyLayout(n int, m keyMetrics, aw, ah, maxK float64) (cols int, k float64) {
	cols, k = 1, 0
	for c := 1; c <= n; c++ {
		rows := (n + c - 1) / c
		w := 2*m.pad + float64(c)*m.cellW + float64(c-1)*m.gap
		h := 2*m.pad + m.titleH + float64(rows)*(m.cellH+m.capH) + float64(rows-1)*m.gap + m.footH
		if f := math.Min(maxK, math.Min(aw/w, ah/h)); f > k {
			cols, k = c, f
		}
	}
	return cols, k
}

// keySize is the panel's size for a layout.
func keySize(n, cols int, m keyMetrics, k float64) (float64, float64) {
	rows := (n + cols - 1) / cols
	w := 2*m.pad + float64(cols)*m.cellW + float64(cols-1)*m.gap
	h := 2*m.pad + m.titleH + float64(rows)*(m.cellH+m.capH) + float64(rows-1)*m.gap + m.footH
	return w * k, h * k
}

// ensureKey makes the key's images (needs the GPU: called from Draw).
func (s *MapScene) ensureKey() *mapKey {
	if s.legend != nil {
		return s.legend
	}
	mk := &mapKey{cells: keyCells()}
	m := newKeyMetrics(1)
	size := image.Pt(int(m.cellW), int(m.cellH))
	for _, c := range mk.cells {
		var img *ebiten.Image
		if c.terrain != nil {
			img = ebiten.NewImageFromImage(c.terrain.Paint(keyHexSize, size))
		}
		mk.imgs = append(mk.imgs, img)
	}
	s.legend = mk
	return mk
}

// drawLegend draws the map key centred in area, as large as fits.
func (s *MapScene) drawLegend(screen *ebiten.Image, area image.Rectangle) {
	mk := s.ensureKey()
	m := newKeyMetrics(s.ui)
	m.cellW, m.cellH = m.cellW*s.ui, m.cellH*s.ui
	aw, ah := float64(area.Dx())-16*s.ui, float64(area.Dy())-16*s.ui
	n := len(mk.cells)
	cols, k := keyLayout(n, m, aw, ah, 1.6)
	pw, ph := keySize(n, cols, m, k)
	x0 := math.Round(float64(area.Min.X) + (float64(area.Dx())-pw)/2)
	y0 := math.Round(float64(area.Min.Y) + (float64(area.Dy())-ph)/2)
	sw, sh := float64(screen.Bounds().Dx()), float64(screen.Bounds().Dy())
	FillRect(screen, 0, 0, sw, sh, color.RGBA{0, 0, 0, 90})
	FillRect(screen, x0, y0, pw, ph, PanelFill)
	vector.StrokeRect(screen, float32(x0), float32(y0), float32(pw), float32(ph), float32(s.ui*2), PanelEdge, true)
	face := func(src *text.GoTextFaceSource, pt float64) *text.GoTextFace {
		return &text.GoTextFace{Source: src, Size: math.Max(6, pt*k*s.ui)}
	}
	title, capF, ruleF := face(s.hud.Bold, TitlePt), face(s.hud.Reg, keyCapPt), face(s.hud.Reg, keyRulePt)
	DrawText(screen, "Map key", title, x0+m.pad*k, y0+m.pad*k, Accent)
	cw, ch := m.cellW*k, m.cellH*k
	for i, c := range mk.cells {
		col, row := i%cols, i/cols
		cx := x0 + (m.pad+float64(col)*(m.cellW+m.gap))*k
		cy := y0 + (m.pad+m.titleH+float64(row)*(m.cellH+m.capH+m.gap))*k
		if img := mk.imgs[i]; img != nil {
			op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			op.GeoM.Scale(cw/float64(img.Bounds().Dx()), ch/float64(img.Bounds().Dy()))
			op.GeoM.Translate(cx, cy)
			screen.DrawImage(img, op)
		} else {
			FillRect(screen, cx, cy, cw, ch, Backdrop)
			sub := screen.SubImage(image.Rect(int(cx), int(cy), int(cx+cw), int(cy+ch))).(*ebiten.Image)
			c.mark(sub, s, cx, cy, cw, ch) // a sub-image keeps the screen's coordinates
		}
		vector.StrokeRect(screen, float32(cx), float32(cy), float32(cw), float32(ch), 1, PanelEdge, false)
		ty := cy + ch + 2*s.ui*k
		for _, l := range Wrap(c.name, capF, cw, 2) {
			DrawText(screen, l, capF, cx, ty, Ink)
			ty += capF.Size * 1.2
		}
		if c.rule != "" {
			DrawText(screen, raster.Cite(c.rule), ruleF, cx, ty, Dim)
		}
	}
	DrawText(screen, "K or Esc closes the map key", face(s.hud.Reg, SmallPt), x0+m.pad*k, y0+ph-(m.pad+m.footH*0.8)*k, Dim)
}
