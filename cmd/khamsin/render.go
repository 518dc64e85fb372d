package main

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"

	"khamsin/render"
)

func init() {
	register("render", "draw a map (or the terrain key) to a PNG", runRender)
}

// runRender draws a map, or with --legend the terrain key, to a PNG file
// without any display (brief §6):
//
//	khamsin render (--map M [--overlay ...] [--variant ...]) -o map.png
//	               [--hex-size PX] [--no-grid] [--no-labels] [--no-outlines]
//	khamsin render --legend -o legend.png [--hex-size PX]
//
// With no --map it draws the built-in default layout.
func runRender(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("render", stderr)
	var mf mapFlags
	mf.register(fs)
	out := fs.String("o", "", "PNG file to write (required)")
	size := fs.Float64("hex-size", 32, "pixels from a hex's centre to a corner (4 to 256)")
	noGrid := fs.Bool("no-grid", false, "leave out the hex grid")
	noLabels := fs.Bool("no-labels", false, "leave out hex labels and board numbers")
	noOutlines := fs.Bool("no-outlines", false, "leave out overlay outlines and IDs")
	legend := fs.Bool("legend", false, "draw the terrain key instead of a map")
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	switch {
	case len(pos) > 0:
		fmt.Fprintf(stderr, "flag: unexpected argument %q (render takes only flags)\n", pos[0])
		return 2
	case *out == "":
		fmt.Fprintln(stderr, "flag: -o FILE is required, e.g. khamsin render --map 25 -o map.png")
		return 2
	case math.IsNaN(*size) || *size < 4 || *size > 256:
		fmt.Fprintf(stderr, "flag: --hex-size %g: must be between 4 and 256 pixels\n", *size)
		return 2
	case *legend && (mf.mapSpec != "" || len(mf.overlays) > 0 || len(mf.variants) > 0 || mf.scenario != ""):
		fmt.Fprintln(stderr, "flag: --legend draws the terrain key; it takes no --map, --overlay, --variant or --scenario")
		return 2
	}

	var img *image.RGBA
	if *legend {
		img = render.Legend(render.Style{HexSize: *size})
	} else {
		m, err := mf.build()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		for _, p := range m.Problems() {
			fmt.Fprintf(stderr, "warning: %s\n", p)
		}
		layers := render.Rasterize(m, render.Style{HexSize: *size, Margin: int(math.Ceil(*size / 2))})
		img = layers.Composite(!*noGrid, !*noLabels, !*noOutlines)
	}
	if err := writePNG(*out, img); err != nil {
		fmt.Fprintf(stderr, "render: %v\n", err)
		return 1
	}
	b := img.Bounds()
	fmt.Fprintf(stdout, "%s: %d×%d px\n", *out, b.Dx(), b.Dy())
	return 0
}

// writePNG writes img to path atomically: into a temporary file in the
// same directory, then renamed over path, so a reader never sees half a
// file and a failure leaves any old file intact.
func writePNG(path string, img image.Image) error {
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if err := png.Encode(tmp, img); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	return nil
}
