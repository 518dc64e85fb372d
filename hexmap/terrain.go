package hexmap

import (
	"fmt"
	"strconv"
	"strings"
)

// Cover is a hex's main terrain, the one that sets its Cost Of Terrain
// (COT). Exactly one per hex; desert ground types that combine with a cover
// (scrub, hammada, sand) are HexFlags instead.
type Cover uint8

const (
	Desert       Cover = iota // desert open ground, 1.1 (the default)
	Open                      // Chapter-B open ground: board 25 hill hexes, F.2A
	Brush                     // F.2; also scrub under Broken Terrain 13.1 and hammada under Steppe 13.2
	Crag                      // F.2; hammada under Broken Terrain 13.1
	Orchard                   // F.2
	Woods                     // F.2; scrub under Steppe 13.2
	Grain                     // F.2; sand overlays as grainfields, 13.2
	Building                  // stone building, F.1
	Citadel                   // X1: stone buildings on a cliff-ringed mesa, 12.43
	Mausoleum                 // X2, 12.44
	Tents                     // X3, 12.45
	Vineyard                  // 13.6
	CactusPatch               // orchard under SSR 13.4
	OliveGrove                // orchard under SSR 13.5
	BrokenGround              // open ground next to crag under Broken Terrain, 13.1
	numCovers
)

var coverNames = [numCovers]string{
	"desert", "open", "brush", "crag", "orchard", "woods", "grain", "building",
	"citadel", "mausoleum", "tents", "vineyard", "cactus-patch", "olive-grove", "broken-ground",
}

func (c Cover) String() string {
	if c < numCovers {
		return coverNames[c]
	}
	return "cover(" + strconv.Itoa(int(c)) + ")"
}

// IsOpenGround reports whether the cover is open ground of either kind.
func (c Cover) IsOpenGround() bool { return c == Desert || c == Open }

// HexFlags are the features a hex can hold on top of its cover.
type HexFlags uint16

const (
	Scrub    HexFlags = 1 << iota // 2.1
	Hammada                       // 3.1
	Sand                          // 7.1
	Wadi                          // 5.1: floor one level below base
	Deir                          // 4.1
	Lip                           // 4.2: a deir Lip hex (also Deir)
	Hillock                       // 6.1: +½ level
	Summit                        // 6.6: hillock summit, +1 level in all
	Road                          // 9.3
	Paved                         // paved road (11.74)
	Bridge                        // 5.51
	WadiEnd                       // end-hex of a wadi overlay, 12.33/12.41
	Dune                          // a sand hex of a Sand Dune overlay, 7.5
	HighDune                      // a dune hex of a High Dune: also a hillock, 7.5
	// HalfDesert: half of the hex is desert, half is the non-desert ground
	// its Cover names (a board-25 hill's edge). F.2 counts it as Desert
	// Terrain only if it is a wadi hex or Accessible to hammada or sand;
	// the movement planner decides.
	HalfDesert
	numHexFlags = iota
)

var hexFlagNames = [numHexFlags]string{
	"scrub", "hammada", "sand", "wadi", "deir", "lip", "hillock", "summit",
	"road", "paved", "bridge", "end", "dune", "high-dune", "half-desert",
}

// Has reports whether every flag in f is set.
func (h HexFlags) Has(f HexFlags) bool { return h&f == f }

// Names lists the set flags in a fixed order.
func (h HexFlags) Names() []string {
	var out []string
	for i := 0; i < numHexFlags; i++ {
		if h&(1<<i) != 0 {
			out = append(out, hexFlagNames[i])
		}
	}
	return out
}

func (h HexFlags) String() string { return strings.Join(h.Names(), " ") }

// SideFlags are the features along a hexside.
type SideFlags uint16

const (
	SideWadi     SideFlags = 1 << iota // the wadi runs across: its two hexes connect, 5.21
	SideCliff                          // wadi cliff, 5.6
	SideLip                            // deir Lip hexside, 4.2
	SideCrest                          // Dune Crest, 7.51
	SideWall                           // wall (hillside when the base levels differ, 10.1)
	SideHedge                          // hedge (idem)
	SideRoad                           // the road crosses here
	SidePaved                          // the paved road crosses here (11.74)
	SideCactus                         // a hedge turned cactus hedge by SSR, 13.3
	numSideFlags = iota
)

var sideFlagNames = [numSideFlags]string{"wadi", "cliff", "lip", "crest", "wall", "hedge", "road", "paved", "cactus-hedge"}

// Has reports whether every flag in f is set.
func (s SideFlags) Has(f SideFlags) bool { return s&f == f }

// Names lists the set flags in a fixed order.
func (s SideFlags) Names() []string {
	var out []string
	for i := 0; i < numSideFlags; i++ {
		if s&(1<<i) != 0 {
			out = append(out, sideFlagNames[i])
		}
	}
	return out
}

func (s SideFlags) String() string { return strings.Join(s.Names(), " ") }

// Terrain is what one hex holds.
type Terrain struct {
	Cover Cover
	Flags HexFlags
	Base  int // base level in half levels (2 = level 1)
}

// Has reports whether the hex carries every flag in f.
func (t Terrain) Has(f HexFlags) bool { return t.Flags.Has(f) }

// Ground is the elevation, in half levels, of a unit on the ground in the
// hex: the base level, one level lower in a wadi (5.41), half a level up on
// a hillock (6.2) and a full level up on a summit (6.6).
func (t Terrain) Ground() int {
	g := t.Base
	if t.Flags&Wadi != 0 && t.Flags&Bridge == 0 {
		g -= 2
	}
	switch {
	case t.Flags&Summit != 0:
		g += 2
	case t.Flags&(Hillock|HighDune) != 0:
		g++
	}
	return g
}

// Words lists the cover and flags as the data files spell them.
func (t Terrain) Words() []string {
	return append([]string{t.Cover.String()}, t.Flags.Names()...)
}

// IsPlain reports whether the hex is featureless desert open ground at level 0.
func (t Terrain) IsPlain() bool { return t == Terrain{} }

// FormatLevel prints a level given in half levels: 2 → "1", 1 → "0.5", -2 → "-1".
func FormatLevel(half int) string {
	if half%2 == 0 {
		return strconv.Itoa(half / 2)
	}
	return strconv.FormatFloat(float64(half)/2, 'f', 1, 64)
}

// parseLevel reads a level such as "1", "-1", "0.5", "1.5" into half levels.
func parseLevel(s string) (int, error) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	n, err := strconv.Atoi(whole)
	if err != nil || whole == "" || whole == "+" || whole == "-" {
		return 0, fmt.Errorf("level %q is not a number", s)
	}
	if n < -9 || n > 20 {
		return 0, fmt.Errorf("level %q is out of range (-9 to 20)", s)
	}
	half := 2 * n
	if hasFrac {
		switch frac {
		case "0":
		case "5":
			if strings.HasPrefix(whole, "-") {
				half--
			} else {
				half++
			}
		default:
			return 0, fmt.Errorf("level %q: only whole and half levels exist", s)
		}
	}
	return half, nil
}
