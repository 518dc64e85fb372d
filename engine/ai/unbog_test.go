package ai

import (
	"strings"
	"testing"

	"khamsin/engine/game"
)

// The computer uses the 7.311 ruling's Bog Removal DR: a bogged vehicle of
// its side is offered `unbog`, and the AI rates it as worth trying (not
// nil, above nothing) with a reason that names the rule.
func TestAIUnbogs7_311(t *testing.T) {
	g := newGame(t, loadScn(t, "dust"), 1)
	p := New(2)
	for i := 0; i < 400 && !g.Over() && g.Phase() != game.PhaseActivate; i++ {
		if _, err := g.Do(p.Choose(g.Observe(g.Actor()))); err != nil {
			t.Fatal(err)
		}
	}
	side := g.Actor()
	var id string
	for _, bv := range g.Observe(side).View().Bases {
		if bv.Side == g.Side(side).ID && (bv.Class == "armoured" || bv.Class == "combat" || bv.Class == "transport") && len(bv.Status) == 0 {
			id = bv.ID
			break
		}
	}
	if id == "" {
		t.Fatal("no vehicle of the side to act")
	}
	b, _ := g.Base(id)
	b.Stuck = "bogged"
	o := g.Observe(side)
	var unbog game.Command
	for _, c := range o.Commands() {
		if c.Verb == game.VerbUnbog && c.Base == id {
			unbog = c
		}
	}
	if unbog.Verb == "" {
		t.Fatalf("no unbog %s among the legal commands", id)
	}
	k := New(2).know(o)
	k.legal = o.Commands()
	x := k.score(unbog)
	if x == nil || x.score <= 0 || !strings.Contains(x.why, "7.311") {
		t.Fatalf("unbog %s scored %+v", id, x)
	}
}
