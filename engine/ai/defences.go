package ai

import (
	"fmt"
	"strconv"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// Minefields and obstacles for the computer opponent (docs/ai.md): it
// reads the markers in its own side's view only — a Known minefield whose
// strength it does not know counts as live until found to be a Dummy; its
// own side's dummies and the enemy's revealed dummies do not count.

// liveMines are the hexes the side must treat as mined.
func (k *knowledge) liveMines() map[hexmap.Hex]bool {
	out := map[hexmap.Hex]bool{}
	for _, m := range k.v.Minefields {
		if m.Dummy {
			continue
		}
		if h, err := k.g.Map().Hex(m.Hex); err == nil {
			out[h] = true
		}
	}
	return out
}

// mineRisk is the expected cost of a move from b's hex to h through the
// minefields it knows of: about a quarter of the base's worth per mined
// hex on the straight line there (a hit half the time; then a knock-out
// or a pin about as often as not). The line stands in for the path,
// which the AI does not ask for every destination.
func (k *knowledge) mineRisk(b *base, h hexmap.Hex, mined map[hexmap.Hex]bool) float64 {
	if len(mined) == 0 || b.carried {
		return 0
	}
	n := 0
	for _, x := range hexmap.Line(b.hex, h)[1:] {
		if mined[x] {
			n++
		}
	}
	return 0.25 * float64(n) * k.worthMine(b)
}

// scoreClear rates an engineer base working on an obstacle or minefield
// (13.4): for the side that must take ground, a lane toward the plan's
// objective is worth several hexes of progress; anything else, little.
func (k *knowledge) scoreClear(x *cand, b *base, label hexmap.Label) {
	h, err := k.g.Map().HexOf(label)
	if err != nil {
		return
	}
	x.score = 0.02
	if k.attacker && k.planPull(b, h) >= 0 {
		u := k.urgency
		if u < 0.5 {
			u = 0.5
		}
		x.score = 6 * k.p.W.Plan * u
	}
	x.why = fmt.Sprintf("%s works on the defences in %s (13.4)", b.id, label)
}

// mined is liveMines, built once per decision.
func (k *knowledge) mined() map[hexmap.Hex]bool {
	if k.mines == nil {
		k.mines = k.liveMines()
	}
	return k.mines
}

// ------------------------------------------------------ dangers on the way
//
// Issue 20's lessons for the veteran (level 2): what a careful player
// exploited, priced from the observation only.

// preview is Observation.PreviewMove for a move of b to dest, asked once
// per decision (pathBlocked, pathRisk and manHandleOdds share it).
func (k *knowledge) preview(b *base, dest hexmap.Hex) (game.MovePreview, bool) {
	key := previewKey{b.id, dest}
	if p, ok := k.previews[key]; ok {
		return p, p.Base != ""
	}
	if k.previews == nil {
		k.previews = map[previewKey]game.MovePreview{}
	}
	p, err := k.g.PreviewMove(b.id, k.g.Map().Label(dest))
	if err != nil {
		p = game.MovePreview{}
	}
	k.previews[key] = p
	return p, err == nil
}

type previewKey struct {
	id   string
	dest hexmap.Hex
}

// checkStops is the chance one Immobilization/Bog DR stops the vehicle:
// 2d6 + DRM of 12 or more (3.31, 7.31, 11.8, 13.1). The preview spells
// each check "KIND (RULE), DRM +n".
func checkStops(check string) (p float64, immobilize bool) {
	i := strings.LastIndex(check, "DRM ")
	if i < 0 {
		return 0, false
	}
	drm, err := strconv.Atoi(strings.TrimPrefix(check[i+4:], "+"))
	if err != nil {
		return 0, false
	}
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b+drm >= 12 {
				n++
			}
		}
	}
	return float64(n) / 36, strings.HasPrefix(check, "hammada")
}

