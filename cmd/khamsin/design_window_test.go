package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/render"
	"khamsin/render/ui"
)

// Issue 19 in a real window: the designer under Xvfb, driven by scripted
// input through the window's own input path (render.Design polls the
// script as it polls the keyboard). From a blank scenario it adds a
// board, places an overlay by clicking its "1" and "2" hexes, types two
// by SSR line (the second overlapping: a 12.33 problem), places a base
// and an objective, and saves a screenshot. The parent checks the
// document and the pixels: the problem's hexes outlined in red on the
// map, the base's counter in its side's colour, the desert under the
// map, the panels dark.
//
// Ebitengine runs one game per process, so the window runs in a child
// process (this test binary with KHAMSIN_DESIGN_SCRIPT set).

const dwW, dwH = 1280, 800

func init() {
	if dir := os.Getenv("KHAMSIN_DESIGN_SCRIPT"); dir != "" {
		os.Exit(runDesignScript(dir))
	}
}

func TestDesignWindowScript(t *testing.T) {
	needWindow(t)
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "KHAMSIN_DESIGN_SCRIPT="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "script: done") {
		t.Fatalf("the designer script: %v\n%s", err, out)
	}
	var verdict struct{ x, y int }
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "script: problem") {
			t.Error(l)
		}
		fmt.Sscanf(l, "script: base at %d %d", &verdict.x, &verdict.y)
	}
	img := decodePNG(t, filepath.Join(dir, "design.png"))
	if b := img.Bounds(); b.Dx() != dwW || b.Dy() != dwH {
		t.Fatalf("screenshot %v, want %dx%d", b, dwW, dwH)
	}
	// the 12.33 overlap drawn on the map: red outline pixels in the map area
	red := 0
	for y := 0; y < dwH-60; y++ {
		for x := 220; x < dwW-340; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 200 && g>>8 < 80 && b>>8 < 80 {
				red++
			}
		}
	}
	if red < 40 {
		t.Errorf("the overlap's hexes are not outlined in red on the map (%d red pixels)", red)
	}
	// the base's counter: its side's fill colour at its centre (±4 px)
	want := ui.SideColours(0, "british").Fill
	found := false
	for dy := -4; dy <= 4 && !found; dy++ {
		for dx := -4; dx <= 4 && !found; dx++ {
			if dwNear(img.At(verdict.x+dx, verdict.y+dy), want, 24) {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("no counter in the British fill %v near (%d,%d): %v", want, verdict.x, verdict.y, img.At(verdict.x, verdict.y))
	}
	// the palette is a dark panel
	if r, g, b, _ := img.At(100, dwH-100).RGBA(); r>>8 > 60 || g>>8 > 60 || b>>8 > 60 {
		t.Errorf("the palette is not dark: %v", img.At(100, dwH-100))
	}
}

func dwNear(c color.Color, want color.RGBA, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(a uint32, w uint8) bool { x := int(a>>8) - int(w); return x >= -tol && x <= tol }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// designScript is a scripted InputSource over the designer scene: each
// tick's event may name a hex (the cursor goes to its centre on screen
// as the scene's camera has it then).
type designScript struct {
	sc    *render.DesignScene
	tick  int
	x, y  float64
	steps map[int]scriptStep
}

type scriptStep struct {
	keys  []ebiten.Key
	runes string
	hex   string
	click bool
}

func (s *designScript) Poll() ui.InputState {
	s.tick++
	st, ok := s.steps[s.tick]
	if ok && st.hex != "" && s.sc.Map() != nil {
		if h, err := s.sc.Map().Hex(st.hex); err == nil {
			s.x, s.y = s.sc.MapScene().HexOnScreen(h)
		}
	}
	in := ui.InputState{CursorX: s.x, CursorY: s.y, Keys: st.keys, Runes: []rune(st.runes)}
	if st.click {
		in.Buttons = []ebiten.MouseButton{ebiten.MouseButtonLeft}
	}
	return in
}

// runDesignScript is the child: the window, the script, the verdict.
func runDesignScript(dir string) int {
	steps := map[int]scriptStep{
		10: {keys: []ebiten.Key{ebiten.KeyU}}, 12: {runes: "26"}, 14: {keys: []ebiten.Key{ebiten.KeyEnter}},
		20: {keys: []ebiten.Key{ebiten.Key2}},
		24: {hex: "26K5"}, 26: {hex: "26K5", click: true}, 28: {hex: "26K6"}, 30: {hex: "26K6", click: true},
		34: {keys: []ebiten.Key{ebiten.KeyT}}, 36: {runes: "H1 on 25K5-K6"}, 38: {keys: []ebiten.Key{ebiten.KeyEnter}},
		40: {keys: []ebiten.Key{ebiten.KeyT}}, 42: {runes: "H2 on 25K6-K7"}, 44: {keys: []ebiten.Key{ebiten.KeyEnter}},
		50: {keys: []ebiten.Key{ebiten.Key4}}, 52: {keys: []ebiten.Key{ebiten.KeySlash}}, 54: {runes: "uk-rifle"}, 56: {keys: []ebiten.Key{ebiten.KeyEnter}},
		60: {hex: "25C3"}, 62: {hex: "25C3", click: true},
		66: {keys: []ebiten.Key{ebiten.Key5}}, 68: {hex: "26K2"}, 70: {hex: "26K2", click: true},
		74: {keys: []ebiten.Key{ebiten.Key1}}, 76: {hex: "25H2"},
	}
	src := &designScript{steps: steps}
	doc := design.Blank("new.toml")
	var scene *render.DesignScene
	err := render.Design(doc, render.DesignOptions{Width: dwW, Height: dwH, Frames: 100, Screenshot: filepath.Join(dir, "design.png"),
		Mute: true, Input: src, New: true, Ready: func(sc *render.DesignScene) { src.sc, scene = sc, sc }})
	if err != nil {
		fmt.Println("script: problem: the window:", err)
		return 1
	}
	s, err := doc.Scenario()
	switch {
	case err != nil:
		fmt.Println("script: problem: the text does not parse:", err)
	case s.Map.Boards != "25,26":
		fmt.Println("script: problem: boards", s.Map.Boards)
	case len(s.Map.Overlays) != 3:
		fmt.Println("script: problem: overlays", s.Map.Overlays)
	case len(s.Sides) != 1 || len(s.Objectives) != 1:
		fmt.Printf("script: problem: %d sides, %d objectives\n", len(s.Sides), len(s.Objectives))
	}
	overlap := false
	for _, p := range scene.Problems() {
		overlap = overlap || p.Target.Overlay == 2
	}
	if !overlap {
		fmt.Println("script: problem: no 12.33 problem names the third overlay:", scene.Problems())
	}
	if s != nil && len(s.Sides) == 1 && len(s.Sides[0].Units) == 1 {
		h, _ := scene.Map().Hex(s.Sides[0].Units[0].Bases[0].Hex)
		x, y := scene.MapScene().HexOnScreen(h)
		fmt.Printf("script: base at %d %d\n", int(x), int(y))
	}
	if os.Getenv("KHAMSIN_SHOTS") != "" {
		data, _ := os.ReadFile(filepath.Join(dir, "design.png"))
		if img, err := png.Decode(bytes.NewReader(data)); err == nil {
			_ = img.(image.Image)
			os.WriteFile(filepath.Join(os.Getenv("KHAMSIN_SHOTS"), "designer.png"), data, 0o644)
		}
	}
	fmt.Println("script: done")
	return 0
}
