package game

import (
	"math"
	"strings"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// openActivations plays the Challenge phase, optionally putting unit
// challenge on Challenge for its side, and lets first go first.
func openActivations(t *testing.T, g *Game, challenge, first string) {
	t.Helper()
	for g.phase == PhaseChallenge {
		if u, ok := g.unitIdx[challenge]; ok && u.Side == g.actor && !u.Challenge {
			mustDo(t, g, "challenge "+challenge)
		}
		mustDo(t, g, "ready")
	}
	mustDo(t, g, "first "+first)
}

func hexOf(t *testing.T, g *Game, label string) hexmap.Hex {
	t.Helper()
	h, err := g.Map.Hex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Challenge is reaction fire (docs/rules.md): an enemy base that moves
// into the sight and range of a unit on Challenge is shot at once, and the
// unit's token comes off and it counts as Activated.
func TestGameChallengeReactionFire(t *testing.T) {
	g := duel(t, 11)
	openActivations(t, g, "A2", "axis")
	if !g.unitIdx["A2"].Challenge {
		t.Fatal("A2 should be on Challenge")
	}
	mustDo(t, g, "move G2a 28I5")
	reacted := false
	for _, e := range g.events {
		if strings.Contains(e.Text, "A2 reacts from Challenge against G2a") {
			reacted = true
		}
	}
	if !reacted || g.unitIdx["A2"].Challenge || !g.unitIdx["A2"].Activated {
		t.Errorf("reaction: logged %v, still on Challenge %v, activated %v", reacted, g.unitIdx["A2"].Challenge, g.unitIdx["A2"].Activated)
	}
}

// §4.6 and docs/rules.md: a contact whose base has an enemy base next to
// it is revealed when the activation ends.
func TestGameContactRevealedWhenAdjacent(t *testing.T) {
	g := duel(t, 12)
	openActivations(t, g, "", "allies")
	g.baseIdx["A1a"].Hex = hexOf(t, g, "28M5")
	g.baseIdx["A1b"].Hex = hexOf(t, g, "28M6")
	g.gen++
	mustDo(t, g, "move A1a 28N5")
	if g.open != nil {
		mustDo(t, g, "end")
	}
	if g.unitIdx["G4"].Contact {
		t.Error("G4 stayed a contact with an allied base next to it")
	}
}

// Seed 002 Note D, joined to the desert: a move that starts, ends or
// passes through sand (7.0) or any move while mud exists needs two Orders.
func TestGameNoteD(t *testing.T) {
	g, err := New(loadScn(t, "dust"), 1)
	if err != nil {
		t.Fatal(err)
	}
	var sand, plain hexmap.Hex
	found := 0
	for _, h := range g.Map.Hexes() {
		if g.Map.Terrain(h).Flags&hexmap.Sand != 0 {
			for d := hexmap.Dir(0); d < 6; d++ {
				n := h.Neighbor(d)
				if g.Map.Contains(n) && g.Map.Terrain(n) == (hexmap.Terrain{}) {
					sand, plain, found = h, n, 1
				}
			}
		}
		if found == 1 {
			break
		}
	}
	if found == 0 {
		t.Fatal("the dust scenario has no sand hex beside open desert")
	}
	if ok, _ := g.noteD(plain, g.pathTo(plain, sand)); !ok {
		t.Error("a move into sand should need two Orders")
	}
	if ok, _ := g.noteD(plain, g.pathTo(plain, plain.Neighbor(0))); ok && g.Map.Terrain(plain.Neighbor(0)).Flags&hexmap.Sand == 0 {
		t.Error("a move across open desert needs one Order")
	}
	// Through the command: with one Order left the move is refused.
	for g.phase != PhaseActivate {
		mustDo(t, g, g.Legal()[len(g.Legal())-1])
	}
	var b *Base
	for _, x := range g.bases {
		if x.Unit.Side == g.actor && x.Effective() && x.Type.MP > 0 {
			b = x
			break
		}
	}
	if b == nil {
		t.Fatal("no mobile base for the side to act")
	}
	b.Hex = plain
	for _, o := range g.bases {
		if o != b && o.Hex == plain {
			o.Hex = plain.Neighbor(3)
		}
	}
	g.sides[g.actor].Orders, g.sides[g.actor].Brigade = 1, 0
	g.gen++
	_, err = g.Do("move " + b.ID + " " + g.Label(sand))
	if err == nil || !strings.Contains(err.Error(), "Note D") {
		t.Errorf("one Order left, move into sand: got %v, want a Note D refusal", err)
	}
	side := g.actor
	g.sides[side].Orders = 2
	g.gen++
	if _, err := g.Do("move " + b.ID + " " + g.Label(sand)); err != nil {
		t.Fatalf("two Orders: %v", err)
	}
	if g.sides[side].Orders != 0 {
		t.Errorf("the move should have cost two Orders")
	}
}

// pathTo is a one-step path (for noteD tests).
func (g *Game) pathTo(from, to hexmap.Hex) (p move.Path) {
	p.From = from
	p.Actions = append(p.Actions, move.Action{Hex: to})
	return p
}

// Weapon choice (docs/rules.md): at armour the highest PEN in range, at
// soft targets HE first, then the highest FPF.
func TestGameWeaponChoice(t *testing.T) {
	g := duel(t, 1)
	pz, inf := g.baseIdx["G2a"], g.baseIdx["G1a"]
	for _, tgt := range []*Base{g.baseIdx["A2a"], g.baseIdx["A1a"]} {
		w, why := g.chooseWeapon(pz, tgt, 3)
		if w == nil {
			t.Fatalf("%s at %s: %s", pz.ID, tgt.ID, why)
		}
		for _, id := range pz.Type.Weapons {
			o, _ := g.Cat.Weapon(id)
			if armoured(tgt) && g.penOf(o) > g.penOf(w) && 3 <= weaponRange(o) {
				t.Errorf("at armour %s chose %s (PEN %d) over %s (PEN %d)", tgt.ID, w.ID, g.penOf(w), o.ID, g.penOf(o))
			}
			if !armoured(tgt) && w.HE == 0 && o.HE > 0 && (o.Kind == forces.HE || o.HEToo) && 3 <= weaponRange(o) {
				t.Errorf("at infantry chose %s with no HE over %s", w.ID, o.ID)
			}
		}
	}
	if w, _ := g.chooseWeapon(inf, g.baseIdx["A1a"], 40); w != nil {
		t.Errorf("a rifle section fired %s at 40 hexes", w.ID)
	}
}

// Front and side armour (docs/rules.md): a shot from the target's facing
// hexside or either one beside it meets the front armour; from the three
// behind, the side armour.
func TestGameFrontSideArmour(t *testing.T) {
	g := duel(t, 1)
	tank, firer := g.baseIdx["G2a"], g.baseIdx["A1a"]
	for face := hexmap.Dir(0); face < 6; face++ {
		tank.Facing = face
		for d := hexmap.Dir(0); d < 6; d++ {
			firer.Hex = tank.Hex.Neighbor(d).Neighbor(d).Neighbor(d) // straight out across hexside d
			want := d == face || d == face.Turn(1) || d == face.Turn(-1)
			if got := g.frontOn(tank, firer); got != want {
				t.Errorf("facing %s, firer out across %s: front %v, want %v", face, d, got, want)
			}
		}
	}
}

// The HC weapons table: a hollow charge's PEN is thrown (nd6 + k); the
// odds enumerate every total, so the weights sum to one and average right.
func TestGameHCPENDistribution(t *testing.T) {
	g := duel(t, 1)
	for _, id := range g.Cat.WeaponIDs() {
		w, _ := g.Cat.Weapon(id)
		row, ok := g.hcRow(w)
		if !ok {
			continue
		}
		pens, ws := g.hcPENs(w)
		sum, mean := 0.0, 0.0
		for i := range pens {
			sum += ws[i]
			mean += ws[i] * float64(pens[i])
		}
		want := float64(row.Plus) + 3.5*float64(row.Dice)
		if math.Abs(sum-1) > 1e-9 || math.Abs(mean-want) > 1e-9 {
			t.Errorf("%s: weights sum %v, mean PEN %v, want 1 and %v", id, sum, mean, want)
		}
		return
	}
	t.Fatal("no HC weapon in the catalogue")
}

// 11.71: Light Dust adds a subsequent dr, halved and rounded up (1–3), to
// each shot it hinders; the join makes it −1…−3 on the to-hit.
func TestGameLightDustDr11_71(t *testing.T) {
	g, err := New(loadScn(t, "dust"), 1)
	if err != nil {
		t.Fatal(err)
	}
	// Bring a base of each side within sight and range of each other.
	var b, tg *Base
	var w *forces.Weapon
	for _, x := range g.bases {
		if x.Unit.Side == 1 && x.Type.Class == forces.Armoured && tg == nil {
			tg = x
		}
	}
	tg.Unit.Contact = false
search:
	for _, x := range g.bases {
		if x.Unit.Side != 0 || !x.Effective() {
			continue
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			h := x.Hex.Neighbor(d).Neighbor(d).Neighbor(d)
			if !g.Map.Contains(h) {
				continue
			}
			tg.Hex = h
			g.gen++
			if w, _ = g.chooseWeapon(x, tg, 3); w != nil && g.sees(x, tg) && len(g.dustRolls(x, tg, w)) > 0 {
				b = x
				break search
			}
		}
	}
	if b == nil {
		t.Fatal("no allied base can shoot through the light dust at 3 hexes")
	}
	s := &shot{weapon: w, rng: hexmap.Distance(b.Hex, tg.Hex)}
	{
		{
			for dr, want := range map[int]int{1: -1, 2: -1, 3: -2, 4: -2, 5: -3, 6: -3} {
				hit, _, _ := g.fireTests(b, tg, s, s.weapon.PEN, []int{dr})
				got := 0
				for _, m := range hit.Mods {
					if strings.HasPrefix(m.Rule, "11.71") {
						got += m.N
					}
				}
				if got != want {
					t.Fatalf("%s at %s, dust dr %d: to-hit %+d, want %+d", b.ID, tg.ID, dr, got, want)
				}
			}
		}
	}
}

// F.4: Axis vehicles before October 1941 are subject to mechanical
// reliability; later, and for the British, they are not.
func TestGameAxisVehiclesF4(t *testing.T) {
	g := duel(t, 1) // June 1942
	if g.mechanicalReliability(g.baseIdx["G2a"]) {
		t.Error("a Panzer III in 1942 should not test mechanical reliability")
	}
	g.Scn.Date = "1941-09"
	if !g.mechanicalReliability(g.baseIdx["G2a"]) || g.mechanicalReliability(g.baseIdx["A2a"]) || g.mechanicalReliability(g.baseIdx["G1a"]) {
		t.Error("in 9/41 only the Axis vehicle tests")
	}
	g.Scn.Date = "1941-10"
	if g.mechanicalReliability(g.baseIdx["G2a"]) {
		t.Error("from 10/41 F.4 no longer applies")
	}
}

// 6.0, 6.11–6.14 in the game: infantry in a wadi hex claim Crest status
// with "crest B HEX"; fire across the crest front meets an entrenched
// target (+2 TEM, so a CSB of at least 2), fire from behind does not; the
// base leaves Crest status when it moves.
func TestGameCrest6_0(t *testing.T) {
	g := duel(t, 3)
	openActivations(t, g, "", "allies")
	b := g.baseIdx["A1a"]
	b.Hex, g.baseIdx["A1b"].Hex = hexOf(t, g, "28S4"), hexOf(t, g, "28R4")
	g.gen++
	var cmd string
	for _, c := range g.Legal() {
		if strings.HasPrefix(c, "crest A1a ") {
			cmd = c
			break
		}
	}
	if cmd == "" {
		t.Fatalf("no crest command for A1a in the wadi at 28S4: %v", g.Legal()[:10])
	}
	mustDo(t, g, cmd)
	if !b.Crest || !g.loc(b).Crest {
		t.Fatal("A1a should be in Crest status")
	}
	shooter := g.baseIdx["G1a"]
	shooter.Unit.Contact = false
	csb := func(from hexmap.Hex) (int, bool) {
		shooter.Hex = from
		g.gen++
		w, _ := g.chooseWeapon(shooter, b, hexmap.Distance(from, b.Hex))
		if w == nil || !g.sees(shooter, b) {
			return 0, false
		}
		return g.answer(shooter, b, w).CoverSave, true
	}
	// Every hex 2–4 away straight out across each hexside: across the
	// front three the crest infantry are entrenched, across the back three
	// not.
	var front hexmap.Hex
	checked := [2]int{}
	for d := hexmap.Dir(0); d < 6; d++ {
		inFront := d == b.Front || d == b.Front.Turn(1) || d == b.Front.Turn(-1)
		h := b.Hex.Neighbor(d)
		for r := 2; r <= 4; r++ {
			h = h.Neighbor(d)
			if !g.Map.Contains(h) || g.Map.Terrain(h).Flags&hexmap.Wadi != 0 {
				continue
			}
			c, ok := csb(h)
			if !ok {
				continue
			}
			if inFront {
				checked[0]++
				front = h
				if c < 2 {
					t.Errorf("fire across the crest front from %s: CSB %d, want ≥ 2 (6.0)", g.Label(h), c)
				}
			} else {
				checked[1]++
				if c >= 2 {
					t.Errorf("fire from behind (%s): CSB %d, want no crest entrenchment", g.Label(h), c)
				}
			}
		}
	}
	if checked[0] == 0 || checked[1] == 0 {
		t.Fatalf("checked %d shots from the front and %d from behind", checked[0], checked[1])
	}
	// 6.13: from Crest status no machine gun.
	shooter.Hex = front
	if w, _ := g.chooseWeapon(b, shooter, 3); w != nil && w.Kind == forces.MG {
		t.Errorf("crest infantry fired %s, a machine gun (6.13)", w.ID)
	}
}

// The previews the window shows before a command is committed agree with
// what the command then does: a move's path ends where the base ends, at
// the cost the move options list; assault odds are probabilities.
func TestGamePreviews(t *testing.T) {
	g := duel(t, 2)
	toActivations(t, g, "allies")
	opts, err := g.MoveOptions("A2a")
	if err != nil || len(opts) == 0 {
		t.Fatal(err)
	}
	o := opts[len(opts)-1]
	p, err := g.PreviewMove("A2a", o.Hex)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != o.Cost || len(p.Steps) == 0 || p.Steps[len(p.Steps)-1].Hex != o.Hex || p.Orders < 1 {
		t.Errorf("preview to %s: total %s (options say %s), %d steps, %d Orders", o.Hex, p.Total, o.Cost, len(p.Steps), p.Orders)
	}
	for _, st := range p.Steps {
		if len(st.Why) == 0 {
			t.Errorf("step %s costs %s with no reason", st.Hex, st.Cost)
		}
	}
	before := g.Hash()
	if _, err := g.PreviewMove("A2a", "28A1"); err == nil && g.Hash() != before {
		t.Error("a preview changed the game")
	}
	g.baseIdx["A1a"].Hex = hexOf(t, g, "28J5")
	g.gen++
	before = g.Hash()
	a, err := g.AssaultOdds("A1a", "G1a")
	if err != nil {
		t.Fatal(err)
	}
	if a.TargetOut <= 0 || a.TargetOut >= 1 || !a.FightsBack || a.AttackerOut <= 0 {
		t.Errorf("assault odds: target out %v, fights back %v, attacker out %v", a.TargetOut, a.FightsBack, a.AttackerOut)
	}
	if g.Hash() != before {
		t.Error("the odds changed the game")
	}
}

// Facing (docs/rules.md): a vehicle turns in place with "face B HEX" as
// its unit's action; the front arc follows (front and side armour).
func TestGameFace(t *testing.T) {
	g := duel(t, 5)
	toActivations(t, g, "allies")
	tank := g.baseIdx["A2a"]
	var to string
	for d := hexmap.Dir(0); d < 6; d++ {
		if d != tank.Facing {
			to = g.Label(tank.Hex.Neighbor(d))
			break
		}
	}
	mustDo(t, g, "face A2a "+to)
	if g.Label(tank.Hex.Neighbor(tank.Facing)) != to {
		t.Errorf("A2a faces %s, want %s", g.Label(tank.Hex.Neighbor(tank.Facing)), to)
	}
	if _, err := g.Do("face A1a 28D5"); err == nil {
		t.Error("infantry have no facing to change")
	}
}

// Set-up areas (docs/rules.md): before turn 1 the sides in turn place
// the bases of units with a set-up area anywhere in it; the placements
// are private; then turn 1 begins with §7.1.
func TestGameSetUpAreas(t *testing.T) {
	g, err := New(loadScn(t, "testdata/setup.toml"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.phase != PhaseSetup || g.actor != 0 {
		t.Fatalf("phase %s, actor %d: want set-up, allies first (an encounter's first side)", g.phase, g.actor)
	}
	places := 0
	for _, c := range g.Legal() {
		if strings.HasPrefix(c, "place ") {
			places++
			f := strings.Fields(c)
			if f[1] != "A1a" && f[1] != "A1b" {
				t.Errorf("%q: only A1 has a set-up area", c)
			}
			h, _ := g.Map.Hex(f[2])
			if d := hexmap.Distance(h, hexOf(t, g, "28C5")); d > 2 {
				t.Errorf("%q is %d hexes from the area's centre", c, d)
			}
		}
	}
	if places == 0 {
		t.Fatal("no place commands")
	}
	if _, err := g.Do("place A1a 28F5"); err == nil {
		t.Error("a placement outside the area was accepted")
	}
	mustDo(t, g, "place A1a 28D4", "ready")
	if g.phase != PhaseSetup || g.actor != 1 {
		t.Fatalf("after the allies' ready: phase %s, actor %d", g.phase, g.actor)
	}
	for _, e := range g.EventsFor(1) {
		if strings.Contains(e.Text, "28D4") {
			t.Errorf("the axis log shows the allied placement: %s", e.Text)
		}
	}
	mustDo(t, g, "ready")
	if g.phase != PhaseChallenge || g.turn != 1 || g.Label(g.baseIdx["A1a"].Hex) != "28D4" {
		t.Errorf("after set-up: phase %s, turn %d, A1a at %s", g.phase, g.turn, g.Label(g.baseIdx["A1a"].Hex))
	}
}

// Seed 002's sniper tables: a sniper's shot uses its own to-hit (+1) and
// the target's sniper save (TQ + size): 2–5 pins, 1 or less pins and sends
// the unit to a morale test, or kills a command base.
func TestGameSniper(t *testing.T) {
	g := duel(t, 1)
	sn, ok := g.Cat.Type("uk-sniper")
	if !ok {
		t.Fatal("no uk-sniper in the catalogue")
	}
	b := g.baseIdx["A1a"]
	b.Type = sn
	b.Hex = hexOf(t, g, "28H5")
	g.gen++
	s, err := g.planFire(b, g.baseIdx["G1a"])
	if err != nil {
		t.Fatal(err)
	}
	hit, save, _ := g.fireTests(b, g.baseIdx["G1a"], s, 0, []int{1})
	if hit.Table != combat.TableSniperHit || save.Table != combat.TableSniperSave {
		t.Fatalf("a sniper shot uses %q and %q", hit.Table, save.Table)
	}
	plus := false
	for _, m := range hit.Mods {
		plus = plus || m.What == "sniper shooting" && m.N == 1
	}
	if !plus {
		t.Errorf("no +1 for sniper shooting in %v", hit.Mods)
	}
	// A failed save: an officer dies, a section is pinned and tests morale.
	low := 1
	for ; save.Result(low) != combat.Failure && low <= 10; low++ {
	}
	off := g.baseIdx["G3a"]
	offSave := combat.SniperSave(off.Unit.TQ, off.Type.Size)
	lowOff := 1
	for ; offSave.Result(lowOff) != combat.Failure && lowOff <= 10; lowOff++ {
	}
	if lowOff <= 10 {
		g.dice = dice.Scripted(dice.Throw(dice.D10, lowOff, 0))
		g.sniperSave(off, offSave, "test")
		if !off.KO {
			t.Error("a command base failing its sniper save should be killed")
		}
	}
	if low <= 10 {
		g.dice = dice.Scripted(dice.Throw(dice.D10, low, 0), dice.Throw(dice.D10, 10, 0))
		g.sniperSave(g.baseIdx["G1a"], save, "test")
		tested := false
		for _, e := range g.events {
			tested = tested || strings.Contains(e.Text, "G1 tests morale")
		}
		if !g.baseIdx["G1a"].Pinned || g.baseIdx["G1a"].KO || !tested {
			t.Errorf("a section failing its sniper save: pinned %v, KO %v, morale tested %v", g.baseIdx["G1a"].Pinned, g.baseIdx["G1a"].KO, tested)
		}
	}
}

// 11.77 over time: rain that begins under an overcast sky ends the dust
// for the rest of the game and clears the vehicle dust counters.
func TestGameRainEndsDust11_77(t *testing.T) {
	g := duel(t, 1)
	g.Scn.Environment.Wind = "mild-breeze"
	g.env.Weather, g.env.Wind = climate.Overcast, climate.MildBreeze
	g.env.EC, g.env.Dust = climate.ECDry, climate.DustLight
	g.dust = []Dust{{Hex: hexOf(t, g, "28D5"), Base: "A2a"}}
	g.dice = dice.Scripted(dice.Throw(dice.DR1, 3, 0), dice.Throw(dice.DR1, 3, 0), dice.Throw(dice.DR1, 6, 0))
	g.windChange()
	if g.env.Weather != climate.Rain || climate.Assess(g.env).Dust != climate.DustNone || len(g.dust) != 0 {
		t.Errorf("after rain: weather %s, dust %s, %d vehicle dust counters", g.env.Weather, climate.Assess(g.env).Dust, len(g.dust))
	}
}
