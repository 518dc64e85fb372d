package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"

	"khamsin/engine/balance"
)

func init() {
	register("balance", "play a scenario N times, veteran against veteran: wins, ends, losses", runBalance)
}

// runBalance is `khamsin balance --scenario FILE|NAME --games N [--json]`
// (brief §6): N games of the scenario, seeds 1..N, the veteran on both
// sides, summed up as a short table or as JSON. While it plays, a
// progress line goes to stderr when stderr is a terminal; Ctrl+C stops
// it early and prints what finished.
func runBalance(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("balance", stderr)
	name := fs.String("scenario", "", "scenario file or built-in name")
	games := fs.Int("games", 100, fmt.Sprintf("how many games (seeds 1..N), 1..%d", balance.MaxGames))
	asJSON := fs.Bool("json", false, "print JSON")
	if !parseNoArgs(fs, args, stderr, "") {
		return 2
	}
	if *name == "" {
		fmt.Fprintln(stderr, "flag: --scenario: balance needs one (balance --scenario S --games N)")
		return 2
	}
	if err := intRange("games", *games, 1, balance.MaxGames); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	s, err := loadScenario(*name)
	if err != nil {
		return buildFailed(stderr, err)
	}
	if len(s.Sides) != 2 {
		return fail(stderr, fmt.Errorf("%s: balance needs a scenario with two sides, it has %d", s.File, len(s.Sides)))
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var progress func(done, total int)
	if tty := progressTerminal(stderr); tty != nil {
		// Our own text, written straight to the terminal: the carriage
		// return redraws the line in place.
		progress = func(done, total int) {
			fmt.Fprintf(tty, "\rbalance: %d/%d games", done, total)
			if done == total {
				fmt.Fprint(tty, "\r\033[K")
			}
		}
	}
	r, err := balance.Run(ctx, s, *games, progress)
	if err != nil && !errors.Is(err, context.Canceled) {
		return fail(stderr, fmt.Errorf("%s: %w", s.File, err))
	}
	if *asJSON {
		writeJSON(stdout, balanceJSON(r))
	} else {
		printBalance(stdout, r, *games)
	}
	if err != nil {
		if progress != nil {
			fmt.Fprintln(stderr)
		}
		fmt.Fprintf(stderr, "balance: interrupted: %d of %d games played\n", r.Games, *games)
		return 1
	}
	return 0
}

// progressTerminal is the terminal to draw the progress line on: the
// process's own stderr when it is a character device and the subcommand
// writes to it; otherwise nil (pipes, files, tests).
func progressTerminal(stderr io.Writer) *os.File {
	if tw, ok := stderr.(termWriter); ok {
		stderr = tw.w
	}
	if stderr != io.Writer(os.Stderr) {
		return nil
	}
	fi, err := os.Stderr.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return os.Stderr
}

// balanceJSON is the §6 shape: games, wins (per side ID and "draw"),
// mean_end_turn and ends, with each side's 95 % interval on its win rate
// ("ci95": [lo, hi]) and its bases lost per hex ("losses").
func balanceJSON(r balance.Result) map[string]any {
	ci := map[string][2]float64{}
	losses := map[string]map[string]int{}
	for _, sd := range r.Sides {
		ci[sd.ID] = [2]float64{round4(sd.CI95.Lo), round4(sd.CI95.Hi)}
		losses[sd.ID] = sd.Losses
	}
	return map[string]any{
		"scenario":      r.Scenario,
		"games":         r.Games,
		"wins":          r.Wins,
		"mean_end_turn": round4(r.MeanEndTurn),
		"ends":          r.Ends,
		"ci95":          ci,
		"losses":        losses,
	}
}

func round4(x float64) float64 {
	return float64(int64(x*10000+0.5)) / 10000
}

// printBalance is the text table; asked is the games asked for (more
// than r.Games when interrupted: which seeds finished then depends on
// timing).
func printBalance(w io.Writer, r balance.Result, asked int) {
	played := fmt.Sprintf("%d games", r.Games)
	if r.Games < asked {
		played = fmt.Sprintf("%d of %d games (interrupted)", r.Games, asked)
	}
	fmt.Fprintf(w, "%s: %s, the veteran on both sides (seeds 1..%d)\n", r.Scenario, played, asked)
	fmt.Fprintf(w, "%-10s %6s %7s  %s\n", "side", "wins", "rate", "95% interval")
	for _, sd := range r.Sides {
		fmt.Fprintf(w, "%-10s %6d %6.1f%%  %.1f%%-%.1f%%\n", sd.ID, sd.Wins, 100*sd.Rate, 100*sd.CI95.Lo, 100*sd.CI95.Hi)
	}
	fmt.Fprintf(w, "%-10s %6d\n", balance.Draw, r.Draws)
	fmt.Fprintf(w, "mean end turn %.2f\n", r.MeanEndTurn)
	keys := make([]string, 0, len(r.Ends))
	for k := range r.Ends {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var ends []string
	for _, k := range keys {
		ends = append(ends, fmt.Sprintf("%s %d", k, r.Ends[k]))
	}
	fmt.Fprintf(w, "ends: %s\n", strings.Join(ends, ", "))
	for _, sd := range r.Sides {
		var top []string
		for _, h := range sd.TopLosses(5) {
			top = append(top, fmt.Sprintf("%s %d", h, sd.Losses[h]))
		}
		if len(top) == 0 {
			top = []string{"none"}
		}
		fmt.Fprintf(w, "%s bases lost, most at: %s\n", sd.ID, strings.Join(top, ", "))
	}
}
