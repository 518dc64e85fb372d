package design

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/climate"
	"khamsin/engine/dice"
	"khamsin/engine/forces"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// valid fails when check gives an error (warnings are allowed).
func valid(t *testing.T, d *Doc, what string) *scenario.Scenario {
	t.Helper()
	for _, p := range d.Problems() {
		if !p.Warning {
			t.Fatalf("%s: check: %s\n%s", what, p.Text, d.Text())
		}
	}
	sc, err := d.Scenario()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return sc
}

// builtMap lays out d's map.
func builtMap(t *testing.T, d *Doc) *hexmap.Map {
	t.Helper()
	sc, err := d.Scenario()
	if err != nil {
		t.Fatal(err)
	}
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	m, err := sc.Build(lib)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Each new entry of the format, added by its typed edit to every shipped
// scenario, is read back by the game as given, check still accepts the
// scenario, and one Undo takes the whole entry back (issue 19: the
// designer edits everything the format holds).
func TestSupportEntriesAdded(t *testing.T) {
	type step struct {
		name string // with the rule the entry stands for
		do   func(d *Doc, b string) error
		read func(sc *scenario.Scenario, b string) bool
	}
	steps := []step{
		{"off-table battery (10.15)",
			func(d *Doc, b string) error {
				_, err := d.AddBattery(0, Battery{ID: "BX", Name: "A battery", Guns: 4, HE: 5, Calibre: 88, Comms: 1, Smoke: true})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				bt := sc.Sides[0].Batteries[len(sc.Sides[0].Batteries)-1]
				return bt.ID == "BX" && bt.Guns == 4 && bt.HE == 5 && bt.Calibre == 88 && bt.Comms == 1 && bt.Smoke && bt.TQ == 0
			}},
		{"a battery with an officer and its barrage (7.2, 7.1 step 2)",
			func(d *Doc, b string) error {
				one := 1
				if _, err := d.AddBattery(0, Battery{ID: "BX", Guns: 2, HE: 4, Calibre: 75, Officer: &one}); err != nil {
					return err
				}
				_, err := d.AddBarrage(0, Barrage{Battery: "BX", Hex: b + "C5", Turn: 1})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				bt := sc.Sides[0].Batteries[len(sc.Sides[0].Batteries)-1]
				br := sc.Sides[0].Barrages[len(sc.Sides[0].Barrages)-1]
				return bt.Officer != nil && *bt.Officer == 1 && br.Battery == "BX" && br.Hex == b+"C5" && br.Turn == 1
			}},
		{"observation aircraft (7.2)",
			func(d *Doc, b string) error {
				_, err := d.AddObservationAircraft(1, ObservationAircraft{ID: "AX", Name: "Storch", TQ: 1, Arrives: 2})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				a := sc.Sides[1].Aircraft
				return len(a) > 0 && a[len(a)-1].ID == "AX" && a[len(a)-1].Arrives == 2 && a[len(a)-1].TQ == 1
			}},
		{"air sortie (14.9)",
			func(d *Doc, b string) error {
				_, err := d.AddSortie(Sortie{ID: "SX", Side: "allies", Turn: 2, Aircraft: "uk-hurricane-iic", Number: 2, Ordnance: "bombs"})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				a := sc.Air[len(sc.Air)-1]
				return a.ID == "SX" && a.Aircrafts() == 2 && a.Turn == 2
			}},
		{"known minefield run (F.7A)",
			func(d *Doc, b string) error {
				_, err := d.AddMinefield(Minefield{Side: "axis", From: b + "B2", To: b + "B5", Strength: -1, Unmined: []string{b + "B3"}})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				m := sc.Minefields[len(sc.Minefields)-1]
				return m.From == b+"B2" && m.To == b+"B5" && m.Strength == -1 && slices.Equal(m.Unmined, []string{b + "B3"})
			}},
		{"dummy minefield (F.7B)",
			func(d *Doc, b string) error {
				_, err := d.AddMinefield(Minefield{Side: "allies", Hexes: []string{b + "D2", b + "D3"}, Dummy: true})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				m := sc.Minefields[len(sc.Minefields)-1]
				return m.Dummy && !m.Hidden && len(m.Hexes) == 2
			}},
		{"wire (seed 002 fixed defences)",
			func(d *Doc, b string) error {
				_, err := d.AddObstacle(Obstacle{Kind: "wire", From: b + "B2", To: b + "B4"})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				o := sc.Obstacles[len(sc.Obstacles)-1]
				return o.Kind == "wire"
			}},
		{"bunker facing a hex",
			func(d *Doc, b string) error {
				_, err := d.AddStructure(Structure{Kind: "bunker", Side: "axis", Hex: b + "E3", Facing: b + "E4"})
				return err
			},
			func(sc *scenario.Scenario, b string) bool {
				st := sc.Structures[len(sc.Structures)-1]
				return st.Kind == "bunker" && st.Facing == b+"E4"
			}},
		{"counter at the start",
			func(d *Doc, b string) error { _, err := d.AddCounter("wreck", b+"F5"); return err },
			func(sc *scenario.Scenario, b string) bool {
				c := sc.Counters[len(sc.Counters)-1]
				return c.Kind == "wreck" && c.Hex == b+"F5"
			}},
	}
	for name := range shipped(t) {
		if name == "default" {
			continue // a map: no sides to give fire support
		}
		for _, st := range steps {
			d, _ := Open(name)
			b := firstBoard(d)
			if err := st.do(d, b); err != nil {
				t.Fatalf("%s: %s: %v", name, st.name, err)
			}
			sc := valid(t, d, name+": "+st.name)
			if !st.read(sc, b) {
				t.Errorf("%s: %s: not read back as given", name, st.name)
			}
			for d.Undo() {
			}
			if d.Modified() {
				t.Errorf("%s: %s: undo does not take it back", name, st.name)
			}
		}
	}
}

// Round trip (issue 19): on every shipped scenario, each edit and its
// inverse leave the bytes unchanged: an entry added then removed, a key
// changed then set back (or cleared when the author had not set it).
func TestSupportEditAndInverse(t *testing.T) {
	type pair struct {
		name      string
		there     func(d *Doc, b string) error
		back      func(d, o *Doc, b string) error
		needsSide bool
	}
	// restore puts key of table t back as o has it.
	restore := func(d, o *Doc, t []any, key string) error {
		if v, ok := o.Get(t, key); ok {
			if n, isInt := v.(int64); isInt {
				return d.Set(t, key, int(n))
			}
			return d.Set(t, key, v)
		}
		return d.Clear(t, key)
	}
	pairs := []pair{
		{"add a battery and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddBattery(1, Battery{ID: "BX", Guns: 3, HE: 6, Calibre: 105, TQ: 1, Rockets: true})
				return err
			},
			func(d, o *Doc, b string) error { return d.RemoveBattery(1, d.Count(sideTable(1), "battery")-1) }, true},
		{"add an aircraft and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddObservationAircraft(0, ObservationAircraft{ID: "AX", TQ: 0})
				return err
			},
			func(d, o *Doc, b string) error {
				return d.RemoveObservationAircraft(0, d.Count(sideTable(0), "observation_aircraft")-1)
			}, true},
		{"add a sortie and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddSortie(Sortie{ID: "SX", Side: "axis", Turn: 1, Aircraft: "de-ju87b", Ordnance: "bombs", Comms: -1})
				return err
			},
			func(d, o *Doc, b string) error { return d.RemoveSortie(d.Count(nil, "air") - 1) }, true},
		{"add a minefield and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddMinefield(Minefield{Side: "axis", Hexes: []string{b + "B2"}, Hidden: true})
				return err
			},
			func(d, o *Doc, b string) error { return d.RemoveMinefield(d.Count(nil, "minefield") - 1) }, false},
		{"add an obstacle and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddObstacle(Obstacle{Kind: "teeth", Hexes: []string{b + "B2"}})
				return err
			},
			func(d, o *Doc, b string) error { return d.RemoveObstacle(d.Count(nil, "obstacle") - 1) }, false},
		{"add a tobruk pit and remove it",
			func(d *Doc, b string) error {
				_, err := d.AddStructure(Structure{Kind: "tobruk", Side: "axis", Hex: b + "E3"})
				return err
			},
			func(d, o *Doc, b string) error { return d.RemoveStructure(d.Count(nil, "structure") - 1) }, false},
		{"add a counter and remove it",
			func(d *Doc, b string) error { _, err := d.AddCounter("smoke", b+"E3"); return err },
			func(d, o *Doc, b string) error { return d.RemoveCounter(d.Count(nil, "counter") - 1) }, false},
		{"a vineyard hex on and off (13.6)",
			func(d *Doc, b string) error { _, err := d.ToggleVineyard(b + "C4"); return err },
			func(d, o *Doc, b string) error { _, err := d.ToggleVineyard(b + "C4"); return err }, false},
		{"two vineyard hexes on and off",
			func(d *Doc, b string) error {
				if _, err := d.ToggleVineyard(b + "C4"); err != nil {
					return err
				}
				_, err := d.ToggleVineyard(b + "C5")
				return err
			},
			func(d, o *Doc, b string) error {
				if _, err := d.ToggleVineyard(b + "C4"); err != nil {
					return err
				}
				_, err := d.ToggleVineyard(b + "C5")
				return err
			}, false},
		{"broken then steppe then none (13.1, 13.2)",
			func(d *Doc, b string) error {
				if err := d.SetVariant("broken", true); err != nil {
					return err
				}
				return d.SetVariant("steppe", true)
			},
			func(d, o *Doc, b string) error { return d.SetVariant("steppe", false) }, false},
		{"time of day changed and back",
			func(d *Doc, b string) error { return d.SetFixedEnvironment("time", "night") },
			func(d, o *Doc, b string) error { return restore(d, o, envTable(), "time") }, true},
		{"every battery's tq, comms, smoke changed and back",
			func(d *Doc, b string) error {
				sc, _ := d.Scenario()
				for s, sd := range sc.Sides {
					for i, bt := range sd.Batteries {
						for _, kv := range []KV{{"tq", bt.TQ + 1}, {"comms", (bt.Comms + 1) % 3}, {"smoke", !bt.Smoke}} {
							if bt.Unit != "" && kv.Key == "tq" {
								continue
							}
							if err := d.SetBattery(s, i, kv.Key, kv.Value); err != nil {
								return err
							}
						}
					}
				}
				return nil
			},
			func(d, o *Doc, b string) error {
				sc, _ := o.Scenario()
				for s, sd := range sc.Sides {
					for i := range sd.Batteries {
						for _, k := range []string{"tq", "comms", "smoke"} {
							if err := restore(d, o, batteryTable(s, i), k); err != nil {
								return err
							}
						}
					}
				}
				return nil
			}, false},
		{"every barrage aimed elsewhere and back",
			func(d *Doc, b string) error {
				sc, _ := d.Scenario()
				for s, sd := range sc.Sides {
					for i := range sd.Barrages {
						if err := d.SetBarrage(s, i, "hex", b+"C5"); err != nil {
							return err
						}
						if err := d.SetBarrage(s, i, "smoke", true); err != nil {
							return err
						}
					}
				}
				return nil
			},
			func(d, o *Doc, b string) error {
				sc, _ := o.Scenario()
				for s, sd := range sc.Sides {
					for i := range sd.Barrages {
						if err := restore(d, o, barrageTable(s, i), "hex"); err != nil {
							return err
						}
						if err := restore(d, o, barrageTable(s, i), "smoke"); err != nil {
							return err
						}
					}
				}
				return nil
			}, false},
		{"every minefield's strength, dummy/hidden and an unmined hex, and back",
			func(d *Doc, b string) error {
				sc, _ := d.Scenario()
				for i, m := range sc.Minefields {
					if err := d.SetMinefield(i, "strength", -m.Strength+1); err != nil {
						return err
					}
					if err := d.SetMinefield(i, "dummy", !m.Dummy); err != nil {
						return err
					}
					if _, err := d.ToggleUnmined(i, b+"GG10"); err != nil {
						return err
					}
				}
				return nil
			},
			func(d, o *Doc, b string) error {
				sc, _ := o.Scenario()
				for i := range sc.Minefields {
					if _, err := d.ToggleUnmined(i, b+"GG10"); err != nil {
						return err
					}
					for _, k := range []string{"strength", "dummy", "hidden"} {
						if err := restore(d, o, minefieldTable(i), k); err != nil {
							return err
						}
					}
				}
				return nil
			}, false},
		{"every counter, structure, sortie and obstacle changed and back",
			func(d *Doc, b string) error {
				sc, _ := d.Scenario()
				for i := range sc.Counters {
					if err := d.SetCounter(i, "kind", "smoke"); err != nil {
						return err
					}
				}
				for i := range sc.Structures {
					if err := d.SetStructure(i, "facing", ""); err != nil {
						return err
					}
				}
				for i := range sc.Air {
					if err := d.SetSortie(i, "number", 6); err != nil {
						return err
					}
				}
				for i := range sc.Obstacles {
					if err := d.SetObstacle(i, "kind", "ditch"); err != nil {
						return err
					}
				}
				return nil
			},
			func(d, o *Doc, b string) error {
				sc, _ := o.Scenario()
				for i := range sc.Counters {
					if err := restore(d, o, counterTable(i), "kind"); err != nil {
						return err
					}
				}
				for i := range sc.Structures {
					if err := restore(d, o, structureTable(i), "facing"); err != nil {
						return err
					}
				}
				for i := range sc.Air {
					if err := restore(d, o, sortieTable(i), "number"); err != nil {
						return err
					}
				}
				for i := range sc.Obstacles {
					if err := restore(d, o, obstacleTable(i), "kind"); err != nil {
						return err
					}
				}
				return nil
			}, false},
	}
	for name := range shipped(t) {
		for _, p := range pairs {
			d, _ := Open(name)
			o, _ := Open(name)
			if p.needsSide && d.Count(nil, "side") < 2 {
				continue
			}
			b := firstBoard(d)
			if err := p.there(d, b); err != nil {
				t.Fatalf("%s: %s: %v", name, p.name, err)
			}
			if err := p.back(d, o, b); err != nil {
				t.Fatalf("%s: %s, back: %v", name, p.name, err)
			}
			sameText(t, name+": "+p.name, d.Text(), o.Text())
		}
	}
}

