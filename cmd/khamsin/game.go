package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// The game subcommands of brief §6: every change to a game goes through
// "game do" with a command string that "game legal" lists.

func init() {
	register("game", "play a game from the command line: new, show, legal, do, ai, hint, review, log", runGame)
	register("sim", "play a scenario to its end with computer players (random, defer)", runSim)
	register("replay", "replay a save and check every command's hash", runReplay)
}

func runGame(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "flag: game needs a subcommand: new, show, legal, do, ai, hint, review or log")
		return 2
	}
	switch args[0] {
	case "new":
		return gameNew(args[1:], stdout, stderr)
	case "show":
		return gameShow(args[1:], stdout, stderr)
	case "legal":
		return gameLegal(args[1:], stdout, stderr)
	case "do":
		return gameDo(args[1:], stdout, stderr)
	case "log":
		return gameLog(args[1:], stdout, stderr)
	case "ai":
		return gameAI(args[1:], stdout, stderr)
	case "hint":
		return gameHint(args[1:], stdout, stderr)
	case "review":
		return gameReview(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "flag: game %q: expected new, show, legal, do, ai, hint, review or log\n", truncateArg(args[0]))
	return 2
}

func truncateArg(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// loadSave reads and replays a save file (game.Load).
func loadSave(path string) (*game.Game, *game.SaveFile, error) { return game.Load(path) }

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, err)
	return 1
}

func gameNew(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game new", stderr)
	scn := fs.String("scenario", "", "scenario file or built-in name")
	seed := fs.Uint64("seed", 1, "the game's dice seed")
	out := fs.String("o", "", "the save file to write")
	asJSON := fs.Bool("json", false, "print JSON")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	if *scn == "" || *out == "" {
		fmt.Fprintln(stderr, "flag: --scenario and -o: game new needs both (game new --scenario S -o SAVE)")
		return 2
	}
	s, err := scenario.Load(*scn)
	if err != nil {
		return fail(stderr, err)
	}
	g, err := game.New(s, *seed)
	if err != nil {
		return fail(stderr, err)
	}
	if err := fileio.WriteFile(*out, g.Save(scenarioRef(*scn)), 0o644); err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, map[string]any{"save": *out, "hash": g.Hash(), "side_to_act": g.ViewAs(-1).SideToAct, "events": g.PublicEvents()})
		return 0
	}
	fmt.Fprintf(stdout, "%s: %s, seed %d\n", *out, s.Title, *seed)
	if b := strings.TrimSpace(s.Briefing); b != "" {
		// the orders a player at the command line would otherwise never read
		fmt.Fprintf(stdout, "\n%s\n\n", b)
	}
	for _, e := range g.PublicEvents() {
		fmt.Fprintln(stdout, e)
	}
	return 0
}

// scenarioRef is how a save names its scenario: a built-in name as it
// is, a file by its absolute path, so the save replays from any directory.
func scenarioRef(name string) string {
	for _, b := range scenario.BuiltinNames() {
		if b == name {
			return name
		}
	}
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// sideFlag reads --as SIDE (empty: the umpire).
func sideFlag(g *game.Game, as string) (int, error) {
	if as == "" {
		return -1, nil
	}
	si, ok := g.SideIndex(as)
	if !ok {
		return 0, fmt.Errorf("flag: --as: no side %q (sides: %s, %s)", truncateArg(as), g.Side(0).ID, g.Side(1).ID)
	}
	return si, nil
}

func oneSave(fs interface{ Name() string }, pos []string, stderr io.Writer) (string, bool) {
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "flag: khamsin %s needs one SAVE file\n", fs.Name())
		return "", false
	}
	return pos[0], true
}

