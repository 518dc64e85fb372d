package game

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/hexmap"
)

// minesGame is testdata/mines.toml at the allies' first activation, with
// the dice then scripted by the test.
func minesGame(t *testing.T, throws ...dice.Roll) *Game {
	t.Helper()
	g, err := New(loadScn(t, "testdata/mines.toml"), 1)
	if err != nil {
		t.Fatal(err)
	}
	toActivations(t, g, "allies")
	g.dice = dice.Scripted(throws...)
	return g
}

// d10 and d6 (scripted throws) live in air_test.go.

// put moves base id to label (test set-up only).
func put(t *testing.T, g *Game, id, label string) *Base {
	t.Helper()
	b := g.baseIdx[id]
	b.Hex = hexOf(t, g, label)
	g.gen++
	return b
}

func mineView(v View, label string) (MinefieldView, bool) {
	for _, m := range v.Minefields {
		if m.Hex == label {
			return m, true
		}
	}
	return MinefieldView{}, false
}

// F.7, F.7B, F.7C: the enemy sees a Known Minefield marker but neither its
// strength nor whether it is a dummy; hidden mines not at all. The owner
// (and the umpire) see everything.
func TestGameMinefieldViewsF7(t *testing.T) {
	g := minesGame(t)
	allies, axis, umpire := g.ViewAs(0), g.ViewAs(1), g.ViewAs(-1)
	for _, l := range []string{"28F3", "28F4", "28F5", "28F6", "28F7", "28H3"} {
		m, ok := mineView(allies, l)
		if !ok {
			t.Errorf("F.7: the allies do not see the Known Minefield marker in %s", l)
			continue
		}
		if m.Strength != nil || m.Dummy || m.Hidden || m.Revealed {
			t.Errorf("F.7/F.7B: the allies' view of %s gives away %+v", l, m)
		}
	}
	if _, ok := mineView(allies, "28H5"); ok {
		t.Error("F.7C: hidden mines in 28H5 show in the allies' view")
	}
	data, _ := json.Marshal(allies)
	if strings.Contains(string(data), `"strength"`) || strings.Contains(string(data), `"dummy"`) {
		t.Errorf("the allies' view JSON names a strength or a dummy: %s", data)
	}
	for _, v := range []View{axis, umpire} {
		if m, _ := mineView(v, "28F5"); m.Strength == nil || *m.Strength != 1 {
			t.Errorf("%q: the owner's view of 28F5 lacks strength 1: %+v", v.As, m)
		}
		if m, _ := mineView(v, "28F6"); !m.Dummy {
			t.Errorf("%q: the unmined hex of the run 28F6 is not a dummy in the owner's view (F.7A, F.7B)", v.As)
		}
		if m, ok := mineView(v, "28H5"); !ok || !m.Hidden || *m.Strength != -1 {
			t.Errorf("%q: the owner's view of the hidden mines in 28H5: %+v", v.As, m)
		}
	}
	if len(allies.Obstacles) != 4 || allies.Obstacles[0].Kind != "wire" {
		t.Errorf("obstacles are seen by both sides: %+v", allies.Obstacles)
	}
}

