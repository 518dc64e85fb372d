package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

func init() {
	register("los", "line of sight between two Locations: clear or blocked, hindrances, range", runLos)
}

// losFlags are the flags of `khamsin los` beyond the map's.
type losFlags struct {
	fromLevel, toLevel       string
	crest, toCrest           string
	fromEntrenched, entrench bool
	fromEmplaced, toEmplaced bool
	vehicleDust, ffeDust     multiFlag
	vehicles, wrecks         multiFlag
	enteredFrom              string
	asJSON                   bool

	// climate (seed 000 section 11); any of them switches the climate on
	time, dust, wind, ec, weather, north, target, attack, upwind, month string
	gusts                                                               bool
}

func (f *losFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.fromLevel, "from-level", "", "FROM's level (e.g. -1 in a wadi floor, 0.5, 2); default: the hex's ground")
	fs.StringVar(&f.toLevel, "to-level", "", "TO's level; default: the hex's ground")
	fs.StringVar(&f.crest, "crest", "", "FROM is in Crest status (6.0), its counter's middle hexside facing this adjacent hex")
	fs.StringVar(&f.toCrest, "to-crest", "", "TO is in Crest status, its counter's middle hexside facing this adjacent hex")
	fs.BoolVar(&f.entrench, "entrenched", false, "TO is entrenched (foxhole, trench or sangar)")
	fs.BoolVar(&f.fromEntrenched, "from-entrenched", false, "FROM is entrenched")
	fs.BoolVar(&f.toEmplaced, "emplaced", false, "TO is an Emplaced Gun")
	fs.BoolVar(&f.fromEmplaced, "from-emplaced", false, "FROM is an Emplaced Gun")
	fs.Var(&f.vehicleDust, "vehicle-dust", "a Vehicle Dust counter in this hex (11.74), repeatable")
	fs.Var(&f.ffeDust, "ffe-dust", "a hex of an FFE Blast Area raising FFE Dust (11.75), repeatable")
	fs.Var(&f.vehicles, "vehicle", "an AFV in this hex (4.51, 6.52, LOS-11), repeatable")
	fs.Var(&f.wrecks, "wreck", "a wreck in this hex (4.51, 6.52, LOS-11), repeatable")
	fs.StringVar(&f.enteredFrom, "entered-from", "", "with --attack cc: FROM has just entered TO's hex from this adjacent hex (6.12)")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fs.StringVar(&f.time, "time", "", "time of day: none, early-morning, mid-morning, midday, mid-afternoon, late-afternoon, night")
	fs.StringVar(&f.dust, "dust", "", "dust density: none, light, moderate, heavy, very-heavy, extremely-heavy")
	fs.StringVar(&f.wind, "wind", "", "wind force: none, mild-breeze, heavy-wind")
	fs.BoolVar(&f.gusts, "gusts", false, "gusts in effect")
	fs.StringVar(&f.upwind, "upwind", "", "the side facing the wind: N, NE, SE, S, SW, NW (11.761)")
	fs.StringVar(&f.ec, "ec", "", "EC: mud, wet, moist, moderate, dry, very-dry")
	fs.StringVar(&f.weather, "weather", "", "weather: clear, clear-gusty, overcast, mud, mud-overcast, rain")
	fs.StringVar(&f.month, "month", "", "scenario month: 1–12 or a name (heat haze is intense Mid-Morning in May–September)")
	fs.StringVar(&f.north, "north", "", "screen direction of north: up, down, left, right")
	fs.StringVar(&f.target, "target", "", "target type for heat haze: infantry, vehicle, mixed, empty")
	fs.StringVar(&f.attack, "attack", "", "attack kind: small-arms, ordnance, indirect, oba, bombardment, dc, ft, cc, ovr, aerial")
}

func (f *losFlags) climateWanted() bool {
	return f.time != "" || f.dust != "" || f.wind != "" || f.gusts || f.ec != "" || f.weather != "" ||
		f.north != "" || f.target != "" || f.attack != "" || f.upwind != "" || f.month != ""
}

// parseHalfLevel reads "1", "-1", "0.5", "1.5" into half levels.
func parseHalfLevel(s string) (int, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v || v*2 != float64(int(v*2)) || v < -9 || v > 20 {
		return 0, fmt.Errorf("level %q: a whole or half level such as -1, 0.5 or 2", s)
	}
	return int(v * 2), nil
}

