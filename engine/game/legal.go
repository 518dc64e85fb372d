package game

import (
	"khamsin/engine/forces"
	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Legal lists every command the side to act may give now, in a fixed
// order. Each is checked by the same parse that Do uses, so Do accepts
// exactly these strings.
func (g *Game) Legal() []string {
	if g.Phase == PhaseOver {
		return nil
	}
	var out []string
	add := func(s string) {
		if _, err := g.parseFor(s, true); err == nil {
			out = append(out, s)
		}
	}
	side := g.Actor
	switch g.Phase {
	case PhaseSetup:
		for _, b := range g.Bases {
			if b.Unit.Side != side || b.Unit.Area == nil || !b.Effective() {
				continue
			}
			for _, h := range hexmap.Within(b.Unit.Area.Centre, b.Unit.Area.Radius) {
				if g.Map.Contains(h) && h != b.Hex {
					add("place " + b.ID + " " + g.Label(h))
				}
			}
		}
		add("ready")
		return out
	case PhaseChallenge:
		for _, u := range g.Units {
			if u.Side == side && u.InPlay() {
				add("challenge " + u.ID)
				add("unchallenge " + u.ID)
			}
		}
		add("ready")
		return out
	case PhaseFirst:
		add("first " + g.Sides[0].ID)
		add("first " + g.Sides[1].ID)
		return out
	}
	if o := g.Open; o != nil {
		for _, b := range o.Unit.Bases {
			out = append(out, g.baseCommands(b, o.Action, 0)...)
		}
		return append(out, "end")
	}
	out = append(out, "defer")
	out = append(out, g.airLegal(side)...)
	if g.ordersLeft(side) < 1 {
		return out
	}
	g.legalArt(side, add, &out) // call, adjust, range, ffe (artillery.go)
	for _, u := range g.Units {
		if u.Side != side || !u.InPlay() || u.Activated {
			continue
		}
		add("deploy " + u.ID)
		add("rally " + u.ID)
		add("challenge " + u.ID)
		for _, t := range g.Units {
			if t.Side != side && t.Contact && t.InPlay() {
				add("spot " + u.ID + " " + t.ID)
			}
		}
		for _, b := range u.Bases {
			for _, verb := range []string{"move", "fire", "assault", "dig", "smoke", "crest", "face", "mount", "dismount", "clear"} {
				out = append(out, g.baseCommands(b, verb, 0)...)
			}
		}
	}
	return out
}

// baseCommands lists b's legal commands of one verb (at most limit when
// limit > 0).
func (g *Game) baseCommands(b *Base, verb string, limit int) []string {
	if !b.OnMap() {
		return nil
	}
	var out []string
	try := func(s string) bool {
		if _, err := g.parseFor(s, true); err == nil {
			out = append(out, s)
		}
		return limit > 0 && len(out) >= limit
	}
	switch verb {
	case "move":
		if b.Stuck == bogged {
			try("unbog " + b.ID) // 7.311 ruling: its move is a Bog Removal DR (movement.go)
			return out
		}
		if b.Carrier != nil || g.whyCannotMove(b) != "" {
			return nil
		}
		a, err := g.cachedArea(b)
		if err != nil {
			return nil
		}
		for _, h := range a.Hexes() {
			if h == b.Hex || g.destOK(b, h) != "" {
				continue
			}
			if try("move " + b.ID + " " + g.Label(h)) {
				return out
			}
		}
	case "fire", "assault":
		if b.Carrier != nil {
			return nil
		}
		for _, t := range g.Bases {
			if t.Unit.Side == b.Unit.Side || !t.Effective() || !g.visibleTo(b.Unit.Side, t) {
				continue
			}
			if try(verb + " " + b.ID + " " + t.ID) {
				return out
			}
		}
		if verb == "fire" {
			for _, bd := range g.Def.Buildings { // HE at a building or bridge (buildings.go)
				if bd.State == Standing && g.firesHE(b) && try("fire "+b.ID+" "+g.Label(bd.Hex)) {
					return out
				}
			}
		}
	case "dig", "smoke", "dismount":
		try(verb + " " + b.ID)
	case "clear":
		g.clearCommands(b, try)
	case "face":
		if b.Carrier != nil || (!b.Type.Class.Vehicle() && b.Type.Class != forces.Gun) {
			return nil
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			if n := b.Hex.Neighbor(d); d != b.Facing && g.Map.Contains(n) {
				if try("face " + b.ID + " " + g.Label(n)) {
					return out
				}
			}
		}
	case "crest":
		if b.Carrier != nil || b.Crest || (b.Type.Class != forces.Infantry && b.Type.Class != forces.Engineer) || g.Map.Terrain(b.Hex).Flags&hexmap.Wadi == 0 {
			return nil
		}
		for d := hexmap.Dir(0); d < 6; d++ {
			if n := b.Hex.Neighbor(d); g.Map.Contains(n) {
				if try("crest " + b.ID + " " + g.Label(n)) {
					return out
				}
			}
		}
	case "mount":
		for _, v := range g.Bases {
			if v.Unit.Side == b.Unit.Side && v.Hex == b.Hex && v != b && v.Effective() {
				if try("mount " + b.ID + " " + v.ID) {
					return out
				}
			}
		}
	}
	return out
}

// cachedArea is area(b), kept until the game changes.
func (g *Game) cachedArea(b *Base) (*move.Area, error) {
	rc := g.rc
	rc.mu.Lock()
	rc.fresh(g.gen)
	a, ok := rc.areas[b]
	rc.mu.Unlock()
	if ok {
		return a, nil
	}
	a, err := g.area(b)
	if err != nil {
		return nil, err
	}
	rc.mu.Lock()
	rc.fresh(g.gen)
	if rc.areas == nil {
		rc.areas = map[*Base]*move.Area{}
	}
	rc.areas[b] = a
	rc.mu.Unlock()
	return a, nil
}
