package hexmap_test

import (
	"testing"

	"khamsin/hexmap"
)

// desertBoards are the open-desert boards 26–31 (assets/boards), the only
// boards random overlay placement may use (12.3).
var desertBoards = []string{"26", "27", "28", "29", "30", "31"}

// builtinBoard loads one board from the embedded library. A broken file
// elsewhere in the library is logged, not fatal, so these tests speak only
// for boards 26–31.
func builtinBoard(t *testing.T, id string) *hexmap.Board {
	t.Helper()
	lib, err := hexmap.Builtin()
	if lib == nil || lib.Boards[id] == nil {
		t.Fatalf("board %s is not in the embedded library: %v", id, err)
	}
	if err != nil {
		t.Logf("embedded library reports other problems: %v", err)
	}
	return lib.Boards[id]
}

// boardHexes lists every hex of a board, hexrow by hexrow.
func boardHexes() []hexmap.Local {
	var out []hexmap.Local
	for k := 0; k < hexmap.BoardCols; k++ {
		for n := 0; n <= hexmap.BoardMaxN; n++ {
			if l := (hexmap.Local{Col: k, N: n}); l.OnBoard() {
				out = append(out, l)
			}
		}
	}
	return out
}

// neighbour is an on-board hex next to another and the direction to it.
type neighbour struct {
	d hexmap.Dir
	m hexmap.Local
}

// neighbours lists the on-board neighbours of l in direction order.
func neighbours(l hexmap.Local) []neighbour {
	var out []neighbour
	for d := hexmap.Dir(0); d < 6; d++ {
		if m := hexmap.LocalOf(l.Axial().Neighbor(d)); m.OnBoard() {
			out = append(out, neighbour{d, m})
		}
	}
	return out
}

// The seeds name three hexes of board 26 as examples of desert terrain.
func TestDesertBoardRuleExamples(t *testing.T) {
	b := builtinBoard(t, "26")
	cases := []struct {
		rule, hex string
		check     func(hexmap.Terrain) bool
		want      string
	}{
		{"1.1", "B1", func(tr hexmap.Terrain) bool {
			return tr.Cover == hexmap.Desert && tr.Flags == 0 && tr.Base == 0
		}, "plain desert open ground at level 0"},
		{"2.1", "E9", func(tr hexmap.Terrain) bool {
			return tr.Cover == hexmap.Desert && tr.Has(hexmap.Scrub) && !tr.Has(hexmap.Hammada)
		}, "a scrub hex"},
		{"3.1", "D4", func(tr hexmap.Terrain) bool {
			return tr.Cover == hexmap.Desert && tr.Has(hexmap.Hammada) && !tr.Has(hexmap.Scrub)
		}, "a hammada hex"},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			l, err := hexmap.ParseBoardLocal(c.hex)
			if err != nil {
				t.Fatal(err)
			}
			if tr := b.Terrain(l); !c.check(tr) {
				t.Errorf("26%s holds %v level %s; rule %s needs %s",
					c.hex, tr.Words(), hexmap.FormatLevel(tr.Base), c.rule, c.want)
			}
		})
	}
}

// 9.3: roads appear only on board 25, and the open-desert boards carry no
// buildings either (those come only with overlays X1–X5).
func TestDesertBoardsHaveNoRoadsOrBuildings(t *testing.T) {
	const roads = hexmap.Road | hexmap.Paved | hexmap.Bridge
	for _, id := range desertBoards {
		b := builtinBoard(t, id)
		for _, l := range boardHexes() {
			tr := b.Terrain(l)
			if tr.Flags&roads != 0 {
				t.Errorf("%s%s has a road (%v): 9.3 allows roads only on board 25", id, l, tr.Words())
			}
			switch tr.Cover {
			case hexmap.Building, hexmap.Citadel, hexmap.Mausoleum, hexmap.Tents:
				t.Errorf("%s%s is %v: no buildings on the open-desert boards", id, l, tr.Cover)
			}
			for _, nb := range neighbours(l) {
				if s := b.Side(l, nb.d); s&(hexmap.SideRoad|hexmap.SidePaved) != 0 {
					t.Errorf("%s%s-%s carries a road (9.3)", id, l, nb.m)
				}
			}
		}
	}
}

// The open-desert boards hold only desert ground (scrub, hammada, wadis,
// low rises) and must stay consistent when edited by hand: every wadi hex
// joins its wadi, cliffs line wadi banks, hillsides climb one level at a
// time, and most of each board stays plain for overlays (12.3).
func TestDesertBoardsAreConsistent(t *testing.T) {
	const allowed = hexmap.Scrub | hexmap.Hammada | hexmap.Wadi
	for _, id := range desertBoards {
		b := builtinBoard(t, id)
		plain, total := 0, 0
		for _, l := range boardHexes() {
			tr := b.Terrain(l)
			total++
			if tr.Flags == 0 {
				plain++
			}
			if tr.Cover != hexmap.Desert || tr.Flags&^allowed != 0 {
				t.Errorf("%s%s holds %v: only desert, scrub, hammada and wadi belong on boards 26-31", id, l, tr.Words())
			}
			if tr.Has(hexmap.Scrub | hexmap.Hammada) {
				t.Errorf("%s%s is both scrub and hammada", id, l)
			}
			joined := false
			for _, nb := range neighbours(l) {
				d, m := nb.d, nb.m
				tm := b.Terrain(m)
				s := b.Side(l, d)
				if s.Has(hexmap.SideWadi) {
					joined = true
				}
				if d >= 3 {
					continue // each hexside is checked once, from its N, NE or SE hex
				}
				if diff := tr.Base - tm.Base; diff > 2 || diff < -2 {
					t.Errorf("%s%s (level %s) and %s%s (level %s) differ by more than one level",
						id, l, hexmap.FormatLevel(tr.Base), id, m, hexmap.FormatLevel(tm.Base))
				}
				if s.Has(hexmap.SideWadi) && (!tr.Has(hexmap.Wadi) || !tm.Has(hexmap.Wadi)) {
					t.Errorf("%s%s-%s is a wadi hexside but not between two wadi hexes", id, l, m)
				}
				if s.Has(hexmap.SideCliff) && tr.Has(hexmap.Wadi) == tm.Has(hexmap.Wadi) {
					t.Errorf("%s%s-%s is a cliff but not on a wadi bank (5.6)", id, l, m)
				}
				if s&^(hexmap.SideWadi|hexmap.SideCliff) != 0 {
					t.Errorf("%s%s-%s carries %v: only wadi and cliff hexsides belong here", id, l, m, s)
				}
			}
			if tr.Has(hexmap.Wadi) && !joined {
				t.Errorf("%s%s is a wadi hex with no wadi hexside to another wadi hex", id, l)
			}
		}
		if plain*10 < total*6 {
			t.Errorf("board %s: only %d of %d hexes are plain desert; keep at least 60%% open", id, plain, total)
		}
	}
}
