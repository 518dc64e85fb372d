package game

import (
	"fmt"
	"slices"

	"khamsin/engine/climate"
	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/los"
	"khamsin/hexmap"
)

// The sight queries a player asks before moving (issue 18): what one of
// my bases sees, where the enemy I know of can hurt me, where the sun is
// in my eyes and how far the heat haze lets me see clearly. Each answers
// from the side's knowledge only: the map, the counters both sides see
// (SMOKE, dust, wrecks), the side's own bases and the enemy bases it sees.
// An enemy base it does not see, or a unit still under a Contact Marker,
// changes none of the answers.

// SightHex is one hex in a base's sight.
type SightHex struct {
	Hex   hexmap.Hex `json:"-"`
	Label string     `json:"hex"`
	// DRM is the LOS hindrance DRM of the line (LOS-5, LOS-11, 4.51,
	// 11.74, 11.75): 0 a clear line, more a hindered one.
	DRM int `json:"drm"`
}

// Viewshed is what one of the side's bases sees from where it stands:
// every hex of the map, in map order, where a unit on the ground would be
// in its LOS (the game's own LOS, SMOKE blocking it, seed 002 Note 3),
// each with the line's hindrance DRM from the AFVs and wrecks the side
// knows of and the dust counters in play, as a shot would count them
// (shot.go). Concealment (6.4's visibility distances) depends on what
// stands in the hex and is left to the target.
func (o *Observation) Viewshed(base string) ([]SightHex, error) {
	g := o.g
	b, err := g.ownBase(base, o.side)
	if err != nil {
		return nil, err
	}
	var v *los.Viewshed
	k := o.counters()
	g.withChecker(func(c *los.Checker) { v = c.Viewshed(nil, g.loc(b), k) })
	out := []SightHex{}
	for i, h := range v.Hexes {
		if v.Seen(i) {
			out = append(out, SightHex{Hex: h, Label: g.Label(h), DRM: int(v.DRM[i])})
		}
	}
	return out, nil
}

// counters are the counters a sight line of the side meets: SMOKE, Vehicle
// and FFE Dust and wrecks (public), and the AFVs the side knows of: its own
// and the enemy's it sees (LOS-11). The end hexes' own vehicles never
// hinder a line (the LOS walk leaves the ends out).
func (o *Observation) counters() los.Counters {
	g := o.g
	k := los.Counters{Smoke: g.smoke}
	for _, d := range g.dust {
		k.Dust = append(k.Dust, los.Dust{Hex: d.Hex})
	}
	k.Dust = append(k.Dust, g.ffeDust()...)
	for _, b := range g.bases {
		if b.Effective() && armoured(b) && g.visibleTo(o.side, b) {
			k.Vehicles = append(k.Vehicles, los.Vehicle{Hex: b.Hex})
		}
	}
	for _, h := range g.wrecks {
		k.Vehicles = append(k.Vehicles, los.Vehicle{Hex: h, Wreck: true})
	}
	return k
}

// Danger is the danger map: how hard the enemy bases the side knows of
// could hit a base of one type in each hex.
type Danger struct {
	Type  string      `json:"type"` // the own base type assumed in every hex
	Hexes []DangerHex `json:"hexes"`
	// Contacts are the hexes of the enemy's Contact Markers: what each
	// hides is unknown, so it adds to no hex's figure.
	Contacts []string `json:"contacts,omitempty"`
}

// DangerHex is one hex some known enemy base can fire on.
type DangerHex struct {
	Hex   hexmap.Hex `json:"-"`
	Label string     `json:"hex"`
	// KnockedOut is the best chance any one known enemy base has of
	// knocking out a base of the type standing there with one shot
	// (ShotOdds); By is that enemy base.
	KnockedOut float64 `json:"knocked_out"`
	Pinned     float64 `json:"pinned"` // the same shot's chance to pin
	By         string  `json:"by"`
}

