package render

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/hexmap"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// The designer in a real window (issue 19, "Speed"): overlays dragged
// and dropped ten times through the window's own input path, on a map
// whose picture lives on the GPU. The child process (this test binary
// with KHAMSIN_DESIGN_DRAG=SCENARIO; Ebitengine runs one game per
// process) reads the GPU's tiles back after the last edit and compares
// them, padding and all, with a whole raster of the map; it prints its
// resident memory idle and after the edits, and with KHAMSIN_FRAMETIME=1
// the frame times (docs/performance.md, "Designer: map upload and
// memory"); with KHAMSIN_DESIGN_DRAG_VIEWSHED=1 a viewshed is up and
// follows every drag.

func init() {
	if name := os.Getenv("KHAMSIN_DESIGN_DRAG"); name != "" {
		os.Exit(runDesignDrag(name))
	}
}

// dragEdits is how many overlay edits the script makes.
const dragEdits = 10

// TestDesignWindowDragUploads: after ten overlay drags in the window the
// map's GPU tiles hold, pixel for pixel, a whole raster of the new map;
// and the marks the window draws from its kept layers equal the marks
// drawn directly while dragging, after each drop and with a viewshed up
// (issue 19, "frames stay under 16 ms while dragging").
func TestDesignWindowDragUploads(t *testing.T) {
	if !haveDisplay() {
		t.Skip("no display (DISPLAY unset): `make test` runs this under xvfb-run")
	}
	if testing.Short() {
		t.Skip("opens a window; skipped in -short mode")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "KHAMSIN_DESIGN_DRAG=default", "KHAMSIN_FRAMETIME=0") // the marks are compared only untimed
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil || !strings.Contains(string(out), "drag: done") {
		t.Fatalf("the drag script: %v", err)
	}
	if !strings.Contains(string(out), fmt.Sprintf("drag: %d edits", dragEdits)) || !strings.Contains(string(out), fmt.Sprintf("the marks compared %d times", 2*dragEdits+1)) {
		t.Errorf("the script did not make %d overlay edits", dragEdits)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "drag: differs") {
			t.Error(l)
		}
	}
	if !strings.Contains(string(out), "drag: GPU tiles equal the raster") {
		t.Error("the GPU tiles were not checked")
	}
}

// dragScript is the input: idle, then dragEdits drags (an overlay
// pressed on its "1" hex, carried three hexes south over twelve ticks
// and dropped; the next drag carries it back), each started 30 ticks
// after the last drop, whether or not its picture has arrived; then it
// waits for the last picture and checks it.
type dragScript struct {
	sc     *DesignScene
	tick   int
	st     ui.InputState
	phase  int // 0 idle, 1 dragging, 2 settling, 3 done
	edit   int // drags made
	t0     int // the tick the phase began
	from   hexmap.Hex
	dir    int
	out    *bufio.Writer
	rss    string
	line   string // the dragged overlay's SSR line before the drag
	moved  int    // drags that changed the overlay's line
	checks int    // the marks compared with their direct drawing (checkMarks)
}

const (
	dragIdleTicks = 150 // past freeAfterUpload's second free (tick 120)
	dragHexTicks  = 4   // ticks per hex carried
	dragHexes     = 3
	dragGapTicks  = 30
)