// The Minefield Attack (d10 ± effectiveness, 6+ hits) and the Saving Throw
// when crossing a Minefield (TQ, + size for infantry, − HE# 3): 6+ carries
// on, 2–5 Pinned and stays out, 1 or less knocked out in the hex. A rifle
// section (TQ 0, size 1) saves on d10 − 2; the run's strength is +1.
func TestGameMinefieldAttackAndSave(t *testing.T) {
	save := combat.MinefieldSave(combat.MinefieldCrossing{TQ: 0, InfantryOrCavalry: true, Size: 1})
	if save.Total() != -2 {
		t.Fatalf("minefield save of a rifle section totals %+d, want −2", save.Total())
	}
	cases := []struct {
		name     string
		throws   []dice.Roll
		hex      string
		pinned   bool
		ko       bool
		attacked string // the outcome the allies read
	}{
		{"Minefield Attack 4+1=5: crosses safely", []dice.Roll{d10(4)}, "28F4", false, false, "crosses the minefield in 28F4 safely"},
		{"hit 5+1=6, save 10−2=8: carries on", []dice.Roll{d10(5), d10(10)}, "28F4", false, false, "the mines in 28F4 hit A1a"},
		{"hit, save 5−2=3: Pinned, does not enter", []dice.Roll{d10(5), d10(5)}, "28E4", true, false, "the mines in 28F4 hit A1a"},
		{"hit, save 3−2=1: knocked out in the minefield", []dice.Roll{d10(9), d10(3)}, "28F4", false, true, "the mines in 28F4 hit A1a"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := minesGame(t, tc.throws...)
			b := put(t, g, "A1a", "28E4")
			mustDo(t, g, "move A1a 28F4")
			if got := g.Label(b.Hex); got != tc.hex || b.Pinned != tc.pinned || b.KO != tc.ko {
				t.Errorf("A1a in %s pinned %v KO %v; want %s %v %v", got, b.Pinned, b.KO, tc.hex, tc.pinned, tc.ko)
			}
			// F.7: the attack roll shows the strength: only the owner reads it.
			var sawOutcome bool
			for _, e := range g.EventsFor(0) {
				if e.Roll != nil && e.Roll.Table == combat.TableMinefield {
					t.Errorf("the allies read the Minefield Attack roll (its strength is hidden, F.7): %s", e)
				}
				sawOutcome = sawOutcome || strings.Contains(e.Text, tc.attacked)
			}
			if !sawOutcome {
				t.Errorf("the allies never read %q", tc.attacked)
			}
			var axisRoll bool
			for _, e := range g.EventsFor(1) {
				if e.Roll != nil && e.Roll.Table == combat.TableMinefield && e.Roll.Mods[0].N == 1 {
					axisRoll = true
				}
			}
			if !axisRoll {
				t.Error("the owner does not read the Minefield Attack roll with its +1")
			}
		})
	}
}

// F.7B: a ground unit entering a Dummy's hex reveals it: a lone dummy comes
// off; an unmined hex of an F.7A run stays marked as a Dummy. No mine
// attack is thrown (the scripted dice are empty: a throw would panic).
func TestGameDummyFoundOnEntryF7B(t *testing.T) {
	for _, tc := range []struct {
		from, to string
		stays    bool
	}{{"28G3", "28H3", false}, {"28E6", "28F6", true}} {
		g := minesGame(t)
		put(t, g, "A1a", tc.from)
		mustDo(t, g, "move A1a "+tc.to)
		m, ok := mineView(g.ViewAs(0), tc.to)
		if ok != tc.stays || (ok && !m.Dummy) {
			t.Errorf("%s: after entry the allies see %+v (present %v), want a dummy marker %v", tc.to, m, ok, tc.stays)
		}
		found := false
		for _, e := range g.EventsFor(0) {
			found = found || e.Rule == "F.7B" && strings.Contains(e.Text, tc.to)
		}
		if !found {
			t.Errorf("%s: no F.7B announcement", tc.to)
		}
	}
}

// F.7C: hidden mines attack a unit entering them and are then found: the
// enemy gets a Known Minefield marker without the strength. Before that,
// nothing in the legal list or a refusal gives them away.
func TestGameHiddenMinesF7C(t *testing.T) {
	g := minesGame(t, d10(7), d10(10)) // −1: 7−1 = 6 hits; the save 10−2 carries on
	put(t, g, "A1a", "28G5")
	if !slices.Contains(g.Legal(), "move A1a 28H5") {
		t.Fatal("the move into the hidden mines is not listed")
	}
	mustDo(t, g, "move A1a 28H5")
	m, ok := mineView(g.ViewAs(0), "28H5")
	if !ok || m.Strength != nil {
		t.Errorf("F.7C: after the attack the allies see %+v (present %v); want a marker without strength", m, ok)
	}
	if g.Label(g.baseIdx["A1a"].Hex) != "28H5" {
		t.Errorf("A1a is in %s", g.Label(g.baseIdx["A1a"].Hex))
	}
}

