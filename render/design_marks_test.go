package render

import (
	"image"
	"math"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
	"khamsin/render/ui"
)

// TestMarkGroups: the static stages between two live ones share a
// layer, a stage kept apart starts its own, and a live stage is its own
// group whether or not it draws this frame (so a drag starting or ending
// draws no layer again).
func TestMarkGroups(t *testing.T) {
	st := func(_ *ebiten.Image) {}
	live := func() func(*ebiten.Image) { return nil }
	S := markStage{static: st}
	A := markStage{static: st, apart: true}
	L := markStage{live: live}
	for _, tc := range []struct {
		name   string
		stages []markStage
		want   []markGroup
	}{
		{"all static", []markStage{S, S, S}, []markGroup{{0, 2, false}}},
		{"live between", []markStage{S, S, L, S, L, S}, []markGroup{{0, 1, false}, {2, 2, true}, {3, 3, false}, {4, 4, true}, {5, 5, false}}},
		{"live first and last", []markStage{L, S, L}, []markGroup{{0, 0, true}, {1, 1, false}, {2, 2, true}}},
		{"kept apart", []markStage{S, A, S, L, A}, []markGroup{{0, 0, false}, {1, 2, false}, {3, 3, true}, {4, 4, false}}},
		{"the designer's", (&DesignScene{}).markStages(), []markGroup{{0, 1, false}, {2, 2, true}, {3, 3, false}, {4, 4, false}, {5, 5, true}, {6, 6, false}, {7, 7, true}, {8, 8, false}}},
	} {
		if got := markGroups(tc.stages); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDesignMarksKeptWhileDragging (issue 19, "frames stay under 16 ms
// while dragging"): while an overlay is dragged on dawn no layer of
// marks changes its key (the drag's outlines are drawn live); the drop
// changes the selection's layer (the selected overlay moved) and not the
// bases' or the defences'; moving a base changes the bases' layer; a
// viewshed changes the shading's as it follows the drag. A key that does
// not change where the picture does would leave stale marks on screen
// (the window test TestDesignWindowDragUploads compares the layers'
// picture with the marks drawn directly).
func TestDesignMarksKeptWhileDragging(t *testing.T) {
	d, _ := openDesign(t, "dawn")
	s := d.sc
	stages := s.markStages()
	keys := func() []marksKey {
		var out []marksKey
		for _, g := range markGroups(stages) {
			if !g.live {
				out = append(out, s.marksKeyFor(stages, g.from, g.to, image.Rect(0, 0, 1280, 800)))
			}
		}
		return out
	}
	const shade, sel, support, forces = 0, 1, 2, 3 // the layers, bottom up (4: Try it's losses)
	d.key(ebiten.Key1)
	line := s.sc.Map.Overlays[0]
	one := line[len("D4 on ") : len(line)-len("-L8")] // "D4 on 30M8-L8"
	h, err := s.m.Hex(one)
	if err != nil {
		t.Fatal(line, err)
	}
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	x, y := s.ms.HexOnScreen(h)
	d.step(ui.InputState{CursorX: x, CursorY: y})
	idle := keys()
	d.step(ui.InputState{CursorX: x, CursorY: y, Buttons: left})
	if s.drag == nil {
		t.Fatalf("pressing on %s did not start a drag (selected %+v)", one, s.sel)
	}
	pressed := keys()
	if pressed[sel] == idle[sel] {
		t.Error("selecting the overlay left the selection's layer as it was")
	}
	for _, l := range []int{shade, support, forces} {
		if pressed[l] != idle[l] {
			t.Errorf("selecting the overlay changed layer %d (%+v -> %+v)", l, idle[l], pressed[l])
		}
	}
	for k := 1; k <= 3; k++ {
		x, y = s.ms.HexOnScreen(h.Add(hexmap.Hex{R: k}))
		d.step(ui.InputState{CursorX: x, CursorY: y, Buttons: left})
		if s.editingMarks() == nil {
			t.Fatalf("step %d of the drag: no live outlines", k)
		}
		if got := keys(); !slices.Equal(got, pressed) {
			t.Fatalf("step %d of the drag changed a layer's key:\n%+v\nwas\n%+v", k, got, pressed)
		}
	}
	d.step(ui.InputState{CursorX: x, CursorY: y}) // the drop
	d.idle(1)                                     // headless, the new map's view takes the camera on the next tick
	if s.sc.Map.Overlays[0] == line {
		t.Fatalf("the drag did not move the overlay: %q", line)
	}
	dropped := keys()
	if dropped[sel] == pressed[sel] {
		t.Error("the drop left the selection's layer as it was (the selected overlay moved)")
	}
	for _, l := range []int{support, forces} {
		if dropped[l] != pressed[l] {
			t.Errorf("the drop changed layer %d (%+v -> %+v); the overlay is not in it", l, pressed[l], dropped[l])
		}
	}

	// a base moved: its layer changes
	b := s.sc.Sides[0].Units[0].Bases[0]
	d.clickHex(b.Hex)
	if s.sel.kind != selBase {
		t.Fatalf("clicking %s selected %+v", b.Hex, s.sel)
	}
	before := keys()
	d.key(ebiten.KeyD) // dug in: the counter's look
	if after := keys(); after[forces] == before[forces] {
		t.Error("digging the base in left the bases' layer as it was")
	}

	// a viewshed: the shading's layer follows it
	d.key(ebiten.Key6)
	d.clickHex("30P5")
	if s.vs == nil {
		t.Fatal("no viewshed")
	}
	first := keys()
	d.key(ebiten.KeyI) // dug in: seen again
	if got := keys(); got[shade] == first[shade] {
		t.Error("the viewshed seen again (dug in) left the shading's layer as it was")
	}
}

// TestDesignKeyInTheTickAViewComes: the map's view is replaced when an
// overlay edit's picture comes (in the window a few ticks later, headless
// at once), and keeps the camera; a key in the tick the new view takes
// over acts on it — Home fits the map — instead of being undone by the
// camera kept (the window script's Home was lost once the marks made
// frames fast enough for the picture to come in that very tick).
func TestDesignKeyInTheTickAViewComes(t *testing.T) {
	d, doc := openDesign(t, "dawn")
	s := d.sc
	fit := s.ms.FitScale()
	x, y := s.ms.HexOnScreen(s.m.Hexes()[len(s.m.Hexes())/2])
	for range 5 {
		d.step(ui.InputState{CursorX: x, CursorY: y, WheelY: 1})
	}
	if s.ms.Cam.Scale() <= fit*1.01 {
		t.Fatalf("the wheel did not zoom in: %.3f (fit %.3f)", s.ms.Cam.Scale(), fit)
	}
	if err := doc.SetOverlay(0, "D4 on 30M9-L9"); err != nil {
		t.Fatal(err)
	}
	old := s.ms
	s.refresh(false) // the edit: a new view, the camera kept
	if s.ms == old || s.camKeep == nil {
		t.Fatal("the overlay edit installed no new view")
	}
	d.step(ui.InputState{Keys: []ebiten.Key{ebiten.KeyHome}})
	if got := s.ms.Cam.Scale(); math.Abs(got-fit) > fit*0.01 {
		t.Errorf("Home in the tick the new view came: scale %.3f, want the fit %.3f", got, fit)
	}
}
