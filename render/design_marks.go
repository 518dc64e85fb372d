package render

import (
	"image"
	"image/color"
	"reflect"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"khamsin/engine/scenario"
	"khamsin/hexmap"
	"khamsin/render/ui"
)

// The designer's marks on the map (issue 19, "frames stay under 16 ms
// while dragging"). Ebitengine fills a vector path with about nine draw
// calls (eight anti-aliasing samples and the colour), so the marks of a
// scenario like dawn (its counters, labels, objectives, barrages, the
// selected overlay's outline) cost a frame more than its budget when
// drawn every frame. Two levers:
//   - the marks that change only with the document, the selection, the
//     tool, the viewshed and the camera are kept in layer images, drawn
//     again only when one of those changes (marksKey) and put on the
//     screen with one DrawImage otherwise; the marks that follow the
//     cursor (an overlay dragged or being placed, a run of defences
//     pressed, a facing dragged) are drawn every frame between them, in
//     the order the whole has always been drawn;
//   - hexes outlined or shaded alike go in one path (hexOutlines,
//     hexFills): one fill instead of one per hex.

// markStage is one step of the marks, bottom to top: a static one is
// kept in a layer; a live one is drawn every frame (it returns nil when
// there is nothing to draw).
type markStage struct {
	static func(*ebiten.Image)
	deps   markDeps    // a static stage: what it is drawn from, past the camera and window
	blank  func() bool // a static stage: true when it would draw nothing (nil: it may always draw)
	apart  bool        // a static stage: starts a layer of its own (it changes at other times than the one below)
	live   func() func(*ebiten.Image)
}

// markDeps are what a static stage is drawn from, past the camera and
// the window (which every stage is).
type markDeps uint8

const (
	depDoc       markDeps = 1 << iota // the document, its check and the map (DesignScene.marksRev)
	depForces                         // the sides' units and the objectives (DesignScene.forcesRev)
	depSel                            // the selection
	depSelForces                      // the selection when it is a base or an objective
	depSupport                        // the defences, fire support and vineyards (DesignScene.supportRev), the selection of one
	depTool                           // the tool and the side in hand
	depShade                          // the viewshed and the dead ground shown
	depBalance                        // Try it's result
)

// markStages are the designer's marks in the order they are drawn. The
// static stages between two live ones share a layer.
func (s *DesignScene) markStages() []markStage {
	return []markStage{
		{static: s.marksShading, deps: depDoc | depShade, blank: func() bool { return s.shownViewshed() == nil && s.dg == nil }},
		{static: s.marksProblems, deps: depDoc, blank: func() bool { return len(s.probs) == 0 }},
		{live: s.editingMarks}, // the overlay dragged or being placed
		{static: s.marksSelection, deps: depDoc | depSel, blank: s.noSelectionMarks},              // the selected overlay, board, set-up area
		{static: s.drawSupport, deps: depSupport | depTool, blank: s.noSupportMarks, apart: true}, // design_support.go: defences, fire support
		{live: s.pressMarks}, // a run of defences being pressed out
		{static: s.marksForces, deps: depForces | depSelForces}, // objectives and bases
		{live: s.facingMarks}, // a facing being dragged
		{static: s.marksLosses, deps: depDoc | depBalance, blank: func() bool { return s.balance == nil }},
	}
}

// markGroup is a run of static stages kept in one layer (from..to), or
// a live stage.
type markGroup struct {
	from, to int
	live     bool
}

// markGroups splits the stages at the live ones and before those kept
// apart: each run of static stages between two splits is one layer. The runs do not depend on
// which live stages draw this frame, so a drag that starts or ends
// draws no layer again.
func markGroups(stages []markStage) []markGroup {
	var out []markGroup
	start := -1
	for i, st := range stages {
		if st.static != nil {
			if start >= 0 && st.apart {
				out = append(out, markGroup{from: start, to: i - 1})
				start = -1
			}
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, markGroup{from: start, to: i - 1})
			start = -1
		}
		out = append(out, markGroup{from: i, to: i, live: true})
	}
	if start >= 0 {
		out = append(out, markGroup{from: start, to: len(stages) - 1})
	}
	return out
}

