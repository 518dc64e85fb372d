package ui

import (
	"math"

	"khamsin/hexmap"
)

// DefaultViewHexSize is the viewer's raster resolution: sharp at 100 %
// zoom, small enough to keep a 2×2 map's layers in memory.
const DefaultViewHexSize = 48

// viewRasterBudget bounds one layer's pixels; larger maps are rasterised
// at a smaller hex size.
const viewRasterBudget = 16 << 20

// ViewHexSize is the raster hex size the viewer uses for m: want (0: the
// default) unless one layer would then exceed budget pixels (0: the
// default budget).
func ViewHexSize(m *hexmap.Map, want float64, budget int) float64 {
	if want <= 0 {
		want = DefaultViewHexSize
	}
	if budget <= 0 {
		budget = viewRasterBudget
	}
	bw, bh := m.Size()
	p := hexmap.Pixels{Size: want}
	lo, hi := p.MapBounds(bw, bh)
	px := (hi.X - lo.X + want) * (hi.Y - lo.Y + want)
	if px > float64(budget) {
		want = math.Max(12, math.Floor(want*math.Sqrt(float64(budget)/px)))
	}
	return want
}

// The smallest window the viewer allows (as the game window): the help
// overlay and the status bar fit it.
const (
	MinViewWidth  = 640
	MinViewHeight = 400
)