// Seed 002 Note 3: a unit withdrawing after a failed morale test treats
// the minefields it knows of as impassable — but not hidden mines it has
// not found, nor a dummy it has.
func TestGameWithdrawAvoidsMinefieldsNote3(t *testing.T) {
	g := minesGame(t)
	b := put(t, g, "A1a", "28G5")
	a, err := g.withdrawReach(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"28F3", "28F4", "28F5", "28F6", "28F7", "28H3"} {
		if _, ok := a.Cost(hexOf(t, g, l)); ok {
			t.Errorf("Note 3: a withdrawal may enter the known minefield %s", l)
		}
	}
	if _, ok := a.Cost(hexOf(t, g, "28H5")); !ok {
		t.Error("Note 3: hidden mines the allies do not know of block their withdrawal (a leak)")
	}
	free, _ := g.plan.Reach(g.moveUnit(b), b.Hex, b.Type.MP*4)
	if _, ok := free.Cost(hexOf(t, g, "28F5")); !ok {
		t.Fatal("28F5 is out of reach even without Note 3: the test proves nothing")
	}
	// A dummy once found no longer blocks.
	g.mineAt(hexOf(t, g, "28F6")).Revealed = true
	a, _ = g.withdrawReach(b)
	if _, ok := a.Cost(hexOf(t, g, "28F6")); !ok {
		t.Error("Note 3: a dummy the allies have found still blocks their withdrawal")
	}
	// §12.5 through the game: the withdrawing unit never ends in a mine.
	g.dice = dice.New(3)
	put(t, g, "A1b", "28G6")
	g.withdraw(b.Unit, 8)
	for _, x := range b.Unit.Bases {
		if m := g.mineAt(x.Hex); m != nil && !m.Dummy {
			t.Errorf("§12.5/Note 3: %s withdrew into the minefield %s", x.ID, g.Label(x.Hex))
		}
	}
}

// 13.4 Engineering Test against a minefield: success probes it (F.7: the
// strength is revealed to the enemy; F.7B: a dummy is found) and makes it
// save, toughness 3 + strength, against a 1d6 demolition factor; 2–5 no
// progress; 1 or less Pinned. The engineers (TQ 0) need 6.
func TestGameEngineersClearMinefield13_4(t *testing.T) {
	cases := []struct {
		name     string
		throws   []dice.Roll
		target   string
		gone     bool
		revealed bool
		pinned   bool
	}{
		{"success, DF 6, save 1+4−6 = −1: cleared", []dice.Roll{d10(6), d6(6), d10(1)}, "28F5", true, true, false},
		{"success, DF 1, save 10+4−1: holds, strength revealed", []dice.Roll{d10(10), d6(1), d10(10)}, "28F5", false, true, false},
		{"score 5: no progress, nothing revealed", []dice.Roll{d10(5)}, "28F5", false, false, false},
		{"score 1: the engineers are Pinned", []dice.Roll{d10(1)}, "28F5", false, false, true},
		{"success on a dummy in a run: found, stays marked, no save", []dice.Roll{d10(8)}, "28F6", false, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := minesGame(t, tc.throws...)
			e := put(t, g, "E1a", "28E5")
			if tc.target == "28F6" {
				put(t, g, "E1a", "28E6")
			}
			cmd := "clear E1a " + tc.target
			if !slices.Contains(g.Legal(), cmd) {
				t.Fatalf("%q is not listed: %v", cmd, g.Legal())
			}
			mustDo(t, g, cmd)
			m := g.mineAt(hexOf(t, g, tc.target))
			if (m == nil) != tc.gone {
				t.Errorf("minefield gone %v, want %v", m == nil, tc.gone)
			}
			v, _ := mineView(g.ViewAs(0), tc.target)
			if !tc.gone && (v.Strength != nil || v.Dummy) != tc.revealed {
				t.Errorf("allies' view %+v, revealed want %v", v, tc.revealed)
			}
			if e.Pinned != tc.pinned {
				t.Errorf("engineers pinned %v, want %v", e.Pinned, tc.pinned)
			}
		})
	}
}

