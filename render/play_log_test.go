package render

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/combat"
	"khamsin/engine/game"
	"khamsin/render/ui"
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
	y := s.logFirstY() + (float64(i-start)+0.5)*s.hud.U(ui.SmallPt*ui.LineGap)
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
		c := s.board.Pix.Center(h)
		x, y := s.board.Cam.WorldToScreen(c.X, c.Y)
		if a := s.board.FitArea(); !image.Pt(int(x), int(y)).In(a) {
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
	// a click on the log's title switches it too
	r := s.panel.logRect
	p.click(float64(r.Min.X)+20, float64(r.Min.Y)+s.hud.U(8))
	if !s.logFire {
		t.Fatal("a click on the log's title did not switch to fire and losses")
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

// The summary counts a move's dust hexes and checks; the fire filter
// keeps shots, table rolls and losses and drops the move's checks, its
// dust and the Orders roll.
func TestPlayLogSummaryAndFireKinds(t *testing.T) {
	mv := game.Event{Seq: 2, Cmd: 3, Kind: game.KindMove, Bases: []string{"A8b"}, Hexes: []string{"26X5", "26Y7"}, Text: "A8b moves 26X5 → 26Y7 (9 MP)"}
	evs := []game.Event{
		{Seq: 1, Cmd: 3, Kind: game.KindActivate, Text: "activates A8"},
		mv,
		{Seq: 3, Cmd: 3, Kind: game.KindRoll, Text: "A8b: sand-bog check in 26X6", Roll: &game.Roll{Dice: "2d6"}},
		{Seq: 4, Cmd: 3, Kind: game.KindRoll, Text: "A8b: sand-bog check in 26Y6", Roll: &game.Roll{Dice: "2d6"}},
	}
	for i, h := range []string{"26X5", "26X6", "26Y6", "26Y7"} {
		evs = append(evs, game.Event{Seq: 5 + i, Cmd: 3, Kind: game.KindDust, Hexes: []string{h}, Text: "A8b raises vehicle dust in " + h})
	}
	shot := game.Event{Seq: 9, Cmd: 4, Kind: game.KindFire, Bases: []string{"G7a", "A8b"}, Text: "G7a fires at A8b"}
	hit := game.Event{Seq: 10, Cmd: 4, Kind: game.KindRoll, Text: "G7a: to hit", Roll: &game.Roll{Dice: "d10", Table: "10.8 To Hit"}}
	loss := game.Event{Seq: 11, Cmd: 4, Kind: game.KindLoss, Bases: []string{"A8b"}, Text: "A8b is knocked out"}
	orders := game.Event{Seq: 12, Cmd: 4, Kind: game.KindRoll, Text: "Orders", Roll: &game.Roll{Dice: "d10", Table: combat.TableOrders}}
	evs = append(evs, shot, orders, hit, loss) // an Orders roll (as by a test) amid a shot is no fire
	gs := groupEvents(evs)
	if len(gs) != 2 || len(gs[0].evs) != 8 || len(gs[1].evs) != 4 {
		t.Fatalf("groups %+v", gs)
	}
	want := "A8b moves 26X5 → 26Y7 (9 MP), raising dust in 4 hexes, 2 bog checks passed, 1 more event"
	if got := groupSummary(gs[0].evs); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if got := groupSummary(gs[1].evs); got != "G7a fires at A8b, 2 rolls, 1 more event" {
		t.Errorf("shot summary %q", got)
	}
	// a dig-in roll is no fire
	dig := []game.Event{
		{Seq: 13, Cmd: 5, Kind: game.KindActivate, Text: "activates A3"},
		{Seq: 14, Cmd: 5, Kind: game.KindRoll, Text: "A3b digs in", Roll: &game.Roll{Dice: "d10", Table: "7.6 Dig-In"}},
		{Seq: 15, Cmd: 5, Kind: game.KindAction, Text: "A3b is dug in"},
	}
	var kept []int
	for _, e := range fireEvents(append(evs, dig...)) {
		kept = append(kept, e.Seq)
	}
	if fmt.Sprint(kept) != "[9 10 11]" {
		t.Errorf("fire and losses keeps events %v, want [9 10 11]", kept)
	}
}

// A new turn's procedure is not buried under the command that ended the
// last turn.
func TestPlayLogNewTurnIsItsOwnGroup(t *testing.T) {
	evs := []game.Event{
		{Seq: 1, Turn: 1, Cmd: 9, Kind: game.KindActivate, Text: "activates A8"},
		{Seq: 2, Turn: 1, Cmd: 9, Kind: game.KindMove, Text: "A8b moves"},
		{Seq: 3, Turn: 2, Cmd: 9, Kind: game.KindTurn, Text: "Turn 2"},
		{Seq: 4, Turn: 2, Cmd: 9, Kind: game.KindTurn, Text: "initiative"},
	}
	gs := groupEvents(evs)
	if len(gs) != 2 || len(gs[1].evs) != 2 || gs[0].key == gs[1].key {
		t.Fatalf("groups %+v, want turn 1's move and turn 2's procedure apart", gs)
	}
}

// "A log worth reading" 3: a line that names only a hex (or a base the
// side cannot see) centres the map on its hex and selects nothing.
func TestPlayLogShowsAHex(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	s := p.s
	s.layoutPanel()
	hs := s.g.Map.Hexes()
	near, far := hs[0], hs[len(hs)-1]
	on := func() bool {
		c := s.board.Pix.Center(far)
		x, y := s.board.Cam.WorldToScreen(c.X, c.Y)
		return image.Pt(int(x), int(y)).In(s.board.FitArea())
	}
	s.board.LookAt(near, 3)
	if on() {
		t.Skip("the map's last hex is on the screen at its first")
	}
	s.sel = ""
	s.logShow(logLine{bases: []string{"NOSUCH"}, hexes: []string{s.g.Label(far)}})
	if !on() {
		t.Errorf("%s is off the map area after showing it", s.g.Label(far))
	}
	if s.sel != "" {
		t.Errorf("showing a hex selected %q", s.sel)
	}
}
