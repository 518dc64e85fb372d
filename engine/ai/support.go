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

// areaKill is a rough chance that one base of type t is knocked out by an
// FFE (a hit about half the time, then the save against the HE#), and
// areaPin the chance it is pinned instead. The AI has no odds query for
// area fire; the catalogue's class stands in (armour saves with its side).
func areaKill(t *forces.BaseType) (ko, pin float64) {
	switch {
	case t.Class == forces.Armoured:
		return 0.06, 0.1
	case t.Class == forces.Gun:
		return 0.2, 0.25
	case t.Class.Vehicle():
		return 0.25, 0.15
	}
	return 0.2, 0.3
}

// contactWorth is what a contact marker in the blast area is worth: a
// unit of unknown size that may not even have a base in that hex.
const contactWorth = 1.5

// ffeValue is the expected worth of an FFE of radius r on aim: every
// enemy base seen and contact marker in the blast area, by its worth;
// -1 when a base of ours is in it (friendly fire is real, §10.15–.18).
// The side's pins count as Pinned × the worth, less for a dug-in target.
func (k *knowledge) ffeValue(aim hexmap.Hex, r int) float64 {
	key := [3]int{aim.Q, aim.R, r}
	if v, ok := k.ffeCache[key]; ok {
		return v
	}
	v := 0.0
	for _, b := range k.mine {
		if !b.carried && hexmap.Distance(b.hex, aim) <= r {
			v = -1
			break
		}
	}
	if v == 0 {
		for _, e := range k.enemy {
			if hexmap.Distance(e.hex, aim) > r {
				continue
			}
			ko, pin := areaKill(e.t)
			if e.dug {
				ko *= 0.5
			}
			if e.pinned {
				pin *= 0.3
			}
			v += (ko + pin*k.p.W.Pinned) * k.worthOf(e)
		}
		for _, c := range k.contacts {
			if hexmap.Distance(c, aim) <= r {
				v += 0.25 * contactWorth
			}
		}
	}
	k.ffeCache[key] = v
	return v
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
		v := k.ffeValue(h, r)
		if v <= 0 {
			return nil, true
		}
		cur := 0.0
		if aimed {
			cur = k.ffeValue(aim, r)
		}
		if c.Verb == game.VerbCall {
			// Three Orders over two turns (call, range, FFE), the call
			// itself a 6+ on a d10: a fraction of the FFE's worth now. A
			// new call throws away a mission already under way.
			if ranged {
				v -= cur
			}
			x.score = 0.3 * v
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
			return nil, true // ffe BTY smoke: not used
		}
		x.unit = c.Target // the battery
		r, aim, aimed, ranged, ok := k.batteryOf(c.Target)
		if !ok || !aimed {
			return nil, true
		}
		v := k.ffeValue(aim, r)
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
	planes := 1
	for _, sv := range k.v.Air {
		if sv.ID == s && sv.Side == k.me && sv.Number > 0 {
			planes = sv.Number
		}
	}
	per := 0.0
	for _, e := range k.enemy {
		if e.hex != h {
			continue
		}
		n++
		ko, pin := areaKill(e.t)
		if e.dug {
			ko *= 0.5
		}
		per += (ko + pin*k.p.W.Pinned) * k.worthOf(e)
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
	mult := 1 + 0.5*float64(planes-1)
	return mult * (per - own), n
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
