package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/engine/game"
	"khamsin/render"
	"khamsin/render/ui"
)

// Issue 19 in a real window: the designer under Xvfb, driven by scripted
// input through the window's own input path (render.Design polls the
// script as it polls the keyboard). From a blank scenario it adds a
// board, places an overlay by clicking its "1" and "2" hexes and one by
// SSR line, places bases of both sides and an objective, provokes a 12.33
// overlap (a screenshot, checked by pixels: the problem's hexes outlined
// in red, the base's counter in its side's colour, the panels dark), takes
// the overlap back, sets the date and type, and saves the scenario in its
// scenarios folder (the parent runs `khamsin check` on it). Then Play it
// (K, H: hot seat) opens the game in the same window, where one
// activation is played: a base selected with the mouse and moved (the
// parent reads the move in the game's save; a screenshot shows the
// counter in its side's colour at its new hex and the way back drawn on
// the map). "Back to the designer" returns to the designer as it was.
//
// Ebitengine runs one game per process, so the window runs in a child
// process (this test binary with KHAMSIN_DESIGN_SCRIPT set).
// KHAMSIN_SHOTS=DIR keeps the screenshots.

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
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "KHAMSIN_DESIGN_SCRIPT="+dir, "TMPDIR="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("window script ran %.1f s", time.Since(start).Seconds())
	if err != nil || !strings.Contains(string(out), "script: done") {
		t.Fatalf("the designer script: %v\n%s", err, out)
	}
	var verdict struct{ x, y int }
	var saved, gameSave, move string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "script: problem") {
			t.Error(l)
		}
		fmt.Sscanf(l, "script: base at %d %d", &verdict.x, &verdict.y)
		fmt.Sscanf(l, "script: saved %s", &saved)
		fmt.Sscanf(l, "script: game saved to %s", &gameSave)
		if m, ok := strings.CutPrefix(l, "script: played "); ok {
			move = m
		}
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

	// the scenario saved from the window: in its folder, and check accepts it
	if filepath.Dir(saved) != filepath.Join(dir, "scenarios") {
		t.Fatalf("saved %q, not in the scenarios folder", saved)
	}
	if code, stdout, errs := run(t, "check", saved); code != 0 {
		t.Errorf("check of the saved scenario: exit %d\n%s%s", code, stdout, errs)
	}
	// the activation played: the game's save held the move (the script
	// read it while the game was up); Play it's folder is gone since
	if move == "" || gameSave == "" || !strings.HasPrefix(move, "move ") || !strings.Contains(string(out), "script: game save checked") {
		t.Fatalf("no activation played and saved (move %q, save %q)", move, gameSave)
	}
	if _, err := os.Stat(filepath.Dir(gameSave)); !os.IsNotExist(err) {
		t.Errorf("Play it's folder %s is still there after the window closed: %v", filepath.Dir(gameSave), err)
	}
	for _, name := range []string{"viewshed-diff", "facing-drag", "play-ask", "played", "game-menu", "back"} {
		if _, err := os.Stat(filepath.Join(dir, name+".png")); err != nil {
			t.Errorf("no %s screenshot: %v", name, err)
		}
	}
}

