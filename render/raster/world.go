package raster

import (
	"khamsin/hexmap"
)

// world is the terrain the rasteriser draws, copied into dense arrays so
// the per-pixel work never touches a map: a Map's hexes, or the legend's
// hand-made sample clusters.
type world struct {
	minK, minN int // offset coordinates of cell 0: K = Q, N = R + floor(Q/2)
	cols, rows int
	cells      []wcell
	hexes      []hexmap.Hex // every present hex, in drawing order
}

// wcell is one hex of a world.
type wcell struct {
	present bool
	t       hexmap.Terrain
	side    [6]hexmap.SideFlags // by hexmap.Dir
	piece   int16               // 0 for the boards, 1+i for the i-th placed overlay
}

func floorDiv2(q int) int {
	if q < 0 {
		return (q - 1) / 2
	}
	return q / 2
}

// newWorld makes an empty world holding the given hexes.
func newWorld(hexes []hexmap.Hex) *world {
	w := &world{}
	if len(hexes) == 0 {
		return w
	}
	minK, maxK := hexes[0].Q, hexes[0].Q
	minN, maxN := hexes[0].R+floorDiv2(hexes[0].Q), hexes[0].R+floorDiv2(hexes[0].Q)
	for _, h := range hexes {
		n := h.R + floorDiv2(h.Q)
		minK, maxK = min(minK, h.Q), max(maxK, h.Q)
		minN, maxN = min(minN, n), max(maxN, n)
	}
	w.minK, w.minN = minK, minN
	w.cols, w.rows = maxK-minK+1, maxN-minN+1
	w.cells = make([]wcell, w.cols*w.rows)
	w.hexes = append([]hexmap.Hex(nil), hexes...)
	for _, h := range hexes {
		w.cells[w.index(h)].present = true
	}
	return w
}

// index is h's cell, or -1 outside the world's rectangle.
func (w *world) index(h hexmap.Hex) int {
	k, n := h.Q-w.minK, h.R+floorDiv2(h.Q)-w.minN
	if k < 0 || k >= w.cols || n < 0 || n >= w.rows {
		return -1
	}
	return k*w.rows + n
}

// cell is h's cell, or nil when h is not in the world.
func (w *world) cell(h hexmap.Hex) *wcell {
	if i := w.index(h); i >= 0 && w.cells[i].present {
		return &w.cells[i]
	}
	return nil
}

// terrain of h (plain desert off the world).
func (w *world) terrain(h hexmap.Hex) hexmap.Terrain {
	if c := w.cell(h); c != nil {
		return c.t
	}
	return hexmap.Terrain{}
}

// side is the hexside of h in direction d.
func (w *world) side(h hexmap.Hex, d hexmap.Dir) hexmap.SideFlags {
	if c := w.cell(h); c != nil {
		return c.side[d]
	}
	if c := w.cell(h.Neighbor(d)); c != nil {
		return c.side[d.Opposite()]
	}
	return 0
}

// setSide sets the hexside of h in direction d, seen from both hexes.
func (w *world) setSide(h hexmap.Hex, d hexmap.Dir, f hexmap.SideFlags) {
	if c := w.cell(h); c != nil {
		c.side[d] = f
	}
	if c := w.cell(h.Neighbor(d)); c != nil {
		c.side[d.Opposite()] = f
	}
}

// worldFromMap copies a map's terrain, hexsides and overlay coverage.
func worldFromMap(m *hexmap.Map) *world {
	w := newWorld(m.Hexes())
	piece := map[string]int16{}
	for i, o := range m.Overlays() {
		if _, ok := piece[o.ID]; !ok {
			piece[o.ID] = int16(i + 1)
		}
	}
	for _, h := range w.hexes {
		c := &w.cells[w.index(h)]
		c.t = m.Terrain(h)
		for d := hexmap.Dir(0); d < 6; d++ {
			c.side[d] = m.Side(h, d)
		}
		if id := m.OverlayAt(h); id != "" {
			c.piece = piece[id]
		}
	}
	return w
}
