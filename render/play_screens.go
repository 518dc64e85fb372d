package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/ui"
)

// The play screen's own screens over the shared table (the game, the side
// at the screen, its camera, the log, the dice box, the panel): the hot
// seat's hand-over, a replay, the end of the game, help. They are kept on
// a stack, the top one reading the tick's input, so a new screen is a new
// type with its own update and draw rather than another flag and an early
// return whose place in Update matters (issue 18, "Structure").
type tableScreen interface {
	// update reads the tick's input for the screen.
	update(s *PlayScene, ctx *ui.Context)
	// draw draws the screen over the table (or, when opaque, instead of it).
	draw(s *PlayScene, dst *ebiten.Image)
	// opaque: nothing of the map is drawn under it (the hand-over screen
	// shows nothing of either side).
	opaque() bool
	// freezes: the table under it stands still — no computer command, no
	// change of side — while it is up (the hand-over, a replay).
	freezes() bool
}

// top is the screen on top, nil when the table itself has the input.
func (s *PlayScene) top() tableScreen {
	if len(s.screens) == 0 {
		return nil
	}
	return s.screens[len(s.screens)-1]
}

// push puts sc on top.
func (s *PlayScene) push(sc tableScreen) { s.screens = append(s.screens, sc) }

// pop takes the top screen away if it is sc.
func (s *PlayScene) pop(sc tableScreen) {
	if s.top() == sc {
		s.screens = s.screens[:len(s.screens)-1]
	}
}

// remove takes every screen that match off the stack.
func (s *PlayScene) remove(match func(tableScreen) bool) {
	out := s.screens[:0]
	for _, sc := range s.screens {
		if !match(sc) {
			out = append(out, sc)
		}
	}
	clear(s.screens[len(out):])
	s.screens = out
}

// frozen reports a screen on the stack that stops the table.
func (s *PlayScene) frozen() bool {
	for _, sc := range s.screens {
		if sc.freezes() {
			return true
		}
	}
	return false
}

// find is the topmost screen of type T on the stack.
func find[T tableScreen](s *PlayScene) (T, bool) {
	for i := len(s.screens) - 1; i >= 0; i-- {
		if t, ok := s.screens[i].(T); ok {
			return t, true
		}
	}
	var zero T
	return zero, false
}

// handOverScreen is the hot seat's hand-over: nothing of either side on
// the screen until the incoming player takes it (or watches the replay).
type handOverScreen struct{}

func (*handOverScreen) update(s *PlayScene, ctx *ui.Context) { s.coverInput(ctx) }
func (*handOverScreen) draw(s *PlayScene, dst *ebiten.Image) { s.drawCover(dst) }
func (*handOverScreen) opaque() bool                         { return true }
func (*handOverScreen) freezes() bool                        { return true }

// replayScreen is a replay on the table: the hot seat's of the turn, or
// the whole game's from the end screen (which comes back when it ends).
type replayScreen struct{ r *replay }

func (*replayScreen) update(s *PlayScene, ctx *ui.Context) { s.replayUpdate(ctx) }
func (*replayScreen) draw(s *PlayScene, dst *ebiten.Image) {} // its banner and panel lines are the table's
func (*replayScreen) opaque() bool                         { return false }
func (*replayScreen) freezes() bool                        { return true }

// resultScreen is the end of the game over the map.
type resultScreen struct{}

func (*resultScreen) update(s *PlayScene, ctx *ui.Context) {
	s.soundRattle(ctx)
	s.layoutPanel()      // the panel under the result says the game is over, not who was acting
	if s.reviewInput() { // B: the review (play_review.go)
		ctx.Sound.Click()
		return
	}
	s.resultInput(ctx)
}
func (*resultScreen) draw(s *PlayScene, dst *ebiten.Image) {
	s.drawResult(dst)
	s.drawButtonAt(dst, s.reviewButton()) // the review (play_review.go)
}
func (*resultScreen) opaque() bool  { return false }
func (*resultScreen) freezes() bool { return false }

// helpScreen is F1's help: the keys, and How to play behind Tab.
type helpScreen struct {
	howto howToView
	top   int // the first row of the keys shown (they scroll in a small window)
}

func (h *helpScreen) update(s *PlayScene, ctx *ui.Context) { s.helpInput(h) }
func (h *helpScreen) draw(s *PlayScene, dst *ebiten.Image) {
	if h.howto.open {
		h.howto.draw(dst, s.hud, s.w, s.h)
	} else {
		s.drawHelp(dst, h.top)
	}
}
func (*helpScreen) opaque() bool  { return false }
func (*helpScreen) freezes() bool { return false }

// Screen accessors for the rest of the play screen and its tests.

// help is the help screen up, nil if none.
func (s *PlayScene) help() *helpScreen {
	h, _ := find[*helpScreen](s)
	return h
}

// covered reports the hand-over screen up.
func (s *PlayScene) covered() bool {
	_, ok := find[*handOverScreen](s)
	return ok
}

// rp is the replay on the screen, nil if none.
func (s *PlayScene) rp() *replay {
	if r, ok := find[*replayScreen](s); ok {
		return r.r
	}
	return nil
}

// resultUp reports the end-of-game screen up (not put away to look at
// the map).
func (s *PlayScene) resultUp() bool {
	_, ok := find[*resultScreen](s)
	return ok
}

// showResult puts the end-of-game screen up, under any help and above
// the rest, once the game is over.
func (s *PlayScene) showResult() {
	if !s.g.Over() || s.resultUp() {
		return
	}
	if h := s.help(); h != nil {
		s.pop(h)
		s.push(&resultScreen{})
		s.push(h)
		return
	}
	s.push(&resultScreen{})
}
