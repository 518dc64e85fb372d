// Package dice is the game's only source of chance: one seeded PCG stream
// whose every roll is recorded with the reason it was made, so a game can be
// replayed and audited roll by roll (brief §5).
package dice

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Kind tells a single die (dr) from a pair of dice (DR).
type Kind uint8

const (
	DR1 Kind = iota + 1 // one d6, "dr"
	DR2                 // two d6, "DR": a coloured and a white die
	D10                 // one d10 (seed 002's command-and-combat tables)
)

// Roll is one recorded throw.
type Roll struct {
	Seq     int    // 1-based position in the log
	Kind    Kind   // DR1, DR2 or D10
	Colored int    // the die of a dr, or the coloured die of a DR
	White   int    // the white die of a DR; 0 otherwise
	Why     string // what the roll was for, e.g. "11.2 weather"
}

// Total is the sum of the dice thrown.
func (r Roll) Total() int { return r.Colored + r.White }

func (r Roll) String() string {
	switch r.Kind {
	case DR2:
		return fmt.Sprintf("#%d %s: DR %d (coloured %d, white %d)", r.Seq, r.Why, r.Total(), r.Colored, r.White)
	case D10:
		return fmt.Sprintf("#%d %s: d10 %d", r.Seq, r.Why, r.Colored)
	default:
		return fmt.Sprintf("#%d %s: dr %d", r.Seq, r.Why, r.Colored)
	}
}

// Roller is a seeded, logging dice cup. The zero value is not usable; call New.
type Roller struct {
	seed uint64
	src  *rand.PCG
	rng  *rand.Rand
	log  []Roll

	scripted []Roll // test throws served before the stream; see Scripted
	key      *keyed // lookahead only: dice drawn from (seed, why, occurrence); see Keyed
}

// New returns a Roller whose stream is fully determined by seed.
func New(seed uint64) *Roller {
	src := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Roller{seed: seed, src: src, rng: rand.New(src)}
}

// Seed reports the seed the roller was created with.
func (r *Roller) Seed() uint64 { return r.seed }

func (r *Roller) die(sides int) int { return r.rng.IntN(sides) + 1 }

// throw returns the next dice: scripted ones first, else keyed ones
// (a lookahead's roller), else from the stream.
func (r *Roller) throw(k Kind, why string, class func(int) int) (int, int) {
	if r.key != nil {
		return r.key.throw(k, why, class)
	}
	if r.scripted != nil {
		if len(r.scripted) == 0 {
			panic("dice: scripted throws exhausted")
		}
		t := r.scripted[0]
		r.scripted = r.scripted[1:]
		if t.Kind != k {
			panic(fmt.Sprintf("dice: scripted %v, asked for %v", t.Kind, k))
		}
		return t.Colored, t.White
	}
	switch k {
	case DR2:
		c := r.die(6)
		return c, r.die(6)
	case D10:
		return r.die(10), 0
	default:
		return r.die(6), 0
	}
}

func (r *Roller) record(k Kind, c, w int, why string) Roll {
	roll := Roll{Seq: len(r.log) + 1, Kind: k, Colored: c, White: w, Why: why}
	r.log = append(r.log, roll)
	return roll
}

// Dr throws one d6 ("dr") for the stated reason.
func (r *Roller) Dr(why string) Roll { return r.roll(DR1, why) }

func (r *Roller) roll(k Kind, why string) Roll {
	c, w := r.throw(k, why, nil)
	return r.record(k, c, w, why)
}

// DR throws two d6 ("DR"): a coloured and a white die, read separately where
// a table needs it (12.3, 12.32).
func (r *Roller) DR(why string) Roll { return r.roll(DR2, why) }

// D10 throws one ten-sided die (1–10) for seed 002's tables.
func (r *Roller) D10(why string) Roll { return r.roll(D10, why) }

// D10Test is D10 for a roll on a table: class names the outcome each
// face gives (a band), which only a keyed roller with an outcome forced
// for why (Force) reads. An ordinary roller throws exactly as D10.
func (r *Roller) D10Test(why string, class func(face int) int) Roll {
	c, w := r.throw(D10, why, class)
	return r.record(D10, c, w, why)
}

// Log returns a copy of every roll made so far, oldest first.
func (r *Roller) Log() []Roll { return append([]Roll(nil), r.log...) }

// Len is the number of rolls made so far.
func (r *Roller) Len() int { return len(r.log) }

// State is the generator's serialised state, for save files and state hashes.
func (r *Roller) State() []byte {
	b, _ := r.src.MarshalBinary() // PCG's MarshalBinary never fails
	return b
}

// Transcript renders the log one roll per line.
func (r *Roller) Transcript() string {
	var b strings.Builder
	for _, roll := range r.log {
		b.WriteString(roll.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Scripted returns a Roller that yields the given throws in order, for tests
// that check a rule against a known roll. The throws are logged like real
// ones (with their Why filled in by the caller of Dr/DR/D10). It panics when
// a test asks for more throws than it scripted, or for a different kind.
func Scripted(throws ...Roll) *Roller {
	r := New(0)
	r.scripted = append([]Roll(nil), throws...)
	return r
}

// Throw builds a scripted throw: Throw(DR2, 3, 4) is a DR of 7 read as
// coloured 3, white 4.
func Throw(k Kind, colored, white int) Roll { return Roll{Kind: k, Colored: colored, White: white} }

func (k Kind) String() string {
	switch k {
	case DR1:
		return "dr"
	case DR2:
		return "DR"
	case D10:
		return "d10"
	}
	return "?"
}

// Clone returns an independent roller at the same point of the same
// stream: both throw the same dice from here on, and neither's throws
// move the other. The log so far is shared (it is only ever appended to).
func (r *Roller) Clone() *Roller {
	src := *r.src
	c := &Roller{seed: r.seed, src: &src, log: slices.Clip(r.log), scripted: slices.Clip(r.scripted), key: r.key.clone()}
	c.rng = rand.New(c.src)
	return c
}
