package hexmap_test

import (
	"slices"
	"testing"

	"khamsin/hexmap"
)

// Board 25 (assets/boards/25.board) is original art authored so that every
// hex the rule examples of seeds 000/001 name holds what the example needs
// (docs/rules.md, "Board 25"). These tests load it through the embedded library
// and pin each of those hexes and hexsides down.

// b25 loads board 25 from the embedded library.
func b25(t *testing.T) *hexmap.Board {
	t.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil || lib.Boards["25"] == nil {
		t.Fatalf("board 25 is not in the embedded library: %v", err)
	}
	if err != nil {
		t.Logf("embedded library reports other problems: %v", err)
	}
	return lib.Boards["25"]
}

func b25Loc(t *testing.T, s string) hexmap.Local {
	t.Helper()
	l, err := hexmap.ParseBoardLocal(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// b25Side is the feature set of the hexside between two named hexes.
func b25Side(t *testing.T, b *hexmap.Board, a, c string) hexmap.SideFlags {
	t.Helper()
	la, lc := b25Loc(t, a), b25Loc(t, c)
	d, ok := la.Axial().DirTo(lc.Axial())
	if !ok {
		t.Fatalf("%s and %s are not adjacent", a, c)
	}
	return b.Side(la, d)
}

// b25Wadi reports whether a unit's ground in the hex is a wadi floor.
func b25Wadi(tr hexmap.Terrain) bool {
	return tr.Has(hexmap.Wadi) && !tr.Has(hexmap.Bridge)
}

// The example hexes: cover, the flags they must (and must not) carry, and
// their base level in levels.
func TestBoard25_F2_ExampleHexes(t *testing.T) {
	b := b25(t)
	const (
		wadi    = hexmap.Wadi
		scrubHm = hexmap.Scrub | hexmap.Hammada
	)
	cases := []struct {
		hex, rule string
		cover     hexmap.Cover
		has, not  hexmap.HexFlags
		level     float64 // halves allowed
	}{
		// Wadi el Ain, the wadi of 5.65 and the F.2 illustration
		{"C5", "5.1 5.2 5.41 5.65 6.0 10.3", hexmap.Desert, wadi, scrubHm, 0},
		{"D5", "5.65 6.0", hexmap.Desert, wadi, scrubHm, 0},
		{"B4", "F.2 (H4) 5.65 10.3", hexmap.Desert, wadi, scrubHm, 0},
		{"A4", "F.2 5.65: woods and wadi", hexmap.Woods, wadi, 0, 0},
		// the ground round it
		{"C4", "5.2 F.2: desert open ground", hexmap.Desert, 0, wadi | scrubHm, 0},
		{"D4", "F.2 6.0: orchard", hexmap.Orchard, 0, wadi, 0},
		{"E5", "5.65 6.0", hexmap.Desert, 0, wadi | scrubHm, 0},
		{"E6", "5.65 6.0", hexmap.Desert, 0, wadi | scrubHm, 0},
		{"A6", "F.2: VBM in desert open ground", hexmap.Desert, 0, wadi | scrubHm, 0},
		// the level-1 spur: board-25 hill, Chapter-B open ground (F.2A)
		{"A5", "F.2", hexmap.Open, 0, wadi | scrubHm, 1},
		{"B5", "F.2 10.3", hexmap.Open, 0, wadi | scrubHm, 1},
		{"B6", "F.2: orchard on a level-1 hill", hexmap.Orchard, 0, wadi, 1},
		{"A7", "F.2 VBM", hexmap.Open, 0, wadi | scrubHm, 1},
		{"B7", "F.2 VBM", hexmap.Open, 0, wadi | scrubHm, 1},
		{"C6", "6.0 10.3 F.2A: truck start", hexmap.Open, 0, wadi | scrubHm, 1},
		{"C7", "F.2A: Chapter-B open ground", hexmap.Open, 0, wadi | scrubHm, 1},
		// the second wadi
		{"D6", "6.0 F.2A: wadi, desert open ground inside", hexmap.Desert, wadi, scrubHm, 1},
		{"E7", "6.0", hexmap.Desert, wadi, 0, 0},
		// the level-3 Locations a unit in D5 sees (5.65)
		{"F7", "5.65", hexmap.Open, 0, wadi | scrubHm, 3},
		{"H6", "5.65", hexmap.Open, 0, wadi | scrubHm, 3},
		// other named board-25 hexes
		{"H2", "5.2: brush and wadi", hexmap.Brush, wadi, 0, 0},
		{"G9", "5.1 5.22: wadi in a level-1 hill", hexmap.Desert, wadi, 0, 1},
		{"G10", "5.1 5.22: level 0, not a wadi", hexmap.Desert, 0, wadi, 0},
		{"R1", "5.51: wadi with a road bridge", hexmap.Desert, wadi | hexmap.Road | hexmap.Bridge, 0, 0},
		{"O9", "5.6: wadi-cliff hex", hexmap.Desert, wadi, 0, 1},
		{"V2", "1.1, F.2: half desert open ground, half the knoll", hexmap.Open, hexmap.HalfDesert, wadi | scrubHm, 0},
		{"U3", "10.1: above the U3-U4 hillside wall", hexmap.Open, 0, wadi, 1},
		{"U4", "10.1: below it", hexmap.Desert, 0, wadi, 0},
		{"M8", "12.51: level-3 hill, no scrub/hammada/wadi", hexmap.Open, 0, wadi | scrubHm, 3},
		// the 10.2 example
		{"W4", "10.2: the 4-6-7", hexmap.Desert, 0, wadi, 0},
		{"W5", "10.2: the 4-3-6", hexmap.Desert, 0, wadi, 0},
		{"X4", "10.1 10.2: below the X4-X5 wall", hexmap.Desert, 0, wadi, 0},
		{"V5", "10.2: wadi, crest-status 4-6-8", hexmap.Desert, wadi, 0, 0},
		{"V6", "10.2 hill", hexmap.Open, 0, wadi, 1},
		{"W6", "10.2 hill", hexmap.Open, 0, wadi, 1},
		{"X5", "10.2 hill: level 2, three above V5's floor (5.4)", hexmap.Open, 0, wadi, 2},
		{"U7", "10.2 hill: 2½, so IN V5 sees an entrenched unit there (LOS-14)", hexmap.Open, 0, wadi, 2.5},
		{"W7", "10.2 hill: 2½, as U7", hexmap.Open, 0, wadi, 2.5},
		{"X6", "10.2 hill: seen from W4 over X5", hexmap.Open, 0, wadi, 3},
		{"V7", "10.2 hill", hexmap.Open, 0, wadi, 3},
		{"W8", "10.2 hill: 4, seen from V5 over W7", hexmap.Open, 0, wadi, 4},
		{"Y7", "10.2: the crest the 4-6-7 sees over X5", hexmap.Open, 0, wadi, 4},
		{"Y5", "10.2: seen from W5 along X4-X5", hexmap.Open, 0, wadi, 1},
	}
	for _, c := range cases {
		t.Run(c.hex, func(t *testing.T) {
			tr := b.Terrain(b25Loc(t, c.hex))
			if tr.Cover != c.cover {
				t.Errorf("25%s (%s): cover %s, want %s", c.hex, c.rule, tr.Cover, c.cover)
			}
			if !tr.Flags.Has(c.has) {
				t.Errorf("25%s (%s): flags %q lack %q", c.hex, c.rule, tr.Flags, c.has)
			}
			if tr.Flags&c.not != 0 {
				t.Errorf("25%s (%s): flags %q must not hold %q", c.hex, c.rule, tr.Flags, tr.Flags&c.not)
			}
			if float64(tr.Base) != 2*c.level {
				t.Errorf("25%s (%s): base level %s, want %v", c.hex, c.rule, hexmap.FormatLevel(tr.Base), c.level)
			}
		})
	}
	// 10.2: X7, the Garet's summit knob, at level 4.5 so that W5 sees it
	// over X6 (level 3)
	if tr := b.Terrain(b25Loc(t, "X7")); tr.Cover != hexmap.Open || tr.Flags&hexmap.Wadi != 0 || tr.Base != 9 {
		t.Errorf("25X7 (10.2 hill): %v, want open hill at level 4.5", tr.Words())
	}
}

// Hexside features the examples depend on, and features that would spoil
// them (a cliff stops vehicles, 5.63; a hedge or wall would change the F.2
// costs and bypasses).
func TestBoard25_ExampleHexsides(t *testing.T) {
	b := b25(t)
	const blocks = hexmap.SideCliff | hexmap.SideWall | hexmap.SideHedge
	cases := []struct {
		a, c, rule string
		has, not   hexmap.SideFlags
	}{
		{"A4", "B4", "5.65 F.2: the tank moves B4-A4 along the wadi", hexmap.SideWadi, hexmap.SideCliff},
		{"B4", "C5", "5.65: one wadi", hexmap.SideWadi, hexmap.SideCliff},
		{"C5", "D5", "5.65: one wadi", hexmap.SideWadi, hexmap.SideCliff},
		{"D5", "C6", "5.65: cliff", hexmap.SideCliff, hexmap.SideWadi},
		{"D5", "D4", "5.65: cliff", hexmap.SideCliff, hexmap.SideWadi},
		{"D5", "D6", "5.65 6.0: cliff, D6 not joined", hexmap.SideCliff, hexmap.SideWadi},
		{"D5", "E5", "5.65: cliff", hexmap.SideCliff, hexmap.SideWadi},
		{"D5", "E6", "5.65: cliff; 5.5: D5's wadi art ends over it", hexmap.SideCliff | hexmap.SideWadi, 0},
		{"V5", "V4", "5.5: V5's wadi art comes in over it", hexmap.SideWadi, hexmap.SideCliff | hexmap.SideWall},
		{"C5", "C4", "5.2: leave C5 into C4 for 3 MF", 0, blocks},
		{"C5", "C6", "10.1 10.3: hillside hedge", hexmap.SideHedge, hexmap.SideCliff},
		{"B4", "B5", "10.3: hillside hedge", hexmap.SideHedge, hexmap.SideCliff},
		{"B4", "C4", "F.2: the AC enters B4 from C4", 0, blocks},
		{"B4", "A5", "F.2: the AC leaves the wadi into A5", 0, blocks},
		{"D4", "C4", "F.2", 0, blocks},
		{"A5", "A6", "F.2: bypass in A6", 0, blocks},
		{"B5", "A6", "F.2: VBM along B5-A6", 0, blocks},
		{"A6", "B6", "F.2: ascend into B6", 0, blocks},
		{"A7", "B7", "F.2: VBM along A7-B7", 0, blocks},
		{"B6", "A7", "F.2", 0, blocks},
		{"B6", "B7", "F.2", 0, blocks},
		{"C6", "C7", "F.2A: 4 MP for the truck", 0, blocks},
		{"C6", "D6", "F.2A: 7 MP into the wadi", 0, blocks},
		{"G10", "G9", "5.22: G10 to G9 is no climb", 0, hexmap.SideCliff},
		{"R1", "R0", "5.51: road over the bridge", hexmap.SideRoad, 0},
		{"R1", "R2", "5.51: road over the bridge", hexmap.SideRoad, 0},
		{"R1", "Q2", "5.51: the wadi under it", hexmap.SideWadi, hexmap.SideRoad},
		{"R1", "S1", "5.51: the wadi under it", hexmap.SideWadi, hexmap.SideRoad},
		{"U3", "U4", "10.1: hillside wall", hexmap.SideWall, 0},
		{"X4", "X5", "10.1 10.2: hillside wall", hexmap.SideWall, 0},
		{"W5", "W6", "10.2: V5-X5 runs along it", hexmap.SideWall, 0},
		{"W5", "X5", "10.2", hexmap.SideWall, 0},
		{"V5", "V6", "10.2", hexmap.SideWall, hexmap.SideCliff},
		{"V5", "W6", "10.2", hexmap.SideWall, hexmap.SideCliff},
		{"M8", "L7", "12.51: the truck climbs M8-L7", 0, blocks},
		{"M8", "M7", "12.51: M8 into M7's wadi", 0, blocks},
	}
	for _, c := range cases {
		t.Run(c.a+"-"+c.c, func(t *testing.T) {
			f := b25Side(t, b, c.a, c.c)
			if !f.Has(c.has) {
				t.Errorf("25%s-%s (%s): %q lacks %q", c.a, c.c, c.rule, f, c.has)
			}
			if f&c.not != 0 {
				t.Errorf("25%s-%s (%s): %q must not hold %q", c.a, c.c, c.rule, f, f&c.not)
			}
		})
	}
	// 5.6: O9 is a wadi-cliff hex.
	o9, cliffs := b25Loc(t, "O9"), 0
	for d := hexmap.Dir(0); d < 6; d++ {
		if b.Side(o9, d).Has(hexmap.SideCliff) {
			cliffs++
		}
	}
	if cliffs == 0 {
		t.Errorf("25O9 (5.6): no cliff hexside")
	}
}

// 5.65, 6.0: D5's wadi is exactly A4 B4 C5 D5; D6 and E7 are not in it.
func TestBoard25_5_65_WadiOfD5(t *testing.T) {
	b := b25(t)
	start := b25Loc(t, "D5")
	seen := map[hexmap.Local]bool{start: true}
	queue := []hexmap.Local{start}
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		for d := hexmap.Dir(0); d < 6; d++ {
			m := hexmap.LocalOf(l.Axial().Neighbor(d))
			if !m.OnBoard() || seen[m] || !b.Side(l, d).Has(hexmap.SideWadi) || !b.Terrain(m).Has(hexmap.Wadi) {
				continue // a wadi hexside joins two wadi hexes only (5.21)
			}
			seen[m] = true
			queue = append(queue, m)
		}
	}
	var got []string
	for l := range seen {
		got = append(got, l.String())
	}
	slices.Sort(got)
	if want := []string{"A4", "B4", "C5", "D5"}; !slices.Equal(got, want) {
		t.Errorf("wadi of 25D5 = %v, want %v", got, want)
	}
}

// 5.65 and 5.4: nothing within the sight lines of a unit down in D5 rises
// high enough to add to what the example lists.
func TestBoard25_5_65_LevelsAroundD5(t *testing.T) {
	b := b25(t)
	max := map[string]int{
		// ≤ 2 so no third-level Location stands in clear sight of D5
		"G6": 2, "G7": 2, "H5": 2, "H7": 2, "I8": 2, "F8": 2, "E8": 2,
		// the thread D5-H6 passes F5/F6 at the height of level 1
		"F5": 1, "F6": 1,
		// beyond the non-cliff C5 side the three-level rule (5.4) applies
		"B5": 1, "C4": 1, "A5": 1, "B3": 1, "A3": 1, "B2": 1, "A2": 1, "A1": 1,
	}
	for hex, m := range max {
		if tr := b.Terrain(b25Loc(t, hex)); tr.Base > 2*m {
			t.Errorf("25%s: base level %s, want ≤ %d (5.65)", hex, hexmap.FormatLevel(tr.Base), m)
		}
	}
}

// b25Clear reports whether ground of base levels along the thread from a
// (eye at ah half levels) to c (at ch) stays on or under the straight line
// between them, each entered hex taken at its range from a; along a
// hexspine both hexes must rise above it to count (brief §4). floor takes
// wadi hexes at their floor instead of their base. It is a terrain profile
// check of this board, not the engine's LOS.
func b25Clear(b *hexmap.Board, a hexmap.Local, ah int, c hexmap.Local, ch int, floor bool) (bool, string) {
	pa, pc := a.Axial(), c.Axial()
	r := hexmap.Distance(pa, pc)
	height := func(h hexmap.Hex) int {
		tr := b.Terrain(hexmap.LocalOf(h))
		g := tr.Base
		if floor && b25Wadi(tr) {
			g -= 2
		}
		if tr.Cover == hexmap.Building || tr.Cover == hexmap.Woods {
			g += 2
		}
		return g
	}
	above := func(h hexmap.Hex) bool { // ground above the line at h's range
		return height(h)*r > ah*r+(ch-ah)*hexmap.Distance(pa, h)
	}
	th := hexmap.TraceThread(pa, pc)
	for _, s := range th.Steps {
		if s.Hex == pa || s.Hex == pc {
			continue
		}
		switch s.Kind {
		case hexmap.StepHex:
			if above(s.Hex) {
				return false, hexmap.LocalOf(s.Hex).String()
			}
		case hexmap.StepSpine:
			if above(s.Hex) && above(s.Other()) {
				return false, hexmap.LocalOf(s.Hex).String() + "-" + hexmap.LocalOf(s.Other()).String()
			}
		}
	}
	return true, ""
}

// 5.65: the threads from D5 to F7 and H6 run over the hexes the example
// needs low (E6 then E7; E6, F5, F6, G6) and nothing on them rises above the
// line from D5's floor (level -1) to their third level.
func TestBoard25_5_65_ThreadsToF7AndH6(t *testing.T) {
	b := b25(t)
	d5 := b25Loc(t, "D5")
	for _, c := range []struct {
		to   string
		want []string
	}{
		{"F7", []string{"D5", "E6", "E7", "F7"}},
		{"H6", []string{"D5", "E6", "F5", "F6", "G6", "H6"}},
	} {
		to := b25Loc(t, c.to)
		th := hexmap.TraceThread(d5.Axial(), to.Axial())
		var got []string
		for _, h := range th.Hexes() {
			got = append(got, hexmap.LocalOf(h).String())
		}
		if !slices.Equal(got, c.want) || len(th.Spines()) != 0 {
			t.Errorf("thread 25D5-%s enters %v (%d spines), want %v", c.to, got, len(th.Spines()), c.want)
		}
		if ok, at := b25Clear(b, d5, -2, to, 6, false); !ok {
			t.Errorf("thread 25D5-%s: ground at %s rises above the line", c.to, at)
		}
	}
}

// 5.65: every other Location at level 3 or more (a building's upper level
// included) has ground rising above the line to it even when the eye is put
// on D5's rim (level 0, the most a unit in D5 could see from) and wadi
// hexes are taken at their floor.
func TestBoard25_5_65_OtherHighGroundScreened(t *testing.T) {
	b := b25(t)
	d5 := b25Loc(t, "D5")
	for k := 0; k < hexmap.BoardCols; k++ {
		for n := 0; n <= hexmap.BoardMaxN; n++ {
			l := hexmap.Local{Col: k, N: n}
			if !l.OnBoard() || l == d5 || l.String() == "F7" || l.String() == "H6" {
				continue
			}
			tr := b.Terrain(l)
			top := tr.Base
			if tr.Cover == hexmap.Building {
				top += 2
			}
			if top < 6 {
				continue
			}
			if ok, _ := b25Clear(b, d5, 0, l, top, true); ok {
				t.Errorf("25%s (level %s) is in clear sight of 25D5 (5.65 lists only F7 and H6)", l, hexmap.FormatLevel(top))
			}
		}
	}
}

// 6.0: D5 and E7, both in Crest status (level 0), see each other along the
// D6-E6 hexside, which only D6 and E6 flank.
func TestBoard25_6_0_CrestD5E7(t *testing.T) {
	b := b25(t)
	d5, e7 := b25Loc(t, "D5"), b25Loc(t, "E7")
	th := hexmap.TraceThread(d5.Axial(), e7.Axial())
	if sp := th.Spines(); len(sp) != 1 {
		t.Fatalf("thread 25D5-E7: %d spines, want the D6-E6 hexside", len(sp))
	}
	if ok, at := b25Clear(b, d5, 0, e7, 0, false); !ok {
		t.Errorf("crest 25D5-E7 blocked at %s", at)
	}
}

// 10.2: the hill south of W4, W5 and V5 rises in tiers, so from level 0 in
// W4, W5 or V5 (Crest status) the ground never rises above the line to any
// of the listed hill hexes; W4 also reaches Y7, W5 reaches Y5 along the
// X4-X5 hexside, and V5-X5 runs along the W5-W6 hillside wall.
func TestBoard25_10_2_HillSightLines(t *testing.T) {
	b := b25(t)
	hills := []string{"U7", "V6", "V7", "W6", "W7", "W8", "X5", "X6", "X7"}
	pairs := map[string][]string{
		"W4": append(slices.Clone(hills), "Y7"),
		"W5": append(slices.Clone(hills), "Y5"),
		"V5": hills,
	}
	for from, tos := range pairs {
		a := b25Loc(t, from)
		for _, to := range tos {
			c := b25Loc(t, to)
			if ok, at := b25Clear(b, a, 0, c, b.Terrain(c).Base, false); !ok {
				t.Errorf("25%s-%s: ground at %s rises above the line", from, to, at)
			}
		}
	}
	for _, c := range []struct{ from, to, spine string }{
		{"W5", "Y5", "X4-X5"},
		{"V5", "X5", "W5-W6"},
	} {
		th := hexmap.TraceThread(b25Loc(t, c.from).Axial(), b25Loc(t, c.to).Axial())
		sp := th.Spines()
		if len(sp) != 1 {
			t.Fatalf("thread 25%s-%s: %d spines, want %s", c.from, c.to, len(sp), c.spine)
		}
		x, y := hexmap.LocalOf(sp[0].Hex).String(), hexmap.LocalOf(sp[0].Other()).String()
		if got := x + "-" + y; got != c.spine && y+"-"+x != c.spine {
			t.Errorf("thread 25%s-%s runs along %s, want %s", c.from, c.to, got, c.spine)
		}
		if f := b25Side(t, b, x, y); !f.Has(hexmap.SideWall) {
			t.Errorf("25%s-%s: %q, want a hillside wall", x, y, f)
		}
	}
}

// Believable ground: base levels of neighbours differ by at most one level
// except across a wadi cliff, or along a terrace wall (the 10.2 hill's
// walled terraces); every wadi/road hexside joins two wadi/road hexes; every
// cliff borders a wadi hex; every wall or hedge between different levels
// is a hillside one by construction.
func TestBoard25_Consistent(t *testing.T) {
	b := b25(t)
	// the wadi heads whose art runs on over a hexside into a sliver (5.5)
	heads := map[string]bool{"D5-E6": true, "V5-V4": true}
	for k := 0; k < hexmap.BoardCols; k++ {
		for n := 0; n <= hexmap.BoardMaxN; n++ {
			l := hexmap.Local{Col: k, N: n}
			if !l.OnBoard() {
				continue
			}
			tl := b.Terrain(l)
			for d := hexmap.Dir(0); d < 3; d++ { // each hexside once
				m := hexmap.LocalOf(l.Axial().Neighbor(d))
				if !m.OnBoard() {
					continue
				}
				tm, f := b.Terrain(m), b.Side(l, d)
				name := l.String() + "-" + m.String()
				step := tl.Base - tm.Base
				if step < 0 {
					step = -step
				}
				if step > 2 && !f.Has(hexmap.SideCliff) && !f.Has(hexmap.SideWall) {
					t.Errorf("25%s: levels %s and %s meet without a cliff or terrace wall", name,
						hexmap.FormatLevel(tl.Base), hexmap.FormatLevel(tm.Base))
				}
				if f.Has(hexmap.SideWadi) && !(tl.Has(hexmap.Wadi) && tm.Has(hexmap.Wadi)) && !heads[name] {
					t.Errorf("25%s: wadi hexside between non-wadi hexes", name)
				}
				if f.Has(hexmap.SideCliff) && !tl.Has(hexmap.Wadi) && !tm.Has(hexmap.Wadi) {
					t.Errorf("25%s: cliff hexside with no wadi hex", name)
				}
				if f.Has(hexmap.SideRoad) && !(tl.Has(hexmap.Road) && tm.Has(hexmap.Road)) {
					t.Errorf("25%s: road hexside between non-road hexes", name)
				}
			}
		}
	}
}

// 5.5: a hex is a wadi hex only if the wadi's art passes through two of its
// sides. The heads the examples need as wadi hexes, D5 (5.65, 6.0) and V5
// (10.2), are drawn so: two wadi hexsides each, the second over into a hex
// that holds only a sliver of the bed along that one side (so, like G10,
// it is no wadi hex, 5.1).
func TestBoard25_5_5_WadiHeads(t *testing.T) {
	b := b25(t)
	for _, c := range []struct{ head, sliver string }{{"D5", "E6"}, {"V5", "V4"}} {
		h := b25Loc(t, c.head)
		var through []string
		for d := hexmap.Dir(0); d < 6; d++ {
			if b.Side(h, d).Has(hexmap.SideWadi) {
				through = append(through, hexmap.LocalOf(h.Axial().Neighbor(d)).String())
			}
		}
		if len(through) != 2 || !slices.Contains(through, c.sliver) {
			t.Errorf("25%s: the wadi passes through its sides towards %v, want two, one of them %s", c.head, through, c.sliver)
		}
		s := b25Loc(t, c.sliver)
		n := 0
		for d := hexmap.Dir(0); d < 6; d++ {
			if b.Side(s, d).Has(hexmap.SideWadi) {
				n++
			}
		}
		if b.Terrain(s).Has(hexmap.Wadi) || n != 1 {
			t.Errorf("25%s: wadi hex %v with %d wadi sides, want a one-side sliver in a non-wadi hex", c.sliver, b.Terrain(s).Has(hexmap.Wadi), n)
		}
	}
}