// saveArgs parses the flags of a subcommand that reads one save and,
// when asUsage is not empty, takes --as SIDE: it replays the save and returns the game, the side
// (-1: the umpire) and --json, or an exit code when something is wrong.
func saveArgs(name, asUsage string, args []string, stderr io.Writer) (g *game.Game, side int, asJSON bool, code int) {
	fs := newFlagSet(name, stderr)
	as := new(string)
	if asUsage != "" {
		as = fs.String("as", "", asUsage)
	}
	js := fs.Bool("json", false, "print JSON")
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return nil, 0, false, 2
	}
	if _, ok := asFlag(fs, *as, "leave --as out for the umpire's view", stderr); !ok {
		return nil, 0, false, 2
	}
	path, ok := oneSave(fs, pos, stderr)
	if !ok {
		return nil, 0, false, 2
	}
	g, _, err := loadSave(path)
	if err != nil {
		return nil, 0, false, fail(stderr, err)
	}
	side, err = sideFlag(g, *as)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 0, false, 2
	}
	return g, side, *js, 0
}

func gameShow(args []string, stdout, stderr io.Writer) int {
	g, si, asJSON, code := saveArgs("game show", "show the game as this side sees it", args, stderr)
	if g == nil {
		return code
	}
	v := g.ViewAs(-1) // the umpire's
	if si >= 0 {
		v = g.Observe(si).View() // what that side's player is handed
	}
	if asJSON {
		writeJSON(stdout, v)
		return 0
	}
	printView(stdout, v)
	return 0
}

func printView(w io.Writer, v game.View) {
	who := "umpire"
	if v.As != "" {
		who = v.As
	}
	fmt.Fprintf(w, "%s — turn %d of %d, %s phase, as %s\n", v.Title, v.Turn, v.TurnLimit, v.Phase, who)
	if v.Result != "" {
		fmt.Fprintf(w, "Result: %s\n", v.Result)
	} else {
		fmt.Fprintf(w, "To act: %s", v.SideToAct)
		if v.Open != "" {
			fmt.Fprintf(w, " (activation of %s: %s)", v.Open, v.OpenAction)
		}
		fmt.Fprintln(w)
	}
	for _, s := range v.Sides {
		fmt.Fprintf(w, "%-8s %-28s orders %d (+%d brigade)  initiative %d  break point %d\n", s.ID, s.Name, v.Orders[s.ID], v.Brigade[s.ID], v.Initiative[s.ID], v.BreakPoint[s.ID])
	}
	e := v.Env
	fmt.Fprintf(w, "Climate: %s, %s, EC %s, wind %s, dust %s, sun blindness %s\n", e.Time, e.Weather, e.EC, e.Wind, e.Dust, e.Sun)
	for _, u := range v.Units {
		fmt.Fprintf(w, "\n%s %s (%s) TQ %+d morale %+d %s\n", u.Side, u.ID, u.Name, u.TQ, u.Morale, strings.Join(u.Status, " "))
		for _, b := range v.Bases {
			if b.Unit == u.ID {
				fmt.Fprintf(w, "    %-6s %-24s %-6s facing %-6s %s\n", b.ID, b.Name, b.Hex, b.Facing, strings.Join(b.Status, " "))
			}
		}
	}
	for _, c := range v.Contacts {
		fmt.Fprintf(w, "contact %s (%s) at %s\n", c.ID, c.Side, c.Hex)
	}
	for _, o := range v.Objectives {
		fmt.Fprintf(w, "objective %s %s at %s, value %d, held by %s\n", o.ID, o.Name, o.Hex, o.Value, o.Controller)
	}
	for _, l := range []struct {
		what string
		hs   []string
	}{{"SMOKE (blocks LOS, seed 002 Note 3)", v.Smoke}, {"vehicle dust (11.74)", v.Dust}, {"wrecks", v.Wrecks}} {
		if len(l.hs) > 0 {
			fmt.Fprintf(w, "%s: %s\n", l.what, strings.Join(l.hs, " "))
		}
	}
	for _, a := range v.Air {
		fmt.Fprintf(w, "air %s (%s): %d × %s, %s, turn %d, %s", a.ID, a.Side, a.Number, a.Name, a.Ordnance, a.Turn, a.Status)
		if a.Target != "" {
			fmt.Fprintf(w, ", designated %s", a.Target)
		}
		fmt.Fprintln(w)
	}
	for _, m := range v.Minefields { // F.7–F.7C: only what the viewer knows
		what := "strength unknown"
		switch {
		case m.Dummy:
			what = "a dummy"
		case m.Strength != nil:
			what = fmt.Sprintf("effectiveness %+d", *m.Strength)
		}
		if m.Hidden {
			what += ", hidden from the enemy"
		}
		fmt.Fprintf(w, "minefield of %s at %s: %s\n", m.Side, m.Hex, what)
	}
	for _, o := range v.Obstacles {
		fmt.Fprintf(w, "obstacle %s at %s\n", o.Kind, o.Hex)
	}
	for _, s := range v.Structures { // bunkers and Tobruk pits
		fmt.Fprintf(w, "%s of %s at %s", s.Kind, s.Side, s.Hex)
		if s.Facing != "" {
			fmt.Fprintf(w, ", facing %s", s.Facing)
		}
		fmt.Fprintf(w, ", %d damage\n", s.Damage)
	}
	for _, f := range v.Forts { // sangars, trenches, foxholes: the bases in them are entrenched
		fmt.Fprintf(w, "%s at %s\n", f.Kind, f.Hex)
	}
	for _, b := range v.Buildings { // buildings and bridges as structures
		state := b.State
		if state == "" {
			state = "standing"
		}
		fmt.Fprintf(w, "%s at %s: toughness %d, %d damage, %s\n", b.Kind, b.Hex, b.Toughness, b.Damage, state)
	}
	showFireSupport(w, v)
}