// clear is refused, with the state untouched, for a base that is not an
// engineer, a hex out of reach, and hidden mines the side does not know
// of — whose refusal reads exactly like an empty hex's.
func TestGameClearRefused13_4(t *testing.T) {
	g := minesGame(t)
	put(t, g, "E1a", "28G5")
	h := g.Hash()
	for cmd, want := range map[string]string{
		"clear A1a 28C5": "only combat engineers",
		"clear E1a 28F3": "own hex or the next",
		"clear E1a 28H5": "no obstacle or minefield known there",
		"clear E1a 28G6": "no obstacle or minefield known there",
	} {
		_, err := g.Do(cmd)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", cmd, err, want)
		}
	}
	_, e1 := g.Do("clear E1a 28H5")
	_, e2 := g.Do("clear E1a 28G6")
	if strings.ReplaceAll(e1.Error(), "28H5", "X") != strings.ReplaceAll(e2.Error(), "28G6", "X") {
		t.Errorf("the refusal for hidden mines differs from an empty hex's: %v / %v", e1, e2)
	}
	if g.Hash() != h {
		t.Error("a refused clear changed the state")
	}
}

// Linear Fixed Defences, movement: Note 2 wire stops all but fully
// tracked vehicles (and fully armoured half-tracks); Note 1 a ditch or
// dragon's teeth stops all but small infantry and size-0 vehicles; whoever
// crosses pays Bad Going (+1 MF/MP); an improvised obstacle is Bad Going
// for all.
func TestGameObstacleMovementFixedDefences(t *testing.T) {
	g := minesGame(t)
	rifle := put(t, g, "A1a", "28I6")
	tank := put(t, g, "A2a", "28I6")
	price := func(b *Base, label string) (int, bool) {
		a, err := g.plan.Reach(g.moveUnit(b), b.Hex, b.Type.MP)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := a.Cost(hexOf(t, g, label))
		return int(c), ok
	}
	cases := []struct {
		hex, kind       string
		rifleOK, tankOK bool
	}{
		{"28J5", "wire", false, true},
		{"28J6", "ditch", true, false},
		{"28J7", "teeth", true, false},
		{"28J8", "improvised", true, true},
	}
	// the same entries with no obstacles, for the +1
	plain := map[*Base]map[string]int{rifle: {}, tank: {}}
	saved := g.def.Obstacles
	g.def.Obstacles = nil
	_ = g.replan()
	for _, tc := range cases {
		for _, b := range []*Base{rifle, tank} {
			b.Hex = hexOf(t, g, tc.hex).Neighbor(hexmap.Dir(5)) // the hex to its north-west
			c, ok := price(b, tc.hex)
			if !ok {
				t.Fatalf("%s cannot enter %s with no obstacle", b.ID, tc.hex)
			}
			plain[b][tc.hex] = c
		}
	}
	g.def.Obstacles = saved
	_ = g.replan()
	for _, tc := range cases {
		for _, x := range []struct {
			b  *Base
			ok bool
		}{{rifle, tc.rifleOK}, {tank, tc.tankOK}} {
			x.b.Hex = hexOf(t, g, tc.hex).Neighbor(hexmap.Dir(5))
			c, ok := price(x.b, tc.hex)
			if ok != x.ok {
				t.Errorf("%s into %s: enters %v, want %v", x.b.ID, tc.kind, ok, x.ok)
				continue
			}
			if ok && c != plain[x.b][tc.hex]+2 { // +1 MF/MP in half-MP units
				t.Errorf("%s into %s costs %d half-MP, want %d (+1 Bad Going)", x.b.ID, tc.kind, c, plain[x.b][tc.hex]+2)
			}
		}
	}
}

