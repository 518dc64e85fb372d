package game

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/engine/move"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

func loadScn(t testing.TB, name string) *scenario.Scenario {
	t.Helper()
	s, err := scenario.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func duel(t testing.TB, seed uint64) *Game {
	t.Helper()
	g, err := New(loadScn(t, "testdata/duel.toml"), seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustDo(t testing.TB, g *Game, cmds ...string) {
	t.Helper()
	for _, c := range cmds {
		if _, err := g.Do(c); err != nil {
			t.Fatalf("%s: %v\nlegal: %v", c, err, g.Legal())
		}
	}
}

// toActivations plays the Challenge phase (both ready) and lets side go
// first.
func toActivations(t testing.TB, g *Game, side string) {
	t.Helper()
	mustDo(t, g, "ready", "ready", "first "+side)
}

// §5 determinism: the same scenario, seed and players give the same hash;
// other seeds give other games.
func TestGameSameSeedSameHash(t *testing.T) {
	hashes := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		var h [2]string
		for i := range h {
			g := duel(t, seed)
			if err := g.Play([2]Player{NewRandomPlayer(seed), NewRandomPlayer(seed + 100)}); err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				t.Fatalf("seed %d: the game did not end (turn %d)", seed, g.turn)
			}
			h[i] = g.Hash()
		}
		if h[0] != h[1] {
			t.Errorf("seed %d: two runs gave %s and %s", seed, h[0], h[1])
		}
		hashes[h[0]] = true
	}
	if len(hashes) < 5 {
		t.Errorf("6 seeds gave only %d distinct games", len(hashes))
	}
}

// Every command Legal lists is accepted by Do, and Do refuses anything
// else with a reason, leaving the hash unchanged (brief §5).
func TestGameRefusedCommandsLeaveStateUntouched(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	g := duel(t, 3)
	games := 1
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"move", "fire", "assault", "dig", "rally", "spot", "deploy", "challenge", "unchallenge", "mount", "dismount", "end", "defer", "ready", "first", "fly"}
	ids := []string{"A1", "A1a", "A1b", "A2a", "A3a", "G1a", "G2a", "G4", "G4a", "allies", "axis", "28C5", "28K5", "99Z9", "", "A1a 28D5"}
	refused := 0
	for i := 0; i < n; i++ {
		if g.Over() {
			games++
			g = duel(t, uint64(games))
		}
		legal := g.Legal()
		var c string
		switch rng.IntN(3) {
		case 0:
			c = legal[rng.IntN(len(legal))]
		case 1: // a legal command with one word swapped
			f := strings.Fields(legal[rng.IntN(len(legal))])
			f[rng.IntN(len(f))] = ids[rng.IntN(len(ids))]
			c = strings.Join(f, " ")
		default:
			c = words[rng.IntN(len(words))] + " " + ids[rng.IntN(len(ids))] + " " + ids[rng.IntN(len(ids))]
		}
		isLegal := false
		for _, l := range legal {
			if l == strings.Join(strings.Fields(c), " ") {
				isLegal = true
			}
		}
		before := g.Hash()
		_, err := g.Do(c)
		if isLegal && err != nil {
			t.Fatalf("legal command %q refused: %v", c, err)
		}
		if err != nil {
			refused++
			if after := g.Hash(); after != before {
				t.Fatalf("refused %q changed the state", c)
			}
			if err.Error() == "" {
				t.Fatalf("refused %q with no reason", c)
			}
		} else if !isLegal {
			t.Fatalf("%q was accepted but Legal did not list it", c)
		}
	}
	if refused < n/10 || games < 2 {
		t.Errorf("%d of %d commands refused over %d games: the test exercised too little", refused, n, games)
	}
}

