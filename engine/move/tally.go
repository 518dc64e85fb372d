package move

import "fmt"

// Item is one term of a cost: "4 [enter wadi] (5.2)".
type Item struct {
	Cost MP
	What string
	Rule string // the rule behind it, or "decision" for our own values
}

func (i Item) String() string { return fmt.Sprintf("%s [%s] (%s)", i.Cost, i.What, i.Rule) }

// tally adds up a cost. With explain set it also keeps the terms; without
// it nothing is allocated, which keeps reach fast. Both paths run the same
// code, so an explained cost always equals the fast one.
type tally struct {
	total     MP
	reducible MP // the part a track may lower (9.1)
	explain   bool
	items     []Item
	firstOnly bool   // the cost takes the whole allotment: only as the first expenditure (F.2 woods, 13.3)
	why       denial // why the entry is prohibited, when Planner.allowed says so
}

// deny records why an entry is prohibited and reports it not allowed.
// Out of line, like note, so that its ten calls do not swell allowed's
// stack frame.
//
//go:noinline
func (t *tally) deny(d denial) bool {
	t.why = d
	return false
}

func (t *tally) add(mp MP, what, rule string) {
	t.total += mp
	if t.explain {
		t.note(mp, what, rule)
	}
}

// note keeps a term for an explained cost. It is kept out of line so that
// Planner.allowed, which adds a dozen terms, stays small on reach's fast
// path: inlined, each append grew its stack frame (from 0.7 to 1.5 kB) and
// slowed every entry priced.
//
//go:noinline
func (t *tally) note(mp MP, what, rule string) {
	t.items = append(t.items, Item{mp, what, rule})
}

// addR adds a term that a track lowers (9.1: everything but its listed
// exceptions).
func (t *tally) addR(mp MP, what, rule string) {
	t.reducible += mp
	t.add(mp, what, rule)
}

func (t *tally) reset() {
	t.total, t.reducible, t.firstOnly = 0, 0, false
	t.items = t.items[:0]
}
