package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

func init() {
	register("move", "price a path step by step: MP, reasons, Bog/Immobilization checks, dust", runMove)
}

// moverFlags are the flags move and reach share: the unit, its traits and
// the conditions that change movement costs.
type moverFlags struct {
	unit, pressure, truck string
	mp                    string
	british, towing, bu   bool
	small                 bool
	ec, dust, weather     string
	wind                  string
	tracks, sangars       multiFlag
	smoke                 multiFlag
	vehicles, wrecks      multiFlag
	crest                 string
}

func (f *moverFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.unit, "unit", "", "unit type: infantry, cavalry, wagon, fulltrack, halftrack, armored-car, motorcycle, truck")
	var defaults []string
	for _, k := range move.Kinds() {
		defaults = append(defaults, fmt.Sprintf("%s %s", k, move.DefaultAllowance(k)))
	}
	fs.StringVar(&f.mp, "mp", "", "MF/MP allotment; halves allowed, e.g. 8.5 (default: the type's, "+strings.Join(defaults, ", ")+"; docs/rules.md)")
	fs.StringVar(&f.pressure, "pressure", "normal", "vehicle ground pressure: low, normal, high (7.31)")
	fs.StringVar(&f.truck, "truck", "medium", "truck class: light, medium, heavy (3.31, 7.31)")
	fs.BoolVar(&f.british, "british", false, "a British vehicle (3.31, 7.31)")
	fs.BoolVar(&f.towing, "towing", false, "the vehicle tows a Gun")
	fs.BoolVar(&f.bu, "bu", false, "the AFV is buttoned up (11.731)")
	fs.StringVar(&f.ec, "ec", "", "Environmental Conditions: mud, wet, moist, moderate, dry, very-dry (default moderate; mud with --weather mud)")
	fs.StringVar(&f.dust, "dust", "none", "dust density: none, light, moderate, heavy, very-heavy, extremely-heavy (needs --ec dry or very-dry)")
	fs.StringVar(&f.weather, "weather", "clear", "weather: clear, clear-gusty, overcast, mud, mud-overcast, rain")
	fs.StringVar(&f.wind, "wind", "none", "wind force: none, mild-breeze, heavy-wind")
	fs.Var(&f.tracks, "track", "SSR track, repeatable: adjacent hexes in order, e.g. 25A1,25B1,25C2 (9.1)")
	fs.Var(&f.sangars, "sangar", "sangar hex, repeatable; HEX:trench when a trench is Accessible (8.5)")
	fs.BoolVar(&f.small, "small", false, "the vehicle has a +2 size modifier, like a Jeep: it may pass others along a wadi (5.3)")
	fs.Var(&f.smoke, "smoke", "SMOKE in this hex, repeatable or comma-separated: +1 MF/MP to enter (9.1)")
	fs.Var(&f.vehicles, "vehicle", "another vehicle in this hex, repeatable; HEX:small for a motorcycle or size +2 vehicle (5.3)")
	fs.Var(&f.wrecks, "wreck", "a wreck in this hex, repeatable; HEX:small for a motorcycle's or size +2 vehicle's (5.3)")
	fs.StringVar(&f.crest, "crest", "", "infantry start in Crest status, the counter's middle hexside facing this adjacent hex (6.0, 6.11)")
}

// planner builds the map, reads the unit and conditions and prepares the
// movement planner: what move and reach both need before their own flags.
// A non-zero code has been reported on stderr: 1 for the map, 2 for flags.
func (f *moverFlags) planner(mf *mapFlags, stderr io.Writer) (*hexmap.Map, move.Unit, *move.Planner, int) {
	m, err := mf.build()
	if err != nil {
		return nil, move.Unit{}, nil, buildFailed(stderr, err)
	}
	u, cond, err := f.resolve(m)
	if err == nil {
		var p *move.Planner
		if p, err = move.NewPlanner(m, cond); err == nil {
			return m, u, p, 0
		}
	}
	fmt.Fprintf(stderr, "flag: %v\n", err)
	return nil, move.Unit{}, nil, 2
}

