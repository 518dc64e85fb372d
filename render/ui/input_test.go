package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// run polls in for n ticks and records, per tick, which actions were
// pressed, just pressed and repeated.
func runInput(in *Input, n int) (pressed, just, repeated [][]Action) {
	for i := 0; i < n; i++ {
		in.Update()
		var p, j, r []Action
		for a := Action(0); a < numActions; a++ {
			if in.Pressed(a) {
				p = append(p, a)
			}
			if in.JustPressed(a) {
				j = append(j, a)
			}
			if in.Repeated(a) {
				r = append(r, a)
			}
		}
		pressed, just, repeated = append(pressed, p), append(just, j), append(repeated, r)
	}
	return
}

func TestInputKeymapActions(t *testing.T) {
	for _, tc := range []struct {
		name string
		ev   scriptEvent
		want Action
	}{
		{"= key", scriptEvent{keys: []ebiten.Key{ebiten.KeyEqual}}, ActionZoomIn},
		{"keypad +", scriptEvent{keys: []ebiten.Key{ebiten.KeyNumpadAdd}}, ActionZoomIn},
		{"- key", scriptEvent{keys: []ebiten.Key{ebiten.KeyMinus}}, ActionZoomOut},
		{"arrow left", scriptEvent{keys: []ebiten.Key{ebiten.KeyArrowLeft}}, ActionPanLeft},
		{"D", scriptEvent{keys: []ebiten.Key{ebiten.KeyD}}, ActionPanRight},
		{"W", scriptEvent{keys: []ebiten.Key{ebiten.KeyW}}, ActionPanUp},
		{"arrow down", scriptEvent{keys: []ebiten.Key{ebiten.KeyArrowDown}}, ActionPanDown},
		{"middle button", scriptEvent{buttons: []ebiten.MouseButton{ebiten.MouseButtonMiddle}}, ActionDrag},
		{"Home", scriptEvent{keys: []ebiten.Key{ebiten.KeyHome}}, ActionFit},
		{"0", scriptEvent{keys: []ebiten.Key{ebiten.KeyDigit0}}, ActionFit},
		{"G", scriptEvent{keys: []ebiten.Key{ebiten.KeyG}}, ActionToggleGrid},
		{"L", scriptEvent{keys: []ebiten.Key{ebiten.KeyL}}, ActionToggleLabels},
		{"O", scriptEvent{keys: []ebiten.Key{ebiten.KeyO}}, ActionToggleOutlines},
		{"F1", scriptEvent{keys: []ebiten.Key{ebiten.KeyF1}}, ActionHelp},
		{"typed ?", scriptEvent{runes: []rune{'?'}}, ActionHelp},
		{"Esc", scriptEvent{keys: []ebiten.Key{ebiten.KeyEscape}}, ActionClose},
		{"Q", scriptEvent{keys: []ebiten.Key{ebiten.KeyQ}}, ActionQuit},
		{"K", scriptEvent{keys: []ebiten.Key{ebiten.KeyK}}, ActionLegend},
		{"J", scriptEvent{keys: []ebiten.Key{ebiten.KeyJ}}, ActionGoTo},
		{"F11", scriptEvent{keys: []ebiten.Key{ebiten.KeyF11}}, ActionFullscreen},
		{"F12", scriptEvent{keys: []ebiten.Key{ebiten.KeyF12}}, ActionScreenshot},
	} {
		ev := tc.ev
		ev.from, ev.to = 2, 3
		in := NewInput(&scriptInput{events: []scriptEvent{ev}}, ViewerKeymap())
		pressed, just, _ := runInput(in, 4)
		if len(pressed[0]) != 0 || len(pressed[3]) != 0 {
			t.Errorf("%s: actions outside the pressed ticks: %v, %v", tc.name, pressed[0], pressed[3])
		}
		if len(just[1]) != 1 || just[1][0] != tc.want {
			t.Errorf("%s: just pressed on tick 2 = %v, want [%v]", tc.name, just[1], tc.want)
		}
		if len(pressed[2]) != 1 || pressed[2][0] != tc.want || len(just[2]) != 0 {
			t.Errorf("%s: tick 3 pressed %v just %v, want held %v only", tc.name, pressed[2], just[2], tc.want)
		}
	}
}