// 13.4 Vehicles crushing Barbed Wire: 6+ crosses and the wire saves
// against the vehicle's size (toughness 2); 2–5 crosses, no effect; 1 or
// less entangled, Pinned in the wire. The Crusader (TQ 0, size 2).
func TestGameVehicleCrushesWire13_4(t *testing.T) {
	cases := []struct {
		name     string
		throws   []dice.Roll
		wireGone bool
		pinned   bool
	}{
		{"6+: save 1+2−2 = 1, the wire is cleared", []dice.Roll{d10(6), d10(1)}, true, false},
		{"6+: save 4+2−2 = 4, cleared", []dice.Roll{d10(9), d10(4)}, true, false},
		{"6+: save 6+2−2 = 6, the wire holds", []dice.Roll{d10(9), d10(6)}, false, false},
		{"2–5: crosses, no effect", []dice.Roll{d10(3)}, false, false},
		{"1: entangled, Pinned in the wire", []dice.Roll{d10(1)}, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := minesGame(t, tc.throws...)
			tank := put(t, g, "A2a", "28I5")
			mustDo(t, g, "move A2a 28J5")
			if g.Label(tank.Hex) != "28J5" {
				t.Errorf("the tank is in %s", g.Label(tank.Hex))
			}
			if (g.obstacleAt(hexOf(t, g, "28J5")) == nil) != tc.wireGone || tank.Pinned != tc.pinned {
				t.Errorf("wire gone %v pinned %v; want %v %v", g.obstacleAt(hexOf(t, g, "28J5")) == nil, tank.Pinned, tc.wireGone, tc.pinned)
			}
			if tc.wireGone {
				rifle := put(t, g, "A1a", "28I5")
				a, err := g.plan.Reach(g.moveUnit(rifle), rifle.Hex, rifle.Type.MP)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := a.Cost(hexOf(t, g, "28J5")); !ok {
					t.Error("13.4: cleared wire still stops infantry (the hex reverts to its terrain)")
				}
			}
		})
	}
}

// 13.4 engineers against obstacles: 1d6 against wire and improvised
// obstacles, 2d6 (demolition) against a ditch or dragon's teeth; the
// obstacle's toughness from the Linear Fixed Defences table.
func TestGameEngineersClearObstacles13_4(t *testing.T) {
	cases := []struct {
		hex    string
		throws []dice.Roll
		gone   bool
	}{
		{"28J5", []dice.Roll{d10(6), d6(4), d10(5)}, true},                       // wire T2: 5+2−4 = 3
		{"28J5", []dice.Roll{d10(6), d6(1), d10(5)}, false},                      // 5+2−1 = 6 holds
		{"28J6", []dice.Roll{d10(6), dice.Throw(dice.DR2, 6, 5), d10(5)}, true},  // ditch T6: 5+6−11 = 0
		{"28J7", []dice.Roll{d10(6), dice.Throw(dice.DR2, 1, 1), d10(1)}, false}, // teeth T8: 1+8−2 = 7 holds
		{"28J8", []dice.Roll{d10(6), d6(6), d10(5)}, true},                       // improvised T4: 5+4−6 = 3
	}
	for _, tc := range cases {
		g := minesGame(t, tc.throws...)
		put(t, g, "E1a", "28I6")
		g.baseIdx["E1a"].Hex = hexOf(t, g, tc.hex).Neighbor(hexmap.Dir(5))
		mustDo(t, g, "clear E1a "+tc.hex)
		if (g.obstacleAt(hexOf(t, g, tc.hex)) == nil) != tc.gone {
			t.Errorf("%s: gone %v, want %v", tc.hex, !tc.gone, tc.gone)
		}
	}
}