// runLos answers a LOS question between two Locations (brief §4, §6).
func runLos(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("los", stderr)
	var mf mapFlags
	mf.register(fs)
	var lf losFlags
	lf.register(fs)
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	if len(pos) != 2 {
		fmt.Fprintln(stderr, "flag: los needs two hexes, FROM and TO (e.g. khamsin los --map 25 25D5 25F7)")
		return 2
	}
	var fromHalf, toHalf *int
	for _, x := range []struct {
		s   string
		dst **int
		nm  string
	}{{lf.fromLevel, &fromHalf, "from-level"}, {lf.toLevel, &toHalf, "to-level"}} {
		if x.s == "" {
			continue
		}
		v, err := parseHalfLevel(x.s)
		if err != nil {
			fmt.Fprintf(stderr, "flag: --%s: %v\n", x.nm, err)
			return 2
		}
		*x.dst = &v
	}
	env, targetAs, kind, err := lf.environment()
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}

	m, err := mf.build()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if env != nil {
		env.Boards, env.Terrain = climateBoards(m)
	}
	g := los.NewGrid(m)
	ends, err := mapHexes(m, pos)
	if err != nil {
		fmt.Fprintf(stderr, "hex: %v\n", err)
		return 1
	}
	locs := [2]los.Location{g.At(ends[0]), g.At(ends[1])}
	from, to := &locs[0], &locs[1]
	if err := lf.posture(m, g, from, fromHalf, lf.crest, lf.fromEntrenched, lf.fromEmplaced); err != nil {
		fmt.Fprintf(stderr, "los: %v\n", err)
		return 1
	}
	if err := lf.posture(m, g, to, toHalf, lf.toCrest, lf.entrench, lf.toEmplaced); err != nil {
		fmt.Fprintf(stderr, "los: %v\n", err)
		return 1
	}
	var dust []los.Dust
	var vehicles []los.Vehicle
	cover := protect.NoVehicle
	for _, d := range []struct {
		list multiFlag
		add  func(h hexmap.Hex)
	}{
		{lf.vehicleDust, func(h hexmap.Hex) { dust = append(dust, los.Dust{Hex: h}) }},
		{lf.ffeDust, func(h hexmap.Hex) { dust = append(dust, los.Dust{Hex: h, FFE: true}) }},
		{lf.vehicles, func(h hexmap.Hex) {
			vehicles = append(vehicles, los.Vehicle{Hex: h})
			if h == to.Hex {
				cover = protect.WithAFV
			}
		}},
		{lf.wrecks, func(h hexmap.Hex) {
			vehicles = append(vehicles, los.Vehicle{Hex: h, Wreck: true})
			if h == to.Hex && cover != protect.WithAFV {
				cover = protect.WithWreck
			}
		}},
	} {
		hexes, err := mapHexes(m, d.list)
		if err != nil {
			fmt.Fprintf(stderr, "hex: %v\n", err)
			return 1
		}
		for _, h := range hexes {
			d.add(h)
		}
	}

	firer := protect.Unit{Loc: *from, Infantry: true, Fort: fortOf(lf.fromEntrenched), Emplaced: lf.fromEmplaced}
	if lf.enteredFrom != "" {
		h, err := m.Hex(strings.ToUpper(strings.TrimSpace(lf.enteredFrom)))
		if err != nil {
			fmt.Fprintf(stderr, "flag: --entered-from: %v\n", err)
			return 2
		}
		if _, ok := to.Hex.DirTo(h); !ok || kind != attack.CC {
			fmt.Fprintf(stderr, "flag: --entered-from %s: needs --attack cc and a hex next to %s\n", m.Label(h), m.Label(to.Hex))
			return 2
		}
		firer.JustEntered, firer.EnteredFrom = true, h
	}
	shot := attack.Shot{
		Kind:     kind,
		HE:       kind != attack.SmallArms,
		Firer:    firer,
		Target:   protect.Unit{Loc: *to, Infantry: targetAs != climate.TargetVehicle, Armored: targetAs == climate.TargetVehicle, Fort: fortOf(lf.entrench), Emplaced: lf.toEmplaced, Vehicle: cover},
		TargetAs: targetAs,
		Dust:     dust,
		Vehicles: vehicles,
	}
	c := g.NewChecker()
	res := c.Check(los.Query{From: *from, To: *to, Dust: dust, Vehicles: vehicles})
	ans := attack.Resolve(g, c, env, shot)
	if ans.Prohibited != "" {
		ans.Clear, ans.Hindrances, ans.DRM = false, []los.AnswerHindrance{}, 0
		res.Clear, res.Block = false, los.Block{At: los.Where{Hex: from.Hex}, Kind: "climate", Rule: ans.Prohibited}
		s := m.Label(from.Hex)
		ans.BlockedAt = &s
	}
	if lf.asJSON {
		b, _ := json.Marshal(ans)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "%s -> %s, range %d: ", describeLoc(m, g, *from), describeLoc(m, g, *to), ans.Range)
	if !ans.Clear {
		fmt.Fprintf(stdout, "blocked at %s by %s (%s)\n", *ans.BlockedAt, res.Block.Kind, res.Block.Rule)
		return 0
	}
	fmt.Fprintln(stdout, "clear")
	for _, h := range ans.Hindrances {
		at := ""
		if h.At != nil {
			at = " at " + *h.At
		}
		roll := ""
		if h.Roll != "" {
			roll = " + " + h.Roll
		}
		fmt.Fprintf(stdout, "  %s%s: %+d%s (%s)\n", h.Kind, at, h.DRM, roll, h.Rule)
	}
	fmt.Fprintf(stdout, "  hindrance DRM %+d (seed 002 to-hit %+d)\n", ans.DRM, ans.ToHit)
	for _, p := range ans.Protection {
		fmt.Fprintf(stdout, "  %s: %s %+d (%s)\n", p.Kind, p.Effect, p.Value, p.Rule)
	}
	fmt.Fprintf(stdout, "  target TEM %+d (Cover Save Bonus %+d) vs %s\n", ans.TEM, ans.CoverSave, kind)
	return 0
}

