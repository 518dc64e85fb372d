package ui

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// Action is something the player means ("zoom in"), whatever key or
// button asked for it. Scenes ask about actions, never about raw keys.
type Action int

const (
	ActionZoomIn Action = iota
	ActionZoomOut
	ActionPanLeft
	ActionPanRight
	ActionPanUp
	ActionPanDown
	ActionDrag // hold a mouse button and move to pan
	ActionFit
	ActionToggleGrid
	ActionToggleLabels
	ActionToggleOutlines
	ActionLOS // line of sight from the hex under the cursor
	ActionHelp
	ActionClose // closes the help overlay
	ActionQuit
	ActionLegend     // the map key: shades, terrain, marks (viewer)
	ActionGoTo       // type a hex label, Enter: centre on it (viewer)
	ActionFullscreen // window / full screen (viewer)
	ActionScreenshot // save the window as a PNG (viewer)

	// The game window's own (render's gameKeymap).
	ActionSave      // save the game
	ActionLoadSaved // load the saved game again
	ActionMute      // sound off / on
	ActionConfirm   // Enter: ready, hand over, take the screen
	ActionUnplot    // undo the plotted move
	ActionHaze      // heat-haze bands round the selected unit
	ActionDanger    // overlays: the danger map (play_danger.go)
	ActionSight     // overlays: what the selected unit sees
	ActionScaleUp   // overlays: UI scale up (settings)
	ActionScaleDown // overlays: UI scale down
	ActionNextUnit  // select the next unit that can act
	ActionAssault   // the order keys of the panel
	ActionChallenge
	ActionDig
	ActionMount
	ActionRally
	ActionDeploy
	ActionSpot
	ActionEnd
	ActionDefer
	ActionFirst1 // initiative: the first side goes first
	ActionFirst2 // initiative: the second side goes first
	ActionPause  // a replay: pause / go on
	ActionReplay // watch the replay
	ActionDice   // put the dice box away
	ActionHint   // the expert's hint for the side to act (render's play_teach.go)
	ActionReview // the end screen: the review of the game (render's play_review.go)
	ActionLogFilter
	ActionLogBack // scroll the log back
	ActionLogOn   // scroll the log on
	ActionLogNewest

	// The menu's own (render's menuKeymap).
	ActionPrevItem
	ActionNextItem
	ActionMode1
	ActionMode2
	ActionMode3
	ActionOtherSide
	ActionStart
	ActionLoadGame
	ActionPace
	ActionHandoverSetting
	ActionZoomSetting
	ActionOpponent
	ActionUIScaleSetting // overlays: the menu's text and panels size
	ActionDesign         // the menu: open the selected scenario in the designer
	ActionNewScenario    // the menu: a new scenario in the designer

	// The play screen's own screens and the menu's text field (render's
	// screenKeymap): help pages, the end screen, the load field.
	ActionPageUp
	ActionPageDown
	ActionTop
	ActionBottom
	ActionTurnPage // the help: the keys / How to play
	ActionErase    // a text field: the last character
	ActionToMenu   // the end screen: back to the menu
	numActions
)

var actionNames = [numActions]string{
	"zoom in", "zoom out", "pan left", "pan right", "pan up", "pan down", "drag to pan",
	"fit map to window", "hex grid on/off", "hexrow letters and numbers on/off",
	"overlay outlines on/off", "line of sight from the hex under the cursor (again, anywhere: off)",
	"this help on/off", "close help, map key, go-to or line of sight", "quit (press twice)",
	"map key (legend) on/off", "go to a hex: type its label (26K5), Enter", "full screen on/off",
	"save a screenshot (PNG, in the current folder)",
	"save the game", "load the saved game again", "sound off / on", "ready, hand over, take the screen",
	"undo the plotted move", "heat-haze bands round the selected unit",
	"danger map: where the enemy bases you see can hit you", "what the selected unit sees", "text and panels larger", "text and panels smaller", // overlays
	"select the next unit that can act",
	"assault mode", "Challenge or lift it", "dig in", "mount or dismount", "rally", "deploy", "spot mode",
	"end the activation", "defer", "the first side goes first", "the second side goes first",
	"pause or go on with a replay; take the screen", "watch the replay", "put the dice box away",
	"a hint: what the expert would do for your side, and why", "the end screen: review the game",
	"the log: fire and losses only / everything", "scroll the log back", "scroll the log on", "the log's newest lines",
	"the scenario above", "the scenario below", "solo", "both sides", "hot seat", "the other side",
	"start the game", "load the saved game in the field", "the pace of the computer and of replays",
	"the hot seat's hand-over screen on/off", "the zoom a game opens at", "the computer opponent's level",
	"the size of text and panels (UI scale)", // overlays
	"open the selected scenario in the designer", "a new scenario in the designer",
	"a page up", "a page down", "the top", "the end", "the keys / How to play", "delete the last character",
	"back to the menu",
}

