// Command khamsin is the desert hex simulator: with no arguments it opens the
// game window; with a subcommand it answers a rules or map question headless
// (brief §6). This file only dispatches; each subcommand lives in its own file
// and registers itself in init.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"khamsin/engine/fileio"
)

// command is one subcommand: it parses its own flags from args, writes its
// answer to stdout, problems to stderr, and returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; called from init in each subcommand's file.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("khamsin: subcommand registered twice: " + name)
	}
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	stdout, stderr = termSafe(stdout), termSafe(stderr)
	name := ""
	if len(args) > 0 {
		name = args[0]
	}
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		usage(stdout)
		return 0
	}
	// khamsin alone, or followed only by flags (khamsin --mute,
	// khamsin --screenshot F --frames N): the main menu with those flags.
	if name == "" || strings.HasPrefix(name, "-") {
		args = append([]string{"menu"}, args...)
		name = "menu"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "khamsin: unknown subcommand %q (try: khamsin help)\n", name)
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: khamsin [subcommand] [flags]")
	fmt.Fprintln(w, "With no subcommand (or only flags: khamsin --mute) khamsin opens the main menu.")
	fmt.Fprintln(w)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
}

// termWriter passes everything a subcommand prints through fileio.Escape
// (issue 17): a title, name or briefing from a scenario, an event naming
// a unit, or an echoed argument never writes a terminal control. Text
// and JSON are unchanged unless they hold one (JSON's own escapes are
// left alone; what Escape writes is valid inside a JSON string).
type termWriter struct{ w io.Writer }

func (t termWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(t.w, fileio.Escape(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// termSafe wraps w in a termWriter (once).
func termSafe(w io.Writer) io.Writer {
	if _, ok := w.(termWriter); ok {
		return w
	}
	return termWriter{w}
}
