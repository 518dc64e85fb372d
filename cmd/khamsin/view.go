package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"khamsin/hexmap"
	"khamsin/render"
	"khamsin/render/ui"
)

func init() {
	register("view", "open a window on any layout (the default with no arguments)", runView)
}

// noDisplayMsg is what `khamsin view` says when there is nothing to open a
// window on.
const noDisplayMsg = "view: no display (DISPLAY unset): try `make run`, which uses Xvfb, or the headless `khamsin render`"

// maxFrames bounds --frames: about an hour at 60 frames a second.
const maxFrames = 216_000

func runView(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("view", stderr)
	var mf mapFlags
	mf.register(fs)
	hexSize := fs.Float64("hex-size", 0, "raster resolution in pixels per hex (0: 48, less for big maps)")
	window := fs.String("window", "1280x800", "window size WIDTHxHEIGHT")
	shot := fs.String("screenshot", "", "save the last frame to this PNG and exit (see --frames)")
	frames := fs.Int("frames", 0, "run this many frames, then exit (with --screenshot: default 30)")
	help := fs.Bool("show-help", false, "open with the help overlay shown")
	mute := fs.Bool("mute", false, "no sound (also: KHAMSIN_MUTE=1)")
	center := fs.String("center", "", "open centred on this hex (e.g. 25K5) instead of fitting the map")
	zoom := fs.Float64("zoom", 0, "with --center: zoom in percent (100: one raster pixel per screen pixel)")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	w, h, err := parseSize(*window)
	if err == nil && (w < ui.MinViewWidth || h < ui.MinViewHeight) {
		err = fmt.Errorf("the viewer needs at least %dx%d, got %q", ui.MinViewWidth, ui.MinViewHeight, *window)
	}
	if err != nil {
		fmt.Fprintf(stderr, "flag: --window: %v\n", err)
		return 2
	}
	for _, err := range []error{
		intRange("frames", *frames, 0, maxFrames),
		floatRange("zoom", *zoom, 0, 400),
	} {
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	if *hexSize != 0 {
		if err := floatRange("hex-size", *hexSize, 8, 256); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	if *shot != "" && *frames == 0 {
		*frames = 30
	}
	m, err := mf.build()
	if err != nil {
		return buildFailed(stderr, err)
	}
	var at *hexmap.Hex
	if *center != "" {
		h, err := m.Hex(*center)
		if err != nil {
			fmt.Fprintf(stderr, "flag: --center: %v\n", err)
			return 2
		}
		at = &h
	}
	if !haveDisplay() {
		fmt.Fprintln(stderr, noDisplayMsg)
		return 1
	}
	err = render.View(m, render.ViewOptions{
		HexSize:    *hexSize,
		Width:      w,
		Height:     h,
		ShowHelp:   *help,
		Center:     at,
		Zoom:       *zoom / 100,
		Frames:     *frames,
		Screenshot: *shot,
		Mute:       *mute,
		Title:      "Khamsin map viewer — " + mf.title,
		North:      mf.north,
		ShotName:   shotName(mf.name),
	})
	switch {
	case errors.Is(err, render.ErrNoWindow):
		fmt.Fprintf(stderr, "view: %v (DISPLAY=%q WAYLAND_DISPLAY=%q): try `make run`, which uses Xvfb, or the headless `khamsin render`\n",
			err, os.Getenv("DISPLAY"), os.Getenv("WAYLAND_DISPLAY"))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "view: %v\n", err)
		return 1
	}
	if *shot != "" {
		fmt.Fprintf(stdout, "screenshot: %s\n", *shot)
	}
	return 0
}

// shotName makes a scenario name (perhaps a file path) safe for a
// screenshot's file name.
func shotName(s string) string {
	s = filepath.Base(s)
	s = strings.TrimSuffix(s, filepath.Ext(s))
	s = strings.Trim(s, ".")
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '-'
		}
	}
	if len(b) == 0 || len(b) > 40 {
		return "view"
	}
	return "view-" + string(b)
}

// haveDisplay reports whether a window can be opened: on X11/Wayland
// systems that needs DISPLAY or WAYLAND_DISPLAY; elsewhere we let the
// window system answer.
func haveDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios", "js":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// parseSize reads "1280x800".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	if !ok || errW != nil || errH != nil || w < 320 || h < 240 || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("want WIDTHxHEIGHT, at least 320x240, got %q", s)
	}
	return w, h, nil
}
