package render

import (
	"image"
	"math"
	"runtime/debug"

	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// The designer's map picture (issue 19, "Speed"). In a window the GPU
// holds it and nothing else does: the map is rasterised whole once, its
// layers uploaded and dropped; an overlay edit paints only the parts of
// the map it changed (raster.ChangedRegions, raster.PaintPart) off the
// window's thread, and the window writes just those parts into the GPU's
// tiles (ui.MapScene.Patch). Headless (tests) the scene keeps the CPU
// layers instead and puts the parts into them (raster.Redraw).

// pendingRaster is the parts of a map being painted in the background,
// then being written to the GPU.
type pendingRaster struct {
	key   string
	m     *hexmap.Map
	done  chan []*raster.Part
	got   bool           // the parts came
	parts []*raster.Part // the strips still to write
}

// patchBudget is how many pixels of each layer go to the GPU in one
// tick: a part larger than that is written in strips over a few ticks
// (a 2×2 map's overlay edit changes 0.3–0.8 million pixels, 5–13 MB over
// the four layers), so that no frame takes much over a millisecond or
// two for it (docs/performance.md, "Designer: map upload and memory").
const patchBudget = 1 << 18

// strips cuts parts into strips of at most budget pixels.
func strips(parts []*raster.Part, budget int) []*raster.Part {
	var out []*raster.Part
	for _, p := range parts {
		rows := max(1, budget/max(1, p.Rect.Dx()))
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y += rows {
			r := p.Rect
			r.Min.Y, r.Max.Y = y, min(y+rows, p.Rect.Max.Y)
			out = append(out, &raster.Part{Rect: r, Layers: p.Layers})
		}
	}
	return out
}

// rasterLater paints the parts where m differs from the map the picture
// shows, off the window's thread; Update writes them to the GPU when
// they are done. One at a time: edits made meanwhile are painted by the
// next, which takeRaster starts.
func (s *DesignScene) rasterLater(m *hexmap.Map, key string) {
	if s.pending != nil {
		return
	}
	p := &pendingRaster{key: key, m: m, done: make(chan []*raster.Part, 1)}
	s.pending = p
	from, size := s.layersMap, ui.ViewHexSize(m, s.opts.HexSize, 0)
	go func() {
		p.done <- partsFor(from, m, size)
		ui.Wake()
	}()
}

// viewStyle is the raster style of the map view at hexSize.
func viewStyle(hexSize float64) raster.Style {
	return raster.Style{HexSize: hexSize, Margin: int(math.Ceil(hexSize / 2))}
}

// partsFor paints the parts of m's picture at hexSize where it differs
// from that of map from (the whole picture without from).
func partsFor(from, m *hexmap.Map, hexSize float64) []*raster.Part {
	st := viewStyle(hexSize)
	regions := []image.Rectangle{{Max: raster.RasterSize(m, st)}}
	if from != nil {
		regions = raster.ChangedRegions(from, m, st)
	}
	var out []*raster.Part
	for _, r := range regions {
		if p := raster.PaintPart(m, st, r); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// redrawFor is rasterFor(m, hexSize) made by painting ls, the layers of
// map from, again where the two maps differ (headless: the scene keeps
// its layers); the whole map without them.
func redrawFor(ls *raster.Layers, from, m *hexmap.Map, hexSize float64) *raster.Layers {
	if ls == nil || from == nil {
		return rasterFor(m, hexSize)
	}
	st := viewStyle(hexSize)
	for _, r := range raster.ChangedRegions(from, m, st) {
		ls = raster.Redraw(ls, m, st, r)
	}
	return ls
}

// takeRaster writes finished parts to the GPU's tiles of the map view,
// patchBudget pixels a tick, and once all are written installs a view of
// the new map when it is still the map edited.
func (s *DesignScene) takeRaster() {
	p := s.pending
	if p == nil {
		return
	}
	if !p.got {
		select {
		case parts := <-p.done:
			p.got, p.parts = true, strips(parts, patchBudget)
		default:
			return
		}
	}
	if s.ms == nil {
		s.pending = nil
		return
	}
	for n := 0; len(p.parts) > 0 && n < patchBudget; {
		part := p.parts[0]
		p.parts = p.parts[1:]
		s.ms.Patch(part)
		n += part.Rect.Dx() * part.Rect.Dy()
	}
	s.dirty = true
	if len(p.parts) > 0 {
		return // more next tick (Ticking holds the window at full rate)
	}
	s.pending = nil
	s.layersMap = p.m
	p.parts = nil
	// the parts (tens of MB on a 2×2 map) are garbage now: hand them back
	// to the system from another goroutine, so no frame waits for the
	// collection
	go debug.FreeOSMemory()
	if p.key != s.mapKey {
		// edited again while it was painted: paint the map as it is
		if sameGround(p.m, s.m) {
			s.rasterLater(s.m, s.mapKey)
		}
		return
	}
	h, err := ui.NewHUD()
	if err != nil {
		return
	}
	north := ""
	if s.sc != nil {
		north = s.sc.Map.North
	}
	s.install(ui.NewMapSceneLike(p.m, s.ms, h, designMapKeymap()), p.m, north)
}

// newMapScene paints m whole. In a window its layers go to the GPU and
// are dropped (Window.freeAfterUpload hands the memory back); headless
// they are kept (s.layers), for the next overlay edit to paint again
// only where it changed.
func (s *DesignScene) newMapScene(m *hexmap.Map) (*ui.MapScene, error) {
	h, err := ui.NewHUD()
	if err != nil {
		return nil, err
	}
	ls := rasterFor(m, ui.ViewHexSize(m, s.opts.HexSize, 0))
	ms := ui.NewMapSceneFrom(m, ls, h, designMapKeymap())
	s.layers, s.layersMap = nil, m
	if s.opts.Headless {
		s.layers = ls
	} else {
		ms.Upload(ls)
	}
	return ms, nil
}
