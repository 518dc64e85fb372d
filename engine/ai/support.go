package ai

import (
	"fmt"

	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// Fire support for the computer opponent (docs/ai.md, issue 11): it calls
// its batteries and sorties onto what its side sees, through the same
// candidates as fire and moves. A mission is call (an observer's Order),
// range and fire for effect (the battery's, one activation a turn each;
// seed 002 §10.15–.18); a sortie strikes a seen enemy or contact, after a
// FAC's designation when one can give it (14.9). Only the view is read:
// the battery's aim point, ranged state and FFE radius (its own), the
// sorties' state, the enemy bases seen and the contact markers.
//
// An FFE attacks every base in its radius, either side's: a hex whose
// radius holds a base of ours is never called, ranged on or fired at.

// contactWorth is what a contact marker in the blast area is worth: a
// unit of unknown size that may not even have a base in that hex.
const contactWorth = 1.5

// ffeValue is the expected worth of battery bt's FFE on aim: for every
// enemy base seen in the blast area its exact chances of being knocked
// out or pinned (Observation.AreaOdds: the area-fire to-hit and each
// base's save, §10.15–.18) by its worth, and each contact marker there at
// a quarter of contactWorth; -1 when a base of ours is in it (friendly
// fire is real). An enemy already pinned is worth pinning less.
func (k *knowledge) ffeValue(bt string, aim hexmap.Hex) float64 {
	key := ffeKey{bt, aim}
	if v, ok := k.ffeCache[key]; ok {
		return v
	}
	v := 0.0
	odds, err := k.g.AreaOdds(bt, k.g.Map().Label(aim))
	if err != nil {
		k.ffeCache[key] = 0
		return 0
	}
	for _, f := range odds.Bases {
		if f.Side == k.me {
			if b := k.byID[f.Base]; b != nil && !b.carried {
				v = -1
				break
			}
			continue
		}
		e := k.byID[f.Base]
		if e == nil {
			continue
		}
		pin := f.Pinned
		if e.pinned {
			pin *= 0.3
		}
		v += (f.KnockedOut + pin*k.p.W.Pinned) * k.worthOf(e)
	}
	if v >= 0 {
		v += 0.25 * contactWorth * float64(len(odds.Contacts))
	}
	k.ffeCache[key] = v
	return v
}

// ffeKey is a battery and an aim hex.
type ffeKey struct {
	bt  string
	aim hexmap.Hex
}

// worthOf is worth, memoised per enemy base for one decision.
func (k *knowledge) worthOf(e *base) float64 {
	if w, ok := k.worthMemo[e]; ok {
		return w
	}
	w := k.worth(e.t, e.unit)
	k.worthMemo[e] = w
	return w
}

// nearTargets: within r of a seen enemy base or a contact marker, the
// only hexes worth an FFE (the pre-filter that keeps the hundreds of
// legal `call` hexes cheap).
func (k *knowledge) nearTargets(h hexmap.Hex, r int) bool {
	for _, e := range k.enemy {
		if hexmap.Distance(e.hex, h) <= r {
			return true
		}
	}
	for _, c := range k.contacts {
		if hexmap.Distance(c, h) <= r {
			return true
		}
	}
	return false
}

// batteryOf is the side's battery as its view shows it.
func (k *knowledge) batteryOf(id string) (radius int, aim hexmap.Hex, aimed, ranged, ok bool) {
	for _, bv := range k.v.Batteries {
		if bv.ID != id || bv.Side != k.me {
			continue
		}
		radius, ranged, ok = bv.Radius, bv.Ranged, true
		if radius < 1 {
			radius = 1
		}
		if bv.Aim != "" {
			if h, err := k.g.Map().Hex(bv.Aim); err == nil {
				aim, aimed = h, true
			}
		}
		return
	}
	return
}

// scoreSupport rates the fire-support commands: call, range, adjust, ffe
// (§10.15–.18), designate and strike (14.9). It returns nil for the
// commands it never gives (smoke missions) and false when c is none of
// these.
func (k *knowledge) scoreSupport(c game.Command) (*cand, bool) {
	switch c.Verb {
	case game.VerbCall, game.VerbAdjust, game.VerbRange, game.VerbFFE, game.VerbStrike, game.VerbDesignate:
	default:
		return nil, false // not fire support: no candidate made for it here
	}
	x := &cand{cmd: c, action: c.Verb}
	switch c.Verb {
	case game.VerbCall, game.VerbAdjust:
		// call/adjust OBSERVER BATTERY HEX
		x.unit = c.Base
		r, aim, aimed, ranged, ok := k.batteryOf(c.Target)
		if !ok {
			return nil, true
		}
		h, err := k.g.Map().HexOf(c.Hex)
		if err != nil || !k.nearTargets(h, r) {
			return nil, true
		}
		v := k.ffeValue(c.Target, h)
		if v <= 0 {
			return nil, true
		}
		cur := 0.0
		if aimed {
			cur = k.ffeValue(c.Target, aim)
		}
		if c.Verb == game.VerbCall {
			// Three Orders over two turns (call, range, FFE), the call
			// itself a 6+ on a d10: a fraction of the FFE's worth now. A
			// new call throws away a mission already under way.
			if aimed && k.p.W.EarlyFire > 0 && v < 1.5*cur+0.5 {
				return nil, true // the mission under way is as good: let it range and fire
			}
			if ranged || k.p.W.EarlyFire > 0 {
				// a new call throws away the mission under way, ranged
				// or still to range
				v -= cur
			}
			x.score = 0.3 * v * k.missionTurns()
			x.why = fmt.Sprintf("%s calls %s onto %s: %.1f worth of seen enemies in its %d-hex FFE radius, none of ours (§10.15)", c.Base, c.Target, c.Hex, v, r)
			return x, true
		}
		// adjust: the enemy has left the aim point, or the ranging
		// rounds fell off it (§10.16).
		if !ranged || v < 1.3*cur+0.2 {
			return nil, true
		}
		x.score = 0.5 * (v - cur)
		x.why = fmt.Sprintf("%s adjusts %s to %s: the targets are there now, not at %s (%.1f against %.1f; §10.16)", c.Base, c.Target, c.Hex, k.g.Map().Label(aim), v, cur)
		return x, true
	case game.VerbRange, game.VerbFFE:
		if c.Smoke {
			return k.scoreSmokeMission(x, c), true
		}
		x.unit = c.Target // the battery
		r, aim, aimed, ranged, ok := k.batteryOf(c.Target)
		if !ok || !aimed {
			return nil, true
		}
		v := k.ffeValue(c.Target, aim)
		if v <= 0 {
			return nil, true
		}
		lbl := k.g.Map().Label(aim)
		if c.Verb == game.VerbRange {
			if ranged {
				return nil, true
			}
			// The rounds may fall d6 hexes off (§10.16); the FFE follows.
			x.score = 0.6 * v
			x.why = fmt.Sprintf("%s fires ranging rounds at %s: %.1f worth of seen enemies under the aim point (§10.16)", c.Target, lbl, v)
			return x, true
		}
		if !ranged {
			return nil, true
		}
		x.score = v
		x.why = fmt.Sprintf("%s fires for effect on %s, radius %d: %.1f expected worth of enemy bases hit, none of ours in it (§10.17–.18)", c.Target, lbl, r, v)
		return x, true
	case game.VerbStrike:
		// strike SORTIE HEX
		x.unit = c.Target
		h, err := k.g.Map().HexOf(c.Hex)
		if err != nil {
			return nil, true
		}
		v, n := k.strikeValue(c.Target, h)
		if v <= 0 {
			return nil, true
		}
		x.score = v
		if k.designatePending(c.Target, c.Hex) {
			x.score *= 0.5 // a FAC's token first: +2 accuracy (14.9)
		}
		x.why = fmt.Sprintf("sortie %s strikes %s: %d enemy bases there seen or a contact, %.1f expected worth (14.9)", c.Target, c.Hex, n, v)
		return x, true
	case game.VerbDesignate:
		// designate FAC SORTIE HEX
		x.unit = c.Unit
		h, err := k.g.Map().HexOf(c.Hex)
		if err != nil {
			return nil, true
		}
		v, _ := k.strikeValue(c.Target, h)
		if v <= 0 {
			return nil, true
		}
		x.score = 0.6*v + 0.05
		x.why = fmt.Sprintf("%s designates %s for sortie %s: +2 to its accuracy on the token (14.9)", c.Unit, c.Hex, c.Target)
		return x, true
	}
	return nil, false
}

// strikeValue is the expected worth of sortie s attacking h: its
// aircraft against each enemy base seen there (a contact as
// contactWorth), less what a stray attack could do to our bases within
// 6 hexes (an inaccurate attack strays d6 hexes, 14.9). n is the number
// of enemy bases seen there.
func (k *knowledge) strikeValue(s string, h hexmap.Hex) (v float64, n int) {
	// each enemy base seen there: its exact chances under the sortie's
	// aircraft when the attack is accurate (Observation.AreaOdds, 14.9)
	per := 0.0
	if odds, err := k.g.AreaOdds(s, k.g.Map().Label(h)); err == nil {
		for _, f := range odds.Bases {
			if e := k.byID[f.Base]; e != nil && f.Side != k.me {
				n++
				per += (f.KnockedOut + f.Pinned*k.p.W.Pinned) * k.worthOf(e)
			}
		}
	}
	for _, c := range k.contacts {
		if c == h {
			per += 0.3 * contactWorth
		}
	}
	if per == 0 {
		return 0, 0
	}
	own := 0.0
	for _, b := range k.mine {
		if !b.carried {
			if d := hexmap.Distance(b.hex, h); d >= 1 && d <= 6 {
				// About a third of attacks stray; a stray lands on a
				// given hex d away about 1 time in 36 (d6 direction, d6
				// hexes), then hits as on the target.
				own += 0.33 / 36 * 0.3 * k.worthMine(b)
			}
		}
	}
	return per - own, n
}

// designatePending: a FAC may still designate h for sortie s this turn
// (a designate command for it is legal), so the strike waits for it.
func (k *knowledge) designatePending(s string, h hexmap.Label) bool {
	for _, c := range k.legal {
		if c.Verb == game.VerbDesignate && c.Target == s && c.Hex == h {
			return true
		}
	}
	return false
}

// missionTurns is how much a call is worth beyond one fire for effect
// (issue 20: the first call came on turn 4, and the observer's single
// call lost to every three-base move): a ranged battery fires for effect
// each turn after, so a call made early pays for up to three FFEs; none
// when the range and the FFE cannot both come before the game ends
// (call, range and FFE take two turns, §10.15–.17). 1 for the novice.
func (k *knowledge) missionTurns() float64 {
	if k.p.W.EarlyFire == 0 {
		return 1
	}
	n := float64(k.left - 1)
	switch {
	case n < 0.5:
		return 0
	case n > 3:
		n = 3
	}
	return 1 + k.p.W.EarlyFire*(n-1)*0.5
}

// screenValue is what blinding the enemy bases within r of aim is worth
// (seed 002 Note 3: SMOKE blocks the line through its hex): for each
// enemy base there, the chance its reply knocks out each base of ours it
// can see and reach, by that base's worth.
func (k *knowledge) screenValue(aim hexmap.Hex, r int) float64 {
	v := 0.0
	for _, e := range k.enemy {
		if hexmap.Distance(e.hex, aim) > r {
			continue
		}
		rng := k.maxRange(e.t)
		for _, m := range k.mine {
			if m.carried {
				continue
			}
			d := hexmap.Distance(e.hex, m.hex)
			if d < 1 || d > rng || !k.seesHex(e.hex, m.hex) {
				continue
			}
			v += k.killChance(e.t, m.t, d) * k.worthMine(m)
		}
	}
	return v
}

// shotsInto is what our bases could do to the enemy bases within r of
// aim: each one's best kill chance at an enemy there it sees and reaches,
// by that enemy's worth (the shots a screen there would cost us).
func (k *knowledge) shotsInto(aim hexmap.Hex, r int) float64 {
	v := 0.0
	for _, m := range k.mine {
		if m.carried {
			continue
		}
		rng, best := k.maxRange(m.t), 0.0
		for _, e := range k.enemy {
			d := hexmap.Distance(e.hex, m.hex)
			if hexmap.Distance(e.hex, aim) > r || d < 1 || d > rng || !k.seesHex(m.hex, e.hex) {
				continue
			}
			best = max(best, k.killChance(m.t, e.t, d)*k.worthOf(e))
		}
		v += best
	}
	return v
}

// scoreSmokeMission rates `ffe BTY smoke` (§10.17, Note 3): smoke on the
// ranged aim point blinds the enemy bases in the radius for the turn;
// worth it when what they could do to us is worth more than the HE the
// same FFE would throw at them.
func (k *knowledge) scoreSmokeMission(x *cand, c game.Command) *cand {
	if k.p.W.Smoke == 0 {
		return nil
	}
	x.unit = c.Target
	r, aim, aimed, ranged, ok := k.batteryOf(c.Target)
	if !ok || !aimed || !ranged {
		return nil
	}
	he := k.ffeValue(c.Target, aim)
	if he < 0 {
		return nil // ours under the aim point: the screen would blind them too
	}
	// The screen blinds both ways (Note 3): what our own bases could
	// shoot at in the radius is lost with it. A side that must press on
	// heeds the enemy's fire less (caution; measured: the British attack
	// on defence and escarpment against a side that only defers won 1 and
	// 3 of 5 while it screened at full weight, 5 of 5 without smoke).
	v := 0.6*k.screenValue(aim, r)*max(k.caution(), 0.3) - k.shotsInto(aim, r)
	if v <= he || v < 0.3 {
		return nil
	}
	x.score = v
	x.why = fmt.Sprintf("%s fires smoke on %s, radius %d: it blinds the enemy there, %.1f worth of our bases in its sights (§10.17, seed 002 Note 3)", c.Target, k.g.Map().Label(aim), r, v)
	return x
}

// scoreGrenades rates `smoke BASE` (F.10): an armoured vehicle under the
// enemy's guns throws its smoke grenades, SMOKE in its own hex on a d6 of
// 2 or less (1 for an unarmoured one), which blocks the enemy's line to
// it (Note 3). Worth the threat it is under, at those odds, when the
// base has nothing better to shoot at.
func (k *knowledge) scoreGrenades(x *cand, b *base) {
	x.score = -1
	x.why = fmt.Sprintf("%s throws smoke grenades (F.10)", b.id)
	if k.p.W.Smoke == 0 {
		return
	}
	th := k.threatAt(b.hex, b.t)
	if th < 0.3 {
		return
	}
	odds := 1.0 / 6
	if b.t.Class == forces.Armoured {
		odds = 2.0 / 6
	}
	// the attacker, who must press on, heeds the threat as little as it
	// does in its moves (caution): a vehicle that throws its grenades
	// does not move in that activation (measured on defence: the British
	// attack won 17 of 20 against the novice with its Valentines smoking
	// at half caution, 19 without grenades, 12 of 20 at full threat)
	x.score = 0.7 * odds * th * k.worthMine(b) * k.caution()
	x.why = fmt.Sprintf("%s throws smoke grenades: %.0f %% to lay SMOKE in %s (F.10) and blind the guns that threaten it (threat %.2f; seed 002 Note 3)", b.id, 100*odds, k.g.Map().Label(b.hex), th)
}
