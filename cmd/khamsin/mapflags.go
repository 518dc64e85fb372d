package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"

	"khamsin/engine/fileio"
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

	// set by build: what the map is, for the window's title
	title, north, name string
}

func (f *mapFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.mapSpec, "map", "", `boards in a grid: "25" or "25,26/27,28" (suffix r turns a board 180°)`)
	fs.Var(&f.overlays, "overlay", `overlay placement, repeatable: "H1 on 27H6-G7"`)
	fs.Var(&f.variants, "variant", "SSR terrain variant, repeatable: broken, steppe, cactus-hedge[:walls,hedges], cactus-patch, olive-grove, vineyard:25C4,25C5")
	fs.StringVar(&f.scenario, "scenario", "", "scenario file or built-in name")
}

// flagError is a problem with a flag's value: reported as
// "flag: --NAME: message", exit 2.
type flagError struct {
	name string
	err  error
}

func (e *flagError) Error() string { return "flag: --" + e.name + ": " + e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

// buildFailed reports an error of mapFlags.build and returns the exit code:
// 2 for a flag's value, 1 for a map that cannot be laid out.
func buildFailed(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, err)
	var fe *flagError
	if errors.As(err, &fe) {
		return 2
	}
	return 1
}

// Limits on a scenario file named by --scenario, checked before decoding.
const (
	scenarioMaxBytes = fileio.MaxTOMLBytes
	scenarioMaxDepth = fileio.MaxTOMLDepth
)

// loadScenario loads a built-in scenario by name, or a scenario file read
// through fileio.ReadFile (regular files only, size-capped) and pre-scanned
// with fileio.CheckTOML before the TOML decoder sees it.
func loadScenario(name string) (*scenario.Scenario, error) {
	for _, b := range scenario.BuiltinNames() {
		if b == name {
			return scenario.Load(name)
		}
	}
	data, err := fileio.ReadFile(name, scenarioMaxBytes)
	if err != nil {
		return nil, &flagError{"scenario", fmt.Errorf("no such built-in scenario (built-in: %s), and the file: %w",
			strings.Join(scenario.BuiltinNames(), ", "), err)}
	}
	if err := fileio.CheckTOML(name, data, scenarioMaxBytes, scenarioMaxDepth); err != nil {
		return nil, err
	}
	return scenario.Parse(name, data)
}

// build makes the map the flags describe: --scenario's map, or --map with
// its --overlay and --variant flags, or with neither the default scenario's
// map (extra --overlay and --variant flags are added to a scenario's own).
// The text of --map, --overlay and --variant is checked first, so that its
// errors are flag errors (*flagError, exit 2); what is left are problems
// laying the map out (an unknown board, an overlay that does not fit).
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
		sc, err := loadScenario(name)
		if err != nil {
			return nil, err
		}
		spec = sc.Map.Boards
		f.title, f.north, f.name = sc.Title, sc.Map.North, name
		if sc.Title == "" {
			f.title = name
		}
		overlays = append(append([]string(nil), sc.Map.Overlays...), overlays...)
		variants = append(append([]string(nil), sc.Map.Variants...), variants...)
	} else if _, err := hexmap.ParseLayout(spec); err != nil {
		return nil, &flagError{"map", err}
	}
	if f.title == "" {
		f.title, f.name = "map "+spec, "map"
	}
	for _, o := range f.overlays {
		if _, err := hexmap.ParseOverlaySpec(o); err != nil {
			return nil, &flagError{"overlay", err}
		}
	}
	var v hexmap.Variants
	for i, s := range variants {
		if err := v.ParseVariant(s); err != nil {
			if i >= len(variants)-len(f.variants) {
				return nil, &flagError{"variant", err}
			}
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
	fs.String("scenarios", "", "the folder of your own scenarios (default: $XDG_DATA_HOME/khamsin/scenarios)")
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
			fmt.Fprintln(stderr, flagMessage(err))
			return nil, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, resolveScenarioFlag(fs, stderr)
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), resolveScenarioFlag(fs, stderr)
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

// The flag package words its errors "invalid value "V" for flag -NAME: WHY",
// "flag needs an argument: -NAME", "flag provided but not defined: -NAME";
// flagMessage rewords them as "flag: --NAME: ...".
var (
	flagInvalid = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for flag -([^:]+): (.*)$`)
	flagOther   = regexp.MustCompile(`^(flag needs an argument|flag provided but not defined|bad flag syntax): -*(.*)$`)
)

func flagMessage(err error) string {
	msg := err.Error()
	if m := flagInvalid.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if strings.Contains(why, "value out of range") {
			why = "out of range"
		} else if strings.Contains(why, "invalid syntax") {
			why = "not a number"
		} else if why == "parse error" {
			why = "not a number"
		}
		return fmt.Sprintf("flag: --%s: %q: %s", m[2], fileio.Clip(m[1], 60), why)
	}
	if m := flagOther.FindStringSubmatch(msg); m != nil {
		switch m[1] {
		case "flag needs an argument":
			return fmt.Sprintf("flag: --%s: needs a value", fileio.Clip(m[2], 60))
		case "flag provided but not defined":
			return fmt.Sprintf("flag: --%s: no such flag", fileio.Clip(m[2], 60))
		}
		return fmt.Sprintf("flag: %q: bad flag syntax", fileio.Clip(m[2], 60))
	}
	return "flag: " + fileio.Clip(msg, 200)
}

// intRange checks a whole-number flag: "flag: --NAME: must be LO..HI".
func intRange(name string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &flagError{name, fmt.Errorf("must be %d..%d, got %d", lo, hi, v)}
	}
	return nil
}

// floatRange checks a real-number flag (NaN and infinities are refused).
func floatRange(name string, v, lo, hi float64) error {
	if math.IsNaN(v) || v < lo || v > hi {
		return &flagError{name, fmt.Errorf("must be %g..%g, got %g", lo, hi, v)}
	}
	return nil
}

// clipWriter shortens what the user typed when a message echoes it: every
// quoted string longer than 60 characters, and every word longer than 200,
// so that a hostile 10 MB argument is never written back whole.
type clipWriter struct{ w io.Writer }

var (
	longQuoted = regexp.MustCompile(`"(?:[^"\\]|\\.){61,}"`)
	longWord   = regexp.MustCompile(`[^\s"]{201,}`)
)

func (c clipWriter) Write(p []byte) (int, error) {
	if len(p) <= 120 {
		return c.w.Write(p)
	}
	s := longQuoted.ReplaceAllStringFunc(string(p), func(q string) string {
		return `"` + fileio.Clip(q[1:len(q)-1], 60) + `"`
	})
	s = longWord.ReplaceAllStringFunc(s, func(w string) string { return fileio.Clip(w, 60) })
	if _, err := io.WriteString(c.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}

// clipped wraps a command's stderr in a clipWriter (once).
func clipped(w io.Writer) io.Writer {
	if _, ok := w.(clipWriter); ok {
		return w
	}
	return clipWriter{w}
}
