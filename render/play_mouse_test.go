package render

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/render/ui"
)

// ownInReach finds a selectable base a (on top where it is drawn) and
// another own base b, also on top, whose hex is in a's move shading.
func ownInReach(p *playHarness) (a, b string, ok bool) {
	onTop := func(id string) (float64, float64, bool) {
		x, y, ok := p.s.CounterAt(id)
		if !ok || !image.Pt(int(x), int(y)).In(p.s.mapArea()) {
			return 0, 0, false
		}
		i := p.s.counterAt(x, y)
		return x, y, i >= 0 && p.s.placed[i].base == id
	}
	for _, c := range p.g.Legal() {
		f := strings.Fields(c)
		if f[0] != "move" {
			continue
		}
		if _, _, ok := onTop(f[1]); !ok {
			continue
		}
		p.s.selectBase(f[1])
		p.s.updateOptions()
		for _, pc := range p.s.placed {
			if pc.base == "" || pc.side != p.s.Side() || pc.base == f[1] {
				continue
			}
			if _, in := p.s.MoveOptions()[pc.hex]; !in {
				continue
			}
			if _, _, ok := onTop(pc.base); ok {
				return f[1], pc.base, true
			}
		}
	}
	return "", "", false
}

// Issue "The map and the mouse" 1: a click on one's own counter inside
// the move shading selects it (no move is plotted); Shift+click plots
// the move onto the own counters' hex.
func TestPlayClickOwnCounterInShadingSelects(t *testing.T) {
	p := clickableActivation(t)
	a, b, ok := ownInReach(p)
	if !ok {
		t.Skip("no own counter within another's reach at the start of dawn")
	}
	ax, ay, _ := p.s.CounterAt(a)
	p.click(ax, ay)
	if p.s.Selected() != a {
		t.Fatalf("clicking %s selected %q", a, p.s.Selected())
	}
	bx, by, _ := p.s.CounterAt(b)
	p.tick(scriptEvent{cursor: at(bx, by)})
	if p.s.preview != nil && p.s.preview.To == p.s.bases[b].Hex {
		t.Errorf("hovering own %s in %s's shading previews a move there; a click selects it", b, a)
	}
	n := len(p.g.Cmds())
	p.click(bx, by)
	if p.s.Selected() != b || p.s.plotted != "" || len(p.g.Cmds()) != n {
		t.Fatalf("clicking own %s in %s's shading: selected %q, plotted %q, commands %q; want %s selected, nothing plotted",
			b, a, p.s.Selected(), p.s.plotted, p.g.Cmds()[n:], b)
	}
	// Shift+click moves onto the own counter's hex
	p.click(ax, ay)
	hex := p.s.bases[b].Hex
	shift := []ebiten.Key{ebiten.KeyShiftLeft}
	p.tick(scriptEvent{cursor: at(bx, by), keys: shift})
	if p.s.preview == nil || p.s.preview.To != hex || !strings.HasPrefix(p.s.previewLines()[0].text, "move "+a) || !strings.Contains(p.s.previewLines()[0].text, "Shift+click") {
		t.Errorf("Shift held over own %s: the preview is %v, want %s's move to %s saying Shift+click", b, p.s.previewLines(), a, hex)
	}
	p.tick(scriptEvent{cursor: at(bx, by), keys: shift, buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	p.tick(scriptEvent{cursor: at(bx, by), keys: shift})
	p.tick(scriptEvent{cursor: at(bx, by)})
	if p.s.Selected() != a || p.s.plotted != hex {
		t.Fatalf("Shift+click on %s's hex %s: selected %q, plotted %q; want %s plotted to %s", b, hex, p.s.Selected(), p.s.plotted, a, hex)
	}
}

// mapOnScreen is the board's world rectangle on the screen.
func mapOnScreen(s *PlayScene) (x0, y0, x1, y1 float64) {
	w := s.board.World
	x0, y0 = s.board.Cam.WorldToScreen(float64(w.Min.X), float64(w.Min.Y))
	x1, y1 = s.board.Cam.WorldToScreen(float64(w.Max.X), float64(w.Max.Y))
	return
}

// checkHeld fails unless, on each axis, the map is centred in the map
// area (when smaller) or covers it (when larger).
func checkHeld(t *testing.T, s *PlayScene, when string) {
	t.Helper()
	a := s.mapArea()
	x0, y0, x1, y1 := mapOnScreen(s)
	axis := func(lo, hi float64, amin, amax int) bool {
		if hi-lo <= float64(amax-amin)+1e-6 {
			return math.Abs((lo+hi)/2-float64(amin+amax)/2) < 1
		}
		return lo <= float64(amin)+1e-6 && hi >= float64(amax)-1e-6
	}
	if !axis(x0, x1, a.Min.X, a.Max.X) || !axis(y0, y1, a.Min.Y, a.Max.Y) {
		t.Errorf("%s: the map is at (%.0f,%.0f)-(%.0f,%.0f) in the map area %v (scale %.2f)", when, x0, y0, x1, y1, a, s.board.Cam.Scale())
	}
}

// Issue "The map and the mouse" 2: the opening zoom is the fit when the
// kept zoom is at or below it (never the map small in a corner), else
// the kept zoom centred on the side's forces; no pan or zoom takes the
// map off the map area; Tab centres on the unit it selects.
func TestPlayViewStaysOnMap(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, Zoom: 0.19})
	p.idle(2)
	fit := p.s.board.FitScale()
	if got := p.s.board.Cam.Scale(); math.Abs(got-fit) > 1e-9 {
		t.Errorf("kept zoom 0.19 opened at scale %.3f, want the fit %.3f", got, fit)
	}
	checkHeld(t, p.s, "opening at a kept zoom below the fit")

	p = newPlayHarness(t, PlayOptions{Mode: ModeBoth, Zoom: 3})
	p.idle(2)
	if got := p.s.board.Cam.Scale(); math.Abs(got-3) > 1e-9 {
		t.Fatalf("kept zoom 3 opened at scale %.3f", got)
	}
	checkHeld(t, p.s, "opening at a kept zoom of 3")
	// pan far past the top-left corner with the arrow keys
	for i := 0; i < 300; i++ {
		p.tick(scriptEvent{keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowUp}})
	}
	p.idle(1)
	checkHeld(t, p.s, "after panning far up and left")
	// zoom out as far as the wheel goes, with the cursor in a corner
	a := p.s.mapArea()
	for i := 0; i < 40; i++ {
		p.tick(scriptEvent{cursor: at(float64(a.Min.X+5), float64(a.Min.Y+5)), wheel: -1})
	}
	p.idle(1)
	checkHeld(t, p.s, "after zooming out in the corner")

	// Tab selects the next unit that can act and centres on it
	p = newPlayHarness(t, PlayOptions{Mode: ModeBoth, Zoom: 3})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	for i := 0; i < 3; i++ {
		p.key(ebiten.KeyTab)
		id := p.s.Selected()
		if id == "" {
			t.Fatal("Tab selected nothing")
		}
		h, _ := p.g.HexOf(p.s.bases[id].Hex)
		x, y := p.s.board.HexOnScreen(h)
		cx, cy := float64(a.Min.X+a.Max.X)/2, float64(a.Min.Y+a.Max.Y)/2
		x0, y0, x1, y1 := mapOnScreen(p.s)
		// centred, or as near as the map's edge on that axis allows
		okX := math.Abs(x-cx) < 2 || (x < cx && x0 >= float64(a.Min.X)-1) || (x > cx && x1 <= float64(a.Max.X)+1)
		okY := math.Abs(y-cy) < 2 || (y < cy && y0 >= float64(a.Min.Y)-1) || (y > cy && y1 <= float64(a.Max.Y)+1)
		if !okX || !okY {
			t.Errorf("Tab selected %s at (%.0f,%.0f), the map area's centre is (%.0f,%.0f)", id, x, y, cx, cy)
		}
		checkHeld(t, p.s, "after Tab")
	}
}

