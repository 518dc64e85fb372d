// Package scenario reads scenario files: TOML text naming the map (boards,
// overlays, SSR terrain variants, North) and, in time, the forces and
// victory conditions. Errors are reported as file:line: what is wrong.
package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"khamsin/engine/fileio"
	"khamsin/engine/internal/tomlfile"
	"khamsin/hexmap"
	"khamsin/scenarios"
)

// Scenario is a parsed scenario file.
type Scenario struct {
	File  string          `toml:"-"` // the file it was read from, for messages
	raw   []byte          // the file's text
	ix    *tomlfile.Index // the line of every key and entry
	Title string          `toml:"title"`
	Map   MapSpec         `toml:"map"`

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
	Air         []Sortie    `toml:"air"`       // Close Air Support sorties (14.9; air.go)
	Minefields  []Minefield `toml:"minefield"` // F.7–F.7C (defences.go)
	Obstacles   []Obstacle  `toml:"obstacle"`  // seed 002's fixed defences (defences.go)
	Structures  []Structure `toml:"structure"` // bunkers and Tobruk pits (defences.go)
}

// MapSpec is the [map] table.
type MapSpec struct {
	Boards   string   `toml:"boards"`   // "25,26/27,28r"
	North    string   `toml:"north"`    // up, right, down, left
	Overlays []string `toml:"overlays"` // "H1 on 27H6-G7"
	Variants []string `toml:"variants"` // broken, steppe, cactus-hedge, …
}

// MaxBytes bounds a scenario file.
const MaxBytes = 1 << 20

// Parse reads a scenario and checks that its map can be described (Build
// lays it out). Errors read "file:line: what is wrong", at the real line of
// the key or entry. Bases without an ID are given their default one (the
// unit's ID + a, b, c…). Parse does not check the forces: Validate does.
func Parse(file string, data []byte) (*Scenario, error) {
	var s Scenario
	ix, err := tomlfile.Decode(file, data, &s)
	if err != nil {
		return nil, err
	}
	s.File, s.raw, s.ix = file, data, ix
	if err := checkText(file, ix, &s); err != nil {
		return nil, err
	}
	if s.Map.Boards == "" {
		return nil, fmt.Errorf("%s:%d: [map] needs boards = \"25,26\"", file, ix.Line("map"))
	}
	if _, err := hexmap.ParseLayout(s.Map.Boards); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", file, ix.Line("map", "boards"), err)
	}
	switch s.Map.North {
	case "", "up", "down", "left", "right":
	default:
		return nil, fmt.Errorf("%s:%d: north %q: use up, right, down or left", file, ix.Line("map", "north"), fileio.Clip(s.Map.North, 40))
	}
	if n := len(s.Map.Overlays); n > hexmap.MaxOverlays {
		return nil, fmt.Errorf("%s:%d: [map] has %d overlays; the limit is %d", file, ix.Line("map", "overlays", hexmap.MaxOverlays), n, hexmap.MaxOverlays)
	}
	for i, o := range s.Map.Overlays {
		if _, err := hexmap.ParseOverlaySpec(o); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, ix.Line("map", "overlays", i), err)
		}
	}
	var v hexmap.Variants
	for i, x := range s.Map.Variants {
		if err := v.ParseVariant(x); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, ix.Line("map", "variants", i), err)
		}
	}
	s.fill()
	return &s, nil
}

// fill records each entry's line and gives bases their default IDs.
func (s *Scenario) fill() {
	for i := range s.Sides {
		sd := &s.Sides[i]
		sd.line = s.ix.Line("side", i)
		for j := range sd.Units {
			u := &sd.Units[j]
			u.line = s.ix.Line("side", i, "unit", j)
			for k := range u.Bases {
				b := &u.Bases[k]
				b.line = s.ix.Line("side", i, "unit", j, "base", k)
				if b.ID == "" && u.ID != "" {
					b.ID, b.auto = DefaultBaseID(u.ID, k), true
				}
			}
		}
	}
	for i := range s.Objectives {
		s.Objectives[i].line = s.ix.Line("objective", i)
	}
	for i := range s.Counters {
		s.Counters[i].line = s.ix.Line("counter", i)
	}
	s.fillAir()
}

// DefaultBaseID is the ID of the i-th base (0-based) of unit u when the
// file gives none: u + "a", "b", … "z", then "aa", "ab", …
func DefaultBaseID(unit string, i int) string {
	suffix := ""
	for n := i; ; n = n/26 - 1 {
		suffix = string(rune('a'+n%26)) + suffix
		if n < 26 {
			break
		}
	}
	return unit + suffix
}

// Line is the line of a key or entry of the file by its path, e.g.
// ("side", 1, "unit", 0, "base", 2, "hex"); see tomlfile.Index.Line. A
// scenario not read from a file answers 1.
func (s *Scenario) Line(path ...any) int { return s.ix.Line(path...) }

// Line is the line of the [[side]] header (0 if not read from a file).
func (sd *Side) Line() int { return sd.line }

// Line is the line of the [[side.unit]] header.
func (u *Unit) Line() int { return u.line }

// Line is the line of the [[side.unit.base]] header.
func (b *Base) Line() int { return b.line }

// Line is the line of the [[objective]] header.
func (o *Objective) Line() int { return o.line }

// Line is the line of the [[counter]] header.
func (c *Counter) Line() int { return c.line }

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
		return nil, fmt.Errorf("%s:%d: %v", s.File, s.ix.Line("map", "boards"), err)
	}
	for i, spec := range specs {
		if _, err := base.Resolve(lib, spec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", s.File, s.ix.Line("map", "overlays", i), err)
		}
	}
	m, err := hexmap.Build(lib, layout, specs, v)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %v", s.File, s.ix.Line("map"), err)
	}
	return m, nil
}

// Load reads a scenario by built-in name ("default") or file path. Files
// are read through fileio.ReadFile: regular files only, at most MaxBytes.
func Load(nameOrPath string) (*Scenario, error) {
	if isBuiltinName(nameOrPath) {
		if data, err := fs.ReadFile(scenarios.Files, nameOrPath+".toml"); err == nil {
			return Parse("scenarios/"+nameOrPath+".toml", data)
		}
	}
	data, err := fileio.ReadFile(nameOrPath, MaxBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("scenario %q: no such built-in scenario (built-in: %s) or file: %w",
				fileio.Clip(nameOrPath, fileio.PathClip), strings.Join(BuiltinNames(), ", "), err)
		}
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return Parse(nameOrPath, data)
}

// isBuiltinName reports a plain name (no path separators or dots) that
// could name an embedded scenario.
func isBuiltinName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
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
