package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// What the designer draws: the map with its marks (bases, objectives,
// 12.33 problems, the selection, the overlay being placed, the viewshed,
// the bases lost in Try it), the palette, the properties panel, the
// status lines, and the problems list, help and quit question on top.

var (
	dsSelect    = color.RGBA{90, 200, 255, 255}
	dsProblem   = color.RGBA{230, 40, 30, 255}
	dsPreview   = color.RGBA{255, 214, 80, 255}
	dsSeenClear = color.RGBA{40, 120, 220, 110}  // premultiplied, translucent
	dsSeenHind  = color.RGBA{120, 60, 160, 110}  // seen through hindrances
	dsSeenKept  = color.RGBA{30, 60, 110, 70}    // before/after: seen both before and after the last change
	dsSeenGain  = color.RGBA{40, 170, 60, 160}   // seen only after it
	dsSeenLost  = color.RGBA{200, 40, 30, 160}   // seen only before it
	dsRowHi     = color.RGBA{70, 56, 32, 255}    // the picked row
	dsBarFill   = color.RGBA{200, 150, 60, 255}  // progress bar
	dsShade     = color.RGBA{0, 0, 0, 150}       // behind dialogs
	dsObjective = color.RGBA{250, 240, 200, 255} // objective disc
)

// item is one thing drawn in the panels; with do set, a click on it does
// that.
type item struct {
	x, y, w, h float64
	text       string
	face       text.Face
	col        color.Color
	bg         color.Color   // nil: none
	img        *ebiten.Image // a picture fitted into the box
	do         func()
	row        int // a property row: its index + 1 (0: not one)
}

func (it item) hit(x, y float64) bool {
	return x >= it.x && x < it.x+it.w && y >= it.y && y < it.y+it.h
}

// items lays out the palette (left) and the properties panel (right).
func (s *DesignScene) items() []item {
	u := s.scale
	h := s.hud
	var out []item
	rowH := math.Ceil(ui.SmallPt * ui.LineGap * u)
	// palette
	x, w := ui.PadX*u, s.paletteRight()-2*ui.PadX*u
	y := ui.PadY * u
	add := func(t string, f text.Face, c color.Color, bg color.Color, do func()) {
		lh := rowH
		if f == h.Title {
			lh = math.Ceil(ui.TitlePt * ui.LineGap * u)
		}
		t = clipTo(t, f, w) // rows end at their panel's edge (a long catalogue name; the panel's right edge is the window's)
		out = append(out, item{x: x, y: y, w: w, h: lh, text: t, face: f, col: c, bg: bg, do: do})
		y += lh
	}
	add("Designer", h.Title, ui.Accent, nil, nil)
	for t := dsTool(0); t < numTools; t++ {
		var bg color.Color
		if t == s.tool {
			bg = dsRowHi
		}
		add(fmt.Sprintf("%d  %s", (t+1)%10, toolNames[t]), h.Small, ui.Ink, bg, func() { s.setTool(t) })
	}
	y += rowH / 2
	for _, b := range []struct {
		t  string
		do func()
	}{
		{"T  overlay by SSR line", s.askSSR}, {"Y  random DYO, re-roll", s.randomDYO},
		{"U  add a board", s.addBoardPrompt}, {"B  Try it (100 games)", s.tryIt}, {"K  Play it (solo or hot seat)", s.playIt},
		{"Ctrl+S  save", s.save}, {"Ctrl+Z  undo", func() {
			if s.doc.Undo() {
				s.refresh(false)
			}
		}}, {"Ctrl+Y  redo", func() {
			if s.doc.Redo() {
				s.refresh(false)
			}
		}}, {"Ctrl+E  export map PNG", s.askExport}, {"F1  all keys", func() { s.showHelp = true }},
	} {
		add(b.t, h.Small, ui.Dim, nil, b.do)
	}
	y += rowH / 2
	switch s.tool {
	case toolOverlay:
		add("Overlay ([ ]: pick)", h.Small, ui.Accent, nil, nil)
		ids := s.lib.OverlayIDs()
		n := int((float64(s.h) - s.statusH() - y) / rowH)
		first := max(0, min(s.ovIdx-n/2, len(ids)-n))
		for i := first; i < len(ids) && i < first+n; i++ {
			var bg color.Color
			if i == s.ovIdx {
				bg = dsRowHi
			}
			add("   "+ids[i], h.Small, ui.Ink, bg, func() { s.ovIdx, s.ovOne = i, nil })
		}
	case toolUnit, toolGround: // Ground: the entry whose reach is shown
		q := s.search
		if q == "" {
			q = "all"
		}
		add("Catalogue (/ find: "+q+")", h.Small, ui.Accent, nil, s.askSearch)
		ts := s.types()
		n := int((float64(s.h)-s.statusH()-y)/rowH) - 1
		first := max(0, min(s.typeIdx-n/2, len(ts)-n))
		for i := first; i < len(ts) && i < first+n; i++ {
			var bg color.Color
			if i == s.typeIdx {
				bg = dsRowHi
			}
			add(ts[i].Name, h.Small, ui.Ink, bg, func() { s.typeIdx = i })
		}
	case toolDefences, toolSupport:
		out = append(out, s.supportPalette(x, &y, w, rowH)...) // design_support.go
	}

	// properties panel
	x, w = s.panelX()+ui.PadX*u, s.panelW()-2*ui.PadX*u
	y = ui.PadY * u
	add(clipTo(s.summary(), h.Small, w), h.Small, ui.Accent, nil, nil)
	add(s.selName(), h.Small, ui.Ink, nil, nil)
	out = append(out, s.groundPanel(x, &y, w, rowH)...) // design_ground.go: first while its tool is in hand
	for i, r := range s.props() {
		var bg color.Color
		if i == s.propRow {
			bg = dsRowHi
		}
		v := strings.ReplaceAll(r.value, "\n", " ¶ ") // a line break shown in one row
		add(clipTo(r.name+":  "+v, h.Small, w), h.Small, ui.Ink, bg, func() { s.propRow = i; s.editProp(r) })
		out[len(out)-1].row = i + 1
	}
	out = append(out, s.supportPanel(x, &y, w, rowH)...) // design_support.go: the DYO climate's rolls
	y += rowH / 2
	if s.tool == toolOverlay {
		id := s.lib.OverlayIDs()[s.ovIdx]
		add("Overlay "+id+" (click its \"1\" hex, then its \"2\")", h.Small, ui.Accent, nil, nil)
		if img := s.overlayPreview(id); img != nil {
			b := img.Bounds()
			k := math.Min(w/float64(b.Dx()), 180*u/float64(b.Dy()))
			out = append(out, item{x: x, y: y, w: float64(b.Dx()) * k, h: float64(b.Dy()) * k, img: img})
			y += float64(b.Dy())*k + rowH/2
		}
	}
	if s.tool == toolUnit {
		if ts := s.types(); len(ts) > 0 {
			t := ts[min(s.typeIdx, len(ts)-1)]
			add("To place: "+t.Name, h.Small, ui.Accent, nil, nil)
			add(fmt.Sprintf("  %s %s, TQ %+d, morale %d, size %d", t.Nation, t.Class, t.TQ, t.Morale, t.Size), h.Small, ui.Ink, nil, nil)
			add(fmt.Sprintf("  armour %d/%d, CAF %d, %s", t.ArmourFront, t.ArmourSide, t.CAF, strings.Join(t.Weapons, " ")), h.Small, ui.Dim, nil, nil)
			unit := "a new unit"
			if s.sc != nil && s.side < len(s.sc.Sides) && s.unit >= 0 && s.unit < len(s.sc.Sides[s.side].Units) {
				unit = "unit " + s.sc.Sides[s.side].Units[s.unit].ID + " (N: a new one)"
			}
			add("  into "+unit, h.Small, ui.Dim, nil, nil)
		}
	}
	if s.sc != nil {
		add("Sides (Tab: the one in hand)", h.Small, ui.Accent, nil, nil)
		for i, sd := range s.sc.Sides {
			var bg color.Color
			if i == s.side {
				bg = dsRowHi
			}
			add(clipTo(fmt.Sprintf("%s — %s, %s, %s, BP %d", sd.ID, sd.Name, sd.Nation, dsPlural(len(sd.Units), "unit"), sd.BreakPoint), h.Small, w),
				h.Small, ui.Ink, bg, func() { s.side, s.unit = i, -1; s.sel = selection{kind: selSide, s: i} })
		}
		add(fmt.Sprintf("SSR lines (%d)", len(s.sc.Map.Overlays)), h.Small, ui.Accent, nil, nil)
		for i, l := range s.doc.Overlays() {
			var bg color.Color
			if s.sel.kind == selOverlay && s.sel.s == i {
				bg = dsRowHi
			}
			add(clipTo(fmt.Sprintf("%d. %s", i+1, l), h.Small, w), h.Small, ui.Ink, bg, func() { s.sel = selection{kind: selOverlay, s: i} })
		}
	}
	if v := s.vs; v != nil && s.vsDiff && v.hasBefore {
		add("Viewshed of "+s.m.Label(v.from)+", the last change (A: off)", h.Small, ui.Accent, nil, nil)
		add(fmt.Sprintf("  before %d hexes seen, after %d", v.countBefore, v.count), h.Small, ui.Ink, nil, nil)
		add(fmt.Sprintf("  +%d gained (green), −%d lost (red)", len(v.gained), len(v.lost)), h.Small, ui.Ink, nil, nil)
	}
	if len(s.dyoRolls) > 0 {
		add("Last random placement:", h.Small, ui.Accent, nil, nil)
		for _, r := range s.dyoRolls[:min(len(s.dyoRolls), 8)] {
			add(clipTo("  "+r, h.Small, w), h.Small, ui.Dim, nil, nil)
		}
	}
	if t := s.balance; t != nil {
		out = append(out, s.tryItems(x, &y, w, rowH)...)
	}
	return s.scrollPanel(out)
}

