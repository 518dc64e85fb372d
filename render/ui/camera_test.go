package ui

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestCameraRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1000; i++ {
		var c Camera
		c.Set(0.05+r.Float64()*6, r.Float64()*4000-2000, r.Float64()*4000-2000)
		c.ZoomAt(0.5+r.Float64()*2, r.Float64()*1280, r.Float64()*800)
		c.Pan(r.Float64()*200-100, r.Float64()*200-100)
		wx, wy := r.Float64()*5000, r.Float64()*2000
		sx, sy := c.WorldToScreen(wx, wy)
		bx, by := c.ScreenToWorld(sx, sy)
		if !near(bx, wx, 1e-6) || !near(by, wy, 1e-6) {
			t.Fatalf("world (%g,%g) → screen (%g,%g) → world (%g,%g)", wx, wy, sx, sy, bx, by)
		}
	}
}

func TestCameraZoomKeepsCursorPoint(t *testing.T) {
	var c Camera
	c.Set(0.4, 12, 30)
	c.MinScale, c.MaxScale = 0.1, 4
	for _, tc := range []struct{ f, sx, sy float64 }{
		{1.15, 480, 250}, {1.25, 0, 0}, {1 / 1.25, 959, 599}, {100, 300, 200}, {0.0001, 10, 500},
	} {
		wx, wy := c.ScreenToWorld(tc.sx, tc.sy)
		before := c.Scale()
		c.ZoomAt(tc.f, tc.sx, tc.sy)
		ax, ay := c.ScreenToWorld(tc.sx, tc.sy)
		if !near(ax, wx, 1e-9*math.Max(1, math.Abs(wx))) || !near(ay, wy, 1e-9*math.Max(1, math.Abs(wy))) {
			t.Errorf("zoom %g at (%g,%g): world point moved from (%g,%g) to (%g,%g)", tc.f, tc.sx, tc.sy, wx, wy, ax, ay)
		}
		want := math.Min(math.Max(before*tc.f, c.MinScale), c.MaxScale)
		if !near(c.Scale(), want, 1e-12) {
			t.Errorf("zoom %g from %g: scale %g, want %g", tc.f, before, c.Scale(), want)
		}
	}
}

func TestCameraFit(t *testing.T) {
	world := image.Rect(0, 0, 2424, 890)
	screen := image.Rect(0, 0, 960, 576)
	var c Camera
	s := c.Fit(world, screen, 12)
	if want := math.Min((960-24)/2424.0, (576-24)/890.0); !near(s, want, 1e-12) || !near(c.Scale(), want, 1e-12) {
		t.Fatalf("fit scale %g (camera %g), want %g", s, c.Scale(), want)
	}
	x0, y0 := c.WorldToScreen(0, 0)
	x1, y1 := c.WorldToScreen(2424, 890)
	if x0 < 12-1e-9 || y0 < 12-1e-9 || x1 > 948+1e-9 || y1 > 564+1e-9 {
		t.Errorf("fitted world spans (%g,%g)-(%g,%g), outside the padded screen", x0, y0, x1, y1)
	}
	if !near(x0, 12, 1e-9) && !near(y0, 12, 1e-9) {
		t.Errorf("fitted world (%g,%g)-(%g,%g) touches neither padding: not a fit", x0, y0, x1, y1)
	}
	if cx, cy := c.WorldToScreen(1212, 445); !near(cx, 480, 1e-9) || !near(cy, 288, 1e-9) {
		t.Errorf("world centre on screen at (%g,%g), want (480,288)", cx, cy)
	}
	// A world offset from the origin and a screen offset from the corner.
	s2 := c.Fit(image.Rect(100, 50, 300, 150), image.Rect(10, 20, 410, 220), 0)
	if !near(s2, 2, 1e-12) {
		t.Errorf("fit scale %g, want 2", s2)
	}
	if x, y := c.WorldToScreen(100, 50); !near(x, 10, 1e-9) || !near(y, 20, 1e-9) {
		t.Errorf("world corner at (%g,%g), want (10,20)", x, y)
	}
}

func TestCameraKeep(t *testing.T) {
	world := image.Rect(0, 0, 1000, 500)
	screen := image.Rect(0, 0, 800, 600)
	var c Camera
	c.Set(1, 0, 0)
	c.Pan(-5000, 4000) // map far off to the left and below
	c.Keep(world, screen, 100)
	x1, _ := c.WorldToScreen(1000, 0)
	_, y0 := c.WorldToScreen(0, 0)
	if !near(x1, 100, 1e-9) || !near(y0, 500, 1e-9) {
		t.Errorf("after Keep the map's right edge is at x=%g (want 100), top at y=%g (want 500)", x1, y0)
	}
	// Already in view: nothing moves.
	c.Set(1, 10, 10)
	c.Keep(world, screen, 100)
	if x, y := c.Offset(); x != 10 || y != 10 {
		t.Errorf("Keep moved a visible map to (%g,%g)", x, y)
	}
}

func TestCameraPanAndVisible(t *testing.T) {
	var c Camera
	c.Set(2, 0, 0)
	c.Pan(30, -40)
	if x, y := c.Offset(); x != 30 || y != -40 {
		t.Errorf("offset (%g,%g), want (30,-40)", x, y)
	}
	if got, want := c.VisibleWorld(image.Rect(0, 0, 100, 100)), image.Rect(-15, 20, 35, 70); got != want {
		t.Errorf("visible %v, want %v", got, want)
	}
}

// Clamp centres a world smaller than the area and makes a larger one
// cover the whole area.
func TestCameraClamp(t *testing.T) {
	world := image.Rect(0, 0, 1000, 200)
	area := image.Rect(0, 50, 800, 650)
	var c Camera
	c.Set(1, 500, 900) // far right and below
	c.Clamp(world, area)
	x0, y0 := c.WorldToScreen(0, 0)
	_, y1 := c.WorldToScreen(1000, 200)
	if x0 != 0 {
		t.Errorf("wider world's left edge after Clamp at x=%g, want 0", x0)
	}
	if (y0+y1)/2 != 350 {
		t.Errorf("shorter world centred at y=%g, want 350", (y0+y1)/2)
	}
	c.Set(1, -900, 0) // its right edge inside the area
	c.Clamp(world, area)
	if x1, _ := c.WorldToScreen(1000, 0); x1 != 800 {
		t.Errorf("right edge after Clamp at x=%g, want 800", x1)
	}
}
