package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
)

// WriteText prints the review for people: the result, the turning
// points, each side's Break Point and losses by turn, and its costliest
// decisions. Everything that came from the save is escaped for the
// terminal (fileio.Escape).
func (r *Review) WriteText(w io.Writer) {
	e := fileio.Escape
	fmt.Fprintf(w, "%s (%s, seed %d)\n%s\n", e(r.Title), e(r.Scenario), r.Seed, e(r.Result))
	fmt.Fprintf(w, "%d commands over %d turns. Evaluation: %s;\n+1 is a sure %s win, −1 a sure %s win.\n",
		r.Commands, r.Turns, r.Evaluator, r.Sides[0].ID, r.Sides[1].ID)

	fmt.Fprintf(w, "\nTurning points (the commands that moved the expected result most; an objective scored at the turn's end counts for the command that took it)\n")
	if len(r.Turning) == 0 {
		fmt.Fprintln(w, "  none: no command moved it")
	}
	for _, t := range r.Turning {
		fmt.Fprintf(w, "  #%d turn %d, %s: %s   %+.2f → %+.2f (%s for %s)\n", t.N, t.Turn, t.Side, e(t.Command), t.Before, t.After, signed(t.Swing), t.Side)
		for _, h := range t.Held {
			fmt.Fprintf(w, "      objective: %s\n", e(h))
		}
		if t.Why != "" {
			fmt.Fprintf(w, "      why: %s\n", e(ai.Readable(t.Why)))
		}
		for i, ev := range t.Events {
			if i == 4 {
				fmt.Fprintf(w, "      … %d more events\n", len(t.Events)-i)
				break
			}
			fmt.Fprintf(w, "      %s\n", e(ev))
		}
	}

	fmt.Fprintf(w, "\nBreak Point and losses by turn (16.12)\n")
	fmt.Fprintf(w, "  break point: what is left of it at the turn's end (a unit lost or Weakened, an objective of the side's held by the enemy, takes it down);\n  lost: bases knocked out, routed or surrendered in the turn, passengers included (in all: so far)\n")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	head := []string{"  turn"}
	for _, s := range r.Sides {
		head = append(head, s.ID+" break point", "bases lost")
		if r.ScoresDVP {
			head = append(head, "DVP (F.3)")
		}
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for i := range r.Sides[0].ByTurn {
		row := []string{fmt.Sprintf("  %d", r.Sides[0].ByTurn[i].Turn)}
		for _, s := range r.Sides {
			l := s.ByTurn[i]
			row = append(row, fmt.Sprintf("%d of %d", l.BreakPoint, s.BreakStart), fmt.Sprintf("%d (%d in all)", l.Lost, l.LostTotal))
			if r.ScoresDVP {
				row = append(row, fmt.Sprint(l.DVP))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()

	fmt.Fprintf(w, "\nThe costliest decisions below were each played on with their best alternatives, the veteran moving both sides, to the end of the enemy's reply.\n")
	for _, s := range r.Sides {
		fmt.Fprintf(w, "\nCostliest decisions: %s (%s)\n", s.ID, e(s.Name))
		if len(s.Costliest) == 0 {
			fmt.Fprintln(w, "  none found: no alternative did better through the enemy's reply")
		}
		for _, d := range s.Costliest {
			fmt.Fprintf(w, "  #%d turn %d: %s   left it at %+.2f after the enemy's reply\n", d.N, d.Turn, e(d.Command), d.Value)
			if d.Why != "" {
				fmt.Fprintf(w, "      why: %s\n", e(ai.Readable(d.Why)))
			}
			fmt.Fprintf(w, "      better: %s → %+.2f (%s better; %s)\n", e(d.Alternative), d.AltValue, signed(d.Cost), d.Tries())
		}
	}
}

func signed(x float64) string { return fmt.Sprintf("%+.2f", x) }

// Tries says how a decision's alternative was found: how many were tried
// one step on, and how many of the best played on through the reply.
func (d Decision) Tries() string {
	return fmt.Sprintf("the best of %d played through the reply, of %d alternatives tried one step on", d.Replied, d.Tried)
}
