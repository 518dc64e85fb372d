package ai

import (
	"fmt"
	"hash/fnv"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/game"
	"khamsin/hexmap"
)

// ExpertLevel is the expert (issue 20): the veteran's judgement checked by
// playing each of its best options forward over sampled worlds.
const ExpertLevel = 3

// Strongest is the level `ai` names (sim, game ai): the expert.
const Strongest = ExpertLevel

// DefaultBudget is the expert's lookahead per decision, in nodes: commands
// played forward on sampled worlds (docs/performance.md, "Expert"). The
// choice of activation gets half as much again, a command within an
// activation half, the choice of who goes first twice.
const DefaultBudget = 120

// Expert is the computer opponent's level 3. For the side to act it takes
// the veteran's choice and its next best options (at most K; inside an
// activation only where the veteran strikes: Focus), builds Samples
// worlds from its side's Observation only (game.Observation.Sample: what
// it cannot see is guessed from contact markers, the public order of
// battle and its log) with keyed dice (game.KeyDice: every option meets
// the same dice roll for roll), plays each option forward on a Clone of
// each world — its own shot or assault once per outcome, weighed by the
// exact odds (Exact) — with the veteran playing both sides to the end of
// the enemy's reply, and keeps the option with the best mean evaluation
// at the horizon (Judge: by hand, Break Point, objectives, material; or
// the learned chance of winning, eval.go) — with Every and Margin, only
// when an option beats the veteran's choice in every sample and by Margin
// on the mean. With Alike it weighs only a strike against other strikes
// and keeps any other command of the veteran's. Shipped: the learned
// judge, Alike, trusted (Margin 0, no Every): the hand judge trusted lost
// more games than the veteran; the learned one picking among strikes
// wins about as often as the hand-judged expert did, at a fifth of the
// cost (docs/ai.md, "Expert, third pass" and "fourth pass").
// It is deterministic for a given save, seed and Budget: the samples'
// seeds are a hash of public facts, and it never reads the clock.
// Use one Expert per goroutine.
type Expert struct {
	Budget  int // nodes per decision (commands played forward)
	K       int // options compared (0: none, the veteran's choice as it is)
	Samples int // sampled worlds per decision (one more for the choice of activation)
	// Margin is how much better in mean evaluation (about one base's
	// worth) another option must come out than the veteran's choice to be
	// chosen instead (with Every, besides coming out better in every
	// sample): a short
	// lookahead over few samples is noisy, and the veteran's judgement
	// counts what the lookahead cannot see yet (an observer's guns later,
	// ground for the next turn).
	Margin float64
	// Focus keeps the lookahead inside an activation to shots and
	// assaults (which target), where the veteran's choice is otherwise
	// kept as is: the budget goes where it pays.
	Focus bool
	// Keyed gives each sampled world keyed dice (game.KeyDice): the
	// options of a decision meet the same dice roll for roll.
	Keyed bool
	// Exact plays a shot or assault once per outcome, weighed by its
	// exact odds (needs Keyed).
	Exact bool
	// MinCap is the fewest commands a playout may run (its share of the
	// budget notwithstanding).
	MinCap int
	// Every asks an option to come out better than the veteran's choice
	// in every sample, besides by Margin on the mean, to overrule it.
	Every bool
	// Alike weighs, at the choice of activation, only a strike against
	// other strikes; anything else stays the veteran's choice.
	Alike bool
	// Teach weighs the options even where Alike keeps the veteran's
	// command, for their outcomes in words (game ai --explain, game
	// hint): the command is the same, the thinking longer.
	Teach bool
	// Judge is how a sampled world is valued at the lookahead's horizon:
	// JudgeHand (material, Break Point, objectives, time and ground by
	// hand), JudgeLearned (the learned chance of winning, LearnedValue,
	// scaled by WinWorth) or JudgeBoth (their sum).
	Judge Judge
	// WinWorth scales the learned chance of winning into the evaluation's
	// units (a won game is worth 30 to the hand evaluation, a lost one
	// -30: WinWorth 60 spans the same range).
	WinWorth float64

	// Own gives the expert's own side the weights tuned against the
	// veteran for its role (TunedWeights): in the prior whose options it
	// weighs and for its side in the playouts. The enemy in the playouts
	// stays the default veteran (the opponent model). False: the
	// veteran's weights on both sides.
	Own bool

	model  *ValueModel
	vet    *Player    // the prior: the veteran, with the side's tuned weights when Own
	play   [2]*Player // the playout policy: veterans kept so their map's LOS grid is built once
	reason string
	last   []Option
}

