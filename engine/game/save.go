package game

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
)

// The save file (docs/formats.md, "Save files"): the scenario reference,
// the seed and the command log, with the state hash after each command so
// that a replay which diverges stops at the first command that differs.
//
//	khamsin-save 1
//	rules 1                 the rules version that wrote it (RulesVersion)
//	scenario dawn
//	seed 7
//	start 1f0c…            hash after New
//	do 9a4e… ready         hash after the command, then the command
//	why lets the enemy…    optional: the computer's reason for that command
const saveMagic = "khamsin-save 1"

// RulesVersion names the rules this engine plays. Raise it whenever a
// change to the rules can make an old save replay differently (a die
// rolled in another order, a modifier changed). A save records the
// version that wrote it ("rules N"; a save without the line is version
// 0). A save of another version is still accepted when it replays to
// every recorded hash; if not, the error names both versions.
const RulesVersion = 1

// MaxRulesVersion bounds the number on a rules line.
const MaxRulesVersion = 1 << 20

// Save limits: a save is read whole, so it is bounded before parsing.
const (
	MaxSaveBytes    = 8 << 20
	MaxSaveLine     = 512
	MaxSaveCommands = 200000
)

// SaveFile is a parsed save.
type SaveFile struct {
	File     string
	Rules    int // the rules version that wrote it; 0 without a rules line
	Scenario string
	Seed     uint64
	Start    string
	Cmds     []SavedCmd
	// The lines of the rules, scenario and start lines (0: absent), and
	// the number of lines: a command appended would be line Lines+1.
	RulesLine, ScenarioLine, StartLine, Lines int
}

// SavedCmd is one command of a save and the hash after it.
type SavedCmd struct {
	Line int
	Hash string
	Cmd  string
	Why  string // the computer's reason for it (a "why" line), or ""
}

// Save writes the game as a save file. Scenario is how to find the
// scenario again: a built-in name or a path.
func (g *Game) Save(scenarioRef string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nrules %d\nscenario %s\nseed %d\nstart %s\n", saveMagic, RulesVersion, scenarioRef, g.Seed, g.startHash)
	for i, c := range g.cmds {
		fmt.Fprintf(&b, "do %s %s\n", g.hashes[i], c)
		if w := g.Reason(i + 1); w != "" {
			fmt.Fprintf(&b, "why %s\n", w)
		}
	}
	return b.Bytes()
}

// ParseSave reads a save file, refusing anything malformed with
// file:line: message.
func ParseSave(file string, data []byte) (*SaveFile, error) {
	if len(data) > MaxSaveBytes {
		return nil, fmt.Errorf("%s:1: save is %d bytes; the limit is %d", file, len(data), MaxSaveBytes)
	}
	sf := &SaveFile{File: file}
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), MaxSaveLine+2)
	n := 0
	whyOK := false // the line before was a do line (a why line may follow)
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		bad := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", file, n, fmt.Sprintf(format, a...))
		}
		if strings.ContainsAny(line, "\x00") || !validUTF8(line) {
			return nil, bad("not text")
		}
		if n == 1 {
			if line != saveMagic {
				return nil, bad("not a Khamsin save (expected %q)", saveMagic)
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		if key == "why" {
			if !whyOK {
				return nil, bad("why: a reason follows the do line of its command, once")
			}
			whyOK = false
			if rest == "" || CleanReason(rest) != rest {
				return nil, bad("why: expected the reason as one line of at most %d bytes of printable text", MaxReason)
			}
			sf.Cmds[len(sf.Cmds)-1].Why = rest
			continue
		}
		whyOK = key == "do"
		if key != "do" {
			if at, dup := seen[key]; dup {
				return nil, bad("%s given twice (first at line %d)", truncate(key), at)
			}
			seen[key] = n
			if len(sf.Cmds) > 0 {
				return nil, bad("%s after the commands: rules, scenario, seed and start come first", truncate(key))
			}
		} else if seen["start"] == 0 {
			return nil, bad("a command before the start line")
		}
		switch key {
		case "rules":
			v, err := strconv.Atoi(rest)
			if err != nil || v < 0 || v > MaxRulesVersion || rest != strconv.Itoa(v) {
				return nil, bad("rules %q: expected the rules version, a whole number 0..%d", truncate(rest), MaxRulesVersion)
			}
			sf.Rules, sf.RulesLine = v, n
		case "scenario":
			if rest == "" {
				return nil, bad("scenario: missing name")
			}
			sf.Scenario, sf.ScenarioLine = rest, n
		case "seed":
			s, err := strconv.ParseUint(rest, 10, 64)
			if err != nil {
				return nil, bad("seed %q: expected a whole number 0..%d", truncate(rest), uint64(1<<64-1))
			}
			sf.Seed = s
		case "start":
			if !isHash(rest) {
				return nil, bad("start: expected a 16-digit hex hash")
			}
			sf.Start, sf.StartLine = rest, n
		case "do":
			h, c, ok := strings.Cut(rest, " ")
			if !ok || !isHash(h) || strings.TrimSpace(c) == "" {
				return nil, bad("do: expected \"do HASH COMMAND\"")
			}
			if len(sf.Cmds) >= MaxSaveCommands {
				return nil, bad("more than %d commands", MaxSaveCommands)
			}
			sf.Cmds = append(sf.Cmds, SavedCmd{Line: n, Hash: h, Cmd: c})
		default:
			return nil, bad("unknown line %q (expected rules, scenario, seed, start, do or why)", truncate(key))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes", file, n+1, MaxSaveLine)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s:1: empty file: not a Khamsin save", file)
	}
	sf.Lines = n
	for _, k := range []string{"scenario", "seed", "start"} {
		if seen[k] == 0 {
			return nil, fmt.Errorf("%s:%d: incomplete save: no %s line (a save needs scenario, seed and start)", file, n, k)
		}
	}
	return sf, nil
}

func validUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func isHash(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// ReplayError is a replay that diverged or failed at one command, or (N
// 0) a game that set up differently.
type ReplayError struct {
	File string
	Line int
	N    int // 1-based command number; 0: the start line
	Cmd  string
	Msg  string
	// Saved is the save's rules version when it differs from
	// RulesVersion: the message then names both.
	Saved      int
	OtherRules bool
}

func (e *ReplayError) Error() string {
	s := fmt.Sprintf("%s:%d: ", e.File, e.Line)
	if e.OtherRules {
		s += fmt.Sprintf("saved under rules version %d, this Khamsin plays rules version %d, and the save does not replay the same: ", e.Saved, RulesVersion)
	}
	if e.N > 0 {
		s += fmt.Sprintf("command %d %q: ", e.N, truncate(e.Cmd))
	}
	return s + e.Msg
}

// Replay rebuilds a game from a save: the scenario, the seed, then every
// command, checking the hash after each. It stops at the first command
// that is refused or whose hash differs, and says which. A save of
// another rules version (SaveFile.Rules) that replays to every recorded
// hash is accepted as it is; one that does not fails naming both
// versions.
func Replay(sf *SaveFile, s *scenario.Scenario) (*Game, error) {
	g, err := replay(sf, s)
	if re, ok := err.(*ReplayError); ok && sf.Rules != RulesVersion {
		re.Saved, re.OtherRules = sf.Rules, true
	}
	return g, err
}

func replay(sf *SaveFile, s *scenario.Scenario) (*Game, error) {
	g, err := New(s, sf.Seed)
	if err != nil {
		return nil, err
	}
	if g.startHash != sf.Start {
		return nil, &ReplayError{File: sf.File, Line: max(sf.StartLine, 1), Msg: fmt.Sprintf("the game sets up differently from when it was saved (hash %s, the save says %s): the scenario %q, the seed line or this version of Khamsin differs", g.startHash, sf.Start, truncate(sf.Scenario))}
	}
	for i, c := range sf.Cmds {
		if _, err := g.Do(c.Cmd); err != nil {
			return g, &ReplayError{File: sf.File, Line: c.Line, N: i + 1, Cmd: c.Cmd, Msg: "refused on replay: " + err.Error()}
		}
		if h := g.hashes[len(g.hashes)-1]; h != c.Hash {
			return g, &ReplayError{File: sf.File, Line: c.Line, N: i + 1, Cmd: c.Cmd, Msg: fmt.Sprintf("diverges: the state hash is %s, the save says %s", h, c.Hash)}
		}
		g.setReason(c.Why)
	}
	return g, nil
}

// Load reads a save file (bounded, regular files only), finds its
// scenario and replays it: the one way the command line and the window
// open a saved game. Every error names the save and a line.
func Load(path string) (*Game, *SaveFile, error) {
	data, err := fileio.ReadFile(path, MaxSaveBytes)
	if err != nil {
		return nil, nil, fileio.AtLine(path, 1, err)
	}
	return LoadBytes(path, data)
}

// LoadBytes is Load on a save already read (fileio.Update hands the
// bytes it read under its lock).
func LoadBytes(path string, data []byte) (*Game, *SaveFile, error) {
	sf, err := ParseSave(path, data)
	if err != nil {
		return nil, nil, err
	}
	s, err := scenario.Load(sf.Scenario)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %v", path, sf.ScenarioLine, err)
	}
	g, err := Replay(sf, s)
	if err != nil {
		return nil, nil, err
	}
	return g, sf, nil
}