// Issue "The map and the mouse" 3: an order key with nothing to do says
// why in the status bar, and changes nothing.
func TestPlayOrderKeyWithNothingToDoSaysWhy(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	check := func(k ebiten.Key, want string) {
		t.Helper()
		n := len(p.g.Cmds())
		p.s.post("", false)
		p.key(k)
		msg, bad := p.s.Message()
		t.Logf("key %v: %s", k, msg)
		if !bad || !strings.Contains(msg, want) {
			t.Errorf("key %v: status %q (refusal %v), want one with %q", k, msg, bad, want)
		}
		if len(p.g.Cmds()) != n {
			t.Errorf("key %v gave commands %q", k, p.g.Cmds()[n:])
		}
	}
	check(ebiten.KeyE, "E: ")
	p.toActivation()
	p.idle(1)
	check(ebiten.KeyA, "A: nothing selected")
	var id string
	for _, b := range p.s.View().Bases {
		if b.Side == p.g.Side(p.s.Side()).ID && len(p.s.mine("move", b.ID)) > 0 && len(p.s.mine("assault", b.ID)) == 0 {
			id = b.ID
			break
		}
	}
	if id == "" {
		t.Fatal("no base that may move but not assault")
	}
	p.s.selectBase(id)
	check(ebiten.KeyA, "A: no enemy base within reach of "+id+" to assault")
	check(ebiten.KeyS, "S: ")
}

