package render

import (
	"fmt"
	"image/color"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// Replays (issue 10): after the hot seat's hand-over the incoming player
// may watch the opponent's activations since their own last turn, and
// the end-of-game screen replays the whole game. Both step a ghost game —
// a fresh game.New on the same scenario and seed, fed the real game's
// commands one at a time — and show after each step the ghost's view for
// the watching side (game.ViewAs, game.EventsFor): what that side saw
// then, filtered by the engine, never by the drawing. The real game is
// not touched.

// replay is a ghost game stepping through commands already played.
type replay struct {
	ghost  *game.Game
	cmds   []string // the commands still to show
	next   int
	total  int
	side   int    // whose view is shown; -1: the umpire's (end of game)
	pace   int    // ticks between steps
	wait   int    //
	paused bool   //
	what   string // "Replay of allies' activations", "Replay of the game"
	end    bool   // the end-of-game replay (returns to the result screen)
	seen   int    // events of the ghost's log the side has been shown
	from   int    // the commands the ghost had played when the replay began
}

// newReplay rebuilds g as it stood after its first from commands, ready
// to step through the rest, seen by side.
func newReplay(g *game.Game, from, side, pace int) (*replay, error) {
	return replayOn(nil, g, from, side, pace)
}

// replayOn is newReplay reusing ghost when it is an earlier state of g
// (its commands a prefix of g's, no further than from): the hot seat keeps
// one per side, so a hand-over replays only the commands since the last.
func replayOn(ghost *game.Game, g *game.Game, from, side, pace int) (*replay, error) {
	if from < 0 || from > len(g.Cmds()) {
		return nil, fmt.Errorf("replay: no command %d", from)
	}
	if ghost == nil || ghost.Scn != g.Scn || ghost.Seed != g.Seed || len(ghost.Cmds()) > from || !slices.Equal(ghost.Cmds(), g.Cmds()[:len(ghost.Cmds())]) {
		var err error
		if ghost, err = game.New(g.Scn, g.Seed); err != nil {
			return nil, err
		}
	}
	for i := len(ghost.Cmds()); i < from; i++ {
		if _, err := ghost.Do(g.Cmds()[i]); err != nil {
			return nil, fmt.Errorf("replay: command %d %q refused: %v", i+1, g.Cmds()[i], err)
		}
	}
	r := &replay{ghost: ghost, cmds: append([]string(nil), g.Cmds()[from:]...), side: side, pace: max(1, pace), from: from}
	r.total = len(r.cmds)
	r.seen = len(ghost.EventsFor(side))
	return r, nil
}

// done reports every command shown.
func (r *replay) done() bool { return r.next >= len(r.cmds) }

// step plays the next command on the ghost and returns it, the events
// the side may read, and the path of a move (nil otherwise).
func (r *replay) step() (string, []game.Event, []string, error) {
	c := r.cmds[r.next]
	r.next++
	path := movePath(r.ghost, c)
	if _, err := r.ghost.Do(c); err != nil {
		return c, nil, nil, fmt.Errorf("replay: command %q refused: %v", c, err)
	}
	evs := r.ghost.EventsFor(r.side)
	out := evs[min(r.seen, len(evs)):]
	r.seen = len(evs)
	return c, out, path, nil
}

// view is the ghost's view for the side.
func (r *replay) view() game.View { return r.ghost.ViewAs(r.side) }

// movePath is the path a "move BASE HEX" command will take in g, or nil.
func movePath(g *game.Game, c string) []string {
	f := strings.Fields(c)
	if len(f) != 3 || f[0] != "move" {
		return nil
	}
	opts, err := g.MoveOptions(f[1])
	if err != nil {
		return nil
	}
	for _, o := range opts {
		if o.Hex == f[2] {
			return o.Path
		}
	}
	return nil
}

// plural is "1 command", "3 commands".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// toWatch is how many commands the incoming side has not seen.
func (s *PlayScene) toWatch() int {
	if s.opts.Mode != ModeHotseat || s.g.Over() {
		return 0
	}
	return max(0, len(s.g.Cmds())-s.seen[s.g.Actor()])
}

// startTurnReplay starts the incoming side's replay of what happened
// since it last had the screen.
func (s *PlayScene) startTurnReplay() {
	side := s.g.Actor()
	r, err := replayOn(s.ghosts[side], s.g, s.seen[side], side, s.opts.AIDelay)
	if err != nil {
		s.post(err.Error(), true)
		return
	}
	s.ghosts[side] = r.ghost
	r.what = fmt.Sprintf("Replay for %s: what your side saw since your last turn", s.g.Side(side).Name)
	s.beginReplay(r)
}

// startGameReplay replays the whole game for everyone at speed (the end-of-game screen).
func (s *PlayScene) startGameReplay() {
	r, err := newReplay(s.g, 0, -1, endReplayPace(s.opts.AIDelay))
	if err != nil {
		s.post(err.Error(), true)
		return
	}
	r.what, r.end = "Replay of the whole game, everything shown", true
	s.beginReplay(r)
}

// endReplayPace is the end-of-game replay's ticks a step: a quarter of
// the computer's pace, never quicker than 0.1 s a step.
func endReplayPace(aiDelay int) int { return max(6, aiDelay/4) }

// paceText says a pace in ticks as the panel shows it, to the tick
// ("0.1 s", "0.05 s", "0.6 s").
func paceText(ticks int) string {
	return strconv.FormatFloat(float64(ticks)/60, 'g', 2, 64) + " s"
}

// replayGCPercent is the garbage collector's target while a replay runs.
// Each step rebuilds the side's view and log (with the reasons wrapped
// under their commands) from the ghost game, so a replay makes garbage
// at a steady rate while little else is live; at the default 100 the
// heap swung between about 70 and 145 MB and a whole game's replay
// peaked just over the window's 400 MB (docs/performance.md). The
// replay is paced (a step every 0.1 s or more), so the extra collections
// cost frames nothing.
const replayGCPercent = 50

func (s *PlayScene) beginReplay(r *replay) {
	if !s.gcLowered {
		s.gcWas, s.gcLowered = debug.SetGCPercent(replayGCPercent), true
	}
	s.push(&replayScreen{r: r}) // over the end screen, which is back when it stops
	s.sel, s.selUnit, s.mode, s.plotted = "", "", "", ""
	s.legal = nil
	s.moves, s.targets, s.spotable, s.optsKey = nil, nil, nil, ""
	s.odds, s.oddsErr, s.preview, s.aodds = nil, "", nil, nil
	s.showView(r.view())
	s.logBack = 0
	s.post(fmt.Sprintf("%s — %s; Space pauses, Esc stops", r.what, plural(r.total, "command")), false)
}

// stopReplay puts the real game back on the screen.
func (s *PlayScene) stopReplay() {
	if s.gcLowered {
		debug.SetGCPercent(s.gcWas)
		s.gcLowered = false
	}
	s.remove(func(sc tableScreen) bool { _, r := sc.(*replayScreen); return r })
	s.anim = nil
	s.dice, s.rattle = nil, 0 // the replay's rolls are not the game's
	s.refresh()
	s.layoutPanel() // no replay lines left in the panel, whichever screen comes next
	s.post("replay over: the game as it stands now", false)
}

// replayUpdate steps the replay at its pace and reads its keys and buttons.
func (s *PlayScene) replayUpdate(ctx *ui.Context) {
	in := &s.raw
	r := s.rp()
	s.layoutCounters()
	s.layoutPanel()
	stop := s.act.JustPressed(ui.ActionClose) || s.act.JustPressed(ui.ActionConfirm)
	pause := s.act.JustPressed(ui.ActionPause)
	if in.btnJust(ebiten.MouseButtonLeft) {
		pt := imagePt(in.cur.CursorX, in.cur.CursorY)
		for _, b := range s.buttons {
			if pt.In(b.r) {
				switch b.key {
				case "Esc":
					stop = true
				case "Space":
					pause = true
				}
			}
		}
	}
	if stop {
		ctx.Sound.Click()
		s.stopReplay()
		s.hoverAt = -1
		return
	}
	if pause {
		r.paused = !r.paused
	}
	s.soundRattle(ctx)
	// one step every pace ticks, as the panel says: a move's slide is
	// fitted into its step (moveAnim.dur), never added to it
	if !r.paused {
		r.wait++
	}
	if r.wait >= r.pace && !r.paused {
		r.wait = 0
		if r.done() {
			s.stopReplay()
			s.hoverAt = -1
			return
		}
		c, evs, path, err := r.step()
		if err != nil {
			s.post(err.Error(), true)
			s.stopReplay()
			s.hoverAt = -1
			return
		}
		s.showView(r.view())
		s.showRolls(evs)
		s.cues(c, evs, ctx)
		if f := strings.Fields(c); path != nil {
			if _, seen := s.bases[f[1]]; seen {
				s.anim = &moveAnim{base: f[1], path: path, start: s.tick, dur: min(animTicks, r.pace)}
				// a move the side saw ending off the screen: look there
				if x, y, ok := s.screenOf(path[len(path)-1]); ok && !imagePt(x, y).In(s.mapArea()) {
					if h, err := s.g.HexOf(path[len(path)-1]); err == nil {
						s.board.LookAt(h, 0)
					}
				}
			}
		}
		msg := fmt.Sprintf("replay %d/%d", r.next, r.total)
		switch {
		case len(evs) > 0:
			msg += ": " + evs[len(evs)-1].String()
		case r.side < 0: // everything shown: nothing is out of sight
			msg += ": " + c
		default:
			msg += ": the other side acted out of sight"
		}
		if w := s.replayReason(r, len(evs) > 0); w != "" {
			msg += " — why: " + w
		}
		s.post(msg, false)
	}
	s.layoutCounters()
	s.layoutPanel()
	s.updateLogScroll(in.cur.CursorX, in.cur.CursorY)
	s.hoverAt = s.counterAt(in.cur.CursorX, in.cur.CursorY)
}

// replayReason is the computer's reason for the command the replay has
// just shown, if the watching side may read it (Observation.Reasons: its
// own, both sides' once the game is over) and saw the command (or the
// replay shows everything).
func (s *PlayScene) replayReason(r *replay, saw bool) string {
	if !saw && r.side >= 0 {
		return ""
	}
	n := r.from + r.next // the command's number in the game
	for _, w := range s.obs().Reasons() {
		if w.N == n {
			return ai.Readable(w.Why)
		}
	}
	return ""
}

// replayPanel adds the replay's lines and buttons to the panel.
func (s *PlayScene) replayPanel(add func(string, bool, color.RGBA)) []button {
	r := s.rp()
	add(r.what, false, ui.Accent)
	state := fmt.Sprintf("Step %d of %d · one every %s", r.next, r.total, paceText(r.pace))
	if r.paused {
		state += " · paused"
	}
	add(state, false, ui.Ink)
	if r.side >= 0 {
		add("Only what your side could see is shown; unseen enemy moves appear as contacts or not at all.", false, ui.Dim)
	}
	pause := "Pause"
	if r.paused {
		pause = "Resume"
	}
	return []button{{label: pause, key: "Space"}, {label: "Stop", key: "Esc"}}
}

// events is the log on the screen: the replay's while one runs.
func (s *PlayScene) events() []game.Event {
	if r := s.rp(); r != nil {
		return r.ghost.EventsFor(r.side)
	}
	return s.obs().Events()
}

// showRolls puts already-filtered events' rolls in the dice box.
func (s *PlayScene) showRolls(evs []game.Event) {
	var rolls []game.Event
	for _, e := range evs {
		if e.Roll != nil {
			rolls = append(rolls, e)
		}
	}
	if len(rolls) > 0 {
		s.dice, s.diceTick, s.rattle = rolls, s.tick, 3
	}
}

// cues plays a command's sounds: the gun or small arms of a shot or an
// assault, an engine for a vehicle's move, dice for rolls the screen saw.
func (s *PlayScene) cues(c string, evs []game.Event, ctx *ui.Context) {
	if ctx == nil || ctx.Sound == nil {
		return
	}
	f := strings.Fields(c)
	if len(f) < 2 {
		return
	}
	cls := ""
	if b, ok := s.bases[f[1]]; ok {
		cls = b.Class
	}
	switch f[0] {
	case "fire", "assault":
		if cls == "armoured" || cls == "combat" || cls == "gun" {
			ctx.Sound.Play(sound.CueGun)
		} else {
			ctx.Sound.Play(sound.CueSmallArms)
		}
		return
	case "move":
		if cls == "armoured" || cls == "combat" || cls == "transport" {
			ctx.Sound.Play(sound.CueEngine)
			return
		}
	}
	for _, e := range evs {
		if e.Roll != nil {
			ctx.Sound.Play(sound.CueDice)
			return
		}
	}
}

// replayBanner is the line across the map while a replay runs.
func (s *PlayScene) replayBanner() string {
	r := s.rp()
	v := s.view
	return fmt.Sprintf("REPLAY — turn %d, %s phase · step %d of %d · Space pause · Esc stop", v.Turn, v.Phase, r.next, r.total)
}

// coverButtons are the hand-over screen's two choices.
func (s *PlayScene) coverButtons() []button {
	u := s.hud.U
	w, h := float64(s.w), float64(s.h)
	bw, bh := u(300), u(44)
	y := h/2 + u(100)
	take := button{r: rectF(w/2-bw/2, y, bw, bh), label: "Take the screen", key: "Space"}
	if s.toWatch() == 0 {
		return []button{take}
	}
	take.r = rectF(w/2+u(8), y, bw, bh)
	watch := button{r: rectF(w/2-u(8)-bw, y, bw, bh), label: "Watch the replay", key: "W"}
	return []button{watch, take}
}

// coverInput reads the hand-over screen: W watches the replay first,
// Space or Enter takes the screen at once.
func (s *PlayScene) coverInput(ctx *ui.Context) {
	in := &s.raw
	watch := s.act.JustPressed(ui.ActionReplay) && s.toWatch() > 0
	take := s.act.JustPressed(ui.ActionPause) || s.act.JustPressed(ui.ActionConfirm)
	if in.btnJust(ebiten.MouseButtonLeft) {
		pt := imagePt(in.cur.CursorX, in.cur.CursorY)
		for _, b := range s.coverButtons() {
			if pt.In(b.r) {
				watch, take = b.key == "W", b.key != "W"
			}
		}
	}
	if !watch && !take {
		return
	}
	missed := s.toWatch()
	s.remove(func(sc tableScreen) bool { _, c := sc.(*handOverScreen); return c })
	s.sel, s.selUnit, s.mode = "", "", ""
	s.setSide(s.g.Actor())
	ctx.Sound.Click()
	// what happened since the incoming side last acted, before the map:
	// with the replay offer after it, or after the replay chosen here
	s.sum = s.buildSummary(s.side)
	s.layoutSummary()
	if s.sum != nil && !watch {
		s.sum.watch = missed
	}
	if watch {
		s.startTurnReplay()
	}
}

// drawButtonAt draws a labelled button.
func (s *PlayScene) drawButtonAt(dst *ebiten.Image, b button) {
	u := s.hud.U
	ui.FillRect(dst, float64(b.r.Min.X), float64(b.r.Min.Y), float64(b.r.Dx()), float64(b.r.Dy()), btnFill)
	edge := btnEdge
	if imagePt(s.raw.cur.CursorX, s.raw.cur.CursorY).In(b.r) {
		edge = ui.Accent
	}
	strokeRectF(dst, b.r, u(1.2), edge)
	l := fitText2(b.label+"  ["+b.key+"]", s.boldFace(), float64(b.r.Dx())-u(12))
	ui.CentredText(dst, l, s.boldFace(), float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2, ui.Ink)
}