// start reads where the unit starts: its hex and, with --crest, the
// direction its crest counter faces.
func (f *moverFlags) start(m *hexmap.Map, from hexmap.Hex) (move.Path, error) {
	p := move.Path{From: from}
	if f.crest == "" {
		return p, nil
	}
	n, err := m.Hex(strings.ToUpper(strings.TrimSpace(f.crest)))
	if err != nil {
		return p, fmt.Errorf("--crest: %v", err)
	}
	d, ok := from.DirTo(n)
	if !ok {
		return p, fmt.Errorf("--crest: %s is not adjacent to the start hex %s", m.Label(n), m.Label(from))
	}
	p.Crest, p.Front = true, d
	return p, nil
}

// resolve reads the unit and conditions; errors are flag errors.
func (f *moverFlags) resolve(m *hexmap.Map) (move.Unit, move.Conditions, error) {
	var u move.Unit
	var c move.Conditions
	if f.unit == "" {
		return u, c, fmt.Errorf("--unit is required (infantry, cavalry, wagon, fulltrack, halftrack, armored-car, motorcycle, truck)")
	}
	k, err := move.ParseKind(f.unit)
	if err != nil {
		return u, c, fmt.Errorf("--unit: %v", err)
	}
	u.Kind = k
	if f.mp != "" {
		if u.Allowance, err = move.ParseMP(f.mp); err != nil {
			return u, c, fmt.Errorf("--mp: %v", err)
		}
		if u.Allowance == 0 {
			return u, c, fmt.Errorf("--mp 0: a unit needs some MF/MP to move (leave --mp out for the type's allotment)")
		}
	}
	if u.Pressure, err = move.ParsePressure(f.pressure); err != nil {
		return u, c, fmt.Errorf("--pressure: %v", err)
	}
	if u.Truck, err = move.ParseTruckClass(f.truck); err != nil {
		return u, c, fmt.Errorf("--truck: %v", err)
	}
	u.British, u.Towing, u.BU, u.Small = f.british, f.towing, f.bu, f.small
	if err := u.Validate(); err != nil {
		return u, c, err
	}
	if f.ec != "" {
		if c.EC, err = climate.ParseEC(f.ec); err != nil {
			return u, c, fmt.Errorf("--ec: %v", err)
		}
	}
	if c.Dust, err = climate.ParseDust(f.dust); err != nil {
		return u, c, fmt.Errorf("--dust %s: %v", f.dust, err) // worded as los words it
	}
	w, err := climate.ParseWeather(f.weather)
	if err != nil {
		return u, c, fmt.Errorf("--weather: %v", err)
	}
	wind, err := climate.ParseWindForce(f.wind)
	if err != nil {
		return u, c, fmt.Errorf("--wind: %v", err)
	}
	c.Mud = w.HasMud()
	if f.ec == "" && c.Mud {
		c.EC = climate.ECMud // mud weather means Mud EC unless --ec says otherwise, as in los
	}
	c.NoVehicleDust = w.HasGusts() || w == climate.Rain || wind == climate.HeavyWind
	boards, terrain := climate.BoardsOf(m)
	env := climate.Environment{EC: c.EC, Weather: w, Wind: wind, Dust: c.Dust, Boards: boards, Terrain: terrain}
	if err := climate.DustAllowed(env); err != nil {
		return u, c, fmt.Errorf("--dust %s: %v", f.dust, err) // worded as los words it
	}
	for _, s := range f.tracks {
		var tr move.Track
		for _, l := range strings.Split(s, ",") {
			h, err := m.Hex(strings.ToUpper(strings.TrimSpace(l)))
			if err != nil {
				return u, c, fmt.Errorf("--track: %v", err)
			}
			tr = append(tr, h)
		}
		c.Tracks = append(c.Tracks, tr)
	}
	for _, s := range f.sangars {
		l, opt, _ := strings.Cut(s, ":")
		h, err := m.Hex(strings.ToUpper(strings.TrimSpace(l)))
		if err != nil {
			return u, c, fmt.Errorf("--sangar: %v", err)
		}
		if opt != "" && opt != "trench" {
			return u, c, fmt.Errorf("--sangar %q: expected HEX or HEX:trench", s)
		}
		c.Sangars = append(c.Sangars, move.Sangar{Hex: h, Trench: opt == "trench"})
	}
	for _, s := range f.smoke {
		for _, l := range strings.Split(s, ",") {
			h, err := m.Hex(strings.ToUpper(strings.TrimSpace(l)))
			if err != nil {
				return u, c, fmt.Errorf("--smoke: %v", err)
			}
			c.Smoke = append(c.Smoke, h)
		}
	}
	for _, list := range []struct {
		flag  string
		wreck bool
		vals  multiFlag
	}{{"vehicle", false, f.vehicles}, {"wreck", true, f.wrecks}} {
		for _, s := range list.vals {
			l, opt, _ := strings.Cut(s, ":")
			h, err := m.Hex(strings.ToUpper(strings.TrimSpace(l)))
			if err != nil {
				return u, c, fmt.Errorf("--%s: %v", list.flag, err)
			}
			if opt != "" && opt != "small" {
				return u, c, fmt.Errorf("--%s %q: expected HEX or HEX:small", list.flag, s)
			}
			c.Vehicles = append(c.Vehicles, move.Vehicle{Hex: h, Wreck: list.wreck, Small: opt == "small"})
		}
	}
	return u, c, nil
}