// Linear Fixed Defences, LOS and cover: dragon's teeth and improvised
// obstacles are Low and Obscured at ground level (§10.8 −1, once, and
// only where no desert hindrance already obscures the line); an
// improvised obstacle gives the base in contact a CSB of 2 (Note A) and
// hides it beyond §6.4's visibility distance (Note B); wire and a ditch
// are Ground and Clear.
func TestGameObstacleLOSAndCoverFixedDefences(t *testing.T) {
	cases := []struct {
		name, firer, target string
		obscured            bool
		csb                 int
	}{
		{"improvised: obscured and CSB 2", "28E8", "28J8", true, 2},
		{"dragon's teeth in the line: obscured, no CSB", "28G7", "28K7", true, 0},
		{"wire in the line: clear", "28G5", "28K5", false, 0},
		{"ditch in the line: clear", "28G6", "28K6", false, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := minesGame(t)
			b := put(t, g, "A1a", tc.firer)
			tg := put(t, g, "G1a", tc.target)
			s, err := g.planFire(b, tg)
			if err != nil {
				t.Fatal(err)
			}
			hit, save, blocked := g.fireTests(b, tg, s, 0, []int{1, 1, 1})
			if blocked != "" {
				t.Fatal(blocked)
			}
			got := false
			for _, m := range hit.Mods {
				got = got || strings.HasPrefix(m.What, "LOS obscured by")
			}
			if got != tc.obscured {
				t.Errorf("obscured %v, want %v: %+v", got, tc.obscured, hit.Mods)
			}
			csb := 0
			for _, m := range save.Mods {
				if strings.Contains(m.What, "CSB") || strings.Contains(m.What, "cover") {
					csb = m.N
				}
			}
			if csb != tc.csb {
				t.Errorf("CSB %d, want %d: %+v", csb, tc.csb, save.Mods)
			}
		})
	}
	g := minesGame(t)
	tg := put(t, g, "G1a", "28J8")
	far := put(t, g, "A1a", "28A8")
	if g.sees(far, tg) {
		t.Error("Note B: a base in an improvised obstacle is seen beyond §6.4's distance")
	}
	near := put(t, g, "A1b", "28E8")
	if !g.sees(near, tg) {
		t.Error("Note B: a base in an improvised obstacle is not seen within §6.4's distance")
	}
}

// F.7: the owner's own base entering its minefield is attacked too, and
// its roll, which shows the strength, stays private to the owner.
func TestGameOwnMinefieldAttacksOwnerF7(t *testing.T) {
	g, err := New(loadScn(t, "testdata/mines.toml"), 1)
	if err != nil {
		t.Fatal(err)
	}
	toActivations(t, g, "axis")
	g.dice = dice.Scripted(d10(5), d10(10)) // 5+1 hits; the save (TQ 1, size 1) carries on
	put(t, g, "G1a", "28G4")
	mustDo(t, g, "move G1a 28F4")
	var axisRoll bool
	for _, e := range g.EventsFor(1) {
		axisRoll = axisRoll || e.Roll != nil && e.Roll.Table == combat.TableMinefield
	}
	if !axisRoll {
		t.Error("the owner's base entering its own minefield was not attacked")
	}
	for _, e := range g.EventsFor(0) {
		if e.Roll != nil && e.Roll.Table == combat.TableMinefield {
			t.Errorf("the allies read the roll that shows the strength: %s", e)
		}
	}
}

// The move preview warns of the minefields and wire the side knows of on
// the path, and says nothing of hidden mines (F.7, F.7C, 13.4).
func TestGamePreviewWarnsOfDefencesF7(t *testing.T) {
	g := minesGame(t)
	put(t, g, "A1a", "28E4")
	p, err := g.PreviewMove("A1a", "28F4")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Defences) != 1 || !strings.HasPrefix(p.Defences[0], "28F4: a minefield") {
		t.Errorf("preview into 28F4: %q", p.Defences)
	}
	put(t, g, "A1a", "28G5")
	if p, _ := g.PreviewMove("A1a", "28H5"); len(p.Defences) != 0 {
		t.Errorf("the preview gives away hidden mines: %q", p.Defences)
	}
	put(t, g, "A2a", "28I5")
	if p, _ := g.PreviewMove("A2a", "28J5"); len(p.Defences) != 1 || !strings.Contains(p.Defences[0], "wire") {
		t.Errorf("preview into the wire: %q", p.Defences)
	}
}

