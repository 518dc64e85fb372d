package ai

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"khamsin/engine/game"
)

// Issue 20's play-test: the hint sent a Grant troop "0% risk to the unit"
// into the sights of unidentified contacts 10–11 hexes off. A move's words
// price each enemy Contact Marker (§4.6) in sight and range of its
// destination, at the worst of the kinds its unit lists in the public
// order of battle, by the game's own odds (§10.8 to hit, the saving
// throw). Dawn at set-up, the British reading: the Axis are all contacts.
func TestWordsRiskPricesContacts4_6(t *testing.T) {
	g := newGame(t, loadScn(t, "dawn"), 42)
	o := g.Observe(0)
	for _, c := range []struct {
		cmd      string
		contacts []string // the contacts that could knock it out there
	}{
		// the Valentine driven out toward the Twins: the 88 (G11) and the
		// long Panzer IVs (G4) see it
		{"move A12a 30R10", []string{"G11", "G4"}},
		// far back on board 28, only the 88's reach
		{"move A12a 28A2", []string{"G11"}},
		// behind the box, out of everyone's sight
		{"move A12a 30A1", nil},
	} {
		x, ok := exposureAt(o, c.cmd)
		if !ok {
			t.Fatalf("%s: no exposure", c.cmd)
		}
		if fmt.Sprint(x.Contacts) != fmt.Sprint(c.contacts) && !(len(x.Contacts) == 0 && len(c.contacts) == 0) {
			t.Errorf("%s: contacts %v, want %v", c.cmd, x.Contacts, c.contacts)
		}
		w := exposureWords(x)
		switch {
		case len(c.contacts) == 0 && (x.Risk != 0 || w != ""):
			t.Errorf("%s: out of sight, yet risk %.2f, words %q", c.cmd, x.Risk, w)
		case len(c.contacts) > 0 && (x.Worst <= 0 || x.Risk < x.Worst || !strings.Contains(w, fmt.Sprintf("%d unidentified enemy contact", len(c.contacts)))):
			t.Errorf("%s: contacts %v priced %.2f (risk %.2f), words %q", c.cmd, x.Contacts, x.Worst, x.Risk, w)
		}
	}
	if _, ok := exposureAt(o, "defer"); ok {
		t.Error("a deferral has an exposure")
	}
}

// The options' words agree with the ranking and with themselves (issue 20,
// the play-test): an alternative rated worse says "worse"; one the
// lookahead rates better than a command the expert keeps anyway says
// whether that is within the lookahead's noise, and the kept command says
// it was chosen by the veteran's judgement, not the lookahead; a move's
// risk is never below the chance its reason says the enemy knocks it out
// there, nor below its exposure to contacts; a fire for effect's chance
// to knock out is the exact chance over the enemy bases seen under it.
func TestWordsAgreeWithTheRanking(t *testing.T) {
	threat := regexp.MustCompile(`about ([0-9]+)% chance the enemy knocks it out there`)
	kept, higher, ffe := 0, 0, 0
	for _, sc := range []struct {
		name  string
		seed  uint64
		every int
	}{{"dawn", 42, 7}, {"dust", 2, 9}} {
		for _, g := range expertPositions(t, sc.name, sc.seed, sc.every, 10) {
			o := g.Observe(g.Actor())
			for _, l := range o.Legal() {
				if p, note, ok := ffeOdds(o, l); ok {
					ffe++
					if p < 0 || p > 1 || !strings.Contains(note, "expected knocked out") {
						t.Errorf("%s turn %d: %s: chance %.2f, %q", sc.name, g.Turn(), l, p, note)
					}
				}
			}
			e := NewDecider(ExpertLevel).(*Expert)
			c, why := e.Decide(o)
			opts := e.Options()
			if len(opts) < 2 {
				continue
			}
			if opts[0].Command != c {
				t.Fatalf("%s turn %d: plays %q, ranks %q first", sc.name, g.Turn(), c, opts[0].Command)
			}
			if opts[0].Veteran {
				kept++
			}
			for i, x := range opts {
				where := fmt.Sprintf("%s turn %d, option %d %q", sc.name, g.Turn(), i, x.Command)
				if i > 0 {
					d := x.Value - opts[0].Value
					switch {
					case d >= 0.05 && !strings.Contains(x.Words, "within its noise") && !strings.Contains(x.Words, "beyond its noise") && !strings.Contains(x.Words, "not surely enough"):
						t.Errorf("%s: rated %.2f above the command played, words %q", where, d, x.Words)
					case d >= 0.05:
						higher++
						if !strings.Contains(opts[0].Words, "not the look-ahead") || !strings.Contains(opts[0].Words, x.Command) {
							t.Errorf("%s: the command played does not say the look-ahead rates %q higher: %q", where, x.Command, opts[0].Words)
						}
					case d <= -0.05 && !strings.Contains(x.Words, "worse"):
						t.Errorf("%s: rated %.2f below, words %q", where, d, x.Words)
					case d < 0.05 && strings.Contains(x.Words, "better"):
						t.Errorf("%s: not rated above the command played, words %q", where, x.Words)
					}
				}
				if ex, ok := exposureAt(o, x.Command); ok && x.Risk+1e-9 < ex.Risk {
					t.Errorf("%s: risk %.2f below its exposure %.2f", where, x.Risk, ex.Risk)
				}
				if p, _, ok := ffeOdds(o, x.Command); ok {
					if math.Abs(x.KO-p) > 1e-9 || !strings.Contains(x.Words, "expected knocked out") {
						t.Errorf("%s: fire for effect KO %.2f (exact %.2f), words %q", where, x.KO, p, x.Words)
					}
				}
			}
			if m := threat.FindStringSubmatch(why); m != nil {
				n, _ := strconv.Atoi(m[1])
				if math.Round(100*opts[0].Risk) < float64(n) {
					t.Errorf("%s turn %d: the reason says %d%%, the risk %.2f: %s", sc.name, g.Turn(), n, opts[0].Risk, why)
				}
			}
		}
	}
	t.Logf("%d decisions kept the veteran's command, %d alternatives rated higher, %d fires for effect", kept, higher, ffe)
	if kept == 0 || higher == 0 || ffe == 0 {
		t.Fatalf("the positions showed too little: %d kept, %d alternatives rated higher, %d fires for effect", kept, higher, ffe)
	}
}