func (d *dragScript) Poll() ui.InputState {
	d.tick++
	s := d.sc
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	switch d.phase {
	case 0:
		if d.tick == dragIdleTicks {
			d.rss = procMemory()
			fmt.Fprintf(d.out, "drag: idle %s\n", d.rss)
			if os.Getenv("KHAMSIN_DESIGN_DRAG_VIEWSHED") == "1" {
				// a viewshed up from the map's middle hex: it follows each drag
				hs := s.m.Hexes()
				s.vs = &viewshed{from: hs[len(hs)/2]}
				s.vs.recompute(s)
				fmt.Fprintf(d.out, "drag: viewshed of %s up, %d hexes seen\n", s.m.Label(s.vs.from), s.vs.count)
			}
			d.phase, d.t0 = 1, d.tick+1
		}
	case 1:
		n := d.tick - d.t0
		if n == 0 {
			ov := d.edit % len(s.sc.Map.Overlays)
			sp, err := hexmap.ParseOverlaySpec(s.sc.Map.Overlays[ov])
			h, err2 := s.m.Hex(sp.One.String())
			if err != nil || err2 != nil {
				fmt.Fprintf(d.out, "drag: differs: overlay %d: %v %v\n", ov, err, err2)
				d.phase = 3
				break
			}
			d.from, d.dir, d.line = h, 1, s.sc.Map.Overlays[ov]
			if d.edit >= len(s.sc.Map.Overlays) {
				d.dir = -1 // the second time round, back
			}
			x0, y0 := s.ms.HexOnScreen(h)
			x1, y1 := s.ms.HexOnScreen(h.Add(hexmap.Hex{R: dragHexes * d.dir}))
			fmt.Fprintf(d.out, "drag: drag %d from %.0f %.0f to %.0f %.0f\n", d.edit+1, x0, y0, x1, y1)
		}
		at := func(k int) ui.InputState {
			x, y := s.ms.HexOnScreen(d.from.Add(hexmap.Hex{R: k * d.dir}))
			return ui.InputState{CursorX: x, CursorY: y}
		}
		switch {
		case n == 0:
			d.st = at(0)
		case n <= dragHexes*dragHexTicks:
			d.st = at((n - 1) / dragHexTicks)
			d.st.Buttons = left
			if n == dragHexes*dragHexTicks {
				d.st = at(dragHexes)
				d.st.Buttons = left
			}
		case n == dragHexes*dragHexTicks+1:
			d.checkMarks("while dragging")
			d.st = at(dragHexes) // the drop
			d.edit++
		case n == dragHexes*dragHexTicks+2:
			d.checkMarks("after the drop")
			if ov := (d.edit - 1) % len(s.sc.Map.Overlays); s.sc.Map.Overlays[ov] != d.line {
				d.moved++
			}
			fmt.Fprintf(d.out, "drag: edit %d at tick %d: %q, pictures %d, painting %v\n", d.edit, d.tick, s.sc.Map.Overlays[(d.edit-1)%len(s.sc.Map.Overlays)], s.Rasters(), s.pending != nil)
		case n >= dragHexes*dragHexTicks+1+dragGapTicks:
			d.t0 = d.tick + 1
			if d.edit == dragEdits {
				d.phase = 2
			}
		}
	case 2:
		if s.pending == nil && d.tick-d.t0 > 60 {
			// memory first (the check rasterises the whole map), then the
			// check, and the window ends on this tick: the check's time is
			// not a frame's
			fmt.Fprintf(d.out, "drag: %d edits, %d pictures installed\n", d.moved, s.Rasters())
			fmt.Fprintf(d.out, "drag: after %d edits %s\n", d.edit, procMemory())
			runtime.GC()
			debug.FreeOSMemory()
			fmt.Fprintf(d.out, "drag: after a GC and FreeOSMemory %s\n", procMemory())
			d.check()
			// a viewshed up: its shading is kept in the bottom layer
			s.vs = &viewshed{from: d.from}
			s.vs.recompute(s)
			d.checkMarks("with a viewshed")
			fmt.Fprintf(d.out, "drag: the marks compared %d times\n", d.checks)
			d.phase = 3
			s.quit = true
		}
	case 3:
		s.quit = true
	}
	return d.st
}

// check compares the GPU's tiles of every layer with a whole raster of
// the map as it now is.
func (d *dragScript) check() {
	s := d.sc
	size := ui.ViewHexSize(s.m, s.opts.HexSize, 0)
	want := rasterFor(s.m, size)
	ok := true
	for i, l := range []*image.RGBA{want.Terrain, want.Grid, want.Labels, want.Outlines} {
		got := s.ms.TilePixels(i)
		held := map[image.Rectangle]bool{}
		for _, g := range got {
			held[g.Rect] = true
			w := l.SubImage(g.Rect).(*image.RGBA)
			for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
				a := g.Pix[g.PixOffset(g.Rect.Min.X, y) : g.PixOffset(g.Rect.Max.X-1, y)+4]
				b := w.Pix[w.PixOffset(g.Rect.Min.X, y) : w.PixOffset(g.Rect.Max.X-1, y)+4]
				if string(a) != string(b) {
					fmt.Fprintf(d.out, "drag: differs: layer %d, tile %v, row %d\n", i, g.Rect, y)
					ok = false
					break
				}
			}
		}
		for _, r := range ui.TileRects(l, ui.LayerTileSize[i]) {
			in := false
			for h := range held {
				in = in || r.In(h)
			}
			if w := l.SubImage(r).(*image.RGBA); !in && !transparentRGBA(w) {
				fmt.Fprintf(d.out, "drag: differs: layer %d, tile %v not on the GPU\n", i, r)
				ok = false
			}
		}
	}
	if ok {
		fmt.Fprintln(d.out, "drag: GPU tiles equal the raster")
	}
}

