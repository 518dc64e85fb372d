package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
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
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	if h, ok := p.s.forcesCentre(); ok {
		p.s.board.lookAt(h, 1.2) // counters big enough to click
	}
	p.idle(1)
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
	p.tick(scriptEvent{cursor: at(bx, by), keys: shift, buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}})
	p.tick(scriptEvent{cursor: at(bx, by), keys: shift})
	p.tick(scriptEvent{cursor: at(bx, by)})
	if p.s.Selected() != a || p.s.plotted != hex {
		t.Fatalf("Shift+click on %s's hex %s: selected %q, plotted %q; want %s plotted to %s", b, hex, p.s.Selected(), p.s.plotted, a, hex)
	}
}
