package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/combat"
	"khamsin/engine/game"
)

// The window issue: a save no face can pass says so in the player's words
// ("no save possible"), one every face passes says "automatic", and the
// numbers stay.
func TestSaveTextWording(t *testing.T) {
	none := combat.Test{Table: "G", Mods: []combat.Mod{{N: -6, What: "big gun"}}}
	all := combat.Test{Table: "G", Mods: []combat.Mod{{N: +5, What: "dug in"}}}
	pin := combat.Test{Table: "G", ThreeBand: true, Mods: []combat.Mod{{N: -5, What: "gun"}}}
	some := combat.Test{Table: "G", Mods: []combat.Mod{{N: -1, What: "gun"}}}
	for _, c := range []struct {
		t         combat.Test
		want, not []string
	}{
		{none, []string{"no save possible", "every hit knocks it out", "-6", "0 %"}, []string{"impossible", "need"}},
		{all, []string{"automatic", "every hit is saved", "+5", "100 %"}, []string{"any roll", "need"}},
		{pin, []string{"no full save possible", "pins it (", "knocks it out ("}, []string{"impossible"}},
		{some, []string{"saved on 7+", "40 %"}, []string{"impossible", "automatic"}},
	} {
		got := saveText("save", c.t)
		if c.t.Total() == -6 {
			if y := saveText("your save", c.t); !strings.Contains(y, "knocks your base out") {
				t.Errorf("your save: %q", y)
			}
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("saveText(%+v) = %q, want %q in it", c.t.Mods, got, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("saveText(%+v) = %q, has %q", c.t.Mods, got, w)
			}
		}
	}
}

// longRolls are dice events whose texts are wider than any box.
func longRolls() []game.Event {
	var evs []game.Event
	for i := 0; i < 4; i++ {
		evs = append(evs, game.Event{Text: "spot: B-12 looks for the enemy base A-7 across the dunes at range 14 in the dust of the afternoon — seen",
			Roll: &game.Roll{Dice: "d10", Faces: []int{4}, Final: 6,
				Mods:   []combat.Mod{{N: 2, What: "target moved in the open this activation", Rule: "11.74"}, {N: -1, What: "looking into the sun", Rule: "11.61"}},
				Result: "spotted: the target is seen by every base of the side", Table: "the spotting table"}})
	}
	return evs
}

// The window issue: the dice box covers no more than a corner of the map
// (at most a third of its width and of its height) at 1024×700 and
// 860×560, wraps its lines inside its width (the result not cut off),
// and X or a click on it puts it away.
func TestDiceBoxCornerWrapAndDismiss(t *testing.T) {
	for _, sz := range [][2]int{{1024, 700}, {860, 560}} {
		p := newPlayHarness(t, PlayOptions{Mode: ModeSolo})
		p.ctx.Width, p.ctx.Height = sz[0], sz[1]
		p.idle(2)
		p.s.dice, p.s.diceTick = longRolls(), p.s.tick
		if !p.s.diceShown() {
			t.Fatalf("%v: dice box not shown", sz)
		}
		r, items := p.s.diceLayout()
		a := p.s.mapArea()
		mw, mh := float64(a.Dx()), float64(a.Dy())
		if frac := r.w * r.h / (mw * mh); r.w > mw/3+0.5 || r.h > mh/3+0.5 || frac > 1.0/9+0.01 {
			t.Errorf("%v: dice box %.0f×%.0f over a map of %.0f×%.0f (%.0f%% of it): more than a corner", sz, r.w, r.h, mw, mh, frac*100)
		}
		if r.x < float64(a.Min.X) || r.y+r.h > float64(a.Max.Y) || r.x+r.w > float64(a.Min.X)+mw/2 || r.y < float64(a.Min.Y)+mh/2 {
			t.Errorf("%v: dice box %+v not in the map's bottom-left corner %v", sz, r, a)
		}
		res := false
		for _, it := range items {
			if it.text == "" {
				continue
			}
			if w := text.Advance(it.text, it.face); w > r.w-p.s.hud.U(16)+0.5 {
				t.Errorf("%v: line %q is %.0f px wide in a box of %.0f", sz, it.text, w, r.w)
			}
			res = res || strings.Contains(it.text, "table")
		}
		if !res {
			t.Errorf("%v: the result's end (\"table\") is not in the box: %+v", sz, items)
		}
		p.key(ebiten.KeyX)
		if p.s.diceShown() {
			t.Errorf("%v: X did not put the dice box away", sz)
		}
		p.s.dice, p.s.diceTick = longRolls(), p.s.tick
		r, _ = p.s.diceLayout()
		sel := p.s.sel
		p.click(r.x+r.w/2, r.y+r.h/2)
		if p.s.diceShown() {
			t.Errorf("%v: a click on the dice box did not put it away", sz)
		}
		if p.s.sel != sel {
			t.Errorf("%v: the click on the dice box acted on the map (selection %q → %q)", sz, sel, p.s.sel)
		}
	}
}

