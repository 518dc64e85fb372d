package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"khamsin/render"
)

func init() { designWindow = runDesignWindow }

// runDesignWindow opens the designer window (render.Design) on o.Doc.
// With --save the window runs --frames frames (one when none are given),
// then the document is saved as it stands: byte for byte what was opened
// when nothing was edited. With no window to open, --save still saves
// headless.
func runDesignWindow(o designOpts, stdout, stderr io.Writer) int {
	frames := o.Frames
	if o.Save != "" && frames == 0 {
		frames = 1
	}
	err := render.Design(o.Doc, render.DesignOptions{
		Width: o.W, Height: o.H, Frames: frames, Screenshot: o.Shot, Mute: o.Mute, New: o.New,
	})
	if errors.Is(err, render.ErrNoWindow) {
		if o.Save != "" {
			return designSave(o.Doc, o.Save, stdout, stderr)
		}
		fmt.Fprintf(stderr, "design: %v (DISPLAY=%q WAYLAND_DISPLAY=%q)\n", err, os.Getenv("DISPLAY"), os.Getenv("WAYLAND_DISPLAY"))
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "design: %v\n", err)
		return 1
	}
	if o.Shot != "" {
		fmt.Fprintf(stdout, "screenshot: %s\n", o.Shot)
	}
	if o.Save != "" {
		return designSave(o.Doc, o.Save, stdout, stderr)
	}
	return 0
}
