package game

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"khamsin/hexmap"
)

// A move never passes through a seen enemy (docs/rules.md, "No path
// through a seen enemy"): the seeds give no rule for passing an enemy-held
// hex (seed 002 moves bases on a table, not through hexes); our Stacking
// decision (§6A: no base ends a move in a hex holding an enemy base) and
// "a hidden enemy is found by moving into it" join here: no path crosses a
// hex holding an enemy base the mover's side sees, and a hidden one still
// stops the move in the hex before it.

// pathOf is the path MoveOptions gives a move of id to label, or nil
// when the move is not offered.
func pathOf(t *testing.T, g *Game, id, label string) []string {
	t.Helper()
	opts, err := g.MoveOptions(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if o.Hex == label {
			return o.Path
		}
	}
	return nil
}

// openPath is the least-cost path of id to label with no hex avoided: the
// path the engine took before seen enemies blocked paths.
func openPath(t *testing.T, g *Game, id, label string) []string {
	t.Helper()
	b := g.baseIdx[id]
	a, err := g.areaAround(b, nil, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	h, _ := g.Map.Hex(label)
	p := a.Path(h)
	out := []string{g.Label(p.From)}
	for _, ac := range p.Actions {
		out = append(out, g.Label(ac.Hex))
	}
	return out
}

// A seen Panzer III stands on the Crusader's least-cost path (28E4 on
// 28B5 → 28H5, duel): the move is still offered, by a path round it, and
// the Crusader arrives.
func TestMoveRoutesAroundSeenEnemy6A(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	allies, _ := g.SideIndex("allies")
	if p := openPath(t, g, "A2a", "28H5"); !slices.Contains(p, "28E4") {
		t.Fatalf("the set-up is stale: the open path to 28H5 is %v, not through 28E4", p)
	}
	put(t, g, "G2a", "28E4")
	if !g.visibleTo(allies, g.baseIdx["G2a"]) {
		t.Fatal("the British do not see G2a in 28E4")
	}
	p := pathOf(t, g, "A2a", "28H5")
	if p == nil {
		t.Fatalf("move A2a 28H5 is not offered: %v", g.Legal())
	}
	if slices.Contains(p, "28E4") {
		t.Fatalf("the offered path %v crosses the seen enemy in 28E4", p)
	}
	if pv, err := g.PreviewMove("A2a", "28H5"); err != nil {
		t.Fatal(err)
	} else {
		for _, st := range pv.Steps {
			if st.Hex == "28E4" {
				t.Fatalf("the preview's path crosses 28E4: %+v", pv.Steps)
			}
		}
	}
	mustDo(t, g, "move A2a 28H5")
	if got := g.Label(g.baseIdx["A2a"].Hex); got != "28H5" {
		t.Errorf("A2a ended in %s, not 28H5", got)
	}
	for _, e := range g.EventsFor(allies) {
		if e.Kind == KindBlocked {
			t.Errorf("a blocked move: %s", e.Text)
		}
	}
}

// A rifle section on the board's edge with a seen enemy base in every
// hex next to it has nowhere to go: no move is offered, and the refusal
// says the enemy it sees is in the way.
func TestMoveNotOfferedThroughSeenEnemies6A(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	put(t, g, "A1b", "28A5")
	from := g.baseIdx["A1b"].Hex
	var around []hexmap.Hex
	for _, h := range from.Neighbors() {
		if g.Map.Contains(h) {
			around = append(around, h)
		}
	}
	enemies := []string{"G1a", "G1b", "G2a", "G3a"}
	if len(around) > len(enemies) {
		t.Fatalf("28A5 has %d neighbours, more than the %d German bases", len(around), len(enemies))
	}
	for i, h := range around {
		put(t, g, enemies[i], g.Label(h))
	}
	for _, c := range g.Legal() {
		if strings.HasPrefix(c, "move A1b ") {
			t.Errorf("offered: %s", c)
		}
	}
	_, err := g.Do("move A1b 28A8")
	if err == nil || !strings.Contains(err.Error(), "the side sees an enemy base or contact marker (28") {
		t.Errorf("move A1b 28A8: %v", err)
	}
	// Without the enemies the same move is offered: the test can fail.
	for i := range around {
		put(t, g, enemies[i], "28Q"+string(rune('1'+i)))
	}
	if p := pathOf(t, g, "A1b", "28A8"); p == nil {
		t.Errorf("move A1b 28A8 is not offered with the way clear")
	}
}

// hideG1 puts the duel's G1 under a contact marker: its marker stays
// with G1a in 28K5, and G1b's hex is hidden from the British.
func hideG1(t *testing.T, g *Game) *Base {
	t.Helper()
	g.unitIdx["G1"].Contact = true
	g.gen++
	allies, _ := g.SideIndex("allies")
	hid := g.baseIdx["G1b"]
	if g.visibleTo(allies, hid) {
		t.Fatal("the British see G1b under its marker")
	}
	return hid
}

// A hidden enemy (G1b, a base of a contact whose marker is elsewhere) on
// the path is invisible to legality: the move is offered by the path
// through it, stops in the hex before it, the contact is revealed and the
// mover's side reads why.
func TestMoveStopsBeforeHiddenEnemy6A(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	allies, _ := g.SideIndex("allies")
	hideG1(t, g)
	put(t, g, "G1b", "28E4")
	p := pathOf(t, g, "A2a", "28H5")
	if !slices.Contains(p, "28E4") {
		t.Fatalf("the offered path %v avoids the hidden enemy: a fog leak", p)
	}
	before := p[slices.Index(p, "28E4")-1]
	mustDo(t, g, "move A2a 28H5")
	if got := g.Label(g.baseIdx["A2a"].Hex); got != before {
		t.Errorf("A2a ended in %s, want %s (the hex before 28E4)", got, before)
	}
	if g.unitIdx["G1"].Contact {
		t.Error("G1 is still a contact marker after the move ran into it")
	}
	want := "A2a stops in " + before + " short of 28H5: an enemy base holds 28E4"
	found := false
	for _, e := range g.EventsFor(allies) {
		found = found || e.Kind == KindBlocked && e.Text == want
	}
	if !found {
		t.Errorf("the British log lacks %q", want)
	}
}

// A hidden enemy on the first step: the base cannot leave, and its side
// reads which hex holds the enemy (the event keeps the move's two hexes,
// which the computer reads).
func TestMoveCannotLeaveForHiddenEnemy6A(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	allies, _ := g.SideIndex("allies")
	hideG1(t, g)
	// a move of the Crusader of three hexes or more whose first step is
	// empty
	var dest, first string
	opts, err := g.MoveOptions("A2a")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		h, _ := g.Map.Hex(o.Path[1])
		if len(o.Path) >= 4 && len(g.basesIn(h)) == 0 {
			dest, first = o.Hex, o.Path[1]
			break
		}
	}
	if dest == "" {
		t.Fatal("no move of A2a with an empty first step")
	}
	put(t, g, "G1b", first)
	mustDo(t, g, "move A2a "+dest)
	if got := g.Label(g.baseIdx["A2a"].Hex); got != "28B5" {
		t.Errorf("A2a moved to %s", got)
	}
	want := "A2a cannot leave 28B5 for " + dest + ": an enemy base holds " + first
	found := false
	for _, e := range g.EventsFor(allies) {
		found = found || e.Kind == KindBlocked && e.Text == want && len(e.Hexes) == 2
	}
	if !found {
		t.Errorf("the British log lacks %q with the move's two hexes", want)
	}
}

