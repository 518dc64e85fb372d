package ui

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/vector"
)

// pathOps is the number of operations in p (lines, and the quadratics
// Ebitengine turns arcs into), read by reflection from vector.Path's
// fields (Ebitengine v2.10.4; the test stops if they are renamed). An
// antialiased fill draws each operation's triangles eight times into a
// stencil, so this bounds what one mark costs the command queue a frame.
// (Flattening does not show it: it merges points closer than 0.01 px.)
func pathOps(t *testing.T, p *vector.Path) int {
	t.Helper()
	sub := reflect.ValueOf(p).Elem().FieldByName("subPaths")
	if !sub.IsValid() || sub.Kind() != reflect.Slice {
		t.Fatal("vector.Path has no subPaths slice: Ebitengine's layout changed, update pathOps")
	}
	n := 0
	for i := 0; i < sub.Len(); i++ {
		ops := sub.Index(i).FieldByName("ops")
		if !ops.IsValid() || ops.Kind() != reflect.Slice {
			t.Fatal("vector's sub-path has no ops slice: Ebitengine's layout changed, update pathOps")
		}
		n += ops.Len()
	}
	return n
}

// strokeOutline is the outline StrokePath fills for p, w wide.
func strokeOutline(p *vector.Path, w float64) *vector.Path {
	var s vector.Path
	s.AddStroke(p, &vector.AddStrokeOptions{StrokeOptions: vector.StrokeOptions{
		Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}})
	return &s
}

// The round marks drawn every frame (Tobruk pits, haze rings, the
// compass, minefield and bunker markers) stay a few dozen operations at
// any size and any sub-pixel position. Drawn with Ebitengine's own arcs
// they were 1,200–19,900 (a stroked ring 10 px across) and 1,300–1,500
// (a stroked minefield marker), depending on the centre, and the window
// kept the vertex buffer of its worst frame (docs/performance.md, "The
// window's memory: round marks"). A regression to curves fails here.
func TestRoundMarksStayFewOperations(t *testing.T) {
	const budget = 256
	for _, tc := range []struct {
		name string
		path func(x, y, s float64) *vector.Path
	}{
		{"disc", func(x, y, s float64) *vector.Path { return CirclePath(x, y, s) }},
		{"ring (Tobruk pit, haze, compass)", func(x, y, s float64) *vector.Path { return RingPath(x, y, s, math.Max(1, s*0.13)) }},
		{"minefield marker outline as stroked", func(x, y, s float64) *vector.Path {
			w, h := s*0.95, math.Max(8, s*0.32)
			return strokeOutline(RoundRectPath(x, y, w, h, h*0.25), math.Max(1, s*0.03))
		}},
		{"bunker outline as stroked", func(x, y, s float64) *vector.Path {
			r := s * 0.3
			return strokeOutline(RoundRectPath(x-r, y-r*0.7, 2*r, 1.4*r, r*0.2), math.Max(1, s*0.04))
		}},
		{"panel box outline as stroked", func(x, y, s float64) *vector.Path {
			return strokeOutline(RoundRectPath(x, y, 8*s, 3*s, 4), 1.5)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			worst, at := 0, ""
			for _, s := range []float64{2, 5, 9.79, 16, 33.4, 60} {
				for i := 0; i < 200; i++ {
					// centres spread over sub-pixel positions, as panning gives
					x, y := 100+float64(i)*1.37, 200+float64(i)*0.713
					if n := pathOps(t, tc.path(x, y, s)); n > worst {
						worst, at = n, fmtAt(x, y, s)
					}
				}
			}
			if worst > budget {
				t.Errorf("%d operations at %s, want at most %d", worst, at, budget)
			}
		})
	}
}

func fmtAt(x, y, s float64) string { return fmt.Sprintf("(%.2f, %.2f) size %.2f", x, y, s) }

// The polygons look like the circles they replace: every corner lies on
// the circle and no side strays inside it by more than circleTolerance
// (a tenth of a pixel), at radii from under a pixel to a haze ring's.
func TestCirclePolygonStaysOnTheCircle(t *testing.T) {
	for _, r := range []float64{0.5, 3, 9.79, 40, 250, 900} {
		n := circleSegments(r)
		if n < 8 {
			t.Fatalf("r %v: %d sides", r, n)
		}
		if sag := r - r*math.Cos(math.Pi/float64(n)); sag > circleTolerance+1e-9 && n < 512 {
			t.Errorf("r %v: %d sides stray %.3f px inside the circle, want <= %v", r, n, sag, circleTolerance)
		}
		vs, _ := CirclePath(10, 20, r).AppendVerticesAndIndicesForFilling(nil, nil)
		if len(vs) < n {
			t.Errorf("r %v: %d points for %d sides", r, len(vs), n)
		}
		for _, v := range vs {
			if d := math.Hypot(float64(v.DstX)-10, float64(v.DstY)-20); math.Abs(d-r) > 1e-3*math.Max(1, r) {
				t.Errorf("r %v: corner (%v, %v) at distance %v", r, v.DstX, v.DstY, d)
				break
			}
		}
	}
}

// A ring is the band between r-w/2 and r+w/2 (what StrokeCircle drew):
// its points lie on those two circles, and a ring wider than its
// diameter is a disc.
func TestRingIsTheBand(t *testing.T) {
	for _, tc := range []struct{ r, w float64 }{{9.79, 1.63}, {40, 4}, {3, 8}} {
		vs, _ := RingPath(0, 0, tc.r, tc.w).AppendVerticesAndIndicesForFilling(nil, nil)
		var out, in int
		for _, v := range vs {
			d := math.Hypot(float64(v.DstX), float64(v.DstY))
			switch {
			case math.Abs(d-(tc.r+tc.w/2)) < 1e-3*tc.r:
				out++
			case math.Abs(d-(tc.r-tc.w/2)) < 1e-3*tc.r:
				in++
			default:
				t.Errorf("r %v w %v: point at distance %v", tc.r, tc.w, d)
			}
		}
		if out == 0 || (in == 0) != (tc.w >= 2*tc.r) {
			t.Errorf("r %v w %v: %d points outside, %d inside", tc.r, tc.w, out, in)
		}
	}
}