// Danger answers "where can the enemy I know of hurt me" (issue 18, ★):
// for every hex of the map, the best kill chance any enemy base the side
// sees could achieve with one shot at a base of baseType standing there,
// from the game's own fire rules: the firer must see the hex's Location
// (LOS, SMOKE, 6.4's concealment distances), choose a weapon in range that
// can harm it (10.8), shoot through its bunker's arc, and the odds are
// ShotOdds' exact to-hit and save. An armoured target is taken facing
// whichever way is worse for it (front or side armour). baseType "" is
// the side's most common base type on the map. The target's TQ is that of
// the side's first unit with a base of the type (else its first unit).
//
// It reads a copy of the game in which every enemy base the side does not
// see is gone, so nothing hidden (a base out of sight, a unit under a
// Contact Marker, an officer beside a firer) reaches a figure. Hexes no
// known enemy can fire on are left out; the rest are in map order.
func (o *Observation) Danger(baseType string) (Danger, error) {
	g := o.g
	bt, err := o.dangerType(baseType)
	if err != nil {
		return Danger{}, err
	}
	out := Danger{Type: bt.ID, Hexes: []DangerHex{}}
	f := g.fogged(o.side)
	for _, u := range g.units {
		if u.Side != o.side && u.Contact && u.InPlay() {
			out.Contacts = append(out.Contacts, g.Label(u.live()[0].Hex))
		}
	}
	unit := &Unit{ID: "?", Side: o.side, TQ: o.dangerTQ(bt)}
	t := &Base{ID: "?", Unit: unit, Type: bt}
	unit.Bases = []*Base{t}
	hexes := g.Map.Hexes()
	best := make([]DangerHex, len(hexes))
	for _, e := range f.bases {
		if e.Unit.Side == o.side || !e.Effective() {
			continue
		}
		reach := 0
		for _, id := range e.Type.Weapons {
			if w, ok := f.Cat.Weapon(id); ok && w.Kind != forces.Mortar && w.Kind != forces.Flame {
				reach = max(reach, weaponRange(w))
			}
		}
		for i, h := range hexes {
			rng := hexmap.Distance(e.Hex, h)
			if rng > reach {
				continue
			}
			t.Hex = h
			ko, pin, ok := f.dangerShot(e, t, rng)
			if b := &best[i]; ok && (b.By == "" || ko > b.KnockedOut || ko == b.KnockedOut && pin > b.Pinned) {
				best[i] = DangerHex{Hex: h, Label: g.Label(h), KnockedOut: ko, Pinned: pin, By: e.ID}
			}
		}
	}
	for _, d := range best {
		if d.By != "" {
			out.Hexes = append(out.Hexes, d)
		}
	}
	return out, nil
}

// dangerType is the base type Danger assumes: baseType, or the side's most
// common type on the map (ties to the lower ID).
func (o *Observation) dangerType(baseType string) (*forces.BaseType, error) {
	g := o.g
	if baseType != "" {
		bt, ok := g.Cat.Type(baseType)
		if !ok {
			return nil, fmt.Errorf("no base type %q in the catalogue", truncate(baseType))
		}
		return bt, nil
	}
	count := map[string]int{}
	var ids []string
	for _, b := range g.bases {
		if b.Unit.Side == o.side && b.OnMap() {
			if count[b.Type.ID] == 0 {
				ids = append(ids, b.Type.ID)
			}
			count[b.Type.ID]++
		}
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("%s has no base on the map", g.sides[o.side].Name)
	}
	slices.Sort(ids)
	best := ids[0]
	for _, id := range ids {
		if count[id] > count[best] {
			best = id
		}
	}
	bt, _ := g.Cat.Type(best)
	return bt, nil
}

// dangerTQ is the TQ Danger's target has: the side's first unit with a
// base of type bt, else its first unit.
func (o *Observation) dangerTQ(bt *forces.BaseType) int {
	tq := -1
	for _, u := range o.g.units {
		if u.Side != o.side {
			continue
		}
		if tq < 0 {
			tq = u.TQ
		}
		for _, b := range u.Bases {
			if b.Type == bt {
				return u.TQ
			}
		}
	}
	return max(tq, 0)
}

// fogged is a copy of g in which every enemy base side does not see is
// knocked out: on the copy, the game's own rules read only what side
// knows. The copy is thrown away.
func (g *Game) fogged(side int) *Game {
	vis := g.visibility(side)
	f := g.Clone()
	for i, b := range f.bases {
		if b.Unit.Side != side && !vis[i] {
			b.KO = true
		}
	}
	return f
}

// dangerShot is the best one shot of e at t (t.Hex at range rng) can do:
// its chances to knock out and to pin, and false if e cannot fire at t
// (planFire's checks but the one that t is known: it is hypothetical).
// An armoured t is taken facing e and facing away; the worse for it wins.
func (g *Game) dangerShot(e, t *Base, rng int) (ko, pin float64, ok bool) {
	w, _ := g.chooseWeapon(e, t, rng)
	if w == nil || !g.sees(e, t) || g.arcError(e, t) != nil {
		return 0, 0, false
	}
	s := &shot{weapon: w, rng: rng}
	facings := []hexmap.Dir{towards(t.Hex, e.Hex)}
	if armoured(t) {
		facings = append(facings, facings[0].Opposite())
	}
	for _, d := range facings {
		t.Facing = d
		k, p := g.shotChances(e, t, s)
		if k > ko || k == ko && p > pin {
			ko, pin = k, p
		}
	}
	return ko, pin, true
}

// towards is the direction from h whose neighbour lies nearest to x.
func towards(h, x hexmap.Hex) hexmap.Dir {
	best, bd := hexmap.Dir(0), -1
	for d := hexmap.Dir(0); d < 6; d++ {
		if n := hexmap.Distance(h.Neighbor(d), x); bd < 0 || n < bd {
			best, bd = d, n
		}
	}
	return best
}