// A save replays to the same hash; a save whose hash was changed stops at
// that command and names it (brief §5).
func TestReplayDivergenceCaught(t *testing.T) {
	g := duel(t, 5)
	p := [2]Player{NewRandomPlayer(1), NewRandomPlayer(2)}
	for i := 0; i < 40 && !g.Over(); i++ {
		mustDo(t, g, p[g.actor].Choose(g.Observe(g.actor)))
	}
	data := g.Save("testdata/duel.toml")
	sf, err := ParseSave("x.save", data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Replay(sf, loadScn(t, "testdata/duel.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Hash() != g.Hash() {
		t.Fatalf("replay hash %s, game %s", r.Hash(), g.Hash())
	}
	// Break command 17: give it another command's hash.
	lines := strings.Split(string(data), "\n")
	k := 5 + 16 // after the magic, rules, scenario, seed and start lines
	f := strings.Fields(lines[k])
	f[1] = strings.Repeat("0", 16)
	lines[k] = strings.Join(f, " ")
	sf, err = ParseSave("x.save", []byte(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Replay(sf, loadScn(t, "testdata/duel.toml"))
	var re *ReplayError
	if err == nil || !asReplayError(err, &re) || re.N != 17 || re.Line != k+1 {
		t.Fatalf("want divergence at command 17 (line %d), got %v", k+1, err)
	}
}

func asReplayError(err error, re **ReplayError) bool {
	e, ok := err.(*ReplayError)
	*re = e
	return ok
}

// statePlayer picks from the state alone, so a game reloaded mid-way
// continues exactly as the uninterrupted one.
type statePlayer struct{}

func (statePlayer) Choose(o *Observation) string {
	legal := o.Legal()
	h := o.g.Hash() // a test player: the whole state decides, reproducibly
	var n uint64
	fmt.Sscanf(h[:8], "%x", &n)
	return legal[int(n%uint64(len(legal)))]
}

// A save reloaded mid-game finishes with the same hash as the game played
// straight through (brief §5).
func TestSaveReloadMidGame(t *testing.T) {
	players := [2]Player{statePlayer{}, statePlayer{}}
	whole := duel(t, 9)
	if err := whole.Play(players); err != nil {
		t.Fatal(err)
	}
	half := duel(t, 9)
	for i := 0; i < len(whole.cmds)/2; i++ {
		mustDo(t, half, players[half.actor].Choose(half.Observe(half.actor)))
	}
	sf, err := ParseSave("mid.save", half.Save("testdata/duel.toml"))
	if err != nil {
		t.Fatal(err)
	}
	re, err := Replay(sf, loadScn(t, "testdata/duel.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := re.Play(players); err != nil {
		t.Fatal(err)
	}
	if re.Hash() != whole.Hash() {
		t.Errorf("reloaded game ends %s, uninterrupted %s", re.Hash(), whole.Hash())
	}
}

// §6A views and 4.6: a unit under a Contact Marker is a contact to the
// enemy, not units or bases, and the umpire sees it all.
func TestGameViewHidesContacts(t *testing.T) {
	g := duel(t, 1)
	for _, v := range []struct {
		side       int
		wantBase   bool
		wantMarker bool
	}{{-1, true, true}, {0, false, true}, {1, true, false}} {
		view := g.ViewAs(v.side)
		gotBase := false
		for _, b := range view.Bases {
			if b.Unit == "G4" {
				gotBase = true
			}
		}
		for _, u := range view.Units {
			if u.ID == "G4" && !v.wantBase {
				t.Errorf("side %d: the hidden unit G4 is listed", v.side)
			}
		}
		gotMarker := false
		for _, c := range view.Contacts {
			if c.ID == "G4" {
				gotMarker = true
			}
		}
		if gotBase != v.wantBase || gotMarker != v.wantMarker {
			t.Errorf("side %d: G4 base shown %v (want %v), contact shown %v (want %v)", v.side, gotBase, v.wantBase, gotMarker, v.wantMarker)
		}
	}
	for _, e := range g.EventsFor(0) {
		if strings.Contains(e.Text, "G4a") {
			t.Errorf("the allied log mentions the hidden base: %s", e.Text)
		}
	}
}

// §7.2: Orders are one per on-map combat unit not Shaken and per officer
// unit, plus each unpinned officer's roll on the Orders table.
func TestGameOrders7_2(t *testing.T) {
	s := loadScn(t, "testdata/duel.toml")
	roller := dice.Scripted(
		dice.Throw(dice.D10, 5, 0), // allied officer: Orders table
		dice.Throw(dice.D10, 9, 0), // axis officer
		dice.Throw(dice.D10, 3, 0), // initiative allies
		dice.Throw(dice.D10, 8, 0), // initiative axis
	)
	g, err := newGame(s, 1, roller)
	if err != nil {
		t.Fatal(err)
	}
	off := func(id string) (int, bool) { b := g.baseIdx[id]; return b.Unit.TQ, b.Type.Motorised }
	tq, mot := off("A3a")
	wantA := 3 + combat.OrdersFor(combat.OfficerOrders(tq, mot).Final(5))
	tq, mot = off("G3a")
	wantG := 4 + combat.OrdersFor(combat.OfficerOrders(tq, mot).Final(9)) // the hidden MG counts (contact markers do)
	if g.sides[0].Orders != wantA || g.sides[1].Orders != wantG {
		t.Errorf("orders: allies %d (want %d), axis %d (want %d)", g.sides[0].Orders, wantA, g.sides[1].Orders, wantG)
	}
	// §7.1 step 4: the loser places Challenge Tokens first.
	aI, gI := g.sides[0].Initiative, g.sides[1].Initiative
	loser := 0
	if aI > gI {
		loser = 1
	}
	if g.phase != PhaseChallenge || g.actor != loser {
		t.Errorf("after initiative %d–%d the Challenge phase should start with side %d, got phase %s side %d", aI, gI, loser, g.phase, g.actor)
	}
}

// §16.12 with §10.8's step 9: a knocked-out tank's one-base unit is lost
// and a Break Point marker comes off.
func TestGameKnockOutCostsBreakPoint16_12(t *testing.T) {
	g := duel(t, 2)
	before := g.BreakPoint(1)
	g.knockOut(g.baseIdx["G2a"], "knocked out")
	if got := g.BreakPoint(1); got != before-1 {
		t.Errorf("break point %d → %d, want one marker off", before, got)
	}
	if g.unitIdx["G2"].Gone != "destroyed" {
		t.Errorf("G2 should be destroyed, is %q", g.unitIdx["G2"].Gone)
	}
	// A unit at half its bases is Weakened: one more marker.
	g.knockOut(g.baseIdx["G1b"], "knocked out")
	if !g.unitIdx["G1"].Weakened || g.BreakPoint(1) != before-2 {
		t.Errorf("G1 with 1 of 2 bases: weakened %v, break point %d (want %d)", g.unitIdx["G1"].Weakened, g.BreakPoint(1), before-2)
	}
}

// §16.11: at the end of a turn the side with more valid bases within 2
// hexes (10 cm) holds an objective; its owner loses its value from the
// Break Point Track.
func TestGameObjective16_11(t *testing.T) {
	g := duel(t, 4)
	x := g.objs[0]
	bp := g.BreakPoint(1)
	g.baseIdx["A1a"].Hex, _ = g.Map.Hex("28G6") // within 2 hexes of 28G5
	g.checkObjectives()
	if x.Controller != 0 || g.BreakPoint(1) != bp-x.Value {
		t.Fatalf("objective held by %d, axis break point %d; want allies, %d", x.Controller, g.BreakPoint(1), bp-x.Value)
	}
	g.baseIdx["A1a"].Hex, _ = g.Map.Hex("28G9") // out of range: the last holder keeps it
	g.checkObjectives()
	if x.Controller != 0 {
		t.Error("with no base near, the objective should stay with its last holder")
	}
	for _, id := range []string{"G1a", "G1b"} {
		g.baseIdx[id].Hex, _ = g.Map.Hex("28G4")
	}
	g.baseIdx["A1a"].Hex, _ = g.Map.Hex("28G6")
	g.checkObjectives()
	if x.Controller != 1 || g.BreakPoint(1) != bp {
		t.Errorf("two axis bases to one: held by %d, break point %d (want axis, %d restored)", x.Controller, g.BreakPoint(1), bp)
	}
}

// §12.5 with F.5: a unit that fails its morale test with the enemy close
// surrenders and is captured; on 2–5 it withdraws 2d6 hexes and is
// Shaken.
func TestGameMorale12_5(t *testing.T) {
	g := duel(t, 4)
	u := g.unitIdx["A1"]
	m := combat.MoraleTest(g.moraleInput(u))
	low := 1
	for ; low <= 10 && m.Result(low) != combat.Failure; low++ {
	}
	mid := 1
	for ; mid <= 10 && m.Result(mid) != combat.Middle; mid++ {
	}
	if mid <= 10 {
		g.dice = dice.Scripted(dice.Throw(dice.D10, mid, 0), dice.Throw(dice.DR2, 2, 2))
		from := g.baseIdx["A1a"].Hex
		g.moraleTest(u)
		if !u.Shaken || g.baseIdx["A1a"].Hex == from {
			t.Errorf("2–5: want Shaken and withdrawn, got shaken %v, still at %s", u.Shaken, g.Label(g.baseIdx["A1a"].Hex))
		}
		if d := hexmap.Distance(from, g.baseIdx["A1a"].Hex); d > 4 {
			t.Errorf("withdrew %d hexes on a 2d6 of 4", d)
		}
	}
	if low <= 10 {
		g.baseIdx["A1a"].Hex, _ = g.Map.Hex("28J5") // next to the enemy at K5
		g.dice = dice.Scripted(dice.Throw(dice.D10, low, 0), dice.Throw(dice.D10, 10, 0))
		g.moraleTest(u)
		if u.Gone != "surrendered" {
			t.Errorf("≤1 with the enemy within 2 hexes: want surrendered (F.5), got %q", u.Gone)
		}
	}
}

// Stacking (docs/rules.md): no more than StackLimit bases of a side end
// a move in one hex, and none in a hex an enemy base holds.
func TestGameStacking(t *testing.T) {
	g := duel(t, 6)
	toActivations(t, g, "allies")
	h, _ := g.Map.Hex("28D5")
	for _, id := range []string{"A3a", "A1b", "A2a"} {
		g.baseIdx[id].Hex = h
	}
	_, err := g.Do("move A1a 28D5")
	if err == nil || !strings.Contains(err.Error(), "stacking") {
		t.Errorf("a fourth base into 28D5: got %v, want a stacking refusal", err)
	}
	_, err = g.Do("move A1a 28K6")
	if err == nil {
		t.Error("moving into an enemy-held hex should be refused")
	}
}

// §12.4/§12.5 with the scale join: an unpinned officer counts toward a
// unit's morale within 20 cm, 4 hexes, and not beyond.
func TestGameMoraleOfficerWithin4Hexes(t *testing.T) {
	g := duel(t, 1)
	off := g.baseIdx["G3a"]
	for _, c := range []struct {
		hex  string
		want int
	}{{"28K5", 1}, {"28O5", 1}, {"28P5", 0}} {
		off.Hex, _ = g.Map.Hex(c.hex) // G1's bases are at 28K5 and 28K6
		if got := len(g.moraleInput(g.unitIdx["G1"]).OfficerMorale); got != c.want {
			t.Errorf("officer at %s: %d officers counted, want %d", c.hex, got, c.want)
		}
	}
	off.Hex, _ = g.Map.Hex("28K5")
	off.Pinned = true
	if got := len(g.moraleInput(g.unitIdx["G1"]).OfficerMorale); got != 0 {
		t.Errorf("a pinned officer counted (%d)", got)
	}
}

// Movement in the game is priced by engine/move with the catalogue's
// MF/MP (brief §1): every move option costs what the planner says and
// stays within the allotment.
func TestGameMoveUsesDesertCosts(t *testing.T) {
	g := duel(t, 2)
	toActivations(t, g, "allies")
	for _, id := range []string{"A1a", "A2a"} {
		b := g.baseIdx[id]
		opts, err := g.MoveOptions(id)
		if err != nil || len(opts) == 0 {
			t.Fatalf("%s: no move options (%v)", id, err)
		}
		// No path passes through a hex where the side sees an enemy base
		// or contact marker (docs/rules.md, "No path through a seen enemy").
		var avoid []hexmap.Hex
		for _, o := range g.bases {
			if o.Unit.Side != b.Unit.Side && o.Effective() && g.visibleTo(b.Unit.Side, o) {
				avoid = append(avoid, o.Hex)
			}
		}
		for _, c := range g.ViewAs(b.Unit.Side).Contacts {
			if c.Side != g.sides[b.Unit.Side].ID {
				h, _ := g.Map.Hex(c.Hex)
				avoid = append(avoid, h)
			}
		}
		area, err := g.plan.ReachAround(b.Type.MoveUnit(true), move.Path{From: b.Hex}, b.Type.MP, avoid, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range opts {
			h, _ := g.Map.Hex(o.Hex)
			want, ok := area.Cost(h)
			if !ok || want != o.Cost || o.Cost > b.Type.MP {
				t.Fatalf("%s to %s: game says %s, planner %s (reachable %v), allotment %s", id, o.Hex, o.Cost, want, ok, b.Type.MP)
			}
		}
	}
	mustDo(t, g, "move A1a 28E5")
	if got := g.Label(g.baseIdx["A1a"].Hex); got != "28E5" {
		t.Errorf("A1a is at %s after moving to 28E5", got)
	}
}

// §6A: a refusal never tells a side about an enemy it cannot see: a
// hidden enemy base's ID reads exactly like an ID that does not exist
// (a contact marker's unit ID is public: the marker is on the map).
func TestGameRefusalsDoNotLeakHiddenUnits(t *testing.T) {
	g := duel(t, 1)
	toActivations(t, g, "allies")
	for _, c := range [][2]string{
		{"move G4a 28C5", "move NOPEa 28C5"},
		{"fire A1a G4a", "fire A1a NOPEa"},
		{"dig G4a", "dig NOPEa"},
	} {
		_, e1 := g.Do(c[0])
		_, e2 := g.Do(c[1])
		if e1 == nil || e2 == nil {
			t.Fatalf("%q / %q accepted", c[0], c[1])
		}
		m1 := strings.ReplaceAll(e1.Error(), "G4", "X")
		m2 := strings.ReplaceAll(e2.Error(), "NOPE", "X")
		if m1 != m2 {
			t.Errorf("refusals differ: %q vs %q", e1, e2)
		}
	}
}
