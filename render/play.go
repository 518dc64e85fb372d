package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"fmt"

	"khamsin/engine/game"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// Play modes (brief §6 `khamsin play --mode`).
const (
	ModeSolo    = "solo"    // one player against the computer
	ModeBoth    = "both"    // one player moving both sides
	ModeHotseat = "hotseat" // two players at one screen, a hand-over screen between them
)

// PlayOptions configure the game window. Zero values mean the defaults.
type PlayOptions struct {
	Mode        string // ModeSolo, ModeBoth or ModeHotseat ("": ModeHotseat)
	Human       int    // ModeSolo: the side index the player commands
	ScenarioRef string // how the save names the scenario (a built-in name or a path)
	SavePath    string // where Ctrl+S writes ("": ScenarioRef's base name + ".save" in the working directory)
	AISeed      uint64 // unused since the computer opponent (engine/ai) needs no seed
	AILevel     int    // the computer opponent's level (ai.MinLevel..ai.MaxLevel; 0: the strongest)
	AIDelay     int    // ticks between the computer's commands (0: 36, about 0.6 s)
	HexSize     float64
	Width       int // window size; 0: 1280×800
	Height      int
	Frames      int            // stop after this many ticks; 0: run until closed
	Screenshot  string         // with Frames: save the last frame here as PNG
	Input       ui.InputSource // nil: the real keyboard and mouse
	Mute        bool
	NoAutosave  bool    // do not write SavePath after every command (tests)
	Zoom        float64 // the map's scale when the game opens (0: 0.85; Settings.Zoom)
	NoHandover  bool    // hot seat without the hand-over screen (Settings.Handover off)
	SoundOff    bool    // start with the cues off (Settings.Sound off; Ctrl+M turns them on)
	// SettingsPath is where changes made in the game (the mute key, the
	// zoom when leaving) are kept ("": not kept; tests).
	SettingsPath string
}

// NewGameWindow rasterises g's map and prepares the window without opening
// it.
func NewGameWindow(g *game.Game, opts PlayOptions) (*Window, error) {
	return newGameWindow(g, opts, false)
}

// newGameWindow is NewGameWindow; with loading it opens on playLoading
// instead of painting the map before the window exists.
func newGameWindow(g *game.Game, opts PlayOptions, loading bool) (*Window, error) {
	src := opts.Input
	if src == nil {
		src = ui.DeviceInput{}
	}
	if opts.Mode == "" {
		opts.Mode = ModeHotseat
	}
	switch opts.Mode {
	case ModeSolo, ModeBoth, ModeHotseat:
	default:
		return nil, fmt.Errorf("play: mode %q: expected solo, both or hotseat", opts.Mode)
	}
	if opts.Human < 0 || opts.Human > 1 {
		return nil, fmt.Errorf("play: side index %d", opts.Human)
	}
	var sc ui.Scene
	var err error
	if loading {
		sc, err = newPlayLoading(g, opts, src)
	} else {
		sc, err = NewPlayScene(g, opts, src)
	}
	if err != nil {
		return nil, err
	}
	snd := sound.New(opts.Mute)
	snd.SetOff(opts.SoundOff)
	return newWindow(sc, snd, windowOptions{Width: opts.Width, Height: opts.Height, Title: gameTitle(g),
		Frames: opts.Frames, Screenshot: opts.Screenshot, Scripted: opts.Input != nil}), nil
}

// gameTitle is the window's title while g is played.
func gameTitle(g *game.Game) string { return "Khamsin — " + g.Scn.Title }

// PlayScene is the window's play scene, nil when another scene is up.
func (w *Window) PlayScene() *PlayScene {
	p, _ := w.scene.(*PlayScene)
	return p
}

// Menu opens the window on the main menu; starting a game opens it in
// the same window.
func Menu(opts MenuOptions) error {
	w, err := NewMenuWindow(opts)
	if err != nil {
		return err
	}
	return w.Run()
}

// NewMenuWindow prepares the window on the main menu without opening it.
func NewMenuWindow(opts MenuOptions) (*Window, error) {
	m, err := NewMenuScene(opts, opts.Input)
	if err != nil {
		return nil, err
	}
	return newWindow(m, sound.New(opts.Mute), windowOptions{Width: opts.Width, Height: opts.Height,
		Frames: opts.Frames, Screenshot: opts.Screenshot, Scripted: opts.Input != nil}), nil
}

// Menu is the window's menu scene, nil when another scene is up.
func (w *Window) Menu() *MenuScene {
	m, _ := w.scene.(*MenuScene)
	return m
}

// Play opens the game window on g: at once, on a title screen while the
// map is painted (playLoading), then the game.
func Play(g *game.Game, opts PlayOptions) error {
	w, err := newGameWindow(g, opts, true)
	if err != nil {
		return err
	}
	return w.Run()
}

// playKeymap is the board's keymap in the game window: the viewer's, less
// the letter keys the game's orders use (WASD pan, G grid, Q quit, F1
// help: the play scene handles those itself).
func playKeymap() ui.Keymap {
	km := ui.DefaultKeymap()
	for _, a := range []ui.Action{ui.ActionPanLeft, ui.ActionPanRight, ui.ActionPanUp, ui.ActionPanDown} {
		b := km[a]
		b.Keys = b.Keys[:1] // arrows only
		km[a] = b
	}
	delete(km, ui.ActionToggleGrid)
	delete(km, ui.ActionHelp)
	delete(km, ui.ActionQuit)
	delete(km, ui.ActionClose)
	return km
}

