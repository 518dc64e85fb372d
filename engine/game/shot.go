package game

import (
	"khamsin/engine/attack"
	"khamsin/engine/climate"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/engine/protect"
	"khamsin/hexmap"
)

// One function builds a shot from the game state (issue 17): the game's
// own fire (answer), the command line's `khamsin los --scenario`, the
// window and the computer opponent all ask ShotAt (or Shot for two bases),
// so every protection the desert rules give reaches play the same way:
//
//   - an AFV or wreck in the target's hex (4.51, 6.52; LOS-11),
//   - a sangar (8.4), a foxhole (7.42) or a trench (LOS-12) counter in the
//     target's hex, for a man or gun there on foot,
//   - an Emplaced Gun and its crew (F.1A, 7.41),
//   - a passenger (4.5 and 7.513 protect non-passengers only),
//   - the AFVs and wrecks on the line (LOS-11), Vehicle and FFE Dust
//     (11.74, 11.75) and SMOKE (seed 002 Note 3).

// ShotTarget is the target end of a shot: where it stands and what it is.
type ShotTarget struct {
	Loc       los.Location
	Infantry  bool // infantry or engineers (6.0's crest status, 5.66)
	Armoured  bool // an armoured target (3.4, 7.4 spare it; saved on column D)
	Vehicle   bool // any vehicle: no fortification counter protects it
	Passenger bool // carried by a transport
	Emplaced  bool // an Emplaced Gun or its crew (F.1A)
	// HeatHaze is how 11.623 sees the target (infantry or vehicle).
	HeatHaze climate.TargetType
}

// ShotAt builds the attack of kind k from a firer at firer on target, with
// the game's counters and bases filling in every protection and every
// hindrance on the line. he marks HE (3.4, 7.4); calibre is the HE's
// calibre in mm for 8.41 (0: not known).
func (g *Game) ShotAt(firer los.Location, target ShotTarget, k attack.Kind, he bool, calibre int) attack.Shot {
	// The lists are sized before they are filled (the computer asks for
	// the odds of every shot it could take); nil when empty, as before.
	var dust []los.Dust
	if n := len(g.dust) + len(g.art.FFEDust); n > 0 {
		dust = make([]los.Dust, 0, n)
		for _, d := range g.dust {
			dust = append(dust, los.Dust{Hex: d.Hex})
		}
		for _, h := range g.art.FFEDust { // 11.75 (ffeDust)
			dust = append(dust, los.Dust{Hex: h, FFE: true})
		}
	}
	var veh []los.Vehicle
	if n := len(g.wrecks) + g.armourCount(); n > 0 {
		veh = make([]los.Vehicle, 0, n)
	}
	cover := protect.NoVehicle
	for _, o := range g.bases {
		if !o.Effective() || !armoured(o) {
			continue
		}
		if o.Hex == target.Loc.Hex && o.Hex != firer.Hex {
			cover = protect.WithAFV // 4.51, 6.52: protect ignores it for an armoured target
		}
		if o.Hex != firer.Hex && o.Hex != target.Loc.Hex {
			veh = append(veh, los.Vehicle{Hex: o.Hex}) // an end hex's own vehicle never hinders (LOS-11)
		}
	}
	for _, h := range g.wrecks {
		veh = append(veh, los.Vehicle{Hex: h, Wreck: true})
		if h == target.Loc.Hex && cover == protect.NoVehicle {
			cover = protect.WithWreck
		}
	}
	tu := protect.Unit{Loc: target.Loc, Infantry: target.Infantry, Armored: target.Armoured, Passenger: target.Passenger,
		Emplaced: target.Emplaced, Vehicle: cover}
	if !target.Vehicle && !target.Passenger {
		tu.Fort = g.FortAt(target.Loc.Hex)
	}
	return attack.Shot{
		Kind: k, HE: he, CalibreMM: calibre,
		Firer:    protect.Unit{Loc: firer},
		Target:   tu,
		TargetAs: target.HeatHaze, Dust: dust, Vehicles: veh, Smoke: g.smoke,
	}
}

