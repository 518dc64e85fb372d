package game

import (
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
)

// faceFor is the lowest d10 face that gives band on test t, or 0.
func faceFor(t combat.Test, band combat.Band) int {
	for d := 1; d <= 10; d++ {
		if t.Result(d) == band {
			return d
		}
	}
	return 0
}

// §10.8 and Shooting Saving Throw column E: a shot at a bunker's occupant
// is +1 to hit and the bunker saves — occupant's TQ, + toughness, −1 per
// damage marker, small arms' FPF nothing: 2–5 a damage marker (the
// occupant is not pinned), 1 or less the bunker destroyed with the
// occupant knocked out.
func TestGameBunkerColumnE(t *testing.T) {
	for _, band := range []combat.Band{combat.Success, combat.Middle, combat.Failure} {
		g := minesGame(t)
		a := put(t, g, "A1a", "28K5")
		o := put(t, g, "G1a", "28N5")
		s := g.shelterOf(o)
		if s == nil {
			t.Fatal("G1a is not sheltered in its bunker")
		}
		s.Damage = 6 // small arms cannot hurt a sound bunker: its save would always succeed
		sh, err := g.planFire(a, o)
		if err != nil {
			t.Fatal(err)
		}
		hit, save, _ := g.fireTests(a, o, sh, 0, []int{1, 1, 1})
		if !strings.HasPrefix(save.Table, combat.TableShootingSave+", column E") {
			t.Fatalf("the save is %s, want column E", save.Table)
		}
		var plus1 bool
		for _, m := range hit.Mods {
			plus1 = plus1 || m.What == "target is a bunker or Tobruk pit" && m.N == 1
		}
		if !plus1 {
			t.Errorf("§10.8: no +1 for a bunker: %+v", hit.Mods)
		}
		for _, m := range save.Mods {
			if m.What == "FPF" || strings.HasPrefix(m.What, "cover save bonus") {
				t.Errorf("column E lists %s", m.What)
			}
		}
		g.dice = dice.Scripted(d10(10), d10(faceFor(save, band)))
		mustDo(t, g, "fire A1a G1a")
		switch band {
		case combat.Success:
			if s.Damage != 6 || o.KO || o.Pinned {
				t.Errorf("6+: damage %d, KO %v, pinned %v", s.Damage, o.KO, o.Pinned)
			}
		case combat.Middle:
			if s.Damage != 7 || o.KO || o.Pinned {
				t.Errorf("2–5: damage %d (want 7), KO %v, pinned %v", s.Damage, o.KO, o.Pinned)
			}
		case combat.Failure:
			if g.shelterOf(o) != nil || !o.KO {
				t.Errorf("1 or less: the bunker stands %v, G1a KO %v", g.shelterOf(o) != nil, o.KO)
			}
		}
	}
}

// A bunker's occupant fires only through its firing arc (the half-plane
// of its facing hexside); a Tobruk pit fires all round. Close assault is
// +1 through the arc and −2 through any other.
func TestGameBunkerFiringArc(t *testing.T) {
	g := minesGame(t)
	o := put(t, g, "G1a", "28N5")
	west := put(t, g, "A1a", "28L5")
	east := put(t, g, "A1b", "28P5")
	if _, err := g.planFire(o, west); err != nil {
		t.Errorf("through the arc: %v", err)
	}
	if _, err := g.planFire(o, east); err == nil || !strings.Contains(err.Error(), "firing arc") {
		t.Errorf("behind the bunker: %v, want a firing-arc refusal", err)
	}
	s := g.shelterOf(o)
	if assaultArc(s, west.Hex) != 1 || assaultArc(s, east.Hex) != -2 || assaultArc(nil, east.Hex) != 0 {
		t.Errorf("close assault rows: %d %d %d", assaultArc(s, west.Hex), assaultArc(s, east.Hex), assaultArc(nil, east.Hex))
	}
	pit := put(t, g, "G1a", "28N8")
	put(t, g, "A1b", "28P8")
	if _, err := g.planFire(pit, east); err != nil {
		t.Errorf("a Tobruk pit fires all round: %v", err)
	}
	if assaultArc(g.shelterOf(pit), east.Hex) != 1 {
		t.Error("a Tobruk pit has no arc to take −2 through")
	}
}

// Close Assault against a bunker's occupant: the structure save (TQ, +
// toughness, − the attacking factor); 5 or less destroys the bunker and
// knocks the occupant out.
func TestGameBunkerCloseAssault(t *testing.T) {
	g := minesGame(t)
	o := put(t, g, "G1a", "28N5")
	put(t, g, "A1a", "28M5")
	g.dice = dice.Scripted(d10(10), d10(1), d10(1)) // hit (+1 through the arc); the counter-blow misses; the bunker's save fails
	evs, err := g.Do("assault A1a G1a")
	if err != nil {
		t.Fatal(err)
	}
	if g.shelterOf(o) != nil || !o.KO {
		t.Errorf("bunker stands %v, occupant KO %v", g.shelterOf(o) != nil, o.KO)
	}
	var arc, structSave bool
	for _, e := range evs {
		if e.Roll == nil {
			continue
		}
		for _, m := range e.Roll.Mods {
			arc = arc || m.What == "bunker, through its firing arc" && m.N == 1
		}
		structSave = structSave || e.Roll.Table == combat.TableAssaultStructure
	}
	if !arc || !structSave {
		t.Errorf("arc row %v, structure save %v", arc, structSave)
	}
	if v := g.ViewAs(0); len(v.Structures) != 1 || v.Structures[0].Kind != "tobruk" {
		t.Errorf("after the bunker's fall the view shows %+v", v.Structures)
	}
}
