package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
	"khamsin/render"
)

func init() {
	register("play", "the game window on a scenario or a saved game (solo, both sides, hot seat)", runPlay)
	register("menu", "the main menu: pick a scenario and a mode, load a game (also: khamsin alone)", runMenu)
}

func runMenu(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("menu", stderr)
	scn := fs.String("scenario", "", "the built-in scenario selected first")
	seed := fs.Uint64("seed", 0, "a new game's dice seed (0: from the clock)")
	var wf windowFlags
	wf.register(fs)
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	w, h, ok := wf.check(stderr)
	if !ok {
		return 2
	}
	shot, frames, mute := wf.shot, wf.frames, wf.mute
	var err error
	if !haveDisplay() {
		fmt.Fprintln(stderr, "menu: no display (DISPLAY unset): try xvfb-run, or play headless with `khamsin game`")
		return 1
	}
	sp, _ := render.DefaultSettingsPath() // no config directory: nothing kept
	err = render.Menu(render.MenuOptions{Width: w, Height: h, Frames: *frames, Screenshot: *shot, Mute: *mute, Scenario: *scn, Seed: *seed, SettingsPath: sp})
	return windowDone("menu", err, *shot, stdout, stderr)
}

func runPlay(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("play", stderr)
	scn := fs.String("scenario", "", "scenario file or built-in name (default: dawn)")
	load := fs.String("load", "", "a saved game to go on with")
	mode := fs.String("mode", "hotseat", "solo (against the computer), both (one player, both sides) or hotseat (two players, one screen)")
	side := fs.String("side", "", "solo: the side you command (default: the first side)")
	seed := fs.Uint64("seed", 1, "a new game's dice seed")
	aiSeed := fs.Uint64("ai-seed", 1, "solo: the computer opponent's own random seed")
	aiDelay := fs.Float64("ai-delay", 0.6, "solo: seconds between the computer's commands")
	level := fs.Int("level", 0, fmt.Sprintf("solo: the computer opponent, %d (novice), %d (veteran) or %d (expert) (default: the kept setting, else %d)", ai.MinLevel, ai.MaxLevel, ai.ExpertLevel, ai.Strongest))
	var wf windowFlags
	wf.register(fs)
	saveAs := fs.String("save", "", "where Ctrl+S writes (default: the scenario's name + .save here)")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	w, h, ok := wf.check(stderr)
	if !ok {
		return 2
	}
	shot, frames, mute := wf.shot, wf.frames, wf.mute
	var err error
	if *aiDelay < 0 || *aiDelay > 60 {
		fmt.Fprintf(stderr, "flag: --ai-delay must be between 0 and 60 seconds, got %g\n", *aiDelay)
		return 2
	}
	delaySet, levelSet := false, false
	fs.Visit(func(f *flag.Flag) {
		delaySet = delaySet || f.Name == "ai-delay"
		levelSet = levelSet || f.Name == "level"
	})
	if levelSet && (*level < ai.MinLevel || *level > ai.Strongest) {
		fmt.Fprintf(stderr, "flag: --level: must be %d (novice), %d (veteran) or %d (expert), got %d\n", ai.MinLevel, ai.MaxLevel, ai.ExpertLevel, *level)
		return 2
	}
	switch *mode {
	case render.ModeSolo, render.ModeBoth, render.ModeHotseat:
	default:
		fmt.Fprintf(stderr, "flag: --mode: expected solo, both or hotseat, got %q\n", truncateArg(*mode))
		return 2
	}
	if *scn != "" && *load != "" {
		fmt.Fprintln(stderr, "flag: give --scenario or --load, not both")
		return 2
	}
	var g *game.Game
	ref := *scn
	if *load != "" {
		var sf *game.SaveFile
		g, sf, err = loadSave(*load)
		if err != nil {
			return fail(stderr, err)
		}
		ref = sf.Scenario
		if *saveAs == "" {
			*saveAs = *load
		}
	} else {
		if ref == "" {
			ref = "dawn"
		}
		s, err := scenario.Load(ref)
		if err != nil {
			return fail(stderr, err)
		}
		if g, err = game.New(s, *seed); err != nil {
			return fail(stderr, err)
		}
	}
	human := 0
	if *side != "" {
		si, ok := g.SideIndex(*side)
		if !ok {
			fmt.Fprintf(stderr, "flag: --side: no side %q (sides: %s, %s)\n", truncateArg(*side), g.Side(0).ID, g.Side(1).ID)
			return 2
		}
		human = si
	}
	if !haveDisplay() {
		fmt.Fprintln(stderr, "play: no display (DISPLAY unset): try xvfb-run, or play headless with `khamsin game`")
		return 1
	}
	// the kept settings (README: Settings); --ai-delay and --level given
	// win over the pace and the opponent
	sp, _ := render.DefaultSettingsPath()
	st := render.DefaultSettings()
	if sp != "" {
		if st, err = render.LoadSettings(sp); err != nil {
			fmt.Fprintf(stderr, "play: %v (using the default settings)\n", err)
		}
	}
	render.SetUIScale(st.UIScale) // settings: the UI scale
	if !delaySet {
		*aiDelay = st.Pace
	}
	if !levelSet {
		*level = st.Opponent
	}
	err = render.Play(g, render.PlayOptions{
		Zoom:         st.Zoom,
		SoundOff:     !st.Sound,
		NoHandover:   !st.Handover,
		SettingsPath: sp,
		Mode:         *mode,
		Human:        human,
		ScenarioRef:  ref,
		SavePath:     *saveAs,
		AISeed:       *aiSeed,
		AILevel:      *level,
		AIDelay:      max(1, int(*aiDelay*60+0.5)),
		Width:        w,
		Height:       h,
		Frames:       *frames,
		Screenshot:   *shot,
		Mute:         *mute,
	})
	return windowDone("play", err, *shot, stdout, stderr)
}

