package game

import (
	"strings"
	"testing"

	"khamsin/engine/attack"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// shotGame is testdata/shot.toml with the first side to act chosen.
func shotGame(t *testing.T, first string) *Game {
	t.Helper()
	g, err := New(loadScn(t, "testdata/shot.toml"), 1)
	if err != nil {
		t.Fatal(err)
	}
	toActivations(t, g, first)
	return g
}

// saveRoll is the logged Shooting Saving Throw among evs.
func saveRoll(t *testing.T, evs []Event) *Roll {
	t.Helper()
	for _, e := range evs {
		if e.Roll != nil && strings.HasPrefix(e.Roll.Table, combat.TableShootingSave) {
			return e.Roll
		}
	}
	t.Fatalf("no shooting save in the log:\n%s", eventsText(evs))
	return nil
}

// cover reports the cover-save lines of a logged save.
func cover(r *Roll) []combat.Mod {
	var out []combat.Mod
	for _, m := range r.Mods {
		if strings.HasPrefix(m.What, "cover save bonus") {
			out = append(out, m)
		}
	}
	return out
}

// Issue 17 A: every protection the one shot builder knows reaches the
// game's own fire. Each case sets up a seeded game so that the
// protection applies, fires through g.Do, and finds the protection, with
// its rule, among the logged save's modifiers — the only cover line.
// 8.4 sangar, 7.42 foxhole, LOS-12 trench, 4.51 AFV in a deir, 6.52 wreck
// on a hillock, F.1A/LOS-12 Emplaced Gun, §7.6 dug in.
func TestGameShotProtections_8_4_7_42_LOS12_4_51_6_52_F1A(t *testing.T) {
	for _, c := range []struct {
		name           string
		first          string
		firer, fHex    string
		target, tHex   string
		setup          func(g *Game)
		what, rule     string
		n              int
		noCoverWithout func(g *Game) // undo the protection: the line must go
	}{
		{name: "sangar", first: "allies", firer: "A1a", fHex: "28C5", target: "G1a", tHex: "28F5",
			what: "cover save bonus (sangar)", n: 1, rule: "8.4 via the TEM join",
			noCoverWithout: func(g *Game) { g.sangars = nil }},
		{name: "foxhole", first: "allies", firer: "A1a", fHex: "28C5", target: "G1a", tHex: "28F6",
			what: "cover save bonus (foxhole)", n: 2, rule: "7.42 via the TEM join",
			noCoverWithout: func(g *Game) { g.foxholes = nil }},
		{name: "trench", first: "allies", firer: "A1a", fHex: "28C5", target: "G1a", tHex: "28G5",
			what: "cover save bonus (trench)", n: 2, rule: "LOS-12 via the TEM join",
			noCoverWithout: func(g *Game) { g.trenches = nil }},
		{name: "AFV in a deir", first: "allies", firer: "A1a", fHex: "28O5", target: "G1a", tHex: "28P5",
			setup: func(g *Game) { g.baseIdx["G2a"].Hex = g.baseIdx["G1a"].Hex },
			what:  "cover save bonus (afv)", n: 1, rule: "4.51 via the TEM join",
			noCoverWithout: func(g *Game) { g.baseIdx["G2a"].Hex = hexOfG(g, "28L5") }},
		{name: "wreck on a hillock", first: "allies", firer: "A1a", fHex: "27G6", target: "G1a", tHex: "27G7",
			what: "cover save bonus (wreck)", n: 1, rule: "6.52 via the TEM join",
			noCoverWithout: func(g *Game) { g.wrecks = nil }},
		{name: "emplaced gun", first: "axis", firer: "G1a", fHex: "28C7", target: "A5a", tHex: "28C8",
			what: "cover save bonus (emplacement)", n: 2, rule: "LOS-12 via the TEM join",
			noCoverWithout: func(g *Game) { g.baseIdx["A5a"].Emplaced = false }},
		{name: "dug in", first: "allies", firer: "A1a", fHex: "28C5", target: "G1a", tHex: "28H5",
			setup: func(g *Game) { g.baseIdx["G1a"].DugIn = true },
			what:  "cover save bonus (dug in)", n: 2, rule: "7.6",
			noCoverWithout: func(g *Game) { g.baseIdx["G1a"].DugIn = false }},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, with := range []bool{true, false} {
				g := shotGame(t, c.first)
				put(t, g, c.firer, c.fHex)
				put(t, g, c.target, c.tHex)
				if c.setup != nil {
					c.setup(g)
				}
				if !with {
					c.noCoverWithout(g)
				}
				g.gen++
				script(g, d10(10), d10(10))
				evs := mustDoEvents(t, g, "fire "+c.firer+" "+c.target)
				lines := cover(saveRoll(t, evs))
				if !with {
					for _, m := range lines {
						if m.What == c.what {
							t.Errorf("without the %s the save still lists %+v", c.name, m)
						}
					}
					continue
				}
				if len(lines) != 1 || lines[0].What != c.what || lines[0].N != c.n || lines[0].Rule != c.rule {
					t.Errorf("the save's cover lines are %+v, want one %q %+d (%s)\n%s", lines, c.what, c.n, c.rule, eventsText(evs))
				}
			}
		})
	}
}

func hexOfG(g *Game, label string) (h hexmap.Hex) {
	h, _ = g.Map.Hex(label)
	return h
}