// armourCount is the number of effective armoured bases (ShotAt's
// vehicles).
func (g *Game) armourCount() int {
	n := 0
	for _, o := range g.bases {
		if o.Effective() && armoured(o) {
			n++
		}
	}
	return n
}

// FortAt is the fortification counter in h: a sangar (8.4), a trench
// (LOS-12) or a foxhole (7.42), in that order when a hex holds more than
// one (none stacks with another).
func (g *Game) FortAt(h hexmap.Hex) protect.Fort {
	switch {
	case hexIn(g.sangars, h):
		return protect.Sangar
	case hexIn(g.trenches, h):
		return protect.Trench
	case hexIn(g.foxholes, h):
		return protect.Foxhole
	}
	return protect.NoFort
}

// EmplacedAt reports an Emplaced Gun in h (F.1A).
func (g *Game) EmplacedAt(h hexmap.Hex) bool {
	for _, b := range g.bases {
		if b.Hex == h && b.Effective() && g.emplaced(b) {
			return true
		}
	}
	return false
}

// shotTarget describes base t as a target.
func (g *Game) shotTarget(t *Base) ShotTarget {
	st := ShotTarget{Loc: g.loc(t), Infantry: t.Type.Class == forces.Infantry || t.Type.Class == forces.Engineer,
		Armoured: armoured(t), Vehicle: t.Type.Class.Vehicle(), Passenger: t.Carrier != nil, Emplaced: g.emplaced(t),
		HeatHaze: climate.TargetInfantry}
	if t.Type.Class == forces.Armoured || t.Type.Class == forces.Combat || t.Type.Class == forces.Transport {
		st.HeatHaze = climate.TargetVehicle
	}
	return st
}

// heShot reports w fired as HE at t: an HE weapon, or an HE-too weapon at
// an unarmoured target.
func heShot(w *forces.Weapon, t *Base) bool {
	return w.Kind == forces.HE || (w.HEToo && !armoured(t))
}

// Shot is the attack of base b firing weapon w at base t, built from the
// game state (ShotAt). attack.Resolve answers it.
func (g *Game) Shot(b, t *Base, w *forces.Weapon) attack.Shot {
	return g.ShotAt(g.loc(b), g.shotTarget(t), attackKind(w), heShot(w, t), 0)
}

// emplaced reports an Emplaced Gun (F.1A): a gun that set up Emplaced
// and has neither moved nor limbered since.
func (g *Game) emplaced(b *Base) bool {
	return b.Emplaced && b.Type.Class == forces.Gun && b.Carrier == nil
}

// emplaceAtSetup says whether gun b setting up where it stands is
// Emplaced (F.1A, 7.41). *Decision:* a gun in Concealment Terrain sets up
// concealed there (the game sees it only within §6.4's distance), so it
// is Emplaced on a desert board in Concealment Terrain, in sand, or under
// a trench counter; off the desert boards, or under Broken or Steppe
// terrain, it is not (the scenario has no other way to say so), nor in a
// wadi-cliff hex, where no Location is emplaced (5.61).
func (g *Game) emplaceAtSetup(b *Base) bool {
	if b.Type.Class != forces.Gun || b.Carrier != nil || b.Unit.Arrives != 0 {
		return false
	}
	l := g.grid.At(b.Hex)
	l.Emplaced = true
	if g.grid.Validate(l) != nil {
		return false // no emplacement in a wadi-cliff hex (5.61, LOS-1)
	}
	ok, _ := protect.Emplaced(g.Map, b.Hex, protect.GunSetup{HiddenOrConcealed: true, UnderTrench: hexIn(g.trenches, b.Hex)}, false)
	return ok
}

// emplaceGuns sets every gun's Emplaced state as it sets up.
func (g *Game) emplaceGuns() {
	for _, b := range g.bases {
		b.Emplaced = g.emplaceAtSetup(b)
	}
}
