// Package scenario reads scenario files: TOML text naming the map (boards,
// overlays, SSR terrain variants, North) and, in time, the forces and
// victory conditions. Errors are reported as file:line: what is wrong.
package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/BurntSushi/toml"

	"khamsin/hexmap"
	"khamsin/scenarios"
)

// Scenario is a parsed scenario file.
type Scenario struct {
	File  string
	raw   []byte  // the file's text, to point errors at their line
	Title string  `toml:"title"`
	Map   MapSpec `toml:"map"`

	// The game (docs/formats.md, "Scenario files"). A map-only scenario
	// (the default map) has no sides and cannot be played.
	Briefing    string      `toml:"briefing"`
	Date        string      `toml:"date"`     // "1942-06": the month matters for 11.2 and F.4
	Type        string      `toml:"type"`     // encounter, hasty-defence, all-out-attack
	Attacker    string      `toml:"attacker"` // the attacking side's ID (hasty-defence, all-out-attack)
	Turns       int         `toml:"turns"`    // turn limit (default 6, 7.1 step 10)
	DVP         bool        `toml:"dvp"`      // desert victory points decide a drawn game (F.3)
	Environment Environment `toml:"environment"`
	Sides       []Side      `toml:"side"`
	Objectives  []Objective `toml:"objective"`
	Counters    []Counter   `toml:"counter"`
}

// MapSpec is the [map] table.
type MapSpec struct {
	Boards   string   `toml:"boards"`   // "25,26/27,28r"
	North    string   `toml:"north"`    // up, right, down, left
	Overlays []string `toml:"overlays"` // "H1 on 27H6-G7"
	Variants []string `toml:"variants"` // broken, steppe, cactus-hedge, …
}

// Parse reads a scenario and checks that its map can be built.
func Parse(file string, data []byte) (*Scenario, error) {
	var s Scenario
	md, err := toml.Decode(string(data), &s)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %s", file, pe.Position.Line, firstLine(pe.Message))
		}
		return nil, fmt.Errorf("%s:%d: %s", file, lineOf(data, ""), firstLine(err.Error()))
	}
	if und := md.Undecoded(); len(und) > 0 {
		key := und[0].String()
		last := und[0][len(und[0])-1]
		return nil, fmt.Errorf("%s:%d: unknown key %q", file, lineOf(data, last), key)
	}
	s.File, s.raw = file, data
	if s.Map.Boards == "" {
		return nil, fmt.Errorf("%s:%d: [map] needs boards = \"25,26\"", file, lineOf(data, "[map]"))
	}
	if _, err := hexmap.ParseLayout(s.Map.Boards); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", file, lineOf(data, "boards"), err)
	}
	switch s.Map.North {
	case "", "up", "down", "left", "right":
	default:
		return nil, fmt.Errorf("%s:%d: north %q: use up, right, down or left", file, lineOf(data, "north"), s.Map.North)
	}
	for _, o := range s.Map.Overlays {
		if _, err := hexmap.ParseOverlaySpec(o); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, lineOf(data, o), err)
		}
	}
	var v hexmap.Variants
	for _, x := range s.Map.Variants {
		if err := v.ParseVariant(x); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, lineOf(data, x), err)
		}
	}
	return &s, nil
}

// Build lays out the scenario's map from lib.
func (s *Scenario) Build(lib *hexmap.Library) (*hexmap.Map, error) {
	layout, err := hexmap.ParseLayout(s.Map.Boards)
	if err != nil {
		return nil, err
	}
	var specs []hexmap.OverlaySpec
	for _, o := range s.Map.Overlays {
		spec, err := hexmap.ParseOverlaySpec(o)
		if err != nil {
			return nil, err
		}
		specs = append(specs, spec)
	}
	var v hexmap.Variants
	for _, x := range s.Map.Variants {
		if err := v.ParseVariant(x); err != nil {
			return nil, err
		}
	}
	base, err := hexmap.NewMap(lib, layout)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %v", s.File, lineOf(s.raw, "boards"), err)
	}
	for i, spec := range specs {
		if _, err := base.Resolve(lib, spec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", s.File, lineOf(s.raw, s.Map.Overlays[i]), err)
		}
	}
	m, err := hexmap.Build(lib, layout, specs, v)
	if err != nil {
		return nil, fmt.Errorf("%s:1: %v", s.File, err)
	}
	return m, nil
}

// Load reads a scenario by built-in name ("default") or file path.
func Load(nameOrPath string) (*Scenario, error) {
	if data, err := fs.ReadFile(scenarios.Files, nameOrPath+".toml"); err == nil {
		return Parse("scenarios/"+nameOrPath+".toml", data)
	}
	data, err := os.ReadFile(nameOrPath)
	if err != nil {
		return nil, fmt.Errorf("scenario %q: no such built-in scenario or file (built-in: %s)", nameOrPath, strings.Join(BuiltinNames(), ", "))
	}
	return Parse(nameOrPath, data)
}

// BuiltinNames lists the embedded scenarios.
func BuiltinNames() []string {
	ents, _ := fs.ReadDir(scenarios.Files, ".")
	var out []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			out = append(out, n)
		}
	}
	return out
}

// lineOf finds the first line mentioning needle (1 if none).
func lineOf(data []byte, needle string) int {
	if needle == "" {
		return 1
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, needle) {
			return i + 1
		}
	}
	return 1
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