// LOS-11: an AFV on the line between firer and target hinders the shot:
// the game's to-hit lists it with its rule (−1 through the hindrance join).
func TestGameShotVehicleOnTheLineLOS11(t *testing.T) {
	for _, on := range []bool{true, false} {
		g := shotGame(t, "allies")
		put(t, g, "A1a", "28C5")
		put(t, g, "G1a", "28H5")
		if on {
			put(t, g, "A2a", "28E5")
		}
		script(g, d10(10), d10(10))
		evs := mustDoEvents(t, g, "fire A1a G1a")
		hit := rollsOn(evs, combat.TableDirectFire)
		if len(hit) != 1 {
			t.Fatalf("no to-hit roll:\n%s", eventsText(evs))
		}
		if got := hasMod(hit[0], "afv", -1); got != on {
			t.Errorf("AFV on the line %v: the to-hit lists afv −1 %v: %+v", on, got, hit[0].Mods)
		}
	}
}

// F.1A: a gun that set up in scrub is Emplaced (its Location too, for
// LOS); it stops being so once it moves or limbers; a gun set up in open
// desert never is. 2.3: scrub then conceals it.
func TestGameEmplacedGunF1A(t *testing.T) {
	g := shotGame(t, "allies")
	gun := g.baseIdx["A5a"]
	if !g.emplaced(gun) || !g.loc(gun).Emplaced {
		t.Fatal("the 6-pdr set up in scrub (28C8) is not Emplaced")
	}
	if !g.concealed(gun) {
		t.Error("2.3: scrub conceals an Emplaced Gun")
	}
	sh := g.Shot(g.baseIdx["G1a"], gun, g.mustWeapon(t, g.baseIdx["G1a"]))
	if !sh.Target.Emplaced || sh.Target.Fort != protect.NoFort || sh.Kind != attack.SmallArms {
		t.Errorf("the shot at the gun: %+v", sh.Target)
	}
	script(g, d10(10), d10(10), d10(10))
	mustDo(t, g, "move A5a 28C9")
	if gun.Hex == hexOf(t, g, "28C8") {
		t.Fatal("the gun did not move")
	}
	if g.emplaced(gun) {
		t.Error("a gun that moved is still Emplaced")
	}
	g2 := shotGame(t, "allies")
	put(t, g2, "A5a", "28D5")
	g2.emplaceGuns()
	if g2.emplaced(g2.baseIdx["A5a"]) {
		t.Error("a gun set up in open desert is Emplaced")
	}
}

// mustWeapon is the weapon b would fire at its first visible enemy.
func (g *Game) mustWeapon(t *testing.T, b *Base) *forces.Weapon {
	t.Helper()
	for _, id := range b.Type.Weapons {
		if w, ok := g.Cat.Weapon(id); ok {
			return w
		}
	}
	t.Fatalf("%s has no weapon", b.ID)
	return nil
}

// §10.8 does not keep AP for armour: an AP-only gun may fire at infantry,
// guns and lorries, which save with the PEN counting 0 (columns A–C, F);
// a lorry so knocked out gives its passengers the passenger table's +2
// "transport destroyed by AP".
func TestGameAPAtSoftTargets10_8(t *testing.T) {
	g := shotGame(t, "allies")
	put(t, g, "G1a", "28F7")
	script(g, d10(10), d10(10))
	evs := mustDoEvents(t, g, "fire A6a G1a")
	sv := saveRoll(t, evs)
	if !strings.HasSuffix(sv.Table, "column A") || !hasMod(sv, "PEN (counts 0 against this target)", 0) {
		t.Errorf("AP at infantry: the save is %s %+v, want column A with PEN counting 0", sv.Table, sv.Mods)
	}

	g = shotGame(t, "allies")
	lorry, men := g.baseIdx["G6a"], g.baseIdx["G7a"]
	put(t, g, "G6a", "28F7")
	men.Hex = lorry.Hex
	script(g, d10(10), d10(1), d10(10))
	evs = mustDoEvents(t, g, "fire A6a G6a")
	sv = saveRoll(t, evs)
	if !strings.HasSuffix(sv.Table, "column F") || !hasMod(sv, "PEN (counts 0 against this target)", 0) {
		t.Errorf("AP at a lorry: the save is %s %+v", sv.Table, sv.Mods)
	}
	if !lorry.KO {
		t.Fatalf("the lorry survived a save of 1:\n%s", eventsText(evs))
	}
	ps := rollsOn(evs, combat.TablePassengerSave)
	if len(ps) != 1 || !hasMod(ps[0], "transport destroyed by AP", 2) {
		t.Errorf("the passengers' save lacks +2 for AP: %+v\n%s", ps, eventsText(evs))
	}
}

// A base in a fortification counter's hex is entrenched in it already
// (8.1): it may not dig in as well, which would swap the counter's TEM
// for §7.6's 2. A passenger is never protected by the counter of the
// hex its transport stands in, and is marked a passenger for 4.5/7.513.
func TestGameFortCounterOccupants8_1(t *testing.T) {
	g := shotGame(t, "allies")
	put(t, g, "A1a", "28F5")
	if _, err := g.Do("dig A1a"); err == nil || !strings.Contains(err.Error(), "sangar") {
		t.Errorf("dig in a sangar: %v", err)
	}
	lorry, men := g.baseIdx["G6a"], g.baseIdx["G7a"]
	lorry.Hex = hexOf(t, g, "28F6")
	men.Hex = lorry.Hex
	g.gen++
	sh := g.ShotAt(g.loc(g.baseIdx["A1a"]), g.shotTarget(men), attack.SmallArms, false, 0)
	if !sh.Target.Passenger || sh.Target.Fort != protect.NoFort {
		t.Errorf("a passenger in a foxhole hex: passenger %v, fort %s", sh.Target.Passenger, sh.Target.Fort)
	}
	if g.shotTarget(g.baseIdx["G1a"]).Passenger {
		t.Error("a base on foot is marked a passenger")
	}
}
