package main

import (
	"encoding/json"
	"fmt"
	"io"

	"khamsin/engine/game"
)

// version is the program's version: the Makefile's build and dist set it
// with -ldflags "-X main.version=$(git describe --tags --always --dirty)";
// a plain `go build` leaves "dev".
var version = "dev"

func init() {
	register("version", "the program version and the rules version its saves record", runVersion)
}

// runVersion prints "khamsin VERSION (rules N)", or with --json
// {"version":"..","rules":N}.
func runVersion(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("version", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	if *asJSON {
		out, _ := json.Marshal(struct {
			Version string `json:"version"`
			Rules   int    `json:"rules"`
		}{version, game.RulesVersion})
		fmt.Fprintln(stdout, string(out))
		return 0
	}
	fmt.Fprintf(stdout, "khamsin %s (rules %d)\n", version, game.RulesVersion)
	return 0
}
