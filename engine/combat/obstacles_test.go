package combat

import "testing"

// 13.4 Vehicles crushing Barbed Wire: three bands (6+ crosses and the
// wire saves, 2–5 crosses, 1 or less entangled and Pinned); the rows are
// our decision (TQ and an attached officer, as the Engineering Test).
func TestTable13_4CrushWire(t *testing.T) {
	r := "13.4"
	checkRows(t, TableCrushWire, true, []row{
		{"TQ", CrushWire(1, nil), []Mod{m("TQ", 1, r)}},
		{"officer", CrushWire(0, Plus(2)), []Mod{m("TQ", 0, r), m(WhatOfficer, 2, r)}},
	})
	checkOutcomes(t, threeBand(CrushWire(0, nil), CrushWire(-1, nil)))
	for band, want := range map[Band]string{Success: "crosses; the wire saves against the vehicle's size", Middle: "crosses; no effect on the wire", Failure: "tracks entangled: the vehicle is pinned in the wire"} {
		if got := Effect(CrushWire(0, nil), band); got != want {
			t.Errorf("%s: %q, want %q", band, got, want)
		}
	}
}