// showFireSupport prints the batteries, aim points and observation
// aircraft a view holds (§10.15–.18).
func showFireSupport(w io.Writer, v game.View) {
	for _, b := range v.Batteries {
		fmt.Fprintf(w, "battery %s (%s)", b.ID, b.Side)
		if b.Name != "" {
			where := "off-table"
			if b.OnTable {
				where = "on-table"
			}
			fmt.Fprintf(w, " %s, %s, %d bases, FFE radius %d", b.Name, where, b.Bases, b.Radius)
		}
		switch {
		case b.Aim != "" && b.Ranged:
			fmt.Fprintf(w, ", ranged on %s", b.Aim)
		case b.Aim != "":
			fmt.Fprintf(w, ", aim point %s (not ranged)", b.Aim)
		}
		if b.Activated {
			fmt.Fprint(w, ", activated")
		}
		fmt.Fprintln(w)
	}
	for _, a := range v.Aircraft {
		state := "not yet overhead"
		switch {
		case a.Gone != "":
			state = a.Gone
		case a.Overhead:
			state = "overhead"
		}
		fmt.Fprintf(w, "observation aircraft %s (%s) %s: %s\n", a.ID, a.Side, a.Name, state)
	}
	if len(v.FFEDust) > 0 {
		fmt.Fprintf(w, "FFE dust (11.75): %s\n", strings.Join(v.FFEDust, " "))
	}
}

func gameLegal(args []string, stdout, stderr io.Writer) int {
	g, si, asJSON, code := saveArgs("game legal", "list only this side's commands: none while the enemy is to act (its list names its hidden bases)", args, stderr)
	if g == nil {
		return code
	}
	cmds := g.Legal()
	side := ""
	if !g.Over() {
		side = g.Side(g.Actor()).ID
	}
	if si >= 0 && !g.Over() && si != g.Actor() {
		if asJSON {
			writeJSON(stdout, map[string]any{"side": side, "commands": []string{}})
			return 0
		}
		fmt.Fprintf(stdout, "%s to act: %s has no command now\n", side, g.Side(si).ID)
		return 0
	}
	if asJSON {
		if cmds == nil {
			cmds = []string{}
		}
		writeJSON(stdout, map[string]any{"side": side, "commands": cmds})
		return 0
	}
	if g.Over() {
		fmt.Fprintln(stdout, "the game is over:", g.Result())
		return 0
	}
	fmt.Fprintf(stdout, "%s to act (%d commands):\n", side, len(cmds))
	for _, c := range cmds {
		fmt.Fprintln(stdout, c)
	}
	return 0
}

