package design

import (
	"fmt"

	"khamsin/engine/dice"
	"khamsin/engine/dyo"
	"khamsin/hexmap"
)

// PlaceRandom runs the random DYO placement of 12.3–12.42 on the map as
// the text has it (its boards, its North, its overlays placed by SSR
// first) with dice seed seed, and appends the overlays it places to [map]
// overlays as SSR lines: one undoable edit. The Placement it returns
// holds every roll and note, for the designer to show; re-rolling is
// Undo and PlaceRandom with another seed. rerollOffMap is 12.33's option
// of rerolling an overlay that hangs off the playing area.
func (d *Doc) PlaceRandom(seed uint64, rerollOffMap bool) (*dyo.Placement, error) {
	lib, err := hexmap.Builtin()
	if err != nil {
		return nil, err
	}
	layout, err := hexmap.ParseLayout(d.GetString(mapTable(), "boards"))
	if err != nil {
		return nil, err
	}
	north := hexmap.NorthUp
	if n := d.GetString(mapTable(), "north"); n != "" {
		if north, err = hexmap.ParseNorth(n); err != nil {
			return nil, err
		}
	}
	var fixed []hexmap.OverlaySpec
	for i, s := range d.Overlays() {
		spec, err := hexmap.ParseOverlaySpec(s)
		if err != nil {
			return nil, fmt.Errorf("overlay %d: %v", i+1, err)
		}
		fixed = append(fixed, spec)
	}
	p, err := dyo.PlaceRandom(lib, layout, dice.New(seed), dyo.Options{North: north, RerollOffMap: rerollOffMap, Overlays: fixed})
	if err != nil {
		return nil, err
	}
	if len(fixed)+len(p.Specs) > hexmap.MaxOverlays {
		return nil, fmt.Errorf("the map would have %d overlays; the limit is %d", len(fixed)+len(p.Specs), hexmap.MaxOverlays)
	}
	err = d.Do(fmt.Sprintf("random placement (seed %d)", seed), func() error {
		for _, s := range p.Specs {
			if err := d.AddElem(mapTable(), "overlays", s.String()); err != nil {
				return err
			}
		}
		return nil
	})
	return p, err
}
