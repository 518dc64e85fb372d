package dyo

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/dice"
	"khamsin/hexmap"
)

func lib(t *testing.T) *hexmap.Library {
	t.Helper()
	l, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func layout(t *testing.T, s string) hexmap.Layout {
	t.Helper()
	l, err := hexmap.ParseLayout(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func dr(n int) dice.Roll    { return dice.Throw(dice.DR1, n, 0) }
func DR(c, w int) dice.Roll { return dice.Throw(dice.DR2, c, w) }

// 12.3, 12.31, 12.32 and the Random Direction dr: a density dr of 5 (drm 0)
// and a board dr of 3 put one overlay on the eastern half (North up); the
// table gives H1 for coloured 3 white 1; a hexrow DR of 7 is I or Y (Y on
// the east half); coloured 4 puts the "1" on hex 6 and white 1 points the
// "2" up the hexrow.
func TestPlaceRandom_12_3_Tables(t *testing.T) {
	r := dice.Scripted(dr(5), dr(3), DR(3, 1), DR(3, 4), DR(4, 1))
	p, err := PlaceRandom(lib(t), layout(t, "26"), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Place Overlay H1 on 26Y6-Y5"}; !slices.Equal(p.Lines, want) {
		t.Fatalf("SSR %v, want %v (notes %v)", p.Lines, want, p.Notes)
	}
	if len(p.Rolls) != 5 {
		t.Errorf("%d rolls logged, want 5", len(p.Rolls))
	}
	// North down: the same board dr of 3 means the screen-left half (which
	// is then the eastern one), so hexrow I.
	r = dice.Scripted(dr(5), dr(3), DR(3, 1), DR(3, 4), DR(4, 2))
	p, err = PlaceRandom(lib(t), layout(t, "26"), r, Options{North: hexmap.NorthDown})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Place Overlay H1 on 26I6-J5"}; !slices.Equal(p.Lines, want) {
		t.Fatalf("North down: SSR %v, want %v", p.Lines, want)
	}
}

// 12.3: a final dr of 5 or more places nothing; the density drm of −2 (dr
// ≤2) turns a board dr of 3 into 1: two overlays on each half.
func TestPlaceRandom_12_3_Density(t *testing.T) {
	r := dice.Scripted(dr(6), dr(5))
	p, err := PlaceRandom(lib(t), layout(t, "26"), r, Options{})
	if err != nil || len(p.Lines) != 0 {
		t.Fatalf("dr 5 places nothing: %v %v", p.Lines, err)
	}
	if densityDRM(2) != -2 || densityDRM(3) != -1 || densityDRM(4) != -1 || densityDRM(5) != 0 {
		t.Error("12.3 density drm table")
	}
	// Board 25 never receives random overlays.
	r = dice.Scripted(dr(1))
	p, err = PlaceRandom(lib(t), layout(t, "25"), r, Options{})
	if err != nil || len(p.Lines) != 0 || !strings.Contains(strings.Join(p.Notes, " "), "26–31") {
		t.Fatalf("board 25: %v %v %v", p.Lines, p.Notes, err)
	}
}

// 12.42: a selected dune needs a final dr ≤ 1, with −1 per sand or dune
// overlay already chosen (−2 on the same or an adjacent half-board); a
// second dr ≤ 1 makes it High.
func TestPlaceRandom_12_42_Dunes(t *testing.T) {
	r := dice.Scripted(
		dr(6), dr(1), // density drm 0; board dr 1: two overlays on each half
		DR(2, 1),               // west half: S3
		DR(5, 3), dr(3), dr(1), // west half: SD3; drm −2 (S3 on the same half) → 1: placed; High dr 1
		DR(5, 4), dr(6), // east half: SD4; drm −4 (S3, SD3 on the adjacent half) → 2: not placed
		DR(1, 1),           // east half: W1
		DR(1, 1), DR(1, 1), // S3: hexrow D, hex 3, "2" up the hexrow
		DR(6, 6), DR(6, 1), // SD3: hexrow N, hex 8, up
		DR(6, 6), DR(1, 4), // W1: hexrow T, hex 3, "2" down the hexrow
	)
	p, err := PlaceRandom(lib(t), layout(t, "26"), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Place Overlay S3 on 26D3-D2", "Place Overlay SD3 on 26N8-N7 high", "Place Overlay W1 on 26T3-T4"}
	if !slices.Equal(p.Lines, want) {
		t.Fatalf("SSR %v, want %v\nnotes %v", p.Lines, want, p.Notes)
	}
	if !strings.Contains(strings.Join(p.Notes, "\n"), "SD4 not placed: 12.42 final dr 2") {
		t.Errorf("notes %v", p.Notes)
	}
	// The High dune's sand hexes are hillocks too (7.5).
	sd3 := p.Map.Overlays()[1]
	high := 0
	for _, h := range sd3.Hexes {
		if p.Map.Terrain(h).Has(hexmap.HighDune) {
			high++
		}
	}
	if high == 0 {
		t.Error("SD3 placed High has no High Dune hexes")
	}
}

// The same map, North and seed always give the same placement (brief §5).
func TestPlaceRandomDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a, err := PlaceRandom(lib(t), layout(t, "26,27/28,29r"), dice.New(seed), Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := PlaceRandom(lib(t), layout(t, "26,27/28,29r"), dice.New(seed), Options{})
		if !slices.Equal(a.Lines, b.Lines) || len(a.Rolls) != len(b.Rolls) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		// 12.33: what is placed never overlaps or touches another overlay.
		for _, pr := range a.Map.Problems() {
			if pr.Kind == "overlap" || pr.Kind == "adjacent" {
				t.Fatalf("seed %d: %s", seed, pr.Msg)
			}
		}
		// Every SSR line parses back and rebuilds the same map.
		for _, l := range a.Lines {
			if _, err := hexmap.ParseOverlaySpec(l); err != nil {
				t.Fatalf("seed %d: %q does not parse: %v", seed, l, err)
			}
		}
	}
}

func TestRandomDirection(t *testing.T) {
	for dr := 1; dr <= 6; dr++ {
		if RandomDirection(dr, false) != hexmap.Dir(dr-1) || RandomDirection(dr, true) != hexmap.Dir(dr-1).Opposite() {
			t.Errorf("Random Direction dr %d", dr)
		}
	}
	if lo, hi := hexrowPair(2); hexmap.ColName(lo) != "D" || hexmap.ColName(hi) != "DD" {
		t.Error("12.31: DR 2 is D or DD")
	}
	if lo, hi := hexrowPair(12); hexmap.ColName(lo) != "N" || hexmap.ColName(hi) != "T" {
		t.Error("12.31: DR 12 is N or T")
	}
}

// 12.3: with E1 on board 25 its level-4 plateau takes random overlays as
// an area of its own (board 25 itself never does). A plateau dr of 3 gives
// one overlay (our reading: rolled as one half-board); H1 is chosen; a
// hexrow dr of 1 (L) and coloured 1 put the "1" on L's first plateau hex,
// and white 4 turns the overlay off the plateau onto E1's face: rerolled
// (12.33); then hexrow M (dr 2), its third plateau hex M3, "2" down-right.
func TestPlaceRandom_12_3_E1Plateau(t *testing.T) {
	e1 := []hexmap.OverlaySpec{{ID: "E1"}}
	r := dice.Scripted(dr(5), dr(3), DR(3, 1), dr(1), DR(1, 4), dr(2), DR(3, 3))
	p, err := PlaceRandom(lib(t), layout(t, "25"), r, Options{Overlays: e1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Place Overlay H1 on 25M3-N3"}; !slices.Equal(p.Lines, want) {
		t.Fatalf("SSR %v, want %v (notes %v)", p.Lines, want, p.Notes)
	}
	notes := strings.Join(p.Notes, "\n")
	if !strings.Contains(notes, "26–31") || !strings.Contains(notes, "rerolled: H1 on 25L0-L1 overlaps E1") {
		t.Errorf("notes %v", p.Notes)
	}
	if len(p.Rolls) != 7 || !strings.Contains(p.Rolls[1].Why, "E1's level-4 plateau") {
		t.Errorf("rolls %v", p.Rolls)
	}
	// the hillocks stand on the plateau: level 4 plus ½ (6.2), and the
	// map with E1 and H1 has nothing for 12.33 to object to
	for _, h := range p.Map.Overlays()[1].Hexes {
		if tr := p.Map.Terrain(h); tr.Base != 8 || !tr.Has(hexmap.Hillock) || tr.Ground() < 9 {
			t.Errorf("%s: %v, want a level-4 hillock hex", p.Map.Label(h), tr)
		}
	}
	if pr := p.Map.Problems(); len(pr) != 0 {
		t.Errorf("problems %v", pr)
	}
	// no E1, no plateau: board 25 alone takes nothing
	p, err = PlaceRandom(lib(t), layout(t, "25"), dice.Scripted(dr(1)), Options{})
	if err != nil || len(p.Lines) != 0 || len(p.Rolls) != 1 {
		t.Fatalf("board 25 without E1: %v %v %v", p.Lines, p.Rolls, err)
	}
	// every plateau dr: ≤1 two overlays, 2–4 one, ≥5 none
	for d, want := range map[int]int{1: 2, 2: 1, 4: 1, 5: 0, 6: 0} {
		script := []dice.Roll{dr(5), dr(d)}
		for i := 0; i < want; i++ {
			script = append(script, DR(3, i+1)) // H1, H2
		}
		for i := 0; i < want; i++ {
			script = append(script, dr(2), DR(3, 3))
		}
		p, err := PlaceRandom(lib(t), layout(t, "25"), dice.Scripted(script...), Options{Overlays: e1, MaxTries: 1})
		if err != nil {
			t.Fatal(err)
		}
		chosen := 0
		for _, roll := range p.Rolls {
			if strings.HasPrefix(roll.Why, "12.3 overlay for") {
				chosen++
			}
		}
		if chosen != want {
			t.Errorf("plateau dr %d: %d overlays chosen, want %d", d, chosen, want)
		}
	}
}
