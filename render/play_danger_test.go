package render

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/game"
	"khamsin/engine/scenario"
	"khamsin/render/raster"
	"khamsin/render/sound"
	"khamsin/render/ui"
)

// pressOn presses and releases k on a fog game's scene (two ticks).
func (f *fogGame) pressOn(t *testing.T, k ebiten.Key) {
	t.Helper()
	in := f.s.src.(*scriptInput)
	in.tick = 0
	in.events = []scriptEvent{{from: 1, keys: []ebiten.Key{k}}}
	f.tick(t)
	in.tick, in.events = 0, nil
	f.tick(t)
}

// Issue 18 ★ danger overlay: K shades exactly the hexes
// Observation.Danger names, each in the band of its best kill chance
// (the fire rules' odds, 10.8 and ShotOdds), and the draw list is the
// same in every variant of the game that differs only in where a base
// under an enemy Contact Marker stands (issue 17's fog variants): a
// hidden base moves no shade.
func TestDangerOverlayIsTheEngineDangerAndLeaksNothing(t *testing.T) {
	shaded := 0
	for obs := 0; obs < 2; obs++ {
		gs := fogVariants(t, "dawn", obs, 1)
		base := gs[0]
		base.pressOn(t, ebiten.KeyK)
		if !base.s.ov.danger {
			t.Fatalf("side %d: K did not turn the danger map on", obs)
		}
		d, err := base.g.Observe(obs).Danger(base.s.dangerType())
		if err != nil {
			t.Fatal(err)
		}
		sh := base.s.ov.dangerSh
		if len(sh) != len(d.Hexes) {
			t.Fatalf("side %d: %d hexes shaded, Danger names %d", obs, len(sh), len(d.Hexes))
		}
		for i, h := range d.Hexes {
			if sh[i].Hex != h.Hex || sh[i].Fill != dangerFill(h.KnockedOut) {
				t.Errorf("side %d: shade %d is %v %v, Danger says %s at %.3f", obs, i, sh[i].Hex, sh[i].Fill, h.Label, h.KnockedOut)
			}
		}
		shaded += len(sh)
		compared := 0
		for _, v := range gs[1:] {
			if len(v.name) < 5 || v.name[:5] != "moved" {
				continue
			}
			if v.view(obs) != base.view(obs) {
				t.Logf("side %d: %s: the view differs, not compared", obs, v.name)
				continue
			}
			v.pressOn(t, ebiten.KeyK)
			if !slices.Equal(v.s.ov.dangerSh, sh) {
				t.Errorf("side %d: %s: the danger map's shades differ from the shipped game's (%d against %d hexes)", obs, v.name, len(v.s.ov.dangerSh), len(sh))
			}
			compared++
		}
		t.Logf("side %d: %d hexes in danger, %d fog variants compared", obs, len(sh), compared)
		if compared == 0 {
			t.Errorf("side %d: no fog variant with a moved hidden base to compare", obs)
		}
		base.pressOn(t, ebiten.KeyK)
		if base.s.ov.danger {
			t.Errorf("side %d: K again left the danger map on", obs)
		}
	}
	if shaded == 0 {
		t.Fatal("no hex in danger for either side: the test compares nothing")
	}
}

// Issue 18 ★ the selected unit's sight: U shades the hexes of
// Observation.Viewshed (LOS-5, LOS-11), a hindered line (DRM > 0) in the
// second tone; another selection asks again.
func TestSightOverlayIsTheViewshed(t *testing.T) {
	p := newPlayHarness(t, PlayOptions{Mode: ModeBoth})
	p.idle(2)
	own := p.g.Side(p.s.side).ID
	var ids []string
	for id, b := range p.s.bases {
		if b.Side == own {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	if len(ids) < 2 {
		t.Fatalf("%d own bases", len(ids))
	}
	p.key(ebiten.KeyU)
	if !p.s.ov.sight || p.s.ov.sightErr == "" || len(p.s.ov.sightSh) != 0 {
		t.Errorf("nothing selected: sight on %v, note %q, %d hexes", p.s.ov.sight, p.s.ov.sightErr, len(p.s.ov.sightSh))
	}
	hindered := 0
	for _, id := range ids[:min(len(ids), 6)] {
		p.s.sel = id
		p.idle(1)
		v, err := p.g.Observe(p.s.side).Viewshed(id)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]hexShade, len(v))
		for i, h := range v {
			want[i] = hexShade{Hex: h.Hex, Fill: sightClear}
			if h.DRM > 0 {
				want[i].Fill = sightHindered
				hindered++
			}
		}
		if len(v) == 0 || !slices.Equal(p.s.ov.sightSh, want) {
			t.Errorf("%s: %d hexes shaded, the viewshed has %d (%s)", id, len(p.s.ov.sightSh), len(v), p.s.ov.sightErr)
		}
	}
	t.Logf("%d hindered hexes seen", hindered)
	p.key(ebiten.KeyU)
	if p.s.ov.sight {
		t.Error("U again left the sight on")
	}
}

// BenchmarkDangerOverlay is the cost of one rebuild of the danger map
// (K), which Update pays once per state change: the engine's Danger and
// the draw list.
func BenchmarkDangerOverlay(b *testing.B) {
	sc, err := scenario.Load("dawn")
	if err != nil {
		b.Fatal(err)
	}
	g, err := game.New(sc, 1)
	if err != nil {
		b.Fatal(err)
	}
	h, err := ui.NewHUD()
	if err != nil {
		b.Fatal(err)
	}
	board := ui.NewMapSceneFrom(g.Map, raster.Rasterize(g.Map, raster.Style{HexSize: 12, Margin: 6}), h, playKeymap())
	s := newPlayScene(g, PlayOptions{Mode: ModeBoth, Mute: true, NoAutosave: true}, &scriptInput{}, board, h)
	ctx := ui.Context{Tick: 1, Width: playW, Height: playH, Scale: 1, Sound: sound.New(true)}
	if err := s.Update(&ctx); err != nil {
		b.Fatal(err)
	}
	s.ov.danger = true
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.ov.dangerKey = ""
		s.updateOverlays()
	}
	if len(s.ov.dangerSh) == 0 {
		b.Fatal("no hex in danger")
	}
}
