package move

import (
	"fmt"
	"strconv"
	"strings"

	"khamsin/hexmap"
)

// ActionKind is one thing a unit does while moving.
type ActionKind uint8

const (
	Enter   ActionKind = iota // enter an adjacent hex
	Bypass                    // Vehicular Bypass Movement into an adjacent hex along one of its hexsides (F.2)
	Start                     // a vehicle's Start MP (F.2)
	Stop                      // a vehicle's Stop MP (F.2A "Start/Stop MP")
	VCA                       // change a vehicle's VCA by hexspines (F.2)
	Uncrest                   // infantry leave Crest status within their hex (6.11)
)

var actionNames = [6]string{"enter", "bypass", "start", "stop", "vca", "uncrest"}

func (a ActionKind) String() string { return actionNames[a%6] }

// MarshalText spells the action for JSON.
func (a ActionKind) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// Action is one element of a path.
type Action struct {
	Kind   ActionKind
	Hex    hexmap.Hex // Enter, Bypass: the hex entered
	Along  hexmap.Hex // Bypass: the other hex of the hexside moved along
	Turn   int        // VCA: hexspines, clockwise positive
	Double bool       // Enter: spend twice the MP needed (3.31's DRM)
}

// Path is where a unit starts and what it does, in order.
type Path struct {
	From hexmap.Hex
	// Crest: the unit starts in Crest status in From (6.0), its crest
	// counter's middle hexside facing Front. Entering a hex across the
	// crest front leaves "as from an entrenchment"; any other move first
	// leaves Crest status within the hex (6.11), which Walk adds itself
	// when the path does not say "uncrest".
	Crest   bool
	Front   hexmap.Dir
	Actions []Action
}

// ParsePath reads the move command's path: comma-separated tokens, the
// first the hex the unit starts in, then any of
//
//	25C7          enter an adjacent hex
//	double:25C7   enter it spending twice the MP needed (3.31)
//	vbm:25A6-B5   bypass into A6 along its hexside with B5 (F.2)
//	start, stop   a vehicle's Start or Stop MP
//	vca:-2        change VCA two hexspines counterclockwise (+ clockwise)
//	uncrest       leave Crest status within the hex (6.11)
func ParsePath(m *hexmap.Map, s string) (Path, error) {
	var toks []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			toks = append(toks, t)
		}
	}
	if len(toks) < 1 {
		return Path{}, fmt.Errorf("path: empty (expected e.g. 25C6,25C7)")
	}
	from, err := pathHex(m, toks[0])
	if err != nil {
		return Path{}, fmt.Errorf("%v (the path begins with the hex the unit starts in)", err)
	}
	p := Path{From: from}
	cur := from
	for _, t := range toks[1:] {
		verb, arg, hasArg := strings.Cut(t, ":")
		verb = strings.ToLower(verb)
		var a Action
		switch {
		case !hasArg && verb == "start":
			a.Kind = Start
		case !hasArg && verb == "stop":
			a.Kind = Stop
		case !hasArg && verb == "uncrest":
			a.Kind = Uncrest
		case hasArg && verb == "vca":
			n, err := strconv.Atoi(strings.TrimPrefix(arg, "+"))
			if err != nil || n == 0 || n < -3 || n > 3 {
				return Path{}, fmt.Errorf("path: %q: expected vca:+N or vca:-N with N from 1 to 3 hexspines", t)
			}
			a = Action{Kind: VCA, Turn: n}
		case hasArg && verb == "vbm":
			one, two, err := hexmap.ParsePlacementHexes(strings.ToUpper(arg))
			if err != nil || two == nil {
				return Path{}, fmt.Errorf("path: %q: expected vbm:HEX-HEX, the bypassed hex first (vbm:25A6-B5)", t)
			}
			x, err := pathHex(m, one.String())
			if err != nil {
				return Path{}, err
			}
			y, err := pathHex(m, two.String())
			if err != nil {
				return Path{}, err
			}
			a = Action{Kind: Bypass, Hex: x, Along: y}
		case hasArg && verb == "double":
			h, err := pathHex(m, arg)
			if err != nil {
				return Path{}, err
			}
			a = Action{Kind: Enter, Hex: h, Double: true}
		case !hasArg:
			h, err := pathHex(m, t)
			if err != nil {
				return Path{}, err
			}
			a = Action{Kind: Enter, Hex: h}
		default:
			return Path{}, fmt.Errorf("path: %q: unknown step (use HEX, double:HEX, vbm:HEX-HEX, start, stop, vca:±N, uncrest)", t)
		}
		if err := checkAction(m, cur, a); err != nil {
			return Path{}, err
		}
		if a.Kind == Enter || a.Kind == Bypass {
			cur = a.Hex
		}
		p.Actions = append(p.Actions, a)
	}
	return p, nil
}

func pathHex(m *hexmap.Map, s string) (hexmap.Hex, error) {
	h, err := m.Hex(strings.ToUpper(strings.TrimSpace(s)))
	if err != nil {
		return h, fmt.Errorf("path: %v", err)
	}
	if !m.Contains(h) {
		return h, fmt.Errorf("path: hex %s is not on the map", s)
	}
	return h, nil
}

// checkAction reports a path step that cannot be followed at all: a hex not
// next to the unit, a bypass along a hexside that does not touch its hex.
func checkAction(m *hexmap.Map, cur hexmap.Hex, a Action) error {
	switch a.Kind {
	case Enter:
		if _, ok := cur.DirTo(a.Hex); !ok {
			return fmt.Errorf("path: %s is not adjacent to %s", m.Label(a.Hex), m.Label(cur))
		}
	case Bypass:
		_, okX := cur.DirTo(a.Hex)
		_, okY := cur.DirTo(a.Along)
		_, okXY := a.Hex.DirTo(a.Along)
		if !okX || !okY || !okXY {
			return fmt.Errorf("path: bypass %s-%s: both hexes must be adjacent to %s and to each other", m.Label(a.Hex), m.Label(a.Along), m.Label(cur))
		}
	}
	return nil
}
