package move

import (
	"khamsin/engine/climate"
	"khamsin/hexmap"
)

// Conditions are what the scenario and the climate add to a map for
// movement. The zero value is Moderate EC, no mud, no dust, no tracks.
// Another package (engine/climate) decides whether a density can exist;
// here it is taken as given.
type Conditions struct {
	EC   climate.EC   // 7.3 and 7.31: Wet or Mud EC lower sand costs and the Sand Bog DR
	Mud  bool         // mud exists (11.8); also implied by Mud EC
	Dust climate.Dust // prevailing density: Heavy +1 per hex (11.73), Very Heavy +1 more for a BU AFV (11.731)
	// NoVehicleDust: Heavy Wind or Gusts (11.74) or rain (11.77) stop
	// Vehicle Dust being raised.
	NoVehicleDust bool
	// Tracks are the SSR tracks (9.1), each a chain of adjacent hexes from
	// one Track counter to the other.
	Tracks []Track
	// Sangars on the map (8.5).
	Sangars []Sangar
	// Smoke lists the hexes holding SMOKE: +1 MF/MP to enter, a cost a
	// track does not lower (9.1; the figure is the one the 9.2 and 11.74
	// examples use).
	Smoke []hexmap.Hex
	// Vehicles are the other vehicles and wrecks on the map. Only 5.3 prices
	// them: passing them along a wadi.
	Vehicles []Vehicle
	// Obstacles are the fixed defences on the map (seed 002's Linear Fixed
	// Defences, one per hex): who may enter and at what cost (obstacle.go).
	Obstacles []Obstacle
	// Blocked are hexes made impassable in the battle: burning ruins and
	// destroyed bridges (blocked.go).
	Blocked []Blocked
}

// Vehicle is a vehicle or a wreck that another vehicle may have to pass
// (5.3). Small marks a motorcycle or a vehicle with a +2 size modifier
// (a Jeep): those may be passed in a wadi.
type Vehicle struct {
	Hex   hexmap.Hex
	Wreck bool
	Small bool
}

// Track is one SSR track (9.1): adjacent hexes in order. Moving between
// two consecutive hexes crosses a track hexside: that is "following" it.
type Track []hexmap.Hex

// Sangar is a sangar counter (8.5). Trench marks one with a trench
// Accessible to it (8.6), which doubles the hex's COT for vehicles.
type Sangar struct {
	Hex    hexmap.Hex
	Trench bool
}

func (c Conditions) wetSand() bool { return c.EC <= climate.ECWet }

func (c Conditions) mud() bool { return c.Mud || c.EC == climate.ECMud }