type moveStepJSON struct {
	Hex    string   `json:"hex"`
	Action string   `json:"action"`
	Cost   move.MP  `json:"cost"`
	Why    []string `json:"why"`
}

type moveCheckJSON struct {
	Hex   string         `json:"hex"`
	Kind  move.CheckKind `json:"kind"`
	DRM   int            `json:"drm"`
	Cause string         `json:"cause"`
	Why   []string       `json:"why"`
}

type moveRollJSON struct {
	Hex     string       `json:"hex"`
	Kind    string       `json:"kind"`
	Rule    string       `json:"rule"`
	Dice    [2]int       `json:"dice"`
	DRM     int          `json:"drm"`
	Final   int          `json:"final"`
	Outcome move.Outcome `json:"outcome"`
}

// moveStopJSON is where a played move ended early, and why.
type moveStopJSON struct {
	Hex     string       `json:"hex"`
	Outcome move.Outcome `json:"outcome"`
	Rule    string       `json:"rule"`
}

type moveJSON struct {
	Unit      string          `json:"unit"`
	Legal     bool            `json:"legal"`
	Total     move.MP         `json:"total"`
	Allotment move.MP         `json:"allotment"`
	Left      move.MP         `json:"left"`
	Steps     []moveStepJSON  `json:"steps"`
	Checks    []moveCheckJSON `json:"checks"`
	Dust      []string        `json:"dust"`
	Rolls     []moveRollJSON  `json:"rolls,omitempty"`
	Stopped   *moveStopJSON   `json:"stopped,omitempty"`
	Error     string          `json:"error"`
}

