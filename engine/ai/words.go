package ai

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"khamsin/engine/forces"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// The expert's words (game hint, game ai --explain, the window's hint):
// what a player reads beside a command must agree with itself and with
// the ranking, and must come from the side's Observation only (issue 20,
// the play-test's "0% risk" beside unseen Panzer IVs, and a pick rated
// below its own alternatives).

// exposure is what the side knows of the fire a moving base would meet
// where its move ends: the enemy bases it sees, and the enemy's Contact
// Markers, each priced at the worst of the kinds the public order of
// battle lists for its unit (a marker says nothing of what it hides).
type exposure struct {
	Risk     float64  // the chance one of them knocks the base out, every one firing once
	Seen     int      // seen (or last-seen) enemy bases that could fire on it
	Contacts []string // unidentified contacts in sight and range that could harm it, sorted
	Worst    float64  // the chance those contacts alone knock it out, at their worst
}

// exposureAt prices the destination of move c from o only: a sampled
// world (game.Observation.Sample: what the side cannot see guessed from
// public facts, the same for every game that looks the same to it), the
// base set down in its destination as it will stand there (moved: not dug
// in, not emplaced), and every enemy base of that world tried with the
// game's own odds (Game.Odds: line of sight, concealment's distances, a
// weapon in range, to-hit and save). A contact's stand-in is tried as each
// combat kind its unit lists and counts at its worst.
func exposureAt(o *game.Observation, c string) (exposure, bool) {
	cmd, err := game.ParseCommand(c)
	if err != nil || cmd.Verb != game.VerbMove {
		return exposure{}, false
	}
	to, err := o.Map().HexOf(cmd.Hex)
	if err != nil {
		return exposure{}, false
	}
	w := o.Sample(sampleSeed(o, 0))
	me, ok := w.Base(cmd.Base)
	if !ok || me.Unit.Side != o.Side() || !me.OnMap() {
		return exposure{}, false
	}
	me.Hex, me.DugIn, me.Emplaced, me.Crest, me.Pinned = to, false, false, false, false
	me.Facing = towardNearestEnemy(w, to, o.Side())
	var x exposure
	safe, safeC := 1.0, 1.0
	enemy := 1 - o.Side()
	for _, e := range w.Bases() {
		if e.Unit.Side != enemy || !e.Effective() {
			continue
		}
		if e.Pinned && e.Type.Class != forces.Gun && e.Type.Class != forces.Armoured {
			continue // as the veteran's threat: a pinned base other than a gun or tank is no threat
		}
		if !e.Unit.Contact {
			g := w.Clone()
			b, _ := g.Base(e.ID)
			t, _ := g.Base(me.ID)
			if s, err := g.Odds(b, t); err == nil && s.Blocked == "" && s.KnockedOut > 0 {
				x.Seen++
				safe *= 1 - s.KnockedOut
			}
			continue
		}
		worst, fires := 0.0, false
		for _, k := range publicKinds(o, e.Unit.ID) {
			bt, ok := o.Catalogue().Type(k)
			if !ok {
				continue
			}
			g := w.Clone()
			b, _ := g.Base(e.ID)
			t, _ := g.Base(me.ID)
			b.Type, b.DugIn, b.Pinned = bt, false, false
			// the marker is the unit: any kind it lists may fire
			if s, err := g.Odds(b, t); err == nil && s.Blocked == "" {
				fires = fires || s.KnockedOut > 0
				worst = max(worst, s.KnockedOut)
			}
		}
		if fires {
			// one shot of its worst kind: a marker says nothing of its
			// size (4.6), so no more is counted than one base
			x.Contacts = append(x.Contacts, e.Unit.ID)
			safeC *= 1 - worst
		}
	}
	slices.Sort(x.Contacts)
	x.Worst = 1 - safeC
	x.Risk = 1 - safe*safeC
	return x, true
}

// publicKinds are the base types the scenario (the public order of
// battle) lists for unit id: its combat kinds if it has any (what a
// marker's stand-in may be, as game.Observation.Sample guesses), sorted.
func publicKinds(o *game.Observation, id string) []string {
	return game.ListedKinds(o.Scenario(), o.Catalogue(), id)
}

// towardNearestEnemy is the facing a base that moved to h would likely
// take: toward the nearest enemy base of the world (a tank's front
// armour toward the threat); the odds are taken whichever way it faces.
func towardNearestEnemy(w *game.Game, h hexmap.Hex, side int) hexmap.Dir {
	best, bd := hexmap.Dir(0), -1
	var at hexmap.Hex
	for _, b := range w.Bases() {
		if b.Unit.Side == side || !b.Effective() {
			continue
		}
		if d := hexmap.Distance(h, b.Hex); bd < 0 || d < bd {
			bd, at = d, b.Hex
		}
	}
	if bd < 0 {
		return best
	}
	bd = -1
	for d := hexmap.Dir(0); d < 6; d++ {
		if n := hexmap.Distance(h.Neighbor(d), at); bd < 0 || n < bd {
			best, bd = d, n
		}
	}
	return best
}

// exposureWords says an exposure: the unidentified contacts in sight, and
// what the seen enemy adds.
func exposureWords(x exposure) string {
	if len(x.Contacts) == 0 {
		return ""
	}
	n := len(x.Contacts)
	return fmt.Sprintf("in sight and range of %d unidentified enemy %s (%s: what %s is unknown; at worst, one shot each, about %s chance %s knocks it out there)",
		n, plural(n, "contact", "contacts"), strings.Join(x.Contacts, ", "), plural(n, "it hides", "they hide"), pct(x.Worst), plural(n, "it", "one of them"))
}

