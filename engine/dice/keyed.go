package dice

import (
	"maps"
	"slices"
	"strings"
)

// keyed is a lookahead roller's source (issue 20, "common random
// numbers"): each throw is a hash of the roller's seed, the throw's why
// and how many earlier throws had that same why, not the next number of
// one stream. Two clones of a lookahead world that differ by one command
// then throw the same dice for every roll that happens in both (the same
// shot, the same morale test, the same bog check), where one stream would
// fall out of step at the first extra roll and re-draw the rest of the
// game. Never used by a real game: its dice, logs and hashes stay those
// of the one seeded stream.
type keyed struct {
	seed  uint64
	n     map[string]uint64 // throws so far per why
	force []forced          // outcomes still to force, in the order asked
}

// forced is one outcome to force: the next D10Test whose why ends with
// suffix gives a face of class.
type forced struct {
	suffix string
	class  int
}

// Keyed returns a roller for a lookahead world: its throws are keyed by
// (seed, why, occurrence) as described at keyed. The log so far is kept
// (its length is part of a state's hash); scripted throws are dropped.
func (r *Roller) Keyed(seed uint64) *Roller {
	c := r.Clone()
	c.scripted = nil
	c.key = &keyed{seed: seed, n: map[string]uint64{}}
	return c
}

// IsKeyed reports a lookahead roller (Keyed).
func (r *Roller) IsKeyed() bool { return r.key != nil }

// Force makes the next D10Test throw whose why ends with suffix give a
// face of outcome class (the band its class function names), the face
// otherwise drawn as keyed: the lookahead plays each outcome of its own
// shot once, weighed by the exact odds. Only a keyed roller can be forced
// (it reports false otherwise); a forced outcome that no face gives is
// ignored when thrown.
func (r *Roller) Force(suffix string, class int) bool {
	if r.key == nil {
		return false
	}
	r.key.force = append(r.key.force, forced{suffix, class})
	return true
}

func (k *keyed) clone() *keyed {
	if k == nil {
		return nil
	}
	return &keyed{seed: k.seed, n: maps.Clone(k.n), force: slices.Clone(k.force)}
}

// mix is SplitMix64's finaliser: every bit of x moves every bit out.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// hash is FNV-1a over why, mixed with the seed and the occurrence.
func (k *keyed) hash(why string, occ uint64) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(why); i++ {
		h ^= uint64(why[i])
		h *= 1099511628211
	}
	return mix(h ^ mix(k.seed+0x9e3779b97f4a7c15*(occ+1)))
}

func (k *keyed) throw(kind Kind, why string, class func(int) int) (int, int) {
	occ := k.n[why]
	k.n[why] = occ + 1
	h := k.hash(why, occ)
	switch kind {
	case DR2:
		return int(h%6) + 1, int((h>>32)%6) + 1
	case D10:
		f := int(h%10) + 1
		if class != nil && len(k.force) > 0 {
			for j, x := range k.force {
				if !strings.HasSuffix(why, x.suffix) {
					continue
				}
				k.force = slices.Delete(k.force, j, j+1)
				for i := 0; i < 10; i++ {
					if g := (f-1+i)%10 + 1; class(g) == x.class {
						return g, 0
					}
				}
				break
			}
		}
		return f, 0
	default:
		return int(h%6) + 1, 0
	}
}

// Unforce drops every forced outcome not yet thrown.
func (r *Roller) Unforce() {
	if r.key != nil {
		r.key.force = nil
	}
}
