package game

import (
	"encoding/json"
	"khamsin/engine/los"
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// buildingsGame is testdata/buildings.toml (board 25 alone) at the allies'
// first activation, with the dice then scripted by the test.
func buildingsGame(t *testing.T, throws ...dice.Roll) *Game {
	t.Helper()
	g, err := New(loadScn(t, "testdata/buildings.toml"), 1)
	if err != nil {
		t.Fatal(err)
	}
	toActivations(t, g, "allies")
	g.dice = dice.Scripted(throws...)
	return g
}

// F.1 (board 25's buildings are stone), 5.51 (the wadi road bridge at
// 25R1) and seed 002's T = C: every building hex is a structure of
// toughness 4 and the bridge one of toughness 2, and both sides (and the
// umpire) see the same list.
func TestGameBuildingsAreStructuresF1(t *testing.T) {
	g := buildingsGame(t)
	want := map[string]int{"25R1": 2}
	for _, l := range strings.Fields("25J1 25K1 25L1 25J3 25K3 25L3 25M2 25CC3 25DD3 25BB5 25CC5 25DD5 25B9") {
		want[l] = 4
	}
	views := [][]BuildingView{g.ViewAs(0).Buildings, g.ViewAs(1).Buildings, g.ViewAs(-1).Buildings}
	for i, v := range views {
		got := map[string]int{}
		for _, b := range v {
			got[b.Hex] = b.Toughness
			if (b.Kind == "bridge") != (b.Hex == "25R1") || b.State != "" || b.Damage != 0 {
				t.Errorf("view %d: %+v", i, b)
			}
		}
		for l, tough := range want {
			if got[l] != tough {
				t.Errorf("view %d: %s toughness %d, want %d", i, l, got[l], tough)
			}
		}
		if len(got) != len(want) {
			t.Errorf("view %d lists %d structures, want %d: %v", i, len(got), len(want), got)
		}
	}
}

// §10.8 step 2 and step 6 (column G: + toughness, − HE#, −1 per damage
// marker): a direct HE hit on a base in a building hits the building too;
// 6+ it stands, 2–5 a damage marker, 1 or less it collapses (step 7).
func TestGameBuildingColumnG10_8(t *testing.T) {
	for _, c := range []struct {
		band   combat.Band
		damage int
		state  string
	}{{combat.Success, 1, Standing}, {combat.Middle, 2, Standing}, {combat.Failure, 1, Ruins}} {
		g := buildingsGame(t)
		a, o := put(t, g, "A1a", "25C9"), g.baseIdx["G1a"]
		bd := g.buildingAt(o.Hex)
		bd.Damage = 1
		s, err := g.planFire(a, o)
		if err != nil {
			t.Fatal(err)
		}
		_, save, _ := g.fireTests(a, o, s, 0, nil)
		gs := combat.ShootingSave(combat.Save{Column: 'G', Toughness: 4, Damage: 1, HEHit: true, HE: 5})
		if gs.Final(10) != 10+4-5-1 {
			t.Fatalf("column G: %+v", gs.Mods)
		}
		script(g, d10(10), d10(faceFor(save, combat.Success)), d10(faceFor(gs, c.band)), d10(10), d10(10))
		evs := mustDoEvents(t, g, "fire A1a G1a")
		if bd.Damage != c.damage || bd.State != c.state {
			t.Errorf("%v: damage %d state %q, want %d %q", c.band, bd.Damage, bd.State, c.damage, c.state)
		}
		var gRoll bool
		for _, e := range evs {
			gRoll = gRoll || e.Roll != nil && e.Roll.Table == combat.TableShootingSave+", column G"
		}
		if !gRoll {
			t.Errorf("%v: no column G save logged", c.band)
		}
	}
}

// §10.8 step 7: when a building collapses, every base in it takes the
// occupant's save (TQ, officer, size only): 2–5 pinned, 1 or less knocked
// out; the building becomes ruins, whose cover save bonus is 2.
func TestGameBuildingCollapseOccupants10_8(t *testing.T) {
	g := buildingsGame(t)
	a, o1, o2 := put(t, g, "A1a", "25C9"), g.baseIdx["G1a"], g.baseIdx["G1b"]
	s, _ := g.planFire(a, o1)
	_, save, _ := g.fireTests(a, o1, s, 0, nil)
	occ := combat.OccupantSave(combat.Save{Column: 'A', TQ: o1.Unit.TQ, OfficerTQ: g.officerTQ(o1.Unit), Size: o1.Type.Size})
	for _, m := range occ.Mods {
		if strings.HasPrefix(m.What, "cover save bonus") || m.What == "HE#" {
			t.Errorf("the occupant's save lists %s", m.What)
		}
	}
	// a LOS across the building, blocked by it while it stands
	blocked := func(x, y hexmap.Hex) bool {
		r := g.grid.NewChecker().Check(los.Query{From: g.grid.At(x), To: g.grid.At(y)})
		return !r.Clear && r.Block.Kind == "building" && r.Block.At.Name(g.Map) == g.Label(o1.Hex)
	}
	var across [2]hexmap.Hex
	for _, x := range g.Map.Hexes() {
		for _, y := range g.Map.Hexes() {
			if across[0] == across[1] && hexmap.Distance(x, o1.Hex) == 1 && hexmap.Distance(y, o1.Hex) == 1 && hexmap.Distance(x, y) == 2 && blocked(x, y) {
				across = [2]hexmap.Hex{x, y}
			}
		}
	}
	if across[0] == across[1] {
		t.Fatal("no LOS across the building is blocked by it")
	}
	script(g, d10(10), d10(faceFor(save, combat.Success)), d10(1), d10(faceFor(occ, combat.Success)), d10(faceFor(occ, combat.Middle)))
	mustDo(t, g, "fire A1a G1a")
	if bd := g.buildingAt(o1.Hex); bd.State != Ruins {
		t.Fatalf("the building is %q", bd.State)
	}
	if blocked(across[0], across[1]) {
		t.Errorf("%s to %s: the ruins still block LOS (seed 002: ruins are Low and Obscured)", g.Label(across[0]), g.Label(across[1]))
	}
	if o1.KO || o1.Pinned || o2.KO || !o2.Pinned {
		t.Errorf("occupants: G1a KO %v pinned %v (6+: no effect); G1b KO %v pinned %v (2–5: pinned)", o1.KO, o1.Pinned, o2.KO, o2.Pinned)
	}
	_, save, _ = g.fireTests(a, o2, s, 0, nil)
	csb := 0
	for _, m := range save.Mods {
		if strings.HasPrefix(m.What, "cover save bonus") {
			csb = m.N
		}
	}
	if csb != 2 {
		t.Errorf("in ruins the cover save bonus is %d, want 2 (seed 002 Ruins)", csb)
	}
	if data, _ := json.Marshal(g.ViewAs(0).Buildings); !strings.Contains(string(data), `"state":"ruins"`) {
		t.Error("the allies' view does not show the ruins")
	}
}

// §10.8 step 8 and 5.51: a bridge (toughness 2) that fails its save is
// destroyed and every base on it is eliminated, whatever its own save; the
// hex is then impassable except along the wadi beneath.
func TestGameBridgeDestroyed10_8Step8(t *testing.T) {
	g := buildingsGame(t)
	a, o := put(t, g, "A1a", "25R3"), g.baseIdx["G2a"]
	s, err := g.planFire(a, o)
	if err != nil {
		t.Fatal(err)
	}
	_, save, _ := g.fireTests(a, o, s, 0, nil)
	script(g, d10(10), d10(faceFor(save, combat.Success)), d10(1))
	mustDo(t, g, "fire A1a G2a")
	bd := g.buildingAt(o.Hex)
	if bd.State != Downed || !o.KO {
		t.Fatalf("bridge %q, G2a KO %v", bd.State, o.KO)
	}
	u := g.moveUnit(g.baseIdx["G1b"])
	if mv := walkGame(t, g, u, "25R2,25R1"); mv.Legal || !strings.Contains(mv.Error, "destroyed bridge") {
		t.Errorf("onto the fallen bridge along the road: legal %v %s", mv.Legal, mv.Error)
	}
	if mv := walkGame(t, g, u, "25Q2,25R1"); !mv.Legal {
		t.Errorf("along the wadi beneath the fallen bridge: %s", mv.Error)
	}
}

// 11.9–.10: a flamethrower's close assault on a base in a building also
// attacks the building (toughness − the flamethrower's HE# − damage); 5 or
// less destroys it as burning ruins: the occupants save at −2, and the
// hex is impassable (seed 002 Terrain Effects, Burning).
func TestGameFlamethrowerBurningRuins11_10(t *testing.T) {
	g := buildingsGame(t)
	withFlamethrower(g, "uk-engineer-section", 4)
	put(t, g, "E1a", "25C9")
	o1, o2 := g.baseIdx["G1a"], g.baseIdx["G1b"]
	bd := g.buildingAt(o1.Hex)
	// hit; the counter-blow misses; G1a holds; the building fails (4 − 4 + 1);
	// the occupants' saves (TQ 1, size 1): G1a 10 − 2 holds, G1b 1 − 2
	// fails, where without the −2 it would only be pinned.
	script(g, d10(10), d10(1), d10(10), d10(1), d10(10), d10(1), d10(10), d10(10)) // then G1's morale
	evs := mustDoEvents(t, g, "assault E1a G1a")
	if bd.State != Burning {
		t.Fatalf("the building is %q, want burning ruins", bd.State)
	}
	var minus2 int
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Table == combat.TableOccupantSave {
			for _, m := range e.Roll.Mods {
				if m.N == -2 && strings.Contains(m.What, "flamethrower") {
					minus2++
				}
			}
		}
	}
	if minus2 != 2 {
		t.Errorf("%d occupant saves carry the flamethrower's −2, want 2", minus2)
	}
	if o1.KO || !o2.KO {
		t.Errorf("G1a KO %v (10 + 2 − 2 holds), G1b KO %v", o1.KO, o2.KO)
	}
	if mv := walkGame(t, g, g.moveUnit(g.baseIdx["G2a"]), "25C9,25B9"); mv.Legal || !strings.Contains(mv.Error, "burning ruins") {
		t.Errorf("into burning ruins: legal %v %s", mv.Legal, mv.Error)
	}
}

