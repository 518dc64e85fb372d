package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"khamsin/hexmap"
)

// Hash is a digest of the whole live state, written field by field in a
// fixed order (never a map's, never JSON): equal hashes mean equal games.
// It is what saves record after every command and what replays check.
// TestHashCoversEveryField changes each field of the state in turn and
// expects the hash to change; a field added to the state must be added
// here too.
//
// Left out on purpose: the scenario, catalogue and map (fixed for the
// game; a save names its scenario), the seed (the dice stream's position
// stands for it), the caches, and gen and hush (bookkeeping inside one
// command).
func (g *Game) Hash() string {
	w := hashWriter{b: make([]byte, 0, 4096)}
	w.int(g.turn, int(g.phase), g.actor, g.winner, g.initWin)
	w.str(g.result)
	w.bool(g.deferred, g.ready[0], g.ready[1])
	for _, s := range g.sides {
		w.str(s.ID, s.Name, s.Nation)
		w.int(s.BreakStart, s.Orders, s.Brigade, s.Initiative)
	}
	w.int(len(g.units))
	for _, u := range g.units {
		w.str(u.ID, u.Name, u.Edge, u.Gone)
		w.int(u.Side, u.TQ, u.Morale, u.Arrives, u.start, len(u.Bases))
		w.bool(u.Contact, u.Activated, u.Shaken, u.Weakened, u.Challenge, u.Area != nil, g.toggled[u])
		if u.Area != nil {
			w.hex(u.Area.Centre)
			w.int(u.Area.Radius)
		}
		for _, b := range u.Bases {
			w.str(b.ID)
		}
	}
	w.int(len(g.bases))
	for _, b := range g.bases {
		w.str(b.ID, b.Unit.ID, b.Type.ID, b.Stuck)
		w.hex(b.Hex)
		w.int(int(b.Facing), int(b.Front))
		w.bool(b.Pinned, b.KO, b.DugIn, b.Crest, b.Acted, b.Grenade, b.Emplaced, b.Fired, b.Carrier != nil)
		if b.Carrier != nil {
			w.str(b.Carrier.ID)
		}
	}
	w.int(len(g.objs))
	for _, o := range g.objs {
		w.str(o.ID, o.Name)
		w.hex(o.Hex)
		w.int(o.Value, o.Owner, o.Controller)
	}
	e := g.env
	w.int(int(e.Month), int(e.Weather), int(e.Time), int(e.EC), int(e.Wind), int(e.Upwind), int(e.Dust),
		int(e.Boards), int(e.Region), int(e.Terrain), int(e.North), int(e.SSROn), int(e.SSROff))
	w.bool(e.Gusts, e.Mist, e.DustEnded, e.DYO)
	w.hexes(g.smoke)
	w.int(len(g.dust))
	for _, d := range g.dust {
		w.hex(d.Hex)
		w.str(d.Base)
	}
	w.hexes(g.sangars)
	w.hexes(g.foxholes)
	w.hexes(g.trenches)
	w.hexes(g.wrecks)
	w.int(len(g.def.Mines))
	for _, m := range g.def.Mines {
		w.hex(m.Hex)
		w.int(m.Owner, m.Strength)
		w.bool(m.Dummy, m.Hidden, m.Revealed, m.Run)
	}
	w.int(len(g.def.Obstacles))
	for _, o := range g.def.Obstacles {
		w.hex(o.Hex)
		w.int(int(o.Kind))
	}
	w.int(len(g.def.Structures))
	for _, s := range g.def.Structures {
		w.hex(s.Hex)
		w.str(s.Kind)
		w.int(s.Owner, int(s.Facing), s.Damage)
	}
	w.int(len(g.def.Buildings))
	for _, bd := range g.def.Buildings {
		w.hex(bd.Hex)
		w.bool(bd.Bridge)
		w.int(bd.Damage)
		w.str(bd.State)
	}
	g.hashArt(&w)
	w.int(len(g.air.Sorties))
	for _, s := range g.air.Sorties {
		w.str(s.ID, s.Type.ID, s.Ordnance, s.Done)
		w.int(s.Side, s.Number, s.Comms, s.Due)
		w.bool(s.Seen, s.Target != nil)
		if s.Target != nil {
			w.hex(*s.Target)
		}
	}
	w.bool(g.open != nil)
	if o := g.open; o != nil {
		w.str(o.Unit.ID, o.Action)
		w.int(o.Orders, len(o.lost))
		w.bool(o.manHandled)
		for _, u := range o.lost {
			w.str(u.ID)
		}
	}
	w.int(len(g.pendingMorale))
	for _, u := range g.pendingMorale {
		w.str(u.ID)
	}
	w.int(len(g.events), len(g.cmds), g.dice.Len())
	w.b = append(w.b, g.dice.State()...)
	sum := sha256.Sum256(w.b)
	return hex.EncodeToString(sum[:8])
}

// hashArt writes the fire support: batteries, observation aircraft,
// pre-planned barrages and FFE dust.
func (g *Game) hashArt(w *hashWriter) {
	a := &g.art
	w.int(len(a.Batteries))
	for _, bt := range a.Batteries {
		w.str(bt.ID, bt.Name)
		w.int(bt.Side, bt.Guns, bt.HE, bt.CalibreMM, bt.TQ, bt.Comms)
		w.bool(bt.Rockets, bt.SmokeOK, bt.Aimed, bt.Ranged, bt.Unit != nil, bt.OfficerTQ != nil)
		w.hex(bt.Aim)
		if bt.Unit != nil {
			w.str(bt.Unit.ID)
		}
		if bt.OfficerTQ != nil {
			w.int(*bt.OfficerTQ)
		}
		if bt.stand != nil {
			w.bool(bt.stand.Activated)
		}
	}
	w.int(len(a.Aircraft))
	for _, ac := range a.Aircraft {
		w.str(ac.ID, ac.Name, ac.Gone)
		w.int(ac.Side, ac.TQ, ac.Arrives)
		if ac.stand != nil {
			w.bool(ac.stand.Activated)
		}
	}
	w.int(len(a.Barrages))
	for _, b := range a.Barrages {
		w.str(b.Battery.ID)
		w.int(b.Turn)
		w.hex(b.Hex)
		w.bool(b.Smoke)
	}
	w.hexes(a.FFEDust)
}

// hashWriter gathers values in a self-delimiting binary form, hashed in
// one piece at the end (the same bytes as writing each to the hash, with
// no call and no copy per value: the game hashes after every command).
type hashWriter struct {
	b []byte
}

func (w *hashWriter) int(xs ...int) {
	for _, x := range xs {
		w.b = binary.AppendVarint(w.b, int64(x))
	}
}

func (w *hashWriter) bool(xs ...bool) {
	for _, x := range xs {
		b := byte(0)
		if x {
			b = 1
		}
		w.b = append(w.b, b)
	}
}

func (w *hashWriter) str(xs ...string) {
	for _, x := range xs {
		w.int(len(x))
		w.b = append(w.b, x...)
	}
}

func (w *hashWriter) hex(h hexmap.Hex) { w.int(h.Q, h.R) }

func (w *hashWriter) hexes(hs []hexmap.Hex) {
	w.int(len(hs))
	for _, h := range hs {
		w.hex(h)
	}
}
