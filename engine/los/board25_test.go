package los

import (
	"slices"
	"strings"
	"testing"

	"khamsin/assets"
	"khamsin/hexmap"
)

// 5.65 EX: "The only hexes that a non crest unit in 25D5 could trace a LOS
// to would be the six hexes it is adjacent to, 25C5, B4, A4 on the same
// wadi and the third level of 25F7, H6." Every Location of board 25 is
// tried; the visible set must be exactly that.
func TestRule5_65(t *testing.T) {
	g := grid25(t)
	d5 := at(t, g, "25D5")
	if !g.InWadi(d5) || d5.Level != -2 {
		t.Fatalf("25D5 must be a wadi hex on level-0 ground (floor -1); got %s", name(g, d5))
	}
	var want []string
	for _, l := range strings.Fields("25D5 25C5 25C6 25D4 25D6 25E5 25E6 25B4 25A4") {
		for _, loc := range g.Locations(hex(t, g, l)) {
			want = append(want, name(g, loc))
		}
	}
	for _, l := range []string{"25F7", "25H6"} {
		loc := at(t, g, l)
		if loc.Level != 6 {
			t.Fatalf("%s must be a level-3 Location; it is %s", l, name(g, loc))
		}
		want = append(want, name(g, loc))
	}
	slices.Sort(want)
	got := seen(g, d5)
	if !slices.Equal(got, want) {
		t.Errorf("25D5 sees\n  %v\nwant\n  %v", got, want)
	}
	// why F7 and H6 and nothing else at level 3: the four-level rule through
	// a cliff side, and the plateau behind them hides the rest
	c := g.NewChecker()
	r := c.Check(Query{From: d5, To: at(t, g, "25B3")})
	if r.Clear || r.Block.Rule != "5.4" || !sideIs(t, g, r.Block.At, "25C4", "25C5") {
		t.Errorf("25D5 -> 25B3 (out over C5's bank): %+v, want blocked by 5.4 at 25C4-C5", r.Block)
	}
	r = c.Check(Query{From: d5, To: at(t, g, "25F5")})
	if r.Clear || r.Block.Rule != "5.65" {
		t.Errorf("25D5 -> 25F5 (out through a cliff side): %+v, want blocked by 5.65", r.Block)
	}
}

// 5.4: out of a wadi through a side without a cliff, only Locations three
// levels up (or adjacent); the wadi's own hexes along it are seen.
func TestRule5_4(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	c5 := at(t, g, "25C5")
	mustSee(t, c, g, c5, at(t, g, "25C4"), true)  // adjacent, 5.4
	mustSee(t, c, g, c5, at(t, g, "25B5"), true)  // adjacent hill
	mustSee(t, c, g, c5, at(t, g, "25A4"), true)  // same wadi
	mustSee(t, c, g, c5, at(t, g, "25B3"), false) // level 0, two hexes off
	mustSee(t, c, g, c5, at(t, g, "25A5"), false) // level 1 only
	r := c.Check(Query{From: c5, To: at(t, g, "25B3")})
	if r.Block.Rule != "5.4" || r.Block.Kind != "wadi" {
		t.Errorf("C5 -> B3 blocked by %+v, want the 5.4 wadi rule", r.Block)
	}
}

// 5.67: no fire through a cliff line at an adjacent entrenched unit (and
// vice versa) unless in Crest status.
func TestRule5_67(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	e6 := entrenched(at(t, g, "25E6"))
	mustSee(t, c, g, at(t, g, "25D5"), at(t, g, "25E6"), true)
	mustSee(t, c, g, at(t, g, "25D5"), e6, false)
	mustSee(t, c, g, crestAt(t, g, "25D5", "25E5"), e6, true)
	if r := c.Check(Query{From: e6, To: at(t, g, "25D5")}); r.Block.Rule != "5.67" {
		t.Errorf("E6 entrenched -> D5: %+v, want 5.67", r.Block)
	}
}

// 6.0 EX: "The crest infantry in 25D5 is considered a ground level target
// ... It is in the LOS of any unit which could claim a LOS to D5 if D5 were
// an open ground, level 0 hex. A unit in D5 could not see a unit in E7
// unless both were in crest status." (The protection half of the example
// is protect's TestRule6_0.)
func TestRule6_0CrestExample(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	crest := crestAt(t, g, "25D5", "25E5") // front: the D4, E5, E6 hexsides
	if crest.Level != 0 {
		t.Fatalf("crest unit at %s, want level 0", name(g, crest))
	}
	// the counter may not face a hexside the wadi crosses
	if err := g.Validate(g.CrestAt(hex(t, g, "25D5"), hexmap.NorthWest)); err == nil {
		t.Error("a crest counter facing the C5 (wadi) hexside was accepted")
	}

	// D5 as an open-ground level-0 hex: board 25 with D5 rewritten.
	open := openD5(t)
	d5open := open.At(hex(t, open, "25D5"))
	oc := open.NewChecker()
	for _, h := range g.Map().Hexes() {
		for _, l := range g.Locations(h) {
			l2 := l
			if l.Hex == d5open.Hex {
				continue
			}
			if want := oc.Sees(l2, d5open); want && !c.Sees(l, crest) {
				t.Errorf("%s sees D5 as open ground but not the crest unit there", name(g, l))
			}
		}
	}

	e7 := at(t, g, "25E7")
	e7c := crestAt(t, g, "25E7", "25E8")
	d5 := at(t, g, "25D5")
	mustSee(t, c, g, d5, e7, false)
	mustSee(t, c, g, crest, e7, false)
	mustSee(t, c, g, d5, e7c, false)
	mustSee(t, c, g, crest, e7c, true)
}