// withFlamethrower gives g its own catalogue copy in which type id
// carries a flamethrower of HE# he (the catalogue has none yet).
func withFlamethrower(g *Game, id string, he int) {
	c := *g.Cat
	c.Weapons = map[string]*forces.Weapon{}
	for k, w := range g.Cat.Weapons {
		c.Weapons[k] = w
	}
	c.Weapons["test-flame"] = &forces.Weapon{ID: "test-flame", Name: "flamethrower", Kind: forces.Flame, HE: he}
	c.Types = map[string]*forces.BaseType{}
	for k, bt := range g.Cat.Types {
		c.Types[k] = bt
	}
	bt := *g.Cat.Types[id]
	bt.Weapons = append(append([]string{}, bt.Weapons...), "test-flame")
	c.Types[id] = &bt
	g.Cat = &c
	for _, b := range g.bases {
		if b.Type.ID == id {
			b.Type = &bt
		}
	}
}

// 14.9's structure rows: a base in a standing building is attacked from
// the air at +2 (the aircraft aims at the building), a base in the open
// at nothing; a bunker's occupant at +1.
func TestGameAirStructureTarget14_9(t *testing.T) {
	g := buildingsGame(t)
	if b, k := g.airStructureTarget(g.baseIdx["G1a"]); !b || k {
		t.Errorf("a base in 25B9: building %v bunker %v", b, k)
	}
	if b, k := g.airStructureTarget(g.baseIdx["A1a"]); b || k {
		t.Errorf("a base in the open: building %v bunker %v", b, k)
	}
	g.buildingAt(hexOf(t, g, "25B9")).State = Ruins
	if b, _ := g.airStructureTarget(g.baseIdx["G1a"]); b {
		t.Error("ruins still count as a building to hit")
	}
	m := minesGame(t)
	if b, k := m.airStructureTarget(put(t, m, "G1a", "28N5")); b || !k {
		t.Errorf("a bunker's occupant: building %v bunker %v", b, k)
	}
}