// pathRisk is the chance a move of vehicle b to dest ends short, bogged
// or immobilized, from the exact checks its path throws (PreviewMove:
// every hex entered, not only the last; each DR only after the one
// before passed, 7.31), and the share of it that is immobilization
// (3.31: for good). 0 for a base that throws none.
func (k *knowledge) pathRisk(b *base, dest hexmap.Hex) (stop, immob float64) {
	if !b.t.Class.Vehicle() || b.carried {
		return 0, 0
	}
	p, ok := k.preview(b, dest)
	if !ok {
		return 0, 0
	}
	pass := 1.0
	for _, st := range p.Steps {
		for _, ch := range st.Checks {
			q, im := checkStops(ch)
			if im {
				immob += pass * q
			}
			pass *= 1 - q
		}
	}
	return 1 - pass, immob
}

// pathCost is what the path risk costs a move: a vehicle stopped on the
// way gains little of the move's ground, a bogged one spends its next
// activations on 7.311's removal DR (freed on 8 or less: about 1.4 tries)
// and sits in the open meanwhile, an immobilized one is out of the fight
// for good (about half a knock-out).
func (k *knowledge) pathCost(b *base, dest hexmap.Hex, gain float64) (cost, stop float64) {
	stop, immob := k.pathRisk(b, dest)
	if stop == 0 {
		return 0, 0
	}
	if gain < 0 {
		gain = 0
	}
	w := k.worthMine(b)
	return 1.5*stop*gain + (stop-immob)*0.25*w + immob*0.5*w, stop
}

// enemyAims are the enemy batteries' aim points its side can see (the
// view shows an enemy battery's aim point once it is aimed), ranged ones
// first in worth: a hex near them is where the next FFE falls (§10.15–.18).
func (k *knowledge) enemyAims() []aimPoint {
	if k.aims != nil {
		return k.aims
	}
	k.aims = []aimPoint{}
	for _, bv := range k.v.Batteries {
		if bv.Side == k.me || bv.Aim == "" {
			continue
		}
		if h, err := k.g.Map().Hex(bv.Aim); err == nil {
			k.aims = append(k.aims, aimPoint{h, bv.Ranged})
		}
	}
	return k.aims
}

type aimPoint struct {
	h      hexmap.Hex
	ranged bool
}

// enemyAimRadius is the FFE radius assumed for an enemy battery: its
// radius is not in the view, and most of the catalogue's batteries fire
// for effect within 1 or 2 hexes (§10.17).
const enemyAimRadius = 2

// aimDanger is the chance that a base in h is hit by the FFE an enemy
// battery is set to fire: ranged, the next activation can fire for
// effect (about a third of the bases in the area are knocked out or
// pinned); aimed and unranged, it needs a ranging activation first.
func (k *knowledge) aimDanger(h hexmap.Hex) float64 {
	safe := 1.0
	for _, a := range k.enemyAims() {
		if hexmap.Distance(a.h, h) > enemyAimRadius {
			continue
		}
		if a.ranged {
			safe *= 1 - 0.35
		} else {
			safe *= 1 - 0.12
		}
	}
	return 1 - safe
}

// nearestEnemy is the distance from h to the nearest enemy the side
// knows of: a base seen, a contact marker, a ghost (the log).
func (k *knowledge) nearestEnemy(h hexmap.Hex) int {
	d := k.nearestThreatDist(h)
	for _, g := range k.ghosts {
		if x := hexmap.Distance(g, h); x < d {
			d = x
		}
	}
	return d
}

// escorted: a combat base of ours that is not a reconnaissance car, other
// than b and not carried, within 3 hexes of h, or able to follow to within
// 3 hexes this activation: two armoured cars do not escort each other
// (encounter, issue 20: a pair of them drove 22 hexes to 2 hexes of the
// hidden Panzer III Zug and was lost to its close assault, one of the two
// markers the side could spare).
func (k *knowledge) escorted(b *base, h hexmap.Hex) bool {
	for _, o := range k.mine {
		if o == b || o.carried || !o.t.CombatUnit() || o.t.Class == forces.Observer || o.t.Class == forces.Officer || o.t.Recon {
			continue
		}
		d := hexmap.Distance(o.hex, h)
		if d <= 3 || o.unit == b.unit && k.v.Open != b.unit && d <= 3+k.reach[o.id] {
			return true
		}
	}
	return false
}

