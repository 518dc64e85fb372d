package ui

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

func TestWrapStatus(t *testing.T) {
	h, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	long := "25K4 (26A4)  open brush road  level 2 (base 1.5)  overlay H1  sides J4: wall hillside; K3: hedge; L4: wadi cliff; L5: road; K5: wall"
	if got := Wrap(long, h.Status, 10000, hudMaxLines); len(got) != 1 || got[0] != long {
		t.Errorf("wide enough: %q", got)
	}
	for _, width := range []float64{240, 400, 700} {
		lines := Wrap(long, h.Status, width, 10)
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != strings.Join(strings.Fields(long), " ") {
			t.Errorf("width %g: wrapping lost words: %q", width, lines)
		}
		for _, l := range lines {
			if text.Advance(l, h.Status) > width {
				t.Errorf("width %g: line %q is %g wide", width, l, text.Advance(l, h.Status))
			}
		}
		cut := Wrap(long, h.Status, width, 2)
		if len(cut) > 2 || (len(lines) > 2 && !strings.HasSuffix(cut[len(cut)-1], "…")) {
			t.Errorf("width %g, 2 lines: %q", width, cut)
		}
	}
	// A larger device scale makes larger text.
	w1 := text.Advance(long, h.Status)
	h.SetScale(2)
	if w2 := text.Advance(long, h.Status); w2 < 1.9*w1 {
		t.Errorf("scale 2: width %g, want about %g", w2, 2*w1)
	}
}

// The help overlay fits every window the viewer allows (640×400 and up),
// on ordinary and high-DPI screens, above the status bar.
func TestHelpFitsWindow(t *testing.T) {
	h, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	rows := helpRows(ViewerKeymap())
	for _, c := range []struct {
		w, h  int
		scale float64
	}{{640, 400, 1}, {800, 600, 1}, {1280, 800, 1}, {1280, 800, 2}, {1920, 1080, 2}, {700, 1000, 1}} {
		h.SetScale(c.scale)
		bar := int(h.StatusHeight(hudMaxLines))
		area := image.Rect(0, 0, c.w, c.h-bar)
		aw, ah := float64(area.Dx())-h.U(16), float64(area.Dy())-h.U(16)
		fits := false
		for pt := float64(HelpPt); pt >= 8; pt -= 0.5 {
			l := h.layoutHelp(rows, "Khamsin map viewer: keys", "F1 or ? shows and hides this help; Esc closes it", pt, aw)
			if l.w <= aw && l.h <= ah {
				fits = true
				break
			}
		}
		if !fits {
			t.Errorf("%dx%d at scale %g: help does not fit above the status bar", c.w, c.h, c.scale)
		}
	}
}

// Wrap keeps its answers (the replay's log is wrapped again every step):
// a kept answer is the one worked out afresh, changing the lines a caller
// got does not change the next answer, and a face resized in place is
// asked afresh.
func TestWrapKeepsItsAnswers(t *testing.T) {
	h, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	long := "T3 #41 battery RA's fire for effect at G3a in 28M7: 10.15-.18 To Hit with Area Fire [d10 7, TQ +0, target is a bunker or Tobruk pit +1 = 8: hit]"
	for _, width := range []float64{180, 260, 500} {
		want := wrap(long, h.Small, width, 12)
		first := Wrap(long, h.Small, width, 12)
		first[0] = "changed by the caller"
		if got := Wrap(long, h.Small, width, 12); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("width %g: kept %q, want %q", width, got, want)
		}
	}
	face := &text.GoTextFace{Source: h.Reg, Size: 12}
	small := Wrap(long, face, 260, 12)
	face.Size = 24
	if big := Wrap(long, face, 260, 12); len(big) <= len(small) {
		t.Errorf("face doubled in place: %d lines, as many as at 12 pt (%d)", len(big), len(small))
	}
}

// wrapByPrefixes is Wrap as it was: every prefix of the line measured
// whole. wrap measures words and shapes the line only near the edge; it
// must break every line where this did.
func wrapByPrefixes(s string, face text.Face, width float64, max int) []string {
	if s == "" || text.Advance(s, face) <= width {
		return []string{s}
	}
	var lines []string
	var cur string
	for _, part := range strings.SplitAfter(s, "  ") {
		for _, w := range strings.SplitAfter(part, " ") {
			if w == "" {
				continue
			}
			if cur != "" && text.Advance(strings.TrimRight(cur+w, " "), face) > width {
				lines = append(lines, strings.TrimRight(cur, " "))
				cur = ""
			}
			cur += w
		}
	}
	if cur = strings.TrimRight(cur, " "); cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > max {
		last := strings.Join(lines[max-1:], " ")
		for last != "" && text.Advance(last+"…", face) > width {
			_, n := utf8.DecodeLastRuneInString(last)
			last = last[:len(last)-n]
		}
		lines = append(lines[:max-1], last+"…")
	}
	return lines
}

