package game

import (
	"fmt"
	"strings"

	"khamsin/engine/combat"
	"khamsin/engine/dice"
)

// Event is one line of the game's log: what happened, under which rule,
// and for a die roll every modifier and the outcome.
type Event struct {
	Seq  int    `json:"seq"`
	Turn int    `json:"turn"`
	Cmd  int    `json:"cmd"` // the command (1-based) that caused it; 0 for the game's own steps at New
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
	Roll *Roll  `json:"roll,omitempty"`
	// Private is the ID of the only side that may see the event (a hidden
	// unit's own doings), or "" when both may (§6A views).
	Private string `json:"-"`
}

// Roll is one die roll in the log.
type Roll struct {
	Dice   string       `json:"dice"` // "d10", "d6", "2d6"
	Faces  []int        `json:"faces"`
	Mods   []combat.Mod `json:"mods,omitempty"`
	Final  int          `json:"final"`
	Result string       `json:"result"`
	Table  string       `json:"table,omitempty"`
}

func (e Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "T%d #%d %s", e.Turn, e.Seq, e.Text)
	if e.Roll != nil {
		r := e.Roll
		fmt.Fprintf(&b, " [%s", r.Dice)
		for _, f := range r.Faces {
			fmt.Fprintf(&b, " %d", f)
		}
		for _, m := range r.Mods {
			if m.Rule == "" || strings.TrimPrefix(e.Rule, "§") == m.Rule {
				fmt.Fprintf(&b, ", %s %+d", m.What, m.N)
			} else {
				fmt.Fprintf(&b, ", %s %+d (%s)", m.What, m.N, m.Rule)
			}
		}
		fmt.Fprintf(&b, " = %d: %s]", r.Final, r.Result)
	}
	if e.Rule != "" {
		fmt.Fprintf(&b, " (%s)", e.Rule)
	}
	return b.String()
}

// log appends an event seen by both sides.
func (g *Game) log(rule, format string, a ...any) *Event {
	g.Events = append(g.Events, Event{Seq: len(g.Events) + 1, Turn: g.Turn, Cmd: len(g.Cmds), Text: fmt.Sprintf(format, a...), Rule: rule})
	e := &g.Events[len(g.Events)-1]
	if g.hush > 0 {
		e.Private = g.Sides[g.hush-1].ID // hushed: about a base the other side cannot see
	}
	return e
}

// logFor appends an event only side may see when private is true.
func (g *Game) logFor(private bool, side int, rule, format string, a ...any) *Event {
	e := g.log(rule, format, a...)
	if private {
		e.Private = g.Sides[side].ID
	}
	return e
}

// throw rolls a d10 on table t for why, logs it, and returns the band.
func (g *Game) throw(t combat.Test, private bool, side int, why string) (combat.Band, int) {
	r := g.dice.D10(t.Rule + " " + why)
	band := t.Result(r.Colored)
	res := combat.Effect(t, band)
	switch {
	case t.Table == combat.TableOrders:
		res = fmt.Sprintf("%d Orders", combat.OrdersFor(t.Final(r.Colored)))
	case res == "":
		res = fmt.Sprintf("score %d", t.Final(r.Colored))
	}
	e := g.logFor(private, side, cite002(t.Rule), "%s: %s", why, t.Table)
	e.Roll = &Roll{Dice: "d10", Faces: []int{r.Colored}, Mods: t.Mods, Final: t.Final(r.Colored), Result: res, Table: t.Table}
	return band, t.Final(r.Colored)
}

// d6 throws one d6 for why and logs it.
func (g *Game) d6(rule, why string) int {
	r := g.dice.Dr(rule + " " + why)
	e := g.log(rule, "%s", why)
	e.Roll = &Roll{Dice: "d6", Faces: []int{r.Colored}, Final: r.Colored, Result: fmt.Sprint(r.Colored)}
	return r.Colored
}

// d6For throws one d6 for why, logged privately when private is true.
func (g *Game) d6For(private bool, side int, rule, why string) int {
	r := g.dice.Dr(rule + " " + why)
	e := g.logFor(private, side, rule, "%s", why)
	e.Roll = &Roll{Dice: "d6", Faces: []int{r.Colored}, Final: r.Colored, Result: fmt.Sprint(r.Colored)}
	return r.Colored
}

// twoD6 throws 2d6 for why and logs it.
func (g *Game) twoD6(private bool, side int, rule, why string) int {
	r := g.dice.DR(rule + " " + why)
	e := g.logFor(private, side, rule, "%s", why)
	e.Roll = &Roll{Dice: "2d6", Faces: []int{r.Colored, r.White}, Final: r.Total(), Result: fmt.Sprint(r.Total())}
	return r.Total()
}

// logDiceRoll records a roll another package threw through the game's
// roller (the bog and immobilization checks of engine/move).
func (g *Game) logDiceRoll(private bool, side int, rule, text string, r dice.Roll, mods []combat.Mod, final int, result string) {
	e := g.logFor(private, side, rule, "%s", text)
	faces := []int{r.Colored}
	if r.Kind == dice.DR2 {
		faces = append(faces, r.White)
	}
	e.Roll = &Roll{Dice: r.Kind.String(), Faces: faces, Mods: mods, Final: final, Result: result}
}

// cite002 marks a seed-002 table number with § (docs/rules.md: its
// numbers collide with the desert chapter's); named tables stay as named.
func cite002(rule string) string {
	if rule != "" && rule[0] >= '0' && rule[0] <= '9' {
		return "§" + rule
	}
	return rule
}
