package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"

	"khamsin/engine/fileio"
	"khamsin/render/raster"
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
	stderr = clipped(stderr)
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
		fmt.Fprintf(stderr, "flag: --hex-size: must be 4..256 pixels, got %g\n", *size)
		return 2
	case *legend && (mf.mapSpec != "" || len(mf.overlays) > 0 || len(mf.variants) > 0 || mf.scenario != ""):
		fmt.Fprintln(stderr, "flag: --legend draws the terrain key; it takes no --map, --overlay, --variant or --scenario")
		return 2
	}

	var img *image.RGBA
	if *legend {
		img = raster.Legend(raster.Style{HexSize: *size})
	} else {
		m, err := mf.build()
		if err != nil {
			return buildFailed(stderr, err)
		}
		for i, p := range m.Problems() {
			if i == maxWarnings { // overlaps come in pairs of overlays (issue 17)
				fmt.Fprintf(stderr, "warning: and %d more\n", len(m.Problems())-i)
				break
			}
			fmt.Fprintf(stderr, "warning: %s\n", p)
		}
		st := raster.Style{HexSize: *size, Margin: int(math.Ceil(*size / 2))}
		if p := raster.RasterSize(m, st); int64(p.X)*int64(p.Y) > raster.MaxRasterPixels {
			fmt.Fprintf(stderr, "flag: --hex-size: %g makes a %d×%d image (%.0f megapixels); the limit is %d megapixels: use a smaller --hex-size\n",
				*size, p.X, p.Y, float64(p.X)*float64(p.Y)/1e6, raster.MaxRasterPixels/1_000_000)
			return 2
		}
		layers := raster.Rasterize(m, st)
		img = layers.Composite(!*noGrid, !*noLabels, !*noOutlines)
	}
	if err := writePNG(*out, img); err != nil {
		fmt.Fprintf(stderr, "render: %v\n", err)
		return 1
	}
	b := img.Bounds()
	fmt.Fprintf(stdout, "%s: %d×%d px\n", fileio.Clip(*out, fileio.PathClip), b.Dx(), b.Dy())
	return 0
}

// writePNG encodes img and writes it through fileio.WriteFile: atomic and
// durable (temporary file, fsync, rename, fsync of the directory), refusing
// symlinks, hard links and devices, keeping an existing file's mode.
func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("%s: %v", fileio.Clip(path, fileio.PathClip), err)
	}
	return fileio.WriteFile(path, buf.Bytes(), 0o644)
}