// noise: a difference every sampled world agrees on (three or more), or
// one beyond twice its standard error, stands out; one world, or worlds
// that disagree, do not.
func TestWordsNoise(t *testing.T) {
	for _, c := range []struct {
		alt, kept []float64
		sure      bool
	}{
		{[]float64{2, 3, 4}, []float64{1, 1, 1}, true},      // better in each of three
		{[]float64{2, 0, 4}, []float64{1, 1, 1}, false},     // worse in one
		{[]float64{5}, []float64{1}, false},                 // one world says little
		{[]float64{2.0, 2.1}, []float64{1, 1}, true},        // two, tightly agreed: 1.05 ± 0.05
		{[]float64{1.2, 3.0}, []float64{1, 1}, false},       // two, loosely: 1.1 ± 0.9
		{[]float64{-1, -2, -1.5}, []float64{0, 0, 0}, true}, // worse in each
	} {
		x, k := Option{per: c.alt}, Option{per: c.kept}
		if _, _, _, sure := noise(&x, &k); sure != c.sure {
			t.Errorf("noise(%v against %v) sure %v, want %v", c.alt, c.kept, sure, c.sure)
		}
	}
}

// Hidden information (issue 20, "only from that side's observation"):
// positions that differ only in what the British cannot see under the
// Axis Contact Markers — a hidden base moved under its marker, dug in, or
// of another kind than the order of battle says — give the British the
// same hint word for word: command, reason, options and their figures.
func TestWordsFogUnderContacts4_6(t *testing.T) {
	const allies = 0
	positions := 0
	for _, g := range expertPositions(t, "dawn", 42, 5, 12) {
		if g.Actor() != allies {
			continue
		}
		for _, v := range []struct {
			name string
			edit func(u *game.Unit, rest []*game.Base) bool
		}{
			{"moved", func(u *game.Unit, rest []*game.Base) bool {
				if len(rest) == 0 {
					return false
				}
				rest[0].Hex = u.Bases[0].Hex.Neighbor(2)
				return true
			}},
			{"dug in", func(u *game.Unit, rest []*game.Base) bool {
				for _, b := range u.Bases {
					b.DugIn = !b.DugIn
				}
				return true
			}},
			{"other kind", func(u *game.Unit, rest []*game.Base) bool {
				pz2, ok := g.Cat.Type("de-pz2")
				for _, b := range u.Bases {
					b.Type = pz2
				}
				return ok
			}},
		} {
			h := g.Clone()
			edited := false
			for _, c := range h.ViewAs(allies).Contacts {
				u, ok := h.Unit(c.ID)
				if !ok || u.Side == allies {
					continue
				}
				var rest []*game.Base
				for _, b := range u.Bases[1:] {
					if b.OnMap() {
						rest = append(rest, b)
					}
				}
				edited = v.edit(u, rest) || edited
			}
			if !edited || viewJSON(g, allies) != viewJSON(h, allies) {
				continue // nothing hidden to change, or the change showed
			}
			a, b := NewDecider(ExpertLevel).(*Expert), NewDecider(ExpertLevel).(*Expert)
			ca, wa := a.Decide(g.Clone().Observe(allies))
			cb, wb := b.Decide(h.Observe(allies))
			if ca != cb || wa != wb || fmt.Sprint(a.Options()) != fmt.Sprint(b.Options()) {
				t.Errorf("turn %d, %s: the British hint differs though their view is the same:\n  %s # %s\n  %v\n  %s # %s\n  %v", g.Turn(), v.name, ca, wa, a.Options(), cb, wb, b.Options())
			}
			positions++
		}
	}
	t.Logf("%d positions and variants compared", positions)
	if positions == 0 {
		t.Fatal("no position compared")
	}
}
