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
	"khamsin/engine/game"
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
	fromFort, toFort         string
	fromEmplaced, toEmplaced bool
	ap                       bool
	calibre                  int
	vehicleDust, ffeDust     multiFlag
	vehicles, wrecks         multiFlag
	smoke                    multiFlag // SMOKE counters (seed 002 Note 3), HEX[,HEX...], repeatable
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
	fs.BoolVar(&f.entrench, "entrenched", false, "TO is in a foxhole (short for --fort foxhole)")
	fs.BoolVar(&f.fromEntrenched, "from-entrenched", false, "FROM is in a foxhole (short for --from-fort foxhole)")
	fs.StringVar(&f.toFort, "fort", "", "TO's fortification: foxhole, sangar or trench (7.42, 8.4, LOS-12); none in a wadi-cliff hex (5.61), no sangar or trench in sand (7.42)")
	fs.StringVar(&f.fromFort, "from-fort", "", "FROM's fortification: foxhole, sangar or trench")
	fs.BoolVar(&f.toEmplaced, "emplaced", false, "TO is an Emplaced Gun: only hidden in Concealment Terrain, in sand or under a trench on a desert board (F.1A)")
	fs.BoolVar(&f.fromEmplaced, "from-emplaced", false, "FROM is an Emplaced Gun (F.1A)")
	fs.BoolVar(&f.ap, "ap", false, "with --attack ordnance: it fires AP, not HE (3.4 and 7.4 concern HE only)")
	fs.IntVar(&f.calibre, "calibre", 0, "with --attack ordnance, indirect or oba: the HE's calibre in mm (8.41: over 70mm can eliminate a sangar)")
	fs.Var(&f.vehicleDust, "vehicle-dust", "a Vehicle Dust counter in this hex (11.74: needs --ec dry or very-dry), repeatable")
	fs.Var(&f.ffeDust, "ffe-dust", "a hex of an FFE Blast Area raising FFE Dust (11.75: needs --ec dry or very-dry), repeatable")
	fs.Var(&f.vehicles, "vehicle", "an AFV in this hex (4.51, 6.52, LOS-11), repeatable")
	fs.Var(&f.wrecks, "wreck", "a wreck in this hex (4.51, 6.52, LOS-11), repeatable")
	fs.Var(&f.smoke, "smoke", "SMOKE counters in these hexes, HEX[,HEX...] (seed 002 Note 3: smoke blocks LOS at every level), repeatable")
	fs.StringVar(&f.enteredFrom, "entered-from", "", "with --attack cc, FROM and TO in one hex: the side not in Crest status has just entered it from this adjacent hex (6.12)")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fs.StringVar(&f.time, "time", "", "time of day: none, early-morning, mid-morning, midday, mid-afternoon, late-afternoon, night")
	fs.StringVar(&f.dust, "dust", "", "prevailing dust density: none, light, moderate, heavy, very-heavy, extremely-heavy; refused where the conditions rule it out (light/moderate: Dry or Very Dry EC, 11.71; heavy and denser: also desert boards only, no Steppe, 11.73)")
	fs.StringVar(&f.wind, "wind", "", "wind force: none, mild-breeze, heavy-wind")
	fs.BoolVar(&f.gusts, "gusts", false, "gusts in effect")
	fs.StringVar(&f.upwind, "upwind", "", "the side facing the wind: N, NE, SE, S, SW, NW (11.761)")
	fs.StringVar(&f.ec, "ec", "", "EC: mud, wet, moist, moderate, dry, very-dry; default moderate (mud with --weather mud), so any dust needs --ec dry or very-dry")
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
	stderr = clipped(stderr)
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
	forts, err := lf.forts()
	if err == nil {
		err = lf.shotFlags(kind)
	}
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}

	m, err := mf.build()
	if err != nil {
		return buildFailed(stderr, err)
	}
	if env != nil {
		env.Boards, env.Terrain = climate.BoardsOf(m)
	}
	g := los.NewGrid(m)
	ends, err := mapHexes(m, pos)
	if err != nil {
		fmt.Fprintf(stderr, "hex: %v\n", err)
		return 1
	}
	locs := [2]los.Location{g.At(ends[0]), g.At(ends[1])}
	from, to := &locs[0], &locs[1]
	// With --scenario the scenario's own state (its fortification
	// counters, Emplaced Guns, AFVs and wrecks) protects the ends as the
	// game would: the game's one shot builder (game.ShotAt) answers, and
	// the flags add to it.
	gm := scenarioGame(mf.scenario)
	emplaced := [2]bool{lf.fromEmplaced, lf.toEmplaced}
	if gm != nil {
		for i := range ends {
			if forts[i] == protect.NoFort {
				forts[i] = gm.FortAt(ends[i])
			}
			emplaced[i] = emplaced[i] || gm.EmplacedAt(ends[i])
		}
	}
	if err := lf.posture(m, g, from, fromHalf, lf.crest, forts[0], emplaced[0]); err != nil {
		fmt.Fprintf(stderr, "los: %v\n", err)
		return 1
	}
	if err := lf.posture(m, g, to, toHalf, lf.toCrest, forts[1], emplaced[1]); err != nil {
		fmt.Fprintf(stderr, "los: %v\n", err)
		return 1
	}
	if rng := hexmap.Distance(from.Hex, to.Hex); kind.MaxRange() >= 0 && rng > kind.MaxRange() {
		fmt.Fprintf(stderr, "flag: --attack %s: reaches range 0 or 1 only; %s to %s is range %d (LOS-13)\n", kind, m.Label(from.Hex), m.Label(to.Hex), rng)
		return 2
	}
	var dust []los.Dust
	var vehicles []los.Vehicle
	var smoke []hexmap.Hex
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
		{splitCommas(lf.smoke), func(h hexmap.Hex) { smoke = append(smoke, h) }},
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
	if msg := lf.dustRefused(m, env); msg != "" {
		fmt.Fprintf(stderr, "flag: %s\n", msg)
		return 2
	}

	firer := protect.Unit{Loc: *from, Infantry: true, Fort: forts[0], Emplaced: emplaced[0]}
	// 6.12: the side of a Close Combat that is not in Crest status may have
	// just come into the hex; both are then in it (range 0).
	var entered *protect.Unit
	if lf.enteredFrom != "" {
		h, err := m.Hex(strings.ToUpper(strings.TrimSpace(lf.enteredFrom)))
		if err != nil {
			fmt.Fprintf(stderr, "flag: --entered-from: %v\n", err)
			return 2
		}
		if _, ok := to.Hex.DirTo(h); !ok || kind != attack.CC || from.Hex != to.Hex {
			fmt.Fprintf(stderr, "flag: --entered-from %s: needs --attack cc, FROM and TO in the same hex, and a hex next to it\n", m.Label(h))
			return 2
		}
		entered = &protect.Unit{JustEntered: true, EnteredFrom: h}
	}
	if entered != nil && !from.Crest {
		firer.JustEntered, firer.EnteredFrom = true, entered.EnteredFrom
	}
	he := kind == attack.Ordnance && !lf.ap || kind == attack.Indirect || kind == attack.OBA || kind == attack.Bombardment
	shot := attack.Shot{Kind: kind, HE: he, CalibreMM: lf.calibre, TargetAs: targetAs}
	if gm != nil {
		shot = gm.ShotAt(*from, game.ShotTarget{Loc: *to, Infantry: targetAs != climate.TargetVehicle, Armoured: targetAs == climate.TargetVehicle,
			Vehicle: targetAs == climate.TargetVehicle, Emplaced: emplaced[1], HeatHaze: targetAs}, kind, he, lf.calibre)
		if gc := shot.Target.Vehicle; gc == protect.WithAFV || cover == protect.NoVehicle {
			if gc != protect.NoVehicle {
				cover = gc // the scenario's AFV or wreck in TO's hex (an AFV beats a wreck)
			}
		}
	}
	shot.Firer = firer
	shot.Target = protect.Unit{Loc: *to, Infantry: targetAs != climate.TargetVehicle, Armored: targetAs == climate.TargetVehicle, Fort: forts[1], Emplaced: emplaced[1], Vehicle: cover, JustEntered: entered != nil && from.Crest, EnteredFrom: enteredFromHex(entered)}
	shot.Dust = append(shot.Dust, dust...)
	shot.Vehicles = append(shot.Vehicles, vehicles...)
	shot.Smoke = append(shot.Smoke, smoke...)
	ans := attack.Resolve(g, g.NewChecker(), env, shot)
	if lf.asJSON {
		b, _ := json.Marshal(ans)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintf(stdout, "%s -> %s, range %d: ", describeLoc(m, g, *from, forts[0]), describeLoc(m, g, *to, forts[1]), ans.Range)
	if !ans.Clear {
		fmt.Fprintf(stdout, "blocked at %s by %s (%s)\n", *ans.BlockedAt, ans.BlockedBy.Kind, ans.BlockedBy.Rule)
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

// scenarioGame is the game a named scenario starts (seed 1: nothing is
// thrown before play), or nil when name is "" or the scenario has no
// forces to play (a map-only scenario such as the default map).
func scenarioGame(name string) *game.Game {
	if name == "" {
		return nil
	}
	sc, err := loadScenario(name)
	if err != nil {
		return nil
	}
	g, err := game.New(sc, 1)
	if err != nil {
		return nil
	}
	return g
}

// forts reads --from-fort/--fort and their shorthands --from-entrenched
// and --entrenched (a foxhole): FROM's and TO's fortifications.
func (f *losFlags) forts() ([2]protect.Fort, error) {
	var out [2]protect.Fort
	for i, x := range []struct {
		fort, flag, short string
		entrenched        bool
	}{{f.fromFort, "from-fort", "from-entrenched", f.fromEntrenched}, {f.toFort, "fort", "entrenched", f.entrench}} {
		if x.entrenched {
			out[i] = protect.Foxhole
		}
		if x.fort == "" {
			continue
		}
		v, err := protect.ParseFort(strings.ToLower(strings.TrimSpace(x.fort)))
		if err != nil || v == protect.NoFort {
			return out, fmt.Errorf("--%s %s: expected foxhole, sangar or trench", x.flag, x.fort)
		}
		if x.entrenched && v != protect.Foxhole {
			return out, fmt.Errorf("--%s is a foxhole; it contradicts --%s %s", x.short, x.flag, v)
		}
		out[i] = v
	}
	return out, nil
}

// shotFlags checks --ap and --calibre against the attack kind.
func (f *losFlags) shotFlags(kind attack.Kind) error {
	if f.ap && (f.attack == "" || kind != attack.Ordnance) {
		return errors.New("--ap: needs --attack ordnance (AP is an ordnance To Hit shot)")
	}
	if f.calibre < 0 || f.calibre > 1000 {
		return fmt.Errorf("--calibre: must be 0..1000 (a calibre in mm, such as 75), got %d", f.calibre)
	}
	if f.calibre > 0 && (f.attack == "" || kind != attack.Ordnance && kind != attack.Indirect && kind != attack.OBA) {
		return errors.New("--calibre: needs --attack ordnance, indirect or oba")
	}
	return nil
}

// dustRefused explains the first dust the flags ask for that the climate
// rules out (11.71, 11.73, 11.74, 11.75 with 11.1's conditions), or "".
// With no climate flags the environment is the default one: Moderate EC.
func (f *losFlags) dustRefused(m *hexmap.Map, env *climate.Environment) string {
	e := climate.Environment{}
	if env != nil {
		e = *env
	} else {
		e.Boards, e.Terrain = climate.BoardsOf(m)
	}
	if r, ok := e.Dust.DustRule(); ok {
		if why := climate.WhyNot(e, r, e.Dust.Title()); why != "" {
			return fmt.Sprintf("--dust %s: %s", f.dust, why)
		}
	}
	for _, x := range []struct {
		list multiFlag
		flag string
		rule climate.Rule
	}{{f.vehicleDust, "vehicle-dust", climate.RuleVehicleDust}, {f.ffeDust, "ffe-dust", climate.RuleFFEDust}} {
		if len(x.list) == 0 {
			continue
		}
		if why := climate.WhyNot(e, x.rule, ""); why != "" {
			return fmt.Sprintf("--%s %s: %s", x.flag, x.list[0], why)
		}
	}
	return ""
}

// posture applies a Location's flags and checks the result: the Location
// (los.Grid.Validate), its fortification (7.42, 8.2) and an Emplaced Gun's
// set-up (F.1A, taken as hidden or concealed, under a trench if --fort
// trench).
func (f *losFlags) posture(m *hexmap.Map, g *los.Grid, l *los.Location, half *int, crest string, fort protect.Fort, emplaced bool) error {
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
	l.Entrenched, l.Emplaced = fort != protect.NoFort, emplaced
	if err := g.Validate(*l); err != nil {
		return err
	}
	if err := protect.FortAllowed(m, l.Hex, fort); err != nil {
		return err
	}
	if emplaced {
		if ok, _ := protect.Emplaced(m, l.Hex, protect.GunSetup{HiddenOrConcealed: true, UnderTrench: fort == protect.Trench}, true); !ok {
			return fmt.Errorf("%s: a Gun there is not Emplaced: on a desert board only hidden in Concealment Terrain, in sand or under a trench (F.1A)", m.Label(l.Hex))
		}
	}
	return nil
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
	if f.ec == "" && env.Weather.HasMud() {
		env.EC = climate.ECMud // mud weather means Mud EC (11.4) unless --ec says otherwise
	}
	env.Gusts = f.gusts || env.Weather.HasGusts()
	return &env, target, kind, err
}

// describeLoc spells a Location for the text answer.
func describeLoc(m *hexmap.Map, g *los.Grid, l los.Location, fort protect.Fort) string {
	var parts []string
	parts = append(parts, "level "+hexmap.FormatLevel(l.Level))
	switch {
	case l.Crest:
		parts = append(parts, "crest facing "+m.Label(l.Hex.Neighbor(l.Front)))
	case g.InWadi(l):
		parts = append(parts, "in the wadi")
	}
	if fort != protect.NoFort {
		parts = append(parts, "in a "+fort.String())
	}
	if l.Emplaced {
		parts = append(parts, "emplaced")
	}
	return m.Label(l.Hex) + " (" + strings.Join(parts, ", ") + ")"
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

// enteredFromHex is where the entering side of a Close Combat came from.
func enteredFromHex(u *protect.Unit) hexmap.Hex {
	if u == nil {
		return hexmap.Hex{}
	}
	return u.EnteredFrom
}

// splitCommas reads a repeatable flag whose values may each list several
// hexes, "25C5,25D5": one label per element, blanks dropped.
func splitCommas(list multiFlag) multiFlag {
	var out multiFlag
	for _, v := range list {
		for _, x := range strings.Split(v, ",") {
			if x = strings.TrimSpace(x); x != "" {
				out = append(out, x)
			}
		}
	}
	return out
}
