package ai

import (
	"math"

	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// The expert's learned evaluation (issue 20, docs/ai.md "Expert, fourth
// pass"): a logistic regression of who won the veteran's own games on
// features of the position as a side sees it. The lookahead reads it on
// the sampled worlds it plays forward (built from the side's Observation
// only), so every feature here is computed from a *game.Game that is such
// a world: the side's own forces, the enemy as far as the sample holds it,
// the objectives, the Break Point Track and the turn. cmd/evaltrain records
// the features from samples of the veteran's games and fits the weights
// (valueWeights, eval_weights.go).

// ValueFeatureNames name the features SampleFeatures returns, in order.
// The weights' file carries the same list, checked in a test, so a
// feature added here without a new fit fails loudly.
var ValueFeatureNames = []string{
	"bias",
	"attacker",         // the side must win (all-out attack or hasty defence)
	"defender",         // the enemy must win
	"left",             // fraction of the game's turns still to play
	"attacker*left",    // time the attacker still has
	"defender*left",    // time the defender must still hold
	"bp_me",            // own markers left on the Break Point Track (16.12)
	"bp_enemy",         // the enemy's
	"bp_me_low",        // own markers left, at most 3: near breaking counts more
	"bp_enemy_low",     // the enemy's
	"worth_me",         // own worth left as a fraction of the worth at the start
	"worth_enemy",      // the enemy's, as far as the side knows it
	"armour_me",        // armoured bases left (on the map or to arrive)
	"armour_enemy",     //
	"infantry_me",      // infantry, cavalry and engineer bases left
	"infantry_enemy",   //
	"guns_me",          // guns left
	"guns_enemy",       //
	"obj_me",           // objective value the side controls (16.11)
	"obj_enemy",        // objective value the enemy controls
	"obj_taken_me",     // of it, the enemy's own objectives the side holds
	"obj_taken_enemy",  // the side's own the enemy holds
	"contested_me",     // value the side holds with an enemy combat base within 2 hexes
	"contested_enemy",  // value the enemy holds with a base of the side's within 2
	"dist_me",          // mean distance of own combat bases to the nearest objective not held (capped 20)
	"dist_enemy",       // the enemy's
	"attacker*dist_me", // the attacker's ground still to cover
	"defender*dist_en", // the enemy attacker's ground still to cover
	"near_me",          // own combat bases within 3 hexes of an objective not held
	"near_enemy",       // the enemy's
	"attacker*near_me", //
	"defender*near_en", //
	"pinned_me",        // fraction of own bases on the map pinned
	"pinned_enemy",     //
	"dvp",              // desert victory points won less lost, where they decide a draw (F.3)
}

// SampleFeatures are the features of a world sampled from what o's side
// knows (Observation.Sample with seed): what the expert's learned judge
// reads, and what cmd/evaltrain records to fit it. A player gets only its
// observation, so this is the exported way in.
func SampleFeatures(o *game.Observation, seed uint64) []float64 {
	return valueFeatures(o.Sample(seed), o.Side())
}

// valueFeatures are the features of g as side me sees it (g is a sampled
// world built from me's Observation, or a game both sides see fully).
func valueFeatures(g *game.Game, me int) []float64 {
	f := make([]float64, len(ValueFeatureNames))
	en := 1 - me
	f[0] = 1
	sc := g.Scn
	att, def := 0.0, 0.0
	if sc != nil && sc.Attacker != "" && (sc.Type == "all-out-attack" || sc.Type == "hasty-defence") {
		if sc.Attacker == g.Side(me).ID {
			att = 1
		} else {
			def = 1
		}
	}
	f[1], f[2] = att, def
	left := 0.0
	if sc != nil {
		lim := sc.TurnLimit()
		left = float64(max(0, lim-g.Turn()+1)) / float64(max(1, lim))
	}
	f[3], f[4], f[5] = left, att*left, def*left
	bp := [2]int{g.BreakPoint(me), g.BreakPoint(en)}
	f[6], f[7] = float64(bp[0]), float64(bp[1])
	f[8], f[9] = float64(min(bp[0], 3)), float64(min(bp[1], 3))

	var worth, start, armour, inf, guns, pinned, onMap [2]float64
	side := func(b *game.Base) int {
		if b.Unit.Side == me {
			return 0
		}
		return 1
	}
	bases := g.Bases()
	for _, b := range bases {
		if b.Unit == nil {
			continue
		}
		s := side(b)
		w := 1 + float64(b.Type.DVP)/2
		if b.Type.CombatUnit() {
			w += 0.5
		}
		start[s] += w
		if b.KO || b.Unit.Gone != "" {
			continue
		}
		if b.Pinned {
			w *= 0.8
		}
		worth[s] += w
		switch b.Type.Class {
		case forces.Armoured:
			armour[s]++
		case forces.Infantry, forces.Cavalry, forces.Engineer:
			inf[s]++
		case forces.Gun:
			guns[s]++
		}
		if b.OnMap() {
			onMap[s]++
			if b.Pinned {
				pinned[s]++
			}
		}
	}
	for s := 0; s < 2; s++ {
		if start[s] > 0 {
			f[10+s] = worth[s] / start[s]
		}
		f[12+s], f[14+s], f[16+s] = armour[s], inf[s], guns[s]
		if onMap[s] > 0 {
			f[33+s] = pinned[s] / onMap[s]
		}
	}

	objs := g.Objectives()
	for _, o := range objs {
		v := float64(o.Value)
		if v <= 0 {
			v = 1
		}
		ctl := 0
		if o.Controller != me {
			ctl = 1
		}
		f[18+ctl] += v
		if o.Owner != o.Controller {
			f[20+ctl] += v
		}
		// contested: a combat base of the other side within 2 hexes
		for _, b := range bases {
			if b.Unit != nil && b.OnMap() && b.Type.CombatUnit() && side(b) != ctl && hexmap.Distance(b.Hex, o.Hex) <= 2 {
				f[22+ctl] += v
				break
			}
		}
	}
	// ground: each side's combat bases to the nearest objective it does not hold
	var dist, n, near [2]float64
	for _, b := range bases {
		if b.Unit == nil || !b.OnMap() || !b.Type.CombatUnit() {
			continue
		}
		s := side(b)
		d, any := 20, false
		for _, o := range objs {
			if (o.Controller == me) == (s == 0) {
				continue
			}
			any = true
			d = min(d, hexmap.Distance(b.Hex, o.Hex))
		}
		if !any {
			d = 0
		}
		dist[s] += float64(d)
		n[s]++
		if any && d <= 3 {
			near[s]++
		}
	}
	for s := 0; s < 2; s++ {
		if n[s] > 0 {
			f[24+s] = dist[s] / n[s]
		}
		f[28+s] = near[s]
	}
	f[26], f[27] = att*f[24], def*f[25]
	f[30], f[31] = att*f[28], def*f[29]
	if sc != nil && sc.DVP {
		f[34] = float64(g.DVPScored(me) - g.DVPScored(en))
	}
	return f
}

// ValueModel is a fitted logistic regression over SampleFeatures.
type ValueModel struct {
	Names []string
	W     []float64
}

// Logit is the model's log-odds that side me wins g.
func (m *ValueModel) Logit(f []float64) float64 {
	z := 0.0
	for i, w := range m.W {
		if i < len(f) {
			z += w * f[i]
		}
	}
	return z
}

// winChance is the model's chance that side me wins g; a finished game's
// result is its own answer (a draw a half).
func (m *ValueModel) winChance(g *game.Game, me int) float64 {
	if g.Over() {
		switch g.Winner() {
		case me:
			return 1
		case 1 - me:
			return 0
		}
		return 0.5
	}
	return Sigmoid(m.Logit(valueFeatures(g, me)))
}

// Sigmoid is the logistic function, safe at the extremes.
func Sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// LearnedValue is the shipped model (eval_weights.go).
func LearnedValue() *ValueModel {
	return &ValueModel{Names: valueNames, W: valueWeights}
}