// MaxReason bounds a kept reason in bytes: a why line stays well inside
// MaxSaveLine.
const MaxReason = 400

// CleanReason is a reason as the save keeps it: one line (newlines and
// tabs become spaces), escaped for a terminal (fileio.Escape) and clipped
// to MaxReason bytes. It is idempotent, which is how the parser knows a
// why line was written by Save.
func CleanReason(why string) string {
	why = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return ' '
		}
		return r
	}, why))
	why = fileio.Escape(why)
	if len(why) > MaxReason {
		cut := MaxReason - len("…")
		for cut > 0 && !utf8.RuneStart(why[cut]) {
			cut--
		}
		why = why[:cut] + "…"
	}
	return why
}

// Reasoner is a Player that says why it chose its last command (the
// computer opponent): Play keeps the reason with the command.
type Reasoner interface {
	Reason() string
}

// DoWhy is Do for a command the computer chose, keeping its reason with
// the command (CleanReason): the save writes it on a why line after the
// do line, so the log and the replay after the game can show it. The
// reason is not part of the state: it changes no hash.
func (g *Game) DoWhy(line, why string) ([]Event, error) {
	evs, err := g.Do(line)
	if err == nil {
		g.setReason(why)
	}
	return evs, err
}

// setReason keeps why as the reason of the last command given.
func (g *Game) setReason(why string) {
	why = CleanReason(why)
	n := len(g.cmds)
	if why == "" || n == 0 {
		return
	}
	for len(g.whys) < n-1 {
		g.whys = append(g.whys, "")
	}
	// Never written in place: a Clone shares the array up to its length.
	g.whys = append(g.whys[:n-1:n-1], why)
}

// Reason is the kept reason of command n (1-based, as Cmds counts), or
// "" for none. It reads both sides' reasons: the umpire's, for tools
// that run on a finished game (game review). A side reads its own
// through Observation.Reasons.
func (g *Game) Reason(n int) string {
	if n < 1 || n > len(g.whys) {
		return ""
	}
	return g.whys[n-1]
}

// Reason is one kept reason: command N (1-based, in the game's count, as
// OwnCommand takes it), the command and why it was given.
type Reason struct {
	N   int    `json:"n"`
	Cmd string `json:"command"`
	Why string `json:"why"`
	// Seen is the command's number in the observing side's own log (the
	// Event.Cmd of its Events, which skip the commands it read nothing
	// of), 0 when it read none of the command's events: where a log shows
	// the reason.
	Seen int `json:"seen,omitempty"`
}

// Reasons are the reasons kept with the observing side's own commands.
// The enemy's stay hidden until the game is over (they would tell where
// its hidden units are and what it means to do); then both sides' are
// returned, as the end-of-game replay shows them.
func (o *Observation) Reasons() []Reason {
	g := o.g
	var out []Reason
	for i := range g.whys {
		if g.whys[i] == "" || (!g.Over() && int(g.cmdBy[i]) != o.side) {
			continue
		}
		out = append(out, Reason{N: i + 1, Cmd: g.cmds[i], Why: g.whys[i]})
	}
	if len(out) > 0 {
		seen := g.seenCmds(o.side)
		for i := range out {
			out[i].Seen = seen[out[i].N]
		}
	}
	return out
}

// seenCmds numbers the commands as side's log does (eventsFor): index n
// (the game's count) holds the command's number in side's count, 0 when
// side reads none of its events.
func (g *Game) seenCmds(side int) []int {
	out := make([]int, len(g.cmds)+1)
	lastCmd, cmds := 0, 0
	for _, e := range g.events {
		if e.global == 0 || (e.Private != "" && e.Private != g.sides[side].ID) {
			continue
		}
		if e.global != lastCmd && e.global < len(out) {
			lastCmd, cmds = e.global, cmds+1
			out[e.global] = cmds
		}
	}
	return out
}
