package move

import (
	"fmt"

	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// entry is one hex entry to price.
type entry struct {
	from, to int
	dir      hexmap.Dir // from → to; unused for a bypass
	bypass   bool       // Vehicular Bypass Movement into `to` (F.2)
	spent    MP         // spent so far this MPh, for costs that take the whole allotment
	// crestExit: infantry in Crest status leave the wadi across their crest
	// front, "as if leaving an entrenchment" (6.11).
	crestExit bool
}

// denial is why an entry is prohibited, or the zero value when it is not.
// It is formatted only when a move reports it, which keeps reach fast.
type denial struct {
	format     string
	k          Kind
	what, rule string
}

func (d denial) denied() bool { return d.format != "" }

func (d denial) String() string {
	if d.what == "" {
		return d.format
	}
	return fmt.Sprintf(d.format, d.rule, d.k.withArticle(), d.what)
}

// enter prices entering e.to for u into t and returns the zero denial or
// why the entry is prohibited: allowed's answer, as move reports it.
func (p *Planner) enter(u *Unit, e entry, t *tally) denial {
	if p.allowed(u, e, t) {
		return denial{}
	}
	return t.why
}

// allowed prices entering e.to for u into t, term by term, and reports
// whether the entry is allowed, leaving why not in t.why. The terms come
// in a fixed order so the "why" lines read like the seeds' examples ("4
// [enter wadi] + 1 [Desert Open Ground]"): wadi, climbing, the COT, sand,
// hexside features, the track's reduction, then the costs a track does not
// lower. The edge tables call it directly: returning a bool rather than a
// denial, seven words copied through memory, makes each of the thousands
// of entries a first reach prices measurably cheaper.
func (p *Planner) allowed(u *Unit, e entry, t *tally) bool {
	k := u.Kind
	tf, tt := p.c.Terrain(e.from), p.c.Terrain(e.to)
	var side hexmap.SideFlags
	onTrack := false
	if !e.bypass {
		side = p.c.Side(e.from, e.dir)
		onTrack = p.onTrack(e.from, e.dir)
	}
	fw, tw := isWadi(tf), isWadi(tt)
	alongWadi := side&hexmap.SideWadi != 0
	road := side&(hexmap.SideRoad|hexmap.SidePaved) != 0

	// Hexsides nobody, or not this type, may cross.
	cliff := side&hexmap.SideCliff != 0
	if cliff {
		if !fw && !tw {
			return t.deny(denial{format: "a cliff that does not border a wadi cannot be crossed (12.5 escarpment face; climbing is outside the seeds)"})
		}
		if k != Infantry && k != Cavalry && k != Motorcycle {
			return t.deny(denial{format: "5.63: vehicles and animal-drawn transport may never enter or leave a wadi across a wadi cliff"})
		}
	}
	if side&hexmap.SideCactus != 0 && (k == Cavalry || k == Wagon) {
		return t.deny(denial{format: "13.3: cavalry and wagons may not cross a cactus hedge"})
	}
	if ob := p.obst[e.to]; ob != NoObstacle && !obstacleEntry(u, ob, t) {
		return false
	}
	if p.blocked != nil && !p.blockedEntry(e, alongWadi, t) {
		return false
	}
	if e.bypass && (tw || isWadi(p.c.Terrain(e.from))) {
		return t.deny(denial{format: "5.31: bypass movement is not allowed in a wadi hex"})
	}

	// 5.63: across a cliff, infantry and cavalry pay 3 MF to enter (instead
	// of 1 + COT) and 3 + COT to leave (instead of 2); a motorcycle is
	// portaged at that cost (5.64).
	cliffEnter := cliff && tw
	cliffLeave := cliff && fw && !e.crestExit

	// Cost Of Terrain: worked out first, since it can forbid the entry,
	// but written after the wadi and climbing terms, as the seeds do.
	var cot MP
	var cotWhat, cotWhatBare, cotRule string
	if !cliffEnter {
		cot, cotWhat, cotRule = p.cot(u, e, tf, tt, road, side)
		switch cot {
		case no:
			return t.deny(denial{format: "%[1]s: %[2]s may not enter %[3]s", k: k, what: cotWhat, rule: cotRule})
		case allOfIt:
			if e.spent > 0 {
				return t.deny(denial{format: "%[1]s: %[2]s must expend its whole MP allotment to enter %[3]s, so only as its first expenditure", k: k, what: cotWhat, rule: cotRule})
			}
			cot = u.Allotment()
			cotWhatBare = cotWhat
			cotWhat += ": the whole MP allotment"
			t.firstOnly = true
		case halfAll:
			cot = (u.Allotment() + 1) / 2
			cotWhat += ": half the MP allotment"
		}
	}

	// Wadis (5.2-5.22, 5.63). A bridge hex is a road hex (5.51), but a unit
	// moving into it along the wadi goes beneath the bridge, still in the
	// wadi (5.21 "including bridges"): it pays to enter the wadi, not to
	// leave one, and does not climb.
	beneath := tt.Has(hexmap.Bridge|hexmap.Wadi) && alongWadi
	inWadi := tw || beneath
	leaving := fw && !(inWadi && alongWadi) && !e.crestExit

	// 5.3: along a wadi only motorcycles and size +2 vehicles pass other
	// vehicles or wrecks, or are passed by them, at 2 MP apiece (added
	// below: 9.1 lists an AFV/wreck's cost among those a track keeps).
	passing := 0
	if k.Motorized() && fw && inWadi && alongWadi && !e.bypass {
		if n := int(p.others[e.to]); n > 0 {
			if !u.passesInWadi() && p.large[e.to] > 0 {
				return t.deny(denial{format: "%[1]s: moving along a wadi, only a motorcycle or a size +2 vehicle may pass other vehicles or wrecks, or be passed by them; %[2]s cannot pass %[3]s", k: k,
					what: plural(int(p.large[e.to]), "vehicle/wreck", "vehicles/wrecks") + " of full size in " + p.m.Label(p.c.Hex(e.to)), rule: "5.3"})
			}
			passing = n
		}
	}
	if e.crestExit {
		t.addR(Whole(1), "leave Crest status as from an entrenchment", "6.11")
	}
	if inWadi {
		if cliffEnter {
			what := "enter a wadi across a cliff"
			if k == Motorcycle {
				what += ", portaged (5.64)"
			}
			t.addR(Whole(3), what, "5.63")
		} else {
			t.addR(enterWadi[k], "enter wadi", "5.2")
		}
	}
	if leaving {
		if cliffLeave {
			t.addR(Whole(3), "leave a wadi across a cliff", "5.63")
		} else if k.Motorized() {
			t.addR(leaveWadi[k], "leave wadi (ascend a level)", "5.2")
		} else {
			t.addR(leaveWadi[k], "leave wadi", "5.2")
		}
	}

	// Climbing. Leaving a wadi for a non-wadi hex pays no climb on top of the
	// exit cost (5.41); wadi to wadi still climbs (5.22).
	lf, lt := standLevel(tf), standLevel(tt)
	if e.crestExit {
		lf = tf.Base // a crest unit is at ground level (6.0)
	}
	if beneath {
		lt = tt.Base - 2
	}
	if !(leaving && !inWadi) && lt > lf {
		n := (lt - lf + 1) / 2
		what := "ascend a level"
		if n > 1 && t.explain {
			what = fmt.Sprintf("ascend %d levels", n)
		}
		if k.OnFoot() {
			t.add(MP(n)*ascendLevel[k], what, "F.2") // not lowered by a track (9.1)
		} else {
			t.addR(MP(n)*ascendLevel[k], what, "F.2")
		}
	}
	// 6.3's climb onto a hillock; out of a wadi the exit cost covers it (5.41).
	if tt.Flags&(hexmap.Hillock|hexmap.HighDune|hexmap.Summit) != 0 && tt.Ground() > tf.Ground() && hillockUp[k] > 0 && !(leaving && !inWadi) {
		t.addR(hillockUp[k], "ascend a hillock", "6.3")
	}

	if !cliffEnter {
		if s := p.sangar[e.to]; s == 2 && k.Motorized() {
			cot *= 2
			cotWhat += " × 2, sangar with an Accessible trench (8.5)"
		}
		if e.bypass {
			cot *= 2
			cotWhat += " × 2, bypass"
			cotRule += ", F.2"
		}
		t.addR(cot, cotWhat, cotRule)
		if tt.Has(hexmap.Sand) {
			s, what := p.sandCost(k)
			if e.bypass {
				s *= 2
				what += ", twice in bypass"
			}
			if s > 0 {
				t.addR(s, what, "7.3")
			}
		}
	}
	if side&hexmap.SideCrest != 0 {
		t.addR(Whole(1), "cross a Dune Crest hexside", "7.511")
	}

	// Hexside features.
	cactusWire := false
	if side&(hexmap.SideWall|hexmap.SideHedge) != 0 && !road {
		if side&hexmap.SideCactus != 0 && k == Infantry {
			cactusWire = true
		} else {
			t.addR(wallCost[k], "cross a wall/hedge", "F.2")
		}
	}
	if tf.Has(hexmap.Deir) && side&hexmap.SideLip != 0 && k.Motorized() {
		t.addR(Whole(1), "leave a deir across a Lip hexside", "4.3")
	}

	// 9.1: a track lowers all that by one, to a minimum of one.
	if onTrack && t.reducible > Whole(1) {
		cut := t.reducible - Whole(1)
		if cut > Whole(1) {
			cut = Whole(1)
		}
		t.add(-cut, "track", "9.1")
	}

	// Costs a track does not lower.
	if p.smoke[e.to] {
		t.add(Whole(1), "SMOKE", "9.2, 11.74")
	}
	if ob := p.obst[e.to]; ob != NoObstacle {
		t.add(Whole(1), ob.String()+" (Bad Going)", "Linear Fixed Defences")
	}
	if passing > 0 {
		t.add(Whole(2*passing), "pass "+plural(passing, "vehicle/wreck", "vehicles/wrecks")+" along the wadi", "5.3")
	}
	if u.Towing {
		t.add(Whole(1), "towing a Gun", "9.2")
	}
	if p.cond.Dust >= climate.DustHeavy && (k.Motorized() || k == Cavalry || k == Wagon) {
		t.add(Whole(1), "Heavy Dust", "11.73")
	}
	if p.cond.Dust >= climate.DustVeryHeavy && u.BU {
		t.add(Whole(1), "Very Heavy Dust, buttoned-up AFV", "11.731")
	}
	if t.firstOnly && !cactusWire && t.total > u.Allotment() {
		return t.deny(denial{format: "%[1]s: %[2]s must expend its whole MP allotment to enter %[3]s, and this entry costs more on top, so it can never be made", k: k, what: cotWhatBare, rule: cotRule})
	}
	if cactusWire {
		if e.spent > 0 {
			return t.deny(denial{format: "13.3: infantry cross a cactus hedge as wire, spending all their MF, so only as their first move"})
		}
		t.firstOnly = true
		if rest := u.Allotment() - t.total; rest > 0 {
			t.add(rest, "cactus hedge as wire: all remaining MF", "13.3")
		}
	}
	return true
}

// cot is the Cost Of Terrain of the hex entered: its cover, or the road
// followed into it, with scrub and hammada (2.21, 3.3) replacing an open
// ground cost, and 12.51's Chapter-B pricing of E1's level-4 hexes entered
// from below.
func (p *Planner) cot(u *Unit, e entry, tf, tt hexmap.Terrain, road bool, side hexmap.SideFlags) (MP, string, string) {
	k := u.Kind
	if road {
		if side&hexmap.SidePaved != 0 {
			return roadCost[k], "paved road", "9.3"
		}
		return roadCost[k], "road", "9.3"
	}
	cot, what, rule := coverCost(tt.Cover, k)
	if tt.Cover == hexmap.Open && tt.Has(hexmap.HalfDesert) {
		if isWadi(tt) || p.accessible(e.to, hexmap.Hammada) || p.accessible(e.to, hexmap.Sand) {
			cot, what, rule = desertOpen[k], "desert open ground: a half-desert hex that is a wadi or Accessible to hammada/sand", "F.2"
		} else {
			what, rule = "Chapter-B open ground: a half-desert hex neither a wadi nor Accessible to hammada/sand", "F.2"
		}
	}
	if tt.Cover == hexmap.Desert && p.e1Top(e.to) && !isWadi(tf) && tf.Ground() < tt.Ground() {
		cot, what, rule = chapterBOpen[k], "Chapter-B open ground: E1 level 4 entered from below", "12.51"
	}
	ground := func(c MP, w, r string) {
		switch {
		case tt.Cover.IsOpenGround() || tt.Cover == hexmap.BrokenGround:
			cot, what, rule = c, w, r
		case cot >= 0 && c > cot:
			cot, what, rule = c, w, r
		}
	}
	if tt.Has(hexmap.Scrub) {
		ground(scrubCost[k], "scrub", "2.21")
	}
	if tt.Has(hexmap.Hammada) {
		if tt.Has(hexmap.Scrub) {
			if hammada[k] > cot {
				cot, what, rule = hammada[k], "hammada", "3.3"
			}
		} else {
			ground(hammada[k], "hammada", "3.3")
		}
	}
	return cot, what, rule
}

// plural spells "1 wreck" or "3 wrecks".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sandCost is 7.3's extra cost of a sand hex for k, one less in Wet or Mud
// EC. (9.1 keeps weather costs out of a track's reduction; this one is a
// saving that a track's minimum of one absorbs either way, see
// Test9_1_WetSandTrackOrder.)
func (p *Planner) sandCost(k Kind) (MP, string) {
	if p.cond.wetSand() {
		return sandCost[k] - Whole(1), "sand, one less in Wet/Mud EC"
	}
	return sandCost[k], "sand"
}
