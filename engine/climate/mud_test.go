package climate

import "testing"

func TestDesertMud_11_8(t *testing.T) {
	mud := Environment{Weather: Mud}
	og := MudHex{OpenGround: true, AccessibleToHammada: true}
	if c := CheckMud(mud, og); c.Method != DesertMud || !c.Counts || !c.NoHammadaImmobilization {
		t.Errorf("open ground next to hammada: %+v", c)
	}
	if c := CheckMud(mud, MudHex{OpenGround: true}); c.Counts {
		t.Error("open ground away from hammada does not count")
	}
	if c := CheckMud(mud, MudHex{AccessibleToHammada: true}); c.Counts {
		t.Error("scrub/hammada/sand do not count")
	}
	if c := CheckMud(mud, MudHex{OpenGround: true, AccessibleToHammada: true, PavedRoad: true}); c.Counts {
		t.Error("a paved road negates the bog risk")
	}
	if c := CheckMud(mud, MudHex{OpenGround: true, AccessibleToHammada: true, Motorcycle: true}); !c.Counts || c.NoHammadaImmobilization {
		t.Error("motorcycles keep hammada immobilization (3.32)")
	}
	for _, e := range []Environment{
		{Weather: Mud, Terrain: Broken},
		{Weather: Mud, Terrain: Steppe},
		{Weather: MudOvercast, Boards: SomeDesert},
		{EC: ECMud, Region: NotArid},
	} {
		if c := CheckMud(e, og); c.Method != NormalMud || c.Counts {
			t.Errorf("%+v: normal bog rules, got %+v", e, c)
		}
	}
	if c := CheckMud(Environment{EC: ECWet}, og); c.Method != NoMud {
		t.Errorf("no mud: %+v", c)
	}
	if c := CheckMud(Environment{SSROn: RulesOf(RuleMud)}, og); c.Method != DesertMud || !c.Counts {
		t.Errorf("mud by SSR: %+v", c)
	}
}
