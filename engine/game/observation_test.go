package game

import (
	"khamsin/engine/dice"
	"math"
	"testing"

	"khamsin/engine/combat"
	"khamsin/hexmap"
)

// AreaOdds (issue 17: exact odds for artillery, so the computer stops
// using rough figures) gives each base the side sees in an FFE's blast
// area the chances the tables give (§10.15–.18: area-fire to hit, then
// the shooting save), its own bases included, and names what it cannot
// see only as a Contact Marker.
func TestAreaOddsFFE10_15(t *testing.T) {
	g := artGame(t, 1)
	o := g.Observe(0)
	bt, err := g.battery("RA", 0)
	if err != nil {
		t.Fatal(err)
	}
	aim, _ := g.Map.Hex("28K5")
	odds, err := o.AreaOdds("RA", "28K5")
	if err != nil {
		t.Fatal(err)
	}
	if odds.Radius != g.FFERadius(bt) || odds.Accuracy != 1 {
		t.Fatalf("radius %d accuracy %v, want %d and 1", odds.Radius, odds.Accuracy, g.FFERadius(bt))
	}
	listed := map[string]BaseFate{}
	for _, f := range odds.Bases {
		listed[f.Base] = f
		if s := f.Unharmed + f.Pinned + f.KnockedOut; math.Abs(s-1) > 1e-9 {
			t.Errorf("%s: chances sum to %v", f.Base, s)
		}
	}
	for _, b := range g.bases {
		in := b.Effective() && hexmap.Distance(b.Hex, aim) <= odds.Radius && g.visibleTo(0, b)
		f, ok := listed[b.ID]
		if in != ok {
			t.Errorf("%s: listed %v, want %v (in the area and seen)", b.ID, ok, in)
			continue
		}
		if !ok {
			continue
		}
		in2 := g.areaFireInput(bt, false)
		in2.TargetBunker = g.shelterOf(b) != nil
		hit := combat.AreaFireHit(in2).Chances()[combat.Success]
		c := g.AreaSave(bt, b).Chances()
		if want := hit * c[combat.Failure]; math.Abs(f.KnockedOut-want) > 1e-12 {
			t.Errorf("%s: knocked out %v, want %v", b.ID, f.KnockedOut, want)
		}
		if want := hit * c[combat.Middle]; math.Abs(f.Pinned-want) > 1e-12 {
			t.Errorf("%s: pinned %v, want %v", b.ID, f.Pinned, want)
		}
	}
	if len(odds.Bases) == 0 {
		t.Fatal("no base listed: the test aims at the German platoon")
	}
	// a side cannot ask about the enemy's fire support
	if _, err := g.Observe(1).AreaOdds("RA", "28K5"); err == nil {
		t.Error("the axis asked the odds of the British battery")
	}
	// a base the side cannot see is never listed, whatever it is
	for _, b := range g.bases {
		if b.Unit.Side == 1 {
			b.Unit.Contact = true
		}
	}
	g.gen++
	hidden, err := o.AreaOdds("RA", "28K5")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range hidden.Bases {
		if f.Side == g.sides[1].ID {
			t.Errorf("a hidden base %s is listed", f.Base)
		}
	}
	if len(hidden.Contacts) == 0 {
		t.Error("the contact marker in the area is not named")
	}
}

// AreaOdds for an air strike (14.9): the accuracy the table gives (+2 on
// the Designated Target Token, which the observation reads), and each
// base seen in the hex knocked out by one of the sortie's aircraft at
// most as often as the strike is accurate.
func TestAreaOddsAirStrike14_9(t *testing.T) {
	g := airGame(t, 1, false, "axis")
	o := g.Observe(1)
	plain, err := o.AreaOdds("S1", "28C5")
	if err != nil {
		t.Fatal(err)
	}
	if plain.Accuracy <= 0 || plain.Accuracy >= 1 || len(plain.Bases) == 0 {
		t.Fatalf("accuracy %v with %d bases; want a chance in (0,1) and the bases in 28C5", plain.Accuracy, len(plain.Bases))
	}
	for _, f := range plain.Bases {
		if f.KnockedOut > plain.Accuracy || f.KnockedOut <= 0 {
			t.Errorf("%s: knocked out %v with accuracy %v", f.Base, f.KnockedOut, plain.Accuracy)
		}
	}
	g.dice = dice.Scripted(d10(5))
	mustDo(t, g, "designate G5 S1 28C5", "defer")
	marked, err := g.Observe(1).AreaOdds("S1", "28C5")
	if err != nil {
		t.Fatal(err)
	}
	if marked.Accuracy <= plain.Accuracy {
		t.Errorf("accuracy on the Designated Target Token %v, without %v: want more", marked.Accuracy, plain.Accuracy)
	}
}