// tryItems are the Try it lines: progress, then the figures.
func (s *DesignScene) tryItems(x float64, y *float64, w, rowH float64) []item {
	t := s.balance
	done, total, fin := t.progress()
	var out []item
	line := func(str string, c color.Color) {
		out = append(out, item{x: x, y: *y, w: w, h: rowH, text: str, face: s.hud.Small, col: c})
		*y += rowH
	}
	if !fin {
		line(fmt.Sprintf("Try it: %d of %d games (Esc: cancel)", done, total), ui.Accent)
		out = append(out, item{x: x, y: *y, w: w, h: rowH / 2, bg: ui.PanelEdge},
			item{x: x, y: *y, w: w * float64(done) / float64(max(total, 1)), h: rowH / 2, bg: dsBarFill})
		*y += rowH
		return out
	}
	cancelled := t.err != nil && errors.Is(t.err, context.Canceled) || t.res.Games < total
	if t.err != nil && !errors.Is(t.err, context.Canceled) {
		line(clipTo("Try it: "+t.err.Error(), s.hud.Small, w), dsProblem)
		return out
	}
	r := t.res
	head := fmt.Sprintf("Try it: %d games, mean end turn %.1f", r.Games, r.MeanEndTurn)
	if cancelled {
		head = fmt.Sprintf("Try it cancelled after %d of %d games", r.Games, total)
	}
	line(head, ui.Accent)
	if r.Games == 0 {
		return out
	}
	for _, sd := range r.Sides {
		line(fmt.Sprintf("  %s wins %.0f %% (95 %%: %.0f–%.0f %%)", sd.ID, sd.Rate*100, sd.CI95.Lo*100, sd.CI95.Hi*100), ui.Ink)
	}
	line(fmt.Sprintf("  draws %d", r.Draws), ui.Ink)
	var ends []string
	for _, k := range lossHexes(r.Ends) {
		ends = append(ends, fmt.Sprintf("%s %d", k, r.Ends[k]))
	}
	line(clipTo("  ends: "+strings.Join(ends, ", "), s.hud.Small, w), ui.Dim)
	line("  on the map: where each side lost bases", ui.Dim)
	return out
}