func TestInputRepeat(t *testing.T) {
	in := NewInput(&scriptInput{events: []scriptEvent{{from: 1, to: 31, keys: []ebiten.Key{ebiten.KeyEqual}}}}, nil)
	_, _, repeated := runInput(in, 31)
	var ticks []int
	for i, r := range repeated {
		if len(r) > 0 {
			ticks = append(ticks, i+1)
		}
	}
	// pressed at 1, then every repeatInterval ticks after repeatDelay
	want := []int{1, repeatDelay + repeatInterval, repeatDelay + 2*repeatInterval}
	if len(ticks) != len(want) || ticks[0] != want[0] || ticks[1] != want[1] || ticks[2] != want[2] {
		t.Errorf("zoom-in repeats on ticks %v, want %v", ticks, want)
	}
}

func TestInputDragAndCursor(t *testing.T) {
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	in := NewInput(&scriptInput{events: []scriptEvent{
		{from: 1, cursor: at(100, 100)},
		{from: 2, to: 4, buttons: left},
		{from: 3, cursor: at(110, 95)},
		{from: 4, cursor: at(130, 100)},
		{from: 5, cursor: at(200, 200), wheel: 2},
	}}, nil)
	type step struct {
		dx, dy float64
		ok     bool
	}
	want := []step{{}, {}, {10, -5, true}, {20, 5, true}, {}}
	for i, w := range want {
		in.Update()
		dx, dy, ok := in.Drag()
		if (step{dx, dy, ok}) != w {
			t.Errorf("tick %d: drag (%g,%g,%v), want %v", i+1, dx, dy, ok, w)
		}
	}
	if x, y := in.Cursor(); x != 200 || y != 200 || in.Wheel() != 2 {
		t.Errorf("cursor (%g,%g) wheel %g, want (200,200) 2", x, y, in.Wheel())
	}
}

// Each key triggers one action only, and every action of the viewer has a
// binding (the game window's own actions, after ActionScreenshot, are
// render's gameKeymap).
func TestDefaultKeymapUnambiguous(t *testing.T) {
	km := ViewerKeymap()
	owner := map[ebiten.Key]Action{}
	for a := Action(0); a <= ActionScreenshot; a++ {
		b, ok := km[a]
		if !ok || len(b.Keys)+len(b.Buttons)+len(b.Runes) == 0 {
			t.Errorf("action %v has no binding", a)
		}
		for _, k := range b.Keys {
			if o, dup := owner[k]; dup {
				t.Errorf("key %v bound to both %v and %v", k, o, a)
			}
			owner[k] = a
		}
	}
}

// The help overlay names every key of the keymap.
func TestHelpListsEveryKey(t *testing.T) {
	km := ViewerKeymap()
	var all strings.Builder
	for _, r := range helpRows(km) {
		all.WriteString(r.Keys + " | " + r.What + "\n")
	}
	help := all.String()
	for a, b := range km {
		for _, k := range b.Keys {
			if !strings.Contains(help, KeyName(k)) {
				t.Errorf("help does not name key %v (%q) for %v", k, KeyName(k), a)
			}
		}
		for _, r := range b.Runes {
			if !strings.Contains(help, string(r)) {
				t.Errorf("help does not name %q for %v", r, a)
			}
		}
		if !strings.Contains(help, a.String()) && a != ActionDrag && a != ActionPanLeft && a != ActionPanRight &&
			a != ActionPanUp && a != ActionPanDown && a != ActionZoomIn && a != ActionZoomOut {
			t.Errorf("help does not say what %q does", a)
		}
	}
	for _, want := range []string{"G", "L", "O", "V", "F1", "?", "Esc", "Q", "Home", "←", "W A S D", "left drag", "mouse wheel", "K", "J", "F11", "F12"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q:\n%s", want, help)
		}
	}
}