func gameDo(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game do", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, ok := parseFlags(fs, args, stderr)
	if !ok {
		return 2
	}
	if len(pos) != 2 {
		fmt.Fprintln(stderr, `flag: khamsin game do needs SAVE and one "COMMAND"`)
		return 2
	}
	path := pos[0]
	if st, err := os.Stat(path); err == nil && st.Mode().Perm()&0o200 == 0 {
		fmt.Fprintf(stderr, "%s:1: the save is read-only; not changing it\n", path)
		return 1
	}
	// Issue 17, hardening 1: load, apply and write under the save's lock
	// (fileio.Update), so that of two "game do" at once one is refused
	// and neither command is lost.
	var g *game.Game
	var evs []game.Event
	actor := ""
	err := updateSave(path, func(gg *game.Game, sf *game.SaveFile) error {
		if !gg.Over() {
			actor = gg.Side(gg.Actor()).ID
		}
		var err error
		if evs, err = gg.Do(pos[1]); err != nil {
			// The line the command would have taken in the save; whose
			// turn it is (public) helps a player who typed out of turn,
			// where "no base" is all the side to act may be told.
			if actor != "" && !strings.Contains(err.Error(), " to act") {
				return fmt.Errorf("%s:%d: refused: %v (%s is to act)", path, sf.Lines+1, err, actor)
			}
			return fmt.Errorf("%s:%d: refused: %v", path, sf.Lines+1, err)
		}
		g = gg
		return nil
	})
	if err != nil {
		return fail(stderr, err)
	}
	// what the side that gave the command is told it did (the engine
	// decides what that side may read)
	shown := evs
	if si, ok := g.SideIndex(actor); ok {
		shown = g.Observe(si).Latest()
	}
	if *asJSON {
		writeJSON(stdout, map[string]any{"ok": true, "hash": g.Hash(), "events": shown})
		return 0
	}
	for _, e := range shown {
		fmt.Fprintln(stdout, e)
	}
	return 0
}

// updateSave changes a save under its lock (fileio.Update): it replays
// the save as read, lets change play on the game, and writes the game
// back unless change fails. Every error reads "SAVE:line: message": one
// about the file as a whole (busy, unreadable) names line 1.
func updateSave(path string, change func(*game.Game, *game.SaveFile) error) error {
	var inner error
	err := fileio.Update(path, game.MaxSaveBytes, func(old []byte) ([]byte, error) {
		g, sf, err := game.LoadBytes(path, old)
		if err == nil {
			err = change(g, sf)
		}
		if err != nil {
			inner = err
			return nil, err
		}
		return g.Save(sf.Scenario), nil
	})
	if err != nil && err != inner {
		err = fileio.AtLine(path, 1, err)
	}
	return err
}

// gameLog is `khamsin game log SAVE [--as SIDE] [--json]`: the event log
// as SIDE may read it (the umpire's without --as), with the computer's
// kept reason under each of its commands where the reader may see it
// (issue 20): a side reads its own reasons, and both sides' once the
// game is over (Observation.Reasons); the umpire reads them all.
func gameLog(args []string, stdout, stderr io.Writer) int {
	g, si, asJSON, code := saveArgs("game log", "the log as this side may read it", args, stderr)
	if g == nil {
		return code
	}
	evs := g.EventsFor(-1) // the umpire's
	var whys []game.Reason
	if si >= 0 {
		o := g.Observe(si) // what that side's player is handed
		evs, whys = o.Events(), o.Reasons()
	} else {
		logged := map[int]bool{} // the umpire's log counts commands as the game does
		for _, e := range evs {
			logged[e.Cmd] = true
		}
		for i, c := range g.Cmds() {
			if w := g.Reason(i + 1); w != "" {
				r := game.Reason{N: i + 1, Cmd: c, Why: w}
				if logged[r.N] {
					r.Seen = r.N
				}
				whys = append(whys, r)
			}
		}
	}
	if asJSON {
		if evs == nil {
			evs = []game.Event{}
		}
		if whys == nil {
			whys = []game.Reason{}
		}
		writeJSON(stdout, map[string]any{"events": evs, "reasons": whys})
		return 0
	}
	why := map[int]string{} // by the command's number in the reader's log
	for _, r := range whys {
		if r.Seen > 0 {
			why[r.Seen] = r.Why
		}
	}
	for i, e := range evs {
		fmt.Fprintln(stdout, e)
		if w := why[e.Cmd]; w != "" && e.Cmd > 0 && (i+1 == len(evs) || evs[i+1].Cmd != e.Cmd) {
			fmt.Fprintf(stdout, "    why: %s\n", ai.Readable(w))
		}
	}
	return 0
}

