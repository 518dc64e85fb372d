package climate

import (
	"math"
	"testing"

	"khamsin/hexmap"
)

// mapHexes lists the hexes of a cols×rows grid of boards laid as hexmap
// lays them (hexrow K, number N; A-type hexrows hold 1–10 per board, B-type
// 0–10, seams shared).
func mapHexes(boardsAcross, boardsDown int) []hexmap.Hex {
	var out []hexmap.Hex
	for K := 0; K <= 32*boardsAcross; K++ {
		first := 0
		if K%2 == 0 {
			first = 1
		}
		for N := first; N <= 10*boardsDown; N++ {
			out = append(out, hexmap.Hex{Q: K, R: N - K/2})
		}
	}
	return out
}

// inZoneFloat is an independent floating-point reading of the zone: the
// hex centre lies within 30° of the sun's axis.
func inZoneFloat(d hexmap.Hex, s Sun, n North) bool {
	x := 1.5 * float64(d.Q)
	y := math.Sqrt(3) * (float64(d.R) + float64(d.Q)/2)
	east := [4][2]float64{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}[n]
	if s == SunWest {
		east[0], east[1] = -east[0], -east[1]
	}
	l := math.Hypot(x, y)
	return l > 0 && x*east[0]+y*east[1] >= l*math.Cos(math.Pi/6)-1e-9
}

func TestSunZone_AgreesWithAngle(t *testing.T) {
	from := hexmap.Hex{Q: 20, R: -5}
	for _, s := range []Sun{SunEast, SunWest} {
		for n := North(0); n < NorthLeft+1; n++ {
			for _, h := range hexmap.Within(from, 15) {
				if got, want := InSunZone(from, h, s, n), inZoneFloat(h.Sub(from), s, n); got != want {
					t.Errorf("%v north %v %v: exact %v, float %v", s, n, h.Sub(from), got, want)
				}
			}
		}
	}
}

// The first 11.611 illustration: a squad looking east in Early Morning with
// the hexrows running north–south (north up on our screen). The zone's edges
// run through the centres of the hexes strung out from its NE and SE
// hexsides, so at range n the zone holds exactly the n+1 hexes of the
// hexrow n columns east between those two lines; an edge hex's centre is in
// while one of its vertices is not.
func TestSunBlindness_11_611_FirstIllustration(t *testing.T) {
	o := hexmap.Hex{}
	for n := 1; n <= 8; n++ {
		var got []hexmap.Hex
		for _, h := range hexmap.Ring(o, n) {
			if InSunZone(o, h, SunEast, NorthUp) {
				got = append(got, h)
			}
		}
		if len(got) != n+1 {
			t.Fatalf("range %d: %d hexes in zone, want %d: %v", n, len(got), n+1, got)
		}
		for _, h := range got {
			if h.Q != n || h.R > 0 || h.R < -n {
				t.Errorf("range %d: %v outside the expected hexrow segment", n, h)
			}
		}
	}
	// Edge hexes: the NE and SE neighbours and the lines beyond them.
	for k := 1; k <= 6; k++ {
		for _, d := range []hexmap.Dir{hexmap.NorthEast, hexmap.SouthEast} {
			if !InSunZone(o, o.Add(d.Vec().Scale(k)), SunEast, NorthUp) {
				t.Errorf("%v×%d should be on the zone's edge", d, k)
			}
		}
	}
	if InSunZone(o, o.Add(hexmap.North.Vec()), SunEast, NorthUp) || InSunZone(o, o, SunEast, NorthUp) {
		t.Error("north neighbour / own hex in the east zone")
	}
	// The NE neighbour's centre is in, its northern vertices are not.
	x, y := doubled(hexmap.NorthEast.Vec())
	v := vertexVec[0] // N/NE vertex
	if inWedge(x+v[0], y+v[1], 0) || !inWedge(x, y, 0) {
		t.Error("edge hex: centre in, outer vertex out")
	}
	// North down mirrors it: the same zone lies westward on the screen.
	for _, h := range hexmap.Within(o, 8) {
		if InSunZone(o, h, SunEast, NorthUp) != InSunZone(o, o.Sub(h.Sub(o)), SunEast, NorthDown) {
			t.Errorf("north down mirror fails at %v", h)
		}
	}
}

