package game

import (
	"slices"
	"strings"
	"testing"

	"khamsin/engine/combat"
)

// §10.8's "+2 target is a building or bridge" row: `fire B HEX` shoots HE
// at a standing building or bridge; a hit goes to the structure's column
// G save (step 6), and a demolished building becomes ruins (step 7). Only
// HE harms a structure, so a base without an HE weapon may not; Legal
// lists the shot for the Grant (75 mm HE) and not for the sappers.
func TestGameFireAtBuilding10_8(t *testing.T) {
	g := buildingsGame(t)
	legal := g.Legal()
	if !slices.Contains(legal, "fire A1a 25B9") {
		t.Fatalf("Legal does not list the Grant's shot at the building in 25B9")
	}
	if slices.Contains(legal, "fire E1a 25B9") {
		t.Error("Legal lists a shot at a building for sappers with no HE")
	}
	if _, err := g.Do("fire E1a 25B9"); err == nil || !strings.Contains(err.Error(), "only HE") {
		t.Errorf("sappers at a building: %v", err)
	}
	bd := g.standingAt(hexOf(t, g, "25B9"))
	script(g, d10(10), d10(1), d10(10), d10(10), d10(10), d10(10)) // to hit, the building's save, then its occupants'
	evs := mustDoEvents(t, g, "fire A1a 25B9")
	hit := rollsOn(evs, combat.TableDirectFire)
	if len(hit) != 1 || !hasMod(hit[0], "target is a building or bridge", 2) {
		t.Fatalf("the to-hit lacks the +2 row: %+v\n%s", hit, eventsText(evs))
	}
	sv := rollsOn(evs, combat.TableShootingSave+", column G")
	if len(sv) != 1 || !hasMod(sv[0], "toughness", 4) {
		t.Fatalf("no column G save for the building: %+v\n%s", sv, eventsText(evs))
	}
	if bd.State != Ruins {
		t.Errorf("a save of 1 or less leaves the building %q, want ruins", bd.State)
	}
	if _, err := g.Do("fire A1a 25B9"); err == nil {
		t.Error("ruins are no longer a standing structure to shoot at")
	}
}
