package game

// BatteryView is a battery as a side sees it: its own in full; the
// enemy's only while its aim point token is on the map.
type BatteryView struct {
	ID        string `json:"id"`
	Side      string `json:"side"`
	Name      string `json:"name,omitempty"`
	Bases     int    `json:"bases,omitempty"`
	Radius    int    `json:"ffe_radius,omitempty"`
	OnTable   bool   `json:"on_table,omitempty"`
	Activated bool   `json:"activated,omitempty"`
	Aim       string `json:"aim_point,omitempty"`
	Ranged    bool   `json:"ranged,omitempty"`
	Smoke     bool   `json:"smoke_rounds,omitempty"`
}

// AircraftView is an observation aircraft: the enemy sees it overhead.
type AircraftView struct {
	ID        string `json:"id"`
	Side      string `json:"side"`
	Name      string `json:"name"`
	Overhead  bool   `json:"overhead"`
	Activated bool   `json:"activated,omitempty"`
	Gone      string `json:"gone,omitempty"`
}

// artView adds the fire-support part of side's view (-1: the umpire).
func (g *Game) artView(v *View, side int) {
	for _, bt := range g.art.Batteries {
		own := side < 0 || bt.Side == side
		if !own && !bt.Aimed {
			continue
		}
		bv := BatteryView{ID: bt.ID, Side: g.sides[bt.Side].ID}
		if bt.Aimed {
			bv.Aim, bv.Ranged = g.Label(bt.Aim), bt.Ranged
		}
		if own {
			bv.Name, bv.Bases, bv.Radius, bv.OnTable, bv.Activated, bv.Smoke = bt.Name, g.batteryBases(bt), g.FFERadius(bt), bt.Unit != nil, bt.unitOf().Activated, bt.SmokeOK
		}
		v.Batteries = append(v.Batteries, bv)
	}
	for _, a := range g.art.Aircraft {
		if side >= 0 && a.Side != side && !g.flying(a) {
			continue
		}
		v.Aircraft = append(v.Aircraft, AircraftView{ID: a.ID, Side: g.sides[a.Side].ID, Name: a.Name, Overhead: g.flying(a), Activated: a.stand.Activated, Gone: a.Gone})
	}
	if len(g.art.FFEDust) > 0 {
		v.FFEDust = g.labels(g.art.FFEDust)
	}
}

// artHash is the fire-support state the umpire's view does not already