// Option is one command the expert weighed, with its expected outcome in
// plain words' figures (Explain).
type Option struct {
	Command string  `json:"command"`
	Value   float64 `json:"value"`    // mean evaluation after the lookahead, the side's point of view
	KO      float64 `json:"ko"`       // chance the command itself knocks an enemy base out (exact for fire and assault)
	Risk    float64 `json:"risk"`     // chance the acting unit loses a base by the end of the enemy's reply
	Ground  int     `json:"ground"`   // hexes a move gains toward the nearest objective the side does not hold
	Veteran bool    `json:"veteran"`  // the veteran's own choice
	Words   string  `json:"in_words"` // the outcome in plain words

	beats bool      // came out better than the veteran's choice in every sample
	tries int       // KO counted over this many worlds played ahead (0: exact odds)
	per   []float64 // the value in each sampled world, paired across options by the keyed dice
}

// Judge names the expert's evaluation at the horizon.
type Judge int

const (
	JudgeHand    Judge = iota // evaluate + progress: material, Break Point, objectives, time, ground
	JudgeLearned              // WinWorth × the learned chance of winning (eval.go)
	JudgeBoth                 // the two added
)

// NewExpert makes the expert at its default budget.
func NewExpert() *Expert {
	// the learned judge with Alike, trusted (margin 0, no every-sample
	// rule): 100 of 180 games against the veteran, as strong as the
	// hand-judged expert within the noise and five times cheaper
	// (docs/ai.md, "Expert, fourth pass")
	e := &Expert{Budget: DefaultBudget, K: 3, Samples: 3, Margin: 0, Every: false, Alike: true, Judge: JudgeLearned,
		Focus: true, Keyed: true, Exact: true, MinCap: 4, WinWorth: 60, vet: New(MaxLevel)}
	if tuneExpert != nil {
		tuneExpert(e)
	}
	return e
}

// tuneExpert, when set (a measuring build, never the shipped one),
// changes a new expert's fields.
var tuneExpert func(*Expert)

// debugExpert, when set (a measuring build), sees each weighed decision's
// options, chosen first.
var debugExpert func(o *game.Observation, opts []Option)

// ownWeights are the weights of the expert's own side in a role: the
// tuned set when Own, else the veteran's.
func (e *Expert) ownWeights(r Role) Weights {
	if e.Own {
		return TunedWeights(r)
	}
	return DefaultWeights(MaxLevel)
}

// judge is the worth to side me of the world g at the horizon, by Judge.
func (e *Expert) judge(g *game.Game, me int, end stand, turn int, objs []hexmap.Hex) float64 {
	v := 0.0
	if e.Judge != JudgeLearned {
		v += evaluate(g, me, end, turn) + progress(g, me, objs)
	}
	if e.Judge != JudgeHand {
		if e.model == nil {
			e.model = LearnedValue()
		}
		v += e.WinWorth * e.model.winChance(g, me)
	}
	return v
}

// NewLevel makes the player of a level: 1 the novice, 2 the veteran, 3
// the expert (clamped).
func NewLevel(level int) game.Player {
	if level >= ExpertLevel {
		return NewExpert()
	}
	return New(level)
}

// Decider is a player that says why (Player and Expert).
type Decider interface {
	game.Player
	Decide(o *game.Observation) (cmd, reason string)
}

// NewDecider is NewLevel with its reasons; the expert's with its
// alternatives weighed wherever it decides (Teach).
func NewDecider(level int) Decider {
	if level >= ExpertLevel {
		e := NewExpert()
		e.Teach = true
		return e
	}
	return New(level)
}

// Choose implements game.Player.
func (e *Expert) Choose(o *game.Observation) string {
	c, r := e.Decide(o)
	e.reason = r
	return c
}

// Reason is the why of the last command Choose returned.
func (e *Expert) Reason() string { return e.reason }

// Options are the options the last decision weighed, best first (none
// when it did not look ahead: the challenge and first phases, or a single
// sensible option).
func (e *Expert) Options() []Option { return e.last }

// Alternatives are up to n of the options d weighed in its last decision
// other than its choice c, best first: what `game ai --explain`, `game
// hint` and the window's hint show beside the command. A decider that is
// not the expert weighs no options.
func Alternatives(d Decider, c string, n int) []Option {
	e, ok := d.(*Expert)
	if !ok {
		return nil
	}
	var out []Option
	for _, opt := range e.Options() {
		if opt.Command != c && len(out) < n {
			out = append(out, opt)
		}
	}
	return out
}

