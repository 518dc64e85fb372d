package design

import (
	"testing"

	"khamsin/engine/dice"
	"khamsin/engine/dyo"
	"khamsin/hexmap"
)

// 12.3: random placement writes the overlays dyo places, as SSR lines,
// after those already placed by SSR; the same seed gives the same lines
// and rolls; one undo takes them all back.
func TestPlaceRandomWritesSSRLines(t *testing.T) {
	const text = "title = \"t\"\n\n[map]\nboards = \"26,27/28,29\"\noverlays = [\n  \"H1 on 27H6-G7\",\n]\n"
	lib, _ := hexmap.Builtin()
	layout, _ := hexmap.ParseLayout("26,27/28,29")
	fixed, _ := hexmap.ParseOverlaySpec("H1 on 27H6-G7")
	for _, seed := range []uint64{1, 2, 3} {
		d := New("r.toml", []byte(text))
		p, err := d.PlaceRandom(seed, false)
		if err != nil {
			t.Fatal(err)
		}
		want, err := dyo.PlaceRandom(lib, layout, dice.New(seed), dyo.Options{North: hexmap.NorthUp, Overlays: []hexmap.OverlaySpec{fixed}})
		if err != nil {
			t.Fatal(err)
		}
		got := d.Overlays()
		if len(got) != 1+len(want.Specs) || got[0] != "H1 on 27H6-G7" {
			t.Fatalf("seed %d: overlays %q, dyo placed %d", seed, got, len(want.Specs))
		}
		for i, s := range want.Specs {
			if got[1+i] != s.String() {
				t.Errorf("seed %d: overlay %d is %q, dyo placed %q", seed, i+2, got[1+i], s)
			}
		}
		if len(p.Rolls) != len(want.Rolls) || len(p.Rolls) == 0 {
			t.Errorf("seed %d: %d rolls, dyo made %d", seed, len(p.Rolls), len(want.Rolls))
		}
		if _, err := d.Scenario(); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		d.Undo()
		if d.Text() != text {
			t.Errorf("seed %d: one undo does not take the placement back", seed)
		}
	}
}
