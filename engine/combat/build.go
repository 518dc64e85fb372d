package combat

// How the builders choose their lines (one convention for every table):
//
//   - A row that always applies (the base modifier, "All Units − Size", a
//     column's +Size or +Toughness) is listed even when it is zero, so the
//     window shows the table's fixed rows.
//   - A conditional row is listed exactly when its condition holds, even
//     when its value is zero (seed 002 itself lists "+0" rows, such as FPF
//     on 10.8 or "no range modifier" for anti-tank rifles; an AP shot at
//     medium range lists "range: medium +0").
//   - Fatigue is listed only when the unit has at least one marker; a
//     negative count is read as none.
//   - An attached officer is listed when the caller passes its TQ (a
//     non-nil pointer). Seed 002 lets only an unpinned officer add its
//     rating: the caller passes nil for a pinned or absent officer.

// builder collects a Test's modifiers.
type builder struct{ t Test }

func newTest(table, rule string, threeBand bool) *builder {
	return &builder{Test{Table: table, Rule: rule, ThreeBand: threeBand, Mods: []Mod{}}}
}

// add lists a modifier under the table's own rule.
func (b *builder) add(what string, n int) { b.addRule(what, n, b.t.Rule) }

func (b *builder) addRule(what string, n int, rule string) {
	b.t.Mods = append(b.t.Mods, Mod{What: what, N: n, Rule: rule})
}

// when lists a conditional row.
func (b *builder) when(cond bool, what string, n int) {
	if cond {
		b.add(what, n)
	}
}

// nonzero lists a row whose condition is "the attack has this factor".
func (b *builder) nonzero(what string, n int) {
	if n != 0 {
		b.add(what, n)
	}
}

func (b *builder) tq(tq int) { b.add(WhatTQ, tq) }

func (b *builder) officer(tq *int) {
	if tq != nil {
		b.add(WhatOfficer, *tq)
	}
}

func (b *builder) fatigue(markers int) {
	if markers > 0 {
		b.add(WhatFatigue, -markers)
	}
}

func (b *builder) done() Test { return b.t }

// The What of the lines most tables share.
const (
	WhatTQ      = "TQ"
	WhatOfficer = "attached officer's TQ"
	WhatFatigue = "fatigue"
	WhatSize    = "size"
)

// Plus returns a pointer to n, for the optional officer TQ fields:
// OfficerTQ: combat.Plus(1).
func Plus(n int) *int { return &n }
