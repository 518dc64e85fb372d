package main

import (
	"encoding/json"
	"fmt"
	"io"

	"khamsin/hexmap"
)

func init() {
	register("hex", "say what each hex holds", runHex)
}

// runHex prints what each named hex holds: the same facts the viewer's
// status line shows (hexmap.Map.Describe).
func runHex(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("hex", stderr)
	var mf mapFlags
	mf.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON object")
	labels, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	if len(labels) == 0 {
		fmt.Fprintln(stderr, "flag: name at least one hex, e.g. khamsin hex --map 25 25C5")
		return 2
	}
	m, err := mf.build()
	if err != nil {
		return buildFailed(stderr, err)
	}
	infos := make([]hexmap.HexInfo, 0, len(labels))
	for _, l := range labels {
		h, err := m.Hex(l)
		if err != nil {
			fmt.Fprintf(stderr, "hex: %v\n", err)
			return 1
		}
		infos = append(infos, m.Describe(h))
	}
	if *asJSON {
		out, _ := json.Marshal(struct {
			Hexes []hexmap.HexInfo `json:"hexes"`
		}{infos})
		fmt.Fprintln(stdout, string(out))
		return 0
	}
	for _, i := range infos {
		fmt.Fprintln(stdout, i.Summary())
	}
	return 0
}
