package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

func TestWrapStatus(t *testing.T) {
	h, err := newHUD()
	if err != nil {
		t.Fatal(err)
	}
	long := "25K4 (26A4)  open brush road  level 2 (base 1.5)  overlay H1  sides J4: wall hillside; K3: hedge; L4: wadi cliff; L5: road; K5: wall"
	if got := wrap(long, h.status, 10000, hudMaxLines); len(got) != 1 || got[0] != long {
		t.Errorf("wide enough: %q", got)
	}
	for _, width := range []float64{240, 400, 700} {
		lines := wrap(long, h.status, width, 10)
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != strings.Join(strings.Fields(long), " ") {
			t.Errorf("width %g: wrapping lost words: %q", width, lines)
		}
		for _, l := range lines {
			if text.Advance(l, h.status) > width {
				t.Errorf("width %g: line %q is %g wide", width, l, text.Advance(l, h.status))
			}
		}
		cut := wrap(long, h.status, width, 2)
		if len(cut) > 2 || (len(lines) > 2 && !strings.HasSuffix(cut[len(cut)-1], "…")) {
			t.Errorf("width %g, 2 lines: %q", width, cut)
		}
	}
	// A larger device scale makes larger text.
	w1 := text.Advance(long, h.status)
	h.setScale(2)
	if w2 := text.Advance(long, h.status); w2 < 1.9*w1 {
		t.Errorf("scale 2: width %g, want about %g", w2, 2*w1)
	}
}
