package main

import (
	"fmt"
	"io"

	"khamsin/engine/design"
)

func init() {
	register("design", "the scenario designer: open, edit and save a scenario", runDesign)
}

// designOpts is what `khamsin design` hands the designer window.
type designOpts struct {
	Doc    *design.Doc // the scenario opened (design.Blank for a new one)
	New    bool        // no --scenario: a new scenario
	Save   string      // --save OUT: after Frames frames save Doc to OUT (Doc.Save) and exit
	W, H   int         // --window
	Frames int         // --frames (0: run until closed)
	Shot   string      // --screenshot
	Mute   bool
}

// designWindow runs the designer window; nil while the build has none.
// The window's file sets it in an init; with --save it must call
// o.Doc.Save(o.Save) after o.Frames frames and exit 0 (1 on an error).
var designWindow func(o designOpts, stdout, stderr io.Writer) int

// runDesign is `khamsin design [--scenario NAME|FILE] [--save OUT]
// [--screenshot F] [--frames N]` (issue 19). A built-in name opens a copy
// of its text. With --save and no window (no display, or none in the
// build) the scenario is opened and saved headless: the same bytes when
// nothing was edited, which is the round trip scripts check.
func runDesign(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("design", stderr)
	scn := fs.String("scenario", "", "scenario file or name (built-in or your own); none: a new scenario")
	save := fs.String("save", "", "save the scenario to this file after --frames frames and exit")
	var wf windowFlags
	wf.register(fs)
	if !parseNoArgs(fs, args, stderr, "the scenario goes in --scenario") {
		return 2
	}
	w, h, ok := wf.check(stderr)
	if !ok {
		return 2
	}
	o := designOpts{Save: *save, W: w, H: h, Frames: *wf.frames, Shot: *wf.shot, Mute: *wf.mute}
	if *scn == "" {
		o.Doc, o.New = design.Blank("new.toml"), true
	} else {
		d, err := design.Open(*scn)
		if err != nil {
			return fail(stderr, err)
		}
		o.Doc = d
	}
	// --save of a file that does not parse writes nothing: the message is
	// the file's own (file:line), not one under OUT
	if o.Save != "" {
		if err := o.Doc.ParseError(); err != nil {
			return fail(stderr, err)
		}
	}
	if designWindow != nil && haveDisplay() {
		return designWindow(o, stdout, stderr)
	}
	if o.Save == "" {
		fmt.Fprintln(stderr, "design: the designer needs a window (a display, or xvfb-run); without one only --save OUT works")
		return 1
	}
	return designSave(o.Doc, o.Save, stdout, stderr)
}

// designSave saves d to out and reports what check says of it: a text
// that parses is saved whatever its problems (check's messages go to
// stderr); one that does not parse was refused before (runDesign).
func designSave(d *design.Doc, out string, stdout, stderr io.Writer) int {
	if err := d.Save(out); err != nil {
		return fail(stderr, err)
	}
	for _, m := range d.Problems() {
		if m.Warning {
			fmt.Fprintf(stderr, "%s: warning: %s\n", out, m.Text)
		} else {
			fmt.Fprintln(stderr, m.Text)
		}
	}
	fmt.Fprintf(stdout, "saved %s\n", out)
	return 0
}