// §6A: engineers the enemy cannot see work unseen — their rolls and name
// stay their side's — but what their work changes on the map is public:
// the minefield revealed (F.7) and cleared (13.4).
func TestGameHiddenEngineersClear13_4(t *testing.T) {
	g := minesGame(t, d10(6), d6(6), d10(1))
	put(t, g, "E1a", "28E5")
	g.unitIdx["E1"].Contact = true
	g.gen++
	mustDo(t, g, "clear E1a 28F5")
	var cleared, revealed bool
	for _, e := range g.EventsFor(1) {
		if strings.Contains(e.Text, "E1a") {
			t.Errorf("the axis reads the hidden engineers' doings: %s", e)
		}
		cleared = cleared || strings.Contains(e.Text, "the minefield in 28F5 is cleared")
		revealed = revealed || strings.Contains(e.Text, "the minefield in 28F5 is revealed")
	}
	if !cleared || !revealed {
		t.Errorf("the axis did not read that 28F5 was revealed (%v) and cleared (%v)", revealed, cleared)
	}
}

// §6A with F.7: a hidden unit (a Contact Marker) entering the enemy's
// mines is attacked; the owner reads the roll but not the mover's name,
// and the mover's side reads the outcome without the strength.
func TestGameHiddenMoverInMinefieldF7(t *testing.T) {
	g := minesGame(t, d10(4)) // 4+1 = 5: crosses safely
	put(t, g, "A1a", "28E4")
	g.unitIdx["A1"].Contact = true
	g.gen++
	mustDo(t, g, "move A1a 28F4")
	var ownerRoll bool
	for _, e := range g.EventsFor(1) {
		if strings.Contains(e.Text, "A1a") {
			t.Errorf("the axis reads the hidden mover's name: %s", e)
		}
		ownerRoll = ownerRoll || e.Roll != nil && e.Roll.Table == combat.TableMinefield
	}
	if !ownerRoll {
		t.Error("the owner does not read its mines' roll")
	}
	var told bool
	for _, e := range g.EventsFor(0) {
		told = told || strings.Contains(e.Text, "crosses the minefield in 28F4 safely")
	}
	if !told {
		t.Error("the mover's side is not told the outcome")
	}
}

// F.7 (B28.62): a bomb or artillery result on a Known minefield thins it
// a step; past −2 it becomes a Dummy; its strength stays hidden from the
// enemy if it was; a Dummy is unaffected (F.7B).
func TestGameMineStruckF7(t *testing.T) {
	g := minesGame(t)
	h := hexOf(t, g, "28F5") // strength +1, unrevealed
	for want := 0; want >= -2; want-- {
		if !g.MineStruck(h) || g.mineAt(h).Strength != want || g.mineAt(h).Dummy {
			t.Fatalf("after a hit: %+v, want strength %d", *g.mineAt(h), want)
		}
	}
	if v, _ := mineView(g.ViewAs(0), "28F5"); v.Strength != nil {
		t.Errorf("the thinned strength shows to the enemy: %+v", v)
	}
	if !g.MineStruck(h) || !g.mineAt(h).Dummy {
		t.Errorf("past −2 the minefield is not a Dummy: %+v", *g.mineAt(h))
	}
	if g.MineStruck(h) || g.MineStruck(hexOf(t, g, "28F6")) {
		t.Error("a Dummy is struck (F.7B)")
	}
	for _, e := range g.EventsFor(0) {
		if strings.Contains(e.Text, "28F5") {
			t.Errorf("the enemy reads the thinning of an unrevealed minefield: %s", e)
		}
	}
}