// A contact marker's hex is known to the other side: a path does not
// pass through it (a base is there), but a move may still end in it to
// find the unit (destCheck; the move stops in the hex before).
func TestMoveRoutesAroundContactMarker6A(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	put(t, g, "G4a", "28E4") // G4 is under its marker
	p := pathOf(t, g, "A2a", "28H5")
	if p == nil || slices.Contains(p[:len(p)-1], "28E4") {
		t.Fatalf("move A2a 28H5 goes by %v: through the marker in 28E4, or not offered", p)
	}
	if pathOf(t, g, "A2a", "28E4") == nil {
		t.Fatal("a move into the marker's hex is not offered")
	}
	mustDo(t, g, "move A2a 28E4")
	if g.unitIdx["G4"].Contact {
		t.Error("G4 is still a contact marker after a move into its hex")
	}
	if g.baseIdx["A2a"].Hex == g.baseIdx["G4a"].Hex {
		t.Error("A2a shares a hex with G4a")
	}
}

// §6A fog: the legal list and every move's path are the same whatever
// hex a hidden German base stands in, on an allied path or off it (dawn:
// G5's second base; the marker stays where the first base is, so only
// hidden positions differ).
func TestMoveLegalIgnoresHiddenEnemy6A(t *testing.T) {
	g := dawnGame(t)
	toActivations(t, g, "allies")
	allies, _ := g.SideIndex("allies")
	hid := g.unitIdx["G5"].Bases[1]
	if !g.unitIdx["G5"].Contact || g.visibleTo(allies, hid) {
		t.Fatal("the set-up is stale: G5 is not hidden")
	}
	type answer struct {
		legal []string
		paths map[string][]string
	}
	ask := func() answer {
		a := answer{legal: g.Legal(), paths: map[string][]string{}}
		for _, b := range g.bases {
			if b.Unit.Side != allies {
				continue
			}
			opts, err := g.MoveOptions(b.ID)
			if err != nil {
				continue // it cannot move now, wherever the enemy is
			}
			for _, o := range opts {
				a.paths[b.ID+" "+o.Hex] = o.Path
			}
		}
		return a
	}
	first := ask()
	// Hexes on the allies' longest offered paths: where a leak would show.
	var at []string
	for _, k := range slices.Sorted(maps.Keys(first.paths)) {
		p := first.paths[k]
		if len(p) >= 5 && len(at) < 8 && !slices.Contains(at, p[2]) {
			at = append(at, p[2], p[len(p)-2])
		}
	}
	if len(at) == 0 {
		t.Fatal("no long allied move to put the hidden base on")
	}
	for _, h := range at {
		put(t, g, hid.ID, h)
		got := ask()
		if !slices.Equal(got.legal, first.legal) {
			t.Errorf("%s in %s: the legal list differs (%d commands, not %d)", hid.ID, h, len(got.legal), len(first.legal))
		}
		for k, p := range first.paths {
			if !slices.Equal(got.paths[k], p) {
				t.Errorf("%s in %s: move %s goes by %v, not %v", hid.ID, h, k, got.paths[k], p)
			}
		}
	}
}