// recklessness is the price of a move a careful player punishes (issue
// 20): a reconnaissance car or a soft vehicle driven alone to within 6
// hexes of the known enemy, with no combat base of ours near to back it;
// an observer walked to within 3 hexes of the enemy, or into a deir (4.1)
// where the enemy is (not an officer: officers lead their units in, and
// keeping them back lost the British attack on defence 5 games of 20
// against the novice); any base onto an enemy battery's aim
// point (aimDanger). The side's boldness does not discount it: the
// attacker must press on, not throw bases away.
func (k *knowledge) recklessness(b *base, h hexmap.Hex) (cost float64, why string) {
	if k.p.W.Reckless == 0 || b.carried {
		return 0, ""
	}
	w := k.worthMine(b)
	if a := k.aimDanger(h); a > 0 && a > k.aimDanger(b.hex) {
		cost += (a - k.aimDanger(b.hex)) * w
		why = "onto an enemy battery's aim point"
	}
	d := k.nearestEnemy(h)
	if d >= 1<<20 {
		return k.p.W.Reckless * cost, why
	}
	switch {
	case b.t.Class == forces.Observer:
		near := d <= 3 && d < k.nearestEnemy(b.hex)
		if !near && k.g.Map().Terrain(h).Flags&hexmap.Deir != 0 {
			for _, e := range k.knownEnemyHexes() {
				if hexmap.Distance(e, h) <= 4 && k.g.Map().Terrain(e).Flags&hexmap.Deir != 0 {
					near = true
					why = "into a deir the enemy holds (4.1)"
				}
			}
		} else if near {
			why = "within 3 hexes of the enemy, unarmed"
		}
		if near {
			cost += 0.8 * w
		}
	case (b.t.Recon || b.t.Class == forces.Transport) && b.t.Class.Vehicle():
		if d <= 6 && d < k.nearestEnemy(b.hex) && !k.escorted(b, h) {
			cost += 0.5 * w * float64(7-d) / 6
			why = "alone, deep toward the enemy"
		}
	}
	return k.p.W.Reckless * cost, why
}

// deepScout is the Scout lesson (issue 20, play-test: dawn, seed 42,
// turn 1, a lone SdKfz 222 driven 26 MP into the middle of the British
// box and knocked out at once): a reconnaissance or soft vehicle of ours
// (carrying no one), not escorted at h (escorted), ending past our front
// line — nearer the known enemy than every other combat base of ours
// that is no scout, officer or observer, by more than a hex. With no
// such base there is no line to be past (the lone car of recce.toml is
// the Reckless lesson's).
func (k *knowledge) deepScout(b *base, h hexmap.Hex) bool {
	if b.carried || !b.t.Class.Vehicle() || !(b.t.Recon || b.t.Class == forces.Transport) {
		return false
	}
	for _, p := range k.mine {
		if p.carried && p.carrier == b.id {
			return false // a carrier delivers its passengers (the plan's pull per passenger)
		}
	}
	front := k.frontLine()
	if front >= 1<<20 {
		return false
	}
	return k.nearestEnemy(h) < front-1 && !k.escorted(b, h)
}

// scoutFloor is the least reply a lone scout past our front line, in
// sight of a known enemy base within its weapons' range, is priced at:
// the guns that would answer it are the ones not seen yet (the play-test's
// SdKfz 222 in the British box was knocked out by a 2-pdr it had not
// seen, on Challenge), whatever the seen base itself can do to it.
const scoutFloor = 0.3

// unseenReply is scoutFloor where a known enemy base sees h within its
// weapons' range, else 0 (deepScout's moves only).
func (k *knowledge) unseenReply(h hexmap.Hex) float64 {
	for _, e := range k.enemy {
		if hexmap.Distance(e.hex, h) <= k.maxRange(e.t) && k.seesHex(e.hex, h) {
			return scoutFloor
		}
	}
	return 0
}

// frontLine is how near the known enemy our foremost combat base that is
// no scout, officer or observer stands (deepScout's line; a scout or soft
// vehicle is never one of them), once per decision.
func (k *knowledge) frontLine() int {
	if k.front != 0 {
		return k.front
	}
	k.front = 1 << 20
	for _, o := range k.mine {
		if o.carried || !o.t.CombatUnit() || o.t.Recon || o.t.Class == forces.Officer || o.t.Class == forces.Observer {
			continue
		}
		if d := k.nearestEnemy(o.hex); d < k.front {
			k.front = d
		}
	}
	return k.front
}

