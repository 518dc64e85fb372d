package render

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
	"khamsin/render/ui"
)

// F12 in the designer names a screenshot after the scenario, as play and
// the viewer do, and never the name of a file already there (an earlier
// session's shot is kept); the F1 help lists the key.
func TestDesignF12NamesAFreeScreenshot(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("khamsin-design-dawn-1.png", []byte("earlier"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, _ := openDesign(t, "dawn")
	d.step(ui.InputState{Keys: []ebiten.Key{ebiten.KeyF12}})
	if got := d.sc.pendingShot(); got != "khamsin-design-dawn-2.png" {
		t.Fatalf("F12 asked for %q, want khamsin-design-dawn-2.png (the -1 is taken)", got)
	}
	if !d.sc.NeedsDraw() {
		t.Error("F12 left the frame clean: an idle designer would never draw the shot")
	}
	d.sc.shotSaved(d.sc.pendingShot(), nil)
	if d.sc.pendingShot() != "" || !strings.Contains(d.sc.notice, "khamsin-design-dawn-2.png") {
		t.Errorf("after the save: pending %q, notice %q", d.sc.pendingShot(), d.sc.notice)
	}
	d.key(ebiten.KeyU) // an open text field takes F12 as a screenshot too
	d.step(ui.InputState{Keys: []ebiten.Key{ebiten.KeyF12}})
	if d.sc.field == nil || d.sc.pendingShot() != "khamsin-design-dawn-3.png" {
		t.Errorf("F12 with a field open: field %v, shot %q", d.sc.field != nil, d.sc.pendingShot())
	}
	var keys []string
	for _, r := range designHelp {
		keys = append(keys, strings.Fields(r.Keys)...)
	}
	for _, k := range []string{"F12", "F11"} {
		if !slices.Contains(keys, k) {
			t.Errorf("the designer's help does not list %s", k)
		}
	}
}

// Play it (K) and Try it (B) on a scenario without two sides say what is
// missing at once and open nothing (they offered a menu, then failed with
// a temporary file's name).
func TestDesignPlayAndTryNeedTwoSides(t *testing.T) {
	d := newDesignDriver(t, design.Blank("new.toml"), DesignOptions{})
	d.key(ebiten.KeyK)
	if d.sc.playAsk != nil || !strings.Contains(d.sc.notice, "two sides") {
		t.Errorf("K on a blank scenario: question %v, notice %q", d.sc.playAsk != nil, d.sc.notice)
	}
	d.key(ebiten.KeyB)
	if d.sc.balance != nil || !strings.Contains(d.sc.notice, "Try it: a game needs two sides") {
		t.Errorf("B on a blank scenario: games %v, notice %q", d.sc.balance != nil, d.sc.notice)
	}
}
