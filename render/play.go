package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
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
	Frames      int         // stop after this many ticks; 0: run until closed
	Screenshot  string      // with Frames: save the last frame here as PNG
	Input       InputSource // nil: the real keyboard and mouse
	Mute        bool
	NoAutosave  bool    // do not write SavePath after every command (tests)
	Zoom        float64 // the map's scale when the game opens (0: 0.85; Settings.Zoom)
	NoHandover  bool    // hot seat without the hand-over screen (Settings.Handover off)
	SoundOff    bool    // start with the cues off (Settings.Sound off; Ctrl+M turns them on)
	// SettingsPath is where changes made in the game (the mute key, the
	// zoom when leaving) are kept ("": not kept; tests).
	SettingsPath string
}

// GameWindow is the game window as an ebiten.Game: one scene at a time
// (the menu, a game, its result), switched with Context.GoTo.
type GameWindow struct {
	ctx   Context
	scene Scene
	opts  PlayOptions
	title string
	// sceneTicks counts the ticks since the scene last changed: a game's
	// map layers reach the GPU in its first frames, after which the CPU
	// copies are garbage (see freeAfterUpload).
	sceneTicks int
	drawn      bool // a frame has been drawn (start-up timing)
	shown      int  // ticks with the menu or the game up (--frames)

	wantShot bool
	shot     *image.RGBA
	keyShot  *image.RGBA // the frame F12 asked for
	err      error

	// OnDraw, when set, is called after each frame is drawn, with the
	// frame (window tests read pixels from it).
	OnDraw func(screen *ebiten.Image)
}

// NewGameWindow rasterises g's map and prepares the window without opening
// it.
func NewGameWindow(g *game.Game, opts PlayOptions) (*GameWindow, error) {
	return newGameWindow(g, opts, false)
}

// newGameWindow is NewGameWindow; with loading it opens on playLoading
// instead of painting the map before the window exists.
func newGameWindow(g *game.Game, opts PlayOptions, loading bool) (*GameWindow, error) {
	src := opts.Input
	if src == nil {
		src = DeviceInput{}
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
	var sc Scene
	var err error
	if loading {
		sc, err = newPlayLoading(g, opts, src)
	} else {
		sc, err = NewPlayScene(g, opts, src)
	}
	if err != nil {
		return nil, err
	}
	snd := NewSound(opts.Mute)
	snd.SetOff(opts.SoundOff)
	return &GameWindow{ctx: Context{Sound: snd}, scene: sc, opts: opts, title: "Khamsin — " + g.Scn.Title}, nil
}

// Scene is the window's play scene, nil when another scene is up.
func (w *GameWindow) Scene() *PlayScene {
	p, _ := w.scene.(*PlayScene)
	return p
}

// shotScene is a scene that asks for a screenshot of its next frame (F12).
type shotScene interface {
	pendingShot() string
	shotSaved(path string, err error)
}

// Update runs one tick.
// freeAfterUpload hands memory back to the OS twice after a game's scene
// starts, as the viewer does (view.go): once its map layers have gone to
// the GPU, and again once Ebitengine has freed its write buffers (resident
// memory, docs/performance.md).
func (w *GameWindow) freeAfterUpload() {
	if _, ok := w.scene.(*PlayScene); ok && (w.sceneTicks == 3 || w.sceneTicks == 120) {
		debug.FreeOSMemory()
	}
}

func (w *GameWindow) Update() error {
	if w.shot != nil {
		w.err = writePNG(w.opts.Screenshot, w.shot)
		return ebiten.Termination
	}
	if w.keyShot != nil {
		if ss, ok := w.scene.(shotScene); ok {
			path := ss.pendingShot()
			ss.shotSaved(path, writePNG(path, w.keyShot))
		}
		w.keyShot = nil
	}
	w.ctx.Tick++
	w.sceneTicks++
	w.freeAfterUpload()
	toggleFullscreenKey() // F11, as in the viewer (view_keys.go)
	if err := w.scene.Update(&w.ctx); err != nil {
		return err
	}
	if w.ctx.next != nil {
		w.scene, w.ctx.next = w.ctx.next, nil
		w.sceneTicks = 0
		if p, ok := w.scene.(*PlayScene); ok {
			ebiten.SetWindowTitle("Khamsin — " + p.g.Scn.Title)
		} else {
			ebiten.SetWindowTitle("Khamsin")
		}
	}
	if _, loading := w.scene.(*playLoading); !loading {
		w.shown++ // --frames counts the game's frames, not the title screen's
	}
	if w.opts.Frames > 0 && w.shown >= w.opts.Frames {
		if w.opts.Screenshot == "" {
			return ebiten.Termination
		}
		w.wantShot = true
	}
	return nil
}

// Draw draws the scene; when a screenshot is due it also reads the frame.
func (w *GameWindow) Draw(screen *ebiten.Image) {
	w.scene.Draw(screen)
	if !w.drawn {
		w.drawn = true
		timing("first frame") // KHAMSIN_TIMING=1 (docs/performance.md, "Start-up")
	}
	if w.OnDraw != nil {
		w.OnDraw(screen)
	}
	if w.wantShot && w.shot == nil {
		w.shot = readFrame(screen)
	}
	if ss, ok := w.scene.(shotScene); ok && ss.pendingShot() != "" && w.keyShot == nil {
		w.keyShot = readFrame(screen)
	}
}

// Layout: as many pixels as the window has on the monitor (see Viewer).
func (w *GameWindow) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil && m.DeviceScaleFactor() > 0 {
		s = m.DeviceScaleFactor()
	}
	w.ctx.Scale = s
	w.ctx.Width = int(math.Ceil(float64(outsideWidth) * s))
	w.ctx.Height = int(math.Ceil(float64(outsideHeight) * s))
	return w.ctx.Width, w.ctx.Height
}