// A minefield of hexes grows and shrinks hex by hex; a run made by its
// two ends (F.7A) becomes a list of hexes when one of them is taken out,
// and an unmined hex (F.7B) goes with its hex.
func TestSupportRunHexes(t *testing.T) {
	d, _ := Open("defence")
	// the belt: 28J0–28J10, J4 and J8 unmined
	if _, err := d.ToggleRunHex("minefield", 0, "28J4", builtMap(t, d)); err != nil {
		t.Fatal(err)
	}
	sc := valid(t, d, "J4 taken out of the belt")
	m := sc.Minefields[0]
	if m.From != "" || m.To != "" || len(m.Hexes) != 10 || slices.Contains(m.Hexes, "28J4") || !slices.Equal(m.Unmined, []string{"28J8"}) {
		t.Errorf("the belt after taking J4 out: %+v", m)
	}
	if added, err := d.ToggleRunHex("minefield", 0, "28J4", builtMap(t, d)); err != nil || !added {
		t.Errorf("J4 back in: %v %v", added, err)
	}
	if err := d.SetRun("minefield", 0, "28J0", "28J10"); err != nil {
		t.Fatal(err)
	}
	sc = valid(t, d, "the belt made a run again")
	if m := sc.Minefields[0]; m.From != "28J0" || len(m.Hexes) != 0 {
		t.Errorf("SetRun: %+v", m)
	}
	if err := d.SetHexes("minefield", 0, []string{"28J1", "28J8"}); err != nil {
		t.Fatal(err)
	}
	sc = valid(t, d, "the belt as two hexes")
	if m := sc.Minefields[0]; m.From != "" || !slices.Equal(m.Hexes, []string{"28J1", "28J8"}) || !slices.Equal(m.Unmined, []string{"28J8"}) {
		t.Errorf("SetHexes: %+v", m)
	}
	d.Undo()
	// the last hex of an entry cannot go (the entry is removed instead)
	if _, err := d.ToggleRunHex("minefield", 1, "28H9", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ToggleRunHex("minefield", 1, "28H10", nil); err == nil {
		t.Error("the last hex of a minefield was taken out")
	}
	if _, err := d.ToggleRunHex("structure", 0, "28H10", nil); err == nil {
		t.Error("a structure took hexes")
	}
}

// F.7B/F.7C: a dummy minefield cannot be hidden, so making one hidden
// takes its dummy off in the same edit (and the other way round); check
// accepts the scenario after each.
func TestSupportDummyNotHidden(t *testing.T) {
	d, _ := Open("defence")
	// minefield 1 is a dummy
	if err := d.SetMinefield(1, "hidden", true); err != nil {
		t.Fatal(err)
	}
	sc := valid(t, d, "the dummy made hidden")
	if m := sc.Minefields[1]; m.Dummy || !m.Hidden {
		t.Errorf("dummy %v hidden %v", m.Dummy, m.Hidden)
	}
	if err := d.SetMinefield(1, "dummy", true); err != nil {
		t.Fatal(err)
	}
	sc = valid(t, d, "made a dummy again")
	if m := sc.Minefields[1]; !m.Dummy || m.Hidden {
		t.Errorf("dummy %v hidden %v", m.Dummy, m.Hidden)
	}
	d.Undo()
	d.Undo()
	if d.Modified() {
		t.Error("two undos do not give back the text")
	}
}

// Section 13: a variant turned on takes off the one it excludes (13.1
// Broken and 13.2 Steppe; 13.4 and 13.5 orchards; one 13.3 cactus-hedge
// form), so the map always builds; vineyard hexes (13.6) are one element.
func TestSupportVariants(t *testing.T) {
	d := New("m.toml", []byte("title = \"t\"\n\n[map]\nboards = \"30/28\"\n"))
	for _, st := range []struct {
		v    string
		on   bool
		want []string
	}{
		{"broken", true, []string{"broken"}},
		{"olive-grove", true, []string{"broken", "olive-grove"}},
		{"steppe", true, []string{"olive-grove", "steppe"}},
		{"cactus-patch", true, []string{"steppe", "cactus-patch"}},
		{"cactus-hedge", true, []string{"steppe", "cactus-patch", "cactus-hedge"}},
		{"cactus-hedge:walls,hedges", true, []string{"steppe", "cactus-patch", "cactus-hedge:walls,hedges"}},
		{"steppe", false, []string{"cactus-patch", "cactus-hedge:walls,hedges"}},
		{"steppe", false, []string{"cactus-patch", "cactus-hedge:walls,hedges"}},
	} {
		if err := d.SetVariant(st.v, st.on); err != nil {
			t.Fatal(err)
		}
		if got := d.Variants(); !slices.Equal(got, st.want) {
			t.Fatalf("%s %v: %q, want %q", st.v, st.on, got, st.want)
		}
		valid(t, d, st.v)
	}
	for _, h := range []string{"30C4", "28c5", "30C4"} {
		if _, err := d.ToggleVineyard(h); err != nil {
			t.Fatal(err)
		}
	}
	if got := d.Vineyards(); !slices.Equal(got, []string{"28C5"}) {
		t.Errorf("vineyards %q", got)
	}
	sc := valid(t, d, "vineyards")
	m, _ := sc.Build(mustLib(t))
	if got := m.Variants().Vineyards; !slices.Equal(got, []string{"28C5"}) {
		t.Errorf("the map's vineyards: %q", got)
	}
	for _, bad := range []string{"sideways", "vineyard:28C5"} {
		if err := d.SetVariant(bad, true); err == nil {
			t.Errorf("variant %q accepted", bad)
		}
	}
	if _, err := d.ToggleVineyard("28Q"); err == nil {
		t.Error("a vineyard on a hex that does not read")
	}
}

func mustLib(t *testing.T) *hexmap.Library {
	lib, err := hexmap.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// The environment is fixed or rolled (11.2–11.7), never both: switching
// to DYO clears the fixed keys, setting a fixed key switches DYO off;
// check accepts the scenario each time. The rolls are the engine's own
// (climate.Generate for the scenario's month and boards), the same seed
// the same rolls, and a roll kept as the fixed climate reads back as
// rolled.
func TestSupportEnvironment(t *testing.T) {
	for name := range shipped(t) {
		if name == "default" {
			continue
		}
		d, _ := Open(name)
		if err := d.SetEnvironmentDYO(true); err != nil {
			t.Fatal(err)
		}
		sc := valid(t, d, name+": DYO on")
		if e := sc.Environment; !e.DYO || e.Time != "" || e.EC != "" || e.Dust != "" || e.Gusts {
			t.Errorf("%s: DYO on: %+v", name, e)
		}
		env, steps, err := d.EnvironmentRolls(7)
		if err != nil {
			t.Fatal(err)
		}
		// the game's own procedure, on the same month and map
		m := builtMap(t, d)
		boards, terrain := climate.BoardsOf(m)
		north, _ := climate.ParseNorth(cmpOr(sc.Map.North, "up"))
		want, wsteps := climate.Generate(sc.Month(), dice.New(7), climate.Options{Boards: boards, Terrain: terrain, North: north})
		if env != want || len(steps) != len(wsteps) {
			t.Errorf("%s: the designer's roll %+v, the engine's %+v", name, env, want)
		}
		for i := range steps {
			if steps[i].String() != wsteps[i].String() {
				t.Errorf("%s: step %d: %s, want %s", name, i, steps[i], wsteps[i])
			}
		}
		if err := d.FixEnvironment(env); err != nil {
			t.Fatal(err)
		}
		sc = valid(t, d, name+": the roll kept")
		e := sc.Environment
		if e.DYO || e.Time != env.Time.String() || e.EC != env.EC.String() || e.Weather != env.Weather.String() ||
			e.Wind != env.Wind.String() || e.Dust != env.Dust.String() || e.Gusts != env.Gusts {
			t.Errorf("%s: kept %+v, rolled %+v", name, e, env)
		}
		// a fixed key while DYO is on switches it off
		d.SetEnvironmentDYO(true)
		if err := d.SetFixedEnvironment("dust", "light"); err != nil {
			t.Fatal(err)
		}
		sc = valid(t, d, name+": a fixed key after DYO")
		if sc.Environment.DYO || sc.Environment.Dust != "light" {
			t.Errorf("%s: %+v", name, sc.Environment)
		}
	}
	// different seeds give different rolls somewhere (the seed matters)
	d, _ := Open("dawn")
	differ := false
	a, _, _ := d.EnvironmentRolls(1)
	for s := uint64(2); s < 20 && !differ; s++ {
		b, _, _ := d.EnvironmentRolls(s)
		differ = a != b
	}
	if !differ {
		t.Error("19 seeds rolled the same climate")
	}
	// no date: no column to roll on (11.2)
	m := New("m.toml", []byte(mapOnly))
	if _, _, err := m.EnvironmentRolls(1); err == nil || !strings.Contains(err.Error(), "date") {
		t.Errorf("rolled without a date: %v", err)
	}
	// nothing written the author did not set: DYO off on a text without it
	before := m.Text()
	if err := m.SetEnvironmentDYO(false); err != nil || m.Text() != before {
		t.Errorf("DYO off wrote %q (%v)", m.Text(), err)
	}
}

// inserted is the text b has that a has not, for one insertion.
func inserted(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	j := 0
	for j < len(a)-i && j < len(b)-i && a[len(a)-1-j] == b[len(b)-1-j] {
		j++
	}
	return b[i : len(b)-j]
}

// Keys the game assumes are not written (issue 19): a 0 tq or comms, no
// officer, no rockets or smoke, arrives 1, one aircraft; an edit to such
// a value on an entry without the key changes nothing; unknown keys and
// entries are refused.
func TestSupportNoDefaults(t *testing.T) {
	d, _ := Open("dust")
	for _, add := range []func() error{
		func() error { _, err := d.AddBattery(0, Battery{ID: "BX", Guns: 1, HE: 1, Calibre: 60}); return err },
		func() error {
			_, err := d.AddObservationAircraft(0, ObservationAircraft{ID: "AX", Arrives: 1})
			return err
		},
		func() error {
			_, err := d.AddSortie(Sortie{ID: "SX", Side: "allies", Turn: 1, Aircraft: "uk-kittyhawk", Number: 1, Ordnance: "bombs"})
			return err
		},
	} {
		before := d.Text()
		if err := add(); err != nil {
			t.Fatal(err)
		}
		a := inserted(before, d.Text())
		for _, k := range []string{"comms", "smoke", "rockets", "officer", "number", "arrives"} {
			if strings.Contains(a, "\n"+k+" =") {
				t.Errorf("a default %s written:\n%s", k, a)
			}
		}
	}
	valid(t, d, "entries with defaults")
	mid := d.Text()
	bi, ai, si := d.Count(sideTable(0), "battery")-1, d.Count(sideTable(0), "observation_aircraft")-1, d.Count(nil, "air")-1
	for _, e := range []error{
		d.SetBattery(0, bi, "tq", 0), d.SetBattery(0, bi, "smoke", false), d.SetBattery(0, bi, "officer", ""),
		d.SetObservationAircraft(0, ai, "arrives", 1), d.SetSortie(si, "number", 1), d.SetSortie(si, "comms", 0),
	} {
		if e != nil {
			t.Fatal(e)
		}
	}
	if d.Text() != mid {
		t.Errorf("a default written:\n%s", inserted(mid, d.Text()))
	}
	for _, e := range []error{
		d.SetBattery(0, 0, "colour", "red"),
		d.SetSortie(0, "hex", "26C5"),
		d.SetMinefield(0, "hexes", "26C5"),
		d.SetBarrage(0, 0, "turn", 1),
		d.SetStructure(0, "kind", "bunker"),
		d.SetCounter(0, "kind", ""),
		d.SetBattery(0, bi, "guns", "four"),
	} {
		if e == nil {
			t.Error("an edit of a key or entry that is not there was accepted")
		}
	}
}

// TestWeaponCalibre: a new on-table mortar battery's calibre (the
// battery's calibre decides 11.75's FFE Dust and 8.41's sangars) is the
// one the mortar's ID or name states, in mm, cm or inches; none stated
// is 0 (the designer types it). Every mortar of the catalogue states
// one.
func TestWeaponCalibre(t *testing.T) {
	for _, tc := range []struct {
		id, name string
		want     int
	}{
		{"de-81mm-mortar", "8 cm Granatwerfer 34", 81}, // the ID first
		{"x-mortar", "8 cm Granatwerfer 34", 80},
		{"it-45mm-brixia", "", 45},
		{"uk-3in-mortar", "Ordnance ML 3-inch mortar", 76},
		{"uk-mortar", "Ordnance ML 4.2-inch mortar", 107},
		{"uk-2in", "", 51},
		{"uk-25pdr", "Ordnance QF 25-pounder", 0},
		{"m2", "mortar Model 2", 0},
		{"de-5000mm", "", 0}, // past 400 mm: not a calibre the format takes
		{"x", "a 120 mm mortar", 120},
		{"x", "minimum range", 0}, // "min" is not a unit
	} {
		if got := WeaponCalibre(forces.Weapon{ID: tc.id, Name: tc.name}); got != tc.want {
			t.Errorf("%s %q: %d mm, want %d", tc.id, tc.name, got, tc.want)
		}
	}
	cat, err := forces.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, id := range cat.WeaponIDs() {
		w, _ := cat.Weapon(id)
		if w.Kind != forces.Mortar {
			continue
		}
		n++
		if mm := WeaponCalibre(*w); mm < 1 || mm > scenario.MaxCalibre {
			t.Errorf("catalogue mortar %s (%s): calibre %d", w.ID, w.Name, mm)
		}
	}
	if n == 0 {
		t.Error("no mortar in the catalogue")
	}
}