// exposedCommander is the Guard lesson (issue 20, play-test: dawn turn
// 2, the Hauptmann's command halftrack driven alone to the hex next to a
// British section the Germans had seen): an officer, or a vehicle
// carrying one, ending within 1 hex of a known enemy base of men that may
// close assault it (11.9: range 0-1; not pinned, docs/rules.md) with no
// combat base of ours that is no officer, observer or scout within 1 hex
// of it. The threat model prices fire only, and rifles cannot hurt a
// halftrack's armour; the assault can, and the officer is the side's
// Orders and initiative (7.2). Returns the cost: most of its worth.
func (k *knowledge) exposedCommander(b *base, h hexmap.Hex) float64 {
	if k.p.W.Guard == 0 || b.carried {
		return 0
	}
	officer := b.t.Class == forces.Officer
	for _, p := range k.mine {
		if p.carried && p.carrier == b.id && p.t.Class == forces.Officer {
			officer = true
		}
	}
	if !officer {
		return 0
	}
	near := false
	for _, e := range k.enemy {
		if e.carried || e.pinned || hexmap.Distance(e.hex, h) > 1 {
			continue
		}
		if c := e.t.Class; c == forces.Infantry || c == forces.Engineer || c == forces.Cavalry {
			near = true
		}
	}
	if !near {
		return 0
	}
	for _, o := range k.mine {
		if o == b || o.carried || !o.t.CombatUnit() || o.t.Recon || o.t.Class == forces.Officer || o.t.Class == forces.Observer {
			continue
		}
		if hexmap.Distance(o.hex, h) <= 1 {
			return 0
		}
	}
	return k.p.W.Guard * 0.8 * k.worthMine(b)
}

// knownEnemyHexes are the hexes the side knows an enemy in: seen bases,
// contact markers, ghosts.
func (k *knowledge) knownEnemyHexes() []hexmap.Hex {
	out := make([]hexmap.Hex, 0, len(k.enemy)+len(k.contacts)+len(k.ghosts))
	for _, e := range k.enemy {
		out = append(out, e.hex)
	}
	out = append(out, k.contacts...)
	return append(out, k.ghosts...)
}

// manHandleOdds is §9.4's chance that b's unit moves its guns along the
// path to dest, from what the side knows of its own unit: its TQ, an
// officer of another unit of ours stacked with one of its bases, the
// largest gun's size unless a tow of ours stands in the hex, sand on the
// path (bad going). Fatigue and an all-road path are left out (the view
// does not give the first; the second only helps). 1 for a base that is
// not a gun, or whose unit's move activation is open already (the
// choice is made; the test falls once, 9.4).
func (k *knowledge) manHandleOdds(b *base, dest hexmap.Hex) float64 {
	if b.t.Class != forces.Gun || k.v.Open == b.unit {
		return 1
	}
	in := combat.ManHandle{TQ: k.units[b.unit].TQ, NoTow: true}
	for _, m := range k.mine {
		if m.unit == b.unit && m.t.Class == forces.Gun && m.t.Size > in.LargestSize {
			in.LargestSize = m.t.Size
		}
	}
	for _, o := range k.mine {
		if o.hex == b.hex && o.t.Tow >= in.LargestSize && o.unit != b.unit && !o.carried {
			in.NoTow = false
		}
		if o.t.Class == forces.Officer && o.unit != b.unit && !o.pinned && !k.unitHas(o.unit, "contact") {
			for _, m := range k.mine {
				if m.unit == b.unit && m.hex == o.hex {
					tq := k.units[o.unit].TQ
					in.OfficerTQ = &tq
				}
			}
		}
	}
	if p, ok := k.preview(b, dest); ok {
		for _, st := range p.Steps {
			if h, err := k.g.Map().Hex(st.Hex); err == nil && k.g.Map().Terrain(h).Flags&hexmap.Sand != 0 {
				in.BadGoing = true
			}
		}
	}
	return combat.ManHandling(in).Chances()[combat.Success]
}
