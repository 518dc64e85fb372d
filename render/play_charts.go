package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/game"
	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// The end screen's charts (issue 18 ★): each side's Break Point Track
// and its bases lost, turn by turn, and the map with where each side's
// bases were lost. The end screen comes after the game, when everything
// may be shown: the figures are the umpire's (ViewAs(-1)) on a replay of
// the game's commands from its scenario and seed, built once in the
// background.

// endChartData is what the end charts show.
type endChartData struct {
	Names      [2]string
	Nations    [2]string
	BreakStart [2]int
	// BP and Lost are, for turns 1..len, each side's Break Point Track
	// and bases knocked out or captured so far at the end of the turn
	// (the last entry: when the game ended).
	BP   [2][]int
	Lost [2][]int
	// Losses are where and when each base was lost, in the game's order.
	Losses []lossMark
	// Map is the map painted small, and Pix its hex geometry (nil in the
	// tests, which leave painting out).
	Map *image.RGBA
	Pix hexmap.Pixels
}

// lossMark is one base lost.
type lossMark struct {
	Side int
	Base string
	Hex  hexmap.Hex
	Turn int
}

// buildEndCharts replays g's commands on a new game of its scenario and
// seed and reads each side's figures after each command (the umpire's
// view: the game is over).
func buildEndCharts(g *game.Game) (endChartData, error) {
	var d endChartData
	r, err := game.New(g.Scn, g.Seed)
	if err != nil {
		return d, err
	}
	idx := map[string]int{}
	for si := 0; si < 2; si++ {
		sd := g.Side(si)
		d.Names[si], d.Nations[si], d.BreakStart[si] = sd.Name, sd.Nation, sd.BreakStart
		idx[sd.ID] = si
	}
	gone := map[string]bool{}
	sample := func() {
		v := r.ViewAs(-1)
		var lost [2]int
		for _, b := range v.Bases {
			si, ok := idx[b.Side]
			if !ok || !containsStr(b.Status, "knocked-out") && !containsStr(b.Status, "captured") {
				continue
			}
			lost[si]++
			if !gone[b.ID] {
				gone[b.ID] = true
				h, err := r.HexOf(b.Hex)
				if err == nil {
					d.Losses = append(d.Losses, lossMark{Side: si, Base: b.ID, Hex: h, Turn: max(v.Turn, 1)})
				}
			}
		}
		t := max(v.Turn, 1)
		for si := 0; si < 2; si++ {
			for len(d.BP[si]) < t { // a turn with no command carries the last figures on
				if n := len(d.BP[si]); n > 0 {
					d.BP[si], d.Lost[si] = append(d.BP[si], d.BP[si][n-1]), append(d.Lost[si], d.Lost[si][n-1])
				} else {
					d.BP[si], d.Lost[si] = append(d.BP[si], d.BreakStart[si]), append(d.Lost[si], 0)
				}
			}
			d.BP[si][t-1], d.Lost[si][t-1] = v.BreakPoint[g.Side(si).ID], lost[si]
		}
	}
	sample()
	for i, c := range g.Cmds() {
		if _, err := r.Do(c); err != nil {
			return d, fmt.Errorf("end charts: command %d %q refused: %v", i+1, c, err)
		}
		sample()
	}
	return d, nil
}

// endCharts is the end screen's chart state, in the overlays.
type endCharts struct {
	started bool
	done    chan endChartResult
	data    *endChartData
	err     string
	img     *ebiten.Image // data.Map on the GPU, made in Draw
}

type endChartResult struct {
	d   endChartData
	err error
}

// updateEndCharts starts building the charts once the game is over and
// takes them when they are ready (called from the end screen's Update).
func (s *PlayScene) updateEndCharts() {
	c := &s.ov.charts
	if !s.g.Over() {
		return
	}
	if !c.started {
		c.started = true
		c.done = make(chan endChartResult, 1)
		g := s.g.Clone() // the builder's own copy
		go func() {
			d, err := buildEndCharts(g)
			if err == nil {
				d.Map, d.Pix = paintChartMap(g)
			}
			c.done <- endChartResult{d, err}
			ui.Wake()
		}()
		return
	}
	select {
	case r := <-c.done:
		c.data = &r.d
		if r.err != nil {
			c.data, c.err = nil, r.err.Error()
		}
	default:
	}
}