// Issue "The map and the mouse" 4: the move tooltip covers none of the
// previewed path's hexes.
func TestPlayMoveTooltipOffThePath(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, Zoom: 2})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	var id string
	for _, c := range p.g.Legal() {
		if f := strings.Fields(c); f[0] == "move" {
			id = f[1]
			break
		}
	}
	if id == "" {
		t.Fatal("nothing may move")
	}
	p.s.selectBase(id)
	h, _ := p.g.HexOf(p.s.bases[id].Hex)
	p.s.board.LookAt(h, 2)
	p.idle(1)
	a := p.s.mapArea()
	tried := 0
	for label, o := range p.s.MoveOptions() {
		if len(o.Path) < 3 {
			continue
		}
		x, y, _ := p.s.screenOf(label)
		if !image.Pt(int(x), int(y)).In(a.Inset(40)) || p.s.occupied(label) {
			continue
		}
		p.tick(scriptEvent{cursor: at(x, y)})
		_, box, ok := p.s.previewTip()
		if !ok {
			t.Fatalf("no preview with the cursor on %s", label)
		}
		tried++
		r := p.s.board.Pix.Size * p.s.board.Cam.Scale() * 0.5
		for _, l := range o.Path {
			hx, hy, _ := p.s.screenOf(l)
			if box.overlaps(rectF64{hx - r, hy - r, hx + r, hy + r}) {
				t.Errorf("the tooltip of the move to %s at (%.0f,%.0f)-(%.0f,%.0f) covers %s of its path at (%.0f,%.0f)",
					label, box.x0, box.y0, box.x1, box.y1, l, hx, hy)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no reachable hex of three or more steps on the screen")
	}
	t.Logf("%d moves' tooltips checked", tried)
}

// Issue "The map and the mouse" 4: the minefield marker of a half hex at
// the board's edge is drawn on the board, not outside it.
func TestPlayMineMarkerOfHalfHexOnBoard(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth, Zoom: 2})
	p.idle(2)
	s := p.s
	pl := s.board.Play
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	edges := map[string]string{}
	for _, h := range p.g.Map.Hexes() {
		c := s.board.Pix.Center(h)
		d := s.board.Pix.Size * 0.2
		switch {
		case c.Y > pl[1].Y-d && edges["bottom"] == "":
			edges["bottom"] = p.g.Label(h)
		case c.X < pl[0].X+d && edges["left"] == "":
			edges["left"] = p.g.Label(h)
		case c.X > pl[1].X-d && edges["right"] == "":
			edges["right"] = p.g.Label(h)
		}
	}
	if len(edges) == 0 {
		t.Fatal("no half hex on the board's edges")
	}
	bx0, by0, bx1, by1 := s.boardOnScreen()
	for edge, label := range edges {
		h, _ := p.g.HexOf(label)
		s.board.LookAt(h, 2)
		x, y, w, hh, ok := s.mineBox(label, hs)
		if !ok {
			t.Fatalf("no marker box for %s", label)
		}
		bx0, by0, bx1, by1 = s.boardOnScreen()
		if x < bx0-1e-6 || y < by0-1e-6 || x+w > bx1+1e-6 || y+hh > by1+1e-6 {
			t.Errorf("the mine marker of %s (%s edge) spans (%.0f,%.0f)-(%.0f,%.0f), off the board (%.0f,%.0f)-(%.0f,%.0f)",
				label, edge, x, y, x+w, y+hh, bx0, by0, bx1, by1)
		}
	}
	t.Logf("edge half hexes: %v", edges)
}

