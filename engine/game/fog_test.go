package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"khamsin/engine/combat"
	"khamsin/engine/scenario"
	"khamsin/hexmap"
)

// Issue 17, "Fog that never leaks": hidden information is the game's
// promise (§6A views, docs/rules.md "What each side sees"). These tests
// read a game only through what one side may read; the helpers below are
// the one place that says what that is, so they can be repointed at the
// per-side Observation when it exists.

// fogView is the side's view as JSON (game show --as SIDE --json).
func fogView(g *Game, side int) string {
	b, err := json.Marshal(g.ViewAs(side))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// fogLog is the side's log, as JSON and as text (game log --as SIDE).
func fogLog(g *Game, side int) string {
	var sb strings.Builder
	for _, e := range g.EventsFor(side) {
		b, _ := json.Marshal(e)
		sb.Write(b)
		sb.WriteString(" | ")
		sb.WriteString(e.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// fogLegal is the legal list when side is to act (game legal), else nil.
func fogLegal(g *Game, side int) []string {
	if g.Over() || g.actor != side {
		return nil
	}
	return g.Legal()
}

// fogRefusal is what giving c would answer, without giving it: "" when
// Do would accept it, else the refusal's text (Do validates with parse
// before it changes anything, §5).
func fogRefusal(g *Game, c string) string {
	if _, err := g.parse(c); err != nil {
		return err.Error()
	}
	return ""
}

// fogAnswer prints a query's answer or its error.
func fogAnswer(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// fogProbes is a fixed battery of questions side asks when it is to act:
// every refusal's text for fire, assault, move, clear, spot, strike and
// designate at the given base IDs, unit IDs and hexes, and the odds and
// previews its bases get (ShotOdds, AssaultOdds, PreviewMove). own are
// the side's first few bases and units; enemies and hexes include the
// hidden ones of every variant.
func fogProbes(g *Game, side int, own, ownUnits, enemies, enemyUnits []string, hexes []hexmap.Hex) []string {
	if g.Over() || g.actor != side {
		return nil
	}
	var out []string
	ask := func(c string) { out = append(out, c+" => "+fogRefusal(g, c)) }
	for _, b := range own {
		for _, t := range enemies {
			ask("fire " + b + " " + t)
			ask("assault " + b + " " + t)
			o, err := g.ShotOdds(b, t)
			out = append(out, "odds "+b+" "+t+" => "+fogAnswer(o, err))
			a, err := g.AssaultOdds(b, t)
			out = append(out, "assault odds "+b+" "+t+" => "+fogAnswer(a, err))
		}
		mo, err := g.MoveOptions(b)
		out = append(out, "move options "+b+" => "+fogAnswer(mo, err))
		for _, h := range hexes {
			l := g.Label(h)
			ask("move " + b + " " + l)
			ask("clear " + b + " " + l)
			p, err := g.PreviewMove(b, l)
			out = append(out, "preview "+b+" "+l+" => "+fogAnswer(p, err))
		}
	}
	for _, u := range ownUnits {
		for _, c := range enemyUnits {
			ask("spot " + u + " " + c)
		}
	}
	for _, s := range g.air.Sorties {
		if s.Side != side {
			continue
		}
		for _, h := range hexes {
			ask("strike " + s.ID + " " + g.Label(h))
			for _, u := range ownUnits {
				ask("designate " + u + " " + s.ID + " " + g.Label(h))
			}
		}
	}
	return out
}

// fogVariant is one game of a differential test: the scenario with some
// fact the observing side must not know changed.
type fogVariant struct {
	name string
	g    *Game
	live bool
	why  string // why it is no longer compared
}

// fogScn edits a fresh copy of a shipped scenario.
func fogScn(t *testing.T, name string, edit func(s *scenario.Scenario) bool) *scenario.Scenario {
	s := loadScn(t, name)
	if edit != nil && !edit(s) {
		return nil
	}
	return s
}

// scnUnit finds a unit's entry in a scenario.
func scnUnit(s *scenario.Scenario, id string) (*scenario.Unit, int) {
	for si := range s.Sides {
		for ui := range s.Sides[si].Units {
			if s.Sides[si].Units[ui].ID == id {
				return &s.Sides[si].Units[ui], si
			}
		}
	}
	return nil, -1
}

// fogHexFor finds a hex near from where base b of game g could stand as a
// hidden base: on the map, terrain it can enter, under the stacking limit,
// no base of the enemy within 2 hexes (so nothing adjacent reveals it at
// once) and within near of the marker's hex.
func fogHexFor(g *Game, b *Base, from, marker hexmap.Hex, near int, rng *rand.Rand) (hexmap.Hex, bool) {
	var cands []hexmap.Hex
	for _, h := range hexmap.Within(from, 2) {
		if h == from || !g.Map.Contains(h) || hexmap.Distance(h, marker) > near || !g.canStand(b, h) {
			continue
		}
		ok, n := true, 0
		for _, o := range g.bases {
			if o.Unit.Side != b.Unit.Side && hexmap.Distance(o.Hex, h) <= 2 {
				ok = false
			}
			if o.Unit.Side == b.Unit.Side && o.Hex == h && o.Carrier == nil {
				n++
			}
		}
		if ok && n < StackLimit && g.mineAt(h) == nil {
			cands = append(cands, h)
		}
	}
	if len(cands) == 0 {
		return hexmap.Hex{}, false
	}
	return cands[rng.IntN(len(cands))], true
}

// fogVariants builds the games of one differential run for observer obs:
// the scenario as shipped, and variants that differ only in what obs must
// not know (issue 17 item 2):
//   - moved: a base under an enemy Contact Marker (not the one that marks
//     it) stands in another hex it could hold under the same marker;
//   - extra base: the marker hides one base more (§4.6: a marker says
//     nothing of its size);
//   - reinforcement: the enemy has one more reinforcement, not yet come
//     (§7.1 step 7: not announced);
//   - dug in: a base under a marker is dug in, or is not (§7.6);
//   - mines: the enemy has sown hidden mines near obs's bases (F.7C).
func fogVariants(t *testing.T, name string, obs int, seed uint64) []*fogVariant {
	rng := rand.New(rand.NewPCG(seed, 17))
	base, err := New(loadScn(t, name), seed)
	if err != nil {
		t.Fatal(err)
	}
	out := []*fogVariant{{name: "as shipped", g: base, live: true}}
	add := func(what string, s *scenario.Scenario) {
		if s == nil {
			return
		}
		g, err := New(s, seed)
		if err != nil {
			t.Logf("%s: variant %s not built: %v", name, what, err)
			return
		}
		out = append(out, &fogVariant{name: what, g: g, live: true})
	}
	enemy := 1 - obs
	// The enemy's hidden units with a base that is not the marker's.
	var hidden []*Unit
	for _, u := range base.units {
		if u.Side == enemy && u.Contact && u.InPlay() {
			hidden = append(hidden, u)
		}
	}
	moved := 0
	for _, u := range hidden {
		live := u.live()
		if len(live) < 2 || moved == 2 {
			continue
		}
		b := live[len(live)-1]
		if b.Carrier != nil || b.Crest || len(base.passengers(b)) > 0 || base.towing(b) != nil {
			continue
		}
		h, ok := fogHexFor(base, b, b.Hex, live[0].Hex, 3, rng)
		if !ok {
			continue
		}
		add("moved "+b.ID+" to "+base.Label(h), fogScn(t, name, func(s *scenario.Scenario) bool {
			su, _ := scnUnit(s, u.ID)
			for i := range su.Bases {
				id := su.Bases[i].ID
				if id == "" {
					id = su.ID + string(rune('a'+i))
				}
				if id == b.ID {
					su.Bases[i].Hex = base.Label(h)
					su.Bases[i].Facing = ""
					return true
				}
			}
			return false
		}))
		moved++
	}
	extra := 0
	for _, u := range hidden {
		if extra == 2 {
			break
		}
		var b *Base
		for _, x := range u.live() {
			if x.Carrier == nil && !x.Crest && x.Type.CombatUnit() {
				b = x
			}
		}
		if b == nil {
			continue
		}
		n := 0
		for _, o := range base.bases {
			if o.Unit.Side == enemy && o.Hex == b.Hex && o.Effective() {
				n++
			}
		}
		h := b.Hex
		if n >= StackLimit {
			var ok bool
			if h, ok = fogHexFor(base, b, b.Hex, u.live()[0].Hex, 3, rng); !ok {
				continue
			}
		}
		add("extra base in "+u.ID, fogScn(t, name, func(s *scenario.Scenario) bool {
			su, _ := scnUnit(s, u.ID)
			su.Bases = append(su.Bases, scenario.Base{ID: u.ID + "fog", Type: b.Type.ID, Hex: base.Label(h), DugIn: b.DugIn})
			return true
		}))
		extra++
	}
	for _, u := range hidden {
		b := u.live()[len(u.live())-1]
		if b.Crest || b.Type.Class.Vehicle() {
			continue
		}
		add("dug-in "+b.ID+" flipped", fogScn(t, name, func(s *scenario.Scenario) bool {
			su, _ := scnUnit(s, u.ID)
			for i := range su.Bases {
				id := su.Bases[i].ID
				if id == "" {
					id = su.ID + string(rune('a'+i))
				}
				if id == b.ID {
					su.Bases[i].DugIn = !su.Bases[i].DugIn
					return true
				}
			}
			return false
		}))
		break
	}
	add("reinforcement", fogScn(t, name, func(s *scenario.Scenario) bool {
		for _, su := range s.Sides[enemy].Units {
			if su.Arrives > 0 && su.Area == "" {
				x := su
				x.ID, x.Name = su.ID+"F", su.Name+" (fog)"
				x.Bases = nil
				for i, sb := range su.Bases {
					sb.ID = x.ID + string(rune('a'+i))
					if sb.Passenger != "" {
						sb.Passenger = x.ID + sb.Passenger[len(su.ID):]
						if !strings.HasPrefix(sb.Passenger, x.ID) {
							return false
						}
					}
					x.Bases = append(x.Bases, sb)
				}
				s.Sides[enemy].Units = append(s.Sides[enemy].Units, x)
				return true
			}
		}
		return false
	}))
	add("hidden mines", fogScn(t, name, func(s *scenario.Scenario) bool {
		var hexes []string
		for _, b := range base.bases {
			if b.Unit.Side != obs || !b.Effective() || len(hexes) >= 4 {
				continue
			}
			for _, h := range hexmap.Within(b.Hex, 2) {
				if !base.Map.Contains(h) || base.mineAt(h) != nil || len(hexes) >= 4 || hexmap.Distance(h, b.Hex) != 2 {
					continue
				}
				free := true
				for _, o := range base.bases {
					if o.Hex == h || (o.Unit.Side == enemy && hexmap.Distance(o.Hex, h) <= 1) {
						free = false
					}
				}
				if l := base.Label(h); free && !slices.Contains(hexes, l) {
					hexes = append(hexes, l)
					break
				}
			}
		}
		if len(hexes) == 0 {
			return false
		}
		s.Minefields = append(s.Minefields, scenario.Minefield{Side: s.Sides[enemy].ID, Hexes: hexes, Strength: 1, Hidden: true})
		return true
	}))
	return out
}

// fogSeeds is how many seeds each differential run plays in make test; more
// under KHAMSIN_SIM_SEEDS (make sims).
func fogSeeds() int {
	if n := simSeeds(); n != 12 {
		return max(1, n/10)
	}
	return 1
}

// Issue 17 item 2, the differential test: for every shipped scenario and
// each side as the observer, games that differ only in what the observer
// must not know (fogVariants) are driven by the same commands (a random
// player for both sides, choosing only commands legal in every game still
// compared). While the observer's view is the same in a variant as in the
// shipped game, everything else the observer can read must be the same
// byte for byte: its log (EventsFor, JSON and text), its legal list when
// it is to act, the refusal of every probe command and every odds and
// preview answer (fogProbes). A variant stops being compared once the
// views differ (the hidden thing has become visible) or the dice streams
// part (a roll only one game threw: see docs/rules.md "What each side
// sees" on the one dice stream).
func TestFogDifferential(t *testing.T) {
	steps := 160
	for _, name := range builtinGames(t) {
		for obs := 0; obs < 2; obs++ {
			for seed := uint64(1); seed <= uint64(fogSeeds()); seed++ {
				t.Run(fmt.Sprintf("%s/%d/seed%d", name, obs, seed), func(t *testing.T) {
					fogRun(t, name, obs, seed, steps)
				})
			}
		}
	}
}

func fogRun(t *testing.T, name string, obs int, seed uint64, steps int) {
	vs := fogVariants(t, name, obs, seed)
	if len(vs) < 2 {
		t.Skipf("%s: no fact of the enemy's to vary for side %d", name, obs)
	}
	base := vs[0].g
	// The probe battery: obs's first bases and units, and every enemy base,
	// unit and hidden hex of every variant.
	var own, ownUnits, enemies, enemyUnits []string
	var hexes []hexmap.Hex
	addHex := func(h hexmap.Hex) {
		if !slices.Contains(hexes, h) {
			hexes = append(hexes, h)
		}
	}
	for _, b := range base.bases {
		if b.Unit.Side == obs && len(own) < 3 && b.Effective() {
			own = append(own, b.ID)
		}
	}
	for _, u := range base.units {
		if u.Side == obs && len(ownUnits) < 2 {
			ownUnits = append(ownUnits, u.ID)
		}
	}
	for _, v := range vs {
		for _, b := range v.g.bases {
			if b.Unit.Side != obs && (b.Unit.Contact || b.Unit.Arrives > 0) && !slices.Contains(enemies, b.ID) {
				enemies = append(enemies, b.ID)
				addHex(b.Hex)
			}
		}
		for _, u := range v.g.units {
			if u.Side != obs && !slices.Contains(enemyUnits, u.ID) {
				enemyUnits = append(enemyUnits, u.ID)
			}
		}
		for _, m := range v.g.def.Mines {
			if m.Hidden && m.Owner != obs {
				addHex(m.Hex)
			}
		}
	}
	if len(enemies) > 8 {
		enemies = enemies[:8]
	}
	if len(hexes) > 8 {
		hexes = hexes[:8]
	}
	if len(enemyUnits) > 4 {
		enemyUnits = enemyUnits[:4]
	}
	player := NewRandomPlayer(seed)
	compared := 0
	for step := 0; step < steps && !base.Over(); step++ {
		view, log := fogView(base, obs), fogLog(base, obs)
		legal := fogLegal(base, obs)
		probes := fogProbes(base, obs, own, ownUnits, enemies, enemyUnits, hexes)
		for _, v := range vs[1:] {
			if !v.live {
				continue
			}
			if vv := fogView(v.g, obs); vv != view {
				v.live, v.why = false, fmt.Sprintf("views part after %d commands: %s", step, firstDiff(strings.ReplaceAll(view, ",", ",\n"), strings.ReplaceAll(vv, ",", ",\n")))
				continue
			}
			if v.g.dice.Len() != base.dice.Len() {
				v.live, v.why = false, fmt.Sprintf("dice part after %d commands", step)
				continue
			}
			compared++
			where := fmt.Sprintf("variant %q after %d commands (%v)", v.name, step, base.cmds[max(0, len(base.cmds)-3):])
			if l := fogLog(v.g, obs); l != log {
				t.Errorf("%s: the log differs:\n%s", where, firstDiff(log, l))
				v.live = false
				continue
			}
			if l := fogLegal(v.g, obs); !slices.Equal(l, legal) {
				t.Errorf("%s: the legal list differs:\n%s", where, firstDiff(strings.Join(legal, "\n"), strings.Join(l, "\n")))
				v.live = false
				continue
			}
			if p := fogProbes(v.g, obs, own, ownUnits, enemies, enemyUnits, hexes); !slices.Equal(p, probes) {
				t.Errorf("%s: a probe's answer differs:\n%s", where, firstDiff(strings.Join(probes, "\n"), strings.Join(p, "\n")))
				v.live = false
				continue
			}
		}
		// One command, legal in every game still compared.
		lists := [][]string{base.Legal()}
		for _, v := range vs[1:] {
			if v.live {
				lists = append(lists, v.g.Legal())
			}
		}
		var both []string
		for _, c := range lists[0] {
			in := true
			for _, l := range lists[1:] {
				in = in && slices.Contains(l, c)
			}
			if in {
				both = append(both, c)
			}
		}
		if len(both) == 0 {
			t.Fatalf("after %d commands no command is legal in every game", step)
		}
		c := player.pick(mustParse(t, both))
		for _, v := range vs {
			if !v.live {
				continue
			}
			if _, err := v.g.Do(c); err != nil {
				t.Fatalf("variant %q: %q is in its legal list but refused: %v", v.name, c, err)
			}
		}
	}
	for _, v := range vs[1:] {
		if v.live {
			v.why = "alike to the end"
		}
		t.Logf("%s: %s", v.name, v.why)
	}
	t.Logf("%d comparisons in %d commands", compared, len(base.cmds))
}

// firstDiff shows the first line where two texts part.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		x, y := "", ""
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d\n  shipped: %s\n  variant: %s", i+1, x, y)
		}
	}
	return "(equal)"
}

// fogAirGame is testdata/air.toml with G1 (two rifle squads, 28K5 and
// 28K6) under a Contact Marker, edited by edit, through the Challenge
// phase to the activations with first to act.
func fogAirGame(t *testing.T, first string, edit func(su *scenario.Unit)) *Game {
	t.Helper()
	s := loadScn(t, "testdata/air.toml")
	su, _ := scnUnit(s, "G1")
	su.Hidden = true
	if edit != nil {
		edit(su)
	}
	g, err := New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	for g.phase == PhaseChallenge {
		mustDo(t, g, "ready")
	}
	mustDo(t, g, "first "+first)
	return g
}

// Issue 17, the strike list: a sortie is offered the hexes its side may
// target from what it sees (docs/rules.md, "Close Air Support"): enemy
// bases it sees and the contact markers' hexes as its view shows them,
// never the true hex of a base the marker hides; and a refusal reads the
// same whatever stands in the hex.
func TestFogStrikeNamesOnlyKnownHexes(t *testing.T) {
	at := func(h string) func(su *scenario.Unit) {
		return func(su *scenario.Unit) { su.Bases[1].Hex = h }
	}
	a, b := fogAirGame(t, "allies", at("28N7")), fogAirGame(t, "allies", at("28N3"))
	if fogView(a, 0) != fogView(b, 0) {
		t.Fatalf("the British views differ where only a hidden base stands elsewhere:\n%s", firstDiff(fogView(a, 0), fogView(b, 0)))
	}
	la, lb := fogLegal(a, 0), fogLegal(b, 0)
	if !slices.Equal(la, lb) {
		t.Errorf("the legal lists differ:\n%s", firstDiff(strings.Join(la, "\n"), strings.Join(lb, "\n")))
	}
	if !slices.Contains(la, "strike S2 28K5") {
		t.Errorf("no strike on the contact marker's hex 28K5 in %v", la)
	}
	for _, c := range la {
		if (strings.HasPrefix(c, "strike ") || strings.HasPrefix(c, "designate ")) && (strings.HasSuffix(c, " 28N7") || strings.HasSuffix(c, " 28N3")) {
			t.Errorf("%q names the true hex of a hidden base", c)
		}
	}
	for _, h := range []string{"28N7", "28N3", "28N5"} {
		for _, c := range []string{"strike S2 " + h, "designate A1 S2 " + h} {
			if ra, rb := fogRefusal(a, c), fogRefusal(b, c); ra != rb || ra == "" {
				t.Errorf("%s: refused %q here and %q there; want the same refusal", c, ra, rb)
			}
		}
	}
}

// Issue 17, facings: a base's starting facing points at the nearest enemy
// its side may know of (docs/rules.md, "What each side sees"), so a hidden
// base two hexes from the British AA guns does not turn them.
func TestFogFacingIgnoresHiddenBases(t *testing.T) {
	near := fogAirGame(t, "allies", func(su *scenario.Unit) { su.Bases[1].Hex = "28F6" })
	far := fogAirGame(t, "allies", nil)
	if v1, v2 := fogView(near, 0), fogView(far, 0); v1 != v2 {
		t.Errorf("a hidden base two hexes off turns British counters:\n%s", firstDiff(strings.ReplaceAll(v2, "},", "},\n"), strings.ReplaceAll(v1, "},", "},\n")))
	}
	// The marker's hex is known: it may turn them.
	b := near.baseIdx["A4b"]
	if got, want := near.Label(b.Hex.Neighbor(b.Facing)), far.Label(b.Hex.Neighbor(far.baseIdx["A4b"].Facing)); got != want {
		t.Errorf("A4b faces %s beside a hidden base, %s without", got, want)
	}
}

// Issue 17, the activation of a hidden unit: after one of its bases acts,
// the activation stays open whether or not another base under the marker
// could still act (how many it hides is the enemy's secret); its owner
// ends it with end, which the legal list offers (docs/rules.md, "What one
// Order buys").
func TestFogHiddenActivationWaitsForEnd(t *testing.T) {
	two := fogAirGame(t, "axis", nil)
	three := fogAirGame(t, "axis", func(su *scenario.Unit) {
		su.Bases = append(su.Bases, scenario.Base{ID: "G1c", Type: su.Bases[0].Type, Hex: "28L6"})
	})
	for _, c := range []string{"move G1a 28M5", "move G1b 28M6"} {
		for _, g := range []*Game{two, three} {
			mustDo(t, g, c)
			if g.actor != 1 || g.open == nil || !slices.Contains(g.Legal(), "end") {
				t.Fatalf("after %q: actor %d, open %v; want the axis still to act with end offered", c, g.actor, g.open != nil)
			}
		}
		if a, b := fogView(two, 0), fogView(three, 0); a != b {
			t.Errorf("after %q the British views differ:\n%s", c, firstDiff(a, b))
		}
		if a, b := fogLog(two, 0), fogLog(three, 0); a != b {
			t.Errorf("after %q the British logs differ:\n%s", c, firstDiff(a, b))
		}
	}
	mustDo(t, two, "end")
	if two.actor != 0 || two.open != nil || !two.unitIdx["G1"].Activated {
		t.Errorf("end: actor %d, open %v; want the British to act", two.actor, two.open != nil)
	}
}

// Issue 17, what a marker hides: a roll the enemy reads must not change
// with what stands under a contact marker. A Panzer III fires with a
// marker in its hex; whether the marker hides an officer or a rifle
// section, the British read the same to-hit roll (docs/rules.md,
// "Officers": an officer under a marker is attached to no one).
func TestFogMarkerHidesAnOfficer(t *testing.T) {
	game := func(typ string) *Game {
		s := loadScn(t, "testdata/air.toml")
		s.Sides[1].Units = append(s.Sides[1].Units, scenario.Unit{ID: "GX", Name: "under the marker", Hidden: true,
			Bases: []scenario.Base{{Type: typ, Hex: "28L5"}}})
		g, err := New(s, 3)
		if err != nil {
			t.Fatal(err)
		}
		for g.phase == PhaseChallenge {
			mustDo(t, g, "ready")
		}
		mustDo(t, g, "first axis")
		return g
	}
	officer, rifles := game("de-officer"), game("de-rifle-section")
	if a, b := fogView(officer, 0), fogView(rifles, 0); a != b {
		t.Fatalf("the British views differ before the shot:\n%s", firstDiff(a, b))
	}
	for _, g := range []*Game{officer, rifles} {
		mustDo(t, g, "fire G2a A1a")
	}
	if a, b := fogLog(officer, 0), fogLog(rifles, 0); a != b {
		t.Errorf("the British logs differ with what the marker hides:\n%s", firstDiff(a, b))
	}
}

// mustParse reads command lines the game listed.
func mustParse(t testing.TB, lines []string) []Command {
	t.Helper()
	out := make([]Command, len(lines))
	for i, s := range lines {
		c, err := ParseCommand(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		out[i] = c
	}
	return out
}

// Hidden information (12.5, 4.6): a morale test of a German unit the
// British see counts the officers within 4 hexes, one line each; with the
// German officers out of British sight those lines (and the final score
// they make) would say an officer is near, so the British read the die
// and the result only. The Germans and the umpire read every modifier; a
// roll that names no officer is read whole by both.
func TestEnemyRollHidesUnseenOfficers12_5(t *testing.T) {
	g := dawnGame(t)
	axis, _ := g.SideIndex("axis")
	allies := g.other(axis)
	g.throw(combat.MoraleTest(combat.Morale{Morale: 1, OfficerMorale: []int{1}}), false, axis, "G5 tests morale")
	g.throw(combat.MoraleTest(combat.Morale{Morale: 1}), false, axis, "G6 tests morale")
	last := func(side int) (Event, Event) {
		evs := g.EventsFor(side)
		return evs[len(evs)-2], evs[len(evs)-1]
	}
	for _, side := range []int{-1, axis} {
		withOfficer, _ := last(side)
		if withOfficer.Roll.Veiled || len(withOfficer.Roll.Mods) != 2 || !strings.Contains(withOfficer.String(), "officer 1 morale +1") {
			t.Errorf("side %d reads %s", side, withOfficer)
		}
	}
	withOfficer, plain := last(allies)
	if !withOfficer.Roll.Veiled || withOfficer.Roll.Mods != nil || withOfficer.Roll.Final != 0 || strings.Contains(withOfficer.String(), "officer") {
		t.Errorf("the British read %s", withOfficer)
	}
	if !strings.Contains(withOfficer.String(), "modifiers unseen") || withOfficer.Roll.Result == "" || len(withOfficer.Roll.Faces) != 1 {
		t.Errorf("the British lose the die or the result: %s", withOfficer)
	}
	if plain.Roll.Veiled || len(plain.Roll.Mods) != 1 {
		t.Errorf("a roll naming no officer is veiled: %s", plain)
	}
}

// 7.1 step 4, hidden information: an enemy unit listed in the British
// view only because one of its bases was knocked out shows no Challenge
// token while the British see none of its bases; once one is seen, it
// does. The Germans read their own token either way.
func TestChallengeTokenOfUnseenUnitIsPrivate(t *testing.T) {
	g := dawnGame(t)
	axis, _ := g.SideIndex("axis")
	allies := g.other(axis)
	u := g.unitIdx["G2"]
	u.Contact, u.Challenge = false, true
	u.Bases[0].KO = true
	g.gen++ // the state changed behind the game's back: drop its caches
	status := func(side int) ([]string, bool) {
		for _, uv := range g.Observe(side).View().Units {
			if uv.ID == "G2" {
				return uv.Status, true
			}
		}
		return nil, false
	}
	if st, ok := status(allies); !ok || slices.Contains(st, "challenge") {
		t.Errorf("the British read G2 (listed %v) as %v", ok, st)
	}
	if st, _ := status(axis); !slices.Contains(st, "challenge") {
		t.Errorf("the Germans read their own G2 as %v", st)
	}
	u.Bases[1].Fired = true // it gave itself away by firing
	g.gen++
	if st, _ := status(allies); !slices.Contains(st, "challenge") {
		t.Errorf("G2 seen: the British read %v", st)
	}
}

// 16.12, hidden information: a German unit the British do not wholly see
// becomes Weakened; the British read that a marker comes off the German
// Break Point Track (public: the view's break point), not how many bases
// it had and has left. The Germans and the umpire read the count.
func TestWeakenedUnseenUnitHidesItsCount16_12(t *testing.T) {
	g := dawnGame(t)
	axis, _ := g.SideIndex("axis")
	allies := g.other(axis)
	u := g.unitIdx["G2"] // three Panzer IIIs under a contact marker
	u.Contact = false
	u.Bases[0].KO, u.Bases[1].KO = true, true
	g.gen++
	g.unitLost(u)
	last := func(side int) string {
		evs := g.EventsFor(side)
		return evs[len(evs)-1].Text
	}
	if got := last(allies); strings.Contains(got, "of 3") || !strings.Contains(got, "Weakened: a marker comes off") {
		t.Errorf("the British read %q", got)
	}
	for _, side := range []int{-1, axis} {
		if got := last(side); !strings.Contains(got, "1 of 3 bases left") {
			t.Errorf("side %d reads %q", side, got)
		}
	}
}

// dawnGame is dawn at seed 1, the shipped scenario the fog and fort
// tests read: hidden German units under markers, British sangars.
func dawnGame(t *testing.T) *Game {
	t.Helper()
	g, err := New(loadScn(t, "dawn"), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
