package render

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/design"
	"khamsin/render/ui"
)

// The window at the small sizes a player may give it (--window 640x480,
// 800x600; the least is ui.MinViewWidth × ui.MinViewHeight): what the
// layout computes stays on the screen, apart and uncut.

// smallSizes are the window sizes the layout tests walk.
var smallSizes = [][2]int{{ui.MinViewWidth, ui.MinViewHeight}, {640, 480}, {800, 600}, {1920, 1080}}

// A shot's odds (10.8, the Shooting Saving Throws) are wider than the
// map of a small window: the tooltip wraps them, keeps every word, and its
// box stays on the map wherever the target is.
func TestPlayTooltipWrapsOnSmallMap(t *testing.T) {
	lines := []tipLine{
		{"fire G2c at A2b (Medium tank M3 Grant): 5 cm KwK 38 L/42, range 14 — click to fire", ui.Accent},
		{"to hit (10.8 To Hit with Direct Fire): d10 -10, need impossible — 0%", ui.Ink},
		{"     -4  range: extreme (over 3/4 of maximum)  (10.8)", ui.Ink},
		{"     -2  vehicle-dust  (11.74 via the hindrance join)", ui.Ink},
		{"save (Shooting Saving Throw, column D): d10 +0, saved on 6+ — 50 %", ui.Ink},
		{"outcome: unharmed 100% · pinned 0% · knocked out 0%", ui.Ink},
	}
	for _, sz := range smallSizes {
		p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
		p.ctx.Width, p.ctx.Height = sz[0], sz[1]
		p.idle(2)
		a := p.s.mapArea()
		got := p.s.tipWrap(lines)
		room := float64(a.Dx()) - p.s.hud.U(28)
		var in, out []string
		for _, l := range lines {
			in = append(in, strings.Fields(l.text)...)
		}
		for _, l := range got {
			out = append(out, strings.Fields(l.text)...)
			if w := text.Advance(l.text, p.s.hud.Small); w > room+0.5 {
				t.Errorf("%dx%d: the line %q is %.0f px, the map leaves %.0f", sz[0], sz[1], l.text, w, room)
			}
		}
		if strings.Join(in, " ") != strings.Join(out, " ") {
			t.Errorf("%dx%d: wrapping changed the words:\n%q\n%q", sz[0], sz[1], in, out)
		}
		bw, bh, _ := p.s.tipSize(got)
		for _, pt := range [][2]float64{{float64(a.Min.X) + 20, float64(a.Min.Y) + 20}, {float64(a.Max.X) - 10, float64(a.Min.Y) + 40},
			{float64(a.Min.X+a.Max.X) / 2, float64(a.Min.Y+a.Max.Y) / 2}, {float64(a.Dx()) / 2, float64(a.Max.Y) - 20}} {
			x, y := p.s.tipBeside(got, pt[0], pt[1])
			if x < float64(a.Min.X) || y < float64(a.Min.Y) || x+bw > float64(a.Max.X) {
				t.Errorf("%dx%d: the odds box for a target at (%.0f,%.0f) spans (%.0f,%.0f)-(%.0f,%.0f), off the map %v",
					sz[0], sz[1], pt[0], pt[1], x, y, x+bw, y+bh, a)
			}
			// where the map has room above or below the target, the
			// box leaves the target's counter in sight
			if room := float64(a.Dy()) - bh - 8; (pt[1]-float64(a.Min.Y) > bh+40 || float64(a.Max.Y)-pt[1] > bh+40) && room > 0 &&
				pt[0] > x && pt[0] < x+bw && pt[1] > y && pt[1] < y+bh {
				t.Errorf("%dx%d: the odds box (%.0f,%.0f)-(%.0f,%.0f) covers its target at (%.0f,%.0f)", sz[0], sz[1], x, y, x+bw, y+bh, pt[0], pt[1])
			}
		}
	}
}

// keepIn keeps a box's top left corner on the area even when the box is
// larger than it.
func TestKeepInLargerBox(t *testing.T) {
	a := image.Rect(0, 50, 300, 400)
	for _, c := range []struct{ x, y, w, h float64 }{{-50, 10, 100, 50}, {250, 380, 100, 50}, {100, 100, 500, 500}, {-900, -900, 900, 900}} {
		x, y := keepIn(c.x, c.y, c.w, c.h, a)
		if x < 4 || y < 54 {
			t.Errorf("keepIn(%v) = (%.0f,%.0f): off the area %v", c, x, y, a)
		}
		if c.w <= 292 && x+c.w > 296 {
			t.Errorf("keepIn(%v) = (%.0f,%.0f): a box that fits runs off the right", c, x, y)
		}
	}
}