// runMove prices a path (brief §6).
func runMove(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("move", stderr)
	var mf mapFlags
	var uf moverFlags
	mf.register(fs)
	uf.register(fs)
	pathFlag := fs.String("path", "", "the unit's start hex, then each step: HEX, double:HEX, vbm:BYPASSED-ALONG (vbm:25A6-B5 bypasses into A6 along its hexside with B5), start, stop, vca:±N, uncrest")
	seed := fs.String("seed", "", "throw the Bog/Immobilization checks with this dice seed")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if !parseNoArgs(fs, args, stderr, "the path goes in --path") {
		return 2
	}
	if *pathFlag == "" {
		fmt.Fprintln(stderr, "flag: --path is required, e.g. --path 25C6,25C7")
		return 2
	}
	var roller *dice.Roller
	if *seed != "" {
		n, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			fmt.Fprintf(stderr, "flag: --seed: must be 0..%d, got %q\n", uint64(math.MaxUint64), *seed)
			return 2
		}
		roller = dice.New(n)
	}
	m, u, p, code := uf.planner(&mf, stderr)
	if code != 0 {
		return code
	}
	path, err := move.ParsePath(m, *pathFlag)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	start, err := uf.start(m, path.From)
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}
	path.Crest, path.Front = start.Crest, start.Front
	mv, err := p.Walk(u, path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var rolls []move.Resolved
	if roller != nil {
		rolls = mv.Play(m, roller) // a failed check ends the move there
	}
	out := moveJSON{Unit: u.String(), Legal: mv.Legal, Total: mv.Total, Allotment: mv.Allotment, Left: mv.Left(),
		Steps: []moveStepJSON{}, Checks: []moveCheckJSON{}, Dust: []string{}, Error: mv.Error}
	for _, s := range mv.Steps {
		out.Steps = append(out.Steps, moveStepJSON{Hex: m.Label(s.Hex), Action: s.Action.String(), Cost: s.Cost, Why: s.Why()})
	}
	for _, c := range mv.Checks {
		out.Checks = append(out.Checks, moveCheckJSON{Hex: m.Label(c.Hex), Kind: c.Kind, DRM: c.DRM, Cause: c.Cause, Why: c.Why})
	}
	for _, h := range mv.Dust {
		out.Dust = append(out.Dust, m.Label(h))
	}
	for _, r := range rolls {
		out.Rolls = append(out.Rolls, moveRollJSON{Hex: m.Label(r.Check.Hex), Kind: r.Check.Kind.String(), Rule: r.Check.Kind.Rule(),
			Dice: [2]int{r.Roll.Colored, r.Roll.White}, DRM: r.Check.DRM, Final: r.Final, Outcome: r.Outcome})
	}
	if s := mv.Stopped; s != nil {
		out.Stopped = &moveStopJSON{Hex: m.Label(s.Check.Hex), Outcome: s.Outcome, Rule: s.Check.Kind.Rule()}
	}
	if *asJSON {
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	units := u.Kind.Units()
	printMove(stdout, out, units)
	return 0
}

// printMove writes the text answer; units is MF for men and horses, MP
// for vehicles.
func printMove(w io.Writer, mv moveJSON, units string) {
	fmt.Fprintf(w, "%s: %s of %s %s", mv.Unit, mv.Total, mv.Allotment, units)
	if mv.Legal {
		fmt.Fprintf(w, ", %s left\n", mv.Left)
	} else {
		fmt.Fprintf(w, ", ILLEGAL: %s\n", mv.Error)
	}
	for _, s := range mv.Steps {
		why := strings.ReplaceAll(strings.Join(s.Why, " + "), " + -", " − ") // "6 [hammada] − 1 [track]"
		fmt.Fprintf(w, "  %-6s %-7s %5s  %s\n", s.Hex, s.Action, s.Cost, why)
	}
	for _, c := range mv.Checks {
		fmt.Fprintf(w, "  check %s in %s, DRM %+d: %s\n", c.Kind, c.Hex, c.DRM, strings.Join(c.Why, "; "))
	}
	if len(mv.Dust) > 0 {
		fmt.Fprintf(w, "  Vehicle Dust (11.74) in %s\n", strings.Join(mv.Dust, " "))
	}
	for _, r := range mv.Rolls {
		fmt.Fprintf(w, "  roll %s (%s) in %s: DR %d+%d %+d = %d: %s\n", r.Kind, r.Rule, r.Hex, r.Dice[0], r.Dice[1], r.DRM, r.Final, r.Outcome)
	}
	if s := mv.Stopped; s != nil {
		fmt.Fprintf(w, "  the move ends in %s: %s (%s); the rest of the path is not taken\n", s.Hex, s.Outcome, s.Rule)
	}
}
