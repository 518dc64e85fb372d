package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// defaultScenario is the built-in scenario the viewer opens on and whose
// map every query uses when given neither --map nor --scenario.
const defaultScenario = "default"

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, "; ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// mapFlags are the flags every map-reading subcommand shares (brief §6).
type mapFlags struct {
	mapSpec  string
	overlays multiFlag
	variants multiFlag
	scenario string
}

func (f *mapFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.mapSpec, "map", "", `boards in a grid: "25" or "25,26/27,28" (suffix r turns a board 180°)`)
	fs.Var(&f.overlays, "overlay", `overlay placement, repeatable: "H1 on 27H6-G7"`)
	fs.Var(&f.variants, "variant", "SSR terrain variant, repeatable: broken, steppe, cactus-hedge, cactus-patch, olive-grove, vineyard:25C4,25C5")
	fs.StringVar(&f.scenario, "scenario", "", "scenario file or built-in name")
}

// build makes the map the flags describe: --scenario's map, or --map with
// its --overlay and --variant flags, or with neither the default scenario's
// map (extra --overlay and --variant flags are added to a scenario's own).
func (f *mapFlags) build() (*hexmap.Map, error) {
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	if f.scenario != "" && f.mapSpec != "" {
		return nil, errors.New("flag: give --scenario or --map, not both")
	}
	spec, overlays, variants := f.mapSpec, []string(f.overlays), []string(f.variants)
	if spec == "" {
		name := f.scenario
		if name == "" {
			name = defaultScenario
		}
		sc, err := scenario.Load(name)
		if err != nil {
			return nil, err
		}
		spec = sc.Map.Boards
		overlays = append(append([]string(nil), sc.Map.Overlays...), overlays...)
		variants = append(append([]string(nil), sc.Map.Variants...), variants...)
	}
	var v hexmap.Variants
	for _, s := range variants {
		if err := v.ParseVariant(s); err != nil {
			return nil, fmt.Errorf("variant: %v", err)
		}
	}
	return hexmap.BuildText(lib, spec, overlays, v) // its errors name the map or overlay at fault

}

// newFlagSet makes a subcommand's flag set that reports errors as
// "flag: message" on stderr and never exits the process itself.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// (`khamsin hex 25C5 --json`), and returns the positional ones. On failure
// it prints "flag: message" and returns ok=false.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (pos []string, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stderr)
				fmt.Fprintf(stderr, "usage: khamsin %s [flags]\n", fs.Name())
				fs.PrintDefaults()
				return nil, false
			}
			fmt.Fprintf(stderr, "flag: %v\n", err)
			return nil, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, true
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseNoArgs parses flags for a subcommand that takes no positional
// arguments; hint (may be empty) tells the user where such input belongs.
func parseNoArgs(fs *flag.FlagSet, args []string, stderr io.Writer, hint string) bool {
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return false
	}
	if len(pos) > 0 {
		if hint != "" {
			hint = " (" + hint + ")"
		}
		fmt.Fprintf(stderr, "flag: %s takes no arguments, got %q%s\n", fs.Name(), pos[0], hint)
		return false
	}
	return true
}
