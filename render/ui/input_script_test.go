package ui

import "github.com/hajimehoshi/ebiten/v2"

// scriptInput is a fake InputSource that replays a script: each event
// holds keys or buttons, types characters, turns the wheel or moves the
// cursor on a range of ticks. The cursor stays where the last event put it.
type scriptInput struct {
	events []scriptEvent
	tick   int
	x, y   float64
}

type scriptEvent struct {
	from, to int // ticks covered, 1-based; to == 0 means from only
	keys     []ebiten.Key
	buttons  []ebiten.MouseButton
	runes    []rune
	wheel    float64
	// cursor, when set, is where the cursor is on these ticks; a function
	// so a script can aim at a hex through the camera of that moment.
	cursor func() (float64, float64)
}

func at(x, y float64) func() (float64, float64) {
	return func() (float64, float64) { return x, y }
}

func (s *scriptInput) Poll() InputState {
	s.tick++
	var st InputState
	for _, e := range s.events {
		to := e.to
		if to == 0 {
			to = e.from
		}
		if s.tick < e.from || s.tick > to {
			continue
		}
		st.Keys = append(st.Keys, e.keys...)
		st.Buttons = append(st.Buttons, e.buttons...)
		st.Runes = append(st.Runes, e.runes...)
		st.WheelY += e.wheel
		if e.cursor != nil {
			s.x, s.y = e.cursor()
		}
	}
	st.CursorX, st.CursorY = s.x, s.y
	return st
}
