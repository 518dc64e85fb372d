package render

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/ai"
	"khamsin/engine/combat"
	"khamsin/engine/game"
	"khamsin/render/ui"
)

// The log panel ("A log worth reading"): each command's events under one
// line that sums it up and opens on a click, a filter to fire and losses
// (F, or a click on the panel's title), and a click on a line that names a
// base or a hex shows it on the map. Everything comes from the side's
// Observation's events and their typed fields, never their text.

// logGroup is one command's events (the same Cmd, in a row).
type logGroup struct {
	key int // the command's number ×64 + its turn, or minus the first event's Seq for the game's own steps
	evs []game.Event
}

// fireKind is whether an event of itself shows in the "fire and
// losses" filter.
func fireKind(k game.EventKind) bool {
	switch k {
	case game.KindFire, game.KindPinned, game.KindLoss, game.KindUnharmed, game.KindSupport, game.KindMorale:
		return true
	}
	return false
}

// fireEvents is the "fire and losses" filter: shots, support, pins,
// losses, harmless hits and morale, with the rolls of fire: a roll whose
// nearest other event before it in the command is a shot or support, or
// after it a shot's outcome (the tables' rolls for Orders, initiative,
// digging in, spotting or bogging are not fire).
func fireEvents(evs []game.Event) []game.Event {
	same := func(a, b game.Event) bool { return a.Cmd == b.Cmd && a.Turn == b.Turn }
	var out []game.Event
	for i, e := range evs {
		if e.Kind != game.KindRoll {
			if fireKind(e.Kind) {
				out = append(out, e)
			}
			continue
		}
		if e.Roll != nil && e.Roll.Table == combat.TableOrders {
			continue
		}
		keep := false
		for j := i - 1; j >= 0 && same(evs[j], e); j-- {
			if evs[j].Kind != game.KindRoll {
				keep = evs[j].Kind == game.KindFire || evs[j].Kind == game.KindSupport
				break
			}
		}
		for j := i + 1; !keep && j < len(evs) && same(evs[j], e); j++ {
			if evs[j].Kind != game.KindRoll {
				keep = fireKind(evs[j].Kind)
				break
			}
		}
		if keep {
			out = append(out, e)
		}
	}
	return out
}

// groupEvents puts events of the same command and turn, in a row, together.
func groupEvents(evs []game.Event) []logGroup {
	var gs []logGroup
	for _, e := range evs {
		// a new turn's procedure, logged by the command that ended the
		// last turn, is a group of its own
		if n := len(gs); n > 0 && gs[n-1].evs[0].Cmd == e.Cmd && gs[n-1].evs[0].Turn == e.Turn && e.Cmd != 0 {
			gs[n-1].evs = append(gs[n-1].evs, e)
			continue
		}
		k := e.Cmd*64 + e.Turn%64
		if e.Cmd == 0 {
			k = -e.Seq
		}
		gs = append(gs, logGroup{key: k, evs: []game.Event{e}})
	}
	return gs
}

// mainEvent is the event that says what a command did: its move, shot,
// call for support, action or activation, else its first event.
func mainEvent(evs []game.Event) int {
	for _, k := range []game.EventKind{game.KindMove, game.KindFire, game.KindSupport, game.KindAction,
		game.KindActivate, game.KindReveal, game.KindMorale, game.KindTurn} {
		for i, e := range evs {
			if e.Kind == k {
				return i
			}
		}
	}
	return 0
}

// count is "1 thing" or "n things".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// groupSummary is a group's one line: its main event's text and the
// counts of the minor events under it.
func groupSummary(evs []game.Event) string {
	m := mainEvent(evs)
	dust := map[string]bool{}
	dustOther, checks, rolls, stuck, other := 0, 0, 0, 0, 0
	moves := false
	for _, e := range evs {
		if e.Kind == game.KindMove {
			moves = true
		}
	}
	for i, e := range evs {
		if i == m {
			continue
		}
		switch {
		case e.Kind == game.KindDust && len(e.Hexes) > 0:
			for _, h := range e.Hexes {
				dust[h] = true
			}
		case e.Kind == game.KindDust:
			dustOther++
		case e.Kind == game.KindRoll && moves && e.Roll != nil && e.Roll.Table == "":
			checks++ // the bog and immobilization checks of the move
		case e.Kind == game.KindRoll:
			rolls++
		case e.Kind == game.KindStuck:
			stuck++
		default:
			other++
		}
	}
	var parts []string
	if len(dust) > 0 {
		parts = append(parts, "raising dust in "+count(len(dust), "hex", "hexes"))
	}
	if checks > 0 {
		c := count(checks, "bog check", "bog checks")
		if stuck == 0 {
			c += " passed"
		}
		parts = append(parts, c)
	}
	if stuck > 0 {
		parts = append(parts, "stuck")
	}
	if rolls > 0 {
		parts = append(parts, count(rolls, "roll", "rolls"))
	}
	if n := other + dustOther; n > 0 {
		parts = append(parts, count(n, "more event", "more events"))
	}
	t := evs[m].Text
	if len(parts) > 0 {
		t += ", " + strings.Join(parts, ", ")
	}
	return t
}