// gameKeymap is the game screen's own keys (the board's are playKeymap).
// The help's keys list (playHelp) and the README name these keys.
func gameKeymap() ui.Keymap {
	k := func(keys ...ebiten.Key) ui.Binding { return ui.Binding{Keys: keys} }
	return ui.Keymap{
		ui.ActionQuit:       k(ebiten.KeyQ),
		ui.ActionHelp:       {Keys: []ebiten.Key{ebiten.KeyF1}, Runes: []rune{'?'}},
		ui.ActionClose:      k(ebiten.KeyEscape),
		ui.ActionScreenshot: k(ebiten.KeyF12),
		ui.ActionSave:       {CtrlKeys: []ebiten.Key{ebiten.KeyS}},
		ui.ActionLoadSaved:  {CtrlKeys: []ebiten.Key{ebiten.KeyL}},
		ui.ActionMute:       {Keys: []ebiten.Key{ebiten.KeyF8}, CtrlKeys: []ebiten.Key{ebiten.KeyM}},
		ui.ActionConfirm:    k(ebiten.KeyEnter),
		ui.ActionUnplot:     k(ebiten.KeyBackspace),
		ui.ActionHaze:       k(ebiten.KeyH),
		ui.ActionDanger:     k(ebiten.KeyK),                            // overlays
		ui.ActionSight:      k(ebiten.KeyU),                            // overlays
		ui.ActionScaleUp:    {CtrlKeys: []ebiten.Key{ebiten.KeyEqual}}, // overlays
		ui.ActionScaleDown:  {CtrlKeys: []ebiten.Key{ebiten.KeyMinus}}, // overlays
		ui.ActionNextUnit:   k(ebiten.KeyTab),
		ui.ActionAssault:    k(ebiten.KeyA),
		ui.ActionChallenge:  k(ebiten.KeyC),
		ui.ActionDig:        k(ebiten.KeyI),
		ui.ActionMount:      k(ebiten.KeyM),
		ui.ActionRally:      k(ebiten.KeyR),
		ui.ActionDeploy:     k(ebiten.KeyP),
		ui.ActionSpot:       k(ebiten.KeyS),
		ui.ActionEnd:        k(ebiten.KeyE),
		ui.ActionDefer:      k(ebiten.KeyD),
		ui.ActionFirst1:     k(ebiten.KeyDigit1),
		ui.ActionFirst2:     k(ebiten.KeyDigit2),
		ui.ActionPause:      k(ebiten.KeySpace),
		ui.ActionReplay:     k(ebiten.KeyW),
		ui.ActionDice:       k(ebiten.KeyX),
		ui.ActionHint:       k(ebiten.KeyT), // play_teach.go
		ui.ActionReview:     k(ebiten.KeyB), // the end screen (play_review.go)
		ui.ActionLogFilter:  k(ebiten.KeyF),
		ui.ActionLogBack:    k(ebiten.KeyPageUp),
		ui.ActionLogOn:      k(ebiten.KeyPageDown),
		ui.ActionLogNewest:  k(ebiten.KeyEnd),
	}
}

// buttonActions are the actions behind the key a panel button shows.
var buttonActions = map[string]ui.Action{
	"Enter": ui.ActionConfirm, "Space": ui.ActionPause, "W": ui.ActionReplay, "Esc": ui.ActionClose,
	"A": ui.ActionAssault, "C": ui.ActionChallenge, "I": ui.ActionDig, "M": ui.ActionMount, "R": ui.ActionRally,
	"P": ui.ActionDeploy, "S": ui.ActionSpot, "E": ui.ActionEnd, "D": ui.ActionDefer,
	"1": ui.ActionFirst1, "2": ui.ActionFirst2,
}

// menuKeymap is the menu's keys (the load field's typing is text entry,
// read as keys).
func menuKeymap() ui.Keymap {
	k := func(keys ...ebiten.Key) ui.Binding { return ui.Binding{Keys: keys} }
	return ui.Keymap{
		ui.ActionPrevItem:        k(ebiten.KeyArrowUp),
		ui.ActionNextItem:        k(ebiten.KeyArrowDown),
		ui.ActionMode1:           k(ebiten.KeyDigit1, ebiten.KeyNumpad1),
		ui.ActionMode2:           k(ebiten.KeyDigit2, ebiten.KeyNumpad2),
		ui.ActionMode3:           k(ebiten.KeyDigit3, ebiten.KeyNumpad3),
		ui.ActionOtherSide:       k(ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyTab),
		ui.ActionStart:           k(ebiten.KeyEnter, ebiten.KeyNumpadEnter),
		ui.ActionLoadGame:        k(ebiten.KeyL),
		ui.ActionPace:            k(ebiten.KeyP),
		ui.ActionMute:            k(ebiten.KeyM),
		ui.ActionHandoverSetting: k(ebiten.KeyH),
		ui.ActionZoomSetting:     k(ebiten.KeyZ),
		ui.ActionOpponent:        k(ebiten.KeyO),
		ui.ActionUIScaleSetting:  k(ebiten.KeyT), // overlays
		ui.ActionDesign:          k(ebiten.KeyG),
		ui.ActionNewScenario:     k(ebiten.KeyN),
		ui.ActionQuit:            k(ebiten.KeyEscape, ebiten.KeyQ),
		ui.ActionHelp:            {Keys: []ebiten.Key{ebiten.KeyF1}, Runes: []rune{'?'}},
		ui.ActionScreenshot:      k(ebiten.KeyF12),
	}
}
