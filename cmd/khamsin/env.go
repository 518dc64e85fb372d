package main

import (
	"encoding/json"
	"fmt"
	"io"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
)

// maxBombardments bounds --bombardments: more than any scenario provides,
// and far below where 3×N could overflow.
const maxBombardments = 20

func init() { register("env", "DYO weather, EC, time of day, wind and dust", runEnv) }

// envRoll is one roll in `khamsin env --json`.
type envRoll struct {
	Why    string `json:"why"`
	Dice   []int  `json:"dice"`
	Total  int    `json:"total"`
	DRM    int    `json:"drm"`
	Final  int    `json:"final"`
	Result string `json:"result"`
}

// envStep is a generation step settled without a roll.
type envStep struct {
	Rule   string `json:"rule"`
	What   string `json:"what"`
	Result string `json:"result"`
	Note   string `json:"note"`
}

type envJSON struct {
	Month        int       `json:"month"`
	Seed         uint64    `json:"seed"`
	Weather      string    `json:"weather"`
	Time         string    `json:"time"`
	EC           string    `json:"ec"`
	Wind         string    `json:"wind"`
	Upwind       *string   `json:"upwind"`
	Gusts        bool      `json:"gusts"`
	Dust         string    `json:"dust"`
	Mist         bool      `json:"mist"`
	RulesInForce []string  `json:"rules_in_force"`
	Rolls        []envRoll `json:"rolls"`
	Automatic    []envStep `json:"automatic"`
}

// runEnv runs the DYO climate procedure of section 11 for a month and seed
// and prints the environment with every roll behind it.
func runEnv(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("env", stderr)
	monthS := fs.String("month", "", "scenario month: 1–12 or a name (required)")
	seed := fs.Uint64("seed", 1, "dice seed")
	asJSON := fs.Bool("json", false, "print one JSON object")
	steppe := fs.Bool("steppe", false, "Steppe Terrain by SSR (13.2)")
	broken := fs.Bool("broken", false, "Broken Terrain by SSR (13.1)")
	northAfrica := fs.Bool("north-africa", true, "set in North Africa (false: another Arid Land)")
	arid := fs.Bool("arid", true, "set in an Arid Land (false: the arid charts do not apply)")
	desertOnly := fs.Bool("desert-only", true, "only desert boards (false: some non-desert board too)")
	noDesert := fs.Bool("no-desert", false, "no desert board at all")
	bombardments := fs.Int("bombardments", 0, "bombardments available (11.701 drm +3 each)")
	nightAsNone := fs.Bool("night-as-none", false, "the players read a Night result as None (11.3)")
	northS := fs.String("north", "up", "screen direction of north: up, down, left, right")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	if *monthS == "" {
		fmt.Fprintln(stderr, "flag: --month is required (1–12 or a month name)")
		return 2
	}
	month, err := climate.ParseMonth(*monthS)
	if err != nil {
		fmt.Fprintf(stderr, "flag: --month: %v\n", err)
		return 2
	}
	north, err := climate.ParseNorth(*northS)
	if err != nil {
		fmt.Fprintf(stderr, "flag: --north: %v\n", err)
		return 2
	}
	if *steppe && *broken {
		fmt.Fprintln(stderr, "flag: --steppe and --broken exclude each other")
		return 2
	}
	// 11.701 adds +3 per bombardment: a range check keeps absurd counts
	// from overflowing into a negative DRM.
	if err := intRange("bombardments", *bombardments, 0, maxBombardments); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	opts := climate.Options{North: north, NightAsNone: *nightAsNone, Bombardments: *bombardments}
	switch {
	case *steppe:
		opts.Terrain = climate.Steppe
	case *broken:
		opts.Terrain = climate.Broken
	}
	switch {
	case !*arid:
		opts.Region = climate.NotArid
	case !*northAfrica:
		opts.Region = climate.OtherArid
	}
	switch {
	case *noDesert:
		opts.Boards = climate.NoDesert
	case !*desertOnly:
		opts.Boards = climate.SomeDesert
	}

	env, steps := climate.Generate(month, dice.New(*seed), opts)
	inForce := climate.InForce(env)

	if *asJSON {
		out := envJSON{Month: int(month), Seed: *seed, Weather: env.Weather.String(), Time: env.Time.String(),
			EC: env.EC.String(), Wind: env.Wind.String(), Gusts: env.Gusts, Dust: env.Dust.String(),
			Mist: env.Mist, RulesInForce: inForce.Names(), Rolls: []envRoll{}, Automatic: []envStep{}}
		if env.Wind != climate.NoWind {
			u := env.Upwind.String()
			out.Upwind = &u
		}
		for _, s := range steps {
			if !s.Rolled {
				out.Automatic = append(out.Automatic, envStep{Rule: s.Rule, What: s.What, Result: s.Result, Note: s.Note})
				continue
			}
			d := []int{s.Roll.Colored}
			if s.Roll.Kind == dice.DR2 {
				d = append(d, s.Roll.White)
			}
			out.Rolls = append(out.Rolls, envRoll{Why: s.Roll.Why, Dice: d, Total: s.Roll.Total(),
				DRM: s.DRM, Final: s.Final, Result: s.Result})
		}
		b, _ := json.Marshal(out)
		fmt.Fprintln(stdout, string(b))
		return 0
	}

	fmt.Fprintf(stdout, "DYO climate for %s, seed %d (%s, %s boards, terrain %s)\n",
		month, *seed, opts.Region, opts.Boards, opts.Terrain)
	for _, s := range steps {
		fmt.Fprintln(stdout, "  "+s.String())
	}
	upwind := ""
	if env.Wind != climate.NoWind {
		upwind = " from the " + env.Upwind.String()
	}
	fmt.Fprintf(stdout, "weather %s, time %s, EC %s, wind %s%s, gusts %s, dust %s",
		env.Weather, env.Time, env.EC, env.Wind, upwind, envYesNo(env.Gusts), env.Dust)
	if env.Mist {
		fmt.Fprint(stdout, ", mist")
	}
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, "rules in force:")
	for _, r := range inForce.List() {
		fmt.Fprint(stdout, " "+r.String()+" ("+r.Number()+")")
	}
	if len(inForce.List()) == 0 {
		fmt.Fprint(stdout, " none")
	}
	fmt.Fprintln(stdout)
	return 0
}

func envYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