// A save loaded after the game's end (F.3, 16.12: the game is over) opens
// on whichever side was last to act, whoever fought it: the status line
// says the game is over and who won, names whose view the map shows, and
// claims no "your side" in the hot seat or moving both sides; in every
// window width it says so uncut or in its short wording.
func TestPlayFinishedGameHeading(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(1)
	finishGame(p)
	v := p.g.ViewAs(-1)
	winner, name := "", "a draw"
	if v.Winner != nil {
		winner = *v.Winner
		si, _ := p.g.SideIndex(winner)
		name = p.g.Side(si).Name + " wins"
	}
	for _, mode := range []string{ModeHotseat, ModeBoth, ModeSolo} {
		s := newPlayScene(p.g, PlayOptions{Mode: mode, Human: 1, Mute: true, NoAutosave: true, AIDelay: 1 << 20}, p.in, p.s.board, p.s.hud)
		me := p.g.Side(s.side).ID
		for _, w := range []float64{640, 800, 1024, 1920} {
			tl := s.topLines(w)
			l := tl.l1
			if !strings.Contains(l, "game over: "+name) && !strings.Contains(l, "over: "+winner+" won") && !(winner == "" && strings.Contains(l, "a draw")) {
				t.Errorf("%s at %.0f px: %q does not say the game is over and who won (%s)", mode, w, l, name)
			}
			mine := strings.Contains(l, "your side") || strings.Contains(l, "you: ")
			if mode == ModeSolo && !mine {
				t.Errorf("solo at %.0f px: %q does not name the player's side", w, l)
			}
			if mode != ModeSolo && (mine || !strings.Contains(l, me)) {
				t.Errorf("%s at %.0f px: %q: want no 'your side', and the view's side %s named", mode, w, l, me)
			}
			if w >= 1024 && tl.cut1 {
				t.Errorf("%s at %.0f px: the heading is cut: %q", mode, w, l)
			}
		}
	}
	// the end screen's replay shows everything: it names nobody's side
	p.s.startGameReplay()
	p.idle(3)
	if p.s.rp() == nil {
		t.Fatal("no replay")
	}
	for _, w := range []float64{640, 1280} {
		if l := p.s.topLines(w).l1; !strings.Contains(l, "replay: everything shown") || strings.Contains(l, "you") || strings.Contains(l, "showing") {
			t.Errorf("the whole game's replay at %.0f px heads %q", w, l)
		}
	}
}

// The end screen's title (the winner, 16.12) keeps clear of the Review
// button at its top right, and the game-over banner over the map wraps to
// the map's width, at every window size.
func TestPlayEndScreenFitsSmallWindows(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(1)
	finishGame(p)
	for _, sz := range smallSizes {
		p.ctx.Width, p.ctx.Height = sz[0], sz[1]
		p.idle(2)
		s := p.s
		x, _, _, _ := s.resultRect()
		room := s.resultTitleRoom()
		rb := s.reviewButton().r
		if x+s.hud.U(20)+room > float64(rb.Min.X) {
			t.Errorf("%dx%d: the title may run to %.0f, the Review button starts at %d", sz[0], sz[1], x+s.hud.U(20)+room, rb.Min.X)
		}
		if room < s.hud.U(200) {
			t.Errorf("%dx%d: the title has %.0f px", sz[0], sz[1], room)
		}
		a := s.mapArea()
		lines, lw := s.bannerLines(s.over())
		if lw+s.hud.U(32) > float64(a.Dx()) {
			t.Errorf("%dx%d: the banner is %.0f px on a map %d wide: %q", sz[0], sz[1], lw+s.hud.U(32), a.Dx(), lines)
		}
		if got := strings.Join(lines, " "); !strings.HasPrefix(s.over(), strings.TrimSuffix(got, "…")) && got != s.over() {
			t.Errorf("%dx%d: the banner reads %q for %q", sz[0], sz[1], got, s.over())
		}
		// the hot seat's hand-over prompt keeps its instruction (its end)
		if hl, _ := s.bannerLines(s.handOverPrompt()); strings.HasSuffix(hl[len(hl)-1], "…") {
			t.Errorf("%dx%d: the hand-over banner is cut: %q", sz[0], sz[1], hl)
		}
	}
}