// Decide picks the side's command and says why in plain words.
func (e *Expert) Decide(o *game.Observation) (string, string) {
	e.last = nil
	e.vet.W = e.ownWeights(RoleOf(o.Scenario(), o.SideID()))
	vc, vr := e.vet.Decide(o)
	vr = PlainWords(vr)
	if o.Over() || !o.ToAct() || o.Phase() == game.PhaseChallenge || o.Phase() == game.PhaseSetup {
		return vc, vr
	}
	var opts []Option
	budget, samples, whole := e.Budget, e.Samples, false
	strike := verbOf(vc) == game.VerbFire || verbOf(vc) == game.VerbAssault
	keep := false // the veteran's command stands; the options are weighed for the words only (Teach)
	switch {
	case o.Phase() == game.PhaseFirst:
		// who activates first: both orders, played on to the turn's end
		// as far as the budget goes; not a strike, so with Alike the
		// veteran's (weighed only to teach)
		if e.Alike && !e.Teach {
			return vc, vr
		}
		keep = e.Alike
		opts = []Option{{Command: vc, Veteran: true}}
		for _, c := range o.Legal() {
			if c != vc {
				opts = append(opts, Option{Command: c})
			}
		}
		budget, samples, whole = 2*e.Budget, 2*e.Samples, true
	case o.View().Open != "" && e.Focus:
		// within an activation: only a shot or assault is weighed, against
		// the other targets the veteran scores best and end; a move stays
		// the veteran's (the lookahead overruled it about once a game, and
		// its estimates are noisier than the differences: docs/ai.md)
		if v := verbOf(vc); v != game.VerbFire && v != game.VerbAssault {
			return vc, vr
		}
		opts = e.strikes(o, vc, 3)
		budget = e.Budget / 2
	case o.View().Open != "":
		// within an activation: the veteran's choice, its next best and end
		opts = e.options(o, vc, 2)
		budget = e.Budget / 2
	case e.Alike && strike:
		// which activation, when the veteran would open with a strike:
		// only other strikes (which unit shoots, at what), like with like
		opts = e.strikes(o, vc, e.K)
		budget, samples = 3*e.Budget/2, e.Samples+1
		if len(opts) < 2 && e.Teach {
			// no other strike: the veteran's, other activations weighed to teach
			keep = true
			opts = e.options(o, vc, e.K)
		}
	case e.Alike && !e.Teach:
		// a move, a dig or a deferral stays the veteran's: a short
		// horizon sees the losses an advance risks and not the ground it
		// gains (docs/ai.md, "Expert, third pass")
		return vc, vr
	default:
		// which activation (or none): the weightiest choice, the most
		// budget (with Alike, weighed only to teach)
		keep = e.Alike
		opts = e.options(o, vc, e.K)
		budget, samples = 3*e.Budget/2, e.Samples+1
	}
	if len(opts) < 2 || e.K <= 0 {
		return vc, vr
	}
	e.weigh(o, opts, budget, samples, whole)
	// the veteran's choice stands until an option beats it by Margin on
	// the mean (and, with Every, in every sample); where keep, always
	rank := func(x Option) float64 {
		if x.Veteran && keep {
			return math.Inf(1)
		}
		if x.Veteran {
			return x.Value + e.Margin
		}
		if !x.beats && e.Every {
			return math.Inf(-1)
		}
		return x.Value
	}
	sort.SliceStable(opts, func(i, j int) bool {
		ri, rj := rank(opts[i]), rank(opts[j])
		if ri != rj {
			return ri > rj
		}
		return opts[i].Value > opts[j].Value
	})
	e.say(o, opts, keep) // words.go
	e.last = opts
	if debugExpert != nil {
		debugExpert(o, opts)
	}
	best := opts[0]
	if best.Veteran {
		return best.Command, vr + "; " + best.Words
	}
	return best.Command, PlainWords(describe(o, best.Command)) + ": " + best.Words
}

// amount says a difference of evaluation in words: bases' worth for the
// hand judge, points of the chance to win for the learned one.
func (e *Expert) amount(d float64) string {
	if e.Judge == JudgeLearned && e.WinWorth > 0 {
		return fmt.Sprintf("%.1f points of the chance to win", 100*d/e.WinWorth)
	}
	return fmt.Sprintf("%.1f bases' worth", d)
}

// describe names what a command does, in words.
func describe(o *game.Observation, c string) string {
	cmd, err := game.ParseCommand(c)
	if err != nil {
		return c
	}
	switch cmd.Verb {
	case game.VerbMove:
		return fmt.Sprintf("moves %s to %s", cmd.Base, cmd.Hex)
	case game.VerbFire:
		return fmt.Sprintf("%s fires at %s", cmd.Base, cmd.Target)
	case game.VerbAssault:
		return fmt.Sprintf("%s close-assaults %s", cmd.Base, cmd.Target)
	case game.VerbDefer:
		return "defers: keeps its Order for later, and sees what the enemy does first"
	case game.VerbEnd:
		return "ends the activation"
	}
	return c
}