// The second illustration: the hexrows run east–west (north left or right
// on our screen). The zone's edges now run through the firer's vertices: at
// range 1 only the hex due east is in, at range 2 three hexes (two of them
// on the edges, again with vertices sticking out), and so on.
func TestSunBlindness_11_611_SecondIllustration(t *testing.T) {
	o := hexmap.Hex{Q: 7, R: 3}
	wantCount := []int{0, 1, 3, 3, 5, 5, 7, 7}
	for _, north := range []North{NorthLeft, NorthRight} {
		east := hexmap.North // north left: east is up the screen
		if north == NorthRight {
			east = hexmap.South
		}
		for n := 1; n < len(wantCount); n++ {
			c := 0
			for _, h := range hexmap.Ring(o, n) {
				if InSunZone(o, h, SunEast, north) {
					c++
				}
			}
			if c != wantCount[n] {
				t.Errorf("north %v range %d: %d hexes, want %d", north, n, c, wantCount[n])
			}
		}
		if !InSunZone(o, o.Add(east.Vec()), SunEast, north) ||
			InSunZone(o, o.Add(east.Turn(1).Vec()), SunEast, north) ||
			InSunZone(o, o.Add(east.Turn(-1).Vec()), SunEast, north) {
			t.Errorf("north %v: range-1 zone is the hex due east only", north)
		}
	}
	// Range-2 edge hex for north left: (1,-2) from the firer; its centre is
	// on the edge, its eastern vertex outside.
	h := hexmap.Hex{Q: 1, R: -2}
	x, y := doubled(h)
	if !inWedge(x, y, 3) || inWedge(x+2, y, 3) {
		t.Error("second illustration edge hex")
	}
}

// 11.612: Late Afternoon is the same wedge pointing west.
func TestSunBlindness_11_612_LateAfternoonWest(t *testing.T) {
	o := hexmap.Hex{Q: 10, R: 2}
	pairs := [][2]North{{NorthUp, NorthDown}, {NorthDown, NorthUp}, {NorthLeft, NorthRight}, {NorthRight, NorthLeft}}
	for _, p := range pairs {
		for _, h := range hexmap.Within(o, 10) {
			if InSunZone(o, h, SunWest, p[0]) != InSunZone(o, h, SunEast, p[1]) {
				t.Fatalf("west with north %v ≠ east with north %v at %v", p[0], p[1], h)
			}
		}
	}
	env := Environment{Time: LateAfternoon}
	a := Attack{Kind: SmallArms, From: o, To: o.Add(hexmap.SouthWest.Vec().Scale(3))}
	hs := DRMs(env, a)
	if len(hs) != 1 || hs[0] != (Hindrance{Kind: "sun-blindness", DRM: 2, Rule: "11.612"}) {
		t.Errorf("late afternoon westward: %+v", hs)
	}
}

func TestSunZone_OverTwoByTwoMap(t *testing.T) {
	hexes := mapHexes(2, 2)
	if len(hexes) < 1300 {
		t.Fatalf("map has %d hexes", len(hexes))
	}
	from := hexmap.Hex{Q: 10, R: 0}
	z := SunZone(nil, from, SunEast, NorthUp, hexes)
	for _, h := range z {
		if !InSunZone(from, h, SunEast, NorthUp) {
			t.Fatalf("%v", h)
		}
	}
	n := 0
	for _, h := range hexes {
		if InSunZone(from, h, SunEast, NorthUp) {
			n++
		}
	}
	if n != len(z) || n == 0 {
		t.Fatalf("zone %d hexes, count %d", len(z), n)
	}
	if len(SunZone(nil, from, NoSun, NorthUp, hexes)) != 0 {
		t.Fatal("no sun, no zone")
	}
}