// §10.8 step 3: a fire for effect rolls to hit every standing structure in
// its blast area at +2; a hit takes the structure's save.
func TestGameFFEHitsStructures10_8Step3(t *testing.T) {
	g := buildingsGame(t)
	bt := &Battery{ID: "T1", CalibreMM: 88, HE: 5, Guns: 4}
	in := g.areaFireInput(bt, true)
	in.TargetBuilding = true
	hit := combat.AreaFireHit(in)
	var plus2 bool
	for _, m := range hit.Mods {
		plus2 = plus2 || m.What == "target is a building or bridge" && m.N == 2
	}
	if !plus2 {
		t.Fatalf("no +2: %+v", hit.Mods)
	}
	// Of the village's buildings, those within 1 of 25K2: the first is hit
	// and collapses (its hex is empty), the rest are missed.
	aim := hexOf(t, g, "25K2")
	var in1 []*Building
	for _, bd := range g.def.Buildings {
		if hexmap.Distance(bd.Hex, aim) <= 1 {
			in1 = append(in1, bd)
		}
	}
	if len(in1) < 2 {
		t.Fatalf("%d structures within 1 of 25K2", len(in1))
	}
	throws := []dice.Roll{d10(10), d10(1)}
	for range in1[1:] {
		throws = append(throws, d10(faceFor(hit, combat.Failure)))
	}
	script(g, throws...)
	first := len(g.events)
	g.ffeStructures(bt, aim, 1, true)
	down := 0
	for _, bd := range g.def.Buildings {
		if bd.State == Ruins {
			down++
		}
	}
	if in1[0].State != Ruins || down != 1 {
		t.Errorf("%s is %q; %d ruins, want 1", g.Label(in1[0].Hex), in1[0].State, down)
	}
	if len(g.events) == first {
		t.Error("nothing logged")
	}
}