var (
	threatRe  = regexp.MustCompile(`threat ([0-9.]+)`)
	worthRe   = regexp.MustCompile(`([0-9]+\.[0-9]) (expected )?worth`)
	againstRe = regexp.MustCompile(`\(([0-9]+\.[0-9]) against ([0-9]+\.[0-9]);`)
)

// PlainWords rewrites the veteran's internal figures in a reason into
// words a player reads (issue 20: "not internal weights like threat
// 0.36"): a threat is the chance the enemy's best reply knocks the base
// out there; a worth is counted in enemy bases.
func PlainWords(r string) string {
	r = threatRe.ReplaceAllStringFunc(r, func(m string) string {
		f, err := strconv.ParseFloat(threatRe.FindStringSubmatch(m)[1], 64)
		if err != nil {
			return m
		}
		return fmt.Sprintf("about %s chance the enemy knocks it out there", pct(f))
	})
	r = againstRe.ReplaceAllString(r, "(more enemy bases under the new aim point;")
	r = worthRe.ReplaceAllStringFunc(r, func(m string) string {
		f, err := strconv.ParseFloat(worthRe.FindStringSubmatch(m)[1], 64)
		if err != nil {
			return m
		}
		return fmt.Sprintf("about %s %s' worth", bases(f), "bases")
	})
	return r
}

// bases says a worth (about 2 to 4 a base: 1 + its DVP and punch) as a
// number of bases, rounded to a half.
func bases(worth float64) string {
	n := math.Round(worth/3*2) / 2
	if n < 0.5 {
		return "less than one enemy"
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + " enemy"
}

// options are the veteran's choice first, then its next best distinct
// options: within an open activation its best-scored commands and end;
// before one, the best command of each of its best-scored activations and
// defer.
func (e *Expert) options(o *game.Observation, vc string, k int) []Option {
	out := []Option{{Command: vc, Veteran: true}}
	seen := map[string]bool{vc: true}
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, Option{Command: c})
		}
	}
	ranked := e.vet.ranked(o)
	for _, c := range ranked {
		if len(out) >= k {
			break
		}
		if v := verbOf(c); v != game.VerbDefer && v != game.VerbEnd {
			add(c)
		}
	}
	// whether to end now is always weighed, and whether to act at all by
	// a side that need not win: to the lookahead, keeping still looks
	// safe, and the attacker's time is worth more than its horizon sees
	for _, c := range ranked {
		if v := verbOf(c); v == game.VerbEnd || v == game.VerbDefer && !mustWin(o) {
			add(c)
		}
	}
	return out
}

// strikes are the veteran's shot or assault vc, its next best shots and
// assaults (other targets, other bases: at most k in all) and end. A shot
// that can hardly knock its target out is no option (the veteran's
// Futile lesson, issue 20): a lucky pin in a few sampled worlds must not
// spend the Order on it.
func (e *Expert) strikes(o *game.Observation, vc string, k int) []Option {
	out := []Option{{Command: vc, Veteran: true}}
	for _, c := range e.vet.ranked(o) {
		v := verbOf(c)
		switch {
		case c == vc:
		case v == game.VerbFire && e.vet.W.Futile > 0 && hopelessShot(o, c):
		case (v == game.VerbFire || v == game.VerbAssault) && len(out) < k:
			out = append(out, Option{Command: c})
		case v == game.VerbEnd:
			out = append(out, Option{Command: c})
		}
	}
	return out
}

func verbOf(c string) game.Verb {
	if i := strings.IndexByte(c, ' '); i >= 0 {
		c = c[:i]
	}
	return game.Verb(c)
}