// The window issue: How to play opens from the menu (F1 and its button)
// and from the help in play (F1, then Tab); every paragraph names its
// rule; at 1024×700 each line fits the panel and scrolling reaches the
// last line.
func TestHowToPlayOpensEverywhereAndCitesRules(t *testing.T) {
	rule := regexp.MustCompile(`§\d|\d+\.\d+|Note [A-Z0-9]`)
	for _, p := range howToPlay {
		if p.rule == "" || !rule.MatchString(p.rule) {
			t.Errorf("paragraph %q cites no rule (%q)", p.title, p.rule)
		}
		if len(p.body) < 80 {
			t.Errorf("paragraph %q says too little: %q", p.title, p.body)
		}
	}
	for _, want := range []string{"§7.1", "§7.2", "Note D", "§7.1 step 4", "§10.8", "§11.9", "§10.15", "14.9", "11.74", "11.61"} {
		found := false
		for _, p := range howToPlay {
			found = found || strings.Contains(p.rule, want)
		}
		if !found {
			t.Errorf("no paragraph cites %s", want)
		}
	}

	// the menu: F1, Esc, then the button
	m := newMenuHarness(t, MenuOptions{})
	m.ctx.Width, m.ctx.Height = 1024, 700
	m.tick(scriptEvent{})
	m.key(ebiten.KeyF1)
	if !m.m.howto.open {
		t.Fatal("F1 in the menu did not open How to play")
	}
	m.key(ebiten.KeyEscape)
	if m.m.howto.open || m.m.quit {
		t.Fatalf("Esc: How to play open %v, quitting %v; want it closed and the menu staying", m.m.howto.open, m.m.quit)
	}
	var bt button
	for _, b := range m.m.buttons {
		if b.label == "How to play" {
			bt = b
		}
	}
	if bt.r.Empty() || bt.r.Max.X > 1024 || bt.r.Max.Y > 700 {
		t.Fatalf("no How to play button on the 1024×700 menu: %v", bt.r)
	}
	c := bt.r.Min.Add(bt.r.Size().Div(2))
	m.tick(scriptEvent{cursor: at(float64(c.X), float64(c.Y))})
	m.tick(scriptEvent{cursor: at(float64(c.X), float64(c.Y)), buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	if !m.m.howto.open {
		t.Fatal("a click on the How to play button did not open it")
	}

	// the page fits 1024×700 and scrolls to its last line
	hv := &m.m.howto
	x, _, pw, _, lines, _ := hv.layout(m.m.hud, 1024, 700)
	if x < 0 || x+pw > 1024 {
		t.Errorf("the page %.0f..%.0f is wider than the window", x, x+pw)
	}
	for _, l := range lines {
		if l.text != "" && text.Advance(l.text, l.face) > pw-m.m.hud.U(32)+0.5 {
			t.Errorf("line %q wider than the page", l.text)
		}
	}
	_, _, _, lh := hv.fit(m.m.hud, 1024, 700)
	if hv.max <= 0 {
		t.Logf("the page fits without scrolling (%d lines)", len(lines))
	}
	m.key(ebiten.KeyEnd)
	if hv.top != hv.max || int(hv.top/lh+0.5)+hv.rows(lh) < len(lines) {
		t.Errorf("End: scrolled %.0f of %.0f, lines %d+%d of %d: the last line is not reached", hv.top, hv.max, int(hv.top/lh+0.5), hv.rows(lh), len(lines))
	}

	// in play: F1 shows the keys, Tab turns to How to play, Esc closes
	p := newPlayHarness(t, PlayOptions{Mode: ModeSolo})
	p.ctx.Width, p.ctx.Height = 1024, 700
	p.idle(2)
	p.key(ebiten.KeyF1)
	if h := p.s.help(); h == nil || h.howto.open {
		t.Fatalf("F1 in play: help %v; want the keys first", h)
	}
	p.key(ebiten.KeyTab)
	if h := p.s.help(); h == nil || !h.howto.open {
		t.Fatalf("Tab in the help: help %v", h)
	}
	p.key(ebiten.KeyPageDown)
	if hv := p.s.help().howto; hv.max > 0 && hv.top == 0 {
		t.Errorf("Page Down did not scroll How to play in play")
	}
	p.key(ebiten.KeyEscape)
	if h := p.s.help(); h != nil {
		t.Errorf("Esc: help %+v still up; want it closed", h)
	}
}