// Issue "The map and the mouse" 4: the top status lines fit a window
// 1024 pixels wide, without cutting them, beside the climate.
func TestPlayTopLineFits1024(t *testing.T) {
	for _, mode := range []string{ModeSolo, ModeBoth} {
		p := newPlayHarness(t, PlayOptions{Mode: mode, Human: 0, AIDelay: 1 << 20})
		p.ctx.Width, p.ctx.Height = 1024, 768
		p.idle(2)
		check := func(when string) {
			t.Helper()
			tl := p.s.topLines(1024)
			pad := p.s.hud.U(ui.PadX)
			if tl.cut1 || tl.cut2 || tl.l1W+tl.ew+3*pad > 1024 || tl.l2W+tl.ew+3*pad > 1024 {
				t.Errorf("%s, %s at 1024 px: %q (%.0f px, cut %v), %q (%.0f px, cut %v), the climate %.0f px",
					mode, when, tl.l1, tl.l1W, tl.cut1, tl.l2, tl.l2W, tl.cut2, tl.ew)
			}
			t.Logf("%s, %s: %q | %q", mode, when, tl.l1, tl.l2)
		}
		check("the Challenge phase")
		if mode == ModeBoth {
			p.toActivation()
			p.idle(1)
			check("the activation phase")
			for _, c := range p.g.Legal() {
				if strings.HasPrefix(c, "move ") {
					if !p.s.do(c, nil) {
						t.Fatalf("%s refused", c)
					}
					break
				}
			}
			p.idle(1)
			check("an open activation")
		}
	}
}

// Tab with no unit that can act says why (the Challenge phase).
func TestPlayTabWithNothingToActSaysWhy(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	if p.g.Phase() != game.PhaseChallenge {
		t.Fatalf("dawn opens in %v", p.g.Phase())
	}
	p.key(ebiten.KeyTab)
	if msg, bad := p.s.Message(); !bad || !strings.HasPrefix(msg, "Tab: ") || p.s.Selected() != "" {
		t.Errorf("Tab in the Challenge phase: status %q (refusal %v), selected %q", msg, bad, p.s.Selected())
	}
}

// 9.1: a click on a hex outside the selected base's move shading says the
// engine's own reason (a contact marker's 15 cm, the MP…), asked of the
// side's observation, not a bare "cannot go there".
func TestPlayClickOutOfReachSaysWhy9_1(t *testing.T) {
	p := clickableActivation(t)
	o := p.g.Observe(p.g.Actor())
	for _, c := range o.Legal() {
		f := strings.Fields(c)
		if f[0] != "move" {
			continue
		}
		p.s.selectBase(f[1])
		p.s.updateOptions()
		p.s.layoutCounters()
		for _, h := range p.g.Map.Hexes() {
			label := p.g.Label(h)
			x, y, ok := p.s.screenOf(label)
			if _, in := p.s.MoveOptions()[label]; in || !ok || !image.Pt(int(x), int(y)).In(p.s.mapArea()) || p.s.counterAt(x, y) >= 0 {
				continue
			}
			cmd, err := game.ParseCommand("move " + f[1] + " " + label)
			if err != nil {
				t.Fatal(err)
			}
			want := o.Check(cmd)
			if want == nil {
				continue
			}
			p.click(x, y)
			if p.s.Selected() != f[1] {
				t.Fatalf("the click on %s changed the selection to %q", label, p.s.Selected())
			}
			if why := strings.TrimPrefix(want.Error(), "move "+f[1]+" "+label+": "); !strings.Contains(p.s.msg, why) || !p.s.msgBad {
				t.Fatalf("click on %s, out of %s's reach: status %q, want the engine's reason %q", label, f[1], p.s.msg, want)
			}
			return
		}
	}
	t.Skip("no out-of-reach hex on screen for any base that can move")
}

// clickableActivation is dawn moved on to the activation phase, both sides
// at the screen, the view on the forces and zoomed so counters are big
// enough to click.
func clickableActivation(t *testing.T) *playHarness {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	if h, ok := p.s.forcesCentre(); ok {
		p.s.board.LookAt(h, 1.2)
	}
	p.idle(1)
	return p
}
