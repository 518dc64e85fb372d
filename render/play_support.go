package render

import (
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/render/ui"
)

// Fire support in the window: artillery (call, adjust, range, ffe;
// §10.15–.18) and Close Air Support (designate, strike; 14.9). Like every
// other order they come from `game legal`: a command that ends in a hex
// becomes a button that arms a hex mode ("call A9 RA" waits for a hex),
// and a click on a hex the legal list names for it gives the order.

// hexModePrefix marks a mode that waits for a hex: the mode is the prefix
// plus the command without its hex.
const hexModePrefix = "hex:"

// supportVerbs are the fire-support commands that end in a hex, and the
// button label for each.
var supportVerbs = map[string]string{"call": "Call", "adjust": "Adjust", "designate": "Designate", "strike": "Strike"}

// hexCommands groups legal commands of verb by everything but their last
// field (the hex), in the legal list's order. owner, if not "", keeps
// only commands whose second field is owner.
func hexCommands(legal []string, verb, owner string) (prefixes []string, hexes map[string][]string) {
	hexes = map[string][]string{}
	for _, c := range legal {
		f := strings.Fields(c)
		if len(f) < 3 || f[0] != verb || (owner != "" && f[1] != owner) {
			continue
		}
		p := strings.Join(f[:len(f)-1], " ")
		if _, ok := hexes[p]; !ok {
			prefixes = append(prefixes, p)
		}
		hexes[p] = append(hexes[p], f[len(f)-1])
	}
	return prefixes, hexes
}

// supportButtons lists the fire-support buttons: for the selected unit
// (its calls, adjustments and designations), and for the side (ranging,
// fire for effect, air strikes, and calls by observers not on the map,
// such as observation aircraft).
func (s *PlayScene) supportButtons(add func(label, key string, run func(), on bool)) {
	hexMode := func(verb, prefix string) {
		f := strings.Fields(prefix)
		label := supportVerbs[verb] + " " + f[len(f)-1] + "…"
		if verb != "strike" && s.units[f[1]].ID == "" {
			label = supportVerbs[verb] + " " + f[len(f)-1] + " (" + f[1] + ")…"
		}
		m := hexModePrefix + prefix
		add(label, "", func() { s.toggleMode(m) }, s.mode == m)
	}
	for _, verb := range []string{"call", "adjust", "designate"} {
		if s.selUnit != "" {
			ps, _ := hexCommands(s.legal, verb, s.selUnit)
			for _, p := range ps {
				hexMode(verb, p)
			}
		}
		// observers with no counter of theirs on the map (aircraft)
		ps, _ := hexCommands(s.legal, verb, "")
		for _, p := range ps {
			if f := strings.Fields(p); s.units[f[1]].ID == "" {
				hexMode(verb, p)
			}
		}
	}
	ps, _ := hexCommands(s.legal, "strike", "")
	for _, p := range ps {
		hexMode("strike", p)
	}
	for _, c := range s.legal {
		f := strings.Fields(c)
		switch {
		case len(f) == 2 && f[0] == "range":
			add("Range "+f[1], "", func() { s.do(c, nil) }, false)
		case len(f) == 2 && f[0] == "ffe":
			add("Fire "+f[1]+" (FFE)", "", func() { s.do(c, nil) }, false)
		case len(f) == 3 && f[0] == "ffe" && f[2] == "smoke":
			add("Smoke "+f[1]+" (FFE)", "", func() { s.do(c, nil) }, false)
		}
	}
}

// hexModeCommand is the command a click on label gives in the current hex
// mode, or "" when the mode is not a hex mode or label is not legal for it.
func (s *PlayScene) hexModeCommand(label string) string {
	prefix, ok := strings.CutPrefix(s.mode, hexModePrefix)
	if !ok || label == "" {
		return ""
	}
	c := prefix + " " + label
	if !slices.Contains(s.legal, c) {
		return ""
	}
	return c
}

// hexModeTargets lists the hexes the current hex mode may be given.
func (s *PlayScene) hexModeTargets() []string {
	prefix, ok := strings.CutPrefix(s.mode, hexModePrefix)
	if !ok {
		return nil
	}
	f := strings.Fields(prefix)
	_, hexes := hexCommands(s.legal, f[0], "")
	return hexes[prefix]
}

var (
	supportFill = color.NRGBA{220, 70, 40, 40}
	supportEdge = color.NRGBA{200, 50, 30, 150}
)

// drawHexMode outlines the hexes the armed fire-support order may take.
func (s *PlayScene) drawHexMode(dst *ebiten.Image) {
	hs := s.board.Pix.Size * s.board.Cam.Scale()
	for _, label := range s.hexModeTargets() {
		h, err := s.g.HexOf(label)
		if err != nil {
			continue
		}
		p := s.hexPath(h, 0.94)
		ui.FillPath(dst, p, supportFill)
		ui.StrokePath(dst, p, math.Max(1, hs*0.03), supportEdge)
	}
}