// fortOf is the fortification an --entrenched flag stands for: a foxhole.
func fortOf(entrenched bool) protect.Fort {
	if entrenched {
		return protect.Foxhole
	}
	return protect.NoFort
}

// posture applies a Location's flags and checks the result.
func (f *losFlags) posture(m *hexmap.Map, g *los.Grid, l *los.Location, half *int, crest string, entrenched, emplaced bool) error {
	if crest != "" {
		n, err := m.Hex(crest)
		if err != nil {
			return err
		}
		d, ok := l.Hex.DirTo(n)
		if !ok {
			return fmt.Errorf("crest front %s is not adjacent to %s", crest, m.Label(l.Hex))
		}
		*l = g.CrestAt(l.Hex, d)
	}
	if half != nil {
		l.Level = *half
	}
	l.Entrenched, l.Emplaced = entrenched, emplaced
	return g.Validate(*l)
}

// environment builds the climate the flags describe, or nil when none is
// asked for.
func (f *losFlags) environment() (*climate.Environment, climate.TargetType, attack.Kind, error) {
	var target climate.TargetType
	var kind attack.Kind
	var err error
	set := func(name, s string, parse func(string) error) {
		if err == nil && s != "" {
			if e := parse(s); e != nil {
				err = fmt.Errorf("--%s: %v", name, e)
			}
		}
	}
	set("target", f.target, func(s string) (e error) { target, e = climate.ParseTargetType(s); return })
	set("attack", f.attack, func(s string) (e error) { kind, e = attack.ParseKind(s); return })
	if !f.climateWanted() || err != nil {
		return nil, target, kind, err
	}
	env := climate.Environment{}
	set("time", f.time, func(s string) (e error) { env.Time, e = climate.ParseTimeOfDay(s); return })
	set("dust", f.dust, func(s string) (e error) { env.Dust, e = climate.ParseDust(s); return })
	set("wind", f.wind, func(s string) (e error) { env.Wind, e = climate.ParseWindForce(s); return })
	set("ec", f.ec, func(s string) (e error) { env.EC, e = climate.ParseEC(s); return })
	set("weather", f.weather, func(s string) (e error) { env.Weather, e = climate.ParseWeather(s); return })
	set("month", f.month, func(s string) (e error) { env.Month, e = climate.ParseMonth(s); return })
	set("north", f.north, func(s string) (e error) { env.North, e = climate.ParseNorth(s); return })
	set("upwind", f.upwind, func(s string) error {
		for d := hexmap.Dir(0); d < 6; d++ {
			if strings.EqualFold(s, d.String()) {
				env.Upwind = d
				return nil
			}
		}
		return errors.New("expected N, NE, SE, S, SW or NW")
	})
	env.Gusts = f.gusts || env.Weather.HasGusts()
	return &env, target, kind, err
}

// describeLoc spells a Location for the text answer.
func describeLoc(m *hexmap.Map, g *los.Grid, l los.Location) string {
	var parts []string
	parts = append(parts, "level "+hexmap.FormatLevel(l.Level))
	switch {
	case l.Crest:
		parts = append(parts, "crest facing "+m.Label(l.Hex.Neighbor(l.Front)))
	case g.InWadi(l):
		parts = append(parts, "in the wadi")
	}
	if l.Entrenched {
		parts = append(parts, "entrenched")
	}
	if l.Emplaced {
		parts = append(parts, "emplaced")
	}
	return m.Label(l.Hex) + " (" + strings.Join(parts, ", ") + ")"
}

// climateBoards says how much of the map is desert boards (F.1: 25–31)
// and which alternate terrain (13.1, 13.2) its variants set.
func climateBoards(m *hexmap.Map) (climate.Boards, climate.AltTerrain) {
	desert, other := 0, 0
	for _, row := range m.Layout() {
		for _, b := range row {
			if len(b.ID) == 2 && b.ID >= "25" && b.ID <= "31" {
				desert++
			} else {
				other++
			}
		}
	}
	boards := climate.AllDesert
	switch {
	case desert == 0:
		boards = climate.NoDesert
	case other > 0:
		boards = climate.SomeDesert
	}
	t := climate.PlainDesert
	switch v := m.Variants(); {
	case v.Broken:
		t = climate.Broken
	case v.Steppe:
		t = climate.Steppe
	}
	return boards, t
}

// mapHexes looks up labels on m, failing on the first that is not a map hex.
func mapHexes(m *hexmap.Map, labels []string) ([]hexmap.Hex, error) {
	out := make([]hexmap.Hex, 0, len(labels))
	for _, label := range labels {
		h, err := m.Hex(label)
		if err != nil {
			return nil, err
		}
		if !m.Contains(h) {
			return nil, fmt.Errorf("%s is not on the map", label)
		}
		out = append(out, h)
	}
	return out, nil
}