// Run opens the window and plays until it is closed, the player quits or
// opts.Frames have run. Ebitengine runs one game per process.
func (w *GameWindow) Run() error {
	ww, wh := w.opts.Width, w.opts.Height
	if ww <= 0 || wh <= 0 {
		ww, wh = 1280, 800
	}
	ebiten.SetWindowTitle(w.title)
	ebiten.SetWindowSize(ww, wh)
	ebiten.SetWindowSizeLimits(640, 400, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(timed(w)); err != nil { // timed: KHAMSIN_FRAMETIME=1 (frametime.go)
		if w.ctx.Tick == 0 {
			return fmt.Errorf("%w: %v", ErrNoWindow, err)
		}
		return err
	}
	if w.err != nil {
		return w.err
	}
	// the window's close button ends the run without Q Q: keep the zoom the
	// player left the game at all the same (not in scripted runs)
	if p, ok := w.scene.(*PlayScene); ok && w.opts.Frames == 0 && w.opts.Screenshot == "" {
		p.keepZoom()
	}
	if w.opts.Screenshot != "" && w.shot == nil {
		return errors.New("screenshot: the window closed before the frame was drawn")
	}
	return nil
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
func NewMenuWindow(opts MenuOptions) (*GameWindow, error) {
	m, err := NewMenuScene(opts, opts.Input)
	if err != nil {
		return nil, err
	}
	return &GameWindow{ctx: Context{Sound: NewSound(opts.Mute)}, scene: m, title: "Khamsin",
		opts: PlayOptions{Width: opts.Width, Height: opts.Height, Frames: opts.Frames, Screenshot: opts.Screenshot}}, nil
}

// Menu is the window's menu scene, nil when another scene is up.
func (w *GameWindow) Menu() *MenuScene {
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
func playKeymap() Keymap {
	km := DefaultKeymap()
	for _, a := range []Action{ActionPanLeft, ActionPanRight, ActionPanUp, ActionPanDown} {
		b := km[a]
		b.Keys = b.Keys[:1] // arrows only
		km[a] = b
	}
	delete(km, ActionToggleGrid)
	delete(km, ActionHelp)
	delete(km, ActionQuit)
	delete(km, ActionClose)
	return km
}
