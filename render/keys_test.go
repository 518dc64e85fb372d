package render

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/ui"
)

// The game screen asks for actions, not keys: every action it asks for
// is bound, no key (or Ctrl+key) does two of them, and the help's keys
// list (F1; the README copies it) names every key bound.
func TestGameKeymapBoundOnceAndInTheHelp(t *testing.T) {
	km := gameKeymap()
	var helpKeys []string
	for _, r := range playHelp {
		helpKeys = append(helpKeys, strings.Fields(r.Keys)...)
	}
	asked := []ui.Action{ui.ActionQuit, ui.ActionHelp, ui.ActionClose, ui.ActionScreenshot}
	for a := ui.ActionSave; a <= ui.ActionLogNewest; a++ {
		asked = append(asked, a)
	}
	if len(km) != len(asked) {
		t.Errorf("the keymap binds %d actions, the game asks for %d", len(km), len(asked))
	}
	owner := map[string]ui.Action{}
	for _, a := range asked {
		b, ok := km[a]
		if !ok || len(b.Keys)+len(b.CtrlKeys)+len(b.Runes) == 0 {
			t.Errorf("%v: no binding", a)
			continue
		}
		names := func(keys []ebiten.Key, prefix string) (out []string) {
			for _, k := range keys {
				out = append(out, prefix+ui.KeyName(k))
			}
			return out
		}
		for _, n := range append(names(b.Keys, ""), names(b.CtrlKeys, "Ctrl+")...) {
			if o, dup := owner[n]; dup {
				t.Errorf("%s bound to both %v and %v", n, o, a)
			}
			owner[n] = a
			if !slices.Contains(helpKeys, n) {
				t.Errorf("%s (%v) is not in the help's keys list", n, a)
			}
		}
	}
	// every button key of the panel is an action of the keymap
	for name, a := range buttonActions {
		if _, ok := km[a]; !ok {
			t.Errorf("button key %s: action %v not bound", name, a)
		}
	}
}

// The menu asks for actions too: each is bound, and no key does two.
func TestMenuKeymapBoundOnce(t *testing.T) {
	km := menuKeymap()
	owner := map[ebiten.Key]ui.Action{}
	for a := ui.ActionPrevItem; a < ui.ActionDesign+2; a++ {
		if len(km[a].Keys) == 0 {
			t.Errorf("%v: no key", a)
		}
	}
	for _, a := range slices.Sorted(maps.Keys(km)) { // in order: the same report every run
		for _, k := range km[a].Keys {
			if o, dup := owner[k]; dup {
				t.Errorf("%v bound to both %v and %v", k, o, a)
			}
			owner[k] = a
		}
	}
}