// The main menu at every window size: its buttons lie in the window and
// apart; the title keeps left of the header's buttons (at 640 px they ran
// over it); the modes and Start read whole, in a short form if need be;
// a scenario the list has no row for is announced.
func TestMenuFitsSmallWindows(t *testing.T) {
	for _, c := range [][3]int{{smallSizes[0][0], smallSizes[0][1], 0}, {640, 480, 0}, {640, 480, 1}, {640, 480, 2}, {800, 600, 0}, {1920, 1080, 2}} {
		sz := c[:2]
		h := newMenuHarness(t, MenuOptions{Mute: true})
		h.ctx.Width, h.ctx.Height = sz[0], sz[1]
		h.m.mode = c[2] // solo adds the side buttons
		if err := h.tick(scriptEvent{}); err != nil {
			t.Fatal(err)
		}
		m := h.m
		win := image.Rect(0, 0, sz[0], sz[1])
		for i, a := range m.buttons {
			if !a.r.In(win) {
				t.Errorf("%dx%d: the button %q at %v is off the window", sz[0], sz[1], a.label+a.key, a.r)
			}
			for _, b := range m.buttons[i+1:] {
				if a.r.Overlaps(b.r) {
					t.Errorf("%dx%d: the buttons %q %v and %q %v overlap", sz[0], sz[1], a.label+a.key, a.r, b.label+b.key, b.r)
				}
			}
			if a.label == "Start" || a.short != "" || a.r.Max.Y < int(m.hud.U(56)) {
				face := text.Face(m.hud.Small)
				if a.label == "Start" {
					face = m.hud.Title
				}
				if l := buttonLabel(a, face, float64(a.r.Dx())-m.hud.U(10)); strings.HasSuffix(l, "…") {
					t.Errorf("%dx%d: the button %q reads %q", sz[0], sz[1], a.label, l)
				}
			}
		}
		if f := m.headerTitleFace(); f != nil {
			if w := text.Advance("KHAMSIN", f); m.hud.U(16)+w > m.hud.U(16)+m.titleRoom {
				t.Errorf("%dx%d: the title is %.0f px, the header leaves %.0f", sz[0], sz[1], w, m.titleRoom)
			}
		} else if sz[0] >= 640 {
			t.Errorf("%dx%d: no room for the title", sz[0], sz[1])
		}
		if n := len(m.rowEntry); n < len(m.entries) && !strings.Contains(m.listMore(), fmt.Sprint(len(m.entries)-n)) {
			t.Errorf("%dx%d: %d of %d scenarios show and the list says %q", sz[0], sz[1], n, len(m.entries), m.listMore())
		}
	}
}

// The designer in a small window leaves the map at least 45 % of the
// width (the palette and the properties panel narrow), and every row of
// either ends inside its panel.
func TestDesignFitsSmallWindows(t *testing.T) {
	for _, sz := range smallSizes {
		d, _ := openDesign(t, "dawn")
		d.w, d.h = sz[0], sz[1]
		d.idle(2)
		s := d.sc
		a := s.mapArea(s.w, s.h)
		if float64(a.Dx()) < 0.45*float64(sz[0]) {
			t.Errorf("%dx%d: the map is %d px wide", sz[0], sz[1], a.Dx())
		}
		if int(s.paletteRight()) != a.Min.X || sz[0]-int(s.panelW()) != a.Max.X {
			t.Errorf("%dx%d: the map %v does not meet the palette (%.0f) and the panel (%.0f)", sz[0], sz[1], a, s.paletteRight(), s.panelX())
		}
		for _, it := range s.items() {
			if it.text == "" || it.face == nil {
				continue
			}
			right, edge := it.x+text.Advance(it.text, it.face), s.paletteRight()
			if it.x >= s.panelX() {
				edge = float64(sz[0])
			}
			if right > edge+0.5 {
				t.Errorf("%dx%d: the row %q runs to %.0f, past its panel's edge %.0f", sz[0], sz[1], it.text, right, edge)
			}
		}
		// Play it's question (K) lies in the window, its rows still the choices
		d.key(ebiten.KeyK)
		if s.playAsk == nil {
			t.Fatalf("%dx%d: K asks nothing", sz[0], sz[1])
		}
		x, y, w, h, lh := s.boxGeom(s.playLines())
		if x < 0 || y < 0 || x+w > float64(sz[0]) || y+h > float64(sz[1]) {
			t.Errorf("%dx%d: Play it's box (%.0f,%.0f)-(%.0f,%.0f) is off the window", sz[0], sz[1], x, y, x+w, y+h)
		}
		if r := s.boxRowAt(s.playLines(), x+w/2, y+2*ui.PadY*s.scale+1.5*lh); r != 1 {
			t.Errorf("%dx%d: the box's second line is row %d", sz[0], sz[1], r)
		}
		d.key(ebiten.KeyEscape)
	}
}