// openD5 is board 25 with 25D5 turned into level-0 desert open ground.
func openD5(t *testing.T) *Grid {
	t.Helper()
	data, err := assets.Data.ReadFile("boards/25.board")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		body, comment, _ := strings.Cut(line, "#")
		targets, tokens, ok := strings.Cut(body, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(body), "name") {
			out = append(out, line)
			continue
		}
		var keep []string
		for _, w := range strings.Fields(targets) {
			a, b, side := strings.Cut(w, "-")
			if w == "D5" || side && (a == "D5" || b == "D5") {
				continue
			}
			if strings.Contains(w, "..") {
				t.Fatalf("board 25 uses a run %q; openD5 cannot rewrite it", w)
			}
			keep = append(keep, w)
		}
		if len(keep) > 0 {
			out = append(out, strings.Join(keep, " ")+":"+tokens+" #"+comment)
		}
	}
	out = append(out, "D5: desert")
	b, err := hexmap.ParseBoard("boards/25.board", []byte(strings.Join(out, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	lib := &hexmap.Library{Boards: map[string]*hexmap.Board{"25": b}, Overlays: map[string]*hexmap.Overlay{}}
	lay, _ := hexmap.ParseLayout("25")
	m, err := hexmap.Build(lib, lay, nil, hexmap.Variants{})
	if err != nil {
		t.Fatal(err)
	}
	if tr := m.Terrain(hex(t, NewGrid(m), "25D5")); tr.Has(hexmap.Wadi) || tr.Base != 0 {
		t.Fatalf("rewritten D5 is %v", tr.Words())
	}
	return NewGrid(m)
}

// 10.2 EX: hillside walls/hedges are ignored between Locations whose
// elevations differ by a level or more.
func TestRule10_2(t *testing.T) {
	g := grid25(t)
	c := g.NewChecker()
	hills := strings.Fields("25U7 25V6 25V7 25W6 25W7 25W8 25X5 25X6 25X7")
	viewers := map[string]Location{
		"4-6-7 in W4":       at(t, g, "25W4"),
		"4-3-6 in W5":       at(t, g, "25W5"),
		"crest 4-6-8 in V5": crestAt(t, g, "25V5", "25W5"),
	}
	for who, v := range viewers {
		if v.Level != 0 {
			t.Fatalf("%s must be at level 0, is %s", who, name(g, v))
		}
		for _, h := range hills {
			l := at(t, g, h)
			if l.Level < 2 {
				t.Errorf("%s is not a hill hex", h)
			}
			if !c.Sees(v, l) {
				t.Errorf("%s does not see %s", who, h)
			}
			// the exception below is IN V5's alone: these units see
			// entrenched units in every hill hex, X5's included
			if !c.Sees(v, entrenched(l)) {
				t.Errorf("%s does not see an entrenched unit in %s", who, h)
			}
		}
	}
	// the walls are really crossed: W4 -> W8 crosses W5-W6 (a hillside wall)
	if !threadCrossesWall(g, hex(t, g, "25W4"), hex(t, g, "25W8")) {
		t.Error("W4 -> W8 crosses no wall hexside: the example's premise is gone")
	}
	mustSee(t, c, g, at(t, g, "25W4"), at(t, g, "25Y7"), true) // "the Crest level of Y7"
	y7 := at(t, g, "25Y7")
	if y7.Level < 6 {
		t.Errorf("25Y7 at %s, want its crest at level 3 or more", name(g, y7))
	}
	// "The 4-3-6 also has a LOS to Y5", along the X4-X5 hexside
	mustSee(t, c, g, at(t, g, "25W5"), at(t, g, "25Y5"), true)
	th := hexmap.TraceThread(hex(t, g, "25W5"), hex(t, g, "25Y5"))
	sp := th.Spines()
	if len(sp) != 1 || g.Map().SideName(sp[0].Hex, sp[0].Dir) != "25X4-X5" && g.Map().SideName(sp[0].Hex, sp[0].Dir) != "25X5-X4" {
		t.Errorf("W5 -> Y5 should run along the X4-X5 hexside: %+v", th.Steps)
	}

	// "A unit IN V5 would have a LOS to all those same hexes [EXC: not to
	// any entrenched unit(s) in X5]." IN V5 is on the wadi floor (-1); 5.4
	// lets it see beyond its neighbours only Locations three levels up, so
	// every non-adjacent hill hex of the list is at level 2 or more.
	in := at(t, g, "25V5")
	if !g.InWadi(in) || in.Level != -2 {
		t.Fatalf("25V5 must be a wadi hex on level-0 ground, got %s", name(g, in))
	}
	for _, h := range hills {
		mustSee(t, c, g, in, at(t, g, h), true)
	}
	// the exception: no entrenched unit in X5. X5 is exactly three levels
	// above V5's floor; a foxhole's occupants count half a level lower for
	// 5.4's height advantage (LOS-14), so IN V5 loses them, while the crest
	// unit in the same hex, a level higher, keeps them. Entrenched units in
	// the other hill hexes stay in sight.
	for _, h := range hills {
		mustSee(t, c, g, in, entrenched(at(t, g, h)), h != "25X5")
	}
	if r := c.Check(Query{From: in, To: entrenched(at(t, g, "25X5"))}); r.Block.Rule != "5.4" {
		t.Errorf("IN V5 -> X5 entrenched blocked by %+v, want 5.4 (LOS-14)", r.Block)
	}
}

func threadCrossesWall(g *Grid, a, b hexmap.Hex) bool {
	for _, s := range hexmap.TraceThread(a, b).Steps {
		if s.Kind != hexmap.StepHex && g.Map().Side(s.Hex, s.Dir)&(hexmap.SideWall|hexmap.SideHedge) != 0 {
			return true
		}
	}
	return false
}