// ranked is the veteran's candidates, best first: its scoring of every
// legal command (score, refineMoves) without its final pick. In an open
// activation, one per command; before one, the best command of each
// (unit, action), ranked by the sum over the unit's bases as the veteran
// ranks activations. end and defer come last.
func (p *Player) ranked(o *game.Observation) []string {
	legal := o.Commands()
	k := p.know(o)
	k.legal = legal
	for _, c := range legal {
		if c.Verb != game.VerbMove {
			continue
		}
		if b := k.byID[c.Base]; b != nil {
			if h, err := o.Map().HexOf(c.Hex); err == nil {
				if d := hexmap.Distance(b.hex, h); d > k.reach[b.id] {
					k.reach[b.id] = d
				}
			}
		}
	}
	var cands []*cand
	var tail []string
	for i, c := range legal {
		if c.Verb == game.VerbDefer || c.Verb == game.VerbEnd {
			tail = append(tail, c.String())
			continue
		}
		if x := k.score(c); x != nil {
			x.order = i
			cands = append(cands, x)
		}
	}
	k.refineMoves(cands)
	var out []string
	if k.v.Open != "" {
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
		for _, c := range cands {
			if c.score > 0.01 {
				out = append(out, c.cmd.String())
			}
		}
		return append(out, tail...)
	}
	type group struct {
		total float64
		best  *cand
		per   map[string]float64
	}
	groups := map[string]*group{}
	var keys []string
	for _, c := range cands {
		key := c.unit + " " + string(c.action)
		gr := groups[key]
		if gr == nil {
			gr = &group{per: map[string]float64{}}
			groups[key] = gr
			keys = append(keys, key)
		}
		if c.base != "" && c.score > gr.per[c.base] {
			gr.per[c.base] = c.score
		}
		if gr.best == nil || c.score > gr.best.score {
			gr.best = c
		}
	}
	for _, key := range keys {
		gr := groups[key]
		if len(gr.per) == 0 {
			gr.total = gr.best.score
			continue
		}
		bs := make([]string, 0, len(gr.per))
		for b := range gr.per {
			bs = append(bs, b)
		}
		sort.Strings(bs)
		for _, b := range bs {
			gr.total += gr.per[b]
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return groups[keys[i]].total > groups[keys[j]].total })
	for _, key := range keys {
		if gr := groups[key]; gr.total >= p.W.DeferBelow {
			out = append(out, gr.best.cmd.String())
		}
	}
	return append(out, tail...)
}

// seed is a sample's seed: a hash of public facts only (the game's seed,
// the turn, the side and how long its log is), so the same save decides
// the same way and nothing hidden moves it.
func sampleSeed(o *game.Observation, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%d|%d|%d|%d", o.Seed(), o.Turn(), o.Side(), len(o.Events()), i)
	return h.Sum64()
}

// weigh plays every option forward on every sampled world. Each world's
// dice are keyed (game.KeyDice: a roll is a hash of the world's seed, its
// why and its occurrence), so every option meets the same dice for every
// roll they share, not only up to the first roll one of them adds. With
// Exact, a shot or assault of the side's own is played once per outcome
// (missed, pinned, knocked out; each side of an assault out or not), the
// roll forced (game.ForceThrow), and the outcomes weighed by the exact
// odds: the comparison is of the choices, not of one die.
func (e *Expert) weigh(o *game.Observation, opts []Option, budget, samples int, whole bool) {
	me := o.Side()
	var objs []hexmap.Hex // the objectives an attacker does not hold
	if mustWin(o) {
		v := o.View()
		for _, ob := range v.Objectives {
			if h, err := o.Map().Hex(ob.Hex); err == nil && ob.Controller != v.As {
				objs = append(objs, h)
			}
		}
	}
	samples = max(1, samples)
	brs := make([][]branch, len(opts))
	nb := 0
	for i := range opts {
		brs[i] = e.branches(o, opts[i].Command)
		nb += len(brs[i])
	}
	// each outcome played is a playout a sample would have been: as many
	// playouts as one per option and sample (the speed bars), the exact
	// outcomes standing in for the samples that averaged over the dice
	if nb > len(opts) {
		samples = max(1, (samples*len(opts)+nb/2)/nb)
	}
	cap := max(e.MinCap, budget/(samples*nb))
	vals := make([]float64, len(opts))
	per := make([][]float64, len(opts))
	kos := make([]float64, len(opts))
	risks := make([]float64, len(opts))
	for s := 0; s < samples; s++ {
		seed := sampleSeed(o, s)
		w := o.Sample(seed)
		if e.Keyed {
			w.KeyDice(seed)
		}
		start := standing(w, me)
		for i := range opts {
			v, ko, risk := 0.0, 0.0, 0.0
			for _, br := range brs[i] {
				g := w.Clone()
				unit := actingUnit(g, opts[i].Command)
				for _, f := range br.force {
					g.ForceThrow(f.why, f.band)
				}
				if _, err := g.Do(opts[i].Command); err != nil {
					v -= 100 * br.w // cannot happen: the option is legal and the sample agrees with the view
					continue
				}
				g.Unforce()
				if standing(g, me).enemyLost > start.enemyLost {
					ko += br.w // the command itself knocked an enemy base out
				}
				e.playout(g, me, cap, whole)
				end := standing(g, me)
				v += br.w * e.judge(g, me, end, o.Turn(), objs)
				if unit != "" && end.lostOf[unit] > start.lostOf[unit] {
					risk += br.w
				}
			}
			vals[i] += v
			per[i] = append(per[i], v)
			kos[i] += ko
			risks[i] += risk
		}
	}
	for i := range opts {
		opts[i].Value = vals[i] / float64(samples)
		opts[i].beats = i > 0 && len(per[i]) == len(per[0])
		for j := 0; opts[i].beats && j < len(per[i]); j++ {
			opts[i].beats = per[i][j] > per[0][j]
		}
		opts[i].KO = kos[i] / float64(samples)
		opts[i].tries = samples
		opts[i].per = per[i] // for the words: is a difference within the lookahead's noise (words.go)
		if p, ok := exactKO(o, opts[i].Command); ok {
			opts[i].KO, opts[i].tries = p, 0
		}
		opts[i].Risk = max(risks[i]/float64(samples), e.moveThreat(o, opts[i].Command))
		opts[i].Ground = ground(o, opts[i].Command)
	}
}