func (s *DesignScene) selName() string {
	if n := s.supportSelName(); n != "" { // design_support.go
		return n
	}
	switch k := s.sel; k.kind {
	case selBase:
		return "Selected: a base (M move, F or drag from it: facing, D dug in, X delete)"
	case selObjective:
		return "Selected: an objective (M move, X delete)"
	case selOverlay:
		return fmt.Sprintf("Selected: overlay %d (M move, R turn, X delete)", k.s+1)
	case selBoard:
		return "Selected: board " + k.board + " (R turn, W swap, X remove)"
	case selSide:
		return fmt.Sprintf("Selected: side %d", k.s+1)
	}
	return "The scenario (click a property to change it)"
}

// clipTo cuts s to fit width.
func clipTo(s string, f text.Face, width float64) string {
	if text.Advance(s, f) <= width {
		return s
	}
	// the longest prefix that fits with its ellipsis, by halving (the
	// panel clips every row every frame: a rune at a time was quadratic)
	r := []rune(s)
	lo, hi := 1, len(r) // r[:lo] is kept even if it does not fit
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if text.Advance(string(r[:mid])+"…", f) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// Draw draws the designer.
func (s *DesignScene) Draw(screen *ebiten.Image) {
	s.dirty, s.drawnView = false, s.viewKey()
	if s.ms != nil {
		s.ms.DrawLayers(screen)
		s.drawMarks(screen)
		s.drawGround(screen) // design_ground.go
		s.ms.DrawLOS(screen)
		if s.hovering {
			s.ms.DrawHover(screen)
		}
	} else {
		screen.Fill(ui.Backdrop)
	}
	u := s.scale
	ui.FillRect(screen, 0, 0, s.paletteRight(), float64(s.h), ui.PanelFill)
	ui.FillRect(screen, s.panelX(), 0, s.panelW(), float64(s.h), ui.PanelFill)
	ui.FillRect(screen, s.paletteRight()-1, 0, 1, float64(s.h), ui.PanelEdge)
	ui.FillRect(screen, s.panelX(), 0, 1, float64(s.h), ui.PanelEdge)
	px, pr := s.panelX(), s.paletteRight()
	panel := screen.SubImage(image.Rect(int(px), 0, s.w, s.h)).(*ebiten.Image)
	palette := screen.SubImage(image.Rect(0, 0, int(pr), s.h)).(*ebiten.Image)
	for _, it := range s.items() {
		screen := screen
		switch {
		case it.x >= px:
			screen = panel // the panel's rows scroll: clipped to it
		case it.x < pr:
			screen = palette // and the palette's
		}
		if it.bg != nil {
			ui.FillRect(screen, it.x-2*u, it.y, it.w+4*u, it.h, it.bg)
		}
		if it.text != "" {
			ui.DrawText(screen, it.text, it.face, it.x, it.y+1*u, it.col)
		}
		if it.img != nil {
			op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			op.GeoM.Scale(it.w/float64(it.img.Bounds().Dx()), it.h/float64(it.img.Bounds().Dy()))
			op.GeoM.Translate(it.x, it.y)
			screen.DrawImage(it.img, op)
		}
	}
	s.drawPanelBar(screen)
	s.drawPaletteBar(screen)
	s.drawStatus(screen)
	if s.showList {
		s.drawList(screen)
	}
	if s.showHelp {
		s.drawHelp(screen)
	}
	if s.quitAsk {
		s.drawBox(screen, []string{"Unsaved changes", "S: save   D: discard and quit   Esc: stay"})
	}
	if s.playAsk != nil {
		s.drawBox(screen, s.playLines())
	}
	if s.field != nil {
		s.drawField(screen)
	}
}

// hexPath is h's outline on screen.
func (s *DesignScene) hexPath(h hexmap.Hex) *vector.Path { return boardHexPath(s.ms, h, 1) }

func (s *DesignScene) outline(screen *ebiten.Image, h hexmap.Hex, c color.Color, w float64) {
	ui.StrokePath(screen, s.hexPath(h), w*s.scale, c)
}

// hexPx is a hex's size on screen.
func (s *DesignScene) hexPx() float64 { return s.ms.Pix.Size * s.ms.Cam.Scale() }

// The marks are drawn in stages, bottom to top (design_marks.go keeps
// the stages that change only with the document, the selection and the
// camera in layers, and draws the others every frame between them).

// marksShading shades the viewshed or the dead ground, within the
// boards' edges as the map is.
func (s *DesignScene) marksShading(full *ebiten.Image) {
	m := s.m
	x0, y0 := s.ms.Cam.WorldToScreen(s.ms.Play[0].X, s.ms.Play[0].Y)
	x1, y1 := s.ms.Cam.WorldToScreen(s.ms.Play[1].X, s.ms.Play[1].Y)
	clip := image.Rect(int(x0), int(y0), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(full.Bounds())
	if clip.Empty() {
		return
	}
	screen := full.SubImage(clip).(*ebiten.Image)
	if v := s.shownViewshed(); v != nil && v.seen != nil {
		if s.vsDiff && v.hasBefore {
			s.drawViewDiff(screen, v)
		} else {
			var fill hexFills
			for _, h := range m.Hexes() {
				if clear, ok := v.seen[h]; ok {
					c := dsSeenHind
					if clear {
						c = dsSeenClear
					}
					fill.add(s, h, c)
				}
			}
			fill.draw(screen)
		}
		s.outline(screen, v.from, dsPreview, 3)
	}
	if g := s.dg; g != nil && g.seen != nil {
		var fill hexFills
		for _, h := range m.Hexes() {
			n := g.seen[h]
			if n == 0 {
				fill.add(s, h, color.RGBA{10, 10, 30, 150})
				continue
			}
			a := uint8(30 + 90*n/max(g.most, 1)) // more eyes, a deeper tone
			fill.add(s, h, color.RGBA{0, a / 2, a, a})
		}
		fill.draw(screen)
	}
}

// shownViewshed is the viewshed drawn: the one with the overlay where
// it is being dragged, else the tool's.
func (s *DesignScene) shownViewshed() *viewshed {
	if s.drag != nil && s.drag.viewshed != nil {
		return s.drag.viewshed
	}
	return s.vs
}

// marksProblems outlines the 12.33 problems' hexes in red, an overlay's
// with its rule and words.
func (s *DesignScene) marksProblems(screen *ebiten.Image) {
	m := s.m
	var out hexOutlines
	for _, p := range s.probs {
		first := true
		for _, l := range p.Target.Hexes {
			if h, err := m.Hex(l); err == nil {
				out.add(s, h)
				if first && p.Target.Kind == "overlay" {
					out.draw(s, screen, dsProblem, 3) // under its tag
					s.tag(screen, h, clipTo(p.Text, s.hud.Small, 360*s.scale))
				}
				first = false
			}
		}
	}
	out.draw(s, screen, dsProblem, 3)
}

// editingMarks are the outlines of an overlay being dragged or placed:
// they follow the cursor.
func (s *DesignScene) editingMarks() func(*ebiten.Image) {
	var hexes []hexmap.Hex
	if s.drag != nil {
		hexes = append(hexes, s.drag.hexes...)
	}
	hexes = append(hexes, s.preview()...)
	if len(hexes) == 0 && s.ovOne == nil {
		return nil
	}
	return func(screen *ebiten.Image) {
		var out hexOutlines
		out.add(s, hexes...)
		out.draw(s, screen, dsPreview, 2)
		if s.ovOne != nil {
			s.outline(screen, *s.ovOne, dsPreview, 4)
		}
	}
}

// marksSelection outlines the selected overlay, shades the selected
// board and outlines the selected base's set-up area.
func (s *DesignScene) marksSelection(screen *ebiten.Image) {
	m := s.m
	if s.sel.kind == selOverlay && s.sel.s < len(m.Overlays()) {
		var out hexOutlines
		out.add(s, m.Overlays()[s.sel.s].AllHexes()...)
		out.draw(s, screen, dsSelect, 2)
	}
	if s.sel.kind == selBoard {
		var fill hexFills
		for _, h := range m.Hexes() {
			if l, ok := m.LabelOf(h); ok && l.Board == s.sel.board {
				fill.add(s, h, color.RGBA{40, 90, 120, 60})
			}
		}
		fill.draw(screen)
	}
	if s.sc == nil {
		return
	}
	// the selected base's unit: its set-up area, if it has one
	if k := s.sel; k.kind == selBase && k.s < len(s.sc.Sides) && k.u < len(s.sc.Sides[k.s].Units) {
		if a := s.sc.Sides[k.s].Units[k.u].Area; a != "" {
			if c, r, err := scenario.ParseArea(m, a); err == nil {
				var out hexOutlines
				for _, h := range m.Hexes() {
					if h.Sub(c).Length() <= r {
						out.add(s, h)
					}
				}
				out.draw(s, screen, ui.SideColours(k.s, s.sc.Sides[k.s].Nation).Fill, 1.5)
			}
		}
	}
}

// marksForces draws the objectives and the bases.
func (s *DesignScene) marksForces(screen *ebiten.Image) {
	if s.sc == nil {
		return
	}
	m := s.m
	px := s.hexPx()
	for i, o := range s.sc.Objectives {
		if h, err := m.Hex(o.Hex); err == nil {
			x, y := s.ms.HexOnScreen(h)
			r := px * 0.6
			ui.Disc(screen, x, y, r, dsObjective)
			ui.Ring(screen, x, y, r, 2*s.scale, color.RGBA{120, 20, 20, 255})
			ui.CentredLabel(screen, fmt.Sprint(o.Value), s.counters.Faces.Face(r), x, y, color.RGBA{120, 20, 20, 255})
			if s.sel.kind == selObjective && s.sel.s == i {
				s.outline(screen, h, dsSelect, 4)
			}
		}
	}
	for si, sd := range s.sc.Sides {
		col := ui.SideColours(si, sd.Nation)
		for ui_, un := range sd.Units {
			for bi, b := range un.Bases {
				h, err := m.Hex(b.Hex)
				if err != nil {
					continue
				}
				x, y := s.ms.HexOnScreen(h)
				c := ui.Counter{X: x, Y: y, S: px * 1.15, Col: col, ID: b.ID, DugIn: b.DugIn}
				if t, ok := s.cat.Type(b.Type); ok {
					c.Class, c.Size, c.TQ, c.Recon = t.Class.String(), t.Size, t.TQ, t.Recon
				}
				if f, err := m.Hex(b.Facing); err == nil {
					c.Facing = math.Atan2(s.ms.Pix.Center(f).Y-s.ms.Pix.Center(h).Y, s.ms.Pix.Center(f).X-s.ms.Pix.Center(h).X)
				}
				c.Selected = s.sel.kind == selBase && s.sel.s == si && s.sel.u == ui_ && s.sel.b == bi
				s.counters.Draw(screen, c)
				if un.Hidden {
					ui.CentredLabel(screen, "?", s.counters.Faces.Face(px*0.5), x+px*0.45, y-px*0.45, ui.Accent)
				}
			}
		}
	}
}

// facingMarks is the facing being dragged from a base.
func (s *DesignScene) facingMarks() func(*ebiten.Image) {
	f := s.faceDrag
	if f == nil || !f.ok || s.sc == nil {
		return nil
	}
	return func(screen *ebiten.Image) { s.drawArrow(screen, f.from, f.to) }
}

// marksLosses marks where each side lost bases in Try it's games.
func (s *DesignScene) marksLosses(screen *ebiten.Image) {
	t := s.balance
	if t == nil || s.sc == nil {
		return
	}
	if _, _, fin := t.progress(); !fin || t.res.Games == 0 {
		return
	}
	m, px := s.m, s.hexPx()
	for si, sd := range t.res.Sides {
		col := ui.SideColours(si, "")
		if si < len(s.sc.Sides) {
			col = ui.SideColours(si, s.sc.Sides[si].Nation)
		}
		for _, l := range lossHexes(sd.Losses) {
			h, err := m.Hex(l)
			if err != nil {
				continue
			}
			x, y := s.ms.HexOnScreen(h)
			r := px * 0.18 * math.Min(2.5, 1+math.Log10(float64(sd.Losses[l])))
			dx := px * 0.3 * float64(2*si-1)
			ui.Disc(screen, x+dx, y+px*0.5, r, col.Fill)
			ui.CentredLabel(screen, fmt.Sprint(sd.Losses[l]), s.counters.Faces.Face(r), x+dx, y+px*0.5, col.Ink)
		}
	}
}

// dsPlural is "1 unit", "2 units".
func dsPlural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// tag writes a short red label under hex h (a problem's rule and words).
func (s *DesignScene) tag(screen *ebiten.Image, h hexmap.Hex, msg string) {
	x, y := s.ms.HexOnScreen(h)
	y += s.hexPx()
	w := text.Advance(msg, s.hud.Small) + 8*s.scale
	lh := math.Ceil(ui.SmallPt * ui.LineGap * s.scale)
	a := s.mapArea(s.w, s.h) // kept inside the map's part of the window
	left := math.Max(float64(a.Min.X), math.Min(x-w/2, float64(a.Max.X)-w))
	ui.FillRect(screen, left, y, w, lh, color.RGBA{20, 10, 8, 220})
	ui.DrawText(screen, msg, s.hud.Small, left+4*s.scale, y+1, color.RGBA{255, 120, 100, 255})
}

// statusText is the status line's left side.
func (s *DesignScene) statusText() string {
	if s.notice != "" && s.tick-s.noticeAt < ui.NoticeTicks*2 {
		return s.notice
	}
	if s.ms != nil {
		return s.ms.Status()
	}
	return ""
}

// checkText is the live check result.
func (s *DesignScene) checkText() (string, color.Color) {
	if s.parseErr != nil && len(s.probs) == 0 {
		return "check: " + s.parseErr.Error(), dsProblem
	}
	errs, warns := 0, 0
	for _, p := range s.probs {
		if p.Warning {
			warns++
		} else {
			errs++
		}
	}
	mod := ""
	if s.doc.Modified() {
		mod = "  •  unsaved"
	}
	n := func(k int, what string) string {
		if k == 1 {
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", k, what)
	}
	switch {
	case errs > 0:
		return fmt.Sprintf("check: %s, %s — P or click: the list%s", n(errs, "problem"), n(warns, "warning"), mod), dsProblem
	case warns > 0:
		return fmt.Sprintf("check: valid, %s — P or click: the list%s", n(warns, "warning"), mod), ui.Accent
	}
	return "check: valid" + mod, color.RGBA{140, 220, 120, 255}
}

func (s *DesignScene) statusRect() (x, y, w, h float64) {
	sh := s.statusH()
	return s.paletteRight(), float64(s.h) - sh, float64(s.w) - s.paletteRight() - s.panelW(), sh
}

func (s *DesignScene) statusHit(x, y float64) bool {
	rx, ry, rw, rh := s.statusRect()
	return x >= rx && x < rx+rw && y >= ry+rh/2 && y < ry+rh
}

func (s *DesignScene) drawStatus(screen *ebiten.Image) {
	x, y, w, h := s.statusRect()
	u := s.scale
	ui.FillRect(screen, x, y, w, h, color.RGBA{16, 13, 10, 255})
	lh := h / 2
	ui.DrawText(screen, clipTo(s.statusText(), s.hud.Status, w-2*ui.PadX*u), s.hud.Status, x+ui.PadX*u, y+ui.PadY*u/2, ui.Ink)
	t, c := s.checkText()
	ui.DrawText(screen, clipTo(t, s.hud.Status, w-2*ui.PadX*u), s.hud.Status, x+ui.PadX*u, y+lh+ui.PadY*u/4, c)
}

// The problems list: above the status lines, one row a message.
func (s *DesignScene) listRect() (x, y, w, h float64) {
	sx, sy, sw, _ := s.statusRect()
	rowH := math.Ceil(ui.SmallPt * ui.LineGap * s.scale)
	n := min(len(s.probs), 14)
	h = float64(n+1)*rowH + ui.PadY*s.scale
	return sx, sy - h, sw, h
}

func (s *DesignScene) inList(x, y float64) bool {
	lx, ly, lw, lh := s.listRect()
	return x >= lx && x < lx+lw && y >= ly && y < ly+lh
}

func (s *DesignScene) listRowAt(y float64) int {
	_, ly, _, _ := s.listRect()
	rowH := math.Ceil(ui.SmallPt * ui.LineGap * s.scale)
	return int((y-ly-ui.PadY*s.scale/2)/rowH) - 1
}

func (s *DesignScene) drawList(screen *ebiten.Image) {
	x, y, w, h := s.listRect()
	u := s.scale
	ui.FillRect(screen, x, y, w, h, ui.PanelFill)
	ui.FillRect(screen, x, y, w, 1, ui.PanelEdge)
	rowH := math.Ceil(ui.SmallPt * ui.LineGap * u)
	yy := y + ui.PadY*u/2
	head := "No problems: check accepts the scenario"
	if len(s.probs) > 0 {
		head = fmt.Sprintf("%d messages from check — click one to go to what it names", len(s.probs))
	}
	ui.DrawText(screen, head, s.hud.Small, x+ui.PadX*u, yy, ui.Accent)
	for i, p := range s.probs[:min(len(s.probs), 14)] {
		yy += rowH
		c := dsProblem
		if p.Warning {
			c = ui.Accent
		}
		ui.DrawText(screen, clipTo(fmt.Sprintf("%d. %s", i+1, p.Text), s.hud.Small, w-2*ui.PadX*u), s.hud.Small, x+ui.PadX*u, yy, c)
	}
}

// boxGeom is drawBox's box for lines: left, top, width, height and the
// line height.
func (s *DesignScene) boxGeom(lines []string) (x, y, w, h, lh float64) {
	u := s.scale
	f, pt := s.boxFace(lines)
	lh = math.Ceil(pt * ui.LineGap * u)
	for _, l := range lines {
		w = math.Max(w, text.Advance(l, f))
	}
	w = math.Min(w, float64(s.w)-16-4*ui.PadX*u)
	w += 4 * ui.PadX * u
	h = float64(len(lines))*lh + 4*ui.PadY*u
	return (float64(s.w) - w) / 2, (float64(s.h) - h) / 2, w, h, lh
}

// boxRowAt is the line of drawBox's box at (cx, cy), -1 outside it.
func (s *DesignScene) boxRowAt(lines []string, cx, cy float64) int {
	x, y, w, h, lh := s.boxGeom(lines)
	top := y + 2*ui.PadY*s.scale
	if cx < x || cx >= x+w || cy < top || cy >= y+h {
		return -1
	}
	return int((cy - top) / lh)
}

// drawBox draws lines in a box in the middle of the map.
func (s *DesignScene) drawBox(screen *ebiten.Image, lines []string) {
	u := s.scale
	f, _ := s.boxFace(lines)
	x, y, w, h, lh := s.boxGeom(lines)
	ui.FillRect(screen, 0, 0, float64(s.w), float64(s.h), dsShade)
	ui.FillRect(screen, x, y, w, h, ui.PanelFill)
	ui.StrokePath(screen, ui.RoundRectPath(x, y, w, h, 4*u), 1.5*u, ui.PanelEdge)
	for i, l := range lines {
		c := ui.Ink
		if i == 0 {
			c = ui.Accent
		}
		ui.DrawText(screen, clipTo(l, f, w-4*ui.PadX*u), f, x+2*ui.PadX*u, y+2*ui.PadY*u+float64(i)*lh, c)
	}
}

// boxFace is the face drawBox sets its lines in, and its size in points:
// the help's, smaller where the widest line would not fit the window (at
// 640 px Play it's question ran off both sides), down to 10 points, past
// which the lines are cut.
func (s *DesignScene) boxFace(lines []string) (text.Face, float64) {
	room := float64(s.w) - 16 - 4*ui.PadX*s.scale
	widest := func(f text.Face) float64 {
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, text.Advance(l, f))
		}
		return w
	}
	if s.w <= 0 || widest(s.hud.Help) <= room {
		return s.hud.Help, ui.HelpPt
	}
	for pt := float64(ui.HelpPt) - 1; ; pt-- {
		f := &text.GoTextFace{Source: s.hud.Reg, Size: pt * s.scale}
		if pt <= 10 || widest(f) <= room {
			return f, pt
		}
	}
}

// drawField draws the text being typed, with a cursor.
func (s *DesignScene) drawField(screen *ebiten.Image) {
	f := s.field
	lines := []string{f.prompt}
	cursor := "|" // the caret (the Go fonts have no ▏: it drew a box)
	if (s.tick/30)%2 == 1 {
		cursor = " "
	}
	body := strings.Split(string(f.text)+cursor, "\n")
	lines = append(lines, body...)
	foot := "Enter: done   Esc: cancel"
	if f.multi {
		foot = "Enter: new line   Ctrl+Enter: done   Esc: cancel"
	}
	if f.fresh {
		foot += "   (typing replaces the text; End keeps it)"
	}
	lines = append(lines, foot)
	s.drawBox(screen, lines)
}

// designHelp is the F1 overlay: every designer key.
var designHelp = []ui.HelpRow{
	{Keys: "1 … 9, 0", What: "tools: select/move, overlays, boards, units, objectives, viewshed, dead ground, defences, fire support, ground"},
	{Keys: "0  click", What: "ground: from the hex, the sun wedge, heat-haze rings, dust and the reach of the entry picked, MP in each hex"},
	{Keys: "0  J", What: "ground: the entry picked towing a gun (+1 MP a hex, 9.2), or not"},
	{Keys: "0  A / Shift+A", What: "ground: preview the next / previous time of day (early morning … late afternoon; the file is unchanged)"},
	{Keys: "0  [ ]  /  hover", What: "ground: pick or find the entry whose reach is shown; a shaded hex: its path, each MP, vehicle dust"},
	{Keys: "8  A  [ ]", What: "defences: pick minefield (Known, Dummy, hidden), wire/obstacle, bunker, Tobruk pit, counter, vineyard hex"},
	{Keys: "8  click, drag", What: "place one or select it; drag: a minefield or obstacle run (F.7A); Shift+click: extend the selected one"},
	{Keys: "9  A  [ ]", What: "fire support of the side in hand: add a battery, mortar battery (calibre asked), aircraft, barrage, sortie; pick one"},
	{Keys: "9  click", What: "aim the selected barrage (or a new one) at the hex"},
	{Keys: "Shift+Y / Shift+F", What: "environment by DYO: roll it (again) with every roll shown / keep the roll as the fixed climate"},
	{Keys: "click, drag", What: "with the tool: select (drag an overlay to move it), place an overlay (\"1\" hex then \"2\"), pick a board, place a base or an objective, a viewshed"},
	{Keys: "T", What: "place an overlay by its SSR line"},
	{Keys: "[  ]", What: "pick the overlay or catalogue entry (or the property)"},
	{Keys: "M", What: "move the selection: then click the hex"},
	{Keys: "R / Shift+R", What: "turn the selected overlay a sixth (board: 180°; base: facing)"},
	{Keys: "X / Delete", What: "delete the selection (board: remove it)"},
	{Keys: "W", What: "swap the selected board with another"},
	{Keys: "U", What: "add a board"},
	{Keys: "Y", What: "random DYO placement (12.3–12.42); again: re-roll"},
	{Keys: "/", What: "find in the catalogue; N: next base starts a new unit"},
	{Keys: "Tab", What: "the side units and objectives go to"},
	{Keys: "D  H  F", What: "dug in, hidden, facing of the selected base (or press on it and drag toward a neighbour)"},
	{Keys: ",  .  Enter", What: "pick a property, change it"},
	{Keys: "PgUp PgDn", What: "scroll the palette or the properties panel, whichever the cursor is on (or the wheel, or its bar)"},
	{Keys: "P / E", What: "the problems list / go to the first problem"},
	{Keys: "I", What: "viewshed: dug in or not"},
	{Keys: "A", What: "viewshed: before/after the last change of the map (green: hexes it gained, red: lost)"},
	{Keys: "7, Tab", What: "dead ground: dark where none of the side's set-up hexes sees, bluer where more do; Tab: the other side"},
	{Keys: "V", What: "line of sight from the hex under the cursor"},
	{Keys: "B / C", What: "Try it: 100 games veteran v veteran / cancel"},
	{Keys: "K", What: "Play it: solo (either side, the computer's level) or hot seat, in this window; Back to the designer (or Esc) returns here"},
	{Keys: "Ctrl+S  Ctrl+Z  Ctrl+Y", What: "save, undo, redo"},
	{Keys: "Ctrl+E", What: "export the map as a PNG"},
	{Keys: "wheel  + −  arrows  Home", What: "zoom, pan, fit; right or middle drag pans"},
	{Keys: "G  L  O", What: "hex grid, labels, overlay outlines"},
	{Keys: "F12  F11", What: "screenshot (a PNG in the working folder)  /  full screen"},
	{Keys: "Esc / Q", What: "close, or quit (asks when there are unsaved changes)"},
}

const (
	designHelpTitle  = "Designer keys"
	designHelpFooter = "F1 or Esc closes this help"
)

// helpArea is where the help is drawn: the window above the status lines.
func (s *DesignScene) helpArea() image.Rectangle {
	return image.Rect(0, 0, s.w, s.h-int(s.statusH()))
}

// drawHelp draws the keys, scrolled to helpTop where they are longer than
// the window (at 640×480 the last rows were cut).
func (s *DesignScene) drawHelp(screen *ebiten.Image) {
	s.hud.DrawHelpScrolled(screen, designHelpTitle, designHelpFooter, designHelp, s.helpArea(), s.helpTop)
}

// The properties panel scrolls (issue 19): the wheel over it, PgUp and
// PgDn, or its bar; the keyboard's property row is kept in view.

// panelX is the panel's left edge.
func (s *DesignScene) panelX() float64 { return float64(s.w) - s.panelW() }

// sideWidths are the palette's and the properties panel's widths in a
// window w wide: narrowed so that together they take at most 55 % of it
// (at 640 px their full widths left the map a strip 110 px wide).
func (s *DesignScene) sideWidths(w int) (palette, panel float64) {
	k := 1.0
	if full := (dsPaletteW + dsPanelW) * s.scale; w > 0 && full > float64(w)*0.55 {
		k = float64(w) * 0.55 / full
	}
	return math.Round(dsPaletteW * s.scale * k), math.Round(dsPanelW * s.scale * k)
}

// panelW is the properties panel's width.
func (s *DesignScene) panelW() float64 { _, p := s.sideWidths(s.w); return p }

// scrollPanel moves the panel's items and the palette's up by their
// scrolls, and notes how tall each is.
func (s *DesignScene) scrollPanel(out []item) []item {
	px, pr := s.panelX(), s.paletteRight()
	bottom, palBottom := 0.0, 0.0
	for i := range out {
		switch {
		case out[i].x >= px:
			bottom = math.Max(bottom, out[i].y+out[i].h)
			out[i].y -= s.panelTop
		case out[i].x < pr:
			palBottom = math.Max(palBottom, out[i].y+out[i].h)
			out[i].y -= s.paletteTop
		}
	}
	s.panelH = bottom + ui.PadY*s.scale
	s.paletteH = palBottom + ui.PadY*s.scale
	return out
}

// panelMax is the furthest the panel scrolls.
func (s *DesignScene) panelMax() float64 { return math.Max(0, s.panelH-float64(s.h)) }

// scrollTo sets the panel's scroll, kept within its rows.
func (s *DesignScene) scrollTo(top float64) {
	top = math.Max(0, math.Min(top, s.panelMax()))
	if top != s.panelTop {
		s.panelTop, s.dirty = top, true
	}
}

// scrollInput is the panel's wheel, PgUp/PgDn and bar (a press on the
// bar's track puts the thumb there, dragging moves it).
func (s *DesignScene) scrollInput() {
	s.items()              // the panel's height as it is now
	s.scrollTo(s.panelTop) // kept within rows that may have gone
	s.scrollPaletteTo(s.paletteTop)
	cx, cy := s.cur.CursorX, s.cur.CursorY
	rowH := math.Ceil(ui.SmallPt * ui.LineGap * s.scale)
	page := math.Max(rowH, float64(s.h)-4*rowH)
	overPalette := cx >= 0 && cx < s.paletteRight() && cy >= 0 && cy < float64(s.h)
	if s.cur.WheelY != 0 {
		switch {
		case cx >= s.panelX() && cx < float64(s.w):
			s.scrollTo(s.panelTop - s.cur.WheelY*3*rowH)
		case overPalette:
			s.scrollPaletteTo(s.paletteTop - s.cur.WheelY*3*rowH)
		}
	}
	if s.field == nil && s.playAsk == nil && !s.quitAsk {
		// PgUp and PgDn scroll the palette while the cursor is on it,
		// the panel otherwise
		top, to := s.panelTop, s.scrollTo
		if overPalette {
			top, to = s.paletteTop, s.scrollPaletteTo
		}
		switch {
		case s.keyJust(ebiten.KeyPageDown):
			to(top + page)
		case s.keyJust(ebiten.KeyPageUp):
			to(top - page)
		}
	}
	down := slices.Contains(s.cur.Buttons, ebiten.MouseButtonLeft)
	if !down {
		s.barDrag, s.palDrag = false, false
	}
	if s.clicked() && s.onPanelBar(cx) {
		s.barDrag = true
	}
	if s.clicked() && s.onPaletteBar(cx) {
		s.palDrag = true
	}
	if s.barDrag {
		_, _, _, th := s.panelBar()
		s.scrollTo((cy - th/2) / math.Max(1, float64(s.h)-th) * s.panelMax())
	}
	if s.palDrag {
		_, _, _, th := s.paletteBar()
		s.scrollPaletteTo((cy - th/2) / math.Max(1, float64(s.h)-th) * s.paletteMax())
	}
}

// The palette scrolls as the panel does (issue 19): a long list (fire
// support's entries, a small window) runs below the window otherwise.

// paletteRight is the palette's right edge.
func (s *DesignScene) paletteRight() float64 { p, _ := s.sideWidths(s.w); return p }

// paletteMax is the furthest the palette scrolls.
func (s *DesignScene) paletteMax() float64 { return math.Max(0, s.paletteH-float64(s.h)) }

// scrollPaletteTo sets the palette's scroll, kept within its rows.
func (s *DesignScene) scrollPaletteTo(top float64) {
	top = math.Max(0, math.Min(top, s.paletteMax()))
	if top != s.paletteTop {
		s.paletteTop, s.dirty = top, true
	}
}

// onPaletteBar: a press there is the palette's bar, not a row's.
func (s *DesignScene) onPaletteBar(cx float64) bool {
	x, _, _, _ := s.paletteBar()
	return s.paletteMax() > 0 && cx >= x-2*s.scale && cx < s.paletteRight()
}

// paletteBar is the palette's scroll bar's thumb, at its right edge.
func (s *DesignScene) paletteBar() (x, y, w, h float64) {
	return scrollThumb(s.paletteRight()-1*s.scale, float64(s.h), s.paletteH, s.paletteTop, s.scale)
}

// scrollThumb is a scroll bar's thumb (left, top, width, height) at the
// right edge right of a view vh tall showing rows contentH tall from top.
func scrollThumb(right, vh, contentH, top, scale float64) (x, y, w, h float64) {
	w = 5 * scale
	x = right - w
	if contentH <= vh {
		return x, 0, w, vh
	}
	h = math.Max(20*scale, vh*vh/contentH)
	return x, (vh - h) * top / (contentH - vh), w, h
}

func (s *DesignScene) drawPaletteBar(screen *ebiten.Image) {
	if s.paletteMax() <= 0 {
		return
	}
	s.drawScrollBar(screen, s.paletteBar)
}

// drawScrollBar draws a scroll bar's track and its thumb (bar gives the
// thumb: left, top, width, height).
func (s *DesignScene) drawScrollBar(screen *ebiten.Image, bar func() (x, y, w, h float64)) {
	x, y, w, h := bar()
	ui.FillRect(screen, x, 0, w, float64(s.h), color.RGBA{40, 34, 26, 255})
	ui.FillRect(screen, x, y, w, h, ui.Dim)
}

// showPalettePick scrolls the palette so its picked row (the last one
// highlighted: the tools come first) is in view.
func (s *DesignScene) showPalettePick() {
	var pick *item
	its := s.items()
	for i := range its {
		if its[i].x < s.paletteRight() && its[i].bg == dsRowHi {
			pick = &its[i]
		}
	}
	if pick == nil {
		return
	}
	top := pick.y + s.paletteTop // where it is in the unscrolled palette
	switch {
	case top-pick.h < s.paletteTop:
		s.scrollPaletteTo(top - pick.h)
	case top+2*pick.h > s.paletteTop+float64(s.h):
		s.scrollPaletteTo(top + 2*pick.h - float64(s.h))
	}
}

// onPanelBar: a press there is the bar's, not a row's.
func (s *DesignScene) onPanelBar(cx float64) bool {
	x, _, w, _ := s.panelBar()
	return s.panelMax() > 0 && cx >= x-2*s.scale && cx < x+w+2*s.scale
}

// panelBar is the scroll bar's thumb: left, top, width, height.
func (s *DesignScene) panelBar() (x, y, w, h float64) {
	return scrollThumb(float64(s.w)-1*s.scale, float64(s.h), s.panelH, s.panelTop, s.scale)
}

func (s *DesignScene) drawPanelBar(screen *ebiten.Image) {
	if s.panelMax() <= 0 {
		return
	}
	s.drawScrollBar(screen, s.panelBar)
}

// showPropRow scrolls the panel so the keyboard's property row is in
// view.
func (s *DesignScene) showPropRow() {
	for _, it := range s.items() {
		if it.row != s.propRow+1 {
			continue
		}
		rowH := it.h
		top := it.y + s.panelTop // where it is in the unscrolled panel
		switch {
		case top-rowH < s.panelTop:
			s.scrollTo(top - rowH)
		case top+2*rowH > s.panelTop+float64(s.h):
			s.scrollTo(top + 2*rowH - float64(s.h))
		}
		return
	}
}

// drawArrow is the facing being dragged: an arrow from a base's hex to
// the neighbour it would face.
func (s *DesignScene) drawArrow(screen *ebiten.Image, from, to hexmap.Hex) {
	x0, y0 := s.ms.HexOnScreen(from)
	x1, y1 := s.ms.HexOnScreen(to)
	a := math.Atan2(y1-y0, x1-x0)
	w := float32(4 * s.scale)
	head := s.hexPx() * 0.35
	vector.StrokeLine(screen, float32(x0), float32(y0), float32(x1-math.Cos(a)*head*0.6), float32(y1-math.Sin(a)*head*0.6), w, dsPreview, true)
	var p vector.Path
	p.MoveTo(float32(x1), float32(y1))
	p.LineTo(float32(x1-math.Cos(a-0.45)*head), float32(y1-math.Sin(a-0.45)*head))
	p.LineTo(float32(x1-math.Cos(a+0.45)*head), float32(y1-math.Sin(a+0.45)*head))
	p.Close()
	ui.FillPath(screen, &p, dsPreview)
}

// drawViewDiff shades what the last change of the map did to the
// viewshed: hexes seen before and after in a faint tone, those it gained
// in green and those it lost in red.
func (s *DesignScene) drawViewDiff(screen *ebiten.Image, v *viewshed) {
	var fill hexFills
	for _, h := range s.m.Hexes() {
		_, now := v.seen[h]
		_, was := v.before[s.m.Label(h)]
		switch {
		case now && was:
			fill.add(s, h, dsSeenKept)
		case now:
			fill.add(s, h, dsSeenGain)
		case was:
			fill.add(s, h, dsSeenLost)
		}
	}
	fill.draw(screen)
}

// vsDiffText sums the before/after up for the status line.
func (s *DesignScene) vsDiffText() string {
	v := s.vs
	return fmt.Sprintf("viewshed of %s, the last change: %d hexes seen before, %d after; %d gained (green), %d lost (red)",
		s.m.Label(v.from), v.countBefore, v.count, len(v.gained), len(v.lost))
}
