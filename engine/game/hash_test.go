package game

import (
	"reflect"
	"testing"
	"unsafe"
)

// hashSkips are the fields Hash leaves out on purpose (hash.go says why).
var hashSkips = map[string]bool{
	"Game.Seed": true, "Game.gen": true, "Game.hush": true, "Game.startHash": true,
	// derived from the scenario and fixed at New
	"Battery.stand": true, "Aircraft.stand": true, "Base.idx": true,
}

// Hash covers the whole live state (issue 17: "the hash changes exactly
// when the state does"): on a clone of games with every kind of counter,
// each scalar field of the game, its sides, units, bases, objectives,
// environment, defences, batteries, aircraft, sorties and the open
// activation is changed in turn, and each change must change the hash.
func TestHashCoversEveryField(t *testing.T) {
	games := map[string]*Game{}
	for _, name := range []string{"dawn", "testdata/air.toml", "testdata/artillery.toml", "testdata/mines.toml", "testdata/buildings.toml"} {
		g, _ := playTo(t, name, 4, 25)
		games[name] = g
	}
	// one with an open activation
	g, _ := playTo(t, "dawn", 4, 0)
	for i := 0; i < 500 && g.open == nil && !g.Over(); i++ {
		l := g.Legal()
		pick := l[0]
		for _, c := range l {
			if len(c) > 5 && c[:5] == "move " {
				pick = c
				break
			}
		}
		mustDo(t, g, pick)
	}
	if g.open == nil {
		t.Fatal("no open activation reached")
	}
	games["dawn, open"] = g

	covered := map[string]bool{}
	for name, g := range games {
		want := g.Hash()
		var visit func(path string, target func(c *Game) reflect.Value)
		visit = func(path string, target func(c *Game) reflect.Value) {
			v := target(g)
			typ := v.Type()
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				key := typ.Name() + "." + f.Name
				if hashSkips[key] {
					continue
				}
				switch f.Type.Kind() {
				case reflect.Int, reflect.Int8, reflect.Uint8, reflect.Uint32, reflect.Bool, reflect.String:
				default:
					continue
				}
				c := g.Clone()
				fv := target(c).Field(i)
				fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
				switch fv.Kind() {
				case reflect.Bool:
					fv.SetBool(!fv.Bool())
				case reflect.String:
					fv.SetString(fv.String() + "x")
				case reflect.Uint8, reflect.Uint32:
					fv.SetUint(fv.Uint() ^ 1)
				default:
					fv.SetInt(fv.Int() ^ 1)
				}
				if c.Hash() == want {
					t.Errorf("%s: changing %s.%s leaves the hash as it was", name, path, f.Name)
				}
				covered[key] = true
			}
		}
		visit("Game", func(c *Game) reflect.Value { return reflect.ValueOf(c).Elem() })
		visit("Env", func(c *Game) reflect.Value { return reflect.ValueOf(&c.env).Elem() })
		for i := range g.sides {
			visit("Side", func(c *Game) reflect.Value { return reflect.ValueOf(c.sides[i]).Elem() })
		}
		for i := range g.units {
			visit("Unit "+g.units[i].ID, func(c *Game) reflect.Value { return reflect.ValueOf(c.units[i]).Elem() })
		}
		for i := range g.bases {
			visit("Base "+g.bases[i].ID, func(c *Game) reflect.Value { return reflect.ValueOf(c.bases[i]).Elem() })
		}
		for i := range g.objs {
			visit("Objective", func(c *Game) reflect.Value { return reflect.ValueOf(c.objs[i]).Elem() })
		}
		for i := range g.def.Mines {
			visit("Minefield", func(c *Game) reflect.Value { return reflect.ValueOf(c.def.Mines[i]).Elem() })
		}
		for i := range g.def.Obstacles {
			visit("Obstacle", func(c *Game) reflect.Value { return reflect.ValueOf(c.def.Obstacles[i]).Elem() })
		}
		for i := range g.def.Structures {
			visit("Structure", func(c *Game) reflect.Value { return reflect.ValueOf(c.def.Structures[i]).Elem() })
		}
		for i := range g.def.Buildings {
			visit("Building", func(c *Game) reflect.Value { return reflect.ValueOf(c.def.Buildings[i]).Elem() })
		}
		for i := range g.art.Batteries {
			visit("Battery", func(c *Game) reflect.Value { return reflect.ValueOf(c.art.Batteries[i]).Elem() })
		}
		for i := range g.art.Aircraft {
			visit("Aircraft", func(c *Game) reflect.Value { return reflect.ValueOf(c.art.Aircraft[i]).Elem() })
		}
		for i := range g.air.Sorties {
			visit("Sortie", func(c *Game) reflect.Value { return reflect.ValueOf(c.air.Sorties[i]).Elem() })
		}
		if g.open != nil {
			visit("Activation", func(c *Game) reflect.Value { return reflect.ValueOf(c.open).Elem() })
		}
	}
	for _, want := range []string{"Game.turn", "Unit.Contact", "Base.KO", "Minefield.Hidden", "Battery.Aimed", "Sortie.Done", "Activation.manHandled", "Building.State"} {
		if !covered[want] {
			t.Errorf("%s was never tried: the test games lack it", want)
		}
	}
}