// paintChartMap paints g's map about 300 pixels across.
func paintChartMap(g *game.Game) (*image.RGBA, hexmap.Pixels) {
	bw, bh := g.Map.Size()
	lo, hi := hexmap.Pixels{Size: 10}.MapBounds(bw, bh)
	size := 10 * math.Min(420/(hi.X-lo.X+20), 300/(hi.Y-lo.Y+20))
	size = math.Max(2, math.Min(size, 10))
	ls := raster.Rasterize(g.Map, raster.Style{HexSize: size, Margin: 2})
	if ls == nil || ls.Terrain == nil {
		return nil, hexmap.Pixels{}
	}
	return ls.Composite(false, false, false), ls.Pixels
}

// drawEndChartsHere draws the charts in r on the end screen (the hook).
func (s *PlayScene) drawEndChartsHere(dst *ebiten.Image, r image.Rectangle) {
	c := &s.ov.charts
	if r.Dx() < 120 || r.Dy() < 80 {
		return
	}
	if c.data == nil {
		msg := "charts: replaying the game…"
		if c.err != "" {
			msg = c.err
		}
		ui.DrawText(dst, msg, s.hud.Small, float64(r.Min.X), float64(r.Min.Y), ui.Dim)
		return
	}
	if c.img == nil && c.data.Map != nil {
		c.img = ebiten.NewImageFromImage(c.data.Map)
	}
	s.drawEndCharts(dst, r, c.data)
}

// sideLine is a side's colour in the charts.
func sideLine(d *endChartData, si int) color.RGBA {
	c := ui.SideColours(si, d.Nations[si]).Fill
	if si == 1 && d.Nations[0] == d.Nations[1] {
		c = color.RGBA{132, 150, 172, 255}
	}
	return c
}

// drawEndCharts draws d in r: the Break Point Tracks and the losses by
// turn as two line charts, and the map with a cross where each base was
// lost, in its side's colour.
func (s *PlayScene) drawEndCharts(dst *ebiten.Image, r image.Rectangle, d *endChartData) {
	u := s.hud.U
	gap := int(u(14))
	mapW := 0
	if s.ov.charts.img != nil {
		mb := s.ov.charts.img.Bounds()
		k := math.Min(float64(r.Dx())*0.42/float64(mb.Dx()), float64(r.Dy())/float64(mb.Dy()))
		mapW = int(float64(mb.Dx()) * k)
	}
	cw := (r.Dx() - mapW - 2*gap) / 2
	if mapW == 0 {
		cw = (r.Dx() - gap) / 2
	}
	// one key under the charts: each side's name in its colour, each cut
	// to half the width when the two do not fit (a narrow window ran the
	// second off the panel)
	face := s.hud.Small
	lh := u(ui.SmallPt * ui.LineGap)
	kx, ky := float64(r.Min.X), float64(r.Max.Y)-lh
	half := float64(r.Dx())/2 - u(42)
	fits := u(22)+text.Advance(d.Names[0], face)+u(20)+u(22)+text.Advance(d.Names[1], face) <= float64(r.Dx())
	for si := 0; si < 2; si++ {
		c := sideLine(d, si)
		ui.FillRect(dst, kx, ky+lh*0.35, u(16), u(4), c)
		ui.Disc(dst, kx+u(8), ky+lh*0.35+u(2), u(3), c)
		kx += u(22)
		name := d.Names[si]
		if !fits {
			name = fitText2(name, face, half)
		}
		ui.DrawText(dst, name, face, kx, ky, ui.Ink)
		kx += text.Advance(name, face) + u(20)
	}
	r.Max.Y -= int(lh * 1.4)
	bpMax, lostMax := 1, 1
	for si := 0; si < 2; si++ {
		bpMax = max(bpMax, d.BreakStart[si])
		for _, v := range d.BP[si] {
			bpMax = max(bpMax, v)
		}
		for _, v := range d.Lost[si] {
			lostMax = max(lostMax, v)
		}
	}
	s.lineChart(dst, image.Rect(r.Min.X, r.Min.Y, r.Min.X+cw, r.Max.Y), "Break Point Track by turn", d, d.BP, bpMax)
	s.lineChart(dst, image.Rect(r.Min.X+cw+gap, r.Min.Y, r.Min.X+2*cw+gap, r.Max.Y), "Bases lost by turn", d, d.Lost, lostMax)
	if mapW > 0 {
		s.lossMap(dst, image.Rect(r.Max.X-mapW, r.Min.Y, r.Max.X, r.Max.Y), d)
	}
}

// chartTitle is a chart's title in its width: the full one, else the
// words before " by turn" (the axis says it), else cut.
func chartTitle(title string, face text.Face, w float64) string {
	if text.Advance(title, face) <= w {
		return title
	}
	return fitText2(strings.TrimSuffix(title, " by turn"), face, w)
}