// shotChances are ShotOdds' knock-out and pin chances of shot s by b at t
// once planFire has passed it: every dust dr and every hollow-charge PEN
// weighed exactly, as Odds (fire.go) does.
func (g *Game) shotChances(b, t *Base, s *shot) (ko, pin float64) {
	pens, weights := g.hcPENs(s.weapon)
	combos := dustCombos(len(g.dustRolls(b, t, s.weapon)))
	for _, dr := range combos {
		for i, p := range pens {
			hit, save, blocked := g.fireTests(b, t, s, p, dr)
			if blocked != "" {
				return 0, 0
			}
			wgt := weights[i] / float64(len(combos))
			h := hit.Chances()[combat.Success]
			c := save.Chances()
			if b.Type.Sniper && !t.Type.Class.CommandBase() {
				pin += wgt * h * (c[combat.Middle] + c[combat.Failure])
				continue
			}
			ko += wgt * h * c[combat.Failure]
			pin += wgt * h * c[combat.Middle]
		}
	}
	return ko, pin
}

// SunZone is the Sun Blindness Zone of a unit in one hex now (11.61,
// 11.611–11.612): Sun is "east" (Early Morning), "west" (Late Afternoon)
// or "none", and Hexes the hexes whose centre lies in the 60° wedge,
// oriented by the map's north. Whether a shot is actually sun-blinded
// also asks the LOS extended past the target and the levels (11.611);
// the shot's own odds answer that.
type SunZone struct {
	Sun   string       `json:"sun"`
	North string       `json:"north"`
	Hexes []hexmap.Hex `json:"-"`
}

// SunZone answers "where is the sun in my eyes from hex from" from the
// game's environment (climate.Assess: sun blindness in force only in
// daylight Early Morning or Late Afternoon on desert boards).
func (o *Observation) SunZone(from hexmap.Hex) SunZone {
	return SunZoneIn(o.g.env, o.g.Map, from)
}

// SunZoneIn is SunZone for any environment and map, with no game: what
// the designer previews at another time of day.
func SunZoneIn(env climate.Environment, m *hexmap.Map, from hexmap.Hex) SunZone {
	s := climate.Assess(env).Sun
	z := SunZone{Sun: s.String(), North: env.North.String()}
	if s != climate.NoSun {
		z.Hexes = climate.SunZone(nil, from, s, env.North, m.Hexes())
	}
	return z
}

// HazeBand is one range band of heat haze against one kind of target:
// from range From on (to To, 0 for the rest of the map) the line takes
// DRM more.
type HazeBand struct {
	Target string `json:"target"` // "infantry" or "vehicle" (11.623)
	From   int    `json:"from"`
	To     int    `json:"to"`
	DRM    int    `json:"drm"`
}

// Haze is the heat haze in force and its bands round one hex.
type Haze struct {
	Level string     `json:"level"` // "none", "haze" or "intense"
	Bands []HazeBand `json:"bands"`
	// IfHaze, when there is none now, are the bands heat haze (11.62)
	// would bring: where it would start if it comes.
	IfHaze []HazeBand `json:"if_haze,omitempty"`
}

// HazeBands answers "how far can I see clearly from hex from" in the
// game's heat haze now (11.62, intense 11.621): for infantry and for
// vehicle targets (11.623), each band of range with the same DRM, out to
// the farthest hex of the map from from, the clear band (DRM 0) first.
// No haze gives no bands, and in IfHaze those heat haze would bring.
func (o *Observation) HazeBands(from hexmap.Hex) Haze {
	return HazeBandsIn(o.g.env, o.g.Map, from)
}

// HazeBandsIn is HazeBands for any environment and map, with no game.
func HazeBandsIn(env climate.Environment, m *hexmap.Map, from hexmap.Hex) Haze {
	lvl := climate.Assess(env).Haze
	h := Haze{Level: [...]string{"none", "haze", "intense"}[min(int(lvl), 2)], Bands: []HazeBand{}}
	far := 0
	for _, x := range m.Hexes() {
		far = max(far, hexmap.Distance(from, x))
	}
	if lvl == climate.NoHaze {
		h.IfHaze = hazeBands(climate.Haze, far)
		return h
	}
	h.Bands = hazeBands(lvl, far)
	return h
}

// hazeBands are the bands of haze level lvl out to range far, infantry's
// then vehicles'.
func hazeBands(lvl climate.HazeLevel, far int) []HazeBand {
	out := []HazeBand{}
	for _, t := range []climate.TargetType{climate.TargetInfantry, climate.TargetVehicle} {
		start := len(out)
		for r := 1; r <= far; r++ {
			d := climate.HeatHazeDRM(lvl, r, t, false)
			if n := len(out); n > start && out[n-1].DRM == d {
				out[n-1].To = r
				continue
			}
			out = append(out, HazeBand{Target: t.String(), From: r, To: r, DRM: d})
		}
		if n := len(out); n > start {
			out[n-1].To = 0 // to the edge of the map
		}
	}
	return out
}
