package los

import "khamsin/hexmap"

// Where is a place on the thread: a hex, or a hexside when IsSide.
type Where struct {
	Hex    hexmap.Hex
	Dir    hexmap.Dir // IsSide: the hexside of Hex in this direction
	IsSide bool
}

func hexWhere(h hexmap.Hex) Where { return Where{Hex: h} }

func sideWhere(h hexmap.Hex, d hexmap.Dir) Where { return Where{Hex: h, Dir: d, IsSide: true} }

// Name spells the place as "25D4" or "25C5-C6".
func (w Where) Name(m *hexmap.Map) string {
	if w.IsSide {
		return m.SideName(w.Hex, w.Dir)
	}
	return m.Label(w.Hex)
}

// Block says why a LOS is blocked: where, by what, under which rule.
type Block struct {
	At   Where
	Kind string // "ground", "obstacle", "hillock", "summit", "wall", "hedge", "dune-crest", "rubble", "wadi", "wadi-cliff", "deir-lip", "cliff-entrenched", "smoke"
	Rule string
}

// Hindrance is one LOS hindrance DRM on the thread (brief §4).
type Hindrance struct {
	At   Where
	Kind string // "orchard", "olive-grove", "grain", "tents", "brush", "afv", "wreck", "vehicle-dust", "ffe-dust"
	DRM  int
	Rule string
}

// Result is the structured answer to one LOS query.
type Result struct {
	Clear      bool
	Range      int
	Block      Block // when !Clear
	Hindrances []Hindrance
	DRM        int // sum of the hindrance DRMs
}
