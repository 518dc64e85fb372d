package render

import (
	"slices"

	"khamsin/engine/design"
	"khamsin/engine/scenario"
	"khamsin/render/ui"
)

// What the menu's Design (G) and New scenario (N) ask for.
const (
	designOpen = 1 + iota // the selected scenario (a built-in opens as a copy)
	designNew             // a new scenario
)

// addUserEntries lists the designer's own scenarios (design.UserDir)
// after the built-in ones, so a scenario saved in the designer can be
// played from the menu. A user file named like a built-in is left out
// (the built-in wins, as with --scenario), and so is one that does not
// load or cannot be played yet.
func (m *MenuScene) addUserEntries(want string) {
	dir, err := design.UserDir()
	if err != nil {
		return
	}
	list, err := design.ListUser(dir)
	if err != nil {
		return
	}
	for _, us := range list {
		if design.IsBuiltin(us.Name) {
			continue
		}
		s, err := scenario.Load(us.Path)
		if err != nil || !s.Playable() {
			continue
		}
		m.entries = append(m.entries, menuEntry{name: us.Path, scn: s})
		if us.Name == want || us.Path == want {
			m.sel = len(m.entries) - 1
		}
	}
}

// openDesigner goes to the designer on the selected scenario, or on a new
// one; leaving the designer comes back here, with the list read again so
// a scenario just saved is in it.
func (m *MenuScene) openDesigner(ctx *ui.Context) {
	want := m.wantDesign
	m.wantDesign = 0
	var doc *design.Doc
	if want == designOpen {
		d, err := design.Open(m.entries[m.sel].name)
		if err != nil {
			m.msg, m.msgBad = err.Error(), true
			return
		}
		doc = d
	}
	ds, err := NewDesignScene(doc, DesignOptions{
		Input:    m.src,
		Mute:     m.mute,
		New:      want == designNew,
		Headless: m.noGPU,
		OnQuit: func(c *ui.Context) {
			sel := m.entries[m.sel].name
			m.entries = m.entries[:m.builtins()]
			m.addUserEntries(sel)
			m.sel = min(m.sel, len(m.entries)-1)
			m.thumbs = make(chan thumbDone, len(m.entries))
			go m.drawThumbs(slices.Clone(m.entries), m.sel, m.thumbs)
			c.GoTo(m)
		},
	})
	if err != nil {
		m.msg, m.msgBad = err.Error(), true
		return
	}
	ctx.GoTo(ds)
}

// builtins is how many of the menu's entries are built in (they come
// first).
func (m *MenuScene) builtins() int {
	n := 0
	for _, e := range m.entries {
		if design.IsBuiltin(e.name) {
			n++
		}
	}
	return n
}