// PinApart is the least chance of a shot's pin, or of an assault's
// counter-blow, that the expert plays as an outcome of its own (else it is
// folded into the miss, or left to the dice): each outcome costs a
// playout.
const PinApart = 0.2

// branch is one outcome of an option to play forward: the rolls forced
// (none: the keyed dice decide) and the outcome's probability.
type branch struct {
	force []forceAt
	w     float64
}

type forceAt struct {
	why  string
	band combat.Band
}

// branches are the outcomes of option c the lookahead plays: with Exact,
// a shot's miss (or save), pin and knock-out and an assault's four
// combinations of each side out or not, each with its exact probability
// from the side's own odds (ShotOdds, AssaultOdds), those of no chance
// left out; otherwise (and for every other command) one, the dice's.
func (e *Expert) branches(o *game.Observation, c string) []branch {
	one := []branch{{w: 1}}
	if !e.Exact || !e.Keyed {
		return one
	}
	cmd, err := game.ParseCommand(c)
	if err != nil {
		return one
	}
	var out []branch
	add := func(w float64, f ...forceAt) {
		if w > 1e-9 {
			out = append(out, branch{force: f, w: w})
		}
	}
	switch cmd.Verb {
	case game.VerbFire:
		s, err := o.ShotOdds(cmd.Base, cmd.Target)
		if err != nil || s.Blocked != "" {
			return one
		}
		hit := cmd.Base + " to hit " + cmd.Target
		save := cmd.Target + " saves, hit by " + cmd.Base
		// a pin is played apart only when it is likely (PinApart):
		// otherwise it counts as a miss, a playout the budget keeps
		pin, miss := s.Pinned, s.Unharmed
		if pin < PinApart {
			pin, miss = 0, miss+pin
		}
		add(miss, forceAt{hit, combat.Failure})
		add(pin, forceAt{hit, combat.Success}, forceAt{save, combat.Middle})
		add(s.KnockedOut, forceAt{hit, combat.Success}, forceAt{save, combat.Failure})
	case game.VerbAssault:
		a, err := o.AssaultOdds(cmd.Base, cmd.Target)
		if err != nil {
			return one
		}
		tOut := []forceAt{{cmd.Base + " assaults " + cmd.Target, combat.Success}, {cmd.Target + " saves against the assault", combat.Failure}}
		tIn := []forceAt{{cmd.Base + " assaults " + cmd.Target, combat.Failure}}
		if !a.FightsBack || a.AttackerOut < PinApart {
			// the counter-blow, when unlikely, is left to the keyed dice
			add(a.TargetOut, tOut...)
			add(1-a.TargetOut, tIn...)
			break
		}
		bOut := []forceAt{{cmd.Target + " fights back", combat.Success}, {cmd.Base + " saves against the counter-blow", combat.Failure}}
		bIn := []forceAt{{cmd.Target + " fights back", combat.Failure}}
		for _, t := range []struct {
			p float64
			f []forceAt
		}{{a.TargetOut, tOut}, {1 - a.TargetOut, tIn}} {
			add(t.p*a.AttackerOut, append(slices.Clone(t.f), bOut...)...)
			add(t.p*(1-a.AttackerOut), append(slices.Clone(t.f), bIn...)...)
		}
	default:
		return one
	}
	if len(out) == 0 {
		return one
	}
	return out
}

// hopelessShot: a fire command the veteran counts hopeless (scoreFire):
// at a vehicle below hopelessKO to knock it out, at anything else with
// less than longOdds of any effect.
func hopelessShot(o *game.Observation, c string) bool {
	cmd, err := game.ParseCommand(c)
	if err != nil || cmd.Verb != game.VerbFire {
		return false
	}
	so, err := o.ShotOdds(cmd.Base, cmd.Target)
	if err != nil {
		return false
	}
	for _, b := range o.View().Bases {
		if b.ID == cmd.Target {
			if t, ok := o.Catalogue().Type(b.Type); ok && t.Class.Vehicle() {
				return so.KnockedOut < hopelessKO
			}
		}
	}
	return so.KnockedOut+so.Pinned < longOdds
}

