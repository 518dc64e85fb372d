package design

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Result is what `khamsin check` says of one scenario text: it is the
// check command's own code path (cmd/khamsin's checkScenario calls
// Check), so the designer shows the same words.
type Result struct {
	// What sums the scenario up when it is valid ("scenario "…", map
	// 30/28, 3 overlays, …").
	What string
	// Warnings are what the game accepts but a designer should look at:
	// 12.33 problems of the map, then the scenario's own (a side's size).
	Warnings []string
	// Err is the parse, layout or validation error: one "file:line: what
	// is wrong" a line.
	Err error
	// MapProblems are the 12.33 problems behind the first warnings, with
	// the overlays and hexes they name.
	MapProblems []hexmap.Problem
}

// Check parses text as the scenario file name, lays out its map and
// validates its forces against the catalogue: every step `khamsin check`
// takes, in its order.
func Check(name string, text []byte) Result {
	sc, err := scenario.Parse(name, text)
	if err != nil {
		return Result{Err: err}
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		return Result{Err: err}
	}
	m, err := sc.Build(lib)
	if err != nil {
		return Result{Err: err}
	}
	cat, err := forces.Load()
	if err != nil {
		return Result{Err: err}
	}
	if err := sc.Validate(cat, m); err != nil {
		return Result{Err: err}
	}
	what := fmt.Sprintf("scenario %q, map %s, %d overlays", sc.Title, sc.Map.Boards, len(sc.Map.Overlays))
	if sc.Playable() {
		var sides []string
		for _, sd := range sc.Sides {
			units := "units"
			if len(sd.Units) == 1 {
				units = "unit"
			}
			sides = append(sides, fmt.Sprintf("%s (%s, %d %s)", sd.ID, sd.Nation, len(sd.Units), units))
		}
		what += fmt.Sprintf(", %s, %s, %d turns", sc.Type, strings.Join(sides, " v "), sc.TurnLimit())
	} else {
		what += ", no forces (a map: it can be viewed, not played)"
	}
	r := Result{What: what, MapProblems: m.Problems()}
	for _, p := range m.Problems() {
		r.Warnings = append(r.Warnings, p.Msg)
	}
	for _, w := range append(sc.Warnings(), sc.CommandWarnings(m)...) {
		r.Warnings = append(r.Warnings, strings.TrimPrefix(w, name+":"))
	}
	return r
}

// Message is one line of the check result, with what it names so a
// window can select it on the map when the message is clicked.
type Message struct {
	Text    string // as `khamsin check` prints it ("file:line: …" for an error)
	Warning bool   // a warning (the file is still valid)
	Line    int    // the file's line it points at (0: none)
	Target  Target
}

// Target is what a message names.
type Target struct {
	// Kind is the kind of table the message's line is in: "side", "unit",
	// "base", "objective", "counter", "battery", "barrage", "air",
	// "minefield", "obstacle", "structure", "observation_aircraft",
	// "overlay" (an element of [map] overlays), "map", "environment", or
	// "" for the top level.
	Kind string
	// Path is that table's path ({"side", 0, "unit", 2, "base", 1}).
	Path []any
	// Key is the key on the message's line, if any ("hex").
	Key string
	// ID is the thing's ID when it has one: a base's (its default one
	// when the file gives none), a unit's, a side's, an objective's.
	ID string
	// Overlay is the overlay's index in [map] overlays (-1: none).
	Overlay int
	// Hexes are the map hexes the message names, in its order, and the
	// thing's own hex when it has one.
	Hexes []string
}

// hexLabel matches a full hex label in a message: a board number (25–31),
// a hexrow (A–GG) and a number (0–10).
var hexLabel = regexp.MustCompile(`\b(2[5-9]|3[01])([A-Z]|AA|BB|CC|DD|EE|FF|GG)(10|[0-9])\b`)

// Problems is the check result of the current text, one Message a line:
// the error lines first (none when valid), then the warnings. It is kept
// until the next edit.
func (d *Doc) Problems() []Message {
	r := d.Check()
	var out []Message
	if r.Err != nil {
		for _, line := range strings.Split(r.Err.Error(), "\n") {
			if line == "" {
				continue
			}
			m := Message{Text: line}
			if n, ok := d.lineOf(line); ok {
				m.Line = n
			}
			m.Target = d.targetAt(m.Line, line)
			out = append(out, m)
		}
		return out
	}
	probs := r.MapProblems
	for i, w := range r.Warnings {
		m := Message{Text: w, Warning: true, Target: Target{Overlay: -1}}
		if i < len(probs) && probs[i].Msg == w {
			// a 12.33 problem: the overlay placed last, and its hexes
			m.Target = d.overlayTarget(probs[i])
			m.Line = d.overlayLine(m.Target.Overlay)
		} else if n, ok := d.lineOf(strings.TrimSpace(d.File + ":" + w)); ok {
			m.Line = n
			m.Target = d.targetAt(n, w)
		}
		out = append(out, m)
	}
	return out
}

