package move

import (
	"fmt"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// Step is one priced action of a move.
type Step struct {
	Hex    hexmap.Hex // the hex entered, or the hex the unit is in
	Action ActionKind
	Cost   MP
	Items  []Item
	Checks []Check
}

// Why spells the step's cost terms.
func (s Step) Why() []string {
	out := make([]string, len(s.Items))
	for i, it := range s.Items {
		out[i] = it.String()
	}
	return out
}

// Move is a priced path: every step's cost and reasons, the checks it calls
// for in order, and the hexes where it raises Vehicle Dust (11.74). An
// illegal move stops at the step that breaks a rule and says why.
type Move struct {
	Unit      Unit
	Legal     bool
	Total     MP
	Allotment MP
	Steps     []Step
	Checks    []Check
	Dust      []hexmap.Hex
	Error     string
	// Stopped is the check that ended the move early when it was played
	// with dice (Play), nil otherwise.
	Stopped *Resolved

	dustStep []int // the step that raised each Dust entry
}

// Left is the allotment not spent.
func (mv *Move) Left() MP { return mv.Allotment - mv.Total }

// Walk prices path for u. It fails only for a path that cannot be followed
// at all (see ParsePath) or an impossible unit; a rule that forbids a step
// makes the move illegal instead, with the reason in Move.Error.
func (p *Planner) Walk(u Unit, path Path) (*Move, error) {
	if err := u.Validate(); err != nil {
		return nil, err
	}
	m := p.m
	if !m.Contains(path.From) {
		return nil, fmt.Errorf("path: start hex %s is not on the map", path.From)
	}
	mv := &Move{Unit: u, Legal: true, Allotment: u.Allotment(), Steps: []Step{}, Checks: []Check{}, Dust: []hexmap.Hex{}}
	cur := m.Index(path.From)
	crest := path.Crest // in Crest status (6.0)
	if crest {
		if err := p.checkCrest(&u, cur, path.Front); err != nil {
			return nil, err
		}
	}
	// leaveCrest adds the step that takes the unit off its crest counter
	// within its hex (6.11).
	leaveCrest := func() bool {
		t := tally{explain: true}
		if d := p.uncrest(&u, cur, &t); d.denied() {
			mv.fail(fmt.Sprintf("%s: %s", m.Label(p.c.Hex(cur)), d))
			return false
		}
		crest = false
		return mv.add(m, Step{Hex: p.c.Hex(cur), Action: Uncrest, Cost: t.total, Items: t.items})
	}
	startHere := false // a Start MP was spent in the current hex (11.74)
	var last checkCtx  // how the unit entered its current hex
	k := u.Kind
	for _, a := range path.Actions {
		if err := checkAction(m, p.c.Hex(cur), a); err != nil {
			return nil, err
		}
		st := Step{Hex: p.c.Hex(cur), Action: a.Kind}
		if crest && a.Kind == Enter { // crest units are infantry: other steps fail below
			d, _ := p.c.Hex(cur).DirTo(a.Hex)
			if !p.crestExit(cur, path.Front, d) {
				if !leaveCrest() {
					return mv, nil
				}
			}
		}
		switch a.Kind {
		case Uncrest:
			if !crest {
				mv.fail(fmt.Sprintf("%s: the unit is not in Crest status (6.0)", m.Label(p.c.Hex(cur))))
				return mv, nil
			}
			if !leaveCrest() {
				return mv, nil
			}
			continue
		case Start, Stop:
			if !k.Motorized() {
				mv.fail(fmt.Sprintf("%s: only a vehicle spends a %s MP", m.Label(p.c.Hex(cur)), a.Kind))
				return mv, nil
			}
			what := "Start"
			if a.Kind == Stop {
				what = "Stop"
			}
			st.Cost = Whole(1)
			st.Items = []Item{{Whole(1), what, "F.2"}}
			if a.Kind == Start {
				startHere = true
			}
		case VCA:
			if !k.Motorized() {
				mv.fail(fmt.Sprintf("%s: only a vehicle has a VCA to change", m.Label(p.c.Hex(cur))))
				return mv, nil
			}
			n, dir := a.Turn, "clockwise"
			if n < 0 {
				n, dir = -n, "counterclockwise"
			}
			spines := "hexspine"
			if n > 1 {
				spines = "hexspines"
			}
			st.Cost = Whole(n)
			st.Items = []Item{{Whole(n), fmt.Sprintf("change VCA %d %s %s", n, spines, dir), "F.2"}}
			vc := last
			vc.vca, vc.crest = true, false
			st.Checks = p.checks(&u, cur, vc)
		case Enter, Bypass:
			if a.Kind == Bypass && !k.Motorized() {
				mv.fail(fmt.Sprintf("%s: only a vehicle uses Vehicular Bypass Movement (F.2); infantry bypass is not modelled", m.Label(a.Hex)))
				return mv, nil
			}
			to := m.Index(a.Hex)
			e := entry{from: cur, to: to, spent: mv.Total, bypass: a.Kind == Bypass, crestExit: crest}
			crest = false
			var side hexmap.SideFlags
			if a.Kind == Enter {
				e.dir, _ = p.c.Hex(cur).DirTo(a.Hex)
				side = p.c.Side(cur, e.dir)
			}
			t := tally{explain: true}
			if d := p.enter(&u, e, &t); d.denied() {
				mv.fail(fmt.Sprintf("%s: %s", m.Label(a.Hex), d))
				return mv, nil
			}
			if a.Double {
				t.add(t.total, "twice the MP needed to enter", "3.31")
			}
			st.Hex, st.Cost, st.Items = a.Hex, t.total, t.items
			last = checkCtx{
				trackRd: a.Kind == Enter && (p.onTrack(cur, e.dir) || side&(hexmap.SideRoad|hexmap.SidePaved) != 0),
				paved:   side&hexmap.SidePaved != 0,
				crest:   side&hexmap.SideCrest != 0,
				doubled: a.Double,
			}
			st.Checks = p.checks(&u, to, last)
			// 11.74: entering a new hex for two MP or less raises dust in the
			// hex left, unless a Start MP was spent there or the vehicle left
			// it along a paved road. "A vehicle of any type": wagons are
			// vehicles (7.31 says so), their MF standing for the MP; they
			// spend no Start MP, so the first exception never spares them.
			// The towing MP does not count toward the two (the example's
			// towed vehicle needs four MP to enter SMOKE without dust).
			spent := st.Cost
			if u.Towing {
				spent -= Whole(1)
			}
			if (k.Motorized() || k == Wagon) && p.vehicleDust && spent <= Whole(2) && !startHere && side&hexmap.SidePaved == 0 {
				mv.Dust = append(mv.Dust, p.c.Hex(cur))
				mv.dustStep = append(mv.dustStep, len(mv.Steps))
			}
			startHere = false
			cur = to
		}
		if !mv.add(m, st) {
			return mv, nil
		}
	}
	return mv, nil
}

// add appends a priced step; false when it overspends the allotment, which
// ends the move.
func (mv *Move) add(m *hexmap.Map, st Step) bool {
	mv.Total += st.Cost
	mv.Steps = append(mv.Steps, st)
	mv.Checks = append(mv.Checks, st.Checks...)
	if mv.Total > mv.Allotment {
		mv.fail(fmt.Sprintf("%s: out of MP: %s spent of an allotment of %s", m.Label(st.Hex), mv.Total, mv.Allotment))
		return false
	}
	return true
}

func (mv *Move) fail(msg string) {
	mv.Legal = false
	mv.Error = msg
}

// Play throws a legal move's checks step by step through r, in order (see
// Resolve), and ends the move in the hex where one stops the vehicle: the
// later steps, their costs, checks and dust are dropped and Stopped says
// why. An illegal move is not played: nothing is thrown for it.
func (mv *Move) Play(m *hexmap.Map, r *dice.Roller) []Resolved { return mv.PlayWith(m, r, nil) }

// Entry is what a PlayWith hook decides about a step into a new hex.
type Entry uint8

const (
	EnterGo      Entry = iota // carry on: the step's checks are thrown
	EnterRefused              // the unit stays in the hex before: the move ends there
	EnterStop                 // the unit enters and its move ends there, no checks thrown
)

// PlayWith is Play with a hook asked, before each step that enters a new
// hex, whether the unit gets in (minefields, obstacles: the game's own
// rolls, thrown through the same roller in the order of the steps). A nil
// hook is Play.
func (mv *Move) PlayWith(m *hexmap.Map, r *dice.Roller, enter func(i int, st Step) Entry) []Resolved {
	if !mv.Legal {
		return nil
	}
	var out []Resolved
	prev := hexmap.Hex{}
	for i, st := range mv.Steps {
		if enter != nil && (i == 0 || st.Hex != prev) && st.Action == Enter {
			switch enter(i, st) {
			case EnterRefused:
				mv.cut(i)
				return out
			case EnterStop:
				mv.cut(i + 1)
				return out
			}
		}
		prev = st.Hex
		res := Resolve(m, mv.Unit, st.Checks, r)
		out = append(out, res...)
		if n := len(res); n > 0 && res[n-1].Outcome != Passed {
			mv.cut(i + 1)
			last := res[n-1]
			mv.Stopped = &last
			break
		}
	}
	return out
}

// cut keeps the first n steps and what they cost, called for and raised.
func (mv *Move) cut(n int) {
	mv.Steps = mv.Steps[:n]
	mv.Total, mv.Checks = 0, mv.Checks[:0]
	for _, st := range mv.Steps {
		mv.Total += st.Cost
		mv.Checks = append(mv.Checks, st.Checks...)
	}
	k := 0
	for k < len(mv.dustStep) && mv.dustStep[k] < n {
		k++
	}
	mv.Dust, mv.dustStep = mv.Dust[:k], mv.dustStep[:k]
}
