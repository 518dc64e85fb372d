package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
)

// logHarness plays dawn to the activation phase and moves bases of the
// side to act, far, until a move rolls bog checks on its way.
func logHarness(t *testing.T) (*playHarness, game.Event) {
	t.Helper()
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	p.toActivation()
	p.idle(1)
	for try := 0; try < 40; try++ {
		var best string
		for _, c := range p.g.Legal() {
			if strings.HasPrefix(c, "move ") && len(c) > len(best) {
				best = c
			}
		}
		if best == "" {
			break
		}
		if !p.s.do(best, &p.ctx) {
			t.Fatalf("%s refused: %s", best, p.s.msg)
		}
		p.idle(1)
		evs := p.s.obs().Events()
		last := evs[len(evs)-1].Cmd
		dust := 0
		var mv game.Event
		for _, e := range evs {
			if e.Cmd == last && e.Kind == game.KindRoll {
				dust++
			}
			if e.Cmd == last && e.Kind == game.KindMove && mv.Text == "" {
				mv = e
			}
		}
		if dust > 1 && mv.Text != "" {
			return p, mv
		}
	}
	t.Skip("no move in dawn rolled a bog check")
	return nil, game.Event{}
}

// logLineOf is the index of the log line that begins with the text.
func logLineOf(s *PlayScene, sub string) int {
	for i, l := range s.log {
		if strings.Contains(l.text, sub) {
			return i
		}
	}
	return -1
}

// "A log worth reading" 1 and 3: a move's events are one line that sums
// them up (its move, its bog checks), and a click on it opens the group,
// selects the base it names and shows it on the map.
func TestPlayLogGroupsACommand(t *testing.T) {
	p, mv := logHarness(t)
	s := p.s
	s.updateLogScroll(-1, -1)
	i := logLineOf(s, mv.Text)
	if i < 0 {
		t.Fatalf("no log line with %q", mv.Text)
	}
	if !s.log[i].hdr || !strings.Contains(entryText(s, i), "bog checks passed") {
		t.Fatalf("the move's line %q is not a summary with its checks:\n%s", s.log[i].text, logDump(s))
	}
	if logLineOf(s, " check in ") >= 0 {
		t.Fatalf("a check of a closed group shows in the log:\n%s", logDump(s))
	}
	// click the summary: the group opens with every event in it
	s.logBack = 0
	s.updateLogScroll(-1, -1)
	i = logLineOf(s, mv.Text)
	n := s.logVisible()
	start := max(0, len(s.log)-n)
	if i < start {
		t.Fatalf("the move's line %d is not on the screen (from %d)", i, start)
	}
	r := s.panel.logRect
	y := s.logFirstY() + (float64(i-start)+0.5)*s.hud.u(hudSmallPt*hudLineGap)
	p.click(float64(r.Min.X)+20, y)
	if logLineOf(s, " check in ") < 0 {
		t.Fatalf("clicking the move's summary did not open it:\n%s", logDump(s))
	}
	// and selected the base the move names, centred on it
	if len(mv.Bases) > 0 && s.Selected() != mv.Bases[0] {
		t.Errorf("clicking %q selected %q, want %s", mv.Text, s.Selected(), mv.Bases[0])
	}
	if len(mv.Bases) > 0 {
		h, _ := s.g.HexOf(s.bases[mv.Bases[0]].Hex)
		c := s.board.pix.Center(h)
		x, y := s.board.cam.WorldToScreen(c.X, c.Y)
		if a := s.board.fitArea(); !image.Pt(int(x), int(y)).In(a) {
			t.Errorf("%s's hex is at (%.0f,%.0f), off the map area %v, after the click", mv.Bases[0], x, y, a)
		}
	}
}

// "A log worth reading" 2: F keeps fire and losses only, and the
// filter stays while the game runs.
func TestPlayLogFilter(t *testing.T) {
	p, mv := logHarness(t)
	s := p.s
	p.key(ebiten.KeyF)
	if !s.logFire {
		t.Fatal("F did not switch the log to fire and losses")
	}
	for _, l := range s.log {
		if strings.Contains(l.text, mv.Text) || strings.Contains(l.text, " check in ") {
			t.Fatalf("fire and losses shows %q", l.text)
		}
	}
	p.idle(3)
	if !s.logFire {
		t.Fatal("the filter did not stay")
	}
	p.key(ebiten.KeyF)
	if s.logFire || logLineOf(s, mv.Text) < 0 {
		t.Fatalf("F again did not show everything:\n%s", logDump(s))
	}
}

// entryText is the log entry from line i on, its wrapped lines joined.
func entryText(s *PlayScene, i int) string {
	t := s.log[i].text
	for j := i + 1; j < len(s.log) && !s.log[j].first; j++ {
		t += " " + strings.TrimSpace(s.log[j].text)
	}
	return t
}

func logDump(s *PlayScene) string {
	var b strings.Builder
	for _, l := range s.log {
		b.WriteString(l.text + "\n")
	}
	return b.String()
}