// ffeOdds is a fire for effect's expected harm from the side's own odds
// (game.Observation.AreaOdds on the battery's aim point), over the enemy
// bases it sees under the barrage: the chance it knocks out one at least,
// exact (the lookahead's count of worlds where something was knocked out
// says less: 3 of 3 is no sure kill), and a note of how many it should
// knock out, of how many, and what else is under it.
func ffeOdds(o *game.Observation, c string) (float64, string, bool) {
	cmd, err := game.ParseCommand(c)
	if err != nil || cmd.Verb != game.VerbFFE || cmd.Smoke {
		return 0, "", false
	}
	aim := ""
	for _, b := range o.View().Batteries {
		if b.ID == cmd.Target {
			aim = b.Aim
		}
	}
	if aim == "" {
		return 0, "", false
	}
	a, err := o.AreaOdds(cmd.Target, aim)
	if err != nil {
		return 0, "", false
	}
	n, ours, ko, none := 0, 0, 0.0, 1.0
	for _, f := range a.Bases {
		if f.Side == o.SideID() {
			ours++
			continue
		}
		n++
		ko += f.KnockedOut
		none *= 1 - f.KnockedOut
	}
	s := fmt.Sprintf("about %.1f of the %d enemy %s seen under %s expected knocked out", ko, n, plural(n, "base", "bases"), aim)
	if k := len(a.Contacts); k > 0 {
		s += fmt.Sprintf("; %d unidentified %s under it too", k, plural(k, "contact", "contacts"))
	}
	if ours > 0 {
		s += fmt.Sprintf("; %d of ours under it", ours)
	}
	return 1 - none, s, true
}

// noise compares option x with the kept command k over the sampled worlds
// they met alike (keyed dice: the worlds are paired): the mean difference
// in the lookahead's value, the least and greatest difference in one
// world, and whether the mean stands out of its noise: every one of three
// worlds or more agrees, or it is more than twice its standard error.
func noise(x, k *Option) (lo, hi float64, n int, sure bool) {
	n = min(len(x.per), len(k.per))
	if n == 0 {
		return 0, 0, 0, false
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	mean := 0.0
	d := make([]float64, n)
	for i := 0; i < n; i++ {
		d[i] = x.per[i] - k.per[i]
		lo, hi = min(lo, d[i]), max(hi, d[i])
		mean += d[i]
	}
	mean /= float64(n)
	if n < 2 {
		return lo, hi, n, false
	}
	if n >= 3 && lo*hi > 0 {
		return lo, hi, n, true // every world agrees
	}
	v := 0.0
	for _, y := range d {
		v += (y - mean) * (y - mean)
	}
	se := math.Sqrt(v/float64(n-1)) / math.Sqrt(float64(n))
	return lo, hi, n, math.Abs(mean) > 2*se && lo*hi > 0
}

// say words every weighed option (best first, as Decide ranked them) and
// compares each with the command played, so the figures agree with the
// order: where the expert plays the veteran's command whatever the
// lookahead says (keep), an alternative the lookahead rates higher says so
// and says whether that is within the lookahead's noise, and the command
// played says it was ranked by the veteran's judgement, not the lookahead.
func (e *Expert) say(o *game.Observation, opts []Option, keep bool) {
	for i := range opts {
		x := &opts[i]
		if ex, ok := exposureAt(o, x.Command); ok {
			x.Risk = max(x.Risk, ex.Risk)
			x.Words = e.words(x)
			if s := exposureWords(ex); s != "" {
				x.Words = s + "; " + x.Words
			}
			continue
		}
		if p, note, ok := ffeOdds(o, x.Command); ok {
			x.KO, x.tries = p, 0
			x.Words = e.wordsWith(x, note)
			continue
		}
		x.Words = e.words(x)
	}
	var higher []string
	for i := 1; i < len(opts); i++ {
		x := &opts[i]
		switch d := opts[0].Value - x.Value; {
		case d >= 0.05:
			x.Words += fmt.Sprintf("; judged about %s worse", e.amount(d))
		case d <= -0.05 && keep:
			lo, hi, n, sure := noise(x, &opts[0])
			if sure {
				x.Words += fmt.Sprintf("; the look-ahead rates it about %s better%s, beyond its noise: worth weighing yourself (the expert plays %s all the same: it lets the look-ahead choose only between shots and assaults, as it cannot see what ground is worth after the enemy's reply)",
					e.amount(-d), spread(lo, hi, n), opts[0].Command)
				higher = append(higher, x.Command+", beyond its noise")
			} else {
				x.Words += fmt.Sprintf("; the look-ahead rates it about %s better%s, within its noise: no reason to prefer it", e.amount(-d), spread(lo, hi, n))
				higher = append(higher, x.Command+", within its noise")
			}
		case d <= -0.05:
			x.Words += fmt.Sprintf("; judged about %s better on average, but not surely enough to overrule", e.amount(-d))
		}
	}
	if len(higher) > 0 {
		opts[0].Words += "; chosen by the veteran's judgement (its plan, the ground, the known threat), not the look-ahead, which rates higher " + strings.Join(higher, "; ")
	}
}

// spread says the paired differences' range over the sampled worlds, in
// the lookahead's own unit (e.amount's), signed: better is +.
func spread(lo, hi float64, n int) string {
	if n < 2 {
		return " (one sampled world)"
	}
	if lo > 0 {
		return fmt.Sprintf(" (better in each of %d sampled worlds)", n)
	}
	return fmt.Sprintf(" (worse in some of %d sampled worlds, better in others)", n)
}