// exactKO is the chance a fire or assault command knocks its target out,
// from the side's own odds (ShotOdds, AssaultOdds): exact, where the
// samples only count.
func exactKO(o *game.Observation, c string) (float64, bool) {
	cmd, err := game.ParseCommand(c)
	if err != nil {
		return 0, false
	}
	switch cmd.Verb {
	case game.VerbFire:
		if s, err := o.ShotOdds(cmd.Base, cmd.Target); err == nil {
			return s.KnockedOut, true
		}
	case game.VerbAssault:
		if a, err := o.AssaultOdds(cmd.Base, cmd.Target); err == nil {
			return a.TargetOut, true
		}
	}
	return 0, false
}

// playout plays the veteran for both sides on g from the side me's
// command just given: to the end of me's activation and the enemy's reply
// (until me is to act again after the enemy acted; with whole, on), the
// turn's end, the game's end or cap commands.
func (e *Expert) playout(g *game.Game, me int, cap int, whole bool) {
	if e.play[0] == nil {
		e.play = [2]*Player{New(MaxLevel), New(MaxLevel)}
	}
	ps := e.play
	// our side plays as the prior does, the enemy as the veteran
	ps[me].W = e.ownWeights(RoleOf(g.Scn, g.Scn.Sides[me].ID))
	ps[1-me].W = DefaultWeights(MaxLevel)
	turn := g.Turn()
	replied := false
	for n := 0; n < cap && !g.Over() && g.Turn() == turn && g.Phase() == game.PhaseActivate; n++ {
		a := g.Actor()
		if a != me {
			replied = true
		} else if replied && !whole {
			break
		}
		c, why := ps[a].Decide(g.Observe(a))
		if c == "" {
			break
		}
		// kept with the command, as a real game keeps it: the veteran
		// reads its plan back from its own reasons (Steady)
		if _, err := g.DoWhy(c, why); err != nil {
			break
		}
	}
}

// stand is what the evaluation counts in a (sampled) game.
type stand struct {
	mine, theirs float64        // worth on the map
	enemyLost    int            // enemy bases knocked out
	lostOf       map[string]int // bases knocked out per unit of the side
}

func standing(g *game.Game, me int) stand {
	s := stand{lostOf: map[string]int{}}
	for _, b := range g.Bases() {
		if b.Unit == nil {
			continue
		}
		if b.KO || b.Unit.Gone != "" {
			if b.Unit.Side == me {
				s.lostOf[b.Unit.ID]++
			} else {
				s.enemyLost++
			}
			continue
		}
		// a base still to arrive counts as one on the map: its arrival at
		// the turn's end is no gain of the choice that ended the turn
		w := 1 + float64(b.Type.DVP)/2
		if b.Type.CombatUnit() {
			w += 0.5
		}
		if b.Pinned {
			w *= 0.8
		}
		if b.Unit.Side == me {
			s.mine += w
		} else {
			s.theirs += w
		}
	}
	return s
}

// mustWin reports the attacker of an all-out attack or hasty defence
// (the scenario's public facts), as the veteran reads it.
func mustWin(o *game.Observation) bool {
	sc := o.Scenario()
	return sc != nil && sc.Attacker == o.SideID() && (sc.Type == "all-out-attack" || sc.Type == "hasty-defence")
}

// GroundWorth is what a hex nearer the nearest objective it does not
// hold is worth to each of the attacker's combat bases (the veteran's
// pull of the plan, Plan 0.12 at full urgency): the ground an attack
// gains is how it wins later, past the lookahead's horizon.
const GroundWorth = 0.12

// progress is the attacker's ground in g: minus the distance (at most
// 20) from each combat base of its on the map to the nearest of objs.
func progress(g *game.Game, me int, objs []hexmap.Hex) float64 {
	if len(objs) == 0 {
		return 0
	}
	v := 0.0
	for _, b := range g.Bases() {
		if b.Unit == nil || b.Unit.Side != me || !b.OnMap() || !b.Type.CombatUnit() {
			continue
		}
		d := 20
		for _, h := range objs {
			d = min(d, hexmap.Distance(b.Hex, h))
		}
		v -= float64(d)
	}
	return GroundWorth * v
}

// TurnWorth is what a game turn is worth to the side that must win
// (the attacker of an all-out attack or hasty defence): a turn that
// passes in the lookahead costs it this much, and gains the defender as
// much (about two bases: the time the attacker has to break the defender
// or take the objectives is running out).
const TurnWorth = 3.0

