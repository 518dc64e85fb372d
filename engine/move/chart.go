package move

import "khamsin/hexmap"

// The cost chart as data: one column per unit type (Kind order: infantry,
// cavalry, wagon, fulltrack, halftrack, armored car, motorcycle, truck), in
// half MP. Values the seeds state carry their rule; the others are our
// decisions, listed with reasons in docs/rules.md.

// Special entries of a column.
const (
	no       MP = -1 // prohibited
	halfAll  MP = -2 // half the unit's MP allotment (F.2: fully tracked into woods)
	allOfIt  MP = -3 // the unit's whole allotment, only as its first expenditure (F.2: AC into woods)
	maxCheap MP = 1 << 20
)

type column [numKinds]MP

func w(inf, cav, wag, ft, ht, ac, mc, tr int) column {
	c := column{Whole(inf), Whole(cav), Whole(wag), Whole(ft), Whole(ht), Whole(ac), Whole(mc), Whole(tr)}
	for i, v := range c {
		if v < 0 { // a negative whole number marks a special entry
			c[i] = MP(v / 2)
		}
	}
	return c
}

var (
	// Desert Terrain Chart.
	desertOpen = w(1, 1, 1, 1, 1, 1, 1, 1) // 1.1; F.2, F.2A, 12.51 for the vehicles
	scrubCost  = w(1, 2, 2, 2, 3, 4, 4, 6) // 2.21
	hammada    = w(1, 3, 3, 2, 3, 4, 4, 6) // 3.3
	sandCost   = w(1, 2, 2, 2, 3, 4, 4, 6) // 7.3, plus COT
	// 5.2 states infantry 1, and F.2/F.2A/12.51 the tank 2, the AC 4 and
	// the truck 6: the scrub column, which we use for the others too.
	enterWadi = w(1, 2, 2, 2, 3, 4, 4, 6)
	// 5.2 states infantry 2; F.2 (AC) and 12.51 (truck) price a vehicle's
	// exit as 4 [ascend a level]; we give every vehicle 4 and the other
	// MF types infantry's 2.
	leaveWadi = w(2, 2, 2, 4, 4, 4, 4, 4)
	// 6.3: a non-wagon vehicle pays 1 MP to enter a hillock from below.
	hillockUp = w(0, 0, 0, 1, 1, 1, 1, 1)

	// Chapter-B costs kept on desert boards (F.2, F.2A).
	// Ascending a level: AC 4 (F.2) and truck 4 (12.51); infantry +1 (the
	// 9.2 example: level 0 to a level-1 open ground hex costs 2 MF).
	ascendLevel = w(1, 1, 1, 4, 4, 4, 4, 4)
	// Chapter-B open ground: AC 3 (F.2), truck 4 (F.2A, 12.51).
	chapterBOpen = w(1, 1, 1, 1, 2, 3, 3, 4)
	// Orchard: AC 3 (F.2); the same as Chapter-B open ground for all.
	orchard = chapterBOpen
	// Brush: infantry 2 (5.2's H2); the scrub column for the rest.
	brush = w(2, 2, 2, 2, 3, 4, 4, 6)
	// Woods: fully tracked half its allotment, AC all of it (F.2).
	woods    = w(2, 3, -1, -2, -2, -3, -3, -3)
	crag     = w(2, 3, -1, 4, -1, -1, -1, -1)
	building = w(2, -1, -1, -1, -1, -1, -1, -1)
	tents    = w(1, 1, 1, 1, 1, 1, 1, 1) // 12.45
	// Grain: 1½ MF on foot; a vehicle pays Chapter-B open ground + 1.
	grain = column{3, 3, 3, Whole(2), Whole(3), Whole(4), Whole(4), Whole(5)}

	// Roads are priced by the brief's fallback, seed 002's movement classes:
	// its soft-skin vehicles move at least twice as fast on Road as Cross
	// Country, so a motor vehicle following a road pays half the desert open
	// ground MP; infantry and cavalry (same speed both ways) and horse-drawn
	// wagons (30 against 20 cm, rounded up to a whole MF) pay 1.
	roadCost = column{2, 2, 2, 1, 1, 1, 1, 1}
	// Crossing a wall or hedge (Chapter B; not priced in the seeds): +1.
	wallCost = w(1, 1, 1, 1, 1, 1, 1, 1)
)

// coverCost is the Cost Of Terrain of a cover for a type, and the rule or
// decision behind it.
func coverCost(c hexmap.Cover, k Kind) (MP, string, string) {
	switch c {
	case hexmap.Desert, hexmap.BrokenGround:
		if c == hexmap.BrokenGround {
			return desertOpen[k], "broken ground: open ground cost", "13.1"
		}
		return desertOpen[k], "desert open ground", "1.1"
	case hexmap.Open:
		return chapterBOpen[k], "Chapter-B open ground", "F.2A"
	case hexmap.Brush:
		return brush[k], "brush", "F.2"
	case hexmap.Crag:
		return crag[k], "crag", "F.2"
	case hexmap.Orchard:
		return orchard[k], "orchard", "F.2"
	case hexmap.CactusPatch:
		return triple(orchard[k]), "cactus patch: three times orchard", "13.4"
	case hexmap.OliveGrove:
		return 2 * orchard[k], "olive grove: twice orchard", "13.5"
	case hexmap.Woods:
		return woods[k], "woods", "F.2"
	case hexmap.Grain:
		return grain[k], "grain", "F.2"
	case hexmap.Building:
		return building[k], "stone building", "F.1"
	case hexmap.Citadel:
		return building[k], "stone buildings", "12.43"
	case hexmap.Mausoleum:
		return building[k], "mausoleum", "12.44"
	case hexmap.Tents:
		return tents[k], "tents", "12.45"
	case hexmap.Vineyard:
		return brush[k], "vineyard: as brush", "13.6"
	}
	return no, c.String(), "F.2"
}

func triple(m MP) MP {
	if m < 0 {
		return m
	}
	return 3 * m
}
