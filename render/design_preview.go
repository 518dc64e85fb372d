package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
)

// The overlay palette's preview: the picked overlay laid on board 25
// (where it fits; at its fixed place for the escarpments), painted small
// and cut to its outline, once per overlay.

// previewHexSize is the preview's raster size: small, the whole overlay
// shows in the panel.
const previewHexSize = 14

// overlayPreview is id's picture (nil headless or when it cannot be laid
// on board 25).
func (s *DesignScene) overlayPreview(id string) *ebiten.Image {
	if s.opts.Headless {
		return nil
	}
	if img, ok := s.previews[id]; ok {
		return img
	}
	if s.previews == nil {
		s.previews = map[string]*ebiten.Image{}
	}
	img := s.paintPreview(id)
	s.previews[id] = img
	return img
}

func (s *DesignScene) paintPreview(id string) *ebiten.Image {
	var m *hexmap.Map
	for _, try := range []string{id + " on 25Q5-Q6", id} {
		if mm, err := hexmap.BuildText(s.lib, "25", []string{try}, hexmap.Variants{}); err == nil && len(mm.Overlays()) == 1 {
			m = mm
			break
		}
	}
	if m == nil {
		return nil
	}
	ls := rasterFor(m, previewHexSize)
	full := ls.Composite(false, false, true)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range m.Overlays()[0].AllHexes() {
		if !m.Contains(h) {
			continue
		}
		for _, c := range ls.Pixels.Corners(h) {
			minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
			maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
		}
	}
	if math.IsInf(minX, 0) {
		return nil
	}
	pad := previewHexSize / 2.0
	r := image.Rect(int(minX-pad), int(minY-pad), int(maxX+pad), int(maxY+pad)).Intersect(full.Bounds())
	if r.Empty() {
		return nil
	}
	return ebiten.NewImageFromImage(full.SubImage(r))
}