// Determinism: the same seed and commands give the same hash through a
// collapse, and a building's fate changes the hash.
func TestGameBuildingsDeterminism(t *testing.T) {
	play := func() *Game {
		g := buildingsGame(t)
		put(t, g, "A1a", "25C9")
		script(g, d10(10), d10(10), d10(1), d10(1), d10(1))
		mustDo(t, g, "fire A1a G1a")
		return g
	}
	a, b := play(), play()
	if a.Hash() != b.Hash() {
		t.Error("same game, different hashes")
	}
	c := buildingsGame(t)
	put(t, c, "A1a", "25C9")
	h := c.Hash()
	c.buildingAt(hexOf(t, c, "25B9")).Damage++
	if c.Hash() == h {
		t.Error("a damage marker does not change the hash")
	}
}

// walkGame prices path for u on g's planner.
func walkGame(t *testing.T, g *Game, u move.Unit, path string) *move.Move {
	t.Helper()
	pa, err := move.ParsePath(g.Map, path)
	if err != nil {
		t.Fatal(err)
	}
	mv, err := g.plan.Walk(u, pa)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

// §6A with §10.8 steps 3, 6 and 7: a fire for effect that brings down a
// building holding bases the enemy cannot see logs the structure's hit,
// save and collapse for both sides (the ruins are plain to see) but each
// hidden occupant's save privately to its own side.
func TestGameBuildingOccupantsPrivate10_8(t *testing.T) {
	g := buildingsGame(t)
	put(t, g, "A1a", "25GG10")
	put(t, g, "E1a", "25GG9")
	if !g.unseen(g.baseIdx["G1a"]) {
		t.Fatal("set-up: the allies see G1a")
	}
	script(g, d10(10), d10(1), d10(10), d10(10))
	first := len(g.events)
	g.ffeStructures(&Battery{ID: "T1", HE: 5, Guns: 4}, hexOf(t, g, "25B9"), 0, true)
	var public, private int
	for _, e := range g.events[first:] {
		switch {
		case e.Roll != nil && e.Roll.Table == combat.TableOccupantSave:
			if e.Private != "axis" {
				t.Errorf("a hidden occupant's save is public: %+v", e)
			}
			private++
		case e.Private == "":
			public++
		}
	}
	if private != 2 || public < 3 {
		t.Errorf("%d private occupant saves (want 2), %d public events (want the hit, the save and the collapse)", private, public)
	}
	seen := false
	for _, b := range g.ViewAs(0).Buildings {
		if b.Hex == "25B9" {
			seen = b.State == Ruins
		}
	}
	if !seen {
		t.Error("the allies' view does not show 25B9 in ruins")
	}
}