// checkMarks compares the designer's marks as the window draws them
// (kept in layers, design_marks.go) with the same stages drawn directly,
// both over the same opaque backdrop: a layer whose key missed a change
// would show stale marks (whole shapes off by tens or hundreds of
// levels). A layer's translucent pixels are rounded once more on their
// way to the screen, and Ebitengine samples anti-aliased edges in a
// stencil atlas laid out afresh for each flush of fills, so a channel of
// an edge pixel may differ by a few levels (up to 4 seen): marksTolerance.
//
// Not with KHAMSIN_FRAMETIME=1: the comparison (drawn twice, read back
// from the GPU) would be timed as the frames' work.
func (d *dragScript) checkMarks(when string) {
	if frameTimingOn {
		return
	}
	s := d.sc
	b := image.Rect(0, 0, s.w, s.h)
	backdrop := color.RGBA{120, 100, 70, 255}
	direct, kept := ebiten.NewImageWithOptions(b, nil), ebiten.NewImageWithOptions(b, nil)
	defer direct.Deallocate()
	defer kept.Deallocate()
	direct.Fill(backdrop)
	kept.Fill(backdrop)
	for _, st := range s.markStages() {
		if st.static != nil {
			st.static(direct)
		} else if f := st.live(); f != nil {
			f(direct)
		}
	}
	s.drawMarks(kept)
	p, q := make([]byte, 4*b.Dx()*b.Dy()), make([]byte, 4*b.Dx()*b.Dy())
	direct.ReadPixels(p)
	kept.ReadPixels(q)
	worst, n := 0, 0
	for i := range p {
		if dd := abs(int(p[i]) - int(q[i])); dd > 0 {
			n++
			worst = max(worst, dd)
		}
	}
	d.checks++
	if worst > marksTolerance {
		fmt.Fprintf(d.out, "drag: differs: the marks %s (edit %d): %d channels differ, by up to %d\n", when, d.edit, n, worst)
	}
}

// marksTolerance is how far a channel of the marks kept in layers may be
// from the marks drawn directly.
const marksTolerance = 8

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// procMemory is this process's peak and current resident memory.
func procMemory() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "(no /proc)"
	}
	var hwm, rss string
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "VmHWM:" {
			hwm = f[1]
		}
		if len(f) >= 2 && f[0] == "VmRSS:" {
			rss = f[1]
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return fmt.Sprintf("VmHWM %s kB, VmRSS %s kB, Go heap in use %d MB", hwm, rss, ms.HeapInuse>>20)
}

// runDesignDrag runs the script in a window on the scenario name.
func runDesignDrag(name string) int {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	doc, err := design.Open(name)
	if err != nil {
		fmt.Fprintln(out, "drag:", err)
		return 1
	}
	script := &dragScript{out: out}
	err = Design(doc, DesignOptions{Width: 1280, Height: 800, Mute: true, Input: script,
		Ready: func(s *DesignScene) { script.sc = s }})
	if err != nil {
		fmt.Fprintln(out, "drag:", err)
		return 1
	}
	fmt.Fprintln(out, "drag: done")
	return 0
}

func transparentRGBA(img *image.RGBA) bool {
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.Pix[img.PixOffset(x, y)+3] != 0 {
				return false
			}
		}
	}
	return true
}

// TestPatchStrips: a part cut into strips for the GPU covers its
// rectangle exactly once, each strip within the budget (a strip is at
// least one row, however wide).
func TestPatchStrips(t *testing.T) {
	ls := &raster.Layers{}
	for _, tc := range []struct {
		rects  []image.Rectangle
		budget int
	}{
		{[]image.Rectangle{image.Rect(10, 20, 110, 1020)}, 1000},                               // 10 rows a strip
		{[]image.Rectangle{image.Rect(0, 0, 333, 7), image.Rect(500, 40, 900, 41)}, 1000},      // 3 rows; one row
		{[]image.Rectangle{image.Rect(0, 0, 5000, 3)}, 1000},                                   // wider than the budget
		{[]image.Rectangle{image.Rect(0, 0, 64, 64), image.Rect(64, 0, 128, 64)}, patchBudget}, // whole
	} {
		var parts []*raster.Part
		for _, r := range tc.rects {
			parts = append(parts, &raster.Part{Rect: r, Layers: ls})
		}
		cover := map[image.Point]int{}
		for _, s := range strips(parts, tc.budget) {
			if s.Layers != ls {
				t.Errorf("strip %v lost its layers", s.Rect)
			}
			if n := s.Rect.Dx() * s.Rect.Dy(); n > tc.budget && s.Rect.Dy() > 1 {
				t.Errorf("strip %v: %d pixels, budget %d", s.Rect, n, tc.budget)
			}
			for y := s.Rect.Min.Y; y < s.Rect.Max.Y; y++ {
				for x := s.Rect.Min.X; x < s.Rect.Max.X; x++ {
					cover[image.Pt(x, y)]++
				}
			}
		}
		want := 0
		for _, r := range tc.rects {
			want += r.Dx() * r.Dy()
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if cover[image.Pt(x, y)] != 1 {
						t.Fatalf("%v: pixel (%d,%d) written %d times", tc.rects, x, y, cover[image.Pt(x, y)])
					}
				}
			}
		}
		if len(cover) != want {
			t.Errorf("%v: strips cover %d pixels, want %d", tc.rects, len(cover), want)
		}
	}
}