// lineChart draws one figure per side by turn in r, from 0 to top.
func (s *PlayScene) lineChart(dst *ebiten.Image, r image.Rectangle, title string, d *endChartData, series [2][]int, top int) {
	u := s.hud.U
	face := s.hud.Small
	lh := u(ui.SmallPt * ui.LineGap)
	ui.DrawText(dst, chartTitle(title, face, float64(r.Dx())), face, float64(r.Min.X), float64(r.Min.Y), ui.Ink)
	axisW := text.Advance(fmt.Sprint(top), face) + u(6)
	px0, py0 := float64(r.Min.X)+axisW, float64(r.Min.Y)+lh*1.3
	px1, py1 := float64(r.Max.X)-u(4), float64(r.Max.Y)-lh*1.3
	if px1-px0 < 20 || py1-py0 < 20 {
		return
	}
	ui.FillRect(dst, px0, py0, px1-px0, py1-py0, color.RGBA{0, 0, 0, 60})
	n := max(len(series[0]), len(series[1]), 1)
	x := func(i int) float64 {
		if n == 1 {
			return (px0 + px1) / 2
		}
		return px0 + (px1-px0)*float64(i)/float64(n-1)
	}
	y := func(v int) float64 { return py1 - (py1-py0)*float64(max(v, 0))/float64(top) }
	for _, v := range []int{0, top} {
		ui.Line(dst, px0, y(v), px1, y(v), 1, color.RGBA{90, 80, 60, 255})
		ui.DrawText(dst, fmt.Sprint(v), face, float64(r.Min.X), y(v)-lh/2, ui.Dim)
	}
	step := max(1, (n+7)/8)
	for i := 0; i < n; i += step {
		ui.CentredText(dst, fmt.Sprint(i+1), face, x(i), py1+lh*0.55, ui.Dim)
	}
	for si := 0; si < 2; si++ {
		c := sideLine(d, si)
		for i, v := range series[si] {
			if i > 0 {
				ui.Line(dst, x(i-1), y(series[si][i-1]), x(i), y(v), u(2.5), c)
			}
			ui.Disc(dst, x(i), y(v), u(3), c)
		}
	}
}

// lossMap draws the map small in r with a cross where each base was lost.
func (s *PlayScene) lossMap(dst *ebiten.Image, r image.Rectangle, d *endChartData) {
	u := s.hud.U
	img := s.ov.charts.img
	mb := img.Bounds()
	lh := u(ui.SmallPt * ui.LineGap)
	ui.DrawText(dst, fitText2("Where bases were lost", s.hud.Small, float64(r.Dx())), s.hud.Small, float64(r.Min.X), float64(r.Min.Y), ui.Ink)
	top := float64(r.Min.Y) + lh*1.3
	k := math.Min(float64(r.Dx())/float64(mb.Dx()), (float64(r.Max.Y)-top)/float64(mb.Dy()))
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(float64(r.Min.X), top)
	dst.DrawImage(img, op)
	for _, l := range lossMarks(d, k, float64(r.Min.X), top) {
		// a disc in the side's colour, ringed dark, with a cross: seen on sand and on scrub
		c := sideLine(d, l.side)
		rr := l.r * 1.25
		ui.Disc(dst, l.x, l.y, rr+u(1.5), color.RGBA{20, 14, 8, 230})
		ui.Disc(dst, l.x, l.y, rr, c)
		k := l.r * 0.6
		ui.Line(dst, l.x-k, l.y-k, l.x+k, l.y+k, u(1.8), color.RGBA{30, 20, 10, 255})
		ui.Line(dst, l.x-k, l.y+k, l.x+k, l.y-k, u(1.8), color.RGBA{30, 20, 10, 255})
	}
}

// lossPoint is one loss cross on the screen.
type lossPoint struct {
	side    int
	x, y, r float64
}

// lossMarks places d's losses on the small map drawn at (x0,y0), scale k:
// the draw list the tests check.
func lossMarks(d *endChartData, k, x0, y0 float64) []lossPoint {
	out := make([]lossPoint, 0, len(d.Losses))
	for _, l := range d.Losses {
		c := d.Pix.Center(l.Hex)
		out = append(out, lossPoint{side: l.Side, x: x0 + c.X*k, y: y0 + c.Y*k, r: math.Max(3, d.Pix.Size*k*0.6)})
	}
	return out
}