// Every condition of 11.611, one at a time.
func TestSunBlindness_11_611_Conditions(t *testing.T) {
	env := Environment{Time: EarlyMorning}
	o := hexmap.Hex{}
	base := Attack{Kind: SmallArms, From: o, To: hexmap.Hex{Q: 4, R: -2}}
	if !SunBlinds(env, base) {
		t.Fatal("base case should be blinded")
	}
	calls := 0
	blocked := base
	blocked.ExtensionBlocked = func() bool { calls++; return true }
	clear := base
	clear.ExtensionBlocked = func() bool { return false }
	if SunBlinds(env, blocked) || calls != 1 || !SunBlinds(env, clear) {
		t.Error("extension past the target blocked by a ≥2-level obstacle")
	}
	cases := map[string]func(a *Attack){
		"OBA":             func(a *Attack) { a.Kind = OBA },
		"DC":              func(a *Attack) { a.Kind = DC },
		"FT":              func(a *Attack) { a.Kind = FT },
		"CC":              func(a *Attack) { a.Kind = CC },
		"aerial firer":    func(a *Attack) { a.Kind = Aerial },
		"aerial target":   func(a *Attack) { a.TargetAerial = true },
		"same hex":        func(a *Attack) { a.To = a.From },
		"two levels up":   func(a *Attack) { a.FirerLevel = 4 },
		"out of the zone": func(a *Attack) { a.To = hexmap.Hex{Q: 1, R: -4} },
		"looking west":    func(a *Attack) { a.To = hexmap.Hex{Q: -4, R: 2} },
	}
	for _, name := range []string{"OBA", "DC", "FT", "CC", "aerial firer", "aerial target", "same hex",
		"two levels up", "out of the zone", "looking west"} {
		a := base
		a.ExtensionBlocked = func() bool { t.Errorf("%s: extension asked needlessly", name); return false }
		cases[name](&a)
		if SunBlinds(env, a) {
			t.Errorf("%s: should not be blinded", name)
		}
	}
	// Levels in half levels: 1½ levels higher still blinds, the target
	// higher still blinds; ordnance TH blinds.
	for _, f := range []func(a *Attack){
		func(a *Attack) { a.FirerLevel = 3 },
		func(a *Attack) { a.TargetLevel = 6 },
		func(a *Attack) { a.FirerLevel, a.TargetLevel = 5, 2 },
		func(a *Attack) { a.Kind = OrdnanceTH },
	} {
		a := base
		f(&a)
		if !SunBlinds(env, a) {
			t.Errorf("%+v should be blinded", a)
		}
	}
	// When sun blindness can occur: not overcast, a desert board, daytime
	// Early Morning / Late Afternoon, Steppe only in Very Dry EC (13.2).
	for _, e := range []Environment{
		{Time: EarlyMorning, Weather: Overcast},
		{Time: EarlyMorning, Weather: MudOvercast},
		{Time: EarlyMorning, Boards: NoDesert},
		{Time: Midday},
		{Time: Night},
		{Time: EarlyMorning, Terrain: Steppe, EC: ECDry},
		{Time: EarlyMorning, SSROff: RulesOf(RuleSunBlindness)},
	} {
		if SunBlinds(e, base) {
			t.Errorf("%+v: no sun blindness", e)
		}
	}
	for _, e := range []Environment{
		{Time: EarlyMorning, Weather: Mud},
		{Time: EarlyMorning, Boards: SomeDesert},
		{Time: EarlyMorning, Terrain: Broken},
		{Time: EarlyMorning, Terrain: Steppe, EC: ECVeryDry},
		{Time: EarlyMorning, Weather: Overcast, SSROn: RulesOf(RuleSunBlindness)},
	} {
		if !SunBlinds(e, base) {
			t.Errorf("%+v: sun blindness expected", e)
		}
	}
}

type listHexes []hexmap.Hex

func (l listHexes) Hexes() []hexmap.Hex { return l }

func TestSunZoneOnMap(t *testing.T) {
	m := listHexes(mapHexes(1, 1))
	from := hexmap.Hex{Q: 16, R: -3}
	if z := SunZoneOnMap(Environment{Time: Midday}, m, from); len(z) != 0 {
		t.Fatal("no zone at midday")
	}
	z := SunZoneOnMap(Environment{Time: EarlyMorning, North: NorthLeft}, m, from)
	if len(z) == 0 {
		t.Fatal("empty")
	}
	for _, h := range z {
		if !InSunZone(from, h, SunEast, NorthLeft) {
			t.Fatalf("%v", h)
		}
	}
}