// buildLog lays the log's lines out for a width.
func (s *PlayScene) buildLog(evs []game.Event, wdt float64) {
	s.log = s.log[:0]
	if s.logFire {
		evs = fireEvents(evs)
	}
	indent := "   "
	add := func(t string, e *game.Event, g int, hdr bool, roll bool, pre string) {
		for i, l := range ui.Wrap(t, s.hud.Small, wdt-text.Advance(pre+indent, s.hud.Small), 12) {
			switch {
			case i == 0:
				l = pre + l
			case hdr:
				l = strings.Repeat(" ", len(pre)) + indent + l
			default:
				l = pre + indent + l
			}
			ll := logLine{text: l, first: i == 0, roll: roll, group: g, hdr: hdr}
			if e != nil {
				ll.bases, ll.hexes = e.Bases, e.Hexes
			}
			s.log = append(s.log, ll)
		}
	}
	whys := s.logReasons()
	// why is the computer's reason under its command's first line: part of
	// that line's entry (a click on it does what a click on the line does)
	shown := map[int]bool{} // once a command: its events may run into the next turn's group
	why := func(g logGroup) {
		n := g.evs[0].Cmd
		w := whys[n]
		if w == "" || n == 0 || shown[n] {
			return
		}
		shown[n] = true
		pre := indent + "  "
		for _, l := range ui.Wrap("why: "+w, s.hud.Small, wdt-text.Advance(pre, s.hud.Small), 6) {
			s.log = append(s.log, logLine{text: pre + l, group: g.key, why: true})
		}
	}
	for _, g := range groupEvents(evs) {
		if len(g.evs) == 1 {
			e := g.evs[0]
			add(e.String(), &e, g.key, false, e.Roll != nil, "")
			why(g)
			continue
		}
		open := s.logOpen[[2]int{s.side, g.key}]
		sign := "+ "
		if open {
			sign = "- "
		}
		m := g.evs[mainEvent(g.evs)]
		add(fmt.Sprintf("T%d %s", m.Turn, groupSummary(g.evs)), &m, g.key, true, false, sign)
		why(g)
		if !open {
			continue
		}
		for _, e := range g.evs {
			add(e.String(), &e, g.key, false, e.Roll != nil, "    ")
		}
	}
}

// logReasons are the computer's reasons the log's reader may see, by the
// command's number in the log on the screen (Event.Cmd): the side's own
// while the game goes on, both sides' once it is over
// (Observation.Reasons, issue 20). The end-of-game replay's log is the
// umpire's, numbered as the game counts commands.
func (s *PlayScene) logReasons() map[int]string {
	out := map[int]string{}
	umpire := false
	if r := s.rp(); r != nil && r.side < 0 {
		umpire = true
	}
	for _, r := range s.obs().Reasons() {
		n := r.Seen
		if umpire {
			n = r.N
		}
		if n > 0 {
			out[n] = ai.Readable(r.Why)
		}
	}
	return out
}

// logFirstY is the top of the log's first line on the screen.
func (s *PlayScene) logFirstY() float64 {
	r := s.panel.logRect
	return float64(r.Min.Y) + s.hud.U(4) + s.hud.U(ui.SmallPt*ui.LineGap) + s.hud.U(4)
}

// logClick handles a click in the log: the title switches the filter, a
// group's line opens or closes it, and a line that names a base or a hex
// shows it on the map.
func (s *PlayScene) logClick(cx, cy float64) bool {
	r := s.panel.logRect
	if !s.raw.btnJust(ebiten.MouseButtonLeft) || !image.Pt(int(cx), int(cy)).In(r) {
		return false
	}
	top := s.logFirstY()
	if cy < top {
		s.logFire = !s.logFire
		s.logKey = [2]int{}
		return true
	}
	i := s.logLineAt(cx, cy)
	if i < 0 {
		return true
	}
	l := s.log[logEntryOf(s.log, i)]
	if l.hdr {
		if s.logOpen == nil {
			s.logOpen = map[[2]int]bool{}
		}
		k := [2]int{s.side, l.group}
		s.logOpen[k] = !s.logOpen[k]
		s.logKey = [2]int{}
	}
	s.logShow(l)
	return true
}

// logShow centres the map on what a log line names: its first base the
// side can see (selected, outside a replay), else its first hex.
func (s *PlayScene) logShow(l logLine) {
	for _, id := range l.bases {
		b, ok := s.bases[id]
		if !ok {
			continue
		}
		if s.rp() == nil {
			s.selectBase(id)
		}
		if h, err := s.g.HexOf(b.Hex); err == nil {
			s.board.LookAt(h, 0)
		}
		return
	}
	for _, lbl := range l.hexes {
		if h, err := s.g.HexOf(lbl); err == nil {
			s.board.LookAt(h, 0)
			return
		}
	}
}

// logLineAt is the index of the log line at (cx,cy), or -1.
func (s *PlayScene) logLineAt(cx, cy float64) int {
	top := s.logFirstY()
	if !image.Pt(int(cx), int(cy)).In(s.panel.logRect) || cy < top {
		return -1
	}
	n := s.logVisible()
	end := len(s.log) - s.logBack
	start := max(0, end-n)
	i := start + int((cy-top)/s.hud.U(ui.SmallPt*ui.LineGap))
	if i < start || i >= end || i >= len(s.log) {
		return -1
	}
	return i
}

// logEntryOf is the first line of the entry line i is in.
func logEntryOf(ls []logLine, i int) int {
	for i > 0 && !ls[i].first {
		i--
	}
	return i
}

// logHover is the first line of the log entry under the cursor that a
// click does something with (opens a group, names a base or a hex), or -1.
func (s *PlayScene) logHover() int {
	i := s.logLineAt(s.raw.cur.CursorX, s.raw.cur.CursorY)
	if i < 0 {
		return -1
	}
	i = logEntryOf(s.log, i)
	if l := s.log[i]; l.hdr || len(l.bases) > 0 || len(l.hexes) > 0 {
		return i
	}
	return -1
}
