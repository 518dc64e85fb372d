package los

import "khamsin/hexmap"

// Answer is a Result as the command line prints it (brief §6):
//
//	{"clear":bool,"range":n,"blocked_at":"25D4"|null,
//	 "hindrances":[{"at":..,"kind":..,"drm":n,"rule":".."}],"drm":n}
//
// plus "blocked_by":{"kind":..,"rule":..}|null, saying what blocks and
// under which rule (Block.Kind and Block.Rule).
type Answer struct {
	Clear      bool              `json:"clear"`
	Range      int               `json:"range"`
	BlockedAt  *string           `json:"blocked_at"`
	BlockedBy  *BlockedBy        `json:"blocked_by"`
	Hindrances []AnswerHindrance `json:"hindrances"`
	DRM        int               `json:"drm"`
}

// BlockedBy is what blocks a LOS and the rule that says so.
type BlockedBy struct {
	Kind string `json:"kind"`
	Rule string `json:"rule"`
}

// AnswerHindrance is one entry of Answer.Hindrances. At is null for a
// hindrance that belongs to no one hex (sun blindness, heat haze, dust).
type AnswerHindrance struct {
	At   *string `json:"at"`
	Kind string  `json:"kind"`
	DRM  int     `json:"drm"`
	Rule string  `json:"rule"`
	Roll string  `json:"roll,omitempty"` // a subsequent dr still to add: "half-dr" or "dr" (dust, 11.71–11.72)
}

// Answer spells r with m's hex labels.
func (r Result) Answer(m *hexmap.Map) Answer {
	a := Answer{Clear: r.Clear, Range: r.Range, Hindrances: []AnswerHindrance{}, DRM: r.DRM}
	if !r.Clear {
		s := r.Block.At.Name(m)
		a.BlockedAt = &s
		a.BlockedBy = &BlockedBy{Kind: r.Block.Kind, Rule: r.Block.Rule}
		return a
	}
	for _, h := range r.Hindrances {
		s := h.At.Name(m)
		a.Hindrances = append(a.Hindrances, AnswerHindrance{At: &s, Kind: h.Kind, DRM: h.DRM, Rule: h.Rule})
	}
	return a
}

// AddHindrances is the seam for hindrances that do not come from the map,
// such as the climate's sun blindness, heat haze and dust (seed 000
// section 11): they join the list and the total. A blocked LOS takes none.
func (a *Answer) AddHindrances(hs ...AnswerHindrance) {
	if !a.Clear {
		return
	}
	for _, h := range hs {
		a.Hindrances = append(a.Hindrances, h)
		a.DRM += h.DRM
	}
}

// ToHitModifier is the join between a desert hindrance DRM and seed 002's
// d10 to-hit: a +N hindrance/DLV DRM (higher is worse in the desert rules)
// is a −N modifier on the to-hit roll (higher is better there) (brief §1).
func ToHitModifier(drm int) int { return -drm }
