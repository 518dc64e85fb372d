package game

import (
	"math/rand/v2"
	"sort"
	"strings"
)

// Player chooses one of the legal commands for the side to act. A player
// is handed its side's Observation, never the game: what it cannot see it
// cannot use.
type Player interface {
	Choose(o *Observation) string
}

// RandomPlayer picks at random, first a kind of command (move, fire,
// defer…), weighted toward fighting, and then one of that kind, so that a
// side with hundreds of possible moves, facings and smoke grenades still
// shoots and rallies (docs/rules.md, "Random players"). It has its own
// stream: the game's dice are never touched.
type RandomPlayer struct{ rng *rand.Rand }

// NewRandomPlayer seeds a random player.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, seed^0x5eed))}
}

// Choose implements Player.
func (p *RandomPlayer) Choose(o *Observation) string {
	if !o.ToAct() {
		return ""
	}
	return p.pick(o.g.legalShared()) // read only: no copy needed
}

// pick chooses one of legal.
func (p *RandomPlayer) pick(legal []Command) string {
	if len(legal) == 0 {
		return ""
	}
	kinds := map[string][]Command{}
	for _, c := range legal {
		k := string(c.Verb)
		kinds[k] = append(kinds[k], c)
	}
	names := make([]string, 0, len(kinds))
	total := 0
	for k := range kinds {
		names = append(names, k)
		total += randomWeight(k)
	}
	sort.Strings(names) // map order must not leak into the choice
	pick := p.rng.IntN(total)
	for _, k := range names {
		if pick -= randomWeight(k); pick < 0 {
			cs := kinds[k]
			return cs[p.rng.IntN(len(cs))].String()
		}
	}
	return legal[0].String()
}

// DeferPlayer never acts: it defers every activation, says ready in the
// Challenge phase and lets the enemy go first.
type DeferPlayer struct{}

// Choose implements Player.
func (DeferPlayer) Choose(o *Observation) string {
	legal := o.Legal()
	for _, want := range []string{"defer", "ready", "end"} {
		for _, c := range legal {
			if c == want {
				return c
			}
		}
	}
	for _, c := range legal {
		if strings.HasPrefix(c, "first ") && c != "first "+o.SideID() {
			return c
		}
	}
	return legal[0]
}

// MaxSimCommands bounds a simulated game (a safety net: games end by turn
// limit long before).
const MaxSimCommands = 20000

// Play runs the game to its end with one player per side.
func (g *Game) Play(players [2]Player) error {
	for n := 0; !g.Over() && n < MaxSimCommands; n++ {
		if len(g.legalShared()) == 0 {
			break
		}
		p := players[g.actor]
		c := p.Choose(g.Observe(g.actor))
		if _, err := g.Do(c); err != nil {
			return err
		}
		if r, ok := p.(Reasoner); ok {
			g.setReason(r.Reason()) // kept with the command in the save
		}
	}
	return nil
}

// randomWeight is how often a random player picks a kind of command: the
// fighting kinds four times as often as the rest, rallies and assaults
// twice.
func randomWeight(kind string) int {
	switch kind {
	case "fire", "move":
		return 4
	case "assault", "rally", "spot":
		return 2
	}
	return 1
}