// marksKey is everything a layer of static marks is drawn from: a layer
// whose key is unchanged holds the picture its stages would draw.
type marksKey struct {
	from, to  int // the stages the layer holds
	bounds    image.Rectangle
	scale     float64
	cam       [6]float64
	play      [2]hexmap.Point
	hexSize   float64
	rev       int // depDoc
	forces    int // depForces
	support   int // depSupport
	sel       selection
	tool      dsTool
	side      int
	balance   *tryIt
	balanceOK bool
	shade     shadeKey
}

// shadeKey is what the shading stage shows.
type shadeKey struct {
	vs    *viewshed
	vsGen int
	diff  bool
	dg    *deadGround
	dgGen int
}

// marksKeyFor is the key of a layer of stages[from..to] on a screen of
// bounds b: only what those stages are drawn from is set.
func (s *DesignScene) marksKeyFor(stages []markStage, from, to int, b image.Rectangle) marksKey {
	var deps markDeps
	for _, st := range stages[from : to+1] {
		deps |= st.deps
	}
	g := s.ms.Cam.GeoM()
	k := marksKey{from: from, to: to, bounds: b, scale: s.scale,
		cam:  [6]float64{g.Element(0, 0), g.Element(0, 1), g.Element(0, 2), g.Element(1, 0), g.Element(1, 1), g.Element(1, 2)},
		play: s.ms.Play, hexSize: s.ms.Pix.Size}
	if deps&depDoc != 0 {
		k.rev = s.marksRev
	}
	if deps&depForces != 0 {
		k.forces = s.forcesRev
	}
	if deps&depSupport != 0 {
		k.support = s.supportRev
	}
	switch {
	case deps&depSel != 0,
		deps&depSelForces != 0 && (s.sel.kind == selBase || s.sel.kind == selObjective),
		deps&depSupport != 0 && s.sel.kind >= selMinefield:
		k.sel = s.sel
	}
	if deps&depTool != 0 {
		k.tool, k.side = s.tool, s.side
	}
	if deps&depBalance != 0 && s.balance != nil {
		k.balance = s.balance
		_, _, k.balanceOK = s.balance.progress()
	}
	if deps&depShade != 0 {
		if v := s.shownViewshed(); v != nil {
			k.shade.vs, k.shade.vsGen, k.shade.diff = v, v.gen, s.vsDiff
		}
		if s.dg != nil {
			k.shade.dg, k.shade.dgGen = s.dg, s.dg.gen
		}
	}
	return k
}

// marksLayer is a layer of static marks and the key it was drawn for.
type marksLayer struct {
	img   *ebiten.Image
	key   marksKey
	drawn bool
	draws int // times drawn (tests)
}

// drawMarks draws the marks on screen: each run of static stages from
// its layer (drawn again first when what it shows changed; left out
// when it would be blank), each live stage directly.
func (s *DesignScene) drawMarks(screen *ebiten.Image) {
	stages := s.markStages()
	b := screen.Bounds()
	for n, g := range markGroups(stages) {
		if g.live {
			if d := stages[g.from].live(); d != nil {
				d(screen)
			}
			continue
		}
		for len(s.marks) <= n {
			s.marks = append(s.marks, &marksLayer{})
		}
		l := s.marks[n]
		blank := true
		for _, st := range stages[g.from : g.to+1] {
			blank = blank && st.blank != nil && st.blank()
		}
		if blank {
			continue
		}
		if l.img == nil || l.img.Bounds() != b {
			if l.img != nil {
				l.img.Deallocate()
			}
			l.img, l.drawn = ebiten.NewImageWithOptions(b, nil), false
		}
		if k := s.marksKeyFor(stages, g.from, g.to, b); !l.drawn || l.key != k {
			l.img.Clear()
			for _, st := range stages[g.from : g.to+1] {
				st.static(l.img)
			}
			l.key, l.drawn = k, true
			l.draws++
		}
		screen.DrawImage(l.img, nil)
	}
}