// The status area in a window too narrow for the climate beside the
// game's state (7.1's turn and phase, 7.2's Orders, 16.12's Break Point):
// it takes three or four lines rather than cut them, each within the
// window; at 1024 px and wider it keeps its two.
func TestPlayTopLinesNarrowWindow(t *testing.T) {
	for _, mode := range []string{ModeSolo, ModeBoth} {
		p := newPlayHarness(t, PlayOptions{Mode: mode, Human: 0, AIDelay: 1 << 20})
		p.idle(1)
		if mode == ModeBoth {
			p.toActivation() // an open activation lengthens the first line
		}
		for _, sz := range smallSizes {
			p.ctx.Width, p.ctx.Height = sz[0], sz[1]
			p.idle(1)
			w := float64(sz[0])
			tl := p.s.topLines(w)
			pad := p.s.hud.U(ui.PadX)
			if tl.cut1 || tl.cut2 {
				t.Errorf("%s at %d px: cut: %q / %q", mode, sz[0], tl.l1, tl.l2)
			}
			if sz[0] >= 1024 && tl.rows != 2 {
				t.Errorf("%s at %d px: %d status lines, want 2", mode, sz[0], tl.rows)
			}
			if tl.rows > 2 {
				for _, l := range []string{tl.l2, tl.l3, tl.env} {
					if x := text.Advance(l, p.s.hud.Small); x > w-2*pad+0.5 {
						t.Errorf("%s at %d px: %q is %.0f px", mode, sz[0], l, x)
					}
				}
				if strings.HasSuffix(tl.env, "…") && sz[0] >= 640 {
					t.Errorf("%s at %d px: the climate is cut: %q", mode, sz[0], tl.env)
				}
			}
			if want := p.s.hud.U(float64(tl.rows) * ui.SmallPt * ui.LineGap); float64(p.s.topH()) < want {
				t.Errorf("%s at %d px: the status area is %d px for %d lines", mode, sz[0], p.s.topH(), tl.rows)
			}
		}
	}
}

// F1's keys in a small window scroll (Down, End, Up) rather than shrink to
// type nobody reads or run off the window; at 1920×1080 they fit whole.
func TestPlayHelpScrollsInSmallWindow(t *testing.T) {
	for _, sz := range [][2]int{{640, 480}, {1920, 1080}} {
		p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
		p.ctx.Width, p.ctx.Height = sz[0], sz[1]
		p.idle(1)
		p.key(ebiten.KeyF1)
		h := p.s.help()
		if h == nil {
			t.Fatal("F1: no help")
		}
		most := p.s.hud.HelpScrollMax(playHelpTitle, playHelpFooter, playHelp, p.s.helpArea())
		if sz[0] >= 1920 {
			if most != 0 {
				t.Errorf("%dx%d: the keys scroll (to row %d)", sz[0], sz[1], most)
			}
			continue
		}
		if most == 0 {
			t.Fatalf("%dx%d: the keys fit at %.1f pt or more, nothing to scroll", sz[0], sz[1], ui.HelpScrollPt)
		}
		p.key(ebiten.KeyArrowDown)
		if h.top != 1 {
			t.Errorf("Down: row %d, want 1", h.top)
		}
		p.key(ebiten.KeyEnd)
		if h.top != most {
			t.Errorf("End: row %d, want %d", h.top, most)
		}
		p.key(ebiten.KeyArrowDown)
		if h.top != most {
			t.Errorf("Down at the end: row %d, want %d", h.top, most)
		}
		p.key(ebiten.KeyArrowUp)
		if h.top != most-1 {
			t.Errorf("Up: row %d, want %d", h.top, most-1)
		}
	}
}

// The designer's keys scroll the same way (End, Home).
func TestDesignHelpScrollsInSmallWindow(t *testing.T) {
	d, _ := openDesign(t, "dawn")
	d.w, d.h = 640, 480
	d.idle(2)
	d.key(ebiten.KeyF1)
	s := d.sc
	if !s.showHelp {
		t.Fatal("F1: no help")
	}
	most := s.hud.HelpScrollMax(designHelpTitle, designHelpFooter, designHelp, s.helpArea())
	if most == 0 {
		t.Fatal("640x480: the designer's keys fit, nothing to scroll")
	}
	d.key(ebiten.KeyEnd)
	if s.helpTop != most {
		t.Errorf("End: row %d, want %d", s.helpTop, most)
	}
	d.key(ebiten.KeyHome)
	if s.helpTop != 0 || !s.showHelp {
		t.Errorf("Home: row %d (help up %v), want 0", s.helpTop, s.showHelp)
	}
}

