package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"khamsin/engine/design"
	"khamsin/engine/fileio"
	"khamsin/hexmap"
)

// checkMaxBytes caps every file check reads: boards and overlays
// (hexmap.MaxSheetBytes) and TOML files (fileio.MaxTOMLBytes).
const checkMaxBytes = max(hexmap.MaxSheetBytes, fileio.MaxTOMLBytes)

func init() {
	register("check", "validate board, overlay and scenario files", runCheck)
}

// runCheck parses each file as a board or overlay (by its first statement)
// and reports every problem as file:line: message. With no files it checks
// the data built into the binary.
func runCheck(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("check", stderr)
	files, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	if len(files) == 0 {
		lib, err := hexmap.Builtin()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "built-in data: %d boards, %d overlays, all valid\n", len(lib.Boards), len(lib.Overlays))
		return 0
	}
	bad := 0
	for _, f := range files {
		// Regular files only, size-capped: never a FIFO, /dev/zero or a
		// 10 MB board (fileio.ReadFile); the board and overlay parser
		// also caps line length (hexmap.MaxLineBytes).
		data, err := fileio.ReadFile(f, checkMaxBytes)
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), fileio.Clip(f, fileio.PathClip)+": ")
			fmt.Fprintf(stderr, "%s:1: %s\n", fileio.Clip(f, fileio.PathClip), msg)
			bad++
			continue
		}
		what, err := checkFile(f, data)
		if err != nil {
			fmt.Fprintln(stderr, err)
			bad++
			continue
		}
		fmt.Fprintf(stdout, "%s: ok (%s)\n", f, what)
	}
	if bad > 0 {
		return 1
	}
	return 0
}

// checkFile validates one board, overlay or scenario file and says what it
// holds. A scenario is also laid out, so an overlay that does not fit fails.
func checkFile(name string, data []byte) (string, error) {
	if strings.HasSuffix(name, ".toml") {
		return checkScenario(name, data)
	}
	kind := "board"
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "overlay") {
			kind = "overlay"
		}
		break
	}
	if kind == "overlay" {
		o, err := hexmap.ParseOverlay(name, data)
		if err != nil {
			return "", err
		}
		if base := strings.TrimSuffix(filepath.Base(name), ".overlay"); base != filepath.Base(name) && base != o.ID {
			return "", fmt.Errorf("%s:1: file holds overlay %s; name it %s.overlay", name, o.ID, o.ID)
		}
		return fmt.Sprintf("overlay %s, %d hexes", o.ID, len(o.Hexes)), nil
	}
	b, err := hexmap.ParseBoard(name, data)
	if err != nil {
		return "", err
	}
	if base := strings.TrimSuffix(filepath.Base(name), ".board"); base != filepath.Base(name) && base != b.ID {
		return "", fmt.Errorf("%s:1: file holds board %s; name it %s.board", name, b.ID, b.ID)
	}
	return "board " + b.ID, nil
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// checkScenario parses a scenario, lays out its map and validates its
// forces against the unit catalogue: every problem as file:line: message,
// one per line. A map-only scenario (no [[side]]) is valid: it can be
// viewed, not played. The steps are design.Check's, so the designer's
// live validation says the same words.
func checkScenario(name string, data []byte) (string, error) {
	r := design.Check(name, data)
	if r.Err != nil {
		return "", r.Err
	}
	return r.What + warningList(r.Warnings), nil
}

// maxWarnings is the most warnings check prints for one file: overlap
// warnings come in pairs of overlays, so their number can grow with the
// square of the overlays (issue 17).
const maxWarnings = 20

// warningList joins warnings as "; warning: …", at most maxWarnings of
// them, built in one pass.
func warningList(ws []string) string {
	var b strings.Builder
	for i, w := range ws {
		if i == maxWarnings {
			fmt.Fprintf(&b, "; and %d more warnings", len(ws)-i)
			break
		}
		b.WriteString("; warning: ")
		b.WriteString(w)
	}
	return b.String()
}
