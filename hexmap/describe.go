package hexmap

import (
	"fmt"
	"strings"
)

// HexInfo is what a hex holds, as `khamsin hex` prints it and the viewer's
// status line shows it: one source for both.
type HexInfo struct {
	Hex      string              `json:"hex"`
	Aliases  []string            `json:"aliases,omitempty"` // other names of a board-seam hex
	Level    float64             `json:"level"`             // where a unit on the ground stands (wadi floor, hillock top)
	Base     float64             `json:"base_level"`        // the hex's base level
	Terrain  []string            `json:"terrain"`           // cover first, then features
	Overlay  *string             `json:"overlay"`           // covering overlay ID or null
	Hexsides map[string][]string `json:"hexsides"`          // neighbour label → features of the shared hexside
}

// Describe gathers what h holds. Hexsides without features are left out.
func (m *Map) Describe(h Hex) HexInfo {
	t := m.Terrain(h)
	names := m.Labels(h)
	info := HexInfo{
		Hex:      names[0],
		Aliases:  names[1:],
		Level:    float64(t.Ground()) / 2,
		Base:     float64(t.Base) / 2,
		Terrain:  t.Words(),
		Hexsides: map[string][]string{},
	}
	if id := m.OverlayAt(h); id != "" {
		info.Overlay = &id
	}
	for d := Dir(0); d < 6; d++ {
		n := h.Neighbor(d)
		f := m.Side(h, d)
		if !m.Contains(n) {
			continue
		}
		words := f.Names()
		// A wall or hedge between different base levels is a hillside one (10.1).
		if f&(SideWall|SideHedge) != 0 && m.Terrain(n).Base != t.Base {
			words = append(words, "hillside")
		}
		if len(words) > 0 {
			info.Hexsides[m.Label(n)] = words
		}
	}
	return info
}

// Summary is the one-line form of HexInfo used by the viewer's status line.
func (i HexInfo) Summary() string {
	var b strings.Builder
	b.WriteString(i.Hex)
	if len(i.Aliases) > 0 {
		b.WriteString(" (" + strings.Join(i.Aliases, ", ") + ")")
	}
	fmt.Fprintf(&b, "  %s, level %s", strings.Join(summaryWords(i.Terrain), " "), FormatLevel(int(i.Level*2)))
	if i.Base != i.Level {
		fmt.Fprintf(&b, " (base %s)", FormatLevel(int(i.Base*2)))
	}
	if i.Overlay != nil {
		b.WriteString("  overlay " + *i.Overlay)
	}
	if len(i.Hexsides) > 0 {
		keys := make([]string, 0, len(i.Hexsides))
		for k := range i.Hexsides {
			keys = append(keys, k)
		}
		sortLabels(keys)
		parts := make([]string, len(keys))
		for j, k := range keys {
			parts[j] = shortLabel(i.Hex, k) + ": " + strings.Join(i.Hexsides[k], " ")
		}
		b.WriteString("  sides " + strings.Join(parts, "; "))
	}
	return b.String()
}

// summaryWords are a hex's terrain words as a player reads them: the
// Chapter-B open ground of board 25's hills (F.2A) is "hill", the word the
// map shows, not "open" (the JSON keeps the cover's name).
func summaryWords(words []string) []string {
	out := make([]string, len(words))
	for j, w := range words {
		if j == 0 && w == Open.String() {
			w = "hill"
		}
		out[j] = w
	}
	return out
}

// shortLabel drops the board number of other when it matches hex's.
func shortLabel(hex, other string) string {
	a, errA := ParseLabel(hex)
	b, errB := ParseLabel(other)
	if errA == nil && errB == nil && a.Board == b.Board {
		return b.Local.String()
	}
	return other
}

// sortLabels orders full labels by board, hexrow and number.
func sortLabels(ls []string) {
	key := func(s string) (string, int, int) {
		l, err := ParseLabel(s)
		if err != nil {
			return s, 0, 0
		}
		return l.Board, l.Col, l.N
	}
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0; j-- {
			b1, c1, n1 := key(ls[j-1])
			b2, c2, n2 := key(ls[j])
			if b1 < b2 || b1 == b2 && (c1 < c2 || c1 == c2 && n1 <= n2) {
				break
			}
			ls[j-1], ls[j] = ls[j], ls[j-1]
		}
	}
}
