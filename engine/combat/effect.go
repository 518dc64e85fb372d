package combat

import "strings"

// effects are each table's outcomes in our words: Success, Middle, Failure.
var effects = map[string][3]string{
	TableSpot:             {"the contact marker is revealed", "", "no effect"},
	TableDigIn:            {"dug in: concealed, cover save bonus 2", "", "no effect"},
	TableRally:            {"all Pinned markers removed", "", "no effect"},
	TableMorale:           {"carries on", "withdraws 2d6 hexes (surrenders if it cannot)", "routs or surrenders; attached command bases save (2.5)"},
	TableManHandle:        {"may turn and move up to 3 hexes, staying in command", "", "may not move"},
	TableDirectFire:       {"hit", "", "miss"},
	TableSniperHit:        {"hit", "", "miss"},
	TableSniperSave:       {"unaffected", "pinned", "pinned and the unit tests morale; a command base is killed"},
	TableCommandBaseSave:  {"unaffected", "pinned (killed or captured in a close assault)", "killed or captured"},
	TablePassengerSave:    {"disembarks or unlimbers", "disembarks or unlimbers, pinned", "knocked out"},
	TableOccupantSave:     {"no effect", "pinned", "knocked out; the unit takes a morale test"},
	TableAssaultHit:       {"hit", "", "no effect"},
	TableAssaultSave:      {"unaffected", "", "knocked out"},
	TableAssaultStructure: {"unaffected", "", "destroyed"},
	TableEngineering:      {"the obstacle saves (13.4) for each hit", "no progress", "the testing base is pinned"},
	TableEngineeringSave:  {"unaffected", "", "cleared"},
	TableMinefield:        {"hit: the base saves", "", "crosses safely"},
	TableMinefieldSave:    {"no effect, carries on", "pinned, does not enter", "knocked out"},
	TableCallForFire:      {"aim point placed", "", "no contact"},
	TableRanging:          {"on target", "", "deviates d6 hexes"},
	TableAdjusting:        {"adjusted", "", "no effect"},
	TableAreaFire:         {"hit", "", "no effect"},
	TableAirDesignate:     {"designated target token placed", "", "no effect"},
	TableAirAccuracy:      {"the attack is resolved", "", "inaccurate: resolved at a new location"},
	TableAirHit:           {"hit", "", "no effect"},
	TableAAFire:           {"hit: the aircraft takes a reaction test", "", "no effect"},
	TableAAReaction:       {"proceeds", "driven off until the end of the turn", "destroyed"},
}

// Effect names a test's outcome band in our words, for the event log
// ("hit", "pinned"). Tables without bands (7.2, 7.1) and unknown tables
// give "".
func Effect(t Test, b Band) string {
	if strings.HasPrefix(t.Table, TableShootingSave+", column ") && len(t.Table) == len(TableShootingSave)+len(", column ")+1 {
		c := saveColumnOf(t.Table)
		if c < 'A' || c > 'G' || b > Failure {
			return ""
		}
		return SaveEffect(c, b)
	}
	e, ok := effects[t.Table]
	if !ok || int(b) > 2 {
		return ""
	}
	return e[b]
}