// The selected unit's panel in a small window: its order buttons (7.2's
// Orders spent through them) stay on the screen and a few lines of the
// log stay under them, the other bases' ratings giving way first; the
// selected base is always listed.
func TestPlayPanelButtonsStayOnSmallWindow(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.ctx.Width, p.ctx.Height = 640, 480
	p.idle(1)
	p.toActivation()
	me := p.g.Side(p.s.Side()).ID
	tried := 0
	for _, b := range p.s.View().Bases {
		if b.Side != me || slices.Contains(b.Status, "knocked-out") {
			continue
		}
		p.s.selectBase(b.ID)
		p.idle(1)
		if p.s.sel != b.ID {
			continue
		}
		tried++
		pr := p.s.panelRect()
		for _, bt := range p.s.buttons {
			if !bt.r.In(pr) {
				t.Errorf("%s selected: the button %q at %v is outside the panel %v", b.ID, bt.label, bt.r, pr)
			}
		}
		lh := p.s.hud.U(ui.SmallPt * ui.LineGap)
		if got := float64(p.s.panel.logRect.Dy()); got < panelLogMin*lh-1 {
			t.Errorf("%s selected: the log has %.0f px, want %d lines (%.0f px)", b.ID, got, panelLogMin, panelLogMin*lh)
		}
		found := false
		for _, l := range p.s.panel.info {
			found = found || strings.HasPrefix(l.text, b.ID+"  ")
		}
		if !found {
			t.Errorf("%s selected: the panel does not list it", b.ID)
		}
	}
	if tried == 0 {
		t.Fatal("no base could be selected")
	}
	t.Logf("%d bases selected", tried)
}

// Try it (B) in a small window: its progress and its figures are at the
// foot of the properties panel, which follows them into sight until the
// run ends (at 640×480 B seemed to do nothing).
func TestDesignTryItShowsInSmallWindow(t *testing.T) {
	doc, err := design.Open("dawn")
	if err != nil {
		t.Fatal(err)
	}
	d := newDesignDriver(t, doc, DesignOptions{TryGames: 2})
	d.w, d.h = 640, 480
	d.idle(2)
	d.key(ebiten.KeyB)
	if d.sc.balance == nil {
		t.Fatalf("B started nothing: %q", d.sc.notice)
	}
	for i := 0; d.sc.balance.running() || d.sc.balance.follow; i++ {
		d.idle(1)
		time.Sleep(2 * time.Millisecond)
		if i > 60000 {
			t.Fatal("Try it never finished")
		}
	}
	d.idle(1)
	shown := false
	for _, it := range d.sc.items() {
		if strings.HasPrefix(it.text, "Try it: 2 games") {
			shown = it.y >= 0 && it.y+it.h <= 480
			if !shown {
				t.Errorf("the result's line is at y %.0f, off the 480-pixel window", it.y)
			}
		}
	}
	if !shown {
		t.Error("the result is not in sight")
	}
}

// The text and panel size (75–200 %) in force never lays a scene out for
// less than the least window (ui.MinViewWidth × ui.MinViewHeight): 200 %
// in an 800×600 window is 125 %; a small setting and a large window keep
// the setting.
func TestFitUIScale(t *testing.T) {
	for _, c := range []struct {
		set  float64
		w, h int
		want float64
	}{
		{2, 800, 600, 1.25}, {2, 1280, 800, 2}, {2, 1920, 1080, 2}, {1.5, 640, 480, 1}, {0.75, 640, 400, 0.75}, {1, 640, 400, 1}, {2, 3840, 2160, 2},
	} {
		got := fitUIScale(c.set, c.w, c.h)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("fitUIScale(%g, %d, %d) = %g, want %g", c.set, c.w, c.h, got, c.want)
		}
		if got > 1 && (float64(c.w)/got < ui.MinViewWidth-1e-9 || float64(c.h)/got < ui.MinViewHeight-1e-9) {
			t.Errorf("fitUIScale(%g, %d, %d) = %g lays out %gx%g", c.set, c.w, c.h, got, float64(c.w)/got, float64(c.h)/got)
		}
	}
}

