package ui

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/los"
	"khamsin/hexmap"
	"khamsin/render/raster"
)

// The LOS thread runs centre to centre (brief §4): the viewer draws one
// straight line and puts the block mark where that line meets the
// blocking hex or hexside, never at the blocking hex's centre.
func TestLOSBlockMarkOnStraightLine(t *testing.T) {
	m := viewTestMap(t)
	cases := []struct{ from, to string }{
		{"26E6", "26K7"}, // blocked by the hillock at 26G6
		{"26E6", "26K6"},
		{"26F6", "26K8"},
	}
	for _, c := range cases {
		script := &scriptInput{}
		r := newSceneRig(t, m, script, 1000, 700)
		s := r.s
		from, to := mustHex(t, m, c.from), mustHex(t, m, c.to)
		script.events = append(script.events,
			scriptEvent{from: 1, cursor: at(1, 1)},
			scriptEvent{from: 2, cursor: func() (float64, float64) { return s.HexOnScreen(from) }, keys: []ebiten.Key{ebiten.KeyV}},
			scriptEvent{from: 3, cursor: func() (float64, float64) { return s.HexOnScreen(to) }},
		)
		for i := 0; i < 3; i++ {
			if err := r.step(); err != nil {
				t.Fatal(err)
			}
		}
		if s.los.result.Clear {
			continue
		}
		fx, fy := s.HexOnScreen(from)
		tx, ty := s.HexOnScreen(to)
		bx, by := s.los.blockOnScreen(s, fx, fy, tx, ty)
		// on the line: the cross product with the line's direction is ~0
		if cr := (tx-fx)*(by-fy) - (ty-fy)*(bx-fx); math.Abs(cr) > 1e-6*math.Hypot(tx-fx, ty-fy)*math.Hypot(bx-fx, by-fy)+1e-6 {
			t.Errorf("%s→%s: block mark (%.1f,%.1f) is off the straight line", c.from, c.to, bx, by)
		}
		w := s.los.result.Block.At
		if !w.IsSide {
			// where the line enters the blocking hex: on its edge, so the
			// hex under a point just past it is the blocking hex
			u := 0.5 / math.Hypot(tx-fx, ty-fy)
			px, py := bx+u*(tx-fx), by+u*(ty-fy)
			wx, wy := s.Cam.ScreenToWorld(px, py)
			if got := s.Pix.HexAt(hexmap.Point{X: wx, Y: wy}); got != w.Hex {
				t.Errorf("%s→%s: just past the mark lies %s, want the blocking hex %s", c.from, c.to, m.Label(got), m.Label(w.Hex))
			}
			cx, cy := s.HexOnScreen(w.Hex)
			if math.Hypot(bx-cx, by-cy) < 1 {
				t.Errorf("%s→%s: mark at the blocking hex's centre", c.from, c.to)
			}
		}
	}
}

func TestSegmentCross(t *testing.T) {
	cases := []struct {
		name                           string
		x0, y0, x1, y1, ax, ay, bx, by float64
		u                              float64
		ok                             bool
	}{
		{"crossing", 0, 0, 10, 0, 5, -1, 5, 1, 0.5, true},
		{"misses", 0, 0, 10, 0, 5, 1, 5, 2, 0, false},
		{"parallel", 0, 0, 10, 0, 0, 1, 10, 1, 0, false},
		{"at the end", 0, 0, 10, 0, 10, -1, 10, 1, 1, true},
	}
	for _, c := range cases {
		u, ok := segmentCross(c.x0, c.y0, c.x1, c.y1, c.ax, c.ay, c.bx, c.by)
		if ok != c.ok || math.Abs(u-c.u) > 1e-9 {
			t.Errorf("%s: got %v %v, want %v %v", c.name, u, ok, c.u, c.ok)
		}
	}
}

// V starts the LOS tool, V again over any hex stops it (as the help
// says); right after V, over the start hex, the status asks for a target.
func TestLOSToggle(t *testing.T) {
	m := viewTestMap(t)
	from, other := mustHex(t, m, "26E6"), mustHex(t, m, "26K7")
	script := &scriptInput{}
	r := newSceneRig(t, m, script, 1000, 700)
	s := r.s
	script.events = append(script.events,
		scriptEvent{from: 1, cursor: at(1, 1)},
		scriptEvent{from: 2, cursor: func() (float64, float64) { return s.HexOnScreen(from) }, keys: []ebiten.Key{ebiten.KeyV}},
		scriptEvent{from: 4, cursor: func() (float64, float64) { return s.HexOnScreen(other) }},
		scriptEvent{from: 5, keys: []ebiten.Key{ebiten.KeyV}},
	)
	for i := 0; i < 3; i++ {
		if err := r.step(); err != nil {
			t.Fatal(err)
		}
	}
	if want := "LOS from 26E6: point at the target hex (V again: off)"; s.Status() != want {
		t.Errorf("right after V: status %q, want %q", s.Status(), want)
	}
	r.step()
	if !s.los.on || !s.los.answered {
		t.Fatalf("over 26K7: tool on=%v answered=%v", s.los.on, s.los.answered)
	}
	r.step()
	if s.los.on {
		t.Errorf("V over another hex: the tool is still on (from %s)", m.Label(s.los.from))
	}
}

// TestDescribeLOSLevels: the LOS text gives both ends' levels, a wadi end
// at its floor (5.41), as `khamsin los` does.
func TestDescribeLOSLevels(t *testing.T) {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	layout, err := hexmap.ParseLayout("25")
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.Build(lib, layout, nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	from, to := mustHex(t, m, "25T7"), mustHex(t, m, "25C5")
	got := describeLOS(m, from, to, los.Result{Clear: true, Range: 3})
	if want := "LOS 25T7 (level 1) → 25C5 (level -1, in the wadi), range 3: clear"; got != want {
		t.Errorf("describeLOS = %q, want %q", got, want)
	}
}

// A sample of odd width once ran a row's plain span past its end (the map
// key asks for 83-px cells): every width now paints.
func TestLegendSampleOddWidths(t *testing.T) {
	for _, w := range []int{81, 82, 83, 85, 97} {
		img := raster.KeySamples()[1].Paint(keyHexSize, image.Pt(w, 49)) // desert open ground
		if img.Bounds().Dx() != w || img.RGBAAt(w-1, 24).A == 0 {
			t.Errorf("width %d: image %v, last column transparent", w, img.Bounds())
		}
	}
}
