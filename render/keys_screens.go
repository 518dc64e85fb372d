package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/ui"
)

// screenKeymap is the keys of the play screen's own screens (help, How
// to play, the end screen) and of the menu's text field, as actions
// (issue 18: scenes ask for actions, not keys). Typed text stays runes.
func screenKeymap() ui.Keymap {
	k := func(keys ...ebiten.Key) ui.Binding { return ui.Binding{Keys: keys} }
	return ui.Keymap{
		ui.ActionClose:    k(ebiten.KeyEscape),
		ui.ActionPrevItem: k(ebiten.KeyArrowUp),
		ui.ActionNextItem: k(ebiten.KeyArrowDown),
		ui.ActionPageUp:   k(ebiten.KeyPageUp),
		ui.ActionPageDown: k(ebiten.KeyPageDown, ebiten.KeySpace),
		ui.ActionTop:      k(ebiten.KeyHome),
		ui.ActionBottom:   k(ebiten.KeyEnd),
		ui.ActionTurnPage: k(ebiten.KeyTab),
		ui.ActionErase:    k(ebiten.KeyBackspace),
		ui.ActionStart:    k(ebiten.KeyEnter, ebiten.KeyNumpadEnter),
		ui.ActionToMenu:   k(ebiten.KeyM),
	}
}