func (a Action) String() string {
	if a >= 0 && a < numActions {
		return actionNames[a]
	}
	return "action?"
}

// Binding is everything that triggers one action: keys held, keys held
// with Ctrl (Ctrl+S), mouse buttons held, or characters typed (for keys
// such as '?' whose physical key differs between keyboard layouts).
type Binding struct {
	Keys     []ebiten.Key
	CtrlKeys []ebiten.Key
	Buttons  []ebiten.MouseButton
	Runes    []rune
}

// Keymap binds actions to keys. Help text is generated from it, so the
// help overlay always lists the keys that really work.
type Keymap map[Action]Binding

// DefaultKeymap is the viewer's keymap.
func DefaultKeymap() Keymap {
	return Keymap{
		ActionZoomIn:         {Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}},
		ActionZoomOut:        {Keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}},
		ActionPanLeft:        {Keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}},
		ActionPanRight:       {Keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}},
		ActionPanUp:          {Keys: []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}},
		ActionPanDown:        {Keys: []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}},
		ActionDrag:           {Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonMiddle}},
		ActionFit:            {Keys: []ebiten.Key{ebiten.KeyHome, ebiten.KeyDigit0, ebiten.KeyNumpad0}},
		ActionToggleGrid:     {Keys: []ebiten.Key{ebiten.KeyG}},
		ActionToggleLabels:   {Keys: []ebiten.Key{ebiten.KeyL}},
		ActionToggleOutlines: {Keys: []ebiten.Key{ebiten.KeyO}},
		ActionLOS:            {Keys: []ebiten.Key{ebiten.KeyV}},
		ActionHelp:           {Keys: []ebiten.Key{ebiten.KeyF1, ebiten.KeySlash}, Runes: []rune{'?'}},
		ActionClose:          {Keys: []ebiten.Key{ebiten.KeyEscape}},
		ActionQuit:           {Keys: []ebiten.Key{ebiten.KeyQ}},
	}
}

// ViewerKeymap is the map viewer's keymap: the board's (DefaultKeymap,
// which the game window shares) plus the keys only the viewer window has.
func ViewerKeymap() Keymap {
	km := DefaultKeymap()
	km[ActionLegend] = Binding{Keys: []ebiten.Key{ebiten.KeyK}}
	km[ActionGoTo] = Binding{Keys: []ebiten.Key{ebiten.KeyJ}}
	km[ActionFullscreen] = Binding{Keys: []ebiten.Key{ebiten.KeyF11}}
	km[ActionScreenshot] = Binding{Keys: []ebiten.Key{ebiten.KeyF12}}
	return km
}

// InputState is the raw input of one tick, as a device (or a test script)
// reports it.
type InputState struct {
	Keys             []ebiten.Key         // keys held down
	Buttons          []ebiten.MouseButton // mouse buttons held down
	Runes            []rune               // characters typed since the last tick
	CursorX, CursorY float64              // cursor position in screen pixels
	WheelX, WheelY   float64              // wheel movement this tick; +Y is away from the user
}

// InputSource yields one InputState per tick: the real devices in the
// window, a script in tests.
type InputSource interface {
	Poll() InputState
}

// Input turns raw input into actions through a keymap. Call Update once per
// tick, then ask by action.
type Input struct {
	keymap Keymap
	src    InputSource
	cur    InputState
	prev   InputState
	held   [numActions]int // ticks each action has been active; 0 = not active
	ticks  int
}

