package los

import (
	"sync"
	"sync/atomic"

	"khamsin/hexmap"
)

// Thread templates (brief §4's speed lever). hexmap's thread depends only
// on the vector between its ends, never on where it starts, so the steps of
// every vector are traced once and kept: a query walks the template,
// offset by its start, instead of tracing, and stops at the first block
// (a trace would have gone on to the far end). The ranges of each hex on
// the thread from both ends, which the rules need, are kept with it.

// tstep is one step of a template: hexmap.Step with its hex as an offset
// from the thread's start, and for a StepHex its ranges from the two ends.
type tstep struct {
	dq, dr int16
	kind   hexmap.StepKind
	dir    hexmap.Dir
	vertex bool   // StepCross: Step.AtVertex
	d1, d2 uint16 // StepHex: ranges from the two ends; else 0, 1 or 1, 0 (Grid.lean)
	qi     int32  // the step's entry in Grid.lean less the start's
}

// hex is the step's hex on a thread starting at a.
func (t *tstep) hex(a hexmap.Hex) hexmap.Hex {
	return hexmap.Hex{Q: a.Q + int(t.dq), R: a.R + int(t.dr)}
}

// step is the hexmap.Step t stands for on a thread starting at a.
func (t *tstep) step(a hexmap.Hex) hexmap.Step {
	return hexmap.Step{Kind: t.kind, Hex: t.hex(a), Dir: t.dir, AtVertex: t.vertex}
}

// template is one vector's thread: its steps, and each step's lean
// entry alone (qi) for the lean walk's tight loop.
//
// The door (check.go) walks a shorter list: the thread's hexes and
// stretches along a hexside alone, without the crossings between them
// (about half the steps). A crossing is a hexside of the hexes just
// before and after it on the thread, so a wall or crest there is seen
// through those hexes' entries in Grid.leanC, which send any hex with
// such a hexside to the full list.
type template struct {
	cs    []cstep // the hex and stretch steps alone (door)
	rng   int     // range between the ends
	qi    []int32
	steps []tstep
}

// cstep is one step of a template's short list.
type cstep struct {
	q     int32  // entry in Grid.leanC less the start's
	d1, s uint16 // a hex's range from the first end and d1+d2; a stretch's first hex's
	k     int32  // index in steps
}

// templates holds the template of every vector between two hexes of a
// grid's box, built on first use. Grids that share geometry (WithRuins)
// share it; any number of goroutines may fill it at once (a template is
// only ever replaced by an equal one).
type templates struct {
	w, h int // vectors have |dq| < w, |dr| < h
	t    []atomic.Pointer[template]
}

func newTemplates(w, h int) *templates {
	if w <= 0 || h <= 0 || (2*w-1)*(2*h-1) > 1<<21 {
		return nil // no map, or one far larger than any layout: trace instead
	}
	// A template depends on the box's size alone, so grids of one size
	// share one table: every game of a scenario (khamsin balance plays
	// hundreds, each with the game's grid and the computer players'),
	// and the lookahead's, traces each vector once, not once per grid.
	shared.mu.Lock()
	defer shared.mu.Unlock()
	for i, t := range shared.recent {
		if t.w == w && t.h == h {
			copy(shared.recent[1:i+1], shared.recent[:i])
			shared.recent[0] = t
			return t
		}
	}
	t := &templates{w: w, h: h, t: make([]atomic.Pointer[template], (2*w-1)*(2*h-1))}
	if len(shared.recent) < maxShared {
		shared.recent = append(shared.recent, nil)
	}
	copy(shared.recent[1:], shared.recent)
	shared.recent[0] = t
	return t
}

// shared is the template tables of the box sizes used last, most recent
// first: a few layouts' worth (each at most a few MB, filled as used).
var shared struct {
	mu     sync.Mutex
	recent []*templates
}

const maxShared = 4

// fromTrace converts a traced thread from a to b into tp (its storage
// reused) for a box of height h.
func fromTrace(tp *template, th *hexmap.Thread, h int) {
	a, b := th.From, th.To
	tp.steps, tp.qi = tp.steps[:0], tp.qi[:0]
	tp.cs = tp.cs[:0]
	tp.rng = hexmap.Distance(a, b)
	for k, s := range th.Steps {
		t := tstep{dq: int16(s.Hex.Q - a.Q), dr: int16(s.Hex.R - a.R), kind: s.Kind, dir: s.Dir, vertex: s.AtVertex}
		di := int(t.dq)*h + int(t.dr) // slot offset (Grid.idx)
		switch s.Kind {
		case hexmap.StepHex:
			t.d1, t.d2 = uint16(hexmap.Distance(a, s.Hex)), uint16(hexmap.Distance(s.Hex, b))
			t.qi = int32(8 * di)
			tp.cs = append(tp.cs, cstep{q: int32(2 * di), d1: t.d1, s: t.d1 + t.d2, k: int32(k)})
		case hexmap.StepCross:
			t.d1, t.d2 = 0, 1
			t.qi = int32(8*di + 1 + int(s.Dir))
		case hexmap.StepSpine:
			t.d1, t.d2 = 1, 0
			t.qi = int32(8*di + 7)
			x1 := uint16(hexmap.Distance(a, s.Hex))
			tp.cs = append(tp.cs, cstep{q: int32(2*di + 1), d1: x1, s: x1 + uint16(hexmap.Distance(s.Hex, b)), k: int32(k)})
		}
		tp.steps, tp.qi = append(tp.steps, t), append(tp.qi, t.qi)
	}
}

// thread is the template of the thread from a to b: shared and read-only.
// Without a table (or for a vector outside it, or for the traced
// reference) it traces into the Checker's own scratch.
func (c *Checker) thread(a, b hexmap.Hex) *template {
	tt := c.g.tmpl
	v := b.Sub(a)
	if tt == nil || c.traced || v.Q <= -tt.w || v.Q >= tt.w || v.R <= -tt.h || v.R >= tt.h {
		c.th.Trace(a, b)
		fromTrace(&c.scratch, &c.th, c.g.h)
		return &c.scratch
	}
	slot := &tt.t[(v.Q+tt.w-1)*(2*tt.h-1)+v.R+tt.h-1]
	if p := slot.Load(); p != nil {
		return p
	}
	var th hexmap.Thread
	th.Trace(hexmap.Hex{}, v)
	n, nc := len(th.Steps), 0
	for _, s := range th.Steps {
		if s.Kind != hexmap.StepCross {
			nc++
		}
	}
	tp := &template{cs: make([]cstep, 0, nc), qi: make([]int32, 0, n), steps: make([]tstep, 0, n)}
	fromTrace(tp, &th, c.g.h)
	slot.Store(tp)
	return tp
}

// nsteps and stepAt read the thread being walked: c.th when a caller
// traced it (AlongWadi, or thread for the traced reference), else run's
// template (run empties c.th first).
func (c *Checker) nsteps() int {
	if len(c.th.Steps) > 0 {
		return len(c.th.Steps)
	}
	return len(c.cur)
}

func (c *Checker) stepAt(k int) hexmap.Step {
	if len(c.th.Steps) > 0 {
		return c.th.Steps[k]
	}
	return c.cur[k].step(c.curA)
}
