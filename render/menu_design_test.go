package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/design"
)

// Issue 19: the designer is reached from the main menu — G opens the
// selected scenario (a built-in as a copy), N a new one — and leaving it
// comes back to the menu, which then lists the scenarios saved in the
// user's folder next to the built-in ones (and scrolls to show them).
func TestMenuOpensTheDesignerAndListsUserScenarios(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	dir, err := design.UserDir()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../scenarios/dawn.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	mine := strings.Replace(string(src), "title = ", "title = \"A designer's copy\"\n# was: ", 1)
	for _, n := range []string{"mycopy", "second", "third"} {
		if err := os.WriteFile(filepath.Join(dir, n+".toml"), []byte(mine), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newMenuHarness(t, MenuOptions{Dir: t.TempDir()})
	h.m.noGPU = true
	user := 0
	for _, e := range h.m.entries {
		if !design.IsBuiltin(e.name) {
			user++
			if e.scn.Title != "A designer's copy" {
				t.Errorf("user entry %s: title %q", e.name, e.scn.Title)
			}
		}
	}
	if user != 3 {
		t.Fatalf("%d user scenarios listed, want 3 (entries %d)", user, len(h.m.entries))
	}
	// the last entry (a user one) can be reached: ↑ from the first wraps to it, and its row shows
	if err := h.key(ebiten.KeyArrowUp); err != nil {
		t.Fatal(err)
	}
	if h.m.sel != len(h.m.entries)-1 || h.m.rowEntry[len(h.m.rowEntry)-1] != h.m.sel {
		t.Errorf("after ↑: selected %d of %d, rows %v: the selected row is not shown", h.m.sel, len(h.m.entries), h.m.rowEntry)
	}
	if err := h.key(ebiten.KeyG); err != nil {
		t.Fatal(err)
	}
	ds, ok := h.ctx.TakeNext().(*DesignScene)
	if !ok {
		t.Fatalf("G: went to no designer (message %q)", h.m.msg)
	}
	if got := ds.doc.File; !strings.HasSuffix(got, "third.toml") {
		t.Errorf("G on the selected user scenario opened %q", got)
	}
	ds.opts.OnQuit(&h.ctx)
	if h.ctx.TakeNext() != h.m {
		t.Error("leaving the designer does not come back to the menu")
	}
	if err := h.key(ebiten.KeyN); err != nil {
		t.Fatal(err)
	}
	if ds, ok := h.ctx.TakeNext().(*DesignScene); !ok || !ds.opts.New {
		t.Errorf("N: want a new scenario in the designer, got %T", ds)
	}
}
