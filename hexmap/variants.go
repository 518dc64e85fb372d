package hexmap

import (
	"fmt"
	"strings"
)

// Variants are the SSR terrain changes of section 13 (and 12.52), applied
// once when a map is built so every later question sees the changed terrain.
type Variants struct {
	Broken      bool     // 13.1: scrub→brush, hammada→crag, open ground next to crag→broken ground
	Steppe      bool     // 13.2: hammada→brush, scrub→woods
	CactusHedge bool     // 13.3: hedges are cactus hedges
	CactusWall  bool     // 13.3: walls are cactus hedges
	CactusPatch bool     // 13.4: orchards are cactus patches
	OliveGrove  bool     // 13.5: orchards are olive groves
	Vineyards   []string // 13.6: hexes (full labels) that are vineyards
}

// ParseVariant sets one variant by name: broken, steppe, cactus-hedge,
// cactus-patch, olive-grove, or vineyard:25C4,25C5. 13.3's SSR may turn
// walls and/or hedges into cactus hedges: cactus-hedge (hedges),
// cactus-hedge:walls, cactus-hedge:walls,hedges.
func (v *Variants) ParseVariant(s string) error {
	name, arg, _ := strings.Cut(strings.TrimSpace(s), ":")
	switch name {
	case "broken":
		v.Broken = true
	case "steppe":
		v.Steppe = true
	case "cactus-hedge":
		if arg == "" {
			v.CactusHedge = true
			break
		}
		for _, w := range strings.Split(arg, ",") {
			switch strings.TrimSpace(w) {
			case "hedges":
				v.CactusHedge = true
			case "walls":
				v.CactusWall = true
			default:
				return fmt.Errorf("variant %q: 13.3 turns walls and/or hedges into cactus hedges (cactus-hedge:walls,hedges)", s)
			}
		}
	case "cactus-patch":
		v.CactusPatch = true
	case "olive-grove":
		v.OliveGrove = true
	case "vineyard":
		for _, h := range strings.Split(arg, ",") {
			if _, err := ParseLabel(h); err != nil {
				return fmt.Errorf("variant %q: %v", s, err)
			}
			v.Vineyards = append(v.Vineyards, strings.TrimSpace(h))
		}
	default:
		return fmt.Errorf("variant %q: unknown (broken, steppe, cactus-hedge, cactus-patch, olive-grove, vineyard:HEX,...)", s)
	}
	if v.Broken && v.Steppe {
		return fmt.Errorf("variant %q: Broken (13.1) and Steppe (13.2) terrain exclude each other", s)
	}
	if v.CactusPatch && v.OliveGrove {
		return fmt.Errorf("variant %q: orchards cannot be both cactus patches (13.4) and olive groves (13.5)", s)
	}
	return nil
}

// Names lists the variants in force, for display.
func (v Variants) Names() []string {
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{{v.Broken, "broken"}, {v.Steppe, "steppe"}, {v.CactusHedge && !v.CactusWall, "cactus-hedge"},
		{v.CactusWall && !v.CactusHedge, "cactus-hedge:walls"}, {v.CactusWall && v.CactusHedge, "cactus-hedge:walls,hedges"},
		{v.CactusPatch, "cactus-patch"}, {v.OliveGrove, "olive-grove"}} {
		if x.on {
			out = append(out, x.name)
		}
	}
	if len(v.Vineyards) > 0 {
		out = append(out, "vineyard:"+strings.Join(v.Vineyards, ","))
	}
	return out
}

func (m *Map) hasE1() bool {
	for _, p := range m.overlays {
		if p.ID == "E1" {
			return true
		}
	}
	return false
}

// applyVariants rewrites terrain per the SSR variants in force.
func (m *Map) applyVariants() {
	v := m.variants
	e1 := m.hasE1()
	wasHammada := make([]bool, len(m.cells))
	for i := range m.cells {
		c := &m.cells[i]
		if !c.present {
			continue
		}
		t := &c.t
		// 12.52: with the escarpment in play board 25's brush counts as scrub.
		if e1 && !v.Broken && t.Cover == Brush && c.overlay < 0 && m.places[c.board[0]].ID == "25" {
			t.Cover, t.Flags = Desert, t.Flags|Scrub
		}
		if v.Broken || v.Steppe {
			// 12.421: D6's sand hex is plain open ground under either.
			if c.overlay >= 0 && m.overlays[c.overlay].ID == "D6" {
				t.Flags &^= Sand
			}
		}
		switch {
		case v.Broken:
			if t.Flags&Scrub != 0 {
				t.Flags &^= Scrub
				t.Cover = Brush
			}
			if t.Flags&Hammada != 0 {
				t.Flags &^= Hammada
				t.Cover = Crag
				wasHammada[i] = true
			}
		case v.Steppe:
			if t.Flags&Hammada != 0 {
				t.Flags &^= Hammada
				t.Cover = Brush
			}
			if t.Flags&Scrub != 0 {
				t.Flags &^= Scrub
				t.Cover = Woods
			}
		}
		switch {
		case v.CactusPatch && t.Cover == Orchard:
			t.Cover = CactusPatch
		case v.OliveGrove && t.Cover == Orchard:
			t.Cover = OliveGrove
		}
	}
	if v.Broken {
		// 13.1: non-wadi open ground next to a former hammada (now crag) hex.
		var broken []int
		for K := 0; K < m.cols; K++ {
			for N := 0; N < m.rows; N++ {
				i := m.index(K, N)
				t := m.cells[i].t
				if !m.cells[i].present || !t.Cover.IsOpenGround() || t.Flags&(Wadi|Sand|Scrub|Hammada) != 0 {
					continue
				}
				for _, n := range hexAt(K, N).Neighbors() {
					if j := m.cellOf(n); j >= 0 && wasHammada[j] {
						broken = append(broken, i)
						break
					}
				}
			}
		}
		for _, i := range broken {
			m.cells[i].t.Cover = BrokenGround
		}
	}
	// 13.3: the SSR's walls and/or hedges become cactus hedges; a wall so
	// turned is a hedge from then on (every hedge rule applies to it).
	for s := range m.sides {
		f := m.sides[s]
		if v.CactusWall && f&SideWall != 0 {
			f = f&^SideWall | SideHedge | SideCactus
		}
		if v.CactusHedge && f&SideHedge != 0 {
			f |= SideCactus
		}
		m.sides[s] = f
	}
	for _, lab := range v.Vineyards {
		if h, err := m.Hex(lab); err == nil {
			if i := m.cellOf(h); i >= 0 {
				m.cells[i].t.Cover = Vineyard
			}
		}
	}
}