// evaluate is a game's worth to side me: the game's result, then the
// margin on the Break Point Track (16.12, objectives included), then
// material, then time: turns passed since turn for the attacker.
func evaluate(g *game.Game, me int, s stand, turn int) float64 {
	v := 0.0
	if g.Over() {
		switch g.Winner() {
		case me:
			v += 30
		case 1 - me:
			v -= 30
		}
	}
	v += 2.5 * float64(g.BreakPoint(me)-g.BreakPoint(1-me))
	v += s.mine - s.theirs
	if sc := g.Scn; sc != nil && sc.Attacker != "" && (sc.Type == "all-out-attack" || sc.Type == "hasty-defence") {
		passed := float64(g.Turn() - turn)
		if sc.Attacker == g.Side(me).ID {
			v -= TurnWorth * passed
		} else {
			v += TurnWorth * passed
		}
	}
	return v
}

// actingUnit is the unit of the base or unit a command names, if the
// side's own.
func actingUnit(g *game.Game, c string) string {
	cmd, err := game.ParseCommand(c)
	if err != nil {
		return ""
	}
	if cmd.Base != "" {
		if b, ok := g.Base(cmd.Base); ok && b.Unit != nil {
			return b.Unit.ID
		}
	}
	return cmd.Unit
}

// ground is how many hexes a move brings its base nearer the nearest
// objective its side does not control (from the side's view).
func ground(o *game.Observation, c string) int {
	cmd, err := game.ParseCommand(c)
	if err != nil || cmd.Verb != game.VerbMove {
		return 0
	}
	v := o.View()
	var from hexmap.Hex
	found := false
	for _, b := range v.Bases {
		if b.ID == cmd.Base {
			if h, err := o.Map().Hex(b.Hex); err == nil {
				from, found = h, true
			}
		}
	}
	to, err := o.Map().HexOf(cmd.Hex)
	if !found || err != nil {
		return 0
	}
	best := 0
	first := true
	for _, ob := range v.Objectives {
		if ob.Controller == v.As {
			continue
		}
		h, err := o.Map().Hex(ob.Hex)
		if err != nil {
			continue
		}
		d := hexmap.Distance(from, h) - hexmap.Distance(to, h)
		if first || d > best {
			best, first = d, false
		}
	}
	return best
}

// words says an option's expected outcome in plain words.
func (e *Expert) words(x *Option) string { return e.wordsWith(x, "") }

// wordsWith is words with a note on the chance to knock out (what a fire
// for effect is expected to do: words.go's ffeOdds).
func (e *Expert) wordsWith(x *Option, note string) string {
	var parts []string
	if x.tries > 0 && x.KO > 0 {
		// counted, not known: a fire mission or a move's later shots, over
		// the few worlds played ahead
		n := int(math.Round(x.KO * float64(x.tries)))
		parts = append(parts, fmt.Sprintf("knocked out at least one enemy base in %d of the %d %s looked ahead", n, x.tries, plural(x.tries, "world", "worlds")))
	} else {
		parts = append(parts, fmt.Sprintf("%s chance to knock out an enemy base", pct(x.KO)))
	}
	if note != "" {
		parts[0] += " (" + note + ")"
	}
	parts = append(parts, fmt.Sprintf("%s risk to the unit", pct(x.Risk)))
	switch {
	case x.Ground > 0:
		parts = append(parts, fmt.Sprintf("gains %d %s toward an objective", x.Ground, plural(x.Ground, "hex", "hexes")))
	case x.Ground < 0:
		parts = append(parts, fmt.Sprintf("gives up %d %s of ground", -x.Ground, plural(-x.Ground, "hex", "hexes")))
	}
	return strings.Join(parts, ", ")
}

func pct(f float64) string { return fmt.Sprintf("%d%%", int(math.Round(100*f))) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// moveThreat is, for a move, the chance the enemy's best reply knocks the
// moving base out where it ends (the veteran's threat, as its reason says
// it, from what the side knows: seen bases and contact markers), so the
// risk in words is never below what the reason beside it says; 0 for
// any other command. The samples alone can miss it: a contact marker's
// stand-in may not fire in the few worlds played.
func (e *Expert) moveThreat(o *game.Observation, c string) float64 {
	cmd, err := game.ParseCommand(c)
	if err != nil || cmd.Verb != game.VerbMove {
		return 0
	}
	k := e.vet.know(o)
	b := k.byID[cmd.Base]
	h, err := o.Map().HexOf(cmd.Hex)
	if b == nil || err != nil {
		return 0
	}
	return k.threatAt(h, b.t)
}
