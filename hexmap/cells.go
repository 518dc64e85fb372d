package hexmap

// Cells is a read-only view of a map by dense index (Map.Index), for
// engines that visit many hexes per query, such as movement's Dijkstra:
// each call is a slice lookup, without the coordinate arithmetic of the
// Hex-based methods. Every method takes an index in [0, Len); an index
// with no hex reads as off the map (zero Terrain, no neighbours).
//
// A map builds its Cells once, on the first call to Map.Cells (a map is
// read-only after Build, so the view never goes stale), and every caller
// shares it; it is safe for concurrent use.
type Cells struct {
	rows     int
	cells    []cell
	overlays []*PlacedOverlay
	nb       []int32     // 6 per cell, direction order: the neighbour's index or -1
	side     []SideFlags // 6 per cell, direction order: the hexside's features
}

// Cells is m's dense view, built on first use.
func (m *Map) Cells() *Cells {
	m.cellsOnce.Do(func() { m.cellView = m.buildCells() })
	return m.cellView
}

// buildCells links each hex to its neighbours and copies its six hexsides,
// working through each hexside once: a hex's N, NE and SE sides, mirrored
// to the neighbour.
func (m *Map) buildCells() *Cells {
	n := len(m.cells)
	c := &Cells{rows: m.rows, cells: m.cells, overlays: m.overlays,
		nb: make([]int32, 6*n), side: make([]SideFlags, 6*n)}
	for i := range c.nb {
		c.nb[i] = -1
	}
	for K := 0; K < m.cols; K++ {
		for N := 0; N < m.rows; N++ {
			i := m.index(K, N)
			if !m.cells[i].present {
				continue
			}
			h := hexAt(K, N)
			for d := Dir(0); d < 3; d++ {
				j := m.cellOf(h.Neighbor(d))
				if j < 0 {
					continue
				}
				f := m.sides[3*i+int(d)]
				c.nb[6*i+int(d)], c.nb[6*j+int(d)+3] = int32(j), int32(i)
				c.side[6*i+int(d)], c.side[6*j+int(d)+3] = f, f
			}
		}
	}
	return c
}

// Len bounds the indices: Map.IndexLen.
func (c *Cells) Len() int { return len(c.cells) }

// Present reports whether index i is a hex of the map.
func (c *Cells) Present(i int) bool { return c.cells[i].present }

// Hex is the hex at index i (meaningful only where Present).
func (c *Cells) Hex(i int) Hex { return hexAt(i/c.rows, i%c.rows) }

// Terrain of the hex at index i, as Map.Terrain.
func (c *Cells) Terrain(i int) Terrain { return c.cells[i].t }

// Overlay names the overlay covering the hex at index i, or "", as
// Map.OverlayAt.
func (c *Cells) Overlay(i int) string {
	if o := c.cells[i].overlay; o >= 0 {
		return c.overlays[o].ID
	}
	return ""
}

// Neighbor is the index of the hex next to index i in direction d, or -1
// when there is none on the map.
func (c *Cells) Neighbor(i int, d Dir) int { return int(c.nb[6*i+int(d)]) }

// Side is the feature set of the hexside of index i in direction d, as
// Map.Side, for a hexside between two hexes of the map (0 otherwise).
func (c *Cells) Side(i int, d Dir) SideFlags { return c.side[6*i+int(d)] }
