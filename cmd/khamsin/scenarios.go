package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
)

func init() {
	register("scenarios", "list the built-in scenarios with forces", runScenarios)
}

// scenarioInfo is one line of `khamsin scenarios --json` (brief §6).
type scenarioInfo struct {
	Name     string   `json:"name"`
	Title    string   `json:"title"`
	Boards   string   `json:"boards"`
	Sides    []string `json:"sides"`
	Turns    int      `json:"turns"`
	Type     string   `json:"type"`
	Date     string   `json:"date"`
	Briefing string   `json:"briefing"` // its first paragraph
}

// runScenarios lists the built-in scenarios that can be played (those
// with sides), by name: the name `--scenario` takes.
func runScenarios(args []string, stdout, stderr io.Writer) int {
	stderr = clipped(stderr)
	fs := newFlagSet("scenarios", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	rest, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "flag: scenarios takes no arguments (got %q)\n", rest[0])
		return 2
	}
	list := []scenarioInfo{}
	for _, n := range scenario.BuiltinNames() {
		s, err := scenario.Load(n)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if !s.Playable() {
			continue
		}
		info := scenarioInfo{Name: n, Title: s.Title, Boards: s.Map.Boards, Turns: s.TurnLimit(),
			Type: s.Type, Date: s.Date, Briefing: s.BriefingLine()}
		for _, sd := range s.Sides {
			info.Sides = append(info.Sides, sd.ID)
		}
		list = append(list, info)
	}
	if *asJSON {
		out, _ := json.Marshal(struct {
			Scenarios []scenarioInfo `json:"scenarios"`
		}{list})
		fmt.Fprintln(stdout, string(out))
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTITLE\tBOARDS\tSIDES\tTURNS\tDATE\tTYPE")
	for _, i := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", i.Name, i.Title, i.Boards, strings.Join(i.Sides, " v "), i.Turns, i.Date, i.Type)
	}
	tw.Flush()
	for _, i := range list {
		fmt.Fprintf(stdout, "\n%s: %s\n", i.Name, fileio.Clip(i.Briefing, 160))
	}
	return 0
}