func runSim(args []string, stdout, stderr io.Writer) int {
	// The side flags depend on the scenario: find --scenario first.
	name := ""
	for i, a := range args {
		if a == "--scenario" || a == "-scenario" {
			if i+1 < len(args) {
				name = args[i+1]
			}
		} else if v, ok := strings.CutPrefix(a, "--scenario="); ok {
			name = v
		}
	}
	if name == "" {
		fmt.Fprintln(stderr, "flag: --scenario: sim needs one (sim --scenario S --seed N)")
		return 2
	}
	s, err := scenario.Load(name)
	if err != nil {
		return fail(stderr, err)
	}
	fs := newFlagSet("sim", stderr)
	fs.String("scenario", "", "scenario file or built-in name")
	seed := fs.Uint64("seed", 1, "the game's dice seed")
	save := fs.String("save", "", "write the finished game's save here")
	asJSON := fs.Bool("json", false, "print JSON")
	kinds := map[string]*string{}
	for _, sd := range s.Sides {
		kinds[sd.ID] = fs.String(sd.ID, "random", "who plays "+sd.ID+": random, defer, ai (the strongest: the expert), ai1 (the novice), ai2 (the veteran) or ai3 (the expert)")
	}
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	g, err := game.New(s, *seed)
	if err != nil {
		return fail(stderr, err)
	}
	var players [2]game.Player
	for i, sd := range s.Sides {
		switch *kinds[sd.ID] {
		case "random":
			players[i] = game.NewRandomPlayer(*seed*2 + uint64(i) + 1)
		case "defer":
			players[i] = game.DeferPlayer{}
		case "ai", "ai1", "ai2", "ai3":
			players[i], _ = aiPlayer(*kinds[sd.ID])
		default:
			fmt.Fprintf(stderr, "flag: --%s: expected random, defer, ai, ai1, ai2 or ai3, got %q\n", sd.ID, truncateArg(*kinds[sd.ID]))
			return 2
		}
	}
	if err := g.Play(players); err != nil {
		return fail(stderr, err)
	}
	if *save != "" {
		if err := fileio.WriteFile(*save, g.Save(scenarioRef(name)), 0o644); err != nil {
			return fail(stderr, err)
		}
	}
	var winner any
	if g.Winner() >= 0 {
		winner = g.Side(g.Winner()).ID
	}
	if *asJSON {
		writeJSON(stdout, map[string]any{"winner": winner, "result": g.Result(), "turns": g.Turn(), "hash": g.Hash(), "commands": len(g.Cmds())})
		return 0
	}
	fmt.Fprintf(stdout, "%s\nturns %d, %d commands, hash %s\n", g.Result(), g.Turn(), len(g.Cmds()), g.Hash())
	return 0
}

func runReplay(args []string, stdout, stderr io.Writer) int {
	// A divergence fails the load and names its command and line
	// (game.ReplayError).
	g, _, asJSON, code := saveArgs("replay", "", args, stderr)
	if g == nil {
		return code
	}
	if asJSON {
		writeJSON(stdout, map[string]any{"ok": true, "hash": g.Hash(), "turn": g.Turn(), "commands": len(g.Cmds()), "over": g.Over(), "result": g.Result()})
		return 0
	}
	fmt.Fprintf(stdout, "ok: %d commands replayed, turn %d, hash %s\n", len(g.Cmds()), g.Turn(), g.Hash())
	return 0
}

// asFlag reports whether --as was given, and refuses it given empty
// (without says what leaving it out means).
func asFlag(fs *flag.FlagSet, as, without string, stderr io.Writer) (given, ok bool) {
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "as" })
	if given && as == "" {
		fmt.Fprintf(stderr, "flag: --as: give a side (%s)\n", without)
		return true, false
	}
	return given, true
}
