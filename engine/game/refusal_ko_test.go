package game

import (
	"strings"
	"testing"
)

// §10.8: a fire order at an enemy base the side's log told it was knocked
// out (losses are public, rules.md "What each side sees") is refused with
// "is knocked out", not "not in sight"; one at a hidden base still in play
// is refused as before, as if it were anywhere else.
func TestFireAtKnockedOutBaseSaysSo10_8(t *testing.T) {
	g := dawnGame(t)
	axis, _ := g.SideIndex("axis")
	allies := g.other(axis)
	var gone, hidden *Base
	for _, b := range g.bases {
		if b.Unit.Side == axis && b.Unit.Contact {
			if gone == nil {
				gone = b
			} else if b.Unit != gone.Unit {
				hidden = b
				break
			}
		}
	}
	g.knockOutBy(gone, "knocked out", "")
	if _, err := g.enemyBase(gone.ID, allies); err == nil || !strings.Contains(err.Error(), gone.ID+" is knocked out") {
		t.Errorf("at %s, knocked out: %v", gone.ID, err)
	}
	if _, err := g.enemyBase(hidden.ID, allies); err == nil || !strings.Contains(err.Error(), "no enemy base") {
		t.Errorf("at %s, hidden: %v", hidden.ID, err)
	}
}