// The hint (T) in a small window: its reasons wrap whole where the map
// has room for them and are cut evenly (with "…") only where it has not,
// and its box, buttons included, stays on the map.
func TestPlayHintFitsSmallWindows(t *testing.T) {
	long := strings.Repeat("the Grants on the ridge see the road and the 88 cannot see them there, ", 3)
	ans := &hintAnswer{Command: "move A3 31N6 31M5", Why: "moves toward Point 31 " + long,
		Alts: []ai.Option{{Command: "fire A3a G2c", Words: "about 12% to knock it out; " + long}, {Command: "defer", Words: long}}}
	for _, sz := range smallSizes {
		p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
		p.ctx.Width, p.ctx.Height = sz[0], sz[1]
		p.idle(2)
		a := p.s.mapArea()
		h := &hintScreen{ans: ans}
		r, lines := p.s.hintBox(h)
		if !r.In(a) {
			t.Errorf("%dx%d: the hint box %v is not on the map %v", sz[0], sz[1], r, a)
		}
		cut := false
		for _, l := range lines {
			cut = cut || strings.HasSuffix(l.text, "…")
		}
		var words int
		for _, l := range lines {
			words += len(strings.Fields(l.text))
		}
		var want int
		for _, t := range append([]string{"Hint for x"}, ans.text()...) {
			want += len(strings.Fields(t))
		}
		switch {
		case sz[1] >= 1000 && cut:
			t.Errorf("%dx%d: the map has room for the whole hint, yet a line is cut", sz[0], sz[1])
		case !cut && words < want:
			t.Errorf("%dx%d: %d words of %d shown and no line says it was cut", sz[0], sz[1], words, want)
		}
		h.layout(p.s)
		for _, b := range h.buttons {
			if !b.r.In(a) {
				t.Errorf("%dx%d: the hint's %q button %v is off the map %v", sz[0], sz[1], b.label, b.r, a)
			}
		}
	}
}

// The menu's Text button says when the window holds the text smaller
// than the size chosen, so a press that seems to do nothing is explained.
func TestTextSizeLabelSaysWhatIsInForce(t *testing.T) {
	was, wasFit := UIScale(), uiScaleFitted
	defer func() { SetUIScale(was); uiScaleFitted = wasFit }()
	SetUIScale(2)
	for _, c := range []struct {
		w, h int
		want string
	}{{800, 600, "Text 200% (125% here)"}, {1920, 1080, "Text 200%"}} {
		uiScaleFitted = fitUIScale(UIScale(), c.w, c.h)
		if got := textSizeLabel(); got != c.want {
			t.Errorf("%dx%d: the Text button reads %q, want %q", c.w, c.h, got, c.want)
		}
	}
}

// The solo player's summary of the enemy's turn over a small map: a long
// one keeps its first lines and says how many more the log holds, its box
// leaves a third of the map in sight; a short one is shown whole.
func TestSoloSummaryLeavesTheMapInSight(t *testing.T) {
	for _, sz := range smallSizes {
		for _, n := range []int{3, 60} {
			p := newPlayHarness(t, PlayOptions{Mode: ModeSolo})
			p.ctx.Width, p.ctx.Height = sz[0], sz[1]
			p.idle(2)
			sum := &turnSummary{title: "Since your last turn — test (turn 2, 60 events)"}
			for i := 0; i < n; i++ {
				sum.lines = append(sum.lines, tipLine{fmt.Sprintf("T2 #%d G%da moves from 30H%d to 30J%d and is seen by A3b (§12.5)", i, i, i, i), ui.Ink})
			}
			p.s.sum = sum
			p.s.layoutSummary()
			a, r := p.s.mapArea(), p.s.sum.box
			rows := p.s.summaryRows(float64(r.Dx()), "footer")
			cut := strings.Contains(rows[len(rows)-2].text, "more lines")
			if n == 3 && cut && sz[1] >= 480 { // the least window's map has room for about eight rows
				t.Errorf("%dx%d: a three-line summary was cut", sz[0], sz[1])
			}
			if n == 60 && !cut {
				t.Errorf("%dx%d: a summary of 60 lines was shown whole (%d rows)", sz[0], sz[1], len(rows))
			}
			if r.Max.Y > a.Min.Y+a.Dy()*2/3+2 {
				t.Errorf("%dx%d, %d lines: the summary %v covers more than two thirds of the map %v", sz[0], sz[1], n, r, a)
			}
		}
	}
}