// Lines like the log's, the status bar's and the panels': wrap breaks
// them exactly where measuring every prefix did, at every width from 60
// to 900 px, in every HUD face, and the sum of word advances it trusts
// away from the edge is within half of wrapSlack of the shaped line.
func TestWrapByWordsBreaksWherePrefixesDid(t *testing.T) {
	h, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	corpus := []string{
		"T1 #17 battery RA's fire for effect at G3a in 28M7: 10.15-.18 To Hit with Area Fire [d10 7, TQ +0, target is a bunker or Tobruk pit +1 = 8: hit] (§10.15-.18)",
		"T1 #18 G3a's tobruk in 28M7 saves, hit by battery RA: Shooting Saving Throw, column E [d10 7, TQ +1, toughness +3, HE# −6 = 5: +1 damage] (Shooting Saving Throws)",
		"25K4 (26A4)  open brush road  level 2 (base 1.5)  overlay H1  sides J4: wall hillside; K3: hedge; L4: wadi cliff; L5: road; K5: wall",
		"Replay: step 57 of 236 · 22nd Armoured Brigade · Crusader troop A2 moves 26F4 → 26G5 → 26H5 (dust raised: 26G5, 26H5; bog check at 26H5 d10 3 + 1 = 4: passes)",
		"why: the veteran keeps the gun line out of sight of the ridge until the dust settles; it holds 2 objectives and needs none more — Break Point 5 of 7",
		"Click one of your counters to select it; Tab selects the next unit that can act. Right-click selects without giving an order.",
		"minefield of axis: effectiveness +2, hidden from the enemy (F.7C)  tobruk of axis, 1 damage  sangar: the men and guns in it are entrenched",
		"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW iiiiiiiiiiiiiiii AVAVAVAVAV To Ty Yo LT 1111 ffi fl",
	}
	worst := 0.0
	for fi, face := range []*text.GoTextFace{h.Status, h.Small, h.Help, h.Title, h.Notice} {
		for _, s := range corpus {
			for width := 60.0; width <= 900; width += 7 {
				for _, max := range []int{1, 2, 12} {
					got, want := wrap(s, face, width, max), wrapByPrefixes(s, face, width, max)
					if strings.Join(got, "|") != strings.Join(want, "|") {
						t.Errorf("face %d, width %g, %d lines, %q:\n got %q\nwant %q", fi, width, max, s, got, want)
					}
				}
			}
			// the sum of word advances against the shaped prefix, at every word
			cur, curW := "", 0.0
			for _, part := range strings.SplitAfter(s, "  ") {
				for _, w := range strings.SplitAfter(part, " ") {
					if w == "" {
						continue
					}
					if tw := strings.TrimRight(w, " "); tw != "" && cur != "" {
						d := math.Abs(curW + text.Advance(tw, face) - text.Advance(strings.TrimRight(cur+w, " "), face))
						worst = math.Max(worst, d)
					}
					cur += w
					curW += text.Advance(w, face)
				}
			}
		}
	}
	if worst > wrapSlack/2 {
		t.Errorf("word sums differ from the shaped line by up to %.3f px, want <= %.1f", worst, wrapSlack/2)
	}
	t.Logf("word sums within %.4f px of the shaped line", worst)
}

// A help longer than its window scrolls at HelpScrollPt rather than
// shrinking further: HelpScrollMax is the first row from which the rest
// fit above the footer, one row earlier they would not; a help that fits
// does not scroll.
func TestHelpScrollMax(t *testing.T) {
	h, err := NewHUD()
	if err != nil {
		t.Fatal(err)
	}
	var rows []HelpRow
	for i := range 60 {
		rows = append(rows, HelpRow{Keys: fmt.Sprintf("K%d", i), What: strings.Repeat("a key's description, ", 1+i%4)})
	}
	for _, c := range []struct{ w, h int }{{640, 400}, {640, 480}, {800, 600}, {1280, 800}} {
		area := image.Rect(0, 0, c.w, c.h)
		m := h.HelpScrollMax("title", "footer", rows, area)
		if m <= 0 || m >= len(rows) {
			t.Errorf("%dx%d: 60 rows scroll from row %d", c.w, c.h, m)
			continue
		}
		l, fits := h.helpFit("title", "footer", rows, area, HelpScrollPt)
		if fits {
			t.Errorf("%dx%d: 60 rows fit", c.w, c.h)
		}
		need := func(from int) float64 {
			n := 0.0
			for _, w := range l.what[from:] {
				n += float64(len(w)) * l.lineH
			}
			return n
		}
		if room := l.rowsRoom(area); need(m) > room+0.5 || need(m-1) <= room+0.5 {
			t.Errorf("%dx%d: from row %d the rest take %.0f px, from %d %.0f, the room is %.0f", c.w, c.h, m, need(m), m-1, need(m-1), room)
		}
		if got := h.HelpScrollMax("title", "footer", rows[:3], area); got != 0 {
			t.Errorf("%dx%d: three rows scroll from %d", c.w, c.h, got)
		}
	}
}
