package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"khamsin/hexmap"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/render"
	"khamsin/render/ui"
)

// Issue 10's proof: the REAL window (Ebitengine's loop, a real X window
// under Xvfb) driven by scripted input through the game's InputSource —
// the same path the keyboard and mouse take. It opens the menu, starts a
// scenario in the hot seat, selects a unit with the mouse, plots and
// commits a move, fires, defers, hands over (watching the opponent's
// replay), checks that the other side's screen does not show the first
// side's hidden units (in the scene and in the pixels), saves, loads,
// and checks screenshots: not blank, known hexes in desert colours,
// counters in their side's colours at their pixels.
//
// Ebitengine runs one game per process, so the window runs in a child
// process (this test binary with KHAMSIN_HOTSEAT_SCRIPT set) and the
// parent reads its verdict. KHAMSIN_SHOTS=DIR keeps the screenshots
// (README's docs/img come from here).

const (
	hsW, hsH    = 1024, 640
	hsScenario  = "escarpment"
	hsTickLimit = 6000 // 100 s of ticks at 60/s: the script gives up beyond
)

func TestHotseatWindowScript(t *testing.T) {
	needWindow(t)
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "KHAMSIN_HOTSEAT_SCRIPT="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("window script ran %.1f s", time.Since(start).Seconds())
	if err != nil {
		t.Fatalf("the window script failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "script: done") {
		t.Fatalf("the window script did not finish:\n%s", out)
	}
	for _, name := range []string{"menu", "handover", "handover-wait", "summary", "play", "move", "replay", "fire-preview", "hidden-check", "loaded"} {
		if _, err := os.Stat(filepath.Join(dir, name+".png")); err != nil {
			t.Errorf("no %s screenshot: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, hsScenario+".save")); err != nil {
		t.Errorf("no save: %v", err)
	}
}

// hsDriver is the script's InputSource. Poll (in the window's Update)
// hands control to the script goroutine and waits for the tick's input,
// so the script reads the scenes only while the window's loop is parked.
type hsDriver struct {
	w     *render.Window
	req   chan struct{}
	resp  chan ui.InputState
	x, y  float64
	tick  int
	want  string // a screenshot name for the next frame
	shots map[string]*image.RGBA
	dir   string
	t0    time.Time
}

func (d *hsDriver) Poll() ui.InputState {
	d.req <- struct{}{}
	return <-d.resp
}

// send is one tick of input; it returns when the window asks for the next.
func (d *hsDriver) send(st ui.InputState) {
	st.CursorX, st.CursorY = d.x, d.y
	d.resp <- st
	<-d.req
	d.tick++
	if d.tick > hsTickLimit {
		panic(fmt.Errorf("gave up after %d ticks", d.tick))
	}
}

func (d *hsDriver) idle(n int) {
	for range n {
		d.send(ui.InputState{})
	}
}

func (d *hsDriver) key(k ebiten.Key, mods ...ebiten.Key) {
	d.send(ui.InputState{Keys: append(slices.Clone(mods), k)})
	d.send(ui.InputState{Keys: mods})
	d.idle(1)
}

// moveTo moves the cursor and lets the scene see it (hover) for a tick.
func (d *hsDriver) moveTo(x, y float64) {
	d.x, d.y = x, y
	d.idle(2)
}

func (d *hsDriver) click(x, y float64) {
	d.moveTo(x, y)
	d.send(ui.InputState{Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	d.idle(2)
}

// until runs idle ticks until cond holds.
func (d *hsDriver) until(what string, cond func() bool) {
	for i := 0; !cond(); i++ {
		if i > 1200 {
			panic(fmt.Errorf("waited 20 s for %s", what))
		}
		d.idle(1)
	}
}

// shot captures the next frame, checks it is not blank, and keeps it.
func (d *hsDriver) shot(name string) *image.RGBA {
	d.want = name
	d.until("a frame for "+name, func() bool { return d.shots[name] != nil })
	img := d.shots[name]
	if img == nil {
		panic(fmt.Errorf("no frame captured for %s", name))
	}
	fmt.Printf("script: %5.1f s tick %d: %s\n", time.Since(d.t0).Seconds(), d.tick, name)
	if err := writeShot(filepath.Join(d.dir, name+".png"), img); err != nil {
		panic(err)
	}
	if keep := os.Getenv("KHAMSIN_SHOTS"); keep != "" {
		writeShot(filepath.Join(keep, name+".png"), img)
	}
	if v := variance(img); v < 100 {
		panic(fmt.Errorf("%s: the frame is blank (colour variance %.0f)", name, v))
	}
	return img
}

func writeShot(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

func variance(img *image.RGBA) float64 {
	var s, s2, n float64
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			c := img.RGBAAt(x, y)
			v := float64(c.R) + float64(c.G) + float64(c.B)
			s, s2, n = s+v, s2+v*v, n+1
		}
	}
	return s2/n - (s/n)*(s/n)
}

// near reports how many pixels of a box round (x,y) lie within tol of c.
func near(img *image.RGBA, x, y, r float64, c color.RGBA, tol int) (hits, all int) {
	for py := int(y - r); py <= int(y+r); py++ {
		for px := int(x - r); px <= int(x+r); px++ {
			if !image.Pt(px, py).In(img.Bounds()) {
				continue
			}
			all++
			p := img.RGBAAt(px, py)
			if abs(int(p.R)-int(c.R)) <= tol && abs(int(p.G)-int(c.G)) <= tol && abs(int(p.B)-int(c.B)) <= tol {
				hits++
			}
		}
	}
	return
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func (d *hsDriver) play() *render.PlayScene { return d.w.PlayScene() }

// takeScreen hands over (Enter) when the screen waits for it, and passes
// the hand-over screen if it is up.
func (d *hsDriver) takeScreen() {
	ps := d.play()
	if ps == nil {
		return
	}
	if ps.HandingOver() {
		d.key(ebiten.KeyEnter)
	}
	for i := 0; i < 3 && (ps.Covered() || ps.Summary() != nil); i++ {
		d.key(ebiten.KeySpace) // the hand-over screen, then the turn summary
	}
}

// checkCounter: the base's counter is drawn at its pixel in its side's colour.
func (d *hsDriver) checkCounter(img *image.RGBA, id string) {
	ps := d.play()
	x, y, ok := ps.CounterAt(id)
	if !ok {
		panic(fmt.Errorf("counter %s is not laid out", id))
	}
	side := -1
	for _, b := range ps.View().Bases {
		if b.ID == id {
			side, _ = ps.Game().SideIndex(b.Side)
		}
	}
	hits, all := near(img, x, y, 4, ps.CounterFill(side), 24)
	if hits*4 < all {
		panic(fmt.Errorf("counter %s at (%.0f,%.0f): %d of %d pixels in its side's colour %v", id, x, y, hits, all, ps.CounterFill(side)))
	}
}

// checkDesert: an empty hex's centre is desert-coloured (warm, light).
func (d *hsDriver) checkDesert(img *image.RGBA) string {
	ps := d.play()
	g := ps.Game()
	v := ps.View()
	occupied := map[string]bool{}
	for _, b := range v.Bases {
		occupied[b.Hex] = true
	}
	for _, c := range v.Contacts {
		occupied[c.Hex] = true
	}
	for _, o := range v.Objectives {
		occupied[o.Hex] = true
	}
	// markers drawn on the ground: smoke, dust, wrecks, defences
	for _, hs := range [][]string{v.Dust, v.Smoke, v.Wrecks, v.FFEDust} {
		for _, h := range hs {
			occupied[h] = true
		}
	}
	for _, m := range v.Minefields {
		occupied[m.Hex] = true
	}
	for _, o := range v.Obstacles {
		occupied[o.Hex] = true
	}
	area := ps.MapArea().Inset(60)
	for _, h := range g.Map.Hexes() {
		l := g.Label(h)
		x, y := ps.Board().HexOnScreen(h)
		// plain desert at level 0: hills are drawn in darker shades
		if t := g.Map.Terrain(h); t.Cover != hexmap.Desert || t.Flags != 0 || t.Base != 0 {
			continue
		}
		if occupied[l] || !image.Pt(int(x), int(y)).In(area) {
			continue
		}
		var r, gg, bb float64
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				c := img.RGBAAt(int(x)+dx, int(y)+dy)
				r, gg, bb = r+float64(c.R), gg+float64(c.G), bb+float64(c.B)
			}
		}
		r, gg, bb = r/25, gg/25, bb/25
		if r < 110 || r < bb {
			panic(fmt.Errorf("hex %s at (%.0f,%.0f) is not desert-coloured: %.0f,%.0f,%.0f", l, x, y, r, gg, bb))
		}
		return l
	}
	panic("no empty hex on the screen")
}

// checkHidden: the screen's side sees none of the other side's hidden
// bases: not in its view, not laid out, and no counter of theirs drawn
// at those hexes (where no contact marker stands).
func (d *hsDriver) checkHidden(img *image.RGBA) int {
	ps := d.play()
	g := ps.Game()
	me := ps.Side()
	them := g.Side(1 - me).ID
	umpire := g.ViewAs(-1)
	mine := ps.View()
	contacts := map[string]bool{}
	for _, c := range mine.Contacts {
		contacts[c.Hex] = true
	}
	shown := map[string]bool{}
	for _, b := range mine.Bases {
		shown[b.ID] = true
	}
	n := 0
	for _, b := range umpire.Bases {
		if b.Side != them || !slices.Contains(b.Status, "hidden") || slices.Contains(b.Status, "knocked-out") {
			continue
		}
		n++
		if shown[b.ID] {
			panic(fmt.Errorf("side %s's view shows the hidden enemy base %s", g.Side(me).ID, b.ID))
		}
		if _, _, ok := ps.CounterAt(b.ID); ok {
			panic(fmt.Errorf("the hidden enemy base %s is laid out on side %s's screen", b.ID, g.Side(me).ID))
		}
		h, _ := g.HexOf(b.Hex)
		x, y := ps.Board().HexOnScreen(h)
		if contacts[b.Hex] || !image.Pt(int(x), int(y)).In(ps.MapArea()) {
			continue
		}
		if hits, all := near(img, x, y, 5, ps.CounterFill(1-me), 12); hits*3 > all {
			panic(fmt.Errorf("a counter in the hidden base %s's colours is drawn at %s (%.0f,%.0f)", b.ID, b.Hex, x, y))
		}
	}
	return n
}

// onScreen is the screen point of a hex when it is well inside the map.
func onScreen(ps *render.PlayScene, label string) (float64, float64, bool) {
	h, err := ps.Game().HexOf(label)
	if err != nil {
		return 0, 0, false
	}
	x, y := ps.Board().HexOnScreen(h)
	return x, y, image.Pt(int(x), int(y)).In(ps.MapArea().Inset(40))
}

// topCounter is a base of the side to act drawn on top of its stack and
// on the screen, with a legal command starting with verb.
func topCounter(ps *render.PlayScene, verb string) (string, float64, float64) {
	for _, c := range ps.Legal() {
		f := strings.Fields(c)
		if len(f) < 3 || f[0] != verb {
			continue
		}
		x, y, ok := ps.CounterAt(f[1])
		if !ok || !image.Pt(int(x), int(y)).In(ps.MapArea().Inset(40)) {
			continue
		}
		return f[1], x, y
	}
	return "", 0, 0
}

// hotseatScript is the scripted session.
func (d *hsDriver) script() {
	<-d.req
	// the menu: hot seat (3), start (Enter)
	d.until("the menu", func() bool { return d.w.Menu() != nil })
	d.idle(30) // the thumbnail is drawn in the background
	d.shot("menu")
	d.key(ebiten.KeyDigit3)
	if d.w.Menu().Mode() != render.ModeHotseat || d.w.Menu().Selected() != hsScenario {
		panic(fmt.Errorf("menu: mode %s, scenario %s", d.w.Menu().Mode(), d.w.Menu().Selected()))
	}
	if st := d.w.Menu().Settings(); st.Pace != 0.1 || !st.Handover {
		panic(fmt.Errorf("the menu did not read the kept settings: %+v", st))
	}
	d.key(ebiten.KeyEnter)
	d.until("the game", func() bool { return d.play() != nil })
	ps := d.play()
	g := ps.Game()
	d.idle(2)
	if !ps.Covered() {
		panic("the hot seat opened without the hand-over screen")
	}
	d.shot("handover")
	// the Challenge phase: both ready (Enter), the initiative: 1
	for i := 0; i < 6 && g.Phase() != game.PhaseActivate; i++ {
		d.takeScreen()
		if g.Phase() == game.PhaseChallenge {
			d.key(ebiten.KeyEnter)
		} else {
			d.key(ebiten.KeyDigit1)
		}
	}
	if g.Phase() != game.PhaseActivate {
		panic(fmt.Errorf("not in the activation phase after %q", g.Cmds()))
	}
	d.takeScreen()
	first := ps.Side()
	d.idle(2)
	img := d.shot("play")
	d.checkDesert(img)

	// select a unit with the mouse and plot, then commit, a move
	id, x, y := topCounter(ps, "move")
	if id == "" {
		panic("no movable counter on the screen")
	}
	d.checkCounter(img, id)
	d.click(x, y)
	sel := ps.Selected()
	if sel == "" {
		panic(fmt.Errorf("clicking %s at (%.0f,%.0f) selected nothing", id, x, y))
	}
	dest := ""
	occupied := map[string]bool{}
	for _, b := range ps.View().Bases {
		occupied[b.Hex] = true
	}
	for _, c := range ps.View().Contacts {
		occupied[c.Hex] = true
	}
	b, _ := g.Base(sel)
	best := math.Inf(1)
	mc := ps.MapArea()
	for l, o := range ps.MoveOptions() {
		px, py, ok := onScreen(ps, l)
		if !ok || occupied[l] || len(o.Path) < 3 {
			continue
		}
		// the nearest to the map's middle, well inside the board's edges
		dd := math.Hypot(px-float64(mc.Min.X+mc.Max.X)/2, py-float64(mc.Min.Y+mc.Max.Y)/2)
		if dd < best || dd == best && l < dest {
			best, dest = dd, l
		}
	}
	if dest == "" {
		panic(fmt.Errorf("%s has no empty hex on the screen to move to", sel))
	}
	from := b.Hex
	hx, hy, _ := onScreen(ps, dest)
	d.click(hx, hy) // plot
	d.moveTo(hx, hy)
	d.shot("move")
	n0 := len(g.Cmds())
	d.click(hx, hy) // commit
	if len(g.Cmds()) != n0+1 || g.Cmds()[n0] != "move "+sel+" "+dest {
		m, _ := ps.Message()
		panic(fmt.Errorf("the move of %s to %s (%.0f,%.0f) was not given: commands %q; selected %q; message %q", sel, dest, hx, hy, g.Cmds()[n0:], ps.Selected(), m))
	}
	if b.Hex == from {
		panic(fmt.Errorf("%s still in %s", sel, from))
	}
	d.idle(20) // the counter slides
	// end the activation (E) until the other side is to act
	for i := 0; i < 4 && g.Actor() == first; i++ {
		if slices.Contains(ps.Legal(), "end") {
			d.key(ebiten.KeyE)
		} else {
			d.key(ebiten.KeyD)
		}
	}
	// the outcome of the last command stays on the screen until the
	// player hands over: the hand-over screen waits for Enter
	if g.Actor() == first || ps.Covered() || !ps.HandingOver() || ps.Side() != first {
		panic(fmt.Errorf("after %q: covered %v, handing over %v, side %d: the hand-over did not wait for the player", g.Cmds(), ps.Covered(), ps.HandingOver(), ps.Side()))
	}
	last, _ := ps.Message()
	d.idle(420) // past the time a message or the dice box lasts by itself
	if m, _ := ps.Message(); ps.Covered() || !ps.HandingOver() || m != last {
		panic(fmt.Errorf("while waiting to hand over: covered %v, message %q (was %q)", ps.Covered(), m, last))
	}
	d.shot("handover-wait")
	d.key(ebiten.KeyEnter)
	if !ps.Covered() {
		panic("Enter did not hand the screen over")
	}
	// the other side watches the replay (W), as its own side saw it
	d.key(ebiten.KeyW)
	if !ps.Replaying() {
		panic("W did not start the replay")
	}
	d.idle(4)
	d.shot("replay")
	d.until("the replay's end", func() bool { return !ps.Replaying() })
	// then what happened since this side last acted, as it saw it
	if sum := ps.Summary(); len(sum) < 2 || !strings.Contains(strings.Join(sum, "\n"), "Break Point Track") {
		panic(fmt.Errorf("no turn summary after the replay: %q", sum))
	}
	d.idle(2)
	d.shot("summary")
	d.takeScreen()
	second := ps.Side()
	d.idle(2)
	img = d.shot("hidden-check")
	hidden := d.checkHidden(img)
	fmt.Printf("script: side %s's screen shows none of %d hidden enemy bases\n", g.Side(second).ID, hidden)

	// fire: fit the map (Home) so every counter is on the screen, pick a
	// shot whose firer and target are both drawn, zoom in between them
	// with the wheel, select the firer, hover the target (the odds), click
	d.key(ebiten.KeyHome)
	fired := false
	inMap := func(x, y float64) bool { return image.Pt(int(x), int(y)).In(ps.MapArea().Inset(30)) }
	for _, c := range ps.Legal() {
		f := strings.Fields(c)
		if len(f) != 3 || f[0] != "fire" {
			continue
		}
		fx, fy, ok1 := ps.CounterAt(f[1])
		tx, ty, ok2 := ps.CounterAt(f[2])
		if !ok1 || !ok2 || !inMap(fx, fy) || !inMap(tx, ty) {
			continue
		}
		d.moveTo((fx+tx)/2, (fy+ty)/2)
		for range 3 {
			d.send(ui.InputState{WheelY: 1})
			fx, fy, ok1 = ps.CounterAt(f[1])
			tx, ty, ok2 = ps.CounterAt(f[2])
			if !ok1 || !ok2 || !inMap(fx, fy) || !inMap(tx, ty) {
				d.send(ui.InputState{WheelY: -1})
				break
			}
		}
		fx, fy, _ = ps.CounterAt(f[1])
		d.click(fx, fy)
		if ps.Selected() != f[1] || !ps.Targets()[f[2]] {
			d.key(ebiten.KeyEscape)
			continue
		}
		tx, ty, _ = ps.CounterAt(f[2])
		d.moveTo(tx, ty)
		img = d.shot("fire-preview")
		d.checkCounter(img, f[1])
		n0 := len(g.Cmds())
		d.click(tx, ty)
		if len(g.Cmds()) != n0+1 || !strings.HasPrefix(g.Cmds()[n0], "fire "+f[1]+" ") {
			m, _ := ps.Message()
			panic(fmt.Errorf("the shot of %s at %s was not given: %q, %s", f[1], f[2], g.Cmds()[n0:], m))
		}
		fired = true
		break
	}
	if !fired {
		panic(fmt.Errorf("side %s had no shot with both counters on the screen", g.Side(second).ID))
	}
	d.idle(10)
	d.shot("fired")
	// end the activation, and defer when it is offered
	deferred := false
	for i := 0; i < 8 && !deferred && !g.Over(); i++ {
		if ps.HandingOver() {
			d.key(ebiten.KeyEnter)
		}
		if ps.Covered() {
			d.takeScreen()
			d.idle(2)
			name := "hidden-check-" + g.Side(ps.Side()).ID
			n := d.checkHidden(d.shot(name))
			fmt.Printf("script: side %s's screen shows none of %d hidden enemy bases\n", g.Side(ps.Side()).ID, n)
			hidden += n
		}
		switch {
		case slices.Contains(ps.Legal(), "defer"):
			d.key(ebiten.KeyD)
			deferred = slices.Contains(g.Cmds(), "defer")
		case slices.Contains(ps.Legal(), "end"):
			d.key(ebiten.KeyE)
		default:
			d.idle(1)
		}
	}
	if !deferred {
		panic(fmt.Errorf("no defer given: %q", g.Cmds()))
	}
	// the hand-over: the next side's screen hides the other's units too
	if ps.HandingOver() {
		d.key(ebiten.KeyEnter)
	}
	if ps.Covered() {
		d.shot("handover2")
		d.takeScreen()
		d.idle(2)
		n := d.checkHidden(d.shot("hidden-check-after-defer"))
		fmt.Printf("script: side %s's screen shows none of %d hidden enemy bases\n", g.Side(ps.Side()).ID, n)
		hidden += n
	}
	if hidden == 0 {
		panic("neither side's screen had a hidden enemy base to check")
	}
	// save (Ctrl+S), load (Ctrl+L): the same game
	hash, cmds := g.Hash(), len(g.Cmds())
	d.key(ebiten.KeyS, ebiten.KeyControlLeft)
	if _, err := os.Stat(hsScenario + ".save"); err != nil {
		panic(fmt.Errorf("Ctrl+S: %v (%s)", err, func() string { m, _ := ps.Message(); return m }()))
	}
	d.key(ebiten.KeyL, ebiten.KeyControlLeft)
	if ps.Game() == g {
		m, _ := ps.Message()
		panic("Ctrl+L did not load: " + m)
	}
	g = ps.Game()
	if g.Hash() != hash || len(g.Cmds()) != cmds {
		panic(fmt.Errorf("loaded game differs: %d commands, hash %s; saved %d, %s", len(g.Cmds()), g.Hash(), cmds, hash))
	}
	d.takeScreen()
	d.idle(2)
	img = d.shot("loaded")
	d.checkDesert(img)
	d.checkHidden(img)
	activated := map[string]bool{}
	for _, u := range ps.View().Units {
		activated[u.ID] = slices.Contains(u.Status, "activated") // drawn dimmed
	}
	checked := ""
	for _, b := range ps.View().Bases {
		if checked == "" && b.Side == g.Side(ps.Side()).ID && b.Carrier == "" && !activated[b.Unit] && !slices.Contains(b.Status, "knocked-out") {
			if x, y, ok := ps.CounterAt(b.ID); ok && image.Pt(int(x), int(y)).In(ps.MapArea().Inset(40)) {
				var above bool
				for _, o := range ps.View().Bases {
					above = above || o.Hex == b.Hex && o.ID != b.ID
				}
				if !above {
					d.checkCounter(img, b.ID)
					checked = b.ID
				}
			}
		}
	}
	if checked == "" {
		panic("no lone counter of the side to check after loading")
	}
	fmt.Printf("script: done in %d ticks: %d commands, last %q\n", d.tick, len(g.Cmds()), g.Cmds()[len(g.Cmds())-1])
	// quit: Q twice
	d.key(ebiten.KeyQ)
	d.key(ebiten.KeyQ)
	for {
		d.send(ui.InputState{})
	}
}

// runHotseatScript is the child process: the window and the script.
func runHotseatScript(dir string) int { return runScript(dir, (*hsDriver).script) }

// runScript runs a window script (the hot seat's, the solo one) in this
// process's window.
func runScript(dir string, script func(*hsDriver)) int {
	if err := os.Chdir(dir); err != nil {
		fmt.Println(err)
		return 1
	}
	d := &hsDriver{req: make(chan struct{}), resp: make(chan ui.InputState), shots: map[string]*image.RGBA{}, dir: dir, t0: time.Now()}
	// the kept settings (the parent points XDG_CONFIG_HOME at its temp
	// directory): the fastest pace, so the replay is quick
	sp, err := render.DefaultSettingsPath()
	if err == nil && strings.HasPrefix(sp, dir) {
		err = render.SaveSettings(sp, render.Settings{Zoom: 0.85, Sound: true, Pace: 0.1, Handover: true})
	}
	if err != nil || !strings.HasPrefix(sp, dir) {
		fmt.Println("settings:", sp, err)
		return 1
	}
	w, err := render.NewMenuWindow(render.MenuOptions{Width: hsW, Height: hsH, Input: d, Mute: true, Scenario: hsScenario, Seed: 1, Dir: dir, SettingsPath: sp})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	d.w = w
	w.OnDraw = func(screen *ebiten.Image) {
		if d.want == "" {
			return
		}
		b := screen.Bounds()
		img := image.NewRGBA(b)
		screen.ReadPixels(img.Pix)
		d.shots[d.want] = img
		d.want = ""
	}
	fail := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				fail <- fmt.Errorf("script: tick %d: %v", d.tick, r)
				for { // let the window close
					d.resp <- ui.InputState{Keys: []ebiten.Key{ebiten.KeyQ}}
					<-d.req
					d.resp <- ui.InputState{}
					<-d.req
				}
			}
		}()
		script(d)
	}()
	err = w.Run()
	select {
	case e := <-fail:
		fmt.Println(e)
		return 1
	default:
	}
	if err != nil {
		fmt.Println("window:", err)
		return 1
	}
	return 0
}
