package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"khamsin/engine/move"
)

func init() {
	register("reach", "least MP to every hex a unit can reach with its allowance", runReach)
}

// runReach prints the least-cost area (brief §6): every hex the unit can
// enter from --from spending at most --mp, with that least cost.
func runReach(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("reach", stderr)
	var mf mapFlags
	var uf moverFlags
	mf.register(fs)
	uf.register(fs)
	from := fs.String("from", "", "the hex the unit starts in, e.g. 25C6")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	if *from == "" {
		fmt.Fprintln(stderr, "flag: --from is required, e.g. --from 25C6")
		return 2
	}
	m, u, p, code := uf.planner(&mf, stderr)
	if code != 0 {
		return code
	}
	h, err := m.Hex(strings.ToUpper(strings.TrimSpace(*from)))
	if err != nil || !m.Contains(h) {
		if err == nil {
			err = fmt.Errorf("hex %s is not on the map", *from)
		}
		fmt.Fprintf(stderr, "flag: --from: %v\n", err)
		return 2
	}
	start, err := uf.start(m, h)
	if err != nil {
		fmt.Fprintf(stderr, "flag: %v\n", err)
		return 2
	}
	area, err := p.ReachFrom(u, start, u.Allotment())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	hexes := area.Hexes()
	if *asJSON {
		out := struct {
			Unit  string             `json:"unit"`
			From  string             `json:"from"`
			Crest string             `json:"crest,omitempty"` // the hex the crest front faces (6.11)
			MP    move.MP            `json:"mp"`
			Hexes map[string]move.MP `json:"hexes"`
		}{u.String(), m.Label(h), "", u.Allotment(), map[string]move.MP{}}
		if start.Crest {
			out.Crest = m.Label(h.Neighbor(start.Front))
		}
		for _, x := range hexes {
			c, _ := area.Cost(x)
			out.Hexes[m.Label(x)] = c
		}
		b, _ := json.Marshal(out) // encoding/json writes map keys sorted
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	origin := m.Label(h)
	if start.Crest {
		origin += " (Crest status facing " + m.Label(h.Neighbor(start.Front)) + ")"
	}
	units := u.Kind.Units()
	fmt.Fprintf(stdout, "%s from %s with %s %s: %d hexes\n", u, origin, u.Allotment(), units, len(hexes))
	for _, x := range hexes {
		c, _ := area.Cost(x)
		fmt.Fprintf(stdout, "  %-6s %s\n", m.Label(x), c)
	}
	return 0
}
