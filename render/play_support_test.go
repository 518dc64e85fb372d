package render

import (
	"image"
	"strings"
	"testing"
)

// Fire support from the window (§10.15–.18): the selected observer's
// "Call BTY…" button arms a hex mode; the hexes `game legal` names for
// the call are shaded; a click on one gives exactly that call, and a
// click on any other hex gives nothing and says why.
func TestPlayCallForFire10_15(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	var unit, prefix string
	var hexes []string
	for _, c := range p.g.Legal() {
		if f := strings.Fields(c); f[0] == "call" {
			unit, prefix = f[1], strings.Join(f[:3], " ")
			break
		}
	}
	if unit == "" {
		t.Skipf("dawn seed 1: the side to act (%s) has no call for fire", p.g.Side(p.g.Actor()).ID)
	}
	for _, c := range p.g.Legal() {
		if strings.HasPrefix(c, prefix+" ") {
			hexes = append(hexes, strings.Fields(c)[3])
		}
	}
	var base string
	for _, b := range p.s.view.Bases {
		if b.Unit == unit {
			base = b.ID
		}
	}
	p.s.selectBase(base)
	p.idle(1)
	label := "Call " + strings.Fields(prefix)[2] + "…"
	press := func(label string) {
		t.Helper()
		for _, b := range p.s.buttons {
			if b.label == label {
				c := b.r.Min.Add(b.r.Max).Div(2)
				p.click(float64(c.X), float64(c.Y))
				return
			}
		}
		var have []string
		for _, b := range p.s.buttons {
			have = append(have, b.label)
		}
		t.Fatalf("no %q button; buttons %q", label, have)
	}
	press(label)
	if got := p.s.hexModeTargets(); len(got) != len(hexes) {
		t.Fatalf("hex mode %q offers %d hexes, legal has %d", p.s.mode, len(got), len(hexes))
	}
	n := len(p.g.Cmds())
	// a hex the call cannot be given on: nothing happens, the reason shows
	var bad string
	for _, h := range p.g.Map.Hexes() {
		if l := p.g.Label(h); !contains(hexes, l) && onScreen(p, l) {
			bad = l
			break
		}
	}
	if bad != "" {
		clickHex(p, bad)
		if len(p.g.Cmds()) != n {
			t.Fatalf("a click on %s gave %q", bad, p.g.Cmds()[n:])
		}
		if msg, isErr := p.s.Message(); !isErr || !strings.Contains(msg, bad) {
			t.Errorf("after a click on %s the status says %q", bad, msg)
		}
		if !strings.HasPrefix(p.s.mode, hexModePrefix) {
			t.Fatalf("a refused hex disarmed the call (mode %q)", p.s.mode)
		}
	}
	target := hexes[len(hexes)/2]
	h, _ := p.g.HexOf(target)
	p.s.board.LookAt(h, 0)
	p.idle(1)
	clickHex(p, target)
	if len(p.g.Cmds()) != n+1 || p.g.Cmds()[n] != prefix+" "+target {
		t.Fatalf("clicking %s gave %q, want %q", target, p.g.Cmds()[n:], prefix+" "+target)
	}
	if p.s.mode != "" {
		t.Errorf("the mode stays %q after the call", p.s.mode)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func onScreen(p *playHarness, label string) bool {
	h, err := p.g.HexOf(label)
	if err != nil {
		return false
	}
	x, y := p.s.board.HexOnScreen(h)
	return image.Pt(int(x), int(y)).In(p.s.mapArea().Inset(20)) && !p.s.occupied(label)
}

func clickHex(p *playHarness, label string) {
	h, _ := p.g.HexOf(label)
	x, y := p.s.board.HexOnScreen(h)
	p.click(x, y)
}