// Random play on the shipped scenarios: no move offered ever passes a hex
// holding an enemy base the mover's side sees, so doMove never stops one
// short for an enemy it knew of.
func TestMoveNeverPlannedThroughSeenEnemy6A(t *testing.T) {
	for _, name := range []string{"dawn", "escarpment"} {
		g, err := New(loadScn(t, name), 3)
		if err != nil {
			t.Fatal(err)
		}
		p := [2]Player{NewRandomPlayer(5), NewRandomPlayer(6)}
		moves := 0
		for i := 0; i < 400 && !g.Over(); i++ {
			c := p[g.actor].Choose(g.Observe(g.actor))
			if f := strings.Fields(c); len(f) == 3 && f[0] == "move" {
				b := g.baseIdx[f[1]]
				seen := map[string]bool{}
				for _, o := range g.bases {
					if o.Unit.Side != b.Unit.Side && o.Effective() && g.visibleTo(b.Unit.Side, o) {
						seen[g.Label(o.Hex)] = true
					}
				}
				pv, err := g.PreviewMove(f[1], f[2])
				if err != nil {
					t.Fatalf("%s: %s: %v", name, c, err)
				}
				for _, st := range pv.Steps {
					if seen[st.Hex] {
						t.Fatalf("%s: %s runs through %s, where its side sees an enemy base", name, c, st.Hex)
					}
				}
				moves++
			}
			if _, err := g.Do(c); err != nil {
				t.Fatalf("%s: %s: %v", name, c, err)
			}
		}
		if moves == 0 {
			t.Errorf("%s: no move played", name)
		}
	}
}