// NewInput reads src through keymap (nil: DefaultKeymap).
func NewInput(src InputSource, keymap Keymap) *Input {
	if keymap == nil {
		keymap = DefaultKeymap()
	}
	return &Input{keymap: keymap, src: src}
}

// Keymap is the keymap in use.
func (in *Input) Keymap() Keymap { return in.keymap }

// Update polls the source for this tick.
func (in *Input) Update() {
	in.prev = in.cur
	in.cur = in.src.Poll()
	in.ticks++
	for a := Action(0); a < numActions; a++ {
		if in.active(a) {
			in.held[a]++
		} else {
			in.held[a] = 0
		}
	}
}

func (in *Input) active(a Action) bool {
	b := in.keymap[a]
	for _, k := range b.Keys {
		if slices.Contains(in.cur.Keys, k) {
			return true
		}
	}
	if ctrlHeld(in.cur.Keys) {
		for _, k := range b.CtrlKeys {
			if slices.Contains(in.cur.Keys, k) {
				return true
			}
		}
	}
	for _, mb := range b.Buttons {
		if slices.Contains(in.cur.Buttons, mb) {
			return true
		}
	}
	for _, r := range b.Runes {
		if slices.Contains(in.cur.Runes, r) {
			return true
		}
	}
	return false
}

// ctrlHeld reports a Control key among keys.
func ctrlHeld(keys []ebiten.Key) bool {
	return slices.Contains(keys, ebiten.KeyControl) || slices.Contains(keys, ebiten.KeyControlLeft) || slices.Contains(keys, ebiten.KeyControlRight)
}

// Ctrl reports a Control key held this tick (a modifier, not an action).
func (in *Input) Ctrl() bool { return ctrlHeld(in.cur.Keys) }

// Shift reports a Shift key held this tick.
func (in *Input) Shift() bool {
	k := in.cur.Keys
	return slices.Contains(k, ebiten.KeyShift) || slices.Contains(k, ebiten.KeyShiftLeft) || slices.Contains(k, ebiten.KeyShiftRight)
}

// Spend uses up this tick's presses: no action is JustPressed again until
// it is released and pressed anew (a key that put a screen away does not
// also act on the screen behind it).
func (in *Input) Spend() {
	for a := range in.held {
		if in.held[a] == 1 {
			in.held[a] = 2
		}
	}
}

// Pressed reports whether the action is active this tick.
func (in *Input) Pressed(a Action) bool { return in.held[a] > 0 }

// JustPressed reports whether the action became active this tick.
func (in *Input) JustPressed(a Action) bool { return in.held[a] == 1 }

// Key repeat for actions held down, in ticks.
const (
	repeatDelay    = 20
	repeatInterval = 5
)

// Repeated is JustPressed plus auto-repeat while the action is held.
func (in *Input) Repeated(a Action) bool {
	h := in.held[a]
	return h == 1 || h > repeatDelay && (h-repeatDelay)%repeatInterval == 0
}

// Typed is the characters typed this tick.
func (in *Input) Typed() []rune { return in.cur.Runes }

// KeyJust reports whether key k went down this tick, whatever the keymap
// says (text entry: Enter, Backspace).
func (in *Input) KeyJust(k ebiten.Key) bool {
	return slices.Contains(in.cur.Keys, k) && !slices.Contains(in.prev.Keys, k)
}

// Cursor is the cursor position in screen pixels.
func (in *Input) Cursor() (x, y float64) { return in.cur.CursorX, in.cur.CursorY }

// Wheel is this tick's vertical wheel movement (+ is away from the user).
func (in *Input) Wheel() float64 { return in.cur.WheelY }

// Drag is how far the cursor moved since the last tick while the drag
// action was held on both ticks.
func (in *Input) Drag() (dx, dy float64, ok bool) {
	if in.held[ActionDrag] < 2 {
		return 0, 0, false
	}
	return in.cur.CursorX - in.prev.CursorX, in.cur.CursorY - in.prev.CursorY, true
}
