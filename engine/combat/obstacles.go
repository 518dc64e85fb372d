package combat

// TableCrushWire is seed 002's "Vehicles crushing Barbed Wire Effects".
const TableCrushWire = "13.4 Vehicles crushing Barbed Wire"

func init() {
	effects[TableCrushWire] = [3]string{"crosses; the wire saves against the vehicle's size", "crosses; no effect on the wire", "tracks entangled: the vehicle is pinned in the wire"}
}

// CrushWire is the roll a fully tracked vehicle or fully armoured
// half-track makes as it crosses barbed wire (13.4, Note 2). Seed 002
// gives its three bands but no modifiers; our decision (docs/rules.md) is
// the Engineering Test's own base rows: ± TQ and an unpinned attached
// officer's TQ. Success: the wire takes an Engineering Saving Throw with
// the vehicle's size as its demolition factor; Middle: no effect;
// Failure: the vehicle is pinned, entangled.
func CrushWire(tq int, officerTQ *int) Test {
	b := newTest(TableCrushWire, "13.4", true)
	b.tq(tq)
	b.officer(officerTQ)
	return b.done()
}
