package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/render/ui"
)

// clipTo keeps the longest prefix that fits with its ellipsis (the
// designer's panel rows), and a string that fits whole stays whole.
func TestClipToKeepsTheLongestPrefixThatFits(t *testing.T) {
	h, err := ui.NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	f := h.Small
	long := "allies — 5th Cameron Highlanders with 7 Field Regiment, 12 units, BP 7"
	for _, width := range []float64{20, 60, 150, 300, 1000} {
		got := clipTo(long, f, width)
		if text.Advance(long, f) <= width {
			if got != long {
				t.Errorf("width %v: %q cut though it fits", width, got)
			}
			continue
		}
		kept := []rune(strings.TrimSuffix(got, "…"))
		if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, string(kept)) {
			t.Fatalf("width %v: %q is not a prefix and an ellipsis", width, got)
		}
		if len(kept) > 1 && text.Advance(got, f) > width {
			t.Errorf("width %v: %q is %.1f wide", width, got, text.Advance(got, f))
		}
		if r := []rune(long); len(kept) < len(r) && text.Advance(string(r[:len(kept)+1])+"…", f) <= width {
			t.Errorf("width %v: %q could keep one more letter", width, got)
		}
	}
}
