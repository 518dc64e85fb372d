package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"khamsin/engine/design"
	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
)

func init() {
	register("scenarios", "list the built-in scenarios and your own, with forces", runScenarios)
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
	Source   string   `json:"source"`   // "builtin" or "user"
	Path     string   `json:"path,omitempty"`
	// Note says why a user scenario is not used by name (a built-in one
	// has it) or why it cannot be played (its first problem).
	Note string `json:"note,omitempty"`
}

// userScenariosDir is the folder of the user's scenarios: --scenarios
// when the flag set has it and it is given, else design.UserDir ("" when
// there is none).
func userScenariosDir(fs *flag.FlagSet) string {
	if f := fs.Lookup("scenarios"); f != nil && f.Value.String() != "" {
		return f.Value.String()
	}
	dir, err := design.UserDir()
	if err != nil {
		return ""
	}
	return dir
}

// resolveScenarioFlag makes --scenario NAME find a scenario of the user's
// folder (issue 19), in every subcommand: parseFlags calls it after the
// flags are read. A built-in name wins over a user scenario of the same
// name, and a user scenario over a file of that bare name in the current
// folder; either choice is said on stderr. The flag's value becomes the
// file's path, so everything after (loading, a save's scenario
// reference) sees an ordinary path.
func resolveScenarioFlag(fs *flag.FlagSet, stderr io.Writer) bool {
	f := fs.Lookup("scenario")
	if f == nil || f.Value.String() == "" {
		return true
	}
	name := f.Value.String()
	if !design.PlainName(name) {
		return true
	}
	ref, note := design.Resolve(name, userScenariosDir(fs))
	if note != "" {
		fmt.Fprintln(stderr, "note: "+note)
	}
	if ref != name {
		if err := fs.Set("scenario", ref); err != nil {
			fmt.Fprintf(stderr, "flag: --scenario: %v\n", err)
			return false
		}
	}
	return true
}

// runScenarios lists the scenarios that can be played (those with
// sides): the built-in ones, then the user's own, by name: the name
// `--scenario` takes.
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
		list = append(list, describe(n, s, "builtin"))
	}
	if dir := userScenariosDir(fs); dir != "" {
		users, err := design.ListUser(dir)
		if err != nil {
			fmt.Fprintln(stderr, err)
		}
		for _, u := range users {
			info := scenarioInfo{Name: u.Name, Source: "user", Path: u.Path, Sides: []string{}}
			s, err := scenario.Load(u.Path)
			switch {
			case err != nil:
				msg, _, _ := strings.Cut(err.Error(), "\n")
				info.Note = msg
			case !s.Playable():
				continue
			default:
				info = describe(u.Name, s, "user")
				info.Path = u.Path
			}
			if design.IsBuiltin(u.Name) {
				info.Note = "a built-in scenario has this name: --scenario " + u.Name + " opens the built-in one; rename the file"
			}
			list = append(list, info)
		}
	}
	if *asJSON {
		out, _ := json.Marshal(struct {
			Scenarios []scenarioInfo `json:"scenarios"`
		}{list})
		fmt.Fprintln(stdout, string(out))
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTITLE\tBOARDS\tSIDES\tTURNS\tDATE\tTYPE\tSOURCE")
	for _, i := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", i.Name, i.Title, i.Boards, strings.Join(i.Sides, " v "), i.Turns, i.Date, i.Type, i.Source)
	}
	tw.Flush()
	for _, i := range list {
		switch {
		case i.Note != "":
			fmt.Fprintf(stdout, "\n%s (%s): %s\n", i.Name, fileio.Clip(i.Path, fileio.PathClip), fileio.Clip(i.Note, 200))
		default:
			fmt.Fprintf(stdout, "\n%s: %s\n", i.Name, fileio.Clip(i.Briefing, 160))
		}
	}
	return 0
}

// describe is the listing of one loaded scenario.
func describe(name string, s *scenario.Scenario, source string) scenarioInfo {
	info := scenarioInfo{Name: name, Title: s.Title, Boards: s.Map.Boards, Turns: s.TurnLimit(),
		Type: s.Type, Date: s.Date, Briefing: s.BriefingLine(), Source: source}
	for _, sd := range s.Sides {
		info.Sides = append(info.Sides, sd.ID)
	}
	return info
}