func dwNear(c color.Color, want color.RGBA, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(a uint32, w uint8) bool { x := int(a>>8) - int(w); return x >= -tol && x <= tol }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// dwDriver is the script: the hot seat script's driver (hsDriver: Poll
// parks the window's loop while the script reads the scenes) over the
// designer and the game it opens.
type dwDriver struct {
	*hsDriver
	sc *render.DesignScene
}

// problem ends the script with a message the parent reports.
func problem(format string, a ...any) { panic(fmt.Errorf(format, a...)) }

// hex moves the cursor onto a hex of the designer's map.
func (d *dwDriver) hex(label string) {
	h, err := d.sc.Map().Hex(label)
	if err != nil {
		problem("hex %s: %v", label, err)
	}
	d.moveTo(d.sc.MapScene().HexOnScreen(h))
}

func (d *dwDriver) clickHex(label string) {
	d.hex(label)
	d.send(ui.InputState{Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	d.idle(2)
}

// typeLine types s into the open field and ends it with Enter.
func (d *dwDriver) typeLine(s string) {
	d.send(ui.InputState{Runes: []rune(s)})
	d.key(ebiten.KeyEnter)
}

// takeScreen passes the hand-over screen and the turn summary.
func (d *dwDriver) takeScreen(ps *render.PlayScene) {
	if ps.HandingOver() {
		d.key(ebiten.KeyEnter)
	}
	for i := 0; i < 3 && (ps.Covered() || ps.Summary() != nil); i++ {
		d.key(ebiten.KeySpace)
	}
}

func (d *dwDriver) script() {
	<-d.req
	d.idle(4)
	// a board, an overlay by its "1" and "2" hexes, one by SSR line
	d.key(ebiten.KeyU)
	d.typeLine("26")
	d.key(ebiten.Key2)
	d.clickHex("26K5")
	d.clickHex("26K6")
	d.key(ebiten.KeyT)
	d.typeLine("H1 on 25K5-K6")
	// bases of both sides, an objective
	d.key(ebiten.Key4)
	d.key(ebiten.KeySlash)
	d.typeLine("uk-rifle")
	d.clickHex("25C3")
	d.clickHex("25D3")
	d.key(ebiten.KeySlash)
	d.typeLine("de-rifle-section")
	d.clickHex("26E3")
	d.clickHex("26F3")
	d.key(ebiten.Key5)
	d.clickHex("26K2")
	// a 12.33 problem: an overlay over H1
	d.key(ebiten.KeyT)
	d.typeLine("H2 on 25K6-K7")
	d.key(ebiten.Key1)
	d.key(ebiten.KeyEscape) // the overlay put down: its problem in red, not the selection's blue
	d.hex("25H2")
	overlap := false
	for _, p := range d.sc.Problems() {
		overlap = overlap || p.Target.Overlay == 2
	}
	if !overlap {
		problem("no 12.33 problem names the third overlay: %v", d.sc.Problems())
	}
	s, err := d.sc.Doc().Scenario()
	switch {
	case err != nil:
		problem("the text does not parse: %v", err)
	case s.Map.Boards != "25,26" || len(s.Map.Overlays) != 3 || len(s.Sides) != 2 || len(s.Objectives) != 1:
		problem("boards %s, overlays %q, %d sides, %d objectives", s.Map.Boards, s.Map.Overlays, len(s.Sides), len(s.Objectives))
	}
	h, _ := d.sc.Map().Hex(s.Sides[0].Units[0].Bases[0].Hex)
	x, y := d.sc.MapScene().HexOnScreen(h)
	fmt.Printf("script: base at %d %d\n", int(x), int(y))
	d.shot("design")

	// the overlap taken back
	d.key(ebiten.KeyZ, ebiten.KeyControl)

	// the viewshed before/after a hill laid next to it (A): the hexes
	// gained in green, those lost in red
	d.key(ebiten.Key6)
	d.clickHex("26C5")
	d.key(ebiten.KeyT)
	d.typeLine("H3 on 26F5-F6")
	d.key(ebiten.KeyA)
	d.hex("26F5")
	for range 8 {
		d.send(ui.InputState{WheelY: 1})
	}
	d.hex("26C5")
	img := d.shot("viewshed-diff")
	green, red := 0, 0
	a := d.sc.MapScene().FitArea()
	for y := a.Min.Y; y < a.Max.Y; y++ {
		for x := a.Min.X; x < a.Max.X; x++ {
			c := img.RGBAAt(x, y)
			switch {
			case int(c.G) > int(c.R)+60 && int(c.G) > int(c.B)+60:
				green++
			case c.R > 220 && c.G < 140 && c.B < 120:
				red++
			}
		}
	}
	fmt.Printf("script: viewshed before/after: %d green, %d red pixels\n", green, red)
	if green < 50 && red < 50 {
		problem("the viewshed's before/after shows no gained (green) or lost (red) hexes: %d, %d pixels", green, red)
	}
	d.key(ebiten.KeyA)
	d.key(ebiten.KeyEscape)               // the viewshed put away
	d.key(ebiten.KeyZ, ebiten.KeyControl) // and the hill

	// facing by drag: press on the selected base, drag toward a neighbour
	d.key(ebiten.KeyHome)
	d.key(ebiten.Key1)
	d.hex("25C3")
	for range 10 {
		d.send(ui.InputState{WheelY: 1})
	}
	d.clickHex("25C3")
	base, _ := d.sc.Map().Hex("25C3")
	toward := base.Neighbor(1)
	bx, by := d.sc.MapScene().HexOnScreen(base)
	tx, ty := d.sc.MapScene().HexOnScreen(toward)
	press := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	d.x, d.y = bx, by
	d.send(ui.InputState{Buttons: press})
	d.x, d.y = bx+(tx-bx)*0.8, by+(ty-by)*0.8
	d.send(ui.InputState{Buttons: press})
	d.want = "facing-drag" // the frame while the button is still held: the arrow
	for d.shots["facing-drag"] == nil {
		d.send(ui.InputState{Buttons: press})
	}
	img = d.shots["facing-drag"]
	writeShot(filepath.Join(d.dir, "facing-drag.png"), img)
	if keep := os.Getenv("KHAMSIN_SHOTS"); keep != "" {
		writeShot(filepath.Join(keep, "facing-drag.png"), img)
	}
	// the arrow's yellow between the two hexes' centres
	mx, my := bx+(tx-bx)*0.5, by+(ty-by)*0.5
	if hits, _ := near(img, mx, my, 3, color.RGBA{255, 214, 80, 255}, 30); hits == 0 {
		problem("no facing arrow drawn between 25C3 and %s", d.sc.Map().Label(toward))
	}
	d.idle(2) // let go: the edit
	if f := d.sc.Doc().Text(); !strings.Contains(f, `facing = "`+d.sc.Map().Label(toward)+`"`) {
		problem("the drag did not set the facing to %s", d.sc.Map().Label(toward))
	}
	d.key(ebiten.KeyHome)

	// the date and type set in the panel; saved
	d.key(ebiten.KeyEscape) // nothing selected: the panel shows the scenario's properties
	d.key(ebiten.KeyPeriod)
	d.key(ebiten.KeyEnter)
	d.typeLine("1942-06")
	d.key(ebiten.KeyPeriod)
	d.key(ebiten.KeyEnter)
	d.typeLine("encounter")
	for _, p := range d.sc.Problems() {
		if !p.Warning {
			problem("the scenario does not check: %s", p.Text)
		}
	}
	d.key(ebiten.KeyS, ebiten.KeyControl)
	d.typeLine("desert-test")
	if d.sc.Doc().Modified() {
		problem("Ctrl+S did not save")
	}
	fmt.Printf("script: saved %s\n", d.sc.Doc().File)

	// Play it, hot seat, in this window
	d.key(ebiten.KeyK)
	d.shot("play-ask")
	d.key(ebiten.KeyH)
	d.until("the game", func() bool { return d.sc.Playing() != nil })
	ps := d.sc.Playing()
	g := ps.Game()
	for i := 0; i < 8 && g.Phase() != game.PhaseActivate; i++ {
		d.takeScreen(ps)
		if g.Phase() == game.PhaseChallenge {
			d.key(ebiten.KeyEnter)
		} else {
			d.key(ebiten.KeyDigit1)
		}
	}
	if g.Phase() != game.PhaseActivate {
		problem("not in the activation phase after %q", g.Cmds())
	}
	d.takeScreen(ps)
	d.idle(2)
	// one activation: a base selected with the mouse, moved by two clicks
	id, cx, cy := topCounter(ps, "move")
	if id == "" {
		d.key(ebiten.KeyHome)
		id, cx, cy = topCounter(ps, "move")
	}
	if id == "" {
		problem("no movable counter on the screen: legal %q", ps.Legal())
	}
	d.click(cx, cy)
	if ps.Selected() == "" {
		problem("clicking %s at (%.0f,%.0f) selected nothing", id, cx, cy)
	}
	sel := ps.Selected()
	occupied := map[string]bool{}
	for _, b := range ps.View().Bases {
		occupied[b.Hex] = true
	}
	dest, best := "", math.Inf(1)
	for l := range ps.MoveOptions() {
		px, py, ok := onScreen(ps, l)
		if !ok || occupied[l] {
			continue
		}
		if dd := math.Hypot(px-cx, py-cy); dd > 0 && (dd < best || dd == best && l < dest) {
			best, dest = dd, l
		}
	}
	if dest == "" {
		problem("%s has no empty hex on the screen to move to", sel)
	}
	hx, hy, _ := onScreen(ps, dest)
	n0 := len(g.Cmds())
	d.click(hx, hy) // plot
	d.click(hx, hy) // commit
	if len(g.Cmds()) != n0+1 || g.Cmds()[n0] != "move "+sel+" "+dest {
		m, _ := ps.Message()
		problem("the move of %s to %s was not given: commands %q; message %q", sel, dest, g.Cmds()[n0:], m)
	}
	fmt.Printf("script: played %s\n", g.Cmds()[n0])
	d.idle(30) // the counter slides
	img = d.shot("played")
	px, py, ok := ps.CounterAt(sel)
	if !ok {
		problem("the moved base %s is not laid out", sel)
	}
	side := 0
	for _, b := range ps.View().Bases {
		if b.ID == sel {
			side, _ = g.SideIndex(b.Side)
		}
	}
	if hits, all := near(img, px, py, 4, ps.CounterFill(side), 24); hits*4 < all {
		problem("the moved counter %s at (%.0f,%.0f): %d of %d pixels in its side's colour", sel, px, py, hits, all)
	}
	if b, _ := g.Base(sel); g.Label(b.Hex) != dest {
		problem("%s is in %s, not %s", sel, g.Label(b.Hex), dest)
	}
	fmt.Printf("script: game saved to %s\n", ps.SavePath())
	// the save, read while the game is up: back in the designer, Play
	// it's folder (the scenario played, the game's saves) is removed
	if sg, sf, err := game.Load(ps.SavePath()); err != nil {
		problem("the game's save: %v", err)
	} else {
		if !slices.Contains(sg.Cmds(), g.Cmds()[n0]) {
			problem("the save's commands %q lack %q", sg.Cmds(), g.Cmds()[n0])
		}
		if data, _ := os.ReadFile(sf.Scenario); !strings.Contains(string(data), `type = "de-rifle-section"`) {
			problem("the game's scenario %s is not the one designed", sf.Scenario)
		}
		fmt.Println("script: game save checked")
	}
	// the way back, drawn on the map: its accent outline
	a = ps.MapArea()
	if hits, _ := near(img, float64(a.Min.X)+12, float64(a.Max.Y)-12, 10, ui.Accent, 40); hits == 0 {
		problem("no Back to the designer button drawn in the map's corner")
	}
	// Esc (once the selection is put away) opens the game's menu, which
	// offers the way back; Esc resumes
	for i := 0; i < 4 && !d.sc.PlayMenuUp(); i++ {
		d.key(ebiten.KeyEscape)
	}
	if !d.sc.PlayMenuUp() {
		problem("Esc did not open the game's menu")
	}
	d.shot("game-menu")
	d.key(ebiten.KeyEscape)
	if d.sc.PlayMenuUp() || d.sc.Playing() == nil {
		problem("Esc in the game's menu did not resume the game")
	}
	// back by the button, to the designer as it was
	cam := d.sc.MapScene().Cam.GeoM()
	d.moveTo(float64(a.Min.X)+30, float64(a.Max.Y)-20)
	d.send(ui.InputState{Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	d.idle(2)
	if d.sc.Playing() != nil {
		problem("the Back button did not leave the game")
	}
	if d.sc.MapScene().Cam.GeoM() != cam || d.sc.Doc().Modified() {
		problem("the designer came back changed")
	}
	d.shot("back")
	d.key(ebiten.KeyQ) // saved: Q quits at once
	for {
		d.idle(1)
	}
}

// runDesignScript is the child: the window and the script.
func runDesignScript(dir string) int {
	if err := os.Chdir(dir); err != nil {
		fmt.Println(err)
		return 1
	}
	d := &dwDriver{hsDriver: &hsDriver{req: make(chan struct{}), resp: make(chan ui.InputState), shots: map[string]*image.RGBA{}, dir: dir, t0: time.Now()}}
	onDraw := func(screen *ebiten.Image) {
		if d.want == "" {
			return
		}
		img := image.NewRGBA(screen.Bounds())
		screen.ReadPixels(img.Pix)
		d.shots[d.want] = img
		d.want = ""
	}
	fail := make(chan error, 1)
	ready := func(sc *render.DesignScene) {
		d.sc = sc
		go func() {
			defer func() {
				if r := recover(); r != nil {
					fail <- fmt.Errorf("script: problem: tick %d: %v", d.tick, r)
					for { // let the window close: Q, then D (discard)
						for _, k := range []ebiten.Key{ebiten.KeyQ, ebiten.KeyD} {
							d.resp <- ui.InputState{Keys: []ebiten.Key{k}}
							<-d.req
							d.resp <- ui.InputState{}
							<-d.req
						}
					}
				}
			}()
			d.script()
		}()
	}
	err := render.Design(design.Blank("new.toml"), render.DesignOptions{Width: dwW, Height: dwH, Mute: true, Input: d, New: true,
		UserDir: filepath.Join(dir, "scenarios"), PlaySeed: 1, PlayAIDelay: 1, Ready: ready, OnDraw: onDraw})
	select {
	case e := <-fail:
		fmt.Println(e)
		return 1
	default:
	}
	if err != nil {
		fmt.Println("script: problem: the window:", err)
		return 1
	}
	fmt.Println("script: done")
	return 0
}
