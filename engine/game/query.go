package game

import (
	"fmt"

	"khamsin/engine/move"
	"khamsin/hexmap"
)

// Queries the window and the computer opponent ask before they commit a
// command. They never change the game, and they answer only what the side
// to act may know.

// ReachHex is one hex a base can move to now and what it costs.
type ReachHex struct {
	Hex  string   `json:"hex"`
	Cost move.MP  `json:"cost"`
	Path []string `json:"path"`
}

// MoveOptions lists every hex the acting side's base may move to with a
// "move" command now, with its MF/MP cost and path (each also in Legal).
func (g *Game) MoveOptions(baseID string) ([]ReachHex, error) {
	b, err := g.ownBase(baseID, g.Actor)
	if err != nil {
		return nil, err
	}
	a, err := g.cachedArea(b)
	if err != nil {
		return nil, err
	}
	var out []ReachHex
	for _, c := range g.baseCommands(b, "move", 0) {
		var id, label string
		fmt.Sscanf(c, "move %s %s", &id, &label)
		h, err := g.Map.Hex(label)
		if err != nil {
			continue
		}
		cost, _ := a.Cost(h)
		p := a.Path(h)
		path := []string{g.Label(p.From)}
		for _, ac := range p.Actions {
			path = append(path, g.Label(ac.Hex))
		}
		out = append(out, ReachHex{Hex: label, Cost: cost, Path: path})
	}
	return out, nil
}

// ShotOdds answers "what if base fires at target" for the side to act.
func (g *Game) ShotOdds(baseID, targetID string) (ShotOdds, error) {
	b, err := g.ownBase(baseID, g.Actor)
	if err != nil {
		return ShotOdds{}, err
	}
	t, err := g.enemyBase(targetID, g.Actor)
	if err != nil {
		return ShotOdds{}, err
	}
	return g.Odds(b, t)
}

// HexOf reads a hex label on the game's map.
func (g *Game) HexOf(label string) (hexmap.Hex, error) { return g.Map.Hex(label) }
