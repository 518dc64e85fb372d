package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// DeviceInput reads the real keyboard and mouse through Ebitengine. Poll
// must be called from Update.
type DeviceInput struct{}

var DeviceButtons = []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonMiddle, ebiten.MouseButtonRight}

// Poll reads this tick's keys, buttons, typed characters, cursor and wheel.
func (DeviceInput) Poll() InputState {
	var s InputState
	s.Keys = inpututil.AppendPressedKeys(nil)
	for _, b := range DeviceButtons {
		if ebiten.IsMouseButtonPressed(b) {
			s.Buttons = append(s.Buttons, b)
		}
	}
	s.Runes = ebiten.AppendInputChars(nil)
	s.CursorX, s.CursorY = ebiten.CursorPositionF()
	s.WheelX, s.WheelY = ebiten.Wheel()
	return s
}