// marksChanged notes what an edit changed in what the marks show, from
// the scenario before it (nil: none) to the one after.
func (s *DesignScene) marksChanged(old, sc *scenario.Scenario) {
	if old == nil || !reflect.DeepEqual(old.Sides, sc.Sides) || !reflect.DeepEqual(old.Objectives, sc.Objectives) {
		s.forcesRev++
	}
	if old == nil || !reflect.DeepEqual(old.Sides, sc.Sides) || !reflect.DeepEqual(old.Counters, sc.Counters) ||
		!reflect.DeepEqual(old.Minefields, sc.Minefields) || !reflect.DeepEqual(old.Obstacles, sc.Obstacles) ||
		!reflect.DeepEqual(old.Structures, sc.Structures) || !slices.Equal(old.Map.Variants, sc.Map.Variants) {
		s.supportRev++
	}
}

// noSelectionMarks: marksSelection would draw nothing.
func (s *DesignScene) noSelectionMarks() bool {
	switch s.sel.kind {
	case selOverlay, selBoard:
		return false
	case selBase:
		return s.sc == nil || s.sel.s >= len(s.sc.Sides) || s.sel.u >= len(s.sc.Sides[s.sel.s].Units) || s.sc.Sides[s.sel.s].Units[s.sel.u].Area == ""
	}
	return true
}

// noSupportMarks: drawSupport would draw nothing.
func (s *DesignScene) noSupportMarks() bool {
	sc := s.sc
	if sc == nil {
		return true
	}
	if s.tool == toolUnit || s.tool == toolDefences || len(sc.Obstacles)+len(sc.Minefields)+len(sc.Structures)+len(sc.Counters) > 0 {
		return false
	}
	for _, sd := range sc.Sides {
		if len(sd.Barrages) > 0 {
			return false
		}
	}
	return true
}

// releaseMarks gives the layers' images back (the scene is left).
func (s *DesignScene) releaseMarks() {
	for _, l := range s.marks {
		if l.img != nil {
			l.img.Deallocate()
		}
	}
	s.marks = nil
}

// addHexPath adds h's outline, shrunk about its centre, to p as a closed
// sub-path.
func (s *DesignScene) addHexPath(p *vector.Path, h hexmap.Hex, shrink float64) {
	addBoardHex(p, s.ms, h, shrink)
}

// hexOutlines is hexes outlined alike, stroked as one path.
type hexOutlines struct {
	p vector.Path
	n int
}

func (o *hexOutlines) add(s *DesignScene, hs ...hexmap.Hex) {
	for _, h := range hs {
		s.addHexPath(&o.p, h, 1)
		o.n++
	}
}

// draw strokes the hexes added since the last draw, w pixels wide at
// the window's scale.
func (o *hexOutlines) draw(s *DesignScene, dst *ebiten.Image, c color.Color, w float64) {
	if o.n == 0 {
		return
	}
	ui.StrokePath(dst, &o.p, w*s.scale, c)
	o.p.Reset()
	o.n = 0
}

// hexFills is hexes shaded, one path a colour, filled in the order the
// colours first came (the hexes do not overlap, so the order of the
// colours changes nothing but where two touch).
type hexFills struct {
	idx   map[color.RGBA]int
	cols  []color.RGBA
	paths []*vector.Path
}

func (f *hexFills) add(s *DesignScene, h hexmap.Hex, c color.RGBA) {
	i, ok := f.idx[c]
	if !ok {
		if f.idx == nil {
			f.idx = map[color.RGBA]int{}
		}
		i = len(f.cols)
		f.idx[c] = i
		f.cols = append(f.cols, c)
		f.paths = append(f.paths, &vector.Path{})
	}
	s.addHexPath(f.paths[i], h, 1)
}

func (f *hexFills) draw(dst *ebiten.Image) {
	for i, c := range f.cols {
		ui.FillPath(dst, f.paths[i], c)
	}
}