// windowFlags are the flags every game window takes (menu, play):
// --window, --screenshot, --frames and --mute.
type windowFlags struct {
	window, shot *string
	frames       *int
	mute         *bool
}

func (f *windowFlags) register(fs *flag.FlagSet) {
	f.window = fs.String("window", "1280x800", "window size WIDTHxHEIGHT")
	f.shot = fs.String("screenshot", "", "save the last frame to this PNG and exit (see --frames)")
	f.frames = fs.Int("frames", 0, "run this many frames, then exit (with --screenshot: default 30)")
	f.mute = fs.Bool("mute", false, "no sound (also: KHAMSIN_MUTE=1)")
}

// check reads the window size and bounds --frames (30 by default with
// --screenshot), printing a flag: message when they are wrong.
func (f *windowFlags) check(stderr io.Writer) (w, h int, ok bool) {
	w, h, err := parseSize(*f.window)
	if err != nil {
		fmt.Fprintf(stderr, "flag: --window: %v\n", err)
		return 0, 0, false
	}
	if err := intRange("frames", *f.frames, 0, maxFrames); err != nil {
		fmt.Fprintln(stderr, err)
		return 0, 0, false
	}
	if *f.shot != "" && *f.frames == 0 {
		*f.frames = 30
	}
	return w, h, true
}

// windowDone reports how a window command (menu, play) ended: the reason
// it could not open, its error, or where its screenshot went.
func windowDone(name string, err error, shot string, stdout, stderr io.Writer) int {
	switch {
	case errors.Is(err, render.ErrNoWindow):
		fmt.Fprintf(stderr, "%s: %v (DISPLAY=%q WAYLAND_DISPLAY=%q)\n", name, err, os.Getenv("DISPLAY"), os.Getenv("WAYLAND_DISPLAY"))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	if shot != "" {
		fmt.Fprintf(stdout, "screenshot: %s\n", shot)
	}
	return 0
}