// Check is the check result of the current text (kept until an edit).
func (d *Doc) Check() Result {
	if d.report == nil {
		r := Check(d.File, d.text)
		d.report = &Report{r}
	}
	return d.report.Result
}

// Report caches a Result.
type Report struct{ Result }

// Valid reports text that check accepts (warnings allowed).
func (d *Doc) Valid() bool { return d.Check().Err == nil }

// lineOf reads the line number of "file:line: …".
func (d *Doc) lineOf(msg string) (int, bool) {
	rest, ok := strings.CutPrefix(msg, d.File+":")
	if !ok {
		return 0, false
	}
	i := strings.IndexByte(rest, ':')
	if i <= 0 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:i])
	return n, err == nil && n > 0
}

// targetAt is what line n of the text is about: the innermost table whose
// lines hold it, the key on it, and the hexes msg names.
func (d *Doc) targetAt(n int, msg string) Target {
	t := Target{Overlay: -1}
	seen := map[string]bool{}
	addHex := func(h string) {
		if h != "" && !seen[h] {
			seen[h] = true
			t.Hexes = append(t.Hexes, h)
		}
	}
	for _, h := range hexLabel.FindAllString(msg, -1) {
		addHex(h)
	}
	if n <= 0 || n > len(d.lay.lines) {
		return t
	}
	off := d.lay.lines[n-1]
	var tab *table
	for _, tb := range d.lay.tables {
		if tb.head.a <= off {
			tab = tb
		}
	}
	if tab == nil {
		return t
	}
	t.Path = append([]any(nil), tab.path...)
	for i := len(tab.path) - 1; i >= 0; i-- {
		if s, ok := tab.path[i].(string); ok {
			t.Kind = s
			break
		}
	}
	var at *keyVal
	for _, kv := range tab.keys {
		if kv.line.a <= off && off < kv.line.b {
			at = kv
			break
		}
	}
	if at != nil {
		t.Key = strings.Join(at.key, ".")
		if t.Kind == "map" && t.Key == "overlays" {
			for i, e := range at.elems {
				if d.lay.lineOf(e.a) == n {
					t.Kind, t.Overlay = "overlay", i
					if spec, err := hexmap.ParseOverlaySpec(d.Elems(mapTable(), "overlays")[i]); err == nil && spec.One.Board != "" {
						addHex(spec.One.String())
					}
				}
			}
		}
		if t.Key == "hex" || t.Key == "facing" || t.Key == "crest" {
			if s, _ := decodeString(string(d.text[at.val.a:at.val.b])); hexLabel.MatchString(s) {
				addHex(s)
			}
		}
	}
	if tab.head.b > 0 {
		t.ID = d.GetString(tab.path, "id")
		if t.Kind == "base" && t.ID == "" && len(tab.path) >= 6 {
			if uid := d.GetString(tab.path[:4], "id"); uid != "" {
				t.ID = scenario.DefaultBaseID(uid, tab.path[5].(int))
			}
		}
		if h := d.GetString(tab.path, "hex"); hexLabel.MatchString(h) {
			addHex(h)
		}
	}
	return t
}

// overlayTarget points a 12.33 problem at the overlay placed last of the
// pair and the hexes it names.
func (d *Doc) overlayTarget(p hexmap.Problem) Target {
	t := Target{Kind: "overlay", Path: []any{"map"}, Key: "overlays", Overlay: -1, Hexes: append([]string(nil), p.Hexes...)}
	for i, s := range d.Overlays() {
		if spec, err := hexmap.ParseOverlaySpec(s); err == nil && spec.ID == p.Overlay {
			t.Overlay = i // the last of that ID: the one placed last
		}
	}
	return t
}

// overlayLine is the line of overlay i's SSR text (0: none).
func (d *Doc) overlayLine(i int) int {
	t := d.lay.find(mapTable())
	if t == nil || i < 0 {
		return 0
	}
	if kv := t.key("overlays"); kv != nil && i < len(kv.elems) {
		return d.lay.lineOf(kv.elems[i].a)
	}
	return 0
}

// ParseError is the text's parse error ("file:line: what is wrong"), nil
// when it parses; the text stays as it is, to be edited.
func (d *Doc) ParseError() error {
	_, err := d.Scenario()
	return err
}
