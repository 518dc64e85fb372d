package game

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
)

// The save file (docs/formats.md, "Save files"): the scenario reference,
// the seed and the command log, with the state hash after each command so
// that a replay which diverges stops at the first command that differs.
//
//	khamsin-save 1
//	scenario dawn
//	seed 7
//	start 1f0c…            hash after New
//	do 9a4e… ready         hash after the command, then the command
const saveMagic = "khamsin-save 1"

// Save limits: a save is read whole, so it is bounded before parsing.
const (
	MaxSaveBytes    = 8 << 20
	MaxSaveLine     = 512
	MaxSaveCommands = 200000
)

// SaveFile is a parsed save.
type SaveFile struct {
	File     string
	Scenario string
	Seed     uint64
	Start    string
	Cmds     []SavedCmd
}

// SavedCmd is one command of a save and the hash after it.
type SavedCmd struct {
	Line int
	Hash string
	Cmd  string
}

// Save writes the game as a save file. Scenario is how to find the
// scenario again: a built-in name or a path.
func (g *Game) Save(scenarioRef string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nscenario %s\nseed %d\nstart %s\n", saveMagic, scenarioRef, g.Seed, g.startHash)
	for i, c := range g.Cmds {
		fmt.Fprintf(&b, "do %s %s\n", g.hashes[i], c)
	}
	return b.Bytes()
}

// ParseSave reads a save file, refusing anything malformed with
// file:line: message.
func ParseSave(file string, data []byte) (*SaveFile, error) {
	if len(data) > MaxSaveBytes {
		return nil, fmt.Errorf("%s: save is %d bytes; the limit is %d", file, len(data), MaxSaveBytes)
	}
	sf := &SaveFile{File: file}
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), MaxSaveLine+2)
	n := 0
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
		if key != "do" {
			if at, dup := seen[key]; dup {
				return nil, bad("%s given twice (first at line %d)", truncate(key), at)
			}
			seen[key] = n
			if len(sf.Cmds) > 0 {
				return nil, bad("%s after the commands: scenario, seed and start come first", truncate(key))
			}
		} else if seen["start"] == 0 {
			return nil, bad("a command before the start line")
		}
		switch key {
		case "scenario":
			if rest == "" {
				return nil, bad("scenario: missing name")
			}
			sf.Scenario = rest
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
			sf.Start = rest
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
			return nil, bad("unknown line %q (expected scenario, seed, start or do)", truncate(key))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes", file, n+1, MaxSaveLine)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s:1: empty file: not a Khamsin save", file)
	}
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

// ReplayError is a replay that diverged or failed at one command.
type ReplayError struct {
	File string
	Line int
	N    int // 1-based command number
	Cmd  string
	Msg  string
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("%s:%d: command %d %q: %s", e.File, e.Line, e.N, truncate(e.Cmd), e.Msg)
}

// Replay rebuilds a game from a save: the scenario, the seed, then every
// command, checking the hash after each. It stops at the first command
// that is refused or whose hash differs, and says which.
func Replay(sf *SaveFile, s *scenario.Scenario) (*Game, error) {
	g, err := New(s, sf.Seed)
	if err != nil {
		return nil, err
	}
	if g.startHash != sf.Start {
		return nil, fmt.Errorf("%s: the game sets up differently from when it was saved (hash %s, the save says %s): the scenario %q, the seed line or this version of Khamsin differs", sf.File, g.startHash, sf.Start, sf.Scenario)
	}
	for i, c := range sf.Cmds {
		if _, err := g.Do(c.Cmd); err != nil {
			return g, &ReplayError{File: sf.File, Line: c.Line, N: i + 1, Cmd: c.Cmd, Msg: "refused on replay: " + err.Error()}
		}
		if h := g.hashes[len(g.hashes)-1]; h != c.Hash {
			return g, &ReplayError{File: sf.File, Line: c.Line, N: i + 1, Cmd: c.Cmd, Msg: fmt.Sprintf("diverges: the state hash is %s, the save says %s", h, c.Hash)}
		}
	}
	return g, nil
}

// Load reads a save file (bounded, regular files only), finds its
// scenario and replays it: the one way the command line and the window
// open a saved game.
func Load(path string) (*Game, *SaveFile, error) {
	data, err := fileio.ReadFile(path, MaxSaveBytes)
	if err != nil {
		return nil, nil, err
	}
	sf, err := ParseSave(path, data)
	if err != nil {
		return nil, nil, err
	}
	s, err := scenario.Load(sf.Scenario)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	g, err := Replay(sf, s)
	if err != nil {
		return nil, nil, err
	}
	return g, sf, nil
}
