package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"khamsin/engine/dice"
	"khamsin/engine/dyo"
	"khamsin/hexmap"
)

func init() {
	register("place", "random DYO overlay placement (12.3): SSR lines and rolls", runPlace)
}

type placeJSON struct {
	Map      string     `json:"map"`
	North    string     `json:"north"`
	Seed     uint64     `json:"seed"`
	SSR      []string   `json:"ssr"`
	Notes    []string   `json:"notes"`
	Rolls    []rollJSON `json:"rolls"`
	Problems []string   `json:"problems"`
}

type rollJSON struct {
	Why   string `json:"why"`
	Dice  []int  `json:"dice"`
	Total int    `json:"total"`
}

func rollsJSON(rs []dice.Roll) []rollJSON {
	out := make([]rollJSON, 0, len(rs))
	for _, r := range rs {
		d := []int{r.Colored}
		if r.Kind == dice.DR2 {
			d = append(d, r.White)
		}
		out = append(out, rollJSON{Why: r.Why, Dice: d, Total: r.Total()})
	}
	return out
}

func runPlace(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("place", stderr)
	mapSpec := fs.String("map", "", `boards in a grid, e.g. "26,27/28,29" (required)`)
	seed := fs.Uint64("seed", 0, "dice seed (required)")
	north := fs.String("north", "up", "which screen direction is North: up, right, down, left")
	reroll := fs.Bool("reroll-offmap", false, "reroll overlays that hang off the playing area (12.33 option)")
	var fixed multiFlag
	fs.Var(&fixed, "overlay", `overlay placed by SSR first, repeatable ("E1": its level-4 plateau then takes random overlays too, 12.3)`)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	seen := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { seen[f.Name] = true })
	if *mapSpec == "" || !seen["seed"] {
		fmt.Fprintln(stderr, "flag: place needs --map and --seed")
		return 2
	}
	n, err := hexmap.ParseNorth(*north)
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}
	layout, err := hexmap.ParseLayout(*mapSpec)
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var specs []hexmap.OverlaySpec
	for _, o := range fixed {
		spec, err := hexmap.ParseOverlaySpec(o)
		if err != nil {
			fmt.Fprintf(stderr, "flag: --overlay: %v\n", err)
			return 2
		}
		specs = append(specs, spec)
	}
	res, err := dyo.PlaceRandom(lib, layout, dice.New(*seed), dyo.Options{North: n, RerollOffMap: *reroll, Overlays: specs})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var problems []string
	for _, p := range res.Map.Problems() {
		problems = append(problems, p.Msg)
	}
	if *asJSON {
		out, _ := json.Marshal(placeJSON{Map: layout.String(), North: n.String(), Seed: *seed,
			SSR: nonNil(res.Lines), Notes: nonNil(res.Notes), Rolls: rollsJSON(res.Rolls), Problems: nonNil(problems)})
		fmt.Fprintln(stdout, string(out))
		return 0
	}
	fmt.Fprintf(stdout, "Map %s, North %s, seed %d\n\nSSR:\n", layout, n, *seed)
	if len(res.Lines) == 0 {
		fmt.Fprintln(stdout, "  (no overlays)")
	}
	for _, l := range res.Lines {
		fmt.Fprintln(stdout, "  "+l)
	}
	if len(res.Notes)+len(problems) > 0 {
		fmt.Fprintln(stdout, "\nNotes:")
		for _, l := range append(res.Notes, problems...) {
			fmt.Fprintln(stdout, "  "+l)
		}
	}
	fmt.Fprintln(stdout, "\nRolls:")
	for _, r := range res.Rolls {
		fmt.Fprintln(stdout, "  "+r.String())
	}
	return 0
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
