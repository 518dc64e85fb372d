// Package design is the scenario a designer edits: the file's own text,
// kept byte for byte, with typed edits that change only the lines they
// concern, undo and redo of every edit, the messages `khamsin check`
// gives after each one (each pointing at what it names), and a safe save.
//
// A window (render) draws and drives a Doc; scripts use Open and Save.
// What the window shows comes from Scenario() (the text parsed as the game
// reads it); the edits name things by the same indices: side s, unit u,
// base b of the edits are Scenario().Sides[s].Units[u].Bases[b], overlay
// i is Map.Overlays[i], objective i is Objectives[i]. After each edit
// Problems gives check's messages, each with the thing it names.
//
// Undo keeps a stack of inverse splices, not text snapshots: every edit is
// one or more replacements of a byte range, and its inverse is the same
// range with the old bytes put back. That restores the exact bytes (the
// round trip holds through any undo), costs memory in proportion to what
// changed rather than to the file, and lets a window say which lines an
// edit touched.
package design

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"khamsin/engine/fileio"
	"khamsin/engine/scenario"
	"khamsin/scenarios"
)

// MaxBytes bounds a scenario file the designer opens (the same bound as
// every scenario, scenario.MaxBytes).
const MaxBytes = scenario.MaxBytes

// maxUndo bounds the undo stack: older edits are forgotten.
const maxUndo = 10000

// splice replaced text[at:at+len(old)] with new.
type splice struct {
	at       int
	old, new string
}

// edit is one undoable step: the splices it made, in order.
type edit struct {
	what    string
	splices []splice
}

// Doc is one scenario being designed.
type Doc struct {
	// File is the name messages use (the path opened, or
	// "scenarios/NAME.toml" for a built-in one).
	File string
	// Builtin is the built-in scenario's name when the text came from
	// one: saving then needs a path of the designer's own (a copy).
	Builtin string
	text    []byte
	saved   string // the text as last opened or saved
	lay     *layout
	undo    []edit
	redo    []edit
	open    *edit // the edit being built (Do)
	report  *Report
}

// Open reads a scenario for designing: a built-in name ("dawn") gives a
// copy of its text, anything else is a file path, read through
// fileio.ReadFile (regular files only, at most MaxBytes). A file that does
// not parse still opens: its text is all there and Problems says why.
func Open(nameOrPath string) (*Doc, error) {
	for _, n := range scenario.BuiltinNames() {
		if n == nameOrPath {
			data, err := fs.ReadFile(scenarios.Files, n+".toml")
			if err != nil {
				return nil, err
			}
			d := New("scenarios/"+n+".toml", data)
			d.Builtin = n
			return d, nil
		}
	}
	data, err := fileio.ReadFile(nameOrPath, MaxBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("scenario %q: no such built-in scenario (built-in: %s) or file: %w",
				fileio.Clip(nameOrPath, fileio.PathClip), strings.Join(scenario.BuiltinNames(), ", "), err)
		}
		return nil, err
	}
	return New(nameOrPath, data), nil
}

// New is a document over text, named file in messages.
func New(file string, text []byte) *Doc {
	d := &Doc{File: file, text: append([]byte(nil), text...), saved: string(text)}
	d.lay = scanText(d.text)
	return d
}

// Blank is a new scenario: a title and a one-board map, all the author
// sets from there is theirs.
func Blank(file string) *Doc {
	return New(file, []byte("title = \"New scenario\"\n\n[map]\nboards = \"25\"\n"))
}

// Bytes is the current text.
func (d *Doc) Bytes() []byte { return append([]byte(nil), d.text...) }

// Text is the current text as a string.
func (d *Doc) Text() string { return string(d.text) }

// Modified reports text that differs from what was opened or last saved
// (an edit undone back to the saved text is not a change).
func (d *Doc) Modified() bool { return string(d.text) != d.saved }

// Save writes the text to path through fileio.WriteFile: all or nothing
// (a temporary file renamed over the target), and never through a
// symbolic link or onto a file with other hard links. path "" saves to the
// file opened; a built-in scenario has none and needs a path.
func (d *Doc) Save(path string) error {
	if path == "" {
		if d.Builtin != "" {
			return fmt.Errorf("%s: a built-in scenario opens as a copy: save it under a name of your own", d.File)
		}
		path = d.File
	}
	if err := fileio.WriteFile(path, d.text, 0o644); err != nil {
		return err
	}
	d.saved = string(d.text)
	if path != d.File || d.Builtin != "" {
		d.File, d.Builtin = path, ""
		d.report = nil
	}
	return nil
}

// SetText replaces the whole text (the window's text view, a paste); one
// undoable edit.
func (d *Doc) SetText(text string) {
	d.Do("edit the text", func() error {
		d.splice(0, len(d.text), text)
		return nil
	})
}

// Do runs fn as one undoable edit named what: every splice fn makes is
// undone together. If fn fails its splices are undone and the error is
// returned.
func (d *Doc) Do(what string, fn func() error) error {
	if d.open != nil { // nested: part of the outer edit
		return fn()
	}
	d.open = &edit{what: what}
	err := fn()
	e := d.open
	d.open = nil
	if err != nil {
		d.revert(e)
		return err
	}
	if len(e.splices) == 0 {
		return nil
	}
	d.undo = append(d.undo, *e)
	if len(d.undo) > maxUndo {
		d.undo = d.undo[len(d.undo)-maxUndo:]
	}
	d.redo = nil
	return nil
}

// splice replaces text[a:b] with s and rescans.
func (d *Doc) splice(a, b int, s string) {
	old := string(d.text[a:b])
	if old == s {
		return
	}
	d.apply(a, b, s)
	if d.open != nil {
		d.open.splices = append(d.open.splices, splice{at: a, old: old, new: s})
	}
}

func (d *Doc) apply(a, b int, s string) {
	out := make([]byte, 0, len(d.text)-(b-a)+len(s))
	out = append(out, d.text[:a]...)
	out = append(out, s...)
	out = append(out, d.text[b:]...)
	d.text = out
	d.lay = scanText(d.text)
	d.report = nil
}

// revert undoes e's splices, last first.
func (d *Doc) revert(e *edit) {
	for i := len(e.splices) - 1; i >= 0; i-- {
		sp := e.splices[i]
		d.apply(sp.at, sp.at+len(sp.new), sp.old)
	}
}

// CanUndo and CanRedo say whether there is an edit to undo or redo; the
// names are for a menu ("Undo move overlay").
func (d *Doc) CanUndo() (string, bool) {
	if len(d.undo) == 0 {
		return "", false
	}
	return d.undo[len(d.undo)-1].what, true
}

func (d *Doc) CanRedo() (string, bool) {
	if len(d.redo) == 0 {
		return "", false
	}
	return d.redo[len(d.redo)-1].what, true
}

// Undo takes back the last edit; false when there is none.
func (d *Doc) Undo() bool {
	if len(d.undo) == 0 {
		return false
	}
	e := d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.revert(&e)
	d.redo = append(d.redo, e)
	return true
}

// Redo makes the last undone edit again; false when there is none.
func (d *Doc) Redo() bool {
	if len(d.redo) == 0 {
		return false
	}
	e := d.redo[len(d.redo)-1]
	d.redo = d.redo[:len(d.redo)-1]
	for _, sp := range e.splices {
		d.apply(sp.at, sp.at+len(sp.old), sp.new)
	}
	d.undo = append(d.undo, e)
	return true
}

// Scenario is the text parsed as the game reads it, or the parse error
// ("file:line: what is wrong").
func (d *Doc) Scenario() (*scenario.Scenario, error) {
	return scenario.Parse(d.File, d.text)
}
